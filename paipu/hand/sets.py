"""The sets of a winning hand as the rulesets value them: melds and sets read from the hand."""

from __future__ import annotations

from dataclasses import dataclass

from paipu.replay.result import GroupView
from paipu.replay.state import Meld
from paipu.tiles import ALL_TILES, Tile


@dataclass(frozen=True, slots=True)
class HandSet:
    """One set of a reading: a chow, pong or kong, with the tiles its wildcards stand for."""

    kind: str  # chow, pong, kong
    first: int
    """The lowest tile's index."""
    meld: bool = False
    """Made before the win (claimed, or a concealed kong), not read from the concealed tiles."""
    wild: tuple[int, ...] = ()
    """The kinds its wildcards stand for."""


def meld_set(m: Meld) -> HandSet:
    if m.kind == "chow":
        return HandSet("chow", min(t.index for t in m.tiles), meld=True)
    return HandSet("kong" if m.is_kong else "pong", m.tiles[0].index, meld=True)


def set_tiles(kind: str, first: int) -> tuple[Tile, ...]:
    """The tiles of a chow, pong or kong starting at ``first``."""
    if kind == "chow":
        return tuple(ALL_TILES[first + j] for j in range(3))
    return (ALL_TILES[first],) * (4 if kind == "kong" else 3)


def group_view(s: HandSet) -> GroupView:
    return GroupView(s.kind, set_tiles(s.kind, s.first), tuple(ALL_TILES[i] for i in s.wild), s.meld)
