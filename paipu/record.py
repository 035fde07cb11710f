"""The parsed record: frozen values, each with the span of the text it came from.

The grammar (``paipu.grammar``) builds these; the replay engine reads them.  Nothing here
knows a rule: a `Draw` of a tile nobody could draw is still a perfectly good `Draw`.

The compiled build compiles this module: each class is then a native class whose fields the
compiled parser sets and the compiled replay reads directly.  So that both builds give the same
values, every class is a `paipu.value.Value` (its ``__init__`` written out, pickled through its
constructor), and a line's position is kept packed by a property of the class (`Action.span`,
`Deal.span`, `SetupLine.span`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final, Literal, NamedTuple, TypeAlias

from paipu.spans import compact_span
from paipu.tiles import Tile
from paipu.value import Frozen, field_names, is_value
from paipu.value import replace as replace

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

_tuple_new: Final[Callable[[type[Span], tuple[int, int, int, int]], Span]] = tuple.__new__


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


def packed(span: Span | int) -> int | Span:
    """What a record line keeps of ``span``: `pack_span`'s form.  An int is taken as packed
    already (the parser's fast path packs the positions it reads)."""
    if type(span) in (int,):
        # Compiled, returned as it is. This test does not narrow ``span`` to an int for the type
        # checker; after one that does (``isinstance``, ``type(span) is int``) the compiled code
        # takes the int out of its object and boxes it again: a new int object and some 150
        # instructions for every line of a record.
        return span
    if isinstance(span, int):
        return span
    line, column, end_line, end_column = span
    if line == end_line and line >= 0 and 0 <= column <= _COLUMN_MASK and 0 <= end_column <= _COLUMN_MASK:
        return line << _LINE_SHIFT | column << _COLUMN_BITS | end_column
    if type(span) is Span:
        return span
    return Span(line, column, end_line, end_column)


def unpacked(p: int | Span) -> Span:
    """The `Span` of a packed position (`packed`)."""
    if isinstance(p, int):
        line = p >> _LINE_SHIFT
        return _tuple_new(Span, (line, p >> _COLUMN_BITS & _COLUMN_MASK, line, p & _COLUMN_MASK))
    return p


LINE_SHIFT: Final = _LINE_SHIFT
COLUMN_BITS: Final = _COLUMN_BITS
COLUMN_MASK: Final = _COLUMN_MASK


class Annotation(Frozen):
    """A teacher's ``{…}`` note, with the escapes resolved."""

    __slots__ = ("span", "text")
    _fields = ("text", "span")
    text: Final[str]
    span: Final[Span]

    def __init__(self, text: str, span: Span) -> None:
        self.text = text
        self.span = span


class Tag(Frozen):
    """A free header tag such as ``[Event "Friday club"]``, kept and shown."""

    __slots__ = ("name", "span", "value")
    _fields = ("name", "value", "span")
    name: Final[str]
    value: Final[str]
    span: Final[Span]

    def __init__(self, name: str, value: str, span: Span) -> None:
        self.name = name
        self.value = value
        self.span = span


class OptionTag(Frozen):
    __slots__ = ("name", "span", "value")
    _fields = ("name", "value", "span")
    name: Final[str]
    value: Final[str]
    span: Final[Span]

    def __init__(self, name: str, value: str, span: Span) -> None:
        self.name = name
        self.value = value
        self.span = span


class SeatTag(Frozen):
    """A header tag of one seat: ``[Player E "Alice"]``, ``[Score E "25000"]``, ``[Final E "31300"]``
    or ``[Points E "+51.3"]``."""

    __slots__ = ("name", "seat", "span", "value")
    _fields = ("name", "seat", "value", "span")
    name: Final[str]
    seat: Final[Seat]
    value: Final[str]
    span: Final[Span]

    def __init__(self, name: str, seat: Seat, value: str, span: Span) -> None:
        self.name = name
        self.seat = seat
        self.value = value
        self.span = span


_POINTS: Final = r"[+-]?[0-9]{1,12}(?:\.[0-9])?"
"""A ``[Points]`` value (compiled on first use: few records have one)."""


def points_tenths(text: str) -> int | None:
    """A ``[Points]`` value in tenths of a point (``"+51.3"`` is 513, ``"-20"`` is -200), or None
    when it is not a signed number with at most one decimal."""
    value = text.strip()
    if re.fullmatch(_POINTS, value) is None:
        return None
    whole, _, tenth = value.partition(".")
    size = int(whole.lstrip("+-")) * 10 + int(tenth or "0")
    return -size if whole.startswith("-") else size


def format_points(tenths: int) -> str:
    """Points counted in tenths as a record writes them: ``+51.3``, ``-20.0``, ``0.0``."""
    whole, tenth = divmod(abs(tenths), 10)
    sign = "-" if tenths < 0 else "+" if tenths > 0 else ""
    return f"{sign}{whole}.{tenth}"


class Header(Frozen):
    __slots__ = ("annotations", "finals", "options", "players", "points", "ruleset", "ruleset_span", "scores", "tags")
    _fields = ("ruleset", "ruleset_span", "options", "players", "scores", "tags", "annotations", "finals", "points")
    ruleset: Final[str | None]
    ruleset_span: Final[Span | None]
    options: Final[tuple[OptionTag, ...]]
    players: Final[tuple[SeatTag, ...]]
    scores: Final[tuple[SeatTag, ...]]
    tags: Final[tuple[Tag, ...]]
    annotations: Final[tuple[Annotation, ...]]
    finals: Final[tuple[SeatTag, ...]]
    """``[Final E "31300"]``: each seat's score at the end of the record, as the platform recorded it."""
    points: Final[tuple[SeatTag, ...]]
    """``[Points E "+51.3"]``: each seat's final points (after uma and oka), as the platform recorded them."""

    def __init__(self, ruleset: str | None, ruleset_span: Span | None, options: tuple[OptionTag, ...] = (),
                 players: tuple[SeatTag, ...] = (), scores: tuple[SeatTag, ...] = (), tags: tuple[Tag, ...] = (),
                 annotations: tuple[Annotation, ...] = (), finals: tuple[SeatTag, ...] = (),
                 points: tuple[SeatTag, ...] = ()) -> None:
        self.ruleset = ruleset
        self.ruleset_span = ruleset_span
        self.options = options
        self.players = players
        self.scores = scores
        self.tags = tags
        self.annotations = annotations
        self.finals = finals
        self.points = points


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


# ---------------------------------------------------------------- lines with a packed span
#
# An action, a deal and a setup line keep their position packed (`packed`: one int for a span
# on one line, the common case), in the field ``_span``: a record holds one of them per line,
# and a `Span` of its own beside each would be a third of the record's memory.  The ``span``
# property gives the `Span` back; the constructors take ``span`` (a `Span`, or an int packed
# already) as before, their ``_fields`` name it ``span`` (`replace`, `repr` and `to_json` read
# the `Span`), and equality and hashing compare the packed form, which is the same for the same
# span.


# ---------------------------------------------------------------- actions


class Action(Frozen):
    """Base of every line after a hand's setup: seat actions, table events and results."""

    __slots__ = ("_span", "annotations")
    _fields: ClassVar[tuple[str, ...]] = ("span", "annotations")
    _span: Final[int | Span]
    annotations: Final[tuple[Annotation, ...]]

    def __init__(self, span: Span | int, *, annotations: tuple[Annotation, ...] = ()) -> None:
        self._span = packed(span)
        self.annotations = annotations

    @property
    def span(self) -> Span:
        """Where the line stands in the record text."""
        return unpacked(self._span)

    @property
    def verb(self) -> str:
        return _VERBS[type(self)]


class SeatAction(Action):
    __slots__ = ("glyph", "seat")
    _fields: ClassVar[tuple[str, ...]] = ("span", "annotations", "seat", "glyph")
    seat: Final[Seat]
    glyph: Final[str | None]

    def __init__(self, span: Span | int, seat: Seat, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        Action.__init__(self, span, annotations=annotations)
        self.seat = seat
        self.glyph = glyph


class Draw(SeatAction):
    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Discard(SeatAction):
    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Chow(SeatAction):
    __slots__ = ("tiles",)
    _fields = ("span", "annotations", "seat", "glyph", "tiles")
    tiles: Final[tuple[Tile, Tile, Tile]]

    def __init__(self, span: Span | int, seat: Seat, tiles: tuple[Tile, Tile, Tile], *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tiles = tiles


class Pong(SeatAction):
    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Kong(SeatAction):
    """An exposed kong on the last discard (明杠)."""

    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class AnKong(SeatAction):
    """A concealed kong of four held tiles (暗杠)."""

    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class AddKong(SeatAction):
    """A tile added to one's own exposed pong (补杠)."""

    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Flower(SeatAction):
    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Ready(SeatAction):
    """报听: declared right before the discard that makes the hand ready."""

    __slots__ = ()
    def __init__(self, span: Span | int, seat: Seat, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)


class Hu(SeatAction):
    __slots__ = ("tile",)
    _fields = ("span", "annotations", "seat", "glyph", "tile")
    tile: Final[Tile | None]

    def __init__(self, span: Span | int, seat: Seat, tile: Tile | None = None, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)
        self.tile = tile


class Pass(SeatAction):
    """The seat declined a claim it could make."""

    __slots__ = ()
    def __init__(self, span: Span | int, seat: Seat, *, glyph: str | None = None,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        SeatAction.__init__(self, span, seat, glyph=glyph, annotations=annotations)


class TableEvent(Action):
    """A table event that is not a seat's action, declared by a ruleset (`Ruleset.events`):
    Harbin's ``bao T`` turns the treasure tile (宝牌).  The grammar reads it; what it means,
    and whether it may be there at all, is the ruleset's to say."""

    __slots__ = ("name", "tiles", "values", "word")
    _fields = ("span", "annotations", "name", "tiles", "values", "word")
    name: Final[str]
    tiles: Final[tuple[Tile, ...]]
    values: Final[tuple[int, ...]]
    """Numbers the event carries, when it has them instead of tiles."""
    word: Final[str]
    """The one word some events take: the reason of an abortive draw (``abort kyuushu``)."""

    def __init__(self, span: Span | int, name: str, tiles: tuple[Tile, ...] = (), values: tuple[int, ...] = (),
                 word: str = "", *, annotations: tuple[Annotation, ...] = ()) -> None:
        Action.__init__(self, span, annotations=annotations)
        self.name = name
        self.tiles = tiles
        self.values = values
        self.word = word

    @property
    def verb(self) -> str:
        return self.name

    @property
    def tile(self) -> Tile | None:
        """The event's first tile (an event such as ``bao`` shows exactly one)."""
        return self.tiles[0] if self.tiles else None


class Exhausted(Action):
    """The hand ended with no winner (流局)."""

    __slots__ = ()
    def __init__(self, span: Span | int, *, annotations: tuple[Annotation, ...] = ()) -> None:
        Action.__init__(self, span, annotations=annotations)


class FanItem(Frozen):
    __slots__ = ("name", "span", "value")
    _fields = ("name", "value", "span")
    name: Final[str]
    value: Final[int | None]
    span: Final[Span]

    def __init__(self, name: str, value: int | None, span: Span) -> None:
        self.name = name
        self.value = value
        self.span = span


class FanLine(Action):
    """The value a platform recorded for a win: ``fan E 5 : dongfeng 2, hunyise 1``."""

    __slots__ = ("items", "seat", "total")
    _fields = ("span", "annotations", "seat", "total", "items")
    seat: Final[Seat]
    total: Final[int]
    items: Final[tuple[FanItem, ...]]

    def __init__(self, span: Span | int, seat: Seat, total: int, items: tuple[FanItem, ...], *,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        Action.__init__(self, span, annotations=annotations)
        self.seat = seat
        self.total = total
        self.items = items


class ScoreLine(Action):
    """All the payments of a hand as recorded: ``score E +12 S -4 W -4 N -4``."""

    __slots__ = ("payments",)
    _fields = ("span", "annotations", "payments")
    payments: Final[tuple[tuple[Seat, int], ...]]

    def __init__(self, span: Span | int, payments: tuple[tuple[Seat, int], ...], *,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        Action.__init__(self, span, annotations=annotations)
        self.payments = payments


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

VERBS: tuple[str, ...] = tuple(_VERBS.values())
"""Every word that starts an action line the format itself defines (a table event's word, such as
``abort``, is the ruleset's that declares it)."""


# ---------------------------------------------------------------- hands


class Deal(Frozen):
    __slots__ = ("_span", "annotations", "seat", "tiles")
    _fields = ("seat", "tiles", "span", "annotations")
    seat: Final[Seat]
    tiles: Final[tuple[Tile, ...]]
    _span: Final[int | Span]
    annotations: Final[tuple[Annotation, ...]]

    def __init__(self, seat: Seat, tiles: tuple[Tile, ...], span: Span | int,
                 annotations: tuple[Annotation, ...] = ()) -> None:
        self.seat = seat
        self.tiles = tiles
        self._span = packed(span)
        self.annotations = annotations

    @property
    def span(self) -> Span:
        """Where the line stands in the record text."""
        return unpacked(self._span)


class SetupLine(Frozen):
    """A hand's ``dealer``, ``wall`` or ``dice`` line, or a ruleset's own setup line."""

    __slots__ = ("_span", "annotations")
    _fields: ClassVar[tuple[str, ...]] = ("span", "annotations")
    _span: Final[int | Span]
    annotations: Final[tuple[Annotation, ...]]

    def __init__(self, span: Span | int, annotations: tuple[Annotation, ...] = ()) -> None:
        self._span = packed(span)
        self.annotations = annotations

    @property
    def span(self) -> Span:
        """Where the line stands in the record text."""
        return unpacked(self._span)


class DealerLine(SetupLine):
    __slots__ = ("seat",)
    _fields = ("span", "annotations", "seat")
    seat: Final[Seat]

    def __init__(self, span: Span | int, annotations: tuple[Annotation, ...] = (), seat: Seat = "E") -> None:
        SetupLine.__init__(self, span, annotations)
        self.seat = seat


class WallLine(SetupLine):
    __slots__ = ("tiles",)
    _fields = ("span", "annotations", "tiles")
    tiles: Final[tuple[Tile, ...]]

    def __init__(self, span: Span | int, annotations: tuple[Annotation, ...] = (),
                 tiles: tuple[Tile, ...] = ()) -> None:
        SetupLine.__init__(self, span, annotations)
        self.tiles = tiles


class DiceLine(SetupLine):
    __slots__ = ("values",)
    _fields = ("span", "annotations", "values")
    values: Final[tuple[int, ...]]

    def __init__(self, span: Span | int, annotations: tuple[Annotation, ...] = (),
                 values: tuple[int, ...] = ()) -> None:
        SetupLine.__init__(self, span, annotations)
        self.values = values


class SetupTiles(SetupLine):
    """A setup line a ruleset declares (`Ruleset.setup_words`): Zhuji's ``caishen 5m`` names
    the hand's wildcard kinds.  The grammar reads it; the ruleset gives it its meaning."""

    __slots__ = ("name", "tiles", "values")
    _fields = ("span", "annotations", "name", "tiles", "values")
    name: Final[str]
    tiles: Final[tuple[Tile, ...]]
    values: Final[tuple[int, ...]]
    """Numbers the line carries instead of tiles (riichi's ``honba 2``)."""

    def __init__(self, span: Span | int, annotations: tuple[Annotation, ...] = (), name: str = "",
                 tiles: tuple[Tile, ...] = (), values: tuple[int, ...] = ()) -> None:
        SetupLine.__init__(self, span, annotations)
        self.name = name
        self.tiles = tiles
        self.values = values

    @property
    def value(self) -> int | None:
        """The line's first number, if it has one."""
        return self.values[0] if self.values else None


class HandRecord(Frozen):
    __slots__ = ("actions", "annotations", "dealer", "deals", "dice", "extra", "number", "span", "wall")
    _fields = ("number", "span", "dealer", "wall", "dice", "deals", "actions", "annotations", "extra")
    number: Final[int]
    span: Final[Span]
    dealer: Final[DealerLine | None]
    wall: Final[WallLine | None]
    dice: Final[DiceLine | None]
    deals: Final[tuple[Deal, ...]]
    actions: Final[tuple[Action, ...]]
    annotations: Final[tuple[Annotation, ...]]
    extra: Final[tuple[SetupTiles, ...]]
    """The ruleset's own setup lines (``caishen`` …), in record order."""

    def __init__(self, number: int, span: Span, dealer: DealerLine | None = None, wall: WallLine | None = None,
                 dice: DiceLine | None = None, deals: tuple[Deal, ...] = (), actions: tuple[Action, ...] = (),
                 annotations: tuple[Annotation, ...] = (), extra: tuple[SetupTiles, ...] = ()) -> None:
        self.number = number
        self.span = span
        self.dealer = dealer
        self.wall = wall
        self.dice = dice
        self.deals = deals
        self.actions = actions
        self.annotations = annotations
        self.extra = extra


    def deal_of(self, seat: Seat) -> Deal | None:
        for d in self.deals:
            if d.seat == seat:
                return d
        return None

    def setup(self, name: str) -> SetupTiles | None:
        """The ruleset setup line ``name`` of this hand (the last one, if written twice)."""
        return self.setup_lines().get(name)

    def setup_lines(self) -> dict[str, SetupTiles]:
        """Every ruleset setup line of this hand by its word (`setup` of each, in one pass: the
        last one of a word written twice)."""
        lines: dict[str, SetupTiles] = {}
        for line in self.extra:
            lines[line.name] = line
        return lines


class Record(Frozen):
    __slots__ = ("hands", "header")
    _fields = ("header", "hands")
    header: Final[Header]
    hands: Final[tuple[HandRecord, ...]]

    def __init__(self, header: Header, hands: tuple[HandRecord, ...]) -> None:
        self.header = header
        self.hands = hands


# ---------------------------------------------------------------- copies


def _compact_span(cls: type) -> Callable[[object, object], None]:
    """Keep ``cls``'s ``span`` field packed (`pack_span`) in a Python class of another module
    (`paipu.replay.result.Step`): reading it builds the `Span` (`paipu.spans.compact_span`).
    Returns the raw setter of the packed slot."""
    return compact_span(cls, Span, _LINE_SHIFT, _COLUMN_BITS, _COLUMN_MASK)


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
    if is_value(value):
        out: dict[str, object] = {}
        if isinstance(value, Action):
            out["type"] = value.verb
        elif isinstance(value, SetupTiles):
            out["type"] = value.name
        elif isinstance(value, SetupLine):
            out["type"] = type(value).__name__.removesuffix("Line").lower()
        for name in field_names(type(value)):
            if (name == "span" or name.endswith("_span")) and not spans:
                continue
            out[name] = to_json(getattr(value, name), spans=spans)
        return out
    return value
