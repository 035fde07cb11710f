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
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TextIO

from jinja2 import BaseLoader, ChoiceLoader, DictLoader, Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from paipu.auditing import Audit, audit_text
from paipu.outputs import write_output
from paipu.record import Seat
from paipu.reports.build import HandsWriter, PageBuilder, build_report_model
from paipu.reports.labels import Labels, Lang
from paipu.reports.model import FindingView, HandView, ReportModel, TileView

TOP = "_page_top.html.j2"
"""The page down to its summary (`ReportModel` without its hands)."""
HAND = "_hand.html.j2"
"""One hand of the page; while the record is still being replayed, its findings marked (`MARK_FINDINGS`)."""
HAND_FINDINGS = "_hand_findings.html.j2"
"""The findings of one hand, written where its mark is."""
BOTTOM = "_page_bottom.html.j2"
"""The end of the page: its script and the data the script draws from."""

_MARK = "<\x00"
"""How a mark begins.  Nothing else in a page can: every text from a record is escaped
(``<`` is written ``&lt;``) and the templates write no NUL."""
MARK_FINDINGS = Markup(_MARK + "f>")
"""Where a hand's findings go."""
_MARK_LEN = len(MARK_FINDINGS)
_FINDINGS_AT_ONCE = 64
"""Findings a hand's mark is replaced with per piece written (each made as it is read)."""


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def tile_html(t: TileView) -> Markup:
    """One tile as the page draws it: an empty ``<i>`` whose classes give its picture (its name
    is given by the page's script, or here as its tooltip where the model has one)."""
    if t.title:
        return Markup(f'<i class="{t.css}" title="{escape(t.title)}"></i>')
    return Markup(f'<i class="{t.css}"></i>')


def tiles_html(ts: Iterable[TileView]) -> Markup:
    return Markup("".join(tile_html(t) for t in ts))


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
    env.filters["tile"] = tile_html
    env.filters["tiles"] = tiles_html
    env.globals["MARK_FINDINGS"] = MARK_FINDINGS
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False, "separators": (",", ":")}
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
    """Writes the hands' parts of the page, each hand's findings mark replaced by its findings.

    ``hands`` gives each hand's findings, in the order of the page; the text may come in pieces
    of any size (a mark cut in two is joined)."""

    def __init__(self, out: _Out, hands: Iterator[Sequence[FindingView]], labels: Labels) -> None:
        self.out = out
        self.hands = hands
        self.labels = labels
        self.carry = ""
        self.template = environment().get_template(HAND_FINDINGS)

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
            if kind != MARK_FINDINGS:
                raise ValueError(f"a mark the page does not know: {kind!r}")
            findings = next(self.hands)
            # A few at a time: a long hand can have a finding on every other line.
            for start in range(0, len(findings), _FINDINGS_AT_ONCE):
                self.out.write(self.template.render(findings=findings[start:start + _FINDINGS_AT_ONCE],
                                                    labels=self.labels))
            at = k + _MARK_LEN

    def close(self) -> None:
        if self.carry:
            self.out.write(self.carry)
            self.carry = ""
        if next(self.hands, None) is not None:
            raise ValueError("the page has fewer hands than their findings were placed at")


def _pieces(name: str, write: Callable[[str], None], **context: object) -> None:
    for piece in environment().get_template(name).generate(**context):
        write(piece)


def write_model(model: ReportModel, fh: TextIO) -> None:
    """Write the HTML page of a view model to ``fh`` piece by piece, as the template makes it.

    The page is never held whole: a report can be many times the size of its record, and
    joining it into one string (with its pieces) would cost that much memory again."""
    out = _Out(fh)
    _pieces(TOP, out.write, m=model)
    hand = environment().get_template(HAND)
    for h in model.hands:
        out.write(hand.render(m=model, h=h))
    _pieces(BOTTOM, out.write, m=model)
    out.flush()


