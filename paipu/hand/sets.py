"""The sets of a winning hand as the rulesets value them (`HandSet`), and as reports show them (`GroupView`)."""

from __future__ import annotations

from dataclasses import dataclass

from paipu.frozen import own_init
from paipu.pickling import by_fields
from paipu.tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True, init=False)
class GroupView:
    """A set or pair of the chosen decomposition, for reports: which tiles, which were wild."""

    kind: str  # chow, pong, kong, pair, or a meld kind
    tiles: tuple[Tile, ...]
    wild: tuple[Tile, ...] = ()
    """The tiles the wildcards in this group stand for."""
    meld: bool = False
    """True for a set made before the win (exposed or concealed kong)."""

    def __init__(self, kind: str, tiles: tuple[Tile, ...], wild: tuple[Tile, ...] = (), meld: bool = False) -> None:
        # Written out (`paipu.frozen`): one is made for each group of every win's reading.
        self.kind = kind  # type: ignore[misc]
        self.tiles = tiles  # type: ignore[misc]
        self.wild = wild  # type: ignore[misc]
        self.meld = meld  # type: ignore[misc]

    def __reduce__(self) -> tuple[type[GroupView], tuple[object, ...]]:
        return by_fields(self)  # the compiled build cannot restore it field by field


own_init(GroupView)


@dataclass(frozen=True, slots=True, init=False)
class HandSet:
    """One set of a reading: a chow, pong or kong, with the tiles its wildcards stand for."""

    kind: str  # chow, pong, kong
    first: int
    """The lowest tile's index."""
    meld: bool = False
    """Made before the win (claimed, or a concealed kong), not read from the concealed tiles."""
    wild: tuple[int, ...] = ()
    """The kinds its wildcards stand for."""
    concealed: bool = True
    """Not claimed: formed in hand, or a concealed kong.  A pong completed by a discard is not."""
    claimed: bool = False
    """Made by a claim (chow, pong, exposed kong, added kong): what 门前清 and 全求人 look at."""

    def __init__(self, kind: str, first: int, meld: bool = False, wild: tuple[int, ...] = (),
                 concealed: bool = True, claimed: bool = False) -> None:
        # Written out (`paipu.frozen`): one is made for each set of every reading of every win.
        self.kind = kind  # type: ignore[misc]
        self.first = first  # type: ignore[misc]
        self.meld = meld  # type: ignore[misc]
        self.wild = wild  # type: ignore[misc]
        self.concealed = concealed  # type: ignore[misc]
        self.claimed = claimed  # type: ignore[misc]

    def __reduce__(self) -> tuple[type[HandSet], tuple[object, ...]]:
        return by_fields(self)  # the compiled build cannot restore it field by field


own_init(HandSet)


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
