"""``paipu corpus report``: an HTML index of a corpus, with a link to each record's own report.

The index is drawn from a documented view model (`IndexModel`) by one template, in a jinja2
environment set up like the record report's (autoescape, `StrictUndefined`) and sharing its
stylesheet.  Each record's page is `paipu.reports.write_report` of the record file, read
again from where it was ingested: the database keeps results, not record texts, so a record
whose file has moved or changed is listed without a link.  The output has no timestamp: the
same database gives the same files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment
from sqlite_utils import Database

from paipu.corpus.index_template import INDEX_NAME, INDEX_TEMPLATE, SORT_NAME, SORT_SCRIPT
from paipu.corpus.rows import read_source
from paipu.corpus.stats import CorpusStats, corpus_stats
from paipu.errors import missing_dependency
from paipu.outputs import write_output_text
from paipu.reports.render import make_environment

CHART_WIDTH = 560
LABEL_RIGHT = 200
BAR_LEFT = 208
BAR_MAX = 300
BAR_HEIGHT = 14
ROW = 20
MAX_BARS = 20


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    count: int
    title: str
    cls: str
    y: int
    text_y: int
    width: int
    count_x: int


@dataclass(frozen=True, slots=True)
class BarChart:
    title: str
    empty: str
    width: int
    height: int
    label_right: int
    bar_left: int
    bar_height: int
    bars: tuple[Bar, ...]


@dataclass(frozen=True, slots=True)
class Count:
    cls: str
    text: str


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    kind: str
    """``num`` sorts by the cell's ``data-v``; ``text`` by its text."""


@dataclass(frozen=True, slots=True)
class FindingTag:
    code: str
    count: int
    title: str


@dataclass(frozen=True, slots=True)
class RecordRow:
    id: int
    path: str
    status: str
    ruleset: str
    hands: int
    errors: int
    warnings: int
    payments_differ: int
    findings: tuple[FindingTag, ...]
    players: str
    link: str | None
    """The record's report, relative to the index; None when its file is gone or changed."""


@dataclass(frozen=True, slots=True)
class IndexModel:
    """Everything the index page shows, decided here so that the template only draws."""

    title: str
    summary: str
    counts: tuple[Count, ...]
    findings_chart: BarChart
    values_charts: tuple[BarChart, ...]
    """The values of wins, one chart per ruleset, in its own unit (a chart of all would add 台 to han)."""
    columns: tuple[Column, ...]
    records: tuple[RecordRow, ...]
    listed_note: str


@dataclass(frozen=True, slots=True)
class ReportResult:
    index: Path
    listed: int
    pages: int
    failed: tuple[str, ...] = ()
    """Records whose own report could not be made (listed without a link), with why."""


COLUMNS = (
    Column("#", "num"), Column("record", "text"), Column("status", "text"), Column("ruleset", "text"),
    Column("hands", "num"), Column("errors", "num"), Column("warnings", "num"), Column("payments ≠", "num"),
    Column("findings", "text"), Column("players", "text"),
)


def bar_chart(title: str, empty: str, rows: list[tuple[str, int, str, str]], *, most: int = MAX_BARS,
              cut: str = "first") -> BarChart:
    """Horizontal bars, one per (label, count, tooltip, css class), the longest for the largest
    count; past ``most`` rows the rest are left out and the title says so."""
    if len(rows) > most:
        title = f"{title} (the {most} {cut} of {len(rows)})"
        rows = rows[:most]
    top = max((n for _, n, _, _ in rows), default=1) or 1
    bars = []
    for i, (label, n, tip, cls) in enumerate(rows):
        width = max(1, round(BAR_MAX * n / top))
        y = 4 + i * ROW
        bars.append(Bar(label, n, tip, cls, y, y + BAR_HEIGHT - 3, width, BAR_LEFT + width + 6))
    return BarChart(title, empty, CHART_WIDTH, 8 + ROW * len(rows), LABEL_RIGHT, BAR_LEFT, BAR_HEIGHT, tuple(bars))


def _players(text: str) -> str:
    try:
        players = json.loads(text)
    except json.JSONDecodeError:
        return ""
    if not isinstance(players, dict):
        return ""
    return ", ".join(f"{seat} {name}" for seat, name in players.items() if str(name).strip())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_Row = tuple[int, str, str, str, int, int, int, int, str, str | None]


def _record_rows(db: Database, limit: int | None) -> list[_Row]:
    sql = """
    SELECT r.id, r.path, r.status, COALESCE(r.ruleset, ''), r.hands, r.errors, r.warnings,
           (SELECT COUNT(*) FROM hands h WHERE h.record_id = r.id AND h.payments_differ) AS differ,
           r.players, r.sha256
    FROM records r ORDER BY r.errors DESC, r.warnings DESC, r.id
    """
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return [tuple(row) for row in db.execute(sql)]


