"""Which winning shapes each ruleset allows, and its tiles: the ruleset-specific inputs
of the analysis, kept as data so the analysis itself never asks which ruleset it is in.

The shapes come from RULES.md: zhuji wins with four sets and a pair or 全字牌 (all honours,
any shape); hebei adds 七对 (a four-of-a-kind counts as two pairs) and 十三幺; erren adds
七对, where the engine (after MCR) also counts a four as two pairs; harbin has only four
sets and a pair, with extra conditions (at least one pong, one chow, a terminal or 红中, two
suits, a ready declaration) that shanten does not model.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from paipu.replay.ruleset import get_ruleset, ruleset_names

__all__ = ["SHAPES", "ShapeProfile", "profile", "profile_names"]

SHAPES: Final = ("standard", "seven_pairs", "seven_pairs_fours", "orphans", "quanzipai")
"""Every shape the analysis knows:

* ``standard``: four sets (fewer with melds) and a pair;
* ``seven_pairs``: seven pairs of seven different kinds (七对);
* ``seven_pairs_fours``: seven pairs where a four-of-a-kind counts as two pairs (河北 七对);
* ``orphans``: thirteen orphans (十三幺);
* ``quanzipai``: all tiles honours, in any shape (诸暨 全字牌).
"""

_ALL_KINDS: Final = (4,) * 34


@dataclass(frozen=True, slots=True)
class ShapeProfile:
    """A ruleset's winning shapes and its tiles (copies of each of the 34 kinds)."""

    name: str
    shapes: tuple[str, ...]
    tile_counts: tuple[int, ...] = _ALL_KINDS
    wildcards: bool = False
    """Whether the ruleset has wildcards (财神), so that a wildcard can always be drawn."""
    note: str = ""

    @property
    def total_tiles(self) -> int:
        return sum(self.tile_counts)


# The rulesets' own shapes, tiles and wildcards come from their modules (one place for each
# rule); only the words of these notes, and the "plain" profile of 136-tile mahjong without
# scoring (used to check the published figures), live here.
_NOTES: Final[dict[str, str]] = {
    "zhuji": "全字牌 wins in any shape; a standard win also needs 3台 (not a shape condition)",
    "hebei": "七对 counts a four-of-a-kind as two pairs",
    "erren": "七对 counts a four-of-a-kind as two pairs, as in MCR and the erren engine; 72 tiles: 万, "
    "honours and 8 flowers (set aside and replaced, so not counted here)",
    "harbin": "a win also needs a pong, a chow, a 1/9 or 红中, two suits and a ready declaration; "
    "shanten counts four sets and a pair only",
}
_PLAIN: Final = ShapeProfile(
    "plain", ("standard", "seven_pairs", "orphans"),
    note="the usual shapes of 136-tile mahjong (as in riichi), with no scoring",
)

_ALIASES: Final = {"riichi": "plain", "mcr": "plain"}


def profile_names() -> list[str]:
    return sorted({*ruleset_names(), "plain"})


def profile(ruleset_name: str) -> ShapeProfile:
    """The shapes a ruleset allows, read from the ruleset itself; also ``plain``.

    Any name or alias the ruleset registry knows is accepted (``诸暨麻将``).  `KeyError`
    names the known profiles otherwise.
    """
    key = ruleset_name.strip().lower()
    key = _ALIASES.get(key, key)
    if key == "plain":
        return _PLAIN
    try:
        cls = get_ruleset(key)
    except KeyError:
        raise KeyError(
            f"no shape profile for ruleset {ruleset_name!r}; known: {', '.join(profile_names())}"
        ) from None
    return _of_ruleset(cls.name)


@functools.cache
def _of_ruleset(name: str) -> ShapeProfile:
    cls = get_ruleset(name)
    tiles = tuple(cls().tile_counts[:34])
    return ShapeProfile(cls.name, cls.shapes, tiles, cls.wildcards, _NOTES.get(cls.name, ""))
