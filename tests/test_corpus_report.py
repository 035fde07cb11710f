"""``paipu corpus report``: the HTML index, its charts, its links to record reports, its escaping."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlite_utils import Database

from paipu.cli.corpus import corpus_group
from paipu.corpus import corpus_stats, ingest, open_corpus
from paipu.corpus.report import COLUMNS, bar_chart, build_index_model, render_index, write_corpus_report
from paipu.sources import expand_paths

NASTY = "<script>alert(1)</script>"
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


class _Table(HTMLParser):
    """The records table's rows (cells as text) and every link."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.heads: list[str] = []
        self.links: list[str] = []
        self._in_body = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a":
            self.links.extend(v for k, v in attrs if k == "href" and v)

    def handle_endtag(self, tag: str) -> None:
        if tag == "tbody":
            self._in_body = False
        elif tag in ("td", "th") and self._cell is not None:
            text = "".join(self._cell).strip()
            if tag == "td" and self._in_body:
                self.rows[-1].append(text)
            elif tag == "th" and not self._in_body and not self.rows:
                self.heads.append(text)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("report")
    texts = [p.read_text(encoding="utf-8") for p in sorted((SAMPLES / "corpus" / "zhuji").glob("*.paipu"))[:2]]
    (root / "a.paipu").write_text(texts[0], encoding="utf-8")
    (root / "b.paipu").write_text(texts[1].replace('"bot-W"', f'"{NASTY}"'), encoding="utf-8")
    shutil.copy(SAMPLES / "invalid" / "zhuji" / "score-wrong-payment.paipu", root / "c-mutant.paipu")
    (root / "d-garbage.paipu").write_text('[Ruleset "zhuji"]\n[Option %%%]\n\nhand 1\n%%%\n', encoding="utf-8")
    (root / "e-binary.paipu").write_bytes(b"\x00\x01")
    return root


@pytest.fixture(scope="module")
def db(folder: Path) -> Database:
    d = open_corpus(":memory:")
    ingest(d, list(expand_paths([folder])))
    return d


@pytest.fixture(scope="module")
def out(db: Database, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("out")
    write_corpus_report(db, target)
    return target


def _table(out: Path) -> _Table:
    t = _Table()
    t.feed((out / "index.html").read_text(encoding="utf-8"))
    return t


def test_the_index_lists_every_record_with_its_status_and_finding_codes(out: Path, folder: Path) -> None:
    t = _table(out)
    assert t.heads == [c.title for c in COLUMNS]
    by_path = {row[1]: row for row in t.rows}
    assert set(by_path) == {str(p) for p in sorted(folder.iterdir())}
    mutant = by_path[str(folder / "c-mutant.paipu")]
    assert mutant[2] == "findings" and "score-mismatch" in mutant[8] and mutant[7] == "1"
    garbage = by_path[str(folder / "d-garbage.paipu")]
    assert garbage[2] == "failed" and "syntax" in garbage[8]
    for row in t.rows:
        assert row[2] in ("ok", "findings", "failed") and int(row[4]) >= 0


def test_records_with_the_most_errors_come_first(out: Path) -> None:
    errors = [int(row[5]) for row in _table(out).rows]
    assert errors == sorted(errors, reverse=True) and errors[0] > 0


def test_every_link_leads_to_a_written_record_report(out: Path, folder: Path) -> None:
    t = _table(out)
    links = [ln for ln in t.links if ln.startswith("records/")]
    assert len(links) == 4  # not the binary file: it has no text to report on
    for link in links:
        page = (out / link).read_text(encoding="utf-8")
        assert page.startswith("<!DOCTYPE html>") and "paipu" in page
    assert sorted(p.name for p in (out / "records").iterdir()) == sorted(Path(ln).name for ln in links)


def test_names_are_escaped_not_run(out: Path) -> None:
    html = (out / "index.html").read_text(encoding="utf-8")
    assert NASTY not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'document.querySelectorAll("table[data-sortable]")' in html  # the page's own script is not escaped


def test_the_charts_show_findings_by_code_and_values_of_wins(db: Database) -> None:
    model = build_index_model(db)
    stats = corpus_stats(db)
    assert [b.label for b in model.findings_chart.bars] == [f.code for f in stats.findings]
    with_wins = [r for r in stats.rulesets if r.values]
    assert [c.title for c in model.values_charts] == [f"Values of wins: {r.ruleset} ({r.unit})" for r in with_wins]
    for chart, r in zip(model.values_charts, with_wins, strict=True):
        assert [(b.label, b.count) for b in chart.bars] == [(str(v), n) for v, n in r.values.items()]
        widest = max(chart.bars, key=lambda b: b.count)
        assert all(b.width <= widest.width for b in chart.bars)


def test_a_bar_chart_scales_bars_to_the_largest_count() -> None:
    chart = bar_chart("t", "none", [("a", 10, "", ""), ("b", 5, "", ""), ("c", 0, "", "")])
    assert [b.width for b in chart.bars] == [300, 150, 1]
    assert chart.height == 8 + 20 * 3


def test_the_same_database_gives_the_same_bytes(db: Database, out: Path, tmp_path: Path) -> None:
    write_corpus_report(db, tmp_path)
    assert (tmp_path / "index.html").read_bytes() == (out / "index.html").read_bytes()
    assert render_index(build_index_model(db, links={})) == render_index(build_index_model(db, links={}))


def test_a_record_whose_file_changed_is_listed_without_a_link(folder: Path, tmp_path: Path) -> None:
    moved = tmp_path / "records"
    moved.mkdir()
    (moved / "a.paipu").write_text((folder / "a.paipu").read_text(encoding="utf-8"), encoding="utf-8")
    d = open_corpus(":memory:")
    ingest(d, [moved / "a.paipu"])
    (moved / "a.paipu").write_text("changed\n", encoding="utf-8")
    result = write_corpus_report(d, tmp_path / "out")
    assert result.listed == 1 and result.pages == 0
    assert 'href="records/' not in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_the_limit_lists_fewer_records_and_says_so(db: Database) -> None:
    model = build_index_model(db, limit=2)
    assert len(model.records) == 2 and "2 of 5" in model.listed_note


def test_report_command_writes_the_index(folder: Path, tmp_path: Path) -> None:
    db_path = tmp_path / "c.db"
    d = open_corpus(db_path)
    ingest(d, list(expand_paths([folder])))
    d.close()
    result = CliRunner().invoke(corpus_group, ["report", "--db", str(db_path), "-o", str(tmp_path / "site"),
                                               "--no-record-pages"])
    assert result.exit_code == 0, result.output
    assert re.search(r"index\.html: 5 records listed, 0 record reports written", result.output)
    assert not (tmp_path / "site" / "records").exists()
