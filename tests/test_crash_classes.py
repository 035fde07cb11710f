"""Each crash class of issue 19, rebuilt from its reproducer: a finding or a clean exit, never a traceback."""

from __future__ import annotations

import json
import os
import re
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.cli.common import EXIT_INTERNAL
from paipu.findings import error, format_finding
from paipu.grammar.parser import MAX_SYNTAX_ERRORS, parse
from paipu.limits import MAX_HANDS, MAX_LINES
from paipu.record import Span
from paipu.reports.chart import build_chart
from paipu.reports.labels import labels_for
from paipu.reports.render import render_report

ROOT = Path(__file__).resolve().parent.parent
ZHUJI = (ROOT / "samples/valid/zhuji/four-hands.paipu").read_text(encoding="utf-8")
HUGE = "9" * 4400


def _replace_first(pattern: str, replacement: str, text: str = ZHUJI) -> str:
    out = re.sub(pattern, replacement, text, count=1, flags=re.M)
    assert out != text
    return out


@pytest.mark.parametrize(
    ("pattern", "replacement", "limit"),
    [
        (r"^hand \d+", f"hand {HUGE}", 9),
        (r"^dice \d+", f"dice {HUGE}", 9),
        (r"^score E [+-]?\d+", f"score E {HUGE}", 12),
        (r"^fan (\w) \d+", rf"fan \1 {HUGE}", 12),
        (r"^fan (\w) (\d+) : dongfeng 2", rf"fan \1 \2 : dongfeng {HUGE}", 12),
        (r"^fan (\w) (\d+) : dongfeng 2", rf"fan \1 \2 : dongfeng{HUGE}", 12),
        (r"^hand \d+", "hand 1234567890 {a note sends the line to the full grammar}", 9),
        (r"^score E [+-]?\d+", "score E -1234567890123", 12),
    ],
)
def test_a_number_past_its_digit_limit_is_a_syntax_finding_on_its_line(pattern: str, replacement: str,
                                                                       limit: int) -> None:
    text = _replace_first(pattern, replacement, ZHUJI)
    line = next(i for i, s in enumerate(text.split("\n"), 1) if (replacement.split()[0] in s and "9999" in s)
                or "1234567890" in s)
    findings = parse(text).findings
    assert any(f.code == "syntax" and f.line == line and f"at most {limit}" in f.message for f in findings)
    audit = audit_text(text)
    json.dumps(audit.to_json())


def test_a_number_at_its_digit_limit_is_read() -> None:
    text = _replace_first(r"^score E [+-]?\d+", "score E -999999999999")
    assert not any("digits" in f.message for f in parse(text).findings)


def test_a_huge_score_tag_is_a_bad_tag() -> None:
    text = _replace_first(r"^\[Ruleset", f'[Score E "{HUGE}"]\n[Ruleset')
    assert any(f.code == "bad-tag" for f in parse(text).findings)


def test_syntax_recovery_stops_costing_after_the_error_cap() -> None:
    text = ZHUJI + "%%% lost in transmission\nE draw 5m\n" * 20_000 + "%%% x y\n" * 20_000
    started = time.process_time()
    findings = parse(text).findings
    assert time.process_time() - started < 10
    assert sum(f.code == "syntax" for f in findings) == MAX_SYNTAX_ERRORS + 1
    assert findings[-1].message.startswith("too many syntax errors")


T = TypeVar("T")


def _with_peak(call: Callable[[], T]) -> tuple[T, int]:
    """What ``call`` returns, and the most memory Python allocated while it ran."""
    tracemalloc.start()
    try:
        return call(), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_an_over_limit_line_is_not_split_into_its_words_by_the_audit() -> None:
    # The reproducer from the CLI fuzz driver: a discard line of a million tiles (3 MB) after a
    # valid record. Its recovery plan split the whole line into words to read the first one:
    # 30 times the input in memory (`check` of a 10 MB line took 311 MB, `parse` 57 MB).
    text = ZHUJI + "\nE discard " + "5m " * 1_000_000 + "\n"
    audit_text(ZHUJI)
    audit, peak = _with_peak(lambda: audit_text(text))
    assert any(f.code == "over-limit" for f in audit.findings)
    assert peak < 4 * len(text), f"{peak:,} bytes for a {len(text):,}-character record"


