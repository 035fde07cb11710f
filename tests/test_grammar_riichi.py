"""The record format's additions for riichi: red fives, a ruleset's own word lines, `abort`."""

from __future__ import annotations

import pickle

import pytest

import paipu.record as r
from paipu.auditing import audit_text
from paipu.errors import TileError
from paipu.grammar.fast import fast_line as _fast_line
from paipu.grammar.parser import parse
from paipu.grammar.writer import format_record
from paipu.tiles import ALL_TILES, RED_FIVES, Tile, counts, format_tiles, parse_tiles, same_face, sorted_tiles

HEAD = '[Ruleset "zhuji"]\nhand 1\n'


def _hand(text: str) -> r.HandRecord:
    res = parse(HEAD + text)
    assert not [f for f in res.findings if f.severity == "error"], res.findings
    return res.record.hands[0]


# ---------------------------------------------------------------- red fives


def test_red_five_is_the_five_for_counts_and_equality_but_prints_as_0() -> None:
    red = Tile.parse("0p", red_fives=True)
    five = Tile.parse("5p")
    assert red == five and hash(red) == hash(five) and red.index == five.index == 13
    assert red.red and not five.red and red is not five
    assert str(red) == "0p" and red.plain is five and red.digit == "0"
    assert counts([red, five])[13] == 2
    assert not same_face(red, five) and same_face(red, Tile.parse("0p", red_fives=True))


def test_red_fives_are_interned_and_survive_pickling() -> None:
    for t in RED_FIVES:
        assert Tile.parse(str(t), red_fives=True) is t
        assert pickle.loads(pickle.dumps(t)) is t
    assert len(ALL_TILES) == 42 and not any(t.red for t in ALL_TILES)


def test_red_five_needs_the_red_fives_flag_in_parse_tiles() -> None:
    with pytest.raises(TileError, match="bad tile 0m"):
        parse_tiles("0m")
    assert format_tiles(parse_tiles("40566m", red_fives=True)) == "40566m"


@pytest.mark.parametrize("bad", ["0z", "0f", "0万"])
def test_only_m_p_s_written_with_ascii_letters_have_a_red_five(bad: str) -> None:
    with pytest.raises(TileError):
        parse_tiles(bad, red_fives=True)


def test_red_five_in_a_record_parses_and_the_deal_keeps_it_sorted_after_the_plain_five() -> None:
    hand = _hand("deal E 0m5m 123p\nE discard 0m\n")
    deal = hand.deal_of("E")
    assert deal is not None
    assert [str(t) for t in deal.tiles] == ["5m", "0m", "1p", "2p", "3p"]
    discard = hand.actions[0]
    assert isinstance(discard, r.Discard) and discard.tile.red


def test_red_five_lines_take_the_fast_path_and_read_as_the_grammar_reads_them() -> None:
    """A red five (``0s``) is read by the fast path, a deal's tiles sorted as the grammar sorts
    them: a plain five before its red five."""
    assert _fast_line("E discard 0s", 1) is not None
    deal = _fast_line("deal E 1234056m 0p 0s", 1)
    assert isinstance(deal, r.Deal) and format_tiles(deal.tiles) == "1234506m 0p 0s"


def test_red_five_in_a_ruleset_without_red_fives_is_a_bad_tile() -> None:
    text = (
        '[Ruleset "zhuji"]\nhand 1\ndealer E\n'
        "deal E 123m 406m 789p 11z 77z 3s\ndeal S 2468m 1357p 2468s 6z\n"
        "deal W 1357m 2468p 1357s 5z\ndeal N 99m 99p 199s 2345z 67z\nE discard 3s\n"
    )
    audit = audit_text(text)
    bad = [f for f in audit.findings if f.code == "bad-tile"]
    assert len(bad) == 1 and "0m is a red five" in bad[0].message and bad[0].line == 4


# ---------------------------------------------------------------- word lines


def test_word_line_before_the_first_action_is_a_setup_line_with_tiles_or_numbers() -> None:
    hand = _hand("dora 3p\nhonba 2\nsticks 1\ndeal E 1m\nE discard 1m\n")
    dora, honba = hand.setup("dora"), hand.setup("honba")
    assert dora is not None and dora.tiles == (Tile.parse("3p"),) and dora.values == ()
    assert honba is not None and honba.values == (2,) and honba.value == 2 and honba.tiles == ()
    assert [x.name for x in hand.extra] == ["dora", "honba", "sticks"]


