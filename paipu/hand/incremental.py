"""The bots' shanten, kept for a hand as it changes: `DiscardShanten` (the shanten after each
discard of a hand one tile over, and after each draw) and `MeldShanten` (after each meld a
discard offers), which look the hand's four groups up in the shape tables once and answer
from them (`paipu.hand.shanten` works one hand out from scratch)."""

from __future__ import annotations

from paipu.hand import tables
from paipu.hand.shanten import (
    _BUKAO,
    _COMBINED,
    _F,
    _GROUP_HI,
    _GROUP_LO,
    _GROUP_OF,
    _HONOUR_TALLY,
    _IS_ORPHAN,
    _KNITTED_SETS,
    _KNITTED_SHAPES,
    _NO_FLOOR,
    _NUM,
    _OCT_HON_LIM,
    _OCT_HON_UNL,
    _OCT_STEP,
    _OCT_SUIT_LIM,
    _OCT_SUIT_UNL,
    _ORPH,
    _PAIRS,
    _PAIRS4,
    _QUANZI,
    _STANDARD,
    _SUIT_TALLY,
    _TALLY_MAX,
    _ZUHELONG,
    _group_tally,
    _honour_key,
    _knitted_given,
    _knitted_missing,
    _knitted_shapes,
    _min_shanten,
    _oct_honour,
    _oct_key,
    _oct_suit,
    _orphans_from_tally,
    _pairs_below,
    _straights_missing,
    _tallied_shapes,
    _tiles_in,
)
from paipu.hand.tables import combine as _combine
from paipu.hand.tables import combined_at as _combined_at


def _kept_tally(table: dict[int, int], key: int, part: bytes, honours: bool) -> int:
    """`_group_tally` of a group, kept in ``table`` by its key (bounded, emptied when full)."""
    found = _group_tally(part, honours)
    if len(table) >= _TALLY_MAX:
        table.clear()
    table[key] = found
    return found


class _HandGroups:
    """A hand's four groups (three suits and the honours) looked up in the shape tables once,
    for `DiscardShanten` and `MeldShanten`: the counts, the groups' keys and profiles, and the
    other three groups' profiles combined, made for each group on first need (`_other`)."""

    def __init__(self, counts: bytes, wild: int, sets: int, flags: int) -> None:
        self.c = counts
        self.wild = wild
        self.sets = sets
        self.flags = flags
        self.limited = limited = not wild
        if limited:
            st, ht = _OCT_SUIT_LIM, _OCT_HON_LIM
        else:
            st, ht = _OCT_SUIT_UNL, _OCT_HON_UNL
        self.suit_table = st
        self.honour_table = ht
        km = _oct_key(counts, 0, 9)
        kp = _oct_key(counts, 9, 18)
        ks = _oct_key(counts, 18, 27)
        kz = _honour_key(counts)
        # Each group's key and profile id an attribute of its own, read by `_key` and `_other`
        # (not a tuple read at a place chosen at run time: docs/speed.md; lists cost more to
        # make than the reads save, as measured).
        self.k0 = km
        self.k1 = kp
        self.k2 = ks
        self.k3 = kz
        """The groups' keys (`_oct_key`)."""
        self.i0 = st.get(km) or _oct_suit(counts[0:9], km, limited)
        self.i1 = st.get(kp) or _oct_suit(counts[9:18], kp, limited)
        self.i2 = st.get(ks) or _oct_suit(counts[18:27], ks, limited)
        self.i3 = ht.get(kz) or _oct_honour(counts[27:34], kz, limited)
        """The groups' profile ids."""
        self.o0 = self.o1 = self.o2 = self.o3 = 0
        """For each group, the other three groups' profiles combined (0 until first needed)."""
        self.ab = 0
        self.dz = 0
        """The two suits' (first and second) and the third suit's and honours' profiles
        combined, once worked out (0 before): `_other` starts from them."""

    def _key(self, g: int) -> int:
        """The key of group ``g``."""
        if g == 0:
            return self.k0
        if g == 1:
            return self.k1
        if g == 2:
            return self.k2
        return self.k3

    def _suit_keys(self) -> list[int]:
        """The three suits' keys, as `_knitted_given` takes them."""
        return [self.k0, self.k1, self.k2]

    def _other(self, g: int) -> int:
        """The profile of the three groups other than ``g``, combined (kept once made)."""
        if g < 2:
            found = self.o0 if g == 0 else self.o1
            if found:
                return found
            dz = self.dz
            if not dz:
                d, z = self.i2, self.i3
                dz = self.dz = _COMBINED.get((d << 20) | z) or _combine(d, z)
            b = self.i1 if g == 0 else self.i0  # the other suit of the first two
            found = _COMBINED.get((b << 20) | dz) or _combine(b, dz)
            if g == 0:
                self.o0 = found
            else:
                self.o1 = found
            return found
        found = self.o2 if g == 2 else self.o3
        if found:
            return found
        ab = self.ab
        if not ab:
            a, b = self.i0, self.i1
            ab = self.ab = _COMBINED.get((a << 20) | b) or _combine(a, b)
        d = self.i3 if g == 2 else self.i2  # the honours beside the third suit, or the third suit
        found = _COMBINED.get((ab << 20) | d) or _combine(ab, d)
        if g == 2:
            self.o2 = found
        else:
            self.o3 = found
        return found


