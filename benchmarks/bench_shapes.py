"""Speed of the winning-shape checks (`paipu.hand.shapes`).

Run as ``python benchmarks/bench_shapes.py``.  The target is 50,000 `is_standard_win`
checks per second with 8 wildcards on one core; the per-suit tables fill on first use, so
every figure is taken after one untimed warm-up pass over the same hands, which is the
state a long replay or simulation runs in.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from paipu.hand.shanten import waits
from paipu.hand.shapes import decompositions, is_standard_win

Hand = tuple[list[int], int, int]

HANDS = 20_000
WIN_HANDS = 2_000
CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]


def random_hands(rng: random.Random, wild: int, n: int) -> list[Hand]:
    """Random 14-tile hands (no melds) from a full wall, ``wild`` of them wildcards."""
    wall = [k for k in range(34) for _ in range(4)]
    out: list[Hand] = []
    for _ in range(n):
        c = [0] * 34
        for k in rng.sample(wall, 14 - wild):
            c[k] += 1
        out.append((c, wild, 4))
    return out


def winning_hands(rng: random.Random, wild: int, n: int) -> list[Hand]:
    """Random winning 14-tile hands, with ``wild`` of their tiles turned into wildcards."""
    out: list[Hand] = []
    while len(out) < n:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice(CHOW_STARTS)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        rng.shuffle(tiles)
        c = [0] * 34
        for k in tiles[wild:]:
            c[k] += 1
        if max(c) <= 4:
            out.append((c, wild, 4))
    return out


def rate(fn: Callable[[Hand], object], hands: list[Hand]) -> float:
    """Calls per second over ``hands``, after one warm-up pass."""
    for h in hands:
        fn(h)
    start = time.perf_counter()
    for h in hands:
        fn(h)
    return len(hands) / (time.perf_counter() - start)


def main() -> None:
    rng = random.Random(1)
    cold = random_hands(random.Random(2), 8, HANDS)
    start = time.perf_counter()
    for h in cold:
        is_standard_win(*h)
    per_s = HANDS / (time.perf_counter() - start)
    print(f"win check, 8 wildcards, empty tables (first pass): {per_s:,.0f} checks/s")
    for wild in (0, 4, 8):
        hands = random_hands(rng, wild, HANDS)
        wins = sum(is_standard_win(*h) for h in hands)
        per_s = rate(lambda h: is_standard_win(*h), hands)
        print(f"win check, {wild} wildcards: {per_s:,.0f} checks/s ({wins / HANDS:.1%} wins)")
    for wild in (0, 4, 8):
        hands = winning_hands(rng, wild, HANDS)
        per_s = rate(lambda h: is_standard_win(*h), hands)
        print(f"win check, {wild} wildcards, winning hands: {per_s:,.0f} checks/s")
    for wild in (0, 4, 8):
        hands = winning_hands(rng, wild, WIN_HANDS)
        readings = sum(len(decompositions(*h)) for h in hands) / len(hands)
        per_s = rate(lambda h: decompositions(*h), hands)
        print(
            f"decompositions, {wild} wildcards, winning hands: {per_s:,.0f} hands/s"
            f" ({readings:.1f} readings per hand)"
        )
    for wild in (0, 4, 8):
        short: list[Hand] = []
        for c, w, s in random_hands(rng, wild, HANDS):
            held = [k for k in range(34) if c[k]]
            if held:  # 13 tiles counting wildcards: one short of a win
                c[rng.choice(held)] -= 1
                short.append((c, w, s))
        per_s = rate(lambda h: waits(h[0], h[1], melds=4 - h[2], shapes=("standard",), fifth=True), short)
        print(f"waits, {wild} wildcards: {per_s:,.0f} hands/s")
    start = time.perf_counter()
    run = [0] * 34
    for k in range(2, 8):
        run[k] = 1
    found = decompositions(run, 8, 4)
    ms = (time.perf_counter() - start) * 1000
    print(
        f"decompositions, 345678m + 8 wildcards (worst 6-tile hand): {len(found):,} in {ms:.1f} ms"
    )


if __name__ == "__main__":
    main()
