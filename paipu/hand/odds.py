"""Exact counts of winning and ready hands, by the published method (docs/analysis.md).

The recipe: never enumerate 14-tile hands (there are ~4·10^18 deals); instead, for
each suit and for the honours, classify every multiset of that group's tiles by what it
can be (sets only, sets and the pair, one tile short of either, all pairs …), weigh each
by the number of ways to pick it from the physical tiles (a product of C(4, c)), and
combine the four groups by convolution, keeping only combinations whose parts fit
together (one pair in the whole hand, one missing tile …).  Step (4) of the method removes
the hands counted twice (both four sets and a pair and seven pairs, like 112233m…); here
each combined state knows every shape it satisfies, so the union is counted once directly.

Conventions, the same as `paipu.hand.shanten`:

* *winning* hands have 14 tiles (no melds) in a shape the profile allows; *ready* hands
  have 13 tiles and some drawable tile completes them (not a fifth copy of a kind);
* with wildcards (zhuji's 财神: one kind = 4 tiles, two kinds = 8) a wildcard may stand
  for any tile, a fifth copy included, and a ready hand is one that a drawn wildcard would
  complete (the definition of shanten 0 with wildcards in play);
* *hands* are distinct multisets of kinds; *deals* count physical tiles, so a deal's
  probability is deals / C(tiles, n).  Flowers are left out: a flower drawn in a deal is
  set aside and replaced, so the other tiles of a deal are a uniform sample of the rest.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Final

from paipu.hand.profile import ShapeProfile
from paipu.hand.shapes import ORPHAN_KINDS
from paipu.value import by_fields

__all__ = ["Odds", "compute_odds", "group_complete_counts"]

HAND: Final = 14
_GROUPS: Final = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


@dataclass(frozen=True)
class Odds:
    """Exact figures for one profile (and 财神 choice)."""

    profile: str
    shapes: tuple[str, ...]
    wild_kinds: tuple[int, ...]
    tiles: int
    """Physical tiles counted (flowers left out)."""
    winning_hands: int
    """Distinct 14-tile multisets of kinds that are complete."""
    winning_deals: int
    """14-tile deals (sets of physical tiles) that are complete."""
    ready_hands: int
    ready_deals: int
    by_shape: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Complete (hands, deals) per shape, before the union (a hand may have two shapes)."""
    seconds: float = 0.0

    @property
    def deals_14(self) -> int:
        return comb(self.tiles, HAND)

    @property
    def deals_13(self) -> int:
        return comb(self.tiles, HAND - 1)

    @property
    def win_probability(self) -> Fraction:
        """A dealer's first 14 tiles are complete (天胡, shape only)."""
        return Fraction(self.winning_deals, self.deals_14)

    @property
    def ready_probability(self) -> Fraction:
        """A player's 13 dealt tiles are ready."""
        return Fraction(self.ready_deals, self.deals_13)

    def to_json(self) -> dict[str, object]:
        from paipu.tiles import ALL_TILES

        pw, pr = self.win_probability, self.ready_probability
        return {
            "ruleset": self.profile,
            "shapes": list(self.shapes),
            "caishen": [str(ALL_TILES[k]) for k in self.wild_kinds],
            "tiles": self.tiles,
            "winning_hands": self.winning_hands,
            "winning_deals": self.winning_deals,
            "deals_14": self.deals_14,
            "win_probability": f"{pw.numerator}/{pw.denominator}",
            "win_one_in": round(float(1 / pw), 1) if pw else None,
            "ready_hands": self.ready_hands,
            "ready_deals": self.ready_deals,
            "deals_13": self.deals_13,
            "ready_probability": f"{pr.numerator}/{pr.denominator}",
            "ready_one_in": round(float(1 / pr), 1) if pr else None,
            "by_shape": {k: {"hands": h, "deals": d} for k, (h, d) in self.by_shape.items()},
            "seconds": round(self.seconds, 2),
        }

    def __reduce__(self) -> tuple[type[Odds], tuple[object, ...]]:
        return by_fields(self)


