"""The Harbin ruleset (docs/rules/harbin.md): one test per rule row, named after the rule and the case."""

from __future__ import annotations

import collections
from pathlib import Path
from typing import Any

import pytest

from paipu.auditing import Audit, audit_text
from paipu.hand.shanten import waits
from paipu.record import Seat
from paipu.replay.options import parse_options
from paipu.replay.result import HandResult, SessionState, WinAnalysis, WinContext
from paipu.replay.ruleset import ruleset_class
from paipu.replay.settle import item_totals
from paipu.replay.state import HandState, Meld
from paipu.rules.harbin.ruleset import Harbin, HarbinOptions
from paipu.sim.mutate import MAKERS, mutants
from paipu.sim.simulate import SimStats, simulate
from paipu.tiles import Tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "samples" / "valid" / "harbin"
INVALID = ROOT / "samples" / "invalid" / "harbin"


def ruleset(options: dict[str, str] | None = None) -> Harbin:
    return Harbin(parse_options(HarbinOptions, options or {}))


def table(rs: Harbin, dealer: Seat = "E") -> HandState:
    return rs.table(dealer)


def analyse(
    hand: str,
    *,
    melds: tuple[tuple[str, str], ...] = (),
    seat: Seat = "S",
    dealer: Seat = "E",
    ready: bool = True,
    bao: str = "",
    options: dict[str, str] | None = None,
    **ctx: Any,
) -> WinAnalysis:
    """Analyse ``hand`` (the concealed tiles, winning tile last) as a win of ``seat``."""
    rs = ruleset(options)
    st = table(rs, dealer)
    if bao:
        rs.show_bao(st, Tile.parse(bao))
    tiles = parse_tiles(hand)
    ss = st.seats[seat]
    ss.ready = ready
    for t in tiles:
        ss.counts[t.index] += 1
    for kind, text in melds:
        mt = list(parse_tiles(text))
        ss.melds.append(Meld(kind, mt, mt[0] if kind != "ankong" else None))  # type: ignore[arg-type]
    self_drawn = ctx.pop("self_drawn", True)
    if self_drawn:
        ss.last_drawn = tiles[-1]
    context = WinContext(seat, tiles[-1], self_drawn=self_drawn, **ctx)
    return rs.analyse_win(st, context)


def items(a: WinAnalysis) -> dict[str, int]:
    return item_totals(a.items)


def sample(name: str, folder: Path = VALID, **options: str) -> Audit:
    return audit_text((folder / name).read_text(encoding="utf-8"), name, options=options or None,
                      views=True)


def results(name: str) -> list[HandResult]:
    audit = sample(name)
    assert audit.ok, [f"{f.code} {f.line}: {f.message}" for f in audit.findings if f.severity == "error"]
    assert audit.replay is not None
    return [h.result for h in audit.replay.hands]


def index(tile: str) -> int:
    return Tile.parse(tile).index


# ---------------------------------------------------------------- the registry, tiles and options


def test_ruleset_found_by_name_and_chinese_aliases() -> None:
    assert ruleset_class("harbin") is ruleset_class("哈尔滨") is ruleset_class("哈尔滨麻将") is Harbin


def test_every_rule_row_of_the_table_has_text_and_source() -> None:
    for rid, rule in Harbin.rules.items():
        assert rule.id == rid and rule.text and rule.source


def test_tiles_are_112_suits_and_red_dragon_by_default() -> None:
    rs = ruleset()
    assert rs.total_tiles == 112
    assert rs.tile_counts[index("7z")] == 4 and rs.tile_counts[index("1z")] == 0


def test_tiles_option_136_gives_the_full_set() -> None:
    rs = ruleset({"tiles": "136"})
    assert rs.total_tiles == 136 and rs.tile_counts[index("1z")] == 4
    assert Harbin.tile_counts[index("1z")] == 0  # the class default is untouched


def test_multiplier_items_are_the_fan_line_names() -> None:
    assert {"zimo", "pinghu", "biankadiao", "mobao", "baozhongbao", "dafeng", "tianhu"} <= set(
        ruleset().item_ids().values())
    assert ruleset().item_ids()["摸宝"] == "mobao" and ruleset().item_ids()["卡"] == "biankadiao"


# ---------------------------------------------------------------- the winning shape (harbin.shape)


