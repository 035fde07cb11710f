"""The Zhuji ruleset (docs/rules/zhuji.md): one test per rule row, named after the rule and the case."""

from __future__ import annotations

from typing import Any

import pytest

from paipu.auditing import audit_text
from paipu.record import Seat
from paipu.replay.options import parse_options
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.ruleset import ruleset_class
from paipu.replay.settle import item_totals
from paipu.replay.state import Meld
from paipu.rules.zhuji.ruleset import Zhuji, ZhujiOptions
from paipu.tiles import Tile, parse_tiles


def analyse(
    hand: str,
    *,
    caishen: str = "",
    melds: tuple[tuple[str, str], ...] = (),
    seat: Seat = "S",
    dealer: Seat = "E",
    options: dict[str, str] | None = None,
    **ctx: Any,
) -> WinAnalysis:
    """Analyse ``hand`` (the concealed tiles, winning tile last) as a win of ``seat``."""
    rs = Zhuji(parse_options(ZhujiOptions, options or {}))
    st = rs.table(dealer)
    st.wild_kinds = tuple(t.index for t in parse_tiles(caishen))
    tiles = parse_tiles(hand)
    for t in tiles:
        st.seats[seat].counts[t.index] += 1
    for kind, text in melds:
        mt = list(parse_tiles(text))
        st.seats[seat].melds.append(Meld(kind, mt))  # type: ignore[arg-type]
    context = WinContext(seat, tiles[-1], self_drawn=ctx.pop("self_drawn", True), **ctx)
    return rs.analyse_win(st, context)


def items(a: WinAnalysis) -> dict[str, int]:
    return item_totals(a.items)


# ---------------------------------------------------------------- the registry and options


def test_ruleset_found_by_name_and_chinese_alias() -> None:
    assert ruleset_class("zhuji") is ruleset_class("诸暨") is ruleset_class("諸暨麻將") is Zhuji


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="zhuji"):
        ruleset_class("sanma")


def test_every_rule_row_of_the_table_has_text_and_source() -> None:
    for rid, rule in Zhuji.rules.items():
        assert rule.id == rid and rule.text and rule.source


# ---------------------------------------------------------------- 台 items (docs/rules/zhuji.md)


def test_seed_worked_example_dongfeng_zhong_hunyise_is_4_tai() -> None:
    # 东风 2 + 红中 1 + 混一色 1 = 4台 (docs/rules/zhuji.md, Source Z10 D); the 财神 5p is the third 中.
    a = analyse("123456m 77m 111z 77z 5p", caishen="5p")
    assert a.is_win and a.total == 4
    assert items(a) == {"dongfeng": 2, "zhongfabai": 1, "hunyise": 1}


def test_seed_worked_example_all_pongs_adds_duiduihu_for_5_tai() -> None:
    a = analyse("222m 444m 77m 111z 77z 5p", caishen="5p")
    assert a.total == 5
    assert items(a) == {"dongfeng": 2, "zhongfabai": 1, "hunyise": 1, "duiduihu": 1}


def test_zhongfabai_counts_each_dragon_pong() -> None:
    a = analyse("555z 666z 777z 123m 99m", caishen="5p")
    assert items(a)["zhongfabai"] == 3


def test_zhongfabai_counts_a_dragon_kong_meld() -> None:
    a = analyse("555z 123m 456m 99m", melds=(("kong", "7z7z7z7z"),), caishen="5p")
    assert items(a)["zhongfabai"] == 2


def test_dongfeng_is_2_and_other_winds_score_nothing() -> None:
    a = analyse("111z 222z 333z 123m 99m", caishen="5p")
    assert items(a).get("dongfeng") == 2
    assert "zhongfabai" not in items(a)


def test_pinghu_all_chows() -> None:
    a = analyse("123m 456m 789p 234s 5s 1z", caishen="1z")
    assert items(a).get("pinghu") == 1


