"""The Zhuji bots: choose the hand's 财神, keep 东, dragons and the main suit."""

from __future__ import annotations

import paipu.record as r
from paipu.record import Span
from paipu.rules.zhuji.ruleset import Zhuji
from paipu.sim.bots import HandSim, SeatBot, Strategy
from paipu.tiles import ALL_TILES, next_kind


class ZhujiStrategy(Strategy):
    def hand_setup(self, sim: HandSim) -> tuple[r.SetupTiles, ...]:
        assert isinstance(sim.rs, Zhuji)
        choice = sim.rs.options.caishen_kinds
        first = ALL_TILES[sim.rng.randrange(34)]
        two = choice == "2" or (choice == "any" and sim.rng.random() < 0.35)
        tiles = (first, next_kind(first)) if two else (first,)
        return (r.SetupTiles(Span.none(), (), "caishen", tiles),)

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        counts = bot.counts
        m, p, s = sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])
        top = max(m, p, s)
        suit = (2 if m == top else 0, 2 if p == top else 0, 2 if s == top else 0)  # (one of) the largest
        return [suit[k // 9] if k < 27 else -1 if k < 31 and k != 27 else 3 if counts[k] >= 2 else 1
                for k in kinds]

    def keep_value(self, bot: SeatBot, index: int) -> int:
        # Higher keeps longer.  东 and the dragons score as pongs; the hand's main suit makes
        # 混一色 and 清一色; 南 西 北 score nothing.
        counts = bot.counts
        if index == 27 or index >= 31:
            return 3 if counts[index] >= 2 else 1
        if index >= 27:
            return -1
        lo = index - index % 9
        own = sum(counts[lo:lo + 9])
        others = max(sum(counts[s:s + 9]) for s in (0, 9, 18) if s != lo)
        return 2 if own >= others else 0

