"""Shared checks of a ruleset's value bound (`Ruleset.below_minimum`) against its full analysis
(`Ruleset.analyse_win`): the bound must never refuse a win the analysis accepts, and what it
refuses it refuses citing the ruleset's minimum rule."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import paipu.record as r
from paipu.auditing import audit_text
from paipu.replay.engine import HandEngine
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.ruleset import Ruleset
from paipu.replay.state import HandState
from paipu.sim.simulate import simulate_session


def checked_sessions(cls: type[Ruleset], rule_id: str, name: str, options: dict[str, str],
                     monkeypatch: pytest.MonkeyPatch, sessions: int, seed: str) -> dict[str, int]:
    """Simulated sessions of ruleset ``name`` with every bound compared with the full analysis of
    the same hand: how many wins the bound refused and how many the analysis accepted."""
    bound = cls.below_minimum
    analyse = cls.analyse_win
    seen = {"refused": 0, "accepted": 0}

    def checked_bound(self: Ruleset, hand: HandState, ctx: WinContext) -> str:
        rid = bound(self, hand, ctx)
        if rid:
            full = analyse(self, hand, ctx)
            assert not full.is_win, (ctx, full.items)
            assert rid == rule_id
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
    rng = random.Random(seed)
    for _ in range(sessions):
        simulate_session(name, 8, rng, options=options)
    monkeypatch.undo()
    return seen


def checked_audits(cls: type[Ruleset], paths: list[Path], monkeypatch: pytest.MonkeyPatch) -> int:
    """Audit ``paths`` with every full analysis compared with the bound (no win the analysis
    accepts may be refused by the bound); the number of wins compared."""
    bound = cls.below_minimum
    analyse = cls.analyse_win
    compared = [0]

    def checked_analysis(self: Ruleset, hand: HandState, ctx: WinContext) -> WinAnalysis:
        full = analyse(self, hand, ctx)
        assert not (bound(self, hand, ctx) and full.is_win), ctx
        compared[0] += 1
        return full

    monkeypatch.setattr(cls, "analyse_win", checked_analysis)
    for path in paths:
        audit_text(path.read_text(encoding="utf-8"), str(path))
    monkeypatch.undo()
    return compared[0]


def wins_asked_with_can_and_check_compared(name: str, sessions: int, seed: str,
                                           monkeypatch: pytest.MonkeyPatch) -> int:
    """Simulated sessions of ruleset ``name`` in which, at every win the bots ask about, `can`
    (which may use the bound) is compared with `check` (always the full analysis): a win is
    legal exactly when `check` finds no error.  The number of wins compared."""
    can = HandEngine.can
    asked = [0]

    def compared(self: HandEngine, action: r.Action) -> bool:
        verdict = can(self, action)
        if isinstance(action, r.Hu):
            assert verdict == (not any(f.severity == "error" for f in self.check(action))), action
            asked[0] += 1
        return verdict

    monkeypatch.setattr(HandEngine, "can", compared)
    rng = random.Random(seed)
    for _ in range(sessions):
        simulate_session(name, 8, rng)
    monkeypatch.undo()
    return asked[0]