# ---------------------------------------------------------------------------------------
# One group's multisets.


def _vectors(copies: Sequence[int], limit: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every count vector within ``copies`` of at most ``limit`` tiles, with its weight
    (the number of ways to pick it from the physical tiles)."""
    n = len(copies)
    combs = [[comb(c, x) for x in range(c + 1)] for c in copies]
    cur = [0] * n

    def rec(i: int, left: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == n:
            yield tuple(cur), weight
            return
        for x in range(min(copies[i], left) + 1):
            cur[i] = x
            yield from rec(i + 1, left - x, weight * combs[i][x])
        cur[i] = 0

    return rec(0, limit, 1)


def _sets_of(copies: Sequence[int], chows: bool) -> list[tuple[int, ...]]:
    n = len(copies)
    out: list[tuple[int, ...]] = []
    for k in range(n):
        if copies[k] >= 3:
            v = [0] * n
            v[k] = 3
            out.append(tuple(v))
    if chows:
        for k in range(n - 2):
            if copies[k] and copies[k + 1] and copies[k + 2]:
                v = [0] * n
                v[k] = v[k + 1] = v[k + 2] = 1
                out.append(tuple(v))
    return out


@functools.cache
def _complete_sets(copies: tuple[int, ...], chows: bool) -> tuple[frozenset[tuple[int, ...]], ...]:
    """(sets only, sets and the pair) vectors of one group, within the physical copies."""
    sets = _sets_of(copies, chows)
    n = len(copies)
    layer = {(0,) * n}
    c0 = set(layer)
    for _ in range(4):
        nxt = set()
        for v in layer:
            for s in sets:
                w = tuple(a + b for a, b in zip(v, s, strict=True))
                if all(x <= c for x, c in zip(w, copies, strict=True)):
                    nxt.add(w)
        c0 |= nxt
        layer = nxt
    c1 = set()
    for v in c0:
        for k in range(n):
            if v[k] + 2 <= copies[k]:
                with_pair = list(v)
                with_pair[k] += 2
                c1.add(tuple(with_pair))
    return frozenset(c0), frozenset(c1)


def _one_short(vectors: frozenset[tuple[int, ...]]) -> frozenset[tuple[int, ...]]:
    out = set()
    for u in vectors:
        for k, x in enumerate(u):
            if x:
                w = list(u)
                w[k] -= 1
                out.add(tuple(w))
    return frozenset(out)


def group_complete_counts(copies: Sequence[int], chows: bool) -> dict[int, tuple[int, int]]:
    """For one group (a suit with ``chows``, or honours): tiles -> (distinct multisets,
    weighted count) of the multisets that are sets only or sets and one pair.

    This is the method's step (2); with four copies of nine kinds, the 14-tile entry is the
    13,259 one-suit winning hands (Project Euler 696's w(9, 1, 4)).
    """
    c0, c1 = _complete_sets(tuple(copies), chows)
    out: dict[int, tuple[int, int]] = {}
    for v in c0 | c1:
        n = sum(v)
        w = 1
        for x, c in zip(v, copies, strict=True):
            w *= comb(c, x)
        h, d = out.get(n, (0, 0))
        out[n] = (h + 1, d + w)
    return dict(sorted(out.items()))


# ---------------------------------------------------------------------------------------
# Without wildcards: every group's multisets, classified, then combined.

# Roles a group can play in a four-sets-and-a-pair hand: (holds the pair, is one short).
_ROLES: Final = ((0, 0), (1, 0), (0, 1), (1, 1))


def _mask_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for a in range(16):
        row = []
        for b in range(16):
            out = 0
            for i, (pi, ri) in enumerate(_ROLES):
                if not a >> i & 1:
                    continue
                for j, (pj, rj) in enumerate(_ROLES):
                    if b >> j & 1 and pi + pj <= 1 and ri + rj <= 1:
                        out |= 1 << _ROLES.index((pi + pj, ri + rj))
            row.append(out)
        table.append(tuple(row))
    return tuple(table)


_MASKS: Final = _mask_table()
_COMPLETE_BIT: Final = 1 << _ROLES.index((1, 0))
_READY_BIT: Final = 1 << _ROLES.index((1, 1))

# A state: (tiles, roles mask, odd counts (0, 1, 2 = more), all counts <= 2, orphans
# (-1: not all orphans; else pairs among them, capped at 2), holds a suited tile).
_State = tuple[int, int, int, bool, int, bool]
_Table = dict[_State, list[int]]


@dataclass(frozen=True)
class _Wanted:
    standard: bool
    pairs: bool
    fours: bool
    orphans: bool
    quanzi: bool


def _normalise(s: _State, want: _Wanted) -> _State | None:
    """The state with the parts no shape can use any more blanked, or None if no shape
    can be reached from it (its count is not needed)."""
    n, mask, odd, le2, orph, suited = s
    if n > HAND:
        return None
    std = want.standard and mask != 0
    sp = (want.pairs and odd <= 1 and le2) or (want.fours and odd <= 1)
    orp = want.orphans and orph >= 0 and orph <= 1
    qz = want.quanzi and not suited
    if not (std or sp or orp or qz):
        return None
    return (
        n,
        mask if std else 0,
        odd if sp else 2,
        le2 if sp else False,
        orph if orp else -1,
        suited if qz else True,
    )


def _group_table(lo: int, hi: int, chows: bool, copies: tuple[int, ...], want: _Wanted) -> _Table:
    c0, c1 = _complete_sets(copies, chows) if want.standard else (frozenset(), frozenset())
    r0, r1 = _one_short(c0), _one_short(c1)
    orphan_pos = {k - lo for k in ORPHAN_KINDS if lo <= k < hi}
    honours = not chows
    table: _Table = {}
    for v, w in _vectors(copies, HAND):
        n = sum(v)
        mask = (v in c0) | (v in c1) << 1 | (v in r0) << 2 | (v in r1) << 3
        odd = min(2, sum(x & 1 for x in v))
        le2 = max(v) <= 2
        orph = -1
        if le2 and all(x == 0 or k in orphan_pos for k, x in enumerate(v)):
            orph = min(2, v.count(2))
        state = _normalise((n, mask, odd, le2, orph, n > 0 and not honours), want)
        if state is None:
            continue
        entry = table.get(state)
        if entry is None:
            table[state] = [1, w]
        else:
            entry[0] += 1
            entry[1] += w
    return table


def _join(a: _Table, b: _Table, want: _Wanted) -> _Table:
    out: _Table = {}
    masks = _MASKS
    for (n1, m1, o1, l1, r1, s1), (h1, d1) in a.items():
        for (n2, m2, o2, l2, r2, s2), (h2, d2) in b.items():
            if n1 + n2 > HAND:
                continue
            orph = -1 if r1 < 0 or r2 < 0 else min(2, r1 + r2)
            state = _normalise(
                (n1 + n2, masks[m1][m2], min(2, o1 + o2), l1 and l2, orph, s1 or s2), want
            )
            if state is None:
                continue
            entry = out.get(state)
            if entry is None:
                out[state] = [h1 * h2, d1 * d2]
            else:
                entry[0] += h1 * h2
                entry[1] += d1 * d2
    return out


def _shapes_met(s: _State, want: _Wanted) -> list[str]:
    n, mask, odd, le2, orph, suited = s
    met: list[str] = []
    if n == HAND:
        if want.standard and mask & _COMPLETE_BIT:
            met.append("standard")
        if want.pairs and odd == 0 and le2:
            met.append("seven_pairs")
        if want.fours and odd == 0:
            met.append("seven_pairs_fours")
        if want.orphans and orph == 1:
            met.append("orphans")
        if want.quanzi and not suited:
            met.append("quanzipai")
    return met


def _is_ready(s: _State, want: _Wanted) -> bool:
    n, mask, odd, le2, orph, suited = s
    if n != HAND - 1:
        return False
    return bool(
        (want.standard and mask & _READY_BIT)
        or (want.pairs and odd == 1 and le2)
        or (want.fours and odd == 1)
        or (want.orphans and 0 <= orph <= 1)
        or (want.quanzi and not suited)
    )


def _plain(profile: ShapeProfile, want: _Wanted) -> tuple[int, int, int, int, dict[str, tuple[int, int]]]:
    tables: dict[tuple[int, int, bool, tuple[int, ...]], _Table] = {}
    total: _Table | None = None
    for lo, hi, chows in _GROUPS:
        copies = tuple(profile.tile_counts[lo:hi])
        # The three suits share one table when their copies agree (a suit has no position).
        key = (0 if chows else lo, 0 if chows else hi, chows, copies)
        if key not in tables:
            tables[key] = _group_table(lo, hi, chows, copies, want)
        g = tables[key]
        total = g if total is None else _join(total, g, want)
    assert total is not None
    win_h = win_d = ready_h = ready_d = 0
    by_shape: dict[str, tuple[int, int]] = {}
    for s, (h, d) in total.items():
        met = _shapes_met(s, want)
        if met:
            win_h += h
            win_d += d
            for name in met:
                bh, bd = by_shape.get(name, (0, 0))
                by_shape[name] = (bh + h, bd + d)
        if _is_ready(s, want):
            ready_h += h
            ready_d += d
    return win_h, win_d, ready_h, ready_d, by_shape


# ---------------------------------------------------------------------------------------
# With wildcards: every group's multisets of real tiles, by the wildcards they need.

_HOPELESS: Final = 10
"""Wildcards needed beyond any count that can matter (8 held, +1 for a ready hand)."""


@functools.cache
def _suit_blocks(v: tuple[int, ...]) -> int:
    """The fewest set-blocks (sub-multisets of a pong or a chow) covering a suit vector
    exactly (``v[0] > 0`` or empty); each block needs 3 - its size wildcards, so making
    the tiles into sets only needs 3·blocks - tiles wildcards.  The block holding the
    lowest tile is tried every way."""
    if not v:
        return 0
    x, n = v[0], len(v)
    rest = v[1:]
    best = 1 + _suit_blocks(_lstrip((x - 1, *rest)))
    if x >= 2:
        best = min(best, 1 + _suit_blocks(_lstrip((x - 2, *rest))))
    if x >= 3:
        best = min(best, 1 + _suit_blocks(_lstrip((x - 3, *rest))))
    if n > 1 and v[1]:
        best = min(best, 1 + _suit_blocks(_lstrip((x - 1, v[1] - 1, *v[2:]))))
        if n > 2 and v[2]:
            best = min(best, 1 + _suit_blocks(_lstrip((x - 1, v[1] - 1, v[2] - 1, *v[3:]))))
    if n > 2 and v[2]:
        best = min(best, 1 + _suit_blocks(_lstrip((x - 1, v[1], v[2] - 1, *v[3:]))))
    return best


def _lstrip(v: tuple[int, ...]) -> tuple[int, ...]:
    i = 0
    while i < len(v) and v[i] == 0:
        i += 1
    return v[i:] if i else v


@functools.cache
def _suit_blocks_with_pair(v: tuple[int, ...]) -> int:
    """`_suit_blocks` once one or two tiles of a kind are taken out as the pair (which
    costs no block); the block or pair holding the lowest tile is tried every way."""
    if not v:
        return 99
    x, n = v[0], len(v)
    rest = v[1:]
    best = _suit_blocks(_lstrip((x - 1, *rest)))
    if x >= 2:
        best = min(best, _suit_blocks(_lstrip((x - 2, *rest))))
    best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 1, *rest))))
    if x >= 2:
        best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 2, *rest))))
    if x >= 3:
        best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 3, *rest))))
    if n > 1 and v[1]:
        best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 1, v[1] - 1, *v[2:]))))
        if n > 2 and v[2]:
            best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 1, v[1] - 1, v[2] - 1, *v[3:]))))
    if n > 2 and v[2]:
        best = min(best, 1 + _suit_blocks_with_pair(_lstrip((x - 1, v[1], v[2] - 1, *v[3:]))))
    return best


def _component(v: tuple[int, ...], chows: bool) -> tuple[int, int]:
    """(set-blocks, set-blocks once the pair's tiles are out) of one component: tiles
    that no set can split from each other (two empty kinds apart at most one).  A pair
    made of two wildcards costs as much as one more block."""
    if not chows:  # one honour kind: pongs only
        x = v[0]
        return -(-x // 3), min(-(-(x - 1) // 3), -(-max(x - 2, 0) // 3))
    blocks = _suit_blocks(v)
    return blocks, min(blocks + 1, _suit_blocks_with_pair(v))


# A state: (real tiles, wildcards for sets, least extra for the pair, holds a suited tile).
_WState = tuple[int, int, int, bool]
_WTable = dict[_WState, list[int]]
_MAX_BLOCKS: Final = 8
"""More set-blocks than this need more wildcards than there are (3·blocks - 14 > 9)."""


def _wild_group_table(chows: bool, copies: tuple[int, ...], quanzi: bool) -> _WTable:
    """Every multiset of one group's real tiles, by tiles and the wildcards it needs.

    Sets never join tiles two empty kinds apart, so the group splits into components
    whose block counts add up; the pair sits in one component (or is two wildcards).  The
    multisets are counted kind by kind, keeping only the open component and the totals of
    the closed ones, so equal totals merge and nothing is enumerated one multiset at a time.
    """
    # (tiles, blocks of closed components, best saving by placing the pair, open component)
    State = tuple[int, int, int, tuple[int, ...]]
    states: dict[State, list[int]] = {(0, 0, 0, ()): [1, 1]}

    def close(st: State) -> tuple[int, int, int]:
        n, blocks, save, comp = st
        while comp and comp[-1] == 0:
            comp = comp[:-1]
        if comp:
            b, bp = _component(comp, chows)
            blocks += b
            save = max(save, b - bp)
        return n, min(blocks, _MAX_BLOCKS + 1), save

    for c in copies:
        nxt: dict[State, list[int]] = {}
        for st, (h, d) in states.items():
            n, blocks, save, comp = st
            for x in range(min(c, HAND - n) + 1):
                if chows:
                    if x == 0 and comp and comp[-1] == 0:
                        n2, blocks2, save2 = close(st)
                        new: State = (n2, blocks2, save2, ())
                    elif x == 0 and not comp:
                        new = st
                    else:
                        new = (n + x, blocks, save, (*comp, x))
                else:
                    n2, blocks2, save2 = close(st)
                    new = (n2 + x, blocks2, save2, (x,) if x else ())
                if new[1] > _MAX_BLOCKS and not quanzi:
                    continue
                w = d * comb(c, x)
                entry = nxt.get(new)
                if entry is None:
                    nxt[new] = [h, w]
                else:
                    entry[0] += h
                    entry[1] += w
        states = nxt
    table: _WTable = {}
    for st, (h, d) in states.items():
        n, blocks, save = close(st)
        suited = chows and n > 0
        a = 3 * blocks - n
        if blocks > _MAX_BLOCKS or a >= _HOPELESS:
            if not (quanzi and not suited):
                continue
            a = _HOPELESS
        state = (n, a, 2 - 3 * save, suited)
        entry = table.get(state)
        if entry is None:
            table[state] = [h, d]
        else:
            entry[0] += h
            entry[1] += d
    return table


def _wild_join(a: _WTable, b: _WTable, quanzi: bool) -> _WTable:
    out: _WTable = {}
    for (n1, a1, e1, s1), (h1, d1) in a.items():
        for (n2, a2, e2, s2), (h2, d2) in b.items():
            n = n1 + n2
            if n > HAND:
                continue
            need = min(_HOPELESS, a1 + a2)
            suited = s1 or s2
            if need >= _HOPELESS and not (quanzi and not suited):
                continue
            state = (n, need, min(e1, e2), suited)
            entry = out.get(state)
            if entry is None:
                out[state] = [h1 * h2, d1 * d2]
            else:
                entry[0] += h1 * h2
                entry[1] += d1 * d2
    return out


def _wild(
    profile: ShapeProfile, want: _Wanted, wild_kinds: tuple[int, ...]
) -> tuple[int, int, int, int, dict[str, tuple[int, int]]]:
    copies_all = list(profile.tile_counts)
    wild_tiles = 0
    for k in wild_kinds:
        wild_tiles += copies_all[k]
        copies_all[k] = 0
    total: _WTable | None = None
    made: dict[tuple[bool, tuple[int, ...]], _WTable] = {}
    for lo, hi, chows in _GROUPS:
        key = (chows, tuple(copies_all[lo:hi]))
        if key not in made:
            made[key] = _wild_group_table(chows, key[1], want.quanzi)
        g = made[key]
        total = g if total is None else _wild_join(total, g, want.quanzi)
    assert total is not None
    # How many kind-multisets and physical choices give j wildcards.
    per_kind = [copies_all_k for copies_all_k in (profile.tile_counts[k] for k in wild_kinds)]
    ways = [0] * (wild_tiles + 1)
    ways[0] = 1
    for c in per_kind:
        nxt = [0] * (wild_tiles + 1)
        for j, x in enumerate(ways):
            if x:
                for t in range(c + 1):
                    if j + t <= wild_tiles:
                        nxt[j + t] += x
        ways = nxt
    win_h = win_d = ready_h = ready_d = 0
    by_shape: dict[str, tuple[int, int]] = {}
    for (n, need, extra, suited), (h, d) in total.items():
        for size, ready in ((HAND, False), (HAND - 1, True)):
            j = size - n
            if j < 0 or j > wild_tiles:
                continue
            hands, deals = h * ways[j], d * comb(wild_tiles, j)
            std = want.standard and need + extra <= j + ready
            qz = want.quanzi and not suited
            if not (std or qz):
                continue
            if ready:
                ready_h += hands
                ready_d += deals
            else:
                win_h += hands
                win_d += deals
                for name, ok in (("standard", std), ("quanzipai", qz)):
                    if ok:
                        bh, bd = by_shape.get(name, (0, 0))
                        by_shape[name] = (bh + hands, bd + deals)
    return win_h, win_d, ready_h, ready_d, by_shape


def compute_odds(profile: ShapeProfile, wild_kinds: Sequence[int] = ()) -> Odds:
    """Exact winning and ready counts for ``profile``'s shapes and tiles.

    ``wild_kinds``: the 财神 kinds (each of its copies is a wildcard).  Wildcards are
    counted for the standard shape and 全字牌 only (`ValueError` otherwise).
    """
    start = time.perf_counter()
    # The knitted shapes (全不靠, 组合龙) are not counted: the answer is for the others, and
    # says so by listing only the shapes it counts.
    shapes = tuple(s for s in profile.shapes if s not in ("quanbukao", "zuhelong"))
    want = _Wanted(
        "standard" in shapes, "seven_pairs" in shapes, "seven_pairs_fours" in shapes,
        "orphans" in shapes, "quanzipai" in shapes,
    )
    wild = tuple(sorted(set(wild_kinds)))
    for k in wild:
        if not 0 <= k < 34 or profile.tile_counts[k] == 0:
            raise ValueError(f"tile index {k} is not a tile of the {profile.name} set")
    if wild:
        if want.pairs or want.fours or want.orphans:
            raise ValueError("wildcards are counted with the standard shape and 全字牌 only, "
                             f"not with {', '.join(shapes)}")
        result = _wild(profile, want, wild)
    else:
        result = _plain(profile, want)
    win_h, win_d, ready_h, ready_d, found = result
    by_shape = {name: found[name] for name in shapes if name in found}
    return Odds(profile.name, shapes, wild, profile.total_tiles, win_h, win_d, ready_h, ready_d,
                by_shape, time.perf_counter() - start)
