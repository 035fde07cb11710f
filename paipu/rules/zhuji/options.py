"""The options of the zhuji ruleset (`ZhujiOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import Options, option


class ZhujiOptions(Options):
    variant: Literal["free", "bao"] = option(
        "free", "free: 诸暨自由麻将, as the source scores it; bao: 包麻将 (无财 1台, only a non-dealer "
        "may rob, and only the dealer's kong)", ("free", "bao"))
    caishen: str | None = option(
        None, "the 财神 kind(s) for hands that have no `caishen` line, e.g. \"5m\" or \"5m 6m\"")
    caishen_kinds: Literal["1", "2", "any"] = option(
        "any", "what a hand may state: 1 (one kind), 2 (two consecutive kinds) or any", ("1", "2", "any"))
    caishen_in_melds: bool = option(False, "true: a 财神 may be melded, at face value")
    win_on_discard: bool = option(False, "true: a hand may also be won on another player's discard")
    qianggang_payer: Literal["robbed", "all"] = option(
        "robbed", "robbed: the robbed player pays for all three; all: each pays their own share",
        ("robbed", "all"))
    min_tai: int = option(3, "the minimum 台 before the 8台 items (one place in the rule text says 2)")
    laozhuang_scope: Literal["all", "dealer"] = option(
        "all", "all: every payment of a 老庄 hand doubles; dealer: only those the dealer makes or gets",
        ("all", "dealer"))
    laozhuang_stack: bool = option(False, "true: ×2 for each consecutive hand the dealer has stayed")
    cap_tai: int | None = option(None, "the most 台 a hand is paid for (none: no cap)")
    quanzipai: bool = option(True, "false: 全字牌 is not a special win; all-honour hands score 字一色 7台")
