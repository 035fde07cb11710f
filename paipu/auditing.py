"""Parse and replay in one call: what `paipu check`, the corpus and the reports share."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from typing import Final

from paipu.findings import Finding, PackedFindings, has_errors, warning
from paipu.grammar.parser import ParseResult, parse
from paipu.record import Record, Span
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer, Replay, replay, resolve_ruleset
from paipu.value import Fields, Frozen


class Audit(Fields):
    """A record's text, what the parser made of it and, if it parsed, its replay."""

    __slots__ = _fields = ("name", "text", "record", "findings", "replay", "annotated", "unchecked")
    name: str
    text: str
    record: Record
    findings: PackedFindings
    """In the order of the record (line, then column), packed: `check`, the corpus and the
    reports read them one at a time.  When the parser found nothing, the very findings of the
    replay (not a copy)."""
    replay: Replay | None
    annotated: bool
    """Whether teaching notes were asked for (they are among the findings, severity note)."""
    unchecked: dict[int, int] | None
    """For a record with errors of reading, where its replay stopped checking (`RecoveryPlan.unchecked`)."""

    def __init__(self, name: str, text: str, record: Record, findings: PackedFindings | None = None,
                 replay: Replay | None = None, annotated: bool = False,
                 unchecked: dict[int, int] | None = None) -> None:
        self.name = name
        self.text = text
        self.record = record
        self.findings = PackedFindings() if findings is None else findings
        self.replay = replay
        self.annotated = annotated
        self.unchecked = unchecked

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    @property
    def parsed(self) -> bool:
        return self.replay is not None

    @property
    def ruleset(self) -> Ruleset | None:
        """The ruleset the record was replayed under, options and all (None if it was not)."""
        return self.replay.ruleset if self.replay is not None else None

    def counts(self) -> dict[str, int]:
        return self.findings.counts()

    def outcomes(self) -> tuple[int, int, dict[str, int]]:
        """The hands by outcome: won, exhausted (the wall), and ended with no winner for another
        reason (riichi's abortive draws), counted by the ruleset's word for the reason."""
        wins = drawn = 0
        aborted: dict[str, int] = {}
        for h in self.replay.hands if self.replay is not None else ():
            res = h.result
            if res.result == "win":
                wins += 1
            elif res.result == "exhausted" and res.reason:
                aborted[res.reason] = aborted.get(res.reason, 0) + 1
            elif res.result == "exhausted":
                drawn += 1
        return wins, drawn, aborted

    def to_json(self) -> dict[str, object]:
        """The machine-readable result documented in docs/findings.md."""
        rp = self.replay
        return {
            "file": self.name,
            "ruleset": (rp.ruleset_name if rp and rp.ruleset_name else self.record.header.ruleset),
            "parsed": rp is not None,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "hands": [h.result.to_json() for h in rp.hands] if rp else [],
            "scores": dict(rp.scores) if rp else {},
        }


def audit_text(text: str, name: str = "<record>", *, ruleset: Ruleset | None = None,
               options: dict[str, str] | None = None, views: bool = False, annotate: bool = False,
               observers: Sequence[Observer] = ()) -> Audit:
    """Parse ``text`` and replay it once.

    The ruleset is ``ruleset`` when given, else the record's own (its ``[Option]`` tags, with
    ``options`` on top).  ``views`` keeps a snapshot of the table after every step (what a
    report draws); ``annotate`` adds teaching notes; both watch the same single pass.

    A record with errors of reading is replayed as far as its table stays known
    (`recovery_plan`): a line read through a hint is replayed as read; a hand with a line
    that could not be read is checked up to that line only, and shown unchecked after it;
    the hands after it are checked again.
    """
    parsed = parse(text)
    audit = Audit(name, text, parsed.record, PackedFindings(findings=parsed.findings), annotated=annotate)
    if not has_errors(parsed.findings):
        return _replayed(audit, ruleset, options, views, annotate, observers)
    plan = recovery_plan(parsed, text)
    if plan.replay and parsed.hinted:
        # A reading the table refuses was likely the wrong one: rather than a cascade of
        # findings from it, its hand is checked up to it only, as for a line with no reading.
        trial = Audit(name, text, parsed.record, annotated=False)
        _replayed(trial, ruleset, options, False, False, (), plan.unchecked)
        refused = {f.line for f in trial.findings if f.severity == "error"} & set(parsed.hinted)
        if refused:
            plan = recovery_plan(parsed, text, refused)
    if plan.replay:
        _replayed(audit, ruleset, options, views, annotate, observers, plan.unchecked)
    audit.findings.extend(plan.findings)
    audit.findings.sort_by_place()
    return audit


class RecoveryPlan(Frozen):
    """How far a record with errors of reading is replayed."""

    __slots__ = _fields = ("replay", "unchecked", "findings")
    replay: Final[bool]
    """False when a header line the rules may depend on could not be read."""
    unchecked: Final[dict[int, int]]
    """A hand's index → the index of its first action not checked (-1: not even its setup)."""
    findings: Final[list[Finding]]
    """One ``unchecked`` warning where checking stops, saying why."""

    def __init__(self, replay: bool, unchecked: dict[int, int], findings: list[Finding]) -> None:
        self.replay = replay
        self.unchecked = unchecked
        self.findings = findings


_RULE_TAG = r"(?i:^\s*\[\s*(ruleset|option|score)\b)"
_GAP_CODES = frozenset(("bad-tag", "duplicate-line", "misplaced-line"))
"""Errors of reading that leave a line out of the record, besides the unread lines."""


