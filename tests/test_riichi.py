"""The riichi ruleset on small hand-written records: riichi, its stick and ippatsu, furiten,
kuikae, red fives, honba, and the values and payments the audit checks."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from paipu.auditing import audit_text
from paipu.hand.shanten import waits
from paipu.record import Seat
from paipu.replay.ruleset import get_ruleset
from paipu.replay.state import HandState
from paipu.rules.riichi.ruleset import Riichi, riichi_table
from paipu.rules.riichi.scoring import basic_points, ron_points, tsumo_points
from paipu.sim.mutate import mutants
from paipu.sim.simulate import simulate

DEALS = (
    "deal E 111m 234m 567m 99p 6p 1z 2z\n"
    "deal S 123s 456s 789s 45p 77z\n"
    "deal W 223344m 388p 11s 55z\n"
    "deal N 555666m 377p 44z 66z\n"
)


def record(*lines: str, setup: str = "", scores: str = "") -> str:
    return ('[Ruleset "riichi"]\n' + scores + "hand 1\ndealer E\n" + setup + DEALS + "".join(f"{x}\n" for x in lines))


def codes(text: str) -> list[tuple[str, int]]:
    """The error findings of a record, with their lines (the first action is on line 8)."""
    audit = audit_text(text)
    return [(f.code, f.line) for f in audit.findings if f.severity == "error"]


OPENING = ("E discard 1z", "S draw 9m")


def test_ron_value_and_payment_with_ittsu_and_40_fu_are_reproduced() -> None:
    text = record(*OPENING, "S discard 9m", "W draw 3p", "W discard 3p", "S hu 3p",
                  "fan S 2 : ittsu 2, fu 40", "score S +2600 W -2600")
    assert codes(text) == []


def test_ron_with_a_wrong_fu_is_a_fan_mismatch() -> None:
    text = record(*OPENING, "S discard 9m", "W draw 3p", "W discard 3p", "S hu 3p",
                  "fan S 2 : ittsu 2, fu 30", "score S +2600 W -2600")
    assert codes(text) == [("fan-mismatch", 14)]


def test_furiten_ron_on_a_wait_the_seat_discarded_is_not_a_win() -> None:
    text = record("E discard 1z", "S draw 6p", "S discard 6p", "W draw 1m", "W discard 1m",
                  "N draw 2z", "N discard 2z", "E draw 4z", "E discard 4z", "S draw 9m", "S discard 9m",
                  "W draw 3p", "W discard 3p", "S hu 3p")
    audit = audit_text(text)
    bad = [f for f in audit.findings if f.severity == "error"]
    assert [f.code for f in bad] == ["not-a-win"]
    assert bad[0].rule == "riichi.furiten" and "furiten" in bad[0].message


def test_temporary_furiten_after_letting_a_winning_tile_pass() -> None:
    text = record(*OPENING, "S discard 9m", "W draw 3p", "W discard 3p", "N draw 6p", "N discard 6p", "S hu 6p")
    audit = audit_text(text)
    assert [(f.code, f.rule) for f in audit.findings if f.severity == "error"] == [("not-a-win", "riichi.furiten")]


def test_double_riichi_with_ippatsu_pays_its_stick_and_takes_it_back_with_a_mangan() -> None:
    text = record(*OPENING, "S ready", "S discard 9m", "W draw 3p", "W discard 3p", "S hu 3p",
                  "fan S 5 : daburu_riichi 2, ippatsu 1, ittsu 2, fu 40", "score S +8000 W -8000")
    assert codes(text) == []


def test_riichi_after_a_first_discard_is_single_riichi_without_ippatsu_after_a_call() -> None:
    text = record(*OPENING, "S discard 9m", "W draw 1p", "W discard 1p", "N draw 2p", "N discard 2p",
                  "E draw 9m", "E discard 9m", "S draw 9s", "S ready", "S discard 9s", "W draw 6z", "W discard 6z",
                  "N pong 6z", "N discard 3p", "S hu 3p", "fan S 3 : riichi 1, ittsu 2, fu 40",
                  "score S +5200 N -5200")
    assert codes(text) == []


def test_honba_adds_300_to_a_ron_and_a_wrong_honba_payment_is_reported() -> None:
    good = record(*OPENING, "S ready", "S discard 9m", "W draw 3p", "W discard 3p", "S hu 3p",
                  "score S +8300 W -8300", setup="honba 1\n")
    assert codes(good) == []
    bad = good.replace("S +8300 W -8300", "S +8100 W -8100")
    assert [c for c, _ in codes(bad)] == ["score-mismatch"]


def test_riichi_without_1000_points_is_illegal() -> None:
    scores = '[Score E "25000"] [Score S "500"] [Score W "25000"] [Score N "49500"]\n'
    text = record(*OPENING, "S ready", "S discard 9m", scores=scores)
    assert codes(text) == [("illegal-riichi", 11)]  # line 2 holds the scores


def test_riichi_that_leaves_the_hand_not_ready_is_reported() -> None:
    text = record(*OPENING, "S ready", "S discard 4p")
    assert codes(text) == [("not-ready", 11)]


def test_riichi_seat_must_discard_its_draw() -> None:
    text = record(*OPENING, "S ready", "S discard 9m", "W draw 1p", "W discard 1p", "N draw 2p", "N discard 2p",
                  "E draw 3z", "E discard 3z", "S draw 9s", "S discard 7z")
    assert codes(text) == [("riichi-discard", 19)]


def test_kuikae_discarding_the_other_end_of_a_chow_is_illegal() -> None:
    deals = DEALS.replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 456s 789s 3p 45p 7z")
    text = record("E discard 6p", "S chow 456p", "S discard 3p").replace(DEALS, deals)
    assert codes(text) == [("kuikae", 10)]
    same_kind = record("E discard 6p", "S chow 456p", "S discard 7z").replace(DEALS, deals)
    assert codes(same_kind) == []


def test_red_five_discarded_without_holding_it_is_reported() -> None:
    text = record("E discard 0p").replace("99p 6p", "99p 5p")
    assert codes(text) == [("red-not-held", 8)]
    held = record("E discard 0p").replace("99p 6p", "99p 0p")
    assert codes(held) == []


def test_a_kong_dora_event_without_a_kong_is_a_wrong_dora_count() -> None:
    text = record("E discard 1z", "dora 3p")
    assert codes(text) == [("dora-count", 9)]


def test_unknown_setup_word_and_unknown_abort_reason_are_reported() -> None:
    assert codes(record("E discard 1z", setup="kyoutaku 1\n")) == [("illegal-setup", 4)]
    assert codes(record("abort nothing")) == [("illegal-abort", 8)]


def test_kyuushu_abort_needs_nine_terminal_and_honour_kinds() -> None:
    assert codes(record("abort kyuushu")) == [("illegal-abort", 8)]
    deals = DEALS.replace("deal E 111m 234m 567m 99p 6p 1z 2z", "deal E 19m 19p 19s 1234567z 2m")
    assert codes(record("abort kyuushu", "score E 0").replace(DEALS, deals)) == []


def test_points_table_limits_and_rounding() -> None:
    assert basic_points(1, 30, 0) == 240 and ron_points(240, False) == 1000 and ron_points(240, True) == 1500
    assert basic_points(4, 40, 0) == 2000 and basic_points(3, 70, 0) == 2000
    assert basic_points(6, 30, 0) == 3000 and basic_points(13, 30, 0) == 8000 and basic_points(2, 30, 2) == 16000
    assert tsumo_points(240, False) == (500, 300) and tsumo_points(320, True) == (700, 700)


def test_ruleset_is_registered_under_its_aliases_with_its_options() -> None:
    rs = get_ruleset("tenhou", length="tonpuusen")
    assert rs.name == "riichi" and rs.options.length == "tonpuusen" and rs.red_fives


def test_dora_kinds_are_marked_on_the_table_and_the_report_names_the_first_dora() -> None:
    from paipu.reports import build_report_model, render_model
    from paipu.reports.table import decode, face_char
    from paipu.tiles import Tile

    text = record("E discard 1z", setup="dora 9p\n")
    audit = audit_text(text, views=True)
    assert audit.replay is not None
    view = audit.replay.hands[0].steps[-1].view
    assert view is not None and [str(t) for t in view.marked_tiles] == ["1p"] and str(view.marked_tile) == "1p"
    model = build_report_model(audit)
    table = model.hands[0].table
    assert table is not None and decode(table)[-1].marks == face_char(Tile.parse("1p"))
    assert '"marked":"dora"' in render_model(model)


def test_a_payment_explanation_adds_up_with_the_riichi_sticks() -> None:
    """A score-mismatch explains the computed payments in full: the transfers between seats and
    the sticks paid to the table and taken from it, so that the explanation adds up."""
    text = record(*OPENING, "S ready", "S discard 9m", "W draw 3p", "W discard 3p", "S hu 3p",
                  "fan S 5 : daburu_riichi 2, ippatsu 1, ittsu 2, fu 40", "score S +7000 W -8000",
                  setup="sticks 1\n")
    (f,) = [f for f in audit_text(text).findings if f.code == "score-mismatch"]
    assert "S recorded +7000, the rules give +9000" in f.message
    assert ("(W pays S 8000 (5 han 40 fu, mangan); S pays the 1,000-point riichi stick; S takes 2 riichi sticks)"
            in f.message)


# ---------------------------------------------------------------- kept waits (rule riichi.furiten)

def _afresh(ss: Any) -> tuple[int, ...]:
    """The kinds a seat's hand waits on, worked out from its tiles with nothing kept."""
    kinds = ss.counts[:34]
    if sum(kinds) + 3 * len(ss.melds) != 13:
        return ()
    return tuple(waits(kinds, 0, melds=len(ss.melds), shapes=("standard", "seven_pairs", "orphans")))


