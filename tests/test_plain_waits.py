"""`paipu.hand.shanten.waits` for a hand with no wildcard in play, in the standard shape,
seven pairs and the thirteen orphans: answered group by group (`paipu.hand.shapes.standard_waits`)
and from the few kinds that could make the other shapes, it must list exactly the kinds whose
tile completes the hand by each shape's own definition (`is_standard_win`, `is_seven_pairs`,
`is_thirteen_orphans`), asked kind by kind."""

from __future__ import annotations

import itertools
import random

import pytest

from paipu.hand.shanten import waits
from paipu.hand.shapes import (
    ORPHAN_KINDS,
    _group_state,
    _new_group_waits,
    _searched_group_waits,
    _state,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    standard_waits,
)
from paipu.hand.tables import _all_vectors

SHAPE_SETS = (
    ("standard",),
    ("standard", "seven_pairs"),
    ("standard", "seven_pairs_fours", "orphans"),
    ("standard", "seven_pairs", "orphans"),
    ("seven_pairs",),
    ("seven_pairs_fours",),
    ("orphans",),
)


def _completes(c: list[int], sets: int, shapes: tuple[str, ...]) -> bool:
    if "standard" in shapes and is_standard_win(c, 0, sets):
        return True
    if sets == 4 and "seven_pairs" in shapes and is_seven_pairs(c, 0):
        return True
    if sets == 4 and "seven_pairs_fours" in shapes and is_seven_pairs(c, 0, four_counts_as_two=True):
        return True
    return sets == 4 and "orphans" in shapes and is_thirteen_orphans(c, 0)


def _by_definition(c: list[int], sets: int, shapes: tuple[str, ...], fifth: bool) -> list[int]:
    """Each kind added in turn and the whole hand judged: a kind held four times only with ``fifth``."""
    out = []
    for k in range(34):
        if c[k] >= 4 and not fifth:
            continue
        c[k] += 1
        if _completes(c, sets, shapes):
            out.append(k)
        c[k] -= 1
    return out


def _hands(rng: random.Random, n: int) -> list[tuple[list[int], int]]:
    """Hands one tile short, mostly near a win in one shape or another, some random."""
    out: list[tuple[list[int], int]] = []
    while len(out) < n:
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        sets = 4 - melds
        c = [0] * 34
        mode = rng.random()
        if mode < 0.6:
            for _ in range(sets):
                if rng.random() < 0.5:
                    k = 9 * rng.randrange(3) + rng.randrange(7)
                    for d in range(3):
                        c[k + d] += 1
                else:
                    c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
        elif mode < 0.75 and melds == 0:
            for k in rng.sample(range(34), 7):
                c[k] += 2
            c[rng.choice([k for k in range(34) if c[k]])] += rng.choice((0, 2))
        elif mode < 0.8 and melds == 0:
            for k in ORPHAN_KINDS:
                c[k] += 1
            c[rng.choice(ORPHAN_KINDS)] += 1
        else:
            pool = [k for k in range(34) for _ in range(4)]
            for k in rng.sample(pool, 3 * sets + 2):
                c[k] += 1
        if any(x > 4 for x in c) or sum(c) != 3 * sets + 2:
            continue
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
        out.append((c, melds))
    return out


@pytest.mark.parametrize("shapes", SHAPE_SETS, ids=lambda s: "+".join(s))
def test_plain_waits_are_the_kinds_that_complete_the_hand(shapes: tuple[str, ...]) -> None:
    rng = random.Random(20261202)
    ready = 0
    for c, melds in _hands(rng, 1500):
        for fifth in (False, True):
            expected = _by_definition(c, 4 - melds, shapes, fifth)
            assert waits(c, 0, melds=melds, shapes=shapes, fifth=fifth) == expected, (c, melds, fifth)
            ready += bool(expected)
    assert ready > 50  # many of the hands are ready ones, so the answers are not all empty


def test_standard_waits_leave_out_a_kind_held_four_times() -> None:
    # 1111m 23m 567p 789s 5z: 111m 123m 567p 789s, waiting on 5z for the pair.
    c = [0] * 34
    for k in (0, 0, 0, 0, 1, 2, 13, 14, 15, 24, 25, 26, 31):
        c[k] += 1
    assert standard_waits(bytes(c)) == [31]
    # 1111m with three melds: only a fifth 1m (111m + 11m) would complete it, and there is none.
    c = [0] * 34
    c[0] = 4
    assert standard_waits(bytes(c)) == []
    assert waits(c, 0, melds=3, shapes=("standard",)) == []
    assert waits(c, 0, melds=3, shapes=("standard",), fifth=True) == [0]
    assert standard_waits(bytes(c), True) == [0]


def test_standard_waits_with_fifth_are_the_kinds_that_complete_the_shape() -> None:
    """`standard_waits` with ``fifth`` (Harbin's ready question asks it directly) lists the kinds
    whose tile completes the hand in the standard shape by `is_standard_win`, a kind held four
    times included, and is `waits` of the standard shape with ``fifth``."""
    rng = random.Random(14)
    fours = 0
    for c, melds in _hands(rng, 1500):
        expected = _by_definition(c, 4 - melds, ("standard",), True)
        assert standard_waits(bytes(c), True) == expected, (c, melds)
        assert waits(c, 0, melds=melds, shapes=("standard",), fifth=True) == expected
        fours += any(c[k] == 4 for k in expected)
    assert fours > 0


def test_group_waits_worked_out_from_the_tiles_are_those_of_the_profiles() -> None:
    """`standard_waits`' group answers (`_state`, `_new_group_waits`: a suit read from its lowest
    kind up, only every third kind tried) are those looked up in the groups' profiles
    (`_group_state`, `_searched_group_waits`): every suit of at most 8 tiles (0-4 of a kind) and a
    sample of larger ones, a few holding five or six of a kind, and every honour group of at most
    14 tiles (0-5 of a kind)."""
    rng = random.Random(7)
    suits = _all_vectors(9, 8) + rng.sample(_all_vectors(9, 14), 3000)
    suits += [tuple(rng.choice((0, 0, 1, 2, 3, 4, 5, 6)) for _ in range(9)) for _ in range(300)]
    honours = [v for v in itertools.product(range(6), repeat=7) if sum(v) <= 14]
    for groups, suit in ((suits, True), (honours, False)):
        for v in groups:
            b = bytes(v)
            key = int.from_bytes(b, "big")
            assert _state(b, key, suit) == _group_state(b, key, suit), v
            assert _new_group_waits(b, suit) == _searched_group_waits(b, suit), v