def test_syntax_recovery_past_annotations_never_closed_is_linear() -> None:
    # The reproducer from the CLI fuzz driver: 40,000 garbage lines, each opening an annotation
    # that no line closes. Skipping each bad line's annotation scanned the rest of the record
    # with a group per character: 15 s of CPU time and 160 MB for `paipu check`.
    text = ZHUJI + "\n" + "".join(f"%%garbage {i} ][ {{\n" for i in range(40_000))
    started = time.process_time()
    findings = parse(text).findings
    assert time.process_time() - started < 3
    assert sum(f.code == "syntax" for f in findings) >= MAX_SYNTAX_ERRORS


@pytest.mark.parametrize(
    "tail",
    ["E discard " + "5m " * 400_000 + "\n", "{" + "x" * 1_000_000 + "}\n", "E discard " + "1" * 50_000 + "m\n"],
    ids=["a line of many tiles", "a long annotation", "a packed run of many tiles"],
)
def test_a_line_over_the_limits_is_an_over_limit_finding_on_its_line(tail: str) -> None:
    text = ZHUJI + tail
    audit = audit_text(text)
    last = text.count("\n")
    assert any(f.code == "over-limit" and f.line == last for f in audit.findings)


def test_a_record_of_more_hands_than_the_limit_is_cut_with_a_finding() -> None:
    text = ZHUJI + "hand 5\ndealer E\nexhausted\n" * (MAX_HANDS + 10)
    result = parse(text)
    assert len(result.record.hands) <= MAX_HANDS
    assert any(f.code == "over-limit" and "hands" in f.message for f in result.findings)


def test_a_record_of_more_lines_than_the_limit_is_cut_with_a_finding() -> None:
    text = "\n" * (MAX_LINES + 5) + ZHUJI
    findings = parse(text).findings
    assert any(f.code == "over-limit" and f.line == MAX_LINES + 1 for f in findings)


def test_control_characters_of_a_record_are_shown_escaped_by_check(tmp_path: Path) -> None:
    path = tmp_path / "escape.paipu"
    path.write_text('[Ruleset "zhuji"]\nE drawn \x1b[2J\x1b[1;31mFAKE: 0 errors\x1b[0m\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert "\x1b" not in result.output
    assert "\\x1b[2J" in result.output


def test_format_finding_of_many_findings_on_one_long_line_is_bounded() -> None:
    line = "fan E 1 : " + ", ".join(f"item{i}" for i in range(4000))
    findings = [error("unknown-item", "x", Span(1, c, 1, c + 5)) for c in range(11, len(line), 10)]
    started = time.process_time()
    out = [format_finding(f, "f", [line]) for f in findings]
    assert time.process_time() - started < 2
    assert max(len(s) for s in out) < 600


def test_an_internal_error_exits_3_with_one_line_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("S")

    monkeypatch.setattr("paipu.cli.checking.audit_text", broken)
    result = CliRunner().invoke(main, ["check", str(ROOT / "samples/valid/zhuji/four-hands.paipu")])
    assert result.exit_code == EXIT_INTERNAL == 3
    assert "Traceback" not in result.output
    assert "internal error in `paipu check`: KeyError" in result.output
    assert "report it" in result.output


def test_a_flower_turned_as_harbins_bao_is_a_bad_tile_finding() -> None:
    text = (ROOT / "samples/valid/harbin/baozhongbao.paipu").read_text(encoding="utf-8").replace("bao 7s", "bao 6f", 1)
    line = text.split("\n").index("bao 6f") + 1
    audit = audit_text(text, annotate=True, views=True)
    assert any(f.code == "bad-tile" and f.line == line and "宝" in f.message for f in audit.findings)
    assert "<html" in render_report(audit)


def _erren_with_south_acting() -> str:
    lines = (ROOT / "samples/valid/erren/discard-win.paipu").read_text(encoding="utf-8").split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith(("E discard", "W discard")))
    lines.insert(i + 1, "S discard 5m")
    return "\n".join(lines)


