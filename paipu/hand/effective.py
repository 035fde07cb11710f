"""What is left to draw, for teaching: effective tiles, the discard choices of a hand one tile
over, and a hand's whole analysis.  These take the whole concealed hand, its wildcard tiles
included, and the wildcard kinds, because what can still be drawn depends on which kinds are
wild; the shanten itself is `paipu.hand.shanten`'s."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from paipu.hand.shanten import (
    _FLAGS_CACHE,
    _NUM,
    DEFAULT_SHAPES,
    _after_each_discard,
    _after_each_draw,
    _checked,
    _flags,
    _min_shanten,
    shanten_by_shape,
)
from paipu.tiles import ALL_TILES, Tile
from paipu.value import by_fields


@dataclass(frozen=True, slots=True)
class EffectiveTile:
    """A kind whose draw lowers the shanten, and how many of it are still unseen."""

    tile: Tile
    unseen: int
    wildcard: bool = False
    """The kind is wild: drawing it adds a wildcard."""

    def __reduce__(self) -> tuple[type[EffectiveTile], tuple[object, ...]]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One discard from a hand one tile over: the shanten after it and what then helps."""

    tile: Tile
    shanten: int
    effective: tuple[EffectiveTile, ...]

    @property
    def unseen(self) -> int:
        """How many effective tiles are still unseen (the usual measure of a discard)."""
        return sum(e.unseen for e in self.effective)

    def __reduce__(self) -> tuple[type[DiscardChoice], tuple[object, ...]]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """Everything the teaching view shows for one hand."""

    tiles: int
    """Concealed tiles, wildcards included."""
    melds: int
    shanten: int
    by_shape: Mapping[str, int]
    waits: tuple[Tile, ...] = ()
    """For a hand one tile short and ready: the real kinds that complete it."""
    wildcard_completes: bool = False
    """For a ready hand in a game with wildcards: drawing a wildcard completes it."""
    effective: tuple[EffectiveTile, ...] = ()
    """For a hand one tile short: the kinds that lower its shanten."""
    discards: tuple[DiscardChoice, ...] = field(default=())
    """For a hand one tile over: every discard, best first."""

    @property
    def complete(self) -> bool:
        return self.shanten == -1

    def __reduce__(self) -> tuple[type[HandAnalysis], tuple[object, ...]]:
        return by_fields(self)


def split_wild(hand: Sequence[int], wild_kinds: Iterable[int]) -> tuple[list[int], int]:
    """The real counts (34 slots) and the number of wildcards of a whole concealed hand."""
    c = list(hand)
    if len(c) == 42:
        if any(c[34:]):
            raise ValueError("a flower is not part of a hand's shape: set flowers aside first")
        c = c[:34]
    elif len(c) != _NUM:
        raise ValueError(f"a hand needs 34 (or 42) slots, got {len(c)}")
    wild = 0
    for k in set(wild_kinds):
        if not 0 <= k < _NUM:
            raise ValueError(f"a wildcard kind must be a tile index 0-33, got {k}")
        wild += c[k]
        c[k] = 0
    return c, wild


