"""Two-player mahjong (docs/rules/erren.md): one test per fan and per rule, named after it and the case."""

from __future__ import annotations

import collections
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
from paipu.rules.erren.fans import FAN_DEFS, FANS
from paipu.rules.erren.ruleset import Erren, ErrenOptions
from paipu.rules.erren.ruleset import _ready_state as ready_state
from paipu.sim.mutate import mutants
from paipu.sim.simulate import SimStats, simulate
from paipu.tiles import Tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "samples" / "valid" / "erren"
INVALID = ROOT / "samples" / "invalid" / "erren"
FILLER = Tile.parse("9m")

def state(*, seat: Seat = "W", dealer: Seat = "E", discards: dict[Seat, int] | None = None,
          options: dict[str, str] | None = None) -> tuple[Erren, HandState]:
    rs = Erren(parse_options(ErrenOptions, options or {}))
    st = rs.table(dealer)
    # By default both players have discarded twice: no 天和, 地和 or 人和.
    default: dict[Seat, int] = {"E": 2, "W": 2}
    for s, n in (discards if discards is not None else default).items():
        st.seats[s].discards.extend((FILLER, False) for _ in range(n))
    st.any_discard = any(ss.discards for ss in st.seats.values())
    return rs, st


def analyse(
    hand: str,
    *,
    melds: tuple[tuple[str, str], ...] = (),
    seat: Seat = "W",
    dealer: Seat = "E",
    flowers: str = "",
    discards: dict[Seat, int] | None = None,
    tianting: bool = False,
    options: dict[str, str] | None = None,
    **ctx: Any,
) -> WinAnalysis:
    """Analyse ``hand`` (the concealed tiles, winning tile last) as a win of ``seat``."""
    rs, st = state(seat=seat, dealer=dealer, discards=discards, options=options)
    tiles = parse_tiles(hand)
    for t in tiles:
        st.seats[seat].counts[t.index] += 1
    for kind, text in melds:
        st.seats[seat].melds.append(Meld(kind, list(parse_tiles(text))))  # type: ignore[arg-type]
    st.seats[seat].flowers.extend(parse_tiles(flowers))
    if tianting:
        ready_state(st).tianting.add(seat)
    self_drawn = ctx.pop("self_drawn", True)
    if not self_drawn:
        ctx.setdefault("from_seat", "E" if seat == "W" else "W")
    return rs.analyse_win(st, WinContext(seat, tiles[-1], self_drawn=self_drawn, **ctx))


def items(a: WinAnalysis) -> dict[str, int]:
    return item_totals(a.items)


def audit_file(name: str, folder: Path = VALID, **kw: Any) -> Any:
    return audit_text((folder / name).read_text(encoding="utf-8"), name, **kw)


# ---------------------------------------------------------------- the ruleset


def test_ruleset_found_by_name_and_chinese_aliases() -> None:
    assert ruleset_class("erren") is ruleset_class("二人") is ruleset_class("二人麻将") is Erren


def test_tiles_72_man_honours_and_one_of_each_flower() -> None:
    counts = Erren.tile_counts
    assert sum(counts) == 72 and len(counts) == 42
    assert counts[:9] == (4,) * 9 and sum(counts[9:27]) == 0
    assert counts[27:34] == (4,) * 7 and counts[34:] == (1,) * 8


def test_seats_are_e_and_w_and_each_is_the_others_next() -> None:
    rs = Erren()
    assert rs.seats == ("E", "W")
    assert rs.next_seat("E") == "W" and rs.next_seat("W") == "E"
    assert rs.deal_size(True) == 14 and rs.deal_size(False) == 13


def test_every_rule_row_has_text_and_source_and_every_fan_a_row() -> None:
    for rid, rule in Erren.rules.items():
        assert rule.id == rid and rule.text and rule.source
    assert {f"erren.fan.{f.id}" for f in FAN_DEFS} <= set(Erren.rules)
    assert len(FAN_DEFS) == 51


