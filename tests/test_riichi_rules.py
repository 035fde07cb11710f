"""Riichi rules checked on small hand-written records: pao for four kongs, games without red
fives, the abortive draws Tenhou makes (四風連打, 四家立直, 四槓散了, 三家和) and when each is
due, and the end of the game in the West round and in an east-only game."""

from __future__ import annotations

from paipu.auditing import audit_text


def errors(text: str) -> list[tuple[str, int]]:
    """The error findings of a record, with their lines."""
    return [(f.code, f.line) for f in audit_text(text).findings if f.severity == "error"]


def error_rules(text: str) -> list[tuple[str, str | None]]:
    return [(f.code, f.rule) for f in audit_text(text).findings if f.severity == "error"]


# ---------------------------------------------------------------- pao for four kongs (riichi.pao)

SUUKANTSU = """[Ruleset "riichi"]
[Option suukantsu_pao "true"]
hand 1
dealer E
deal E 567m 678m 678p 789s 1z 9s
deal S 1111m 2222p 555z 66z
deal W 345m 9m 678p 456p 1s 3s 4z
deal N 234s 456s 789s 11z 22z
E discard 9s
S draw 7z
S ankong 1m
S draw 8s
S ankong 2p
S draw 9s
S discard 7z
W draw 6z
W discard 6z
S pong 6z
S discard 9s
W draw 3z
W discard 3z
N draw 4z
N discard 4z
E draw 1p
E discard 1p
S draw 6z
S addkong 6z
S draw 7s
S discard 7s
W draw 2z
W discard 2z
N draw 5z
N discard 5z
S kong 5z
S draw 8s
S hu 8s
fan S 13 : suukantsu 13
"""


def test_pao_suukantsu_the_discarder_of_the_fourth_kong_pays_the_self_drawn_yakuman_alone() -> None:
    assert errors(SUUKANTSU + "score S +32000 N -32000\n") == []
    audit = audit_text(SUUKANTSU + "score S +32000 N -32000\n")
    assert audit.replay is not None
    pao = [t for t in audit.replay.hands[0].result.transfers if t.rule == "riichi.pao"]
    assert [(t.payer, t.payee, t.amount) for t in pao] == [("N", "S", 32000)]


def test_pao_suukantsu_a_tsumo_split_among_all_three_is_a_score_mismatch() -> None:
    assert [c for c, _ in errors(SUUKANTSU + "score S +32000 E -16000 W -8000 N -8000\n")] == ["score-mismatch"]


def test_pao_suukantsu_not_at_tenhou_everyone_pays_the_self_drawn_four_kongs() -> None:
    tenhou = SUUKANTSU.replace('[Option suukantsu_pao "true"]\n', "")
    assert errors(tenhou + "score S +32000 E -16000 W -8000 N -8000\n") == []
    assert [c for c, _ in errors(tenhou + "score S +32000 N -32000\n")] == ["score-mismatch"]


def test_pao_suukantsu_no_liability_when_the_fourth_kong_is_concealed() -> None:
    # The fourth kong concealed (N's 5z kept in hand): nobody is liable, everyone pays.
    text = SUUKANTSU.replace("N draw 5z\nN discard 5z\nS kong 5z\n",
                             "N draw 4p\nN discard 4p\nE draw 3p\nE discard 3p\nS draw 5z\nS ankong 5z\n")
    assert errors(text + "score S +32000 E -16000 W -8000 N -8000\n") == []


# ---------------------------------------------------------------- abortive draws (riichi.abort)

DEALS = (
    "deal E 111m 234m 567m 99p 6p 1z 2z\n"
    "deal S 123s 456s 789s 45p 77z\n"
    "deal W 223344m 388p 11s 55z\n"
    "deal N 555666m 377p 44z 66z\n"
)


def record(body: str, deals: str = DEALS, head: str = "") -> str:
    return '[Ruleset "riichi"]\n' + head + "hand 1\ndealer E\n" + deals + body


FOUR_WINDS = ("E discard 1z\nS draw 1z\nS discard 1z\nW draw 1z\nW discard 1z\n"
              "N draw 1z\nN discard 1z\n")


def test_abort_suufon_after_four_east_winds_is_clean_and_play_going_on_is_a_missed_abort() -> None:
    assert errors(record(FOUR_WINDS + "abort suufon\nscore E 0\n")) == []
    assert error_rules(record(FOUR_WINDS + "E draw 9s\n")) == [("missed-abort", "riichi.abort")]
    assert errors(record(FOUR_WINDS + "E draw 9s\n")) == [("missed-abort", 15)]


