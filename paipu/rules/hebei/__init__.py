"""Hebei 河北麻将: no chow, wins on a discard or self-drawn, several winners, base scores plus 番."""

from paipu.rules.hebei.ruleset import Hebei, HebeiOptions

__all__ = ["Hebei", "HebeiOptions"]