class _Context:
    """A hand's fixed parameters, so the many evaluations of the teaching view share them."""

    def __init__(
        self,
        hand: Sequence[int],
        wild_kinds: Iterable[int],
        melds: int,
        shapes: Sequence[str],
        visible: Sequence[int] | None,
        suited_meld: bool,
    ) -> None:
        self.wild_kinds = tuple(sorted(set(wild_kinds)))
        self.real, self.wild = split_wild(hand, self.wild_kinds)
        self.hand = list(hand)[:_NUM]
        _, self.sets = _checked(self.real, self.wild, melds)
        if max(self.hand) > 4:
            raise ValueError(f"tile counts must be 0-4, got {self.hand}")
        self.melds = melds
        self.flags = _flags(shapes)
        self.limited = not (self.wild_kinds or self.wild)
        self.suited_meld = suited_meld
        seen = list(visible)[:_NUM] if visible is not None else [0] * _NUM
        if len(seen) != _NUM or min(seen) < 0:
            raise ValueError("visible needs 34 (or 42) non-negative counts")
        self.unseen = [max(0, 4 - self.hand[k] - seen[k]) for k in range(_NUM)]

    def shanten(self, real: Sequence[int], wild: int) -> int:
        return _min_shanten(bytes(real), wild, self.sets, self.flags, self.limited, self.suited_meld)

    def effective(self, real: list[int], wild: int, now: int) -> tuple[EffectiveTile, ...]:
        """Draws that lower ``now``, the shanten of ``real`` + ``wild`` (a short hand)."""
        wild_kinds = self.wild_kinds
        unseen = self.unseen
        return tuple(EffectiveTile(ALL_TILES[k], unseen[k], k in wild_kinds) for k in _effective_kinds(
            bytes(real), wild, now, self.sets, self.flags, self.limited, self.suited_meld, wild_kinds))


