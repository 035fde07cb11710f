"""The per-suit tables of `paipu.hand.tables` against an independent reference.

The reference walks the kinds of a suit one by one and places whole target groups (chows
started here, a pong, the pair), counting how many times the target uses each kind, so it
knows nothing of blocks, trimming or the "no slot at a kind held four times" rule that make
the tables fast.  It was run once over all 405,350 suit vectors of at most 14 tiles (no
difference); these tests re-check a fixed random sample and the named cases.
"""

from __future__ import annotations

import itertools
import random

import pytest

from paipu.hand.tables import (
    PROFILE_LEN,
    combine,
    combined_at,
    honour_profile,
    limited_profile,
    profile_of,
    suit_profile,
    unlimited_profile,
)

NEG = -99


def reference(counts: tuple[int, ...], chows: bool, limited: bool) -> tuple[int, ...]:
    """Most tiles kept by at most m sets and p pairs, index 2m + p, by a walk over kinds.

    The state after a kind is (chows started one kind back, chows started here); each
    kind chooses new chows, pongs and the pair.  A kind's use is what every group placed
    on it needs; ``limited`` caps it at four.  Tiles kept on a kind: min(count, use).
    """
    n = len(counts)
    states: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): (0,) + (NEG,) * (PROFILE_LEN - 1)}
    for k in range(n):
        can_chow = chows and k + 2 < n
        nxt: dict[tuple[int, int], list[int]] = {}
        for (two_back, one_back), prof in states.items():
            for new in range(5 if can_chow else 1):
                for pongs in range(5):
                    for pair in (0, 1):
                        use = two_back + one_back + new + 3 * pongs + 2 * pair
                        if (limited and use > 4) or new + pongs > 4:
                            continue
                        kept = min(counts[k], use)
                        row = nxt.setdefault((one_back, new), [NEG] * PROFILE_LEN)
                        for m in range(5 - new - pongs):
                            for p in range(2 - pair):
                                v = prof[2 * m + p]
                                i = 2 * (m + new + pongs) + p + pair
                                if v != NEG and v + kept > row[i]:
                                    row[i] = v + kept
        states = {key: tuple(v) for key, v in nxt.items()}
    exact = states[(0, 0)]
    return tuple(
        max(exact[2 * mm + pp] for mm in range(m + 1) for pp in range(p + 1))
        for m in range(5) for p in range(2)
    )


def _sample(rng: random.Random, size: int, fours: int) -> tuple[int, ...]:
    v = [0] * 9
    for k in rng.sample(range(9), fours):
        v[k] = 4
    while sum(v) < size:
        k = rng.randrange(9)
        if v[k] < 4:
            v[k] += 1
    return tuple(v)


def test_profile_of_a_complete_suit_keeps_every_tile() -> None:
    # 123m 456m 789m 11m: three sets and the pair keep all 11 tiles.
    v = (3, 1, 1, 1, 1, 1, 1, 1, 1)
    assert unlimited_profile(v, True)[2 * 3 + 1] == 11
    assert unlimited_profile(v, True)[2 * 3 + 0] == 9


def test_profile_of_an_empty_suit_keeps_nothing() -> None:
    assert unlimited_profile((0,) * 9, True) == (0,) * PROFILE_LEN


def test_limited_profile_of_a_four_with_a_single_wait_loses_a_tile() -> None:
    # 1111m as one set and the pair: only 111m + a fifth 1m would keep all four.
    assert unlimited_profile((4,) + (0,) * 8, True)[2 * 1 + 1] == 4
    assert limited_profile((4,) + (0,) * 8, True)[2 * 1 + 1] == 3


def test_limited_honours_hold_one_group_per_kind() -> None:
    assert limited_profile((4, 0, 0, 0, 0, 0, 0), False)[2 * 1 + 1] == 3
    assert unlimited_profile((4, 0, 0, 0, 0, 0, 0), False)[2 * 1 + 1] == 4


def test_unlimited_profiles_match_the_reference() -> None:
    rng = random.Random(1)
    for _ in range(400):
        v = _sample(rng, rng.randint(0, 14), rng.choice((0, 0, 1, 2)))
        assert unlimited_profile(v, True) == reference(v, True, limited=False), v


