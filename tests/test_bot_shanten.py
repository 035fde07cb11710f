"""The bots' quick shanten of each discard (`DiscardShanten`) is `shanten_of` of the hand less
that tile, for every set of shapes the rulesets use and more, with and without wildcards."""

from __future__ import annotations

import itertools
import random

from paipu.hand.shanten import DiscardShanten, shanten_of, shape_flags

SHAPE_SETS: tuple[tuple[str, ...], ...] = (
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


def _hand(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles from a few kinds (pairs, sets and fours common) or from all of them."""
    pool = rng.sample(range(34), rng.choice((5, 8, 12, 34)))
    if rng.random() < 0.2:  # knitted and orphan hands: many different kinds
        pool = rng.sample([0, 3, 6, 10, 13, 16, 20, 23, 26, 8, 9, 17, 18, *range(27, 34)], 14)
    hand = [0] * 34
    while sum(hand) < size:
        k = rng.choice(pool)
        if hand[k] < 4:
            hand[k] += 1
    return hand


def test_each_discard_is_the_shanten_of_the_hand_less_that_tile() -> None:
    rng = random.Random(14)
    seen: set[tuple[int, int]] = set()
    for shapes, sets, wild in itertools.product(SHAPE_SETS, (4, 3, 2, 1), (0, 1, 2)):
        flags = shape_flags(shapes)
        for _ in range(25):
            hand = _hand(rng, 3 * sets + 2 - wild)
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
