"""The value bound of a win (`Ruleset.below_minimum`): a ruleset's cheap proof that a hand cannot
reach its minimum, asked by `HandEngine.can` before the full analysis; it must never refuse a
win the full analysis (`Ruleset.analyse_win`) accepts.  And `HandEngine.could_win`'s kept
answers, which must be those it works out afresh."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from win_bounds import checked_audits, checked_sessions, wins_asked_with_can_and_check_compared

import paipu.record as r
from paipu.record import Seat, Span
from paipu.replay.engine import HandEngine
from paipu.replay.options import parse_options
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.ruleset import Ruleset, get_ruleset
from paipu.replay.state import Meld
from paipu.rules.zhuji.ruleset import Zhuji, ZhujiOptions
from paipu.tiles import parse_tiles

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def bound_and_analysis(hand: str, *, caishen: str = "", melds: tuple[tuple[str, str], ...] = (),
                       options: dict[str, str] | None = None, **ctx: Any) -> tuple[str, WinAnalysis]:
    """(`below_minimum`, `analyse_win`) of ``hand`` (concealed tiles, the winning tile last) as
    South's win, East dealing."""
    rs = Zhuji(parse_options(ZhujiOptions, options or {}))
    st = rs.table("E")
    st.wild_kinds = tuple(t.index for t in parse_tiles(caishen))
    tiles = parse_tiles(hand)
    for t in tiles:
        st.seats["S"].counts[t.index] += 1
    for kind, text in melds:
        st.seats["S"].melds.append(Meld(kind, list(parse_tiles(text))))  # type: ignore[arg-type]
    context = WinContext("S", tiles[-1], self_drawn=ctx.pop("self_drawn", True), **ctx)
    return rs.below_minimum(st, context), rs.analyse_win(st, context)


# ---------------------------------------------------------------- zhuji.minimum, case by case


def test_zhuji_minimum_bound_refuses_a_mixed_hand_of_chows_worth_one_tai() -> None:
    """zhuji.minimum: three suits, chows and a pair: at most 平和 1台, below 3台."""
    bound, full = bound_and_analysis("1m2m3m 4p5p6p 7s8s9s 2m3m4m 5p5p")
    assert bound == "zhuji.minimum"
    assert not full.is_win and full.rule == "zhuji.minimum"


def test_zhuji_minimum_bound_leaves_a_one_suit_hand_to_the_analysis() -> None:
    """zhuji.minimum: one suit and no honour may be 清一色 3台: the bound decides nothing, and
    the analysis finds the win."""
    bound, full = bound_and_analysis("1m2m3m 4m5m6m 7m8m9m 2m3m4m 5m5m")
    assert bound == ""
    assert full.is_win


def test_zhuji_minimum_bound_counts_dragon_pongs_made_with_caishen() -> None:
    """zhuji.minimum: 中中 and 发发 with two 财神 may be two dragon pongs (2台), plus 对对胡:
    the bound decides nothing (the analysis values the hand)."""
    bound, full = bound_and_analysis("1m1m1m 5z5z 6z6z 2p2p2p 9s9s 3s3s", caishen="3s")
    assert bound == ""
    assert full.is_win


def test_zhuji_minimum_bound_refuses_melds_of_both_sorts_with_one_dragon_pong() -> None:
    """zhuji.minimum: a melded 发 pong (1台) beside a melded chow rules out 平和 and 对对胡, and
    two suits rule out 清一色 and 混一色: 1台 at most."""
    bound, full = bound_and_analysis("1m2m3m 4p5p6p 9s9s", melds=(("pong", "6z6z6z"), ("chow", "7s8s9s")))
    assert bound == "zhuji.minimum"
    assert not full.is_win


def test_zhuji_minimum_bound_never_bounds_all_honours() -> None:
    """zhuji.minimum: 全字牌 wins without the minimum, so a hand of honours is not bounded."""
    bound, full = bound_and_analysis("1z1z1z 2z2z2z 3z3z3z 4z4z4z 7z7z")
    assert bound == ""
    assert full.is_win and full.shape == "quanzipai"