def _finding_tags(db: Database, record_id: int) -> tuple[FindingTag, ...]:
    rows = db.execute(
        "SELECT code, severity, COUNT(*), MIN(line), MIN(message) FROM findings WHERE record_id = ? "
        "GROUP BY code, severity ORDER BY MIN(line), code",
        [record_id],
    ).fetchall()
    return tuple(FindingTag(str(code), int(n), f"{sev}: {msg}" + (f" (line {line})" if line else ""))
                 for code, sev, n, line, msg in rows)


def _write_page(db: Database, record_id: int, sha256: str | None, target: Path) -> bool:
    """The record's own report, from the first of its paths that still holds the same bytes."""
    from paipu.reports.render import write_record_report

    if sha256 is None:
        return False
    for (path,) in db.execute("SELECT path FROM paths WHERE record_id = ? ORDER BY path", [record_id]).fetchall():
        source = read_source(path)
        if source.text is None or source.sha256 != sha256:
            continue
        write_record_report(source.text, str(path), target)
        return True
    return False


def build_index_model(db: Database, *, limit: int | None = 200, links: dict[int, str] | None = None,
                      stats: CorpusStats | None = None) -> IndexModel:
    """The index's view model; ``links`` maps record ids to their report pages."""
    s = stats or corpus_stats(db)
    links = links or {}
    rows = _record_rows(db, limit)
    records = tuple(
        RecordRow(rid, path, status, ruleset, hands, errors, warnings, differ, _finding_tags(db, rid),
                  _players(players), links.get(rid))
        for rid, path, status, ruleset, hands, errors, warnings, differ, players, _sha in rows
    )
    counts = tuple(Count(status, f"{n} {status}") for status, n in sorted(s.statuses.items()))
    results = ", ".join(f"{n} {k}" for k, n in s.results.items())
    summary = (f"{_plural(s.records, 'record')}, {_plural(s.hands, 'hand')}" + (f" ({results})" if results else "")
               + f"; recorded payments differ from the rules in {_plural(s.payments_differ, 'hand')}")
    findings_chart = bar_chart(
        "Findings by code", "No findings.",
        [(f.code, f.count, f"{f.severity}[{f.code}]: {f.count} in {_plural(f.records, 'record')}", f.severity)
         for f in s.findings],
        cut="most frequent",
    )
    values_charts = tuple(
        bar_chart(
            f"Values of wins: {r.ruleset}" + (f" ({r.unit})" if r.unit else ""), "No wins.",
            [(str(v), n, f"{v} {r.unit}: {_plural(n, 'win')}".replace("  ", " "), "") for v, n in r.values.items()],
            most=2 * MAX_BARS, cut="lowest values",
        )
        for r in s.rulesets if r.values
    ) or (bar_chart("Values of wins", "No wins.", []),)
    shown = len(records)
    note = f"{shown} of {s.records}, most errors first" if shown < s.records else f"all {s.records}"
    return IndexModel("paipu corpus", summary, counts, findings_chart, values_charts, COLUMNS, records,
                      f"({note}; click a heading to sort)")


def environment() -> Environment:
    """The record report's settings and templates (for the shared style), plus the index's own."""
    return make_environment({INDEX_NAME: INDEX_TEMPLATE, SORT_NAME: SORT_SCRIPT})


def render_index(model: IndexModel) -> str:
    return environment().get_template(INDEX_NAME).render(m=model)


def write_corpus_report(db: Database, out_dir: Path, *, limit: int | None = 200,
                        record_pages: bool = True) -> ReportResult:
    """Write ``index.html`` and, with ``record_pages``, ``records/ID.html`` for each listed record."""
    out_dir.mkdir(parents=True, exist_ok=True)
    links: dict[int, str] = {}
    failed: list[str] = []
    if record_pages:
        for row in _record_rows(db, limit):
            rid, path, sha = row[0], row[1], row[9]
            try:
                made = _write_page(db, rid, sha, out_dir / "records" / f"{rid}.html")
            except OSError:
                raise
            except Exception as e:  # one record's page must not cost the whole index
                if missing_dependency(e) is not None:
                    raise  # the environment's, not the record's
                failed.append(f"{path}: its report failed ({e.__class__.__name__}: {e})")
                continue
            if made:
                links[rid] = f"records/{rid}.html"
    model = build_index_model(db, limit=limit, links=links)
    index = out_dir / "index.html"
    write_output_text(index, render_index(model))
    return ReportResult(index, len(model.records), len(links), tuple(failed))
