"""Exact winning and ready counts (`paipu.hand.odds`) against published figures and
against brute force over one suit, where every hand can be enumerated."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from paipu.analysis import Odds, ShapeProfile, compute_odds, profile, shanten
from paipu.hand.odds import _plain, _Wanted, _wild, group_complete_counts

ONE_SUIT = ShapeProfile("one suit", ("standard",), tile_counts=(4,) * 9 + (0,) * 25)
SHORT_SUIT = ShapeProfile("1m-6m", ("standard",), tile_counts=(4,) * 6 + (0,) * 28)
"""A suit of six ranks: every hand of it can be checked one by one in a moment."""
THREE_SUITS = ShapeProfile("three suits", ("standard",), tile_counts=(4,) * 27 + (0,) * 7)


# ---------------------------------------------------------------- one suit, published


def test_one_suit_complete_multisets_by_size_match_the_published_table() -> None:
    # Per suit, tiles -> distinct multisets that are sets (and at most one pair): the
    # seed's step (2); 14 -> 13,259 is Project Euler 696's w(9, 1, 4).
    distinct = {n: h for n, (h, _) in group_complete_counts((4,) * 9, True).items()}
    assert distinct == {0: 1, 2: 9, 3: 16, 5: 135, 6: 127, 8: 996, 9: 627, 11: 4475, 12: 2098, 14: 13259}


def test_one_suit_has_13259_winning_and_40070_ready_hands() -> None:
    o = compute_odds(ONE_SUIT)
    assert o.winning_hands == 13_259
    assert o.ready_hands == 40_070  # every 13-tile one-suit hand that a drawable tile completes


def test_three_suits_without_honours_have_5237550_winning_hands() -> None:
    assert compute_odds(THREE_SUITS).winning_hands == 5_237_550  # Project Euler 696: w(9, 3, 4)


# ---------------------------------------------------------------- a short suit, brute force


def _one_suit_vectors(size: int, copies: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [v for v in itertools.product(*(range(c + 1) for c in copies)) if sum(v) == size]


def _weight(v: tuple[int, ...], copies: tuple[int, ...]) -> int:
    w = 1
    for x, c in zip(v, copies, strict=True):
        w *= comb(c, x)
    return w


def test_short_suit_winning_and_ready_hands_are_those_shanten_calls_so() -> None:
    copies = (4,) * 6
    win = [0, 0]
    ready = [0, 0]
    for size, tally, target in ((14, win, -1), (13, ready, 0)):
        for v in _one_suit_vectors(size, copies):
            if shanten(list(v) + [0] * 28, shapes=("standard",)) == target:
                tally[0] += 1
                tally[1] += _weight(v, copies)
    o = compute_odds(SHORT_SUIT)
    assert [o.winning_hands, o.winning_deals] == win and win[0] > 0
    assert [o.ready_hands, o.ready_deals] == ready and ready[0] > win[0]


def test_short_suit_with_a_caishen_counts_what_shanten_calls_complete_or_ready() -> None:
    # 3m wild: 4 wildcards; a hand of j wildcards and the rest real tiles of the other kinds.
    real_copies = (4, 4, 0, 4, 4, 4)
    win = [0, 0]
    ready = [0, 0]
    for size, tally, target in ((14, win, -1), (13, ready, 0)):
        for j in range(5):
            for v in _one_suit_vectors(size - j, real_copies):
                if shanten(list(v) + [0] * 28, j, shapes=("standard",), wild_in_play=True) == target:
                    tally[0] += 1  # one multiset of kinds: the j wildcards are all 3m
                    tally[1] += _weight(v, real_copies) * comb(4, j)
    o = compute_odds(SHORT_SUIT, (2,))
    assert [o.winning_hands, o.winning_deals] == win and win[0] > 0
    assert [o.ready_hands, o.ready_deals] == ready and ready[0] > win[0]


# ---------------------------------------------------------------- 136 tiles, published


@pytest.fixture(scope="module")
def plain() -> Odds:
    return compute_odds(profile("plain"))


def test_standard_winning_hands_are_11498658_kind_multisets(plain: Odds) -> None:
    o = plain
    assert o.by_shape["standard"] == (11_498_658, 11_353_128_141_498)


def test_seven_pairs_and_thirteen_orphans_match_their_formulas(plain: Odds) -> None:
    o = plain
    assert o.by_shape["seven_pairs"] == (comb(34, 7), comb(34, 7) * 6**7)
    assert o.by_shape["orphans"] == (13, 13 * 6 * 4**12)


def test_tianhu_probability_is_the_published_exact_fraction(plain: Odds) -> None:
    # wandm.syakuhati.com (after らすかる): 12,859,078,207,674 winning deals of C(136, 14),
    # 2143179701279 / 708384171528036000, about 1 in 330,530.
    o = plain
    assert o.winning_deals == 12_859_078_207_674
    assert o.win_probability == Fraction(2143179701279, 708384171528036000)
    assert round(1 / o.win_probability) == 330_530


def test_hands_both_standard_and_seven_pairs_are_counted_once(plain: Odds) -> None:
    o = plain
    counted_twice = sum(d for _, d in o.by_shape.values()) - o.winning_deals
    assert counted_twice == 1_306_741_248  # the published 重複なし二般高 (112233-type) count


def test_ready_deal_probability_is_below_one_and_above_the_win(plain: Odds) -> None:
    o = plain
    assert o.win_probability < o.ready_probability < Fraction(1, 1000)
    assert o.deals_13 == comb(136, 13)


# ---------------------------------------------------------------- wildcards (zhuji 财神)


def test_wildcard_counting_without_wildcards_agrees_with_the_plain_counting() -> None:
    # Two different methods (classified multisets vs wildcards needed per component) must
    # give the same complete hands when no kind is wild.
    zhuji = profile("zhuji")
    want = _Wanted(standard=True, pairs=False, fours=False, orphans=False, quanzi=True)
    assert _wild(zhuji, want, ())[:2] == _plain(zhuji, want)[:2]


def test_two_caishen_kinds_make_winning_deals_far_more_likely() -> None:
    none = compute_odds(profile("zhuji"))
    two = compute_odds(profile("zhuji"), (4, 5))  # 5m 6m: 8 wildcards
    assert two.win_probability > 100 * none.win_probability
    assert two.by_shape["quanzipai"][0] > none.by_shape["quanzipai"][0]
    assert 1 / two.win_probability < 3000


def test_wildcards_are_not_counted_with_seven_pairs() -> None:
    with pytest.raises(ValueError, match="standard shape"):
        compute_odds(profile("hebei"), (4,))


def test_odds_json_gives_the_fraction_and_one_in(plain: Odds) -> None:
    o = plain
    data = o.to_json()
    assert data["win_probability"] == "2143179701279/708384171528036000"
    assert data["win_one_in"] == pytest.approx(330_529.5, abs=0.1)
