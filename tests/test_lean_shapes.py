"""Yes/no shape answers taken from precomputed traits must equal the answers read off every
decomposition (`paipu.hand.shapes.reading_traits`, Harbin's ready waits)."""

from __future__ import annotations

import random

import pytest
from test_ready_questions import _by_readings

from paipu.hand.shapes import decompositions, reading_traits
from paipu.replay.ruleset import get_ruleset
from paipu.replay.state import Meld, meld_set
from paipu.rules.harbin.ruleset import Harbin
from paipu.tiles import ALL_TILES


def _winning_hand(rng: random.Random, sets: int) -> list[int]:
    """Random sets (chows and pongs, mostly within one or two suits) and a pair."""
    while True:
        counts = [0] * 34
        suits = rng.sample((0, 9, 18), 2)
        for _ in range(sets):
            if rng.random() < 0.6:
                first = rng.choice(suits) + rng.randrange(7)
                for k in (first, first + 1, first + 2):
                    counts[k] += 1
            else:
                counts[rng.choice((rng.choice(suits) + rng.randrange(9), 27 + rng.randrange(7)))] += 3
        counts[rng.choice(suits) + rng.randrange(9) if rng.random() < 0.8 else 33] += 2
        if max(counts) <= 4:
            return counts


def test_reading_traits_are_those_of_every_decomposition() -> None:
    rng = random.Random(14)
    checked = several = 0
    for _ in range(1500):
        sets = rng.choice((1, 2, 3, 4))
        counts = _winning_hand(rng, sets)
        want = {
            (any(g.kind == "chow" for g in d.sets), any(g.kind != "chow" for g in d.sets), d.pair.first)
            for d in decompositions(counts, 0, sets)
        }
        assert reading_traits(counts, sets) == want
        checked += bool(want)
        several += len(want) > 1
    assert checked == 1500  # every hand is a win, so the traits were really compared
    assert several >= 10  # and some have readings that differ in kind


@pytest.mark.parametrize("tiles", ["112", "136"])
def test_harbin_ready_waits_match_the_shape_of_every_reading(tiles: str) -> None:
    rs = get_ruleset("harbin", tiles=tiles)
    assert isinstance(rs, Harbin)
    rng = random.Random(7)
    ready = 0
    melds_choices: list[list[Meld]] = [
        [],
        [Meld("chow", [ALL_TILES[0], ALL_TILES[1], ALL_TILES[2]])],
        [Meld("pong", [ALL_TILES[33]] * 3)],
        [Meld("pong", [ALL_TILES[13]] * 3), Meld("chow", [ALL_TILES[20], ALL_TILES[21], ALL_TILES[22]])],
    ]
    for _ in range(600):
        melds = rng.choice(melds_choices)
        counts = _winning_hand(rng, 4 - len(melds))
        counts[rng.choice([k for k, n in enumerate(counts) if n])] -= 1
        if any(counts[t.index] + sum(1 for x in m.tiles if x == t) > 4 for m in melds for t in m.tiles):
            continue
        got = rs._ready_waits(counts, len(melds), [meld_set(m) for m in melds])
        assert got == _by_readings(rs, counts, [meld_set(m) for m in melds])  # harbin.ready by its definition
        ready += bool(got)
    assert ready > 20


def test_plain_enumeration_finds_the_readings_of_the_wildcard_search() -> None:
    """`decompositions` of a hand without wildcards searches the counts plainly
    (`_enumerate_plain`); the wildcard search (`_enumerate`, with its tables' pruning) must find
    the same readings, each once, for winning hands and for near misses (a tile moved)."""
    from paipu.hand.shapes import _enumerate, _enumerate_plain, _needed

    rng = random.Random(41)
    several = 0
    for _ in range(3000):
        sets = rng.choice((1, 2, 3, 4, 4))
        counts = _winning_hand(rng, sets)
        if rng.random() < 0.3:  # a near miss: one tile of a kind held moved to another kind
            held = [k for k in range(34) if counts[k]]
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(34)] += 1
        plain = sorted(_enumerate_plain(list(counts), sets))
        full = sorted(tuple(sorted(ids)) for ids in _enumerate(list(counts), 0, sets)) if not _needed(
            counts, 1) else []
        assert plain == full, counts
        assert len(set(plain)) == len(plain)
        several += len(plain) > 1
    assert several > 10
