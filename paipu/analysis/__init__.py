"""Hand analysis for teaching and exact winning-hand odds (docs/analysis.md).

* `shanten`, `shanten_by_shape`, `waits`: tiles from ready, on count arrays, with any
  number of wildcards, for the shapes a ruleset allows (`profile`).
* `effective_tiles`, `discards`, `analyse`: the teaching view of a whole hand: which draws
  help and how many of them are unseen, and every discard, best first.
* `compute_odds`: exact counts of winning and ready hands per ruleset (the method in docs/analysis.md).
* `pair_odds`, `kind_posterior`: where the unseen copies of a kind are, given that no
  opponent has discarded one (who is likely to hold a pair of it).

The commands ``paipu analyze``, ``paipu odds`` and ``paipu odds pair`` are in `paipu.cli.analyze`.
"""

from paipu.analysis.profiles import profile, profile_names
from paipu.hand.effective import (
    DiscardChoice,
    EffectiveTile,
    HandAnalysis,
    analyse,
    discards,
    effective_tiles,
    split_wild,
)
from paipu.hand.inference import KindPosterior, kind_posterior, pair_odds, unseen_copies
from paipu.hand.odds import Odds, compute_odds
from paipu.hand.profile import SHAPES, ShapeProfile
from paipu.hand.shanten import DEFAULT_SHAPES, shanten, shanten_by_shape, waits

__all__ = [
    "DEFAULT_SHAPES",
    "SHAPES",
    "DiscardChoice",
    "EffectiveTile",
    "HandAnalysis",
    "KindPosterior",
    "Odds",
    "ShapeProfile",
    "analyse",
    "compute_odds",
    "discards",
    "effective_tiles",
    "kind_posterior",
    "pair_odds",
    "profile",
    "profile_names",
    "shanten",
    "shanten_by_shape",
    "split_wild",
    "unseen_copies",
    "waits",
]
