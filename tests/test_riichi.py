"""The riichi ruleset on small hand-written records: riichi, its stick and ippatsu, furiten,
kuikae, red fives, honba, and the values and payments the audit checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from paipu.auditing import audit_text
from paipu.hand.shanten import waits
from paipu.record import Draw, Seat
from paipu.replay.ruleset import get_ruleset
from paipu.replay.state import HandState
from paipu.rules.riichi.ruleset import Riichi, let_pass, riichi_table
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


# ---------------------------------------------------------------- furiten tested when it matters (rule riichi.furiten)

def _afresh(ss: Any) -> tuple[int, ...]:
    """The kinds a seat's hand waits on, worked out from its tiles with nothing kept."""
    kinds = ss.counts[:34]
    if sum(kinds) + 3 * len(ss.melds) != 13:
        return ()
    return tuple(waits(kinds, 0, melds=len(ss.melds), shapes=("standard", "seven_pairs", "orphans")))


def _compare_furiten(monkeypatch: pytest.MonkeyPatch, after_draw: Callable[[Any, Any], None] | None = None,
                     **stand_ins: Any) -> Counter[str]:
    """Audit simulated sessions and their mutants (tiles drawn out of turn, discards not held,
    calls of the wrong tile …) with ``stand_ins`` for methods of `Riichi` (and ``after_draw``
    given the hand's table and the seat's `_Passing` after each draw played), keeping beside the
    ruleset a furiten worked out at once: at each tile let pass, the seats whose tiles, worked
    out afresh, wait on it are furiten (to their next discard; to the end of the hand in riichi).
    Before every action, each seat is asked what a win on a discard would ask (`let_pass` with
    its hand now) and the answer compared.  Counted: "passes", "furiten" (seats a passed tile
    made furiten), "asked", "temp" and "riichi" (answers that the seat is furiten), and of those
    "drawn" (asked of a seat that drew since) and "earlier" (of a seat whose hand changed since).
    The tiles let pass are read from the hand's pile (`_Table.pile`) as `before_action` and the
    plain hooks (`Riichi.plain_draw`, `Riichi.plain_discard`: the audit's loop asks them of most
    draws and discards) add them: they add them without a call of `Riichi._passes`.  Where one
    hook calls another, the comparison is made again, and finds the same."""
    before, discarded = Riichi.before_action, Riichi.check_discard
    plain_draw, plain_discard = Riichi.plain_draw, Riichi.plain_discard
    compared: Counter[str] = Counter()
    # The furiten worked out at once, by the hand's `id`, beside the hand (kept alive, so that no
    # later hand takes its `id`): seats furiten since their last discard, and in riichi.
    at_once: dict[int, tuple[HandState, set[Seat], set[Seat]]] = {}

    def of(hand: HandState) -> tuple[HandState, set[Seat], set[Seat]]:
        return at_once.setdefault(id(hand), (hand, set(), set()))

    def discard(self: Riichi, hand: HandState, seat: Seat, action: Any, apply: bool) -> None:
        discarded(self, hand, seat, action, apply)
        if apply:
            of(hand)[1].discard(seat)

    def watched(self: Riichi, hand: HandState, action: Any, apply: bool, hook: Callable[[], None]) -> None:
        """``hook()``, a hook of ``action``, with the comparison before it and the tiles it let pass after it."""
        t = riichi_table(hand)
        _, temp, in_riichi = of(hand)
        for seat, ss in hand.seats.items():
            compared["asked"] += 1
            answers = let_pass(t, seat, self.seats.index(seat), ss.counts, len(ss.melds))
            assert answers == (seat in in_riichi, seat in temp), (seat, ss.counts, len(ss.melds))
            p = t.passing.get(seat)
            earlier = (p.earlier_riichi, p.earlier) if p else ((), ())
            for name, answer, held in zip(("riichi", "temp"), answers, earlier, strict=True):
                if answer:
                    compared[name] += 1
                    compared["earlier"] += bool(held)
                    compared["drawn"] += p is not None and p.drawn >= 0
        # Each tile let pass (its kind and its seat's number in the pile), with the seats in riichi
        # and the hands as they are when it is passed: before the riichi stick owed is paid, and
        # before the action changes any seat's hand.
        in_riichi_before = set(t.riichi)
        passed = len(t.pile)
        hook()
        for entry in t.pile[passed:]:
            source, kind = self.seats[entry & 3], entry >> 2
            waiting = {s for s in self.seats_after(source) if kind in _afresh(hand.seats[s])}
            temp |= waiting
            in_riichi |= waiting & in_riichi_before
            compared["passes"] += 1
            compared["furiten"] += len(waiting)
        if after_draw is not None and apply and isinstance(action, Draw):
            p = t.passing.get(action.seat)
            if p is not None:
                after_draw(t, p)

    def acting(self: Riichi, hand: HandState, action: Any, apply: bool) -> None:
        watched(self, hand, action, apply, lambda: before(self, hand, action, apply))

    def drawing(self: Riichi, hand: HandState, action: Any) -> None:
        watched(self, hand, action, True, lambda: plain_draw(self, hand, action))

    def discarding(self: Riichi, hand: HandState, action: Any) -> None:
        watched(self, hand, action, True, lambda: plain_discard(self, hand, action))
        of(hand)[1].discard(action.seat)  # as `check_discard`, which it need not call

    monkeypatch.setattr(Riichi, "check_discard", discard)
    monkeypatch.setattr(Riichi, "before_action", acting)
    monkeypatch.setattr(Riichi, "plain_draw", drawing)
    monkeypatch.setattr(Riichi, "plain_discard", discarding)
    for name, stand_in in stand_ins.items():
        monkeypatch.setattr(Riichi, name, stand_in)
    for text in [text for _, text in simulate("riichi", 24, seed=41)]:
        audit_text(text)
        for m in mutants(text, seed=41):
            audit_text(m.text)
    audit_text(record(*RIICHI_PASSES))  # furiten: not to be mutated
    audit_text(record(*RIICHI_PASSES[:-1], "N draw 1s", "N discard 1s", "E draw 3p", "E discard 3p", "S hu 3p"))
    audit_text(record(*RIICHI_KONG).replace("deal S 123s 456s", "deal S 111s 456s").replace("11s 55z", "99s 55z"))
    return compared


