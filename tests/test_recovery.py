"""Recovery from a typo: hints, hinted readings, and a replay that goes on as far as the table is known.

The record under test is samples/valid/zhuji/four-hands.paipu (four hands, no error), with
one of its lines broken; the audit of the broken record is compared with the clean one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from paipu.auditing import Audit, audit_text
from paipu.findings import Finding
from paipu.grammar import hints
from paipu.grammar.parser import parse
from paipu.grammar.recovery import line_hints
from paipu.reports.build import build_report_model

ROOT = Path(__file__).resolve().parent.parent
FOUR_HANDS = (ROOT / "samples" / "valid" / "zhuji" / "four-hands.paipu").read_text(encoding="utf-8")
LINES = FOUR_HANDS.split("\n")


def broken(number: int, line: str) -> str:
    """four-hands.paipu with line ``number`` (from 1) replaced by ``line``."""
    out = list(LINES)
    out[number - 1] = line
    return "\n".join(out)


def errors(audit: Audit) -> list[Finding]:
    return [f for f in audit.findings if f.severity == "error"]


def codes(findings: list[Finding]) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings]


CLEAN = audit_text(FOUR_HANDS, "four-hands.paipu")


def test_the_clean_record_replays_without_errors() -> None:
    assert CLEAN.ok and CLEAN.replay is not None and len(CLEAN.replay.hands) == 4


# ---------------------------------------------------------------- a typo with one reading


@pytest.mark.parametrize(
    ("number", "line", "hint"),
    [
        (22, "W drwa 2p", "unknown word 'drwa' (did you mean 'draw'?)"),
        (23, "W discrad 4z", "unknown word 'discrad' (did you mean 'discard'?)"),
        (23, "W Discard 4z", "unknown word 'Discard' (did you mean 'discard'?)"),
        (22, "W drawn 2p", "unknown word 'drawn' (did you mean 'draw'?)"),
        (20, "S pung 1z", "unknown word 'pung' (did you mean 'pong'?)"),
        (29, "S gang 5m", "unknown word 'gang' (did you mean 'kong'?)"),  # 暗杠 by another name: still a kong word
        (31, "S tsumo", "unknown word 'tsumo' (did you mean 'hu'?)"),
        (22, "W draw 2P", "'2P' is not a tile (did you mean '2p'?)"),
        (22, "w draw 2p", "'w' is not a seat (did you mean 'W'?)"),
        (22, "西 draw 2p", "'西' is not a seat (did you mean 'W'?)"),  # E deals hand 1: 西 is W
        (35, "hnad 2", "unknown word 'hnad' (did you mean 'hand'?)"),
    ],
)
def test_recovery_a_typo_with_one_reading_is_an_error_and_replayed_as_read(number: int, line: str, hint: str) -> None:
    audit = audit_text(broken(number, line), "typo.paipu")
    syntax = [f for f in audit.findings if f.code == "syntax"]
    assert len(syntax) == 1 and syntax[0].line == number
    assert syntax[0].message.startswith(hint) and "; read as `" in syntax[0].message
    assert not audit.ok  # still an error: `check` exits 1
    assert codes(errors(audit)) == [("syntax", number)], audit.findings
    if line.split()[1] == "gang":
        # Read as `S kong 5m`, not what the record meant (an ankong): the table refuses the
        # reading, so the hand is checked up to it only, with no cascade of findings from it.
        stopped = [f for f in audit.findings if f.code == "unchecked"]
        assert codes(stopped) == [("unchecked", 29)] and "does not fit the table" in stopped[0].message
        return
    assert audit.replay is not None and CLEAN.replay is not None
    assert audit.replay.scores == CLEAN.replay.scores
    assert [h.result.result for h in audit.replay.hands] == [h.result.result for h in CLEAN.replay.hands]
    assert not [f for f in audit.findings if f.code == "unchecked"]


def test_recovery_the_hinted_reading_is_in_the_parsed_record_at_its_line() -> None:
    res = parse(broken(22, "W drwa 2p"))
    assert res.unread == ()
    action = next(a for a in res.record.hands[0].actions if a.span.line == 22)
    assert action.verb == "draw" and str(getattr(action, "tile", "")) == "2p"


# ---------------------------------------------------------------- a line with no reading


def test_recovery_an_unreadable_action_stops_checking_its_hand_only() -> None:
    audit = audit_text(broken(22, "W xyzzy 2p"), "typo.paipu")
    # One error (the syntax), one warning saying where checking stopped: no cascade.
    assert codes(errors(audit)) == [("syntax", 22)]
    stopped = [f for f in audit.findings if f.code == "unchecked"]
    assert codes(stopped) == [("unchecked", 22)] and stopped[0].severity == "warning"
    assert "hand 1 is not checked from line 22 on" in stopped[0].message
    assert "hand 2 is checked again" in stopped[0].message
    rp, clean = audit.replay, CLEAN.replay
    assert rp is not None and clean is not None
    assert rp.hands[0].result.result == "incomplete"
    # Hands 2 to 4 are checked as in the clean record, their payments the same.
    for mine, theirs in zip(rp.hands[1:], clean.hands[1:], strict=True):
        assert mine.result.result == theirs.result.result
        assert mine.result.payments == theirs.result.payments


def test_recovery_an_ambiguous_word_gives_both_hints_and_no_reading() -> None:
    audit = audit_text(broken(29, "S adkong 5m"), "typo.paipu")
    syntax = [f for f in audit.findings if f.code == "syntax"]
    assert syntax[0].message == "unknown word 'adkong' (did you mean 'addkong' or 'ankong'?)"
    assert codes(errors(audit)) == [("syntax", 29)]
    assert codes([f for f in audit.findings if f.code == "unchecked"]) == [("unchecked", 29)]


def test_recovery_an_unreadable_setup_line_leaves_its_hand_unchecked_without_missing_deal() -> None:
    audit = audit_text(broken(16, "deal S 235555678m 3p 9s 11x"), "typo.paipu")
    assert codes(errors(audit)) == [("syntax", 16)], audit.findings
    stopped = [f for f in audit.findings if f.code == "unchecked"]
    assert len(stopped) == 1 and "hand 1 is not checked: line 16 of its setup" in stopped[0].message


def test_recovery_an_unreadable_hand_line_merges_no_hands_into_a_cascade() -> None:
    audit = audit_text(broken(35, "hand two"), "typo.paipu")
    # The lines of hand 2 fall into hand 1 after the gap: no misplaced-line, no hand-number for hand 3.
    assert codes(errors(audit)) == [("syntax", 35)], audit.findings
    assert audit.replay is not None and len(audit.replay.hands) == 3


def test_recovery_an_unreadable_option_tag_stops_the_replay_with_one_warning() -> None:
    out = list(LINES)
    out.insert(3, "[Option caishen_kinds any]")
    audit = audit_text("\n".join(out), "typo.paipu")
    assert audit.replay is None
    assert [f.code for f in audit.findings] == ["syntax", "unchecked"]
    assert "may hold the ruleset, an option or a starting score" in audit.findings[1].message


def test_recovery_a_bad_free_tag_does_not_stop_the_replay() -> None:
    audit = audit_text(broken(8, "[Date 2026-11-29]"), "typo.paipu")
    assert audit.replay is not None and codes(errors(audit)) == [("syntax", 8)]


def test_recovery_a_report_shows_the_hand_up_to_and_after_the_bad_line() -> None:
    audit = audit_text(broken(22, "W xyzzy 2p"), "typo.paipu", views=True)
    model = build_report_model(audit)
    assert model.parsed and len(model.hands) == 4
    rp = audit.replay
    assert rp is not None
    steps = rp.hands[0].steps
    # Every action of hand 1 is a step, those after the bad line too (unchecked, the table as at the gap).
    assert len(steps) == len(rp.hands[0].record.actions) + 1
    assert steps[-1].action is not None and steps[-1].action.span.line == 33
    assert all(s.view is not None for s in steps)


# ---------------------------------------------------------------- the hint tables


@pytest.mark.parametrize("verb", hints.VERBS)
def test_hint_every_verb_swapped_or_short_of_a_letter_or_capitalised(verb: str) -> None:
    variants = {verb.capitalize(), verb.upper(), verb + "s"}
    if len(verb) >= 3:
        variants.add(verb[0] + verb[2] + verb[1] + verb[3:])  # two letters swapped
    if len(verb) >= 4:
        variants.add(verb[:-1])
    for word in variants:
        assert verb in hints.verb_hints(word), (word, hints.verb_hints(word))


@pytest.mark.parametrize(
    ("word", "verb"),
    [("pung", "pong"), ("pon", "pong"), ("chi", "chow"), ("chii", "chow"), ("gang", "kong"), ("kan", "kong"),
     ("ankan", "ankong"), ("kakan", "addkong"), ("tsumo", "hu"), ("ron", "hu"), ("riichi", "ready"),
     ("lizhi", "ready"), ("自摸", "hu"), ("立直", "ready"), ("Riichi", "ready")],
)
def test_hint_other_games_words_name_paipu_s_verb(word: str, verb: str) -> None:
    assert hints.verb_hints(word) == (verb,)


@pytest.mark.parametrize(
    ("word", "tile"), [("8M", "8m"), ("123P", "123p"), ("m8", "8m"), ("8man", "8m"), ("5Z", "5z"), ("3pin", "3p")]
)
def test_hint_tiles_in_another_case_or_order(word: str, tile: str) -> None:
    assert hints.tile_hints(word) == (tile,)


def test_hint_seats_by_case_word_and_wind_of_the_hand() -> None:
    assert hints.seat_hints("s", {}) == ("S",) and hints.seat_hints("east", {}) == ("E",)
    assert hints.seat_hints("东", {}) == ()  # a wind is a seat only when the dealer is known
    winds = hints.wind_seats("W", hints.SEATS)
    assert [winds[w] for w in "东南西北"] == ["W", "N", "E", "S"]
    assert hints.wind_seats("W", ("E", "W")) == {"东": "W", "東": "W"}  # two seats: only East is sure


def test_hint_a_wind_as_seat_follows_the_hand_s_dealer() -> None:
    res = parse(broken(47, "东 draw 5m"))  # hand 2 is dealt by S: 东 is S, not E
    syntax = [f for f in res.findings if f.code == "syntax"]
    assert syntax[0].message.startswith("'东' is not a seat (did you mean 'S'?)")


def test_hint_a_line_needs_every_word_hinted_once_for_a_reading() -> None:
    found, reading = line_hints("s drwa 8M ; typed in", {})
    assert [h.choices for h in found] == [("S",), ("draw",), ("8m",)]
    assert reading == "S draw 8m ; typed in"
    assert line_hints("S ong 8m", {})[1] is None  # `kong` or `pong`
    assert line_hints("S frobnicate 8m", {})[1] is None


def test_hint_distance_counts_a_swap_as_one_edit() -> None:
    assert hints.distance("drwa", "draw") == 1
    assert hints.distance("discrad", "discard") == 1
    assert hints.distance("gang", "kong") == 2


def test_hint_a_set_written_tile_by_tile_is_read_as_its_one_tile() -> None:
    audit = audit_text(broken(20, "S pong 1z1z1z"), "typo.paipu")
    assert codes(errors(audit)) == [("syntax", 20)]
    message = errors(audit)[0].message
    assert message == "pong takes one tile, found 3 (a set's tile is written once); read as `S pong 1z`"
    assert audit.replay is not None and CLEAN.replay is not None and audit.replay.scores == CLEAN.replay.scores
    # Tiles that differ are no set: no reading, and the hand stops being checked there.
    audit = audit_text(broken(20, "S pong 1z 2z 1z"), "typo.paipu")
    assert codes(errors(audit)) == [("syntax", 20)]
    assert codes([f for f in audit.findings if f.code == "unchecked"]) == [("unchecked", 20)]


def test_hint_seats_of_setup_and_score_lines() -> None:
    assert line_hints("deal s 123m", {})[1] == "deal S 123m"
    assert line_hints("score E +4 w -4", {})[1] == "score E +4 W -4"


def test_recovery_a_line_over_the_length_limit_stops_checking_its_hand_only() -> None:
    from paipu.limits import MAX_LINE_CHARS

    audit = audit_text(broken(22, "W draw 2p {" + "x" * MAX_LINE_CHARS + "}"), "long.paipu")
    assert codes(errors(audit)) == [("over-limit", 22)]
    assert codes([f for f in audit.findings if f.code == "unchecked"]) == [("unchecked", 22)]
    assert audit.replay is not None and CLEAN.replay is not None
    assert [h.result.payments for h in audit.replay.hands[1:]] == [h.result.payments for h in CLEAN.replay.hands[1:]]


@pytest.mark.parametrize(
    ("line", "meant"),
    [('[ruleset "zhuji"]', "Ruleset"), ('[Rulset "zhuji"]', "Ruleset"), ('[RULESET "zhuji"]', "Ruleset")],
)
def test_hint_a_misspelt_ruleset_tag_is_an_error_read_as_the_tag(line: str, meant: str) -> None:
    audit = audit_text(broken(3, line), "tag.paipu")
    assert codes(errors(audit)) == [("syntax", 3)]
    assert errors(audit)[0].message.startswith(f"unknown tag [{line[1:line.index(' ')]}] (did you mean [{meant}]?)")
    assert audit.replay is not None and CLEAN.replay is not None and audit.replay.scores == CLEAN.replay.scores


def test_hint_tags_of_another_shape_stay_free_tags() -> None:
    assert hints.tag_hint("player", True) == "Player" and hints.tag_hint("Optoin", True) == "Option"
    assert hints.tag_hint("Scorer", False) is None  # no seat: not a [Score E "…"]
    assert hints.tag_hint("Players", False) is None
    assert hints.tag_hint("Event", False) is None


def test_hint_a_ruleset_s_own_word_is_not_hinted_away() -> None:
    assert line_hints("dora 3P", {}) == (line_hints("dora 3P", {})[0], "dora 3p")
    assert [h.word for h in line_hints("dora 3P", {})[0]] == ["3P"]


def test_recovery_past_the_cap_of_syntax_errors_lines_not_read_stop_their_hand() -> None:
    bad = "\n".join(["W xyzzy 2p"] * 120)
    text = broken(22, bad)  # hand 1 holds 120 bad lines: past the cap, the rest is not read
    late = len(text.split("\n")) - len(LINES) + 44  # hand 2's `W discard 7s`, moved down
    lines = text.split("\n")
    assert lines[late - 1] == "W discard 7s"
    lines[late - 1] = "W xyzzy 7s"
    res = parse("\n".join(lines))
    assert late in res.unread  # not read, so not silently left out of hand 2
    audit = audit_text("\n".join(lines), "many.paipu")
    stopped = codes([f for f in audit.findings if f.code == "unchecked"])
    assert stopped == [("unchecked", 22), ("unchecked", late)]
    assert not [f for f in errors(audit) if f.code != "syntax"]


def test_hint_a_message_names_few_other_words_and_quotes_a_short_reading() -> None:
    res = parse(broken(15, "deal E " + " ".join(["1M"] * 400)))
    message = next(f.message for f in res.findings if f.code == "syntax")
    assert len(message) < 300, message
