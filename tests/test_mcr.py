"""The Chinese Official ruleset `mcr`: its rule table, fans, shapes, winds, minimum and payments.

Each test is named after the rule (or fan) it checks.  Hands are valued with `Ruleset.value`,
exactly as the engine values a win; whole hands are replayed from the samples and from
simulated games.  The fan table as a whole is checked against PyMahjongGB in
test_mcr_oracle.py, and against real Botzone games in test_botzone.py.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from paipu.auditing import audit_text
from paipu.grammar.parser import parse
from paipu.hand.shanten import shanten
from paipu.replay.result import HandResult, SessionState, WinAnalysis, WinContext
from paipu.replay.ruleset import get_ruleset, ruleset_class, ruleset_names
from paipu.replay.session import replay
from paipu.replay.state import HandState
from paipu.rules.mcr import Mcr
from paipu.rules.shared.fans import FAN_DEFS
from paipu.sim.simulate import simulate
from paipu.tiles import Tile, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "valid" / "mcr"


def t(text: str) -> list[Tile]:
    return list(parse_tiles(text))


def value(tiles: str, *, melds: tuple[tuple[str, str], ...] = (), **kwargs: object) -> WinAnalysis:
    """The value of a hand under default mcr (the winning tile last)."""
    return Mcr().value(t(tiles), melds=[(k, t(x)) for k, x in melds], **kwargs)  # type: ignore[arg-type]


def fans(a: WinAnalysis) -> dict[str, int]:
    return {i.id: i.value for i in a.items}


# ---------------------------------------------------------------- the table


def test_mcr_rule_table_has_every_fan_with_its_chinese_name_and_a_source_on_the_rule_page() -> None:
    rules = Mcr.rules
    fan_rules = [rid for rid in rules if rid.startswith("mcr.fan.")]
    assert len(fan_rules) == len(FAN_DEFS) == 82  # the 81 fans and 明暗杠
    page = (ROOT / "docs" / "rules" / "mcr.md").read_text(encoding="utf-8")
    for rid in fan_rules:
        rule = rules[rid]
        assert rule.name_zh and rule.name_zh in page, rid
        assert rule.source.startswith("docs/rules/mcr.md, Source M"), rid
    for label in ("M1", "M2", "M3", "M4"):
        assert f"### Source {label}:" in page


def test_mcr_is_registered_under_its_aliases() -> None:
    assert "mcr" in ruleset_names()
    assert ruleset_class("国标") is Mcr and ruleset_class("chinese-official") is Mcr
    assert get_ruleset("mcr", prevalent="S").options.prevalent == "S"


# ---------------------------------------------------------------- fans and 不计


def test_mcr_fan_wufanhe_is_a_win_with_no_other_fan() -> None:
    a = value("12367s 11z 8s", melds=(("chow", "234m"), ("chow", "456p")), self_drawn=False)
    assert a.is_win and fans(a) == {"wufanhe": 8}


def test_mcr_minimum_refuses_a_win_below_8_fan() -> None:
    a = value("12367s 11z 8s", melds=(("chow", "234m"), ("chow", "345p")), self_drawn=False)
    assert not a.is_win and a.rule == "mcr.minimum"
    assert "worth 6番 without flowers (sansesanbugao 6), below the minimum of 8番" in a.reason
    assert Mcr(Mcr.Options(min_fan=0)).value(t("12367s 11z 8s"), melds=[("chow", t("234m")), ("chow", t("345p"))],
                                             self_drawn=False).is_win


def test_mcr_fan_qingyise_cancels_wuzi_and_queyimen() -> None:
    a = value("123345567m 999m 5m 5m", self_drawn=False)
    assert "qingyise" in fans(a) and "wuzi" not in fans(a) and "queyimen" not in fans(a)


def test_mcr_fan_buqiuren_replaces_zimo_and_menqianqing() -> None:
    a = value("123m 456p 789s 234s 5z 5z", self_drawn=True)
    got = fans(a)
    assert got.get("buqiuren") == 4 and "zimo" not in got and "menqianqing" not in got


def test_mcr_sets_combine_once_qinglong_and_the_fourth_chow_make_one_more_fan() -> None:
    # 123 456 789m + 456m: 清龙, and the fourth chow adds 一般高 (连六 is cancelled by 清龙).
    a = value("123456789m 456m 9s 9s", self_drawn=False)
    got = fans(a)
    assert got["qinglong"] == 16 and got.get("yibangao") == 1 and "lianliu" not in got


def test_mcr_fan_jianke_is_not_also_yaojiuke() -> None:
    a = value("234m 567p 789s 77z 11s 7z", self_drawn=False)
    assert fans(a).get("jianke") == 2 and "yaojiuke" not in fans(a)


def test_mcr_winds_quanfengke_follows_the_prevalent_option_and_menfengke_the_seat() -> None:
    tiles, melds = t("123m 456p 789s 5s 5s"), [("pong", t("222z"))]
    south = Mcr(Mcr.Options(min_fan=0, prevalent="S"))
    east = Mcr(Mcr.Options(min_fan=0))
    got_s = fans(south.value(tiles, melds=melds, seat="S", self_drawn=False))
    got_e = fans(east.value(tiles, melds=melds, seat="S", self_drawn=False))
    got_w = fans(east.value(tiles, melds=melds, seat="W", self_drawn=False))
    assert got_s["quanfengke"] == 2 and got_s["menfengke"] == 2 and "yaojiuke" not in got_s
    assert "quanfengke" not in got_e and got_e["menfengke"] == 2
    assert "menfengke" not in got_w and "quanfengke" not in got_w and got_w["yaojiuke"] == 1


def test_mcr_winds_seat_wind_from_the_dealer_with_the_option() -> None:
    rs = Mcr(Mcr.Options(min_fan=0, seat_wind="dealer"))
    got = fans(rs.value(t("123m 456p 789s 5s 5s"), melds=[("pong", t("111z"))], seat="S", dealer="S",
                        self_drawn=False))
    assert got["menfengke"] == 2 and got["quanfengke"] == 2


def test_mcr_last_of_kind_when_the_winners_own_pong_shows_three() -> None:
    a = value("123m 46p 789s 11z 5p", melds=(("pong", "555p"),), self_drawn=True)
    assert fans(a).get("hejuezhang") == 4


def test_mcr_fan_qiangganghe_on_a_robbed_kong_cancels_hejuezhang() -> None:
    a = value("123m 456p 789s 11z 34m 5m", robbed=True)
    assert fans(a).get("qiangganghe") == 8 and "zimo" not in fans(a)


def test_mcr_fan_gangshangkaihua_replaces_zimo() -> None:
    a = value("123m 456p 78s 11z 9s", melds=(("ankong", "9999p"),), after_kong=True)
    got = fans(a)
    assert got.get("gangshangkaihua") == 8 and "zimo" not in got and got.get("angang") == 2


def test_mcr_last_tile_is_miaoshouhuichun_self_drawn_and_haidilaoyue_on_a_discard() -> None:
    assert fans(value("123m 456p 789s 234s 11z", last_tile=True)).get("miaoshouhuichun") == 8
    assert fans(value("123m 456p 789s 234s 11z", last_tile=True, self_drawn=False)).get("haidilaoyue") == 8


# ---------------------------------------------------------------- shapes


def test_mcr_winning_seven_pairs_counts_a_four_as_two_pairs_and_siguiyi() -> None:
    a = value("1122m 5555p 99s 11z 77z")
    assert a.shape == "seven_pairs" and fans(a)["qidui"] == 24 and fans(a).get("siguiyi") == 2


def test_mcr_winning_thirteen_orphans() -> None:
    a = value("19m 19p 19s 1234567z 1m")
    assert a.shape == "thirteen_orphans" and fans(a) == {"shisanyao": 88, "zimo": 1}


def test_mcr_winning_quanbukao_with_the_whole_knitted_straight_also_counts_zuhelong() -> None:
    a = value("147m 258p 369s 12345z")
    assert a.shape == "honours_and_knitted" and fans(a) == {"quanbukao": 12, "zuhelong": 12, "zimo": 1}
    b = value("147m 25p 36s 1234567z")
    assert fans(b)["qixingbukao"] == 24 and "quanbukao" not in fans(b) and "zuhelong" not in fans(b)


def test_mcr_winning_zuhelong_with_a_chow_and_a_pair_scores_pinghe() -> None:
    a = value("147m 258p 369s 234m 55s", self_drawn=False)
    assert a.shape == "knitted_straight" and fans(a)["zuhelong"] == 12 and fans(a).get("pinghe") == 2


def test_mcr_shapes_include_the_knitted_ones_in_shanten() -> None:
    shapes = Mcr.shapes
    bukao = [0] * 34
    for k in (0, 3, 6, 10, 13, 16, 20, 23, 27, 28, 29, 30, 31, 32):
        bukao[k] = 1
    assert shanten(bukao, shapes=shapes) == -1 and shanten(bukao) > 0
    one_short = list(bukao)
    one_short[32] = 0
    assert shanten(one_short, shapes=shapes) == 0


# ---------------------------------------------------------------- payments and the deal


def _replayed(name: str) -> HandResult:
    rp = replay(parse((SAMPLES / f"{name}.paipu").read_text(encoding="utf-8")).record)
    return rp.hands[0].result


def test_mcr_payment_self_drawn_each_other_pays_8_plus_the_fans() -> None:
    res = _replayed("self-draw")
    (winner,), total = res.winners, res.wins[0].total
    assert all(v == -(8 + total) for s, v in res.payments.items() if s != winner)
    assert res.payments[winner] == 3 * (8 + total)


def test_mcr_payment_on_a_discard_the_discarder_pays_8_plus_the_fans_the_others_8() -> None:
    res = _replayed("discard-win")
    ctx, total = res.contexts[0], res.wins[0].total
    assert ctx.from_seat is not None
    assert res.payments[ctx.from_seat] == -(8 + total)
    assert sorted(v for s, v in res.payments.items() if s not in (ctx.seat, ctx.from_seat)) == [-8, -8]


def test_mcr_qianggang_the_robbed_player_pays_as_the_discarder() -> None:
    res = _replayed("robbed-kong")
    ctx = res.contexts[0]
    assert ctx.robbed and res.payments[ctx.from_seat or "E"] == -(8 + res.wins[0].total)


def test_mcr_exhausted_hand_pays_nothing() -> None:
    res = _replayed("exhausted")
    assert res.result == "exhausted" and set(res.payments.values()) == {0}


def test_mcr_dealer_passes_to_the_next_seat_whoever_wins() -> None:
    rs = Mcr()
    session = SessionState({s: 0 for s in rs.seats})
    assert rs.next_dealer(HandResult(1, "E", "win", winners=["E"]), session) == "S"
    assert rs.next_dealer(HandResult(1, "N", "exhausted"), session) == "E"


def test_mcr_prevalent_wind_rotates_every_four_hands_with_the_option() -> None:
    rs = Mcr(Mcr.Options(prevalent="rotate"))
    winds = []
    for number in (1, 4, 5, 9, 13, 17):
        table = rs.table()
        table.record = table.record.__class__(number, table.record.span)
        winds.append(rs.prevalent_wind(table))
    assert winds == [0, 0, 1, 2, 3, 0]


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("options", [{}, {"flowers": "true"}, {"prevalent": "rotate", "seat_wind": "dealer"}])
def test_mcr_simulated_games_replay_without_findings(options: dict[str, str]) -> None:
    wins = 0
    for name, text in simulate("mcr", 24, seed=5, options=options):
        audit = audit_text(text, name)
        assert audit.ok and not audit.findings, [f.message for f in audit.findings][:3]
        assert audit.replay is not None
        wins += sum(1 for h in audit.replay.hands if h.result.result == "win")
    assert wins >= 12


def test_mcr_flowers_never_count_toward_the_minimum() -> None:
    rng = random.Random(2)
    found = 0
    for _, text in simulate("mcr", 64, seed=rng.randrange(1000), options={"flowers": "true"}):
        rp = replay(parse(text).record)
        for h in rp.hands:
            for w in h.result.wins:
                flowers = sum(i.value for i in w.items if i.id == "huapai")
                if flowers:
                    found += 1
                    assert w.total - flowers >= 8
    assert found


def test_mcr_best_reading_of_equal_value_keeps_the_higher_pair() -> None:
    # 111p 234p 456p + 44p (幺九刻) or 11p + 123p 444p 456p (连六): 1番 each beside the rest.
    # Both readings are worth the same; the one with the higher pair, 4p, is kept.
    rs = Mcr(Mcr.Options(min_fan=0))
    a = rs.value(t("1112344456p 345s 4p"), self_drawn=False)
    assert a.is_win and a.decompositions >= 2
    pairs = [g for g in a.groups if g.kind == "pair"]
    assert [str(g.tiles[0]) for g in pairs] == ["4p"]
    assert "yaojiuke" in fans(a) and "lianliu" not in fans(a)


def test_single_wait_agrees_with_every_wait() -> None:
    """边张 嵌张 单钓将 need the hand to have waited on one kind only: `_SingleWait`, which stops
    at a second kind, must answer as all the hand's waits (`waits_of`, the special shapes
    included) do, on winning hands of every kind: random sets and a pair, seven pairs, with
    and without melds."""
    from paipu.rules.shared.fans import SPECIAL_SHAPES, MeldIn, WinIn, _SingleWait, waits_of

    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(4000):
        counts = [0] * 34
        melds: list[MeldIn] = []
        if rng.random() < 0.2:  # seven pairs
            for k in rng.sample(range(34), 7):
                counts[k] += 2
        else:
            n_melds = rng.choice((0, 0, 1, 2))
            suits = rng.sample((0, 9, 18), 2)
            for i in range(4):
                if rng.random() < 0.6:
                    first = rng.choice(suits) + rng.randrange(7)
                    if i < n_melds:
                        melds.append(MeldIn("chow", first))
                    else:
                        for k in (first, first + 1, first + 2):
                            counts[k] += 1
                else:
                    k = rng.choice((rng.choice(suits) + rng.randrange(9), 27 + rng.randrange(7)))
                    if i < n_melds:
                        melds.append(MeldIn("pong", k))
                    else:
                        counts[k] += 3
            counts[rng.choice(suits) + rng.randrange(9)] += 2
        if max(counts) > 4:
            continue
        win = rng.choice([k for k in range(34) if counts[k]])
        w = WinIn(tuple(counts), tuple(melds), win, rng.random() < 0.5)
        standing = list(counts)
        standing[win] -= 1
        want = len(waits_of(standing, len(melds), SPECIAL_SHAPES)) == 1
        assert _SingleWait(w, SPECIAL_SHAPES).answer() == want, (counts, melds, win)
        seen[want] += 1
    assert min(seen.values()) > 100, seen


def test_waits_of_knitted_and_honours_and_knitted_hands_are_the_kinds_that_win() -> None:
    """`waits_of` works out 组合龙's and 全不靠's waits from the kinds held, as bits: each must be
    exactly the kinds whose tile makes a hand `evaluate` finds a reading of, on hands one
    tile short of those shapes (a knitted straight with four more tiles, or thirteen
    different tiles), with and without a meld."""
    from paipu.rules.shared.fans import KNITTED, SPECIAL_SHAPES, MeldIn, WinIn, evaluate, waits_of

    rng = random.Random(11)
    seen = {"knitted": 0, "bukao": 0, "none": 0}
    for _ in range(1500):
        counts = [0] * 34
        melds: tuple[MeldIn, ...] = ()
        if rng.random() < 0.5:
            shape = "knitted"
            for k in rng.choice(KNITTED):
                counts[k] += 1
            if rng.random() < 0.3:
                melds = (MeldIn("pong", rng.randrange(34)),)
                extra = 2
            else:
                extra = 5
            for k in rng.sample(range(34), extra):
                counts[k] += 1
        else:
            shape = "bukao"
            straight = rng.choice(KNITTED)
            for k in rng.sample([*straight, *range(27, 34)], 14):
                counts[k] = 1
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        if max(counts) > 4 or any(counts[m.first] + 3 > 4 for m in melds):
            continue
        winning = []
        for k in range(34):
            whole = list(counts)
            whole[k] += 1
            if evaluate(WinIn(tuple(whole), melds, k, True)):
                winning.append(k)
        assert waits_of(counts, len(melds), SPECIAL_SHAPES) == winning, (counts, melds)
        seen[shape if winning else "none"] += 1
    assert min(seen.values()) > 50, seen


def test_kept_fan_answers_are_those_worked_out_afresh() -> None:
    """`evaluate` keeps the fans of each multiset of chows and of pongs, what 不计 leaves of
    each set of fans found (`paipu.rules.shared.fans._Memo`), each group's parts and waits and
    the group with a tile fewer (`_PARTS`, `_GROUPS`), and the fans of the kinds held
    (`_KIND_FANS`): every hand of a simulated session
    valued with those answers kept from all the others must be valued as it is with nothing
    kept (a key that left out something the answer depends on fails here)."""
    from paipu.rules.shared import fans as F

    def described(w: F.WinIn) -> list[tuple[object, ...]]:
        return [(r.shape, sorted(r.fans.items()), r.sets, r.pair, r.knitted) for r in F.evaluate(w)]

    hands: list[F.WinIn] = []

    class Noting(Mcr):
        def _win_in(self, hand: HandState, ctx: WinContext) -> F.WinIn | None:
            win = super()._win_in(hand, ctx)
            if win is not None:
                hands.append(win)
            return win

    for _ in simulate(Noting(), hands=200, seed=23):
        if len(hands) >= 150:
            break
    rng = random.Random(3)
    for w in hands:  # the same hands with the situation changed: what the keys must tell apart
        hands.append(F.WinIn(w.concealed, w.melds, w.win_tile, not w.self_drawn, seat_wind=rng.randrange(4),
                             prevalent_wind=rng.randrange(4), flowers=rng.randrange(3)))
        if len(hands) >= 300:
            break
    warm = [described(w) for w in hands]
    for w, kept in zip(hands, warm, strict=True):
        F._MEMOS.clear()
        F._PONGS.clear()
        F._KIND_FANS.clear()
        for parts in F._PARTS:
            parts.clear()
        for groups in F._GROUPS:
            groups.clear()
        assert described(w) == kept, w


def test_fan_evaluator_groups_found_by_packed_counts_are_those_found_by_slices() -> None:
    """The compiled build finds a hand's groups by their counts packed into an int
    (`_packed_groups`), pure Python by the slices of the counts (`_groups_of`): the same groups
    for every hand, a count outside 0-15 (no real hand) found by its slice, and two counts that
    pack alike only if they are the same."""
    from paipu.rules.shared import fans

    rng = random.Random(35)
    hands = [tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(34)) for _ in range(300)]
    hands += [(16,) + (0,) * 33, (0,) * 9 + (-1,) + (0,) * 24, (0,) * 27 + (15,) * 7, (4,) * 34]
    for c in hands:
        assert fans._packed_groups(c) == fans._groups_of(c)  # (the same objects, kept by either key)
        assert [g.key for g in fans._packed_groups(c)] == [c[0:9], c[9:18], c[18:27], c[27:34]]
    assert fans._packed9((16,) + (0,) * 33, 0) == -1 and fans._packed7((0,) * 27 + (-1,) + (0,) * 6, 27) == -1
    assert fans._packed9((0,) * 8 + (16,) + (0,) * 25, 0) == -1
    packed = {fans._packed9(c, 0): c[0:9] for c in hands if fans._packed9(c, 0) >= 0}
    assert len(packed) == len({c[0:9] for c in hands if max(c[0:9]) < 16 and min(c[0:9]) >= 0})
    assert fans._packed7((0,) * 27 + (1, 2, 3, 4, 5, 6, 15), 27) == 0x123456F
