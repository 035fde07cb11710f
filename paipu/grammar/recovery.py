"""Recovery from lines that do not parse: hints, hinted readings, and the lines left unread.

After the parser has read every line it can, each line with a syntax error is looked at
again, word by word (`paipu.grammar.hints` says what each word may have meant in its
place).  When every word that needs a hint has exactly one, and the line so corrected
parses, that reading is kept beside the error: the error stays (the file is still wrong,
``parse`` and ``check`` still exit 1) and says what the line was read as, and the replay
goes on with it.  A line with no such reading is *unread*: the replay stops checking its
hand there (`paipu.auditing`).

A lower-case word followed by numbers or tiles is a ruleset's own line (``dora 3p``) as far
as the grammar knows, so ``hnad 2`` parses; when its word is a near miss of a line keyword
that takes the same arguments (``hand``, ``dice``, ``wall``) it is
treated as a line with a syntax error, since a hand boundary read as a setup line would
merge two hands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import paipu.record as r
from paipu.errors import TileError
from paipu.findings import Finding, error
from paipu.grammar import hints
from paipu.grammar.lines import AnnotationLine, ArityProblem, HandLine, HeaderLine, Line, WordLine
from paipu.tiles import parse_tiles
from paipu.value import replace

ReadLine = Callable[[str, int], tuple[list[Line], list[Finding]]]
"""Parse one line's text as line number N: its lines and findings."""

_WORD_RE = re.compile(r"\S+")
_NUMBER_RE = re.compile(r"[+-]?[0-9]+")
_NAME_RE = re.compile(r"[a-z][a-z0-9_]*")
_GLYPHS = frozenset(r.GLYPHS)
_TILE_RE = re.compile(r"(?:[0-9一二三四五六七八九]+[mpszf万萬筒饼餅条條索]|[东南西北白发中東發発春夏秋冬梅兰竹菊蘭])+")
_SEAT_LINES = frozenset(("deal", "dealer", "fan", "tai", "庄", "台", "番", "臺"))
_UNREAD_CODES = frozenset(("syntax", "bad-tile", "over-limit"))
_NO_RECOVERY = ("this annotation is never closed", "too many syntax errors", "more than")


@dataclass(frozen=True)
class Hint:
    word: str
    column: int
    place: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class _Hand:
    line: int
    winds: dict[str, str]


def _body(text: str) -> str:
    """The words of a line: what comes before its first annotation or comment."""
    cut = len(text)
    for ch in "{;":
        at = text.find(ch)
        if 0 <= at < cut:
            cut = at
    return text[:cut]


def line_hints(text: str, winds: dict[str, str]) -> tuple[list[Hint], str | None]:
    """The hints for the words of a line ``text`` that does not parse, and the line with every
    hinted word replaced, when each has exactly one choice (None otherwise)."""
    body = _body(text)
    if body.lstrip().startswith("["):
        return [], None
    words = list(_WORD_RE.finditer(body))
    if not words:
        return [], None
    found: list[Hint] = []
    first = words[0].group()
    seat_line = False
    if first in hints.SEATS:
        seat_line = True
    elif first not in hints.KEYWORDS:
        seats = hints.seat_hints(first, winds)
        place, choices = ("seat", seats) if seats else ("word", hints.line_word_hints(first))
        seat_line = bool(seats)
        if choices or not _NAME_RE.fullmatch(first):
            # (a lower-case word with no hint may be a ruleset's own: `dora 3P` is read as `dora 3p`)
            found.append(Hint(first, words[0].start() + 1, place, choices))
    keyword = first
    if found:
        keyword = found[0].choices[0] if len(found[0].choices) == 1 else ""
    for k, m in enumerate(words[1:], 1):
        w = m.group()
        if k == 1 and seat_line:
            if w not in hints.KEYWORDS:
                found.append(Hint(w, m.start() + 1, "word", hints.verb_hints(w)))
            continue
        wants_seat = (k == 1 and keyword in _SEAT_LINES) or (keyword in ("score", "分") and k % 2 == 1)
        if wants_seat:
            if w not in hints.SEATS:
                found.append(Hint(w, m.start() + 1, "seat", hints.seat_hints(w, winds)))
            continue
        if _TILE_RE.fullmatch(w) or _NUMBER_RE.fullmatch(w) or w in _GLYPHS:
            continue
        tiles = hints.tile_hints(w)
        if tiles:
            found.append(Hint(w, m.start() + 1, "tile", tiles))
    if not found or any(len(h.choices) != 1 for h in found):
        return found, None
    pieces: list[str] = []
    at = 0
    for h in found:
        start = h.column - 1
        pieces += (body[at:start], h.choices[0])
        at = start + len(h.word)
    return found, "".join(pieces) + body[at:] + text[len(body):]


