"""Tenhou's tile identities.

Tenhou names each of the 136 physical tiles by an id 0-135: ``id // 4`` is the kind in the
order 1m..9m, 1p..9p, 1s..9s, then East South West North White Green Red (1z..7z), and
``id % 4`` tells the four copies apart.  Keeping the id (not only the kind) is what lets a
replay check that every tile is used once and tell a red five from a plain one.
"""

from __future__ import annotations

from typing import Final

NUM_TILES: Final = 136
NUM_KINDS: Final = 34
RED_FIVES: Final = frozenset({16, 52, 88})
"""The ids that are red fives in a game played with red fives (copy 0 of 5m, 5p, 5s)."""

_SUITS: Final = "mpsz"


def kind_of(tile: int) -> int:
    """The kind index 0-33 of a tile id."""
    return tile >> 2


def kind_name(kind: int) -> str:
    """``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z`` for a kind index."""
    if not 0 <= kind < NUM_KINDS:
        raise ValueError(f"tile kind out of range: {kind}")
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}"


def tile_name(tile: int, red_fives: bool = True) -> str:
    """The kind of a tile id, written ``0m``/``0p``/``0s`` for a red five (the usual shorthand)."""
    if not 0 <= tile < NUM_TILES:
        raise ValueError(f"tile id out of range: {tile}")
    if red_fives and tile in RED_FIVES:
        return "0" + _SUITS[tile // 36]
    return kind_name(tile >> 2)


def is_red(tile: int, red_fives: bool = True) -> bool:
    """Whether a tile id is a red five in a game with (or without) red fives."""
    return red_fives and tile in RED_FIVES


def names(tiles: tuple[int, ...] | list[int], red_fives: bool = True) -> str:
    """A tile list as names separated by spaces, for messages and notes."""
    return " ".join(tile_name(t, red_fives) for t in tiles)
