"""Parse record text: lark LALR, every syntax error reported in words a person reads.

After a syntax error the parser restarts at the next line (the grammar is a sequence of
independent lines, so any line start is a valid place to start), so one run reports every
syntax error in a file.

Most lines never reach lark: `paipu.grammar.fast` reads every line the canonical writer
produces and the common hand-written forms, and hands lark only the lines it is not sure of
(``tests/test_parse_paths.py`` proves both paths give the same records, spans and findings).
lark itself, and the transformer that reads its lines, are imported only when a line needs them:
a record the fast path reads whole never loads lark.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from typing import TYPE_CHECKING

from paipu.findings import Finding, error, has_errors
from paipu.grammar.bounds import limit_lines
from paipu.grammar.build import build_record
from paipu.grammar.fast import SKIP, fast_line
from paipu.grammar.hints import near_line_keyword
from paipu.grammar.lines import Line, WordLine, grammar_text
from paipu.grammar.scan import MAX_ANNOTATION_LINES as MAX_ANNOTATION_LINES
from paipu.grammar.scan import MAX_SYNTAX_ERRORS as MAX_SYNTAX_ERRORS
from paipu.grammar.scan import _annotation_open_after, _comment_start, scan_lines
from paipu.record import Record, Span
from paipu.value import Fields

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from lark import Lark, UnexpectedInput

    from paipu.grammar.transform import LineTransformer
    from paipu.grammar.writer import Comment


def cache_dir() -> Path | None:
    """The folder where the analysed grammar is kept between runs, or None if none can be made.

    ``$PAIPU_CACHE_DIR``, else ``$XDG_CACHE_HOME/paipu``, else ``~/.cache/paipu``.
    """
    from pathlib import Path  # (only the full grammar keeps a cache: a check of canonical records needs none)

    explicit = os.environ.get("PAIPU_CACHE_DIR")
    if explicit:
        folder = Path(explicit)
    else:
        base = os.environ.get("XDG_CACHE_HOME")
        folder = Path(base) / "paipu" if base else Path.home() / ".cache" / "paipu"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.R_OK) else None


@functools.cache
def _parser() -> tuple[Lark, LineTransformer]:
    """The inline-transforming parser, built once per process from the grammar cached on disk.

    lark keeps the grammar's hash in the cache file and rebuilds it when the grammar (or
    lark) changes; a cache that cannot be read or written is quietly done without.
    """
    import hashlib

    import lark as lark_module

    from paipu.grammar.transform import LineTransformer

    transformer = LineTransformer()
    text = grammar_text()
    cache: str | bool = False
    folder = cache_dir()
    if folder is not None:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        cache = str(folder / f"record-{lark_module.__version__}-{digest}.lark-cache")
    with _no_collision_analysis():
        lark = lark_module.Lark(
            text,
            parser="lalr",
            lexer="contextual",
            propagate_positions=True,
            maybe_placeholders=False,
            transformer=transformer,
            cache=cache,
        )
    return lark, transformer


@contextlib.contextmanager
def _no_collision_analysis() -> Iterator[None]:
    """lark building a parser without its analysis of colliding terminals.

    Where the ``interegular`` package is installed (paipu's tests need it; other programs
    install it too), lark compares every pair of terminals of each of the contextual lexer's
    states as automata: for this grammar some 16 s of CPU time and 140 MB of memory, every
    time the analysed grammar is not in the cache (the first run, or each run where the cache
    cannot be written), where the parser itself takes a tenth of a second.  The analysis only
    warns (it raises in strict mode); the grammar is held to it by ``tests/test_grammar.py``,
    which builds it strictly (`build_parser` with ``strict``).  lark has no option for this:
    its module's flag for the package is turned off while the parser is built (a lark without
    the flag builds as it always does)."""
    import lark.lexer

    had = getattr(lark.lexer, "has_interegular", None)
    if not had:
        yield
        return
    lark.lexer.has_interegular = False
    try:
        yield
    finally:
        lark.lexer.has_interegular = had


def build_parser(strict: bool = False) -> Lark:
    """A fresh tree-building parser (for tests and tools; `parse` uses `_parser`).  ``strict``:
    lark's strict mode, which also analyses the terminals for collisions (with ``interegular``
    installed; without it, lark refuses strict mode)."""
    from lark import Lark

    if strict:
        return Lark(grammar_text(), parser="lalr", propagate_positions=True, strict=True)
    with _no_collision_analysis():
        return Lark(grammar_text(), parser="lalr", propagate_positions=True)


class ParseResult(Fields):
    __slots__ = _fields = ("record", "findings", "unread", "hinted")
    record: Record
    """The record as read: every line that parses, and the hinted reading of a line that does
    not when it has one (its syntax error says so)."""
    findings: list[Finding]
    unread: tuple[int, ...]
    """The numbers of the lines that could not be read (no reading): what the replay skips."""
    hinted: tuple[int, ...]
    """The numbers of the lines read through a hint (each has its syntax error)."""

    def __init__(self, record: Record, findings: list[Finding] | None = None, unread: tuple[int, ...] = (),
                 hinted: tuple[int, ...] = ()) -> None:
        self.record = record
        self.findings = [] if findings is None else findings
        self.unread = unread
        self.hinted = hinted

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
    "NAME": "a word",
    "REASON": "a word",
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
    "DEAL": "deal",
    "ABORT": "abort",
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
        names.discard("NAME")  # a ruleset's own word (`dora`): any lower-case word
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


_LONE_WORD = r"[a-z][a-z0-9_]*|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+"
"""The shape of a ruleset's word; compiled when first needed (by `re`, which keeps it): building
its CJK ranges' character set costs about 2 ms, a tenth of a short check's own start-up."""


def _lone_word(text: str, pos: int, word: str) -> bool:
    """Whether ``word``, at ``pos``, has the shape of a ruleset's word (``caishen``, ``宝``), is no
    near miss of a keyword, and stands alone on its line (annotations and a comment aside)."""
    from paipu.grammar.hints import line_word_hints, verb_hints

    if not re.fullmatch(_LONE_WORD, word) or line_word_hints(word) or verb_hints(word):
        return False
    end = text.find("\n", pos)
    rest = text[pos + len(word):end if end >= 0 else len(text)]
    return rest.split(";", 1)[0].split("{", 1)[0].strip() == ""


def _no_tiles(line: int, column: int) -> Finding:
    """``caishen`` alone: a ruleset's word line that lacks its tiles or numbers."""
    msg = f"the line ends too early: expected {describe_expected({'TILE', 'INT'})}"
    return error("syntax", msg, Span(line, column, line, column + 1))