def test_annotate_with_an_action_by_a_seat_the_ruleset_does_not_seat_is_a_bad_seat_finding() -> None:
    text = _erren_with_south_acting()
    audit = audit_text(text, annotate=True, views=True)
    assert [f.code for f in audit.findings if f.severity == "error"] == ["bad-seat"]
    assert "<html" in render_report(audit)


def test_check_and_report_annotate_with_an_unseated_action_exit_1_not_3(tmp_path: Path) -> None:
    path = tmp_path / "south.paipu"
    path.write_text(_erren_with_south_acting(), encoding="utf-8")
    assert CliRunner().invoke(main, ["check", "--annotate", str(path)]).exit_code == 1
    out = tmp_path / "south.html"
    assert CliRunner().invoke(main, ["report", "--annotate", str(path), "-o", str(out)]).exit_code == 1
    assert out.exists()


def test_the_chart_scales_scores_of_any_size_in_integers() -> None:
    chart = build_chart(("E", "S"), labels_for("en"), {"E": 0, "S": 0}, [{"E": 10**400, "S": -(10**400)}], ["1"])
    assert chart is not None
    assert chart.y_ticks[0].text == f"-{10**400}"
    assert chart.y_ticks[-1].text == f"+{10**400}"


def test_the_chart_keeps_its_round_steps_for_ordinary_scores() -> None:
    chart = build_chart(("E", "S"), labels_for("en"), {"E": 0, "S": 0}, [{"E": 37, "S": -37}], ["1"])
    assert chart is not None
    assert [t.text for t in chart.y_ticks] == ["-40", "-20", "0", "+20", "+40"]


def _long_hand(discards: int) -> str:
    body = ZHUJI[: ZHUJI.index("E discard")]
    moves = [f"{'ESWN'[k % 4]} {verb} 5m" for k in range(discards) for verb in ("draw", "discard")]
    return body + "\n".join(moves) + "\n"


def _report_seconds(text: str) -> float:
    started = time.process_time()
    render_report(audit_text(text, views=True))
    return time.process_time() - started


def test_report_building_is_linear_in_the_length_of_a_hand() -> None:
    _report_seconds(_long_hand(50))  # the grammar and templates loaded
    short, long = _report_seconds(_long_hand(500)), _report_seconds(_long_hand(2000))
    assert long < 8 * short + 1.0, (short, long)
    assert long < 10


def test_a_report_of_thousands_of_findings_on_one_line_quotes_a_window_of_it() -> None:
    items = ", ".join(f"item{i} 1" for i in range(2000))
    text = _replace_first(r"^fan S 4 : .*$", f"fan S 4 : {items}")
    html = render_report(audit_text(text, views=True))
    assert len(html) < 8 * len(text) + 3_000_000