def test_fan_values_are_the_seeds_table() -> None:
    by_value: dict[int, set[str]] = collections.defaultdict(set)
    for f in FAN_DEFS:
        by_value[f.value].add(f.name_zh)
    assert by_value[88] == {"大四喜", "大三元", "连七对", "天和", "九莲宝灯", "四杠"}
    assert by_value[64] == {"小四喜", "小三元", "四暗刻", "一色双龙会", "地和", "字一色"}
    assert by_value[48] == {"一色四节高", "一色四同顺"}
    assert by_value[32] == {"一色四步高", "三杠", "人和", "混幺九", "天听"}
    assert by_value[24] == {"七对", "清一色", "一色三节高", "一色三同顺"}
    assert by_value[16] == {"一色三步高", "青龙", "三暗刻"}
    assert by_value[12] == {"大于五", "三风刻"}
    assert by_value[8] == {"杠上开花", "混一色"}
    assert by_value[6] == {"双暗刻", "双箭刻", "碰碰和", "全求人"}
    assert by_value[4] == {"双杠", "不求人", "放铳"}
    assert by_value[2] == {"门前清", "暗杠"}
    assert len(by_value[1]) == 12


def test_excluded_fans_are_all_in_the_table() -> None:
    for f in FAN_DEFS:
        assert set(f.excludes) <= set(FANS), f.id


# ---------------------------------------------------------------- 88


def test_dasixi_four_wind_pongs_cancels_pengpenghe_sanfengke_yaojiuke() -> None:
    a = analyse("333444z 5m 5m", melds=(("pong", "111z"), ("pong", "222z")))
    assert items(a) == {"dasixi": 88, "hunyise": 8, "shuanganke": 6, "erwubajiang": 1, "dandiao": 1}


def test_dasanyuan_three_dragon_pongs_cancels_shuangjianke_and_their_yaojiuke() -> None:
    a = analyse("555666777z 123m 9m 9m")
    assert items(a) == {"dasanyuan": 88, "sananke": 16, "hunyise": 8, "buqiuren": 4, "yaojiutou": 1,
                        "dandiao": 1}


def test_lianqidui_seven_consecutive_pairs_cancels_qingyise_buqiuren_dandiao_qiduizi() -> None:
    a = analyse("1122334455667m 7m")
    assert a.shape == "seven_pairs" and items(a) == {"lianqidui": 88}


def test_tianhe_dealer_wins_before_any_discard_without_buqiuren() -> None:
    a = analyse("123456789m 111z 2z 2z", seat="E", discards={})
    assert items(a) == {"tianhe": 88, "qinglong": 16, "hunyise": 8, "yaojiuke": 1}


def test_tianhe_not_after_the_dealers_first_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", seat="E", discards={"E": 1, "W": 1})
    assert "tianhe" not in items(a)


def test_jiulianbaodeng_cancels_qingyise_buqiuren_wuzi_and_one_yaojiuke() -> None:
    a = analyse("1112345678999m 5m")
    assert items(a) == {"jiulianbaodeng": 88, "shuanganke": 6, "erwubajiang": 1, "yaojiuke": 1}


def test_jiulianbaodeng_needs_the_nine_gates_before_the_winning_tile() -> None:
    # The same 14 tiles, but the 13 before the winning 1m are 1123456789995m: no 九莲宝灯.
    a = analyse("1123456789995m 1m")
    assert "jiulianbaodeng" not in items(a) and items(a)["qingyise"] == 24


def test_sigang_four_kongs_cancels_sangang_pengpenghe_dandiao() -> None:
    a = analyse("9m 9m", melds=(("kong", "5555m"), ("kong", "6666m"), ("ankong", "1111z"), ("addkong", "2222z")))
    assert items(a) == {"sigang": 88, "hunyise": 8, "yaojiuke": 2, "yaojiutou": 1}


# ---------------------------------------------------------------- 64


def test_xiaosixi_three_wind_pongs_and_a_wind_pair_cancels_sanfengke_and_yaojiuke() -> None:
    a = analyse("111222333z 44z 12m 3m")
    assert items(a) == {"xiaosixi": 64, "sananke": 16, "hunyise": 8, "buqiuren": 4, "bianzhang": 1}


