"""A game reviewed: its decisions weighed in one replay pass, as JSON, a review page or a quiz.

`review_text` audits a record once with a `paipu.analysis.review.Reviewer` watching (and, for a
review page, the report's own page writer: the page is the seat's teaching view, each mistake
shown at its position, with a summary at its top linking to each).  The quiz page (何切る) is
made from the positions the reviewer kept: each shows what the seat could see, the student
picks a discard, and only then the answer and its reasons are shown.

Every page is one offline file, the same bytes for the same record; everything that comes from
the record (names, annotations) is escaped.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from jinja2 import Environment
from markupsafe import Markup, escape

from paipu.analysis.review import (
    AGREE_POINTS,
    DANGER_STEP,
    LARGE_POINTS,
    PASS_STEP_POINTS,
    SHANTEN_POINTS,
    WIN_POINTS,
    WORST,
    Decision,
    QuizPosition,
    Reviewer,
    SeatSummary,
)
from paipu.auditing import Audit, audit_text
from paipu.findings import Finding
from paipu.outputs import write_output, write_output_text
from paipu.record import Seat
from paipu.replay.engine import HandEngine
from paipu.replay.result import HandResult
from paipu.reports.labels import Lang, labels_for
from paipu.reports.model import StepNote
from paipu.reports.render import ReportPages, make_environment
from paipu.reports.tiles import tile_class, tile_styles
from paipu.tiles import Tile

__all__ = ["Review", "ReviewError", "render_quiz", "review_text"]

GRADE_WORDS = {"agrees": "agrees", "small": "small loss", "large": "large loss"}
"""How a grade is said on the pages and in the text output."""


class ReviewError(ValueError):
    """A review that cannot be made as asked (a seat that does not play, a page without a seat)."""


@dataclass(frozen=True)
class Review:
    """A record reviewed: its audit, every decision weighed, each seat's summary, quiz positions."""

    name: str
    audit: Audit
    seats: tuple[Seat, ...]
    decisions: tuple[Decision, ...]
    summaries: dict[Seat, SeatSummary]
    quiz: tuple[QuizPosition, ...]
    titles: tuple[str, ...]
    """Each hand's title as players say it (the ruleset's `hand_name`), by its place."""

    @property
    def ruleset(self) -> str:
        rs = self.audit.ruleset
        return rs.name if rs is not None else (self.audit.record.header.ruleset or "?")

    def place(self, d: Decision) -> str:
        """``Hand 2, step 14``: where a decision was, as the pages say it."""
        title = self.titles[d.hand - 1] if 0 < d.hand <= len(self.titles) and self.titles[d.hand - 1] else \
            f"Hand {d.hand}"
        return f"{title}, step {d.step}"

    def to_json(self) -> dict[str, Any]:
        """The review as plain data (docs/review.md, "JSON", says what each field means)."""
        out: dict[str, Any] = {
            "record": self.name,
            "ruleset": self.ruleset,
            "hands": len(self.audit.record.hands),
            "ok": self.audit.ok,
            "seats": {s: self.summaries[s].to_json() for s in self.seats},
            "decisions": [d.to_json() for d in self.decisions],
        }
        if self.quiz:
            out["quiz"] = [_quiz_json(q) for q in self.quiz]
        return out


def _quiz_json(q: QuizPosition) -> dict[str, Any]:
    d = q.decision
    return {"seat": d.seat, "hand": d.hand, "step": d.step, "line": d.line, "tiles": d.tiles, "melds": d.melds,
            "played": d.played.play, "score": q.score,
            "choices": [{**c.to_json(), "loss": p, "grade": g} for c, p, g in q.choices]}


class ReviewPages(ReportPages):
    """The report's page writer in a seat's teaching view, with each of the seat's mistakes shown
    at its position (a note at that step of the timeline, `StepNote` of kind ``rv``)."""

    def __init__(self, spool: TextIO, seat: Seat, lang: Lang, reviewer: Reviewer) -> None:
        super().__init__(spool, seat, lang)
        self.reviewer = reviewer
        self._placed = 0

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        made = self.reviewer.decisions
        for d in made[self._placed:]:
            if d.seat == self.seat and d.grade != "agrees":
                self._notes.append(StepNote(d.step, "rv", _note(d)))
        self._placed = len(made)
        super().end_hand(index, engine, result, findings)


def _note(d: Decision) -> str:
    text = f"{GRADE_WORDS[d.grade]} ({d.loss.points} points): {d.headline()}"
    return f"{text} · 口诀 {d.saying}" if d.saying else text


