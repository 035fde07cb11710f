"""Findings: every problem paipu reports, from a syntax error to a wrong payment.

A finding has a stable code (documented in docs/findings.md), a severity, a message that
names the tiles, seats and counts involved, where it is in the record, and the id of the
rule it breaks when it breaks one.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from typing import Final, Literal, TypeAlias, overload

from mypy_extensions import mypyc_attr

from paipu.limits import control_escaped
from paipu.made import same_items
from paipu.record import COLUMN_BITS, COLUMN_MASK, LINE_SHIFT, Span, pack_span
from paipu.value import Frozen

Severity: TypeAlias = Literal["error", "warning", "note"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")


class Finding(Frozen):
    __slots__ = ("code", "message", "rule", "severity", "span", "subject")
    _fields = ("severity", "code", "message", "span", "rule", "subject")
    severity: Final[Severity]
    code: Final[str]
    message: Final[str]
    span: Final[Span]
    rule: Final[str | None]
    subject: Final[str | None]
    """The seat whose hidden tiles the finding speaks of (a teaching note about a seat's own
    hand); a view for another seat leaves it out.  None: it says only what is public."""

    def __init__(self, severity: Severity, code: str, message: str, span: Span, rule: str | None = None,
                 subject: str | None = None) -> None:
        self.severity = severity
        self.code = code
        self.message = message
        self.span = span
        self.rule = rule
        self.subject = subject

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def to_json(self) -> dict[str, object]:
        return {
            "severity": self.severity,
            "code": self.code,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "message": self.message,
            "rule": self.rule,
        }


def error(code: str, message: str, span: Span, rule: str | None = None) -> Finding:
    return Finding("error", code, message, span, rule)


def warning(code: str, message: str, span: Span, rule: str | None = None) -> Finding:
    return Finding("warning", code, message, span, rule)


def note(code: str, message: str, span: Span, rule: str | None = None, subject: str | None = None) -> Finding:
    return Finding("note", code, message, span, rule, subject)


def has_errors(findings: Iterable[Finding]) -> bool:
    if isinstance(findings, PackedFindings):
        return findings.counts()["error"] > 0
    return any(f.severity == "error" for f in findings)


def place_key(f: Finding) -> tuple[int, int]:
    """What findings are sorted by: their line, then their column."""
    return (f.span.line, f.span.column)


def in_place_order(findings: Sequence[Finding]) -> bool:
    """Whether ``findings`` are in `place_key` order already (the usual case: the engine makes
    them as it reads the lines), answered without making a key for each (sorting a hand of
    thousands of findings made a tuple for every one of them)."""
    line = column = -1
    for f in findings:
        span = f.span
        if span.line < line or (span.line == line and span.column < column):
            return False
        line, column = span.line, span.column
    return True


_PLACE_LIMIT = 1 << 63
"""A place is kept in a signed 64-bit slot (a line past 2**23 is kept as its span)."""
_LINE_LIMIT = 1 << (63 - LINE_SHIFT)

Kind: TypeAlias = tuple[Severity, str, "str | None", "str | None"]
"""What findings of one sort share: severity, code, rule, subject."""


@mypyc_attr(native_class=False)  # a plain Python class even when compiled: slots, pickling
class FindingBook:
    """What the `PackedFindings` of one replay share: the kinds of finding (severity, code,
    rule, subject), their messages and the spans that do not fit in one number.

    Equal messages made close together are kept once; messages are kept as UTF-8, in blocks
    of about 64 KB compressed once full: a long hand can have a finding on every line
    whose messages differ by a number only (the tiles left in the wall), and compressed such
    messages cost a few bytes each rather than a string each."""

    __slots__ = (
        "_blocks",
        "_cached",
        "_cached_index",
        "_kind_ids",
        "_lengths",
        "_open",
        "_recent",
        "_where",
        "keeps_origins",
        "kinds",
        "origin",
        "spans",
    )

    BLOCK = 64 * 1024
    RECENT = 256
    """How many distinct messages are remembered to be shared (past it, it starts again)."""

    def __init__(self, *, origins: bool = False) -> None:
        self.keeps_origins = origins
        """Whether the findings of this book keep each its origin (`PackedFindings.origin`)."""
        self.origin = -1
        """The origin of the findings added now, when they are kept (-1: none; what it means is
        the owner's: a watched replay sets the hand and step being played)."""
        self.kinds: list[Kind] = []
        self._kind_ids: dict[Kind, int] = {}
        self.spans: list[Span] = []
        """Spans that do not pack into one number (across lines, or out of range)."""
        self._blocks: list[bytes] = []
        """The compressed blocks of messages, full ones."""
        self._open = bytearray()
        """The block being filled."""
        self._where = array("q")
        """Each message's block (high bits) and offset in it (the low 32 bits)."""
        self._lengths = array("I")
        self._recent: dict[str, int] = {}
        self._cached: bytes = b""
        self._cached_index = -1

    def __getstate__(self) -> object:
        self._close()
        return (self.kinds, self.spans, self._blocks, self._where, self._lengths, self.keeps_origins)

    def __setstate__(self, state: tuple[list[Kind], list[Span], list[bytes], array[int], array[int], bool]) -> None:
        self.kinds, self.spans, self._blocks, self._where, self._lengths, self.keeps_origins = state
        self.origin = -1
        self._kind_ids = {k: i for i, k in enumerate(self.kinds)}
        self._open = bytearray()
        self._recent = {}
        self._cached, self._cached_index = b"", -1

    def kind(self, severity: Severity, code: str, rule: str | None, subject: str | None) -> int:
        key = (severity, code, rule, subject)
        k = self._kind_ids.get(key)
        if k is None:
            k = self._kind_ids[key] = len(self.kinds)
            self.kinds.append(key)
        return k

    def message(self, text: str) -> int:
        """The number of ``text`` kept (shared with an equal message made shortly before)."""
        recent = self._recent
        m = recent.get(text)
        if m is not None:
            return m
        if len(recent) >= self.RECENT:
            recent.clear()
        data = text.encode("utf-8", "surrogatepass")
        if self._open and len(self._open) + len(data) > self.BLOCK:
            self._close()
        m = recent[text] = len(self._lengths)
        self._where.append(len(self._blocks) << 32 | len(self._open))
        self._lengths.append(len(data))
        self._open += data
        return m

    def _close(self) -> None:
        """Compress the open block (a message is never split across blocks)."""
        if self._open:
            import zlib  # (here: a short check never fills a block)

            self._blocks.append(zlib.compress(bytes(self._open), 1))
            self._open = bytearray()
            self._recent.clear()  # messages shared within a block: a reader decompresses each block once

    def text(self, m: int) -> str:
        where = self._where[m]
        block, start = where >> 32, where & 0xFFFFFFFF
        end = start + self._lengths[m]
        if block == len(self._blocks):
            return self._open[start:end].decode("utf-8", "surrogatepass")
        if block != self._cached_index:
            import zlib

            self._cached = zlib.decompress(self._blocks[block])
            self._cached_index = block
        return self._cached[start:end].decode("utf-8", "surrogatepass")

    def place(self, span: Span) -> int:
        """A span as one number: `pack_span`'s, or -(n + 1) for the n-th span kept whole."""
        packed = pack_span(*span)
        if isinstance(packed, int) and packed < _PLACE_LIMIT:
            return packed
        self.spans.append(span)
        return -len(self.spans)

    def span(self, place: int) -> Span:
        if place < 0:
            return self.spans[-place - 1]
        line = place >> LINE_SHIFT
        return Span(line, place >> COLUMN_BITS & COLUMN_MASK, line, place & COLUMN_MASK)

    def key(self, place: int) -> tuple[int, int]:
        if place < 0:
            span = self.spans[-place - 1]
            return (span.line, span.column)
        return (place >> LINE_SHIFT, place >> COLUMN_BITS & COLUMN_MASK)


@mypyc_attr(native_class=False)  # a plain Python class even when compiled (slots, pickling)
class PackedFindings:
    """Findings kept packed: for each, its kind, place and message as three numbers (16 bytes)
    rather than an object, a span and a string (about 300).  Reading gives `Finding` objects,
    made as they are read (equal to the findings added, not the same objects).

    An audit that nobody watches keeps its findings so: a record with a finding on every line
    then costs little more than its parsed lines.  The order is the order added until
    `sort_by_place`.

    `tail` gives a view of what is added from now on (a hand's findings, kept among the
    replay's rather than copied to them): it adds to the same numbers and, once closed
    (`close`), keeps the part it was given, whatever its owner does after.

    When the book keeps origins (`FindingBook.keeps_origins`), each finding keeps the book's
    `origin` at the time it was added (`origin`), through sorting and copying: a watched replay
    keeps there the hand and step that made it, which is where a report shows it."""

    __slots__ = ("_kinds", "_messages", "_origins", "_owner", "_places", "_start", "_stop", "book")

    def __init__(self, book: FindingBook | None = None, findings: Iterable[Finding] = ()) -> None:
        self.book = book if book is not None else FindingBook()
        self._kinds = array("I")
        self._places = array("q")
        self._messages = array("I")
        self._origins: array[int] | None = array("q") if self.book.keeps_origins else None
        self._start = 0
        self._stop = -1
        """Where a view ends (-1: it is open, at the end of the numbers)."""
        self._owner = True
        self.extend(findings)

    def tail(self) -> PackedFindings:
        """A view of the findings added from now on, through it (until it is closed)."""
        view = PackedFindings(self.book)
        view._kinds, view._places, view._messages = self._kinds, self._places, self._messages
        view._origins = self._origins
        view._start, view._owner = len(self._kinds), False
        return view

    def close(self) -> None:
        """End a view where it stands: it adds nothing more, and keeps what it holds."""
        self._stop = len(self._kinds)

    def __getstate__(self) -> object:
        return (self.book, *self._parts(), self._origin_part())

    def __setstate__(self, state: tuple[FindingBook, array[int], array[int], array[int], array[int] | None]) -> None:
        self.book, self._kinds, self._places, self._messages, self._origins = state
        self._start, self._stop, self._owner = 0, -1, True

    def _parts(self) -> tuple[array[int], array[int], array[int]]:
        """Kinds, places and messages of this view's findings (the numbers themselves when they
        are all its own)."""
        start, stop = self._start, self._stop
        if start == 0 and stop < 0:
            return self._kinds, self._places, self._messages
        end = len(self._kinds) if stop < 0 else stop
        return self._kinds[start:end], self._places[start:end], self._messages[start:end]

    def _origin_part(self) -> array[int] | None:
        """This view's origins, as `_parts` gives its numbers (None: none are kept)."""
        origins = self._origins
        if origins is None:
            return None
        start, stop = self._start, self._stop
        if start == 0 and stop < 0:
            return origins
        return origins[start:len(origins) if stop < 0 else stop]

    def origin(self, i: int) -> int:
        """The origin the ``i``-th finding was added with (-1 when none is kept)."""
        if self._origins is None:
            return -1
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("finding index out of range")
        return self._origins[self._start + i]

    def origins(self) -> Iterator[int]:
        """Each finding's origin, in order (-1 for each when none are kept)."""
        part = self._origin_part()
        return iter(part) if part is not None else iter([-1] * len(self))

    def add(self, severity: Severity, code: str, message: str, span: Span, rule: str | None = None,
            subject: str | None = None) -> None:
        if self._stop >= 0:
            raise ValueError("a closed view of findings cannot be added to")
        book = self.book
        self._kinds.append(book.kind(severity, code, rule, subject))
        line, column, end_line, end_column = span
        if (line == end_line and 0 <= line < _LINE_LIMIT and 0 <= column <= COLUMN_MASK
                and 0 <= end_column <= COLUMN_MASK):
            self._places.append(line << LINE_SHIFT | column << COLUMN_BITS | end_column)  # as `pack_span`
        else:
            self._places.append(book.place(span))
        self._messages.append(book.message(message))
        if self._origins is not None:
            self._origins.append(book.origin)

    def append(self, f: Finding) -> None:
        self.add(f.severity, f.code, f.message, f.span, f.rule, f.subject)

    def extend(self, findings: Iterable[Finding]) -> None:
        if isinstance(findings, PackedFindings) and findings.book is self.book and self._stop < 0:
            kinds, places, messages = findings._parts()
            origins = findings._origin_part()
            self._kinds.extend(kinds)
            self._places.extend(places)
            self._messages.extend(messages)
            if self._origins is not None:
                self._origins.extend(origins if origins is not None else array("q", [-1]) * len(kinds))
            return
        for f in findings:
            self.append(f)

    def __len__(self) -> int:
        return (len(self._kinds) if self._stop < 0 else self._stop) - self._start

    def _made(self, i: int) -> Finding:
        book = self.book
        i += self._start
        severity, code, rule, subject = book.kinds[self._kinds[i]]
        return Finding(severity, code, book.text(self._messages[i]), book.span(self._places[i]), rule, subject)

    @overload
    def __getitem__(self, i: int) -> Finding: ...
    @overload
    def __getitem__(self, i: slice) -> list[Finding]: ...
    def __getitem__(self, i: int | slice) -> Finding | list[Finding]:
        if isinstance(i, slice):
            return [self._made(k) for k in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("finding index out of range")
        return self._made(i)

    def __iter__(self) -> Iterator[Finding]:
        for (severity, code, rule, subject), message, span in self.each():
            yield Finding(severity, code, message, span, rule, subject)

    def each(self) -> Iterator[tuple[Kind, str, Span]]:
        """Each finding's kind, message and span, in order, without making a `Finding` of it
        (what the corpus's rows are made of)."""
        book = self.book
        kinds, spans, blocks, where, lengths = book.kinds, book.spans, book._blocks, book._where, book._lengths
        make_span = tuple.__new__
        recent: dict[int, str] = {}
        block, data = -1, b""
        for k, p, m in zip(*self._parts(), strict=True):
            message = recent.get(m)
            if message is None:
                if len(recent) >= FindingBook.RECENT:
                    recent.clear()
                at = where[m]
                start = at & 0xFFFFFFFF
                end = start + lengths[m]
                if at >> 32 != block or end > len(data):  # the open block may have grown since
                    block = at >> 32
                    if block < len(blocks):
                        import zlib

                        data = zlib.decompress(blocks[block])
                    else:
                        data = bytes(book._open)
                message = recent[m] = data[start:end].decode("utf-8", "surrogatepass")
            if p < 0:
                span = spans[-p - 1]
            else:
                line = p >> LINE_SHIFT
                span = make_span(Span, (line, p >> COLUMN_BITS & COLUMN_MASK, line, p & COLUMN_MASK))
            yield kinds[k], message, span

    def __contains__(self, finding: object) -> bool:
        return any(f == finding for f in self)

    def __delitem__(self, i: int | slice) -> None:
        if self._stop >= 0:
            raise ValueError("a closed view of findings cannot be changed")
        start = self._start
        if isinstance(i, slice):
            begin, end, step = i.indices(len(self))
            if step != 1:
                raise ValueError("findings are deleted a run at a time")
            where: int | slice = slice(start + begin, start + max(begin, end))
        else:
            where = start + (i if i >= 0 else i + len(self))
        del self._kinds[where], self._places[where], self._messages[where]
        if self._origins is not None:
            del self._origins[where]

    def __eq__(self, other: object) -> bool:
        same = same_items(self, other)
        return NotImplemented if same is None else same

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PackedFindings({list(self)!r})"

    def counts(self) -> dict[str, int]:
        """Findings by severity (error, warning, note)."""
        out = {"error": 0, "warning": 0, "note": 0}
        kinds = self.book.kinds
        per_kind: dict[int, int] = {}
        for k in self._parts()[0]:
            per_kind[k] = per_kind.get(k, 0) + 1
        for k, n in per_kind.items():
            out[kinds[k][0]] += n
        return out

    def sort_by_place(self) -> None:
        """Sort by line, then column, keeping the order added among equals (as `list.sort` with
        `place_key` would); nothing is moved when they are in order already (the usual case).

        A view is sorted in place, where its owner reads it too; an owner sorts into numbers of
        its own, so that the views it gave keep theirs."""
        if len(self) < 2:
            return  # (none or one: in order)
        kinds, places, messages = self._parts()
        book = self.book
        if not book.spans:
            # Packed places compare as (line, column) once their end column is shifted out.
            last = -1
            for p in places:
                p >>= COLUMN_BITS
                if p < last:
                    break
                last = p
            else:
                return
            keys = [p >> COLUMN_BITS for p in places]
            order = sorted(range(len(places)), key=keys.__getitem__)
        else:
            pairs = [book.key(p) for p in places]
            if all(a <= b for a, b in pairwise(pairs)):
                return
            order = sorted(range(len(places)), key=pairs.__getitem__)
        kinds = array("I", [kinds[i] for i in order])
        places = array("q", [places[i] for i in order])
        messages = array("I", [messages[i] for i in order])
        origins = self._origin_part()
        if origins is not None:
            origins = array("q", [origins[i] for i in order])
        if self._owner:
            self._kinds, self._places, self._messages = kinds, places, messages
            if origins is not None:
                self._origins = origins
            return
        start = self._start
        end = start + len(order)
        self._kinds[start:end], self._places[start:end], self._messages[start:end] = kinds, places, messages
        if origins is not None and self._origins is not None:
            self._origins[start:end] = origins


Sequence.register(PackedFindings)  # a sequence of findings, without the ABC as a base (mypyc)

_WINDOW = 80
"""How many characters of a long line are shown on each side of a finding's column."""


@mypyc_attr(native_class=False)  # a plain Python class even when compiled
class RecordLines:
    """A record's lines as the parser numbers them (``text.replace("\\r\\n", "\\n").split("\\n")``, but
    a line may keep its closing ``\\r``), each found in the text when asked for rather than all
    split at once: printing the findings of a record, in their order, reads its text once and
    holds no copy of its lines."""

    __slots__ = ("_count", "_line", "_pos", "_shown", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._count = text.count("\n") + 1
        self._line = 0
        """The index of the line that starts at ``_pos``."""
        self._pos = 0
        self._shown: str | None = None
        """That line, once asked for (a line often has several findings)."""

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._count))]
        if i == self._line and self._shown is not None:
            return self._shown
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("line index out of range")
        text, line, pos = self._text, self._line, self._pos
        if i < line and line - i > i:
            line, pos = 0, 0  # nearer the start than the line last read
        while line > i:
            pos = text.rindex("\n", 0, pos - 1) + 1 if line > 1 else 0
            line -= 1
        while line < i:
            pos = text.index("\n", pos) + 1
            line += 1
        self._line, self._pos = line, pos
        end = text.find("\n", pos)
        shown = self._shown = text[pos:] if end < 0 else text[pos:end]
        return shown


