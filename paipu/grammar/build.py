"""Assemble parsed lines into a `Record`, checking the order lines may come in.

The grammar accepts any line anywhere so that it can restart after an error; here the
record's structure is checked: tags before the first hand, a hand's setup lines once each
and before its actions, annotations attached to the item before them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, cast

import paipu.record as r
from paipu.findings import Finding, error
from paipu.grammar.hints import tag_hint
from paipu.grammar.lines import (
    AnnotationLine,
    ArityProblem,
    HandLine,
    HeaderLine,
    Line,
    RawTag,
    WordLine,
)
from paipu.limits import MAX_VALUE_DIGITS
from paipu.value import Fields

SEAT_TAGS = ("Player", "Score", "Final", "Points")
"""The header tags that name a seat before their value (docs/format.md, Header tags)."""
_WHOLE_TAGS = ("Score", "Final")
"""Seat tags whose value is a whole number of points."""


class _HandBuilder(Fields):
    __slots__ = ("actions", "annotations", "deals", "number", "setup", "span")
    _fields = ("number", "span", "annotations", "setup", "deals", "actions")
    number: int
    span: r.Span
    annotations: list[r.Annotation]
    setup: dict[str, r.SetupLine]
    deals: list[r.Deal]
    actions: list[r.Action]

    def __init__(self, number: int, span: r.Span, annotations: list[r.Annotation],
                 setup: dict[str, r.SetupLine] | None = None, deals: list[r.Deal] | None = None,
                 actions: list[r.Action] | None = None) -> None:
        self.number = number
        self.span = span
        self.annotations = annotations
        self.setup = {} if setup is None else setup
        self.deals = [] if deals is None else deals
        self.actions = [] if actions is None else actions

    def build(self) -> r.HandRecord:
        return r.HandRecord(
            number=self.number,
            span=self.span,
            dealer=cast(r.DealerLine | None, self.setup.get("dealer")),
            wall=cast(r.WallLine | None, self.setup.get("wall")),
            dice=cast(r.DiceLine | None, self.setup.get("dice")),
            deals=tuple(self.deals),
            actions=tuple(self.actions),
            annotations=tuple(self.annotations),
            extra=self._extra(),
        )

    def _extra(self) -> tuple[r.SetupTiles, ...]:
        """The setup lines of the ruleset's own words (a loop, not a generator)."""
        out: list[r.SetupTiles] = []
        for v in self.setup.values():
            if isinstance(v, r.SetupTiles):
                out.append(v)
        return tuple(out)


_SETUP_NAMES: dict[type, str] = {
    r.DealerLine: "dealer",
    r.WallLine: "wall",
    r.DiceLine: "dice",
}


def _setup_name(line: r.SetupLine) -> str:
    return line.name if isinstance(line, r.SetupTiles) else _SETUP_NAMES[type(line)]


def _with_annotations(item: Any, extra: tuple[r.Annotation, ...]) -> Any:
    return r.replace(item, annotations=(*item.annotations, *extra))


def build_record(lines: list[Line], findings: list[Finding], gaps: Sequence[int] = ()) -> r.Record:
    """Build the record from its lines; structural problems are appended to ``findings``.

    ``gaps`` are the numbers of lines that could not be read (sorted).  A gap may have held a
    hand line, so after one a later hand number is not an error, and setup lines and deals
    after a gap in a hand are left out without a finding of their own (the replay stops
    checking that hand at the gap, and says so once).
    """
    builder = RecordBuilder(findings, gaps)
    add = builder.add
    action = r.Action
    # The current hand's actions while the lines are its actions (most lines): appended here, one
    # look and one append each, as `add` would.
    actions: list[r.Action] | None = None
    for line in lines:
        if actions is not None and isinstance(line, action):
            actions.append(line)
            continue
        add(line)
        current = builder.current
        actions = current.actions if current is not None and builder.last_kind == "action" else None
    return builder.record()


def _as_event(line: WordLine | r.SetupTiles) -> r.TableEvent:
    """A ruleset's own line after its hand's first action: the table event it is there."""
    return r.TableEvent(line.span, line.name, line.tiles, line.values, annotations=line.annotations)