def test_xiaosanyuan_two_dragon_pongs_and_a_dragon_pair_cancels_shuangjianke() -> None:
    a = analyse("555666z 77z 123m 45m 6m")
    assert items(a) == {"xiaosanyuan": 64, "hunyise": 8, "shuanganke": 6, "buqiuren": 4, "lianliu": 1}


def test_sianke_four_concealed_pongs_cancels_pengpenghe_buqiuren() -> None:
    a = analyse("111m 333m 555m 777z 9m 9m")
    assert items(a) == {"sianke": 64, "hunyise": 8, "yaojiuke": 2, "yaojiutou": 1, "dandiao": 1}


def test_sianke_not_when_the_discard_completes_a_pong() -> None:
    # MCR: the pong of the claimed 5m is exposed (5m is in no concealed chow): 三暗刻, 碰碰和.
    a = analyse("111m 333m 55m 777z 99m 5m", self_drawn=False)
    assert "sianke" not in items(a)
    assert items(a)["sananke"] == 16 and items(a)["pengpenghe"] == 6


def test_yiseshuanglonghui_cancels_qingyise_yibangao_laoshaofu() -> None:
    a = analyse("123m 123m 789m 789m 5m 5m")
    assert items(a) == {"yiseshuanglonghui": 64, "buqiuren": 4, "erwubajiang": 1, "dandiao": 1}


def test_dihe_non_dealer_wins_on_its_first_draw() -> None:
    a = analyse("123456789m 111z 2z 2z", discards={"E": 1, "W": 0})
    assert items(a)["dihe"] == 64 and a.total == 64 + 16 + 8 + 4 + 1 + 1


def test_dihe_not_after_the_dealers_second_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", discards={"E": 2, "W": 1})
    assert "dihe" not in items(a)


def test_ziyise_all_honours_cancels_hunyaojiu_pengpenghe_yaojiuke() -> None:
    a = analyse("111222333555z 6z 6z")
    assert items(a) == {"ziyise": 64, "sianke": 64, "sanfengke": 12, "dandiao": 1}


# ---------------------------------------------------------------- 48 and 32


def test_yisesijiegao_four_consecutive_pongs_cancels_yisesanjiegao_pengpenghe() -> None:
    a = analyse("333444555m 1z 1z", melds=(("pong", "222m"),))
    assert items(a)["yisesijiegao"] == 48
    assert "yisesanjiegao" not in items(a) and "pengpenghe" not in items(a)


def test_yisesitongshun_four_identical_chows_cancels_yisesantongshun_yibangao() -> None:
    a = analyse("111122223333m 9m 9m")
    assert items(a)["yisesitongshun"] == 48
    assert "yisesantongshun" not in items(a) and "yibangao" not in items(a)


def test_yisesibugao_four_chows_stepping_one_cancels_yisesanbugao_lianliu() -> None:
    a = analyse("123m 234m 345m 456m 1z 1z")
    assert items(a)["yisesibugao"] == 32
    assert not {"yisesanbugao", "lianliu", "yibangao"} & set(items(a))


def test_yisesibugao_stepping_two() -> None:
    a = analyse("123m 345m 567m 789m 1z 1z")
    assert items(a)["yisesibugao"] == 32 and "laoshaofu" not in items(a)


def test_sangang_three_kongs_cancels_shuanggang_minggang_angang() -> None:
    a = analyse("789m 5m 5m", melds=(("kong", "2222m"), ("kong", "3333z"), ("ankong", "4444z")))
    assert items(a) == {"sangang": 32, "hunyise": 8, "yaojiuke": 2, "erwubajiang": 1, "dandiao": 1}


def test_renhe_non_dealer_wins_on_the_dealers_first_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", discards={"E": 1, "W": 0}, self_drawn=False)
    assert items(a)["renhe"] == 32 and items(a)["fangchong"] == 4


def test_renhe_first_round_includes_the_dealer_on_the_others_first_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", seat="E", discards={"E": 1, "W": 1}, self_drawn=False)
    assert items(a)["renhe"] == 32


def test_renhe_option_dealer_discard_only_counts_the_dealers_first_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", seat="E", discards={"E": 1, "W": 1}, self_drawn=False,
                options={"renhe": "dealer-discard"})
    assert "renhe" not in items(a)


