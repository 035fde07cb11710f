"""Reading the table from one seat: what it can know, and who is likely to hold what (猜牌).

At any step of a replay a seat knows its own concealed tiles, every discard on the table
(claimed ones are in the melds that took them), every exposed meld, and how many concealed
tiles each opponent holds; a concealed kong is face down, a drawn tile is hidden.  From
exactly that, `seat_knowledge` builds what `paipu.hand.inference` needs, and `pong_odds`
gives for each kind the exact chance that some opponent holds two or more of it (so that
a discard of it could be ponged), with the observation "nobody has discarded one" where it
holds.  Nothing here knows a rule or looks at a hidden tile: the teaching view and the
teaching notes use it to say only what the seat could have worked out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol

from paipu.hand.inference import pair_or_more, pair_or_more_kept
from paipu.record import Seat
from paipu.replay.result import SeatView, TableView
from paipu.tiles import Tile

if TYPE_CHECKING:
    from paipu.replay.state import HandState

__all__ = [
    "DISCARD_PROB", "KindOdds", "KnowledgeReader", "RiverTally", "SeatKnowledge", "live_kinds", "pong_odds",
    "pong_percent", "pong_percents", "position", "seat_knowledge", "state_knowledge",
]

DISCARD_PROB: Final = Fraction(9, 10)
"""How likely a holder of a lone copy has let it go by now: the published teaching example's
figure (docs/analysis.md), used wherever no other is given."""


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """Everything one seat can know about the tiles at one step."""

    seat: Seat
    mine: tuple[int, ...]
    """The seat's own concealed tiles, 34 counts."""
    seen: tuple[int, ...]
    """Every other copy face up: discards still on the table, exposed melds (34 counts)."""
    discarded: frozenset[int]
    """The kinds some opponent has discarded (claimed or not) this hand."""
    hands: tuple[int, ...]
    """Each opponent's concealed tile count, in seat order after ``seat``."""
    opponents: tuple[Seat, ...]
    wall: int
    """Unseen tiles in no hand: the live wall, the dead wall, anything not shown."""
    copies: tuple[int, ...]
    """Copies of each of the 34 kinds in the ruleset's set."""


@dataclass(frozen=True, slots=True)
class KindOdds:
    """The chance that some opponent holds two or more copies of a kind (it could be ponged)."""

    kind: int
    pair_or_more: Fraction
    unseen: int
    observed: bool
    """True when no opponent has discarded the kind, so the observation weighs in."""