class RecordBuilder:
    """A record taken in line by line (`build_record`)."""

    def __init__(self, findings: list[Finding], gaps: Sequence[int] = ()) -> None:
        self.findings = findings
        self.gaps = gaps
        self.ruleset: str | None = None
        self.ruleset_span: r.Span | None = None
        self.options: list[r.OptionTag] = []
        self.by_word: dict[str, list[r.SeatTag]] = {word: [] for word in SEAT_TAGS}
        self.tags: list[r.Tag] = []
        self.header_notes: list[r.Annotation] = []
        self.hands: list[_HandBuilder] = []
        self.current: _HandBuilder | None = None
        self.last_kind = "header"
        """The last item an annotation line attaches to: header, hand, setup:NAME, deal or action."""
        self.skipped = 0
        """Hand numbers a gap may have held."""

    def add(self, line: Line) -> None:
        """Take in the next line."""
        current = self.current
        if current is not None and isinstance(line, r.Action):
            current.actions.append(line)  # the common case, first
            self.last_kind = "action"
            return
        if current is not None and not current.actions:
            # A hand's setup line or deal before its first action (a hand's first lines, most of
            # the rest), taken in at once: the looks below for a line after an action left out.
            if isinstance(line, r.SetupLine):
                self._setup(current, line)
                return
            if isinstance(line, r.Deal):
                self._deal(current, line)
                return
        # A setup line or a deal inside a hand is none of the parser's own line kinds (whose
        # classes are Python ones: each look is a dictionary look-up and a generic isinstance).
        item: r.SetupLine | r.Deal | r.Action | None
        if current is None or not (isinstance(line, r.SetupLine) or isinstance(line, r.Deal)):
            item = self._line_of_its_own(line)
            if item is None:
                return
            current = self.current
        elif type(line) is r.SetupTiles:
            # The fast path makes a ruleset's own line its setup line at once
            # (`paipu.grammar.fast._word_kind`): after the hand's first action (the case here), an
            # event, as `_line_of_its_own` makes of a `WordLine` there.
            item = _as_event(line)
        else:
            item = line
        assert current is not None  # set above, or the line was reported as misplaced
        if isinstance(item, (r.SetupLine, r.Deal)) and current.actions and self._gap_before(item.span.line):
            return  # perhaps the next hand's, whose `hand` line could not be read
        if isinstance(item, r.SetupLine):
            self._setup(current, item)
        elif isinstance(item, r.Deal):
            self._deal(current, item)
        else:
            current.actions.append(item)
            self.last_kind = "action"

    def _line_of_its_own(self, line: Line) -> r.SetupLine | r.Deal | r.Action | None:
        """Take in a line that is not a hand's setup, deal or action (None), or give back the
        setup line or action a ruleset's own word line is in its place."""
        if isinstance(line, AnnotationLine):
            self._attach(line.annotations)
        elif isinstance(line, ArityProblem):
            self.findings.append(error("syntax", line.message, line.span))
        elif isinstance(line, HeaderLine):
            for t in line.tags:
                self._tag(t)
            if self.current is None:
                self.header_notes.extend(line.annotations)
        elif isinstance(line, HandLine):
            self._hand(line)
        elif self.current is None:
            self.findings.append(error(
                "misplaced-line",
                f"`{_line_word(line)}` before the first `hand` line: start a hand with `hand 1`",
                line.span))
        elif isinstance(line, WordLine):
            # A ruleset's own line: part of the setup until the hand's first action, then an event.
            if self.current.actions:
                return _as_event(line)
            return r.SetupTiles(line.span, line.annotations, line.name, line.tiles, line.values)
        else:
            return line
        return None

    def _gap_before(self, line_number: int) -> bool:
        """Whether a gap lies between the current hand's line (or the start) and ``line_number``."""
        gaps = self.gaps
        if not gaps:
            return False
        k = bisect_right(gaps, (self.current.span.line if self.current is not None else 0))
        return k < len(gaps) and gaps[k] < line_number

    def _attach(self, extra: tuple[r.Annotation, ...]) -> None:
        current, last_kind = self.current, self.last_kind
        if current is None or last_kind == "header":
            self.header_notes.extend(extra)
        elif last_kind == "hand":
            current.annotations.extend(extra)
        elif last_kind == "deal" and current.deals:
            current.deals[-1] = cast(r.Deal, _with_annotations(current.deals[-1], extra))
        elif last_kind == "action" and current.actions:
            current.actions[-1] = cast(r.Action, _with_annotations(current.actions[-1], extra))
        elif last_kind.startswith("setup:"):
            name = last_kind[6:]
            current.setup[name] = cast(r.SetupLine, _with_annotations(current.setup[name], extra))
        else:
            current.annotations.extend(extra)

    def _hand(self, line: HandLine) -> None:
        expected = len(self.hands) + 1 + self.skipped
        if line.number > expected and self._gap_before(line.span.line):
            self.skipped += line.number - expected
        elif line.number != expected:
            self.findings.append(error(
                "hand-number",
                f"hand {line.number} where hand {expected} was expected: hands are numbered 1, 2, 3… in order",
                line.span))
        self.current = _HandBuilder(line.number, line.span, list(line.annotations))
        self.hands.append(self.current)
        self.last_kind = "hand"

    def _setup(self, current: _HandBuilder, line: r.SetupLine) -> None:
        name = _setup_name(line)
        if name in current.setup:
            first = current.setup[name].span.line
            if not self._gap_before(line.span.line):
                self.findings.append(error(
                    "duplicate-line",
                    f"a second `{name}` line in hand {current.number} (the first is on line {first})",
                    line.span))
        elif current.actions:
            self.findings.append(error(
                "misplaced-line", f"`{name}` after the hand's first action: setup lines come first", line.span))
        else:
            current.setup[name] = line
            self.last_kind = "setup:" + name

    def _deal(self, current: _HandBuilder, line: r.Deal) -> None:
        twice = False
        for d in current.deals:  # (a loop, not a generator)
            if d.seat == line.seat:
                twice = True
                break
        if twice:
            if not self._gap_before(line.span.line):
                self.findings.append(error(
                    "duplicate-line", f"a second `deal {line.seat}` line in hand {current.number}", line.span))
        elif current.actions:
            self.findings.append(error(
                "misplaced-line", f"`deal {line.seat}` after the hand's first action: deals come first",
                line.span))
        else:
            current.deals.append(line)
            self.last_kind = "deal"

    def _tag(self, t: RawTag) -> None:
        meant = tag_hint(t.word, t.arg is not None)
        if meant is not None:
            self.findings.append(error(
                "syntax", f"unknown tag [{t.word}] (did you mean [{meant}]?); read as [{meant} …]", t.word_span))
            t = RawTag(meant, t.arg, t.value, t.span, t.word_span, t.arg_span)
        if self.current is not None:
            self.findings.append(error(
                "misplaced-line", f"header tag [{t.word}] after the first hand: tags belong before `hand 1`", t.span))
            return
        if t.word == "Ruleset":
            if t.arg is not None:
                self.findings.append(error("bad-tag", 'write the ruleset as [Ruleset "name"]', t.span))
            elif self.ruleset is not None:
                self.findings.append(error("duplicate-line", "a second [Ruleset] tag", t.span))
            else:
                self.ruleset, self.ruleset_span = t.value, t.span
        elif t.word == "Option":
            if t.arg is None:
                self.findings.append(error("bad-tag", 'an option needs a name: [Option name "value"]', t.span))
            else:
                self.options.append(r.OptionTag(t.arg, t.value, t.span))
        elif t.word in SEAT_TAGS:
            self._seat_tag(t)
        elif t.arg is not None:
            self.findings.append(error(
                "bad-tag",
                f'[{t.word} {t.arg} "…"]: only Option, Player, Score, Final and Points take a name '
                'before the value; write [Name "value"]',
                t.span))
        else:
            self.tags.append(r.Tag(t.word, t.value, t.span))

    def _seat_tag(self, t: RawTag) -> None:
        if t.arg not in r.SEATS:
            self.findings.append(error(
                "bad-tag", f'[{t.word}] needs a seat (E, S, W or N): [{t.word} E "…"]', t.arg_span or t.span))
            return
        target = self.by_word[t.word]
        seat: r.Seat = t.arg
        for x in target:  # (a loop, not a generator)
            if x.seat == seat:
                self.findings.append(error("duplicate-line", f"a second [{t.word} {seat}] tag", t.span))
                return
        problem = _seat_tag_value_problem(t.word, seat, t.value)
        if problem is not None:
            self.findings.append(error("bad-tag", problem, t.span))
            return
        target.append(r.SeatTag(t.word, seat, t.value, t.span))

    def record(self) -> r.Record:
        """The record of the lines taken in (a missing ruleset tag reported)."""
        if self.ruleset is None:
            self.findings.append(error(
                "missing-ruleset", 'the header has no [Ruleset "…"] tag: every record names its ruleset',
                r.Span(1, 1, 1, 1)))
        by_word = self.by_word
        header = r.Header(
            ruleset=self.ruleset,
            ruleset_span=self.ruleset_span,
            options=tuple(self.options),
            players=tuple(by_word["Player"]),
            scores=tuple(by_word["Score"]),
            tags=tuple(self.tags),
            annotations=tuple(self.header_notes),
            finals=tuple(by_word["Final"]),
            points=tuple(by_word["Points"]),
        )
        return r.Record(header, tuple(h.build() for h in self.hands))


def _seat_tag_value_problem(word: str, seat: r.Seat, value: str) -> str | None:
    """What is wrong with the value of a seat tag (`SEAT_TAGS`), or None."""
    if word in _WHOLE_TAGS:
        try:
            if len(value.strip().lstrip("+-")) > MAX_VALUE_DIGITS:
                raise ValueError(value)
            int(value)
        except ValueError:
            return f'[{word} {seat}] must be a whole number, found "{value}"'
    elif word == "Points" and r.points_tenths(value) is None:
        return (f'[Points {seat}] must be a number with at most one decimal (such as +51.3 or -20), '
                f'found "{value}"')
    return None


def _line_word(line: object) -> str:
    if isinstance(line, r.SetupLine):
        return _setup_name(line)
    if isinstance(line, r.Deal):
        return "deal"
    if isinstance(line, r.Action):
        return line.verb
    if isinstance(line, WordLine):
        return line.name
    return "line"
