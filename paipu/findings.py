"""Findings: every problem paipu reports, from a syntax error to a wrong payment.

A finding has a stable code (documented in docs/findings.md), a severity, a message that
names the tiles, seats and counts involved, where it is in the record, and the id of the
rule it breaks when it breaks one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

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


def format_finding(finding: Finding, filename: str, source_lines: list[str] | None) -> str:
    """Compiler style: ``FILE:LINE:COL: error[code] message``, the line, and a caret."""
    head = f"{filename}:{finding.line}:{finding.column}: {finding.severity}[{finding.code}] {finding.message}"
    if finding.rule:
        head += f" (rule {finding.rule})"
    if not source_lines or not 1 <= finding.line <= len(source_lines):
        return head
    text = source_lines[finding.line - 1].rstrip("\r\n")
    col = max(finding.column, 1)
    width = 1
    if finding.span.end_line == finding.line and finding.span.end_column > col:
        width = finding.span.end_column - col
    width = max(1, min(width, max(1, len(text) - col + 1)))
    # East Asian wide characters take two cells; pad with the same characters' widths.
    pad = "".join("\u3000" if _wide(ch) else (ch if ch == "\t" else " ") for ch in text[: col - 1])
    marks = "".join("^^" if _wide(ch) else "^" for ch in text[col - 1 : col - 1 + width]) or "^"
    return f"{head}\n  {text}\n  {pad}{marks}"


def _wide(ch: str) -> bool:
    import unicodedata

    return unicodedata.east_asian_width(ch) in ("W", "F")
