"""Tenhou logs (mjlog XML and tenhou.net/6 JSON) decoded into one neutral riichi model.

``read_mjlog``/``parse_mjlog`` and ``read_json6``/``parse_json6`` return a `Game`; the
`checks` module tells whether its tiles, wall and payments add up, and `valuation` values
its wins with the ``mahjong`` package (one of paipu's dependencies).
"""

from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.json6 import parse_json6, read_json6
from paipu.importers.tenhou.mjlog import parse_mjlog, read_mjlog
from paipu.importers.tenhou.model import (
    Call,
    CallKind,
    Discard,
    Disconnected,
    Draw,
    DrawKind,
    Event,
    Game,
    Limit,
    NewDora,
    Player,
    Reconnected,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    RoundDraw,
    Rules,
    Wall,
    Win,
    Yaku,
)

__all__ = [
    "Call",
    "CallKind",
    "Discard",
    "Disconnected",
    "Draw",
    "DrawKind",
    "Event",
    "Game",
    "Limit",
    "NewDora",
    "Player",
    "Reconnected",
    "RiichiAccepted",
    "RiichiDeclared",
    "Round",
    "RoundDraw",
    "Rules",
    "TenhouFormatError",
    "Wall",
    "Win",
    "Yaku",
    "parse_json6",
    "parse_mjlog",
    "read_json6",
    "read_mjlog",
]
