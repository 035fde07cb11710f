"""Comparing what a record says a hand was worth (``fan``, ``score``) with what the rules give.

The values and payments themselves come from the ruleset; this module only lines the
recorded ones up against them and says, item by item and seat by seat, what differs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import paipu.record as r
from paipu.replay.result import HandResult, Payments, Transfer, ValueItem, WinAnalysis
from paipu.replay.ruleset import VALUE_KINDS

if TYPE_CHECKING:
    from paipu.replay.ruleset import Ruleset
    from paipu.replay.state import HandState


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def format_items(items: tuple[ValueItem, ...] | list[ValueItem]) -> str:
    return ", ".join(f"{i.id} {i.value}" for i in items) or "no items"


def item_totals(items: tuple[ValueItem, ...] | list[ValueItem]) -> dict[str, int]:
    # A plain dict, in the order the items come.
    out: dict[str, int] = {}
    for i in items:
        rid = i.id
        out[rid] = out.get(rid, 0) + i.value
    return out


def payments_from(transfers: list[Transfer], seats: tuple[r.Seat, ...]) -> Payments:
    out: Payments = {s: 0 for s in seats}
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return out


def explain_transfers(transfers: list[Transfer], notes: list[str] | tuple[str, ...] = ()) -> str:
    """Every payment behind a hand's computed payments, in words: the transfers between seats,
    then the ruleset's notes on what moves outside them (riichi's sticks, paid to the table and
    taken from it), so that the explanation adds up to the payments it explains."""
    parts = [f"{t.payer} pays {t.payee} {t.amount} ({t.reason})" for t in transfers]
    parts.extend(notes)
    return "; ".join(parts) or "no payments"


def recorded_items(rs: Ruleset, analysis: WinAnalysis, fl: r.FanLine,
                   expected: dict[str, int] | None = None) -> tuple[dict[str, int], list[r.FanItem]]:
    """What a ``fan`` line records, item by item: each known item's value by its id (an item
    written without a value counts what the rules give it), and the items the ruleset does
    not know.  ``expected``: `item_totals` of the analysis's items, where the caller has them."""
    if expected is None:
        expected = item_totals(analysis.items)
    recorded: dict[str, int] = {}
    unknown: list[r.FanItem] = []
    item_id = rs.item_id
    for it in fl.items:
        rid = item_id(it.name)
        if rid is None:
            unknown.append(it)
            continue
        recorded[rid] = recorded.get(rid, 0) + (it.value if it.value is not None else expected.get(rid, 0))
    return recorded, unknown


def item_differences(rs: Ruleset, analysis: WinAnalysis, fl: r.FanLine) -> dict[str, str]:
    """Each value item whose record differs from what the rules give, by id, with the
    difference in words, in the order of the ids: the audit's `fan-mismatch` lists them, and a
    report marks those rows (and no other).  An item the ruleset lets a line leave out
    (`Ruleset.optional_items`, riichi's ``fu``) is no difference when it is not recorded, and
    nothing is when the line records a total only."""
    if not fl.items:
        return {}
    expected = item_totals(analysis.items)
    recorded, _ = recorded_items(rs, analysis, fl)
    out: dict[str, str] = {}
    for rid in sorted(set(recorded) | set(expected)):
        got, want = recorded.get(rid), expected.get(rid)
        if want is None:
            out[rid] = f"{rid} {got} is recorded but not earned"
        elif got is None:
            if rid not in rs.optional_items:
                out[rid] = f"{rid} {want} is earned but not recorded"
        elif got != want:
            out[rid] = f"{rid} is recorded as {got}, the rules give {want}"
    return out


