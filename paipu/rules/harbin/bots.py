"""The Harbin bots: aim for the harbin winning shape, declare ready as soon as it helps, show the 宝.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so a higher `keep_value` keeps a tile longer.  A win needs a ready
declaration, and a ready hand must wait on a tile that makes the harbin shape (a pong, a chow,
a 1/9/红中, two suits), so among equally good discards the bots take one that leaves such a
hand.  After the declaration the rules leave no choice but the drawn tile; the bots discard it
and never claim (a ready hand may not chow or pong).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from paipu.rules.harbin.ruleset import Harbin
from paipu.ruleset_api import NUM_PLAY_KINDS, Meld, Span
from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy

_KEEP_WHEN_READY: Final = 1000
"""A ready hand keeps every tile but the one just drawn (and never claims)."""
_RED: Final = 33
_SHAPE_VALUE: Final[tuple[int, ...]] = tuple(
    1 if k == _RED or (k < 27 and k % 9 in (0, 8)) else 0 for k in range(42))
"""A kind's worth to the harbin shape alone: 1 for a 1, 9 or 红中 (part of every winning hand)."""


_DECLARE_CACHE_SIZE = 1 << 14
_DeclareCache = dict[tuple[bytes, tuple[tuple[str, int], ...]], bool]
_DECLARE_CACHES: dict[tuple[type, object], _DeclareCache] = {}
_LAST_DECLARE_CACHE: list[tuple[Harbin, _DeclareCache]] = []
"""The ruleset last asked and its table of `_DECLARE_CACHES`."""


def _may_declare(rs: Harbin, counts: list[int], melds: list[Meld]) -> bool:
    """Whether the hand (3n+1 tiles) is ready, and every tile completing its sets and pair wins.

    The second half is caution, not a rule: the simulator's claim logic does not know that a
    ready hand may not chow or pong, and offers those claims when they complete the sets
    and pair; a hand whose every such tile is a harbin win claims it with `hu` instead.
    The bots ask it of the same hands at every discard: the answers are kept (per tiles and
    melds, per ruleset class and options, on which the answer depends; the cache is bounded).
    """
    key = (bytes(counts), tuple((m.kind, m.tiles[0].index) for m in melds))
    last = _LAST_DECLARE_CACHE
    if last and last[0][0] is rs:
        cache = last[0][1]
    else:
        # The ruleset's options hashed once per ruleset asked in a row, not at every question
        # (the ruleset is held here, so the same object is the same ruleset).
        cache = _DECLARE_CACHES.setdefault((type(rs), rs.options), {})
        last[:] = [(rs, cache)]
    known = cache.get(key)
    if known is not None:
        return known
    # The harbin waits and the shape's (kept with them, worked out in the one pass).
    found, shape = rs.ready_and_shape_waits(counts, melds)
    answer = bool(found) and found == shape
    if len(cache) >= _DECLARE_CACHE_SIZE:
        cache.clear()
    cache[key] = answer
    return answer


class HarbinStrategy(Strategy):
    def keep_value(self, bot: SeatBot, index: int) -> int:
        return self.keep_values(bot, [index])[0]

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        ss = bot.ss
        if ss.ready:
            st = bot.sim.st
            if st.turn != bot.seat or st.phase != "discard":
                return [0] * len(kinds)  # asked about a claim: not worth one
            drawn = ss.last_drawn
            d = drawn.index if drawn is not None else -1
            return [-_KEEP_WHEN_READY if k == d else _KEEP_WHEN_READY for k in kinds]
        counts = bot.counts
        # A 1, 9 or 红中 is part of every winning hand; pairs become the pong the shape needs.
        base = _SHAPE_VALUE
        out: list[int] = []
        for k in kinds:
            out.append(base[k] + 1 if counts[k] >= 2 else base[k])
        return out

    def first_discards(self, bot: SeatBot, kinds: list[int]) -> Iterator[int]:
        """The discards that leave a hand which may declare ready (discarded before all others),
        one at a time: a discard leaves the hand ready only if the whole hand
        is ready in shape (the bot's answer, `SeatBot.weighed_shanten`); only then, per tile,
        the cheap shape question and the costly harbin one."""
        st = bot.sim.st
        ss = st.seats[bot.seat]
        rs = bot.sim.rs
        counts = bot.counts
        if ss.ready or not isinstance(rs, Harbin) or bot.weighed_shanten() != 0:
            return
        tiles = 0
        for x in counts:
            tiles += x
        if tiles % 3 != 2:
            return
        for index in kinds:
            # The shape question from the hand's own tables (`SeatBot.shanten_after`), the
            # harbin one (kept per hand) only for a discard that leaves the hand ready.
            if index < NUM_PLAY_KINDS and counts[index] and bot.shanten_after(index) == 0:
                counts[index] -= 1
                try:
                    leaves_ready = _may_declare(rs, counts, ss.melds)
                finally:
                    counts[index] += 1
                if leaves_ready:
                    yield index

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        rs = sim.rs
        if not isinstance(rs, Harbin) or rs.ready_problem(sim.st, seat) is not None:
            return False
        ss = sim.st.seats[seat]
        counts = list(ss.counts)
        counts[discard] -= 1
        if not _may_declare(rs, counts, ss.melds):
            return False
        return any(counts[k] < rs.tile_counts[k] for k in rs.ready_waits(counts, ss.melds))

    def events_after(self, sim: HandSim, action: r.Action) -> list[r.Action]:
        rs = sim.rs
        if not isinstance(rs, Harbin):
            return []
        tile = rs.bao_due(sim.st)
        return [r.TableEvent(Span.none(), "bao", (tile,))] if tile is not None else []

