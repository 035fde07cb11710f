"""The Zhuji bots: choose the hand's 财神, keep 东, dragons and the main suit."""

from __future__ import annotations

from paipu.rules.zhuji.ruleset import Zhuji
from paipu.ruleset_api import ALL_TILES, Span, next_kind
from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy


class ZhujiStrategy(Strategy):
    def hand_setup(self, sim: HandSim) -> tuple[r.SetupTiles, ...]:
        assert isinstance(sim.rs, Zhuji)
        choice = sim.rs.options.caishen_kinds
        first = ALL_TILES[sim.rng.randrange(34)]
        two = choice == "2" or (choice == "any" and sim.rng.random() < 0.35)
        tiles = (first, next_kind(first)) if two else (first,)
        return (r.SetupTiles(Span.none(), (), "caishen", tiles),)

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        # `keep_value` of each kind, the suits' sizes counted once (a loop of plain ints: no
        # slices, no generic sums).
        counts = bot.counts
        m = p = s = 0
        for k in range(9):
            m += counts[k]
            p += counts[k + 9]
            s += counts[k + 18]
        top = m if m >= p else p
        if s > top:
            top = s
        # (One of) the largest suits keeps 2; 东 and the dragons 3 as a pair or more, else 1.
        vm = 2 if m == top else 0
        vp = 2 if p == top else 0
        vs = 2 if s == top else 0
        out = [-1] * len(kinds)  # 南 西 北: -1
        for j, k in enumerate(kinds):
            if k < 9:
                out[j] = vm
            elif k < 18:
                out[j] = vp
            elif k < 27:
                out[j] = vs
            elif k == 27 or k >= 31:
                out[j] = 3 if counts[k] >= 2 else 1
        return out

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

