"""Teaching notes: how good each discard was, and the wins and claims a player let pass.

They are findings of severity ``note`` (codes ``teaching-discard``, ``missed-win`` and
``missed-claim``), so `paipu check --annotate` prints them and reports show them at their
step, told apart from a teacher's own glyphs and annotations.  Whether a hand wins and
what it is worth is always the ruleset's answer, through the engine.
"""

from __future__ import annotations

import paipu.record as r
from paipu.findings import Finding, note
from paipu.hand.shanten import DiscardChoice, discards
from paipu.record import Record, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer, replay
from paipu.replay.settle import format_items
from paipu.replay.state import HandState

TEACHING_CODES = ("teaching-discard", "missed-win", "missed-claim")


def _from_ready(n: int) -> str:
    if n <= -1:
        return "complete"
    if n == 0:
        return "ready"
    return f"{n} from ready"


def visible_tiles(st: HandState, seat: Seat) -> list[int]:
    """What ``seat`` can see besides its own hand: every discard still on the table and the
    exposed melds (others' concealed kongs lie face down)."""
    seen = [0] * 34
    for other, ss in st.seats.items():
        for tile, claimed in ss.discards:
            if not claimed and tile.index < 34:
                seen[tile.index] += 1
        for m in ss.melds:
            if m.kind == "ankong" and other != seat:
                continue
            for t in m.tiles:
                seen[t.index] += 1
    return [min(n, 4) for n in seen]


def _discard_note(rp: HandEngine, a: r.Discard, shapes: tuple[str, ...]) -> Finding | None:
    st = rp.st
    ss = st.seats[a.seat]
    if any(ss.counts[34:]) or not ss.counts[a.tile.index]:
        return None
    try:
        choices = discards(ss.counts[:34], wild_kinds=st.wild_kinds, melds=len(ss.melds), shapes=shapes,
                           visible=visible_tiles(st, a.seat))
    except ValueError:
        return None  # a hand of the wrong size: an error finding already says why
    mine: DiscardChoice = next(c for c in choices if c.tile == a.tile)
    best = choices[0]
    text = (f"{a.seat} discards {a.tile}: {_from_ready(mine.shanten)} after it, "
            f"{mine.unseen} effective tiles unseen")
    if (mine.shanten, -mine.unseen) > (best.shanten, -best.unseen):
        text += f"; best was {best.tile}: {_from_ready(best.shanten)}, {best.unseen} effective tiles"
    else:
        text += " (the best discard)"
    return note("teaching-discard", text, a.span)


def _missed_self_draw(rp: HandEngine, a: r.SeatAction) -> Finding | None:
    st = rp.st
    ss = st.seats[a.seat]
    if st.phase != "discard" or a.seat != st.turn or not ss.drew_since_claim or ss.last_drawn is None:
        return None
    win = rp.analyse(rp.self_draw_context(a.seat), None)
    if not win.is_win:
        return None
    return note("missed-win",
                f"{a.seat} could have won on the drawn {ss.last_drawn}: {win.total} {rp.rs.unit} "
                f"({format_items(win.items)})", a.span, rp.rs.rule_or_common("winning", "common.win"))


def _missed_claims(rp: HandEngine, a: r.Action, shapes: tuple[str, ...]) -> list[Finding]:
    """At the draw that closes a claim window: the wins on that discard nobody declared."""
    st = rp.st
    ld = st.last_discard
    if ld is None or st.phase != "claim" or ld.claimed_by is not None or ld.winners:
        return []
    out: list[Finding] = []
    for seat in rp.rs.seats_after(ld.seat):
        if rp.rs.may_win_on_discard(st, seat) and st.seats[seat].passed_on != ld.serial:
            win = rp.analyse(rp.discard_context(seat, ld), ld.tile)
            if win.is_win:
                out.append(note("missed-claim",
                                f"{seat} could have won on {ld.seat}'s {ld.tile}: {win.total} {rp.rs.unit} "
                                f"({format_items(win.items)})", a.span, "common.priority"))
    return out


class TeachingNotes(Observer):
    """Watches a replay and notes, before each action, how it compares with the best play."""

    def __init__(self) -> None:
        self.notes: list[Finding] = []

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        self.notes.extend(notes_before(engine, action))

    def findings(self) -> list[Finding]:
        return sorted(self.notes, key=lambda f: (f.line, f.column))


def notes_before(rp: HandEngine, a: r.Action) -> list[Finding]:
    """The teaching notes about the moment just before ``a`` is played."""
    if rp.st.ended:
        return []
    out: list[Finding] = []
    shapes = rp.rs.shapes
    if isinstance(a, r.Draw):
        out.extend(_missed_claims(rp, a, shapes))
    if isinstance(a, (r.Discard, r.AnKong, r.AddKong)):
        missed = _missed_self_draw(rp, a)
        if missed is not None:
            out.append(missed)
    if isinstance(a, r.Discard) and rp.st.phase == "discard" and a.seat == rp.st.turn:
        n = _discard_note(rp, a, shapes)
        if n is not None:
            out.append(n)
    return out


def teaching_notes(record: Record, ruleset: Ruleset) -> list[Finding]:
    """Every teaching note of a record, in line order (a replay of its own; an audit with
    ``annotate`` gets them from its single pass instead)."""
    notes = TeachingNotes()
    replay(record, ruleset=ruleset, observers=[notes])
    return notes.findings()
