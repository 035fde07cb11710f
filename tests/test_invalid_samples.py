"""The sample records: every invalid one gives exactly its expected findings, every valid one none.

Each record under ``samples/invalid/<ruleset>/`` (the ``syntax`` folder has its own test in
test_grammar.py) holds one illegal situation and states what the audit must report, in
comment lines of exactly this form::

    ; expect: CODE LINE                  an error finding with this code on this line
    ; expect: CODE LINE:COL              ... and at this column
    ; expect: warning CODE LINE[:COL]    a warning finding (also `note`)

The error findings of the record's audit must be exactly the listed errors: same codes,
same lines, and the same columns where a column is given (as a multiset, so a code listed
twice on one line must appear twice). Warnings and notes need not be listed; those that are
listed must appear. A comment line starting with ``; expect`` that does not have this form
fails the test, so a typo cannot silently drop an expectation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from paipu.auditing import audit_text
from paipu.findings import Finding
from paipu.record import Span
from paipu.sources import read_record_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
INVALID = SAMPLES / "invalid"
ZHUJI_INVALID = INVALID / "zhuji"

MIN_ZHUJI_SAMPLES = 30
MIN_ZHUJI_CODES = 43
"""How many distinct codes the zhuji invalid samples list together: the 41 error codes the engine,
the zhuji module and the settle module can give a zhuji record, and the warnings hand-incomplete and
score-unbalanced (docs/findings.md says which codes a zhuji record cannot reach)."""

EXPECT_PREFIX = "; expect"
EXPECT_RE = re.compile(
    r"^; expect: (?:(?P<severity>warning|note) )?(?P<code>[a-z][a-z-]*) (?P<line>[1-9]\d*)(?::(?P<column>[1-9]\d*))?$"
)


@dataclass(frozen=True)
class Expected:
    severity: str
    code: str
    line: int
    column: int | None

    def matches(self, finding: Finding) -> bool:
        return (
            finding.severity == self.severity
            and finding.code == self.code
            and finding.line == self.line
            and (self.column is None or finding.column == self.column)
        )

    def __str__(self) -> str:
        where = f"{self.line}" if self.column is None else f"{self.line}:{self.column}"
        return f"{self.severity} {self.code} {where}"


def expectations(text: str) -> list[Expected]:
    """The `; expect:` lines of a record; ValueError for a line that starts so but is malformed."""
    out: list[Expected] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.startswith(EXPECT_PREFIX):
            continue
        m = EXPECT_RE.match(line)
        if m is None:
            raise ValueError(f"line {number}: malformed expectation {line!r}")
        column = m["column"]
        out.append(Expected(m["severity"] or "error", m["code"], int(m["line"]), int(column) if column else None))
    return out


def unmatched(expected: list[Expected], findings: list[Finding]) -> tuple[list[Expected], list[Finding]]:
    """Pair each expectation with one finding it matches; what is left over on either side."""
    left = list(findings)
    missing: list[Expected] = []
    # Expectations with a column are the pickier ones: pair them first.
    for e in sorted(expected, key=lambda e: e.column is None):
        hit = next((f for f in left if e.matches(f)), None)
        if hit is None:
            missing.append(e)
        else:
            left.remove(hit)
    return missing, left


def describe(findings: Iterable[Finding]) -> str:
    return "\n".join(f"  {f.severity} {f.code} {f.line}:{f.column} {f.message}" for f in findings) or "  none"


def invalid_samples() -> list[Path]:
    """Every invalid sample of every ruleset, except the parser's own `syntax` folder."""
    return sorted(p for p in INVALID.glob("*/*.paipu") if p.parent.name != "syntax")


def samples_listing_warnings() -> list[Path]:
    return [p for p in invalid_samples() if any(e.severity != "error" for e in expectations(read_record_text(p)))]


def valid_samples() -> list[Path]:
    return sorted((SAMPLES / "valid").rglob("*.paipu"))


def sample_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


# ---------------------------------------------------------------- the expectation syntax


