"""The lark transformer: parse-tree nodes to line values (`paipu.grammar.lines`) with spans.

Runs inline with the LALR parser (no tree is built).  Only the lines the fast path does not
read reach it, and this module (with lark) is imported only when one does.
A line with a bad tile becomes ``None`` and leaves a finding; the other lines go on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from lark import Token, Transformer

import paipu.record as r
from paipu.errors import TileError
from paipu.findings import Finding, error
from paipu.grammar.lines import (
    AnnotationLine,
    ArityProblem,
    HandLine,
    HeaderLine,
    Line,
    RawTag,
    TileArg,
    WordLine,
    unescape_annotation,
    unescape_string,
)
from paipu.limits import MAX_INDEX_DIGITS, MAX_TILES_PER_LINE, MAX_VALUE_DIGITS, digits_over
from paipu.tiles import Tile, parse_tile_group, sort_key

_ITEM_VALUE_RE = re.compile(r"(.*[^\d+\-])([+-]?\d+)")


def _bad(args: list[Any]) -> bool:
    return any(a is None for a in args)


class LineTransformer(Transformer[Token, list[Line]]):
    """Builds one value per line. ``offset`` shifts line numbers when the parser restarts."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0
        self.findings: list[Finding] = []

    # ---- helpers
    def _span(self, children: list[Any]) -> r.Span:
        """From the first token (or spanned value) of a line to its last."""
        first: Any = None
        last: Any = None
        for c in children:
            if c is None or (isinstance(c, Token) and c.type == "ANNOTATION"):
                continue  # an item's span is its own text; each annotation has its own span
            if first is None:
                first = c
            last = c
        if first is None:
            return r.Span.none()
        a = first.span if not isinstance(first, Token) else self._tspan(first)
        b = last.span if not isinstance(last, Token) else self._tspan(last)
        return r.Span(a.line, a.column, b.end_line, b.end_column)

    def _tspan(self, tok: Token) -> r.Span:
        o = self.offset
        line = cast(int, tok.line)
        end_line = cast(int, tok.end_line)
        return r.Span(line + o, cast(int, tok.column), end_line + o, cast(int, tok.end_column))

    def _annotations(self, args: list[Any]) -> tuple[r.Annotation, ...]:
        return tuple(
            r.Annotation(unescape_annotation(str(a)), self._tspan(a))
            for a in args
            if isinstance(a, Token) and a.type == "ANNOTATION"
        )

    def _glyph(self, args: list[Any]) -> str | None:
        for a in args:
            if isinstance(a, Token) and a.type == "GLYPH":
                return str(a)
        return None

    def _tiles(self, args: list[Any]) -> TileArg | None:
        for a in args:
            if isinstance(a, TileArg):
                return a
        return None

    def _one_tile(self, verb: str, arg: TileArg) -> Tile | ArityProblem:
        if len(arg.tiles) != 1:
            return ArityProblem(
                f"{verb} takes one tile, found {len(arg.tiles)}", arg.span
            )
        return arg.tiles[0]

    def _int(self, tok: Token | str, limit: int, span: r.Span | None = None) -> int | None:
        """The number ``tok`` holds, or None (and a syntax finding) when it has more than ``limit`` digits."""
        text = str(tok)
        if digits_over(text, limit):
            where = span or (self._tspan(tok) if isinstance(tok, Token) else r.Span.none())
            digits = len(text.lstrip("+-"))
            message = f"a number of {digits:,} digits: at most {limit} are allowed here"
            self.findings.append(error("syntax", message, where))
            return None
        return int(text)

    # ---- rules
    def start(self, children: list[Any]) -> list[Line]:
        return [c for c in children if c is not None]

    def tiles(self, children: list[Token]) -> TileArg | None:
        out: list[Tile] = []
        ok = True
        for tok in children:
            try:
                out.extend(parse_tile_group(str(tok), red_fives=True))
            except TileError as e:
                self.findings.append(error("bad-tile", str(e), self._tspan(tok)))
                ok = False
        if not ok:
            return None
        if len(out) > MAX_TILES_PER_LINE:
            self.findings.append(error("over-limit", f"{len(out):,} tiles on one line: at most {MAX_TILES_PER_LINE:,}",
                                       self._span(children)))
            return None
        return TileArg(tuple(out), self._span(children))

    def tag(self, children: list[Token]) -> RawTag:
        word = children[0]
        arg = children[1] if len(children) == 3 else None
        raw = str(children[-1])[1:-1]
        value = unescape_string(raw)
        inner = self._span(children)
        # The brackets are anonymous tokens, not in ``children``: widen to include them.
        span = r.Span(inner.line, inner.column - 1, inner.end_line, inner.end_column + 1)
        return RawTag(
            str(word),
            str(arg) if arg is not None else None,
            value,
            span,
            self._tspan(word),
            self._tspan(arg) if arg is not None else None,
        )

    def header_line(self, children: list[Any]) -> HeaderLine:
        tags = tuple(c for c in children if isinstance(c, RawTag))
        return HeaderLine(tags, self._span(children), self._annotations(children))

    def annotation_line(self, children: list[Any]) -> AnnotationLine:
        return AnnotationLine(self._annotations(children), self._span(children))

    def hand_line(self, children: list[Any]) -> HandLine | None:
        number = self._int(children[1], MAX_INDEX_DIGITS)
        if number is None:
            return None
        return HandLine(number, self._span(children), self._annotations(children))

    def dealer_line(self, children: list[Any]) -> r.DealerLine:
        return r.DealerLine(
            self._span(children), self._annotations(children), cast(r.Seat, str(children[1]))
        )

    def wall_line(self, children: list[Any]) -> r.WallLine | None:
        t = self._tiles(children)
        if t is None:
            return None
        return r.WallLine(self._span(children), self._annotations(children), t.tiles)

    def dice_line(self, children: list[Any]) -> r.DiceLine | None:
        read = [self._int(c, MAX_INDEX_DIGITS) for c in children if isinstance(c, Token) and c.type == "INT"]
        values = tuple(v for v in read if v is not None)
        if len(values) < len(read):
            return None
        return r.DiceLine(self._span(children), self._annotations(children), values)

    def deal_line(self, children: list[Any]) -> r.Deal | None:
        t = self._tiles(children)
        if t is None:
            return None
        seat = cast(r.Seat, str(children[1]))
        # A deal is a multiset: the order it was written in carries nothing.
        tiles = tuple(sorted(t.tiles, key=sort_key))
        return r.Deal(seat, tiles, self._span(children), self._annotations(children))

    def _single(self, cls: Callable[..., r.SeatAction], verb: str, children: list[Any]) -> Line | None:
        t = self._tiles(children)
        if t is None:
            return None
        tile = self._one_tile(verb, t)
        if isinstance(tile, ArityProblem):
            return tile
        seat = cast(r.Seat, str(children[0]))
        return cls(
            self._span(children),
            seat,
            tile,
            glyph=self._glyph(children),
            annotations=self._annotations(children),
        )

    def draw(self, children: list[Any]) -> Line | None:
        return self._single(r.Draw, "draw", children)

    def discard(self, children: list[Any]) -> Line | None:
        return self._single(r.Discard, "discard", children)

    def pong(self, children: list[Any]) -> Line | None:
        return self._single(r.Pong, "pong", children)

    def kong(self, children: list[Any]) -> Line | None:
        return self._single(r.Kong, "kong", children)

    def ankong(self, children: list[Any]) -> Line | None:
        return self._single(r.AnKong, "ankong", children)

    def addkong(self, children: list[Any]) -> Line | None:
        return self._single(r.AddKong, "addkong", children)

    def flower(self, children: list[Any]) -> Line | None:
        return self._single(r.Flower, "flower", children)

    def chow(self, children: list[Any]) -> Line | None:
        t = self._tiles(children)
        if t is None:
            return None
        if len(t.tiles) != 3:
            return ArityProblem(f"chow takes three tiles, found {len(t.tiles)}", t.span)
        a, b, c = sorted(t.tiles, key=lambda x: x.index)
        return r.Chow(
            self._span(children),
            cast(r.Seat, str(children[0])),
            (a, b, c),
            glyph=self._glyph(children),
            annotations=self._annotations(children),
        )

    def ready(self, children: list[Any]) -> r.Ready:
        return r.Ready(
            self._span(children),
            cast(r.Seat, str(children[0])),
            glyph=self._glyph(children),
            annotations=self._annotations(children),
        )

    def pass_(self, children: list[Any]) -> r.Pass:
        return r.Pass(
            self._span(children),
            cast(r.Seat, str(children[0])),
            glyph=self._glyph(children),
            annotations=self._annotations(children),
        )

    def hu(self, children: list[Any]) -> Line | None:
        tile: Tile | None = None
        if any(isinstance(c, TileArg) or c is None for c in children[1:]):
            t = self._tiles(children)
            if t is None:
                return None
            one = self._one_tile("hu", t)
            if isinstance(one, ArityProblem):
                return one
            tile = one
        return r.Hu(
            self._span(children),
            cast(r.Seat, str(children[0])),
            tile,
            glyph=self._glyph(children),
            annotations=self._annotations(children),
        )

    def abort_line(self, children: list[Any]) -> r.TableEvent:
        words = [str(c) for c in children[1:] if isinstance(c, Token) and c.type == "REASON"]
        return r.TableEvent(self._span(children), "abort", word=words[0] if words else "",
                            annotations=self._annotations(children))

    def word_line(self, children: list[Any]) -> WordLine | None:
        if any(c is None for c in children):
            return None  # a bad tile, reported
        t = self._tiles(children)
        read = [self._int(c, MAX_VALUE_DIGITS) for c in children[1:] if isinstance(c, Token) and c.type == "INT"]
        if any(v is None for v in read):
            return None  # a number too long, reported
        values = tuple(v for v in read if v is not None)
        return WordLine(str(children[0]), t.tiles if t is not None else (), values, self._span(children),
                        self._annotations(children))

    def exhausted_line(self, children: list[Any]) -> r.Exhausted:
        return r.Exhausted(self._span(children), annotations=self._annotations(children))

    def fan_item(self, children: list[Token]) -> r.FanItem | None:
        name = str(children[0])
        value: int | None = None
        if len(children) > 1:
            value = self._int(children[1], MAX_VALUE_DIGITS)
            if value is None:
                return None
        else:
            # ``dongfeng2`` is read as ``dongfeng 2``; ``258将`` stays a name.
            m = _ITEM_VALUE_RE.fullmatch(name)
            if m:
                value = self._int(m.group(2), MAX_VALUE_DIGITS, self._span(children))
                if value is None:
                    return None
                name = m.group(1)
        return r.FanItem(name, value, self._span(children))

    def fan_line(self, children: list[Any]) -> r.FanLine | None:
        seat = cast(r.Seat, str(children[1]))
        total = self._int(children[2], MAX_VALUE_DIGITS)
        if total is None or _bad(children):
            return None
        items = tuple(c for c in children if isinstance(c, r.FanItem))
        return r.FanLine(
            self._span(children),
            seat,
            total,
            items,
            annotations=self._annotations(children),
        )

    def score_line(self, children: list[Any]) -> r.ScoreLine | None:
        toks = [c for c in children if isinstance(c, Token) and c.type in ("SEAT", "SIGNED_INT")]
        values = [self._int(toks[i + 1], MAX_VALUE_DIGITS) for i in range(0, len(toks) - 1, 2)]
        if any(v is None for v in values):
            return None
        pairs = tuple((cast(r.Seat, str(toks[2 * k])), cast(int, v)) for k, v in enumerate(values))
        return r.ScoreLine(self._span(children), pairs, annotations=self._annotations(children))

