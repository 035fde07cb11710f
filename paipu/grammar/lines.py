"""The line values both readers make: the fast path (`paipu.grammar.fast`) and lark's
transformer (`paipu.grammar.transform`, which alone imports lark, so that a record the fast
path reads whole never loads it).
"""

from __future__ import annotations

import os
import re
from typing import ClassVar

import paipu.record as r
from paipu.tiles import Tile


class _LineValue:
    """A line value: never changed once made, compared, hashed and shown by its fields (``_fields``,
    in the order its ``__init__`` takes them, which are also its slots).  Written out rather than a
    dataclass, whose methods are generated when the module is imported: these are imported by every
    run that reads a record."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"


class RawTag(_LineValue):
    __slots__ = _fields = ("word", "arg", "value", "span", "word_span", "arg_span")

    def __init__(self, word: str, arg: str | None, value: str, span: r.Span, word_span: r.Span,
                 arg_span: r.Span | None) -> None:
        self.word = word
        self.arg = arg
        self.value = value
        self.span = span
        self.word_span = word_span
        self.arg_span = arg_span


class HeaderLine(_LineValue):
    __slots__ = _fields = ("tags", "span", "annotations")

    def __init__(self, tags: tuple[RawTag, ...], span: r.Span, annotations: tuple[r.Annotation, ...]) -> None:
        self.tags = tags
        self.span = span
        self.annotations = annotations


class HandLine(_LineValue):
    __slots__ = _fields = ("number", "span", "annotations")

    def __init__(self, number: int, span: r.Span, annotations: tuple[r.Annotation, ...]) -> None:
        self.number = number
        self.span = span
        self.annotations = annotations


class AnnotationLine(_LineValue):
    __slots__ = _fields = ("annotations", "span")

    def __init__(self, annotations: tuple[r.Annotation, ...], span: r.Span) -> None:
        self.annotations = annotations
        self.span = span


class TileArg(_LineValue):
    """The tiles of a line, with the span of each written group (for arity messages)."""

    __slots__ = _fields = ("tiles", "span")

    def __init__(self, tiles: tuple[Tile, ...], span: r.Span) -> None:
        self.tiles = tiles
        self.span = span


class WordLine(_LineValue):
    """A ruleset's own line (``dora 3p``, ``honba 2``): a setup line before the hand's first
    action, a table event after it (`paipu.grammar.build` decides).  Lark's reading; the fast
    path makes one only of a word near a line keyword (``hnad 3``, which recovery reads again
    with a hint), and of any other word the `paipu.record.SetupTiles` at once."""

    __slots__ = _fields = ("name", "tiles", "values", "span", "annotations")

    def __init__(self, name: str, tiles: tuple[Tile, ...], values: tuple[int, ...], span: r.Span,
                 annotations: tuple[r.Annotation, ...]) -> None:
        self.name = name
        self.tiles = tiles
        self.values = values
        self.span = span
        self.annotations = annotations


class ArityProblem(_LineValue):
    __slots__ = _fields = ("message", "span")

    def __init__(self, message: str, span: r.Span) -> None:
        self.message = message
        self.span = span


Line = (
    HeaderLine | HandLine | AnnotationLine | r.SetupLine | r.Deal | r.Action | WordLine | ArityProblem
)

def grammar_text() -> str:
    """record.lark: the language both readers read (the fast path takes its keywords from it).
    Read from the folder of this module, where it is installed; through `importlib.resources`
    (some 9 ms to import) only when the package is not in a folder (a zip file)."""
    try:
        with open(os.path.join(os.path.dirname(__file__), "record.lark"), encoding="utf-8") as f:
            return f.read()
    except OSError:
        from importlib import resources

        return resources.files("paipu.grammar").joinpath("record.lark").read_text(encoding="utf-8")


_ESCAPE_RE = r"\\([\\}])"
_STRING_ESCAPE_RE = r'\\(?:u([0-9a-fA-F]{4})|([nrt])|(["\\]))'
"""(The escapes' patterns, compiled on first use: only a text with a backslash needs them.)"""
_CONTROL_OF = {"n": "\n", "r": "\r", "t": "\t"}


def unescape_string(raw: str) -> str:
    """A tag's value from its text between the quotes: ``\\"`` a quote, ``\\\\`` a backslash,
    ``\\n`` ``\\r`` ``\\t`` a line break, a return and a tab, ``\\uXXXX`` any character by its
    code (what the writer gives a control character); any other backslash stands for itself."""
    if "\\" not in raw:
        return raw
    return re.sub(_STRING_ESCAPE_RE, lambda m: chr(int(m[1], 16)) if m[1] else _CONTROL_OF[m[2]] if m[2] else m[3],
                  raw)


def unescape_annotation(raw: str) -> str:
    if "\\" not in raw:
        return raw[1:-1].strip()
    return re.sub(_ESCAPE_RE, r"\1", raw[1:-1]).strip()
