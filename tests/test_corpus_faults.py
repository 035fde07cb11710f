"""The corpus under faults: a damaged file, values SQLite cannot store, a read-only file,
a second writer, and worker processes that die or lose their parent."""

from __future__ import annotations

import dataclasses
import importlib
import multiprocessing
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paipu.cli import main
from paipu.corpus import db as corpus_db
from paipu.corpus import rows as corpus_rows
from paipu.corpus.db import CorpusError, open_corpus
from paipu.corpus.ingest import ingest, write_record
from paipu.corpus.rows import OVER_LIMIT, RecordRows, audit_source, read_source, unstorable
from paipu.sim.parallel import end_with_parent

corpus_ingest = importlib.import_module("paipu.corpus.ingest")  # the package exports a function of that name
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples/valid/zhuji").glob("*.paipu"))


def _ingested(tmp_path: Path, name: str = "a.db") -> Path:
    db_path = tmp_path / name
    result = CliRunner().invoke(main, ["corpus", "ingest", "-q", "--db", str(db_path), *map(str, SAMPLES)])
    assert result.exit_code == 0, result.output
    return db_path


def _damage(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.seek(8192)
        fh.write(bytes((i * 97 + 13) % 256 for i in range(size - 8192)))


@pytest.mark.parametrize("command", [["stats"], ["report", "-o", "{out}"], ["ingest", "-q", "{sample}"]])
def test_a_damaged_corpus_is_reported_damaged_with_exit_2(tmp_path: Path, command: list[str]) -> None:
    db_path = _ingested(tmp_path)
    _damage(db_path)
    args = [a.format(out=tmp_path / "out", sample=SAMPLES[0]) for a in command]
    result = CliRunner().invoke(main, ["corpus", args[0], "--db", str(db_path), *args[1:]])
    assert result.exit_code == 2, result.output
    assert "the corpus is damaged" in result.output
    assert "re-ingest" in result.output
    assert "Traceback" not in result.output


def test_diff_with_a_damaged_corpus_is_reported_damaged_with_exit_2(tmp_path: Path) -> None:
    good = _ingested(tmp_path, "good.db")
    bad = _ingested(tmp_path, "bad.db")
    _damage(bad)
    result = CliRunner().invoke(main, ["corpus", "diff", str(good), str(bad)])
    assert result.exit_code == 2, result.output
    assert "damaged" in result.output


def test_ingest_checks_the_files_integrity_before_writing(tmp_path: Path) -> None:
    db_path = _ingested(tmp_path)
    _damage(db_path)
    with pytest.raises(CorpusError, match="damaged"):
        open_corpus(db_path)


def test_a_value_past_64_bits_is_not_stored_but_kept_as_a_failed_record_with_a_finding(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = corpus_rows.rows_from_audit

    def huge(*args: Any, **kwargs: Any) -> RecordRows:
        rows = real(*args, **kwargs)
        return dataclasses.replace(rows, score_rows=(("E", None, 2**70),))

    monkeypatch.setattr(corpus_rows, "rows_from_audit", huge)
    rows = audit_source(read_source(SAMPLES[0]))
    assert rows.status == "failed"
    assert rows.finding_rows[0][2] == OVER_LIMIT
    db = open_corpus(":memory:")
    write_record(db, rows, "now")
    assert db.execute("SELECT code FROM findings").fetchone()[0] == OVER_LIMIT


def test_unstorable_finds_the_first_value_past_64_bits() -> None:
    rows = audit_source(read_source(SAMPLES[0]))
    assert unstorable(rows) is None
    assert unstorable(dataclasses.replace(rows, hands=-(2**63) - 1)) == -(2**63) - 1


def test_a_read_only_corpus_is_read_by_stats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db_path = _ingested(tmp_path)
    monkeypatch.setattr(corpus_db, "_read_only_file", lambda p: True)
    db = open_corpus(db_path, create=False, read_only=True)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.execute("DELETE FROM records")
    db.close()
    result = CliRunner().invoke(main, ["corpus", "stats", "--db", str(db_path)])
    assert result.exit_code == 0, result.output


def test_a_writer_waits_for_another_writers_lock(tmp_path: Path) -> None:
    db_path = _ingested(tmp_path)
    holder = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(1.0, lambda: holder.execute("COMMIT"))
    release.start()
    try:
        db = open_corpus(db_path)
        started = time.perf_counter()
        corpus_ingest.add_path(db, "elsewhere.paipu", 1)
        assert time.perf_counter() - started >= 0.5
        assert db.execute("SELECT COUNT(*) FROM paths WHERE path = 'elsewhere.paipu'").fetchone()[0] == 1
    finally:
        release.join()
        holder.close()


def _die(*args: object) -> list[RecordRows]:
    os._exit(9)


def test_a_worker_that_dies_is_an_error_message_not_a_traceback(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the dying task is patched in by forking")
    monkeypatch.setattr(corpus_ingest, "audit_sources", _die)
    result = CliRunner().invoke(main, ["corpus", "ingest", "-q", "-j", "2", "--db", str(tmp_path / "w.db"),
                                       *map(str, SAMPLES)])
    assert result.exit_code == 2
    assert "a worker process died" in result.output
    assert "BrokenProcessPool" not in result.output


def _watched_sleep(parent: int) -> None:
    end_with_parent(parent, every=0.05)
    time.sleep(30)


def test_a_worker_ends_when_its_parent_is_gone() -> None:
    # No process has the id -1: to the watch, the parent is gone from the start.
    child = multiprocessing.Process(target=_watched_sleep, args=(-1,))
    child.start()
    child.join(timeout=10)
    assert child.exitcode == 1


def test_ingest_with_jobs_stores_every_record(tmp_path: Path) -> None:
    db = open_corpus(tmp_path / "j.db")
    summary = ingest(db, SAMPLES, jobs=2)
    assert summary.new == len(SAMPLES)