def recovery_plan(parsed: ParseResult, text: str, refused: set[int] | frozenset[int] = frozenset()) -> RecoveryPlan:
    """Where the replay of a record with errors of reading stops checking, and why.

    A line left out of the record (unread, or dropped as misplaced or as a second copy) may
    have changed the table, so its hand is checked up to it only; a line before the hand's
    first action that is not a seat's action (a deal, the dealer, a setup line) leaves the
    whole hand unchecked.  A tag line is harmless unless it may hold the ruleset, an option
    or a starting score: then nothing is replayed.  ``refused`` are lines read through a hint
    whose reading the table refused: they count as lines that could not be read.
    """
    raw = text.replace("\r\n", "\n").split("\n")
    gaps = set(parsed.unread) | set(refused) | {f.line for f in parsed.findings if f.code in _GAP_CODES}
    hands = parsed.record.hands
    starts = [h.span.line for h in hands]
    unchecked: dict[int, int] = {}
    where: dict[int, int] = {}
    findings: list[Finding] = []
    for number in sorted(gaps):
        line = raw[number - 1] if 0 < number <= len(raw) else ""
        if line.lstrip().startswith("["):
            if re.match(_RULE_TAG, line) is None:
                continue
            span = _span_of(parsed, number, raw)
            message = (f"the record is not replayed: line {number} cannot be read, and it may hold the "
                       "ruleset, an option or a starting score")
            return RecoveryPlan(False, {}, [warning("unchecked", message, span)])
        idx = bisect_right(starts, number) - 1
        if idx < 0:
            continue  # before the first hand, and not a tag: nothing the replay reads
        actions = hands[idx].actions
        first_after = next((k for k, a in enumerate(actions) if a.span.line >= number), len(actions))
        words = line.split(maxsplit=1)  # only its first word matters (a line may hold millions)
        stop = first_after
        from paipu.grammar.hints import seat_hints  # (a record that reads cleanly needs none)

        if first_after == 0 and not (words and (words[0] in ("E", "S", "W", "N") or seat_hints(words[0], {}))):
            stop = -1
        if idx in unchecked and unchecked[idx] <= stop:
            continue
        unchecked[idx] = stop
        where[idx] = number
    for idx, number in sorted(where.items()):
        hand = hands[idx]
        span = _span_of(parsed, number, raw)
        if unchecked[idx] < 0:
            message = (f"hand {hand.number} is not checked: line {number} of its setup cannot be read, so its "
                       "table is not known")
        elif number in refused:
            message = (f"hand {hand.number} is not checked from line {number} on: the line as read through the "
                       "hint does not fit the table, so the table after it is not known")
        else:
            message = (f"hand {hand.number} is not checked from line {number} on: that line cannot be read, so "
                       "the table after it is not known")
        if idx + 1 < len(hands):
            message += f"; hand {hands[idx + 1].number} is checked again from its own `dealer` line"
        findings.append(warning("unchecked", message, span))
    return RecoveryPlan(True, unchecked, findings)


def _span_of(parsed: ParseResult, number: int, raw: list[str]) -> Span:
    """Where to put the warning about line ``number``: on its first error (so it reads after it)."""
    first = next((f for f in parsed.findings if f.line == number and f.severity == "error"), None)
    if first is not None:
        return first.span
    line = raw[number - 1] if 0 < number <= len(raw) else ""
    start = len(line) - len(line.lstrip()) + 1
    return Span(number, start, number, max(start + 1, len(line.rstrip()) + 1))


def audit_record(record: Record, name: str = "<record>", *, text: str = "", ruleset: Ruleset | None = None,
                 options: dict[str, str] | None = None, views: bool = False, annotate: bool = False,
                 observers: Sequence[Observer] = ()) -> Audit:
    """Replay a record already in hand (parsed, built by a program, imported), as `audit_text` does.

    ``text`` is the record's source, if there is one (reports quote its lines)."""
    audit = Audit(name, text, record, annotated=annotate)
    return _replayed(audit, ruleset, options, views, annotate, observers)


def _replayed(audit: Audit, ruleset: Ruleset | None, options: dict[str, str] | None, views: bool,
              annotate: bool, observers: Sequence[Observer], unchecked: dict[int, int] | None = None) -> Audit:
    record = audit.record
    findings: list[Finding] = []
    if ruleset is None:
        ruleset, findings = resolve_ruleset(record, options)
    watchers = list(observers)
    if annotate and ruleset is not None:
        from paipu.analysis.teaching import TeachingNotes

        watchers.append(TeachingNotes())
    if ruleset is not None:
        rp = replay(record, ruleset=ruleset, observers=watchers, views=views, unchecked=unchecked)
        audit.record = rp.record  # as the replay read it, in the ruleset's own words (``财神`` is ``caishen``)
        audit.unchecked = unchecked or None
    else:
        rp = Replay(record, None, [], PackedFindings(), {})  # an unknown ruleset: nothing to replay under
    audit.replay = rp
    if not audit.findings and not findings:
        # Nothing to add to the replay's findings: they are the audit's, not a copy of them.
        audit.findings = rp.findings
        return audit
    audit.findings = PackedFindings(rp.findings.book, audit.findings)  # the parser's, in the replay's book
    audit.findings.extend(findings)
    audit.findings.extend(rp.findings)
    audit.findings.sort_by_place()
    return audit
