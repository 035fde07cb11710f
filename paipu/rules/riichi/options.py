"""The options of the riichi ruleset (`RiichiOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import OptionError, Options, option


class RiichiOptions(Options):
    length: Literal["hanchan", "tonpuusen"] = option(
        "hanchan", "hanchan: East and South rounds (半荘); tonpuusen: East round only (東風戦)",
        ("hanchan", "tonpuusen"))
    open_tanyao: bool = option(True, "true: all simples counts with calls too (喰いタン, as at Tenhou)")
    start_score: int = option(25000, "each seat's score at the start, when the record has no [Score] tags")
    red_fives: bool = option(True, "true: one five of each suit is red (0m 0p 0s) and counts 1 han; "
                             "false: no red fives (Tenhou's rooms without them)")
    suukantsu_pao: bool = option(False, "true: the seat whose discard made a fourth kong (an exposed kong) is "
                                 "liable for four kongs; false: no pao for four kongs, as at Tenhou")
    last_dealer_ready: Literal["ends", "continues"] = option(
        "ends", "ends: from the last hand on, a dealer ready at an exhaustive draw in first place with 30,000 "
        "ends the game, as at Tenhou today; continues: the dealer keeps the deal and the game goes on, as in "
        "Tenhou's logs of 2009", ("ends", "continues"))
    return_score: int = option(30000, "the score each seat's final points count from (返し): "
                               "(final score - return_score) / 1,000, before uma")
    uma: str = option("10,-10,-20", "the uma of 2nd, 3rd and 4th place in points, comma-separated (one "
                      "decimal at most); first place takes the rest (its uma, the oka, what rounding leaves), "
                      "so that the points add up to 0")
    points_rounding: Literal["tenths", "thousands"] = option(
        "tenths", "tenths: points to one decimal, as at Tenhou today; thousands: each final score rounded to "
        "the nearest 1,000 first (half away from 0), whole points, as in Tenhou's logs to 2021",
        ("tenths", "thousands"))
    uma_ties: Literal["seat", "split"] = option(
        "seat", "seat: seats tied on points take their places in seat order from the first dealer (E), as "
        "in Tenhou's rooms; split: they share the uma of the places they hold, as in Tenhou's custom lobbies",
        ("seat", "split"))

    def __post_init__(self) -> None:
        uma_tenths(self.uma)  # an uma that cannot be read is a bad option, not a failure later
        if self.return_score % 100:
            raise OptionError(f"option return_score takes a multiple of 100, not {self.return_score}")


def uma_tenths(text: str) -> tuple[int, int, int]:
    """The uma of 2nd, 3rd and 4th place in tenths of a point (``"10,-10,-20"`` is (100, -100, -200))."""
    parts = [p.strip() for p in text.split(",")]
    out: list[int] = []
    for part in parts:
        whole, dot, tenth = part.partition(".")
        digits = whole.lstrip("+-")
        if len(parts) != 3 or not digits.isdigit() or len(digits) > 6 or whole[:-len(digits)] not in ("", "+", "-") \
                or (dot and not (len(tenth) == 1 and tenth.isdigit())):
            raise OptionError(f"option uma takes the uma of 2nd, 3rd and 4th place, such as 10,-10,-20, not {text!r}")
        size = int(digits) * 10 + int(tenth or "0")
        out.append(-size if whole.startswith("-") else size)
    return out[0], out[1], out[2]
