"""Shanten (向听数) and waits, on tile-count arrays.

Definition.  A hand of ``3 * sets + 1`` or ``3 * sets + 2`` concealed tiles (``sets`` is 4
minus the melds made) has shanten ``d - 1``, where ``d`` is the fewest tiles it must draw
(discarding others) to hold a complete hand of ``3 * sets + 2`` tiles: -1 is complete, 0 is
ready (听牌).  Equivalently, over every complete *target* hand, ``d`` is the number of the
target's tiles the hand lacks, less the wildcards, which fill any gap.

Two readings of "a tile it can draw" (see `paipu.hand.tables`):

* without wildcards in play, a drawn tile is a real tile, so no target may hold a fifth
  tile of a kind (1111m waiting only on a fifth 1m is not ready);
* with wildcards in play, a wildcard may be drawn and may stand for a fifth tile, so the
  limit of four does not bind.  ``wild_in_play`` says which applies; by default, whether
  the hand holds a wildcard.  Either way ``shanten == -1`` exactly when the engine's win
  check (`paipu.hand.shapes`) accepts the hand.

Counts follow `paipu.hand.shapes`: ``counts`` has 34 (or 42) slots of *real* concealed
tiles, no wildcards (those are ``wild``) and no melds.  The bots' shanten kept for a hand as
it changes is `paipu.hand.incremental`; effective tiles, discard choices and a hand's analysis
for teaching are `paipu.hand.effective`.

Shapes (`paipu.hand.profile.SHAPES`) are a parameter; the shanten is the minimum over
them.  Special shapes take the whole hand, so they count only with no melds.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from typing import Final

from paipu.hand import tables
from paipu.hand.profile import SHAPES
from paipu.hand.shapes import (
    KNITTED_STRAIGHT_SETS,
    KNITTED_STRAIGHTS,
    ORPHAN_KINDS,
    _standard_waits,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
)
from paipu.hand.tables import combine as _combine
from paipu.hand.tables import combined_at as _combined_at
from paipu.hand.tables import honour_profile as _honour_profile
from paipu.hand.tables import suit_profile as _suit_profile

__all__ = [
    "DEFAULT_SHAPES",
    "complete_of",
    "plain_waits",
    "shanten",
    "shanten_by_shape",
    "shanten_of",
    "shape_flags",
    "waits",
]

DEFAULT_SHAPES: Final = ("standard", "seven_pairs", "orphans")

_NUM: Final = 34
_ORPHANS: Final = operator.itemgetter(*ORPHAN_KINDS)

# Bit flags for the shapes, so the hot path tests ints instead of strings; each a Final
# constant of its own.
_STANDARD: Final = 1
_PAIRS: Final = 2
_PAIRS4: Final = 4
_ORPH: Final = 8
_QUANZI: Final = 16
_BUKAO: Final = 32
_ZUHELONG: Final = 64
_KNITTED_SHAPES: Final = _BUKAO | _ZUHELONG
_SHAPE_BIT: Final = {
    "standard": _STANDARD, "seven_pairs": _PAIRS, "seven_pairs_fours": _PAIRS4,
    "orphans": _ORPH, "quanzipai": _QUANZI, "quanbukao": _BUKAO, "zuhelong": _ZUHELONG,
}
_KNITTED: Final = KNITTED_STRAIGHTS
"""The six knitted straights: 147 in one suit, 258 in another, 369 in the third."""
_HELD: Final = bytes([0] + [1] * 255)
"""`bytes.translate` table: a count to 1 if any tile of the kind is held, else 0."""
_FLAGS_CACHE: dict[tuple[str, ...], int] = {}
_FROM_BYTES: Final = int.from_bytes
"""`int.from_bytes`, bound once rather than looked up on `int` at every call."""

_PROFILES: Final = tables._PROFILES
_COMBINED: Final = tables._COMBINED
_SUIT_LIM: Final = tables._SUIT_LIMITED
_SUIT_UNL: Final = tables._SUIT_UNLIMITED
_HON_LIM: Final = tables._HONOUR_LIMITED
_HON_UNL: Final = tables._HONOUR_UNLIMITED


def _flags(shapes: Iterable[str]) -> int:
    key = shapes if isinstance(shapes, tuple) else tuple(shapes)
    f = _FLAGS_CACHE.get(key)
    if f is None:
        f = 0
        for s in key:
            bit = _SHAPE_BIT.get(s)
            if bit is None:
                raise ValueError(f"unknown shape {s!r}; known shapes: {', '.join(SHAPES)}")
            f |= bit
        if not f:
            raise ValueError("give at least one shape")
        _FLAGS_CACHE[key] = f
    return f


def _checked(counts: Sequence[int], wild: int, melds: int) -> tuple[bytes, int]:
    """The 34 concealed slots as bytes, and ``sets``, after checking the hand can be
    analysed.  Bytes make every later step (slices, keys, counts) a C-level operation."""
    try:
        b = bytes(counts if isinstance(counts, (bytes, list, tuple)) else list(counts))
    except (TypeError, ValueError):
        raise ValueError(f"tile counts must be 0-4, got {list(counts)}") from None
    n = len(b)
    if n != _NUM:
        if n != 42:
            raise ValueError(f"counts needs 34 (or 42) slots, got {n}")
        if any(b[34:]):
            raise ValueError("a flower is not part of a hand's shape: set flowers aside first")
        b = b[:34]
    if max(b) > 4:
        raise ValueError(f"tile counts must be 0-4, got {list(b)}")
    if wild < 0:
        raise ValueError(f"wild must be >= 0, got {wild}")
    if not 0 <= melds <= tables.MAX_SETS:
        raise ValueError(f"melds must be 0-4, got {melds}")
    sets = tables.MAX_SETS - melds
    total = sum(b) + wild
    if total != 3 * sets + 1 and total != 3 * sets + 2:
        raise ValueError(
            f"a hand with {melds} meld{'s' if melds != 1 else ''} holds {3 * sets + 1} or "
            f"{3 * sets + 2} concealed tiles (wildcards included), not {total}"
        )
    return b, sets


# ---------------------------------------------------------------------------------------
# One shape at a time.  Each returns the shanten, given the checked counts as bytes.


def _standard(c: bytes, wild: int, sets: int, limited: bool) -> int:
    # The groups by their small keys (`_oct_key`).
    km = _oct_key(c, 0, 9)
    kp = _oct_key(c, 9, 18)
    ks = _oct_key(c, 18, 27)
    kz = _honour_key(c)
    if limited:
        st, ht = _OCT_SUIT_LIM, _OCT_HON_LIM
    else:
        st, ht = _OCT_SUIT_UNL, _OCT_HON_UNL
    a = st.get(km) or _oct_suit(c[0:9], km, limited)
    b = st.get(kp) or _oct_suit(c[9:18], kp, limited)
    d = st.get(ks) or _oct_suit(c[18:27], ks, limited)
    z = ht.get(kz) or _oct_honour(c[27:34], kz, limited)
    ab = _COMBINED.get((a << 20) | b) or _combine(a, b)
    dz = _COMBINED.get((d << 20) | z) or _combine(d, z)
    return 3 * sets + 1 - _combined_at(ab, dz, 2 * sets + 1) - wild


def _seven_pairs(c: bytes, wild: int, fours: bool) -> int:
    return _pairs_from_tally(c.count(1), c.count(2), c.count(3), c.count(4), wild, fours)


def _pairs_from_tally(ones: int, twos: int, threes: int, quads: int, wild: int, fours: bool) -> int:
    """Seven pairs' shanten from how many kinds the hand holds once, twice, three and four
    times (with ``fours``, a four of a kind is two pairs)."""
    if fours:
        pairs = 2 * quads + threes + twos
        singles = threes + ones
    else:
        pairs = twos + threes + quads
        singles = ones
    pairs = min(pairs, 7)
    return 13 - 2 * pairs - min(singles, 7 - pairs) - wild


def _pairs_below(best: int, flags: int, ones: int, twos: int, threes: int, quads: int, wild: int) -> int:
    """``best``, or the shanten of the seven-pairs shapes ``flags`` allows (`_pairs_from_tally`)
    where that is lower."""
    if flags & _PAIRS:
        sp = _pairs_from_tally(ones, twos, threes, quads, wild, False)
        if sp < best:
            best = sp
    if flags & _PAIRS4:
        sp = _pairs_from_tally(ones, twos, threes, quads, wild, True)
        if sp < best:
            best = sp
    return best


def _orphans(c: bytes, wild: int) -> int:
    t: tuple[int, ...] = _ORPHANS(c)
    kinds = 13 - t.count(0)
    return _orphans_from_tally(kinds, kinds > t.count(1), wild)


def _orphans_from_tally(kinds: int, doubled: bool | int, wild: int) -> int:
    """The thirteen orphans' shanten from how many orphan kinds the hand holds and whether it
    holds one of them twice or more."""
    return 13 - kinds - (1 if doubled else 0) - wild


def _quanzipai(c: bytes, wild: int, sets: int) -> int:
    return 3 * sets + 1 - sum(c[27:34]) - wild


def _knitted_missing(c: bytes) -> list[int]:
    """For each knitted straight (`_KNITTED`), how many of its nine tiles the hand lacks: for
    each suit, how many of its 147, 258 and 369 kinds are held, added up by straight."""
    h = c[:27].translate(_HELD)
    m0 = h[0] + h[3] + h[6]
    m1 = h[1] + h[4] + h[7]
    m2 = h[2] + h[5] + h[8]
    p0 = h[9] + h[12] + h[15]
    p1 = h[10] + h[13] + h[16]
    p2 = h[11] + h[14] + h[17]
    s0 = h[18] + h[21] + h[24]
    s1 = h[19] + h[22] + h[25]
    s2 = h[20] + h[23] + h[26]
    return _straights_missing(m0, m1, m2, p0, p1, p2, s0, s1, s2)


def _straights_missing(m0: int, m1: int, m2: int, p0: int, p1: int, p2: int, s0: int, s1: int, s2: int) -> list[int]:
    """Each knitted straight's missing tiles, in `_KNITTED`'s order, from how many kinds of each
    suit's three knitted lines (``m0``: 1/4/7 of the first suit, ``p1``: 2/5/8 of the second …)
    the hand holds."""
    return [9 - m0 - p1 - s2, 9 - m0 - s1 - p2, 9 - p0 - m1 - s2, 9 - p0 - s1 - m2, 9 - s0 - m1 - p2,
            9 - s0 - p1 - m2]


_SUIT_TALLY: Final[dict[int, int]] = {}
_HONOUR_TALLY: Final[dict[int, int]] = {}
_TALLY_MAX: Final = 1 << 16
_F: Final = 31
"""Each field of a group's tallies (`_group_tally`) is five bits wide."""