def test_shape_with_pong_chow_terminal_and_two_suits_wins() -> None:
    a = analyse("123m 789p 555s 11p 79s 8s")
    assert a.is_win and a.total == 4 and items(a) == {"zimo": 2, "biankadiao": 2}


def test_shape_without_a_chow_is_no_win() -> None:
    a = analyse("111m 999p 555s 22s 33s 3s")
    assert not a.is_win and "no chow" in a.reason


def test_shape_without_a_pong_is_no_win() -> None:
    a = analyse("123m 456m 789p 55s 56s 4s")
    assert not a.is_win and "no pong" in a.reason


def test_shape_pair_of_red_dragons_stands_for_the_pong() -> None:
    a = analyse("123m 456m 789p 77z 23s 4s")
    assert a.is_win and items(a) == {"zimo": 2}


def test_shape_without_a_one_nine_or_red_is_no_win() -> None:
    a = analyse("234m 456p 555s 33m 78s 6s")
    assert not a.is_win and "no 1, 9 or 红中" in a.reason


def test_shape_red_dragon_counts_as_the_one_nine_tile() -> None:
    assert analyse("234m 456p 555s 77z 78s 6s").is_win


def test_shape_one_suit_plus_red_is_no_win() -> None:
    a = analyse("123m 456m 789m 111m 77z", seat="E", ready=False, dealer_first=True)
    assert not a.is_win and "two suits" in a.reason


def test_shape_counts_exposed_melds_for_the_conditions() -> None:
    a = analyse("789p 11p 79s 8s", melds=(("chow", "123m"), ("pong", "555s")))
    assert a.is_win and a.total == 4


def test_shape_duidao_wait_makes_the_pong() -> None:
    # 无刻牌听牌时，可以对倒: no pong before the win, the winning 8s makes it.
    a = analyse("123m 456m 789p 55s 88s 8s", self_drawn=False, from_seat="W")
    assert a.is_win and items(a) == {"pinghu": 1}


def test_shape_dandiao_wait_makes_the_pair() -> None:
    a = analyse("123m 789p 555s 456s 9s 9s")
    assert a.is_win and items(a) == {"zimo": 2, "biankadiao": 2}


def test_shape_honours_other_than_red_count_only_with_136_tiles() -> None:
    assert "no 1, 9 or 红中" in analyse("234m 456p 111z 678s 5m 5m").reason
    assert analyse("234m 456p 111z 678s 5m 5m", options={"tiles": "136"}).is_win


# ---------------------------------------------------------------- ready (harbin.ready, harbin.winning)


def test_winning_needs_a_ready_declaration() -> None:
    a = analyse("123m 789p 555s 11p 79s 8s", ready=False)
    assert not a.is_win and "has not declared ready" in a.reason


def test_tianhu_needs_no_ready_and_is_64_alone() -> None:
    a = analyse("123m 789p 555s 11p 79s 8s", seat="E", ready=False, dealer_first=True)
    assert a.is_win and items(a) == {"tianhu": 64} and a.total == 64


def test_ready_waits_are_only_tiles_that_make_the_harbin_shape() -> None:
    # 123m 456m 789p 5556s: 4s and 7s complete four sets and a pair, but without a pong.
    rs = ruleset()
    counts = [0] * 42
    for t in parse_tiles("123m 456m 789p 5556s"):
        counts[t.index] += 1
    assert waits(counts[:34], 0, shapes=("standard",)) == [index("4s"), index("6s"), index("7s")]
    assert rs.ready_waits(counts, []) == [index("6s")]


def test_ready_needs_four_tiles_left_after_the_discard() -> None:
    rs = ruleset()
    st = table(rs)
    ss = st.seats["S"]
    for t in parse_tiles("1p 3p"):
        ss.counts[t.index] += 1
    for text in ("123m", "555s", "999p", "789s"):
        ss.melds.append(Meld("pong", list(parse_tiles(text))))
    problem = rs.ready_problem(st, "S")
    assert problem is not None and "with 1 tile left" in problem and "at least 4" in problem


