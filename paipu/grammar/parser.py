"""Parse record text: lark LALR, every syntax error reported in words a person reads.

After a syntax error the parser restarts at the next line (the grammar is a sequence of
independent lines, so any line start is a valid place to start), so one run reports every
syntax error in a file.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import cast

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

import paipu.record as r
from paipu.findings import Finding, error, has_errors
from paipu.grammar.bounds import within_limits
from paipu.grammar.build import build_record
from paipu.grammar.lines import HandLine, Line, LineTransformer
from paipu.limits import MAX_INDEX_DIGITS, MAX_VALUE_DIGITS
from paipu.record import Record, Seat, Span
from paipu.tiles import ALL_TILES, Tile, parse_tile_group, parse_tiles

MAX_SYNTAX_ERRORS = 100


def grammar_text() -> str:
    return resources.files("paipu.grammar").joinpath("record.lark").read_text(encoding="utf-8")


@functools.cache
def _parser() -> tuple[Lark, LineTransformer]:
    transformer = LineTransformer()
    lark = Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        transformer=transformer,
    )
    return lark, transformer


def build_parser(strict: bool = False) -> Lark:
    """A fresh tree-building parser (for tests and tools; the fast path uses `_parser`)."""
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, strict=strict)


@dataclass
class ParseResult:
    record: Record
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)


# What a terminal is, in the words of the format's documentation.
_TERMINAL_WORDS: dict[str, str] = {
    "SEAT": "a seat (E, S, W or N)",
    "TILE": "a tile (such as 5m, 1z or 东)",
    "INT": "a number",
    "SIGNED_INT": "a number (such as +12 or -4)",
    "WORD": "a tag name",
    "STRING": 'a quoted value ("…")',
    "ANNOTATION": "an annotation {…}",
    "GLYPH": "a glyph (! ? !! ?? !? ?!)",
    "ITEM": "a value item (such as dongfeng or 东风)",
    "_NL": "the end of the line",
    "$END": "the end of the file",
    "FAN": "fan",
    "COLON": '":"',
    "COMMA": '","',
    "LSQB": '"["',
    "RSQB": '"]"',
}
_VERB_TERMINALS = {
    "DRAW": "draw",
    "DISCARD": "discard",
    "CHOW": "chow",
    "PONG": "pong",
    "KONG": "kong",
    "ANKONG": "ankong",
    "ADDKONG": "addkong",
    "FLOWER": "flower",
    "READY": "ready",
    "HU": "hu",
    "PASS": "pass",
}
_LINE_TERMINALS = {
    "HAND": "hand",
    "DEALER": "dealer",
    "WALL": "wall",
    "DICE": "dice",
    "CAISHEN": "caishen",
    "DEAL": "deal",
    "BAO": "bao",
    "EXHAUSTED": "exhausted",
    "FAN": "fan",
    "SCORE": "score",
}


def describe_expected(expected: set[str]) -> str:
    """Turn lark's set of terminal names into a phrase a user understands."""
    names = set(expected)
    parts: list[str] = []
    if len(names & set(_VERB_TERMINALS)) >= 5:
        names -= set(_VERB_TERMINALS)
        parts.append("an action (" + ", ".join(_VERB_TERMINALS.values()) + ")")
    if len(names & set(_LINE_TERMINALS)) >= 5:
        names -= set(_LINE_TERMINALS)
        names.discard("SEAT")
        names.discard("LSQB")
        names.discard("ANNOTATION")
        parts.append(
            "the start of a line (a [tag], hand, dealer, wall, dice, caishen, deal, "
            "a seat and its action, bao, exhausted, fan, score, or an {annotation})"
        )
    if "_NL" in names:
        names.discard("$END")
    order = ["SEAT", "TILE", "INT", "SIGNED_INT", "ITEM", "GLYPH", "ANNOTATION", "_NL", "$END"]
    rest: list[str] = []
    for n in sorted(names, key=lambda x: (order.index(x) if x in order else -1, x)):
        if n in _TERMINAL_WORDS:
            rest.append(_TERMINAL_WORDS[n])
        elif n in _VERB_TERMINALS:
            rest.append(_VERB_TERMINALS[n])
        elif n in _LINE_TERMINALS:
            rest.append(_LINE_TERMINALS[n])
        else:
            rest.append(n.lower().strip("_"))
    parts.extend(dict.fromkeys(rest))
    if not parts:
        return "something else"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _word_at(text: str, pos: int) -> str:
    end = pos
    while end < len(text) and not text[end].isspace() and (end == pos or text[end] not in "[]{}"):
        end += 1
    return text[pos:end] or text[pos : pos + 1]


