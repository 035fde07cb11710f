"""The options of the harbin ruleset (`HarbinOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import Options, option


class HarbinOptions(Options):
    tiles: Literal["112", "136"] = option(
        "112", "112: three suits and 红中 (the default); 136: the full set with winds and dragons",
        ("112", "136"))
    require_open: bool = option(
        False, "true: a ready declaration needs an exposed meld (chow, pong, exposed or added kong) first")
    discarder_pays_all: bool = option(
        False, "true: on a discard win the discarder pays the shares of all three")
    win_on_discarded_bao: bool = option(
        False, "true: a discarded 宝 may be won on (at its face value); false: never (别人打出的宝牌，不可以胡)")