def test_require_open_option_needs_an_exposed_meld_before_ready() -> None:
    rs = ruleset({"require_open": "true"})
    st = table(rs)
    for t in parse_tiles("123m 789p 555s 11p 79s 9m"):
        st.seats["S"].counts[t.index] += 1
    problem = rs.ready_problem(st, "S")
    assert problem is not None and "without an exposed meld" in problem
    st.seats["S"].melds.append(Meld("ankong", list(parse_tiles("2222m"))))
    assert rs.ready_problem(st, "S") is not None  # a concealed kong does not open the hand
    assert ruleset().ready_problem(st, "S") is None


# ---------------------------------------------------------------- multipliers (harbin.mult.*)


def test_zimo_is_2_and_pinghu_is_1() -> None:
    assert items(analyse("123m 789p 555s 11p 23s 4s")) == {"zimo": 2}
    assert items(analyse("123m 789p 555s 11p 23s 4s", self_drawn=False, from_seat="W")) == {"pinghu": 1}


@pytest.mark.parametrize(("hand", "place"), [
    ("123m 789p 555s 11p 12s 3s", "边 3 of 123"),
    ("123m 789p 555s 11p 89s 7s", "边 7 of 789"),
    ("123m 789p 555s 11p 79s 8s", "卡"),
    ("123m 789p 555s 456s 9s 9s", "吊"),
])
def test_biankadiao_is_2(hand: str, place: str) -> None:
    assert items(analyse(hand)).get("biankadiao") == 2, place


def test_biankadiao_not_for_a_two_sided_wait() -> None:
    assert "biankadiao" not in items(analyse("123m 789p 555s 11p 23s 1s"))
    assert "biankadiao" not in items(analyse("123m 789p 555s 11p 23s 4s"))


def test_mobao_is_4_and_includes_self_drawn() -> None:
    # 宝 4m/5m; 34s waits 2s or 5s, the drawn 5m stands for either.
    a = analyse("123m 789p 666s 34s 99p 5m", bao="4m")
    assert a.is_win and items(a) == {"mobao": 4} and a.total == 4


def test_mobao_multiplies_with_biankadiao() -> None:
    a = analyse("123m 789p 555s 11p 79s 5m", bao="4m")
    assert items(a) == {"mobao": 4, "biankadiao": 2} and a.total == 8
    wild = [g for g in a.groups if g.wild]
    assert [str(t) for t in wild[0].wild] == ["8s"]


@pytest.mark.parametrize(("hand", "bao", "example"), [
    ("123m 789p 555s 11p 79s 8s", "7s", "8条是宝，79条听8条，自摸8条"),
    ("123m 789p 555s 11p 89s 7s", "6s", "7条是宝，89条听7条，自摸7条"),
    ("123m 789p 555s 678s 4s 4s", "3s", "4条是宝，听吊4条，自摸4条"),
])
def test_baozhongbao_is_16_alone(hand: str, bao: str, example: str) -> None:
    a = analyse(hand, bao=bao)
    assert items(a) == {"baozhongbao": 16} and a.total == 16, example


def test_dafeng_seed_example_1_is_4() -> None:
    # 11条 555条 6、7筒, the 4th 5条 drawn stands for 5p or 8p: 倍数等同于摸宝.
    a = analyse("11s 555s 67p 123m 456m 5s")
    assert items(a) == {"dafeng": 4}


def test_dafeng_seed_example_2_on_its_own_face_in_a_ka_place_is_16() -> None:
    # 11条 45556条, the 4th 5条 drawn is 5条 in 4-5-6: 倍数等同于宝中宝.
    a = analyse("11s 45556s 123m 789p 5s")
    assert items(a) == {"dafeng": 16}


def test_dafeng_with_an_exposed_pong() -> None:
    a = analyse("11s 67p 123m 456m 5s", melds=(("pong", "555s"),))
    assert items(a) == {"dafeng": 4}


def test_dafeng_needs_a_ready_players_own_draw() -> None:
    assert not analyse("11s 555s 67p 123m 456m 5s", self_drawn=False, from_seat="W").is_win
    assert not analyse("11s 555s 67p 123m 456m 5s", ready=False).is_win


def test_multipliers_multiply_into_the_total() -> None:
    a = analyse("11s 555s 79p 123m 456m 5s")  # 大风 standing for 8p in the 卡 place
    assert items(a) == {"dafeng": 4, "biankadiao": 2} and a.total == a.multiplier == 8


# ---------------------------------------------------------------- 宝 (harbin.bao, harbin.bao-wild)