def review_text(text: str, name: str, *, seat: Seat | None = None, options: dict[str, str] | None = None,
                quiz: int = 0, page: str | os.PathLike[str] | None = None, lang: Lang = "en") -> Review:
    """Review a record's ``text``: every decision of ``seat`` (default: every seat) weighed, in
    the record's single replay.  With ``quiz`` > 0, that many of the most instructive positions
    are kept (`render_quiz` makes their page).  With ``page``, the review page of ``seat`` is
    written there in the same pass (the seat's teaching view of the report, each mistake at its
    position, a summary at the top linking to each).

    `ReviewError` for a seat that does not play or a page without a seat; the record's own
    problems are its audit's findings, as `paipu check` gives them."""
    if page is not None and seat is None:
        raise ReviewError("a review page shows one seat's view: give the seat (--seat E, S, W or N)")
    reviewer = Reviewer(None if seat is None else (seat,), quiz=quiz)
    if page is None:
        audit = audit_text(text, name, options=options, observers=[reviewer])
        _check_seat(audit, seat)
        return _review(name, audit, reviewer)
    target = Path(page)
    where = target.parent if not (target.exists() and not target.is_file()) else None
    if where is not None:
        where.mkdir(parents=True, exist_ok=True)
    assert seat is not None
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n", dir=where) as spool:
        pages = ReviewPages(spool, seat, lang, reviewer)
        try:
            audit = audit_text(text, name, options=options, observers=[reviewer, pages])
        except ValueError as e:  # the page's builder refuses a seat that does not play
            raise ReviewError(str(e)) from None
        _check_seat(audit, seat)
        review = _review(name, audit, reviewer)
        view = _summary_view(review, seat, pages)
        write_output(target, lambda fh: pages.finish(audit, fh, review=view))
    return review


def _check_seat(audit: Audit, seat: Seat | None) -> None:
    rs = audit.ruleset
    if seat is not None and rs is not None and seat not in rs.seats:
        raise ReviewError(f"seat {seat} does not play in {rs.name} (seats: {' '.join(rs.seats)})")


def _review(name: str, audit: Audit, reviewer: Reviewer) -> Review:
    decisions = tuple(reviewer.decisions)
    return Review(name, audit, reviewer.seats, decisions, reviewer.summaries(), tuple(reviewer.quiz_positions()),
                  tuple(reviewer.titles))


# ------------------------------------------------------------------ the review page's summary


@dataclass(frozen=True, slots=True)
class MistakeView:
    anchor: str
    place: str
    grade: str
    grade_word: str
    points: int
    headline: str
    saying: str


@dataclass(frozen=True, slots=True)
class ReviewView:
    """What the review page's summary shows (``_review.html.j2``)."""

    seat: str
    seat_label: str
    player: str
    decisions: int
    agreement: str
    loss: int
    grades: tuple[tuple[str, int], ...]
    worst: tuple[MistakeView, ...]
    mistakes: tuple[MistakeView, ...]
    thresholds: str


def thresholds_text() -> str:
    """The grading, in one paragraph (docs/review.md, "Thresholds", says it in full)."""
    return (f"Each choice is weighed by tile efficiency from what the seat could see. A loss counts one "
            f"point for each effective tile given up, {SHANTEN_POINTS} for each step farther from ready "
            f"({PASS_STEP_POINTS} for a step a claim let pass would have made), {WIN_POINTS} for a win let pass, "
            f"and one for each {DANGER_STEP}% of danger added against a seat that has declared ready. "
            f"A choice agrees with the best when it loses at most {AGREE_POINTS} points or half the best "
            f"choice's effective tiles; it is a large loss from {LARGE_POINTS} points on.")


def _mistake(review: Review, d: Decision) -> MistakeView:
    return MistakeView(d.anchor, review.place(d), d.grade, GRADE_WORDS[d.grade], d.loss.points, d.headline(), d.saying)


def _summary_view(review: Review, seat: Seat, pages: ReviewPages) -> ReviewView:
    s = review.summaries[seat]
    labels = pages.builder.labels if pages.b is not None else labels_for("en")
    player = review.audit.record.header.player(seat) or ""
    mistakes = tuple(_mistake(review, d) for d in review.decisions if d.seat == seat and d.grade != "agrees")
    return ReviewView(seat, labels.seat_name(seat), player, s.decisions, f"{100 * s.agreement:.0f}%", s.loss,
                      tuple((GRADE_WORDS[g], n) for g, n in s.grades.items()),
                      tuple(_mistake(review, d) for d in s.worst), mistakes, thresholds_text())


# ------------------------------------------------------------------ the quiz page