SUUCHA_DEALS = (
    "deal E 123m 456m 789m 11p 23p 7z\n"
    "deal S 123p 456p 789p 11s 23s\n"
    "deal W 123s 456s 789s 11m 23m\n"
    "deal N 111z 222z 333z 44z 55m\n"
)
FOUR_RIICHI = ("E ready\nE discard 7z\nS draw 6z\nS ready\nS discard 6z\nW draw 5z\nW ready\nW discard 5z\n"
               "N draw 6z\nN ready\nN discard 6z\n")


def test_abort_suucha_after_the_fourth_riichi_passes_each_paying_its_stick() -> None:
    assert errors(record(FOUR_RIICHI + "abort suucha\nscore E -1000 S -1000 W -1000 N -1000\n", SUUCHA_DEALS)) == []


def test_abort_suucha_play_going_on_after_four_riichi_is_a_missed_abort() -> None:
    assert errors(record(FOUR_RIICHI + "E draw 9s\n", SUUCHA_DEALS)) == [("missed-abort", 19)]


def test_abort_suucha_after_three_riichi_is_illegal() -> None:
    three = FOUR_RIICHI.replace("N ready\n", "")
    assert [c for c, _ in errors(record(three + "abort suucha\n", SUUCHA_DEALS))] == ["illegal-abort"]


SUUKAN_DEALS = (
    "deal E 567m 678m 678p 789s 11z\n"
    "deal S 1111m 2222p 3333s 7z\n"
    "deal W 4444m 9999p 12s 3z 4z 5z\n"
    "deal N 345p 456s 22z 33z 66z 8m\n"
)
FOUR_KONGS = ("E discard 1z\nS draw 7z\nS ankong 1m\nS draw 5m\nS ankong 2p\nS draw 5m\nS ankong 3s\nS draw 8s\n"
              "S discard 8s\nW draw 6s\nW ankong 4m\nW draw 6s\n")


def test_abort_suukan_when_the_discard_after_a_fourth_kong_by_two_seats_passes() -> None:
    assert errors(record(FOUR_KONGS + "W discard 3z\nabort suukan\nscore E 0\n", SUUKAN_DEALS)) == []


def test_abort_suukan_before_the_discard_after_the_fourth_kong_is_illegal() -> None:
    assert [c for c, _ in errors(record(FOUR_KONGS + "abort suukan\n", SUUKAN_DEALS))] == ["illegal-abort"]


def test_abort_suukan_play_going_on_after_the_discard_is_a_missed_abort() -> None:
    assert [c for c, _ in errors(record(FOUR_KONGS + "W discard 3z\nN draw 1p\n", SUUKAN_DEALS))] == ["missed-abort"]


def test_claims_a_fifth_kong_is_never_made() -> None:
    assert error_rules(record(FOUR_KONGS + "W ankong 9p\n", SUUKAN_DEALS)) == [("fifth-kong", "riichi.claims")]


SANCHA_DEALS = (
    "deal E 3p 111z 222z 333z 99p 19s\n"
    "deal S 234m 567m 678s 44s 45p\n"
    "deal W 345s 678p 666m 22m 45p\n"
    "deal N 456s 777m 234m 88s 45p\n"
)


def test_abort_sanchahou_when_three_seats_could_win_on_one_discard() -> None:
    assert errors(record("E discard 3p\nabort sanchahou\nscore E 0\n", SANCHA_DEALS)) == []


def test_abort_sanchahou_with_only_two_seats_able_to_win_is_illegal() -> None:
    two = SANCHA_DEALS.replace("deal N 456s 777m 234m 88s 45p", "deal N 456s 777m 234m 88s 56p")
    assert [c for c, _ in errors(record("E discard 3p\nabort sanchahou\n", two))] == ["illegal-abort"]


def test_winners_a_third_ron_on_one_discard_is_sanchahou() -> None:
    found = error_rules(record("E discard 3p\nS hu 3p\nW hu 3p\nN hu 3p\n", SANCHA_DEALS))
    assert found == [("sanchahou", "riichi.winners")]


# ---------------------------------------------------------------- the end of the game (riichi.end)

