"""Rendering the report model with jinja2: one self-contained, deterministic HTML file.

The environment escapes every value (autoescape) and fails on a missing one
(`StrictUndefined`), so a typo in a template is a test failure, not a blank, and a
player called ``<script>`` is shown as text.  The page fetches nothing: its CSS,
script and tile pictures are inline.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TextIO, overload

from jinja2 import BaseLoader, ChoiceLoader, DictLoader, Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from paipu.auditing import Audit, audit_text
from paipu.findings import Finding
from paipu.outputs import write_output
from paipu.record import Action, HandRecord, Hu, Record, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.result import HandReplay, HandResult, Step, TableView
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer
from paipu.reports.build import PageBuilder, build_report_model, differ_flags, hu_contexts
from paipu.reports.labels import Labels, Lang
from paipu.reports.model import FindingView, HandView, ReportModel, StepView

TOP = "_page_top.html.j2"
"""The page down to its summary (`ReportModel` without its hands)."""
HAND = "_page_hand.html.j2"
"""One hand of the page, its steps' findings marked (`MARK_WORST`, `MARK_FINDINGS`)."""
STEP_FINDINGS = "_step_findings.html.j2"
"""The findings of one step, written where its mark is."""
BOTTOM = "_page_bottom.html.j2"
"""The end of the page."""
HAND_TOP = "_hand_top.html.j2"
"""A hand's title and board, before its timeline (`HandPages`)."""
STEP = "_step.html.j2"
"""The two ends of a hand's timeline (`HandPages`)."""
STEPS = "_steps.html.j2"
"""Steps of a hand's timeline (`HandPages` writes a few at a time)."""
_STEPS_AT_ONCE = 32
"""Steps a hand's timeline gathers before writing them (a template written per step costs more)."""
HAND_END = "_hand_end.html.j2"
"""A hand's end, after its timeline: its scoring audit (`HandPages`)."""
TILES = "_tiles.html.j2"

_MARK = "<\x00"
"""How a mark begins.  Nothing else in a page can: every text from a record is escaped
(``<`` is written ``&lt;``) and the templates write no NUL."""
MARK_WORST = Markup(_MARK + "w>")
"""Where a step's worst severity goes (its class)."""
MARK_FINDINGS = Markup(_MARK + "f>")
"""Where a step's findings go."""
MARK_DETAIL = Markup(_MARK + "d>")
"""Where the detail of a win's step goes (its `StepView.detail`), when the step is written
before its hand is settled (`HandPages`): ``" <span class="d">…</span>"``, or nothing."""
_MARK_LEN = len(MARK_WORST)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def make_environment(extra: dict[str, str] | None = None) -> Environment:
    """How every page of paipu is rendered: autoescape and StrictUndefined on, the package's
    templates (``paipu/templates``) plus any ``extra`` named templates."""
    loader: BaseLoader = PackageLoader("paipu", "templates")
    if extra:
        loader = ChoiceLoader([DictLoader(extra), loader])
    env = Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters["signed"] = _signed
    env.globals["MARK_WORST"] = MARK_WORST
    env.globals["MARK_FINDINGS"] = MARK_FINDINGS
    env.globals["MARK_DETAIL"] = MARK_DETAIL
    return env


@cache
def environment() -> Environment:
    """The record report's environment, built once."""
    return make_environment()


def render_model(model: ReportModel) -> str:
    """The HTML page of a view model."""
    out = io.StringIO()
    write_model(model, out)
    return out.getvalue()


def render_report(audit: Audit, *, seat: Seat | None = None, lang: Lang = "en") -> str:
    """The report of an audited record as one self-contained HTML page.

    The same audit gives the same bytes every time: no timestamps, no random ids.
    ``seat`` makes a teaching view (see `build_report_model`); ``lang`` is "en" or "zh".
    """
    return render_model(build_report_model(audit, seat=seat, lang=lang))


_WRITE_CHUNK = 1 << 14
"""Characters gathered before each write: few system calls, little memory."""
_PIECE_COST = 48
"""What a piece costs beyond its characters, counted towards `_WRITE_CHUNK`: a template writes
many pieces of a few characters each, and 64K characters of them would be thousands of small
strings held at once."""


class _Out:
    """Pieces of the page gathered and written in chunks of about `_WRITE_CHUNK` bytes held."""

    def __init__(self, fh: TextIO) -> None:
        self.fh = fh
        self.buffer: list[str] = []
        self.size = 0

    def write(self, piece: str) -> None:
        self.buffer.append(piece)
        self.size += len(piece) + _PIECE_COST
        if self.size >= _WRITE_CHUNK:
            self.flush()

    def flush(self) -> None:
        self.fh.write("".join(self.buffer))
        self.buffer.clear()
        self.size = 0


