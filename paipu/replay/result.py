"""What a replay produces: steps, win analyses, hand results and the session's scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from paipu.findings import Finding
from paipu.hand.sets import GroupView as GroupView  # a report's view of a set, re-exported
from paipu.record import Action, HandRecord, Seat, Span
from paipu.tiles import Tile

Payments: TypeAlias = dict[Seat, int]


@dataclass(frozen=True, slots=True)
class ValueItem:
    """One scoring item of a win (东风 2台), citing its rule."""

    id: str
    value: int
    rule: str
    name_zh: str = ""
    count: int = 1
    """How many times the item occurs (two 东风 pongs are not possible, but two 中发白 are)."""


@dataclass(frozen=True, slots=True)
class WinContext:
    seat: Seat
    tile: Tile
    """The winning tile: the last draw, the claimed discard or the robbed kong tile."""
    self_drawn: bool
    from_seat: Seat | None = None
    """Who discarded it, or whose kong was robbed."""
    robbed: bool = False
    after_kong: bool = False
    """Won on a kong (or flower) replacement draw."""
    first_draw: bool = False
    """The seat's first draw of the hand, with no claim before it."""
    dealer_first: bool = False
    """The dealer's 14 dealt tiles, before any discard."""
    last_tile: bool = False
    """Won on the last drawable tile (or its discard)."""


@dataclass(frozen=True, slots=True)
class WinAnalysis:
    seat: Seat
    tile: Tile
    is_win: bool
    shape: str
    """standard, seven_pairs, thirteen_orphans, quanzipai…; 'none' when no shape fits."""
    items: tuple[ValueItem, ...] = ()
    total: int = 0
    groups: tuple[GroupView, ...] = ()
    reason: str = ""
    """Why it is not a win (no shape, below the minimum…), in words."""
    decompositions: int = 0
    """How many ways the hand could be read; the highest-valued one is chosen."""
    multiplier: int = 1
    rule: str = ""
    """The rule the hand fails (the minimum, a shape condition) when it is not a win."""
    checked: bool = True
    """False when the winner's tiles were not known (after a not-held error): no verdict."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment between two seats and why (win, kong, flowers), for the audit."""

    payer: Seat
    payee: Seat
    amount: int
    reason: str
    rule: str


@dataclass
class HandResult:
    number: int
    dealer: Seat
    result: Literal["win", "exhausted", "incomplete"]
    winners: list[Seat] = field(default_factory=list)
    wins: list[WinAnalysis] = field(default_factory=list)
    contexts: list[WinContext] = field(default_factory=list)
    payments: Payments = field(default_factory=dict)
    transfers: list[Transfer] = field(default_factory=list)
    recorded_payments: Payments | None = None
    multiplier: int = 1
    """老庄 and other whole-hand multipliers applied to the payments."""
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        first = self.wins[0] if self.wins else None
        return {
            "number": self.number,
            "dealer": self.dealer,
            "result": self.result,
            "winners": list(self.winners),
            "value": first.total if first else None,
            "items": [{"id": i.id, "value": i.value} for i in first.items] if first else [],
            "wins": [
                {
                    "seat": w.seat,
                    "tile": str(w.tile),
                    "shape": w.shape,
                    "value": w.total,
                    "items": [{"id": i.id, "value": i.value, "rule": i.rule} for i in w.items],
                }
                for w in self.wins
            ],
            "payments": dict(self.payments),
            "recorded_payments": dict(self.recorded_payments) if self.recorded_payments is not None else None,
        }


@dataclass
class SessionState:
    """What carries from hand to hand: scores, the dealer and how long they have stayed."""

    scores: dict[Seat, int]
    dealer: Seat | None = None
    stays: int = 0
    """Consecutive hands the current dealer has kept the deal (老庄 streak)."""
    has_start_scores: bool = False


@dataclass(frozen=True, slots=True)
class MeldView:
    kind: str
    tiles: tuple[Tile, ...]
    claimed: Tile | None
    source: Seat | None


@dataclass(frozen=True, slots=True)
class SeatView:
    concealed: tuple[Tile, ...]
    melds: tuple[MeldView, ...]
    discards: tuple[tuple[Tile, bool], ...]
    """Each discard and whether it was claimed."""
    flowers: tuple[Tile, ...]
    ready: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """The table after a step, for reports (a snapshot; the engine's state moves on)."""

    seats: dict[Seat, SeatView]
    wall_left: int
    wall_known: tuple[Tile, ...] | None
    turn: Seat | None
    phase: str
    wild: tuple[Tile, ...]
    bao: Tile | None = None
    bao_tiles: tuple[Tile, ...] = ()
    """Every kind the turned 宝 makes special (Harbin: its kind and the next)."""


@dataclass
class Step:
    number: int
    """Position in the hand (0 is the deal)."""
    action: Action | None
    span: Span
    findings: list[Finding] = field(default_factory=list)
    view: TableView | None = None


@dataclass
class HandReplay:
    record: HandRecord
    steps: list[Step]
    result: HandResult
    findings: list[Finding]
    scores_after: dict[Seat, int]