def _tallied_shapes(best: int, flags: int, tally: list[int], wild: int, whole: bool, base: int) -> int:
    """The least of ``best`` and the shanten of the shapes a hand's tallies (`DiscardShanten`'s)
    give exactly: seven pairs, the thirteen orphans (both only for a hand of no melds) and
    全字牌 (``base`` less the honour tiles)."""
    if whole and flags & (_PAIRS | _PAIRS4):
        best = _pairs_below(best, flags, tally[0], tally[1], tally[2], tally[3], wild)
    if whole and flags & _ORPH:
        kinds = tally[4]
        orph = _orphans_from_tally(kinds, kinds > tally[5], wild)
        if orph < best:
            best = orph
    if flags & _QUANZI:
        qz = base - tally[6]
        if qz < best:
            best = qz
    return best


def _group_tally(part: bytes, honours: bool) -> int:
    """One group's tallies packed in one int, five bits a field: kinds held once, twice, three
    and four times; orphan kinds (1 and 9 of a suit, every honour) held, and held once; then,
    for a suit, its 147, 258 and 369 kinds held, for the honours, their tiles and kinds held.
    The first six fields of the four groups add up without carrying (a hand has at most 14
    tiles), so the hand's tallies are the sum of its groups'."""
    # Plain ints throughout: a loop over the bytes' items and a list of counters cost about
    # three times as much.
    n1 = n2 = n3 = n4 = size = 0
    for i in range(len(part)):
        x = part[i]
        size += x
        if x == 1:
            n1 += 1
        elif x == 2:
            n2 += 1
        elif x == 3:
            n3 += 1
        elif x == 4:
            n4 += 1
    if honours:
        held = n1 + n2 + n3 + n4
        tail = (held << 20) | (n1 << 25) | (size << 30) | (held << 35)
    else:
        ends = (1 if part[0] else 0) + (1 if part[8] else 0)
        once = (1 if part[0] == 1 else 0) + (1 if part[8] == 1 else 0)
        l0 = (1 if part[0] else 0) + (1 if part[3] else 0) + (1 if part[6] else 0)
        l1 = (1 if part[1] else 0) + (1 if part[4] else 0) + (1 if part[7] else 0)
        l2 = (1 if part[2] else 0) + (1 if part[5] else 0) + (1 if part[8] else 0)
        tail = (ends << 20) | (once << 25) | (l0 << 30) | (l1 << 35) | (l2 << 40)
    return n1 | (n2 << 5) | (n3 << 10) | (n4 << 15) | tail


