"""The limits on a record's text (paipu.limits), applied before it is parsed.

A line past `MAX_LINE_CHARS` is blanked (its number kept, so every other finding stays where
it is); lines past `MAX_LINES` and hands past `MAX_HANDS` are cut off.  Each cut is one
``over-limit`` finding, so the cost of parsing is bounded by the limits, whatever the input.
"""

from __future__ import annotations

import re

from paipu.findings import Finding, error
from paipu.limits import MAX_HANDS, MAX_LINE_CHARS, MAX_LINES
from paipu.record import Span

_HAND_LINE = r"(?m:^[ \t]*hand[ \t])"
"""A hand's first line (compiled on first use: only a record of many hands needs it)."""


def within_limits(text: str) -> tuple[str, list[Finding]]:
    """``text`` cut to the limits, and a finding for every cut (``text`` itself when nothing is cut)."""
    text, _, findings = limit_lines(text)
    return text, findings


def limit_lines(text: str) -> tuple[str, list[str], list[Finding]]:
    """`within_limits`, with the lines of the text it gives (``text.split("\n")``): the
    parser reads those, so the text is split once."""
    findings: list[Finding] = []
    lines = text.split("\n")
    if len(text) > MAX_LINE_CHARS:
        if len(lines) > MAX_LINES:
            findings.append(error("over-limit", f"{len(lines):,} lines: a record may hold at most {MAX_LINES:,}; "
                                  "the rest is not read", Span(MAX_LINES + 1, 1, MAX_LINES + 1, 1)))
            del lines[MAX_LINES:]
        changed = len(findings) > 0
        if max(map(len, lines)) > MAX_LINE_CHARS:
            for i, line in enumerate(lines):
                if len(line) > MAX_LINE_CHARS:
                    findings.append(error("over-limit", f"a line of {len(line):,} characters: at most "
                                          f"{MAX_LINE_CHARS:,} are read; this line is not", Span(i + 1, 1, i + 1, 2)))
                    lines[i] = ""
                    changed = True
        if changed:
            text = "\n".join(lines)
    cut = _nth_hand_start(text, MAX_HANDS + 1)
    if cut is not None:
        at = text.count("\n", 0, cut) + 1
        findings.append(error("over-limit", f"more than {MAX_HANDS:,} hands: a record may hold at most "
                              f"{MAX_HANDS:,}; this hand and the rest are not read", Span(at, 1, at, 5)))
        text = text[:cut]
        lines = text.split("\n")
    return text, lines, findings


def _nth_hand_start(text: str, n: int) -> int | None:
    if text.count("hand", 0) < n:
        return None
    for k, m in enumerate(re.finditer(_HAND_LINE, text), 1):
        if k == n:
            return m.start()
    return None