Sequence.register(RecordLines)


def format_finding(finding: Finding, filename: str, source_lines: Sequence[str] | RecordLines | None,
                   rule_word: str = " (rule {})") -> str:
    """Compiler style: ``FILE:LINE:COL: error[code] message``, the line, and a caret.

    Control characters are shown escaped (a record must not drive the terminal), and a long
    line is cut to a window around the column, so the cost of one finding is bounded."""
    head = f"{filename}:{finding.line}:{finding.column}: {finding.severity}[{finding.code}] {finding.message}"
    if finding.rule:
        head += rule_word.format(finding.rule)
    head = control_escaped(head)
    if not source_lines or not 1 <= finding.line <= len(source_lines):
        return head
    text = source_lines[finding.line - 1].rstrip("\r\n")
    col = max(finding.column, 1)
    width = 1
    if finding.span.end_line == finding.line and finding.span.end_column > col:
        width = finding.span.end_column - col
    width = max(1, min(width, max(1, len(text) - col + 1), _WINDOW))
    start = max(0, col - 1 - _WINDOW)
    end = min(len(text), col - 1 + width + _WINDOW)
    before = "…" if start > 0 else ""
    after = "…" if end < len(text) else ""
    shown = text[start:end]
    col -= start
    if shown.isascii() and shown.isprintable():  # the usual line: a cell a character, nothing to escape
        pad = " " * (len(before) + len(shown[: col - 1]))
        return f"{head}\n  {before}{shown}{after}\n  {pad}{'^' * len(shown[col - 1 : col - 1 + width]) or '^'}"
    # East Asian wide characters take two cells; pad with the same characters' widths.
    pad = " " * len(before) + "".join(_pad(ch) for ch in shown[: col - 1])
    marks = "".join("^" * len(_shown(ch)) * (2 if _wide(ch) else 1) for ch in shown[col - 1 : col - 1 + width]) or "^"
    return f"{head}\n  {before}{control_escaped(shown)}{after}\n  {pad}{marks}"


def _shown(ch: str) -> str:
    return control_escaped(ch) if ch != "\t" else ch


def _pad(ch: str) -> str:
    if ch == "\t":
        return ch
    if _wide(ch):
        return "\u3000"
    return " " * len(_shown(ch))


def _wide(ch: str) -> bool:
    if ord(ch) < 0x1100:
        return False
    import unicodedata  # (here: most records are ASCII)

    return unicodedata.east_asian_width(ch) in ("W", "F")
