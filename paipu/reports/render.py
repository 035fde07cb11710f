"""Rendering the report model with jinja2: one self-contained, deterministic HTML file.

The environment escapes every value (autoescape) and fails on a missing one
(`StrictUndefined`), so a typo in a template is a test failure, not a blank, and a
player called ``<script>`` is shown as text.  The page fetches nothing: its CSS,
script and tile pictures are inline.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TextIO

from jinja2 import BaseLoader, ChoiceLoader, DictLoader, Environment, PackageLoader, StrictUndefined

from paipu.auditing import Audit
from paipu.record import Seat
from paipu.reports.build import build_report_model
from paipu.reports.labels import Lang
from paipu.reports.model import ReportModel

TEMPLATE = "report.html.j2"


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
    return env


@cache
def environment() -> Environment:
    """The record report's environment, built once."""
    return make_environment()


def render_model(model: ReportModel) -> str:
    """The HTML page of a view model."""
    return environment().get_template(TEMPLATE).render(m=model)


def render_report(audit: Audit, *, seat: Seat | None = None, lang: Lang = "en") -> str:
    """The report of an audited record as one self-contained HTML page.

    The same audit gives the same bytes every time: no timestamps, no random ids.
    ``seat`` makes a teaching view (see `build_report_model`); ``lang`` is "en" or "zh".
    """
    return render_model(build_report_model(audit, seat=seat, lang=lang))


def write_model(model: ReportModel, fh: TextIO) -> None:
    """Write the HTML page of a view model to ``fh`` piece by piece, as the template makes it.

    The page is never held whole: a report can be many times the size of its record, and
    joining it into one string (with its pieces) would cost that much memory again."""
    buffer: list[str] = []
    size = 0
    for piece in environment().get_template(TEMPLATE).generate(m=model):
        buffer.append(piece)
        size += len(piece)
        if size >= _WRITE_CHUNK:
            fh.write("".join(buffer))
            buffer.clear()
            size = 0
    fh.write("".join(buffer))


_WRITE_CHUNK = 1 << 16
"""Characters gathered before each write: few system calls, little memory."""


def write_report(audit: Audit, path: str | os.PathLike[str], *, seat: Seat | None = None,
                 lang: Lang = "en") -> Path:
    """Render the report and write it (UTF-8, LF) to ``path``, creating its folder; returns the path.

    The page is streamed (`write_model`: the same bytes `render_report` gives) to a file
    beside ``path`` that takes its name once complete, so a failure leaves no half page
    (a ``path`` that is no regular file, such as ``/dev/stdout``, is written directly)."""
    model = build_report_model(audit, seat=seat, lang=lang)
    out = Path(path)
    if out.exists() and not out.is_file():
        with out.open("w", encoding="utf-8", newline="\n") as fh:
            write_model(model, fh)
        return out
    if out.is_symlink():
        out = out.resolve()  # the file the link names is the one replaced, not the link
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_name(f".{out.name}.{os.getpid()}.part")
    try:
        with part.open("w", encoding="utf-8", newline="\n") as fh:
            write_model(model, fh)
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    return Path(path)
