"""Regression diffs: two corpora of the same records, or a corpus and ``paipu check --json`` output.

A record's stored rows are turned back into the JSON result of ``paipu check --json``, and the
comparison is `paipu.expect.compare_results`, so a corpus diff and ``check --expect`` agree
on what counts as a difference (findings by severity, code and line; each hand's result,
winners, value, items and payments; the final scores).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from paipu.corpus.rows import UNREADABLE
from paipu.expect import compare_results, find_expected


@dataclass(frozen=True, slots=True)
class RecordDiff:
    """One record's differences, each a line in words."""

    path: str
    sha256: str | None
    lines: tuple[str, ...]

    def format(self) -> list[str]:
        tag = f" [{self.sha256[:12]}]" if self.sha256 else ""
        return [f"{self.path}{tag}: {line}" for line in self.lines]


@dataclass
class DiffSummary:
    compared: int = 0
    differing: int = 0
    missing: list[str] = field(default_factory=list)


def record_result(db: Database, record_id: int) -> dict[str, Any]:
    """A stored record as ``paipu check --json`` prints it (the parts a comparison reads)."""
    row = db.execute("SELECT path, ruleset, status FROM records WHERE id = ?", [record_id]).fetchone()
    if row is None:
        raise KeyError(record_id)
    path, ruleset, status = row
    findings = [
        {"severity": sev, "code": code, "line": line, "column": col, "message": msg, "rule": rule}
        for sev, code, line, col, msg, rule in db.execute(
            "SELECT severity, code, line, column, message, rule FROM findings WHERE record_id = ? ORDER BY id",
            [record_id],
        )
    ]
    hands = [
        {
            "number": number,
            "dealer": dealer,
            "result": result,
            "winners": json.loads(winners),
            "value": value,
            "items": json.loads(items),
            "payments": json.loads(payments),
            "recorded_payments": json.loads(recorded) if recorded is not None else None,
        }
        for number, dealer, result, winners, value, items, payments, recorded in db.execute(
            "SELECT number, dealer, result, winners, value, items, payments, recorded_payments FROM hands "
            "WHERE record_id = ? ORDER BY number",
            [record_id],
        )
    ]
    scores = {seat: score for seat, score in db.execute(
        "SELECT seat, score FROM scores WHERE record_id = ? ORDER BY rowid", [record_id])}
    return {
        "file": path,
        "ruleset": ruleset,
        "parsed": status != "failed",
        "ok": status == "ok",
        "findings": findings,
        "hands": hands,
        "scores": scores,
    }


def verdict(result: dict[str, Any]) -> str:
    """A result's status as the corpus names it: failed (not replayed), ok (no error), findings."""
    if not result.get("parsed", True):
        return "failed"
    return "ok" if result.get("ok", True) else "findings"