def _hands(lines: list[Line]) -> list[_Hand]:
    """Each hand's first line and which seat has which wind in it (from its dealer and deals)."""
    out: list[_Hand] = []
    start: int | None = None
    dealer: str | None = None
    dealt: set[str] = set()

    def close() -> None:
        if start is not None:
            seats = ("E", "W") if dealt and dealt <= {"E", "W"} else hints.SEATS
            out.append(_Hand(start, hints.wind_seats(dealer, seats)))

    for line in lines:
        if isinstance(line, HandLine):
            close()
            start, dealer, dealt = line.span.line, None, set()
        elif isinstance(line, r.DealerLine):
            dealer = line.seat
        elif isinstance(line, r.Deal):
            dealt.add(line.seat)
    close()
    return out


def _winds_at(hands: list[_Hand], number: int) -> dict[str, str]:
    winds: dict[str, str] = {}
    for h in hands:
        if h.line > number:
            break
        winds = h.winds
    return winds


def _message(found: list[Hint], finding: Finding, reading: str | None) -> tuple[str, r.Span]:
    at = next((h for h in found if h.column == finding.column), found[0])
    message = hints.hint_message(at.word, at.place, at.choices)
    others = list(dict.fromkeys(hints.hint_message(h.word, h.place, h.choices)
                                for h in found if h.choices and (h.word, h.choices) != (at.word, at.choices)))
    if others:
        shown = others[:MAX_HINTS_SHOWN]
        message += "; also " + ", ".join(shown) + (f" and {len(others) - len(shown)} more" if len(others) > len(shown)
                                                   else "")
    if reading is not None:
        message += f"; read as `{_shown(reading)}`"
    span = r.Span(finding.line, at.column, finding.line, at.column + len(at.word))
    return message, span


_BLANKS = re.compile(r"[ \t]+")
MAX_READING_SHOWN = 100
"""The most characters of a reading a message quotes."""
MAX_HINTS_SHOWN = 3
"""The most other words of one line a message names (a line may hold thousands)."""


def _shown(reading: str) -> str:
    """A line's reading as a message quotes it: its words, one space apart, cut if long."""
    words = _BLANKS.sub(" ", _body(reading).strip())
    return words if len(words) <= MAX_READING_SHOWN else words[:MAX_READING_SHOWN - 1] + "…"


def _reading(text: str, number: int, read_line: ReadLine) -> Line | None:
    got, problems = read_line(text, number)
    if problems or len(got) != 1 or isinstance(got[0], (AnnotationLine, ArityProblem, HeaderLine)):
        return None
    return got[0]