def _glued_word(text: str, base: int, pos: int, line: int, column: int) -> tuple[Finding, int] | None:
    """``drawn`` lexes as the keyword ``draw`` and a stray ``n``: name the whole word."""
    start = pos
    while start > base and text[start - 1].isascii() and text[start - 1].isalpha():
        start -= 1
    if start == pos or not text[pos : pos + 1].isalpha():
        return None
    if start > base and not text[start - 1].isspace():
        return None  # letters after a tile (``5mx``), not a keyword run on
    word = _word_at(text, start)
    column -= pos - start
    msg = f"unknown word {word!r} (did you mean {text[start:pos]!r}?)"
    return error("syntax", msg, Span(line, column, line, column + len(word))), start


def _syntax_finding(e: UnexpectedInput, text: str, base: int, offset: int,
                    base_line: int = 0) -> tuple[Finding, int]:
    """The finding for one lark error, and its absolute position in ``text``."""
    line = (e.line if e.line and e.line > 0 else 1) + offset
    column = e.column if e.column and e.column > 0 else 1
    pos = base + (e.pos_in_stream or 0)
    if isinstance(e, UnexpectedCharacters):
        found = _word_at(text, pos)
        if text.startswith("{", pos):
            msg = "this annotation is never closed: add a `}` (write `\\}` for a brace inside it)"
            return error("syntax", msg, Span(line, column, line, column + 1)), pos
        glued = _glued_word(text, base, pos, line, column)
        if glued:
            return glued
        expected = describe_expected(set(e.allowed or ()))
        msg = f"unexpected {found!r}: expected {expected}"
        return error("syntax", msg, Span(line, column, line, column + len(found))), pos
    if isinstance(e, UnexpectedToken):
        tok = e.token
        glued = _glued_word(text, base, pos, line, column)
        if glued:
            return glued
        expected = describe_expected(set(e.accepts or e.expected or ()))
        if tok.type in ("_NL", "$END"):
            if tok.type == "$END":
                # lark places the end of input at the last token; the user looks at the end.
                end = len(text.rstrip("\n"))
                pos = end
                line = base_line + text.count("\n", 0, end) + 1
                column = end - (text.rfind("\n", 0, end) + 1) + 1
            where = "the line ends" if tok.type == "_NL" else "the file ends"
            msg = f"{where} too early: expected {expected}"
            return error("syntax", msg, Span(line, column, line, column + 1)), pos
        found = _word_at(text, pos)
        msg = f"unexpected {found!r}: expected {expected}"
        return error("syntax", msg, Span(line, column, line, column + len(found))), pos
    if isinstance(e, UnexpectedEOF):
        expected = describe_expected(set(e.expected or ()))
        return error("syntax", f"the file ends too early: expected {expected}", Span(line, column, line, column)), pos
    return error("syntax", str(e), Span(line, column, line, column)), pos


_ANNOTATION_RE = re.compile(r"\{(\\.|[^\\}])*\}", re.S)


def _past_annotations(text: str, start: int, nl: int) -> int:
    """The end of the bad line, or of the annotation that begins on it and runs past it."""
    if nl < 0:
        return nl
    b = text.find("{", start, nl)
    while b >= 0:
        m = _ANNOTATION_RE.match(text, b)
        if m is None:
            return nl
        if m.end() > nl:
            return text.find("\n", m.end())
        b = text.find("{", m.end(), nl)
    return nl


def _parse_chunk(text: str, base_line: int, budget: int = MAX_SYNTAX_ERRORS + 1) -> tuple[list[Line], list[Finding]]:
    """Parse ``text`` (which starts on line ``base_line + 1``) with lark, restarting after errors
    until ``budget`` syntax errors are found (past the cap, recovery would cost without showing)."""
    lark, transformer = _parser()
    lines: list[Line] = []
    findings: list[Finding] = []
    pos = 0
    offset = base_line
    n = len(text)
    while pos < n:
        transformer.offset = offset
        transformer.findings = []
        try:
            lines.extend(lark.parse(text[pos:]))  # type: ignore[arg-type]
            findings.extend(transformer.findings)
            break
        except UnexpectedInput as e:
            finding, at = _syntax_finding(e, text, pos, offset, base_line)
            # Keep the lines before the bad one: parse them again on their own.
            line_start = max(text.rfind("\n", 0, at) + 1, pos)
            if line_start > pos:
                transformer.offset = offset
                transformer.findings = []
                try:
                    lines.extend(lark.parse(text[pos:line_start]))  # type: ignore[arg-type]
                    findings.extend(transformer.findings)
                except UnexpectedInput:
                    pass  # the error is inside a multi-line annotation: already reported
            findings.append(finding)
            budget -= 1
            if budget <= 0 or finding.message.startswith("this annotation is never closed"):
                break
            nl = text.find("\n", at)
            nl = _past_annotations(text, line_start, nl)
            new_pos = n if nl < 0 else nl + 1
            offset += text.count("\n", pos, new_pos)
            pos = new_pos
    return lines, findings