def test_renhe_not_on_a_second_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", discards={"E": 2, "W": 1}, self_drawn=False)
    assert "renhe" not in items(a)


def test_hunyaojiu_terminals_and_honours_cancels_pengpenghe_yaojiuke() -> None:
    a = analyse("111m 999m 22z 111z 777z", self_drawn=False)
    assert items(a)["hunyaojiu"] == 32
    assert "pengpenghe" not in items(a) and "yaojiuke" not in items(a)


def test_hunyaojiu_as_seven_pairs() -> None:
    a = analyse("11m 99m 11z 22z 33z 44z 5z 5z")
    assert items(a) == {"hunyaojiu": 32, "qiduizi": 24, "hunyise": 8}


def test_tianting_declared_ready_with_the_first_discard() -> None:
    a = analyse("123456789m 111z 2z 2z", tianting=True)
    assert items(a)["tianting"] == 32


# ---------------------------------------------------------------- 24 and 16


def test_qiduizi_seven_pairs_cancels_buqiuren_dandiao() -> None:
    a = analyse("1133557799m 11z 2z 2z")
    assert a.shape == "seven_pairs" and items(a) == {"qiduizi": 24, "hunyise": 8}


def test_qiduizi_four_of_a_kind_counts_as_two_pairs() -> None:
    a = analyse("1111m 55m 77m 99m 11z 2z 2z")
    assert a.is_win and items(a)["qiduizi"] == 24


def test_qingyise_only_man_cancels_wuzi() -> None:
    a = analyse("123m 456m 777m 999m 5m 5m")
    assert items(a)["qingyise"] == 24 and "wuzi" not in items(a)


def test_yisesanjiegao_three_consecutive_pongs_chosen_over_three_chows() -> None:
    # 222 333 444m is also 234m ×3 (一色三同顺 24); the pongs also make 三暗刻, so they win.
    a = analyse("222333444m 789m 1z 1z")
    assert a.decompositions >= 2
    assert items(a)["yisesanjiegao"] == 24 and items(a)["sananke"] == 16
    assert "yisesantongshun" not in items(a)


def test_yisesantongshun_three_identical_chows_and_one_extra_fan_for_the_fourth() -> None:
    a = analyse("789m 1z 1z", melds=(("chow", "123m"), ("chow", "123m"), ("chow", "123m")))
    assert items(a) == {"yisesantongshun": 24, "hunyise": 8, "laoshaofu": 1, "dandiao": 1}


def test_yisesanbugao_three_chows_stepping_one() -> None:
    a = analyse("123m 234m 345m 111z 2z 2z")
    assert items(a)["yisesanbugao"] == 16 and "lianliu" not in items(a)


def test_qinglong_123_456_789_cancels_lianliu_laoshaofu() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z")
    assert items(a)["qinglong"] == 16
    assert "lianliu" not in items(a) and "laoshaofu" not in items(a)


def test_sananke_three_concealed_pongs_cancels_shuanganke() -> None:
    a = analyse("111m 333m 555m 789m 2z 2z")
    assert items(a)["sananke"] == 16 and "shuanganke" not in items(a)


# ---------------------------------------------------------------- 12 and 8


def test_dayuwu_every_tile_six_to_nine_cancels_wuzi() -> None:
    a = analyse("678m 678m 789m 999m 6m 6m")
    assert items(a)["dayuwu"] == 12 and items(a)["qingyise"] == 24 and "wuzi" not in items(a)


def test_dayuwu_not_with_a_five() -> None:
    a = analyse("567m 678m 789m 999m 6m 6m")
    assert "dayuwu" not in items(a)


def test_sanfengke_three_wind_pongs_without_their_yaojiuke() -> None:
    a = analyse("111222333z 123m 5z 5z")
    assert items(a)["sanfengke"] == 12 and "yaojiuke" not in items(a)


def test_gangshangkaihua_win_on_the_kong_replacement() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("ankong", "1111z"),), after_kong=True)
    assert items(a)["gangshangkaihua"] == 8


def test_gangshangkaihua_not_on_a_flower_replacement() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("ankong", "1111z"),), after_kong=False, flowers="1f")
    assert "gangshangkaihua" not in items(a)