def _effective_kinds(c: bytes, wild: int, now: int, sets: int, flags: int, limited: bool, suited_meld: bool,
                     wild_kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds (ascending) whose draw lowers ``now``, the shanten of the short hand ``c`` +
    ``wild``; a wild kind is one when holding one more wildcard lowers it."""
    if now < 0:
        return ()
    # Holding one more wildcard is what drawing one does (always better before a win).
    wild_better = bool(wild_kinds) and _min_shanten(c, wild + 1, sets, flags, limited, suited_meld) < now
    after = _after_each_draw(c, wild, sets, flags, limited, suited_meld)
    if not wild_kinds:
        return tuple(k for k in range(_NUM) if after[k] < now)
    return tuple(k for k in range(_NUM) if (wild_better if k in wild_kinds else after[k] < now))


def effective_kinds(
    hand: Sequence[int],
    *,
    wild_kinds: Iterable[int] = (),
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    suited_meld: bool = False,
    now: int | None = None,
) -> tuple[int, ...]:
    """The kinds of `effective_tiles`, ascending, without their unseen counts: the same answer
    for a caller that counts what is unseen itself (and may keep the kinds of a hand it meets
    again).  ``now``: the hand's shanten, when the caller has it already (as `discard_shanten`
    gives it), which spares working it out again; it must be that figure."""
    kinds = wild_kinds if type(wild_kinds) is tuple else tuple(sorted(set(wild_kinds)))
    real, wild = split_wild(hand, kinds)
    c, sets = _checked(real, wild, melds)
    if max(hand[:_NUM]) > 4:
        raise ValueError(f"tile counts must be 0-4, got {list(hand[:_NUM])}")
    if sum(c) + wild != 3 * sets + 1:
        raise ValueError(f"effective tiles are for a hand one tile short ({3 * sets + 1} tiles)")
    flags = _FLAGS_CACHE.get(shapes) if type(shapes) is tuple else None
    flags = flags or _flags(shapes)
    limited = not (kinds or wild)
    if now is None:
        now = _min_shanten(c, wild, sets, flags, limited, suited_meld)
    return _effective_kinds(c, wild, now, sets, flags, limited, suited_meld, kinds)


def discard_shanten(
    hand: Sequence[int],
    *,
    wild_kinds: Iterable[int] = (),
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    suited_meld: bool = False,
) -> dict[int, int]:
    """For a whole concealed hand one tile over (wildcard tiles included): the shanten after
    discarding each kind it holds, by kind (ascending), as `discards` counts it, without the
    effective tiles."""
    kinds = tuple(sorted(set(wild_kinds)))
    real, wild = split_wild(hand, kinds)
    c, sets = _checked(real, wild, melds)
    if sum(c) + wild != 3 * sets + 2:
        raise ValueError(f"discards are for a hand one tile over ({3 * sets + 2} tiles)")
    flags = _flags(shapes)
    limited = not (kinds or wild)
    after = _after_each_discard(c, wild, sets, flags, limited, suited_meld)
    out: dict[int, int] = {}
    for k in range(_NUM):
        if not hand[k]:
            continue
        if k in kinds:
            out[k] = _min_shanten(c, wild - 1, sets, flags, limited, suited_meld)
        else:
            out[k] = after[k]
    return out


def effective_tiles(
    hand: Sequence[int],
    *,
    wild_kinds: Iterable[int] = (),
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    visible: Sequence[int] | None = None,
    suited_meld: bool = False,
) -> list[EffectiveTile]:
    """The kinds whose draw lowers the shanten of a hand one tile short, each with how many
    are unseen (4, less the hand's own and the ``visible`` ones: discards, others' melds).

    ``hand`` is the whole concealed hand, wildcard tiles included; a wild kind is listed
    (``wildcard=True``) when drawing a wildcard helps, which it always does before a win.
    """
    ctx = _Context(hand, wild_kinds, melds, shapes, visible, suited_meld)
    if sum(ctx.real) + ctx.wild != 3 * ctx.sets + 1:
        raise ValueError(f"effective tiles are for a hand one tile short ({3 * ctx.sets + 1} tiles)")
    now = ctx.shanten(ctx.real, ctx.wild)
    return list(ctx.effective(ctx.real, ctx.wild, now))


def discards(
    hand: Sequence[int],
    *,
    wild_kinds: Iterable[int] = (),
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    visible: Sequence[int] | None = None,
    suited_meld: bool = False,
) -> list[DiscardChoice]:
    """Every discard of a hand one tile over, best first: lowest shanten after it, then
    the most unseen effective tiles, then the most effective kinds, then tile order."""
    ctx = _Context(hand, wild_kinds, melds, shapes, visible, suited_meld)
    if sum(ctx.real) + ctx.wild != 3 * ctx.sets + 2:
        raise ValueError(f"discards are for a hand one tile over ({3 * ctx.sets + 2} tiles)")
    return _discards(ctx)


def _discards(ctx: _Context) -> list[DiscardChoice]:
    real, wild = ctx.real, ctx.wild
    out: list[DiscardChoice] = []
    for k in range(_NUM):
        if not ctx.hand[k]:
            continue
        if k in ctx.wild_kinds:
            after = ctx.shanten(real, wild - 1)
            eff = ctx.effective(real, wild - 1, after)
        else:
            real[k] -= 1
            after = ctx.shanten(real, wild)
            eff = ctx.effective(real, wild, after)
            real[k] += 1
        out.append(DiscardChoice(ALL_TILES[k], after, eff))
    out.sort(key=lambda d: (d.shanten, -d.unseen, -len(d.effective), d.tile.index))
    return out


def analyse(
    hand: Sequence[int],
    *,
    wild_kinds: Iterable[int] = (),
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    visible: Sequence[int] | None = None,
    suited_meld: bool = False,
) -> HandAnalysis:
    """The teaching view of a whole concealed hand (wildcard tiles included): shanten by
    shape; for a hand one tile short its waits and effective tiles; for a hand one tile
    over every discard, best first."""
    ctx = _Context(hand, wild_kinds, melds, shapes, visible, suited_meld)
    real, wild = ctx.real, ctx.wild
    size = sum(real) + wild
    by_shape = shanten_by_shape(real, wild, melds=melds, shapes=shapes,
                                wild_in_play=not ctx.limited, suited_meld=suited_meld)
    now = ctx.shanten(real, wild)
    if size == 3 * ctx.sets + 1:
        eff = ctx.effective(real, wild, now)
        wait_tiles: tuple[Tile, ...] = ()
        wild_completes = False
        if now == 0:
            wait_tiles = tuple(e.tile for e in eff if not e.wildcard)
            wild_completes = any(e.wildcard for e in eff)
        return HandAnalysis(size, melds, now, by_shape, wait_tiles, wild_completes, eff)
    return HandAnalysis(size, melds, now, by_shape, discards=tuple(_discards(ctx)))
