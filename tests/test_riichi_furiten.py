"""Furiten after a call or a kong (rule riichi.furiten): a passed tile is tested against the waits
of the hand as it stands after the call, never against those the seat had before it
(`Riichi._kept_waits` keeps a seat's waits from one state of its hand to the next)."""

from __future__ import annotations

import random

from paipu.auditing import audit_text
from paipu.hand.shanten import waits
from paipu.hand.shapes import ORPHAN_KINDS
from paipu.rules.riichi.ruleset import _afresh, _step

# S waits on 3p 6p (ittsu) before any call; W holds the 7z S calls.
DEALS = (
    "deal E 111m 234m 567m 99p 6p 1z 2z\n"
    "deal S 123s 456s 789s 45p 77z\n"
    "deal W 223344m 388p 11s 5z 7z\n"
    "deal N 555666m 377p 44z 66z\n"
)
# S holds three 7z: it waits on 4p alone.
KONG_DEALS = DEALS.replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 456s 789s 4p 777z").replace(
    "deal W 223344m 388p 11s 5z 7z", "deal W 223344m 388p 11s 55z")


def record(*lines: str, deals: str = DEALS) -> str:
    return '[Ruleset "riichi"]\nhand 1\ndealer E\n' + deals + "".join(f"{x}\n" for x in lines)


def wins_refused(text: str) -> list[str]:
    """The messages of the wins the audit refuses as furiten."""
    return [f.message for f in audit_text(text).findings if f.rule == "riichi.furiten"]


# S pongs W's 7z and discards 5p: 123s 456s 789s 4p and the pong wait on 4p alone (ittsu, chun).
PONG = ("E discard 1z", "S draw 9m", "S discard 9m", "W draw 2z", "W discard 7z", "S pong 7z", "S discard 5p")


def test_furiten_after_a_pong_a_passed_tile_of_the_new_waits_makes_the_seat_furiten() -> None:
    text = record(*PONG, "W draw 4p", "W discard 4p", "N draw 4p", "N discard 4p", "S hu 4p")
    assert wins_refused(text) == ["S declares a win, but S is furiten: it let a winning tile pass since its last "
                                  "discard"]


def test_furiten_after_a_pong_a_passed_tile_of_the_waits_before_it_does_not() -> None:
    # 6p was a wait of S's hand before the pong, and is none after it.
    text = record(*PONG, "W draw 6p", "W discard 6p", "N draw 4p", "N discard 4p", "S hu 4p")
    assert wins_refused(text) == []
    assert [f.code for f in audit_text(text).findings if f.code == "not-a-win"] == []


# S kongs W's 7z, draws 5p and discards 4p: 123s 456s 789s 5p and the kong wait on 5p alone.
KONG = ("E discard 1z", "S draw 9m", "S discard 9m", "W draw 7z", "W discard 7z", "S kong 7z", "S draw 5p",
        "S discard 4p")


def test_furiten_after_an_exposed_kong_the_waits_are_those_of_the_hand_after_it() -> None:
    new_wait = record(*KONG, "W draw 5p", "W discard 5p", "N draw 5p", "N discard 5p", "S hu 5p", deals=KONG_DEALS)
    assert len(wins_refused(new_wait)) == 1
    # 4p, S's wait before the kong, passes: S is not furiten on 5p.
    old_wait = record(*KONG, "W draw 4p", "W discard 4p", "N draw 5p", "N discard 5p", "S hu 5p", deals=KONG_DEALS)
    assert wins_refused(old_wait) == []


# E holds no 2z: S pongs W's 7z (discarding 5p, waiting on 4p), draws the fourth 7z and adds it to
# its pong, draws 6p and discards 4p: 123s 456s 789s 6p and the kong wait on 6p alone.
ADDED_DEALS = DEALS.replace("deal E 111m 234m 567m 99p 6p 1z 2z", "deal E 111m 234m 567m 99p 6p 1z 1z")
ADDED = (*PONG, "W draw 3z", "W discard 3z", "N draw 2z", "N discard 2z", "E draw 3z", "E discard 3z", "S draw 7z",
         "S addkong 7z", "S draw 6p", "S discard 4p")


