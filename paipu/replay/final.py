"""The end of a record: what a platform recorded about it, audited.

A record may state each seat's score at its end (``[Final E "31300"]``) and its final points
after uma and oka (``[Points E "+51.3"]``), as the platform recorded them.  The replay's own
final scores are the start scores plus every payment plus what the end of the game moved
(`Ruleset.settle_game`); the points are the ruleset's (`Ruleset.final_points`).  A seat
without a tag is not recorded, never a mismatch (docs/format.md, Header tags).
"""

from __future__ import annotations

from paipu.findings import Finding, PackedFindings
from paipu.record import Record, Seat, format_points, points_tenths
from paipu.replay.result import GameEnd, SessionState
from paipu.replay.ruleset import Ruleset

FINAL_RULE = "common.final"


def audit_final(record: Record, rs: Ruleset, session: SessionState, end: GameEnd,
                findings: PackedFindings) -> None:
    """Compare the record's ``[Final]`` and ``[Points]`` tags with the replay's end (``session``
    holds the final scores, ``end`` what the end of the game moved); add a finding for each
    difference."""
    h = record.header
    if not h.finals and not h.points:
        return
    seats = rs.seats
    # A record without [Score] tags counts from 0; what it records at its end is absolute.
    offset = 0 if session.has_start_scores else rs.start_score()
    start: dict[Seat, int] = {s: offset for s in seats}
    for tag in h.scores:
        if tag.seat in start:
            start[tag.seat] = int(tag.value)
    final = {s: session.scores.get(s, 0) + offset for s in seats}
    for tag in h.finals:
        if tag.seat not in final:
            continue  # a seat the ruleset does not seat: the session said so
        recorded = int(tag.value)
        want = final[tag.seat]
        if recorded == want:
            continue
        moved = end.payments.get(tag.seat, 0)
        paid = want - start[tag.seat] - moved
        parts = f"{start[tag.seat]} at the start, {paid:+d} in payments"
        if moved:
            parts += f", {moved:+d} at the end of the game"
        findings.append(Finding("error", "final-mismatch",
                                f"[Final {tag.seat}] records {recorded}; the rules give {want} ({parts})",
                                tag.span, end.rule if moved else FINAL_RULE))
    if not h.points:
        return
    points = rs.final_points(final)
    if points is None:
        first = h.points[0]
        findings.append(Finding("note", "points-unchecked",
                                f"[Points] is recorded, but {rs.name} has no rule for final points: "
                                "they are kept, not checked", first.span, FINAL_RULE))
        return
    for tag in h.points:
        got = points_tenths(tag.value)
        want_points = points.get(tag.seat)
        if got is None or want_points is None or got == want_points.tenths:
            continue
        findings.append(Finding("error", "points-mismatch",
                                f"[Points {tag.seat}] records {format_points(got)}; the rules give "
                                f"{format_points(want_points.tenths)} ({want_points.why})",
                                tag.span, rs.rule("points")))
