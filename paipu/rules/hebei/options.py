"""The options of the hebei ruleset (`HebeiOptions`).

A module of its own: ``parse_options`` reads the type of each option from the class's
annotations.
"""

from __future__ import annotations

from typing import Literal

from paipu.ruleset_api import Options, option


class HebeiOptions(Options):
    multi_win: bool = option(
        True, "true: several players may win on one discard (一炮多响); false: only the first "
        "counter-clockwise from the discarder")
    reserve_fixed: int | None = option(
        None, "a fixed number of tiles that stay in the wall (e.g. 12); none: 6 stacks, and 13 after "
        "an odd number of replacement draws (the loose half stack does not count)")
    base: Literal["table", "none"] = option(
        "table", "table: each payer pays the base score of docs/rules/hebei.md plus the 番; none: the 番 "
        "only (the source's literal 1番 = 1分)", ("table", "none"))