# The riichi test hand with every seat moved one place on: N deals, E wins 2,600 on S's 3p.
ROTATED = (
    "dealer N\n{wind}"
    "deal E 123s 456s 789s 45p 77z\n"
    "deal S 223344m 388p 11s 55z\n"
    "deal W 555666m 377p 44z 66z\n"
    "deal N 111m 234m 567m 99p 6p 1z 2z\n"
    "N discard 1z\nE draw 9m\nE discard 9m\nS draw 3p\nS discard 3p\nE hu 3p\n"
    "fan E 2 : ittsu 2, fu 40\nscore E +2600 S -2600\n"
)
# The riichi test hand as dealt: E deals, S wins a double riichi ippatsu ittsu mangan on W's 3p.
MANGAN = (
    "dealer E\n{wind}" + DEALS
    + "E discard 1z\nS draw 9m\nS ready\nS discard 9m\nW draw 3p\nW discard 3p\nS hu 3p\n"
    "fan S 5 : daburu_riichi 2, ippatsu 1, ittsu 2, fu 40\nscore S +8000 W -8000\n"
)
LATER = "dealer S\ndeal E 1m\n"


def game(scores: tuple[int, int, int, int], *hands: str, length: str = "") -> str:
    head = '[Ruleset "riichi"]\n' + (f'[Option length "{length}"]\n' if length else "")
    head += " ".join(f'[Score {s} "{v}"]' for s, v in zip("ESWN", scores, strict=True)) + "\n"
    return head + "".join(f"hand {i}\n{h}" for i, h in enumerate(hands, start=1))


def end_findings(text: str) -> list[tuple[str, str | None]]:
    return [(f.code, f.rule) for f in audit_text(text).findings
            if f.code in ("game-over", "wind-mismatch") and f.severity == "error"]


def test_end_hanchan_ends_after_south_4_when_a_seat_has_30000() -> None:
    text = game((29000, 25000, 25000, 21000), ROTATED.format(wind="wind 2z\n"), LATER)
    assert end_findings(text) == [("game-over", "riichi.end")]


def test_end_hanchan_goes_into_the_west_round_when_nobody_has_30000_after_south_4() -> None:
    west = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 2z\n"), MANGAN.format(wind="wind 3z\n"))
    assert errors(west) == []
    still_south = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 2z\n"),
                       MANGAN.format(wind="wind 2z\n"))
    assert end_findings(still_south) == [("wind-mismatch", "riichi.dealer")]


def test_end_west_round_ends_as_soon_as_a_seat_reaches_30000() -> None:
    # After West 1 S has 22,400 + 8,000 = 30,400: the game is over, though it is not West 4.
    text = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 2z\n"), MANGAN.format(wind="wind 3z\n"),
                LATER)
    assert end_findings(text) == [("game-over", "riichi.end")]


def test_end_west_4_is_the_last_hand_even_below_30000() -> None:
    text = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 3z\n"), LATER)
    assert end_findings(text) == [("game-over", "riichi.end")]


def test_end_tonpuusen_ends_after_east_4_when_a_seat_has_30000() -> None:
    text = game((29000, 25000, 25000, 21000), ROTATED.format(wind="wind 1z\n"), LATER, length="tonpuusen")
    assert end_findings(text) == [("game-over", "riichi.end")]
    hanchan = game((29000, 25000, 25000, 21000), ROTATED.format(wind="wind 1z\n"), LATER)
    assert end_findings(hanchan) == []


def test_end_tonpuusen_goes_into_the_south_round_when_nobody_has_30000_after_east_4() -> None:
    south = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 1z\n"), MANGAN.format(wind="wind 2z\n"),
                 LATER, length="tonpuusen")
    assert end_findings(south) == [("game-over", "riichi.end")]
    clean = game((25000, 25000, 25000, 25000), ROTATED.format(wind="wind 1z\n"), MANGAN.format(wind="wind 2z\n"),
                 length="tonpuusen")
    assert errors(clean) == []


DEALER_WINS = (
    "dealer N\nwind 2z\n"
    "deal E 223344m 388p 11s 55z\n"
    "deal S 555666m 377p 44z 66z\n"
    "deal W 111m 234m 567m 99p 6p 1z\n"
    "deal N 123s 456s 789s 45p 77z 9m\n"
    "N discard 9m\nE draw 3p\nE discard 3p\nN hu 3p\nfan N 2 : ittsu 2, fu 40\nscore N +3900 E -3900\n"
)


