"""`discard_shanten` and `effective_kinds`, the quick forms the teaching notes use, and the bots'
`DiscardShanten` give what the full functions of `paipu.hand.shanten` give, hand by hand."""

from __future__ import annotations

import itertools
import random

import pytest

from paipu.hand.effective import discard_shanten, discards, effective_kinds, effective_tiles, split_wild
from paipu.hand.incremental import DiscardShanten, MeldShanten
from paipu.hand.shanten import (
    _KNITTED,
    _knitted_missing,
    _knitted_shapes,
    _standard,
    complete_of,
    shanten,
    shanten_of,
    shape_flags,
)
from paipu.hand.tables import combine, honour_profile, profile_of, suit_profile

SHAPE_SETS: tuple[tuple[str, ...], ...] = (
    ("standard", "seven_pairs", "orphans"),
    ("standard", "seven_pairs_fours", "quanzipai"),
    ("standard", "seven_pairs", "orphans", "quanbukao", "zuhelong"),
    ("standard",),
    ("seven_pairs", "orphans"),
)

# Every set of shapes the rulesets use and more, for the bots' quick shanten of each discard.
BOT_SHAPE_SETS: tuple[tuple[str, ...], ...] = (
    ("standard",),
    ("standard", "quanzipai"),
    ("standard", "seven_pairs_fours"),
    ("standard", "seven_pairs_fours", "orphans"),
    ("standard", "seven_pairs", "orphans"),
    ("standard", "seven_pairs_fours", "orphans", "quanbukao", "zuhelong"),
    ("seven_pairs", "orphans"),
    ("quanzipai",),
    ("quanbukao", "zuhelong"),
)


def _hand(rng: random.Random, size: int, *, knitted: bool = False) -> list[int]:
    """A hand of ``size`` tiles, drawn from a few kinds so that pairs, sets and fours are common
    (``knitted``: one in five from the kinds of knitted and orphan hands instead)."""
    pool = rng.sample(range(34), rng.choice((6, 9, 14, 34)))
    if knitted and rng.random() < 0.2:
        pool = rng.sample([0, 3, 6, 10, 13, 16, 20, 23, 26, 8, 9, 17, 18, *range(27, 34)], 14)
    hand = [0] * 34
    while sum(hand) < size:
        k = rng.choice(pool)
        if hand[k] < 4:
            hand[k] += 1
    return hand


def _cases(n: int, extra: int) -> list[tuple[list[int], list[int], int, tuple[str, ...]]]:
    """Random (hand, wild kinds, melds, shapes) with ``3 * sets + extra`` concealed tiles."""
    rng = random.Random(1000 + extra)
    out: list[tuple[list[int], list[int], int, tuple[str, ...]]] = []
    for i in range(n):
        melds = rng.choice((0, 0, 0, 1, 2, 4))
        hand = _hand(rng, 3 * (4 - melds) + extra)
        wild = [rng.choice([k for k in range(34) if hand[k]])] if i % 3 == 0 else []
        out.append((hand, wild, melds, SHAPE_SETS[i % len(SHAPE_SETS)]))
    return out


def test_discard_shanten_is_the_shanten_of_the_hand_less_each_kind_held() -> None:
    seen_values = set()
    for hand, wild, melds, shapes in _cases(400, 2):
        got = discard_shanten(hand, wild_kinds=wild, melds=melds, shapes=shapes)
        assert list(got) == [k for k in range(34) if hand[k]]
        for k, sh in got.items():
            short = list(hand)
            short[k] -= 1
            real, n_wild = split_wild(short, wild)
            assert sh == shanten(real, n_wild, melds=melds, shapes=shapes, wild_in_play=bool(wild)), (hand, k)
            seen_values.add(sh)
    assert len(seen_values) >= 4  # the cases reach several distances, not one


def test_discard_shanten_agrees_with_discards() -> None:
    for hand, wild, melds, shapes in _cases(120, 2):
        full = {d.tile.index: d.shanten for d in discards(hand, wild_kinds=wild, melds=melds, shapes=shapes)}
        assert discard_shanten(hand, wild_kinds=wild, melds=melds, shapes=shapes) == dict(sorted(full.items()))


