"""Assemble parsed lines into a `Record`, checking the order lines may come in.

The grammar accepts any line anywhere so that it can restart after an error; here the
record's structure is checked: tags before the first hand, a hand's setup lines once each
and before its actions, annotations attached to the item before them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
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

SEAT_TAGS = ("Player", "Score", "Final", "Points")
"""The header tags that name a seat before their value (docs/format.md, Header tags)."""
_WHOLE_TAGS = ("Score", "Final")
"""Seat tags whose value is a whole number of points."""


@dataclass
class _HandBuilder:
    number: int
    span: r.Span
    annotations: list[r.Annotation]
    setup: dict[str, r.SetupLine] = field(default_factory=dict)
    deals: list[r.Deal] = field(default_factory=list)
    actions: list[r.Action] = field(default_factory=list)

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
            extra=tuple(v for v in self.setup.values() if isinstance(v, r.SetupTiles)),
        )


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
    ruleset: str | None = None
    ruleset_span: r.Span | None = None
    options: list[r.OptionTag] = []
    players: list[r.SeatTag] = []
    scores: list[r.SeatTag] = []
    finals: list[r.SeatTag] = []
    points: list[r.SeatTag] = []
    by_word = {"Player": players, "Score": scores, "Final": finals, "Points": points}
    tags: list[r.Tag] = []
    header_notes: list[r.Annotation] = []
    hands: list[_HandBuilder] = []
    current: _HandBuilder | None = None
    # The last item an annotation line attaches to: ("header"|"hand"|"setup"|"deal"|"action").
    last_kind = "header"
    skipped = 0  # hand numbers a gap may have held

    def gap_before(line_number: int) -> bool:
        """Whether a gap lies between the current hand's line (or the start) and ``line_number``."""
        if not gaps:
            return False
        k = bisect_right(gaps, (current.span.line if current is not None else 0))
        return k < len(gaps) and gaps[k] < line_number

    def attach(extra: tuple[r.Annotation, ...]) -> None:
        nonlocal header_notes
        if current is None or last_kind == "header":
            header_notes.extend(extra)
            return
        if last_kind == "hand":
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

    def tag(t: RawTag) -> None:
        nonlocal ruleset, ruleset_span
        meant = tag_hint(t.word, t.arg is not None)
        if meant is not None:
            findings.append(error("syntax", f"unknown tag [{t.word}] (did you mean [{meant}]?); read as [{meant} …]",
                                  t.word_span))
            t = replace(t, word=meant)
        if current is not None:
            findings.append(
                error(
                    "misplaced-line",
                    f"header tag [{t.word}] after the first hand: tags belong before `hand 1`",
                    t.span,
                )
            )
            return
        if t.word == "Ruleset":
            if t.arg is not None:
                findings.append(error("bad-tag", 'write the ruleset as [Ruleset "name"]', t.span))
                return
            if ruleset is not None:
                findings.append(error("duplicate-line", "a second [Ruleset] tag", t.span))
                return
            ruleset, ruleset_span = t.value, t.span
        elif t.word == "Option":
            if t.arg is None:
                findings.append(
                    error("bad-tag", 'an option needs a name: [Option name "value"]', t.span)
                )
                return
            options.append(r.OptionTag(t.arg, t.value, t.span))
        elif t.word in SEAT_TAGS:
            if t.arg not in r.SEATS:
                findings.append(
                    error(
                        "bad-tag",
                        f'[{t.word}] needs a seat (E, S, W or N): [{t.word} E "…"]',
                        t.arg_span or t.span,
                    )
                )
                return
            target = by_word[t.word]
            seat: r.Seat = t.arg
            if any(x.seat == seat for x in target):
                findings.append(
                    error("duplicate-line", f"a second [{t.word} {seat}] tag", t.span)
                )
                return
            if t.word in _WHOLE_TAGS:
                try:
                    if len(t.value.strip().lstrip("+-")) > MAX_VALUE_DIGITS:
                        raise ValueError(t.value)
                    int(t.value)
                except ValueError:
                    findings.append(
                        error(
                            "bad-tag",
                            f'[{t.word} {seat}] must be a whole number, found "{t.value}"',
                            t.span,
                        )
                    )
                    return
            elif t.word == "Points" and r.points_tenths(t.value) is None:
                findings.append(
                    error(
                        "bad-tag",
                        f'[Points {seat}] must be a number with at most one decimal (such as +51.3 or -20), '
                        f'found "{t.value}"',
                        t.span,
                    )
                )
                return
            target.append(r.SeatTag(t.word, seat, t.value, t.span))
        else:
            if t.arg is not None:
                findings.append(
                    error(
                        "bad-tag",
                        f'[{t.word} {t.arg} "…"]: only Option, Player, Score, Final and Points take a name '
                        'before the value; write [Name "value"]',
                        t.span,
                    )
                )
                return
            tags.append(r.Tag(t.word, t.value, t.span))

    for line in lines:
        if current is not None and isinstance(line, r.Action):
            current.actions.append(line)  # the common case, first
            last_kind = "action"
            continue
        # A setup line or a deal inside a hand is none of the parser's own line kinds below (whose
        # classes are Python ones: each look is a dictionary look-up and a generic isinstance).
        if current is None or not (isinstance(line, r.SetupLine) or isinstance(line, r.Deal)):
            if isinstance(line, AnnotationLine):
                attach(line.annotations)
                continue
            if isinstance(line, ArityProblem):
                findings.append(error("syntax", line.message, line.span))
                continue
            if isinstance(line, HeaderLine):
                for t in line.tags:
                    tag(t)
                if current is None:
                    header_notes.extend(line.annotations)
                continue
            if isinstance(line, HandLine):
                expected = len(hands) + 1 + skipped
                if line.number > expected and gap_before(line.span.line):
                    skipped += line.number - expected
                elif line.number != expected:
                    findings.append(
                        error(
                            "hand-number",
                            f"hand {line.number} where hand {expected} was expected: "
                            "hands are numbered 1, 2, 3… in order",
                            line.span,
                        )
                    )
                current = _HandBuilder(line.number, line.span, list(line.annotations))
                hands.append(current)
                last_kind = "hand"
                continue
            if current is None:
                findings.append(
                    error(
                        "misplaced-line",
                        f"`{_line_word(line)}` before the first `hand` line: start a hand with `hand 1`",
                        line.span,
                    )
                )
                continue
            if isinstance(line, WordLine):
                # A ruleset's own line: part of the setup until the hand's first action, then an event.
                if current.actions:
                    line = r.TableEvent(line.span, line.name, line.tiles, line.values, annotations=line.annotations)
                else:
                    line = r.SetupTiles(line.span, line.annotations, line.name, line.tiles, line.values)
        assert current is not None  # set above, or the line was reported as misplaced
        if isinstance(line, (r.SetupLine, r.Deal)) and current.actions and gap_before(line.span.line):
            continue  # perhaps the next hand's, whose `hand` line could not be read
        if isinstance(line, r.SetupLine):
            name = _setup_name(line)
            if name in current.setup:
                first = current.setup[name].span.line
                if gap_before(line.span.line):
                    continue
                findings.append(
                    error(
                        "duplicate-line",
                        f"a second `{name}` line in hand {current.number} (the first is on line {first})",
                        line.span,
                    )
                )
                continue
            if current.actions:
                findings.append(
                    error(
                        "misplaced-line",
                        f"`{name}` after the hand's first action: setup lines come first",
                        line.span,
                    )
                )
                continue
            current.setup[name] = line
            last_kind = "setup:" + name
        elif isinstance(line, r.Deal):
            if any(d.seat == line.seat for d in current.deals):
                if gap_before(line.span.line):
                    continue
                findings.append(
                    error(
                        "duplicate-line",
                        f"a second `deal {line.seat}` line in hand {current.number}",
                        line.span,
                    )
                )
                continue
            if current.actions:
                findings.append(
                    error(
                        "misplaced-line",
                        f"`deal {line.seat}` after the hand's first action: deals come first",
                        line.span,
                    )
                )
                continue
            current.deals.append(line)
            last_kind = "deal"
        else:
            current.actions.append(line)
            last_kind = "action"

    if ruleset is None:
        findings.append(
            error(
                "missing-ruleset",
                'the header has no [Ruleset "…"] tag: every record names its ruleset',
                r.Span(1, 1, 1, 1),
            )
        )
    header = r.Header(
        ruleset=ruleset,
        ruleset_span=ruleset_span,
        options=tuple(options),
        players=tuple(players),
        scores=tuple(scores),
        tags=tuple(tags),
        annotations=tuple(header_notes),
        finals=tuple(finals),
        points=tuple(points),
    )
    return r.Record(header, tuple(h.build() for h in hands))


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