def _set_aside(c: bytes, straight: tuple[int, ...]) -> tuple[bytes, int]:
    """The counts left once one of each tile of a knitted straight the hand holds is set
    aside, and how many of the straight's tiles it lacks."""
    rest = bytearray(c)
    missing = 0
    for k in straight:
        if rest[k]:
            rest[k] -= 1
        else:
            missing += 1
    return bytes(rest), missing


def _knitted_shapes(c: bytes, wild: int, sets: int, flags: int, limited: bool, below: int = 99) -> int:
    """The lower of ``below`` and the shanten of the knitted shapes among ``flags``.

    全不靠 (fourteen different tiles, each an honour or a tile of one knitted straight) is
    exact from counts alone.  组合龙 is, over the six knitted straights, the tiles the
    straight lacks (each a draw) plus the standard shanten of what is left once one of each
    straight tile held is set aside (an upper bound on the exact figure, and exact at -1,
    which is what a win check needs).  That rest is at best complete, with its wildcards
    spare (-1 - ``wild``), so a straight lacking ``lack`` tiles gives no less than ``lack``
    - 1 - ``wild``: only the straights whose bound is below the answer so far are worked
    out, and none when the best of them is not (a caller that knows another shape's shanten
    passes it as ``below``, and most hands end at this bound)."""
    bukao = bool(flags & _BUKAO and sets == tables.MAX_SETS)
    zuhelong = bool(flags & _ZUHELONG and sets >= 3)
    if not bukao and not zuhelong:
        return below
    return _knitted_given(c, -1, wild, sets, bukao, zuhelong, limited, below, _knitted_missing(c),
                          7 - c[27:34].count(0))


def _knitted_given(c: bytes, less: int, wild: int, sets: int, bukao: bool, zuhelong: bool, limited: bool,
                   below: int, missing: list[int], honour_kinds: int,
                   groups: list[int] | None = None, z: int = 0) -> int:
    """`_knitted_shapes` of ``c`` less one tile of kind ``less`` (none if -1), given that hand's
    `_knitted_missing` and how many honour kinds it holds; ``groups``, when given, that hand's
    three suits' keys (`_oct_key`), and ``z`` its honours' profile id."""
    lacks = missing[0]
    for lack in missing:
        if lack < lacks:
            lacks = lack
    best = below
    if bukao:
        s = 13 - min(honour_kinds + 9 - lacks, 14) - wild
        if s < best:
            best = s
    if zuhelong and lacks - 1 - wild < best:
        if less >= 0:
            fewer = bytearray(c)
            fewer[less] -= 1
            c = bytes(fewer)
        rest_sets = sets - 3
        need = 3 * rest_sets + 1 - wild
        size = _tiles_in(c, 0, _NUM)
        # What is left beside a straight differs from the hand in the three suits only: each suit
        # less one of each kind of one of its knitted lines held (`_line_profile`), each line's
        # profile made once for the six straights; the honours as they are.
        lines = [-1] * 9
        if groups is None:
            keys = [_oct_key(c, 0, 9), _oct_key(c, 9, 18), _oct_key(c, 18, 27)]
            kz = _honour_key(c)
            z = (_OCT_HON_LIM if limited else _OCT_HON_UNL).get(kz) or _oct_honour(c[27:34], kz, limited)
        else:
            keys = groups  # (a list: read at a suit chosen at run time, see `_HandGroups`)
        base = 3 * rest_sets + 1 - wild
        index = 2 * rest_sets + 1
        for j in range(6):
            lack = missing[j]
            if lack - 1 - wild >= best or size - 9 + lack < need:
                continue
            o0 = _KNITTED_SUITS[3 * j]
            o1 = _KNITTED_SUITS[3 * j + 1]
            o2 = _KNITTED_SUITS[3 * j + 2]
            a = lines[3 * o0]
            if a < 0:
                a = lines[3 * o0] = _line_profile(c, o0, 0, keys[o0], limited)
            b = lines[3 * o1 + 1]
            if b < 0:
                b = lines[3 * o1 + 1] = _line_profile(c, o1, 1, keys[o1], limited)
            d = lines[3 * o2 + 2]
            if d < 0:
                d = lines[3 * o2 + 2] = _line_profile(c, o2, 2, keys[o2], limited)
            ab = _COMBINED.get((a << 20) | b) or _combine(a, b)
            dz = _COMBINED.get((d << 20) | z) or _combine(d, z)
            s = lack + base - _combined_at(ab, dz, index)
            if s < best:
                best = s
    return best


