"""The simulator's win tests: each seat's readiness kept while its hand stays as it is.

The engine asks whether a seat could win (`paipu.replay.engine.HandEngine.could_win`) on every
discard and every draw, for each seat.  A seat's tiles change only by its own moves, so while
the others discard its answer is looked up, not worked out again; any change of its counts or
melds starts afresh.  The bots' shanten table (`paipu.sim.simulate.ShantenCache`) answers
what is worked out, so the bots and the engine share its answers; the answers are the same as
the engine's own tests.
"""

from __future__ import annotations

from collections.abc import Callable

from paipu.hand.complete import far_tiles_may_complete, quick_complete
from paipu.record import Seat
from paipu.replay.engine import holds_flower
from paipu.replay.state import HandState
from paipu.tiles import Tile


class KeptHand:
    """What the win tests found of one seat's hand as it was when kept."""

    def __init__(self, counts: list[int], melds: int, key: bytes, wild: int, sets: int, ready: bool,
                 asked: bool = True) -> None:
        self.counts = counts
        """A copy of the seat's counts."""
        self.melds = melds
        """How many melds the seat had."""
        self.key = key
        """The 34 real-tile counts as bytes, wildcards set aside: the question readiness was asked as."""
        self.wild = wild
        self.sets = sets
        self.ready = ready
        """Whether the hand is one tile short of complete (only such a hand can be completed by
        another seat's tile); when not `asked`, taken as possible."""
        self.asked = asked
        """Whether `ready` was worked out (else see `Readiness.entry`'s ``lazy``)."""
        self.far = -1
        """Whether a tile far from every tile held may complete the hand (`far_tiles_may_complete`):
        -1 not asked yet, else 0 or 1."""
        self.completes: dict[int, bool] = {}
        """Whether a tile of each kind asked about completes the hand."""


Shanten = Callable[[bytes, int, int], int]
Complete = Callable[[bytes, int, int], bool]


