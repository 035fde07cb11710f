"""The audit's lean loop (`HandEngine.play_all`) against the watched replay (`HandEngine.play`,
one action at a time through every check): what the conformance suite and the lean-loop tests
share."""

from __future__ import annotations

from paipu.grammar.parser import parse
from paipu.replay.session import Observer, Replay, replay


class Watcher(Observer):
    """An observer that does nothing: its presence alone sends every action through `play`."""


def summary(rp: Replay) -> object:
    """What both loops must agree on: the findings, the scores and each hand's result."""
    return (
        [(f.severity, f.code, f.message, tuple(f.span), f.rule) for f in rp.findings],
        rp.scores,
        [(h.result.result, h.result.winners, h.result.payments) for h in rp.hands],
    )


def same_in_both_loops(text: str) -> None:
    """The lean loop and the watched replay give the very same findings, scores and results."""
    record = parse(text).record
    lean = replay(record)
    watched = replay(record, observers=[Watcher()])
    assert summary(lean) == summary(watched)