def _write_file(path: str | os.PathLike[str], write: Callable[[TextIO], None]) -> Path:
    """Write a page (UTF-8, LF) to ``path`` through ``write``, creating its folder: whole or not
    at all, and never through a symbolic link of that name (`paipu.outputs.write_output`)."""
    write_output(path, write)
    return Path(path)


def write_report(audit: Audit, path: str | os.PathLike[str], *, seat: Seat | None = None,
                 lang: Lang = "en") -> Path:
    """Render the report of an audit and write it to ``path``; returns the path.

    The page is streamed (`write_model`: the same bytes `render_report` gives); to a file
    beside ``path`` that takes its name once complete.  `write_record_report` makes the
    same page in the audit's own replay pass."""
    model = build_report_model(audit, seat=seat, lang=lang)
    return _write_file(path, lambda fh: write_model(model, fh))


class ReportPages(HandsWriter):
    """Writes each hand's part of the page to ``spool`` as soon as the replay has settled it,
    holding one hand's worth at a time.  The hands' findings are marked (`MARK_FINDINGS`), not
    written: the page numbers its findings in the record's order, known once the whole record
    is audited; `finish` writes the page around the hands with them in place."""

    def __init__(self, spool: TextIO, seat: Seat | None, lang: Lang) -> None:
        super().__init__(None, self._write, seat=seat, lang=lang)
        self.spool = spool
        self.hands = 0

    def _write(self, hv: HandView) -> None:
        # A hand's part is a few kilobytes: made whole and written at once (piece by piece, its
        # thousand small pieces cost more than the page's own work).
        self.spool.write(environment().get_template(HAND).render(m=_HandPage(self.builder.labels), h=hv))
        self.hands += 1

    def finish(self, audit: Audit, fh: TextIO, **context: object) -> None:
        """The whole page, once ``audit`` is complete: its top, the hands written so far with
        their findings in place, its bottom.  ``context`` is given to the top's template besides
        the model (a review's summary, ``review``: `paipu.reports.review`)."""
        b = self.b if self.b is not None else PageBuilder(audit.record, audit.ruleset, self.seat, self.lang)
        b.attach(audit)
        b.locate_findings()
        model = b.page((), self.differs, b.finding_views(made_as_read=True),
                       b.record_finding_views(made_as_read=True))
        out = _Out(fh)
        _pieces(TOP, out.write, m=model, **context)
        splicer = _Splicer(out, (b.hand_finding_views(hi, made_as_read=True) for hi in range(1, self.hands + 1)),
                           model.labels)
        self.spool.seek(0)
        while chunk := self.spool.read(_WRITE_CHUNK):
            splicer.feed(chunk)
        splicer.close()
        _pieces(BOTTOM, out.write, m=model)
        out.flush()


class _HandPage:
    """What a hand's part of the page reads of the page (`m` in ``_hand.html.j2``)."""

    __slots__ = ("labels",)

    def __init__(self, labels: Labels) -> None:
        self.labels = labels


def write_record_report(text: str, name: str, path: str | os.PathLike[str], *,
                        options: dict[str, str] | None = None, annotate: bool = False,
                        seat: Seat | None = None, lang: Lang = "en") -> Audit:
    """Audit a record's ``text`` and write its report to ``path`` in the same single pass;
    returns the audit (its findings, as `audit_text` gives them without views).

    The page is the one `write_report` writes of the same audit, byte for byte: each hand's
    part is made once the replay has settled the hand (its table read off the engine step by
    step as it was played) and written to a spool file, since the page opens with its summary;
    the memory a report takes is that of the audit and one hand's part.  A seat that does not
    play raises `ReportError` (a ValueError); nothing is written then."""
    target = Path(path)
    where = target.parent if not (target.exists() and not target.is_file()) else None
    if where is not None:
        where.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n", dir=where) as spool:
        pages = ReportPages(spool, seat, lang)
        audit = audit_text(text, name, options=options, annotate=annotate, observers=[pages])
        _write_file(target, lambda fh: pages.finish(audit, fh))
    return audit
