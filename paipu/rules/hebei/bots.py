"""The Hebei bots: lean to 七对 with many pairs, to one suit when it dominates; declare ready sometimes.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so a higher `keep_value` keeps a tile longer.
"""

from __future__ import annotations

import paipu.record as r
from paipu.rules.hebei.ruleset import Hebei
from paipu.sim.bots import HandSim, SeatBot, Strategy

_SEVEN_PAIRS_FROM = 4
"""With this many pairs and no meld, the bot keeps its pairs: 七对 is 2番 and the road to 豪华七对."""
_MAIN_SUIT_FROM = 8
"""With this many tiles of one suit, the bot keeps that suit (混一色 2番, 清一色 3番)."""
_READY_CHANCE = 0.5
"""How often a bot declares ready when it can: it is optional and worth nothing in Hebei."""


class HebeiStrategy(Strategy):
    def keep_value(self, bot: SeatBot, index: int) -> int:
        return self.keep_values(bot, [index])[0]

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        ss = bot.ss
        if ss.ready:
            # The simulator claims a pong or kong that keeps the shanten when the tile is worth
            # keeping; a ready bot claims nothing, so that a later added kong cannot break its wait.
            return [0] * len(kinds)
        counts = bot.counts
        concealed = counts[:34]
        # Kinds held twice or more: those held neither none nor once.
        pairs = not ss.melds and 34 - concealed.count(0) - concealed.count(1) >= _SEVEN_PAIRS_FROM
        suit_sizes = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
        a, b, c = suit_sizes
        main = 0 if a >= b and a >= c else 1 if b >= c else 2  # the first of the largest
        main_kept = suit_sizes[main] >= _MAIN_SUIT_FROM
        pair_value = 3 if pairs else 0
        return [(pair_value if counts[k] >= 2 else 0)
                + ((-1 if counts[k] == 1 else 0) if k >= 27 else (1 if main_kept and k // 9 == main else 0))
                for k in kinds]

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        rs = sim.rs
        if not isinstance(rs, Hebei) or sim.rng.random() >= _READY_CHANCE:
            return False
        ss = sim.st.seats[seat]
        counts = list(ss.counts)
        counts[discard] -= 1
        # The simulator adds a held tile to a pong whenever it can, without asking whether the
        # hand stays ready; a ready hand that uses such a tile elsewhere would break the rule
        # hebei.ready, so the bot does not declare with one.
        if any(m.kind == "pong" and counts[m.tiles[0].index] for m in ss.melds):
            return False
        return bool(rs.ready_waits(counts, ss.melds))