def _syntax_finding(e: UnexpectedInput, text: str, base: int, offset: int,
                    base_line: int = 0) -> tuple[Finding, int]:
    """The finding for one lark error, and its absolute position in ``text``."""
    from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = (e.line if e.line and e.line > 0 else 1) + offset
    column = e.column if e.column and e.column > 0 else 1
    pos = base + (e.pos_in_stream or 0)
    if isinstance(e, UnexpectedCharacters):
        found = _word_at(text, pos)
        if text.startswith("{", pos):
            msg = "this annotation is never closed: add a `}` (write `\\}` for a brace inside it)"
            return error("syntax", msg, Span(line, column, line, column + 1)), pos
        if "NAME" in (e.allowed or ()) and _lone_word(text, pos, found):
            return _no_tiles(line, column + len(found)), pos
        expected = describe_expected(set(e.allowed or ()))
        msg = f"unexpected {found!r}: expected {expected}"
        return error("syntax", msg, Span(line, column, line, column + len(found))), pos
    if isinstance(e, UnexpectedToken):
        tok = e.token
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
        if "NAME" in (e.accepts or e.expected or ()) and _lone_word(text, pos, found):
            return _no_tiles(line, column + len(found)), pos
        msg = f"unexpected {found!r}: expected {expected}"
        return error("syntax", msg, Span(line, column, line, column + len(found))), pos
    if isinstance(e, UnexpectedEOF):
        expected = describe_expected(set(e.expected or ()))
        return error("syntax", f"the file ends too early: expected {expected}", Span(line, column, line, column)), pos
    return error("syntax", str(e), Span(line, column, line, column)), pos


_ANNOTATION_RE = r"(?s:\{(?:[^\\}]++|\\.)*+\})"
"""An annotation, escapes included; possessive, so that one never closed costs one linear scan
(a group per character made it seconds and a hundred MB for a long record)."""


def _past_annotations(text: str, start: int, nl: int) -> int:
    """The end of the bad line, or of the annotation that begins on it and runs past it."""
    if nl < 0:
        return nl
    comment = _comment_start(text[start:nl], False)[0]  # a `{` in a comment opens nothing
    end = nl if comment < 0 else start + comment
    b = text.find("{", start, end)
    while b >= 0:
        m = re.compile(_ANNOTATION_RE).match(text, b)
        if m is None:
            return nl
        if m.end() > nl:
            return text.find("\n", m.end())
        b = text.find("{", m.end(), end)
    return nl


