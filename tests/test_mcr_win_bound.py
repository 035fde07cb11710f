"""Rule mcr.minimum, bounded: `Mcr.below_minimum` (through `paipu.rules.shared.fans.value_bound`)
refuses a win without its full evaluation only when no reading of the hand can reach the
8-fan minimum; it must never refuse a win `Mcr.analyse_win` accepts.  Checked case by case,
against the full evaluation on built hands of every kind, over simulated sessions (several
option sets) and on every mcr record of the samples."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from win_bounds import checked_audits, checked_sessions, wins_asked_with_can_and_check_compared

from paipu.replay.options import parse_options
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.state import Meld
from paipu.rules.mcr import Mcr
from paipu.rules.mcr.options import McrOptions
from paipu.rules.shared.fans import MeldIn, WinIn, evaluate, value_bound
from paipu.tiles import parse_tiles

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def bound_and_analysis(hand: str, *, melds: tuple[tuple[str, str], ...] = (),
                       options: dict[str, str] | None = None, **ctx: object) -> tuple[str, WinAnalysis]:
    """(`below_minimum`, `analyse_win`) of ``hand`` (concealed tiles, the winning tile last) as
    South's win, East dealing; self-drawn unless ``self_drawn=False``."""
    rs = Mcr(parse_options(McrOptions, options or {}))
    st = rs.table("E")
    tiles = parse_tiles(hand)
    for tile in tiles:
        st.seats["S"].counts[tile.index] += 1
    for kind, text in melds:
        st.seats["S"].melds.append(Meld(kind, list(parse_tiles(text))))  # type: ignore[arg-type]
    self_drawn = bool(ctx.pop("self_drawn", True))
    context = WinContext("S", tiles[-1], self_drawn=self_drawn, from_seat=None if self_drawn else "E",
                         **ctx)  # type: ignore[arg-type]
    return rs.below_minimum(st, context), rs.analyse_win(st, context)


# ---------------------------------------------------------------- mcr.minimum, case by case


def test_mcr_minimum_bound_refuses_a_mixed_hand_of_chows_worth_a_few_fans() -> None:
    """mcr.minimum: three suits, chows and a pair, won on a discard with a chow melded: at most
    喜相逢, 断幺, 平和 and a wait fan, below 8番."""
    bound, full = bound_and_analysis("2m3m4m 2p3p4p 6s7s 5p5p 8s", melds=(("chow", "4m5m6m"),),
                                     self_drawn=False)
    assert bound == "mcr.minimum"
    assert not full.is_win and full.rule == "mcr.minimum"


def test_mcr_minimum_bound_leaves_a_possible_qinglong_to_the_evaluation() -> None:
    """mcr.minimum: 123 456 789 of one suit may be 清龙 (16番): the bound decides nothing, and
    the full evaluation finds the win."""
    bound, full = bound_and_analysis("1m2m3m 4m5m6m 7m8m9m 2p3p4p 5s5s")
    assert bound == ""
    assert full.is_win and "qinglong" in {i.id for i in full.items}


def test_mcr_minimum_bound_leaves_a_hand_that_may_have_no_fan_to_the_evaluation() -> None:
    """mcr.minimum: 无番和 is worth 8番: a hand won on a discard with claimed melds whose every
    fan depends on its reading may have none, so the bound decides nothing."""
    bound, full = bound_and_analysis("2m3m 6p7p8p 1z1z 4m", melds=(("chow", "3s4s5s"), ("chow", "7s8s9s")),
                                     self_drawn=False)
    assert bound == ""
    assert full.is_win and [i.id for i in full.items] == ["wufanhe"]


def test_mcr_minimum_bound_counts_a_melded_honour_pong_as_a_fan_every_reading_has() -> None:
    """mcr.minimum: a melded pong of the seat's wind is 门风刻 in every reading, so no reading is
    无番和, and the rest is too little: refused by the bound."""
    bound, full = bound_and_analysis("2m3m 6p7p8p 5s5s 4m", melds=(("pong", "2z2z2z"), ("chow", "3s4s5s")),
                                     self_drawn=False)
    assert bound == "mcr.minimum"
    assert not full.is_win


def test_mcr_minimum_bound_follows_the_min_fan_option() -> None:
    """mcr.minimum with ``min_fan``: the same cheap hand is left to the evaluation (which accepts
    it) with a minimum of 2, and never bounded with 0."""
    hand, melds = "2m3m4m 2p3p4p 6s7s 5p5p 8s", (("chow", "4m5m6m"),)
    for minimum in ("2", "0"):
        bound, full = bound_and_analysis(hand, melds=melds, self_drawn=False, options={"min_fan": minimum})
        assert bound == ""
        assert full.is_win


def test_mcr_minimum_bound_leaves_special_shapes_to_the_evaluation() -> None:
    """mcr.minimum: 七对 and 全不靠 are not bounded (the bound knows four sets and a pair only)."""
    for hand in ("1m1m 3m3m 5p5p 7p7p 2s2s 4s4s 6z6z", "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 5z"):
        bound, full = bound_and_analysis(hand)
        assert bound == ""
        assert full.is_win


