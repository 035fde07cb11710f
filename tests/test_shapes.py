"""Tests of `paipu.hand.shapes`: concrete hands, then properties against a brute force.

The brute force replaces every wildcard by every kind and runs a plain decomposer with no
wildcard logic at all, so it shares no code (and no cleverness) with the module under test.
"""

from __future__ import annotations

import array
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from paipu.hand.shanten import waits as table_waits
from paipu.hand.shapes import (
    ANY_KIND,
    ORPHAN_KINDS,
    Group,
    GroupKind,
    decompositions,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    seven_pairs_groups,
)
from paipu.tiles import Tile, counts, parse_tiles

PROPERTY = settings(
    derandomize=True,
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def waits(counts: Sequence[int], wild: int, sets: int) -> list[int]:
    """The one `waits` (paipu.hand.shanten), asked about the standard shape alone, fifth tiles listed."""
    return table_waits(counts, wild, melds=4 - sets, shapes=("standard",), fifth=True)


def waits_with(counts: Sequence[int], wild: int, sets: int, *, seven_pairs: bool, orphans: bool,
               four_counts_as_two: bool = False) -> list[int]:
    pairs = ("seven_pairs_fours" if four_counts_as_two else "seven_pairs",) if seven_pairs else ()
    return table_waits(counts, wild, melds=4 - sets, shapes=("standard", *pairs, *(("orphans",) if orphans else ())),
                       fifth=True)


def hand(text: str = "") -> list[int]:
    """34-slot counts of the real tiles in ``text`` (wildcards are passed separately)."""
    return counts(parse_tiles(text))[:34]


def idx(text: str) -> int:
    return Tile.parse(text).index


def readings(text: str, wild: int, sets: int) -> list[str]:
    return [str(d) for d in decompositions(hand(text), wild, sets)]


# --- standard shape: concrete hands ------------------------------------------------------


def test_plain_hand_of_chows_pongs_and_pair_is_a_win() -> None:
    assert is_standard_win(hand("123m 456p 789s 111z 55z"), 0, 4)


def test_one_tile_off_is_not_a_win() -> None:
    assert not is_standard_win(hand("123m 456p 789s 111z 56z"), 0, 4)


def test_wrong_tile_total_is_not_a_win() -> None:
    assert not is_standard_win(hand("123m 456p 789s 111z 5z"), 0, 4)
    assert not is_standard_win(hand("123m 456p 789s 111z 555z"), 0, 4)
    assert not is_standard_win(hand("123m 456p 789s 111z 55z"), 1, 4)


def test_honours_never_form_chows() -> None:
    assert not is_standard_win(hand("123z 567z 123m 456m 99m"), 0, 4)
    assert not is_standard_win(hand("567z 11m"), 0, 1)


def test_chows_do_not_wrap_or_cross_suits() -> None:
    assert not is_standard_win(hand("891m 11p"), 0, 1)
    assert not is_standard_win(hand("89m 1p 11s"), 0, 1)
    assert not is_standard_win(hand("9m 12p 11s"), 0, 1)


def test_melds_reduce_the_sets_needed() -> None:
    assert is_standard_win(hand("123m 55p"), 0, 1)
    assert is_standard_win(hand("55p"), 0, 0)
    assert not is_standard_win(hand("55p"), 0, 1)


def test_single_tile_and_wildcard_make_the_pair() -> None:
    assert is_standard_win(hand("7s"), 1, 0)
    assert readings("7s", 1, 0) == ["pair[7s *7s]"]


def test_two_wildcards_alone_make_the_pair() -> None:
    assert is_standard_win(hand(), 2, 0)
    assert readings("", 2, 0) == ["pair[any]"]


def test_chow_completed_by_wildcard_in_the_middle() -> None:
    assert is_standard_win(hand("46m 99p"), 1, 1)
    (only,) = decompositions(hand("46m 99p"), 1, 1)
    chow = only.sets[0]
    assert (chow.kind, chow.first, chow.wild) == ("chow", idx("4m"), 1)
    assert chow.wild_tiles() == (idx("5m"),)
    assert chow.real_tiles() == (idx("4m"), idx("6m"))
    assert chow.tiles() == (idx("4m"), idx("5m"), idx("6m"))


def test_chow_completed_by_wildcard_at_either_end() -> None:
    found = readings("45m 99p", 1, 1)
    assert "chow[*3m 4m 5m] pair[9p 9p]" in found
    assert "chow[4m 5m *6m] pair[9p 9p]" in found
    assert len(found) == 2


def test_edge_chow_can_only_be_completed_inwards() -> None:
    assert readings("89m 11p", 1, 1) == ["chow[*7m 8m 9m] pair[1p 1p]"]
    assert readings("12s 11p", 1, 1) == ["pair[1p 1p] chow[1s 2s *3s]"]


def test_wildcard_may_make_a_fifth_tile_of_a_kind() -> None:
    assert is_standard_win(hand("5555m 11p"), 2, 2)
    found = readings("5555m 11p", 2, 2)
    assert "pong[5m 5m 5m] pong[5m *5m *5m] pair[1p 1p]" in found
    assert "pong[5m 5m *5m] pong[5m 5m *5m] pair[1p 1p]" in found


def test_eight_wildcards_alone_plus_pair_is_a_win() -> None:
    # Two melds made: the eight wildcards alone are the two sets and the pair.
    assert is_standard_win(hand(), 8, 2)
    assert readings("", 8, 2) == [
        "chow[any] chow[any] pair[any]",
        "chow[any] pong[any] pair[any]",
        "pong[any] pong[any] pair[any]",
    ]
    # No melds: four lone tiles each take two wildcards, a real pair is the pair.
    assert is_standard_win(hand("1m 9p 5s 1z 77z"), 8, 4)


def test_eight_wildcards_cannot_rescue_six_unrelated_singles() -> None:
    # Five groups for six tiles of six different suits/honours: impossible.
    assert not is_standard_win(hand("1m 5p 9s 1z 3z 6z"), 8, 4)
    assert decompositions(hand("1m 5p 9s 1z 3z 6z"), 8, 4) == []


def test_fourteen_wildcards_are_a_win() -> None:
    assert is_standard_win(hand(), 14, 4)
    assert len(decompositions(hand(), 14, 4)) == 5


def test_nine_gates_waits_on_all_nine() -> None:
    assert waits(hand("1112345678999m"), 0, 4) == list(range(9))


def test_waits_of_simple_shapes() -> None:
    assert waits(hand("123m 456p 789s 111z 5z"), 0, 4) == [idx("5z")]
    assert waits(hand("123m 456p 789s 111z 13p"), 0, 3) == []  # too many tiles for a meld
    assert waits(hand("123m 456p 789s 11z 13p"), 0, 4) == [idx("2p")]
    assert waits(hand("23m 55p"), 0, 1) == [idx("1m"), idx("4m")]
    assert waits(hand("23m 5p"), 1, 1) == [idx("1m"), idx("4m"), idx("5p")]


def test_waits_with_a_wildcard_include_every_kind_for_a_lone_wildcard_pair() -> None:
    # 123m 456p 789s 111z plus a wildcard: the wildcard pairs with whatever comes.
    assert waits(hand("123m 456p 789s 111z"), 1, 4) == list(range(34))


def test_waits_list_a_fifth_tile_of_a_kind_held_four_times() -> None:
    # Shape only: 1111m 555p waits on a fifth 1m; whether one can come is the caller's call.
    assert waits(hand("1111m 555p"), 0, 2) == [idx("1m")]


def test_waits_of_wrong_size_is_empty() -> None:
    assert waits(hand("123m 456p 789s 111z 55z"), 0, 4) == []


def test_waits_with_special_shapes() -> None:
    six_pairs = hand("1133m 5577p 99s 11z 7z")
    assert waits(six_pairs, 0, 4) == []
    assert waits_with(six_pairs, 0, 4, seven_pairs=True, orphans=False) == [idx("7z")]
    thirteen = hand("19m 19p 19s 1234567z")
    assert waits_with(thirteen, 0, 4, seven_pairs=False, orphans=True) == list(ORPHAN_KINDS)
    assert waits_with(thirteen, 0, 4, seven_pairs=False, orphans=False) == []
    # Special shapes need the whole hand: with a meld made they do not apply.
    assert waits_with(hand("1133m 5577p 9s 1z"), 0, 3, seven_pairs=True, orphans=True) == []


def test_waits_with_merges_standard_and_seven_pair_waits() -> None:
    # Both shapes wait on the same tile here; the union must not list it twice.
    h = hand("112233m 445566p 7z")
    assert waits(h, 0, 4) == [idx("7z")]
    assert waits_with(h, 0, 4, seven_pairs=True, orphans=True) == [idx("7z")]
    h = hand("11223m 445566p 77z")
    assert waits(h, 0, 4) == [idx("3m")]
    assert waits_with(h, 0, 4, seven_pairs=True, orphans=False) == [idx("3m")]
    h = hand("11234m 445566p 77z")
    assert waits(h, 0, 4) == [idx("1m"), idx("7z")]
    assert waits_with(h, 0, 4, seven_pairs=True, orphans=True) == [idx("1m"), idx("7z")]


def test_waits_with_four_counts_as_two() -> None:
    h = hand("1111m 5577p 99s 11z 3z")  # 1111m is two pairs only under the Hebei rule
    assert waits_with(h, 0, 4, seven_pairs=True, orphans=False) == []
    assert waits_with(h, 0, 4, seven_pairs=True, orphans=False, four_counts_as_two=True) == [
        idx("3z")
    ]


def test_flowers_never_win() -> None:
    full = counts(parse_tiles("123m 456p 789s 111z 55z"))
    assert len(full) == 42
    assert is_standard_win(full, 0, 4)
    full[34] = 1
    full[idx("5z")] -= 1
    assert not is_standard_win(full, 0, 4)
    assert decompositions(full, 0, 4) == []
    assert not is_thirteen_orphans(full, 0)


def test_bad_arguments_are_rejected() -> None:
    with pytest.raises(ValueError):
        is_standard_win([0] * 33, 2, 0)
    with pytest.raises(ValueError):
        is_standard_win(hand(), -1, 0)
    with pytest.raises(ValueError):
        is_standard_win(hand(), 2, -1)
    bad = hand("111m")  # with the tile total right, a negative count reaches the tables
    bad[3] = -1
    with pytest.raises(ValueError):
        is_standard_win(bad, 0, 0)


def test_counts_may_be_any_sequence() -> None:
    assert is_standard_win(tuple(hand("123m 55p")), 0, 1)
    # An array's buffer is not its values; it must be read item by item.
    assert is_standard_win(array.array("q", hand("123m 55p")), 0, 1)
    assert waits(array.array("q", hand("123m 5p")), 0, 1) == [idx("5p")]


# --- decompositions ----------------------------------------------------------------------


def test_all_pongs_and_all_chows_are_both_found() -> None:
    assert readings("111222333m 55p", 0, 3) == [
        "chow[1m 2m 3m] chow[1m 2m 3m] chow[1m 2m 3m] pair[5p 5p]",
        "pong[1m 1m 1m] pong[2m 2m 2m] pong[3m 3m 3m] pair[5p 5p]",
    ]


def test_nine_gates_completed_by_its_doubled_tile_has_one_reading() -> None:
    assert readings("11123455678999m", 0, 4) == [
        "pong[1m 1m 1m] chow[2m 3m 4m] pair[5m 5m] chow[6m 7m 8m] pong[9m 9m 9m]",
    ]
    assert readings("11112345678999m", 0, 4) == [
        "chow[1m 2m 3m] pong[1m 1m 1m] chow[4m 5m 6m] chow[7m 8m 9m] pair[9m 9m]",
    ]


def test_where_a_wildcard_stands_makes_distinct_readings() -> None:
    assert readings("4566m", 1, 1) == [
        "chow[*3m 4m 5m] pair[6m 6m]",
        "chow[4m 5m 6m] pair[6m *6m]",
        "chow[4m 5m *6m] pair[6m 6m]",
    ]


def test_wildcard_positions_are_deterministic() -> None:
    (only,) = decompositions(hand("79s 11z"), 1, 1)
    chow = only.sets[0]
    assert chow.wild_mask == 0b010
    assert chow.wild_tiles() == (idx("8s"),)
    pong = Group("pong", idx("3z"), 2)
    assert pong.wild_tiles() == (idx("3z"), idx("3z"))
    assert pong.real_tiles() == (idx("3z"),)
    assert str(pong) == "pong[3z *3z *3z]"


def test_leftover_wildcards_become_free_groups() -> None:
    found = decompositions(hand("123m"), 5, 2)
    free_readings = [d for d in found if d.sets[0] == Group("chow", idx("1m"))]
    assert [str(d) for d in free_readings] == [
        "chow[1m 2m 3m] chow[any] pair[any]",
        "chow[1m 2m 3m] pong[any] pair[any]",
    ]
    assert all(d.wild == 5 for d in found)


def test_expand_free_lists_every_concrete_kind() -> None:
    symbolic = decompositions(hand(), 5, 1)
    assert [str(d) for d in symbolic] == ["chow[any] pair[any]", "pong[any] pair[any]"]
    concrete = decompositions(hand(), 5, 1, expand_free=True)
    assert len(concrete) == 21 * 34 + 34 * 34
    assert len(set(concrete)) == len(concrete)
    assert all(d.is_concrete for d in concrete)
    assert concrete == sorted(concrete, key=lambda d: [g.sort_key for g in d.groups])
    two_free_pongs = [d for d in decompositions(hand(), 8, 2) if str(d).count("pong") == 2]
    assert len(list(two_free_pongs[0].expand())) == 34 * 35 // 2 * 34


def test_free_group_has_no_fixed_tiles() -> None:
    free = Group("pong", ANY_KIND, 3)
    assert free.is_free
    assert free.real_tiles() == ()
    with pytest.raises(ValueError):
        free.tiles()
    with pytest.raises(ValueError):
        free.wild_tiles()


def test_group_rejects_impossible_groups() -> None:
    with pytest.raises(ValueError):
        Group("chow", idx("8m"))
    with pytest.raises(ValueError):
        Group("chow", idx("1z"))
    with pytest.raises(ValueError):
        Group("chow", idx("1m"), 1)  # which position is wild?
    with pytest.raises(ValueError):
        Group("chow", idx("1m"), 1, 0b011)
    with pytest.raises(ValueError):
        Group("pong", idx("1m"), 4)
    with pytest.raises(ValueError):
        Group("pair", ANY_KIND, 1)
    assert Group("pair", idx("1m"), 1) == Group("pair", idx("1m"), 1, 0b10)


def test_decomposition_accessors() -> None:
    (d,) = decompositions(hand("123m 55p"), 0, 1)
    assert d.pair == Group("pair", idx("5p"))
    assert d.sets == (Group("chow", idx("1m")),)
    assert d.wild == 0
    assert d.is_concrete


def test_eight_wildcards_and_six_tiles_give_distinct_readings() -> None:
    # The worst six-tile hand (a run of six in one suit): its speed is in bench_shapes.py.
    found = decompositions(hand("345678m"), 8, 4)
    assert found and len(found) == len(set(found))


# --- seven pairs and thirteen orphans ----------------------------------------------------


def test_seven_pairs_plain() -> None:
    h = hand("1133m 5577p 99s 11z 77z")
    assert is_seven_pairs(h, 0)
    result = seven_pairs_groups(h, 0, four_counts_as_two=False)
    assert result is not None
    assert len(result.pairs) == 7
    assert result.fours == 0


def test_seven_pairs_wildcards_pair_with_singles_or_each_other() -> None:
    assert is_seven_pairs(hand("1133m 5577p 99s 1z 7z"), 2)
    assert not is_seven_pairs(hand("1133m 5577p 9s 1z 7z 2s"), 2)
    result = seven_pairs_groups(hand("1133m 5577p 99s"), 4, four_counts_as_two=False)
    assert result is not None
    assert [str(g) for g in result.pairs[-2:]] == ["pair[any]", "pair[any]"]


def test_seven_pairs_four_of_a_kind_is_not_two_pairs_by_default() -> None:
    h = hand("1111m 5577p 99s 11z 33z")
    assert not is_seven_pairs(h, 0)
    assert is_seven_pairs(h, 0, four_counts_as_two=True)
    result = seven_pairs_groups(h, 0, four_counts_as_two=True)
    assert result is not None and result.fours == 1


def test_seven_pairs_counts_fours_made_with_wildcards() -> None:
    # 111m + wildcard is a four; two spare wildcards turn 55p into a four.
    result = seven_pairs_groups(hand("111m 55p 77p 99s 11z"), 3, four_counts_as_two=True)
    assert result is not None
    assert result.fours == 2
    assert result.pairs.count(Group("pair", idx("1m"))) == 1
    assert Group("pair", idx("1m"), 1) in result.pairs
    assert Group("pair", idx("5p"), 2) in result.pairs
    # Without the Hebei rule three of a kind cannot be part of seven pairs at all.
    assert seven_pairs_groups(hand("111m 55p 77p 99s 11z"), 3, four_counts_as_two=False) is None


def test_seven_pairs_all_wildcard_four() -> None:
    result = seven_pairs_groups(hand("1111m 2222m 33m"), 4, four_counts_as_two=True)
    assert result is not None
    assert result.fours == 3  # 33m + two wildcards is a four; two more stay a free pair
    result = seven_pairs_groups(hand("1111m 2222m"), 6, four_counts_as_two=True)
    assert result is not None
    assert result.fours == 3
    assert [g.first for g in result.pairs].count(ANY_KIND) == 3


def test_seven_pairs_needs_fourteen_tiles() -> None:
    assert not is_seven_pairs(hand("1133m 5577p 99s 11z"), 0)


def test_thirteen_orphans_plain_and_with_wildcards() -> None:
    assert is_thirteen_orphans(hand("19m 19p 19s 1234567z 1z"), 0)
    assert is_thirteen_orphans(hand("19m 19p 19s 123456z 1z"), 1)  # wildcard is 中
    assert is_thirteen_orphans(hand("19m 19p 19s 1234567z"), 1)  # wildcard is the double
    assert is_thirteen_orphans(hand("19m 19p 19s 12345z"), 3)


def test_thirteen_orphans_rejects_middle_tiles_and_two_doubles() -> None:
    assert not is_thirteen_orphans(hand("19m 19p 19s 123456z 5m"), 1)
    assert not is_thirteen_orphans(hand("19m 19p 19s 12345z 1z 2z"), 1)
    assert not is_thirteen_orphans(hand("19m 19p 19s 2345z 111z"), 1)
    assert not is_thirteen_orphans(hand("19m 19p 19s 1234567z"), 0)


# --- brute-force reference ---------------------------------------------------------------

PlainGroup = tuple[GroupKind, int]


def plain_readings(c: list[int], sets: int) -> set[tuple[PlainGroup, ...]]:
    """Every split of a hand without wildcards into ``sets`` sets and one pair."""
    out: set[tuple[PlainGroup, ...]] = set()

    def rec(start: int, sets_left: int, pair_left: int, acc: list[PlainGroup]) -> None:
        i = next((k for k in range(start, 34) if c[k]), None)
        if i is None:
            if sets_left == 0 and pair_left == 0:
                out.add(tuple(sorted(acc)))
            return
        if sets_left and c[i] >= 3:
            c[i] -= 3
            rec(i, sets_left - 1, pair_left, [*acc, ("pong", i)])
            c[i] += 3
        if pair_left and c[i] >= 2:
            c[i] -= 2
            rec(i, sets_left, 0, [*acc, ("pair", i)])
            c[i] += 2
        if sets_left and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            rec(i, sets_left - 1, pair_left, [*acc, ("chow", i)])
            for k in (i, i + 1, i + 2):
                c[k] += 1

    rec(0, sets, 1, [])
    return out


def substitutions(c: list[int], wild: int) -> Iterator[tuple[list[int], tuple[int, ...]]]:
    """Every way of turning the wildcards into kinds (as a multiset)."""
    for kinds in itertools.combinations_with_replacement(range(34), wild):
        full = list(c)
        for k in kinds:
            full[k] += 1
        yield full, kinds


def brute_is_win(c: list[int], wild: int, sets: int) -> bool:
    if sum(c) + wild != 3 * sets + 2:
        return False
    return any(plain_readings(full, sets) for full, _ in substitutions(c, wild))


def group_slots(kind: GroupKind, first: int) -> list[int]:
    if kind == "chow":
        return [first, first + 1, first + 2]
    return [first] * (3 if kind == "pong" else 2)


def brute_decompositions(c: list[int], wild: int, sets: int) -> set[tuple[Group, ...]]:
    """Every concrete reading: substitute, split, then mark which copies were wildcards."""
    out: set[tuple[Group, ...]] = set()
    if sum(c) + wild != 3 * sets + 2:
        return out
    for full, kinds in substitutions(c, wild):
        wild_of = Counter(kinds)
        for reading in plain_readings(full, sets):
            slots = [
                (gi, j, k) for gi, g in enumerate(reading) for j, k in enumerate(group_slots(*g))
            ]
            choices = [
                itertools.combinations([(gi, j) for gi, j, k2 in slots if k2 == k], n)
                for k, n in wild_of.items()
            ]
            for picked in itertools.product(*choices):
                masks = [0] * len(reading)
                for part in picked:
                    for gi, j in part:
                        masks[gi] |= 1 << j
                groups = [
                    Group(kind, first, mask.bit_count(), mask if kind == "chow" else -1)
                    for (kind, first), mask in zip(reading, masks, strict=True)
                ]
                out.add(tuple(sorted(groups, key=lambda g: g.sort_key)))
    return out


def brute_seven_pairs(c: list[int], wild: int, four_counts_as_two: bool) -> int | None:
    """The most fours over all substitutions, or None when no substitution is seven pairs."""
    best: int | None = None
    if sum(c) + wild != 14:
        return None
    allowed = (0, 2, 4) if four_counts_as_two else (0, 2)
    for full, _ in substitutions(c, wild):
        if all(n in allowed for n in full):
            fours = full.count(4)
            best = fours if best is None else max(best, fours)
    return best


def brute_orphans(c: list[int], wild: int) -> bool:
    if sum(c) + wild != 14:
        return False
    for full, _ in substitutions(c, wild):
        if all(full[k] >= 1 for k in ORPHAN_KINDS) and sum(full[k] for k in ORPHAN_KINDS) == 14:
            return True
    return False


# --- hand strategies ---------------------------------------------------------------------

CHOW_STARTS = [k for k in range(27) if k % 9 <= 6]


@st.composite
def hands(draw: st.DrawFn, max_wild: int, sets_max: int = 4) -> tuple[list[int], int, int]:
    """(counts, wild, sets): winning hands, near misses and random ones, with wildcards
    taking the place of some tiles; real counts never exceed 4."""
    sets = draw(st.integers(0, sets_max))
    size = 3 * sets + 2
    mode = draw(st.sampled_from(["win", "win", "near", "random"]))
    if mode == "random":
        tiles = draw(st.lists(st.integers(0, 33), min_size=size, max_size=size))
    else:
        tiles = []
        for _ in range(sets):
            if draw(st.booleans()):
                start = draw(st.sampled_from(CHOW_STARTS))
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [draw(st.integers(0, 33))] * 3
        tiles += [draw(st.integers(0, 33))] * 2
        if mode == "near":
            tiles[draw(st.integers(0, size - 1))] = draw(st.integers(0, 33))
    wild = draw(st.integers(0, min(max_wild, size)))
    order = draw(st.permutations(range(size)))
    c = [0] * 34
    for i in order[wild:]:
        c[tiles[i]] += 1
    assume(max(c) <= 4)
    return c, wild, sets


@st.composite
def short_hands(draw: st.DrawFn, max_wild: int) -> tuple[list[int], int, int]:
    """A hand from `hands` with one real tile (or wildcard) taken away."""
    c, wild, sets = draw(hands(max_wild))
    held = [k for k in range(34) if c[k]]
    if held and (wild == 0 or draw(st.booleans())):
        c[draw(st.sampled_from(held))] -= 1
    else:
        wild -= 1
    return c, wild, sets


@st.composite
def seven_pair_hands(draw: st.DrawFn, max_wild: int) -> tuple[list[int], int]:
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
    tiles = [k for k in kinds for _ in range(2)]
    if draw(st.booleans()):
        tiles[draw(st.integers(0, 13))] = draw(st.integers(0, 33))
    wild = draw(st.integers(0, max_wild))
    order = draw(st.permutations(range(14)))
    c = [0] * 34
    for i in order[wild:]:
        c[tiles[i]] += 1
    assume(max(c) <= 4)
    return c, wild


@st.composite
def orphan_hands(draw: st.DrawFn, max_wild: int) -> tuple[list[int], int]:
    tiles = [*ORPHAN_KINDS, draw(st.sampled_from(ORPHAN_KINDS))]
    if draw(st.booleans()):
        tiles[draw(st.integers(0, 13))] = draw(st.integers(0, 33))
    wild = draw(st.integers(0, max_wild))
    order = draw(st.permutations(range(14)))
    c = [0] * 34
    for i in order[wild:]:
        c[tiles[i]] += 1
    return c, wild


# --- properties --------------------------------------------------------------------------


@PROPERTY
@given(hands(max_wild=8))
def test_win_check_agrees_with_decompositions(case: tuple[list[int], int, int]) -> None:
    c, wild, sets = case
    found = decompositions(c, wild, sets)
    assert is_standard_win(c, wild, sets) == bool(found)
    assert found == sorted(found, key=lambda d: [g.sort_key for g in d.groups])
    assert len(set(found)) == len(found)
    for d in found:
        assert [g.sort_key for g in d.groups] == sorted(g.sort_key for g in d.groups)
        assert len(d.sets) == sets
        assert d.wild == wild
        real = Counter(k for g in d.groups for k in g.real_tiles())
        assert real == Counter({k: n for k, n in enumerate(c) if n})


@PROPERTY
@given(hands(max_wild=3))
def test_win_check_agrees_with_brute_force(case: tuple[list[int], int, int]) -> None:
    c, wild, sets = case
    assert is_standard_win(c, wild, sets) == brute_is_win(c, wild, sets)


@PROPERTY
@given(hands(max_wild=2, sets_max=3))
def test_decompositions_agree_with_brute_force(case: tuple[list[int], int, int]) -> None:
    c, wild, sets = case
    found = decompositions(c, wild, sets, expand_free=True)
    assert {d.groups for d in found} == brute_decompositions(c, wild, sets)


@PROPERTY
@given(short_hands(max_wild=8))
def test_waits_are_the_kinds_that_complete_a_win(case: tuple[list[int], int, int]) -> None:
    c, wild, sets = case
    expected = []
    for k in range(34):
        c[k] += 1
        if is_standard_win(c, wild, sets):
            expected.append(k)
        c[k] -= 1
    assert waits(c, wild, sets) == expected


@PROPERTY
@given(seven_pair_hands(max_wild=3), st.booleans())
def test_seven_pairs_agree_with_brute_force(case: tuple[list[int], int], fours: bool) -> None:
    c, wild = case
    expected = brute_seven_pairs(c, wild, fours)
    result = seven_pairs_groups(c, wild, four_counts_as_two=fours)
    assert is_seven_pairs(c, wild, four_counts_as_two=fours) == (expected is not None)
    if result is None:
        assert expected is None
    else:
        assert result.fours == expected
        assert len(result.pairs) == 7
        assert sum(g.wild for g in result.pairs) == wild
        real = Counter(k for g in result.pairs for k in g.real_tiles())
        assert real == Counter({k: n for k, n in enumerate(c) if n})


@PROPERTY
@given(orphan_hands(max_wild=3))
def test_thirteen_orphans_agree_with_brute_force(case: tuple[list[int], int]) -> None:
    c, wild = case
    assert is_thirteen_orphans(c, wild) == brute_orphans(c, wild)


def test_decompositions_match_brute_force_on_a_hand_with_several_readings() -> None:
    c = hand("1123m 789p")
    found = decompositions(c, 1, 2, expand_free=True)
    assert {d.groups for d in found} == brute_decompositions(c, 1, 2)
    assert len(found) == 3


def test_random_seeded_hands_agree_with_brute_force() -> None:
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(60):
        sets = rng.randint(1, 2)
        wild = rng.randint(0, 2)
        c = [0] * 34
        for k in rng.sample(wall, 3 * sets + 2 - wild):
            c[k] += 1
        assert is_standard_win(c, wild, sets) == brute_is_win(c, wild, sets)


# --- exhaustive one-set hands --------------------------------------------------------------
#
# With one set and the pair there are only 55 x 34 concrete shapes, so every reading of every
# hand can be listed from the shapes' side: take a shape, choose which of its five tiles are
# wildcards, and what is left is a hand that has that reading.  No search is involved.

ALL_SETS: list[PlainGroup] = [("chow", k) for k in CHOW_STARTS] + [("pong", k) for k in range(34)]


@functools.cache
def one_set_readings() -> dict[tuple[int, ...], set[tuple[Group, ...]]]:
    """Real tiles (sorted) -> every concrete reading of them with the other tiles wild."""
    table: dict[tuple[int, ...], set[tuple[Group, ...]]] = {}
    for set_group in ALL_SETS:
        for pair in range(34):
            reading: list[PlainGroup] = [set_group, ("pair", pair)]
            slots = [
                (gi, j, k) for gi, g in enumerate(reading) for j, k in enumerate(group_slots(*g))
            ]
            for wild_bits in range(1 << len(slots)):
                masks = [0, 0]
                real = []
                for bit, (gi, j, k) in enumerate(slots):
                    if wild_bits >> bit & 1:
                        masks[gi] |= 1 << j
                    else:
                        real.append(k)
                groups = tuple(
                    sorted(
                        (
                            Group(kind, first, mask.bit_count(), mask if kind == "chow" else -1)
                            for (kind, first), mask in zip(reading, masks, strict=True)
                        ),
                        key=lambda g: g.sort_key,
                    )
                )
                table.setdefault(tuple(sorted(real)), set()).add(groups)
    return table


def test_every_one_set_hand_matches_the_list_of_shapes() -> None:
    table = one_set_readings()
    # Every hand with at least one wildcard (no wildcard at all is the plain decomposer's
    # ground, covered by the property tests).
    for real_count in range(5):
        for real in itertools.combinations_with_replacement(range(34), real_count):
            c = [0] * 34
            for k in real:
                c[k] += 1
            if max(c) > 4:
                continue
            assert is_standard_win(c, 5 - real_count, 1) == (real in table), real


def test_every_one_set_reading_matches_the_list_of_shapes() -> None:
    for real, expected in one_set_readings().items():
        c = [0] * 34
        for k in real:
            c[k] += 1
        if max(c) > 4:
            continue
        found = decompositions(c, 5 - len(real), 1, expand_free=True)
        assert {d.groups for d in found} == expected, real
        assert len(found) == len(expected)


def test_group_entries_from_the_profiles_are_the_searchs() -> None:
    """`_needed`'s per-group entries (fewest wildcards for sets only, and the pair's extra) read
    from the unlimited suit and honour profiles are `_min_wild`'s, the search that defines them:
    every seventh suit of at most 9 tiles, and random suits and honour groups of up to 16 tiles
    (a kind held five times or more included); a group needing more sets than a profile counts
    is left to the search, and the table entry (`_fill`) is the search's either way."""
    from paipu.hand import shapes, tables

    def search(v: tuple[int, ...], chows: bool) -> tuple[int, int]:
        n0 = shapes._min_wild(v, 0, chows)
        return n0, shapes._min_wild(v, 1, chows) - n0

    rng = random.Random(14)
    cases: list[tuple[tuple[int, ...], bool]] = [(v, True) for v in tables._all_vectors(9, 9)[::7]]
    for _ in range(1500):
        for size, chows in ((9, True), (7, False)):
            group = [0] * size
            for _ in range(rng.randrange(17)):
                group[rng.randrange(size)] += 1
            cases.append((tuple(group), chows))
    read = beyond = 0
    for v, chows in cases:
        key = int.from_bytes(bytes(v), "big")
        entry = shapes._from_profile(v, key, chows)
        if entry is None:
            beyond += 1
            # Only a group whose sets, or whose sets and pair, need more sets than a profile counts.
            n0, extra = search(v, chows)
            assert sum(v) + n0 > 3 * tables.MAX_SETS or sum(v) + n0 + extra > 3 * tables.MAX_SETS + 2, v
        else:
            read += 1
            assert entry == search(v, chows), v
        assert shapes._fill({}, key, v, chows) == search(v, chows), v
    assert read > 5000 and beyond > 0