def test_effective_kinds_are_the_kinds_of_effective_tiles_with_or_without_the_shanten_given() -> None:
    some = 0
    for hand, wild, melds, shapes in _cases(300, 1):
        full = [e.tile.index for e in effective_tiles(hand, wild_kinds=wild, melds=melds, shapes=shapes)]
        real, n_wild = split_wild(hand, wild)
        now = shanten(real, n_wild, melds=melds, shapes=shapes, wild_in_play=bool(wild))
        assert list(effective_kinds(hand, wild_kinds=wild, melds=melds, shapes=shapes)) == full
        # Drawn one at a time: a real kind the hand holds fewer than four of, or a wildcard.
        by_draw = []
        for k in range(34):
            if k in wild:
                if shanten(real, n_wild + 1, melds=melds, shapes=shapes, wild_in_play=True) < now:
                    by_draw.append(k)
            elif real[k] < 4:
                more = list(real)
                more[k] += 1
                if shanten(more, n_wild, melds=melds, shapes=shapes, wild_in_play=bool(wild)) < now:
                    by_draw.append(k)
        assert full == by_draw, (hand, wild, melds, shapes)
        assert list(effective_kinds(hand, wild_kinds=tuple(wild), melds=melds, shapes=shapes, now=now)) == full
        some += bool(full)
    assert some > 200


@pytest.mark.parametrize("size", [13, 12, 15])
def test_discard_shanten_needs_a_hand_one_tile_over(size: int) -> None:
    hand = _hand(random.Random(size), size)
    with pytest.raises(ValueError):
        discard_shanten(hand)


@pytest.mark.parametrize("size", [14, 12])
def test_effective_kinds_need_a_hand_one_tile_short(size: int) -> None:
    hand = _hand(random.Random(size), size)
    with pytest.raises(ValueError):
        effective_kinds(hand)


def _knitted_hand(rng: random.Random, straight: int, least: int, size: int) -> list[int]:
    """A hand of ``size`` tiles built around knitted straight ``straight`` (147m 258p 369s and
    the like): ``least`` to 9 of its tiles, then any tiles, honours twice as likely."""
    from paipu.hand.shanten import _KNITTED

    hand = [0] * 34
    for k in rng.sample(_KNITTED[straight], rng.randint(least, 9)):
        hand[k] += 1
    while sum(hand) < size:
        k = rng.choice(list(range(27, 34)) * 2 + list(range(34)))
        if hand[k] < 4:
            hand[k] += 1
    return hand


def test_after_each_draw_of_knitted_hands_matches_each_hand_drawn_in_full() -> None:
    """全不靠 and 组合龙 after each draw, from tallies, against the shanten of each hand with
    the tile added, on hands built around a knitted straight (147m 258p 369s and the like)."""
    from paipu.hand.shanten import _after_each_draw, _checked, _flags, _min_shanten

    rng = random.Random(5)
    shape_sets: tuple[tuple[str, ...], ...] = (
        ("standard", "seven_pairs", "orphans", "quanbukao", "zuhelong"), ("quanbukao", "standard"),
        ("zuhelong", "standard"))
    lowest = 99
    for i in range(300):
        melds = rng.choice((0, 0, 1))
        size = 3 * (4 - melds) + 1
        hand = _knitted_hand(rng, i % 6, 5, size)
        wild = 1 if i % 4 == 0 and hand[33] else 0
        real = list(hand)
        real[33] -= wild
        c, sets = _checked(real, wild, melds)
        flags = _flags(shape_sets[i % 3])
        got = _after_each_draw(c, wild, sets, flags, not wild, False)
        for k in range(34):
            if real[k] >= 4:
                continue
            more = bytearray(c)
            more[k] += 1
            want = _min_shanten(bytes(more), wild, sets, flags, not wild, False)
            assert got[k] == want, (hand, k, shape_sets[i % 3])
            lowest = min(lowest, want)
    assert lowest <= 0  # some hands reach ready or complete through the knitted shapes


