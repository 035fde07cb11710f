"""Winning-shape analysis on tile-count arrays, with wildcards (财神, 混儿, 宝牌 …).

The replay engine asks "is this a win?" for every claimed win and the simulator asks it for
every draw, so everything here works on count arrays indexed like `paipu.tiles` (0-8 万,
9-17 筒, 18-26 条, 27-33 honours) rather than on `Tile` objects.

Conventions shared by every function:

* ``counts`` holds the *concrete* tiles of the concealed hand: no wildcard tiles (those are
  counted in ``wild``) and no tiles of melds already made.  It has 34 slots, or the 42 slots
  of `paipu.tiles.counts`; a flower in slots 34-41 makes any shape fail, because a flower is
  never part of a winning hand.  Pass a list or a tuple (anything else is copied into a list
  first, which costs time on the hot path).  Counts must not be negative; that is not
  checked up front (it would cost every call), but a negative count raises `ValueError` as
  soon as a hand with the right tile total reaches the tables.
* ``wild`` is the number of wildcards held.  A wildcard may stand for any of the 34 kinds,
  its own kind included, and may make a fifth (or sixth …) tile of a kind: counting physical
  copies is the caller's business, not the shape's.
* ``sets`` is how many sets the concealed part must still form: 4 minus the melds made
  (5 minus the melds for 16-tile variants works too).

Speed comes from per-suit tables: a suit's count vector, encoded as an int, maps to the
fewest wildcards that turn that suit's tiles into whole sets, without and with the pair.
Wildcards can always complete any tile into a pong, so every suit is completable and the
whole question reduces to one addition per suit; see `is_standard_win`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import Final, Literal, NamedTuple

from paipu.hand import tables
from paipu.tiles import ALL_TILES
from paipu.value import Frozen

__all__ = [
    "ANY_KIND",
    "NUM_SHAPE_KINDS",
    "ORPHAN_KINDS",
    "Decomposition",
    "Group",
    "GroupKind",
    "SevenPairs",
    "decompositions",
    "is_seven_pairs",
    "is_standard_win",
    "is_thirteen_orphans",
    "seven_pairs_groups",
]

NUM_SHAPE_KINDS: Final = 34
"""Kinds that can be part of a winning shape (flowers cannot)."""

ANY_KIND: Final = -1
"""`Group.first` of a *free* group: one made of wildcards only, standing for any kind."""

ORPHAN_KINDS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The 13 kinds of thirteen orphans (十三幺): terminals of the three suits and the honours."""

KNITTED_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(9 * suit + rank for suit, start in zip(order, (0, 1, 2), strict=True)
          for rank in (start, start + 3, start + 6))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
"""The six knitted straights (组合龙): 147 in one suit, 258 in another, 369 in the third, each
as its nine kinds."""
KNITTED_STRAIGHT_SETS: Final = tuple(frozenset(straight) for straight in KNITTED_STRAIGHTS)
"""`KNITTED_STRAIGHTS`, each as a set of its kinds."""

GroupKind = Literal["chow", "pong", "pair"]

_SIZE: Final[dict[str, int]] = {"chow": 3, "pong": 3, "pair": 2}
_KIND_ORDER: Final[dict[str, int]] = {"chow": 0, "pong": 1, "pair": 2}


def _tile_name(index: int) -> str:
    return str(ALL_TILES[index])


class Group(Frozen):
    """One set or the pair of a decomposition, with its wildcards pinned to positions.

    ``wild_mask`` has bit ``j`` set when position ``j`` of the group is a wildcard.  For a
    chow, position ``j`` is tile ``first + j``, so the mask is exactly what the real tiles
    leave open (real 4m 6m + wildcard: the wildcard is 5m, mask ``0b010``) and it has to be
    given when a chow holds one or two wildcards.  The positions of a pong or pair are all
    the same kind, so there the mask carries no information; it is normalised to the last
    ``wild`` positions and may be left out.

    A *free* group (``first == ANY_KIND``) is made of wildcards only and stands for any
    kind: a free pong for any of the 34 pongs, a free chow for any of the 21 chows, a free
    pair for any of the 34 pairs.  It has no `tiles` of its own; `Decomposition.expand`
    turns free groups into every concrete choice.
    """

    __slots__ = ("first", "kind", "wild", "wild_mask")
    _fields = ("kind", "first", "wild", "wild_mask")
    kind: Final[GroupKind]
    first: Final[int]
    wild: Final[int]
    wild_mask: Final[int]

    def __init__(self, kind: GroupKind, first: int, wild: int = 0, wild_mask: int = -1) -> None:
        size = _SIZE.get(kind)
        if size is None:
            raise ValueError(f"group kind must be chow, pong or pair, not {kind!r}")
        full = (1 << size) - 1
        given = wild_mask
        if first == ANY_KIND:
            if wild != size or given not in (-1, full):
                raise ValueError(f"a free {kind} is all wildcards: wild must be {size}")
            mask = full
        elif kind == "chow":
            if not (0 <= first < 27 and first % 9 <= 6):
                raise ValueError(f"no chow starts at tile index {first}")
            if given == -1:
                if wild not in (0, 3):
                    raise ValueError("a chow with 1 or 2 wildcards needs wild_mask")
                mask = 0 if wild == 0 else full
            elif not 0 <= given <= full or given.bit_count() != wild:
                raise ValueError(f"wild_mask {given:#05b} does not hold {wild} wildcards")
            else:
                mask = given
        else:
            if not 0 <= first < NUM_SHAPE_KINDS:
                raise ValueError(f"no {kind} of tile index {first}")
            if not 0 <= wild <= size:
                raise ValueError(f"a {kind} holds 0 to {size} wildcards, not {wild}")
            mask = ((1 << wild) - 1) << (size - wild)
            if given not in (-1, mask):
                raise ValueError(f"a {kind}'s wildcards are its last {wild} positions")
        self.kind = kind
        self.first = first
        self.wild = wild
        self.wild_mask = mask

    @property
    def is_free(self) -> bool:
        return self.first == ANY_KIND

    @property
    def is_set(self) -> bool:
        """A chow or pong (what counts towards ``sets``), as opposed to the pair."""
        return self.kind != "pair"

    @property
    def size(self) -> int:
        return _SIZE[self.kind]

    def tiles(self) -> tuple[int, ...]:
        """The kinds the group stands for, wildcards included, in ascending order.

        Raises `ValueError` for a free group, whose kinds are not fixed: silently returning
        something would let a fan check misjudge it; use `Decomposition.expand`.
        """
        self._require_concrete()
        if self.kind == "chow":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * _SIZE[self.kind]

    def wild_tiles(self) -> tuple[int, ...]:
        """The kinds the wildcards of this group stand for (ascending)."""
        self._require_concrete()
        if self.kind == "chow":
            return tuple(self.first + j for j in range(3) if self.wild_mask >> j & 1)
        return (self.first,) * self.wild

    def real_tiles(self) -> tuple[int, ...]:
        """The concrete (non-wildcard) tiles of the group; empty for a free group."""
        if self.first == ANY_KIND:
            return ()
        if self.kind == "chow":
            return tuple(self.first + j for j in range(3) if not self.wild_mask >> j & 1)
        return (self.first,) * (_SIZE[self.kind] - self.wild)

    def _require_concrete(self) -> None:
        if self.first == ANY_KIND:
            raise ValueError(f"a free {self.kind} stands for any kind; expand it first")

    @property
    def sort_key(self) -> tuple[int, int, int, int]:
        """Free groups last, then by lowest tile, chow < pong < pair, then wildcard mask."""
        return (
            self.first == ANY_KIND,
            self.first,
            _KIND_ORDER[self.kind],
            self.wild_mask,
        )

    def __str__(self) -> str:
        if self.first == ANY_KIND:
            return f"{self.kind}[any]"
        if self.kind == "chow":
            names = [
                ("*" if self.wild_mask >> j & 1 else "") + _tile_name(self.first + j)
                for j in range(3)
            ]
        else:
            size = _SIZE[self.kind]
            names = [
                ("*" if self.wild_mask >> j & 1 else "") + _tile_name(self.first)
                for j in range(size)
            ]
        return f"{self.kind}[{' '.join(names)}]"


