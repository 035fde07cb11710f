"""`HandEngine.win_context`: the context a win is valued in, asked before the win is played."""

from __future__ import annotations

from pathlib import Path

import pytest

import paipu.record as r
from paipu.auditing import audit_text
from paipu.findings import Finding
from paipu.replay.engine import HandEngine
from paipu.replay.result import WinContext
from paipu.replay.session import Observer
from paipu.sim.simulate import simulate
from paipu.tiles import Tile

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "valid"


class _Asking(Observer):
    """Asks `win_context` before each action: none for an action that is no win, and for a win
    the context the engine then records."""

    def __init__(self, seen: dict[str, int]) -> None:
        self.seen = seen
        self.asked: tuple[WinContext, Tile | None] | None = None
        self.before = 0

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        asked = engine.win_context(action)
        if not isinstance(action, r.Hu):
            assert asked is None, f"`{action.verb}` is no win, yet a context was given for it"
            return
        self.asked = asked
        self.before = len(engine.wins)

    def after_action(self, index: int, engine: HandEngine, action: r.Action, findings: list[Finding]) -> None:
        if not isinstance(action, r.Hu):
            return
        assert self.asked is not None, f"{action.seat}'s win was played, yet no context was given before it"
        ctx, extra = self.asked
        recorded = [c for c, _ in engine.wins[self.before:]]
        assert recorded == [ctx]
        if ctx.self_drawn:
            assert extra is None
            self.seen["own draw"] += 1
        else:
            assert extra is not None and extra.index == ctx.tile.index
            self.seen["robbed kong" if ctx.robbed else "discard"] += 1


@pytest.mark.parametrize(("ruleset", "on_discards"), [("riichi", True), ("mcr", True), ("hebei", True),
                                                      ("zhuji", False)])
def test_win_context_is_the_context_the_engine_values_the_win_in(ruleset: str, on_discards: bool) -> None:
    """Rule common.win: before every win of simulated sessions, `win_context` gives the context
    (and the tile a discard or a robbed kong adds) that the engine then records for the win
    (zhuji's wins are all on the seat's own draw)."""
    seen = {"own draw": 0, "discard": 0, "robbed kong": 0}
    for _, text in simulate(ruleset, 40, seed=3):
        audit = audit_text(text, observers=[_Asking(seen)])
        assert audit.replay is not None
    assert seen["own draw"] > 3 and (seen["discard"] > 3) == on_discards, seen


@pytest.mark.parametrize("sample", ["hebei/robbed-kong", "harbin/robbed-kong", "erren/rob-kong"])
def test_win_context_of_a_robbed_kong_adds_the_kong_tile(sample: str) -> None:
    """Rule common.win: a win robbing an added kong is valued with the kong's tile added and
    the konger as its source; `win_context` gives that context before the win is played."""
    seen = {"own draw": 0, "discard": 0, "robbed kong": 0}
    text = (SAMPLES / f"{sample}.paipu").read_text(encoding="utf-8")
    audit = audit_text(text, observers=[_Asking(seen)])
    assert audit.replay is not None and not audit.findings
    assert seen["robbed kong"] == 1, seen