_NO_FLOOR: Final = -99
"""`DiscardShanten.floor` not worked out yet."""
_KNITTED_SUITS: Final[tuple[int, ...]] = (0, 1, 2, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 0, 1, 2, 1, 0)
"""The suits of each knitted straight (`_KNITTED`), holding its 147, 258 and 369 in turn, three
by three, in one flat tuple."""


def _tiles_in(c: bytes, lo: int, hi: int) -> int:
    """The tiles of kinds ``lo`` to ``hi`` - 1 of the counts ``c``."""
    n = 0
    for k in range(lo, hi):
        n += c[k]
    return n


# Group keys for the bots' hot path: each count in three bits (a suit is 27 bits, the honours
# 21), a plain int made by a loop of shifts.  `paipu.hand.tables` keys its tables by the counts
# read as a big-endian number (`int.from_bytes`), which for a suit needs more than 63 bits
# (docs/speed.md: keys kept within a machine word).
# These tables answer the same profile ids by the small keys, asking `paipu.hand.tables` the
# first time a group is met (measured: a quarter of a hand's look-up of its four groups).
_OCT_SUIT_LIM: Final[dict[int, int]] = {}
_OCT_SUIT_UNL: Final[dict[int, int]] = {}
_OCT_HON_LIM: Final[dict[int, int]] = {}
_OCT_HON_UNL: Final[dict[int, int]] = {}
_OCT_RANK: Final = tuple(1 << 3 * (8 - i) for i in range(9))
"""What one tile of each rank adds to its suit's `_oct_key`."""


def _oct_key(c: bytes, lo: int, hi: int) -> int:
    """The key of the group of kinds ``lo`` to ``hi`` - 1 of ``c`` (a suit, nine kinds, or the
    seven honours): three bits a count, written out (a loop costs about twice as much)."""
    if hi - lo == 9:
        return ((c[lo] << 24) | (c[lo + 1] << 21) | (c[lo + 2] << 18) | (c[lo + 3] << 15) | (c[lo + 4] << 12)
                | (c[lo + 5] << 9) | (c[lo + 6] << 6) | (c[lo + 7] << 3) | c[lo + 8])
    k = 0
    for i in range(lo, hi):
        k = (k << 3) | c[i]
    return k


def _honour_key(c: bytes) -> int:
    """`_oct_key` of the honours of the 34 counts ``c``, written out."""
    return ((c[27] << 18) | (c[28] << 15) | (c[29] << 12) | (c[30] << 9) | (c[31] << 6) | (c[32] << 3)
            | c[33])


def _oct_suit(part: bytes, key: int, limited: bool) -> int:
    """The profile id of one suit's nine counts ``part`` (whose `_oct_key` is ``key``), from
    `paipu.hand.tables`, kept by ``key``: what a miss of ``_OCT_SUIT_*`` asks."""
    pid = _suit_profile(part, _FROM_BYTES(part, "big"), limited)
    (_OCT_SUIT_LIM if limited else _OCT_SUIT_UNL)[key] = pid
    return pid


def _oct_honour(part: bytes, key: int, limited: bool) -> int:
    """`_oct_suit` for the seven honour counts."""
    pid = _honour_profile(part, _FROM_BYTES(part, "big"), limited)
    (_OCT_HON_LIM if limited else _OCT_HON_UNL)[key] = pid
    return pid


def _line_profile(c: bytes, suit: int, line: int, key: int, limited: bool) -> int:
    """The profile id of ``suit`` (whose counts in ``c`` have the `_oct_key` ``key``) less one
    tile of each kind of its knitted line ``line`` (ranks line, line + 3, line + 6, from 0)
    that it holds."""
    lo = 9 * suit
    if c[lo + line]:
        key -= _OCT_RANK[line]
    if c[lo + line + 3]:
        key -= _OCT_RANK[line + 3]
    if c[lo + line + 6]:
        key -= _OCT_RANK[line + 6]
    pid = (_OCT_SUIT_LIM if limited else _OCT_SUIT_UNL).get(key)
    if pid is None:
        part = bytearray(c[lo:lo + 9])
        for i in (line, line + 3, line + 6):
            if part[i]:
                part[i] -= 1
        pid = _oct_suit(bytes(part), key, limited)
    return pid


