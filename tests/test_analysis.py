"""Shanten, waits, effective tiles and discards (`paipu.analysis`): named hands first, then
properties against a brute force that enumerates complete hands, the engine's win checks
and the `mahjong` package."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paipu.analysis import (
    analyse,
    discards,
    effective_tiles,
    profile,
    shanten,
    shanten_by_shape,
    split_wild,
    waits,
)
from paipu.hand.shapes import is_seven_pairs, is_standard_win, is_thirteen_orphans
from paipu.tiles import Tile, counts, parse_tiles

PLAIN = ("standard", "seven_pairs", "orphans")
PROPERTY = settings(
    derandomize=True, max_examples=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def c34(text: str) -> list[int]:
    return counts(parse_tiles(text))[:34]


def names(kinds: Sequence[int]) -> str:
    return " ".join(str(Tile.from_index(k)) for k in kinds)


# ---------------------------------------------------------------- named hands


def test_complete_hand_is_minus_one() -> None:
    assert shanten(c34("123m 456p 789s 111z 22z")) == -1


def test_ready_hand_is_zero_and_waits_on_both_sides() -> None:
    hand = c34("123456789m 1234p")
    assert shanten(hand) == 0
    assert names(waits(hand)) == "1p 4p"


def test_one_from_ready_is_one() -> None:
    assert shanten(c34("123456789m 13p 57s")) == 1


def test_scattered_hand_counts_every_missing_tile() -> None:
    # 1m 4m 7m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z: no two tiles work together; seven pairs
    # needs 7 more tiles (six pairs and the 14th), thirteen orphans is closer.
    hand = c34("147m 147p 147s 1234z")
    assert shanten_by_shape(hand) == {"standard": 8, "seven_pairs": 6, "orphans": 6}
    assert shanten(hand) == 6


def test_nine_gates_waits_on_all_nine_kinds() -> None:
    assert names(waits(c34("1112345678999m"))) == "1m 2m 3m 4m 5m 6m 7m 8m 9m"


def test_thirteen_orphans_waits_on_all_thirteen() -> None:
    hand = c34("19m 19p 19s 1234567z")
    assert shanten(hand) == 0 and len(waits(hand)) == 13


def test_thirteen_orphans_with_a_pair_waits_on_the_missing_one() -> None:
    assert names(waits(c34("19m 19p 19s 23456z 11z"))) == "7z"


def test_seven_pairs_ready_waits_on_the_single() -> None:
    hand = c34("11m 33m 55p 77p 99s 11z 2z")
    assert shanten_by_shape(hand)["seven_pairs"] == 0
    assert names(waits(hand)) == "2z"


def test_seven_pairs_of_one_suit_is_also_four_sets_and_a_pair() -> None:
    hand = c34("11223344556677m")
    assert shanten_by_shape(hand) == {"standard": -1, "seven_pairs": -1, "orphans": 11}


def test_seven_pairs_counts_a_four_as_one_pair_unless_fours_count_as_two() -> None:
    # Six different pairs and two more 1m: two tiles to replace by a seventh pair.
    hand = c34("1111m 22m 33p 44p 55s 66s")
    assert shanten(hand, shapes=("seven_pairs",)) == 1
    assert shanten(hand, shapes=("seven_pairs_fours",)) == -1


def test_waiting_only_on_a_fifth_tile_is_not_ready() -> None:
    # 111m + 1m single: the only wait is a fifth 1m, which does not exist.
    hand = c34("1111m 567p 567s 789s")
    assert shanten(hand, shapes=("standard",)) == 1
    assert waits(hand) == []


def test_with_wildcards_in_play_a_fifth_tile_is_a_wildcard_away() -> None:
    hand = c34("1111m 567p 567s 789s")
    assert shanten(hand, shapes=("standard",), wild_in_play=True) == 0


def test_a_wildcard_may_stand_for_a_fifth_tile_in_a_complete_hand() -> None:
    hand = c34("1111m 567p 567s 789s")
    assert shanten(hand, 1, shapes=("standard",)) == -1
    assert is_standard_win(hand, 1, 4)


def test_honour_held_four_times_is_one_pong_at_most() -> None:
    # 1111z with three sets: 111z + a single 1z would wait on a fifth 1z.
    assert shanten(c34("1111z 123m 456m 789m"), shapes=("standard",)) == 1


def test_fourteen_wildcards_are_complete_and_thirteen_are_ready() -> None:
    assert shanten([0] * 34, 14) == -1
    assert shanten([0] * 34, 13) == 0


def test_wildcards_fill_gaps_one_each() -> None:
    hand = c34("123456789m 13p 5s")  # 12 tiles + 2 wildcards: 2p and a 5s
    assert shanten(hand, 2, shapes=("standard",)) == -1
    assert shanten(hand, 1, shapes=("standard",)) == 0


def test_melds_leave_fewer_sets_to_make() -> None:
    hand = c34("12m 456p 99s")  # two melds made: 7 concealed tiles
    assert shanten(hand, melds=2) == 0
    assert names(waits(hand, melds=2)) == "3m"


def test_special_shapes_are_out_of_reach_once_a_meld_is_made() -> None:
    assert set(shanten_by_shape(c34("11m 33m 55p 77p 99s"), melds=1)) == {"standard"}


def test_quanzipai_counts_the_tiles_that_are_not_honours() -> None:
    hand = c34("1112223344556z 5m")  # 13 honours and one 5m
    assert shanten_by_shape(hand, shapes=("standard", "quanzipai"))["quanzipai"] == 0
    assert shanten(c34("111222334455z 5m"), shapes=("quanzipai",)) == 1  # 13 tiles, one suited


def test_quanzipai_with_a_suited_meld_is_impossible() -> None:
    by = shanten_by_shape(c34("1112223344z"), melds=1, shapes=("standard", "quanzipai"), suited_meld=True)
    assert "quanzipai" not in by


def test_shanten_rejects_a_hand_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="13 or 14 concealed tiles"):
        shanten(c34("123m"))


def test_shanten_rejects_five_of_a_kind() -> None:
    with pytest.raises(ValueError, match="0-4"):
        shanten([5] + [1] * 9 + [0] * 24)


def test_shanten_rejects_an_unknown_shape() -> None:
    with pytest.raises(ValueError, match="unknown shape"):
        shanten(c34("123456789m 1234p"), shapes=("knitted",))


def test_shanten_rejects_flowers_in_the_hand() -> None:
    with pytest.raises(ValueError, match="flower"):
        shanten(counts(parse_tiles("123456789m 123p 1f")))


# ---------------------------------------------------------------- effective tiles, discards


def test_effective_tiles_of_a_ready_hand_are_its_waits_with_unseen_counts() -> None:
    eff = effective_tiles(c34("123456789m 1234p"))
    assert [(str(e.tile), e.unseen) for e in eff] == [("1p", 3), ("4p", 3)]


def test_effective_tiles_subtract_visible_tiles() -> None:
    seen = c34("1p 1p 4p")
    eff = effective_tiles(c34("123456789m 1234p"), visible=seen)
    assert [(str(e.tile), e.unseen) for e in eff] == [("1p", 1), ("4p", 2)]


def test_effective_tiles_of_a_one_from_ready_hand() -> None:
    eff = effective_tiles(c34("123456789m 13p 57s"), shapes=("standard",))
    assert " ".join(str(e.tile) for e in eff) == "1p 2p 3p 5s 6s 7s"


def test_a_wildcard_kind_is_an_effective_tile_of_its_own() -> None:
    hand = c34("123456789m 13p 57s")
    eff = effective_tiles(hand, wild_kinds=[Tile.parse("5z").index], shapes=("standard",))
    wild = [e for e in eff if e.wildcard]
    assert len(wild) == 1 and str(wild[0].tile) == "5z" and wild[0].unseen == 4


def test_effective_tiles_need_a_hand_one_tile_short() -> None:
    with pytest.raises(ValueError, match="one tile short"):
        effective_tiles(c34("123456789m 1234p 5p"))


def test_discards_best_first_throws_the_isolated_tile() -> None:
    table = discards(c34("123456789m 1234p 9s"))
    best = table[0]
    assert str(best.tile) == "9s" and best.shanten == 0 and best.unseen == 6
    assert [d.shanten for d in table] == sorted(d.shanten for d in table)


def test_discards_prefer_more_unseen_effective_tiles_at_equal_shanten() -> None:
    table = discards(c34("123456789m 1235p 9s"), shapes=("standard",))
    # 9s and 5p both leave the hand ready; 1235p - 5p waits 1p 4p (6 left) but - 9s waits
    # only on 4p (or 5p as the pair): fewer.
    first, second = table[0], table[1]
    assert first.shanten == second.shanten == 0
    assert first.unseen >= second.unseen


def test_discarding_a_wildcard_is_offered_and_usually_last() -> None:
    hand = c34("123456789m 1234p 5z")
    table = discards(hand, wild_kinds=[Tile.parse("5z").index])
    assert str(table[-1].tile) == "5z" or table[-1].shanten >= table[0].shanten
    assert any(str(d.tile) == "5z" for d in table)


def test_analyse_of_a_short_hand_gives_waits_and_wildcard_completion() -> None:
    a = analyse(c34("123456789m 123p 5z"), wild_kinds=[Tile.parse("5z").index], shapes=("standard",))
    assert a.shanten == 0 and a.wildcard_completes
    # The 5z is a wildcard: 123456789m 123p + wildcard pairs with any tile drawn.
    assert len(a.waits) == 33 and Tile.parse("5z") not in a.waits


def test_analyse_of_a_full_hand_lists_every_kind_held_as_a_discard() -> None:
    a = analyse(c34("123456789m 1234p 9s"))
    assert a.complete is False and a.shanten == 0
    assert len(a.discards) == 14  # 14 tiles of 14 kinds
    assert len(analyse(c34("123456789m 1234p 4p")).discards) == 13  # 4p twice: one choice


def test_split_wild_moves_wildcard_tiles_out_of_the_counts() -> None:
    real, wild = split_wild(c34("55m 123p"), [Tile.parse("5m").index])
    assert wild == 2 and real[4] == 0 and sum(real) == 3


# ---------------------------------------------------------------- profiles


def test_profiles_give_each_rulesets_shapes() -> None:
    assert profile("zhuji").shapes == ("standard", "quanzipai")
    assert profile("hebei").shapes == ("standard", "seven_pairs_fours", "orphans")
    assert profile("erren").shapes == ("standard", "seven_pairs_fours")
    assert profile("harbin").shapes == ("standard",)


def test_profile_found_by_chinese_alias() -> None:
    assert profile("诸暨麻将") is profile("zhuji") and profile("河北") is profile("hebei")


def test_profile_of_an_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="zhuji"):
        profile("riichi-sanma")


def test_profiles_count_their_tiles() -> None:
    assert profile("plain").total_tiles == 136
    assert profile("harbin").total_tiles == 112
    assert profile("erren").total_tiles == 64  # 72 less the 8 flowers


# ---------------------------------------------------------------- brute force

_SETS_ALL = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@functools.cache
def _targets(sets: int, kinds: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, int], ...], bool], ...]:
    """Every complete target of ``sets`` sets and a pair over ``kinds``: its (kind, count)
    pairs and whether it holds a fifth tile of some kind."""
    allowed = set(kinds)
    groups = [g for g in _SETS_ALL if set(g) <= allowed]
    out = []
    for combo in itertools.combinations_with_replacement(groups, sets):
        for p in kinds:
            target: dict[int, int] = {p: 2}
            for g in combo:
                for k in g:
                    target[k] = target.get(k, 0) + 1
            out.append((tuple(target.items()), max(target.values()) > 4))
    return tuple(out)


def _brute_standard(hand: Sequence[int], wild: int, sets: int, limited: bool, kinds: Sequence[int]) -> int:
    """Shanten by its definition: over every complete target of ``sets`` sets and a pair
    (kinds drawn from ``kinds``), the fewest target tiles the hand lacks, wildcards filling
    gaps, less one.  Without wildcards in play no target holds a fifth tile of a kind."""
    best = 99
    for target, fifth in _targets(sets, tuple(kinds)):
        if limited and fifth:
            continue
        lacking = sum(t - hand[k] for k, t in target if t > hand[k])
        if lacking < best:
            best = lacking
    return best - wild - 1


def _hand_strategy(kinds: Sequence[int], size: int) -> st.SearchStrategy[tuple[list[int], int]]:
    @st.composite
    def build(draw: st.DrawFn) -> tuple[list[int], int]:
        wild = draw(st.integers(0, 3))
        short = draw(st.booleans())
        n = size - wild - (1 if short else 0)
        # Tiles from a few kinds only, so that fours (where the limit of four binds) and
        # tight shapes come up often.
        few = draw(st.lists(st.sampled_from(list(kinds)), min_size=1, max_size=6, unique=True))
        picked = draw(st.lists(st.sampled_from(few), min_size=n, max_size=n))
        hand = [0] * 34
        for k in picked:
            hand[k] += 1
        if max(hand) > 4:
            hand = [min(x, 4) for x in hand]
            spare = [k for k in kinds if hand[k] < 4]
            while sum(hand) < n:
                hand[spare.pop()] += 1
        return hand, wild

    return build()


@PROPERTY
@given(_hand_strategy(range(34), 5), st.booleans())
def test_shanten_matches_the_definition_on_hands_of_one_set_and_a_pair(
    case: tuple[list[int], int], in_play: bool
) -> None:
    hand, wild = case
    limited = not (wild or in_play)
    expected = _brute_standard(hand, wild, 1, limited, range(34))
    assert shanten(hand, wild, melds=3, shapes=("standard",), wild_in_play=in_play) == expected


_SMALL_KINDS = list(range(9)) + list(range(27, 34))  # one suit and the honours


@PROPERTY
@given(_hand_strategy(_SMALL_KINDS, 8), st.booleans())
def test_shanten_matches_the_definition_on_hands_of_two_sets_and_a_pair(
    case: tuple[list[int], int], in_play: bool
) -> None:
    # The hand's tiles come from 16 kinds and the targets too: a target group that keeps
    # none of the hand's tiles fits on a kind of those 16 as well as anywhere.
    hand, wild = case
    limited = not (wild or in_play)
    expected = _brute_standard(hand, wild, 2, limited, _SMALL_KINDS)
    assert shanten(hand, wild, melds=2, shapes=("standard",), wild_in_play=in_play) == expected


def _random_hand(rng: random.Random, size: int) -> list[int]:
    hand = [0] * 34
    while sum(hand) < size:
        k = rng.choice([rng.randrange(34), rng.choice((0, 8, 9, 17, 18, 26, 27, 33))])
        if hand[k] < 4:
            hand[k] += 1
    return hand


def test_complete_exactly_when_the_engine_says_win_with_any_number_of_wildcards() -> None:
    rng = random.Random(11)
    wins = 0
    for _ in range(3000):
        wild = rng.choice((0, 1, 2, 3, 4, 5, 8))
        hand = _random_hand(rng, 14 - wild)
        engine = (is_standard_win(hand, wild, 4) or is_seven_pairs(hand, wild)
                  or is_thirteen_orphans(hand, wild))
        wins += engine
        assert (shanten(hand, wild, shapes=PLAIN) == -1) == engine, (hand, wild)
    assert wins > 100  # the sample holds wins as well as non-wins


def test_ready_with_wildcards_in_play_exactly_when_one_more_wildcard_wins() -> None:
    rng = random.Random(12)
    for _ in range(2000):
        wild = rng.choice((0, 1, 2, 4, 8))
        hand = _random_hand(rng, 13 - wild)
        n = shanten(hand, wild, shapes=("standard",), wild_in_play=True)
        assert (n == 0) == is_standard_win(hand, wild + 1, 4), (hand, wild)


def test_waits_are_the_draws_the_engine_accepts_as_wins() -> None:
    rng = random.Random(13)
    for _ in range(400):
        hand = _random_hand(rng, 13)
        expected = []
        for k in range(34):
            if hand[k] < 4:
                hand[k] += 1
                if is_standard_win(hand, 0, 4) or is_seven_pairs(hand, 0) or is_thirteen_orphans(hand, 0):
                    expected.append(k)
                hand[k] -= 1
        assert waits(hand, shapes=PLAIN) == expected


def test_drawing_an_effective_tile_lowers_the_shanten_and_no_other_tile_does() -> None:
    rng = random.Random(14)
    for _ in range(300):
        hand = _random_hand(rng, 13)
        now = shanten(hand)
        eff = {e.tile.index for e in effective_tiles(hand)}
        for k in range(34):
            if hand[k] < 4:
                hand[k] += 1
                assert (shanten(hand) < now) == (k in eff)
                hand[k] -= 1


# ---------------------------------------------------------------- the mahjong package


def test_shanten_agrees_with_the_mahjong_package_on_random_hands() -> None:
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    calc = mahjong_shanten.Shanten.calculate_shanten
    rng = random.Random(2024)
    wall = [k for k in range(34) for _ in range(4)]
    disagreements = []
    for i in range(3000):
        hand = [0] * 34
        for k in rng.sample(wall, 13 + i % 2):
            hand[k] += 1
        if shanten(hand) != calc(hand):
            disagreements.append(hand)
    # Hands holding fours are where the four-copy limit matters; a random deal rarely has one.
    for i in range(1000):
        hand = [0] * 34
        for k in rng.sample(range(34), rng.randint(1, 3)):
            hand[k] = 4
        while sum(hand) < 13 + i % 2:
            k = rng.randrange(34)
            if hand[k] < 4:
                hand[k] += 1
        if sum(hand) in (13, 14) and shanten(hand) != calc(hand):
            disagreements.append(hand)
    assert disagreements == []