def test_bao_kinds_are_the_turned_kind_and_the_next_in_its_suit() -> None:
    rs = ruleset()
    assert rs.bao_kinds(Tile.parse("4s")) == (index("4s"), index("5s"))
    assert rs.bao_kinds(Tile.parse("9m")) == (index("9m"), index("1m"))


def test_bao_red_dragon_is_its_own_next_kind_with_112_tiles() -> None:
    assert ruleset().bao_kinds(Tile.parse("7z")) == (index("7z"),)
    assert ruleset({"tiles": "136"}).bao_kinds(Tile.parse("7z")) == (index("7z"), index("5z"))


def test_bao_is_not_wild_when_discarded() -> None:
    a = analyse("123m 789p 555s 11p 79s 5m", bao="4m", self_drawn=False, from_seat="N",
                options={"win_on_discarded_bao": "true"})
    assert not a.is_win and "a 宝 is a wildcard only when a ready player draws it" in a.reason


# ---------------------------------------------------------------- a discarded 宝 (harbin.bao-discard)

_WINS_ON_8P = "123m 789p 555s 11p 79p 8p"  # 卡 wait on 8p: a harbin win at face value


@pytest.mark.parametrize("turned", ["8p", "7p"], ids=["the turned kind", "the next kind"])
def test_a_win_on_a_discarded_bao_is_not_a_win_citing_the_rule(turned: str) -> None:
    a = analyse(_WINS_ON_8P, bao=turned, self_drawn=False, from_seat="N")
    assert not a.is_win
    assert a.rule == "harbin.bao-discard"
    assert "别人打出的宝牌，不可以胡" in a.reason


def test_a_win_on_a_discarded_tile_that_is_no_bao_stands() -> None:
    assert analyse(_WINS_ON_8P, bao="3m", self_drawn=False, from_seat="N").is_win


def test_a_self_drawn_bao_at_its_face_value_still_wins() -> None:
    assert analyse(_WINS_ON_8P, bao="8p").is_win


def test_win_on_discarded_bao_true_allows_the_win_at_face_value() -> None:
    a = analyse(_WINS_ON_8P, bao="8p", self_drawn=False, from_seat="N", options={"win_on_discarded_bao": "true"})
    assert a.is_win and a.rule != "harbin.bao-discard"


def test_bao_held_before_the_draw_is_just_itself() -> None:
    # 宝 8s/9s: the 9s was in the hand; drawing 6s does not make it stand for 8s.
    a = analyse("123m 789p 555s 11p 79s 6s", bao="8s")
    assert not a.is_win


def test_bao_drawn_by_a_player_who_is_not_ready_is_just_itself() -> None:
    rs = ruleset()
    st = table(rs)
    rs.show_bao(st, Tile.parse("4m"))
    st.seats["W"].ready = True
    assert rs.is_wild(st, "W", index("5m")) and not rs.is_wild(st, "N", index("5m"))
    assert not rs.is_wild(st, "W", index("6m"))


def test_bao_wild_also_for_the_fourth_tile_of_a_pong_drawn_when_ready() -> None:
    rs = ruleset()
    st = table(rs)
    ss = st.seats["W"]
    ss.ready = True
    for t in parse_tiles("5555s"):
        ss.counts[t.index] += 1
    ss.melds.append(Meld("pong", list(parse_tiles("999p"))))
    assert rs.is_wild(st, "W", index("5s")) and rs.is_wild(st, "W", index("9p"))


def test_first_bao_is_the_seventh_tile_from_the_wall_tail() -> None:
    audit = sample("zimo-ka.paipu")
    assert audit.ok and audit.replay is not None
    steps = audit.replay.hands[0].steps
    wall_line = audit.record.hands[0].wall
    assert wall_line is not None
    bao_step = next(s for s in steps if s.action is not None and s.action.verb == "bao")
    assert bao_step.view is not None and bao_step.view.marked_tile == wall_line.tiles[-7] == Tile.parse("4m")


