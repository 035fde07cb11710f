"""paipu (牌谱): read, replay and audit mahjong game records.

The stable API (docs/api.md)::

    import paipu
    record = paipu.parse(text)                      # a Record, or RecordSyntaxError
    audit = paipu.audit(text, annotate=True)        # every finding, every hand's result
    html = paipu.render_html(audit)                 # the turn-by-turn report
    rs = paipu.get_ruleset("zhuji", min_tai=2)      # a ruleset with its options

Names are loaded on first use, so ``import paipu`` stays cheap.
"""

from __future__ import annotations

import importlib

from paipu._version import __version__

TYPE_CHECKING = False
"""(True for a type checker: the names below, without loading ``typing`` at run time.)"""
if TYPE_CHECKING:
    from typing import Any

    from paipu.analysis import analyse, shanten
    from paipu.api import audit, get_ruleset, ingest, open_corpus, parse, render_html, simulate
    from paipu.auditing import Audit
    from paipu.corpus import corpus_stats
    from paipu.errors import InputError, RecordError, RecordSyntaxError
    from paipu.findings import Finding
    from paipu.hand.inference import pair_odds
    from paipu.record import Record
    from paipu.replay import HandEngine, Observer, Replay, Ruleset
    from paipu.tiles import Tile, parse_tiles

_EXPORTS: dict[str, str] = {
    "parse": "paipu.api",
    "get_ruleset": "paipu.api",
    "audit": "paipu.api",
    "render_html": "paipu.api",
    "simulate": "paipu.api",
    "Audit": "paipu.auditing",
    "Record": "paipu.record",
    "Finding": "paipu.findings",
    "Tile": "paipu.tiles",
    "parse_tiles": "paipu.tiles",
    "RecordError": "paipu.errors",
    "RecordSyntaxError": "paipu.errors",
    "InputError": "paipu.errors",
    "Ruleset": "paipu.replay",
    "Replay": "paipu.replay",
    "HandEngine": "paipu.replay",
    "Observer": "paipu.replay",
    "open_corpus": "paipu.api",
    "ingest": "paipu.api",
    "corpus_stats": "paipu.corpus",
    "analyse": "paipu.analysis",
    "shanten": "paipu.analysis",
    "pair_odds": "paipu.hand.inference",
}

__all__ = [
    "Audit",
    "Finding",
    "HandEngine",
    "InputError",
    "Observer",
    "Record",
    "RecordError",
    "RecordSyntaxError",
    "Replay",
    "Ruleset",
    "Tile",
    "__version__",
    "analyse",
    "audit",
    "corpus_stats",
    "get_ruleset",
    "ingest",
    "open_corpus",
    "pair_odds",
    "parse",
    "parse_tiles",
    "render_html",
    "shanten",
    "simulate",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'paipu' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