def test_hunyise_man_and_honours() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z")
    assert items(a)["hunyise"] == 8 and "qingyise" not in items(a)


# ---------------------------------------------------------------- 6, 4 and 2


def test_shuanganke_two_concealed_pongs() -> None:
    a = analyse("111m 999m 234m 567m 2z 2z")
    assert items(a)["shuanganke"] == 6


def test_shuangjianke_two_dragon_pongs_without_their_yaojiuke() -> None:
    a = analyse("555z 666z 123m 456m 1z 1z")
    assert items(a)["shuangjianke"] == 6 and "yaojiuke" not in items(a) and "xiaosanyuan" not in items(a)


def test_pengpenghe_four_pongs() -> None:
    a = analyse("666m 111z 9m 9m", melds=(("pong", "222m"), ("pong", "444m")))
    assert items(a)["pengpenghe"] == 6


def test_quanqiuren_four_claimed_sets_won_on_a_discard_cancels_dandiao() -> None:
    a = analyse("2z 2z", melds=(("chow", "123m"), ("pong", "555m"), ("chow", "789m"), ("pong", "111z")),
                self_drawn=False)
    assert items(a)["quanqiuren"] == 6 and "dandiao" not in items(a)


def test_quanqiuren_not_when_self_drawn() -> None:
    a = analyse("2z 2z", melds=(("chow", "123m"), ("pong", "555m"), ("chow", "789m"), ("pong", "111z")))
    assert "quanqiuren" not in items(a) and items(a)["dandiao"] == 1


def test_shuanggang_two_kongs_cancels_minggang_angang() -> None:
    a = analyse("789m 111z 2z 2z", melds=(("kong", "2222m"), ("ankong", "5555m")))
    assert items(a)["shuanggang"] == 4 and not {"minggang", "angang"} & set(items(a))


def test_buqiuren_concealed_and_self_drawn() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z")
    assert items(a)["buqiuren"] == 4 and "menqianqing" not in items(a)


def test_buqiuren_with_a_concealed_kong() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("ankong", "1111z"),))
    assert items(a)["buqiuren"] == 4


def test_fangchong_won_on_the_other_players_discard() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z", self_drawn=False)
    assert items(a)["fangchong"] == 4


def test_fangchong_for_a_robbed_kong() -> None:
    a = analyse("123m 46m 789m 111z 2z 2z 5m", self_drawn=False, robbed=True)
    assert items(a)["fangchong"] == 4


def test_menqianqing_concealed_and_won_on_a_discard() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z", self_drawn=False)
    assert items(a)["menqianqing"] == 2 and "buqiuren" not in items(a)


def test_angang_one_concealed_kong() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("ankong", "1111z"),))
    assert items(a)["angang"] == 2 and "minggang" not in items(a)


# ---------------------------------------------------------------- 1


def test_yibangao_two_identical_chows() -> None:
    a = analyse("123m 123m 567m 111z 2z 2z")
    assert items(a)["yibangao"] == 1


def test_lianliu_two_chows_of_six_consecutive() -> None:
    a = analyse("123m 456m 999m 111z 2z 2z")
    assert items(a)["lianliu"] == 1


def test_laoshaofu_123_and_789() -> None:
    a = analyse("123m 789m 555m 111z 2z 2z")
    assert items(a)["laoshaofu"] == 1


def test_dandiao_single_wait_on_the_pair() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z")
    assert items(a)["dandiao"] == 1


def test_erwubajiang_pair_of_two_five_or_eight() -> None:
    a = analyse("123m 456m 111z 222z 8m 8m")
    assert items(a)["erwubajiang"] == 1 and "yaojiutou" not in items(a)


def test_yaojiutou_pair_of_one_or_nine() -> None:
    a = analyse("234m 567m 111z 222z 1m 1m")
    assert items(a)["yaojiutou"] == 1 and "erwubajiang" not in items(a)


def test_huapai_one_per_flower_in_the_win() -> None:
    a = analyse("123m 456m 789m 111z 2z 2z", flowers="1f 2f 3f")
    assert items(a)["huapai"] == 3


