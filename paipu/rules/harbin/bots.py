"""The Harbin bots: aim for the harbin winning shape, declare ready as soon as it helps, show the 宝.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so a higher `keep_value` keeps a tile longer.  A win needs a ready
declaration, and a ready hand must wait on a tile that makes the harbin shape (a pong, a chow,
a 1/9/红中, two suits), so among equally good discards the bots take one that leaves such a
hand.  After the declaration the rules leave no choice but the drawn tile; the bots discard it
and never claim (a ready hand may not chow or pong).
"""

from __future__ import annotations

import paipu.record as r
from paipu.hand.shanten import waits
from paipu.record import Span
from paipu.replay.state import Meld
from paipu.rules.harbin.ruleset import Harbin
from paipu.sim.bots import HandSim, SeatBot, Strategy
from paipu.tiles import NUM_PLAY_KINDS

_LEAVES_READY = -50
"""Discarding this tile leaves a hand that may declare ready: discard it first."""
_KEEP_WHEN_READY = 1000
"""A ready hand keeps every tile but the one just drawn (and never claims)."""
_RED = 33


def _may_declare(rs: Harbin, counts: list[int], melds: list[Meld]) -> bool:
    """Whether the hand (3n+1 tiles) is ready, and every tile completing its sets and pair wins.

    The second half is caution, not a rule: the simulator's claim logic does not know that a
    ready hand may not chow or pong, and offers those claims when they complete the sets
    and pair; a hand whose every such tile is a harbin win claims it with `hu` instead.
    """
    found = rs.ready_waits(counts, melds)
    if not found:
        return False
    sets = 4 - len(melds)
    shape = [k for k in waits(counts[:NUM_PLAY_KINDS], 0, melds=4 - sets, shapes=("standard",), fifth=True)
             if rs.tile_counts[k]]
    return found == shape


class HarbinStrategy(Strategy):
    def keep_value(self, bot: SeatBot, index: int) -> int:
        st = bot.sim.st
        ss = st.seats[bot.seat]
        if ss.ready:
            if st.turn != bot.seat or st.phase != "discard":
                return 0  # asked about a claim: not worth one
            drawn = ss.last_drawn
            return -_KEEP_WHEN_READY if drawn is not None and drawn.index == index else _KEEP_WHEN_READY
        rs = bot.sim.rs
        counts = bot.counts
        # Some discard leaves the hand ready only if the whole hand is ready in shape (a cached
        # question); only then ask, per tile, the costly harbin question.
        if (isinstance(rs, Harbin) and index < NUM_PLAY_KINDS and counts[index] and sum(counts) % 3 == 2
                and bot.shanten(counts) == 0):
            after = list(counts)
            after[index] -= 1
            # Only a hand that is ready in shape can be ready for harbin: ask the cheap question first.
            if bot.shanten(after) == 0 and _may_declare(rs, after, ss.melds):
                return _LEAVES_READY
        value = 0
        if index == _RED or (index < 27 and index % 9 in (0, 8)):
            value += 1  # a 1, 9 or 红中 is part of every winning hand
        if counts[index] >= 2:
            value += 1  # pairs become the pong the shape needs
        return value

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

