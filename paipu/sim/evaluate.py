"""The bots' shanten: one table of answers per run, and the discards of one turn weighed
one suit at a time.

The answers are those of `paipu.hand.shanten.shanten` over the ruleset's shapes; only the
cost changes.  The simulator's hands are valid by construction, so a question goes straight
to the shape tables of `paipu.hand.shanten`, without the checks of the public function.
"""

from __future__ import annotations

import operator

from paipu.hand import shanten as _sh
from paipu.replay.ruleset import Ruleset

_KNITTED = frozenset({"quanbukao", "zuhelong"})
_KNITTED_STRAIGHTS = tuple(
    tuple(9 * suit + rank for suit, start in zip(order, (0, 1, 2), strict=True)
          for rank in (start, start + 3, start + 6))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
"""The six knitted straights: 147 in one suit, 258 in another, 369 in the third."""


_STRAIGHT_TILES = tuple(operator.itemgetter(*straight) for straight in _KNITTED_STRAIGHTS)
_STRAIGHT_SETS = tuple(frozenset(straight) for straight in _KNITTED_STRAIGHTS)


class ShantenCache:
    """Shanten over the shapes the ruleset wins with, as the bots ask it, remembered.

    Bots ask about the same hands again and again (every seat, at every discard), so the
    answers are kept (a bounded table, emptied when full; `hit_rate` says how often it
    answered).  The knitted shapes (全不靠, 组合龙) cost several times the others and are
    rarely the closest: they are computed only when a cheap lower bound says they could beat
    the other shapes.  The answers are those of `paipu.hand.shanten.shanten` over all the
    shapes; only the cost changes: the simulator's hands are valid by construction, so a
    question goes straight to the shape tables, without the checks of the public function.
    (Looking hands up in a canonical form, suits sorted, was measured: it answers about a
    tenth more questions but costs more than it saves.)
    """

    def __init__(self, shapes: tuple[str, ...], limit: int = 1 << 17) -> None:
        self.shapes = shapes
        self.plain = tuple(s for s in shapes if s not in _KNITTED)
        self.knitted = tuple(s for s in shapes if s in _KNITTED)
        self._plain_flags = _sh._flags(self.plain) if self.plain else 0
        self._knitted_flags = _sh._flags(self.knitted) if self.knitted else 0
        self._bukao = "quanbukao" in self.knitted
        self._zuhelong = "zuhelong" in self.knitted
        self._known: dict[tuple[bytes, int, int], int] = {}
        self._limit = limit
        self.asked = 0
        """Questions asked."""
        self.computed = 0
        """Questions answered by computing a shanten (the others came from the table)."""

    def __call__(self, key: bytes, wild: int, sets: int) -> int:
        self.asked += 1
        q = (key, wild, sets)
        found = self._known.get(q)
        if found is None:
            found = self._compute(key, wild, sets)
            if len(self._known) >= self._limit:
                self._known.clear()
            self._known[q] = found
        return found

    def known(self, key: bytes, wild: int, sets: int) -> int | None:
        """The answer if the table has it (a question asked: `remember` the answer if not)."""
        self.asked += 1
        return self._known.get((key, wild, sets))

    def remember(self, key: bytes, wild: int, sets: int, shanten: int) -> None:
        """Keep an answer worked out elsewhere (`Discards`) after `known` had none."""
        self.computed += 1
        if len(self._known) >= self._limit:
            self._known.clear()
        self._known[(key, wild, sets)] = shanten

    def discards(self, key: bytes, wild: int, sets: int) -> Discards:
        """The discards of a hand of 3n+2 tiles, weighed one suit at a time (`Discards`)."""
        return Discards(self, key, wild, sets)

    @property
    def hit_rate(self) -> float:
        """The share of questions answered without computing a shanten."""
        return 1 - self.computed / self.asked if self.asked else 0.0

    def _compute(self, key: bytes, wild: int, sets: int) -> int:
        self.computed += 1
        limited = not wild  # as `shanten` reads it: wildcards are in play when one is held
        best = _sh._min_shanten(key, wild, sets, self._plain_flags, limited, False) if self.plain else 99
        if self.knitted:
            best = self._knitted(key, wild, sets, best, limited)
        return best

    def knitted_bound(self, have: int, honour_kinds: int, wild: int, sets: int) -> int:
        """A lower bound of the knitted shapes' shanten, from the most tiles of one knitted
        straight the hand holds (``have``) and how many honour kinds it holds: 全不靠's
        shanten itself, and 组合龙's tiles missing from the straight less one."""
        bound = 99
        if self._bukao and sets == 4:
            bound = 13 - min(honour_kinds + have, 14) - wild
        if self._zuhelong and sets >= 3 and 8 - have < bound:
            bound = 8 - have
        return bound

    def _knitted(self, key: bytes, wild: int, sets: int, best: int, limited: bool) -> int:
        """``best`` lowered to the knitted shapes' shanten where that is lower, worked out only
        when a cheap lower bound says it could be: 全不靠 is exact from counts alone; 组合龙 is,
        for each knitted straight, its missing tiles plus the standard shanten of the rest
        (`paipu.hand.shanten`'s own definition), asked only of the straights whose missing
        tiles less one (the rest at best complete) could beat ``best``."""
        missing = [tiles(key).count(0) for tiles in _STRAIGHT_TILES]
        if self.knitted_bound(9 - min(missing), 7 - key[27:34].count(0), wild, sets) >= best:
            return best
        have = 9 - min(missing)
        bukao = self._bukao and sets == 4
        zuhelong = self._zuhelong and sets >= 3
        bukao_shanten = 13 - min(7 - key[27:34].count(0) + have, 14) - wild
        if bukao and bukao_shanten < best:
            best = bukao_shanten
        if zuhelong:
            rest_sets = sets - 3
            need = 3 * rest_sets + 1
            for straight, lack in zip(_KNITTED_STRAIGHTS, missing, strict=True):
                if lack - 1 - wild >= best:
                    continue  # the rest's shanten is -1 - wild at the lowest
                rest, _ = _sh._set_aside(key, straight)
                if sum(rest) + wild >= need:
                    s = lack + _sh._standard(rest, wild, rest_sets, limited)
                    if s < best:
                        best = s
        return best


def shanten_for(ruleset: Ruleset) -> ShantenCache:
    """The bots' shanten over the shapes the ruleset wins with, remembered (`ShantenCache`)."""
    return ShantenCache(tuple(ruleset.shapes))


_GROUP_OF = _sh._GROUP_OF
_KEY_STEP = _sh._KEY_STEP
_PROFILES = _sh._PROFILES
_COMBINED = _sh._COMBINED
_combine = _sh._combine
_STANDARD, _PAIRS, _PAIRS4, _ORPH, _QUANZI = _sh._STANDARD, _sh._PAIRS, _sh._PAIRS4, _sh._ORPH, _sh._QUANZI
_MAX_SETS = 4


class Discards:
    """The shanten after discarding one real tile of a kind, for one hand of 3n+2 tiles (no
    wildcard among the tiles discarded: a wildcard discarded is one wildcard fewer, asked of
    the table).

    A discard changes one group of the hand (a suit, or the honours): the four groups are
    looked up once, with the combination of the other three for each, so each discard weighed
    is one look-up of its group's new counts and one combination (as `paipu.hand.shanten`
    does for every discard at once).  The other shapes are bounded first: no discard brings
    七对, 十三幺 or 全字牌 closer than the whole hand is, and MCR's knitted shapes have a bound
    from tallies a discard changes by one (`ShantenCache.knitted_bound`); a shape is worked
    out on the counts after the discard only where its bound could beat the standard shape.
    The answers are those of the table (`ShantenCache`); the bots ask the table first and
    build this only for a discard it has not met (`Bot.best_discard`).
    """

    __slots__ = (
        "_base",
        "_cache",
        "_floor",
        "_honour_kinds",
        "_index",
        "_key",
        "_keys",
        "_knitted",
        "_limited",
        "_missing",
        "_others",
        "_sets",
        "_special",
        "_standard",
        "_tables",
        "_wild",
    )

    def __init__(self, cache: ShantenCache, key: bytes, wild: int, sets: int) -> None:
        self._cache = cache
        self._key = key
        self._wild = wild
        self._sets = sets
        limited = self._limited = not wild
        flags = cache._plain_flags
        self._standard = flags & _STANDARD
        self._knitted = bool(cache.knitted)
        self._base = 3 * sets + 1 - wild
        self._index = 2 * sets + 1
        if self._standard:
            if limited:
                suits, honours = _sh._SUIT_LIM, _sh._HON_LIM
            else:
                suits, honours = _sh._SUIT_UNL, _sh._HON_UNL
            km = int.from_bytes(key[0:9], "big")
            kp = int.from_bytes(key[9:18], "big")
            ks = int.from_bytes(key[18:27], "big")
            kz = int.from_bytes(key[27:34], "big")
            self._keys = (km, kp, ks, kz)
            self._tables = (suits, suits, suits, honours)
            a = suits.get(km) or _sh._suit_profile(key[0:9], km, limited)
            b = suits.get(kp) or _sh._suit_profile(key[9:18], kp, limited)
            d = suits.get(ks) or _sh._suit_profile(key[18:27], ks, limited)
            z = honours.get(kz) or _sh._honour_profile(key[27:34], kz, limited)
            self._others = _sh._others([a, b, d, z])
        # 七对 and 十三幺 count only with no meld.  No discard brings a shape closer: the whole
        # hand's shanten in these shapes bounds every discard's, so they are worked out only
        # where that could beat the standard shape.
        seven = flags & (_PAIRS | _PAIRS4 | _ORPH) if sets == _MAX_SETS else 0
        self._special = seven | (flags & _QUANZI)
        self._floor = _sh._min_shanten(key, wild, sets, self._special, limited, False) if self._special else 99
        if self._knitted:
            self._missing = [tiles(key).count(0) for tiles in _STRAIGHT_TILES]
            self._honour_kinds = 7 - key[27:34].count(0)

    def after(self, k: int) -> int:
        """The shanten once one tile of kind ``k`` (held, not wild) is discarded."""
        best = 99
        key = self._key
        wild = self._wild
        if self._standard:
            g = _GROUP_OF[k]
            group_key = self._keys[g] - _KEY_STEP[k]
            pid = self._tables[g].get(group_key)
            if pid is None:
                lo = 9 * g
                part = bytearray(key[lo:lo + 9 if g < 3 else 34])
                part[k - lo] -= 1
                pid = (_sh._honour_profile if g == 3 else _sh._suit_profile)(bytes(part), group_key, self._limited)
            other = self._others[g]
            f = _COMBINED.get((pid << 20) | other) or _combine(pid, other)
            best = self._base - _PROFILES[f][self._index]
        special = self._special
        if special and self._floor < best:
            whole = bytearray(key)
            whole[k] -= 1
            s = _sh._min_shanten(bytes(whole), wild, self._sets, special, self._limited, False)
            if s < best:
                best = s
        if self._knitted:
            # The bound first, from the tallies: the last tile of a kind gone leaves one more gap
            # in the two knitted straights that hold the kind, or one honour kind fewer.
            last = key[k] == 1
            if k < 27:
                missing = self._missing
                if last:
                    missing = [m + 1 if k in straight else m
                               for m, straight in zip(missing, _STRAIGHT_SETS, strict=True)]
                have, honour_kinds = 9 - min(missing), self._honour_kinds
            else:
                have, honour_kinds = 9 - min(self._missing), self._honour_kinds - last
            if self._cache.knitted_bound(have, honour_kinds, wild, self._sets) < best:
                whole = bytearray(key)
                whole[k] -= 1
                best = self._cache._knitted(bytes(whole), wild, self._sets, best, self._limited)
        return best