class Decomposition(Frozen):
    """One standard reading of a hand: its sets and its pair, sorted by `Group.sort_key`.

    Two readings are the same when their groups are, wildcard positions included; which of
    several interchangeable wildcard tiles went where is not a difference.
    """

    __slots__ = ("groups",)
    _fields = ("groups",)
    groups: Final[tuple[Group, ...]]

    def __init__(self, groups: tuple[Group, ...]) -> None:
        self.groups = groups

    @property
    def pair(self) -> Group:
        for g in self.groups:
            if g.kind == "pair":
                return g
        raise ValueError("decomposition without a pair")

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind != "pair")

    @property
    def wild(self) -> int:
        return sum(g.wild for g in self.groups)

    @property
    def is_concrete(self) -> bool:
        """No free group: every wildcard stands for a definite kind."""
        return all(g.first != ANY_KIND for g in self.groups)

    def expand(self) -> Iterator[Decomposition]:
        """Every concrete decomposition this one stands for, in sorted order.

        A free pong becomes each of the 34 all-wildcard pongs, a free chow each of the 21
        all-wildcard chows, a free pair each of the 34 all-wildcard pairs; equal free groups
        are expanded as a multiset so no reading comes out twice.  This is up to tens of
        thousands of readings for 8 wildcards, which is why it is not the default.
        """
        yield from (_decomposition(ids) for ids in sorted(_expand_ids(_ids_of(self.groups))))

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

# ---------------------------------------------------------------------------------------
# Interned groups.  Enumeration works on small ints; ids follow `Group.sort_key`, so a
# sorted tuple of ids is a sorted decomposition and tuples of ids sort like decompositions.


def _all_groups() -> list[Group]:
    """Every group, made in `Group.sort_key` order (no sort needed): by lowest tile, at each the
    chows (by wildcard mask), the pongs and the pairs (their masks grow with their wildcards),
    then the free chow, pong and pair."""
    out: list[Group] = []
    for k in range(NUM_SHAPE_KINDS):
        if k < 27 and k % 9 <= 6:
            out.extend(Group("chow", k, mask.bit_count(), mask) for mask in range(8))
        out.extend(Group("pong", k, w) for w in range(4))
        out.extend(Group("pair", k, w) for w in range(3))
    out.extend(Group(kind, ANY_KIND, _SIZE[kind]) for kind in ("chow", "pong", "pair"))
    return out


_GROUPS: Final[tuple[Group, ...]] = tuple(_all_groups())
_ID_OF: Final[dict[tuple[str, int, int], int]] = {(g.kind, g.first, g.wild_mask): i for i, g in enumerate(_GROUPS)}
"""A group's (kind, lowest tile, wildcard mask) -> its interned id (its place in `_GROUPS`): the
tables below are made from these keys, cheaper to hash than the groups."""


def _gid(kind: str, first: int, wild: int, mask: int = -1) -> int:
    """The interned id of ``Group(kind, first, wild, mask)`` (a pong's or a pair's mask, and a
    free group's, worked out from ``wild`` as `Group` does)."""
    if mask == -1:
        size = _SIZE[kind]
        mask = (1 << size) - 1 if first == ANY_KIND else ((1 << wild) - 1) << (size - wild)
    return _ID_OF[(kind, first, mask)]


_FREE_CHOW: Final = _gid("chow", ANY_KIND, 3)
_FREE_PONG: Final = _gid("pong", ANY_KIND, 3)
_FREE_PAIR: Final = _gid("pair", ANY_KIND, 2)
_WILD_PONGS: Final = tuple(_gid("pong", k, 3) for k in range(NUM_SHAPE_KINDS))
_WILD_PAIRS: Final = tuple(_gid("pair", k, 2) for k in range(NUM_SHAPE_KINDS))
_WILD_CHOWS: Final = tuple(_gid("chow", k, 3, 7) for k in range(27) if k % 9 <= 6)

