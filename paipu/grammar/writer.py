"""The canonical writer: a record back to text, one item per line.

Canonical means: English keywords, canonical tile notation (packed runs, deals and chows
sorted, the wall in its order), one tag per line in a fixed order, annotations kept on the
line of the item they belong to, and, given the source's comments, each comment kept with
the item it was written beside or before.  Parsing the output gives the same record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple, Protocol

import paipu.record as r
from paipu.tiles import format_tiles


def _annotations(notes: tuple[r.Annotation, ...]) -> str:
    out = ""
    for a in notes:
        text = a.text.replace("\\", "\\\\").replace("}", "\\}")
        out += " {" + text + "}"
    return out


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _quote(value: str) -> str:
    """A tag's value in quotes: a quote and a backslash escaped, and every control character or
    line separator (a line break in a player's name would end the tag's line) as ``\\n``,
    ``\\r``, ``\\t`` or ``\\uXXXX`` (`paipu.grammar.lines.unescape_string` reads them back)."""
    if value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    from unicodedata import category

    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04x}" if category(c) in _BREAKING else c)
                         for c in value) + '"'


_BREAKING = frozenset(("Cc", "Zl", "Zp"))
"""The characters a tag's value writes as an escape: the controls, and the line and paragraph
separators (all below U+10000)."""


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _one_tile(a: r.Action) -> str:
    """A seat's action of one tile (a draw, a discard, a pong, a kong, …)."""
    assert isinstance(a, (r.Draw, r.Discard, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower))
    if a.glyph:
        return f"{a.seat} {a.verb} {a.tile.text} {a.glyph}"
    return f"{a.seat} {a.verb} {a.tile.text}"


_BY_TYPE: dict[type[r.Action], Callable[[r.Action], str]] = {
    kind: _one_tile for kind in (r.Draw, r.Discard, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower)}
"""How `format_action` writes the actions most lines are, by their class (the others are
written by the tests below)."""


def format_action(a: r.Action) -> str:
    """One action line, without its annotations."""
    write = _BY_TYPE.get(type(a))
    if write is not None:
        return write(a)
    if isinstance(a, r.SeatAction):
        text = f"{a.seat} {a.verb}"
        if isinstance(a, r.Chow):
            text += " " + format_tiles(a.tiles)
        elif isinstance(a, r.Hu):
            if a.tile is not None:
                text += f" {a.tile}"
        elif isinstance(a, (r.Draw, r.Discard, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower)):
            text += f" {a.tile}"
        if a.glyph:
            text += f" {a.glyph}"
        return text
    if isinstance(a, r.TableEvent):
        args = (*(str(t) for t in a.tiles), *(str(v) for v in a.values), *([a.word] if a.word else []))
        return " ".join((a.name, *args))
    if isinstance(a, r.Exhausted):
        return "exhausted"
    if isinstance(a, r.FanLine):
        text = f"fan {a.seat} {a.total}"
        if a.items:
            text += " : " + ", ".join(
                i.name if i.value is None else f"{i.name} {i.value}" for i in a.items
            )
        return text
    if isinstance(a, r.ScoreLine):
        return "score " + " ".join(f"{seat} {_signed(v)}" for seat, v in a.payments)
    raise TypeError(f"not an action: {a!r}")


class Comment(NamedTuple):
    """A ``;`` comment of the source: its text after the ``;``, and whether the line holds
    nothing else (a comment of its own line, kept before the next item) or follows an item.
    (A named tuple: an immutable value that pickles the same in the compiled build.)"""

    text: str
    alone: bool


class _Entry:
    """One item of the output: its text, the item it writes (what has its `span`), the item's
    annotations, and whether an empty line comes before it (a hand).  The source lines it came
    from are read only where comments are kept."""

    __slots__ = ("blank", "notes", "placed", "text")

    def __init__(self, text: str, placed: _Spanned, notes: tuple[r.Annotation, ...] = (),
                 blank: bool = False) -> None:
        self.text = text
        self.placed = placed
        self.notes = notes
        self.blank = blank

    @property
    def first(self) -> int:
        return self.placed.span.line

    @property
    def last(self) -> int:
        return max((self.placed.span.end_line, *(a.span.end_line for a in self.notes)))


class _Spanned(Protocol):
    @property
    def span(self) -> r.Span: ...


class _At:
    """A place in the source that is not an item's own (the ruleset tag's)."""

    __slots__ = ("span",)

    def __init__(self, span: r.Span) -> None:
        self.span = span


