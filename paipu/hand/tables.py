"""Per-suit tables for the standard shape: how many real tiles of one suit can stay.

Shanten is counted here as a *deficit*: the fewest tiles a hand lacks to become a complete
target (``sets`` sets and a pair).  A target kept apart by suit splits the question: for one
suit's count vector and each (m sets, p pairs) the table holds the most real tiles of that
suit which m sets and p pairs drawn in that suit can keep.  That is the odds method's idea
(count by suit, then combine) applied to distances instead of counts.

A *profile* is that table row: a tuple of 10 ints, index ``2 * m + p`` for m = 0…4 sets
and p = 0/1 pair, each the most tiles kept using at most m sets and p pairs that keep at
least one tile of this suit; the other sets of the hand are made of tiles drawn elsewhere.
Profiles are interned (one id per distinct tuple) and the max-plus combination of two
profiles is memoised by their ids, so a whole hand is four table look-ups and three
dictionary hits once the tables are warm.

Two readings of a target exist:

* *unlimited*: a target may hold a fifth (or sixth …) tile of a kind.  That is the right
  reading when wildcards are in play, because a wildcard may stand for a fifth tile
  (`paipu.hand.shapes` accepts 1111m + 财神 as 111m + 1m-财神 pair) and one can always
  be drawn; it is also what the engine's win check means.
* *limited*: no kind appears more than four times in the target, since a fifth real tile
  does not exist.  This is the reading of a game without wildcards: 1111m 567p 567s 789s
  is one tile from ready, not ready on a fifth 1m.

The two agree unless the suit holds four of some kind, so the limited search only runs for
those.  Both that and the limited search were checked against an independent search that
counts every kind's use, over all 405,350 suit vectors of at most 14 tiles;
``tests/test_analysis_tables.py`` holds that search and re-checks a sample on every run.
"""

from __future__ import annotations

import array
import bisect
import functools
import os
import sys
from collections.abc import Sequence
from typing import Final

__all__ = [
    "MAX_SETS",
    "PROFILE_LEN",
    "combine",
    "combined_at",
    "honour_profile",
    "profile_of",
    "suit_profile",
]

MAX_SETS: Final = 4
PROFILE_LEN: Final = 2 * (MAX_SETS + 1)

Profile = tuple[int, ...]

_ZERO: Final[Profile] = (0,) * PROFILE_LEN

# Blocks a set or the pair can keep, given as counts taken from the lowest kind onward.
# A set keeps a sub-multiset of a pong or a chow; the pair keeps one or two of its kind.
_SET_BLOCKS_SUIT: Final = ((1,), (2,), (3,), (1, 1), (1, 0, 1), (1, 1, 1))
_SET_BLOCKS_HONOUR: Final = ((1,), (2,), (3,))
_PAIR_BLOCKS: Final = ((1,), (2,))

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))


# ---------------------------------------------------------------------------------------
# Interning and combination.

# Id 0 is never a profile, so that ``table.get(key) or fill(...)`` works on the hot path.
_PROFILES: list[Profile] = [()]
_PROFILE_BYTES: Final[list[bytes]] = [b""]
"""Each interned profile as bytes (its entries are tile counts, 0-14), by id: read by
`combined_at`, where a byte is read as a plain int (a tuple's item is an object to unbox)."""
_PROFILE_ID: dict[Profile, int] = {}
_COMBINED: dict[int, int] = {}


def _intern(p: Profile) -> int:
    pid = _PROFILE_ID.get(p)
    if pid is None:
        pid = len(_PROFILES)
        _PROFILES.append(p)
        _PROFILE_BYTES.append(bytes(p))
        _PROFILE_ID[p] = pid
    return pid


def profile_of(pid: int) -> Profile:
    """The profile tuple of an interned id."""
    return _PROFILES[pid]


_MAX_PLUS_TERMS: Final = tuple(
    (2 * ma + pa, 2 * mb + pb, 2 * (ma + mb) + pa + pb)
    for ma in range(MAX_SETS + 1) for pa in (0, 1)
    for mb in range(MAX_SETS + 1 - ma) for pb in range(2 - pa)
)
"""(slot of a, slot of b, slot of the sum) for every way two profiles' sets and pair add up."""


def _max_plus(a: Profile, b: Profile) -> Profile:
    out = [0] * PROFILE_LEN
    for i, j, k in _MAX_PLUS_TERMS:
        v = a[i] + b[j]
        if v > out[k]:
            out[k] = v
    return tuple(out)