def test_pinghu_with_a_pong_is_not_pinghu() -> None:
    a = analyse("123m 456m 777p 234s 5s 1z", caishen="1z")
    assert "pinghu" not in items(a)


def test_duiduihu_all_pongs_and_kongs() -> None:
    a = analyse("111m 555p 9s 1z", melds=(("pong", "777s"), ("ankong", "2222p")), caishen="1z")
    assert items(a).get("duiduihu") == 1


def test_qingyise_one_suit_is_3() -> None:
    a = analyse("123m 456m 789m 111m 5m 5z", caishen="5z")
    assert items(a).get("qingyise") == 3 and "hunyise" not in items(a)


def test_qingyise_with_pinghu_is_4() -> None:
    a = analyse("123m 456m 789m 234m 5m 5z", caishen="5z")
    assert a.total == 4 and items(a) == {"qingyise": 3, "pinghu": 1}


def test_qingyise_with_duiduihu_is_4() -> None:
    a = analyse("111m 333m 555m 777m 9m 5z", caishen="5z")
    assert items(a) == {"qingyise": 3, "duiduihu": 1}


def test_hunyise_one_suit_plus_honours_is_1() -> None:
    a = analyse("123m 456m 789m 222z 3z 5p", caishen="5p")
    assert items(a).get("hunyise") == 1


def test_two_suits_is_neither_qingyise_nor_hunyise() -> None:
    a = analyse("123m 456m 789p 111z 5z 5s", caishen="5s")
    assert "hunyise" not in items(a) and "qingyise" not in items(a)


def test_sancaishen_three_wildcards_in_the_winning_hand() -> None:
    a = analyse("123m 456m 111z 5p5p5p 99m", caishen="5p")
    assert items(a).get("sancaishen") == 2


def test_two_caishen_are_not_sancaishen() -> None:
    a = analyse("123m 456m 111z 789m 5p 9m", caishen="5p")
    assert "sancaishen" not in items(a)


def test_gangkai_win_on_kong_replacement_draw() -> None:
    a = analyse("123m 456m 99m 78m 9m", melds=(("ankong", "1111z"),), caishen="5p", after_kong=True)
    assert items(a).get("gangkai") == 1


def test_qianggang_win_by_robbing_a_kong() -> None:
    a = analyse("123m 456m 111z 99m 78m 9m", caishen="5p", self_drawn=False, robbed=True, from_seat="W")
    assert items(a).get("qianggang") == 1


def test_tianhu_dealer_first_fourteen_tiles() -> None:
    a = analyse("123m 456m 111z 777z 9m 5p", caishen="5p", seat="E", dealer="E", dealer_first=True)
    assert items(a).get("tianhu") == 8 and a.is_win


def test_dihu_non_dealer_first_draw() -> None:
    a = analyse("123m 456m 111z 777z 9m 5p", caishen="5p", first_draw=True)
    assert items(a).get("dihu") == 8


def test_dihu_needs_the_base_minimum() -> None:
    # Two suits, no scoring pongs: base 0台, so 地胡 cannot lift it to a win.
    a = analyse("123m 456m 789p 222s 9m 5p", caishen="5p", first_draw=True)
    assert not a.is_win and "minimum" in a.reason


def test_wucai_no_caishen_is_8_on_top_of_a_base_of_3() -> None:
    a = analyse("123m 456m 789m 111z 22z", caishen="5p")
    assert items(a) == {"dongfeng": 2, "hunyise": 1, "wucai": 8} and a.total == 11


def test_wucai_in_bao_variant_is_1_and_part_of_the_base() -> None:
    a = analyse("123m 456m 789m 111z 22z", caishen="5p", options={"variant": "bao"})
    assert items(a)["wucai"] == 1 and a.total == 4


def test_wucai_needs_the_base_minimum() -> None:
    # 南 pong and two suits: base 0台; without the minimum 无财 does not count.
    a = analyse("123m 456m 789p 222z 33p", caishen="5s")
    assert not a.is_win


