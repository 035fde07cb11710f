"""The Hebei bots: lean to 七对 with many pairs, to one suit when it dominates; declare ready sometimes.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so a higher `keep_value` keeps a tile longer.
"""

from __future__ import annotations

from typing import Final

from paipu.rules.hebei.ruleset import Hebei
from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy

_SEVEN_PAIRS_FROM: Final = 4
"""With this many pairs and no meld, the bot keeps its pairs: 七对 is 2番 and the road to 豪华七对."""
_MAIN_SUIT_FROM: Final = 8
"""With this many tiles of one suit, the bot keeps that suit (混一色 2番, 清一色 3番)."""
_READY_CHANCE: Final = 0.5
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
        # One loop of plain ints (no slices, no list.count, no generic sums): the suits' sizes,
        # and the kinds held twice or more (counted only for a hand of no melds).
        m = p = s = 0
        for k in range(9):
            m += counts[k]
            p += counts[k + 9]
            s += counts[k + 18]
        pairs = False
        if not ss.melds:
            held_twice = 0
            for k in range(34):
                if counts[k] >= 2:
                    held_twice += 1
            pairs = held_twice >= _SEVEN_PAIRS_FROM
        main = 0 if m >= p and m >= s else 1 if p >= s else 2  # the first of the largest
        main_kept = (m if main == 0 else p if main == 1 else s) >= _MAIN_SUIT_FROM
        # The main suit keeps 1 when kept; an honour held once is worth -1.
        vm = 1 if main_kept and main == 0 else 0
        vp = 1 if main_kept and main == 1 else 0
        vs = 1 if main_kept and main == 2 else 0
        pair_value = 3 if pairs else 0
        out: list[int] = []
        for k in kinds:
            n = counts[k]
            v = pair_value if n >= 2 else 0
            if k < 9:
                v += vm
            elif k < 18:
                v += vp
            elif k < 27:
                v += vs
            elif n == 1:
                v -= 1
            out.append(v)
        return out

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