def test_a_sub_folder_that_cannot_be_read_is_reported_and_exits_2(tmp_path: Path,
                                                                locked_scandir: None) -> None:
    (tmp_path / "ok").mkdir()
    (tmp_path / "locked").mkdir()
    (tmp_path / "ok" / "a.paipu").write_text(ZHUJI, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "locked: this folder cannot be read" in result.output
    assert "a.paipu: zhuji" in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_and_a_device_are_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.paipu"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["check", str(fifo), "/dev/zero"])
    assert result.exit_code == 2
    assert "pipe.paipu: a named pipe, not a regular file" in result.output
    assert "/dev/zero: a device, not a regular file" in result.output


@pytest.mark.parametrize("command", [["check"], ["check", "--json"], ["parse"], ["parse", "--json"], ["fmt"],
                                     ["report", "-o", "{out}"]])
def test_every_command_reports_a_huge_number_as_a_finding_with_exit_1(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "huge.paipu"
    path.write_text(_replace_first(r"^score E [+-]?\d+", f"score E {HUGE}"), encoding="utf-8")
    args = [a.format(out=tmp_path / "huge.html") for a in command]
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "internal error" not in result.output


UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What a terminal could act on: C0 (but tab and newline), DEL, C1, separators, bidirectional controls."""


def _c1_record() -> str:
    """The reproducer: C1 controls (U+009B is CSI on some terminals), DEL, a line separator and a
    right-to-left override in a player's name, a tag, an annotation and an unknown fan item."""
    text = _replace_first(r"^\[Player E \"[^\"]*\"\]", '[Player E "A\u009b2J\u009b1;31mFAKE\u202eB"]')
    text = _replace_first(r"^\[Ruleset", '[Event "\u0085e\u2028\u200f\x7f"]\n[Ruleset', text)
    return _replace_first(r"^(fan \w \d+ : )", "\\1x\u009b2Jy 1, ", text)


@pytest.mark.parametrize("command", [["check", "--json"], ["parse", "--json"], ["check"], ["parse"],
                                     ["check", "--annotate"]])
def test_c1_controls_and_bidi_overrides_are_escaped_in_every_output_of_a_record(tmp_path: Path,
                                                                              command: list[str]) -> None:
    path = tmp_path / "c1\u009b2J.paipu"
    path.write_text(_c1_record(), encoding="utf-8")
    result = CliRunner().invoke(main, [command[0], str(path), *command[1:]])
    assert result.exit_code == (1 if command[0] == "check" else 0), result.output  # the unknown fan item
    assert not UNSAFE.search(result.output), repr(UNSAFE.search(result.output))
    if "--json" in command:
        back = json.loads(result.output)  # still the JSON of the same values, only escaped
        assert back["file"] == str(path)
        if command[0] == "parse":
            assert any(t["value"] == "A\u009b2J\u009b1;31mFAKE\u202eB" for t in back["record"]["header"]["players"])
    else:
        assert "\\x9b2J" in result.output


def test_corpus_stats_json_escapes_c1_controls(tmp_path: Path) -> None:
    path = tmp_path / "c1\u009b.paipu"
    path.write_text(_c1_record(), encoding="utf-8")
    db = tmp_path / "c.db"
    result = CliRunner().invoke(main, ["corpus", "ingest", "--db", str(db), str(path), "-j", "1", "-q"])
    assert result.exit_code == 0, result.output  # stored, with its findings
    assert not UNSAFE.search(result.output)
    for args in (["--json"], []):
        result = CliRunner().invoke(main, ["corpus", "stats", "--db", str(db), *args])
        assert result.exit_code == 0, result.output
        assert not UNSAFE.search(result.output)


def test_json_escaped_keeps_the_value_and_escapes_only_what_a_terminal_acts_on() -> None:
    from paipu.limits import json_text

    value = {"name": "东\u009b[2J\u0085\u202e\u2028\u200bok\tx", "n": 1}
    out = json_text(value)
    assert json.loads(out) == value
    assert "\\u009b" in out and "\\u202e" in out and "东" in out and "\u200b" in out
    assert not UNSAFE.search(out)


def test_a_gzip_bomb_is_refused_holding_at_most_the_limit_once(tmp_path: Path) -> None:
    # The reproducer from the CLI fuzz driver: a .paipu.gz that decompresses past the 64 MB
    # limit. It was read in one call (the decompressed bytes held twice), then read again
    # whole for the hash of its corpus row: `corpus ingest` took 173 MB to refuse it.
    import gzip

    from paipu.corpus.rows import read_source
    from paipu.limits import MAX_FILE_BYTES

    bomb = tmp_path / "bomb.paipu.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as gz:
        block = b"E discard 5m\n" * 80_000
        for _ in range(MAX_FILE_BYTES // len(block) + 2):
            gz.write(block)
    source, peak = _with_peak(lambda: read_source(bomb))
    assert source.text is None and source.error is not None and "over the 64 MB limit" in source.error
    assert source.sha256 is not None
    assert peak < 1.2 * MAX_FILE_BYTES, f"{peak:,} bytes to refuse a gzip bomb"