def combined_at(a: int, b: int, index: int) -> int:
    """``profile_of(combine(a, b))[index]``: the one entry of the combination a hand's answer
    reads, worked out from the two profiles alone, so that no combination is made, interned or
    kept (the last combination of a hand is seldom met again, and a miss costs the whole
    max-plus).  Slot ``i`` of one profile and ``index - i`` of the other add up to slot
    ``index`` unless both hold a pair."""
    pa = _PROFILE_BYTES[a]
    pb = _PROFILE_BYTES[b]
    best = 0
    j = index
    for i in range(index + 1):
        if not (i & j & 1):
            v = pa[i] + pb[j]
            if v > best:
                best = v
        j -= 1
    return best


def _max_plus_bytes(pa: bytes, pb: bytes) -> Profile:
    """`_max_plus` of two profiles given as bytes (`_PROFILE_BYTES`), written out slot by slot
    in local ints (slot ``2m`` the best of ``a[2i] + b[2j]`` over ``i + j = m``; slot ``2m + 1``
    the same with the pair on either side): no list and no int object until the result, about a
    fifth of the cost of a loop over `_MAX_PLUS_TERMS`."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = pa[0], pa[1], pa[2], pa[3], pa[4], pa[5], pa[6], pa[7], pa[8], pa[9]
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = pb[0], pb[1], pb[2], pb[3], pb[4], pb[5], pb[6], pb[7], pb[8], pb[9]
    o0 = a0 + b0
    o1 = _most(a1 + b0, a0 + b1)
    o2 = _most(a2 + b0, a0 + b2)
    o3 = _most(_most(a3 + b0, a2 + b1), _most(a1 + b2, a0 + b3))
    o4 = _most(_most(a4 + b0, a2 + b2), a0 + b4)
    o5 = _most(_most(_most(a5 + b0, a4 + b1), _most(a3 + b2, a2 + b3)), _most(a1 + b4, a0 + b5))
    o6 = _most(_most(a6 + b0, a4 + b2), _most(a2 + b4, a0 + b6))
    o7 = _most(_most(_most(a7 + b0, a6 + b1), _most(a5 + b2, a4 + b3)),
               _most(_most(a3 + b4, a2 + b5), _most(a1 + b6, a0 + b7)))
    o8 = _most(_most(_most(a8 + b0, a6 + b2), _most(a4 + b4, a2 + b6)), a0 + b8)
    o9 = _most(_most(_most(_most(a9 + b0, a8 + b1), _most(a7 + b2, a6 + b3)),
                     _most(_most(a5 + b4, a4 + b5), _most(a3 + b6, a2 + b7))), _most(a1 + b8, a0 + b9))
    return (o0, o1, o2, o3, o4, o5, o6, o7, o8, o9)


def _most(x: int, y: int) -> int:
    return x if x >= y else y


def combine(a: int, b: int) -> int:
    """The id of the max-plus combination of two interned profiles (memoised)."""
    key = (a << 20) | b
    c = _COMBINED.get(key)
    if c is None:
        c = _intern(_max_plus_bytes(_PROFILE_BYTES[a], _PROFILE_BYTES[b]))
        _COMBINED[key] = c
    return c


ZERO_ID: Final = _intern(_ZERO)


# ---------------------------------------------------------------------------------------
# Unlimited profiles: a search over blocks, lowest tile first, memoised on the trimmed
# vector (only distances between kinds matter when a kind may be used any number of times).


def _shift_set(rest: Profile, kept: int, out: list[int]) -> None:
    for m in range(1, MAX_SETS + 1):
        for p in (0, 1):
            v = rest[2 * (m - 1) + p] + kept
            if v > out[2 * m + p]:
                out[2 * m + p] = v


def _shift_pair(rest: Profile, kept: int, out: list[int]) -> None:
    for m in range(MAX_SETS + 1):
        v = rest[2 * m] + kept
        if v > out[2 * m + 1]:
            out[2 * m + 1] = v


@functools.cache
def _unlimited(v: tuple[int, ...], chows: bool) -> Profile:
    """Profile of a trimmed vector (first and last entries non-zero, or empty)."""
    if not v:
        return _ZERO
    out = list(_unlimited(_trim(v, (1,)), chows))  # the lowest tile is not kept
    blocks = _SET_BLOCKS_SUIT if chows else _SET_BLOCKS_HONOUR
    for block in blocks:
        if _fits(v, block):
            _shift_set(_unlimited(_trim(v, block), chows), sum(block), out)
    for block in _PAIR_BLOCKS:
        if _fits(v, block):
            _shift_pair(_unlimited(_trim(v, block), chows), sum(block), out)
    return tuple(out)


def _fits(v: tuple[int, ...], block: tuple[int, ...]) -> bool:
    if len(block) > len(v):
        return False
    return all(v[j] >= b for j, b in enumerate(block))


def _trim(v: tuple[int, ...], block: tuple[int, ...]) -> tuple[int, ...]:
    w = list(v)
    for j, b in enumerate(block):
        w[j] -= b
    lo = 0
    while lo < len(w) and w[lo] == 0:
        lo += 1
    hi = len(w)
    while hi > lo and w[hi - 1] == 0:
        hi -= 1
    return tuple(w[lo:hi])


def _trimmed(v: Sequence[int]) -> tuple[int, ...]:
    return _trim(tuple(v), ())


# ---------------------------------------------------------------------------------------
# Limited profiles, for suits holding four of a kind.  At such a kind every slot of the
# target must be one of the four real tiles: a slot there left for a drawn tile would be a
# fifth tile, and keeping a real tile always beats leaving a slot for one that was dropped.
# So the search is the same block search as above, except that a block is allowed only if
# it can be completed (as a pong, a chow or the pair) without a slot at such a kind.  Kinds
# holding three or fewer never need a fifth tile in a best target (checked over every suit
# vector against the search in ``tests/test_analysis_tables.py``, which counts every kind's use).

# For a block starting at offset 0: the ways to complete it, each as the offsets that
# would be left for drawn tiles.
_COMPLETIONS: Final[dict[tuple[tuple[int, ...], bool], tuple[tuple[int, ...], ...]]] = {
    ((1,), False): ((0, 0), (-2, -1), (-1, 1), (1, 2)),
    ((2,), False): ((0,),),
    ((3,), False): ((),),
    ((1, 1), False): ((-1,), (2,)),
    ((1, 0, 1), False): ((1,),),
    ((1, 1, 1), False): ((),),
    ((1,), True): ((0,),),
    ((2,), True): ((),),
}


def _allowed(block: tuple[int, ...], pair: bool, i: int, fours: int) -> bool:
    for gaps in _COMPLETIONS[(block, pair)]:
        ok = True
        for g in gaps:
            k = i + g
            if k < 0 or k > 8 or (fours >> k) & 1:
                ok = False
                break
        if ok:
            return True
    return False


_LIMITED_MEMO: dict[int, dict[tuple[int, ...], Profile]] = {}
"""The limited search's answers for what is left of a suit, by the kinds the whole suit holds
four of (the only thing besides what is left that the search reads): suits met later with the
same fours share them (bounded: emptied when it holds `_LIMITED_MEMO_MAX` answers)."""
_LIMITED_MEMO_MAX: Final = 1 << 16


def _limited_suit(v: tuple[int, ...]) -> Profile:
    fours = sum(1 << k for k, c in enumerate(v) if c >= 4)
    if sum(len(m) for m in _LIMITED_MEMO.values()) >= _LIMITED_MEMO_MAX:
        _LIMITED_MEMO.clear()
    memo = _LIMITED_MEMO.get(fours)
    if memo is None:
        memo = _LIMITED_MEMO[fours] = {}

    def rec(r: tuple[int, ...]) -> Profile:
        i = 0
        while i < 9 and r[i] == 0:
            i += 1
        if i == 9:
            return _ZERO
        done = memo.get(r)
        if done is not None:
            return done
        out = list(rec(_take(r, i, (1,))))
        for block in _SET_BLOCKS_SUIT:
            if _fits(r[i:], block) and _allowed(block, False, i, fours):
                _shift_set(rec(_take(r, i, block)), sum(block), out)
        for block in _PAIR_BLOCKS:
            if _fits(r[i:], block) and _allowed(block, True, i, fours):
                _shift_pair(rec(_take(r, i, block)), sum(block), out)
        result = tuple(out)
        memo[r] = result
        return result

    return rec(v)


def _take(r: tuple[int, ...], i: int, block: tuple[int, ...]) -> tuple[int, ...]:
    w = list(r)
    for j, b in enumerate(block):
        w[i + j] -= b
    return tuple(w)


def _limited_honours(v: tuple[int, ...]) -> Profile:
    # Honours make no chows, and a kind used by two groups would need five tiles (a pong
    # and the pair) or more, so each kind holds one group at most: a pong keeping up to
    # three of its tiles or the pair keeping up to two.
    out = _ZERO
    for c in v:
        if c == 0:
            continue
        kind = [0] * PROFILE_LEN
        for m in range(1, MAX_SETS + 1):
            kind[2 * m] = kind[2 * m + 1] = min(c, 3)
        for m in range(MAX_SETS + 1):
            kind[2 * m + 1] = max(kind[2 * m + 1], min(c, 2))
        out = _max_plus(out, tuple(kind))
    return out


# ---------------------------------------------------------------------------------------
# Public look-ups, keyed by the vector's bytes as an int (cheap to build in C).

_SUIT_LIMITED: dict[int, int] = {}
_SUIT_UNLIMITED: dict[int, int] = {}
_HONOUR_LIMITED: dict[int, int] = {}
_HONOUR_UNLIMITED: dict[int, int] = {}


def suit_profile(part: Sequence[int], key: int, limited: bool) -> int:
    """Profile id of one suit's nine counts (``key`` is ``int.from_bytes(bytes(part))``)."""
    table = _SUIT_LIMITED if limited else _SUIT_UNLIMITED
    pid = table.get(key)
    if pid is None:
        v = tuple(part)
        found = _shipped_profile(v, limited)
        if found is not None:
            pid = found
        elif limited and 4 in v:
            pid = _intern(_limited_suit(v))
        else:
            pid = _intern(_unlimited(_trimmed(v), True))
        table[key] = pid
    return pid


