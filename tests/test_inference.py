"""Who holds a pair of an undiscarded kind (`paipu.hand.inference`, ``paipu odds pair``):
the exact posterior against a brute force over physical slots, the edge cases, the input
checks and the command."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from click.testing import CliRunner, Result

from paipu.analysis import KindPosterior, kind_posterior, pair_odds, unseen_copies
from paipu.cli.analyze import odds

SOURCE_ANSWER = Fraction(8954400, 16013237)
"""Some opponent holds two or more 东 in the source's situation (worked in docs/analysis.md)."""
SOURCE_EXACTLY_PAIR = Fraction(8096400, 16013237)


# ---------------------------------------------------------------- brute force


@dataclass(frozen=True)
class Brute:
    opponents: tuple[tuple[Fraction, ...], ...]
    wall_counts: tuple[Fraction, ...]
    pair_or_more: Fraction
    exactly_pair: Fraction


def brute_force(unseen: int, hands: tuple[int, ...], wall: int, p: Fraction) -> Brute:
    """Every set of physical slots the unseen copies can fill, one by one, weighted by the
    chance that no opponent with a lone copy has thrown it."""
    owner = [i for i, size in enumerate(hands) for _ in range(size)] + [-1] * wall
    total = Fraction(0)
    held = [[Fraction(0)] * (unseen + 1) for _ in hands]
    in_wall = [Fraction(0)] * (unseen + 1)
    two_up = Fraction(0)
    two = Fraction(0)
    for slots in itertools.combinations(range(len(owner)), unseen):
        per_hand = [0] * len(hands)
        for s in slots:
            if owner[s] >= 0:
                per_hand[owner[s]] += 1
        weight = Fraction(1)
        for c in per_hand:
            if c == 1:
                weight *= 1 - p
        total += weight
        for i, c in enumerate(per_hand):
            held[i][c] += weight
        in_wall[unseen - sum(per_hand)] += weight
        if any(c >= 2 for c in per_hand):
            two_up += weight
        if 2 in per_hand:
            two += weight
    return Brute(
        tuple(tuple(x / total for x in row) for row in held),
        tuple(x / total for x in in_wall),
        two_up / total,
        two / total,
    )


def assert_same(got: KindPosterior, want: Brute) -> None:
    assert got.opponents == want.opponents
    assert got.wall_counts == want.wall_counts
    assert got.pair_or_more == want.pair_or_more
    assert got.exactly_pair == want.exactly_pair


# ---------------------------------------------------------------- the source's question


def test_source_question_one_east_held_none_discarded_agrees_with_brute_force() -> None:
    # 1 东 mine, none seen: 3 unseen over three hands of 13 and a wall of 136-52-39-13 = 32.
    got = pair_odds(1, 0, (13, 13, 13), 32, Fraction(9, 10))
    assert_same(got, brute_force(3, (13, 13, 13), 32, Fraction(9, 10)))
    assert got.pair_or_more == SOURCE_ANSWER
    assert got.exactly_pair == SOURCE_EXACTLY_PAIR
    assert round(float(got.pair_or_more), 4) == 0.5592


def test_source_question_worked_terms_in_the_docs_add_up() -> None:
    # The table in docs/analysis.md: the seven ways the 3 copies can fall, each with its count and likelihood.
    q = Fraction(1, 10)
    terms: dict[str, Fraction | int] = {
        "wall 3": 4960, "wall 2, one lone": 3 * 13 * 496 * q, "wall 1, a pair": 3 * 78 * 32,
        "wall 1, two lone": 3 * 13 * 13 * 32 * q**2, "a triplet": 3 * 286, "a pair and a lone": 6 * 78 * 13 * q,
        "three lone": 13**3 * q**3,
    }
    total = sum(terms.values(), Fraction(0))
    assert total * 1000 == 16013237
    pair_up = terms["wall 1, a pair"] + terms["a triplet"] + terms["a pair and a lone"]
    assert pair_up / total == SOURCE_ANSWER


def test_source_question_without_the_observation_is_the_hypergeometric_prior() -> None:
    # p = 0: the observation says nothing, so count the spreads with no hand holding two among C(71, 3).
    got = pair_odds(1, 0, (13, 13, 13), 32, 0)
    no_pair = comb(32, 3) + 3 * 13 * comb(32, 2) + 3 * 13 * 13 * 32 + 13**3
    assert got.pair_or_more == 1 - Fraction(no_pair, comb(71, 3)) == Fraction(2886, 11431)
    assert got.pair_or_more < SOURCE_ANSWER


# ---------------------------------------------------------------- other situations, brute force