def test_end_the_last_dealer_winning_while_on_top_stops_the_game() -> None:
    # South 4: N deals and wins; with 40,000 it is first with 30,000 or more, and the game ends.
    assert end_findings(game((20000, 20000, 20000, 40000), DEALER_WINS, LATER)) == [("game-over", "riichi.end")]
    # Behind E, the dealer plays on (South 4, honba 1).
    assert end_findings(game((40000, 20000, 20000, 20000), DEALER_WINS, LATER)) == []


def test_end_an_abortive_draw_of_the_last_dealer_on_top_does_not_stop_the_game() -> None:
    kyuushu = ("dealer N\nwind 2z\ndeal E 223344m 388p 11s 55z\ndeal S 555666m 377p 44z 66z\n"
               "deal W 111m 234m 567m 99p 6p 1z\ndeal N 19m 19p 19s 1234567z 2m\nabort kyuushu\nscore E 0\n")
    assert end_findings(game((20000, 20000, 20000, 40000), kyuushu, LATER)) == []


# ---------------------------------------------------------------- games without red fives (red_fives)

RED_WIN = record("E discard 1z\nS draw 9m\nS discard 9m\nW draw 3p\nW discard 3p\nS hu 3p\n{fan}",
                 DEALS.replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 456s 789s 40p 77z"))


def test_tiles_a_red_five_counts_one_han_with_red_fives() -> None:
    assert errors(RED_WIN.format(fan="fan S 3 : ittsu 2, aka_dora 1, fu 40\nscore S +5200 W -5200\n")) == []


def test_tiles_red_fives_false_a_red_five_is_a_bad_tile_and_a_plain_hand_counts_no_aka_dora() -> None:
    head = '[Ruleset "riichi"]\n[Option red_fives "false"]\n'
    red = RED_WIN.format(fan="").replace('[Ruleset "riichi"]\n', head)
    assert error_rules(red) == [("bad-tile", "common.tiles")]
    plain = RED_WIN.format(fan="fan S 2 : ittsu 2, fu 40\nscore S +2600 W -2600\n").replace("40p", "45p")
    assert errors(plain.replace('[Ruleset "riichi"]\n', head)) == []


def test_tiles_paipu_import_tenhou_writes_red_fives_false_for_a_game_without_them() -> None:
    from paipu.importers.tenhou.convert import game_to_record
    from paipu.importers.tenhou.model import Game, Player, Rules

    players = tuple(Player(n) for n in "abcd")
    plain = game_to_record(Game("mjlog", Rules(red_fives=False), players, ()))
    assert [(o.name, o.value) for o in plain.header.options] == [("red_fives", "false")]
    red = game_to_record(Game("mjlog", Rules(), players, ()))
    assert red.header.options == ()


# ---------------------------------------------------------------- pao for big three dragons (riichi.pao)

DRAGONS = """[Ruleset "riichi"]
hand 1
dealer E
deal E 5z 123p 789p 234s 678s 1z
deal S 55z 66z 77z 123m 456p 9s
deal W 6z 7z 456m 789m 234p 12s
deal N 111s 333s 555s 777m 2z
E discard 5z
S pong 5z
S discard 4p
W draw 3m
W discard 6z
S pong 6z
S discard 5p
W draw 3m
W discard 7z
S pong 7z
S discard 6p
W draw 8m
W discard 8m
"""


def test_pao_daisangen_won_on_another_seats_discard_the_liable_seat_pays_half() -> None:
    text = DRAGONS + "N draw 9s\nN discard 9s\nS hu 9s\nfan S 13 : daisangen 13\n"
    assert errors(text + "score S +32000 N -16000 W -16000\n") == []
    assert [c for c, _ in errors(text + "score S +32000 N -32000\n")] == ["score-mismatch"]
    # With one honba the liable W pays its 300 (as Tenhou does), not the discarder N.
    honba = text.replace("dealer E\n", "dealer E\nhonba 1\n")
    assert errors(honba + "score S +32300 N -16000 W -16300\n") == []
    assert [c for c, _ in errors(honba + "score S +32300 N -16300 W -16000\n")] == ["score-mismatch"]


def test_pao_daisangen_self_drawn_the_liable_seat_pays_it_all() -> None:
    text = DRAGONS + ("N draw 2m\nN discard 2m\nE draw 2z\nE discard 2z\nS draw 9s\nS hu 9s\n"
                      "fan S 13 : daisangen 13\n")
    assert errors(text + "score S +32000 W -32000\n") == []
    assert [c for c, _ in errors(text + "score S +32000 E -16000 W -8000 N -8000\n")] == ["score-mismatch"]


# ---------------------------------------------------------------- furiten after riichi (riichi.furiten)


def test_furiten_after_riichi_a_winning_tile_let_pass_lasts_past_the_seats_next_discard() -> None:
    body = ("E discard 1z\nS draw 9m\nS ready\nS discard 9m\nW draw 3p\nW discard 3p\nN draw 1p\nN discard 1p\n"
            "E draw 2p\nE discard 2p\nS draw 9s\nS discard 9s\nW draw 6p\nW discard 6p\nS hu 6p\n")
    found = [f for f in audit_text(record(body)).findings if f.severity == "error"]
    assert [(f.code, f.rule) for f in found] == [("not-a-win", "riichi.furiten")]
    assert "after its riichi" in found[0].message
    # Without riichi the same pass is forgotten at S's next discard: the win stands.
    plain = body.replace("S ready\n", "")
    assert errors(record(plain + "fan S 2 : ittsu 2, fu 40\nscore S +2600 W -2600\n")) == []


# ------------------------------------------- exhaustive draws (riichi.tenpai-payment, riichi.nagashi)

TERMINALS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))