def test_huapai_not_toward_the_minimum() -> None:
    # 混一色 8 + 幺九刻 1 = 9, below min_fan 12 even with 3 flowers.
    a = analyse("345m 789m 11z 5z 5z 5z", melds=(("pong", "222m"),), flowers="1f 2f 3f",
                options={"min_fan": "12"})
    assert not a.is_win and "9番 without flowers" in a.reason


def test_minggang_one_exposed_kong() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("kong", "1111z"),))
    assert items(a)["minggang"] == 1 and "angang" not in items(a)


def test_minggang_for_an_added_kong() -> None:
    a = analyse("123m 456m 789m 2z 2z", melds=(("addkong", "1111z"),))
    assert items(a)["minggang"] == 1


def test_wuzi_is_always_cancelled_by_qingyise_with_one_suit() -> None:
    for hand in ("123m 456m 789m 111m 5m 5m", "11335577m 2244m 9m 9m", "234m 567m 888m 999m 1m 1m"):
        a = analyse(hand)
        assert "wuzi" not in items(a) and items(a).get("qingyise") == 24, hand


def test_yaojiuke_each_pong_of_terminals_or_honours_dragons_included() -> None:
    a = analyse("111m 999m 777z 456m 2z 2z", self_drawn=False)
    assert items(a)["yaojiuke"] == 3


def test_bianzhang_12_winning_3_on_a_single_wait() -> None:
    a = analyse("456m 789m 111z 2z 2z 12m 3m")
    assert items(a)["bianzhang"] == 1 and "dandiao" not in items(a)


def test_kanzhang_46_winning_5_on_a_single_wait() -> None:
    a = analyse("123m 789m 111z 2z 2z 46m 5m")
    assert items(a)["kanzhang"] == 1


def test_no_wait_fan_on_a_two_sided_wait() -> None:
    a = analyse("456m 789m 111z 2z 2z 23m 4m")
    assert not {"bianzhang", "kanzhang", "dandiao"} & set(items(a))


def test_only_one_wait_fan_where_the_tile_could_be_edge_or_pair() -> None:
    # 12m 33m waiting on 3m alone: the 3m ends 123m (边张) or pairs 33m (单钓); MCR counts one.
    a = analyse("12m 33m 111z 222z 777z 3m")
    assert {"bianzhang", "kanzhang", "dandiao"} & set(items(a)) == {"bianzhang"}


# ---------------------------------------------------------------- winning


def test_minimum_8_is_always_met_by_man_and_honours() -> None:
    a = analyse("123m 345m 567m 11z 9m 9m 9m")
    assert a.is_win and a.total >= 8


def test_min_fan_option_refuses_a_hand_below_it() -> None:
    a = analyse("345m 789m 11z 5z 5z 5z", melds=(("pong", "222m"),), options={"min_fan": "12"})
    assert not a.is_win and "minimum of 12番" in a.reason


def test_min_fan_zero_accepts_any_shape() -> None:
    a = analyse("345m 789m 11z 5z 5z 5z", melds=(("pong", "222m"),), options={"min_fan": "0"})
    assert a.is_win and a.total == 9


def test_not_four_sets_and_a_pair_nor_seven_pairs_is_no_win() -> None:
    a = analyse("1357m 2468m 1234z 5z 6z")
    assert not a.is_win and a.shape == "none"


def test_a_flower_in_hand_is_no_win() -> None:
    rs, st = state()
    for t in parse_tiles("123m 456m 789m 111z 2z 2z 1f"):
        st.seats["W"].counts[t.index] += 1
    a = rs.analyse_win(st, WinContext("W", Tile.parse("2z"), self_drawn=True))
    assert not a.is_win and "flower" in a.reason


def test_the_highest_reading_is_chosen_and_shown() -> None:
    a = analyse("222333444m 789m 1z 1z")
    assert [g.kind for g in a.groups].count("pong") == 3


# ---------------------------------------------------------------- 天听 and the ready lock


def _ready_state(hand: str, drawn: str) -> tuple[Erren, HandState]:
    rs, st = state(seat="E", discards={"E": 1, "W": 1})
    ss = st.seats["E"]
    for t in parse_tiles(hand):
        ss.counts[t.index] += 1
    ss.ready = True
    ss.last_drawn = Tile.parse(drawn)
    return rs, st