# The fast path: most lines of a long record are plain actions (``E draw 5m``) in canonical
# notation.  They are read with one regular expression; every other line goes to lark.  A
# test checks that both paths give the same values and spans for every line they share.
_TILE = r"[1-9][mps]|[1-7]z|[1-8]f|[东南西北白发中春夏秋冬梅兰竹菊]"
_GLYPH = r"(?:[ \t]+(!!|\?\?|!\?|\?!|!|\?))?"
_END = r"[ \t]*(?:;.*)?"
_FAST_TILE = re.compile(
    r"[ \t]*([ESWN])[ \t]+(draw|discard|pong|kong|ankong|addkong|flower|摸|打|碰|杠|槓|暗杠|暗槓|补杠|補槓|花)"
    rf"[ \t]+({_TILE}){_GLYPH}{_END}"
)
_FAST_BARE = re.compile(rf"[ \t]*([ESWN])[ \t]+(hu|胡|和|ready|听|聽|pass|过|過)(?:[ \t]+({_TILE}))?{_GLYPH}{_END}")
_FAST_CHOW = re.compile(
    rf"[ \t]*([ESWN])[ \t]+(chow|吃)[ \t]+([1-7][1-8][2-9][mps]|(?:{_TILE})[ \t]+(?:{_TILE})[ \t]+(?:{_TILE}))"
    rf"{_GLYPH}{_END}"
)
_VERB_CLASS: dict[str, type] = {}
for _words, _cls in (
    (("draw", "摸"), r.Draw), (("discard", "打"), r.Discard), (("pong", "碰"), r.Pong),
    (("kong", "杠", "槓"), r.Kong), (("ankong", "暗杠", "暗槓"), r.AnKong), (("addkong", "补杠", "補槓"), r.AddKong),
    (("flower", "花"), r.Flower), (("hu", "胡", "和"), r.Hu), (("ready", "听", "聽"), r.Ready),
    (("pass", "过", "過"), r.Pass), (("chow", "吃"), r.Chow),
):
    for _w in _words:
        _VERB_CLASS[_w] = _cls
_TILE_OF: dict[str, Tile] = {str(t): t for t in ALL_TILES}
_TILE_OF.update({t.chinese: t for t in ALL_TILES if len(t.chinese) == 1})


_GROUPS = r"((?:[ \t]+[0-9]+[mpszf])+)"
_FAST_SETUP = re.compile(
    rf"[ \t]*(?:(deal)[ \t]+([ESWN]){_GROUPS}|(wall){_GROUPS}|(hand)[ \t]+([0-9]+)|(dealer)[ \t]+([ESWN])"
    rf"|(dice)((?:[ \t]+[0-9]+)+)|(score)((?:[ \t]+[ESWN][ \t]+[+-]?[0-9]+)+)|(exhausted)){_END}"
)
_LONG_INDEX = re.compile(rf"[0-9]{{{MAX_INDEX_DIGITS + 1}}}")
_LONG_VALUE = re.compile(rf"[0-9]{{{MAX_VALUE_DIGITS + 1}}}")
_SCORE_PAIR = re.compile(r"([ESWN])[ \t]+([+-]?[0-9]+)")


def _fast_setup(m: re.Match[str], number: int) -> Line | None:
    """Deals, walls and the other one-line setup and result lines of canonical records."""
    g = m.group
    start = next(i for i in range(1, 15) if g(i) is not None)
    last = max(i for i in range(1, 15) if g(i) is not None)
    span = Span(number, m.start(start) + 1, number, m.end(last) + 1)
    try:
        if g(1):
            tiles = sorted((t for grp in g(3).split() for t in parse_tile_group(grp)), key=lambda t: t.index)
            return r.Deal(cast(Seat, g(2)), tuple(tiles), span)
        if g(4):
            return r.WallLine(span, (), tuple(t for grp in g(5).split() for t in parse_tile_group(grp)))
    except ValueError:
        return None  # a bad tile: the full grammar reports it where it stands
    if (g(7) and len(g(7)) > MAX_INDEX_DIGITS) or (g(11) and _LONG_INDEX.search(g(11))) \
            or (g(13) and _LONG_VALUE.search(g(13))):
        return None  # a number past the limit: the full grammar reports it where it stands
    if g(6):
        return HandLine(int(g(7)), span, ())
    if g(8):
        return r.DealerLine(span, (), cast(Seat, g(9)))
    if g(10):
        return r.DiceLine(span, (), tuple(int(v) for v in g(11).split()))
    if g(12):
        pairs = tuple((cast(Seat, a), int(b)) for a, b in _SCORE_PAIR.findall(g(13)))
        return r.ScoreLine(span, pairs)
    return r.Exhausted(span)