KeptWaits = Callable[[Riichi, HandState, Any, Seat], Any]
"""`Riichi._kept_waits`, or a stand-in for it."""


def _state(ss: Any) -> tuple[int, int, int, int]:
    """A seat's draws, discards, melds and kongs so far."""
    return ss.draws, len(ss.discards), len(ss.melds), sum(1 for m in ss.melds if m.is_kong)


def _since(before: tuple[int, int, int, int] | None, now: tuple[int, int, int, int]) -> str:
    """What happened to a seat's hand between two answers of `_kept_waits` (`_state` then and now)."""
    if before is None:
        return "first"
    if before == now:
        return "unchanged"
    if now[3] != before[3]:
        return "kong"
    if now[2] != before[2]:
        return "call"
    if now[:2] == (before[0] + 1, before[1] + 1):
        return "draw and discard"
    return "other"


def _compare_kept_waits(monkeypatch: pytest.MonkeyPatch, kept: KeptWaits) -> Counter[str]:
    """Audit simulated sessions and their mutants with ``kept`` as `Riichi._kept_waits`, asserting
    that each of its answers is the one worked out from the seat's tiles with nothing kept, and
    that the seats a passed tile makes furiten are exactly those whose tiles, so worked out, wait
    on it.  The answers compared, by what happened to the seat's hand since its answer before
    (`_since`); "passes" and "furiten": the passed tiles and the seats they made furiten."""
    passes = Riichi._passes
    compared: Counter[str] = Counter()
    # Each seat's `_state` at its last answer, by the hand's `id`, beside the hand (kept alive, so
    # that no later hand takes its `id`).
    last: dict[tuple[int, Seat], tuple[HandState, tuple[int, int, int, int]]] = {}

    def checked(self: Riichi, hand: HandState, t: Any, seat: Seat) -> Any:
        answer = kept(self, hand, t, seat)
        ss = hand.seats[seat]
        fresh = _afresh(ss)
        assert answer.kinds == fresh, (seat, ss.counts)
        assert answer.bits == sum(1 << k for k in fresh)
        assert (answer.draws, answer.discards, answer.melds) == (ss.draws, len(ss.discards), len(ss.melds))
        now = _state(ss)
        before = last.get((id(hand), seat))
        compared[_since(before[1] if before is not None else None, now)] += 1
        last[id(hand), seat] = (hand, now)
        return answer

    def passed(self: Riichi, hand: HandState, t: Any, source: Seat, tile: Any) -> None:
        assert t is riichi_table(hand)
        temp, in_riichi = set(t.temp_furiten), set(t.riichi_furiten)
        passes(self, hand, t, source, tile)
        waiting = {s for s in self.seats_after(source) if tile.index in _afresh(hand.seats[s])}
        assert t.temp_furiten == temp | waiting
        assert t.riichi_furiten == in_riichi | (waiting & set(t.riichi))
        compared["passes"] += 1
        compared["furiten"] += len(waiting)

    monkeypatch.setattr(Riichi, "_kept_waits", checked)
    monkeypatch.setattr(Riichi, "_passes", passed)
    texts = [text for _, text in simulate("riichi", 24, seed=41)]
    for text in texts:
        audit_text(text)
        for m in mutants(text, seed=41):
            audit_text(m.text)
    return compared