def test_expect_lines_are_read_with_optional_column_and_severity() -> None:
    text = (
        "; expect: illegal-chow 23\n"
        "; expect: bad-option 7:1\n"
        "; expect: warning hand-incomplete 40\n"
        "; a comment that is not an expectation\n"
    )
    assert expectations(text) == [
        Expected("error", "illegal-chow", 23, None),
        Expected("error", "bad-option", 7, 1),
        Expected("warning", "hand-incomplete", 40, None),
    ]


@pytest.mark.parametrize(
    "line",
    ["; expect: illegal-chow", "; expect: illegal-chow line 23", "; expect: illegal-chow 23 why", "; expects: x 1"],
)
def test_malformed_expect_line_is_rejected(line: str) -> None:
    with pytest.raises(ValueError, match="malformed expectation"):
        expectations(line + "\n")


def test_expectation_without_column_matches_any_column_of_its_line() -> None:
    finding = Finding("error", "illegal-chow", "…", Span(23, 5, 23, 9))
    assert unmatched([Expected("error", "illegal-chow", 23, None)], [finding]) == ([], [])
    assert unmatched([Expected("error", "illegal-chow", 23, 1)], [finding])[0]


# ---------------------------------------------------------------- the samples


@pytest.mark.parametrize("path", invalid_samples(), ids=sample_id)
def test_invalid_sample_gives_exactly_its_expected_errors(path: Path) -> None:
    text = read_record_text(path)
    expected = expectations(text)
    assert any(e.severity == "error" for e in expected), f"{path.name} lists no `; expect: CODE LINE` error"
    audit = audit_text(text, path.name)
    errors = [f for f in audit.findings if f.severity == "error"]
    missing, extra = unmatched([e for e in expected if e.severity == "error"], errors)
    assert not missing and not extra, (
        f"{path.name}: expected errors not found: {[str(e) for e in missing]}; "
        f"errors not expected:\n{describe(extra)}\nall findings:\n{describe(audit.findings)}"
    )


@pytest.mark.parametrize("path", samples_listing_warnings(), ids=sample_id)
def test_invalid_sample_gives_the_warnings_it_lists(path: Path) -> None:
    text = read_record_text(path)
    expected = [e for e in expectations(text) if e.severity != "error"]
    audit = audit_text(text, path.name)
    others = [f for f in audit.findings if f.severity != "error"]
    missing, _ = unmatched(expected, others)
    assert not missing, f"{path.name}: listed but not found: {[str(e) for e in missing]}\n{describe(audit.findings)}"


@pytest.mark.parametrize("path", invalid_samples(), ids=sample_id)
def test_invalid_sample_says_what_is_illegal_before_its_header(path: Path) -> None:
    lines = read_record_text(path).splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip() and not line.startswith(";"))
    explanation = [line.lstrip("; ") for line in lines[:first] if not line.startswith(EXPECT_PREFIX)]
    assert explanation, f"{path.name} does not open with a comment saying what is illegal"
    assert re.search(r"\brule [a-z]+\.[a-z]", " ".join(explanation)), f"{path.name}'s comment cites no rule id"


@pytest.mark.parametrize("path", valid_samples(), ids=sample_id)
def test_valid_sample_audits_without_errors(path: Path) -> None:
    audit = audit_text(read_record_text(path), path.name)
    assert audit.parsed, f"{path.name} does not parse:\n{describe(audit.findings)}"
    assert audit.ok, f"{path.name}:\n{describe([f for f in audit.findings if f.severity == 'error'])}"


def test_there_are_at_least_thirty_zhuji_invalid_samples() -> None:
    samples = sorted(ZHUJI_INVALID.glob("*.paipu"))
    assert len(samples) >= MIN_ZHUJI_SAMPLES, [p.name for p in samples]


def test_zhuji_invalid_samples_cover_the_finding_codes() -> None:
    codes: set[str] = set()
    for path in ZHUJI_INVALID.glob("*.paipu"):
        codes.update(e.code for e in expectations(read_record_text(path)))
    assert len(codes) >= MIN_ZHUJI_CODES, sorted(codes)
