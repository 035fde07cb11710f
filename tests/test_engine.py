"""The hand engine as a state machine: `check` changes nothing and says exactly what `play`
then reports; `legal_actions` offers what the record's players really did."""

from __future__ import annotations

from pathlib import Path

import pytest

import paipu.record as r
from paipu.findings import Finding
from paipu.grammar.parser import parse
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import Ruleset, ruleset_names
from paipu.replay.session import Observer, replay, resolve_ruleset
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def fingerprint(engine: HandEngine) -> object:
    st = engine.st
    seats = tuple((s, tuple(ss.counts), tuple((m.kind, tuple(m.tiles)) for m in ss.melds),
                   tuple((t, bool(c)) for t, c in ss.discards), tuple(ss.flowers), ss.ready, ss.ready_pending,
                   ss.draws, ss.passed_on, ss.unknown_since) for s, ss in st.seats.items())
    ld = st.last_discard
    return (seats, st.phase, st.turn, st.wall.size, tuple(st.wall.tiles or ()), st.wall.drawn_from_tail,
            (ld.serial, ld.claimed_by, tuple(ld.winners)) if ld else None,
            repr((st.session_scores, st.start_scores_given, st.replacement_for, st.first_draw, st.robbers, st.robbed,
                  st.win_spans, getattr(st.ruleset_data, "__dict__", st.ruleset_data))),
            len(st.findings), len(engine.wins), st.ended, st.marked_tile)


class PurityProbe(Observer):
    """Before each action: every candidate's check leaves the table as it was, and the check of
    the action itself finds what playing it will."""

    def __init__(self) -> None:
        self.expected: list[list[tuple[str, int]]] = []
        self.legal_misses: list[str] = []

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        before = fingerprint(engine)
        for candidate in [*engine._candidates(), action]:
            engine.check(candidate)
            assert fingerprint(engine) == before, f"checking {candidate} changed the table"
        self.expected.append([(f.code, f.line) for f in engine.check(action)])
        if isinstance(action, r.SeatAction) and not engine.check(action):
            legal = engine.legal_actions(action.seat)
            if engine.st.wall.known and not any(_same(a, action) for a in legal):
                self.legal_misses.append(f"line {action.span.line}: {action.verb} not among {legal}")

    def after_action(self, index: int, engine: HandEngine, action: r.Action, findings: list[Finding]) -> None:
        if self.expected:
            assert [(f.code, f.line) for f in findings] == self.expected[-1], f"line {action.span.line}"


def _same(a: r.Action, b: r.Action) -> bool:
    return type(a) is type(b) and r.to_json(a, spans=False) == r.to_json(b, spans=False)


def _probe(text: str, ruleset: Ruleset | None = None) -> PurityProbe:
    record = parse(text).record
    rs = ruleset or resolve_ruleset(record)[0]
    assert rs is not None
    probe = PurityProbe()
    replay(record, ruleset=rs, observers=[probe])
    return probe


@pytest.mark.parametrize("name", ruleset_names())
def test_checks_change_nothing_and_legal_actions_offer_every_simulated_move(name: str) -> None:
    for _, text in simulate(name, 8, seed=9, session_hands=4):
        probe = _probe(text)
        assert probe.legal_misses == []


@pytest.mark.parametrize("path", sorted((ROOT / "samples" / "invalid").glob("*/*.paipu"))[::3],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_check_finds_what_play_reports_on_invalid_records(path: Path) -> None:
    parsed = parse(path.read_text(encoding="utf-8"))
    if not parsed.ok or resolve_ruleset(parsed.record)[0] is None:
        pytest.skip("not replayed")
    _probe(path.read_text(encoding="utf-8"))


def test_common_result_unknown_fan_items_list_the_rulesets_items_once_a_line() -> None:
    """Rule common.result, case: many unknown items on one fan line (a fuzzed record had 2,000).

    Each unknown item is still a finding at its place, but only the first lists the ruleset's
    items: listing them for each made the findings (and a report of them) hundreds of times
    the size of the line."""
    path = next(p for p in sorted(Path("samples/valid/mcr").iterdir()) if "\nfan " in p.read_text())
    text = path.read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("fan "))
    bad = line + ", " + ", ".join(f"nosuch{i} 1" for i in range(5))
    res = parse(text.replace(line, bad, 1))
    assert res.ok and res.record is not None
    found = [f for f in replay(res.record).findings if f.code == "unknown-fan-item"]
    assert [f.message.startswith(f"'nosuch{i}'") for i, f in enumerate(found)] == [True] * 5
    assert "its items are:" in found[0].message and "pinghe" in found[0].message
    assert all(f.message.endswith("either") and "pinghe" not in f.message for f in found[1:])
