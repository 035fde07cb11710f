"""The options of the riichi ruleset (`RiichiOptions`).

A module of its own, kept in Python in the compiled build: ``parse_options`` reads the type
of each option from the class's annotations, which a compiled class does not keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from paipu.replay.ruleset import option


@dataclass(frozen=True)
class RiichiOptions:
    length: Literal["hanchan", "tonpuusen"] = option(
        "hanchan", "hanchan: East and South rounds (半荘); tonpuusen: East round only (東風戦)",
        ("hanchan", "tonpuusen"))
    open_tanyao: bool = option(True, "true: all simples counts with calls too (喰いタン, as at Tenhou)")
    start_score: int = option(25000, "each seat's score at the start, when the record has no [Score] tags")
    red_fives: bool = option(True, "true: one five of each suit is red (0m 0p 0s) and counts 1 han; "
                             "false: no red fives (Tenhou's rooms without them)")
    suukantsu_pao: bool = option(False, "true: the seat whose discard made a fourth kong (an exposed kong) is "
                                 "liable for four kongs; false: no pao for four kongs, as at Tenhou")