@dataclass(frozen=True, slots=True)
class QuizRow:
    kind: str
    tile: Markup
    after: str
    unseen: str
    points: int
    grade: str
    grade_word: str
    best: bool
    played: bool


@dataclass(frozen=True, slots=True)
class QuizSide:
    seat: str
    label: str
    player: str
    you: bool
    ready: bool
    river: Markup
    melds: Markup


@dataclass(frozen=True, slots=True)
class QuizView:
    number: int
    anchor: str
    place: str
    seat: str
    seat_label: str
    wall: int
    hand: Markup
    sides: tuple[QuizSide, ...]
    wild: Markup
    marked: Markup
    rows: tuple[QuizRow, ...]
    best: str
    played: str
    why: str
    saying: str


def _tile(t: Tile, extra: str = "", *, names: dict[str, str]) -> Markup:
    name = names.get(str(t), str(t))
    return Markup(f'<i class="t {tile_class(t)}{extra}" role="img" aria-label="{escape(name)}" '
                  f'title="{escape(name)}"></i>')


def _tiles(ts: Sequence[Tile], names: dict[str, str], extra: str = "") -> Markup:
    return Markup("".join(_tile(t, extra, names=names) for t in ts))


def _quiz_view(review: Review, k: int, q: QuizPosition, names: dict[str, str], labels: Any) -> QuizView:
    d = q.decision
    wild = {t.index for t in q.wild}
    held = list(q.concealed)
    last = Tile.parse(q.drawn) if q.drawn else None
    if last is not None:
        held.remove(last)

    def button(t: Tile, apart: str) -> str:
        extra = " w" if t.index in wild else ""
        return (f'<button type="button" class="pick{apart}" data-k="{t}" '
                f'aria-label="discard {escape(names.get(str(t), str(t)))}">{_tile(t, extra, names=names)}</button>')

    hand = [button(t, "") for t in held] + ([button(last, " nw")] if last is not None else [])
    header = review.audit.record.header
    sides: list[QuizSide] = []
    exposed = dict(q.exposed)
    for seat, river in (*q.rivers[1:], *q.rivers[:1]):  # the seat's own river last, above its hand
        tiles = "".join(_tile(t, (" w" if t.index in wild else "") + (" c" if claimed else ""), names=names)
                        for t, claimed in river)
        melds = q.melds if seat == d.seat else exposed.get(seat, ())
        meld_html = "".join(f'<span class="meld" title="{escape(kind)}">{_tiles(ts, names)}</span>'
                            for kind, ts in melds)
        sides.append(QuizSide(seat, labels.seat_name(seat), header.player(seat) or "", seat == d.seat,
                              seat in q.ready, Markup(tiles), Markup(meld_html)))
    rows: list[QuizRow] = []
    for c, points, grade in q.choices:
        t = Tile.parse(c.play.split(" ", 1)[1])
        unseen = f"{c.unseen}" if c.shanten == q.choices[0][0].shanten else "–"
        rows.append(QuizRow(str(t), _tile(t, names=names), _said(c.shanten), unseen, points, grade,
                            GRADE_WORDS[grade], points == 0, c.play == d.played.play))
    return QuizView(k, f"q{k}", review.place(d), d.seat, labels.seat_name(d.seat), q.wall, Markup("".join(hand)),
                    tuple(sides), _tiles(q.wild, names, " w"), _tiles(q.marked, names), tuple(rows),
                    ", ".join(c.play.split(" ", 1)[-1] for c, points, _ in q.choices if points == 0),
                    d.played.play.split(" ", 1)[-1], d.why, d.saying)


def _said(n: int) -> str:
    return "complete" if n < 0 else "ready" if n == 0 else f"{n} from ready"


@cache
def _environment() -> Environment:
    return make_environment()


def render_quiz(review: Review, *, title: str = "") -> str:
    """The quiz page (何切る) of a review's kept positions: one offline page, most instructive
    position first; each answer is hidden until a discard is picked."""
    labels = labels_for("en")
    from paipu.tiles import ALL_TILES, RED_FIVES

    names = {str(t): labels.tile_title(t) for t in (*ALL_TILES, *RED_FIVES)}
    views = tuple(_quiz_view(review, k, q, names, labels) for k, q in enumerate(review.quiz, 1))
    return _environment().get_template("quiz.html.j2").render(
        title=title or review.name, ruleset=review.ruleset, questions=views, styles=tile_styles(),
        thresholds=thresholds_text(), grades=GRADE_WORDS, worst=WORST)


def write_quiz(review: Review, path: str | os.PathLike[str]) -> Path:
    """Write the quiz page of ``review`` to ``path`` (its folder made; whole or not at all)."""
    return write_output_text(path, render_quiz(review))
