"""What a ruleset's bots are written with: the simulator's view of a hand and of a seat, and
the `Strategy` a ruleset's bots subclass (a ruleset names it in its ``strategy`` setting).

Part of the ruleset API (docs/writing-a-ruleset.md): these names are not renamed or removed
without notice.  Importing this module loads the simulator, which checking a record never does.
"""

from __future__ import annotations

from paipu.sim.bots import HandSim as HandSim
from paipu.sim.bots import SeatBot as SeatBot
from paipu.sim.bots import Strategy as Strategy

__all__ = ["HandSim", "SeatBot", "Strategy"]
