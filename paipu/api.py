"""The front door: the small, stable API that `paipu/__init__.py` exports (docs/api.md).

Every function here is a thin call into the library; none knows a rule.  Each imports what it
calls when it is called: `parse` does not load the replay, nor `audit` the reports.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database

    from paipu.auditing import Audit
    from paipu.corpus.ingest import IngestSummary
    from paipu.record import Record, Seat
    from paipu.replay.ruleset import Ruleset


def parse(text: str) -> Record:
    """The record a text holds.

    A text with syntax errors raises `RecordSyntaxError`, whose ``findings`` are every
    syntax error of the text (the parser goes on after each one).
    """
    from paipu.errors import RecordSyntaxError
    from paipu.findings import has_errors
    from paipu.grammar.parser import parse as _parse

    result = _parse(text)
    if has_errors(result.findings):
        first = next(f for f in result.findings if f.severity == "error")
        raise RecordSyntaxError(first.message, first.line, first.column, result.findings)
    return result.record


def get_ruleset(name: str, **options: object) -> Ruleset:
    """A ruleset by name or alias, with options: ``get_ruleset("zhuji", min_tai=2)``."""
    from paipu.replay.ruleset import get_ruleset as _get_ruleset

    return _get_ruleset(name, **options)


def audit(source: Record | str, *, ruleset: Ruleset | str | None = None, annotate: bool = False,
          views: bool = True, name: str = "<record>", options: dict[str, str] | None = None) -> Audit:
    """Replay a record (its text, or a `Record`) once and check everything in it.

    ``ruleset`` (an object or a name) replaces the one the record's header names; without it
    the header's ruleset and ``[Option]`` tags are used, with ``options`` on top.
    ``annotate`` adds teaching notes; ``views`` keeps a snapshot of the table after every step
    (`paipu.replay.result.TableView`, for tools that read them; ``views=False`` is faster when
    only the findings matter, and `render_html` needs no views).
    """
    from paipu.auditing import audit_record, audit_text
    from paipu.record import Record

    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if isinstance(source, Record):
        return audit_record(source, name, ruleset=rs, options=options, views=views, annotate=annotate)
    return audit_text(source, name, ruleset=rs, options=options, views=views, annotate=annotate)


def render_html(audit: Audit, *, seat: Seat | None = None, lang: str = "en") -> str:
    """The self-contained HTML report of an audit (its record replayed once more, under the
    audit's ruleset, with the page's observer; `paipu report` makes it in the audit's own pass).

    ``seat`` gives the teaching view of that seat; ``lang`` is ``"en"`` or ``"zh"``.
    """
    from paipu.reports.labels import LANGS
    from paipu.reports.render import render_report

    if lang not in LANGS:
        raise ValueError(f"unknown report language {lang!r}; the languages are: {', '.join(LANGS)}")
    return render_report(audit, seat=seat, lang=lang)


def simulate(ruleset: Ruleset | str, hands: int, seed: int, *, session_hands: int = 8) -> Iterator[tuple[str, str]]:
    """Legal games played by seeded bots: ``(file name, record text)`` per session."""
    from paipu.sim.simulate import simulate as _simulate

    return _simulate(ruleset, hands, seed, session_hands=session_hands)


def open_corpus(path: str | Path) -> Database:
    """A corpus database (created, and its schema migrated, as needed); ``":memory:"`` for tests."""
    from paipu.corpus.db import open_corpus as _open

    return _open(path)


def ingest(corpus: Database, paths: Sequence[str | Path], *, jobs: int = 1) -> IngestSummary:
    """Audit record files (and folders of them) into a corpus; records already there are skipped."""
    from paipu.corpus.ingest import ingest as _ingest
    from paipu.sources import expand_paths

    return _ingest(corpus, list(expand_paths(paths)), jobs=jobs)