def test_furiten_after_an_added_kong_the_waits_are_those_of_the_hand_after_it() -> None:
    new_wait = record(*ADDED, "W draw 6p", "W discard 6p", "N draw 6p", "N discard 6p", "S hu 6p", deals=ADDED_DEALS)
    assert len(wins_refused(new_wait)) == 1
    # 4p, S's wait before the kong, passes: S is not furiten on 6p.
    old_wait = record(*ADDED, "W draw 4p", "W discard 4p", "N draw 6p", "N discard 6p", "S hu 6p", deals=ADDED_DEALS)
    assert wins_refused(old_wait) == []


# ------------------------------------------- the waits kept, step by step, against `waits` (riichi.furiten)

SHAPES = ("standard", "seven_pairs", "orphans")


def _ready_or_near(rng: random.Random, melds: int) -> list[int]:
    """13 tiles less three per meld: four sets less the melds and a pair, less one tile (a ready
    hand, or a near one when a kind would pass four); seven pairs less one tile; or thirteen
    terminals and honours."""
    counts = [0] * 34
    shape = rng.random()
    if melds == 0 and shape < 0.15:
        for k in rng.sample(range(34), 7):
            counts[k] = 2
    elif melds == 0 and shape < 0.25:
        for k in ORPHAN_KINDS:
            counts[k] = 1
        counts[rng.choice(ORPHAN_KINDS)] += 1
    else:
        for _ in range(4 - melds):
            k = rng.randrange(34)
            if k < 27 and k % 9 < 7 and rng.random() < 0.6:
                for j in (k, k + 1, k + 2):
                    counts[j] += 1
            else:
                counts[k] += 3
        counts[rng.randrange(34)] += 2
    held = [k for k in range(34) for _ in range(counts[k])]
    counts[rng.choice(held)] -= 1
    return [min(n, 4) for n in counts] if max(counts) > 4 else counts


def _fresh(counts: list[int], melds: int) -> tuple[int, ...]:
    if sum(counts) + 3 * melds != 13:
        return ()
    return tuple(waits(counts, 0, melds=melds, shapes=SHAPES))


def test_furiten_waits_kept_step_by_step_are_those_of_waits() -> None:
    """Rule riichi.furiten: the waits `Riichi._kept_waits` keeps, worked out from a hand's tiles
    (`_afresh`) and then after each draw and discard of another kind from the groups they touch
    (`_step`), are `waits`' on hands near ready (the standard shape with and without melds, seven
    pairs, the thirteen orphans), 60 draws and discards of each of 1,500 hands."""
    rng = random.Random(35)
    ready = 0
    for n in range(1500):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4)) if n % 3 else 0
        counts = _ready_or_near(rng, melds)
        if sum(counts) + 3 * melds != 13:
            continue
        kept = _afresh(list(counts), 0, 0, melds)
        assert kept.kinds == _fresh(counts, melds)
        for _ in range(60):
            drawn = rng.choice([k for k in range(34) if counts[k] < 4])
            counts[drawn] += 1
            # Mostly a tile near the one drawn, so that hands stay near ready.
            held = [k for k in range(34) if counts[k] and k != drawn]
            if not held:  # a single tile, drawn again: the discard would be of its kind
                counts[drawn] -= 1
                continue
            near = [k for k in held if abs(k - drawn) <= 2] if rng.random() < 0.5 else held
            discarded = rng.choice(near or held)
            counts[discarded] -= 1
            _step(kept, counts, drawn, discarded)
            fresh = _fresh(counts, melds)
            assert kept.kinds == fresh, (counts, melds)
            assert kept.bits == sum(1 << k for k in fresh)
            ready += bool(fresh)
    assert ready > 5000