def test_limited_profiles_match_the_reference_for_suits_holding_fours() -> None:
    rng = random.Random(2)
    for _ in range(400):
        v = _sample(rng, rng.randint(4, 14), rng.choice((1, 1, 2, 3)))
        if sum(v) <= 14:
            assert limited_profile(v, True) == reference(v, True, limited=True), v


def test_without_fours_the_limit_never_changes_a_profile() -> None:
    rng = random.Random(3)
    for _ in range(400):
        v = [0] * 9
        while sum(v) < rng.randint(0, 14):
            k = rng.randrange(9)
            if v[k] < 3:
                v[k] += 1
        t = tuple(v)
        assert unlimited_profile(t, True) == reference(t, True, limited=True), t


def test_honour_profiles_match_the_reference_for_every_vector_of_four_kinds() -> None:
    for v in itertools.product(range(5), repeat=4):
        padded = (*v, 0, 0, 0)
        if sum(padded) > 14:
            continue
        assert unlimited_profile(padded, False) == reference(padded, False, limited=False), padded
        got = limited_profile(padded, False) if 4 in padded else unlimited_profile(padded, False)
        assert got == reference(padded, False, limited=True), padded


def test_the_shipped_suit_table_matches_the_reference_and_the_searches() -> None:
    """The shipped suit table (every suit of at most 14 tiles, worked out once) gives, for a
    random sample of suits with and without fours, the reference's profile and the searches'
    own (unlimited and limited), and places each suit where `_all_vectors` lists it."""
    from paipu.hand import tables

    vectors = tables._all_vectors()
    assert len(vectors) == tables.SHIPPED_VECTORS == 405_350
    rng = random.Random(2026)
    sample = rng.sample(vectors, 300) + [_sample(rng, rng.randint(4, 14), rng.randint(1, 3)) for _ in range(300)]
    for v in sample:
        assert vectors[tables._rank(v)] == v
        for limited in (False, True):
            pid = tables._shipped_profile(v, limited)
            assert pid is not None, v
            got = tables.profile_of(pid)
            assert got == reference(v, True, limited), (v, limited)
            searched = limited_profile(v, True) if limited and 4 in v else unlimited_profile(v, True)
            assert got == searched, (v, limited)
    # Beyond the shipped table (more than 14 tiles) the searches answer.
    assert tables._shipped_profile((4, 4, 4, 3, 0, 0, 0, 0, 0), False) is None


def test_without_the_shipped_table_the_searches_give_the_same_profiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """A suit table that cannot be read changes nothing but the cost: `suit_profile` then
    searches, and gives the profile the shipped table gives."""
    from paipu.hand import tables

    rng = random.Random(7)
    suits = [_sample(rng, rng.randint(2, 14), rng.randint(0, 2)) for _ in range(200)]

    def profiles() -> list[list[tuple[int, ...]]]:
        monkeypatch.setattr(tables, "_SUIT_LIMITED", {})
        monkeypatch.setattr(tables, "_SUIT_UNLIMITED", {})
        return [[tables.profile_of(tables.suit_profile(v, int.from_bytes(bytes(v), "big"), limited))
                 for limited in (False, True)] for v in suits]

    shipped = profiles()
    monkeypatch.setattr(tables, "_SHIPPED", [])
    assert profiles() == shipped


def test_the_shipped_suit_tables_limited_list_holds_suits_with_a_four_whose_profile_differs() -> None:
    """The shipped table lists by rank, in increasing order, the suits whose limited profile is
    not their unlimited one: each holds four of a kind, and for a sample of them the listed
    profile is the limited search's and differs from the unlimited search's."""
    from paipu.hand import tables

    tables._shipped_profile((1, 1, 1, 0, 0, 0, 0, 0, 0), False)  # read the table
    unlimited, ranks, numbers, _ = tables._SHIPPED[0]
    assert len(unlimited) == tables.SHIPPED_VECTORS
    assert len(ranks) == len(numbers) > 1000
    assert list(ranks) == sorted(set(ranks))
    vectors = tables._all_vectors()
    for at in ranks:
        assert 4 in vectors[at]
    rng = random.Random(11)
    for at in rng.sample(list(ranks), 200):
        v = vectors[at]
        pid = tables._shipped_profile(v, True)
        assert pid is not None
        assert tables.profile_of(pid) == limited_profile(v, True) != unlimited_profile(v, True), v


