"""The parser's fast path for plain lines and the full grammar must agree exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from paipu.grammar.build import build_record
from paipu.grammar.parser import _fast_line, _parse_chunk, parse
from paipu.record import to_json
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/**/*.paipu"))


def _grammar_only(text: str) -> tuple[object, list[tuple[str, int, int, str]]]:
    lines, findings = _parse_chunk(text, 0)
    record = build_record(lines, findings)
    return to_json(record), sorted((f.code, f.line, f.column, f.message) for f in findings)


def _both(text: str) -> None:
    text = text.replace("\r\n", "\n")
    fast = parse(text)
    got = (to_json(fast.record), sorted((f.code, f.line, f.column, f.message) for f in fast.findings))
    assert got == _grammar_only(text)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_fast_path_and_grammar_agree_on_every_sample(path: Path) -> None:
    _both(path.read_text(encoding="utf-8"))


def test_fast_path_and_grammar_agree_on_simulated_records() -> None:
    for _, text in simulate("zhuji", 8, seed=17):
        _both(text)


@pytest.mark.parametrize("line", [
    "E draw 5m", "  S discard 7z ?!", "W pong 东 ; a comment", "N hu", "E hu 3s !", "S chow 456p",
    "S chow 4p 6p 5p", "E ankong 1z", "W addkong 9s", "N flower 3f", "E ready", "S pass",
    "deal E 123m 456p 789s 1122z", "wall 1m 2m 3z", "hand 12", "dealer N", "dice 3 4",
    "score E +12 S -4 W -4 N -4", "exhausted",
])
def test_plain_lines_take_the_fast_path(line: str) -> None:
    assert _fast_line(line, 1) is not None
    _both('[Ruleset "zhuji"]\nhand 1\n' + line + "\n")


@pytest.mark.parametrize("line", [
    "E draw 0m", "E draw 5m 6m", "E ready 5m", "E discard 5m {note}", "deal E 0m", "E draw 5万",
])
def test_other_lines_go_to_the_grammar(line: str) -> None:
    assert _fast_line(line, 1) is None
