"""The sets of a winning hand as the rulesets value them (`HandSet`), and as reports show them (`GroupView`)."""

from __future__ import annotations

from typing import Final

from paipu.tiles import ALL_TILES, Tile
from paipu.value import Frozen


class GroupView(Frozen):
    """A set or pair of the chosen decomposition, for reports: which tiles, which were wild."""

    __slots__ = ("kind", "meld", "tiles", "wild")
    _fields = ("kind", "tiles", "wild", "meld")
    kind: Final[str]  # chow, pong, kong, pair, or a meld kind
    tiles: Final[tuple[Tile, ...]]
    wild: Final[tuple[Tile, ...]]
    """The tiles the wildcards in this group stand for."""
    meld: Final[bool]
    """True for a set made before the win (exposed or concealed kong)."""

    def __init__(self, kind: str, tiles: tuple[Tile, ...], wild: tuple[Tile, ...] = (), meld: bool = False) -> None:
        self.kind = kind
        self.tiles = tiles
        self.wild = wild
        self.meld = meld


class HandSet(Frozen):
    """One set of a reading: a chow, pong or kong, with the tiles its wildcards stand for."""

    __slots__ = ("claimed", "concealed", "first", "kind", "meld", "wild")
    _fields = ("kind", "first", "meld", "wild", "concealed", "claimed")
    kind: Final[str]  # chow, pong, kong
    first: Final[int]
    """The lowest tile's index."""
    meld: Final[bool]
    """Made before the win (claimed, or a concealed kong), not read from the concealed tiles."""
    wild: Final[tuple[int, ...]]
    """The kinds its wildcards stand for."""
    concealed: Final[bool]
    """Not claimed: formed in hand, or a concealed kong.  A pong completed by a discard is not."""
    claimed: Final[bool]
    """Made by a claim (chow, pong, exposed kong, added kong): what 门前清 and 全求人 look at."""

    def __init__(self, kind: str, first: int, meld: bool = False, wild: tuple[int, ...] = (),
                 concealed: bool = True, claimed: bool = False) -> None:
        self.kind = kind
        self.first = first
        self.meld = meld
        self.wild = wild
        self.concealed = concealed
        self.claimed = claimed


def set_tiles(kind: str, first: int) -> tuple[Tile, ...]:
    """The tiles of a chow, pong or kong starting at ``first``."""
    key = (kind, first)
    found = _SET_TILES.get(key)
    if found is None:
        if kind == "chow":
            found = (ALL_TILES[first], ALL_TILES[first + 1], ALL_TILES[first + 2])
        else:
            found = (ALL_TILES[first],) * (4 if kind == "kong" else 3)
        _SET_TILES[key] = found
    return found


_SET_TILES: dict[tuple[str, int], tuple[Tile, ...]] = {}


def group_view(s: HandSet) -> GroupView:
    return GroupView(s.kind, set_tiles(s.kind, s.first), tuple(ALL_TILES[i] for i in s.wild), s.meld)