_Candidate = tuple[int, tuple[int, ...], int, bool]
"""(group id, real tiles it takes, wildcards it takes, is a set)."""


def _candidates_for(t: int) -> tuple[_Candidate, ...]:
    """Every group whose lowest *real* tile is ``t``.

    Enumeration always places the lowest remaining real tile, so positions below it can
    only be wildcards; positions above it may be real or wildcard, and both are distinct
    readings, so both are listed.
    """
    out: list[_Candidate] = []
    for r in range(1, 4):
        out.append((_gid("pong", t, 3 - r), (t,) * r, 3 - r, True))
    for r in range(1, 3):
        out.append((_gid("pair", t, 2 - r), (t,) * r, 2 - r, False))
    if t < 27:
        for start in range(t - 2, t + 1):
            if start // 9 != t // 9 or start < 0 or start % 9 > 6:
                continue
            below = (1 << (t - start)) - 1
            lowest = t - start + 1  # the positions above t's: lowest to 2, each real or a wildcard
            for pick in range(1 << (3 - lowest)):
                mask = below | pick << lowest
                reals = [t]
                for j in range(lowest, 3):
                    if not mask >> j & 1:
                        reals.append(start + j)
                gid = _gid("chow", start, mask.bit_count(), mask)
                out.append((gid, tuple(reals), mask.bit_count(), True))
    out.sort()  # (by group id: the order they were made in does not matter)
    return tuple(out)


_CANDIDATES: Final[tuple[tuple[_Candidate, ...], ...]] = tuple(
    _candidates_for(t) for t in range(NUM_SHAPE_KINDS)
)


def _ids_of(groups: Sequence[Group]) -> tuple[int, ...]:
    return tuple(sorted(_ID_OF[(g.kind, g.first, g.wild_mask)] for g in groups))


def _decomposition(ids: Sequence[int]) -> Decomposition:
    groups = _GROUPS
    return Decomposition(tuple([groups[i] for i in ids]))


