"""The two-player bots: keep honour pairs and the 万 runs, never declare 天听.

Every hand of 万 and honours already scores 混一色, 清一色 or 字一色 (8番 or more), so the
8番 minimum never stops a win and the bots need not aim for value; they only lean toward
pongs of honours (幺九刻, the wind and dragon fans).  They never declare ready: a declaration
locks the hand (rule erren.ready), and the shared bot may later prefer another discard than the
tile it drew, which the lock forbids.
"""

from __future__ import annotations

from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy


class ErrenStrategy(Strategy):
    def keep_value(self, bot: SeatBot, index: int) -> int:
        # `best_discard` throws the lowest value first among equally good discards.
        counts = bot.counts
        if index >= 27:
            return 2 if counts[index] >= 2 else 0
        return 1

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        return False