def _entries(record: r.Record, item_name: Callable[[str], str] | None) -> Iterator[_Entry]:
    h = record.header

    def entry(text: str, placed: _Spanned, notes: tuple[r.Annotation, ...] = (), blank: bool = False) -> _Entry:
        return _Entry(text + _annotations(notes) if notes else text, placed, notes, blank)

    if h.ruleset is not None:
        yield entry(f"[Ruleset {_quote(h.ruleset)}]", _At(h.ruleset_span or r.Span.none()))
    for o in h.options:
        yield entry(f"[Option {o.name} {_quote(o.value)}]", o)
    for word, tags in (("Player", h.players), ("Score", h.scores), ("Final", h.finals), ("Points", h.points)):
        for p in tags:
            yield entry(f"[{word} {p.seat} {_quote(p.value)}]", p)
    for t in h.tags:
        yield entry(f"[{t.name} {_quote(t.value)}]", t)
    if h.annotations:
        yield _Entry(_annotations(h.annotations).lstrip(), h.annotations[0], h.annotations)
    header = h.ruleset is not None or bool(h.options or h.players or h.scores or h.finals or h.points or h.tags
                                           or h.annotations)
    if item_name is None:
        action_text = format_action
    else:
        def action_text(a: r.Action) -> str:
            if isinstance(a, r.FanLine) and a.items:
                a = r.replace(a, items=tuple(r.replace(i, name=item_name(i.name)) for i in a.items))
            return format_action(a)
    for k, hand in enumerate(record.hands):
        for text, item in hand_lines(hand, action_text):
            yield entry(text, item, item.annotations, blank=item is hand and (header or k > 0))


class _Placed(Protocol):
    @property
    def span(self) -> r.Span: ...
    @property
    def annotations(self) -> tuple[r.Annotation, ...]: ...


def hand_lines(hand: r.HandRecord, action_text: Callable[[r.Action], str] = format_action
               ) -> Iterator[tuple[str, _Placed]]:
    """Each line of ``hand`` in canonical form (without annotations) and the item it writes;
    ``action_text`` writes an action's line (a caller may keep lines it has written)."""
    yield f"hand {hand.number}", hand
    if hand.dealer:
        yield f"dealer {hand.dealer.seat}", hand.dealer
    if hand.wall:
        yield f"wall {format_tiles(hand.wall.tiles)}", hand.wall
    if hand.dice:
        yield "dice " + " ".join(str(v) for v in hand.dice.values), hand.dice
    for extra in hand.extra:
        args = " ".join((*(str(t) for t in extra.tiles), *(str(v) for v in extra.values)))
        yield f"{extra.name} {args}".rstrip(), extra
    for d in hand.deals:
        yield f"deal {d.seat} {format_tiles(d.tiles)}", d
    for a in hand.actions:
        yield action_text(a), a


def format_record(record: r.Record, comments: Mapping[int, Comment] | None = None,
                  item_name: Callable[[str], str] | None = None) -> str:
    """The record in canonical form.

    ``comments`` (by source line, from `paipu.grammar.parser.comments`) are kept: a comment
    on a line of its own comes before the item that followed it in the source, a comment
    after an item ends that item's (last) line.  ``item_name`` gives the canonical name of a
    recorded value item (a ruleset's id for its Chinese name); without it names stay as read.
    """
    entries = list(_entries(record, item_name))
    lines: list[str] = []
    if not comments:
        for e in entries:
            if e.blank:
                lines.append("")
            lines.append(e.text)
        return "\n".join(lines) + "\n"
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    starts = sorted({e.first for e in entries})
    trailing_home: dict[int, int] = {}
    for k, e in enumerate(entries):
        for number in range(e.first, e.last + 1):
            trailing_home.setdefault(number, k)
    left: list[str] = []
    for number in sorted(comments):
        c = comments[number]
        if not c.alone and number in trailing_home:
            after.setdefault(trailing_home[number], []).append(c.text)
            continue
        nxt = next((s for s in starts if s > number), None)
        if nxt is None:
            left.append(";" + c.text)
            continue
        home = next(k for k, e in enumerate(entries) if e.first == nxt)
        before.setdefault(home, []).append(";" + c.text)
    for k, e in enumerate(entries):
        if e.blank:
            lines.append("")
        lines.extend(before.get(k, ()))
        text = e.text
        if k in after:
            text += " ;" + " ;".join(after[k])
        lines.append(text)
    lines.extend(left)
    return "\n".join(lines) + "\n"
