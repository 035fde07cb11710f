"""The view model of an HTML report: everything the page shows, already decided.

`build_report_model` (in ``paipu.reports.build``) makes a `ReportModel` from an `Audit`;
the templates only read it: they choose no tile, hide nothing and compute nothing, so
that what a report shows can be tested on the model without a browser.

The table is not stored step by step (a 100-hand session would be tens of megabytes):
each thing on the table (a concealed tile, a discard, a meld, a wall tile) is stored
once per hand with the steps during which it is there (`Shown`).  The page draws all of
them; its script shows, for the chosen step, those whose range contains it.  Without
the script the board shows the table at the end of the hand, and the timeline still
lists every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paipu.reports.labels import Labels
from paipu.reports.tiles import BACK


@dataclass(frozen=True, slots=True)
class TileView:
    """One tile as drawn."""

    kind: str
    """The CSS class of its picture (``m5``, ``z7``, ``f2``) or ``bk`` for a hidden tile."""
    title: str = ""
    """Tooltip: notation and names (empty where tooltips would only add weight)."""
    wild: bool = False
    """A 财神 (wildcard) of this hand."""
    sideways: bool = False
    """The claimed tile of a meld, turned sideways."""
    stands_for: bool = False
    """In a decomposition: a wildcard standing for this tile."""

    @property
    def css(self) -> str:
        parts = ["t", self.kind]
        if self.wild:
            parts.append("w")
        if self.sideways:
            parts.append("sd")
        if self.stands_for:
            parts.append("sf")
        return " ".join(parts)

    @property
    def hidden(self) -> bool:
        return self.kind == BACK


@dataclass(frozen=True, slots=True)
class Shown:
    """The steps during which something is on the table: ``first <= step < until``."""

    first: int
    until: int | None = None
    """None: to the end of the hand."""

    def at(self, step: int) -> bool:
        return self.first <= step and (self.until is None or step < self.until)


@dataclass(frozen=True, slots=True)
class BoardTile:
    """A tile on the table (in a hand, a river, the wall) and when it is there."""

    tile: TileView
    shown: Shown
    claimed_from: int | None = None
    """Discards: the step from which it is marked as claimed (pong, chow, kong or a win)."""
    drawn: bool = False
    """Concealed tiles: it came from a draw (the script sets it apart at that step)."""
    tsumogiri: bool = False
    """Discards: 摸切, the tile the seat had just drawn (the same kind as its draw right before)."""
    ready_discard: bool = False
    """Discards: the discard right after the seat declared ready (报听, riichi), laid sideways."""


@dataclass(frozen=True, slots=True)
class BoardMeld:
    kind: str
    label: str
    tiles: tuple[TileView, ...]
    source: str | None
    """The seat the claimed tile came from (E S W N), None for a concealed kong."""
    source_label: str
    shown: Shown


@dataclass(frozen=True, slots=True)
class BoardSeat:
    seat: str
    label: str
    """The seat's name in the report's language (East / 东)."""
    player: str
    """The player's name from the record ('' if none)."""
    dealer: bool
    viewer: bool
    """The seat of a teaching view."""
    hidden: bool
    """Its concealed tiles are drawn as backs (a teaching view of another seat)."""
    ready: Shown | None
    """The steps during which the seat has declared ready (报听), None if it never does."""
    concealed: Sequence[BoardTile]
    """A tuple, or (a report written as the replay goes) made as the page reads them."""
    melds: tuple[BoardMeld, ...]
    flowers: tuple[BoardTile, ...]
    discards: Sequence[BoardTile]
    """As ``concealed``."""
    place: str = "bottom"
    """Where it sits around the square table: ``bottom`` (the viewed seat, or the first seat
    of the audit view), ``right`` (the next seat), ``top`` (across), ``left`` (the previous)."""


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    """A discard the viewed seat could make: the shanten after it and its effective tiles."""

    tile: TileView
    shanten: int
    unseen: int
    kinds: int


@dataclass(frozen=True, slots=True)
class AnalysisView:
    """The viewed seat's hand at one step (`paipu.analysis.teaching`): its shanten, and either
    its effective tiles with how many of each are unseen (a hand one tile short) or its best
    discards (one tile over).  Worked out from what the seat can see only."""

    shanten: int
    effective: tuple[tuple[TileView, int], ...] = ()
    discards: tuple[AnalysisRow, ...] = ()
    code: str = ""
    """The same, compact, for the page's script: ``shanten|kind:n,…|kind:shanten:unseen:kinds,…``."""