# S, in riichi and waiting on 3p and 6p, lets W's 3p pass, then draws and discards 9s: its win
# on 6p is furiten, from the hand it held before it drew.
RIICHI_PASSES = ("E discard 1z", "S draw 9m", "S ready", "S discard 9m", "W draw 3p", "W discard 3p", "N draw 1p",
                 "N discard 1p", "E draw 2p", "E discard 2p", "S draw 9s", "S discard 9s", "W draw 6p",
                 "W discard 6p", "S hu 6p")
# The same with 111s for S's 123s (and 99s for W's 11s): S kongs 1s in riichi between the 3p it
# lets pass and its win on 6p, which is furiten from the hand it held before the kong.
RIICHI_KONG = (*RIICHI_PASSES[:10], "S draw 1s", "S ankong 1s", "S draw 9m", "S discard 9m", *RIICHI_PASSES[-3:])


def test_furiten_tested_when_it_matters_is_furiten_worked_out_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule riichi.furiten: a tile let pass is kept with the hand the seat held then, and tested
    against that hand's waits only when a win on a discard asks (`Riichi._passes`,
    `Riichi._set_aside`, `let_pass`).  On simulated sessions and mutants of them, the answer is,
    before every action and for every seat, the furiten worked out at once from the waits of the
    seats' tiles at each tile passed."""
    compared = _compare_furiten(monkeypatch)
    assert compared["passes"] > 10000 and compared["furiten"] > 50
    assert compared["temp"] > 200 and compared["riichi"] > 10 and compared["drawn"] > 50 and compared["earlier"] > 0


def _draw_ignored(t: Any, p: Any) -> None:
    """After a draw, the seat's draw forgotten (`_Passing.drawn`), as if `Riichi._drawing` did
    nothing: the tiles let pass are left with the hand the seat holds after its draw."""
    p.drawn = -1


def _forgotten(t: Any, p: Any, held: tuple[list[int], int], temp: bool, riichi: bool) -> None:
    """A `Riichi._set_aside` that forgets the tiles let pass once the seat's hand changes."""
    p.mark = p.riichi_mark = len(t.pile)


@pytest.mark.parametrize("stand_in", [("after_draw", _draw_ignored), ("_set_aside", staticmethod(_forgotten))])
def test_the_comparison_of_furiten_finds_passed_tiles_tested_against_another_hand(
        monkeypatch: pytest.MonkeyPatch, stand_in: tuple[str, Any]) -> None:
    """Rule riichi.furiten, the test above tested: tiles let pass tested against the hand the seat
    holds after a draw, or forgotten when its hand changes, fail it."""
    name, method = stand_in
    with pytest.raises(AssertionError):
        _compare_furiten(monkeypatch, **{name: method})
