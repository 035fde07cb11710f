"""Every registered ruleset passes the conformance suite (`paipu.conformance`): its simulated
games replay clean, corruptions are caught at their line, its value items are documented,
its analysis profile is known and its report renders.  And the checks every ruleset owes the
engine's shortcuts: the lean loop finds what the watched replay finds, a canonical record is
read by the fast path alone, the value bound never refuses a win the full analysis accepts,
and `could_win`'s kept answers are those worked out afresh.  A ruleset gets all of it by
being declared (every test here runs over the registry)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from lean_loops import same_in_both_loops
from win_bounds import checked_audits, wins_asked_with_can_and_check_compared

from paipu.conformance import conformance_problems
from paipu.grammar.parser import parse
from paipu.grammar.writer import format_record
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.ruleset import (
    ENGINE_ROWS,
    Rule,
    Ruleset,
    get_ruleset,
    register,
    ruleset_class,
    ruleset_names,
    unregister,
)
from paipu.replay.session import replay
from paipu.replay.state import HandState
from paipu.rules.zhuji import Zhuji
from paipu.sim.mutate import mutants
from paipu.sim.simulate import HandSim, simulate, simulate_session

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ruleset_names()


@pytest.mark.parametrize("name", RULESETS)
def test_registered_ruleset_conforms(name: str) -> None:
    assert conformance_problems(get_ruleset(name), hands=16, seed=2) == []


def test_a_variant_with_only_a_new_name_conforms_and_cites_the_parent_rules() -> None:
    class Variant(Zhuji):
        name = "zhuji-variant"

    register(Variant)
    try:
        assert ruleset_class("zhuji-variant") is Variant and ruleset_class("诸暨") is Zhuji
        rs = get_ruleset("zhuji-variant", min_tai=2)
        assert rs.rule("claims") == "zhuji.claims" and rs.options.min_tai == 2
        assert conformance_problems(rs, hands=8) == []
    finally:
        unregister(Variant)
    assert "zhuji-variant" not in ruleset_names()


def test_a_ruleset_without_its_engine_rows_is_told_which_are_missing() -> None:
    class Bare(Zhuji):
        name = "bare"
        rules = {r.id: r for r in (Rule("bare.fan.x", "1 fan.", "docs/writing-a-ruleset.md", "某"),)}  # noqa: RUF012

    problems = conformance_problems(Bare(), hands=4)
    for row in ENGINE_ROWS:
        assert any(f"bare.{row}" in p for p in problems), row


def test_a_ruleset_must_state_its_shapes() -> None:
    with pytest.raises(TypeError, match="must state its winning shapes"):
        type("NoShapes", (Zhuji,), {"shapes": ()})
    with pytest.raises(TypeError, match="unknown shapes"):
        type("OddShapes", (Zhuji,), {"shapes": ("standard", "nine_pairs")})


# ---------------------------------------------------------------- no session on the ruleset

def _attributes(rs: Ruleset) -> dict[str, str]:
    """Every attribute of ``rs`` but its methods (its instance's, native ones included, and its
    class's), each as its repr."""
    out: dict[str, str] = {}
    for name in dir(rs):
        value = getattr(rs, name, None)
        if not name.startswith("__") and not callable(value):
            out[name] = repr(value)
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_a_replay_leaves_the_ruleset_as_it_found_it(name: str) -> None:
    """What a session carries from hand to hand is the session's (`SessionState.ruleset_data`),
    never the ruleset's: one ruleset replays any number of sessions.  What a ruleset keeps of
    itself (its options read, the ids of the rules it cites) is the same for every session,
    so both records are replayed once before the ruleset is looked at."""
    rs = get_ruleset(name)
    first, second = (simulate_session(name, 8, random.Random(seed)) for seed in (4, 7))
    assert first != second
    replay(first, ruleset=rs)
    replay(second, ruleset=rs)
    before = _attributes(rs)
    replay(first, ruleset=rs)
    assert _attributes(rs) == before


# ---------------------------------------------------------------- the lean loop

@pytest.mark.parametrize("ruleset", RULESETS)
def test_lean_loop_and_watched_replay_agree_on_simulated_records(ruleset: str) -> None:
    for _, text in simulate(ruleset, 16, seed=23):
        same_in_both_loops(text)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_lean_loop_and_watched_replay_agree_on_mutated_records(ruleset: str) -> None:
    # Every kind of fault the mutator injects (a wrong draw, a discard not held, a turn
    # skipped, a false win ...), each must be found the same way by both loops.
    found = 0
    for _, text in simulate(ruleset, 8, seed=5):
        for m in mutants(text, seed=9, per_kind=2):
            same_in_both_loops(m.text)
            found += 1
    assert found > 10


# ---------------------------------------------------------------- the parse path

@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_canonical_record_never_reaches_the_grammar(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import paipu.grammar.parser as parser

    def refuse(text: str, base_line: int) -> object:
        raise AssertionError(f"lark ran on line {base_line + 1}: {text!r}")

    monkeypatch.setattr(parser, "_parse_chunk", refuse)
    for _, text in simulate(ruleset, 3, seed=5):
        record = parse(text).record
        assert format_record(record) == text


# ---------------------------------------------------------------- the value bound

@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_bound_never_refuses_a_win_the_analysis_accepts(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On simulated sessions, every bound that refuses a win is compared with the full analysis
    (which must refuse it too) and cites a rule of the ruleset's table, and every win the
    analysis accepts is asked of the bound (which must not refuse it); and the same on the
    ruleset's samples."""
    cls = ruleset_class(ruleset)
    bound, analyse = cls.below_minimum, cls.analyse_win
    seen = {"refused": 0, "accepted": 0}

    def checked_bound(self: Ruleset, hand: HandState, ctx: WinContext) -> str:
        rid = bound(self, hand, ctx)
        if rid:
            assert not analyse(self, hand, ctx).is_win, ctx
            assert rid in self.rules, rid
            seen["refused"] += 1
        return rid

    def checked_analysis(self: Ruleset, hand: HandState, ctx: WinContext) -> WinAnalysis:
        full = analyse(self, hand, ctx)
        if full.is_win:
            assert bound(self, hand, ctx) == "", (ctx, full.items)
            seen["accepted"] += 1
        return full

    monkeypatch.setattr(cls, "below_minimum", checked_bound)
    monkeypatch.setattr(cls, "analyse_win", checked_analysis)
    rng = random.Random(f"bound {ruleset}")
    for _ in range(2):
        simulate_session(ruleset, 8, rng)
    monkeypatch.undo()
    assert seen["accepted"] > 0
    checked_audits(cls, sorted(ROOT.glob(f"samples/*/{ruleset}/*.paipu")), monkeypatch)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_can_and_check_agree_on_every_win_the_bots_ask_about(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`can` (which may use the bound) says a win is legal exactly when `check` (always the full
    analysis, for its words) finds no error."""
    assert wins_asked_with_can_and_check_compared(ruleset, 2, f"can and check {ruleset}", monkeypatch) > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_could_win_kept_answers_are_those_worked_out_afresh(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`could_win` keeps each seat's answers while its tiles stay the same: at every step of
    simulated hands, for every seat and for its own hand and the last discard, the kept answer
    is the one worked out with nothing kept."""
    step = HandSim.step
    asked = [0]

    def checked_step(sim: HandSim) -> None:
        engine, st = sim.engine, sim.st
        ld = st.last_discard
        for seat in st.seats:
            for tile in (None, ld.tile if ld is not None else None):
                kept = engine.could_win(seat, tile)
                engine.readiness.kept.clear()
                assert engine.could_win(seat, tile) == kept, (seat, tile)
                asked[0] += 1
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    simulate_session(ruleset, 3, random.Random(f"kept answers {ruleset}"))
    assert asked[0] > 100
