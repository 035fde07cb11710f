"""Zhuji 诸暨麻将: self-drawn wins only, 财神 wildcards chosen per hand, 台 scoring."""

from paipu.rules.zhuji.ruleset import Zhuji, ZhujiOptions

__all__ = ["Zhuji", "ZhujiOptions"]
