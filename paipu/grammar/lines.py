"""The line values both readers make: the fast path (`paipu.grammar.fast`) and lark's
transformer (`paipu.grammar.transform`, which alone imports lark, so that a record the fast
path reads whole never loads it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import paipu.record as r
from paipu.tiles import Tile


@dataclass(frozen=True, slots=True)
class RawTag:
    word: str
    arg: str | None
    value: str
    span: r.Span
    word_span: r.Span
    arg_span: r.Span | None


@dataclass(frozen=True, slots=True)
class HeaderLine:
    tags: tuple[RawTag, ...]
    span: r.Span
    annotations: tuple[r.Annotation, ...]


@dataclass(frozen=True, slots=True)
class HandLine:
    number: int
    span: r.Span
    annotations: tuple[r.Annotation, ...]


@dataclass(frozen=True, slots=True)
class AnnotationLine:
    annotations: tuple[r.Annotation, ...]
    span: r.Span


@dataclass(frozen=True, slots=True)
class TileArg:
    """The tiles of a line, with the span of each written group (for arity messages)."""

    tiles: tuple[Tile, ...]
    span: r.Span


@dataclass(frozen=True, slots=True)
class WordLine:
    """A ruleset's own line (``dora 3p``, ``honba 2``): a setup line before the hand's first
    action, a table event after it (`paipu.grammar.build` decides)."""

    name: str
    tiles: tuple[Tile, ...]
    values: tuple[int, ...]
    span: r.Span
    annotations: tuple[r.Annotation, ...]


@dataclass(frozen=True, slots=True)
class ArityProblem:
    message: str
    span: r.Span


Line = (
    HeaderLine | HandLine | AnnotationLine | r.SetupLine | r.Deal | r.Action | WordLine | ArityProblem
)

def grammar_text() -> str:
    """record.lark: the language both readers read (the fast path takes its keywords from it)."""
    return resources.files("paipu.grammar").joinpath("record.lark").read_text(encoding="utf-8")


_ESCAPE_RE = re.compile(r"\\([\\}])")
_STRING_ESCAPE_RE = re.compile(r'\\(?:u([0-9a-fA-F]{4})|([nrt])|(["\\]))')
_CONTROL_OF = {"n": "\n", "r": "\r", "t": "\t"}


def unescape_string(raw: str) -> str:
    """A tag's value from its text between the quotes: ``\\"`` a quote, ``\\\\`` a backslash,
    ``\\n`` ``\\r`` ``\\t`` a line break, a return and a tab, ``\\uXXXX`` any character by its
    code (what the writer gives a control character); any other backslash stands for itself."""
    if "\\" not in raw:
        return raw
    return _STRING_ESCAPE_RE.sub(lambda m: chr(int(m[1], 16)) if m[1] else _CONTROL_OF[m[2]] if m[2] else m[3], raw)


def unescape_annotation(raw: str) -> str:
    return _ESCAPE_RE.sub(r"\1", raw[1:-1]).strip()
