"""Findings: every problem paipu reports, from a syntax error to a wrong payment.

A finding has a stable code (documented in docs/findings.md), a severity, a message that
names the tiles, seats and counts involved, where it is in the record, and the id of the
rule it breaks when it breaks one.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal, TypeAlias

from paipu.limits import control_escaped
from paipu.record import Span

Severity: TypeAlias = Literal["error", "warning", "note"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    message: str
    span: Span
    rule: str | None = None
    subject: str | None = None
    """The seat whose hidden tiles the finding speaks of (a teaching note about a seat's own
    hand); a view for another seat leaves it out.  None: it says only what is public."""

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def to_json(self) -> dict[str, object]:
        return {
            "severity": self.severity,
            "code": self.code,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "message": self.message,
            "rule": self.rule,
        }


def error(code: str, message: str, span: Span, rule: str | None = None) -> Finding:
    return Finding("error", code, message, span, rule)


def warning(code: str, message: str, span: Span, rule: str | None = None) -> Finding:
    return Finding("warning", code, message, span, rule)


def note(code: str, message: str, span: Span, rule: str | None = None, subject: str | None = None) -> Finding:
    return Finding("note", code, message, span, rule, subject)


def has_errors(findings: list[Finding] | tuple[Finding, ...]) -> bool:
    return any(f.severity == "error" for f in findings)


_WINDOW = 80
"""How many characters of a long line are shown on each side of a finding's column."""


def format_finding(finding: Finding, filename: str, source_lines: list[str] | None,
                   rule_word: str = " (rule {})") -> str:
    """Compiler style: ``FILE:LINE:COL: error[code] message``, the line, and a caret.

    Control characters are shown escaped (a record must not drive the terminal), and a long
    line is cut to a window around the column, so the cost of one finding is bounded."""
    head = f"{filename}:{finding.line}:{finding.column}: {finding.severity}[{finding.code}] {finding.message}"
    if finding.rule:
        head += rule_word.format(finding.rule)
    head = control_escaped(head)
    if not source_lines or not 1 <= finding.line <= len(source_lines):
        return head
    text = source_lines[finding.line - 1].rstrip("\r\n")
    col = max(finding.column, 1)
    width = 1
    if finding.span.end_line == finding.line and finding.span.end_column > col:
        width = finding.span.end_column - col
    width = max(1, min(width, max(1, len(text) - col + 1), _WINDOW))
    start = max(0, col - 1 - _WINDOW)
    end = min(len(text), col - 1 + width + _WINDOW)
    before = "…" if start > 0 else ""
    after = "…" if end < len(text) else ""
    shown = text[start:end]
    col -= start
    # East Asian wide characters take two cells; pad with the same characters' widths.
    pad = " " * len(before) + "".join(_pad(ch) for ch in shown[: col - 1])
    marks = "".join("^" * len(_shown(ch)) * (2 if _wide(ch) else 1) for ch in shown[col - 1 : col - 1 + width]) or "^"
    return f"{head}\n  {before}{control_escaped(shown)}{after}\n  {pad}{marks}"


def _shown(ch: str) -> str:
    return control_escaped(ch) if ch != "\t" else ch


def _pad(ch: str) -> str:
    if ch == "\t":
        return ch
    if _wide(ch):
        return "\u3000"
    return " " * len(_shown(ch))


def _wide(ch: str) -> bool:
    return ord(ch) >= 0x1100 and unicodedata.east_asian_width(ch) in ("W", "F")