def test_the_waits_kept_for_furiten_are_those_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule riichi.furiten: a seat's waits are kept from one state of its hand to the next
    (`Riichi._kept_waits`, whose kept answer `Riichi._passes` reads itself).  Every kept answer, on
    simulated sessions and on mutants of them (tiles drawn out of turn, discards not held, calls of
    the wrong tile …), is the one worked out from the seat's tiles with nothing kept, after a draw
    and a discard, a call and a kong alike; and the seats a passed tile makes furiten are exactly
    those whose tiles, so worked out, wait on it."""
    compared = _compare_kept_waits(monkeypatch, Riichi._kept_waits)
    assert compared["passes"] > 1000 and compared["furiten"] > 10
    assert compared["draw and discard"] > 1000 and compared["first"] > 100
    assert compared["call"] > 10 and compared["kong"] > 0


def _stale_after(what: str) -> KeptWaits:
    """`Riichi._kept_waits` that, after a call or a kong (``what``: "call" or "kong", as `_since`
    names them), answers what it answered before it, as if it had not seen the hand change."""
    kept = Riichi._kept_waits
    answers: dict[tuple[int, Seat], tuple[HandState, tuple[int, int, int, int], Any]] = {}

    def stale(self: Riichi, hand: HandState, t: Any, seat: Seat) -> Any:
        ss = hand.seats[seat]
        now = _state(ss)
        before = answers.get((id(hand), seat))
        if before is not None and _since(before[1], now) == what:
            answer = copy.copy(before[2])
            answer.draws, answer.discards, answer.melds = now[:3]
            return answer
        answer = kept(self, hand, t, seat)
        answers[id(hand), seat] = (hand, now, copy.copy(answer))
        return answer

    return stale


@pytest.mark.parametrize("what", ["call", "kong"])
def test_the_comparison_of_kept_waits_finds_waits_kept_past_a_call_or_a_kong(monkeypatch: pytest.MonkeyPatch,
                                                                             what: str) -> None:
    """Rule riichi.furiten, the test above tested: waits kept past a call or a kong (a kept answer
    not dropped when the hand changed) fail it."""
    with pytest.raises(AssertionError):
        _compare_kept_waits(monkeypatch, _stale_after(what))
