"""What the simulator's bots know of each ruleset: preferences, not rules.

The rules themselves (what is legal, what wins, what it is worth) are the ruleset's; a
strategy only says what a bot prefers among legal moves (which tile to keep, whether to
declare ready) and which table events a ruleset's records show (a 宝 reveal).  Each
ruleset's strategy registers itself under the ruleset's name.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from paipu import record as r
from paipu.tiles import Tile

if TYPE_CHECKING:
    from paipu.simulate import Bot, HandSim

_STRATEGIES: dict[str, Strategy] = {}


class Strategy:
    """Ruleset-specific knowledge of the bots (not rules: preferences)."""

    def hand_wildcards(self, sim: HandSim) -> tuple[Tile, ...]:
        """The wildcard kinds a hand states in its setup (Zhuji's `caishen` line), if any."""
        return ()

    def keep_value(self, bot: Bot, index: int) -> int:
        """How much a tile is worth keeping beyond the hand's shape: higher keeps longer.

        Among discards that leave the hand equally close to ready, the bot throws the tile
        with the lowest value.
        """
        return 0

    def keep_values(self, bot: Bot, kinds: list[int]) -> list[int]:
        """`keep_value` of several kinds at once (a strategy may share work between them)."""
        return [self.keep_value(bot, i) for i in kinds]

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        """Declare ready before this discard (which leaves the hand ready)?"""
        return True

    def events_after(self, sim: HandSim, action: r.Action) -> list[r.Action]:
        """Table events the record shows after ``action`` (e.g. the 宝 turned after the first ready)."""
        return []


def register_strategy(name: str, strategy: Strategy) -> None:
    _STRATEGIES[name] = strategy


def strategy_for(ruleset: str) -> Strategy:
    """The bots' strategy for a ruleset (the plain one if the ruleset has none of its own)."""
    if ruleset not in _STRATEGIES:
        try:
            importlib.import_module(f"paipu.bots.{ruleset}")
        except ModuleNotFoundError:
            _STRATEGIES[ruleset] = Strategy()
    return _STRATEGIES.setdefault(ruleset, Strategy())


__all__ = ["Strategy", "Tile", "register_strategy", "strategy_for"]
