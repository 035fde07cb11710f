"""The loop that reads a record's text line by line: the fast path (`paipu.grammar.fast`) for
the lines it knows, lark (through the caller) for runs of the others.

A module of its own, apart from lark's side (`paipu.grammar.parser`, whose
`paipu.grammar.parser.parse_lines` is the entry point).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paipu.findings import Finding, error
from paipu.grammar.fast import _DISCARD_MAKER, _DRAW_MAKER, LINE_CACHE, LINE_SHIFT, SKIP, fast_line
from paipu.grammar.fast import _read_line as read_line
from paipu.grammar.lines import ArityProblem, Line, WordLine
from paipu.record import Discard, Draw

MAX_SYNTAX_ERRORS = 100


def _annotation_end(raw_lines: list[str], number: int) -> int | None:
    """The number of the line where the annotation left open on line ``number`` closes (None: never)."""
    for j in range(number, min(len(raw_lines), number + MAX_ANNOTATION_LINES)):
        if not _annotation_open_after(raw_lines[j], True):
            return j + 1
    return None


MAX_ANNOTATION_LINES = 200
"""The longest annotation the fast path reads (a longer one goes to the grammar)."""


def scan_lines(text: str, parse_chunk: Callable[[str, int, int], tuple[list[Line], list[Finding]]],
               skipped: list[int] | None = None, raw_lines: list[str] | None = None,
               odd: list[Line] | None = None) -> tuple[list[Line], list[Finding]]:
    """`paipu.grammar.parser.parse_lines`: every line of ``text`` that parses, and a finding for
    every line that does not.  The fast path reads what it can; ``parse_chunk(text, base_line,
    budget)`` (lark) reads each run of lines it cannot."""
    out: list[Line] = []
    findings: list[Finding] = []
    chunk: list[str] = []
    chunk_start = 0
    in_annotation = False
    if raw_lines is None:
        raw_lines = text.split("\n")
    if odd is None:
        odd = []

    budget = [MAX_SYNTAX_ERRORS + 1]  # syntax errors still worth finding: past the cap, lark is not asked

    def flush(final: bool = False) -> None:
        if chunk and budget[0] <= 0 and skipped is not None:
            skipped.extend(range(chunk_start + 1, chunk_start + len(chunk) + 1))
        if chunk and budget[0] > 0:
            # A chunk cut off by a fast line still ended with a newline in the text.
            body = "\n".join(chunk) + ("" if final else "\n")
            got, problems = parse_chunk(body, chunk_start, budget[0])
            out.extend(got)
            odd.extend(line for line in got if isinstance(line, (WordLine, ArityProblem)))
            findings.extend(problems)
            budget[0] -= sum(1 for f in problems if f.code == "syntax")
        chunk.clear()

    skip_to = 0
    # `fast_line`'s look-up of a repeated seat-action line, inlined: most lines are one of those.
    cache = LINE_CACHE
    shift = LINE_SHIFT
    # Compiled, `paipu.grammar.fast.MAKERS` holds neither of these (its makers call the
    # constructors), so no line is made by the stores below.
    discard_maker, draw_maker = _DISCARD_MAKER, _DRAW_MAKER
    new, discard, draw = object.__new__, Discard, Draw
    lines: list[str] = raw_lines
    # (The list's items are replaced, never added or taken out.  Not `enumerate` with a start,
    # nor `zip` with `strict`: mypyc compiles those as calls of the built-in, a `zip` of a range
    # and a list with no keyword as a loop of its own.)
    for i, line in zip(range(1, len(lines) + 1), lines):  # noqa: B905 (of one length)
        # The line before is read (or in ``chunk``): let its text go, so that a long record's
        # lines make room for its values as they are read.
        if i > 1:
            lines[i - 2] = ""
        if i <= skip_to:
            continue  # the rest of an annotation the fast path read
        if not in_annotation:
            hit = cache.get(line)
            if hit is not None:
                if chunk:
                    flush()
                # `rebuild`, inlined: its call was a tenth of such a line's cost.  Pure Python,
                # a discard's and a draw's maker too (`paipu.grammar.fast._make_discard`): each
                # store below sees one class, as in the maker.
                maker, seat, glyph, last, columns = hit
                if maker is discard_maker:
                    action: Any = new(discard)
                    action._span = i << shift | columns
                    action.annotations = ()
                    action.seat = seat
                    action.glyph = glyph
                    action.tile = last
                    out.append(action)
                elif maker is draw_maker:
                    action = new(draw)
                    action._span = i << shift | columns
                    action.annotations = ()
                    action.seat = seat
                    action.glyph = glyph
                    action.tile = last
                    out.append(action)
                else:
                    out.append(maker(i << shift | columns, (), seat, glyph, last))
                continue
            fast = read_line(line, i)
            if fast is None and "{" in line and _annotation_open_after(line, False):
                # An annotation running over several lines: give the fast path the lines it spans.
                end = _annotation_end(lines, i)
                if end is not None:
                    fast = fast_line("\n".join(lines[i - 1:end]), i)
                    if fast is not None:
                        skip_to = end
            if fast is not None:
                if chunk:
                    flush()
                if fast is not SKIP:
                    out.append(fast)  # type: ignore[arg-type]
                    if type(fast) is WordLine:
                        odd.append(fast)
                continue
            if not chunk:
                chunk_start = i - 1
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



def _annotation_open_after(line: str, open_: bool) -> bool:
    """Whether an annotation is still open at the end of ``line`` (strings and comments aside)."""
    return _comment_start(line, open_)[1]


def _comment_start(line: str, open_: bool) -> tuple[int, bool]:
    """Where the comment of ``line`` starts (-1: none), and whether an annotation is still open
    at its end (the same reading of strings and annotations as `_annotation_open_after`)."""
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if open_:
            if ch == "\\":
                i += 1
            elif ch == "}":
                open_ = False
        elif ch == ";":
            return i, False
        elif ch == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif ch == "{":
            open_ = True
        i += 1
    return -1, open_