def test_setup_lines_give_each_words_line_as_setup_does_the_last_of_a_word_written_twice() -> None:
    hand = _hand("dora 3p\nhonba 2\nsticks 1\ndeal E 1m\nE discard 1m\n")
    lines = hand.setup_lines()
    assert list(lines) == ["dora", "honba", "sticks"]
    assert all(lines[name] is hand.setup(name) for name in lines)
    first, second = hand.extra[0], r.replace(hand.extra[0], tiles=(Tile.parse("4p"),))
    twice = r.replace(hand, extra=(first, second))
    assert twice.setup_lines() == {"dora": second} and twice.setup("dora") is second
    assert twice.setup("wind") is None and "wind" not in twice.setup_lines()


def test_word_line_after_the_first_action_is_a_table_event() -> None:
    hand = _hand("deal E 1m\nE discard 1m\ndora 0s\nuradora 5p 1z\n")
    dora, ura = hand.actions[1], hand.actions[2]
    assert isinstance(dora, r.TableEvent) and dora.name == "dora" and dora.tiles[0].red
    assert isinstance(ura, r.TableEvent) and ura.verb == "uradora" and len(ura.tiles) == 2


def test_a_second_setup_word_line_is_a_duplicate() -> None:
    res = parse(HEAD + "dora 3p\ndora 4p\n")
    assert [f.code for f in res.findings] == ["duplicate-line"]


def test_abort_line_is_an_event_with_its_reason_even_as_the_first_action() -> None:
    hand = _hand("deal E 1m\nabort kyuushu\n")
    a = hand.actions[0]
    assert isinstance(a, r.TableEvent) and a.name == "abort" and a.word == "kyuushu"
    bare = _hand("deal E 1m\nabort\n").actions[0]
    assert isinstance(bare, r.TableEvent) and bare.word == ""


@pytest.mark.parametrize("line", ["draw 5m", "what is this", "Dora 3p"])
def test_a_line_that_is_no_word_line_is_still_a_syntax_error_at_its_start(line: str) -> None:
    res = parse(HEAD + line + "\n")
    assert [(f.code, f.line, f.column) for f in res.findings] == [("syntax", 3, 1)]


def test_a_word_line_without_its_tiles_or_numbers_ends_too_early_after_its_word() -> None:
    res = parse(HEAD + "dora\n")
    assert [(f.code, f.line, f.column) for f in res.findings] == [("syntax", 3, 5)]
    assert res.findings[0].message == "the line ends too early: expected a tile (such as 5m, 1z or 东) or a number"


def test_keywords_are_never_read_as_word_lines() -> None:
    hand = _hand("dealer S\nwall 1m\ndeal E 1m\nE discard 1m\nexhausted\n")
    assert hand.dealer is not None and hand.dealer.seat == "S" and hand.wall is not None
    assert isinstance(hand.actions[-1], r.Exhausted) and hand.extra == ()


def test_riichi_lines_round_trip_through_the_canonical_writer() -> None:
    text = (
        '[Ruleset "zhuji"]\n\nhand 1\ndealer E\ndora 3p\nhonba 1\nsticks 2\n'
        "deal E 1234056m 0p 0s\nE ready\nE discard 0m\ndora 7z\n"
    )
    res = parse(text)
    out = format_record(res.record)
    again = parse(out)
    assert r.to_json(again.record, spans=False) == r.to_json(res.record, spans=False)
    assert "dora 3p\nhonba 1\nsticks 2\n" in out and "E discard 0m\ndora 7z\n" in out
    assert "deal E 1234506m 0p 0s" in out  # canonical: a plain five before its red five
    assert format_record(again.record) == out


def test_sorted_tiles_puts_a_red_five_after_its_plain_five() -> None:
    red = RED_FIVES[0]
    assert [str(t) for t in sorted_tiles([red, Tile.parse("5m"), Tile.parse("4m")])] == ["4m", "5m", "0m"]
