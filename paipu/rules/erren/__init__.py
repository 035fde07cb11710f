"""Two-player mahjong 二人麻将: 万 and honours only, flowers, the MCR-derived fan table, instant scores."""

from paipu.rules.erren.ruleset import Erren, ErrenOptions

__all__ = ["Erren", "ErrenOptions"]