# ---------------------------------------------------------------------------------------
# The suit tables as shipped: every suit of at most `SHIPPED_TILES` tiles (405,350 count
# vectors), its profile worked out once by the searches above and kept in the file
# `SHIPPED_FILE` beside this module (`write_shipped` makes it), read in one piece the first time
# a suit is asked about.  A suit met for the first time is then one look-up instead of a
# search; the searches remain the definition, and answer whatever the shipped table does not
# hold (or all, if it cannot be read).

SHIPPED_TILES: Final = 14


def _vector_counts(kinds: int, tiles: int) -> list[list[int]]:
    """``[length][total]``, for ``length`` up to ``kinds`` and ``total`` up to ``tiles``: how many
    count vectors of ``length`` kinds (0-4 each) hold at most ``total`` tiles (a table of plain
    loops, made at import: cheaper than the recursion it answers)."""
    counts = [[1] * (tiles + 1)]
    for _ in range(kinds):
        shorter = counts[-1]
        counts.append([sum(shorter[total - c] for c in range(min(4, total) + 1)) for total in range(tiles + 1)])
    return counts


_VECTOR_COUNTS: Final = _vector_counts(9, SHIPPED_TILES)


def _vectors_below(length: int, total: int) -> int:
    """How many count vectors of ``length`` kinds (0-4 each, ``length`` at most 9) hold at most
    ``total`` tiles (at most `SHIPPED_TILES`)."""
    return _VECTOR_COUNTS[length][total] if total >= 0 else 0


