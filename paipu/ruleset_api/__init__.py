"""What a ruleset is written with: the one module a ruleset imports from paipu.

The names below are the ruleset API: a ruleset that imports them from here keeps working when
paipu's modules are reorganised, and none of them is renamed or removed without notice
(docs/writing-a-ruleset.md lists them and what each is).  The simulator's bots are written
with `paipu.ruleset_api.bots`, kept apart so that checking a record never loads the simulator.
Every built-in ruleset imports from these two modules alone, apart from code shared between
rulesets (`paipu.rules.shared`).
"""

from __future__ import annotations

from paipu import record as record
from paipu.hand.sets import GroupView as GroupView
from paipu.hand.sets import HandSet as HandSet
from paipu.hand.sets import group_view as group_view
from paipu.hand.sets import set_tiles as set_tiles
from paipu.hand.shanten import plain_waits as plain_waits
from paipu.hand.shanten import waits as waits
from paipu.hand.shapes import ANY_KIND as ANY_KIND
from paipu.hand.shapes import KNITTED_STRAIGHT_SETS as KNITTED_STRAIGHT_SETS
from paipu.hand.shapes import KNITTED_STRAIGHTS as KNITTED_STRAIGHTS
from paipu.hand.shapes import ORPHAN_KINDS as ORPHAN_KINDS
from paipu.hand.shapes import Group as Group
from paipu.hand.shapes import GroupKind as GroupKind
from paipu.hand.shapes import decompositions as decompositions
from paipu.hand.shapes import is_standard_win as is_standard_win
from paipu.hand.shapes import is_thirteen_orphans as is_thirteen_orphans
from paipu.hand.shapes import reading_traits as reading_traits
from paipu.hand.shapes import seven_pairs_groups as seven_pairs_groups
from paipu.hand.shapes import standard_waits as standard_waits
from paipu.record import Seat as Seat
from paipu.record import Span as Span
from paipu.record import format_points as format_points
from paipu.replay.common_rules import COMMON_RULES as COMMON_RULES
from paipu.replay.options import OptionError as OptionError
from paipu.replay.options import Options as Options
from paipu.replay.options import option as option
from paipu.replay.result import NO_GAME_END as NO_GAME_END
from paipu.replay.result import FinalPoints as FinalPoints
from paipu.replay.result import GameEnd as GameEnd
from paipu.replay.result import HandResult as HandResult
from paipu.replay.result import Payments as Payments
from paipu.replay.result import SessionState as SessionState
from paipu.replay.result import Transfer as Transfer
from paipu.replay.result import ValueItem as ValueItem
from paipu.replay.result import WinAnalysis as WinAnalysis
from paipu.replay.result import WinContext as WinContext
from paipu.replay.ruleset import Rule as Rule
from paipu.replay.ruleset import Ruleset as Ruleset
from paipu.replay.ruleset import TableWord as TableWord
from paipu.replay.ruleset import register as register
from paipu.replay.ruleset import unregister as unregister
from paipu.replay.settle import payments_from as payments_from
from paipu.replay.state import HandState as HandState
from paipu.replay.state import Meld as Meld
from paipu.replay.state import meld_set as meld_set
from paipu.tiles import ALL_TILES as ALL_TILES
from paipu.tiles import NUM_PLAY_KINDS as NUM_PLAY_KINDS
from paipu.tiles import Tile as Tile
from paipu.tiles import format_tiles as format_tiles
from paipu.tiles import next_kind as next_kind
from paipu.tiles import parse_tiles as parse_tiles
from paipu.value import Fields as Fields
from paipu.value import Frozen as Frozen
from paipu.value import Value as Value
from paipu.value import by_fields as by_fields
from paipu.value import replace as replace

__all__ = [
    "ALL_TILES",
    "ANY_KIND",
    "COMMON_RULES",
    "KNITTED_STRAIGHTS",
    "KNITTED_STRAIGHT_SETS",
    "NO_GAME_END",
    "NUM_PLAY_KINDS",
    "ORPHAN_KINDS",
    "Fields",
    "FinalPoints",
    "Frozen",
    "GameEnd",
    "Group",
    "GroupKind",
    "GroupView",
    "HandResult",
    "HandSet",
    "HandState",
    "Meld",
    "OptionError",
    "Options",
    "Payments",
    "Rule",
    "Ruleset",
    "Seat",
    "SessionState",
    "Span",
    "TableWord",
    "Tile",
    "Transfer",
    "Value",
    "ValueItem",
    "WinAnalysis",
    "WinContext",
    "by_fields",
    "decompositions",
    "format_points",
    "format_tiles",
    "group_view",
    "is_standard_win",
    "is_thirteen_orphans",
    "meld_set",
    "next_kind",
    "option",
    "parse_tiles",
    "payments_from",
    "plain_waits",
    "reading_traits",
    "record",
    "register",
    "replace",
    "set_tiles",
    "seven_pairs_groups",
    "standard_waits",
    "unregister",
    "waits",
]