def _expand_ids(ids: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    fixed = [i for i in ids if i not in (_FREE_CHOW, _FREE_PONG, _FREE_PAIR)]
    for chows in itertools.combinations_with_replacement(_WILD_CHOWS, ids.count(_FREE_CHOW)):
        for pongs in itertools.combinations_with_replacement(_WILD_PONGS, ids.count(_FREE_PONG)):
            for pairs in itertools.combinations_with_replacement(
                _WILD_PAIRS, ids.count(_FREE_PAIR)
            ):
                yield tuple(sorted(fixed + list(chows) + list(pongs) + list(pairs)))


# ---------------------------------------------------------------------------------------
# Per-suit tables.


@functools.lru_cache(maxsize=1 << 18)
def _min_wild(vec: tuple[int, ...], pair: int, chows: bool) -> int:
    """Fewest wildcards that make the tiles of ``vec`` (one suit) into sets (+ a pair).

    Only the lowest tile's group is branched on, and in it a real tile is always preferred
    to a wildcard where one is left: swapping a wildcard for a real tile of the same kind
    between two groups costs nothing, so some cheapest reading has that form.  Chows that
    start below the lowest tile (wildcards below it) are still tried, since they take fewer
    of the tiles above.
    """
    n = len(vec)
    i = 0
    while i < n and vec[i] == 0:
        i += 1
    if i == n:
        return 2 if pair else 0
    c = vec[i]
    rest = list(vec)
    r = min(c, 3)
    rest[i] -= r
    best = 3 - r + _min_wild(tuple(rest), pair, chows)
    rest[i] += r
    if pair:
        r = min(c, 2)
        rest[i] -= r
        best = min(best, 2 - r + _min_wild(tuple(rest), 0, chows))
        rest[i] += r
    if chows:
        for start in range(max(0, i - 2), min(i, n - 3) + 1):
            cost = i - start
            taken: list[int] = []
            for u in range(i, start + 3):
                if rest[u] > 0:
                    rest[u] -= 1
                    taken.append(u)
                else:
                    cost += 1
            if cost < best:
                best = min(best, cost + _min_wild(tuple(rest), pair, chows))
            for u in taken:
                rest[u] += 1
    return best


_Entry = tuple[int, int]
"""(wildcards for sets only, extra wildcards if this group also holds the pair)."""

_TABLE_LIMIT: Final = 1 << 20
_SUIT_TABLE: dict[int, _Entry] = {}
_HONOUR_TABLE: dict[int, _Entry] = {}


def _fill(table: dict[int, _Entry], key: int, part: Sequence[int], chows: bool) -> _Entry:
    """Compute a table entry on first use (the space of count vectors is too big to build
    up front, but a game only ever meets a small part of it): from the group's unlimited
    profile (`paipu.hand.tables`, shipped for every suit a hand can hold), else by the search."""
    entry = _from_profile(part, key, chows)
    if entry is None:
        vec = tuple(part)
        n0 = _min_wild(vec, 0, chows)
        entry = (n0, _min_wild(vec, 1, chows) - n0)
    if len(table) >= _TABLE_LIMIT:
        table.clear()
    table[key] = entry
    return entry


def _from_profile(part: Sequence[int], key: int, chows: bool) -> _Entry | None:
    """`_min_wild`'s entry of a group (``key`` its counts' ``int.from_bytes``), read from its
    unlimited profile, or None when that cannot say.

    The unlimited profile's slot for ``m`` sets (and the pair) is the most of the group's tiles
    that many sets (and the pair) keep, a wildcard standing in wherever a tile is missing, a
    fifth of a kind included: the group's ``n`` tiles all fit in ``m`` sets (and the pair) when
    the slot is ``n``, with ``3 * m`` (+ 2) - ``n`` wildcards, and fewer sets never need more
    wildcards.  So the fewest wildcards are those of the fewest sets whose slot is ``n``; a group
    that needs more sets than a profile counts (`tables.MAX_SETS`) is left to the search."""
    pid = tables.suit_profile(part, key, False) if chows else tables.honour_profile(part, key, False)
    prof = tables.profile_of(pid)
    n = 0
    for x in part:
        n += x
    sets_only = with_pair = -1
    for m in range(tables.MAX_SETS + 1):
        if sets_only < 0 and prof[2 * m] == n:
            sets_only = 3 * m - n
        if with_pair < 0 and prof[2 * m + 1] == n:
            with_pair = 3 * m + 2 - n
    if sets_only < 0 or with_pair < 0:
        return None
    return sets_only, with_pair - sets_only


def _entries(c: Sequence[int]) -> tuple[_Entry, _Entry, _Entry, _Entry]:
    """Table entries of the three suits and the honours.

    The key is the suit's counts as base-256 digits (`_group_key`)."""
    # Read as a list, not as any sequence.
    cl: list[int] = c if isinstance(c, list) else list(c)
    km = _group_key(cl, 0)
    kp = _group_key(cl, 9)
    ks = _group_key(cl, 18)
    kz = _group_key(cl, 27)
    table = _SUIT_TABLE
    m = table.get(km) or _fill(table, km, c[0:9], True)
    s_p = table.get(kp) or _fill(table, kp, c[9:18], True)
    s = table.get(ks) or _fill(table, ks, c[18:27], True)
    z = _HONOUR_TABLE.get(kz) or _fill(_HONOUR_TABLE, kz, c[27:34], False)
    return m, s_p, s, z


def _group_key(c: list[int], lo: int) -> int:
    """``int.from_bytes(bytes(c[lo:hi]), "big")`` of the group starting at kind ``lo`` (a suit's
    nine kinds, or the seven honours from 27), worked out on the ints themselves rather than by
    a slice, the bytes and ``from_bytes``.  A suit's key passes a
    machine word only when its lowest kinds are held, so it is made of two halves of at most
    40 bits joined once.  A count outside 0-255 raises `ValueError`, as ``bytes`` would."""
    hi = 34 if lo == 27 else lo + 9
    mid = hi - 5
    top = 0
    for i in range(lo, mid):
        n = c[i]
        if n < 0 or n > 255:
            raise ValueError(f"tile counts must be 0-255, got {list(c)}")
        top = top * 256 + n
    low = 0
    for i in range(mid, hi):
        n = c[i]
        if n < 0 or n > 255:
            raise ValueError(f"tile counts must be 0-255, got {list(c)}")
        low = low * 256 + n
    if top:
        return (top << 40) | low
    return low


_GroupWaits = tuple[int, int]
"""(kinds whose tile makes the group sets only, kinds whose tile makes it sets and one pair),
as bit masks over the group's kinds (bit ``j``: the group's ``j``-th kind); a kind the group
already holds four of is in neither (there is no fifth tile to draw)."""

_SUIT_WAITS: dict[int, _GroupWaits] = {}
_HONOUR_WAITS: dict[int, _GroupWaits] = {}


def _group_state(part: Sequence[int], key: int, suit: bool) -> int:
    """0 when a group's tiles (no wildcard) are sets only, 2 when they are sets and one pair,
    -1 otherwise: read from the group's profile (`paipu.hand.tables`, shipped for every suit
    a hand can hold), whose slot for ``m`` sets (and a pair) is the most of its tiles they keep.
    The definition `_state` is held to (and what answers a group holding more than four of a kind)."""
    n = sum(part)
    m, rest = divmod(n, 3)
    if m > tables.MAX_SETS or rest == 1:
        return -1  # (no profile is looked up for a group no sets and pair can hold)
    pid = tables.suit_profile(part, key, True) if suit else tables.honour_profile(part, key, True)
    return rest if tables.profile_of(pid)[2 * m + rest // 2] == n else -1


def _suit_sets(w: Sequence[int]) -> bool:
    """Whether a suit's counts ``w`` are pongs and chows only, read from its lowest kind up: the
    ``r`` tiles of a kind that the chows started below it leave start ``r % 3`` chows and make
    pongs of the rest (three chows of one start are three pongs of the same tiles, so when the
    tiles have a reading, they have one of this form)."""
    a = b = 0  # chows started at the kind below, and two below (the ones this kind ends)
    for x in w:
        r = x - a - b
        if r < 0:
            return False
        b = a
        a = r % 3
    return not (a or b)


def _suit_pair_sets(w: list[int], s: int) -> bool:
    """Whether a suit's counts ``w`` (``s`` their ``sum(i * w[i])``) are sets and one pair.  A pong
    or chow from kind ``i`` adds ``3i`` or ``3i + 3`` to that sum, so the pair's kind ``p`` has ``2p``
    congruent to ``s`` modulo 3 (so ``p`` to ``2s``): only every third kind from there is tried."""
    for p in range(2 * s % 3, 9, 3):
        if w[p] >= 2:
            w[p] -= 2
            found = _suit_sets(w)
            w[p] += 2
            if found:
                return True
    return False


def _state(part: Sequence[int], key: int, suit: bool) -> int:
    """`_group_state`, worked out from the tiles themselves (a suit by `_suit_sets`; honours
    make only pongs and the pair): cheaper than a profile looked up for a group seen the first
    time.  A group holding more than four of a kind is left to `_group_state`."""
    n = 0
    for x in part:
        if x > 4:
            return _group_state(part, key, suit)
        n += x
    m, rest = divmod(n, 3)
    if m > tables.MAX_SETS or rest == 1:
        return -1
    if not suit:
        twos = 0
        for x in part:
            if x == 2:
                twos += 1
            elif x == 1 or x == 4:
                return -1
        return rest if twos == rest // 2 else -1
    if rest == 0:
        return 0 if _suit_sets(part) else -1
    return 2 if _suit_pair_sets(list(part), _rank_sum(part)) else -1


def _rank_sum(w: Sequence[int]) -> int:
    """``sum(i * w[i])`` of a suit's nine counts (`_suit_pair_sets`), in a loop."""
    s = 0
    for i in range(9):
        s += i * w[i]
    return s


_SUIT_STATES: dict[int, int] = {}
_HONOUR_STATES: dict[int, int] = {}


def _kept_state(part: Sequence[int], key: int, suit: bool) -> int:
    """`_state`, kept by the group's key (bounded, emptied when full)."""
    table = _SUIT_STATES if suit else _HONOUR_STATES
    found = _state(part, key, suit)
    if len(table) >= _TABLE_LIMIT:
        table.clear()
    table[key] = found
    return found


def _group_waits(key: int, part: Sequence[int], suit: bool) -> _GroupWaits:
    """`_GroupWaits` of one group (its counts ``part``, ``key`` their ``int.from_bytes``), kept."""
    waits_table = _SUIT_WAITS if suit else _HONOUR_WAITS
    found = waits_table.get(key)
    if found is not None:
        return found
    found = _new_group_waits(part, suit)
    if len(waits_table) >= _TABLE_LIMIT:
        waits_table.clear()
    waits_table[key] = found
    return found


def _new_group_waits(part: Sequence[int], suit: bool) -> _GroupWaits:
    """`_GroupWaits` of one group, worked out: each kind's tile added in turn and the group's
    `_state` then read off the tiles (`_searched_group_waits` is the same from the profiles).
    Only a group one tile short of sets (or sets and a pair) waits at all; and since a suit's
    sets keep ``sum(i * count)`` a multiple of 3 (`_suit_pair_sets`), a suit of sets only
    waits only on every third kind."""
    n = 0
    for x in part:
        if x > 4:
            return _searched_group_waits(part, suit)
        n += x
    rest = n % 3
    if rest == 0 or (n + 1) // 3 > tables.MAX_SETS:
        return 0, 0
    mask = 0
    if not suit:
        # Honours make pongs and the pair only: all held in threes but one kind, its tile
        # makes the pair of one held once or the pong of one held twice (the other kinds held
        # in threes, or one pair more for sets and a pair).
        ones = twos = 0  # the kinds held once, and twice, as bits
        for j in range(len(part)):
            x = part[j]
            if x == 1:
                ones |= 1 << j
            elif x == 2:
                twos |= 1 << j
            elif x == 4:
                return 0, 0
        if rest == 2:
            return (twos, 0) if not ones and twos.bit_count() == 1 else (0, 0)
        if not twos and ones.bit_count() == 1:
            return 0, ones
        return (0, twos) if not ones and twos.bit_count() == 2 else (0, 0)
    w = list(part)
    s = _rank_sum(w)
    if rest == 2:  # the tile makes sets only: its kind j has s + j a multiple of 3
        for j in range(-s % 3, 9, 3):
            if w[j] < 4:
                w[j] += 1
                if _suit_sets(w):
                    mask |= 1 << j
                w[j] -= 1
        return mask, 0
    for j in range(9):
        if w[j] < 4:
            w[j] += 1
            if _suit_pair_sets(w, s + j):
                mask |= 1 << j
            w[j] -= 1
    return 0, mask


def _searched_group_waits(part: Sequence[int], suit: bool) -> _GroupWaits:
    """`_GroupWaits` of one group from its profiles: each kind's tile added in turn and the
    group's `_group_state` looked up (the definition `_new_group_waits` is held to)."""
    v = bytearray(part)
    sets_only = with_pair = 0
    for j in range(len(v)):
        if v[j] >= 4:
            continue
        v[j] += 1
        state = _group_state(v, int.from_bytes(v, "big"), suit)
        v[j] -= 1
        if state == 0:
            sets_only |= 1 << j
        elif state == 2:
            with_pair |= 1 << j
    return sets_only, with_pair


def standard_waits(c: bytes, fifth: bool = False) -> list[int]:
    """The kinds (0-33, ascending) whose tile completes ``c`` (the 34 counts as bytes, no
    wildcard, one tile short of its sets and a pair) in the standard shape; a kind held four
    times is never one, unless ``fifth`` asks about the shape alone (as `paipu.hand.shanten.waits`
    with ``fifth``): then it is one when a fifth tile completes the hand.  `is_standard_win` of
    ``c`` plus each kind, answered group by group: a tile changes one group (a suit or the
    honours), so the hand is complete with it when that group becomes sets (or sets and the
    pair) and every other group already is, with one pair in all; each group's answers are
    kept by its counts."""
    out = _standard_waits(c)
    if fifth and 4 in c:
        sets = (sum(c) - 1) // 3
        five = list(c)
        more = False
        for k in range(NUM_SHAPE_KINDS):
            if c[k] == 4:
                five[k] += 1
                if is_standard_win(five, 0, sets):
                    out.append(k)
                    more = True
                five[k] -= 1
        if more:
            out.sort()
    return out


_SUIT_KEY: Final = (1 << 72) - 1
_HONOUR_KEY: Final = (1 << 56) - 1
"""The bits of a suit's key (nine counts of 8 bits), and of the honours' (seven)."""


def _standard_waits(c: bytes) -> list[int]:
    """`standard_waits` without ``fifth``.  Each group's state is read in turn, and a hand with
    two groups that are neither sets nor sets and a pair is given up at the second (most hands
    asked are not ready, and are given up before their last group is read).  Then the waits of
    the group that is neither (or of each group, when all are sets or sets and a pair): with
    ``pairs`` pairs among the groups, a group must become sets and a pair when no other group
    has the pair, else sets only."""
    bad = -1
    pairs = 0
    # Each group's key (`int.from_bytes` of its counts) cut from that of the whole hand, made
    # once: cheaper than a slice and a conversion of each group's own.
    whole = int.from_bytes(c, "big")
    keys = [whole >> 200, whole >> 128 & _SUIT_KEY, whole >> 56 & _SUIT_KEY, whole & _HONOUR_KEY]
    states = [0, 0, 0, 0]
    for g in range(4):
        suit = g < 3
        key = keys[g]
        state = (_SUIT_STATES if suit else _HONOUR_STATES).get(key, -2)
        if state == -2:
            state = _kept_state(c[9 * g:9 * g + 9] if suit else c[27:34], key, suit)
        if state == 2:
            pairs += 1
        elif state < 0:
            if bad >= 0:
                return []  # two groups are neither sets nor sets and a pair: one tile mends one
            bad = g
        states[g] = state
    out: list[int] = []
    if pairs > 2:
        return out  # every group's pair but one's would be left over
    for g in range(4):
        if bad >= 0 and bad != g:
            continue
        others = pairs - 1 if states[g] == 2 else pairs  # pairs among the other groups
        if others > 1:
            continue
        suit = g < 3
        found = (_SUIT_WAITS if suit else _HONOUR_WAITS).get(keys[g])  # (`_group_waits` on a miss only)
        if found is None:
            found = _group_waits(keys[g], c[9 * g:9 * g + 9] if suit else c[27:34], suit)
        mask = found[1] if others == 0 else found[0]
        while mask:  # (each bit set, lowest first)
            low = mask & -mask
            out.append(9 * g + low.bit_length() - 1)
            mask ^= low
    return out


def _needed(c: Sequence[int], pair: int) -> int:
    """Fewest wildcards that make all of ``c`` into sets, plus one pair when ``pair``.

    Per-group minima simply add up because no group spans two suits.  The pair sits in at
    most one group, or is made of two wildcards; an entry's pair extra is at most 2, so the
    smallest extra over the four groups already covers the all-wildcard pair.  Any
    wildcards beyond the minimum always fit, as whole sets of their own, once the tile
    total is right.
    """
    m, p, s, z = _entries(c)
    total = m[0] + p[0] + s[0] + z[0]
    if pair:
        total += min(m[1], p[1], s[1], z[1])
    return total


def _hand(counts: Sequence[int]) -> Sequence[int] | None:
    """The 34 shape slots of ``counts``, or None when it holds a flower."""
    if type(counts) is not list and type(counts) is not tuple:
        counts = list(counts)
    n = len(counts)
    if n == NUM_SHAPE_KINDS:
        return counts
    if n == 42:
        return None if any(counts[34:]) else counts[:34]
    raise ValueError(f"counts needs 34 (or 42) slots, got {n}")


def _check_args(wild: int, sets: int) -> None:
    if wild < 0:
        raise ValueError(f"wild must be >= 0, got {wild}")
    if sets < 0:
        raise ValueError(f"sets must be >= 0, got {sets}")


# ---------------------------------------------------------------------------------------
# Standard shape.


def is_standard_win(counts: Sequence[int], wild: int, sets: int) -> bool:
    """Whether the tiles plus wildcards form exactly ``sets`` sets and one pair.

    A hand with the wrong number of tiles (anything but ``3 * sets + 2`` counting the
    wildcards) is simply not a win.
    """
    _check_args(wild, sets)
    c = _hand(counts)
    if c is None or sum(c) + wild != 3 * sets + 2:
        return False
    return _needed(c, 1) <= wild


def decompositions(
    counts: Sequence[int], wild: int, sets: int, *, expand_free: bool = False
) -> list[Decomposition]:
    """Every distinct standard reading of the hand, without duplicates.

    Readings are sorted by their groups' `Group.sort_key`, so the order is deterministic.
    Wildcards that complete a group holding at least one real tile are pinned to the
    positions they fill (`Group.wild_mask`).  Whether a position is a real tile or a
    wildcard is part of the reading, because rules score them differently (a concealed
    pong of real tiles, a wildcard back in its own place …): with 4566m and a wildcard,
    "4m 5m 6m + 6m wildcard-as-6m" and "4m 5m wildcard-as-6m + 6m 6m" are two readings.
    Wildcards left over once every real tile is
    placed form *free* groups (`ANY_KIND`): ``n`` free sets give ``n + 1`` readings, with
    0 … n of them chows and the rest pongs, plus a free pair if the pair is still open.
    This keeps 8 wildcards to a handful of readings instead of tens of thousands.  With
    ``expand_free=True`` every free group is expanded into each concrete kind
    (`Decomposition.expand`), which is exact but can be large.

    Readings are built lowest-real-tile first, and groups sharing their lowest real tile
    are taken in id order, so every multiset of groups is produced once; each branch is
    pruned with the same tables as `is_standard_win`.
    """
    _check_args(wild, sets)
    c = _hand(counts)
    if c is None or sum(c) + wild != 3 * sets + 2:
        return []
    if wild:
        if _needed(c, 1) > wild:
            return []
        found = _enumerate(list(c), wild, sets)
    else:
        # Without wildcards the plain search finds nothing where the tables' test (`_needed`)
        # would fail, so that test (a third of the cost, its tables filled on first use) is
        # left out; the counts are checked as it checks them.
        cl = list(c)
        if min(cl) < 0 or max(cl) > 255:
            raise ValueError(f"tile counts must be 0-255, got {cl}")
        found = _enumerate_plain(cl, sets)
    if expand_free:
        found = [e for ids in found for e in _expand_ids(ids)]
    found.sort()
    return [_decomposition(ids) for ids in found]


def reading_traits(counts: Sequence[int], sets: int) -> frozenset[tuple[bool, bool, int]]:
    """What each standard reading of a hand without wildcards has, as (a chow, a pong, the pair's
    kind): the yes/no questions a ruleset asks of a winning shape ("is there a reading with a
    chow and a pong?") answered without building the readings' groups.  The same as looking
    at every `decompositions` reading; worked out once per hand (a bounded table)."""
    key = (bytes(counts[:NUM_SHAPE_KINDS]), sets)
    found = _TRAITS.get(key)
    if found is None:
        _check_args(0, sets)
        c = _hand(counts)
        if c is None or sum(c) != 3 * sets + 2 or _needed(c, 1) > 0:
            found = frozenset()
        else:
            groups = _GROUPS
            out: set[tuple[bool, bool, int]] = set()
            for ids in _enumerate_plain(list(c), sets):
                chow = pong = False
                pair = -1
                for i in ids:
                    g = groups[i]
                    if g.kind == "chow":
                        chow = True
                    elif g.kind == "pair":
                        pair = g.first
                    else:
                        pong = True
                out.add((chow, pong, pair))
            found = frozenset(out)
        if len(_TRAITS) >= _TRAITS_MAX:
            _TRAITS.clear()
        _TRAITS[key] = found
    return found


_TRAITS: dict[tuple[bytes, int], frozenset[tuple[bool, bool, int]]] = {}
_TRAITS_MAX: Final = 50_000


def _suit_slot(t: int) -> tuple[int, int, int, bool]:
    """(group number, slice start, slice end, has chows) of the group that tile ``t`` is in."""
    g = t // 9 if t < 27 else 3
    return (g, 9 * g, 34 if g == 3 else 9 * g + 9, g != 3)


_SLOT: Final = tuple(_suit_slot(t) for t in range(NUM_SHAPE_KINDS))


@functools.cache
def _free_tails(sets: int, pair: int) -> tuple[tuple[int, ...], ...]:
    """The readings of wildcards alone as ``sets`` sets (+ the pair): 0 … sets free chows,
    free pongs for the rest."""
    return tuple(
        (_FREE_CHOW,) * k + (_FREE_PONG,) * (sets - k) + (_FREE_PAIR,) * pair
        for k in range(sets + 1)
    )


_KIND_STEP: Final = tuple(256 ** (_SLOT[t][2] - 1 - t) for t in range(NUM_SHAPE_KINDS))
"""What one tile of each kind adds to its group's key (the group's counts as a big-endian number)."""

_Memo = dict[tuple[int, int, int, int, int, int, int, int], tuple[tuple[int, ...], ...]]


def _enumerate(c: list[int], wild: int, sets: int) -> list[tuple[int, ...]]:
    """All readings as sorted tuples of group ids (unsorted list).

    Many different prefixes leave the same remainder (a single 4m may go into a pong with
    two wildcards or a chow 2m-3m-4m of two wildcards, and the rest does not care), so the
    suffixes of each remaining state are memoised for the duration of the call: for
    345678m plus 8 wildcards that is under 40 states instead of thousands of calls.
    """
    # Table entries of the four groups as they stand, and their keys; placing a group only
    # changes its own.
    ent = list(_entries(c))  # (which checks the counts)
    keys = [_group_key(c, 0), _group_key(c, 9), _group_key(c, 18), _group_key(c, 27)]
    memo: _Memo = {}
    return [tuple(sorted(ids)) for ids in _place(c, keys, ent, memo, 0, wild, sets, 1, 0)]


def _place(c: list[int], keys: list[int], ent: list[_Entry], memo: _Memo, t: int, w: int, s: int, p: int,
           min_id: int) -> tuple[tuple[int, ...], ...]:
    """The readings of what is left of the hand (``c``, every kind below ``t`` placed; ``keys``
    and ``ent`` its groups' keys and table entries) with ``w`` wildcards as ``s`` sets and ``p``
    pairs, whose groups at ``t`` have ids from ``min_id`` on: lowest real tile first, each
    branch pruned by the tables (`_needed`).  Kinds below ``t`` are all placed, so the groups'
    keys are the whole state of the hand for the memo."""
    while t < NUM_SHAPE_KINDS and c[t] == 0:
        t += 1
        min_id = 0
    if t == NUM_SHAPE_KINDS:
        # Only wildcards left, exactly 3 * s + 2 * p of them (the tile total is fixed).
        return _free_tails(s, p)
    state = (keys[0], keys[1], keys[2], keys[3], w, s, p, min_id)
    done = memo.get(state)
    if done is not None:
        return done
    out: list[tuple[int, ...]] = []
    g, lo, hi, chows = _SLOT[t]
    table = _SUIT_TABLE if chows else _HONOUR_TABLE
    saved = ent[g]
    saved_key = keys[g]
    rest0 = ent[0][0] + ent[1][0] + ent[2][0] + ent[3][0] - saved[0]
    for gid, reals, gw, is_set in _CANDIDATES[t]:
        if gid < min_id or gw > w:
            continue
        if is_set:
            if not s:
                continue
            s2, p2 = s - 1, p
        else:
            if not p:
                continue
            s2, p2 = s, 0
        ok = True
        key = saved_key
        for u in reals:
            n = c[u] - 1
            c[u] = n
            if n < 0:
                ok = False
            key -= _KIND_STEP[u]
        if ok:
            e = table.get(key)
            if e is None:
                e = _fill(table, key, c[lo:hi], chows)
            ent[g] = e
            need = rest0 + e[0]
            if p2:
                extra = ent[0][1]
                for x in (ent[1][1], ent[2][1], ent[3][1]):
                    if x < extra:
                        extra = x
                need += extra
            if need <= w - gw:
                keys[g] = key
                for rest in _place(c, keys, ent, memo, t, w - gw, s2, p2, gid):
                    out.append((gid, *rest))
                keys[g] = saved_key
            ent[g] = saved
        for u in reals:
            c[u] = c[u] + 1
    result = tuple(out)
    memo[state] = result
    return result


_PLAIN_PONG: Final = 0
_PLAIN_PAIR: Final = 1
_PLAIN_CHOW: Final = 2
_PLAIN_GROUPS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(sorted(
        [(_gid("pong", t, 0), _PLAIN_PONG), (_gid("pair", t, 0), _PLAIN_PAIR)]
        + ([(_gid("chow", t, 0, 0), _PLAIN_CHOW)] if t < 27 and t % 9 <= 6 else [])))
    for t in range(NUM_SHAPE_KINDS)
)
"""Per kind, the groups of real tiles only whose lowest tile it is (its pong, its pair, the chow
that starts at it), as (group id, `_PLAIN_PONG` / `_PLAIN_PAIR` / `_PLAIN_CHOW`), in id order."""


def _enumerate_plain(c: list[int], sets: int) -> list[tuple[int, ...]]:
    """`_enumerate` of a hand without wildcards: the same readings (each a sorted tuple of
    group ids, every multiset of groups once), found by a plain search on the counts.  With no
    wildcard a group is a pong, the pair or a chow starting at the lowest tile left, so neither
    the wildcard candidates nor the tables' pruning and the memo of states pay for themselves
    (`_place` made a table look-up a candidate and a tuple a state)."""
    out: list[tuple[int, ...]] = []
    _place_plain(c, 0, sets, 1, 0, [], out)
    return out


def _place_plain(c: list[int], t: int, s: int, p: int, min_id: int, ids: list[int],
                 out: list[tuple[int, ...]]) -> None:
    """`_enumerate_plain` from kind ``t`` on (every kind below it placed) with ``s`` sets and
    ``p`` pairs still to make and ``ids`` the groups placed (in id order, as groups of one
    lowest tile are taken, so each reading is found once): the readings found are added to
    ``out``.  ``c`` is changed while the search runs and restored."""
    while t < NUM_SHAPE_KINDS and c[t] == 0:
        t += 1
        min_id = 0
    if t == NUM_SHAPE_KINDS:
        if s == 0 and p == 0:
            out.append(tuple(ids))
        return
    n = c[t]
    for gid, kind in _PLAIN_GROUPS[t]:
        if gid < min_id:
            continue
        if kind == _PLAIN_PONG:
            if s == 0 or n < 3:
                continue
            c[t] = n - 3
            ids.append(gid)
            _place_plain(c, t, s - 1, p, gid, ids, out)
        elif kind == _PLAIN_PAIR:
            if p == 0 or n < 2:
                continue
            c[t] = n - 2
            ids.append(gid)
            _place_plain(c, t, s, 0, gid, ids, out)
        else:
            b, d = c[t + 1], c[t + 2]
            if s == 0 or b == 0 or d == 0:
                continue
            c[t] = n - 1
            c[t + 1] = b - 1
            c[t + 2] = d - 1
            ids.append(gid)
            _place_plain(c, t, s - 1, p, gid, ids, out)
            c[t + 1] = b
            c[t + 2] = d
        ids.pop()
        c[t] = n


# ---------------------------------------------------------------------------------------
# Special shapes.


class SevenPairs(NamedTuple):
    """A seven-pairs reading: the seven pairs and how many fours (豪华) they include.

    A four-of-a-kind appears as two pairs of the same kind.  Free pairs (`ANY_KIND`) are
    pairs of two wildcards; when ``fours`` counts an all-wildcard four, two of the free
    pairs are meant to be the same kind.
    """

    pairs: tuple[Group, ...]
    fours: int


def is_seven_pairs(counts: Sequence[int], wild: int, *, four_counts_as_two: bool = False) -> bool:
    """Whether the 14 tiles form seven pairs (七对), wildcards pairing with singles or each
    other.

    By default the seven pairs must be of seven different kinds, as in most rules; with
    ``four_counts_as_two`` a four-of-a-kind counts as two pairs (Hebei, 龙七对).
    """
    return seven_pairs_groups(counts, wild, four_counts_as_two=four_counts_as_two) is not None


def seven_pairs_groups(
    counts: Sequence[int], wild: int, *, four_counts_as_two: bool
) -> SevenPairs | None:
    """The seven-pairs reading of the hand, or None if it has none.

    When the wildcards leave a choice, the reading with the most fours is returned, since
    that is the one a player claims for 豪华七对: spare wildcard pairs first turn pairs of
    real tiles into fours (lowest kinds first, for determinism), and what is still left
    pairs up into all-wildcard fours.  Without ``four_counts_as_two`` spare wildcard pairs
    are free pairs of kinds not otherwise in the hand (there are always enough of them).
    Even with it a kind gives at most two pairs: five or six of a kind is not a reading
    anyone claims, and a spare wildcard pair never needs one since 34 kinds are free.
    """
    _check_args(wild, 0)
    c = _hand(counts)
    if c is None or sum(c) + wild != 14:
        return None
    # The pairs as interned group ids (`_PAIR_IDS`): sorted, they are the groups in sort order.
    pairs: list[int] = []
    singles = 0
    plain: list[int] = []
    fours = 0
    for k in range(NUM_SHAPE_KINDS):
        n = c[k]
        if n == 0:
            continue
        if n < 0:
            raise ValueError(f"negative tile count at index {k}")
        if n > 4 or (n > 2 and not four_counts_as_two):
            return None
        if n % 2:
            singles += 1
        if n <= 2:
            plain.append(k)
            pairs.append(_PAIR_IDS[k][2 - n])
        else:
            fours += 1
            pairs.append(_PAIR_IDS[k][0])
            pairs.append(_PAIR_IDS[k][4 - n])
    if singles > wild:
        return None
    spare = (wild - singles) // 2
    if four_counts_as_two:
        upgrades = min(spare, len(plain))
        pairs.extend(_PAIR_IDS[k][2] for k in plain[:upgrades])
        fours += upgrades + (spare - upgrades) // 2
        spare -= upgrades
    pairs.extend([_FREE_PAIR] * spare)
    pairs.sort()
    groups = _GROUPS
    return SevenPairs(tuple([groups[i] for i in pairs]), fours)


_PAIR_IDS: Final = tuple(tuple(_gid("pair", k, w) for w in range(3)) for k in range(NUM_SHAPE_KINDS))
"""The interned id of the pair of each kind holding 0, 1 or 2 wildcards."""


def is_thirteen_orphans(counts: Sequence[int], wild: int) -> bool:
    """Whether the 14 tiles are the 13 orphans, one of them doubled (十三幺).

    Wildcards fill missing orphans or make the double; any other real tile breaks it.
    """
    _check_args(wild, 0)
    c = _hand(counts)
    if c is None or sum(c) + wild != 14:
        return False
    if min(c) < 0:
        raise ValueError(f"negative tile count in {list(c)}")
    doubles = 0
    seen = 0
    for k in ORPHAN_KINDS:
        n = c[k]
        if n > 2:
            return False
        if n == 2:
            doubles += 1
        seen += n
    # Every real tile must be an orphan, and at most one orphan may be doubled; the
    # wildcards then cover the gaps exactly, as the total is 14.
    return seen == sum(c) and doubles <= 1
