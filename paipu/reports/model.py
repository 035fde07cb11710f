"""The view model of an HTML report: everything the page shows, already decided.

`build_report_model` (in ``paipu.reports.build``) makes a `ReportModel` of an `Audit`; the
templates only read it: they choose no tile, hide nothing and compute nothing, so that what a
report shows can be tested on the model without a browser.

The table is not drawn step by step (a 1,000-hand session would be tens of megabytes): each
hand carries its table after the deal and what each step changed (`HandTable`, read off the
engine as the replay plays it, `paipu.reports.table`), and the page's script draws the chosen
step and the hand's timeline from it.  What comes from the record (annotations, the words of a
recorded value) is written into the page as escaped HTML, never into that data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paipu.reports.labels import Labels
from paipu.reports.table import HandTable
from paipu.reports.tiles import BACK


@dataclass(frozen=True, slots=True)
class TileView:
    """One tile as drawn."""

    kind: str
    """The CSS class of its picture (``m5``, ``m0`` for the red five, ``z7``, ``f2``) or ``bk``
    for a hidden tile."""
    title: str = ""
    """Its name (notation and words): the page's script makes it the tile's accessible name and
    tooltip (empty where the class alone names it)."""
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
class BoardMeld:
    """A meld of a winning hand, as laid on the table."""

    kind: str
    label: str
    tiles: tuple[TileView, ...]
    source: str | None
    """The seat the claimed tile came from (E S W N), None for a concealed kong."""
    source_label: str


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
    step: int = -1
    """The step of its hand it is shown at (-1: with the record, at no step)."""


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
    """A difference the audit reports (`paipu.replay.settle.item_differences`): never an item the
    line may leave out (riichi's fu) and does, nor an item of a line that records a total only."""


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
    value: str
    """The value as players say it (`Ruleset.value_words`: ``4 tai``, ``yakuman``)."""


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
    no_payments: bool = False
    """Nobody pays anything, by the rules and (if it is recorded) by the record: one line, no table."""


@dataclass(frozen=True, slots=True)
class SetupRow:
    """One of the ruleset's setup lines or counters, as the table's middle shows it."""

    label: str
    tiles: tuple[TileView, ...]
    values: str
    counter: int = -1
    """The place of the ruleset's counter (`HandTable.counters`) whose value the script shows
    step by step in place of ``values``; -1 for none."""
    shown_from: int = 0
    """The step from which it is shown: 0, or (a teaching view) the step of the win that turns a
    secret line over (riichi's ura dora); -1: never (then it is not written at all)."""


@dataclass(frozen=True, slots=True)
class StepNote:
    """What a step of the timeline shows beside its action, from the record or the result."""

    step: int
    kind: str
    """``ann``: an annotation of the record (a deal's, prefixed with its seat); ``d``: the step's
    detail (how a win was made, a recorded value or payments); ``rv``: a review's mistake at its
    position (`paipu.reports.review`)."""
    text: str


@dataclass(frozen=True, slots=True)
class HandView:
    index: int
    """1-based position in the record (also the anchor: ``h3``)."""
    number: int
    """The number the record gives the hand."""
    anchor: str
    title: str
    """What players call the hand (`Ruleset.hand_name`: 東1局 0本場), else ``Hand 3``."""
    dealer: str
    dealer_label: str
    wild: tuple[TileView, ...]
    dice: str
    annotations: tuple[str, ...]
    table: HandTable | None
    """The table, step by step (None when the hand could not be replayed: only its actions)."""
    steps: int
    """How many steps the timeline has, the deal (step 0) included."""
    actions: str
    """Each step's action, as the timeline shows it (`HandTable.steps`, the tokens without their
    ops, for a hand that could not be replayed)."""
    notes: tuple[StepNote, ...]
    result: ResultView
    finding_counts: dict[str, int]
    first_finding: str | None
    """The anchor of its first finding's step, for the summary's link."""
    heat_kinds: tuple[TileView, ...] = ()
    """Teaching view: the kinds of the heat row (who could pong a discard of each)."""
    setup: tuple[SetupRow, ...] = ()
    """The ruleset's own setup lines and counters of the hand (riichi's dora indicator, honba, sticks)."""
    analysis: str = ""
    """Teaching view: the viewed seat's shanten, effective tiles and best discards, at each step
    where they change: ``step@code`` separated by spaces (the code: ``shanten|face:n,…|face:
    shanten:unseen:kinds,…|kinds:unseen``, the last two the effective kinds left out)."""
    heat: str = ""
    """Teaching view: for each kind of `heat_kinds`, the percent chance that some opponent holds
    two or more of it, at each step where it changes: ``step@p,p,…|ii…`` separated by spaces, the
    distinct percents, then which of them each kind has (a character of `FACES` a kind), written
    only where that changes from the entry before."""
    findings: tuple[FindingView, ...] | None = None
    """Its findings, each shown at its step; None while the record is still being replayed (the
    page numbers its findings in the record's order: they are put in place at the end)."""


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
    outcome: str = ""
    """``win``, ``exhausted``, ``aborted`` (a hand with no winner that ended before its wall
    did) or ``incomplete``."""


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
    script: dict[str, Any]
    """What the page's script needs to draw the tables and timelines (`PageBuilder.script_data`),
    written into it as JSON."""