class _Splicer:
    """Writes the hands' parts of the page, each step's marks replaced by its findings.

    ``steps`` gives each step's findings, in the order of the page, ``details`` the detail of
    each win's step that was written before its hand was settled; the text may come in pieces
    of any size (a mark cut in two is joined)."""

    def __init__(self, out: _Out, steps: Iterator[tuple[FindingView, ...]], labels: Labels,
                 details: Iterator[str] | None = None) -> None:
        self.out = out
        self.steps = steps
        self.details: Iterator[str] = details if details is not None else iter(())
        self.labels = labels
        self.current: tuple[FindingView, ...] = ()
        self.carry = ""
        self.template = environment().get_template(STEP_FINDINGS)

    def feed(self, text: str) -> None:
        if self.carry:
            # A str joined, not added: a template's piece may be Markup, which would escape the carry.
            text = "".join((self.carry, text))
            self.carry = ""
        at = 0
        while True:
            k = text.find(_MARK, at)
            if k < 0:
                # A mark may begin in the last characters: keep them for the next piece.
                tail = text.rfind("<", max(at, len(text) - _MARK_LEN + 1))
                if tail >= 0:
                    self.carry = text[tail:]
                    self.out.write(text[at:tail])
                else:
                    self.out.write(text[at:] if at else text)
                return
            if k + _MARK_LEN > len(text):
                self.out.write(text[at:k])
                self.carry = text[k:]
                return
            self.out.write(text[at:k])
            kind = text[k:k + _MARK_LEN]
            if kind == MARK_WORST:
                self.current = next(self.steps)
                worst = _worst(self.current)
                if worst:
                    self.out.write(" " + worst)
            elif kind == MARK_FINDINGS:
                if self.current:
                    self.out.write(self.template.render(findings=self.current, labels=self.labels))
            elif kind == MARK_DETAIL:
                detail = next(self.details)
                if detail:  # as the timeline writes a detail (`_step.html.j2`)
                    self.out.write(f' <span class="d">{escape(detail)}</span>')
            else:
                raise ValueError(f"a mark the page does not know: {kind!r}")
            at = k + _MARK_LEN

    def close(self) -> None:
        if self.carry:
            self.out.write(self.carry)
            self.carry = ""
        if next(self.steps, None) is not None:
            raise ValueError("the page has fewer steps than its findings were placed at")
        if next(self.details, None) is not None:
            raise ValueError("the page has fewer wins than their details")


def _worst(findings: tuple[FindingView, ...]) -> str:
    """The class of a step with these findings: its worst severity (`StepView.worst`)."""
    for sev in ("error", "warning", "note"):
        if any(f.severity == sev for f in findings):
            return sev
    return ""


def _pieces(name: str, write: Callable[[str], None], **context: object) -> None:
    for piece in environment().get_template(name).generate(**context):
        write(piece)


def write_model(model: ReportModel, fh: TextIO) -> None:
    """Write the HTML page of a view model to ``fh`` piece by piece, as the template makes it.

    The page is never held whole: a report can be many times the size of its record, and
    joining it into one string (with its pieces) would cost that much memory again."""
    out = _Out(fh)
    _pieces(TOP, out.write, m=model)
    splicer = _Splicer(out, (st.findings for h in model.hands for st in h.steps), model.labels)
    for h in model.hands:
        _pieces(HAND, splicer.feed, m=model, h=h)
    splicer.close()
    _pieces(BOTTOM, out.write, m=model)
    out.flush()


def _write_file(path: str | os.PathLike[str], write: Callable[[TextIO], None]) -> Path:
    """Write a page (UTF-8, LF) to ``path`` through ``write``, creating its folder: whole or not
    at all, and never through a symbolic link of that name (`paipu.outputs.write_output`)."""
    write_output(path, write)
    return Path(path)


def write_report(audit: Audit, path: str | os.PathLike[str], *, seat: Seat | None = None,
                 lang: Lang = "en") -> Path:
    """Render the report of an audit (made with ``views=True``) and write it to ``path``;
    returns the path.

    The page is streamed (`write_model`: the same bytes `render_report` gives); to a file
    beside ``path`` that takes its name once complete.  `write_record_report` makes the
    same page holding no step's table view, as the replay plays the record."""
    model = build_report_model(audit, seat=seat, lang=lang)
    return _write_file(path, lambda fh: write_model(model, fh))


