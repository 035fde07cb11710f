"""Teaching notes: how good each discard was, and the wins and claims a player let pass.

They are findings of severity ``note`` (codes ``teaching-discard``, ``missed-win`` and
``missed-claim``), so `paipu check --annotate` prints them and reports show them at their
step, told apart from a teacher's own glyphs and annotations.  Whether a hand wins and
what it is worth is always the ruleset's answer, through the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import paipu.record as r
from paipu.analysis.reading import pong_percent, state_knowledge
from paipu.findings import Finding, note
from paipu.hand.effective import DiscardChoice, EffectiveTile, discard_shanten, effective_kinds, split_wild
from paipu.hand.shanten import shanten, waits
from paipu.record import Record, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer, replay
from paipu.replay.settle import format_items
from paipu.replay.state import HandState
from paipu.tiles import ALL_TILES, Tile

TEACHING_CODES = ("teaching-discard", "teaching-danger", "missed-win", "missed-claim")

SAYINGS: dict[str, str] = {
    "edge": "搭子少丢边张，搭子多丢中张",
    "single-wait": "吊牌：打4吊1、7，打5吊2、8",
    "late-fresh": "后局他家打生张，附近皆危险",
}
"""The 口诀 (sayings) of the strategy text that notes quote where a position shows one
(docs/analysis.md, "Sayings")."""

LATE_WALL = 30
"""后局, the late part of a hand: this many tiles or fewer left in the wall (about the last third)."""


def from_ready(n: int) -> str:
    """A shanten in words: complete, ready, or ``n`` from ready."""
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


_EFFECTIVE: dict[tuple[tuple[int, ...], tuple[int, ...], int, tuple[str, ...]], tuple[int, ...]] = {}
_EFFECTIVE_MAX = 1 << 16


def _effective(hand: tuple[int, ...], wild_kinds: tuple[int, ...], melds: int, shapes: tuple[str, ...],
               now: int | None = None) -> tuple[int, ...]:
    """The effective kinds of a hand one tile short (`paipu.hand.effective.effective_kinds`;
    ``now``, its shanten if known).  They depend on the hand only, the unseen counts on the
    table, so they are kept for the process: a replay that meets the same hand again (a seat
    keeps its hand while others play; the hand after a 摸切 is the hand before the draw; the
    report's board asks what the notes asked) asks once."""
    key = (hand, wild_kinds, melds, shapes)
    kinds = _EFFECTIVE.get(key)
    if kinds is None:
        kinds = effective_kinds(hand, wild_kinds=wild_kinds, melds=melds, shapes=shapes, now=now)
        if len(_EFFECTIVE) >= _EFFECTIVE_MAX:
            _EFFECTIVE.clear()
        _EFFECTIVE[key] = kinds
    return kinds


@functools.lru_cache(maxsize=1 << 14)
def _discard_shanten(hand: tuple[int, ...], wild_kinds: tuple[int, ...], melds: int,
                     shapes: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """`paipu.hand.effective.discard_shanten` of a hand one tile over, as (kind, shanten) pairs."""
    return tuple(discard_shanten(hand, wild_kinds=wild_kinds, melds=melds, shapes=shapes).items())


def _with_unseen(kinds: tuple[int, ...], unseen: Sequence[int],
                 wild_kinds: tuple[int, ...]) -> tuple[EffectiveTile, ...]:
    return tuple(EffectiveTile(ALL_TILES[k], unseen[k], k in wild_kinds) for k in kinds)


def short_hand(hand: Sequence[int], *, wild_kinds: Sequence[int], melds: int, shapes: tuple[str, ...],
               visible: Sequence[int]) -> tuple[int, tuple[EffectiveTile, ...]]:
    """A hand one tile short: its shanten and its effective tiles, each with how many are unseen
    (4, less the hand's own and the ``visible`` ones).  `ValueError` for a hand of the wrong size."""
    h = tuple(hand[:34])
    wild = tuple(sorted(set(wild_kinds)))
    now = _hand_shanten(h, wild, melds, shapes)
    eff = _effective(h, wild, melds, shapes)
    return now, _with_unseen(eff, [max(0, 4 - h[k] - visible[k]) for k in range(34)], wild)


@functools.lru_cache(maxsize=1 << 14)
def _hand_shanten(hand: tuple[int, ...], wild: tuple[int, ...], melds: int, shapes: tuple[str, ...]) -> int:
    real, n_wild = split_wild(hand, wild)
    return shanten(real, n_wild, melds=melds, shapes=shapes, wild_in_play=bool(wild))


def hand_shanten(hand: Sequence[int], *, wild_kinds: Sequence[int], melds: int, shapes: tuple[str, ...]) -> int:
    """The shanten of a whole concealed hand (wildcard tiles included, 34 slots) of any legal size."""
    return _hand_shanten(tuple(hand[:34]), tuple(sorted(set(wild_kinds))), melds, shapes)


def discard_choices(hand: Sequence[int], *, wild_kinds: Sequence[int], melds: int, shapes: tuple[str, ...],
                    visible: Sequence[int], keep: int | None = None, limit: int | None = None) -> list[DiscardChoice]:
    """The best discards of a hand one tile over: those that leave the lowest shanten, best
    first as `paipu.hand.effective.discards` orders them (most unseen effective tiles, most
    effective kinds, tile order), then ``keep`` (the kind actually discarded) if it is not
    among them.  Effective tiles are looked up for those only, not for every discard; with
    ``limit``, only the first ``limit`` of the best are kept (and ``keep``).
    `ValueError` for a hand of the wrong size."""
    h = list(hand[:34])
    wild = tuple(sorted(set(wild_kinds)))
    after = _discard_shanten(tuple(h), wild, melds, shapes)
    if not after:
        raise ValueError("an empty hand has no discards")
    unseen = [max(0, 4 - h[k] - visible[k]) for k in range(34)]
    low = min(sh for _, sh in after)
    ranked: list[tuple[int, int, int, int, tuple[int, ...]]] = []
    for k, sh in after:
        if sh != low and k != keep:
            continue
        h[k] -= 1
        eff = _effective(tuple(h), wild, melds, shapes, sh)
        h[k] += 1
        ranked.append((sh, -sum(unseen[e] for e in eff), -len(eff), k, eff))
    ranked.sort(key=lambda c: c[:4])
    return [DiscardChoice(ALL_TILES[k], sh, _with_unseen(eff, unseen, wild))
            for i, (sh, _, _, k, eff) in enumerate(ranked) if limit is None or i < limit or k == keep]


def _discard_note(rp: HandEngine, a: r.Discard, shapes: tuple[str, ...]) -> Finding | None:
    st = rp.st
    ss = st.seats[a.seat]
    if any(ss.counts[34:]) or not ss.counts[a.tile.index]:
        return None
    try:
        choices = discard_choices(ss.counts, wild_kinds=st.wild_kinds, melds=len(ss.melds), shapes=shapes,
                                  visible=visible_tiles(st, a.seat), keep=a.tile.index, limit=1)
    except ValueError:
        return None  # a hand of the wrong size: an error finding already says why
    mine: DiscardChoice = next(c for c in choices if c.tile == a.tile)
    best = choices[0]
    text = (f"{a.seat} discards {a.tile}: {from_ready(mine.shanten)} after it, "
            f"{mine.unseen} effective tiles unseen")
    is_best = (mine.shanten, -mine.unseen) <= (best.shanten, -best.unseen)
    if not is_best:
        text += f"; best was {best.tile}: {from_ready(best.shanten)}, {best.unseen} effective tiles"
    else:
        text += " (the best discard)"
    pong = _pong_chance(rp, a)
    if pong:
        text += f"; discarding {a.tile} now: {pong}% that someone can pong it"
    saying = saying_for_discard(ss.counts, a.tile, is_best, mine.shanten, rp, a.seat)
    if saying:
        text += f" ({saying})"
    return note("teaching-discard", text, a.span, subject=a.seat)


def _pong_chance(rp: HandEngine, a: r.Discard) -> int:
    """The percent chance, from what the discarder can know, that an opponent holds a pair or
    more of the discarded kind (`paipu.analysis.reading`)."""
    if a.tile.index >= 34:
        return 0
    return pong_percent(state_knowledge(rp.st, a.seat, rp.rs.seats, rp.rs.tile_counts), a.tile.index)


def _partial_sets(counts: Sequence[int]) -> int:
    """How many 搭子 (two tiles of a suit one or two apart, or a pair) the hand holds, counted
    greedily without sharing a tile."""
    c = list(counts[:34])
    found = 0
    for k in range(34):
        while c[k] >= 2:
            c[k] -= 2
            found += 1
        if k < 27 and c[k]:
            for step in (1, 2):
                j = k + step
                if j < 27 and j // 9 == k // 9 and c[j]:
                    c[k] -= 1
                    c[j] -= 1
                    found += 1
                    break
    return found


def saying_for_discard(counts: Sequence[int], tile: Tile, is_best: bool, after: int, rp: HandEngine,
                        seat: r.Seat) -> str:
    """The 口诀 (docs/analysis.md, "Sayings") that this discard shows, if one does."""
    if tile.is_suited and is_best:
        partial = _partial_sets(counts)
        edge = tile.rank in (1, 2, 8, 9)
        if edge and partial <= 2:
            return SAYINGS["edge"]
        if 3 <= tile.rank <= 7 and partial >= 5:
            return SAYINGS["edge"]
    if tile.is_suited and after == 0:
        hand = list(counts[:34])
        hand[tile.index] -= 1
        ss = rp.st.seats[seat]
        waiting = waits(hand, 0, melds=len(ss.melds), shapes=rp.rs.shapes, fifth=True) if not rp.st.wild_kinds else []
        if len(waiting) == 1 and waiting[0] < 27 and waiting[0] // 9 == tile.index // 9 and abs(
                waiting[0] - tile.index) == 3 and hand[waiting[0]] == 1:
            return SAYINGS["single-wait"]
    return ""


def _danger_note(rp: HandEngine, a: r.Discard) -> Finding | None:
    """Late in a hand, a discard of a kind nobody has discarded yet (生张) warns of its neighbours."""
    st = rp.st
    if a.tile.index >= 27 or st.wall.size > LATE_WALL:
        return None
    if any(t == a.tile for ss in st.seats.values() for t, _ in ss.discards):
        return None
    lo = max(a.tile.rank - 2, 1)
    hi = min(a.tile.rank + 2, 9)
    near = " ".join(f"{k}{a.tile.suit}" for k in range(lo, hi + 1) if k != a.tile.rank)
    return note("teaching-danger",
                f"late in the hand ({st.wall.size} tiles left), {a.seat} discards {a.tile}, a kind nobody has "
                f"discarded yet: {SAYINGS['late-fresh']}; {near} are dangerous now", a.span)


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
                f"({format_items(win.items)})", a.span, rp.rs.rule_or_common("winning", "common.win"), a.seat)


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
                                f"({format_items(win.items)})", a.span, "common.priority", seat))
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
        danger = _danger_note(rp, a)
        if danger is not None:
            out.append(danger)
    return out


def teaching_notes(record: Record, ruleset: Ruleset) -> list[Finding]:
    """Every teaching note of a record, in line order (a replay of its own; an audit with
    ``annotate`` gets them from its single pass instead)."""
    notes = TeachingNotes()
    replay(record, ruleset=ruleset, observers=[notes])
    return notes.findings()