@dataclass(frozen=True, slots=True)
class Board:
    """The table of one hand over all its steps."""

    seats: tuple[BoardSeat, ...]
    wall: tuple[BoardTile, ...]
    """The known wall in draw order, each tile shown until the step that draws it; empty
    when the record has no ``wall`` line (or in a teaching view, where nobody sees it)."""
    wild: tuple[TileView, ...]
    last_step: int
    """The step the page shows without its script (the end of the hand)."""


@dataclass(frozen=True, slots=True)
class RuleRef:
    id: str
    text: str
    """The rule's text from the ruleset's table ('' for an unknown id)."""


@dataclass(frozen=True, slots=True)
class FindingView:
    index: int
    anchor: str
    """The element id of the finding (``f3``)."""
    severity: str
    severity_label: str
    code: str
    message: str
    rule: RuleRef | None
    line: int
    column: int
    source: str
    """The record's line the finding points at ('' if none)."""
    step_anchor: str | None
    """Where the finding is shown in the timeline (``h2-s5``); None for record-level ones."""
    where: str
    """Hand and step in words, for the summary list."""


@dataclass(frozen=True, slots=True)
class DealRow:
    seat: str
    label: str
    title: str
    tiles: tuple[TileView, ...]


@dataclass(frozen=True, slots=True)
class StepView:
    """One line of a hand's timeline: the action, its notes and its findings."""

    number: int
    anchor: str
    seat: str | None
    seat_label: str
    """The seat as a short chip: E, or 东 in Chinese."""
    verb: str
    """The record's verb (``discard``) or ``deal`` for step 0."""
    verb_label: str
    tiles: tuple[TileView, ...]
    detail: str
    """Words after the tiles: a win's kind, a recorded value or payments."""
    glyph: str | None
    glyph_title: str
    annotations: tuple[str, ...]
    findings: tuple[FindingView, ...]
    deal: tuple[DealRow, ...]
    """Step 0: each seat's dealt tiles (backs for the hidden seats of a teaching view)."""
    wall_left: int | None
    turn: str | None
    bao: str | None
    """The 宝 tile's class at this step, if one is shown."""
    bao_marks: str = ""
    """The classes of every kind the 宝 makes special, space-separated (Harbin: two kinds)."""
    heat: str = ""
    """Teaching view: for each kind of `HandView.heat_kinds`, the percent chance (from what the
    viewed seat can know) that some opponent holds two or more of it, comma-separated (the page
    writes it only where it differs from the step before)."""
    analysis: AnalysisView | None = None
    """Teaching view: the viewed seat's shanten, effective tiles and best discards (the page
    writes it only where it differs from the step before)."""

    @property
    def worst(self) -> str:
        """The highest severity of its findings ('' when none), for highlighting."""
        for sev in ("error", "warning", "note"):
            if any(f.severity == sev for f in self.findings):
                return sev
        return ""


@dataclass(frozen=True, slots=True)
class GroupRow:
    kind: str
    label: str
    tiles: tuple[TileView, ...]
    stands_for: str
    """Which tiles the wildcards in this group stand for, in words ('' when none)."""
    meld: bool


@dataclass(frozen=True, slots=True)
class ItemRow:
    id: str
    name_zh: str
    value: int | None
    """What the rules give (None: recorded but not earned)."""
    count: int
    rule: RuleRef | None
    recorded: int | None
    """What the record's ``fan`` line says (None: not recorded)."""
    differs: bool


@dataclass(frozen=True, slots=True)
class WinView:
    seat: str
    label: str
    is_win: bool
    reason: str
    how: str
    """Self-drawn, on whose discard, or robbing whose kong."""
    shape: str
    concealed: tuple[TileView, ...]
    melds: tuple[BoardMeld, ...]
    winning_tile: TileView
    groups: tuple[GroupRow, ...]
    readings: str
    items: tuple[ItemRow, ...]
    total: int
    recorded_total: int | None
    total_differs: bool
    unit: str


@dataclass(frozen=True, slots=True)
class PaymentRow:
    seat: str
    label: str
    computed: int
    recorded: int | None
    differs: bool


@dataclass(frozen=True, slots=True)
class TransferView:
    payer: str
    payee: str
    amount: int
    reason: str
    rule: RuleRef | None