@dataclass(frozen=True, slots=True)
class _HandPage:
    """What a hand's part of the page reads of the page (`m` in ``_hand.html.j2``)."""

    labels: Labels
    viewer: str | None


class _Written(Sequence[StepView]):
    """A hand's steps once its timeline is written: how many, and the last (the board shows the
    table as it is then); the others were let go as they were written."""

    __slots__ = ("_last", "_n")

    def __init__(self, n: int, last: StepView | None) -> None:
        self._n = n
        self._last = last

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> StepView: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[StepView]: ...

    def __getitem__(self, i: int | slice) -> StepView | Sequence[StepView]:
        if isinstance(i, int) and i in (self._n - 1, -1) and self._last is not None:
            return self._last
        raise IndexError(f"step {i} of the hand was written and let go")


class _HandWriter:
    """One hand's part of the page as the replay plays it: each step's table view is read once,
    by the board (`BoardBuilder`) and by the step's line of the timeline, written at once to
    ``timeline``, and let go.  Once the hand is settled, its top (title and board) is written to
    the page's spool, then the timeline, then its end (the scoring audit)."""

    def __init__(self, b: PageBuilder, hi: int, hand: HandRecord, first: TableView, timeline: TextIO) -> None:
        self.b = b
        self.hi = hi
        self.hand = hand
        self.wild = first.wild
        self.tm = b.tile_maker(self.wild)
        self.board = b.board_builder(self.tm)
        self.timeline = timeline
        timeline.seek(0)
        timeline.truncate()
        self.out = _Out(timeline)
        self.steps = 0
        self.last: StepView | None = None
        self.hu: list[tuple[int, Seat]] = []
        """Each `hu` step (its number and seat): its detail is written once the hand is settled."""
        self.hu_views: dict[int, TableView | None] = {}
        """The table after each `hu` (what a win's part of the scoring shows)."""
        self.pending: list[StepView] = []
        """Steps made and not yet written (`_STEPS_AT_ONCE` at most)."""
        self.written: StepView | None = None
        """The last step written (the timeline writes a step's odds only where they change)."""
        self.out.write(environment().get_template(STEP).module.begin(b.labels))  # type: ignore[attr-defined]

    def add(self, step: Step) -> None:
        """The next step of the hand, as it is played."""
        b, i = self.b, self.steps
        self.steps += 1
        a = step.action
        self.board.add(a, step.view)
        detail: str | None = None
        if isinstance(a, Hu):
            self.hu.append((i, a.seat))
            self.hu_views[i] = step.view
            detail = MARK_DETAIL
        sv = b.step_view(self.hi, i, step, self.hand, self.tm, None, detail=detail)
        self.pending.append(sv)
        self.last = sv
        if len(self.pending) >= _STEPS_AT_ONCE:
            self._write_steps()

    def _write_steps(self) -> None:
        if self.pending:
            _pieces(STEPS, self.out.write, steps=self.pending, prev0=self.written)
            self.written = self.pending[-1]
            self.pending = []

    def finish(self, result: HandResult, spool: TextIO, details: list[str]) -> HandView:
        """Write the hand to ``spool``; the details of its wins' steps are added to ``details``.
        (The findings its settlement added are shown at its last step: the audit keeps that
        step with them, `paipu.replay.session.finding_origin`.)"""
        b = self.b
        self._write_steps()
        self.out.write(environment().get_template(STEP).module.end())  # type: ignore[attr-defined]
        self.out.flush()
        contexts = hu_contexts(result, self.hu)
        details.extend(b.how(contexts[n][0]) if n in contexts else "" for n, _ in self.hu)
        hr = HandReplay(self.hand, [], result, [], {})
        board = self.board.board(result.dealer, made_as_read=True)
        rv = b.result(hr, self.tm, contexts, self.hu_views.get)
        hv = b.hand_view(self.hi, self.hand, result.dealer, self.wild, self.tm, board,
                         _Written(self.steps, self.last), rv)
        out = _Out(spool)
        m = _HandPage(b.labels, b.viewer)
        tiles = environment().get_template(TILES).module
        _pieces(HAND_TOP, out.write, m=m, h=hv, tiles=tiles)
        out.flush()
        timeline = self.timeline
        timeline.seek(0)
        while chunk := timeline.read(_WRITE_CHUNK):
            spool.write(chunk)
        _pieces(HAND_END, out.write, m=m, h=hv, tiles=tiles)
        out.flush()
        return hv