def test_quanzipai_all_honours_in_any_shape_wins_without_minimum() -> None:
    a = analyse("1234567z 1234567z", caishen="5m")
    assert a.is_win and a.shape == "quanzipai" and items(a).get("quanzipai") == 8


def test_quanzipai_off_makes_all_honours_in_sets_ziyise_7() -> None:
    a = analyse("222z 333z 444z 555z 66z", caishen="5m", options={"quanzipai": "false"})
    assert items(a).get("ziyise") == 7


def test_quanzipai_off_all_honours_without_sets_is_no_win() -> None:
    a = analyse("1234567z 1234567z", caishen="5m", options={"quanzipai": "false"})
    assert not a.is_win


def test_minimum_3_tai_rejects_a_2_tai_hand() -> None:
    a = analyse("123m 456p 789s 111z 9m 5p", caishen="5p")
    assert not a.is_win and "2台" in a.reason


def test_min_tai_option_2_accepts_a_2_tai_hand() -> None:
    a = analyse("123m 456p 789s 111z 9m 5p", caishen="5p", options={"min_tai": "2"})
    assert a.is_win and a.total == 2


def test_not_four_sets_and_a_pair_is_no_win() -> None:
    a = analyse("1357m 2468p 13579s 1z", caishen="5z")
    assert not a.is_win and a.shape == "none"


# ---------------------------------------------------------------- 财神 as wildcards


def test_caishen_may_stand_for_itself() -> None:
    # 5p 5p 5p with 5p as 财神: the three can be a pong of 5p at face value.
    a = analyse("123m 456m 111z 5p5p5p 99m", caishen="5p")
    assert a.is_win


def test_highest_valued_reading_is_chosen() -> None:
    # 77z + 财神: as 中 pong (zhongfabai 1) beats using it elsewhere.
    a = analyse("123456m 77m 111z 77z 5p", caishen="5p")
    assert a.decompositions > 1
    pong = [g for g in a.groups if g.kind == "pong" and g.wild]
    assert pong and str(pong[0].tiles[0]) == "7z" and [str(t) for t in pong[0].wild] == ["7z"]


def test_two_consecutive_caishen_kinds_are_both_wild() -> None:
    a = analyse("123m 456m 789m 555m 1z 2z", caishen="1z 2z")
    assert a.is_win


def test_eight_wildcards_still_win() -> None:
    a = analyse("5m5m5m5m 6m6m6m6m 123s 4s 11z", caishen="5m 6m")
    assert a.is_win


# ---------------------------------------------------------------- whole records: settlement


HEADER = '[Ruleset "zhuji"]\n'


