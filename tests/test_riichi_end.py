"""The end of a riichi game, on hand-written records: the sticks left on the table go to first place
(riichi.end-sticks), the final scores and points a record states are audited (common.final,
riichi.points), the all-last dealer ready at a draw in first place (riichi.end, option
last_dealer_ready), and furiten from a passed tile that would have given no yaku (riichi.furiten)."""

from __future__ import annotations

from pathlib import Path

from paipu.auditing import audit_text
from paipu.replay.ruleset import get_ruleset
from paipu.replay.session import Replay
from paipu.tiles import ALL_TILES, parse_tiles

ROOT = Path(__file__).resolve().parent.parent

TERMINALS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))

# All-last of an east-only game: N deals East 4.  E waits on 3p 6p and S on 3p (seven pairs);
# W and the dealer N are not ready.
DEALER_NOT_READY = (
    "deal E 123s 456s 789s 45p 77z\n"
    "deal S 223344m 388p 11s 55z\n"
    "deal W 555666m 377p 44z 66z\n"
    "deal N 111m 234m 567m 99p 6p 1z 2z\n"
)
# The same table with the dealer N ready (on 3p 6p) and E not.
DEALER_READY = (
    "deal E 111m 234m 567m 99p 6p 2z\n"
    "deal S 223344m 388p 11s 55z\n"
    "deal W 555666m 377p 44z 66z\n"
    "deal N 123s 456s 789s 45p 77z 1z\n"
)


def drawn_hand(deals: str, riichi: str = "") -> str:
    """East 4 of an east-only game played to an exhaustive draw: N discards 1z, then every seat
    discards the simple it draws (so nobody is paid a nagashi mangan); each seat of ``riichi``
    declares riichi with its first discard."""
    left = [4] * 34
    for line in deals.splitlines():
        for t in parse_tiles(line.split(" ", 2)[2], red_fives=True):
            left[t.index] -= 1
    lines = ["dealer N", "wind 1z"]
    lines += deals.splitlines()
    if "N" in riichi:
        lines.append("N ready")
    lines.append("N discard 1z")
    declared = {"N"}
    for i in range(69):
        seat = "ESWN"[i % 4]
        kind = next(k for k in sorted(range(34), key=lambda k: k in TERMINALS) if left[k])
        left[kind] -= 1
        lines.append(f"{seat} draw {ALL_TILES[kind]}")
        if seat in riichi and seat not in declared:
            lines.append(f"{seat} ready")
        declared.add(seat)
        lines.append(f"{seat} discard {ALL_TILES[kind]}")
    return "\n".join(lines) + "\nexhausted\n"


def game(scores: tuple[int, int, int, int], *hands: str, options: str = "") -> str:
    head = '[Ruleset "riichi"]\n[Option length "tonpuusen"]\n' + options
    head += "".join(f'[Score {s} "{v}"]\n' for s, v in zip("ESWN", scores, strict=True))
    return head + "".join(f"\nhand {i}\n{h}" for i, h in enumerate(hands, start=1))


def replayed(text: str) -> Replay:
    audit = audit_text(text)
    assert audit.replay is not None
    return audit.replay


def errors(text: str) -> list[tuple[str, int, str | None]]:
    return [(f.code, f.line, f.rule) for f in audit_text(text).findings if f.severity == "error"]


# E riichis; E and S are ready, W and N pay 1,500 each: E 20,500, S 30,500, W 30,500, N 17,500 and
# E's stick on the table.  S and W tie for first: S, nearer the first dealer E, is first.
TIE = game((20000, 29000, 32000, 19000), drawn_hand(DEALER_NOT_READY, riichi="E")
           + "score E +500 S +1500 W -1500 N -1500\n")


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


# ---------------------------------------------------------------- sticks at the end (riichi.end-sticks)


def test_end_sticks_stay_on_the_table_while_the_game_is_not_over() -> None:
    text = game((20000, 25000, 25000, 30000), drawn_hand(DEALER_NOT_READY, riichi="E")
                + "score E +500 S +1500 W -1500 N -1500\n")
    rp = replayed(text)
    assert errors(text) == []
    # E 20,500, S 26,500, W 23,500, N 28,500 after East 4: nobody has 30,000, the game goes on
    # into the South round, and the record ends with E's stick on the table.
    assert rp.scores == {"E": 20500, "S": 26500, "W": 23500, "N": 28500}
    assert rp.hands[-1].game_end.payments == {}
    assert not any("game is over" in n for n in rp.hands[-1].result.notes)


def test_end_sticks_a_tie_for_first_gives_them_to_the_seat_nearer_the_first_dealer() -> None:
    rp = replayed(TIE)
    assert errors(TIE) == []
    assert rp.scores == {"E": 20500, "S": 31500, "W": 30500, "N": 17500}
    assert rp.hands[-1].scores_after == rp.scores
    assert rp.hands[-1].game_end.rule == "riichi.end-sticks"
    assert ("the game is over: S, in first place, takes the 1 riichi stick left on the table"
            in rp.hands[-1].result.notes)
    # The hand's own payments stay those of the draw: the record's score line audits clean.
    assert rp.hands[-1].result.payments == {"E": 500, "S": 1500, "W": -1500, "N": -1500}


