"""Which winning shapes each ruleset allows, and its tiles: the ruleset-specific inputs
of the analysis, kept as data so the analysis itself never asks which ruleset it is in.

The shapes come from docs/rules/: zhuji wins with four sets and a pair or 全字牌 (all honours,
any shape); hebei adds 七对 (a four-of-a-kind counts as two pairs) and 十三幺; erren adds
七对, where the engine (after MCR) also counts a four as two pairs; harbin has only four
sets and a pair, with extra conditions (at least one pong, one chow, a terminal or 红中, two
suits, a ready declaration) that shanten does not model; mcr (the Chinese Official rules)
adds to 七对 and 十三幺 the knitted shapes 全不靠 and 组合龙.
"""

from __future__ import annotations

from typing import Final

from paipu.value import Frozen

__all__ = ["PLAIN", "SHAPES", "ShapeProfile"]

SHAPES: Final = ("standard", "seven_pairs", "seven_pairs_fours", "orphans", "quanzipai", "quanbukao", "zuhelong")
"""Every shape the analysis knows:

* ``standard``: four sets (fewer with melds) and a pair;
* ``seven_pairs``: seven pairs of seven different kinds (七对);
* ``seven_pairs_fours``: seven pairs where a four-of-a-kind counts as two pairs (河北 七对);
* ``orphans``: thirteen orphans (十三幺);
* ``quanzipai``: all tiles honours, in any shape (诸暨 全字牌);
* ``quanbukao``: fourteen different tiles, honours and tiles of one knitted straight (MCR 全不靠,
  七星不靠 included), no melds;
* ``zuhelong``: a knitted straight (147, 258, 369 in three suits), a set and a pair (MCR 组合龙),
  at most one meld.
"""

_ALL_KINDS: Final = (4,) * 34


class ShapeProfile(Frozen):
    """A ruleset's winning shapes and its tiles (copies of each of the 34 kinds)."""

    __slots__ = ("name", "note", "shapes", "tile_counts", "wildcards")
    _fields = ("name", "shapes", "tile_counts", "wildcards", "note")
    name: Final[str]
    shapes: Final[tuple[str, ...]]
    tile_counts: Final[tuple[int, ...]]
    wildcards: Final[bool]
    """Whether the ruleset has wildcards (财神), so that a wildcard can always be drawn."""
    note: Final[str]

    def __init__(self, name: str, shapes: tuple[str, ...], tile_counts: tuple[int, ...] = _ALL_KINDS,
                 wildcards: bool = False, note: str = "") -> None:
        self.name = name
        self.shapes = shapes
        self.tile_counts = tile_counts
        self.wildcards = wildcards
        self.note = note

    @property
    def total_tiles(self) -> int:
        return sum(self.tile_counts)


PLAIN: Final = ShapeProfile(
    "plain", ("standard", "seven_pairs", "orphans"),
    note="the usual shapes of 136-tile mahjong (as in riichi), with no scoring",
)
"""136-tile mahjong without scoring: what the published figures of winning-hand odds count."""
