"""Harbin 哈尔滨麻将: 报听 before any win, 宝牌 wildcards for the ready, multiplier scoring."""

from paipu.rules.harbin.ruleset import Harbin, HarbinOptions

__all__ = ["Harbin", "HarbinOptions"]
