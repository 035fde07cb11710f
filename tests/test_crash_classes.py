"""Each crash class of issue 19, rebuilt from its reproducer: a finding or a clean exit, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from paipu.auditing import audit_text
from paipu.grammar.parser import parse

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
    line = next(i for i, s in enumerate(text.split("\n"), 1) if replacement.split()[0] in s and "9999" in s
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