@functools.lru_cache(maxsize=1 << 16)
def is_complete(counts: bytes, wild: int, sets: int, shapes: tuple[str, ...]) -> bool:
    """Whether 34 concealed counts (as bytes, no wildcard tiles) and ``wild`` wildcards make a
    winning shape: ``shanten == -1`` asked directly, with no table of draws and no groups built,
    for the engine's quick test of every seat at every discard."""
    if "standard" in shapes and is_standard_win(counts, wild, sets):
        return True
    if sets == tables.MAX_SETS and len(counts) == _NUM and sum(counts) + wild == 14:
        if "seven_pairs" in shapes and _seven_pairs(counts, wild, False) < 0:
            return True
        if "seven_pairs_fours" in shapes and _seven_pairs(counts, wild, True) < 0:
            return True
        if "orphans" in shapes and _orphans(counts, wild) < 0:
            return True
    if ("quanbukao" in shapes or "zuhelong" in shapes) and _knitted_shapes(
            counts, wild, sets, _flags(shapes), not wild, 0) < 0:
        return True
    return "quanzipai" in shapes and not any(counts[:27]) and sum(counts) + wild == 3 * sets + 2


def _min_shanten(c: bytes, wild: int, sets: int, flags: int, limited: bool, suited_meld: bool) -> int:
    best = _standard(c, wild, sets, limited) if flags & _STANDARD else 99
    if sets == tables.MAX_SETS:
        if flags & _PAIRS:
            sp = _seven_pairs(c, wild, False)
            if sp < best:
                best = sp
        if flags & _PAIRS4:
            sp = _seven_pairs(c, wild, True)
            if sp < best:
                best = sp
        if flags & _ORPH:
            orph = _orphans(c, wild)
            if orph < best:
                best = orph
    if flags & _QUANZI and not suited_meld:
        qz = _quanzipai(c, wild, sets)
        if qz < best:
            best = qz
    if flags & _KNITTED_SHAPES:
        # Last, below the other shapes' answer: most hands stop at the knitted shapes' bound.
        best = _knitted_shapes(c, wild, sets, flags, limited, best)
    return best