def exhaustive(nagashi: str = "") -> str:
    """The riichi test hand played to an exhaustive draw: every seat discards what it draws;
    the seat ``nagashi`` draws only terminals and honours, the others simples first."""
    from paipu.tiles import ALL_TILES, parse_tiles

    left = [4] * 34
    for line in DEALS.splitlines():
        for t in parse_tiles(line.split(" ", 2)[2], red_fives=True):
            left[t.index] -= 1
    lines = ["E discard 1z"]
    order = "SWNE"
    for i in range(69):
        seat = order[i % 4]
        terminal_first = seat == nagashi
        kinds = sorted(range(34), key=lambda k: (k in TERMINALS) != terminal_first)
        kind = next(k for k in kinds if left[k])
        left[kind] -= 1
        lines += [f"{seat} draw {ALL_TILES[kind]}", f"{seat} discard {ALL_TILES[kind]}"]
    return record("\n".join(lines) + "\nexhausted\n")


def test_tenpai_payment_two_ready_seats_take_1500_each_from_the_two_others() -> None:
    # S waits on 3p 6p, W on 3p with seven pairs; E and N are not ready.
    assert errors(exhaustive() + "score S +1500 W +1500 E -1500 N -1500\n") == []
    assert [c for c, _ in errors(exhaustive() + "score S +3000 E -1000 W -1000 N -1000\n")] == ["score-mismatch"]


def test_nagashi_mangan_is_paid_as_a_self_drawn_mangan_in_place_of_the_tenpai_payments() -> None:
    text = exhaustive(nagashi="N")
    assert errors(text + "score N +8000 E -4000 S -2000 W -2000\n") == []
    assert [c for c, _ in errors(text + "score S +3000 E -1000 W -1000 N -1000\n")] == ["score-mismatch"]


# ---------------------------------------------------------------- kongs after riichi (riichi.ready)

KONG_DEALS = DEALS.replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 456s 888s 45p 77z")
RIICHI = "E discard 1z\nS draw 9m\nS ready\nS discard 9m\n"


def test_ready_a_seat_in_riichi_may_make_a_concealed_kong_of_its_draw_that_keeps_its_waits() -> None:
    body = RIICHI + ("W draw 1p\nW discard 1p\nN draw 2p\nN discard 2p\nE draw 3z\nE discard 3z\n"
                     "S draw 8s\nS ankong 8s\nS draw 9s\nS discard 9s\n")
    assert errors(record(body, KONG_DEALS)) == []


def test_ready_a_seat_in_riichi_may_not_kong_a_discard() -> None:
    body = RIICHI + "W draw 8s\nW discard 8s\nS kong 8s\n"
    assert error_rules(record(body, KONG_DEALS)) == [("riichi-kong", "riichi.ready")]


def test_end_west_4_goes_on_only_while_its_dealer_keeps_the_deal_behind_the_leader() -> None:
    west4 = DEALER_WINS.replace("wind 2z", "wind 3z")
    assert end_findings(game((40000, 20000, 20000, 20000), west4, LATER)) == []
    # First after its win (though below 30,000), the dealer of West 4 ends the game.
    assert end_findings(game((20000, 26000, 25000, 24000), west4, LATER)) == [("game-over", "riichi.end")]