# ---------------------------------------------------------------- against the full evaluation


def _random_win(rng: random.Random) -> WinIn | None:
    """A hand of four sets and a pair built at random (some sets melded), or None when the
    tiles run out: chows, pongs and kongs of every kind, leaning to the shapes fans are made of."""
    counts = [0] * 34
    melds: list[MeldIn] = []
    concealed = [0] * 34
    suit = rng.randrange(3)
    for _ in range(4):
        k = rng.randrange(34) if rng.random() < 0.5 else 9 * (suit if rng.random() < 0.6 else rng.randrange(3)) + \
            rng.randrange(9)
        kind = "chow" if k < 27 and k % 9 <= 6 and rng.random() < 0.6 else "pong"
        if kind == "pong" and rng.random() < 0.1:
            kind = "kong"
        tiles = [k, k + 1, k + 2] if kind == "chow" else [k] * (4 if kind == "kong" else 3)
        for x in tiles:
            counts[x] += 1
        if rng.random() < 0.35:
            melds.append(MeldIn(kind, k, kind == "kong" and rng.random() < 0.4))  # type: ignore[arg-type]
        else:
            if kind == "kong":
                return None
            for x in tiles:
                concealed[x] += 1
    pair = rng.randrange(34)
    counts[pair] += 2
    concealed[pair] += 2
    if max(counts) > 4:
        return None
    win = rng.choice([k for k in range(34) if concealed[k]])
    self_drawn = rng.random() < 0.4
    return WinIn(tuple(concealed), tuple(melds), win, self_drawn, last_of_kind=rng.random() < 0.1,
                 about_kong=rng.random() < 0.05, wall_last=rng.random() < 0.05, seat_wind=rng.randrange(4),
                 prevalent_wind=rng.randrange(4))


def test_mcr_minimum_bound_is_never_below_a_reading_of_built_hands() -> None:
    """mcr.minimum: on thousands of built hands of four sets and a pair, `value_bound`, where it
    gives a bound, is at least what every reading of the full evaluation is worth; and it gives
    one for most hands worth less than 8番 (it is what spares their evaluation)."""
    rng = random.Random("mcr value bound")
    bounded = refused = low = 0
    for _ in range(3000):
        w = _random_win(rng)
        if w is None:
            continue
        readings = evaluate(w)
        if not readings:
            continue
        bound = value_bound(w)
        best = max(rd.total for rd in readings)
        if best < 8:
            low += 1
        if bound is None:
            continue
        bounded += 1
        assert all(rd.total <= bound for rd in readings), (w, bound, [dict(rd.fans) for rd in readings])
        if bound < 8:
            refused += 1
    assert bounded >= 1000
    assert refused >= low // 2 and refused >= 100, (refused, low)


MCR_OPTIONS = [{}, {"flowers": "true"}, {"prevalent": "rotate", "seat_wind": "dealer"}, {"min_fan": "12"}]


@pytest.mark.parametrize("options", MCR_OPTIONS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_mcr_minimum_bound_agrees_with_the_full_analysis_on_simulated_hands(
        options: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """mcr.minimum: over simulated sessions, every hand the bound refuses (citing rule
    mcr.minimum) is one the full analysis refuses, and no hand the full analysis accepts is
    refused by the bound; the bound decides often."""
    seen = checked_sessions(Mcr, "mcr.minimum", "mcr", options, monkeypatch, 3,
                            f"mcr win bound {sorted(options.items())}")
    assert seen["refused"] >= 20, seen
    assert seen["accepted"] >= 5, seen


def test_mcr_minimum_bound_never_refuses_a_win_of_the_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """mcr.minimum: on every mcr record of samples/ (valid, invalid and the regression corpus),
    no win the full analysis accepts is refused by the bound."""
    paths = sorted({*SAMPLES.glob("**/mcr*/**/*.paipu"), *SAMPLES.glob("valid/mcr/*.paipu")})
    assert paths
    assert checked_audits(Mcr, paths, monkeypatch) >= 10


def test_mcr_can_and_check_agree_on_every_win_the_bots_ask_about(monkeypatch: pytest.MonkeyPatch) -> None:
    """mcr.minimum: `can` (which may use the bound) says a win is legal exactly when `check`
    (always the full analysis) finds no error, at every win the simulated bots ask about."""
    assert wins_asked_with_can_and_check_compared("mcr", 2, "mcr can and check", monkeypatch) >= 20


def test_mcr_minimum_bound_of_chows_that_cannot_be_read_together_is_no_three_chow_fan() -> None:
    """mcr.minimum: 1m2m3m3m4m5m holds the chows 123, 234 and 345 of 万, but no reading holds
    them together (one 3m short), so they make no 一色三步高 for the bound, which refuses the
    hand (幺九刻, 喜相逢 and the like at most)."""
    bound, full = bound_and_analysis("1m2m3m3m4m 7s7s 5m", melds=(("chow", "3p4p5p"), ("pong", "1z1z1z")),
                                     self_drawn=False)
    assert bound == "mcr.minimum"
    assert not full.is_win and "yisesanbugao" not in {i.id for i in full.items}