def test_huanbao_turns_the_next_tile_down_when_all_seven_are_seen() -> None:
    audit = sample("huanbao.paipu")
    assert audit.ok and audit.replay is not None
    wall_line = audit.record.hands[0].wall
    assert wall_line is not None
    shown = [s.view.marked_tile for s in audit.replay.hands[0].steps
             if s.action is not None and s.action.verb == "bao" and s.view is not None]
    assert shown == [wall_line.tiles[-7], wall_line.tiles[-8]] == [Tile.parse("9m"), Tile.parse("3p")]
    assert audit.replay.hands[0].result.wins[0].total == 8


def test_missing_bao_reported_when_the_record_stops_after_the_ready_discard() -> None:
    text = (VALID / "zimo-ka.paipu").read_text(encoding="utf-8")
    cut = text[:text.index("S discard 9m\n") + len("S discard 9m\n")]
    audit = audit_text(cut)
    assert ("missing-bao", cut.count("\n")) in [(f.code, f.line) for f in audit.findings]


def test_huanbao_before_all_seven_are_seen_is_misplaced() -> None:
    audit = sample("huanbao-too-early.paipu", INVALID)
    assert [f.code for f in audit.findings if f.severity == "error"] == ["bao-misplaced"]


# ---------------------------------------------------------------- the wall (harbin.exhausted)


def test_exhausted_wall_keeps_the_bao_stack_and_the_three_behind_it() -> None:
    rs = ruleset()
    assert rs.reserve(table(rs)) == 8
    audit = sample("exhausted.paipu")
    assert audit.ok and audit.replay is not None
    end = audit.replay.hands[0].steps[-2]
    assert end.action is not None and end.action.verb == "exhausted"
    assert end.view is not None and end.view.wall_left == 8


def test_exhausted_hand_pays_nothing_and_the_dealer_stays() -> None:
    drawn, won = results("exhausted.paipu")
    assert drawn.result == "exhausted" and set(drawn.payments.values()) == {0}
    assert won.dealer == "E" and won.payments == {"E": 24, "S": -8, "W": -8, "N": -8}


# ---------------------------------------------------------------- winners (harbin.winners, harbin.qianggang)


def test_winners_first_counter_clockwise_unless_it_passes() -> None:
    [res] = results("earlier-seat-passes.paipu")
    assert res.winners == ["W"]
    audit = sample("later-seat-wins-first.paipu", INVALID)
    [f] = [f for f in audit.findings if f.severity == "error"]
    assert f.code == "not-a-win" and "S comes before W counter-clockwise from E" in f.message


def test_winners_only_one_per_discard() -> None:
    audit = sample("second-winner.paipu", INVALID)
    assert [f.code for f in audit.findings if f.severity == "error"] == ["multiple-winners"]


def test_qianggang_robbed_player_pays_as_the_discarder() -> None:
    [res] = results("robbed-kong.paipu")
    assert res.contexts[0].robbed and res.contexts[0].from_seat == "N"
    assert res.payments == {"E": -4, "S": 10, "W": -2, "N": -4}


# ---------------------------------------------------------------- payments (harbin.payment)


def test_payment_all_three_pay_and_the_dealer_doubles() -> None:
    [res] = results("zimo-ka.paipu")
    assert res.payments == {"E": -8, "S": 16, "W": -4, "N": -4}


def test_payment_discarder_not_ready_pays_double() -> None:
    first, _ = results("discard-wins.paipu")
    assert first.payments == {"E": -4, "S": 10, "W": -2, "N": -4}


def test_payment_discarder_ready_pays_like_the_others() -> None:
    _, second = results("discard-wins.paipu")
    assert second.dealer == "S" and second.payments == {"E": -1, "S": -2, "W": 4, "N": -1}


def test_payment_discarder_pays_all_option() -> None:
    [res] = results("discarder-pays-all.paipu")
    assert res.payments == {"E": 0, "S": 10, "W": 0, "N": -10}
    audit = sample("discard-wins.paipu", discarder_pays_all="true")
    assert audit.replay is not None
    # The discarder S was ready: its share is 1 × 2 (dealer); it pays that and the others' 1 + 1.
    assert audit.replay.hands[1].result.payments == {"E": 0, "S": -4, "W": 4, "N": 0}


def test_payment_tianhu_dealer_receives_128_from_each() -> None:
    [res] = results("tianhu.paipu")
    assert res.payments == {"E": 384, "S": -128, "W": -128, "N": -128}


def test_payment_dealer_wins_of_16_pay_32_each() -> None:
    _, second = results("dafeng.paipu")
    assert second.wins[0].total == 16 and second.payments == {"E": -32, "S": 96, "W": -32, "N": -32}


