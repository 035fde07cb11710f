"""The MCR bots: lean to one suit with honours (混一色 6, 清一色 24) and to pongs of scoring honours.

A win needs 8番, and the cheapest common ways there are a flush, a half flush with an honour
pong or two, or a pair of dragon and wind pongs; `SeatBot.best_discard` discards the tile with the
lowest value among those that keep the hand closest to ready, so these values steer the hand
toward such shapes without giving up speed.  The engine offers a win only when it reaches the
minimum, so a bot never declares one that is worth too little.
"""

from __future__ import annotations

from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy

_MAIN_SUIT_FROM = 6
"""With this many tiles of one suit, the bot keeps that suit and its honours."""


class McrStrategy(Strategy):
    def keep_value(self, bot: SeatBot, index: int) -> int:
        return self.keep_values(bot, [index])[0]

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        counts = bot.counts
        # Each suit's tiles, held and melded.
        a = b = c = 0
        for rank in range(9):
            a += counts[rank]
            b += counts[rank + 9]
            c += counts[rank + 18]
        for m in bot.ss.melds:
            k = m.tiles[0].index
            if k < 9:
                a += 3
            elif k < 18:
                b += 3
            elif k < 27:
                c += 3
        main = 0 if a >= b and a >= c else 1 if b >= c else 2  # the first of the largest
        if (a, b, c)[main] >= _MAIN_SUIT_FROM:
            lo = 9 * main
            return [(2 if counts[k] >= 2 else 1) if k >= 27 else 3 if lo <= k < lo + 9 else -1 for k in kinds]
        return [(2 if counts[k] >= 2 else 0) if k >= 27 else 0 for k in kinds]

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        return False