class Readiness:
    """`could_win` of one simulated hand, from each seat's `KeptHand`.

    ``shanten`` answers what `paipu.hand.shanten.shanten` answers for the ruleset's shapes,
    given the 34 real-tile counts as bytes, the wildcards and the sets to make; ``complete``,
    whether a hand one tile over is complete (``shanten(...) < 0``)."""

    def __init__(self, st: HandState, shapes: tuple[str, ...], shanten: Shanten, complete: Complete) -> None:
        self.st = st
        self.shapes = shapes
        self.shanten = shanten
        self.complete = complete
        self.kept: dict[Seat, KeptHand] = {}

    def could_win(self, seat: Seat, tile: Tile | None) -> bool:
        """`HandEngine.shape_complete` of ``seat`` (with another seat's ``tile``, if given)."""
        ss = self.st.seats[seat]
        counts = ss.counts
        n_melds = len(ss.melds)
        known = self.kept.get(seat)
        if tile is None:
            return self._own_draw(seat, known, counts, n_melds)
        if known is None or known.melds != n_melds or known.counts != counts:
            # Another seat's tile completes only a ready hand: that is asked once per hand (or,
            # without a wildcard, not at all: see `entry`).
            known = self.kept[seat] = self.entry(counts, n_melds, lazy=True)
        if not known.ready:
            return False
        t = tile.index
        found = known.completes.get(t)
        if found is None:
            found = known.completes[t] = self._completed_by(known, t, False)
        return found

    def _own_draw(self, seat: Seat, known: KeptHand | None, counts: list[int], n_melds: int) -> bool:
        """`could_win` of ``seat`` on its own turn.  Its hand is the one kept with the tile it
        drew (a plain tile, not a flower or a wildcard): complete only if that hand was ready,
        and then exactly when the drawn tile completes it, which is the answer kept for another
        seat's tile of that kind.  (A hand that is not ready is at least one tile from ready, so
        one more tile leaves it short of complete.)  A wildcard drawn is left to the whole test:
        one held turns the limit of four tiles a kind off, so the kept readiness would not bound it."""
        drawn = self.st.seats[seat].last_drawn
        if drawn is not None and known is not None:
            d = drawn.index
            if d < 34 and d not in self.st.wild_kinds and known.melds == n_melds:
                counts[d] = counts[d] - 1
                same = known.counts == counts
                counts[d] = counts[d] + 1
                if same:
                    if not known.ready:
                        return False
                    found = known.completes.get(d)
                    if found is None:
                        # Asked of the whole table (its shanten), not only its complete test: the
                        # player that keeps it weighs its discards from that hand next.
                        found = known.completes[d] = self._completed_by(known, d, True)
                    return found
        return self._complete_now(counts, n_melds)

    def note(self, seat: Seat, shanten: int) -> None:
        """A bot's hint: ``shanten`` is the table's answer for ``seat``'s hand as it is now (the
        hand it keeps after a discard), so its readiness is kept without asking again.  A hand
        the table puts farther than ready is not ready whatever its size; a ready one is worked
        out as `could_win` would (its question is needed for the tiles that might complete it)."""
        ss = self.st.seats[seat]
        counts = ss.counts
        n_melds = len(ss.melds)
        known = self.kept.get(seat)
        if known is not None and known.melds == n_melds and known.counts == counts:
            return  # the hand kept already (a drawn tile discarded): its answers stand
        if shanten > 0:
            self.kept[seat] = KeptHand(counts.copy(), n_melds, b"", 0, 4 - n_melds, False)
        else:
            self.kept[seat] = self.entry(counts, n_melds, told=shanten == 0)

    def entry(self, counts: list[int], n_melds: int, told: bool = False, lazy: bool = False) -> KeptHand:
        """The `KeptHand` of a hand as it is now: whether it is ready, with the question asked.
        ``told``: its shanten is already known to be 0 (`note`), so it is not asked.  ``lazy``:
        for a hand with no wildcard, readiness is not asked but taken as possible, since
        `_completed_by` answers each tile without it, mostly by the quick test; such an entry
        is made only for a hand no bot has told about (each seat's dealt hand, until its first
        discard), which sees a few discards, where the shanten of a 13-tile hand costs about as
        much as a dozen quick tests."""
        st = self.st
        sets = 4 - n_melds
        if holds_flower(counts):
            return KeptHand(counts.copy(), n_melds, b"", 0, sets, False)
        wild = 0
        if st.wild_kinds:
            c = counts[:34]
            for k in st.wild_kinds:
                wild += c[k]
                c[k] = 0
            key = bytes(c)
        else:
            key = bytes(counts[:34])
        if sets < 0 or sum(key) + wild != 3 * sets + 1:
            ready = False
        elif told:
            ready = True
        elif lazy and not wild:
            return KeptHand(counts.copy(), n_melds, key, wild, sets, True, asked=False)
        else:
            ready = self.shanten(key, wild, sets) <= 0
        return KeptHand(counts.copy(), n_melds, key, wild, sets, ready)

    def _completed_by(self, known: KeptHand, t: int, whole: bool) -> bool:
        """Whether a tile of kind ``t`` (another seat's, or the one the seat drew) completes the
        ready hand ``known``: its counts with the tile, whose size a ready hand already has.
        With ``whole``, the table's shanten is asked rather than its complete test (the same
        answer)."""
        if t >= 34:
            return False
        key, wild, sets = known.key, known.wild, known.sets
        if t in self.st.wild_kinds:
            wild += 1
        else:
            if not whole and not wild and key[t] == 0 and not _next_to_held(key, t):
                # A tile far from every tile held (none of its kind, no suited neighbour within
                # two) completes no set and no pair: only a shape that takes such a tile (the
                # orphans, all honours, the knitted ones) could be completed, and only if the
                # hand can be read so at all (asked once per hand).
                if known.far < 0:
                    known.far = 1 if far_tiles_may_complete(key, self.shapes) else 0
                if not known.far:
                    return False
            more = bytearray(key)
            more[t] += 1
            key = bytes(more)
            if not whole and not wild:
                # Without a wildcard, the standard shape read from suit tables, the others ruled
                # out by their tiles; the full test only where that cannot tell.
                quick = quick_complete(key, self.shapes)
                if quick >= 0:
                    return quick == 1
        if whole:
            return self.shanten(key, wild, sets) < 0
        return self.complete(key, wild, sets)

    def _complete_now(self, counts: list[int], n_melds: int) -> bool:
        """`HandEngine.shape_complete` of a seat's own hand (``counts``, ``n_melds``), asked of the table."""
        if holds_flower(counts):
            return False
        st = self.st
        sets = 4 - n_melds
        c = counts[:34]
        wild = 0
        for k in st.wild_kinds:
            wild += c[k]
            c[k] = 0
        if sets < 0 or sum(c) + wild != 3 * sets + 2:
            return False
        return self.shanten(bytes(c), wild, sets) < 0


def _next_to_held(key: bytes, t: int) -> bool:
    """Whether the hand ``key`` (34 counts) holds a suited tile of ``t``'s suit within two ranks
    of ``t`` (a plain suited kind; an honour has no neighbour)."""
    if t >= 27:
        return False
    rank = t % 9
    lo = t - 2 if rank >= 2 else t - rank
    hi = t + 2 if rank <= 6 else t + 8 - rank
    for k in range(lo, hi + 1):
        if key[k]:
            return True
    return False
