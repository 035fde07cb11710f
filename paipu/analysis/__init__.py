"""Hand analysis for teaching and exact winning-hand odds (docs/analysis.md).

* `shanten`, `shanten_by_shape`, `waits`: tiles from ready, on count arrays, with any
  number of wildcards, for the shapes a ruleset allows (`profile`).
* `effective_tiles`, `discards`, `analyse`: the teaching view of a whole hand: which draws
  help and how many of them are unseen, and every discard, best first.
* `compute_odds`: exact counts of winning and ready hands per ruleset (the method in docs/analysis.md).

The commands ``paipu analyze`` and ``paipu odds`` are in `paipu.cli.analyze`.
"""

from paipu.analysis.profiles import profile, profile_names
from paipu.hand.odds import Odds, compute_odds
from paipu.hand.profile import SHAPES, ShapeProfile
from paipu.hand.shanten import (
    DEFAULT_SHAPES,
    DiscardChoice,
    EffectiveTile,
    HandAnalysis,
    analyse,
    discards,
    effective_tiles,
    shanten,
    shanten_by_shape,
    split_wild,
    waits,
)

__all__ = [
    "DEFAULT_SHAPES",
    "SHAPES",
    "DiscardChoice",
    "EffectiveTile",
    "HandAnalysis",
    "Odds",
    "ShapeProfile",
    "analyse",
    "compute_odds",
    "discards",
    "effective_tiles",
    "profile",
    "profile_names",
    "shanten",
    "shanten_by_shape",
    "split_wild",
    "waits",
]