@pytest.mark.parametrize(
    ("mine", "seen", "hands", "wall", "p"),
    [
        (0, 0, (5, 4, 3), 6, Fraction(9, 10)),  # all four unseen, uneven hands
        (0, 2, (13, 7), 10, Fraction(1, 3)),  # two opponents, one with melds
        (0, 0, (3, 3, 2, 2), 1, Fraction(1, 2)),  # four opponents
        (1, 0, (2, 2, 1), 0, Fraction(3, 4)),  # a wall of 0: every copy is in a hand
        (0, 0, (3, 3), 2, Fraction(1)),  # p = 1: nobody holds a lone copy
        (2, 1, (13, 13, 13), 20, Fraction(9, 10)),  # a single unseen copy: no pair possible
        (1, 1, (4, 0, 4), 3, Fraction(2, 5)),  # an empty hand
    ],
)
def test_posterior_agrees_with_brute_force_over_physical_slots(
    mine: int, seen: int, hands: tuple[int, ...], wall: int, p: Fraction
) -> None:
    got = pair_odds(mine, seen, hands, wall, p)
    assert_same(got, brute_force(4 - mine - seen, hands, wall, p))
    for row in (*got.opponents, got.wall_counts):
        assert sum(row) == 1


def test_opponents_of_one_size_share_a_law_and_sizes_differ_otherwise() -> None:
    got = pair_odds(0, 0, (13, 13, 7), 10, Fraction(9, 10))
    assert got.opponents[0] == got.opponents[1]
    assert got.opponents[2] != got.opponents[0]
    assert got.opponents[2][2] < got.opponents[0][2]  # a smaller hand holds a pair less often


# ---------------------------------------------------------------- edge cases


def test_zero_discard_probability_gives_each_hand_its_hypergeometric_marginal() -> None:
    hands, wall, unseen = (13, 10, 4), 21, 4
    places = sum(hands) + wall
    got = kind_posterior(unseen, hands, wall, Fraction(0))
    for size, row in zip(hands, got.opponents, strict=True):
        assert row == tuple(
            Fraction(comb(size, k) * comb(places - size, unseen - k), comb(places, unseen)) for k in range(unseen + 1)
        )


def test_certain_discard_leaves_no_opponent_with_a_lone_copy() -> None:
    got = pair_odds(1, 0, (13, 13, 13), 32, 1)
    assert all(row[1] == 0 for row in got.opponents)
    assert got.wall_counts[2] == 0  # two in the wall would leave the third alone in a hand
    assert got.pair_or_more > SOURCE_ANSWER


def test_pair_or_more_grows_with_the_discard_probability() -> None:
    values = [pair_odds(1, 0, (13, 13, 13), 32, Fraction(k, 10)).pair_or_more for k in range(11)]
    assert values == sorted(values) and values[0] < values[-1]


def test_no_unseen_copies_means_nobody_holds_any() -> None:
    for mine, seen in ((4, 0), (1, 3), (0, 4)):
        got = pair_odds(mine, seen, (13, 13, 13), 32, Fraction(9, 10))
        assert got.unseen == 0
        assert got.opponents == ((Fraction(1),),) * 3 and got.wall_counts == (Fraction(1),)
        assert got.pair_or_more == 0 and got.exactly_pair == 0


def test_wall_of_zero_puts_every_copy_in_a_hand() -> None:
    got = pair_odds(0, 0, (13, 13, 13), 0, Fraction(9, 10))
    assert got.wall_counts == tuple(map(Fraction, (1, 0, 0, 0, 0)))
    mean = sum(k * x for row in got.opponents for k, x in enumerate(row))
    assert mean == 4


def test_three_unseen_can_make_at_most_one_pair_so_exactly_pair_excludes_only_triplets() -> None:
    got = pair_odds(1, 0, (13, 13, 13), 32, Fraction(9, 10))
    triplet = sum(row[3] for row in got.opponents)
    assert got.pair_or_more - got.exactly_pair == triplet > 0


def test_answers_are_cached_for_kinds_that_share_a_situation() -> None:
    a = pair_odds(1, 0, (13, 13, 12), 30, Fraction(9, 10))
    b = pair_odds(0, 1, [13, 13, 12], 30, Fraction(9, 10))  # another kind, also 3 unseen
    assert a is b


def test_unseen_copies_is_four_less_mine_and_seen() -> None:
    assert unseen_copies(1, 0) == 3
    assert unseen_copies(0, 0, copies=2) == 2