def test_dealer_rotates_after_a_loss_and_stays_after_a_win() -> None:
    first, second = results("baozhongbao.paipu")
    assert (first.dealer, second.dealer) == ("E", "S")
    rs = ruleset()
    session = SessionState({s: 0 for s in rs.seats})
    assert rs.next_dealer(second, session) == "S" and rs.next_dealer(first, session) == "S"


# ---------------------------------------------------------------- the samples


def test_every_valid_sample_checks_clean() -> None:
    paths = sorted(VALID.glob("*.paipu"))
    assert len(paths) >= 10
    for path in paths:
        audit = sample(path.name)
        assert audit.ok, (path.name, [(f.code, f.line) for f in audit.findings])


def test_invalid_samples_number_at_least_twenty_and_cover_the_harbin_codes() -> None:
    paths = sorted(INVALID.glob("*.paipu"))
    assert len(paths) >= 20
    codes = collections.Counter(
        line.split()[2] for p in paths for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("; expect: "))
    assert {"not-a-win", "bao-mismatch", "bao-misplaced", "missing-bao", "multiple-winners",
            "ready-too-few-tiles", "ready-not-open", "not-ready", "ready-hand-changed",
            "kong-breaks-ready", "fan-mismatch", "score-mismatch", "draw-past-reserve"} <= set(codes)


# ---------------------------------------------------------------- the simulator and fault injection


def test_simulated_records_replay_clean_with_ready_and_bao_lines() -> None:
    stats = SimStats()
    texts = [text for _, text in simulate("harbin", 24, seed=7, stats=stats)]
    for text in texts:
        audit = audit_text(text)
        assert audit.ok, [(f.code, f.line, f.message) for f in audit.findings][:3]
    joined = "\n".join(texts)
    assert "ready" in joined and "\nbao " in joined
    assert stats.results.get("win", 0) > 0


def test_simulation_is_deterministic() -> None:
    assert list(simulate("harbin", 4, seed=3)) == list(simulate("harbin", 4, seed=3))


def test_every_mutant_of_simulated_records_is_flagged() -> None:
    flagged: collections.Counter[str] = collections.Counter()
    missed: list[str] = []
    for i, (name, text) in enumerate(simulate("harbin", 32, seed=107, session_hands=4)):
        for m in mutants(text, seed=i, per_kind=3):
            audit = audit_text(m.text, name)
            if any(f.code == m.code and f.line == m.line for f in audit.findings):
                flagged[m.kind.replace("fan-item-added", "fan-item-changed")
                        .replace("fan-item-removed", "fan-item-changed")] += 1
            else:
                missed.append(f"{name} {m.kind}: expected {m.code} at {m.line}")
    assert not missed, missed[:5]
    assert sum(flagged.values()) >= 250
    assert set(flagged) == set(MAKERS)


def test_bots_win_with_a_drawn_bao() -> None:
    stats = SimStats()
    list(simulate("harbin", 64, seed=1, stats=stats))
    assert stats.items.get("mobao", 0) > 0


def test_bots_keep_values_are_the_strategys_preferences() -> None:
    """The Harbin bots' `keep_values` (a table of the shape's kinds) against the preferences
    written out kind by kind before ready: 1 for a 1, 9 or 红中 (part of every winning hand),
    1 more for a kind held twice or more (the pong the shape needs)."""
    import random
    from types import SimpleNamespace

    from paipu.replay.state import SeatState
    from paipu.rules.harbin.bots import HarbinStrategy

    rng = random.Random(5)
    strategy = HarbinStrategy()
    seen = set()
    for _ in range(300):
        counts = [0] * 42
        for _ in range(rng.choice((13, 14, 10, 11))):
            counts[rng.randrange(34)] += 1
        kinds = [k for k in range(34) if counts[k]]
        bot = SimpleNamespace(ss=SeatState(counts=counts), counts=counts)
        got = strategy.keep_values(bot, kinds)
        want = [(1 if k == 33 or (k < 27 and k % 9 in (0, 8)) else 0) + (1 if counts[k] >= 2 else 0)
                for k in kinds]
        assert got == want, counts
        seen.update(got)
    assert seen == {0, 1, 2}