def line_of(text: str, start: str) -> int:
    """The 1-based number of the first line starting with ``start``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def record(body: str, header: str = HEADER) -> str:
    return header + body


SEED_HAND = """
hand 1
dealer E
caishen 5p
deal E 123456m 7m 3s 5p 111z 77z
deal S 112346789p 2246s
deal W 1135789s 223466z
deal N 235689m 23557p 45z
E discard 3s
S draw 8m
S discard 4s
W draw 9p
W discard 4z
N draw 1s
N discard 4z
E draw 7m
E hu
"""


def test_payment_each_other_pays_two_to_the_tai_minus_two() -> None:
    audit = audit_text(record(SEED_HAND + "score E +12 S -4 W -4 N -4\n"))
    assert audit.ok, audit.findings
    assert audit.replay is not None
    assert audit.replay.hands[0].result.payments == {"E": 12, "S": -4, "W": -4, "N": -4}


def test_score_mismatch_names_recorded_and_expected_values() -> None:
    text = record(SEED_HAND + "score E +6 S -2 W -2 N -2\n")
    audit = audit_text(text)
    codes = [(f.code, f.line) for f in audit.findings if f.severity == "error"]
    assert codes == [("score-mismatch", line_of(text, "score E"))]
    msg = audit.findings[0].message
    assert "E recorded +6, the rules give +12" in msg and "2^(4−2) = 4" in msg


def test_fan_mismatch_names_the_item_not_earned() -> None:
    audit = audit_text(record(SEED_HAND + "fan E 5 : dongfeng 2, zhong 1, hunyise 1, duiduihu 1\n"))
    [f] = [f for f in audit.findings if f.severity == "error"]
    assert f.code == "fan-mismatch" and "duiduihu 1 is recorded but not earned" in f.message
    assert f.rule == "zhuji.tai.duiduihu"


def test_fan_items_accept_chinese_names_and_aliases() -> None:
    audit = audit_text(record(SEED_HAND + "台 E 4 : 东风 2, 红中 1, 混一色 1\n"))
    assert audit.ok, audit.findings


def test_cap_tai_option_caps_the_payment() -> None:
    audit = audit_text(record(SEED_HAND + "score E +6 S -2 W -2 N -2\n"), options={"cap_tai": "3"})
    assert audit.ok, audit.findings


def test_win_on_discard_is_illegal_by_default() -> None:
    body = SEED_HAND.replace("E draw 7m\nE hu\n", "E draw 8s\nE discard 8s\nS draw 7m\nS discard 7m\nW hu\n")
    text = record(body)
    audit = audit_text(text)
    assert ("illegal-win", line_of(text, "W hu")) in [(f.code, f.line) for f in audit.findings]


def test_exhausted_sample_has_no_payments_and_the_dealer_stays() -> None:
    with open("samples/valid/zhuji/exhausted-with-wall.paipu", encoding="utf-8") as fh:
        audit = audit_text(fh.read())
    assert audit.ok, audit.findings
    assert audit.replay is not None
    results = [h.result for h in audit.replay.hands]
    assert [r.result for r in results] == ["exhausted", "exhausted"]
    assert all(v == 0 for r in results for v in r.payments.values())
    assert [r.dealer for r in results] == ["S", "S"]


def test_laozhuang_doubles_the_hand_after_a_dealer_win() -> None:
    with open("samples/valid/zhuji/four-hands.paipu", encoding="utf-8") as fh:
        audit = audit_text(fh.read())
    assert audit.ok, audit.findings
    assert audit.replay is not None
    h3, h4 = audit.replay.hands[2].result, audit.replay.hands[3].result
    assert h3.multiplier == 1 and h4.multiplier == 2
    assert h4.payments == {"E": 24, "S": -8, "W": -8, "N": -8}


def test_robbed_player_pays_for_all_three() -> None:
    with open("samples/valid/zhuji/four-hands.paipu", encoding="utf-8") as fh:
        audit = audit_text(fh.read())
    assert audit.replay is not None
    assert audit.replay.hands[1].result.payments == {"E": 0, "S": 0, "W": -12, "N": 12}


def test_qianggang_payer_all_option_makes_each_pay_their_share() -> None:
    with open("samples/valid/zhuji/four-hands.paipu", encoding="utf-8") as fh:
        audit = audit_text(fh.read(), options={"qianggang_payer": "all"})
    assert audit.replay is not None
    assert audit.replay.hands[1].result.payments == {"E": -4, "S": -4, "W": -4, "N": 12}


def test_laozhuang_scope_dealer_doubles_only_the_dealers_payment() -> None:
    with open("samples/valid/zhuji/four-hands.paipu", encoding="utf-8") as fh:
        audit = audit_text(fh.read(), options={"laozhuang_scope": "dealer"})
    assert audit.replay is not None
    assert audit.replay.hands[3].result.payments == {"E": 16, "S": -4, "W": -4, "N": -8}


def test_scores_carry_over_from_score_tags() -> None:
    text = '[Ruleset "zhuji"]\n[Score E "100"]\n[Score S "100"]\n[Score W "100"]\n[Score N "100"]\n' + SEED_HAND
    audit = audit_text(text)
    assert audit.replay is not None
    assert audit.replay.scores == {"E": 112, "S": 96, "W": 96, "N": 96}


def test_tile_parse_used_in_tests_is_canonical() -> None:
    assert Tile.parse("5p") == parse_tiles("5饼")[0]


# ---------------------------------------------------------------- wins at the wrong moment


def _codes(text: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in audit_text(text).findings if f.severity == "error"]


def test_winning_rule_a_win_right_after_a_pong_is_not_self_drawn() -> None:
    body = SEED_HAND.replace("E discard 3s\nS draw 8m\n", "E discard 1m\nS pong 1m\nS hu\nS draw 8m\n")
    body = body.replace("deal E 123456m 7m 3s 5p 111z 77z", "deal E 1123456m 7m 5p 111z 77z")
    body = body.replace("deal S 112346789p 2246s", "deal S 11m 2346789p 2246s")
    text = record(body)
    assert ("illegal-win", line_of(text, "S hu")) in _codes(text)


def test_winning_rule_a_concealed_kong_cannot_be_robbed() -> None:
    text = record(FOUR_HANDS_HAND_1.replace("S ankong 5m\n", "S ankong 5m\nN hu 5m\n"))
    assert _codes(text)[0] == ("illegal-win", line_of(text, "N hu"))


def test_kong_rule_a_win_before_the_replacement_draw_is_missing_it() -> None:
    text = record(FOUR_HANDS_HAND_1.replace("S ankong 5m\n", "S ankong 5m\nS hu\n"))
    assert _codes(text)[0] == ("missing-replacement", line_of(text, "S hu"))


def test_exhausted_rule_no_pong_of_the_discard_after_the_last_draw() -> None:
    with open("samples/valid/zhuji/exhausted-with-wall.paipu", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    end = lines.index("exhausted")
    seat, _, tile = lines[end - 1].split()
    claimer = {"E": "S", "S": "W", "W": "N", "N": "E"}[seat]
    lines[end:end] = [f"{claimer} pong {tile}", f"{claimer} discard {tile}"]
    text = "\n".join(lines) + "\n"
    assert ("late-claim", end + 1) in _codes(text)


def test_tiles_rule_a_fifth_tile_is_reported_on_the_deal_that_holds_it() -> None:
    text = record(SEED_HAND.replace("deal W 1135789s 223466z", "deal W 1135789s 113466z"))
    assert ("tile-count", line_of(text, "deal W")) in _codes(text)


def test_minimum_rule_quanzipai_without_caishen_gets_no_wucai_below_the_base() -> None:
    a = analyse("11223344556677z", caishen="5m")
    assert a.is_win and items(a) == {"quanzipai": 8}


def test_laozhuang_rule_a_false_dealer_win_does_not_start_a_laozhuang_hand() -> None:
    false_win = SEED_HAND.replace("E draw 7m\nE hu\n", "E draw 8s\nE hu\n")
    second = SEED_HAND.replace("hand 1", "hand 2") + "score E +12 S -4 W -4 N -4\n"
    audit = audit_text(record(false_win + second))
    assert audit.replay is not None
    assert audit.replay.hands[1].result.multiplier == 1
    assert [f.code for f in audit.findings if f.severity == "error"] == ["not-a-win"]


def test_held_rule_a_discard_not_held_leaves_the_later_win_unchecked() -> None:
    text = record(SEED_HAND.replace("E discard 3s", "E discard 2s") + "score E +12 S -4 W -4 N -4\n")
    audit = audit_text(text)
    assert [f.code for f in audit.findings if f.severity == "error"] == ["not-held"]
    assert "unchecked-win" in [f.code for f in audit.findings if f.severity == "warning"]


def test_fan_names_accept_the_seeds_traditional_forms() -> None:
    assert audit_text(record(SEED_HAND + "fan E 4 : 東風 2, 紅中 1, 混一色 1\n")).ok


FOUR_HANDS_HAND_1 = """
hand 1
dealer E
caishen 9s
deal E 1234m 567p 99p 238s 1z 7z
deal S 235555678m 3p 9s 11z
deal W 789m 1234p 336s 4z 55z
deal N 7m 288p 45678s 1z 33z 6z
E discard 1z
S pong 1z
S discard 3p
W draw 2p
W discard 4z
N draw 5s
N discard 6z
E draw 1p
E discard 8s
S draw 4m
S ankong 5m
S draw 9m
S hu
"""


def test_winners_rule_a_nearer_robber_written_later_takes_the_win() -> None:
    with open("samples/valid/zhuji/four-hands.paipu", encoding="utf-8") as fh:
        text = fh.read().replace("N hu 3s {", "E hu 3s\nN hu 3s {")
    audit = audit_text(text)
    assert ("claim-priority", line_of(text, "E hu 3s")) in [(f.code, f.line) for f in audit.findings]
    assert audit.replay is not None
    assert audit.replay.hands[1].result.winners == ["N"]


def test_free_groups_pinned_to_each_scoring_kind_once() -> None:
    """Rule zhuji.caishen: a group of 财神 alone stands for any kind, read (`_concrete`) as each
    kind that scores differently (a suit's rank, 东, each dragon, 南 for the other winds), each
    reading once with its groups in sort order: the same readings, in the same order, as pinning
    each free group by hand, sorting and dropping repeats, over hands of 4 to 8 财神."""
    import itertools

    from paipu.hand.shapes import ANY_KIND, Group, decompositions
    from paipu.rules.zhuji import ruleset as zr

    kinds = {"pong": zr._FREE_PONG_KINDS, "chow": zr._FREE_CHOW_KINDS, "pair": zr._FREE_PAIR_KINDS}

    def by_hand(groups: tuple[Group, ...]) -> list[tuple[Group, ...]]:
        fixed = [g for g in groups if g.first != ANY_KIND]
        free = [[Group(g.kind, k, g.size) for k in kinds[g.kind]] for g in groups if g.first == ANY_KIND]
        out: list[tuple[Group, ...]] = []
        for combo in itertools.product(*free):
            reading = tuple(sorted((*fixed, *combo), key=lambda g: g.sort_key))
            if reading not in out:
                out.append(reading)
        return out

    pinned = 0
    for tiles, wild in (("1m2m3m5p5p6s", 8), ("1m1m9p", 5), ("5z5z5z1s2s", 6), ("", 14), ("7m8m9m1z1z1z", 5),
                        ("3m", 7)):
        c = [0] * 34
        for t in parse_tiles(tiles):
            c[t.index] += 1
        for dec in decompositions(c, wild, 4):
            expected = by_hand(dec.groups)
            assert zr._concrete(dec.groups) == expected, dec
            pinned += len(expected) > 1
    assert pinned > 10


def test_bots_keep_values_are_keep_value_kind_by_kind() -> None:
    """The Zhuji bots' `keep_values` (the suits counted once, a loop of plain ints) is their
    `keep_value` (written out per kind: 东 and the dragons 3 as a pair or more, else 1; 南 西 北
    -1; the largest suits 2, the others 0) of each kind, over random hands."""
    import random
    from types import SimpleNamespace

    from paipu.rules.zhuji.bots import ZhujiStrategy

    rng = random.Random(8)
    strategy = ZhujiStrategy()
    seen = set()
    for _ in range(400):
        counts = [0] * 42
        for _ in range(rng.choice((13, 14, 8, 11))):
            counts[rng.choice((rng.randrange(34), 27 + rng.randrange(7), rng.randrange(9)))] += 1
        kinds = [k for k in range(34) if counts[k]]
        bot = SimpleNamespace(counts=counts)
        got = strategy.keep_values(bot, kinds)
        assert got == [strategy.keep_value(bot, k) for k in kinds], counts
        seen.update(got)
    assert seen == {-1, 0, 1, 2, 3}
