"""The front door (docs/api.md): what `import paipu` offers, used as the docs say."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import paipu
from paipu.replay.options import OptionError

ROOT = Path(__file__).resolve().parent.parent
FOUR_HANDS = (ROOT / "samples" / "valid" / "zhuji" / "four-hands.paipu").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", ["api.md", "writing-a-ruleset.md"])
def test_every_example_of_the_page_runs_as_written(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


def test_teaching_notes_of_an_annotated_audit_reach_the_html() -> None:
    audit = paipu.audit(FOUR_HANDS, annotate=True)
    notes = [f for f in audit.findings if f.severity == "note"]
    assert len(notes) >= 10
    html = paipu.render_html(audit)
    for note in notes:
        assert note.message.replace("'", "&#39;") in html, note.message


def test_an_annotated_audit_and_its_report_are_one_replay_pass_each(monkeypatch: pytest.MonkeyPatch) -> None:
    from paipu.replay.engine import HandEngine

    calls: list[int] = []
    real = HandEngine.setup

    def counting(self: HandEngine) -> bool:
        calls.append(1)
        return real(self)

    monkeypatch.setattr(HandEngine, "setup", counting)
    audit = paipu.audit(FOUR_HANDS, annotate=True)
    assert len(calls) == len(paipu.parse(FOUR_HANDS).hands) == 4
    # The report of an audit already made replays its record once more, with the page's
    # observer (its teaching notes are the audit's, not worked out again); the report written
    # as the record is audited (`paipu report`) is the one pass.
    paipu.render_html(audit)
    assert len(calls) == 8
    from paipu.reports.render import write_record_report

    calls.clear()
    write_record_report(FOUR_HANDS, "four.paipu", "/dev/null", annotate=True)
    assert len(calls) == 4


def test_the_report_uses_the_options_the_audit_replayed_under() -> None:
    audit = paipu.audit(FOUR_HANDS, ruleset=paipu.get_ruleset("zhuji", min_tai=2))
    html = paipu.render_html(audit)
    assert audit.ruleset is not None and audit.ruleset.options.min_tai == 2
    assert "min_tai" in html


def test_get_ruleset_gives_an_object_with_typed_options() -> None:
    rs = paipu.get_ruleset("hebei", multi_win=False, reserve_fixed=12)
    assert rs.name == "hebei" and rs.options.multi_win is False and rs.options.reserve_fixed == 12
    with pytest.raises(OptionError, match="multi_win takes true or false"):
        paipu.get_ruleset("hebei", multi_win="maybe")
    with pytest.raises(KeyError, match="known rulesets"):
        paipu.get_ruleset("no-such-game")


def test_parse_raises_with_every_syntax_finding() -> None:
    with pytest.raises(paipu.RecordSyntaxError) as info:
        paipu.parse('[Ruleset "zhuji"]\nhand 1\nE discrad 5m\nE discard 9z\n')
    assert [(f.line, f.code) for f in info.value.findings] == [(3, "syntax"), (4, "bad-tile")]


def test_a_record_object_is_audited_like_its_text() -> None:
    record = paipu.parse(FOUR_HANDS)
    from_record = paipu.audit(record, views=False).to_json()
    from_text = paipu.audit(FOUR_HANDS, views=False).to_json()
    assert from_record["hands"] == from_text["hands"] and from_record["findings"] == from_text["findings"]


def test_import_paipu_loads_no_engine_until_asked() -> None:
    import subprocess
    import sys

    code = "import sys, paipu; print('paipu.replay.engine' in sys.modules, 'lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