class _Meld(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def tiles(self) -> Sequence[Tile]: ...


class RiverTally:
    """One seat's river as counts: face-up discards (``seen``: a claimed one is counted in the
    meld that took it) and discards of each kind, claimed or not (``thrown``), 34 slots each."""

    __slots__ = ("seen", "thrown")

    def __init__(self) -> None:
        self.seen = [0] * 34
        self.thrown = [0] * 34

    def add(self, river: Sequence[Sequence[Any]], sign: int = 1) -> None:
        """Count ``(tile, claimed)`` pairs in (``sign`` 1) or out (-1)."""
        seen, thrown = self.seen, self.thrown
        for tile, claimed in river:
            k = tile.index
            if k < 34:
                thrown[k] += sign
                if not claimed:
                    seen[k] += sign


def _tallies(rivers: dict[Seat, Sequence[Sequence[Any]]]) -> dict[Seat, RiverTally]:
    out = {}
    for s, river in rivers.items():
        out[s] = tally = RiverTally()
        tally.add(river)
    return out


def _knowledge(seat: Seat, seats: Sequence[Seat], copies: Sequence[int], own: Sequence[int],
               rivers: dict[Seat, RiverTally], melds: dict[Seat, Sequence[_Meld]],
               sizes: dict[Seat, int]) -> SeatKnowledge:
    """What ``seat`` can know from its own concealed counts (``own``, 34 or more slots), every
    seat's river (as counts), melds and concealed tile count."""
    mine = list(own[:34])
    seen = [0] * 34
    discarded: set[int] = set()
    start = seats.index(seat)
    order = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
    for s in seats:
        tally = rivers[s]
        seen = [a + b for a, b in zip(seen, tally.seen, strict=True)]
        if s != seat:
            discarded.update(k for k, n in enumerate(tally.thrown) if n)
        for m in melds[s]:
            if m.kind == "ankong" and s != seat:
                continue  # face down: its kind is unknown to the seat
            target = mine if m.kind == "ankong" else seen
            for t in m.tiles:
                if t.index < 34:
                    target[t.index] += 1
    hands = tuple(sizes[s] for s in order)
    total = sum(copies[:34])
    hidden_kongs = sum(4 for s in order for m in melds[s] if m.kind == "ankong")
    wall = total - sum(mine) - sum(seen) - sum(hands) - hidden_kongs
    # Face-down kongs of others are unseen places that hold whole kinds; the model keeps them
    # out of the places (their kinds are unknown, their tiles are in no one's hand to discard).
    return SeatKnowledge(seat, tuple(mine), tuple(seen), frozenset(discarded), hands, tuple(order),
                         max(wall, 0), tuple(copies[:34]))


def seat_knowledge(view: TableView, seat: Seat, seats: Sequence[Seat], copies: Sequence[int]) -> SeatKnowledge:
    """What ``seat`` can know at the step ``view`` shows (a report's table snapshot)."""
    mine = [0] * 34
    for t in view.seats[seat].concealed:
        if t.index < 34:
            mine[t.index] += 1
    return _knowledge(seat, seats, copies, mine, _tallies({s: view.seats[s].discards for s in seats}),
                      {s: view.seats[s].melds for s in seats}, {s: len(view.seats[s].concealed) for s in seats})


class KnowledgeReader:
    """`seat_knowledge` for the steps of a replay read one after another (a report's teaching
    view): each seat's river is counted from what changed since the step read before
    (`SeatView.river_change`), not afresh, so a long hand costs time in proportion to it."""

    def __init__(self, seat: Seat, seats: Sequence[Seat], copies: Sequence[int]) -> None:
        self.seat, self.seats, self.copies = seat, tuple(seats), copies
        self._last: dict[Seat, SeatView | None] = dict.fromkeys(self.seats)
        self._rivers = {s: RiverTally() for s in self.seats}

    def read(self, view: TableView) -> SeatKnowledge:
        """What the seat can know at the step ``view`` shows (the same as `seat_knowledge`)."""
        for s in self.seats:
            side, last = view.seats[s], self._last[s]
            if side is not last:
                _, before, now = side.river_change(last)
                tally = self._rivers[s]
                tally.add(before, -1)
                tally.add(now)
                self._last[s] = side
        mine = [0] * 34
        for t in view.seats[self.seat].concealed:
            if t.index < 34:
                mine[t.index] += 1
        return _knowledge(self.seat, self.seats, self.copies, mine, self._rivers,
                          {s: view.seats[s].melds for s in self.seats},
                          {s: len(view.seats[s].concealed) for s in self.seats})


class StateReader:
    """`state_knowledge` for the steps of one hand read one after another from a replay's live
    state (a report's teaching view): each seat's river is counted from what changed since the
    step read before, not afresh, so a long hand costs time in proportion to it."""

    def __init__(self, seat: Seat, seats: Sequence[Seat], copies: Sequence[int]) -> None:
        self.seat, self.seats, self.copies = seat, tuple(seats), copies
        self._read: dict[Seat, int] = dict.fromkeys(self.seats, 0)
        self._last: dict[Seat, Any] = dict.fromkeys(self.seats)
        self._rivers = {s: RiverTally() for s in self.seats}

    def read(self, st: HandState) -> SeatKnowledge:
        """What the seat can know now (the same as `state_knowledge`)."""
        for s in self.seats:
            river: Sequence[Any] = st.seats[s].discards
            n, k = len(river), self._read[s]
            tally = self._rivers[s]
            if n < k:
                tally = self._rivers[s] = RiverTally()
                k = 0
            elif k and river[k - 1] is not self._last[s]:
                tally.add([self._last[s]], -1)  # the last discard read was claimed since
                tally.add([river[k - 1]])
            if n > k:
                tally.add(river[k:n])
            self._read[s] = n
            self._last[s] = river[n - 1] if n else None
        return _knowledge(self.seat, self.seats, self.copies, st.seats[self.seat].counts, self._rivers,
                          {s: st.seats[s].melds for s in self.seats}, {s: st.seats[s].size for s in self.seats})


def state_knowledge(st: HandState, seat: Seat, seats: Sequence[Seat], copies: Sequence[int]) -> SeatKnowledge:
    """`seat_knowledge` read straight from a replay's live state (no snapshot is made): what the
    teaching notes ask before every discard."""
    return _knowledge(seat, seats, copies, st.seats[seat].counts, _tallies({s: st.seats[s].discards for s in seats}),
                      {s: st.seats[s].melds for s in seats}, {s: st.seats[s].size for s in seats})


def pong_odds(know: SeatKnowledge, discard_prob: Fraction = DISCARD_PROB) -> tuple[KindOdds, ...]:
    """For each kind the seat could discard, how likely some opponent holds two or more."""
    out = []
    for k in range(34):
        copies = know.copies[k]
        if not copies:
            continue
        mine, seen = know.mine[k], min(know.seen[k], copies - know.mine[k])
        observed = k not in know.discarded
        unseen = copies - mine - seen
        try:
            chance = pair_or_more(unseen, know.hands, know.wall, discard_prob if observed else 0)
        except ValueError:
            continue  # counts that cannot all exist (a record with errors): say nothing
        out.append(KindOdds(k, chance, unseen, observed))
    return tuple(out)


def pong_percents(know: SeatKnowledge, discard_prob: Fraction = DISCARD_PROB) -> dict[int, int]:
    """`pong_odds` as whole percents, by kind: what the report's heat row shows at every step
    (integer arithmetic on cached exact answers: a long report asks it half a million times)."""
    keep = 1 - discard_prob
    hands = tuple(sorted(know.hands))
    out: dict[int, int] = {}
    for k in range(34):
        copies = know.copies[k]
        if not copies:
            continue
        mine = know.mine[k]
        unseen = copies - mine - min(know.seen[k], copies - mine)
        observed = k not in know.discarded
        try:
            out[k] = _percent(unseen, hands, know.wall, keep.numerator if observed else 1,
                              keep.denominator if observed else 1)
        except ValueError:
            continue
    return out


def pong_percent(know: SeatKnowledge, kind: int, discard_prob: Fraction = DISCARD_PROB) -> int:
    """`pong_percents` of one kind only (0 when the counts cannot all exist)."""
    copies = know.copies[kind] if kind < 34 else 0
    if not copies:
        return 0
    keep = 1 - discard_prob
    mine = know.mine[kind]
    unseen = copies - mine - min(know.seen[kind], copies - mine)
    observed = kind not in know.discarded
    try:
        return _percent(unseen, tuple(sorted(know.hands)), know.wall, keep.numerator if observed else 1,
                        keep.denominator if observed else 1)
    except ValueError:
        return 0


@functools.lru_cache(maxsize=1 << 16)
def _percent(unseen: int, hands: tuple[int, ...], wall: int, keep_num: int, keep_den: int) -> int:
    chance = pair_or_more_kept(unseen, hands, wall, keep_num, keep_den)
    return (200 * chance.numerator + chance.denominator) // (2 * chance.denominator)


def live_kinds(know: SeatKnowledge) -> tuple[int, ...]:
    """The kinds of which some copy is still unseen by the seat: a wait on them can still be
    completed (what a ready opponent's declaration leaves open)."""
    return tuple(k for k in range(34) if know.copies[k] - know.mine[k] - know.seen[k] > 0)


def position(view: TableView, seat: Seat, seats: Sequence[Seat], copies: Sequence[int], shapes: Sequence[str],
             wild_kinds: Sequence[int] = (), discard_prob: Fraction = DISCARD_PROB) -> dict[str, Any]:
    """The teaching view of one seat at one step, as plain data: its hand analysed against
    what it can see, who could pong each kind, and what is still live for ready opponents."""
    from paipu.hand.effective import analyse
    from paipu.tiles import ALL_TILES, format_tiles

    know = seat_knowledge(view, seat, seats, copies)
    sv = view.seats[seat]
    hand = [0] * 34
    for t in sv.concealed:
        if t.index < 34:
            hand[t.index] += 1
    visible = [min(n, 4) for n in know.seen]
    out: dict[str, Any] = {
        "seat": seat,
        "hand": format_tiles(t for t in sv.concealed),
        "melds": [format_tiles(m.tiles) for m in sv.melds],
        "wall": view.wall_left,
        "opponents": {s: n for s, n in zip(know.opponents, know.hands, strict=True)},
    }
    total = sum(hand) + 3 * len(sv.melds)
    if total in (13, 14) and not any(t.index >= 34 for t in sv.concealed):
        try:
            a = analyse(hand, wild_kinds=wild_kinds, melds=len(sv.melds), shapes=tuple(shapes), visible=visible)
        except ValueError:
            a = None
        if a is not None:
            out["shanten"] = a.shanten
            out["effective"] = [{"tile": str(e.tile), "unseen": e.unseen} for e in a.effective]
            out["discards"] = [{"tile": str(d.tile), "shanten": d.shanten, "unseen": d.unseen} for d in a.discards]
    out["pong_odds"] = [{"tile": str(ALL_TILES[o.kind]), "pair_or_more": float(o.pair_or_more),
                         "fraction": f"{o.pair_or_more.numerator}/{o.pair_or_more.denominator}",
                         "unseen": o.unseen, "nobody_discarded": o.observed} for o in pong_odds(know, discard_prob)]
    ready = [s for s in know.opponents if view.seats[s].ready]
    out["ready_opponents"] = {s: [str(ALL_TILES[k]) for k in live_kinds(know)] for s in ready}
    return out