class HandPages(Observer):
    """Writes each hand's part of the page to ``spool`` as the replay plays it, holding none of
    its steps' table views: each is read once, by the hand's board and by the step's line of
    the timeline (written at once to ``timeline``, a file of the hand's timeline), and let go.
    The hand's top (title and board, which shows every step) is written once it is settled,
    then its timeline, then its end.

    The findings of the hand's steps are marked (`MARK_WORST`, `MARK_FINDINGS`), not
    written: the page numbers its findings in the record's order, known once the whole
    record is audited; `finish` writes the page around the hands with them in place."""

    def __init__(self, spool: TextIO, seat: Seat | None, lang: Lang, timeline: TextIO | None = None) -> None:
        self.spool = spool
        self.timeline: TextIO = timeline if timeline is not None else io.StringIO()
        self.seat = seat
        self.lang = lang
        self.builder: PageBuilder | None = None
        self.steps: list[int] = []
        """How many steps each hand written has."""
        self.differs: list[tuple[bool, bool]] = []
        """Each hand written: whether its recorded payments, and a recorded value, differ."""
        self.details: list[str] = []
        """The detail of each win's step written, in the order of the page."""
        self._hand: _HandWriter | None = None
        self._playable = True
        self._last: TableView | None = None

    def start_record(self, record: Record, ruleset: Ruleset) -> None:
        self.builder = PageBuilder(record, ruleset, self.seat, self.lang)

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        b = self.builder
        if b is None:
            raise RuntimeError("a hand was replayed before its record began")
        self._playable = playable
        st = engine.st
        view = st.view(engine.rs.marked_tiles(st))
        self._last = view
        self._hand = _HandWriter(b, index + 1, engine.hand, view, self.timeline)
        self._hand.add(Step(0, None, engine.hand.span, tuple(st.findings), view))

    def after_action(self, index: int, engine: HandEngine, action: Action, findings: list[Finding]) -> None:
        view = None
        if self._playable:
            view = engine.st.view(engine.rs.marked_tiles(engine.st)).sharing(self._last)
            self._last = view
        if self._hand is not None:
            self._hand.add(Step(index + 1, action, action.span, tuple(findings), view))

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        self._last = None
        hand, self._hand = self._hand, None
        if hand is None:
            raise RuntimeError("a hand was settled before it began")
        hv = hand.finish(result, self.spool, self.details)
        self.steps.append(len(hv.steps))
        self.differs.append(differ_flags(hv))

    def finish(self, audit: Audit, fh: TextIO) -> None:
        """The whole page, once ``audit`` is complete: its top, the hands written so far with
        their findings in place, its bottom."""
        b = self.builder
        if b is None:  # nothing was replayed: no hand was written
            b = PageBuilder(audit.record, audit.ruleset, self.seat, self.lang)
        b.attach(audit)
        b.locate_findings()
        model = b.page((), self.differs, b.finding_views(made_as_read=True),
                       b.record_finding_views(made_as_read=True))
        out = _Out(fh)
        _pieces(TOP, out.write, m=model)
        steps = (b.findings_at(hi, i) for hi, n in enumerate(self.steps, 1) for i in range(n))
        splicer = _Splicer(out, steps, model.labels, iter(self.details))
        self.spool.seek(0)
        while chunk := self.spool.read(_WRITE_CHUNK):
            splicer.feed(chunk)
        splicer.close()
        _pieces(BOTTOM, out.write, m=model)
        out.flush()


def write_record_report(text: str, name: str, path: str | os.PathLike[str], *,
                        options: dict[str, str] | None = None, annotate: bool = False,
                        seat: Seat | None = None, lang: Lang = "en") -> Audit:
    """Audit a record's ``text`` and write its report to ``path`` in the same single pass;
    returns the audit (its findings, as `audit_text` gives them without views).

    The page is the one `write_report` writes of ``audit_text(text, name, views=True, ...)``,
    byte for byte, but each step's line of the timeline is written as soon as the step is
    played, its table view let go once the hand's board has read it (`HandPages`), and each
    hand's part of the page written once it is settled (to a spool file, since the page
    opens with its summary): the memory a report takes is that of the audit and a few bytes
    a tile of the hand being played, not one table view a step.  A seat that does not play
    raises `ReportError` (a ValueError); nothing is written then."""
    target = Path(path)
    where = target.parent if not (target.exists() and not target.is_file()) else None
    if where is not None:
        where.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n", dir=where) as spool, \
            tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n", dir=where) as timeline:
        pages = HandPages(spool, seat, lang, timeline)
        audit = audit_text(text, name, options=options, annotate=annotate, observers=[pages])
        _write_file(target, lambda fh: pages.finish(audit, fh))
    return audit
