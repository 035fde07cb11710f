"""The parsed record: frozen values, each with the span of the text it came from.

The grammar (``paipu.grammar``) builds these; the replay engine reads them.  Nothing here
knows a rule: a `Draw` of a tile nobody could draw is still a perfectly good `Draw`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Final, Literal, NamedTuple, TypeAlias

from paipu.spans import compact_span
from paipu.tiles import Tile

Seat: TypeAlias = Literal["E", "S", "W", "N"]
SEATS: tuple[Seat, ...] = ("E", "S", "W", "N")

Glyph: TypeAlias = Literal["!", "?", "!!", "??", "!?", "?!"]
GLYPHS: tuple[str, ...] = ("!!", "??", "!?", "?!", "!", "?")


class Span(NamedTuple):
    """Where something stands in the record text: 1-based line and column, end exclusive.

    A named tuple rather than a dataclass: a record holds one per line, and a tuple of four
    numbers is the cheapest immutable value to create (``tuple.__new__(Span, (l, c, el, ec))``)
    and is left alone by the garbage collector.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def none() -> Span:
        return _NO_SPAN


_NO_SPAN: Final = Span(0, 0, 0, 0)

_COLUMN_BITS: Final = 20
_COLUMN_MASK: Final = (1 << _COLUMN_BITS) - 1
_LINE_SHIFT: Final = 2 * _COLUMN_BITS


def pack_span(line: int, column: int, end_line: int, end_column: int) -> int | Span:
    """The compact form an action keeps its span in: one int for a span on one line (the
    common case), the `Span` itself otherwise.  `Action.span` gives the `Span` back."""
    if line == end_line and line >= 0 and 0 <= column <= _COLUMN_MASK and 0 <= end_column <= _COLUMN_MASK:
        return line << _LINE_SHIFT | column << _COLUMN_BITS | end_column
    return Span(line, column, end_line, end_column)


def pack_columns(column: int, end_column: int) -> int | None:
    """The columns part of `pack_span` (to be or-ed with ``line << LINE_SHIFT``), or None
    when they do not fit."""
    if 0 <= column <= _COLUMN_MASK and 0 <= end_column <= _COLUMN_MASK:
        return column << _COLUMN_BITS | end_column
    return None


LINE_SHIFT: Final = _LINE_SHIFT
COLUMN_BITS: Final = _COLUMN_BITS
COLUMN_MASK: Final = _COLUMN_MASK


@dataclass(frozen=True, slots=True)
class Annotation:
    """A teacher's ``{…}`` note, with the escapes resolved."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Tag:
    """A free header tag such as ``[Event "Friday club"]``, kept and shown."""

    name: str
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class OptionTag:
    name: str
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class SeatTag:
    """``[Player E "Alice"]`` or ``[Score E "0"]``."""

    name: str
    seat: Seat
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class Header:
    ruleset: str | None
    ruleset_span: Span | None
    options: tuple[OptionTag, ...] = ()
    players: tuple[SeatTag, ...] = ()
    scores: tuple[SeatTag, ...] = ()
    tags: tuple[Tag, ...] = ()
    annotations: tuple[Annotation, ...] = ()

    def option(self, name: str) -> str | None:
        """The last value given for an option (a later tag overrides an earlier one)."""
        value = None
        for o in self.options:
            if o.name == name:
                value = o.value
        return value

    def player(self, seat: Seat) -> str | None:
        for p in self.players:
            if p.seat == seat:
                return p.value
        return None

    def tag(self, name: str) -> str | None:
        for t in self.tags:
            if t.name == name:
                return t.value
        return None


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every line after a hand's setup: seat actions, table events and results."""

    span: Span
    annotations: tuple[Annotation, ...] = field(default=(), kw_only=True)

    @property
    def verb(self) -> str:
        return _VERBS[type(self)]


@dataclass(frozen=True, slots=True)
class SeatAction(Action):
    seat: Seat
    glyph: str | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class Draw(SeatAction):
    tile: Tile


@dataclass(frozen=True, slots=True)
class Discard(SeatAction):
    tile: Tile


@dataclass(frozen=True, slots=True)
class Chow(SeatAction):
    tiles: tuple[Tile, Tile, Tile]


@dataclass(frozen=True, slots=True)
class Pong(SeatAction):
    tile: Tile


@dataclass(frozen=True, slots=True)
class Kong(SeatAction):
    """An exposed kong on the last discard (明杠)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class AnKong(SeatAction):
    """A concealed kong of four held tiles (暗杠)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class AddKong(SeatAction):
    """A tile added to one's own exposed pong (补杠)."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class Flower(SeatAction):
    tile: Tile


@dataclass(frozen=True, slots=True)
class Ready(SeatAction):
    """报听: declared right before the discard that makes the hand ready."""


@dataclass(frozen=True, slots=True)
class Hu(SeatAction):
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class Pass(SeatAction):
    """The seat declined a claim it could make."""


@dataclass(frozen=True, slots=True)
class TableEvent(Action):
    """A table event that is not a seat's action, declared by a ruleset (`Ruleset.events`):
    Harbin's ``bao T`` turns the treasure tile (宝牌).  The grammar reads it; what it means,
    and whether it may be there at all, is the ruleset's to say."""

    name: str
    tiles: tuple[Tile, ...] = ()
    values: tuple[int, ...] = ()
    """Numbers the event carries, when it has them instead of tiles."""
    word: str = ""
    """The one word some events take: the reason of an abortive draw (``abort kyuushu``)."""

    @property
    def verb(self) -> str:
        return self.name

    @property
    def tile(self) -> Tile | None:
        """The event's first tile (an event such as ``bao`` shows exactly one)."""
        return self.tiles[0] if self.tiles else None


