"""The parser's token fast path: one line split into words and read without lark.

It covers every line the canonical writer produces (tags, hand setup, deals, actions,
events, results, annotations on the same line, comments, blank lines) and the common
hand-written forms (Chinese keywords and tiles, tabs, several tiles written apart).  It
returns a value only when it is sure the grammar would give the very same value; anything
else (a bad tile, a glued keyword, a number with too many digits, an annotation that runs
on to the next line, a word it does not know) returns ``None`` and the line goes to lark,
which stays the single definition of the language and the one place syntax errors are
worded.  Its keywords and its tile and item patterns are read from the grammar itself
(`KEYWORDS`, `TERMINALS`), so the two cannot drift apart.  ``tests/test_parse_paths.py``
proves the two paths agree, line by line and on random and mutated records.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import FunctionType
from typing import Any, Final, cast

import paipu.record as r
from paipu.errors import TileError
from paipu.grammar.hints import near_line_keyword
from paipu.grammar.lines import (
    AnnotationLine,
    HandLine,
    HeaderLine,
    Line,
    RawTag,
    WordLine,
    grammar_text,
    unescape_annotation,
    unescape_string,
)
from paipu.limits import MAX_TILES_PER_LINE
from paipu.tiles import Tile, parse_tile_group, sort_key
from paipu.value import field_names

MAX_COUNT_DIGITS: Final = 9
"""The most digits a hand number or a die may have (the grammar's bound)."""
MAX_VALUE_DIGITS: Final = 12
"""The most digits a fan total, a fan item's value or a payment may have (sign aside)."""


class _Skip:
    """A line that holds nothing: blank, spaces or a comment."""

    __slots__ = ()


SKIP: Final = _Skip()

_TERMINAL_NAME: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ_")


def terminals(grammar: str) -> dict[str, str]:
    """The terminals a grammar's text defines, by name -> their definitions as written: each line
    that ``^([A-Z_]+)(?:\\.-?\\d+)?: *(.+?) *$`` matches (multi-line), read with string methods
    (compiling that pattern cost more than reading the grammar; a test holds the two equal)."""
    found: dict[str, str] = {}
    for line in grammar.split("\n"):
        n = len(line)
        i = 0
        while i < n and line[i] in _TERMINAL_NAME:
            i += 1
        if i == 0:
            continue
        name = line[:i]
        if i < n and line[i] == ".":  # a priority: a dot, perhaps a minus, one digit or more
            j = i + 2 if line[i + 1:i + 2] == "-" else i + 1
            k = j
            while k < n and line[k].isdecimal():
                k += 1
            if k == j:
                continue
            i = k
        if i >= n or line[i] != ":":
            continue
        rest = line[i + 1:]
        if not rest:
            continue
        definition = rest.strip(" ")
        found[name] = definition if definition else " "  # (a definition is one character at least)
    return found


def quoted(rule: str) -> frozenset[str]:
    """The strings in double quotes in ``rule`` (``re.findall(r'"([^"]*)"', rule)``)."""
    parts = rule.split('"')
    return frozenset(parts[1:-1:2])


TERMINALS: Final = terminals(grammar_text())
"""The grammar's terminals by name -> their definitions as record.lark writes them."""
KEYWORDS: Final = {name: quoted(rule) for name, rule in TERMINALS.items() if rule.startswith('"')}
"""Each keyword terminal of the grammar (``DISCARD``) -> its spellings (``discard``, ``打``)."""
TILE_PATTERN: Final = TERMINALS["TILE"].strip("/")
ITEM_PATTERN: Final = TERMINALS["ITEM"].strip("/")
_PATTERNS: dict[str, re.Pattern[str]] = {}
"""`TILE_PATTERN` and `ITEM_PATTERN`, compiled when a word that is not ASCII is read: their
Chinese characters make them slow to compile, and a record's words are mostly ASCII, which
`is_tile_word` and `is_item_word` read without them.  The other patterns of this module too,
each compiled when a line first needs it (a record without annotations or comments needs
none but the tags')."""


def _compiled(pattern: str) -> re.Pattern[str]:
    got = _PATTERNS.get(pattern)
    if got is None:
        got = _PATTERNS[pattern] = re.compile(pattern)
    return got


_TILE_SUITS: Final = frozenset("mpszf")


def is_tile_word(word: str) -> bool:
    """Whether ``word`` is the grammar's ``TILE`` (``re.fullmatch(TILE_PATTERN, word)``)."""
    if word.isascii():  # (an ASCII word's digits are 0-9, and its suit letter one of mpszf)
        return len(word) >= 2 and word[-1] in _TILE_SUITS and word[:-1].isdigit()
    return _compiled(TILE_PATTERN).fullmatch(word) is not None


_ITEM_STOPS: Final = frozenset(' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f,:;{}[]"')
"""The ASCII characters an ``ITEM`` holds nowhere: ASCII white space (``\\s``) and punctuation."""


def is_item_word(word: str) -> bool:
    """Whether ``word`` is the grammar's ``ITEM`` (``re.fullmatch(ITEM_PATTERN, word)``)."""
    if word.isascii():
        return word != "" and word[0] not in "+-" and _ITEM_STOPS.isdisjoint(word)
    return _compiled(ITEM_PATTERN).fullmatch(word) is not None


_ITEM_VALUE_RE: Final = r"(.*[^\d+\-])([+-]?\d+)"
# After the words of a line: annotations, then perhaps a comment.
# An annotation may run over several lines (`fast_line` is then given them joined).
_TAIL_RE: Final = r"((?:\{(?s:\\.|[^\\}])*\}[ \t]*)*)(?:;.*)?"
_ANNOTATION_RE: Final = r"(?s:\{(?:\\.|[^\\}])*\})"
# A header line: tags, then annotations and a comment.
_TAG_RE: Final = (
    r'[ \t]*\[[ \t]*([A-Za-z_][A-Za-z0-9_\-]*)(?:[ \t]+([A-Za-z_][A-Za-z0-9_\-]*))?[ \t]*("(?:\\.|[^"\\\n])*")[ \t]*\]'
)
"""One tag, as `tag_at` reads it (the pattern is its definition; a test holds the two equal)."""
_TAG_NAME_START: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_TAG_NAME: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def tag_at(line: str, pos: int) -> tuple[int, int, int, int, int, int, int] | None:
    """The tag `_TAG_RE` matches at ``pos`` of ``line``, read without compiling it: the start and
    end of its word, of its argument (-1, -1 without one) and of its quoted value (the quotes
    included), and the end of the tag; None where the pattern does not match."""
    n = len(line)
    i = pos
    while i < n and line[i] in " \t":
        i += 1
    if i == n or line[i] != "[":
        return None
    i += 1
    while i < n and line[i] in " \t":
        i += 1
    if i == n or line[i] not in _TAG_NAME_START:
        return None
    word = i
    i += 1
    while i < n and line[i] in _TAG_NAME:
        i += 1
    word_end = i
    arg = arg_end = -1
    while i < n and line[i] in " \t":
        i += 1
    if i > word_end and i < n and line[i] in _TAG_NAME_START:
        arg = i
        i += 1
        while i < n and line[i] in _TAG_NAME:
            i += 1
        arg_end = i
        while i < n and line[i] in " \t":
            i += 1
    if i == n or line[i] != '"':
        return None
    value = i
    i += 1
    while i < n:
        c = line[i]
        if c == "\\":
            if i + 1 < n and line[i + 1] != "\n":
                i += 2
                continue
            return None  # a backslash before a line's end (or the text's) escapes nothing
        if c == '"' or c == "\n":
            break
        i += 1
    if i == n or line[i] != '"':
        return None
    i += 1
    value_end = i
    while i < n and line[i] in " \t":
        i += 1
    if i == n or line[i] != "]":
        return None
    return word, word_end, arg, arg_end, value, value_end, i + 1


_SEATS: Final = frozenset(("E", "S", "W", "N"))
_GLYPHS: Final = frozenset(r.GLYPHS)
_DIGITS: Final = frozenset("0123456789")

# The seat actions a line cache entry rebuilds, by number (the most common first).
DISCARD: Final = 0
DRAW: Final = 1
PONG: Final = 2
CHOW: Final = 3
KONG: Final = 4
ANKONG: Final = 5
ADDKONG: Final = 6
FLOWER: Final = 7
HU: Final = 8
# Other lines a cache entry rebuilds (`make_action`), repeated from hand to hand and record to record.
PASS: Final = 9
READY: Final = 10
DEALER: Final = 11
DICE: Final = 12
SCORE: Final = 13
EXHAUSTED: Final = 14
HAND: Final = 15
SETUP: Final = 16
"""A ruleset's own setup line (`_SETUP_NAME`): its last field is its name, tiles and numbers."""
_VERBS: Final = {word: kind for name, kind in (
    ("DISCARD", DISCARD), ("DRAW", DRAW), ("PONG", PONG), ("CHOW", CHOW), ("KONG", KONG), ("ANKONG", ANKONG),
    ("ADDKONG", ADDKONG), ("FLOWER", FLOWER), ("HU", HU), ("PASS", PASS), ("READY", READY),
) for word in KEYWORDS[name]}
"""A seat's verb, in every spelling the grammar has -> the kind of its action."""

_BLANK: Final = frozenset(" \t")

# Record values are made by their constructors, each line's span in its packed form
# (`paipu.record.packed`: one int, no `Span` object).  Compiled, the record classes are native
# classes and these are direct calls of their written-out ``__init__``.
_tuple_new = tuple.__new__
_Span = r.Span
LINE_SHIFT: Final = r.LINE_SHIFT
COLUMN_BITS: Final = r.COLUMN_BITS
COLUMN_MASK: Final = r.COLUMN_MASK


def make_action(kind: int, span: int | r.Span, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                last: Any) -> Line:
    """The line of number ``kind`` (`DISCARD` …) with its last field ``last`` (its tile, a
    chow's tiles, the dice, the payments, the hand's number, a setup line's name, tiles and
    numbers), through its class's constructor
    (compiled: a direct native call).  ``seat`` and ``glyph`` are those of a seat's line (the
    dealer's seat for `DEALER`); ``span`` is packed (an int) for any line but a seat action's."""
    if kind > HU:
        return _make_other(kind, span, notes, seat, glyph, last)
    if kind == DISCARD:
        return r.Discard(span, seat, last, glyph=glyph, annotations=notes)
    if kind == DRAW:
        return r.Draw(span, seat, last, glyph=glyph, annotations=notes)
    if kind == PONG:
        return r.Pong(span, seat, last, glyph=glyph, annotations=notes)
    if kind == CHOW:
        return r.Chow(span, seat, last, glyph=glyph, annotations=notes)
    if kind == KONG:
        return r.Kong(span, seat, last, glyph=glyph, annotations=notes)
    if kind == ANKONG:
        return r.AnKong(span, seat, last, glyph=glyph, annotations=notes)
    if kind == ADDKONG:
        return r.AddKong(span, seat, last, glyph=glyph, annotations=notes)
    if kind == FLOWER:
        return r.Flower(span, seat, last, glyph=glyph, annotations=notes)
    return r.Hu(span, seat, last, glyph=glyph, annotations=notes)


def _make_other(kind: int, span: int | r.Span, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                last: Any) -> Line:
    """`make_action` for the lines that are not a seat action with a tile (only ``ready`` and
    ``pass`` of these have a glyph)."""
    if kind == PASS:
        return r.Pass(span, seat, glyph=glyph, annotations=notes)
    if kind == READY:
        return r.Ready(span, seat, glyph=glyph, annotations=notes)
    if kind == DEALER:
        return r.DealerLine(span, notes, seat)
    if kind == DICE:
        return r.DiceLine(span, notes, last)
    if kind == SCORE:
        return r.ScoreLine(span, last, annotations=notes)
    if kind == EXHAUSTED:
        return r.Exhausted(span, annotations=notes)
    if kind == SETUP:
        name, tiles, values = last
        return r.SetupTiles(span, notes, name, tiles, values)
    return HandLine(last, r.unpacked(span), notes)


_Maker = Callable[[int, tuple[r.Annotation, ...], r.Seat, "str | None", Any], Line]


def _action_maker(kind: int) -> _Maker:
    def make(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None, last: Any) -> Line:
        return make_action(kind, span, notes, seat, glyph, last)

    return make


def _python_makers() -> tuple[_Maker, ...] | None:
    """Pure Python only (None compiled, where `make_action`'s constructors are native calls):
    for each seat action (``pass`` and ``ready`` too) and each other line `make_action` makes, a
    function that makes the same line as `make_action` from a packed span by filling its slots
    directly (the constructor's work without its call and its checks of the span; a hand's line,
    a parser value, through its constructor with the span unpacked), as the cheapest way pure
    Python has for the lines `LINE_CACHE` rebuilds."""
    if not isinstance(vars(r.Draw).get("__init__"), FunctionType):
        return None
    makers: list[_Maker] = []
    for cls in (r.Discard, r.Draw, r.Pong, r.Chow, r.Kong, r.AnKong, r.AddKong, r.Flower, r.Hu):
        names = ["_span" if n == "span" else n for n in field_names(cls)]  # the slot it is kept in
        if names[:4] != ["_span", "annotations", "seat", "glyph"] or len(names) != 5:
            return None  # the fields changed: `make_action` serves
        last = names[4]
        makers.append(_DISCARD_MAKER if cls is r.Discard else _DRAW_MAKER if cls is r.Draw
                      else _slot_maker(cls) if last == "tile" else _chow_maker(cls) if last == "tiles"
                      else _setter_maker(cls, [next(k.__dict__[n] for k in cls.__mro__ if n in k.__dict__).__set__
                                                for n in names]))
    for bare in (r.Pass, r.Ready):  # a seat's line with no tile: its four slots filled the same way
        if ["_span" if n == "span" else n for n in field_names(bare)] != ["_span", "annotations", "seat", "glyph"]:
            return None
    makers += [_PASS_MAKER, _READY_MAKER]
    # The other lines the cache keeps (a hand's setup lines, its result): their slots filled the
    # same way, past their constructors' chain of calls (`_make_other`, ``__init__``, `packed`).
    other: type
    for other, slots in ((r.DealerLine, ["_span", "annotations", "seat"]),
                       (r.DiceLine, ["_span", "annotations", "values"]),
                       (r.ScoreLine, ["_span", "annotations", "payments"]),
                       (r.Exhausted, ["_span", "annotations"]),
                       (r.SetupTiles, ["_span", "annotations", "name", "tiles", "values"])):
        if ["_span" if n == "span" else n for n in field_names(other)] != slots:
            return None
    makers += [_make_dealer, _make_dice, _make_score, _make_exhausted, _make_hand, _make_setup]
    return tuple(makers)


# The makers of the seat actions with a tile fill its slots by name: a store Python specialises
# for the class it last saw at that place, hence a function of its own (not a closure of one
# shared function) for each of the two kinds most lines are, and one for the rest.
_new: Final = object.__new__


def _make_discard(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                  last: Any) -> Any:
    action: Any = _new(r.Discard)
    action._span = span
    action.annotations = notes
    action.seat = seat
    action.glyph = glyph
    action.tile = last
    return action


def _make_draw(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
               last: Any) -> Any:
    action: Any = _new(r.Draw)
    action._span = span
    action.annotations = notes
    action.seat = seat
    action.glyph = glyph
    action.tile = last
    return action


def _make_pass(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
               last: Any) -> Any:
    action: Any = _new(r.Pass)
    action._span = span
    action.annotations = notes
    action.seat = seat
    action.glyph = glyph
    return action


def _make_ready(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                last: Any) -> Any:
    action: Any = _new(r.Ready)
    action._span = span
    action.annotations = notes
    action.seat = seat
    action.glyph = glyph
    return action


def _make_dealer(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                 last: Any) -> Any:
    line: Any = _new(r.DealerLine)
    line._span = span
    line.annotations = notes
    line.seat = seat
    return line


def _make_dice(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
               last: Any) -> Any:
    line: Any = _new(r.DiceLine)
    line._span = span
    line.annotations = notes
    line.values = last
    return line


def _make_score(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                last: Any) -> Any:
    line: Any = _new(r.ScoreLine)
    line._span = span
    line.annotations = notes
    line.payments = last
    return line


def _make_exhausted(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                    last: Any) -> Any:
    line: Any = _new(r.Exhausted)
    line._span = span
    line.annotations = notes
    return line


def _make_hand(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
               last: Any) -> Any:
    return HandLine(last, r.unpacked(span), notes)


def _make_setup(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None,
                last: Any) -> Any:
    line: Any = _new(r.SetupTiles)
    line._span = span
    line.annotations = notes
    line.name, line.tiles, line.values = last
    return line


_DISCARD_MAKER: Final[_Maker] = _make_discard
_DRAW_MAKER: Final[_Maker] = _make_draw
_PASS_MAKER: Final[_Maker] = _make_pass
_READY_MAKER: Final[_Maker] = _make_ready


def _slot_maker(cls: type[r.SeatAction]) -> _Maker:
    def make(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None, last: Any) -> Any:
        action: Any = _new(cls)
        action._span = span
        action.annotations = notes
        action.seat = seat
        action.glyph = glyph
        action.tile = last
        return action

    return make


def _chow_maker(cls: type[r.SeatAction]) -> _Maker:
    def make(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None, last: Any) -> Any:
        action: Any = _new(cls)
        action._span = span
        action.annotations = notes
        action.seat = seat
        action.glyph = glyph
        action.tiles = last
        return action

    return make


def _setter_maker(cls: type[r.SeatAction], setters: list[Callable[[object, object], None]]) -> _Maker:
    new = object.__new__
    set_span, set_notes, set_seat, set_glyph, set_last = setters

    def make(span: int, notes: tuple[r.Annotation, ...], seat: r.Seat, glyph: str | None, last: Any) -> r.SeatAction:
        action = new(cls)
        set_span(action, span)
        set_notes(action, notes)
        set_seat(action, seat)
        set_glyph(action, glyph)
        set_last(action, last)
        return action

    return make


MAKERS: Final = _python_makers() or tuple(_action_maker(kind) for kind in range(SETUP + 1))
"""By kind (`DISCARD` …), what rebuilds a line `LINE_CACHE` keeps from a packed span: pure
Python fills its slots, compiled calls `make_action` (its constructors are native calls)."""

CachedLine = tuple[_Maker, r.Seat, "str | None", Any, int]
LINE_CACHE: dict[str, CachedLine] = {}
"""A seat action's line, or one of the other lines `make_action` makes (``dealer E``,
``dice 3 5``, ``score …``, ``hand 2``, ``dora 3p``), without its annotations and comment -> what rebuilds
its value for any line number: (its kind's maker in `MAKERS`, seat, glyph, last field's value,
packed columns).  Records repeat such lines all the time (``E discard 5m``), so most lines are
one dictionary look-up and one object, made by `rebuild` (`paipu.grammar.scan.scan_lines`
looks this cache up itself, before calling `fast_line`)."""
_LINE_CACHE = LINE_CACHE
_LINE_CACHE_MAX: Final = 50_000


def rebuild(hit: CachedLine, number: int, notes: tuple[r.Annotation, ...]) -> Line:
    """The value of a line `LINE_CACHE` keeps, as line ``number`` with ``notes``."""
    maker, seat, glyph, last, columns = hit
    return maker(number << LINE_SHIFT | columns, notes, seat, glyph, last)


def _kept(key: str, kind: int, seat: r.Seat, glyph: str | None, last: Any, number: int, lead: int, end: int,
          notes: tuple[r.Annotation, ...]) -> Line:
    """The line of kind ``kind`` from column ``lead + 1`` to ``end``, kept in `LINE_CACHE` by its
    words ``key`` (columns too wide to pack: made with a `Span`, not kept)."""
    columns = r.pack_columns(lead + 1, end)
    if columns is None:
        return make_action(kind, _tuple_new(_Span, (number, lead + 1, number, end)), notes, seat, glyph, last)
    hit = (MAKERS[kind], seat, glyph, last, columns)
    if len(_LINE_CACHE) < _LINE_CACHE_MAX and "\n" not in key:
        _LINE_CACHE[key] = hit
    return rebuild(hit, number, notes)


_GROUP_CACHE: dict[str, tuple[Tile, ...] | None] = {}
_GROUP_CACHE_MAX: Final = 20_000


def _group(word: str) -> tuple[Tile, ...] | None:
    """The tiles of one written group (``5m``, ``1123m``, ``东``), or None if lark must judge it."""
    got = _GROUP_CACHE.get(word, _Skip)
    if got is not _Skip:
        return cast("tuple[Tile, ...] | None", got)
    tiles: tuple[Tile, ...] | None = None
    if is_tile_word(word):
        try:
            tiles = tuple(parse_tile_group(word, red_fives=True))
        except TileError:
            tiles = None
    if len(_GROUP_CACHE) < _GROUP_CACHE_MAX:
        _GROUP_CACHE[word] = tiles
    return tiles


def _packed_table() -> dict[str, dict[str, Tile]]:
    """Suit letter -> digit -> tile, for the ranks each suit has and the red fives (``0`` of m,
    p and s): what `parse_tile_group` gives, as the grammar reads tiles (with red fives)."""
    table: dict[str, dict[str, Tile]] = {}
    for suit, size in (("m", 9), ("p", 9), ("s", 9), ("z", 7), ("f", 8)):
        table[suit] = {str(d): parse_tile_group(f"{d}{suit}")[0] for d in range(1, size + 1)}
        if suit in "mps":
            table[suit]["0"] = parse_tile_group(f"0{suit}", red_fives=True)[0]
    return table


_PACKED: Final = _packed_table()


def _tiles(words: list[str]) -> tuple[Tile, ...] | None:
    """The tiles of the written groups ``words``; None if lark must judge them (a group it
    does not know, or more than `MAX_TILES_PER_LINE` tiles: lark's ``over-limit``)."""
    # The module's dictionaries in locals: compiled, each use of a module-level name that is not
    # `Final` is a look-up in the module's namespace (a word's look-up cost twice as much).
    cache = _GROUP_CACHE
    if len(words) == 1:
        got = cache.get(words[0]) or _group(words[0])
        return got if got is None or len(got) <= MAX_TILES_PER_LINE else None
    out: list[Tile] = []
    packed = _PACKED
    for w in words:
        g = cache.get(w)
        if g is None:
            table = packed.get(w[-1])
            if table is not None and len(w) > 1:
                try:
                    g = tuple(map(table.__getitem__, w[:-1]))
                except KeyError:
                    return None  # a rank the suit does not have, or not a digit: lark words it
                if len(cache) < _GROUP_CACHE_MAX:
                    cache[w] = g
            else:
                g = _group(w)
                if g is None:
                    return None
        out += g
    if len(out) > MAX_TILES_PER_LINE:
        return None
    return tuple(out)


def _count(word: str) -> int | None:
    """A grammar INT of at most `MAX_COUNT_DIGITS` digits."""
    if 0 < len(word) <= MAX_COUNT_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    return None


def _signed(word: str) -> int | None:
    """A grammar SIGNED_INT of at most `MAX_VALUE_DIGITS` digits."""
    digits = word[1:] if word[:1] in ("+", "-") else word
    if 0 < len(digits) <= MAX_VALUE_DIGITS and digits.isascii() and digits.isdigit():
        return int(word)
    return None


def _plain_words(body: str) -> list[str] | None:
    """The words of ``body`` if only spaces and tabs separate them (lark's whitespace)."""
    words = body.split()
    if body.isascii() and body.isprintable():
        return words
    gaps = len(body) - sum(map(len, words))
    if gaps != body.count(" ") + body.count("\t"):
        return None
    return words


def _annotations(line: str, start: int, end: int, number: int) -> tuple[r.Annotation, ...]:
    if "\n" not in line:
        found: list[r.Annotation] = []
        for m in _compiled(_ANNOTATION_RE).finditer(line, start, end):
            a, b = m.span()
            inner = line[a + 1:b - 1]
            text = (unescape_annotation(m.group()) if "\\" in inner else inner.strip())
            found.append(r.Annotation(text, _tuple_new(_Span, (number, a + 1, number, b + 1))))
        return tuple(found)
    out: list[r.Annotation] = []
    for m in _compiled(_ANNOTATION_RE).finditer(line, start, end):
        a, b = m.start(), m.end() - 1  # the braces' offsets; the end column is past the `}`
        span = r.Span(number + line.count("\n", 0, a), a - line.rfind("\n", 0, a),
                      number + line.count("\n", 0, b), b - line.rfind("\n", 0, b) + 1)
        out.append(r.Annotation(unescape_annotation(m.group()), span))
    return tuple(out)


_HEADER_CACHE: dict[tuple[str, int], Line | None] = {}
"""A tag line and its number -> its value (None: lark reads it).  The values are immutable, and
records written by one program repeat their header lines at the same places (``[Ruleset …]``
on line 1): the same value serves them all, instead of three Python objects made per line."""
_HEADER_CACHE_MAX: Final = 5_000


def _header(line: str, number: int) -> Line | None:
    """A header line's tags, then its annotations (and a comment), read once per line and number."""
    key = (line, number)
    known = _HEADER_CACHE.get(key, _Skip)
    if known is not _Skip:
        return cast("Line | None", known)
    header = _read_tags(line, number)
    if len(_HEADER_CACHE) < _HEADER_CACHE_MAX:
        _HEADER_CACHE[key] = header
    return header


def _read_tags(line: str, number: int) -> Line | None:
    tags: list[RawTag] = []
    pos = 0
    n = len(line)
    while True:
        m = tag_at(line, pos)
        if m is None:
            break
        word_at, word_end, arg_at, arg_end, value_at, value_end, pos = m
        value = unescape_string(line[value_at + 1:value_end - 1])
        # Spans made as tuples (`Span`'s own constructor is a Python function, a third of a tag's cost).
        word_span: r.Span = _tuple_new(_Span, (number, word_at + 1, number, word_end + 1))
        arg: str | None = None
        arg_span: r.Span | None = None
        if arg_at >= 0:
            arg = line[arg_at:arg_end]
            arg_span = _tuple_new(_Span, (number, arg_at + 1, number, arg_end + 1))
        span: r.Span = _tuple_new(_Span, (number, word_at, number, value_end + 2))
        tags.append(RawTag(line[word_at:word_end], arg, value, span, word_span, arg_span))
    if not tags:
        return None
    while pos < n and line[pos] in " \t":
        pos += 1
    first, last = tags[0].span, tags[-1].span
    span = _tuple_new(_Span, (number, first.column, number, last.end_column))
    if pos == n:  # nothing after the tags (the tail pattern would match it empty)
        return HeaderLine(tuple(tags), span, ())
    tail = _compiled(_TAIL_RE).fullmatch(line, pos)
    if tail is None:
        return None
    return HeaderLine(tuple(tags), span, _annotations(line, tail.start(1), tail.end(1), number))


_SCORE_CACHE: dict[str, tuple[tuple[r.Seat, int], ...] | None] = {}
"""A score line's words -> its payments (None: lark reads it); values are immutable, so shared."""


def _payments(words: list[str]) -> tuple[tuple[r.Seat, int], ...] | None:
    n = len(words)
    if n < 3 or n % 2 == 0:
        return None
    pairs: list[tuple[r.Seat, int]] = []
    for i in range(1, n, 2):
        s = words[i]
        v = _signed(words[i + 1])
        if s not in _SEATS or v is None:
            return None
        pairs.append((cast(r.Seat, s), v))
    return tuple(pairs)


_FanShape = tuple[r.Seat, int, tuple[tuple[str, "int | None", int, int], ...]]
_FAN_CACHE: dict[str, _FanShape | None] = {}
"""A fan line's words (from the first to the last) -> its seat, total and items with their
columns from the line's first (None: lark reads it).  Platforms write the same few lines."""
_SHAPE_CACHE_MAX: Final = 20_000


def _fan(body: str, words: list[str], span: r.Span, number: int,
         notes: tuple[r.Annotation, ...]) -> Line | None:
    shape = _FAN_CACHE.get(body, _Skip)
    if shape is _Skip:
        line = _read_fan(body, words, span, number, notes)
        column = span.column
        shape = None if line is None else (line.seat, line.total, tuple(
            (i.name, i.value, i.span.column - column, i.span.end_column - column) for i in line.items))
        if len(_FAN_CACHE) < _SHAPE_CACHE_MAX:
            _FAN_CACHE[body] = shape
        return line
    if shape is None:
        return None
    seat, total, shaped = cast(_FanShape, shape)
    column = span.column
    items: list[r.FanItem] = []
    for name, value, a, b in shaped:  # (a loop, not a generator)
        items.append(r.FanItem(name, value, _tuple_new(_Span, (number, column + a, number, column + b))))
    return r.FanLine(span, seat, total, tuple(items), annotations=notes)


def _read_fan(body: str, words: list[str], span: r.Span, number: int,
              notes: tuple[r.Annotation, ...]) -> r.FanLine | None:
    colon = body.find(":")
    if colon < 0:
        if len(words) != 3 or words[1] not in _SEATS:
            return None
        total = _signed(words[2])
        if total is None:
            return None
        return r.FanLine(span, cast(r.Seat, words[1]), total, (), annotations=notes)
    head = body[:colon].split()
    if len(head) != 3 or head[1] not in _SEATS:
        return None
    total = _signed(head[2])
    if total is None:
        return None
    items: list[r.FanItem] = []
    pos = colon + 1
    n = len(body)
    while True:
        comma = body.find(",", pos)
        end = n if comma < 0 else comma
        piece = body[pos:end]
        parts = piece.split()
        if not parts or len(parts) > 2 or not is_item_word(parts[0]):
            return None
        name = parts[0]
        value: int | None = None
        if len(parts) == 2:
            value = _signed(parts[1])
            if value is None:
                return None
        else:
            m = _compiled(_ITEM_VALUE_RE).fullmatch(name)
            if m:
                digits = m.group(2).lstrip("+-")
                if len(digits) > MAX_VALUE_DIGITS:
                    return None
                name, value = m.group(1), int(m.group(2))
        lead = len(piece) - len(piece.lstrip())
        start = pos + lead + span.column
        stop = pos + len(piece.rstrip()) + span.column
        items.append(r.FanItem(name, value, r.Span(number, start, number, stop)))
        if comma < 0:
            break
        pos = comma + 1
    return r.FanLine(span, cast(r.Seat, head[1]), total, tuple(items), annotations=notes)


def fast_line(line: str, number: int) -> Line | _Skip | None:
    """The value of line ``number``; `SKIP` when it holds nothing; None when lark must read it."""
    hit = _LINE_CACHE.get(line)
    if hit is not None:
        return rebuild(hit, number, ())
    return _read_line(line, number)


def _read_line(line: str, number: int) -> Line | _Skip | None:
    """`fast_line` for a line not in `_LINE_CACHE`: its annotations and comment set apart, then
    its words read (a tag line by `_header`)."""
    if "{" not in line and ";" not in line and '"' not in line and "[" not in line:
        return _read_words(line, number, ())
    cut = len(line)
    for ch in "{;\"[":
        i = line.find(ch, 0, cut)
        if i >= 0:
            cut = i
    if line[cut] == "[":
        return _header(line, number) if not line[:cut].strip(" \t") else None
    if line[cut] == '"':
        return None
    tail = _compiled(_TAIL_RE).fullmatch(line, cut)
    if tail is None:
        return None
    notes: tuple[r.Annotation, ...] = ()
    if tail.end(1) > tail.start(1):
        notes = _annotations(line, tail.start(1), tail.end(1), number)
    body = line[:cut]
    # The words before an annotation or a comment are often a line read before (``E discard 5m``).
    hit = _LINE_CACHE.get(body)
    if hit is not None:
        return rebuild(hit, number, notes)
    return _read_words(body, number, notes)


def _read_words(key: str, number: int, notes: tuple[r.Annotation, ...]) -> Line | _Skip | None:
    """The line whose words are ``key`` (the text before its annotations), by its first word:
    a seat, a keyword of the grammar, or a ruleset's own word."""
    words: list[str] | None
    if key.isascii() and key.isprintable():
        words = key.split()
    else:
        words = _plain_words(key)  # (None: a space other than lark's, which lark reads)
        if words is None:
            return None
    if not words:
        if notes:
            return AnnotationLine(notes, r.Span.none())
        return SKIP
    body = key
    lead = 0
    if body[0] in _BLANK or body[-1] in _BLANK:
        lead = len(body) - len(body.lstrip(" \t"))
        body = body[lead:].rstrip(" \t")
    first = words[0]
    if first in _SEATS:
        return _seat_line(key, words, number, lead, lead + len(body) + 1, notes)
    reader = _KEYWORD_LINES.get(first)
    if reader is not None:
        return reader(key, body, words, number, lead, notes)
    if len(words) >= 2:
        how = _WORD_KINDS.get(first)
        if how is None:
            how = _word_kind(first)
        if how != _NOT_A_NAME:
            return _word_line(key, first, words, number, lead, lead + len(body) + 1, notes, how)
    return None


def _span(number: int, lead: int, end: int) -> r.Span:
    return _tuple_new(_Span, (number, lead + 1, number, end))


def _at(number: int, lead: int, end: int) -> int | r.Span:
    """The span from column ``lead + 1`` to ``end`` as the record's lines keep it (`paipu.record.packed`)."""
    columns = r.pack_columns(lead + 1, end)
    return _span(number, lead, end) if columns is None else number << LINE_SHIFT | columns


def _seat_line(key: str, words: list[str], number: int, lead: int, end: int,
               notes: tuple[r.Annotation, ...]) -> Line | None:
    """A seat's action: ``E discard 5m``, ``S chow 3 4 5s !?``, ``W hu``, ``N ready``."""
    n = len(words)
    if n < 2:
        return None
    glyph: str | None = None
    if words[-1] in _GLYPHS:
        glyph = words[-1]
        n -= 1
    kind = _VERBS.get(words[1])
    if kind is None:
        return None
    last: Any = None
    if kind == CHOW:
        tiles = _tiles(words[2:n])
        if tiles is None or len(tiles) != 3:
            return None
        last = tuple(sorted(tiles, key=sort_key))
    elif kind == PASS or kind == READY:
        if n != 2:
            return None
    elif kind != HU or n != 2:  # one tile (a win may name none)
        if n != 3:
            return None
        tiles = _GROUP_CACHE.get(words[2]) or _group(words[2])
        if tiles is None or len(tiles) != 1:
            return None
        last = tiles[0]
    return _kept(key, kind, cast(r.Seat, words[0]), glyph, last, number, lead, end, notes)


_KeywordLine = Callable[[str, str, list[str], int, int, tuple[r.Annotation, ...]], "Line | None"]
"""A reader of the line a keyword begins: (its words ``key``, the same without blanks around
them, the words, line number, blanks before the first word, annotations) -> its value."""


def _hand(key: str, body: str, words: list[str], number: int, lead: int,
          notes: tuple[r.Annotation, ...]) -> Line | None:
    hand = _count(words[1]) if len(words) == 2 else None
    if hand is None:
        return None
    return _kept(key, HAND, "E", None, hand, number, lead, lead + len(body) + 1, notes)


def _dealer(key: str, body: str, words: list[str], number: int, lead: int,
            notes: tuple[r.Annotation, ...]) -> Line | None:
    if len(words) != 2 or words[1] not in _SEATS:
        return None
    return _kept(key, DEALER, cast(r.Seat, words[1]), None, None, number, lead, lead + len(body) + 1, notes)


def _dice(key: str, body: str, words: list[str], number: int, lead: int,
          notes: tuple[r.Annotation, ...]) -> Line | None:
    values: list[int] = []
    for w in words[1:]:
        v = _count(w)
        if v is None:
            return None
        values.append(v)
    if not values:
        return None
    return _kept(key, DICE, "E", None, tuple(values), number, lead, lead + len(body) + 1, notes)


def _score(key: str, body: str, words: list[str], number: int, lead: int,
           notes: tuple[r.Annotation, ...]) -> Line | None:
    paid = _SCORE_CACHE.get(body, _Skip)
    if paid is _Skip:
        paid = _payments(words)
        if len(_SCORE_CACHE) < _SHAPE_CACHE_MAX:
            _SCORE_CACHE[body] = paid
    if paid is None:
        return None
    return _kept(key, SCORE, "E", None, paid, number, lead, lead + len(body) + 1, notes)


def _exhausted(key: str, body: str, words: list[str], number: int, lead: int,
               notes: tuple[r.Annotation, ...]) -> Line | None:
    if len(words) != 1:
        return None
    return _kept(key, EXHAUSTED, "E", None, None, number, lead, lead + len(body) + 1, notes)


def _deal(key: str, body: str, words: list[str], number: int, lead: int,
          notes: tuple[r.Annotation, ...]) -> Line | None:
    if len(words) < 3 or words[1] not in _SEATS:
        return None
    tiles = _tiles(words[2:])
    if tiles is None:
        return None
    # A red five is written ``0``, and nothing else on a deal's line is: without one, index order
    # is the whole of the deal's order (a look at one field of each tile, not two).
    if not (_in_index_order(tiles) if "0" not in body else _in_order(tiles)):
        tiles = tuple(sorted(tiles, key=sort_key))
    span = _at(number, lead, lead + len(body) + 1)
    if _PURE_DEAL:
        # `paipu.record.Deal`'s slots filled directly (its constructor's work without its call
        # and its `paipu.record.packed` of a span `_at` packed already), as `MAKERS` do.
        deal: Any = _new(r.Deal)
        deal.seat = words[1]
        deal.tiles = tiles
        deal._span = span
        deal.annotations = notes
        return cast(r.Deal, deal)
    return r.Deal(cast(r.Seat, words[1]), tiles, span, notes)


_PURE_DEAL: Final = (isinstance(vars(r.Deal).get("__init__"), FunctionType)
                     and field_names(r.Deal) == ("seat", "tiles", "span", "annotations"))
"""Whether `_deal` fills a deal's slots itself: pure Python, with the fields it knows (compiled,
the constructor is a direct native call)."""


def _wall(key: str, body: str, words: list[str], number: int, lead: int,
          notes: tuple[r.Annotation, ...]) -> Line | None:
    tiles = _tiles(words[1:]) if len(words) > 1 else None
    if tiles is None:
        return None
    return r.WallLine(_at(number, lead, lead + len(body) + 1), notes, tiles)


def _fan_line(key: str, body: str, words: list[str], number: int, lead: int,
              notes: tuple[r.Annotation, ...]) -> Line | None:
    return _fan(body, words, _span(number, lead, lead + len(body) + 1), number, notes)


def _abort(key: str, body: str, words: list[str], number: int, lead: int,
           notes: tuple[r.Annotation, ...]) -> Line | None:
    """``abort`` and its reason, if any (the grammar's REASON: ``abort kyuushu``)."""
    if len(words) > 2 or (len(words) == 2 and not _is_name(words[1])):
        return None
    return r.TableEvent(_at(number, lead, lead + len(body) + 1), "abort", word=words[1] if len(words) == 2 else "",
                        annotations=notes)


_KEYWORD_LINES: Final[dict[str, _KeywordLine]] = {word: reader for name, reader in (
    ("HAND", _hand), ("DEALER", _dealer), ("DICE", _dice), ("SCORE", _score), ("EXHAUSTED", _exhausted),
    ("DEAL", _deal), ("WALL", _wall), ("FAN", _fan_line), ("ABORT", _abort),
) for word in KEYWORDS[name]}
"""The first word of a line that is not a seat's action, in every spelling the grammar has ->
its reader."""

# A ruleset's own line (the grammar's NAME): a lower-case word that no line keyword begins
# (lark reads ``handy 3`` as ``hand`` and fails; `_NOT_NAMES` sends such words to it) and
# that is not a seat's verb, then tiles or numbers.  A word in Chinese or Japanese script
# (``宝 7s``) is rare enough to leave to lark.
_NAME_START: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_NAME_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _is_name(word: str) -> bool:
    """Whether ``word`` is ``[a-z][a-z0-9_]*`` (``re.fullmatch``)."""
    return word[:1] in _NAME_START and _NAME_CHARS.issuperset(word)


_NOT_NAMES: Final = tuple(sorted(word for spellings in KEYWORDS.values() for word in spellings if _is_name(word)))


# How `_read_words` reads a line whose first word is not a seat nor a line keyword (`_word_kind`).
_NOT_A_NAME: Final = 0
"""Not the grammar's NAME, or a word a line keyword begins: lark reads the line."""
_NEAR_NAME: Final = 1
"""A NAME near a line keyword (``hnad``): a `WordLine`, which recovery reads again with a hint."""
_SETUP_NAME: Final = 2
"""Any other NAME (``dora``): the line made at once as the `paipu.record.SetupTiles` that
`paipu.grammar.build` makes of a `WordLine` before the hand's first action (after one, the
builder makes a table event of either)."""
_WORD_KINDS: dict[str, int] = {}
"""A line's first word -> `_word_kind` of it (a record's own words are few)."""


def _word_kind(word: str) -> int:
    """`_NOT_A_NAME`, `_NEAR_NAME` or `_SETUP_NAME` for ``word`` (kept in `_WORD_KINDS`)."""
    how = _NOT_A_NAME
    if _is_name(word) and not word.startswith(_NOT_NAMES):
        how = _SETUP_NAME if near_line_keyword(word) is None else _NEAR_NAME
    if len(_WORD_KINDS) < _SHAPE_CACHE_MAX:
        _WORD_KINDS[word] = how
    return how


def _word_line(key: str, name: str, words: list[str], number: int, lead: int, end: int,
               notes: tuple[r.Annotation, ...], how: int) -> Line | None:
    """A ruleset's own line from column ``lead + 1`` to ``end``: tiles or numbers after its
    word, as a `WordLine` or a `paipu.record.SetupTiles` (``how``, `_word_kind`; the latter kept
    in `LINE_CACHE` by its words ``key``: ``dora 3p`` comes back hand after hand)."""
    rest = words[1:]
    tiles: tuple[Tile, ...] = ()
    values: tuple[int, ...] = ()
    if rest[0][:1] in _DIGITS and "".join(rest).isdigit():  # (every word digits: none is empty)
        counts: list[int] = []
        for w in rest:
            v = _count(w)
            if v is None:
                return None
            counts.append(v)
        values = tuple(counts)
    else:
        read = _tiles(rest)
        if read is None:
            return None
        tiles = read
    if how == _NEAR_NAME:
        return WordLine(name, tiles, values, _span(number, lead, end), notes)
    return _kept(key, SETUP, "E", None, (name, tiles, values), number, lead, end, notes)


def _in_order(tiles: tuple[Tile, ...]) -> bool:
    """Whether ``tiles`` are in the order ``sorted(tiles, key=sort_key)`` gives (index order, a
    plain five before its red five; a stable sort keeps equal tiles as they are): the writer's
    deals are, and this look costs a tenth of the sort."""
    prev = -1
    for t in tiles:
        place = 2 * t.index + 1 if t.red else 2 * t.index
        if place < prev:
            return False
        prev = place
    return True


def _in_index_order(tiles: tuple[Tile, ...]) -> bool:
    """`_in_order` for tiles with no red five among them: whether their indexes never fall."""
    prev = -1
    for t in tiles:
        index = t.index
        if index < prev:
            return False
        prev = index
    return True