def _parse_chunk(text: str, base_line: int, budget: int = MAX_SYNTAX_ERRORS + 1) -> tuple[list[Line], list[Finding]]:
    """Parse ``text`` (which starts on line ``base_line + 1``) with lark, restarting after errors
    until ``budget`` syntax errors are found (past the cap, recovery would cost without showing)."""
    from lark import UnexpectedInput

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
            cut = line_start
            while cut > pos:
                transformer.offset = offset
                transformer.findings = []
                try:
                    lines.extend(lark.parse(text[pos:cut]))  # type: ignore[arg-type]
                    findings.extend(transformer.findings)
                    break
                except UnexpectedInput as inner:
                    # The error is inside a multi-line annotation (already reported): keep
                    # the lines before the one where that annotation opens.
                    inner_at = pos + (inner.pos_in_stream or 0)
                    cut = min(cut - 1, max(text.rfind("\n", 0, inner_at) + 1, pos))
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


def comments(text: str) -> dict[int, Comment]:
    """Every ``;`` comment of a record's text, by line number (what `paipu fmt` keeps)."""
    from paipu.grammar.writer import Comment

    out: dict[int, Comment] = {}
    open_ = False
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if ";" not in line:
            if "{" in line or open_:
                open_ = _annotation_open_after(line, open_)
            continue
        was_open = open_
        at, open_ = _comment_start(line, open_)
        if at >= 0:
            alone = not was_open and not line[:at].strip(" \t\ufeff")
            out[number] = Comment(line[at + 1:].rstrip(), alone)
    return out


def parse_lines(text: str, skipped: list[int] | None = None, raw_lines: list[str] | None = None,
                odd: list[Line] | None = None) -> tuple[list[Line], list[Finding]]:
    """Every line that parses, and a finding for every line that does not; past the cap of
    syntax errors, the numbers of the lines the grammar was not asked about go to ``skipped``.
    ``raw_lines`` is ``text.split("\n")`` when the caller has it (it is emptied as the lines
    are read); the lines recovery looks at again (a ruleset's own word lines, arity problems)
    also go to ``odd``.  (The loop is `paipu.grammar.scan.scan_lines`; lark reads what the
    fast path does not, through `_parse_chunk`.)"""
    return scan_lines(text, _chunk, skipped, raw_lines, odd)


def _chunk(text: str, base_line: int, budget: int) -> tuple[list[Line], list[Finding]]:
    return _parse_chunk(text, base_line, budget)


def parse(text: str) -> ParseResult:
    """Parse a record's text. Never raises for bad input: problems are findings."""
    # CRLF and LF files must give the same record and the same positions.
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    text, raw_lines, over = limit_lines(text)
    skipped: list[int] = []
    odd: list[Line] = []
    lines, findings = parse_lines(text, skipped, raw_lines, odd)
    del raw_lines
    findings.extend(over)
    return assemble(text, lines, findings, skipped, odd)


def _any_to_recover(odd: list[Line]) -> bool:
    """Whether a line of ``odd`` is not a word line, or a word line whose word is near a line keyword
    (a loop, not a generator)."""
    for line in odd:
        if not isinstance(line, WordLine) or near_line_keyword(line.name):
            return True
    return False


def assemble(text: str, lines: list[Line], findings: list[Finding], skipped: list[int] | None = None,
             odd: list[Line] | None = None) -> ParseResult:
    """The record from the lines of ``text`` that parse, with hinted readings of those that do
    not (`paipu.grammar.recovery`); structural problems are added to the findings.  ``skipped``
    are lines not read at all (past the cap of syntax errors): unread, with no hint.  ``odd``:
    the word lines and arity problems among ``lines``, when the caller knows them (else all
    lines are looked at)."""
    unread: tuple[int, ...] = ()
    hinted: tuple[int, ...] = ()
    if findings or odd is None or _any_to_recover(odd):
        # Something to recover from (`recover` finds nothing otherwise, and is imported only then:
        # a clean record's check, ruleset word lines and all, does without it).
        from paipu.grammar.recovery import recover

        budget = MAX_SYNTAX_ERRORS - sum(1 for f in findings if f.code == "syntax")
        lines, findings, unread, hinted = recover(text, lines, findings, _read_line, budget, odd)
    if skipped:
        unread = tuple(sorted({*unread, *skipped}))
    record = build_record(lines, findings, unread)
    findings.sort(key=lambda f: (f.line, f.column))
    return ParseResult(record, findings, unread, hinted)


def _read_line(text: str, number: int) -> tuple[list[Line], list[Finding]]:
    """One line's text read as line ``number`` (a hinted reading), on the fast path if it can."""
    fast = fast_line(text, number)
    if fast is SKIP:
        return [], []
    if fast is not None:
        return [fast], []  # type: ignore[list-item]
    return _parse_chunk(text, number - 1)