def test_knitted_shapes_below_a_bound_give_the_lower_of_the_bound_and_the_exact_figure() -> None:
    """全不靠 and 组合龙 (`_knitted_shapes`, which the simulator's table and the win check ask with
    a bound ``below``): the answer is min(below, the knitted shapes' shanten), the latter
    worked out here in full, every straight, from the definitions (全不靠 from counts; 组合龙 as
    the straight's missing tiles plus the standard shanten of the rest), with and without
    wildcards, at every bound from complete to far."""
    from paipu.hand.shanten import _BUKAO, _KNITTED, _ZUHELONG, _checked, _set_aside, _standard

    rng = random.Random(14)
    checked = pruned = 0
    for i in range(400):
        melds = rng.choice((0, 0, 1))
        size = 3 * (4 - melds) + 1 + i % 2
        hand = _knitted_hand(rng, i % 6, 4, size)
        wild = (i // 2) % 3 if hand[33] >= (i // 2) % 3 else 0
        real = list(hand)
        real[33] -= wild
        c, sets = _checked(real, wild, melds)
        limited = not wild
        bukao = 99
        if sets == 4:
            honours = sum(1 for k in range(27, 34) if c[k])
            have = max(sum(1 for k in straight if c[k]) for straight in _KNITTED)
            bukao = 13 - min(honours + have, 14) - wild
        zuhelong = 99
        if sets >= 3:
            for straight in _KNITTED:
                rest, missing = _set_aside(c, straight)
                if sum(rest) + wild >= 3 * (sets - 3) + 1:
                    zuhelong = min(zuhelong, missing + _standard(rest, wild, sets - 3, limited))
        for flags, exact in ((_BUKAO | _ZUHELONG, min(bukao, zuhelong)), (_BUKAO, bukao), (_ZUHELONG, zuhelong)):
            for below in range(-1, 9):
                got = _knitted_shapes(c, wild, sets, flags, limited, below)
                assert got == min(below, exact), (hand, wild, melds, flags, below)
                checked += 1
                pruned += exact < 99 and below <= exact
            assert _knitted_shapes(c, wild, sets, flags, limited) == exact
    assert checked == 400 * 3 * 10 and pruned > 1000


# The bots' quick shanten of each discard (`DiscardShanten`) is `shanten_of` of the hand less that
# tile, for every set of shapes above, with and without wildcards.
def test_each_discard_is_the_shanten_of_the_hand_less_that_tile() -> None:
    rng = random.Random(14)
    seen: set[tuple[int, int]] = set()
    for shapes, sets, wild in itertools.product(BOT_SHAPE_SETS, (4, 3, 2, 1), (0, 1, 2)):
        flags = shape_flags(shapes)
        for _ in range(25):
            hand = _hand(rng, 3 * sets + 2 - wild, knitted=True)
            c = bytes(hand)
            ev = DiscardShanten(c, wild, sets, flags, shanten_of(c, wild, sets, flags))
            for k in range(34):
                if not hand[k]:
                    continue
                less = list(hand)
                less[k] -= 1
                want = shanten_of(bytes(less), wild, sets, flags)
                assert ev.after(k) == want, (shapes, sets, wild, hand, k)
                seen.add((min(want, 3), hand[k]))
    # Ready hands (0: a 3n+1 hand is never complete), far ones, and every count of the tile discarded were met.
    assert {s for s, _ in seen} == {0, 1, 2, 3} and {x for _, x in seen} == {1, 2, 3, 4}


# Made without the whole hand's shanten (the simulator's table makes it so for each hand one tile
# over it meets), `DiscardShanten` works that shanten out from its own groups and tallies: the
# answer `shanten_of` gives, and then the same discards.
def test_discard_shanten_made_alone_gives_the_whole_hand_and_each_discard() -> None:
    rng = random.Random(15)
    wholes: set[int] = set()
    for shapes, sets, wild in itertools.product(BOT_SHAPE_SETS, (4, 3, 2, 1), (0, 1, 2)):
        flags = shape_flags(shapes)
        for _ in range(25):
            hand = _hand(rng, 3 * sets + 2 - wild, knitted=True)
            c = bytes(hand)
            alone = DiscardShanten(c, wild, sets, flags)
            whole = shanten_of(c, wild, sets, flags)
            assert alone.whole == whole, (shapes, sets, wild, hand)
            wholes.add(min(whole, 3))
            given = DiscardShanten(c, wild, sets, flags, whole)
            for k in range(34):
                if hand[k]:
                    assert alone.after(k) == given.after(k), (shapes, sets, wild, hand, k)
    # Complete hands, ready ones and far ones were met.
    assert wholes == {-1, 0, 1, 2, 3}


# The quick complete test (`complete_of`, the knitted shapes worked out only for a straight held
# whole) is `shanten_of` at -1, for every set of shapes, near-complete hands included.
def test_complete_of_is_the_shanten_of_the_hand_at_minus_one() -> None:
    rng = random.Random(16)
    met = {True: 0, False: 0}
    for shapes, sets, wild in itertools.product(BOT_SHAPE_SETS, (4, 3, 2, 1), (0, 1, 2)):
        flags = shape_flags(shapes)
        for _ in range(40):
            hand = _hand(rng, 3 * sets + 2 - wild, knitted=True)
            c = bytes(hand)
            want = shanten_of(c, wild, sets, flags) < 0
            assert complete_of(c, wild, sets, flags) == want, (shapes, sets, wild, hand)
            met[want] += 1
    # Knitted hands complete by a straight: a straight, a set and a pair, with and without wildcards.
    for straight in ((0, 3, 6, 10, 13, 16, 20, 23, 26), (9, 12, 15, 1, 4, 7, 20, 23, 26)):
        for wild in (0, 1):
            hand = [0] * 34
            for k in straight[wild:]:
                hand[k] += 1
            hand[27] += 3
            hand[33] += 2
            flags = shape_flags(("standard", "zuhelong"))
            assert complete_of(bytes(hand), wild, 4, flags) and shanten_of(bytes(hand), wild, 4, flags) == -1
            hand[33] -= 1
            hand[32] += 1
            assert not complete_of(bytes(hand), wild, 4, flags) and shanten_of(bytes(hand), wild, 4, flags) == 0
            met[True] += 1
    assert met[True] > 50 and met[False] > 500


# The tallies `DiscardShanten` adds up from each group's packed tallies, and each knitted straight's
# missing tiles, are those counted on the whole hand by their definition.
def test_discard_tallies_are_the_hands_counts() -> None:
    rng = random.Random(17)
    flags = shape_flags(("standard", "seven_pairs", "orphans", "quanbukao", "zuhelong"))
    orphans = (0, 8, 9, 17, 18, 26, *range(27, 34))
    for i in range(3000):
        sets = (4, 3, 2, 1)[i % 4]
        hand = _hand(rng, 3 * sets + 2, knitted=True)
        c = bytes(hand)
        ev = DiscardShanten(c, 0, sets, flags, 0)
        held = [c[k] for k in orphans]
        missing = [sum(1 for k in straight if not c[k]) for straight in _KNITTED]
        want = [c.count(1), c.count(2), c.count(3), c.count(4), 13 - held.count(0), held.count(1),
                sum(c[27:]), 7 - c[27:].count(0), *missing]
        assert ev._tallies() == want, hand
        assert _knitted_missing(c) == missing, hand


# `DiscardShanten`'s floor, under which the standard shape's answer stands without the other shapes
# being counted, is no more than any other shape's shanten of the whole hand or of any discard.
def test_discard_floor_is_below_every_other_shape_of_the_hand_and_its_discards() -> None:
    rng = random.Random(17)
    used = 0
    for shapes, sets, wild in itertools.product(BOT_SHAPE_SETS, (4, 3, 1), (0, 1)):
        others = [shape_flags((s,)) for s in shapes if s != "standard"]
        if not others:
            continue
        flags = shape_flags(shapes)
        for _ in range(20):
            hand = _hand(rng, 3 * sets + 2 - wild, knitted=True)
            c = bytes(hand)
            ev = DiscardShanten(c, wild, sets, flags)
            floor = ev._floor()
            for other in others:
                assert shanten_of(c, wild, sets, other) >= floor, (shapes, sets, wild, hand)
                for k in range(34):
                    if hand[k]:
                        less = list(hand)
                        less[k] -= 1
                        assert shanten_of(bytes(less), wild, sets, other) >= floor, (shapes, sets, wild, hand, k)
            used += floor < 99
    assert used > 100


# The bots' shanten of each claim they could make (`MeldShanten.without`) is `shanten_of` of the hand
# less the meld's own tiles with one set fewer: pongs, kongs and chows (and tiles of two groups, which
# no meld takes), every set of shapes, with and without wildcards.
def test_meld_shanten_is_the_shanten_of_the_hand_less_the_melds_tiles() -> None:
    rng = random.Random(18)
    seen: dict[str, set[int]] = {"pong": set(), "kong": set(), "chow": set(), "mixed": set()}
    for shapes, sets, wild in itertools.product(BOT_SHAPE_SETS, (4, 3, 2, 1), (0, 1, 2)):
        flags = shape_flags(shapes)
        for _ in range(25):
            hand = _hand(rng, 3 * sets + 1 - wild, knitted=True)
            c = bytes(hand)
            ev = MeldShanten(c, wild, sets, flags)
            claims: list[tuple[str, list[int]]] = []
            for k in range(34):
                if hand[k] >= 2:
                    claims.append(("pong", [k, k]))
                if hand[k] >= 3:
                    claims.append(("kong", [k, k, k]))
                if k < 27 and k % 9 <= 6:
                    for a, b in ((k, k + 1), (k, k + 2), (k + 1, k + 2)):
                        if hand[a] and hand[b]:
                            claims.append(("chow", [a, b]))
            held = [k for k in range(34) if hand[k]]
            if held[0] // 9 != held[-1] // 9:
                claims.append(("mixed", [held[0], held[-1]]))
            for kind, kinds in claims:
                less = list(hand)
                for k in kinds:
                    less[k] -= 1
                want = shanten_of(bytes(less), wild, sets - 1, flags)
                assert ev.without(kinds) == want, (shapes, sets, wild, hand, kinds)
                seen[kind].add(min(want, 3))
    # Every kind of claim was met, leaving hands ready or complete (a pong's) and far ones.
    assert all(len(found) >= 3 for found in seen.values()), seen
    assert -1 in seen["pong"] and 0 in seen["kong"]


# The shanten functions look a hand's groups up by small keys of their own (three bits a count),
# asking `paipu.hand.tables` (keyed by the counts read as a big-endian number) the first time a
# group is met: each group's profile id, and the standard shanten, are those the tables give by
# their own keys, for suits and honours, limited or not, hands of every size.
def test_groups_looked_up_by_small_keys_are_the_tables_profiles() -> None:
    rng = random.Random(19)
    flags = shape_flags(("standard",))
    kinds: set[int] = set()
    for i in range(4000):
        limited = i % 2 == 0
        sets = (4, 3, 2, 1)[i % 4]
        hand = _hand(rng, 3 * sets + 2 - (0 if limited else 1))
        c = bytes(hand)
        want = [suit_profile(c[lo:lo + 9], int.from_bytes(c[lo:lo + 9], "big"), limited) for lo in (0, 9, 18)]
        want.append(honour_profile(c[27:], int.from_bytes(c[27:], "big"), limited))
        ev = DiscardShanten(c, 0 if limited else 1, sets, flags)
        assert [ev.i0, ev.i1, ev.i2, ev.i3] == want, (hand, limited)
        whole = profile_of(combine(combine(want[0], want[1]), combine(want[2], want[3])))
        wild = 0 if limited else 1
        assert _standard(c, wild, sets, limited) == 3 * sets + 1 - whole[2 * sets + 1] - wild, (hand, limited)
        kinds.update(x for x in hand if x)
    assert kinds == {1, 2, 3, 4}