@dataclass(frozen=True, slots=True)
class Exhausted(Action):
    """The hand ended with no winner (流局)."""


@dataclass(frozen=True, slots=True)
class FanItem:
    name: str
    value: int | None
    span: Span


@dataclass(frozen=True, slots=True)
class FanLine(Action):
    """The value a platform recorded for a win: ``fan E 5 : dongfeng 2, hunyise 1``."""

    seat: Seat
    total: int
    items: tuple[FanItem, ...]


@dataclass(frozen=True, slots=True)
class ScoreLine(Action):
    """All the payments of a hand as recorded: ``score E +12 S -4 W -4 N -4``."""

    payments: tuple[tuple[Seat, int], ...]


def _compact_span(cls: type) -> Callable[[object, object], None]:
    """Keep ``cls``'s ``span`` field packed (`pack_span`): a record holds one action per line,
    and a `Span` of its own beside each would be a third of the record's memory.  The field
    stays a field (constructors, ``dataclasses.replace``, equality and `to_json` are
    unchanged); reading it builds the `Span` (`paipu.spans.compact_span`).  Returns the raw
    setter of the packed slot."""
    return compact_span(cls, Span, _LINE_SHIFT, _COLUMN_BITS, _COLUMN_MASK)


_VERBS: dict[type, str] = {
    Draw: "draw",
    Discard: "discard",
    Chow: "chow",
    Pong: "pong",
    Kong: "kong",
    AnKong: "ankong",
    AddKong: "addkong",
    Flower: "flower",
    Ready: "ready",
    Hu: "hu",
    Pass: "pass",
    Exhausted: "exhausted",
    FanLine: "fan",
    ScoreLine: "score",
}

VERBS: tuple[str, ...] = (*_VERBS.values(), "bao")
"""Every word that starts an action or event line (``bao`` is the one table event the grammar knows;
``abort`` and a ruleset's own word lines are events of the rulesets that declare them)."""


# ---------------------------------------------------------------- hands


@dataclass(frozen=True, slots=True)
class Deal:
    seat: Seat
    tiles: tuple[Tile, ...]
    span: Span
    annotations: tuple[Annotation, ...] = ()


@dataclass(frozen=True, slots=True)
class SetupLine:
    """A hand's ``dealer``, ``wall`` or ``dice`` line, or a ruleset's own setup line."""

    span: Span
    annotations: tuple[Annotation, ...] = ()


@dataclass(frozen=True, slots=True)
class DealerLine(SetupLine):
    seat: Seat = "E"


@dataclass(frozen=True, slots=True)
class WallLine(SetupLine):
    tiles: tuple[Tile, ...] = ()


@dataclass(frozen=True, slots=True)
class DiceLine(SetupLine):
    values: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SetupTiles(SetupLine):
    """A setup line a ruleset declares (`Ruleset.setup_words`): Zhuji's ``caishen 5m`` names
    the hand's wildcard kinds.  The grammar reads it; the ruleset gives it its meaning."""

    name: str = ""
    tiles: tuple[Tile, ...] = ()
    values: tuple[int, ...] = ()
    """Numbers the line carries instead of tiles (riichi's ``honba 2``)."""

    @property
    def value(self) -> int | None:
        """The line's first number, if it has one."""
        return self.values[0] if self.values else None


@dataclass(frozen=True, slots=True)
class HandRecord:
    number: int
    span: Span
    dealer: DealerLine | None = None
    wall: WallLine | None = None
    dice: DiceLine | None = None
    deals: tuple[Deal, ...] = ()
    actions: tuple[Action, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    extra: tuple[SetupTiles, ...] = ()
    """The ruleset's own setup lines (``caishen`` …), in record order."""

    def deal_of(self, seat: Seat) -> Deal | None:
        for d in self.deals:
            if d.seat == seat:
                return d
        return None

    def setup(self, name: str) -> SetupTiles | None:
        """The ruleset setup line ``name`` of this hand (the last one, if written twice)."""
        found = None
        for line in self.extra:
            if line.name == name:
                found = line
        return found


SET_PACKED_ACTION_SPAN: Final = _compact_span(Action)
"""Sets an action's span in its packed form (`pack_span`), for the parser's fast path."""
SET_PACKED_DEAL_SPAN: Final = _compact_span(Deal)
SET_PACKED_SETUP_SPAN: Final = _compact_span(SetupLine)


@dataclass(frozen=True, slots=True)
class Record:
    header: Header
    hands: tuple[HandRecord, ...]


# ---------------------------------------------------------------- JSON


def to_json(value: object, *, spans: bool = True) -> object:
    """The record (or any part of it) as plain JSON data; tiles in canonical notation.

    ``spans=False`` leaves out every position, so two records that differ only in layout
    compare equal (used to check that formatting keeps the record).
    """
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Span):
        return {
            "line": value.line,
            "column": value.column,
            "end_line": value.end_line,
            "end_column": value.end_column,
        }
    if isinstance(value, (tuple, list)):
        return [to_json(v, spans=spans) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        out: dict[str, object] = {}
        if isinstance(value, Action):
            out["type"] = value.verb
        elif isinstance(value, SetupTiles):
            out["type"] = value.name
        elif isinstance(value, SetupLine):
            out["type"] = type(value).__name__.removesuffix("Line").lower()
        for f in fields(value):  # type: ignore[arg-type]
            if (f.name == "span" or f.name.endswith("_span")) and not spans:
                continue
            out[f.name] = to_json(getattr(value, f.name), spans=spans)
        return out
    return value