def _fast_line(line: str, number: int) -> Line | None:
    """The item on a plain line, or None when the line needs the full grammar."""
    m = _FAST_TILE.fullmatch(line)
    if m is None:
        m = _FAST_BARE.fullmatch(line)
        if m is None:
            m = _FAST_CHOW.fullmatch(line)
            if m is None:
                m = _FAST_SETUP.fullmatch(line)
                return None if m is None else _fast_setup(m, number)
    seat = cast(Seat, m.group(1))
    cls = _VERB_CLASS[m.group(2)]
    glyph = m.group(4)
    last = 4 if glyph else (3 if m.group(3) else 2)
    span = Span(number, m.start(1) + 1, number, m.end(last) + 1)
    arg = m.group(3)
    if cls is r.Chow:
        assert arg is not None
        tiles = sorted(parse_tiles(arg), key=lambda t: t.index)
        return r.Chow(span, seat, (tiles[0], tiles[1], tiles[2]), glyph=glyph)
    if arg is None:
        if cls is r.Hu:
            return r.Hu(span, seat, None, glyph=glyph)
        return cast(Line, cls(span, seat, glyph=glyph))
    if cls in (r.Ready, r.Pass):
        return None
    return cast(Line, cls(span, seat, _TILE_OF[arg], glyph=glyph))


def _annotation_open_after(line: str, open_: bool) -> bool:
    """Whether an annotation is still open at the end of ``line`` (strings and comments aside)."""
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if open_:
            if ch == "\\":
                i += 1
            elif ch == "}":
                open_ = False
        elif ch == ";":
            break
        elif ch == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif ch == "{":
            open_ = True
        i += 1
    return open_


def parse_lines(text: str) -> tuple[list[Line], list[Finding]]:
    """Every line that parses, and a finding for every line that does not."""
    out: list[Line] = []
    findings: list[Finding] = []
    chunk: list[str] = []
    chunk_start = 0
    in_annotation = False
    raw_lines = text.split("\n")

    budget = [MAX_SYNTAX_ERRORS + 1]  # syntax errors still worth finding: past the cap, lark is not asked

    def flush(final: bool = False) -> None:
        if chunk and budget[0] > 0:
            # A chunk cut off by a fast line still ended with a newline in the text.
            body = "\n".join(chunk) + ("" if final else "\n")
            got, problems = _parse_chunk(body, chunk_start, budget[0])
            out.extend(got)
            findings.extend(problems)
            budget[0] -= sum(1 for f in problems if f.code == "syntax")
        chunk.clear()

    for i, line in enumerate(raw_lines):
        if not in_annotation:
            fast = _fast_line(line, i + 1) if line else None
            if fast is not None:
                flush()
                out.append(fast)
                continue
            if not chunk:
                chunk_start = i
        chunk.append(line)
        in_annotation = _annotation_open_after(line, in_annotation)
    flush(final=True)
    syntax = [f for f in findings if f.code == "syntax"]
    if len(syntax) > MAX_SYNTAX_ERRORS:
        last = syntax[MAX_SYNTAX_ERRORS - 1]
        findings = [f for f in findings if (f.line, f.column) <= (last.line, last.column)]
        findings.append(error("syntax", f"too many syntax errors ({MAX_SYNTAX_ERRORS}); stopped reporting here",
                              last.span))
    findings.sort(key=lambda f: (f.line, f.column))
    return out, findings


def parse(text: str) -> ParseResult:
    """Parse a record's text. Never raises for bad input: problems are findings."""
    # CRLF and LF files must give the same record and the same positions.
    text, over = within_limits(text.replace("\r\n", "\n"))
    lines, findings = parse_lines(text)
    findings.extend(over)
    record = build_record(lines, findings)
    findings.sort(key=lambda f: (f.line, f.column))
    return ParseResult(record, findings)