# ---------------------------------------------------------------- impossible input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 0, (13, 13, 13), 32, Fraction(1, 2)), "cannot be negative"),
        ((0, -1, (13, 13, 13), 32, Fraction(1, 2)), "cannot be negative"),
        ((3, 2, (13, 13, 13), 32, Fraction(1, 2)), "make 5 copies; a kind has 4"),
        ((1, 0, (13, -1, 13), 32, Fraction(1, 2)), "negative number of tiles"),
        ((1, 0, (13, 13, 13), -1, Fraction(1, 2)), "wall cannot hold a negative"),
        ((1, 0, (13, 13, 13), 32, Fraction(-1, 10)), "between 0 and 1"),
        ((1, 0, (13, 13, 13), 32, Fraction(11, 10)), "between 0 and 1"),
        ((0, 0, (1, 1), 1, Fraction(1, 2)), "4 unseen copies do not fit in 3"),
        ((3, 0, (13, 13, 13), 0, Fraction(1)), "observation is impossible"),
    ],
)
def test_impossible_inputs_are_value_errors_that_say_why(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pair_odds(*args)


def test_a_float_probability_is_refused_because_it_is_not_the_decimal_it_looks_like() -> None:
    with pytest.raises(TypeError, match=r"not the float 0\.9"):
        kind_posterior(3, (13, 13, 13), 32, 0.9)  # type: ignore[arg-type]


# ---------------------------------------------------------------- paipu odds pair


def run(*args: str) -> Result:
    return CliRunner().invoke(odds, ["pair", *args])


def assert_one_line_error(result: Result, text: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("paipu: error: ") and text in lines[0], result.output
    assert "Traceback" not in result.output


def json_of(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


def test_cli_defaults_are_the_source_question_and_print_fraction_and_decimal() -> None:
    result = run()
    assert result.exit_code == 0, result.output
    assert "0.559187  (8954400/16013237)" in result.output
    assert "0.505607  (8096400/16013237)" in result.output
    assert "东" in result.output


def test_cli_json_has_floats_fractions_and_each_opponents_posterior() -> None:
    data = json_of(run("--json"))
    assert data["pair_or_more"] == pytest.approx(float(SOURCE_ANSWER))
    assert data["pair_or_more_fraction"] == "8954400/16013237"
    assert data["exactly_pair_fraction"] == "8096400/16013237"
    assert data["kind"] == "1z" and data["unseen"] == 3 and data["discard_prob"] == "9/10"
    assert len(data["opponents"]) == 3
    first = data["opponents"][0]
    assert first["hand"] == 13 and len(first["counts"]) == 4
    assert first["counts_fractions"][2] == "2698800/16013237"
    assert sum(first["counts"]) == pytest.approx(1)


def test_cli_accepts_east_as_a_chinese_character_and_a_fraction_or_decimal_probability() -> None:
    as_code = json_of(run("--kind", "1z", "--discard-prob", "0.9", "--json"))
    as_char = json_of(run("--kind", "东", "--discard-prob", "9/10", "--json"))
    assert as_code == as_char


def test_cli_options_change_the_situation() -> None:
    data = json_of(run("--kind", "5m", "--mine", "0", "--seen", "2", "--hands", "13,7", "--wall", "10",
                       "--discard-prob", "1/3", "--json"))
    want = brute_force(2, (13, 7), 10, Fraction(1, 3))
    assert data["pair_or_more_fraction"] == str(want.pair_or_more)
    assert [o["hand"] for o in data["opponents"]] == [13, 7]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--discard-prob", "1.5"), "between 0 and 1"),
        (("--discard-prob", "ninety"), "--discard-prob: 'ninety' is not a probability"),
        (("--discard-prob", "1/0"), "is not a probability"),
        (("--kind", "0z"), "bad tile"),
        (("--kind", "春"), "flower"),
        (("--kind", "1m 2m"), "one tile kind"),
        (("--mine", "3", "--seen", "2"), "a kind has 4"),
        (("--mine", "x"), "--mine: 'x' is not a whole number"),
        (("--hands", "13,,13"), "--hands"),
        (("--hands", ""), "--hands"),
        (("--wall", "-1"), "--wall"),
        (("--hands", "1", "--wall", "1"), "do not fit"),
        (("--mine", "3", "--wall", "0", "--discard-prob", "1"), "impossible"),
    ],
)
def test_cli_bad_input_is_one_line_with_status_2(args: tuple[str, ...], message: str) -> None:
    assert_one_line_error(run(*args), message)


def test_cli_help_explains_every_option() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--kind", "--mine", "--seen", "--hands", "--wall", "--discard-prob", "--json"):
        assert option in result.output


def test_odds_without_a_subcommand_still_counts_hands() -> None:
    result = CliRunner().invoke(odds, ["-r", "erren", "--json"])
    assert json_of(result)["tiles"] == 64


def test_odds_options_before_pair_are_refused_rather_than_ignored() -> None:
    assert_one_line_error(CliRunner().invoke(odds, ["--json", "pair"]), "--json before `pair` is an option")


def test_cli_text_lists_each_opponents_and_the_walls_posterior_counts() -> None:
    lines = run("--hands", "13,10", "--wall", "20").output.splitlines()
    rows = {line.split("(")[0].strip(): line.split()[-4:] for line in lines if line.startswith("  ")}
    want = pair_odds(1, 0, (13, 10), 20, Fraction(9, 10))
    assert rows == {
        "opponent 1": [f"{float(x):.6f}" for x in want.opponents[0]],
        "opponent 2": [f"{float(x):.6f}" for x in want.opponents[1]],
        "wall": [f"{float(x):.6f}" for x in want.wall_counts],
    }


def test_paipu_main_has_odds_pair() -> None:
    from paipu.cli import main

    result = CliRunner().invoke(main, ["odds", "pair", "--kind", "5p", "--mine", "2", "--json"])
    assert json_of(result)["kind"] == "5p" and json_of(result)["unseen"] == 2