def test_ready_lock_allows_a_concealed_kong_that_keeps_the_waits() -> None:
    rs, st = _ready_state("111m 234m 567m 99m 11z 1m", "1m")
    rs.check_kong(st, "E", r.AnKong(Span.none(), "E", Tile.parse("1m")), True)
    assert not st.findings


def test_ready_lock_refuses_a_concealed_kong_that_changes_the_waits() -> None:
    rs, st = _ready_state("1112m 456m 789m 111z 1m", "1m")
    rs.check_kong(st, "E", r.AnKong(Span.none(), "E", Tile.parse("1m")), True)
    assert [f.code for f in st.findings] == ["kong-breaks-ready"]
    assert st.findings[0].rule == "erren.ready"


def test_ready_lock_refuses_a_pong() -> None:
    rs, st = _ready_state("123456789m 1122z 2z", "2z")
    rs.check_meld(st, "E", "pong", [28, 28, 28], Span.none(), True)
    assert [f.code for f in st.findings] == ["ready-hand-changed"]


def test_tianting_sample_scores_tianting_and_locks_the_discards() -> None:
    audit = audit_file("tianting.paipu")
    assert audit.ok, audit.findings
    assert audit.replay.hands[0].result.wins[0].items[0].id == "tianting"


# ---------------------------------------------------------------- whole records


@pytest.mark.parametrize("name", sorted(p.name for p in VALID.glob("*.paipu")))
def test_valid_sample_checks_clean(name: str) -> None:
    audit = audit_file(name)
    assert audit.parsed and audit.ok, [(f.code, f.line, f.message) for f in audit.findings]


def test_at_least_twenty_invalid_samples_each_expecting_an_error() -> None:
    samples = sorted(INVALID.glob("*.paipu"))
    assert len(samples) >= 20
    for p in samples:
        assert "; expect: " in p.read_text(encoding="utf-8"), p.name


def test_discard_win_loser_pays_the_total_fan() -> None:
    audit = audit_file("discard-win.paipu")
    result: HandResult = audit.replay.hands[0].result
    assert result.wins[0].total == 31 and result.payments == {"E": -31, "W": 31}


def test_kong_score_each_kong_paid_one_at_once() -> None:
    audit = audit_file("kongs.paipu")
    result: HandResult = audit.replay.hands[0].result
    assert [(t.payer, t.payee, t.amount, t.rule) for t in result.transfers] == [
        ("E", "W", 1, "erren.kong-score"),
        ("W", "E", 1, "erren.kong-score"),
        ("W", "E", 31, "erren.payment"),
    ]


def test_flower_score_fourth_flower_paid_one_at_once() -> None:
    audit = audit_file("self-draw-flowers.paipu")
    result: HandResult = audit.replay.hands[0].result
    assert [(t.payer, t.amount, t.rule) for t in result.transfers] == [
        ("E", 1, "erren.flower-score"), ("E", 26, "erren.payment")]


def test_flower_score_fifth_flower_adds_one_more() -> None:
    rs, st = state()
    st.seats["W"].flowers.extend(parse_tiles("1f 2f 3f 4f 5f"))
    result = HandResult(1, "E", "exhausted")
    payments = rs.settle(st, result, SessionState({"E": 0, "W": 0}))
    assert payments == {"E": -2, "W": 2}


def test_kong_score_robbed_kong_is_not_paid() -> None:
    audit = audit_file("rob-kong.paipu")
    result: HandResult = audit.replay.hands[0].result
    assert [t.amount for t in result.transfers] == [32]


def test_floor_loser_pays_at_most_what_is_left() -> None:
    audit = audit_file("session-floor.paipu")
    hands = audit.replay.hands
    assert hands[0].result.payments == {"E": -20, "W": 20}
    assert hands[0].result.transfers[0].rule == "erren.floor"
    assert hands[1].result.payments == {"E": 0, "W": 0}
    assert audit.replay.scores == {"E": 22, "W": 18}