def test_zhuji_minimum_bound_counts_wucai_in_the_bao_variant() -> None:
    """zhuji.minimum, 包麻将: 无财 counts 1台 toward the minimum; 平和 1台 and 无财 1台 are still
    below 3台, but with min_tai=2 the bound leaves the hand to the analysis."""
    hand = "1m2m3m 4p5p6p 7s8s9s 2m3m4m 5p5p"
    assert bound_and_analysis(hand, caishen="1z", options={"variant": "bao"})[0] == "zhuji.minimum"
    bound, full = bound_and_analysis(hand, caishen="1z", options={"variant": "bao", "min_tai": "2"})
    assert bound == ""
    assert full.is_win


# ---------------------------------------------------------------- against the full analysis

ZHUJI_OPTIONS = [
    {},
    {"variant": "bao"},
    {"min_tai": "2"},
    {"win_on_discard": "true", "caishen_in_melds": "true"},
    {"quanzipai": "false", "min_tai": "4"},
]


@pytest.mark.parametrize("options", ZHUJI_OPTIONS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_zhuji_minimum_bound_agrees_with_the_full_analysis_on_simulated_hands(
        options: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """zhuji.minimum: over simulated sessions, every hand the bound refuses (citing rule
    zhuji.minimum) is one the full analysis refuses, and no hand the full analysis accepts
    is refused by the bound; the bound decides often (it is what spares the analyses)."""
    seen = checked_sessions(Zhuji, "zhuji.minimum", "zhuji", options, monkeypatch, 4,
                            f"win bound {sorted(options.items())}")
    assert seen["refused"] >= 20, seen
    assert seen["accepted"] >= 5, seen


def test_zhuji_minimum_bound_never_refuses_a_win_of_the_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """zhuji.minimum: on every zhuji record of samples/ (valid, invalid and the regression
    corpus), no win the full analysis accepts is refused by the bound."""
    paths = sorted(SAMPLES.glob("**/zhuji*/**/*.paipu")) + sorted(SAMPLES.glob("valid/zhuji/*.paipu"))
    assert paths
    compared = checked_audits(Zhuji, sorted(set(paths)), monkeypatch)
    assert compared >= 20


def test_a_ruleset_without_a_bound_is_always_analysed() -> None:
    """The default `below_minimum` decides nothing."""
    for name in ("hebei", "harbin", "riichi", "erren"):
        rs = get_ruleset(name)
        assert type(rs).below_minimum is Ruleset.below_minimum
        st = rs.table()
        assert rs.below_minimum(st, WinContext(rs.seats[0], parse_tiles("1m")[0], self_drawn=True)) == ""


def test_can_and_check_agree_on_every_win_the_bots_ask_about(monkeypatch: pytest.MonkeyPatch) -> None:
    """`can` (which may use the bound) says a win is legal exactly when `check` (always the full
    analysis, for its words) finds no error, at every win the simulated bots ask about."""
    assert wins_asked_with_can_and_check_compared("zhuji", 3, "can and check", monkeypatch) >= 20


# ---------------------------------------------------------------- could_win's kept answers


def test_could_win_s_kept_answers_follow_the_seat_s_tiles() -> None:
    """A seat's answers follow its tiles: a discard-wait changes as its counts do (every
    ruleset's kept answers are checked against fresh ones in tests/test_conformance.py)."""
    rs = get_ruleset("hebei")
    deals: tuple[tuple[Seat, str], ...] = (
        ("E", "1m1m1m2m2m2m3m3m3m4m4m4m5m5m"), ("S", "1p2p3p4p5p6p7p8p9p1s1s1s2s"),
        ("W", "3s3s3s4s4s4s5s5s5s6s6s6s7z"), ("N", "1z1z2z2z3z3z4z4z5z5z6z6z9s"))
    engine = HandEngine.start(rs, r.HandRecord(1, Span.none(), deals=tuple(
        r.Deal(s, parse_tiles(t), Span.none()) for s, t in deals)))
    assert engine.could_win("S", parse_tiles("2s")[0])
    engine.st.seats["S"].counts[parse_tiles("2s")[0].index] -= 1
    engine.st.seats["S"].counts[parse_tiles("9s")[0].index] += 1
    assert not engine.could_win("S", parse_tiles("2s")[0])
    assert engine.could_win("S", parse_tiles("9s")[0])
