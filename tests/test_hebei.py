"""The Hebei ruleset (docs/rules/hebei.md): one test per rule row, named after the rule and the case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import paipu.record as r
from paipu.auditing import audit_text
from paipu.record import Seat, Span
from paipu.replay.options import parse_options
from paipu.replay.result import HandResult, SessionState, WinAnalysis, WinContext
from paipu.replay.ruleset import ruleset_class
from paipu.replay.settle import item_totals
from paipu.replay.state import HandState, Meld
from paipu.rules.hebei.ruleset import Hebei, HebeiOptions
from paipu.sim.mutate import mutants
from paipu.sim.simulate import simulate
from paipu.tiles import Tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "samples" / "valid" / "hebei"
INVALID = ROOT / "samples" / "invalid" / "hebei"


def ruleset(options: dict[str, str] | None = None) -> Hebei:
    return Hebei(parse_options(HebeiOptions, options or {}))


def table(rs: Hebei, dealer: Seat = "E") -> HandState:
    return rs.table(dealer)


def add_melds(st: HandState, seat: Seat, melds: tuple[tuple[str, str], ...]) -> None:
    for kind, text in melds:
        source: Seat | None = "N" if kind in ("pong", "kong") and seat != "N" else None
        st.seats[seat].melds.append(Meld(kind, list(parse_tiles(text)), None, source))  # type: ignore[arg-type]


def analyse(
    hand: str,
    *,
    melds: tuple[tuple[str, str], ...] = (),
    seat: Seat = "S",
    dealer: Seat = "E",
    options: dict[str, str] | None = None,
    **ctx: Any,
) -> WinAnalysis:
    """Analyse ``hand`` (the concealed tiles, winning tile last) as a win of ``seat``."""
    rs = ruleset(options)
    st = table(rs, dealer)
    tiles = parse_tiles(hand)
    for t in tiles:
        st.seats[seat].counts[t.index] += 1
    add_melds(st, seat, melds)
    context = WinContext(seat, tiles[-1], self_drawn=ctx.pop("self_drawn", True), **ctx)
    return rs.analyse_win(st, context)


def items(a: WinAnalysis) -> dict[str, int]:
    return item_totals(a.items)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def errors(text: str, options: dict[str, str] | None = None) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in audit_text(text, options=options).findings if f.severity == "error"]


# ---------------------------------------------------------------- the registry and options


def test_ruleset_found_by_name_and_chinese_aliases() -> None:
    assert ruleset_class("hebei") is ruleset_class("河北") is ruleset_class("河北麻将") is Hebei


def test_every_rule_row_of_the_table_has_text_and_source() -> None:
    for rid, rule in Hebei.rules.items():
        assert rule.id == rid and rule.text and rule.source


def test_every_fan_item_is_a_rule_with_a_chinese_name() -> None:
    names = Hebei().item_ids()
    assert names["七对"] == "qidui" and names["青一色"] == "qingyise" and names["捉五"] == "zhuowu"
    assert len({v for v in names.values()}) == 17


def test_claims_are_pong_and_kong_without_chow() -> None:
    assert Hebei.claims == frozenset({"pong", "kong"})


def test_multi_win_option_defaults_to_true_and_is_read_per_instance() -> None:
    assert ruleset().multi_win is True
    assert ruleset({"multi_win": "false"}).multi_win is False
    assert ruleset().multi_win is True


# ---------------------------------------------------------------- 番 items (docs/rules/hebei.md)


def test_fan_pengpenghu_all_pongs_is_3() -> None:
    a = analyse("222m 444m 666p 888s 11z")
    assert a.is_win and items(a) == {"pengpenghu": 3, "menqing": 2} and a.total == 5


def test_fan_pengpenghu_not_with_a_chow() -> None:
    assert "pengpenghu" not in items(analyse("123m 444m 666p 888s 11z"))


def test_fan_dadiaoche_four_melds_single_wait_is_2() -> None:
    a = analyse("5p 5p", melds=(("pong", "111m"), ("pong", "999p"), ("pong", "333s"), ("kong", "7777s")),
                self_drawn=False, from_seat="W")
    assert items(a) == {"pengpenghu": 3, "dadiaoche": 2}


def test_fan_dadiaoche_counts_a_concealed_kong_as_one_of_the_four_melds() -> None:
    a = analyse("5p 5p", melds=(("pong", "111m"), ("pong", "999p"), ("pong", "333s"), ("ankong", "7777s")))
    assert items(a).get("dadiaoche") == 2


def test_fan_dadiaoche_not_with_three_melds() -> None:
    a = analyse("234m 5p 5p", melds=(("pong", "111m"), ("pong", "999p"), ("pong", "333s")))
    assert a.is_win and "dadiaoche" not in items(a)


def test_fan_qingyise_one_suit_is_3() -> None:
    a = analyse("123m 345m 678m 999m 22m")
    assert items(a) == {"qingyise": 3, "menqing": 2}


def test_fan_hunyise_one_suit_plus_honours_is_2() -> None:
    a = analyse("123m 345m 678m 111z 22z")
    assert items(a) == {"hunyise": 2, "menqing": 2}


def test_fan_two_suits_is_neither_qingyise_nor_hunyise() -> None:
    a = analyse("123m 345p 678m 111z 22z")
    assert "qingyise" not in items(a) and "hunyise" not in items(a)


def test_fan_qingfeng_all_honours_is_3() -> None:
    a = analyse("111z 222z 333z 555z 77z")
    assert items(a) == {"qingfeng": 3, "pengpenghu": 3, "menqing": 2}


def test_fan_qingfeng_in_seven_pairs() -> None:
    a = analyse("11223344556677z")
    assert a.shape == "seven_pairs" and items(a) == {"qidui": 2, "qingfeng": 3, "menqing": 2}


def test_fan_yitiaolong_123_456_789_of_one_suit_is_2() -> None:
    a = analyse("123m 456m 789m 234p 55s")
    assert items(a) == {"yitiaolong": 2, "menqing": 2}


def test_fan_yitiaolong_not_across_suits() -> None:
    a = analyse("123m 456p 789m 234s 55s")
    assert "yitiaolong" not in items(a) and "hualong" not in items(a)


def test_fan_qidui_seven_pairs_is_2() -> None:
    a = analyse("11m 33m 55p 77p 99s 22z 44z")
    assert a.shape == "seven_pairs" and items(a) == {"qidui": 2, "menqing": 2}


def test_fan_qidui_not_with_a_meld() -> None:
    a = analyse("111m 22m 33m 55p 66p", melds=(("pong", "999p"),))
    assert not a.is_win and "seven pairs" in a.reason


def test_fan_qidui_four_of_a_kind_counts_as_two_pairs() -> None:
    a = analyse("1111m 33m 55p 77p 99s 22z")
    assert a.is_win and a.shape == "seven_pairs"


def test_fan_shisanyao_thirteen_orphans_is_10() -> None:
    a = analyse("19m 19p 19s 1234567z 7z", self_drawn=False, from_seat="E")
    assert a.shape == "thirteen_orphans" and items(a) == {"shisanyao": 10, "menqing": 2}


def test_fan_shisanyao_any_orphan_may_be_the_pair() -> None:
    # paipu reads thirteen orphans in general; the source's narrower text (the 14th tile a dragon) is not followed.
    a = analyse("19m 19p 19s 1234567z 9m")
    assert a.is_win and items(a)["shisanyao"] == 10


def test_fan_shisanyao_needs_every_orphan() -> None:
    a = analyse("19m 19p 19s 123456z 77z 1m")
    assert not a.is_win


def test_fan_haidilaoyue_self_drawn_on_the_last_tile_is_2() -> None:
    a = analyse("123m 456m 789p 234s 55s", last_tile=True)
    assert items(a).get("haidilaoyue") == 2


def test_fan_haidilaoyue_not_on_a_discard() -> None:
    a = analyse("123m 456m 789p 234s 55s", last_tile=True, self_drawn=False, from_seat="W")
    assert a.is_win and "haidilaoyue" not in items(a)


def test_fan_hunqidui_replaces_qidui_and_hunyise_and_is_4() -> None:
    a = analyse("11m 33m 55m 77m 99m 22z 44z")
    assert items(a) == {"hunqidui": 4, "menqing": 2}


def test_fan_qingqidui_replaces_qidui_and_qingyise_and_is_5() -> None:
    a = analyse("11p 22p 33p 55p 77p 99p 44p")
    assert items(a) == {"qingqidui": 5, "menqing": 2}


def test_fan_haohuaqidui_one_four_of_a_kind_is_8() -> None:
    a = analyse("1111m 33m 55p 77p 99s 22z")
    assert items(a) == {"haohuaqidui": 8, "menqing": 2}


def test_fan_haohuaqidui_two_fours_is_16() -> None:
    assert items(analyse("1111m 3333m 55p 77p 99s"))["haohuaqidui"] == 16


def test_fan_haohuaqidui_three_fours_is_32() -> None:
    assert items(analyse("1111m 3333m 5555p 77p"))["haohuaqidui"] == 32


def test_fan_haohuaqidui_replaces_only_qidui_so_qingyise_stays() -> None:
    a = analyse("1111p 22p 55p 77p 99p 44p")
    assert items(a) == {"haohuaqidui": 8, "qingyise": 3, "menqing": 2} and a.total == 13


def test_fan_hualong_123_456_789_in_three_suits_is_5() -> None:
    a = analyse("123m 456p 789s 111z 22z")
    assert items(a) == {"hualong": 5, "menqing": 2}


def test_fan_menqing_no_pong_no_exposed_kong_is_2() -> None:
    assert items(analyse("123m 456m 789p 234s 55s")).get("menqing") == 2


def test_fan_menqing_allows_a_concealed_kong() -> None:
    a = analyse("123m 456m 789p 55s", melds=(("ankong", "2222s"),))
    assert items(a).get("menqing") == 2


@pytest.mark.parametrize("kind", ["pong", "kong", "addkong"])
def test_fan_menqing_lost_with_a_pong_or_exposed_kong(kind: str) -> None:
    meld = "222s" if kind == "pong" else "2222s"
    a = analyse("123m 456m 789p 55s", melds=((kind, meld),))
    assert a.is_win and "menqing" not in items(a)


def test_fan_qianggang_robbing_a_kong_is_2() -> None:
    a = analyse("123m 456m 789p 55s 23s 4s", self_drawn=False, robbed=True, from_seat="W")
    assert items(a).get("qianggang") == 2


def test_fan_gangkai_win_on_a_kong_replacement_draw_is_2() -> None:
    a = analyse("123m 456m 99m 78p 9p", melds=(("ankong", "1111z"),), after_kong=True)
    assert items(a).get("gangkai") == 2


def test_fan_zhuowu_5m_in_the_4m_6m_gap_is_5() -> None:
    a = analyse("46m 789m 123p 456s 77z 5m")
    assert items(a) == {"zhuowu": 5, "hualong": 5, "menqing": 2}


def test_fan_zhuowu_not_when_the_hand_also_waits_on_4m() -> None:
    # 4666m waits on 4m (44m + 666m) as well as 5m (456m + 66m).
    a = analyse("4666m 789m 123p 456s 5m")
    assert a.is_win and "zhuowu" not in items(a)


def test_fan_zhuowu_not_for_a_single_wait_on_5m() -> None:
    a = analyse("123m 789m 123p 456s 5m 5m")
    assert a.is_win and "zhuowu" not in items(a)


def test_fan_zhuowu_not_on_another_tile_in_a_gap() -> None:
    a = analyse("46p 789m 123p 456s 77z 5p")
    assert a.is_win and "zhuowu" not in items(a)


def test_highest_valued_reading_seven_pairs_beats_chows() -> None:
    a = analyse("112233m 445566m 88p")
    assert a.decompositions >= 2
    assert a.shape == "seven_pairs" and a.total == 4


def test_highest_valued_reading_pongs_beat_chows() -> None:
    a = analyse("111p 222p 333p 777s 99s")
    assert a.decompositions >= 2 and items(a) == {"pengpenghu": 3, "menqing": 2}


def test_winning_shape_required() -> None:
    a = analyse("1357m 2468p 13579s 1z")
    assert not a.is_win and a.shape == "none"


def test_winning_needs_no_minimum_a_0_fan_hand_wins() -> None:
    a = analyse("123m 456p 99s 23m 4m", melds=(("pong", "111z"),), self_drawn=False, from_seat="W")
    assert a.is_win and a.total == 0 and a.items == ()


# ---------------------------------------------------------------- ready (听牌) and kongs


def ready_table(hand: str, melds: tuple[tuple[str, str], ...] = ()) -> tuple[Hebei, HandState]:
    rs = ruleset()
    st = table(rs)
    for t in parse_tiles(hand):
        st.seats["S"].counts[t.index] += 1
    add_melds(st, "S", melds)
    st.seats["S"].ready = True
    return rs, st


def test_ready_kong_that_keeps_the_hand_ready_is_legal() -> None:
    rs, st = ready_table("2222m 34m 345p 678s 99p")
    rs.check_kong(st, "S", r.AnKong(Span.none(), "S", Tile.parse("2m")), True)
    assert st.findings == []


def test_ready_kong_that_breaks_the_wait_is_an_error() -> None:
    rs, st = ready_table("1111m 22p 33p 55p 77p 9p 6z")
    rs.check_kong(st, "S", r.AnKong(Span.none(), "S", Tile.parse("1m")), True)
    assert [(f.code, f.rule) for f in st.findings] == [("kong-breaks-ready", "hebei.ready")]


def test_ready_added_kong_of_the_drawn_tile_keeps_the_hand_ready() -> None:
    rs, st = ready_table("345p 678s 99p 23m 5z", melds=(("pong", "555z"),))
    rs.check_kong(st, "S", r.AddKong(Span.none(), "S", Tile.parse("5z")), True)
    assert st.findings == []


def test_ready_exposed_kong_that_breaks_the_wait_is_an_error() -> None:
    rs, st = ready_table("777m 8m 345p 678s 99p")
    rs.check_kong(st, "S", r.Kong(Span.none(), "S", Tile.parse("7m")), True)
    assert [f.code for f in st.findings] == ["kong-breaks-ready"]


def test_ready_kong_before_declaring_is_not_checked() -> None:
    rs, st = ready_table("1111m 22p 33p 55p 77p 9p 6z")
    st.seats["S"].ready = False
    rs.check_kong(st, "S", r.AnKong(Span.none(), "S", Tile.parse("1m")), True)
    assert st.findings == []


def test_ready_discard_must_leave_the_hand_ready() -> None:
    rs, st = ready_table("222m 34m 345p 678s 9p 7z")
    rs.on_ready_discard(st, "S", r.Discard(Span.none(), "S", Tile.parse("9p")), True)
    assert [f.code for f in st.findings] == ["not-ready"] and st.seats["S"].ready


def test_ready_on_seven_pairs_counts_as_ready() -> None:
    rs, st = ready_table("1111m 22p 33p 55p 77p 9p")
    rs.on_ready_discard(st, "S", r.Discard(Span.none(), "S", Tile.parse("6z")), True)
    assert st.findings == []


def test_ready_is_worth_nothing() -> None:
    audit = audit_text(read(VALID / "ready-and-kong.paipu"))
    assert audit.ok, audit.findings
    assert audit.replay is not None
    assert [i.id for i in audit.replay.hands[0].result.wins[0].items] == ["menqing"]


def test_ready_kong_breaking_the_wait_in_a_record() -> None:
    text = read(INVALID / "kong-after-ready-breaks-wait.paipu")
    assert errors(text) == [("kong-breaks-ready", line_of(text, "S ankong"))]


# ---------------------------------------------------------------- the wall


def test_exhausted_reserve_is_12_after_an_even_number_of_replacement_draws() -> None:
    rs = ruleset()
    st = table(rs)
    assert rs.reserve(st) == 12
    st.wall.drawn_from_tail = 2
    assert rs.reserve(st) == 12


def test_exhausted_reserve_is_13_after_an_odd_number_of_replacement_draws() -> None:
    rs = ruleset()
    st = table(rs)
    st.wall.drawn_from_tail = 3
    assert rs.reserve(st) == 13


def test_exhausted_reserve_fixed_option_ignores_the_half_stack() -> None:
    rs = ruleset({"reserve_fixed": "12"})
    st = table(rs)
    st.wall.drawn_from_tail = 1
    assert rs.reserve(st) == 12


def test_exhausted_drawn_hand_ends_with_13_left_after_three_replacement_draws() -> None:
    text = read(VALID / "drawn-with-kongs.paipu")
    assert errors(text) == []
    assert errors(text, {"reserve_fixed": "12"}) == [("early-exhausted", line_of(text, "exhausted"))]


# ---------------------------------------------------------------- settlement


def settle(
    wins: list[tuple[WinContext, int]],
    *,
    dealer: Seat = "E",
    options: dict[str, str] | None = None,
    melds: dict[Seat, tuple[tuple[str, str], ...]] | None = None,
    outcome: str = "win",
) -> tuple[dict[Seat, int], HandResult]:
    rs = ruleset(options)
    st = table(rs, dealer)
    for seat, ms in (melds or {}).items():
        add_melds(st, seat, ms)
    result = HandResult(1, dealer, outcome)  # type: ignore[arg-type]
    for ctx, total in wins:
        result.winners.append(ctx.seat)
        result.contexts.append(ctx)
        result.wins.append(WinAnalysis(ctx.seat, ctx.tile, True, "standard", (), total))
    pays = rs.settle(st, result, SessionState(scores={s: 0 for s in rs.seats}))
    return pays, result


T = Tile.parse("5p")


def self_drawn(seat: Seat) -> WinContext:
    return WinContext(seat, T, self_drawn=True)


def on_discard(seat: Seat, by: Seat, robbed: bool = False) -> WinContext:
    return WinContext(seat, T, self_drawn=False, from_seat=by, robbed=robbed)


def test_base_dealer_self_draw_each_other_pays_4_plus_fan() -> None:
    pays, _ = settle([(self_drawn("E"), 3)])
    assert pays == {"E": 21, "S": -7, "W": -7, "N": -7}


def test_base_non_dealer_self_draw_dealer_pays_4_others_2_plus_fan() -> None:
    pays, _ = settle([(self_drawn("W"), 3)])
    assert pays == {"E": -7, "S": -5, "W": 17, "N": -5}


def test_base_dealer_wins_on_a_discard_8_plus_fan() -> None:
    pays, _ = settle([(on_discard("E", "N"), 3)])
    assert pays == {"E": 11, "S": 0, "W": 0, "N": -11}


def test_base_non_dealer_wins_on_the_dealers_discard_6_plus_fan() -> None:
    pays, _ = settle([(on_discard("S", "E"), 3)])
    assert pays == {"E": -9, "S": 9, "W": 0, "N": 0}


def test_base_non_dealer_wins_on_a_non_dealers_discard_5_plus_fan() -> None:
    pays, _ = settle([(on_discard("S", "W"), 3)])
    assert pays == {"E": 0, "S": 8, "W": -8, "N": 0}


def test_base_none_option_pays_the_fan_only() -> None:
    pays, _ = settle([(self_drawn("W"), 3)], options={"base": "none"})
    assert pays == {"E": -3, "S": -3, "W": 9, "N": -3}


def test_payment_robbed_kong_is_paid_by_the_robbed_player_as_a_discard() -> None:
    pays, _ = settle([(on_discard("S", "E", robbed=True), 2)])
    assert pays == {"E": -8, "S": 8, "W": 0, "N": 0}


def test_payment_two_winners_each_paid_by_the_discarder() -> None:
    pays, result = settle([(on_discard("S", "E"), 2), (on_discard("N", "E"), 7)])
    assert pays == {"E": -21, "S": 8, "W": 0, "N": 13}
    assert [t.payer for t in result.transfers] == ["E", "E"]


def test_kong_payment_fanggang_3_bugang_1_angang_2() -> None:
    melds: dict[Seat, tuple[tuple[str, str], ...]] = {
        "S": (("kong", "1111z"),), "W": (("addkong", "3333p"),), "E": (("ankong", "6666s"),)}
    pays, result = settle([(on_discard("S", "W"), 0)], melds=melds)
    # 放杠: N (the kong's source in these tests) pays S 3; 补杠: 1 from each to W; 暗杠: 2 from each to E.
    kong = [t for t in result.transfers if t.rule == "hebei.kong-payment"]
    assert sorted((t.payer, t.payee, t.amount) for t in kong) == sorted([
        ("N", "S", 3), ("E", "W", 1), ("S", "W", 1), ("N", "W", 1), ("S", "E", 2), ("W", "E", 2), ("N", "E", 2)])
    assert sum(pays.values()) == 0 and pays["S"] == 3 - 1 - 2 + 5


def test_kong_payment_void_on_a_drawn_hand() -> None:
    pays, result = settle([], melds={"E": (("ankong", "6666s"),)}, outcome="exhausted")
    assert pays == {"E": 0, "S": 0, "W": 0, "N": 0} and result.transfers == []


def test_kong_payment_robbed_kong_earns_nothing() -> None:
    audit = audit_text(read(VALID / "robbed-kong.paipu"))
    assert audit.ok, audit.findings
    assert audit.replay is not None
    result = audit.replay.hands[0].result
    assert result.payments == {"E": 0, "S": 19, "W": -19, "N": 0}
    assert not [t for t in result.transfers if t.rule == "hebei.kong-payment"]


def test_cap_holds_a_winners_net_at_plus_1000() -> None:
    pays, result = settle([(self_drawn("E"), 400)])
    assert pays["E"] == 1000 and sum(pays.values()) == 0
    assert pays == {"E": 1000, "S": -404, "W": -404, "N": -192}
    assert any(t.rule == "hebei.cap" for t in result.transfers)


def test_cap_holds_a_discarders_net_at_minus_1000() -> None:
    pays, _ = settle([(on_discard("S", "E"), 600), (on_discard("N", "E"), 600)])
    assert pays == {"E": -1000, "S": 606, "W": 0, "N": 394}


# ---------------------------------------------------------------- the dealer


def dealer_after(winners: list[Seat], outcome: str = "win") -> Seat:
    result = HandResult(1, "E", outcome, list(winners))  # type: ignore[arg-type]
    rs = ruleset()
    return rs.next_dealer(result, SessionState({s: 0 for s in rs.seats}))


def test_dealer_stays_when_the_dealer_wins() -> None:
    assert dealer_after(["E"]) == "E"


def test_dealer_passes_to_the_next_seat_when_a_non_dealer_wins() -> None:
    assert dealer_after(["W"]) == "S"


def test_dealer_stays_after_a_drawn_hand() -> None:
    assert dealer_after([], "exhausted") == "E"


def test_dealer_stays_when_among_several_winners() -> None:
    assert dealer_after(["S", "E"]) == "E"


def test_dealer_rotation_in_a_six_hand_session() -> None:
    audit = audit_text(read(VALID / "session.paipu"))
    assert audit.ok, audit.findings
    assert audit.replay is not None
    assert [h.result.dealer for h in audit.replay.hands] == ["E", "S", "S", "S", "W", "W"]
    assert audit.replay.scores == {"E": -33, "S": 21, "W": 11, "N": 1}


# ---------------------------------------------------------------- whole records


SAMPLE_PAYMENTS = {
    "discard-win.paipu": {"E": 0, "S": 12, "W": -12, "N": 0},
    "self-draw.paipu": {"E": -12, "S": -10, "W": -10, "N": 32},
    "two-winners.paipu": {"E": -21, "S": 8, "W": 0, "N": 13},
    "kong-payments.paipu": {"E": -6, "S": 7, "W": 1, "N": -2},
    "drawn-with-kongs.paipu": {"E": 0, "S": 0, "W": 0, "N": 0},
    "seven-pairs-haohua.paipu": {"E": 51, "S": -17, "W": -17, "N": -17},
    "thirteen-orphans-base-none.paipu": {"E": -12, "S": 0, "W": 12, "N": 0},
    "haidilaoyue.paipu": {"E": -10, "S": -10, "W": 32, "N": -12},
}


@pytest.mark.parametrize("name", sorted(SAMPLE_PAYMENTS))
def test_sample_settles_to_its_hand_computed_payments(name: str) -> None:
    audit = audit_text(read(VALID / name))
    assert audit.ok, audit.findings
    assert audit.replay is not None
    assert audit.replay.hands[0].result.payments == SAMPLE_PAYMENTS[name]


def test_winners_one_only_with_multi_win_false() -> None:
    text = read(VALID / "two-winners.paipu")
    found = errors(text, {"multi_win": "false"})
    assert ("multiple-winners", line_of(text, "N hu")) in found


def test_winners_multi_win_false_the_first_counter_clockwise_has_priority() -> None:
    # E discards 3m; N's hu is written before S's, but S comes first counter-clockwise from E.
    text = read(VALID / "two-winners.paipu")
    text = text.replace("S hu 3m {12m waits on 3m only: 门清 2.}\nN hu 3m", "N hu 3m\nS hu 3m")
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("fan", "score"))) + "\n"
    found = errors(text, {"multi_win": "false"})
    assert found == [("claim-priority", line_of(text, "N hu"))]


def test_claims_chow_is_illegal() -> None:
    text = read(INVALID / "chow.paipu")
    assert errors(text) == [("illegal-claim", line_of(text, "S chow"))]


def test_fan_items_accept_chinese_names() -> None:
    text = read(VALID / "discard-win.paipu").replace(
        "fan S 7 : pengpenghu 3, hunyise 2, menqing 2", "番 S 7 : 碰碰胡 3, 混一色 2, 门清 2")
    assert "碰碰胡" in text and errors(text) == []


def test_fan_mismatch_names_the_replaced_items() -> None:
    audit = audit_text(read(INVALID / "qingqidui-split.paipu"))
    [f] = [f for f in audit.findings if f.severity == "error"]
    assert f.code == "fan-mismatch" and "qingqidui 5 is earned but not recorded" in f.message


def test_there_are_at_least_twenty_hebei_invalid_samples() -> None:
    assert len(list(INVALID.glob("*.paipu"))) >= 20


# ---------------------------------------------------------------- simulation and fault injection


OPTION_SETS: list[dict[str, str]] = [{}, {"multi_win": "false"}, {"base": "none"}, {"reserve_fixed": "12"}]


@pytest.fixture(scope="module")
def simulated() -> list[tuple[dict[str, str], str]]:
    out = []
    for i, opts in enumerate(OPTION_SETS):
        out += [(opts, text) for _, text in simulate("hebei", 16, seed=11 + i, options=opts, session_hands=4)]
    return out


def test_simulated_records_check_clean_with_each_option_set(simulated: list[tuple[dict[str, str], str]]) -> None:
    assert {tuple(o) for o, _ in simulated} == {tuple(o) for o in OPTION_SETS}
    for _, text in simulated:
        audit = audit_text(text)
        assert audit.ok, [f for f in audit.findings if f.severity == "error"][:3]


def test_simulation_is_deterministic() -> None:
    a = [t for _, t in simulate("hebei", 4, seed=5)]
    b = [t for _, t in simulate("hebei", 4, seed=5)]
    assert a == b and "[Ruleset \"hebei\"]" in a[0]


def test_every_mutant_of_simulated_records_is_flagged(simulated: list[tuple[dict[str, str], str]]) -> None:
    checked = 0
    missed = []
    for i, (_, text) in enumerate(simulated):
        for m in mutants(text, seed=i, per_kind=2):
            checked += 1
            audit = audit_text(m.text)
            if not any(f.code == m.code and f.line == m.line for f in audit.findings):
                missed.append(f"{m.kind}: {m.description}")
    assert checked >= 250 and not missed, missed[:5]


def test_bots_keep_values_are_the_strategys_preferences() -> None:
    """The Hebei bots' `keep_values` (a loop of plain ints) against the preferences written out
    kind by kind: 3 for a kind held twice or more once a hand of no melds holds four such kinds
    (七对), 1 for the main suit when it holds 8 tiles or more, -1 for an honour held once; 0
    for everything when ready.  Random hands with and without melds."""
    import random
    from types import SimpleNamespace

    from paipu.replay.state import SeatState
    from paipu.rules.hebei.bots import HebeiStrategy

    def expected(counts: list[int], melds: bool, kinds: list[int]) -> list[int]:
        pairs = not melds and sum(1 for n in counts[:34] if n >= 2) >= 4
        sizes = [sum(counts[9 * s:9 * s + 9]) for s in range(3)]
        main = sizes.index(max(sizes))
        out = []
        for k in kinds:
            v = 3 if pairs and counts[k] >= 2 else 0
            if k >= 27:
                v -= 1 if counts[k] == 1 else 0
            elif k // 9 == main and sizes[main] >= 8:
                v += 1
            out.append(v)
        return out

    rng = random.Random(3)
    strategy = HebeiStrategy()
    meld = Meld("pong", list(parse_tiles("5p5p5p")))
    seen = set()
    for _ in range(400):
        counts = [0] * 42
        for _ in range(rng.choice((13, 14, 10, 11))):
            counts[rng.choice((rng.randrange(34), rng.randrange(9)))] += 1
        melds = [meld] if rng.random() < 0.3 else []
        kinds = [k for k in range(34) if counts[k]]
        ss = SeatState(counts=counts, melds=melds)
        bot = SimpleNamespace(ss=ss, counts=counts)
        got = strategy.keep_values(bot, kinds)
        assert got == expected(counts, bool(melds), kinds), (counts, melds)
        seen.update(got)
        ss.ready = True
        assert strategy.keep_values(bot, kinds) == [0] * len(kinds)
    assert {-1, 0, 1, 3, 4} <= seen