def compare(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """`compare_results`, led by the change of verdict when there is one."""
    lines = compare_results(expected, actual)
    was, now = verdict(expected), verdict(actual)
    return ([f"verdict is {now}, expected {was}"] if was != now else []) + lines


def _records(db: Database) -> Iterator[tuple[int, str, str | None]]:
    yield from db.execute("SELECT id, path, sha256 FROM records ORDER BY id")


def _find(db: Database, path: str, sha256: str | None) -> int | None:
    if sha256 is not None:
        row = db.execute("SELECT id FROM records WHERE sha256 = ?", [sha256]).fetchone()
    else:
        row = db.execute("SELECT id FROM records WHERE sha256 IS NULL AND path = ?", [path]).fetchone()
    return int(row[0]) if row else None


def _at_path(db: Database, path: str, free: set[int]) -> tuple[int, str | None] | None:
    """The record of ``db`` last found at ``path`` (any of its paths) among those ``free``."""
    rows = db.execute("SELECT records.id, records.sha256 FROM paths JOIN records ON records.id = paths.record_id "
                      "WHERE paths.path = ? ORDER BY records.id DESC", [path]).fetchall()
    rows += db.execute("SELECT id, sha256 FROM records WHERE path = ? ORDER BY id DESC", [path]).fetchall()
    for rid, sha in rows:
        if int(rid) in free:
            return int(rid), sha
    return None


def diff_corpora(a: Database, b: Database, summary: DiffSummary | None = None) -> Iterator[RecordDiff]:
    """Every record of ``a`` whose result in ``b`` differs (``a`` is the baseline: "expected"),
    matched by content hash; a record whose content is in one corpus only is matched by its path
    with the other's record at that path (its content changed: its results are compared, as
    ``--expected`` compares them); then the records only one of them holds."""
    summary = summary if summary is not None else DiffSummary()
    unmatched: list[tuple[int, str, str | None]] = []
    matched_b: set[int] = set()
    for rid, path, sha in _records(a):
        other = _find(b, path, sha)
        if other is None:
            unmatched.append((rid, path, sha))
            continue
        matched_b.add(other)
        summary.compared += 1
        lines = compare(record_result(a, rid), record_result(b, other))
        if lines:
            summary.differing += 1
            yield RecordDiff(path, sha, tuple(lines))
    only_b = [(rid, path, sha) for rid, path, sha in _records(b)
              if rid not in matched_b and _find(a, path, sha) is None]
    free_b = {rid for rid, _, _ in only_b}
    for rid, path, sha in unmatched:
        found = _at_path(b, path, free_b)
        if found is None:
            summary.missing.append(path)
            summary.differing += 1
            yield RecordDiff(path, sha, ("in the first corpus only",))
            continue
        other, other_sha = found
        free_b.discard(other)
        summary.compared += 1
        lines = compare(record_result(a, rid), record_result(b, other))
        if lines:
            summary.differing += 1
            was, now = (sha or "none")[:12], (other_sha or "none")[:12]
            yield RecordDiff(path, sha, (f"its content changed ({was} → {now})", *lines))
    for rid, path, sha in only_b:
        if rid in free_b:
            summary.missing.append(path)
            summary.differing += 1
            yield RecordDiff(path, sha, ("in the second corpus only",))


def diff_expected(db: Database, expected: dict[str, dict[str, Any]],
                  summary: DiffSummary | None = None) -> Iterator[RecordDiff]:
    """Every stored record whose result differs from the expected one for any of its paths.

    ``expected`` is what `paipu.expect.load_expected` reads; a record's paths are matched as
    ``paipu check --expect`` matches files (`find_expected`): relative paths from the current
    folder, as they were given to ``ingest``.  Files that could not be read are left out:
    ``paipu check`` prints no result for them.
    """
    summary = summary if summary is not None else DiffSummary()
    used: set[int] = set()
    unreadable = {int(r[0]) for r in db.execute("SELECT DISTINCT record_id FROM findings WHERE code = ?",
                                                [UNREADABLE])}
    for rid, path, sha in _records(db):
        if rid in unreadable:
            continue
        paths = [str(p[0]) for p in db.execute("SELECT path FROM paths WHERE record_id = ? ORDER BY path", [rid])]
        matched: list[tuple[str, dict[str, Any]]] = []
        for p in paths or [path]:
            want = find_expected(expected, p)
            if want is not None and id(want) not in used:
                used.add(id(want))
                matched.append((p, want))
        if not matched:
            summary.differing += 1
            yield RecordDiff(path, sha, ("in the corpus, not in the expected results",))
            continue
        actual = record_result(db, rid)
        for p, want in matched:
            summary.compared += 1
            lines = compare(want, actual)
            if lines:
                summary.differing += 1
                yield RecordDiff(p, sha, tuple(lines))
    for key, want in sorted(expected.items()):
        if id(want) not in used:
            summary.missing.append(key)
            summary.differing += 1
            yield RecordDiff(key, None, ("expected, not in the corpus",))