# ---------------------------------------------------------------- recorded final scores (common.final)


def test_final_recorded_scores_that_include_the_stick_audit_clean() -> None:
    finals = '[Final E "20500"]\n[Final S "31500"]\n[Final W "30500"]\n[Final N "17500"]\n'
    assert errors(TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n' + finals)) == []


def test_final_mismatch_a_stick_given_to_the_wrong_seat_is_an_error_at_each_tag() -> None:
    finals = '[Final S "30500"]\n[Final W "31500"]\n'
    text = TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n' + finals)
    found = [f for f in audit_text(text).findings if f.severity == "error"]
    assert [(f.code, f.line, f.rule) for f in found] == [
        ("final-mismatch", line_of(text, "[Final S"), "riichi.end-sticks"),
        ("final-mismatch", line_of(text, "[Final W"), "common.final"),
    ]
    assert found[0].message == ("[Final S] records 30500; the rules give 31500 (29000 at the start, "
                                "+1500 in payments, +1000 at the end of the game)")


def test_final_a_seat_without_a_tag_is_not_recorded_and_without_score_tags_the_start_score_counts() -> None:
    text = TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n[Final S "31500"]\n')
    assert errors(text) == []
    # With no [Score] tags the seats start from the option start_score (25,000).
    body = drawn_hand(DEALER_NOT_READY, riichi="E") + "score E +500 S +1500 W -1500 N -1500\n"
    plain = '[Ruleset "riichi"]\n[Option length "tonpuusen"]\n[Final W "23500"]\n\nhand 1\n' + body
    assert errors(plain) == []
    wrong = plain.replace('[Final W "23500"]', '[Final W "-1500"]')
    assert [c for c, _, _ in errors(wrong)] == ["final-mismatch"]


# ---------------------------------------------------------------- recorded final points (riichi.points)

POINTS = '[Points E "-19.5"]\n[Points S "+41.5"]\n[Points W "+10.5"]\n[Points N "-32.5"]\n'


def test_points_tenths_by_default_first_place_takes_the_rest() -> None:
    # W: +0.5 + 10 uma; E: -9.5 - 10; N: -12.5 - 20; S the rest, +41.5 (1.5 + 20 oka + 20 uma).
    assert errors(TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n' + POINTS)) == []


def test_points_mismatch_points_of_another_rounding_are_an_error_at_the_tag() -> None:
    text = TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n' + POINTS.replace("+10.5", "+11.0"))
    found = [f for f in audit_text(text).findings if f.severity == "error"]
    where = line_of(text, "[Points W")
    assert [(f.code, f.line, f.rule) for f in found] == [("points-mismatch", where, "riichi.points")]
    assert found[0].message == ("[Points W] records +11.0; the rules give +10.5 (30500, place 2: +0.5 against the "
                                "return score 30000, uma +10.0)")
    # The same points are right when each score is rounded to a thousand first (half away from 0).
    thousands = '[Points E "-19"]\n[Points S "+40"]\n[Points W "+11"]\n[Points N "-32"]\n'
    rounded = TIE.replace('[Score N "19000"]\n', '[Score N "19000"]\n' + thousands)
    assert [c for c, _, _ in errors(rounded)] == ["points-mismatch"] * 4
    assert errors(rounded.replace("[Score E", '[Option points_rounding "thousands"]\n[Score E')) == []


def points(scores: tuple[int, int, int, int], **options: object) -> tuple[float, ...]:
    rs = get_ruleset("riichi", **options)
    got = rs.final_points({"E": scores[0], "S": scores[1], "W": scores[2], "N": scores[3]})
    assert got is not None
    return tuple(got[s].tenths / 10 for s in rs.seats)


def test_points_thousands_rounds_a_negative_score_away_from_zero() -> None:
    # A Tenhou game of 2020 (tenhou-python-bot-31): -500 is -1,000 (-31 - 20), 29,500 is 30,000 (0 + 10).
    assert points((-500, 26600, 29500, 44400), points_rounding="thousands") == (-51.0, -13.0, 10.0, 54.0)
    # Seats tied on points take their places in seat order (encdec-nowinner-multi-top).
    assert points((16300, 22100, 31300, 30300), points_rounding="thousands") == (-34.0, -18.0, 42.0, 10.0)


def test_points_uma_ties_split_shares_the_uma_of_the_places_held() -> None:
    # Tenhou's 2023 custom lobby (dnovikoff-newattr2023): return 30,000, uma 5/-5/-15, ties split.
    assert points((29300, 30700, 29300, 30700), uma="5,-5,-15", uma_ties="split") == (-10.7, 10.7, -10.7, 10.7)
    # Ranked by seat instead: S first, N second, E third, W fourth.
    assert points((29300, 30700, 29300, 30700), uma="5,-5,-15") == (-5.7, 15.7, -15.7, 5.7)


def test_points_an_uma_that_cannot_be_read_is_a_bad_option() -> None:
    text = TIE.replace("[Score E", '[Option uma "10,-10"]\n[Score E')
    assert ("bad-option", 3, "common.header") in errors(text)


def test_points_unchecked_a_ruleset_without_points_keeps_them_with_a_note() -> None:
    sample = (ROOT / "samples" / "valid" / "zhuji" / "seed-example.paipu").read_text(encoding="utf-8")
    zhuji = sample.replace('[Event "Seed example"]\n', '[Final E "12"]\n[Final S "-4"]\n[Points E "+3"]\n')
    found = [(f.severity, f.code, f.line) for f in audit_text(zhuji).findings]
    assert found == [("note", "points-unchecked", line_of(zhuji, "[Points E"))]
    assert [c for c, _, _ in errors(zhuji.replace('[Final S "-4"]', '[Final S "-3"]'))] == ["final-mismatch"]


# ------------------------------------- the all-last dealer ready at a draw in first place (riichi.end)

# N riichis with its first discard; N and S are ready: N 30,500 (first), S 26,500, E 23,500, W 18,500.
READY_FIRST = drawn_hand(DEALER_READY, riichi="N") + "score N +500 S +1500 E -1500 W -1500\n"
NEXT = "dealer N\nwind 1z\nhonba 1\nsticks 1\n" + DEALER_READY + "N discard 1z\n"


def game_over(text: str) -> list[tuple[str, str | None]]:
    return [(f.code, f.rule) for f in audit_text(text).findings if f.code == "game-over"]


def test_end_last_dealer_ready_ends_the_game_from_first_place_by_default() -> None:
    text = game((25000, 25000, 20000, 30000), READY_FIRST, NEXT)
    assert game_over(text) == [("game-over", "riichi.end")]
    # The game being over, the dealer's own stick goes back to it as first place.
    alone = game((25000, 25000, 20000, 30000), READY_FIRST)
    assert errors(alone) == []
    assert replayed(alone).scores == {"E": 23500, "S": 26500, "W": 18500, "N": 31500}


def test_end_last_dealer_ready_continues_as_in_2009_the_dealer_plays_on() -> None:
    option = '[Option last_dealer_ready "continues"]\n'
    text = game((25000, 25000, 20000, 30000), READY_FIRST, NEXT, options=option)
    assert game_over(text) == []
    assert [c for c, _, _ in errors(text)] == []
    # Ending the record there, the game is not over: the stick stays on the table.
    alone = game((25000, 25000, 20000, 30000), READY_FIRST, options=option)
    assert replayed(alone).scores == {"E": 23500, "S": 26500, "W": 18500, "N": 30500}


# ------------------------------------------- furiten on a passed tile with no yaku (riichi.furiten)

# S has chowed 345m: 678m 456s 88s 23p waits on 1p and 4p, and only 4p gives it a yaku (all simples).
KATA_AGARI = """[Ruleset "riichi"]

hand 1
dealer E
deal E 4m 999m 111s 777p 555z 6z
deal S 35m 678m 456s 88s 23p 1z
deal W 111222m 999s 222z 3z
deal N 444z 666p 777s 888p 3z
E discard 4m
S chow 3m 4m 5m
S discard 1z
W draw 1p
W discard 1p
N draw 4p
N discard 4p
S hu 4p
"""


def test_furiten_a_winning_tile_with_no_yaku_let_pass_makes_the_hand_furiten() -> None:
    found = [f for f in audit_text(KATA_AGARI).findings if f.severity == "error"]
    assert [(f.code, f.line, f.rule) for f in found] == [("not-a-win", line_of(KATA_AGARI, "S hu"),
                                                          "riichi.furiten")]
    assert found[0].message == "S declares a win, but S is furiten: it let a winning tile pass since its last discard"


def test_furiten_without_the_pass_the_yaku_tile_wins() -> None:
    text = KATA_AGARI.replace("W draw 1p\nW discard 1p\n", "W draw 1p\nW discard 9s\n")
    assert errors(text + "fan S 1 : tanyao 1, fu 30\nscore S +1000 N -1000\n") == []


def test_furiten_the_pass_is_forgotten_after_the_seats_next_discard() -> None:
    later = KATA_AGARI.replace(
        "N draw 4p\nN discard 4p\nS hu 4p\n",
        "N draw 3z\nN discard 3z\nE draw 9p\nE discard 9p\nS draw 2s\nS discard 2s\nW draw 4p\nW discard 4p\nS hu 4p\n"
        "fan S 1 : tanyao 1, fu 30\nscore S +1000 W -1000\n")
    assert errors(later) == []
