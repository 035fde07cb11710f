"""The options of the mcr ruleset (`McrOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import Options, option


class McrOptions(Options):
    min_fan: int = option(8, "the least a win is worth, flowers not counted (MCR: 8; 0: any shape wins)")
    flowers: bool = option(False, "true: the 8 flowers are in the set (144 tiles), set aside and worth "
                           "花牌 1番 each; false: 136 tiles, as on Botzone")
    prevalent: Literal["E", "S", "W", "N", "rotate"] = option(
        "E", "the prevalent wind (圈风) of every hand; rotate: 东 for hands 1-4, 南 for 5-8, 西, 北",
        ("E", "S", "W", "N", "rotate"))
    seat_wind: Literal["seat", "dealer"] = option(
        "seat", "seat: a seat's wind is its letter (E 东 … N 北), as on Botzone; dealer: the dealer is 东 "
        "and the others follow in turn", ("seat", "dealer"))
    wall: Literal["single", "per-seat"] = option(
        "single", "single: one wall of 136 (144 with flowers) drawn to its end, as the book has it; per-seat: "
        "each seat draws from a wall of its own, a quarter of the tiles (34: 13 dealt, 21 to draw), and the "
        "hand is drawn when the seat due to draw has none left, as on Botzone", ("single", "per-seat"))
