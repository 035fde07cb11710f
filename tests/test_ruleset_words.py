"""A ruleset's own words (`Ruleset.setup_words`, `Ruleset.events`): Zhuji's ``caishen``, Harbin's
``bao``, riichi's ``dora``.  The grammar reads any such word line; the ruleset says which words it
has, in which spellings (`TableWord.aliases`), and where each belongs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import paipu.record as r
from paipu.auditing import Audit, audit_text
from paipu.cli.formatting import canonical_text
from paipu.grammar.parser import parse
from paipu.replay.ruleset import get_ruleset

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "valid"
ZHUJI = (SAMPLES / "zhuji" / "seed-example.paipu").read_text(encoding="utf-8")
HARBIN = (SAMPLES / "harbin" / "baozhongbao.paipu").read_text(encoding="utf-8")


def findings(audit: Audit) -> list[tuple[str, int, str]]:
    return [(f.code, f.line, f.message) for f in audit.findings]


def swap(text: str, old: str, new: str) -> str:
    """``text`` with the lines that start with ``old`` starting with ``new`` instead."""
    changed, n = re.subn(rf"(?m)^{re.escape(old)}(?= |$)", new, text)
    assert n, old
    return changed


@pytest.mark.parametrize(("text", "word", "spelling"), [
    (ZHUJI, "caishen", "财神"), (ZHUJI, "caishen", "財神"), (HARBIN, "bao", "宝"), (HARBIN, "bao", "寶"),
])
def test_a_word_in_a_spelling_its_ruleset_lists_is_audited_and_formatted_as_the_word(
        text: str, word: str, spelling: str) -> None:
    english = audit_text(text)
    chinese = audit_text(swap(text, word, spelling))
    assert english.findings == [] and chinese.findings == []
    assert english.replay is not None and chinese.replay is not None
    assert chinese.replay.scores == english.replay.scores
    # the audit's record names the word itself (its spans are the lines' as written)
    assert r.to_json(chinese.record, spans=False) == r.to_json(english.record, spans=False)
    assert canonical_text(swap(text, word, spelling)) == canonical_text(text)


def test_a_record_in_the_rulesets_own_words_is_kept_as_it_is() -> None:
    record = parse(ZHUJI).record
    assert get_ruleset("zhuji").own_words(record) is record
    assert get_ruleset("riichi").own_words(record) is record  # riichi lists no other spellings


def test_a_misspelt_setup_word_is_named_with_the_word_meant() -> None:
    audit = audit_text(swap(ZHUJI, "caishen", "caishn"))
    (setup,) = [f for f in findings(audit) if f[0] == "illegal-setup"]
    assert setup[1] == 11
    assert setup[2] == "zhuji has no `caishn` setup line (it has: caishen); did you mean `caishen`?"


def test_a_setup_word_after_the_first_action_is_a_misplaced_line_and_the_replay_goes_on() -> None:
    lines = ZHUJI.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("caishen"))
    moved = lines[at]
    del lines[at]
    first_action = next(i for i, line in enumerate(lines) if line.startswith(("E ", "S ", "W ", "N ")))
    lines.insert(first_action + 1, moved)
    audit = audit_text("\n".join(lines) + "\n")
    codes = {f[0]: f for f in findings(audit)}
    assert codes["misplaced-line"][1] == first_action + 2
    assert codes["misplaced-line"][2] == "`caishen` after the hand's first action: setup lines come first"
    assert "missing-caishen" in codes  # the hand states none where it should
    assert "unchecked" not in codes  # the line is read, so the rest of the hand is still checked


def test_harbin_bao_before_the_first_action_is_said_to_be_a_table_event() -> None:
    lines = HARBIN.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("deal N"))
    lines.insert(at + 1, "bao 7s")
    audit = audit_text("\n".join(lines) + "\n")
    setup = [f for f in findings(audit) if f[0] == "illegal-setup"]
    assert setup == [("illegal-setup", at + 2, "`bao` before the hand's first action: it is a table event, "
                      "written where it happens, after the hand's first action")]


def test_a_word_of_another_ruleset_is_reported_by_the_ruleset_of_the_record() -> None:
    lines = HARBIN.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("deal N"))
    lines.insert(at + 1, "caishen 5p")
    audit = audit_text("\n".join(lines) + "\n")
    assert [f for f in findings(audit) if f[1] == at + 2] == [
        ("illegal-setup", at + 2, "harbin has no `caishen` setup line (it has none)")]
    zhuji = audit_text(swap(ZHUJI, "E draw 7m", "bao 7m\nE draw 7m"))
    assert [f[2] for f in findings(zhuji) if f[0] == "illegal-event"] == ["zhuji has no 宝牌 (`bao` lines)"]


@pytest.mark.parametrize(("line", "found"), [("bao 7s 8s", "2"), ("bao 3", "numbers")])
def test_harbin_bao_of_other_than_one_tile_is_reported_and_not_followed(line: str, found: str) -> None:
    audit = audit_text(re.sub(r"(?m)^bao .*$", line, HARBIN))
    bad = [f for f in audit.findings if f.code == "syntax"]
    assert [(f.message, f.rule) for f in bad] == [(f"bao takes one tile, found {found}", "harbin.bao")] * len(bad)
    assert bad and "missing-bao" in {f.code for f in audit.findings}  # the 宝 due is still not turned


def test_zhuji_caishen_of_numbers_is_a_bad_caishen() -> None:
    audit = audit_text(re.sub(r"(?m)^caishen .*$", "caishen 3", ZHUJI))
    (bad,) = [f for f in audit.findings if f.code == "bad-caishen"]
    assert bad.message == "a `caishen` line names tiles (one kind, or two consecutive kinds), not numbers: 3"
    assert bad.rule == "zhuji.caishen"