def recover(text: str, lines: list[Line], findings: list[Finding], read_line: ReadLine,
            budget: int = 100, odd: list[Line] | None = None,
            ) -> tuple[list[Line], list[Finding], tuple[int, ...], tuple[int, ...]]:
    """Hints and readings for the lines that do not parse: the lines with the readings in place,
    the findings (hint-worded where there is a hint), the numbers of the lines left unread and
    those of the lines read through a hint.  At most ``budget`` lines that parsed as a ruleset's
    own line are turned into syntax errors (past the parser's cap, they are left as they are).
    ``odd``: the `WordLine` and `ArityProblem` values among ``lines``, in order, when the
    caller collected them (else every line is looked at)."""
    bad = {f.line for f in findings if f.code in _UNREAD_CODES and f.severity == "error"
           and not f.message.startswith(_NO_RECOVERY)}
    near_words: list[WordLine] = []
    scan = lines if odd is None else odd
    for line in scan:
        if isinstance(line, WordLine) and len(near_words) < budget and hints.near_line_keyword(line.name) is not None:
            near_words.append(line)
    arity = {line.span.line for line in scan if isinstance(line, ArityProblem)}
    if not bad and not near_words and not arity:
        return lines, findings, (), ()
    raw_lines = text.split("\n")
    hands = _hands(lines)
    readings: dict[int, Line] = {}
    out_findings: list[Finding] = []
    for f in findings:
        number = f.line
        if f.code != "syntax" or number not in bad or number in readings or not 0 < number <= len(raw_lines):
            out_findings.append(f)
            continue
        found, fixed = line_hints(raw_lines[number - 1], _winds_at(hands, number))
        found = [h for h in found if h.choices] if fixed is None else found
        if not found:
            out_findings.append(f)
            continue
        reading = _reading(fixed, number, read_line) if fixed is not None else None
        message, span = _message(found, f, fixed if reading is not None else None)
        out_findings.append(replace(f, message=message, span=span))
        if reading is not None:
            readings[number] = _keep_span(reading, raw_lines[number - 1], number)
    for w in near_words:
        number = w.span.line
        keyword = hints.near_line_keyword(w.name)
        assert keyword is not None
        fixed = raw_lines[number - 1].replace(w.name, keyword, 1)
        reading = _reading(fixed, number, read_line)
        hint = Hint(w.name, w.span.column, "word", (keyword,))
        finding = error("syntax", "", w.span)
        message, span = _message([hint], finding, fixed if reading is not None else None)
        out_findings.append(replace(finding, message=message, span=span))
        if reading is not None:
            readings[number] = _keep_span(reading, raw_lines[number - 1], number)
        else:
            bad.add(number)
    for problem in [line for line in lines if isinstance(line, ArityProblem)]:
        number = problem.span.line
        fixed = _one_tile_of_a_set(raw_lines[number - 1]) if 0 < number <= len(raw_lines) else None
        reading = _reading(fixed, number, read_line) if fixed is not None else None
        if fixed is None or reading is None:
            continue
        shown = _shown(fixed)
        out_findings.append(error("syntax", f"{problem.message} (a set's tile is written once); read as `{shown}`",
                                  problem.span))
        readings[number] = _keep_span(reading, raw_lines[number - 1], number)
    if readings or near_words:
        dropped = {w.span.line for w in near_words} | set(readings)
        lines = [line for line in lines if not (isinstance(line, (WordLine, ArityProblem))
                                                and line.span.line in dropped)]
        lines.extend(readings.values())
        lines.sort(key=lambda line: line.span.line)
        out_findings.sort(key=lambda f: (f.line, f.column))
    unread = tuple(sorted((bad | arity) - set(readings)))
    return lines, out_findings, unread, tuple(sorted(readings))


_SET_VERBS = frozenset(("pong", "碰", "kong", "杠", "槓", "ankong", "暗杠", "暗槓", "addkong", "补杠", "補槓"))


def _one_tile_of_a_set(text: str) -> str | None:
    """``E pong 5m5m5m`` (or ``555m``, ``5m 5m 5m``): the set's tiles all alike, written as
    its one tile (``E pong 5m``); None for any other line."""
    body = _body(text)
    words = list(_WORD_RE.finditer(body))
    if len(words) < 3 or words[1].group() not in _SET_VERBS:
        return None
    tiles: list[str] = []
    end = words[1].end()
    for m in words[2:]:
        if not _TILE_RE.fullmatch(m.group()):
            break
        try:
            tiles.extend(str(t) for t in parse_tiles(m.group(), red_fives=True))
        except TileError:
            return None
        end = m.end()
    if len(tiles) < 2 or len(set(tiles)) != 1:
        return None
    return body[:words[1].end()] + " " + tiles[0] + body[end:] + text[len(body):]


def _keep_span(line: Line, raw: str, number: int) -> Line:
    """A reading spans the line as written (the words it corrected may be longer or shorter)."""
    body = _body(raw).rstrip()
    start = len(body) - len(body.lstrip()) + 1
    span = r.Span(number, start, number, len(body) + 1)
    if isinstance(line, (r.Action, r.SetupLine, r.Deal)):
        return r.replace(line, span=span)
    if isinstance(line, HandLine):
        return HandLine(line.number, span, line.annotations)
    if isinstance(line, WordLine):
        return WordLine(line.name, line.tiles, line.values, span, line.annotations)
    return line