def _audit_fan(rs: Ruleset, st: HandState, result: HandResult, fl: r.FanLine) -> None:
    unit = rs.unit
    if fl.seat not in result.winners:
        who = ", ".join(result.winners) if result.winners else "nobody"
        st.error("fan-mismatch",
                 f"a value is recorded for {fl.seat}, but {fl.seat} did not win this hand (winner: {who})",
                 fl.span, "common.result")
        return
    analysis: WinAnalysis = result.wins[result.winners.index(fl.seat)]
    if not analysis.checked:
        return  # the winner's tiles are unknown: the unchecked-win warning says why
    expected = item_totals(analysis.items)
    recorded, unknown = recorded_items(rs, analysis, fl, expected)
    listed = False  # the ruleset's items are listed once a line, not once an unknown item
    for it in unknown:
        if listed:
            st.error("unknown-fan-item", f"{it.name!r} is not a value item of {rs.name} either",
                     it.span, "common.result")
        else:
            known = ", ".join(sorted({v for v in rs.item_ids().values()}))
            st.error("unknown-fan-item",
                     f"{it.name!r} is not a value item of {rs.name}; its items are: {known}",
                     it.span, "common.result")
            listed = True
    if fl.total == analysis.total and (recorded == expected or not fl.items):
        # The line agrees with the rules item by item (what the comparison below would find
        # when each item recorded is one earned, at its value): nothing to report.
        return
    problems: list[str] = []
    rule: str | None = None
    if fl.total != analysis.total:
        problems.append(f"recorded {fl.total} {unit}, the rules give {analysis.total}")
    for rid, problem in item_differences(rs, analysis, fl).items():
        problems.append(problem)
        if not rule:
            # The rule cited: the first item whose value differs, looked up only then.
            item_rule = next((i.rule for i in analysis.items if i.id == rid), None)
            if item_rule is None:
                item_rule = f"{rs.rule_prefix()}.{_kind(rs)}.{rid}"
            rule = item_rule if item_rule in rs.rules else None
    if problems:
        st.error(
            "fan-mismatch",
            f"{fl.seat}'s value: " + "; ".join(problems)
            + f" (the rules: {analysis.total} {unit} = {format_items(analysis.items)})",
            fl.span,
            rule or "common.result",
        )


def _kind(rs: Ruleset) -> str:
    """The middle part of the ruleset's value item ids (``tai``, ``fan`` …), found once per rule table."""
    hit = _KINDS.get(id(rs.rules))
    if hit is not None and hit[0] is rs.rules:
        return hit[1]
    found = "fan"
    for rid in rs.rules:
        parts = rid.split(".")
        if len(parts) == 3 and parts[1] in VALUE_KINDS:
            found = parts[1]
            break
    _KINDS[id(rs.rules)] = (rs.rules, found)
    return found


_KINDS: dict[int, tuple[object, str]] = {}


def _audit_score(rs: Ruleset, st: HandState, result: HandResult, sl: r.ScoreLine) -> None:
    seats = rs.seats
    recorded: Payments = dict(sl.payments)
    if tuple(recorded) != seats:
        # The line does not name each seat in seat order (the usual line, whose payments are
        # taken as they are above): each seat's payment, 0 where none is named.
        recorded = dict.fromkeys(seats, 0)
        for seat, amount in sl.payments:
            if seat not in seats:
                st.error("bad-seat", f"seat {seat} does not play in {rs.name}", sl.span, "common.header")
                continue
            recorded[seat] = amount
    result.recorded_payments = recorded
    for w in result.wins:
        if not w.checked:
            return  # a win could not be checked, so neither can its payments
    if not rs.table_pot and sum(recorded.values()) != 0:
        st.add("warning", "score-unbalanced",
               f"the recorded payments add up to {_signed(sum(recorded.values()))}, not 0",
               sl.span, "common.result")
    if recorded == result.payments:
        return  # (every seat's as the rules give it, each seat in both)
    diffs = [s for s in rs.seats if recorded[s] != result.payments.get(s, 0)]
    if diffs:
        rule = next((t.rule for t in result.transfers if t.rule != rs.rule("payment")), rs.rule("payment"))
        shown = "; ".join(
            f"{s} recorded {_signed(recorded[s])}, the rules give {_signed(result.payments.get(s, 0))}"
            for s in diffs
        )
        st.error("score-mismatch", f"payments differ: {shown} ({explain_transfers(result.transfers, result.notes)})",
                 sl.span, rule)


def audit_recorded_results(rs: Ruleset, st: HandState, result: HandResult, lines: list[r.Action]) -> None:
    scores: list[r.ScoreLine] = []
    seen: set[str] = set()
    for line in lines:
        if isinstance(line, r.ScoreLine):
            scores.append(line)
        elif isinstance(line, r.FanLine):
            if line.seat in seen:
                st.error("duplicate-line", f"a second fan line for {line.seat}", line.span, "common.result")
                continue
            seen.add(line.seat)
            _audit_fan(rs, st, result, line)
    for i, sl in enumerate(scores):
        if i:
            st.error("duplicate-line", "a second score line for this hand", sl.span, "common.result")
            continue
        _audit_score(rs, st, result, sl)