_RANK_STEP: Final = tuple(
    sum(_vectors_below(8 - i, SHIPPED_TILES - before - c) for c in range(x))
    for i in range(9) for before in range(SHIPPED_TILES + 1) for x in range(5)
)
"""For kind ``i`` of a suit, the tiles ``before`` it and its own count ``x``: how many vectors
come first (in the order of the counts read left to right) for that step."""
SHIPPED_VECTORS: Final = _vectors_below(9, SHIPPED_TILES)


def _rank(v: Sequence[int]) -> int:
    """The place of a suit's counts (0-4 each, at most `SHIPPED_TILES` tiles) among all such."""
    rank = before = 0
    for i in range(9):
        x = v[i]
        rank += _RANK_STEP[(i * (SHIPPED_TILES + 1) + before) * 5 + x]
        before += x
    return rank


def _all_vectors(length: int = 9, total: int = SHIPPED_TILES) -> list[tuple[int, ...]]:
    """Every count vector of ``length`` kinds with at most ``total`` tiles, in `_rank` order."""
    if length == 0:
        return [()]
    return [(c, *rest) for c in range(min(4, total) + 1) for rest in _all_vectors(length - 1, total - c)]


_SHIPPED: list[tuple[bytes, array.array[int], bytes, list[int]]] = []
"""Once read: (the unlimited profile number of each vector by rank; the ranks, in increasing
order, of the vectors whose limited profile differs, and those profiles' numbers; the interned
id of each profile number, 0 for a number the table does not hold); empty before, or if it
cannot be read."""
_SHIPPED_READ: list[bool] = [False]
SHIPPED_FILE: Final = "suit_profiles.bin"
"""The shipped table's file, beside this module (`write_shipped` makes it)."""