def test_floor_option_false_lets_scores_go_below_zero() -> None:
    audit = audit_file("session-floor.paipu", options={"floor": "false"})
    hands = audit.replay.hands
    assert hands[0].result.payments == {"E": -31, "W": 31}
    # The recorded lines of hands 1 and 2 follow the floor, so they now differ.
    assert [f.code for f in audit.findings if f.severity == "error"] == ["score-mismatch"] * 2


def test_floor_needs_starting_scores() -> None:
    text = (VALID / "session-floor.paipu").read_text(encoding="utf-8")
    text = text.replace('[Score E "20"]\n', "").replace('[Score W "20"]\n', "")
    audit = audit_text(text)
    assert audit.replay is not None
    assert audit.replay.hands[0].result.payments == {"E": -31, "W": 31}


def test_kong_score_stands_in_a_drawn_hand() -> None:
    audit = audit_file("session-floor.paipu", options={"floor": "false"})
    drawn = audit.replay.hands[1].result
    assert drawn.result == "exhausted" and drawn.payments == {"E": -1, "W": 1}


def test_dealer_winner_deals_next_and_stays_after_a_draw() -> None:
    audit = audit_file("session-floor.paipu")
    assert [h.result.dealer for h in audit.replay.hands] == ["E", "W", "W"]


def test_fan_line_accepts_chinese_names_and_aliases() -> None:
    text = (VALID / "discard-win.paipu").read_text(encoding="utf-8").replace(
        "fan W 31 : qinglong 16, hunyise 8, fangchong 4, menqianqing 2, yaojiuke 1",
        "番 W 31 : 清龙 16, 混一色 8, 放铳 4, 门前清 2, 幺九刻 1")
    audit = audit_text(text)
    assert audit.ok, audit.findings


def test_exhausted_dead_wall_8_and_replacements_may_take_it() -> None:
    rs, st = state()
    assert rs.reserve(st) == 8
    st.phase = "replacement"
    assert rs.reserve(st) == 0
    st.phase = "discard"
    assert Erren(parse_options(ErrenOptions, {"dead_wall": "0"})).reserve(st) == 0


def test_rob_kong_option_false_refuses_the_robbery() -> None:
    text = (VALID / "rob-kong.paipu").read_text(encoding="utf-8")
    audit = audit_text(text, options={"rob_kong": "false"})
    assert ("illegal-win", "erren.qianggang") in [(f.code, f.rule) for f in audit.findings]


# ---------------------------------------------------------------- simulator and mutants


def test_every_mutant_of_the_valid_samples_is_flagged_at_its_line() -> None:
    """Hundreds of single corruptions of the hand-written records, each caught where it is."""
    kinds: collections.Counter[str] = collections.Counter()
    missed: list[str] = []
    for i, path in enumerate(sorted(VALID.glob("*.paipu"))):
        for m in mutants(path.read_text(encoding="utf-8"), seed=i, per_kind=8):
            audit = audit_text(m.text, path.name)
            if any(f.code == m.code and f.line == m.line for f in audit.findings):
                kinds[m.kind] += 1
            else:
                missed.append(f"{path.name} {m.kind}: expected {m.code} at {m.line}")
    assert not missed, missed[:5]
    assert sum(kinds.values()) >= 250 and len(kinds) >= 12, kinds


def test_simulated_erren_records_check_clean() -> None:
    stats = SimStats()
    hands = 0
    for name, text in simulate("erren", 200, seed=1, stats=stats):
        audit = audit_text(text, name)
        assert audit.findings == [], (name, audit.findings[:3])
        assert audit.replay is not None
        hands += len(audit.replay.hands)
    assert hands == 200 and stats.results.get("win", 0) > 0
    assert "huapai" in stats.items


def test_every_mutant_of_a_simulated_erren_record_is_flagged_at_its_line() -> None:
    flagged = 0
    missed: list[str] = []
    for i, (name, text) in enumerate(simulate("erren", 120, seed=101, session_hands=4)):
        for m in mutants(text, seed=i, per_kind=4):
            audit = audit_text(m.text, name)
            if any(f.code == m.code and f.line == m.line for f in audit.findings):
                flagged += 1
            else:
                missed.append(f"{name} {m.kind}: expected {m.code} at {m.line}")
    assert not missed, missed[:5]
    assert flagged >= 300