@dataclass(frozen=True, slots=True)
class ResultView:
    outcome: str
    outcome_label: str
    wins: tuple[WinView, ...]
    payments: tuple[PaymentRow, ...]
    recorded: bool
    """The record has a ``score`` line for this hand."""
    payments_differ: bool
    transfers: tuple[TransferView, ...]
    multiplier: int
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetupRow:
    """One of the ruleset's setup lines, as the board's info bar shows it."""

    label: str
    tiles: tuple[TileView, ...]
    values: str


@dataclass(frozen=True, slots=True)
class HandView:
    index: int
    """1-based position in the record (also the anchor: ``h3``)."""
    number: int
    """The number the record gives the hand."""
    anchor: str
    title: str
    dealer: str
    dealer_label: str
    wild: tuple[TileView, ...]
    dice: str
    annotations: tuple[str, ...]
    board: Board | None
    """None when the hand could not be replayed (no table views)."""
    steps: Sequence[StepView]
    """Every step, in order: a tuple, or (a report written as the replay goes) how many there
    were and the last, the others written and let go."""
    result: ResultView
    finding_counts: dict[str, int]
    first_finding: str | None
    """The anchor of its first finding's step, for the summary's link."""
    heat_kinds: tuple[TileView, ...] = ()
    """Teaching view: the kinds of the heat row (who could pong a discard of each)."""
    setup: tuple[SetupRow, ...] = ()
    """The ruleset's own setup lines of the hand (riichi's dora indicator, honba, sticks)."""


@dataclass(frozen=True, slots=True)
class SeatScore:
    seat: str
    label: str
    amount: int
    """This hand's payment (or the start score in the start row)."""
    running: int


@dataclass(frozen=True, slots=True)
class HandRow:
    """One row of the summary and score table."""

    anchor: str
    title: str
    dealer_label: str
    outcome_label: str
    winners: str
    value: str
    scores: tuple[SeatScore, ...]
    finding_counts: dict[str, int]
    first_finding: str | None
    payments_differ: bool
    value_differs: bool = False
    """A win's recorded value (its ``fan`` line) differs from the computed one."""


@dataclass(frozen=True, slots=True)
class ChartSeries:
    seat: str
    label: str
    points: str
    """SVG polyline points."""
    dots: tuple[tuple[str, str, str], ...]
    """(x, y, tooltip) of every point."""


@dataclass(frozen=True, slots=True)
class ChartTick:
    pos: str
    text: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[ChartSeries, ...]
    x_ticks: tuple[ChartTick, ...]
    y_ticks: tuple[ChartTick, ...]
    zero: str | None
    """The y of the zero line (None when zero is off the chart)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: str
    label: str
    name: str
    start: int


@dataclass(frozen=True, slots=True)
class HeaderView:
    title: str
    ruleset: str
    ruleset_title: str
    options: tuple[tuple[str, str], ...]
    """The record's ``[Option]`` tags (name, value), as written."""
    resolved: tuple[tuple[str, str], ...]
    """Every option of the ruleset with the value in force, sorted by name."""
    players: tuple[PlayerRow, ...]
    tags: tuple[tuple[str, str], ...]
    annotations: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReportModel:
    """One report page: header, summary, hands, and what the page needs to draw tiles.

    Everything that comes from the record is a plain string here; the templates escape
    it (autoescape), so a player called ``<script>`` is shown as text.
    """

    lang: str
    labels: Labels
    header: HeaderView
    view: str
    """The view in words: the audit view, or the teaching view of one seat."""
    viewer: str | None
    """The seat of a teaching view (None: the audit view, every hand open)."""
    parsed: bool
    seats: tuple[str, ...]
    hands: tuple[HandView, ...]
    rows: tuple[HandRow, ...]
    start_scores: tuple[SeatScore, ...]
    final_scores: tuple[SeatScore, ...]
    counts: dict[str, int]
    """Findings by severity, in the order error, warning, note."""
    findings: Sequence[FindingView]
    """A tuple, or (a report written as the replay goes) made as the page reads them."""
    record_findings: Sequence[FindingView]
    """Findings that belong to no hand (the header, syntax)."""
    chart: Chart | None
    tile_styles: tuple[tuple[str, str], ...]
    """(class, picture data URI) of every tile kind and the back; base64, so it needs no escaping."""