def _shipped_profile(v: tuple[int, ...], limited: bool) -> int | None:
    """The interned profile id of a suit from the shipped table, or None where it has none."""
    if not _SHIPPED_READ[0]:
        _read_shipped()
    if not _SHIPPED:
        return None
    # `_rank`, and whether the table holds the suit at all (at most 4 of a kind, 14 tiles), in
    # one loop of plain ints.
    at = before = 0
    four = False
    for i in range(9):
        x = v[i]
        if x > 4 or x < 0:
            return None
        if x == 4:
            four = True
        if before + x > SHIPPED_TILES:
            return None
        at += _RANK_STEP[(i * (SHIPPED_TILES + 1) + before) * 5 + x]
        before += x
    unlimited, ranks, numbers, ids = _SHIPPED[0]
    if limited and four:  # only a suit holding four of a kind has a limited profile of its own
        j = bisect.bisect_left(ranks, at)
        if j < len(ranks) and ranks[j] == at:
            return ids[numbers[j]] or None
    return ids[unlimited[at]] or None


def _payload() -> bytes:
    """The shipped table's bytes: the number of profiles, each profile's ten values, then one
    profile number (from 1) per vector, unlimited, in `_rank` order; then how many vectors'
    limited profile differs (4 bytes, little-endian), their ranks in increasing order (4 bytes
    each, little-endian) and their limited profile numbers (one byte each).  Read with one
    file read and no decoding loop (`_read_shipped`)."""
    vectors = _all_vectors()
    numbers: dict[Profile, int] = {}
    unlimited = bytearray(len(vectors))
    ranks: list[int] = []
    limited = bytearray()
    for at, v in enumerate(vectors):
        p = _unlimited(_trimmed(v), True)
        unlimited[at] = numbers.setdefault(p, len(numbers) + 1)
        if 4 in v:
            q = _limited_suit(v)
            if q != p:
                ranks.append(at)
                limited.append(numbers.setdefault(q, len(numbers) + 1))
    if len(numbers) > 255:
        raise ValueError("more than 255 suit profiles: the shipped table's format holds 255")
    head = bytearray([len(numbers)])
    for p in numbers:
        head += bytes(p)
    tail = len(ranks).to_bytes(4, "little") + b"".join(at.to_bytes(4, "little") for at in ranks)
    return bytes(head + unlimited) + tail + bytes(limited)


def write_shipped(path: str | None = None) -> None:
    """Work out every suit's profiles by the searches (a minute or two) and write the file
    `SHIPPED_FILE` beside this module, which ships them (about 420 kB):
    ``python -c 'from paipu.hand.tables import write_shipped; write_shipped()'``."""
    out = path or os.path.join(os.path.dirname(__file__), SHIPPED_FILE)
    with open(out, "wb") as f:
        f.write(_payload())


def _read_shipped(path: str | None = None) -> None:
    """Read the shipped table (`_payload` says its layout): one read of the file, the profiles
    interned, the rest looked up in the bytes read as they are needed; nothing if the file is
    missing or not of this layout (the searches then answer everything, as they do a number the
    file does not define)."""
    _SHIPPED_READ[0] = True

    try:
        with open(path or os.path.join(os.path.dirname(__file__), SHIPPED_FILE), "rb") as f:
            raw = f.read()
    except OSError:
        return
    size = SHIPPED_VECTORS
    if not raw:
        return
    n = raw[0]
    start = 1 + 10 * n
    at = start + size
    if len(raw) < at + 4:
        return
    count = int.from_bytes(raw[at:at + 4], "little")
    at += 4
    ranks = array.array("I")
    if ranks.itemsize != 4 or len(raw) != at + 5 * count:
        return
    ranks.frombytes(raw[at:at + 4 * count])
    if sys.byteorder != "little":
        ranks.byteswap()
    ids = [0] * 256
    for k in range(n):
        ids[k + 1] = _intern(tuple(raw[1 + 10 * k:11 + 10 * k]))
    _SHIPPED.append((raw[start:start + size], ranks, raw[at + 4 * count:], ids))


def honour_profile(part: Sequence[int], key: int, limited: bool) -> int:
    """Profile id of the seven honour counts (order does not matter: no chows)."""
    table = _HONOUR_LIMITED if limited else _HONOUR_UNLIMITED
    pid = table.get(key)
    if pid is None:
        v = tuple(sorted((c for c in part if c), reverse=True))
        if limited and 4 in v:
            pid = _intern(_limited_honours(v))
        else:
            pid = _intern(_unlimited(v, False))
        table[key] = pid
    return pid


def unlimited_profile(part: Sequence[int], chows: bool) -> Profile:
    """The unlimited profile of any vector, uncached by key (for tests and the odds)."""
    return _unlimited(_trimmed(part) if chows else tuple(sorted((c for c in part if c), reverse=True)), chows)


def limited_profile(part: Sequence[int], chows: bool) -> Profile:
    """The limited profile of any vector, always by the limited search (for tests)."""
    v = tuple(part)
    return _limited_suit(v) if chows else _limited_honours(tuple(c for c in v if c))