class DiscardShanten(_HandGroups):
    """`shanten_of` of a hand one tile over (``counts``, ``wild``, ``sets``, ``flags`` as
    there; ``whole`` is `shanten_of` of that hand) less one real tile of a kind it holds,
    asked kind by kind (`after`): the answers `shanten_of` gives, for little more than one
    look-up each.

    A discard changes one group (a suit or the honours) of the standard shape: the four
    groups are looked up once, and each discard is one look-up of its group's new counts and
    one combination with the other three (made on first need).  No discard leaves a hand
    closer to a win than the whole hand (a shape the smaller hand can complete, the whole
    hand completes with the same draws), so when the standard shape after the discard is as
    close as the whole hand, that is the answer, whatever the other shapes say; otherwise seven
    pairs, the thirteen orphans and 全字牌 are counted from the hand's tallies (made on first
    need), changed by the one tile, and the knitted shapes (MCR) from the hand's knitted
    tallies.  For a player that tries its discards one at a time and stops at the first good
    enough (the simulator's bots).

    Without ``whole`` the hand's own shanten is worked out from the same groups and tallies
    (the same answer as `shanten_of`), so one object answers both the whole hand and its
    discards: made once per turn, it spares looking the groups up twice."""

    def __init__(self, counts: bytes, wild: int, sets: int, flags: int, whole: int | None = None) -> None:
        _HandGroups.__init__(self, counts, wild, sets, flags)
        self.base = 3 * sets + 1 - wild
        self.index = 2 * sets + 1
        self.rest = bool(flags & ~_STANDARD)
        """Whether shapes other than the standard one count."""
        self.honours = _tiles_in(counts, 27, _NUM) if flags & ~(_STANDARD | _QUANZI) == 0 and flags & _QUANZI else -1
        """With 全字牌 the only shape besides the standard one, the hand's honour tiles (all that
        shape needs: no tallies are made); else -1."""
        self.tally: list[int] = []
        """The hand's tallies for the other shapes, once needed (`_tallies`)."""
        self.floor = _NO_FLOOR
        """A lower bound on the shanten of every shape but the standard one, of the whole hand
        and so of each discard (`_floor`, once needed)."""
        if whole is None:
            whole = self._whole()
        self.whole = whole

    def _whole(self) -> int:
        """`shanten_of` of the whole hand, from its groups and tallies: the shapes of
        `_min_shanten`, each counted the same way (no suited meld, as `shanten_of` assumes)."""
        flags = self.flags
        best = 99
        if flags & _STANDARD:
            a, b, d, z = self.i0, self.i1, self.i2, self.i3
            ab = self.ab = _COMBINED.get((a << 20) | b) or _combine(a, b)
            dz = self.dz = _COMBINED.get((d << 20) | z) or _combine(d, z)
            best = self.base - _combined_at(ab, dz, self.index)
        if not self.rest:
            return best
        if self.honours >= 0:
            qz = self.base - self.honours
            return qz if qz < best else best
        if best <= self._floor():
            return best  # no other shape comes closer
        tally = self.tally
        wild = self.wild
        sets = self.sets
        whole = sets == tables.MAX_SETS
        best = _tallied_shapes(best, flags, tally, wild, whole, self.base)
        bukao = bool(flags & _BUKAO and whole)
        zuhelong = bool(flags & _ZUHELONG and sets >= 3)
        if bukao or zuhelong:
            best = _knitted_given(self.c, -1, wild, sets, bukao, zuhelong, self.limited, best, tally[8:], tally[7],
                                  self._suit_keys(), self.i3)
        return best

    def _floor(self) -> int:
        """A lower bound on the shanten of every shape but the standard one, from the hand's
        tallies: seven pairs, the thirteen orphans, 全字牌 and 全不靠 as `_whole` counts them,
        组合龙 at best its least missing straight less one and the wildcards (what
        `_knitted_given` bounds it by).  A discard never brings a shape closer (it takes a pair,
        an orphan kind, an honour or a knitted tile away, or nothing these shapes count), so it
        bounds each discard's shapes too (`after`)."""
        floor = self.floor
        if floor != _NO_FLOOR:
            return floor
        tally = self.tally or self._tallies()
        flags = self.flags
        wild = self.wild
        sets = self.sets
        whole = sets == tables.MAX_SETS
        floor = _tallied_shapes(99, flags, tally, wild, whole, self.base)
        bukao = bool(flags & _BUKAO and whole)
        zuhelong = bool(flags & _ZUHELONG and sets >= 3)
        if bukao or zuhelong:
            lacks = tally[8]
            for j in range(9, 14):
                if tally[j] < lacks:
                    lacks = tally[j]
            if bukao:
                s = 13 - min(tally[7] + 9 - lacks, 14) - wild
                if s < floor:
                    floor = s
            if zuhelong and lacks - 1 - wild < floor:
                floor = lacks - 1 - wild
        self.floor = floor
        return floor

    def _tallies(self) -> list[int]:
        """Kinds held 1, 2, 3 and 4 times; orphan kinds held and held once; honour tiles; honour
        kinds; then each knitted straight's missing tiles (`_knitted_missing`): from each group's
        packed tallies (`_group_tally`, kept by the group's key)."""
        km, kp, ks, kz = self.k0, self.k1, self.k2, self.k3
        c = self.c
        st = _SUIT_TALLY
        a = st.get(km, -1)
        if a < 0:
            a = _kept_tally(st, km, c[0:9], False)
        b = st.get(kp, -1)
        if b < 0:
            b = _kept_tally(st, kp, c[9:18], False)
        d = st.get(ks, -1)
        if d < 0:
            d = _kept_tally(st, ks, c[18:27], False)
        z = _HONOUR_TALLY.get(kz, -1)
        if z < 0:
            z = _kept_tally(_HONOUR_TALLY, kz, c[27:34], True)
        t = a + b + d + z
        self.tally = tally = [t & _F, (t >> 5) & _F, (t >> 10) & _F, (t >> 15) & _F, (t >> 20) & _F,
                              (t >> 25) & _F, (z >> 30) & _F, (z >> 35) & _F]
        if self.flags & _KNITTED_SHAPES:
            tally += _straights_missing((a >> 30) & _F, (a >> 35) & _F, (a >> 40) & _F, (b >> 30) & _F,
                                        (b >> 35) & _F, (b >> 40) & _F, (d >> 30) & _F, (d >> 35) & _F,
                                        (d >> 40) & _F)
        return tally

    def after(self, k: int) -> int:
        """`shanten_of` of the hand less one tile of kind ``k`` (0-33, held)."""
        flags = self.flags
        best = 99
        g = _GROUP_OF[k]
        key = self._key(g) - _OCT_STEP[k]
        pid = 0
        if flags & _STANDARD:
            found = (self.honour_table if g == 3 else self.suit_table).get(key)
            if found is None:
                lo = _GROUP_LO[g]
                part = bytearray(self.c[lo:_GROUP_HI[g]])
                part[k - lo] -= 1
                if g == 3:
                    found = _oct_honour(bytes(part), key, self.limited)
                else:
                    found = _oct_suit(bytes(part), key, self.limited)
            pid = found
            other = self._other(g)
            best = self.base - _combined_at(pid, other, self.index)
            if best <= self.whole or not self.rest:
                return best
        if self.honours >= 0:
            qz = self.base - self.honours + (1 if k >= 27 else 0)
            return qz if qz < best else best
        if best <= self._floor():
            return best  # no other shape after the discard comes closer
        tally = self.tally or self._tallies()
        wild = self.wild
        sets = self.sets
        x = self.c[k]
        whole = sets == tables.MAX_SETS
        if whole and flags & (_PAIRS | _PAIRS4):
            ones, twos, threes, quads = tally[0], tally[1], tally[2], tally[3]
            # One kind goes from x tiles to x - 1.
            if x == 1:
                ones -= 1
            elif x == 2:
                twos -= 1
                ones += 1
            elif x == 3:
                threes -= 1
                twos += 1
            else:
                quads -= 1
                threes += 1
            best = _pairs_below(best, flags, ones, twos, threes, quads, wild)
        if whole and flags & _ORPH:
            kinds, ones = tally[4], tally[5]
            if _IS_ORPHAN[k]:
                if x == 1:
                    kinds -= 1
                    ones -= 1
                elif x == 2:
                    ones += 1
            orph = _orphans_from_tally(kinds, kinds > ones, wild)
            if orph < best:
                best = orph
        if flags & _QUANZI:
            qz = self.base - tally[6] + (1 if k >= 27 else 0)
            if qz < best:
                best = qz
        if best <= self.whole:
            return best  # no discard is closer than the whole hand: the knitted shapes cannot beat it
        bukao = bool(flags & _BUKAO and whole)
        zuhelong = bool(flags & _ZUHELONG and sets >= 3)
        if bukao or zuhelong:
            # Only a kind held once leaves the knitted tallies: a straight's tile, or an honour kind.
            missing = tally[8:]
            honour_kinds = tally[7]
            if x == 1:
                if k < 27:
                    for j in range(6):  # ``missing`` is the tallies' copy
                        if k in _KNITTED_SETS[j]:
                            missing[j] += 1
                else:
                    honour_kinds -= 1
            if pid:  # the hand's groups less the tile are known: the knitted shapes start from them
                keys = self._suit_keys()
                if g < 3:
                    keys[g] = key
                best = _knitted_given(self.c, k, wild, sets, bukao, zuhelong, self.limited, best, missing,
                                      honour_kinds, keys, pid if g == 3 else self.i3)
            else:
                best = _knitted_given(self.c, k, wild, sets, bukao, zuhelong, self.limited, best, missing,
                                      honour_kinds)
        return best


