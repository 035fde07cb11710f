"""The options of the erren ruleset (`ErrenOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import Options, option


class ErrenOptions(Options):
    min_fan: int = option(8, "the least a win is worth, flowers not counted (0: any shape wins)")
    floor: bool = option(True, "false: scores may go below zero even where the record states starting scores")
    dead_wall: int = option(8, "ordinary draws stop when this many tiles are left; replacement draws may "
                            "take them (0: the wall is drawn to the end)")
    rob_kong: bool = option(True, "false: an added kong cannot be robbed")
    renhe: Literal["first-round", "dealer-discard"] = option(
        "first-round", "first-round: 人和 is a win on either player's first discard (the source's 第一圈内); "
        "dealer-discard: only the non-dealer winning on the dealer's first discard", ("first-round", "dealer-discard"))
