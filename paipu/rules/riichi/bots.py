"""The riichi bots: riichi whenever they may, keep the drawn tile's place after riichi, and
show the dora indicators of the simulated wall.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so after riichi every tile but the one just drawn is worth keeping.
"""

from __future__ import annotations

import paipu.record as r
from paipu.record import Span
from paipu.rules.riichi.ruleset import Riichi, riichi_table
from paipu.sim.bots import HandSim, SeatBot, Strategy

_NO = Span.none()


class RiichiStrategy(Strategy):
    def hand_setup(self, sim: HandSim) -> tuple[r.SetupTiles, ...]:
        # Asked before the table is set up: the hand being dealt is the simulator's record so far.
        hand = getattr(sim, "hand", None)
        wall = hand.wall if isinstance(hand, r.HandRecord) else None
        if wall is None or len(wall.tiles) < 14:
            return ()
        return (r.SetupTiles(_NO, (), "dora", (wall.tiles[-14:][8],)),)

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        ss = bot.ss
        drawn = ss.last_drawn
        if ss.ready and drawn is not None:
            return [0 if k == drawn.index else 100 for k in kinds]
        counts = bot.counts
        # Lone honours and terminals go first: they make no runs and break tanyao.
        return [-1 if k >= 27 and counts[k] == 1 else 0 for k in kinds]

    def keep_value(self, bot: SeatBot, index: int) -> int:
        return self.keep_values(bot, [index])[0]

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        rs = sim.rs
        if not isinstance(rs, Riichi):
            return False
        ss = sim.st.seats[seat]
        counts = list(ss.counts)
        counts[discard] -= 1
        return bool(rs.waits_of(counts, len(ss.melds)))

    def events_after(self, sim: HandSim, action: r.Action) -> list[r.Action]:
        if not isinstance(action, (r.Kong, r.AnKong, r.AddKong)):
            return []
        wall = sim.st.record.wall
        t = riichi_table(sim.st)
        k = t.kan_dora + 1
        if wall is None or len(wall.tiles) < 14 or k > 4 or k > len(t.kongs):
            return []
        return [r.TableEvent(_NO, "dora", (wall.tiles[-14:][8 - 2 * k],))]
