"""The replay engine: a hand as a state machine (`HandEngine`), whole records replayed once
with observers watching (`replay`), and the `Ruleset` base every ruleset subclasses."""

from paipu.replay.engine import HandEngine
from paipu.replay.result import HandReplay, HandResult, Step, ValueItem, WinAnalysis, WinContext
from paipu.replay.ruleset import Rule, Ruleset, get_ruleset, ruleset_class, ruleset_names
from paipu.replay.session import Observer, Replay, Session, StepRecorder, replay, resolve_ruleset

__all__ = [
    "HandEngine",
    "HandReplay",
    "HandResult",
    "Observer",
    "Replay",
    "Rule",
    "Ruleset",
    "Session",
    "Step",
    "StepRecorder",
    "ValueItem",
    "WinAnalysis",
    "WinContext",
    "get_ruleset",
    "replay",
    "resolve_ruleset",
    "ruleset_class",
    "ruleset_names",
]
