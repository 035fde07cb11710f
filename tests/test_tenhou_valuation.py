"""Valuing riichi wins with the ``mahjong`` package: synthetic hands, then every win of the real logs.

Tenhou's own figures (han, fu, points, yaku) are the reference: the logs' wins must come out
the same when the package is set to Tenhou's rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from paipu.importers.tenhou import (
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    Game,
    Limit,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    Rules,
    Win,
    read_json6,
    read_mjlog,
)
from paipu.importers.tenhou.valuation import Conditions, ValuationError, conditions, expected_deltas, value_win
from paipu.value import field_names, replace

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou"
MJLOG_FILES = sorted((LOGS / "mjlog").glob("*.mjlog")) if LOGS.is_dir() else []
JSON_FILES = sorted((LOGS / "json6").glob("*.json")) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not MJLOG_FILES, reason="real Tenhou logs not present at ../shared/logs/tenhou")


def _win(hand: tuple[int, ...], win_tile: int, *, seat: int = 1, from_seat: int = 0,
         melds: tuple[Call, ...] = (), dora: tuple[int, ...] = (135,), ura: tuple[int, ...] = ()) -> Win:
    return Win(
        seat=seat, from_seat=from_seat, hand=hand, win_tile=win_tile, melds=melds, han=0, fu=0, points=0,
        limit=Limit.NONE, yaku=(), yakuman=(), dora_indicators=dora, ura_indicators=ura, honba=0, sticks=0,
        scores=(25000,) * 4, deltas=(0,) * 4,
    )


def _round(events: tuple[Event, ...], dealer: int = 0) -> Round:
    return Round(
        round_wind=0, number=1, honba=0, sticks=0, dealer=dealer, scores=(25000,) * 4, dora_indicator=135,
        hands=((),) * 4, events=events,
    )


# 234m 567p 345s 678s 22p, won on the 8s: all simples; pinfu when concealed
TANYAO_HAND = (4, 8, 12, 56, 60, 64, 44, 45, 80, 84, 88, 92, 96, 100)
RED_TANYAO_HAND = (4, 8, 12, 56, 60, 64, 44, 45, 80, 84, 89, 92, 96, 100)


def test_closed_ron_pinfu_tanyao_with_a_red_five() -> None:
    win = _win(TANYAO_HAND, 100)
    rnd = _round((Discard(0, 100, False), win))
    v = value_win(Rules(), rnd, win)
    names = {y.name: y.han for y in v.yaku}
    assert names == {"平和": 1, "断幺九": 1, "赤ドラ": 1}
    assert (v.han, v.fu, v.points) == (3, 30, 3900)


def test_red_fives_count_only_in_games_with_red_fives() -> None:
    win = _win(RED_TANYAO_HAND, 100)
    rnd = _round((Discard(0, 100, False), win))
    v = value_win(Rules(red_fives=False), rnd, win)
    assert v.han == 2 and all(y.name != "赤ドラ" for y in v.yaku)


def test_open_tanyao_needs_the_open_tanyao_rule() -> None:
    chi = Call(1, CallKind.CHI, 0, (4, 8, 12), called=4)
    win = _win((56, 60, 64, 44, 45, 80, 84, 89, 92, 96, 100), 100, melds=(chi,))
    rnd = _round((Discard(0, 4, False), chi, Discard(1, 0, False), Discard(0, 100, False), win))
    assert value_win(Rules(red_fives=False), rnd, win).han == 1
    with pytest.raises(ValuationError):
        value_win(Rules(red_fives=False, open_tanyao=False), rnd, win)


def test_riichi_ippatsu_and_ura_dora_come_from_the_round() -> None:
    win = _win(TANYAO_HAND, 100, ura=(3,))  # ura indicator 1m: the 2m in the hand is ura dora
    rnd = _round((Discard(1, 0, False), RiichiDeclared(1), Discard(1, 1, False), RiichiAccepted(1),
                  Discard(2, 2, False), Discard(3, 3, False), Discard(0, 100, False), win))
    c = conditions(rnd, win)
    assert c.riichi and c.ippatsu and not c.double_riichi
    names = {y.name: y.han for y in value_win(Rules(red_fives=False), rnd, win).yaku}
    assert names["立直"] == 1 and names["一発"] == 1 and names["裏ドラ"] == 1


def test_a_call_after_riichi_ends_ippatsu_but_a_robbed_kakan_does_not() -> None:
    pon = Call(2, CallKind.PON, 0, (124, 125, 126), called=124)
    win = _win(TANYAO_HAND, 100)
    rnd = _round((Discard(1, 0, False), RiichiDeclared(1), Discard(1, 1, False), RiichiAccepted(1),
                  pon, Discard(2, 2, False), Discard(0, 100, False), win))
    c = conditions(rnd, win)
    assert c.riichi and not c.ippatsu
    kakan = Call(0, CallKind.KAKAN, 2, (100, 101, 102, 103), called=101, added=100)
    robbed = _round((Discard(1, 0, False), RiichiDeclared(1), Discard(1, 1, False), RiichiAccepted(1),
                     Draw(0, 100), kakan, win))
    c = conditions(robbed, win)
    assert c.chankan and c.ippatsu


def test_double_riichi_is_riichi_on_the_first_uninterrupted_discard() -> None:
    win = _win(TANYAO_HAND, 100, seat=1)
    first = _round((Draw(0, 130), Discard(0, 130, True), Draw(1, 131), RiichiDeclared(1), Discard(1, 131, True),
                    RiichiAccepted(1), Discard(2, 2, False), Discard(3, 3, False), Discard(0, 100, False), win))
    assert conditions(first, win).double_riichi
    late = _round((Draw(1, 132), Discard(1, 132, True), Draw(1, 131), RiichiDeclared(1), Discard(1, 131, True),
                   RiichiAccepted(1), Discard(0, 100, False), win))
    c = conditions(late, win)
    assert c.riichi and not c.double_riichi


def test_first_draw_wins_are_tenhou_for_the_dealer_and_chiihou_otherwise() -> None:
    dealer_win = _win(TANYAO_HAND, 100, seat=0, from_seat=0)
    dealer = conditions(_round((Draw(0, 100), dealer_win)), dealer_win)
    assert dealer == Conditions(tsumo=True, tenhou=True)
    v = value_win(Rules(red_fives=False), _round((Draw(0, 100), dealer_win)), dealer_win)
    assert v.yakuman and v.han == 13 and v.main == 16000 and v.points == 48000
    other_win = _win(TANYAO_HAND, 100, seat=2, from_seat=2)
    other = conditions(_round((Draw(0, 130), Discard(0, 130, True), Draw(2, 100), other_win)), other_win)
    assert other.chiihou and not other.tenhou


def test_replacement_draw_win_is_rinshan_and_last_tile_is_haitei() -> None:
    win = _win(TANYAO_HAND, 100, seat=1, from_seat=1)
    ankan = Call(1, CallKind.ANKAN, 1, (124, 125, 126, 127))
    rinshan = conditions(_round((Draw(1, 127), ankan, Draw(1, 100, rinshan=True), win)), win)
    assert rinshan.rinshan and not rinshan.haitei
    draws = [Draw(i % 4, i) for i in range(69)]
    assert conditions(_round((*draws, Draw(1, 100), win)), win).haitei


def test_a_hand_that_does_not_win_raises() -> None:
    hand = (0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52)
    win = _win(hand, 52)
    with pytest.raises(ValuationError, match="E1"):
        value_win(Rules(), _round((Discard(0, 52, False), win)), win)


# ---------------------------------------------------------------- real logs


@pytest.fixture(scope="module")
def mjlog_games() -> dict[str, Game]:
    return {path.name: read_mjlog(path) for path in MJLOG_FILES}


@needs_logs
def test_every_real_win_has_tenhous_han_fu_and_points(mjlog_games: dict[str, Game]) -> None:
    wins = 0
    for name, game in mjlog_games.items():
        for rnd in game.rounds:
            for win in rnd.wins:
                v = value_win(game.rules, rnd, win)
                assert (v.han, v.fu, v.points) == (win.han, win.fu, win.points), (name, rnd.label, win.seat)
                wins += 1
    assert wins >= 200


@needs_logs
def test_every_real_win_has_tenhous_yaku(mjlog_games: dict[str, Game]) -> None:
    for name, game in mjlog_games.items():
        for rnd in game.rounds:
            for win in rnd.wins:
                v = value_win(game.rules, rnd, win)
                mine = sorted((y.id, y.han) for y in v.yaku if y.han)
                logged = sorted((y.id, y.han) for y in win.yaku + win.yakuman if y.han)
                assert mine == logged, (name, rnd.label, win.seat)
                assert v.yakuman == bool(win.yakuman)


@needs_logs
def test_real_special_wins_are_recognised(mjlog_games: dict[str, Game]) -> None:
    seen: set[str] = set()
    for game in mjlog_games.values():
        for rnd in game.rounds:
            for win in rnd.wins:
                c = conditions(rnd, win)
                seen.update(name for name in field_names(Conditions) if getattr(c, name))
    assert {"tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "tenhou"} <= seen



@pytest.mark.skipif(not JSON_FILES, reason="real tenhou.net/6 logs not present")
def test_every_valued_json6_win_agrees_with_the_package() -> None:
    checked = 0
    for path in JSON_FILES:
        game = read_json6(path)
        for rnd in game.rounds:
            for win in rnd.wins:
                if win.han is None:  # a hand-made fixture states no value
                    continue
                v = value_win(game.rules, rnd, win)
                assert (v.han, v.points) == (win.han, win.points), (path.name, rnd.label, win.seat)
                assert win.fu is None or win.fu == v.fu, (path.name, rnd.label)
                mine = sorted((y.id, y.han) for y in v.yaku if y.han)
                assert mine == sorted((y.id, y.han) for y in win.yaku + win.yakuman if y.han), path.name
                checked += 1
    assert checked >= 19


# ---------------------------------------------------------------- payments


def test_tsumo_payments_split_between_dealer_and_others_with_honba() -> None:
    win = replace(_win(TANYAO_HAND, 100, seat=1, from_seat=1), sticks=2)
    rnd = replace(_round((Draw(1, 130), Discard(1, 130, True), Draw(1, 100), win)), honba=1)
    v = value_win(Rules(), rnd, win)
    assert (v.han, v.fu, v.main, v.additional) == (4, 20, 2600, 1300)  # tsumo, pinfu, tanyao, red five
    assert expected_deltas(rnd, win, v) == (-2700, 2700 + 2 * 1400 + 2000, -1400, -1400)


def test_a_ron_with_a_liable_seat_is_not_modelled() -> None:
    win = replace(_win(TANYAO_HAND, 100, seat=1, from_seat=0), pao_seat=2)
    rnd = _round((Discard(0, 100, False), win))
    assert expected_deltas(rnd, win, value_win(Rules(), rnd, win)) is None


@needs_logs
def test_every_real_win_pays_what_its_value_says(mjlog_games: dict[str, Game]) -> None:
    games = list(mjlog_games.values()) + [read_json6(p) for p in JSON_FILES if p.name != "confusing_nakis_1.json"]
    checked = 0
    for game in games:
        for rnd in game.rounds:
            for win in rnd.wins:
                if win.han is not None:
                    assert expected_deltas(rnd, win, value_win(game.rules, rnd, win)) == win.deltas, rnd.label
                    checked += 1
    assert checked >= 200
