"""What the simulator's bots know of each ruleset: preferences, not rules.

The rules themselves (what is legal, what wins, what it is worth) are the ruleset's; a
strategy only says what a bot prefers among legal moves (which tile to keep, whether to
declare ready) and which table events a ruleset's records show (a 宝 reveal).  A ruleset
names its strategy (`Ruleset.strategy`).  What a strategy may see of the game is the two
protocols below: the table (`TableSim`) and one seat's bot (`SeatBot`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Protocol

from mypy_extensions import mypyc_attr

import paipu.record as r
from paipu.replay.ruleset import Ruleset
from paipu.replay.state import HandState, SeatState


class TableSim(Protocol):
    """The hand a strategy is asked about: the ruleset, the table, the game's seeded random."""

    rs: Ruleset
    st: HandState
    rng: random.Random

    def seat_shanten(self, seat: r.Seat) -> int:
        """The shanten of ``seat``'s concealed hand over the ruleset's shapes (the bots' table):
        a hand that is not ready (above 0) can win on no tile."""
        ...


class SeatBot(Protocol):
    """One seat's bot, as a strategy sees it."""

    seat: r.Seat
    ss: SeatState

    @property
    def sim(self) -> TableSim: ...

    @property
    def counts(self) -> list[int]: ...

    def shanten(self, counts: list[int], extra_melds: int = 0) -> int: ...

    def weighed_shanten(self) -> int:
        """While the bot weighs its discards and asks `Strategy.first_discards`: the shanten
        (`shanten`) of the whole hand weighed, which the bot has worked out already."""
        ...

    def shanten_after(self, index: int) -> int:
        """While the bot weighs its discards and asks `Strategy.first_discards`: the shanten
        (`shanten`) of the hand weighed less one tile of the plain kind ``index``, which it holds."""
        ...


Bot = SeatBot
HandSim = TableSim

_STRATEGIES: dict[str, Strategy] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # an outside ruleset's bots subclass it
class Strategy:
    """Ruleset-specific knowledge of the bots (not rules: preferences)."""

    ready_by_chance = True
    """Whether `want_ready` draws from the game's random source.  If it does not, the bots
    ask the engine first whether the declaration is legal, which is often cheaper; if it does,
    it is asked first whatever the engine would say, so that the draws stay the same."""

    def hand_setup(self, sim: HandSim) -> tuple[r.SetupTiles, ...]:
        """The ruleset's own setup lines the players choose for a hand (Zhuji's `caishen`)."""
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

    def first_discards(self, bot: Bot, kinds: list[int]) -> Iterator[int]:
        """Kinds among ``kinds`` (in their order) that the bot discards before any other, as if
        valued below every `keep_values` value, found one at a time: the bot takes the first
        that leaves the hand as close to ready as any discard could and that the engine
        allows, and weighs the kinds left by `keep_values` only if none is.  For a costly test
        that only a few discards pass (Harbin's: the discard leaves a hand that may declare
        ready).  None by default."""
        return iter(())

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        """Declare ready before this discard (which leaves the hand ready)?"""
        return True

    def want_claim(self, sim: HandSim, seat: r.Seat, action: r.Action) -> bool:
        """Make this chow, pong or kong of a discard, which the bot finds useful (riichi: only
        when the hand keeps a yaku)?"""
        return True

    def events_after(self, sim: HandSim, action: r.Action) -> list[r.Action]:
        """Table events the record shows after ``action`` (e.g. the 宝 turned after the first ready)."""
        return []


def strategy_for(ruleset: Ruleset) -> Strategy:
    """The bots' strategy the ruleset names (`Ruleset.strategy`), or the plain one."""
    spec = type(ruleset).strategy
    if spec is None:
        return Strategy()
    cached = _STRATEGIES.get(spec)
    if cached is None:
        module, _, attr = spec.partition(":")
        cls = getattr(importlib.import_module(module), attr)
        cached = _STRATEGIES[spec] = cls()
    return cached


__all__ = ["Strategy", "strategy_for"]