@pytest.mark.parametrize("damage", ["missing", "empty", "truncated", "longer", "unknown number"])
def test_a_damaged_shipped_suit_table_is_not_used(damage: str, tmp_path: pytest.TempPathFactory,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A shipped table that is missing, cut short, too long or names a profile it does not
    define gives no answer (the searches answer instead), never a wrong one or an error."""
    import os

    from paipu.hand import tables

    good = open(os.path.join(os.path.dirname(tables.__file__), tables.SHIPPED_FILE), "rb").read()
    path = os.path.join(str(tmp_path), "table.bin")
    suit = (0, 1, 1, 1, 0, 2, 0, 0, 0)
    if damage != "missing":
        data = {"empty": b"", "truncated": good[:-1], "longer": good + b"\0"}.get(damage, good)
        if damage == "unknown number":
            n = good[0]
            at = 1 + 10 * n + tables._rank(suit)
            data = good[:at] + bytes([n + 1]) + good[at + 1:]
        with open(path, "wb") as f:
            f.write(data)
    monkeypatch.setattr(tables, "_SHIPPED", [])
    tables._read_shipped(path)
    if damage == "unknown number":
        assert tables._SHIPPED  # read, but the suit whose number is unknown is left to the searches
        assert tables._shipped_profile(suit, False) is None
        assert tables._shipped_profile((0, 1, 1, 1, 0, 2, 1, 0, 0), False) is not None
    else:
        assert not tables._SHIPPED
        assert tables._shipped_profile(suit, False) is None
    assert tables.profile_of(tables.suit_profile(suit, int.from_bytes(bytes(suit), "big"), False)) == \
        unlimited_profile(suit, True)


# `combined_at`, the one entry of a combination a hand's shanten reads, is that entry of the
# combination `combine` makes and interns, for every slot, over profiles of random suits and honours
# and combinations of them (as a hand's groups combine).
def test_combined_at_is_the_entry_of_the_combination() -> None:
    rng = random.Random(31)
    ids: list[int] = []
    for _ in range(60):
        n = rng.randint(0, 9)
        suit = [0] * 9
        while sum(suit) < n:
            k = rng.randrange(9)
            suit[k] = min(4, suit[k] + 1)
        limited = rng.random() < 0.5
        ids.append(suit_profile(bytes(suit), int.from_bytes(bytes(suit), "big"), limited))
        honours = bytes(rng.choice((0, 0, 1, 2, 3)) for _ in range(7))
        ids.append(honour_profile(honours, int.from_bytes(honours, "big"), limited))
    for _ in range(60):
        ids.append(combine(rng.choice(ids), rng.choice(ids)))
    differ = 0
    for a, b in itertools.product(ids[::3], ids[1::3]):
        whole = profile_of(combine(a, b))
        for index in range(PROFILE_LEN):
            assert combined_at(a, b, index) == whole[index], (a, b, index)
        differ += whole != profile_of(a)
    assert differ > 1000


# `combine` works the max-plus out from the profiles' bytes, slot by slot: the same profile as the
# definition (every way m sets and p pairs split between the two, at most one pair, at most four
# sets), for suits, honours and combinations of them, limited or not.
def test_combine_is_the_max_plus_of_the_two_profiles() -> None:
    rng = random.Random(32)
    ids: list[int] = []
    for _ in range(80):
        suit = [0] * 9
        for _ in range(rng.randint(0, 12)):
            k = rng.randrange(9)
            suit[k] = min(4, suit[k] + 1)
        limited = rng.random() < 0.5
        ids.append(suit_profile(bytes(suit), int.from_bytes(bytes(suit), "big"), limited))
        honours = bytes(rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(7))
        ids.append(honour_profile(honours, int.from_bytes(honours, "big"), limited))
    for _ in range(80):
        ids.append(combine(rng.choice(ids), rng.choice(ids)))
    sums = 0
    for a, b in itertools.product(ids[::4], ids[1::4]):
        pa, pb = profile_of(a), profile_of(b)
        want = [0] * PROFILE_LEN
        for ma, pa_, mb, pb_ in itertools.product(range(5), (0, 1), range(5), (0, 1)):
            if ma + mb <= 4 and pa_ + pb_ <= 1:
                k = 2 * (ma + mb) + pa_ + pb_
                want[k] = max(want[k], pa[2 * ma + pa_] + pb[2 * mb + pb_])
        assert profile_of(combine(a, b)) == tuple(want), (pa, pb)
        sums += tuple(want) not in (pa, pb)
    assert sums > 1000