class MeldShanten(_HandGroups):
    """`shanten_of` of a hand (``counts``, ``wild``, ``sets``, ``flags`` as there) less the
    tiles a meld made of another seat's discard takes from it, with one set fewer to make
    (`without`): the simulator's bots weigh each claim they could make so, for a look-up of
    the one group the meld's tiles come from and one combination with the other three.

    With a meld made, only the standard shape, 全字牌 (as `shanten_of` counts it: no suited
    meld assumed) and 组合龙 (still three sets to make) count; 组合龙 is worked out only when its
    bound (the hand's least missing straight, which taking tiles away never lowers, less one and
    the wildcards) is below the other shapes' answer."""

    def __init__(self, counts: bytes, wild: int, sets: int, flags: int) -> None:
        _HandGroups.__init__(self, counts, wild, sets, flags)
        self.base = 3 * (sets - 1) + 1 - wild
        self.index = 2 * (sets - 1) + 1
        self.honours = _tiles_in(counts, 27, _NUM) if flags & _QUANZI else 0
        self.zuhelong = bool(flags & _ZUHELONG and sets - 1 >= 3)
        self.lacks = -1
        """The hand's least missing knitted straight (`_knitted_missing`), once needed."""

    def without(self, kinds: list[int]) -> int:
        """`shanten_of` of the hand less one tile of each of ``kinds`` (held; all of one group: a
        pong's, a kong's or a chow's own tiles), with ``sets`` less one."""
        flags = self.flags
        g = _GROUP_OF[kinds[0]]
        for k in kinds:
            if _GROUP_OF[k] != g:  # not a meld's tiles: the hand less them, worked out whole
                fewer = bytearray(self.c)
                for j in kinds:
                    fewer[j] -= 1
                return _min_shanten(bytes(fewer), self.wild, self.sets - 1, flags, self.limited, False)
        best = 99
        if flags & _STANDARD:
            key = self._key(g)
            for k in kinds:
                key -= _OCT_STEP[k]
            pid = (self.honour_table if g == 3 else self.suit_table).get(key)
            if pid is None:
                lo = _GROUP_LO[g]
                part = bytearray(self.c[lo:_GROUP_HI[g]])
                for k in kinds:
                    part[k - lo] -= 1
                if g == 3:
                    pid = _oct_honour(bytes(part), key, self.limited)
                else:
                    pid = _oct_suit(bytes(part), key, self.limited)
            other = self._other(g)
            best = self.base - _combined_at(pid, other, self.index)
        if flags & _QUANZI:
            qz = self.base - self.honours + (len(kinds) if g == 3 else 0)
            if qz < best:
                best = qz
        if self.zuhelong:
            lacks = self.lacks
            if lacks < 0:
                missing = _knitted_missing(self.c)
                lacks = missing[0]
                for lack in missing:
                    if lack < lacks:
                        lacks = lack
                self.lacks = lacks
            if lacks - 1 - self.wild < best:
                fewer = bytearray(self.c)
                for k in kinds:
                    fewer[k] -= 1
                best = _knitted_shapes(bytes(fewer), self.wild, self.sets - 1, flags, self.limited, best)
        return best