# For a kind, its group (0-2 suits, 3 honours), where the group starts, and what adding one
# tile of it adds to the group's key (the group's counts read as a big-endian number).
_GROUP_OF: Final = tuple(k // 9 if k < 27 else 3 for k in range(_NUM))
_GROUP_LO: Final = (0, 9, 18, 27)
_GROUP_HI: Final = (9, 18, 27, 34)
_KEY_STEP: Final = tuple(256 ** (_GROUP_HI[_GROUP_OF[k]] - 1 - k) for k in range(_NUM))
_OCT_STEP: Final = tuple(1 << 3 * (_GROUP_HI[_GROUP_OF[k]] - 1 - k) for k in range(_NUM))
"""What one tile of each kind adds to its group's `_oct_key`."""
_IS_ORPHAN: Final = tuple(k in ORPHAN_KINDS for k in range(_NUM))
_NO_DRAW: Final = 99


def _others(ids: list[int]) -> tuple[int, int, int, int]:
    """For each of the four groups' profile ids, the combination of the other three."""
    get = _COMBINED.get
    a, b, d, z = ids
    ab = get((a << 20) | b) or _combine(a, b)
    dz = get((d << 20) | z) or _combine(d, z)
    return (get((b << 20) | dz) or _combine(b, dz), get((a << 20) | dz) or _combine(a, dz),
            get((ab << 20) | z) or _combine(ab, z), get((ab << 20) | d) or _combine(ab, d))


_DRAW_ROWS: Final[dict[tuple[int, int, int, bool, bool], tuple[int, ...]]] = {}
_DRAW_ROWS_MAX: Final = 1 << 17


def _draw_row(c: bytes, g: int, key: int, other: int, limited: bool, index: int) -> tuple[int, ...]:
    """For each kind of group ``g`` (whose counts in ``c`` read as ``key``), the tiles the
    standard shape keeps (the profile at ``index``) once one tile of it is drawn, the other
    groups' profiles combined into ``other``; 0 for a kind held four times (it is never read).
    The answer depends on those numbers only, so it is kept for the process: hands met at
    different steps share groups and combinations (the three suits share one table)."""
    honours = g == 3
    rk = (key, other, index, honours, limited)
    row = _DRAW_ROWS.get(rk)
    if row is None:
        lo, hi = _GROUP_LO[g], _GROUP_HI[g]
        if honours:
            table, profile = (_HON_LIM if limited else _HON_UNL), _honour_profile
        else:
            table, profile = (_SUIT_LIM if limited else _SUIT_UNL), _suit_profile
        part = c[lo:hi]
        kept: list[int] = []
        for i in range(hi - lo):
            if part[i] >= 4:
                kept.append(0)
                continue
            more = key + _KEY_STEP[lo + i]
            pid = table.get(more)
            if pid is None:
                drawn = bytearray(part)
                drawn[i] += 1
                pid = profile(bytes(drawn), more, limited)
            kept.append(_PROFILES[_COMBINED.get((pid << 20) | other) or _combine(pid, other)][index])
        row = tuple(kept)
        if len(_DRAW_ROWS) >= _DRAW_ROWS_MAX:
            _DRAW_ROWS.clear()
        _DRAW_ROWS[rk] = row
    return row


def _group_profiles(c: bytes, limited: bool) -> tuple[list[int], list[int]]:
    """Each group's key (its counts as one int) and profile id, the three suits and the honours."""
    keys = [int.from_bytes(c[lo:hi], "big") for lo, hi in zip(_GROUP_LO, _GROUP_HI, strict=True)]
    return keys, [
        _suit_profile(c[0:9], keys[0], limited),
        _suit_profile(c[9:18], keys[1], limited),
        _suit_profile(c[18:27], keys[2], limited),
        _honour_profile(c[27:34], keys[3], limited),
    ]


def _after_each_draw(c: bytes, wild: int, sets: int, flags: int, limited: bool, suited_meld: bool) -> list[int]:
    """The shanten after drawing one tile of each kind (``_NO_DRAW`` for a kind held four
    times), for a hand one tile short.  Only the drawn tile's group is looked up again (a row
    of answers per group, see `_draw_row`), and the special shapes are updated from their
    tallies, so the 34 answers cost little more than one whole evaluation."""
    keys, ids = _group_profiles(c, limited)
    others = _others(ids)
    base = 3 * sets + 1 - wild
    index = 2 * sets + 1
    # The special shapes after the draw depend only on how many of the kind the hand held,
    # whether it is an orphan and whether it is an honour: at most 16 answers, made first.
    special = [[[_NO_DRAW, _NO_DRAW], [_NO_DRAW, _NO_DRAW]] for _ in range(4)]
    seven = sets == tables.MAX_SETS and flags & (_PAIRS | _PAIRS4 | _ORPH)
    quanzi = flags & _QUANZI and not suited_meld
    if seven or quanzi:
        ones, twos, threes, quads = c.count(1), c.count(2), c.count(3), c.count(4)
        t = _ORPHANS(c)
        orphan_kinds = 13 - t.count(0)
        orphan_pairs = orphan_kinds - t.count(1)
        honours = sum(c[27:34])
        for x in range(4):
            # The tallies of counts after one kind goes from x to x + 1.
            n1 = ones + (x == 0) - (x == 1)
            n2 = twos + (x == 1) - (x == 2)
            n3 = threes + (x == 2) - (x == 3)
            n4 = quads + (x == 3)
            plain = other = _NO_DRAW
            if seven:
                plain = _pairs_below(plain, flags, n1, n2, n3, n4, wild)
                other = plain
                if flags & _ORPH:
                    plain = min(plain, _orphans_from_tally(orphan_kinds, orphan_pairs, wild))
                    kinds = orphan_kinds + (x == 0)
                    doubled = orphan_pairs + (x == 1)
                    other = min(other, _orphans_from_tally(kinds, doubled, wild))
                else:
                    other = plain
            row = special[x]
            if quanzi:
                q0, q1 = base - honours, base - honours - 1
                row[0][0], row[0][1] = min(plain, q0), min(plain, q1)
                row[1][0], row[1][1] = min(other, q0), min(other, q1)
            else:
                row[0][0] = row[0][1] = plain
                row[1][0] = row[1][1] = other
    out = [_NO_DRAW] * _NUM
    if flags & _STANDARD:
        kept = (_draw_row(c, 0, keys[0], others[0], limited, index)
                + _draw_row(c, 1, keys[1], others[1], limited, index)
                + _draw_row(c, 2, keys[2], others[2], limited, index)
                + _draw_row(c, 3, keys[3], others[3], limited, index))
        if seven or quanzi:
            for k in range(_NUM):
                x = c[k]
                if x < 4:
                    best = special[x][_IS_ORPHAN[k]][k >= 27]
                    std = base - kept[k]
                    out[k] = std if std < best else best
        else:
            for k in range(_NUM):
                if c[k] < 4:
                    out[k] = base - kept[k]
    elif seven or quanzi:
        for k in range(_NUM):
            x = c[k]
            if x < 4:
                out[k] = special[x][_IS_ORPHAN[k]][k >= 27]
    if flags & _KNITTED_SHAPES:
        knitted = _knitted_after_each_draw(c, wild, sets, flags, limited, suited_meld)
        for k in range(_NUM):
            if out[k] != _NO_DRAW and knitted[k] < out[k]:
                out[k] = knitted[k]
    return out


_KNITTED_SETS: Final = KNITTED_STRAIGHT_SETS


def _knitted_after_each_draw(c: bytes, wild: int, sets: int, flags: int, limited: bool,
                             suited_meld: bool) -> list[int]:
    """`_knitted_shapes` after drawing one tile of each kind (99 where no knitted shape can be
    made), from the hand's own tallies: a draw adds a kind to 全不靠 or not, and for 组合龙 it
    fills a gap of the straight or adds to what is left beside it, whose standard shanten after
    each draw is one `_after_each_draw` per straight."""
    out = [99] * _NUM
    if flags & _BUKAO and sets == tables.MAX_SETS:
        honours = 7 - c[27:34].count(0)
        haves = [9 - lack for lack in _knitted_missing(c)]
        held = 13 - min(honours + max(haves), 14) - wild
        for k in range(_NUM):
            if c[k]:
                out[k] = held
            else:
                have = max(h + (k in kinds) for h, kinds in zip(haves, _KNITTED_SETS, strict=True))
                out[k] = 13 - min(honours + (k >= 27) + have, 14) - wild
    if flags & _ZUHELONG and sets >= 3:
        need = 3 * (sets - 3) + 1
        for straight, kinds in zip(_KNITTED, _KNITTED_SETS, strict=True):
            left, missing = _set_aside(c, straight)
            size = sum(left) + wild
            gap = missing - 1 + _standard(left, wild, sets - 3, limited) if size >= need else 99
            after = None
            if size + 1 >= need:
                after = _after_each_draw(left, wild, sets - 3, _STANDARD, limited, suited_meld)
            for k in range(_NUM):
                if k in kinds and not c[k]:
                    sh = gap
                elif after is not None:
                    sh = missing + after[k]
                else:
                    continue
                if sh < out[k]:
                    out[k] = sh
    return out


def _after_each_discard(c: bytes, wild: int, sets: int, flags: int, limited: bool, suited_meld: bool) -> list[int]:
    """The shanten after discarding one real tile of each kind the hand holds (``_NO_DRAW``
    for a kind it does not hold), for a hand one tile over: the counterpart of
    `_after_each_draw`.  The four groups are looked up once; a discard changes one group only,
    so each answer is one look-up of that group and one combination with the other three."""
    out = [_NO_DRAW] * _NUM
    rest = flags & ~_STANDARD
    if flags & _STANDARD:
        keys, ids = _group_profiles(c, limited)
        others = _others(ids)
        tables_by_group = (_SUIT_LIM, _SUIT_LIM, _SUIT_LIM, _HON_LIM) if limited else (
            _SUIT_UNL, _SUIT_UNL, _SUIT_UNL, _HON_UNL)
        base = 3 * sets + 1 - wild
        index = 2 * sets + 1
        combined = _COMBINED
        profiles = _PROFILES
        for k in range(_NUM):
            if not c[k]:
                continue
            g = _GROUP_OF[k]
            key = keys[g] - _KEY_STEP[k]
            pid = tables_by_group[g].get(key)
            if pid is None:
                lo = _GROUP_LO[g]
                part = bytearray(c[lo:_GROUP_HI[g]])
                part[k - lo] -= 1
                pid = (_honour_profile if g == 3 else _suit_profile)(bytes(part), key, limited)
            other = others[g]
            f = combined.get((pid << 20) | other) or _combine(pid, other)
            out[k] = base - profiles[f][index]
    if rest:
        whole = bytearray(c)
        for k in range(_NUM):
            if not c[k]:
                continue
            whole[k] -= 1
            sp = _min_shanten(bytes(whole), wild, sets, rest, limited, suited_meld)
            whole[k] += 1
            if sp < out[k]:
                out[k] = sp
    return out


# ---------------------------------------------------------------------------------------
# Public, low level: real counts and a number of wildcards.


def shanten(
    counts: Sequence[int],
    wild: int = 0,
    *,
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    wild_in_play: bool | None = None,
    suited_meld: bool = False,
) -> int:
    """Tiles from ready: -1 complete, 0 ready, 1 one tile from ready …

    ``counts``: real concealed tiles (34 or 42 slots, each 0-4); ``wild``: wildcards held;
    ``melds``: sets already melded (0-4); ``shapes``: the shapes allowed (see
    `paipu.hand.profile.SHAPES`), the result is the minimum over them;
    ``wild_in_play``: whether wildcards exist in the game, so that one may be drawn (a
    hand holding one always counts as such; default: ``wild > 0``);
    ``suited_meld``: a meld holds a suited tile, which rules out 全字牌.
    `ValueError` for a hand of the wrong size, counts outside 0-4 or an unknown shape.
    """
    c, sets = _checked(counts, wild, melds)
    flags = _FLAGS_CACHE.get(shapes) if type(shapes) is tuple else None
    return _min_shanten(c, wild, sets, flags or _flags(shapes), not (wild or wild_in_play), suited_meld)


def shape_flags(shapes: Sequence[str]) -> int:
    """The shapes as the number `shanten_of` takes (`ValueError` for an unknown shape)."""
    return _flags(shapes)


def shanten_of(counts: bytes, wild: int, sets: int, flags: int) -> int:
    """`shanten` for a caller whose hands are valid by construction (the simulator's bots ask
    it thousands of times a hand): ``counts`` the 34 real-tile counts as bytes, ``sets`` the
    sets still to make (4 less the melds), ``flags`` the shapes (`shape_flags`), wildcards in
    play when one is held, no suited meld.  None of `shanten`'s checks are made."""
    return _min_shanten(counts, wild, sets, flags, not wild, False)


def complete_of(counts: bytes, wild: int, sets: int, flags: int) -> bool:
    """Whether `shanten_of` of the hand (one tile over) is -1, for the same callers: the shapes
    of `_min_shanten`, the knitted ones worked out only for a straight the hand holds whole
    (with wildcards, nearly so), since no other could complete it."""
    return _min_shanten(counts, wild, sets, flags & ~_KNITTED_SHAPES, not wild, False) < 0 or bool(
        flags & _KNITTED_SHAPES and _knitted_shapes(counts, wild, sets, flags, not wild, 0) < 0)


def shanten_by_shape(
    counts: Sequence[int],
    wild: int = 0,
    *,
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    wild_in_play: bool | None = None,
    suited_meld: bool = False,
) -> dict[str, int]:
    """The shanten of each allowed shape that the hand can still reach (special shapes
    need no melds; 全字牌 needs honour melds), in the order given."""
    c, sets = _checked(counts, wild, melds)
    limited = not (wild or wild_in_play)
    out: dict[str, int] = {}
    for s in shapes:
        flag = _flags((s,))
        if flag & (_PAIRS | _PAIRS4 | _ORPH) and sets != tables.MAX_SETS:
            continue
        if flag & _QUANZI and suited_meld:
            continue
        if (flag & _BUKAO and sets != tables.MAX_SETS) or (flag & _ZUHELONG and sets < 3):
            continue
        out[s] = _min_shanten(c, wild, sets, flag, limited, suited_meld)
    return out


def waits(
    counts: Sequence[int],
    wild: int = 0,
    *,
    melds: int = 0,
    shapes: Sequence[str] = DEFAULT_SHAPES,
    wild_in_play: bool | None = None,
    suited_meld: bool = False,
    fifth: bool = False,
) -> list[int]:
    """The kinds (0-33, ascending) whose tile would complete a ready hand.

    Only for a hand one tile short (``3 * sets + 1``); a hand that is not ready waits on
    nothing.  A kind the hand already holds four of is not listed, since there is no fifth
    tile to draw; with ``fifth`` it is listed when a fifth would complete the shape (a
    statement about the shape alone, for rules that ask whether a hand "waits on anything"
    and judge the tiles themselves).  Those rules may ask about any hand, so with ``fifth``
    a hand that is no hand at all (wrong size, a flower) waits on nothing instead of raising.
    """
    try:
        c, sets = _checked(counts, wild, melds)
    except ValueError:
        if fifth:
            return []
        raise
    if sum(c) + wild != 3 * sets + 1:
        return []
    flags = _flags(shapes)
    limited = not (wild or wild_in_play)
    out: list[int] = []
    if limited and not flags & ~_PLAIN:
        out = _plain_waits(c, sets, flags)
    elif _min_shanten(c, wild, sets, flags, limited, suited_meld) == 0:
        after = _after_each_draw(c, wild, sets, flags, limited, suited_meld)
        out = [k for k in range(_NUM) if after[k] < 0]
    if fifth and 4 in c:
        out = sorted({*out, *(k for k in range(_NUM) if c[k] == 4 and _completes_with_fifth(c, k, wild, sets, flags))})
    return out


_PLAIN: Final = _STANDARD | _PAIRS | _PAIRS4 | _ORPH
"""The shapes `_plain_waits` answers for."""


def _plain_waits(c: bytes, sets: int, flags: int) -> list[int]:
    """`waits` of a hand with no wildcard in play, in the standard shape, seven pairs (either
    kind) and the thirteen orphans only: the standard shape's waits group by group
    (`paipu.hand.shapes.standard_waits`), then the few kinds that could complete the other
    shapes, each tested.  The same answer as a shanten after each draw, for a fraction of
    the work (the replay asks it of every ready declaration and every win's wait)."""
    found = _standard_waits(c) if flags & _STANDARD else []
    if sets != tables.MAX_SETS or not flags & (_PAIRS | _PAIRS4 | _ORPH):
        return found
    pairs_kind = -1
    ones = c.count(1)
    if flags & (_PAIRS | _PAIRS4):
        # Seven pairs of 14 tiles: seven kinds held twice (four of a kind no two pairs), or
        # every kind held an even number of times (four of a kind two pairs).  So a hand of 13
        # waits on its one kind held once beside six held twice, or on its one kind held an
        # odd number of times; `_seven_pairs` of each answer is below 0, of no other kind.
        if flags & _PAIRS and ones == 1 and c.count(2) == 6:
            pairs_kind = c.index(1)
        if flags & _PAIRS4 and ones + c.count(3) == 1:
            pairs_kind = c.index(1) if ones else c.index(3)
    # The thirteen orphans of 14 tiles hold twelve of their kinds once and one twice, so a hand
    # of 13 that one of them completes holds eleven kinds once or more (a test of a count ahead
    # of the sum of the orphans').
    orphans = flags & _ORPH and ones >= 11 and sum(_ORPHANS(c)) == 13
    if pairs_kind < 0 and not orphans:
        return found
    more = set(found)
    if pairs_kind >= 0:
        more.add(pairs_kind)
    if orphans:
        after = bytearray(c)
        for k in ORPHAN_KINDS:
            if c[k] < 4 and k not in more:
                after[k] += 1
                if _orphans(bytes(after), 0) < 0:
                    more.add(k)
                after[k] -= 1
    return sorted(more) if len(more) != len(found) else found


def plain_waits(c: bytes, sets: int, shapes: Sequence[str] = DEFAULT_SHAPES) -> list[int]:
    """`waits` of a hand its caller has checked: ``c`` the 34 counts (each 0-4) of a hand one tile
    short of ``sets`` sets and a pair (``3 * sets + 1`` tiles), no wildcard, and ``shapes`` among
    the standard shape, seven pairs (either kind) and the thirteen orphans; the same answer,
    without `waits`' checks of its input (a replay asks it of every seat at every discard)."""
    flags = _flags(shapes)
    if flags & ~_PLAIN:
        raise ValueError(f"plain_waits answers for the standard shape, seven pairs and the orphans, not {shapes}")
    return _plain_waits(c, sets, flags)


def _completes_with_fifth(c: bytes, k: int, wild: int, sets: int, flags: int) -> bool:
    """Whether a fifth tile of kind ``k`` (held four times) would make a winning shape."""
    five = list(c)
    five[k] += 1
    if flags & _STANDARD and is_standard_win(five, wild, sets):
        return True
    whole = sets == tables.MAX_SETS
    if whole and flags & _PAIRS4 and is_seven_pairs(five, wild, four_counts_as_two=True):
        return True
    if whole and flags & _ORPH and is_thirteen_orphans(five, wild):
        return True
    return bool(flags & _QUANZI and k >= 27 and all(n == 0 for n in five[:27]))
