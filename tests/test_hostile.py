"""Hostile logs and a failing machine: each class of failure the importer and corpus fuzzing
found, rebuilt here from its description, with the behaviour the fix promises."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.corpus import ingest, open_corpus
from paipu.corpus.rows import INTERNAL_ERROR

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "valid" / "zhuji").glob("*.paipu"))


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


# ---------------------------------------------------------------- a failed ingest is never "stored"


def test_a_record_whose_audit_ran_out_of_memory_is_not_stored_and_the_ingest_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    victim = str(SAMPLES[-1])

    def starved(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise MemoryError
        return audit_text(text, name, **kw)

    monkeypatch.setattr("paipu.corpus.rows.audit_text", starved)
    db = open_corpus(":memory:")
    with pytest.raises(MemoryError):
        ingest(db, SAMPLES)
    assert db.execute("SELECT COUNT(*) FROM records WHERE path = ?", [victim]).fetchone()[0] == 0


def test_a_failed_record_does_not_make_its_content_count_as_stored(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    victim = str(SAMPLES[0])
    path = tmp_path / "c.db"

    def flaky(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise RuntimeError("boom")
        return audit_text(text, name, **kw)

    with monkeypatch.context() as m:
        m.setattr("paipu.corpus.rows.audit_text", flaky)
        db = open_corpus(path)
        first = ingest(db, SAMPLES)
        db.close()
    assert first.internal == 1 and first.failed == 1
    db = open_corpus(path)
    again = ingest(db, SAMPLES)  # the bug is gone: the content is audited again, not "already stored"
    assert again.duplicates == len(SAMPLES) - 1 and again.new == 1 and again.failed == 0
    (status, hands) = db.execute("SELECT status, hands FROM records WHERE path = ?", [victim]).fetchone()
    assert status != "failed" and hands > 0
    assert db.execute("SELECT COUNT(*) FROM findings WHERE code = ?", [INTERNAL_ERROR]).fetchone()[0] == 0
    assert db.execute("SELECT COUNT(*) FROM records").fetchone()[0] == len(SAMPLES)


def test_an_ingest_with_an_internal_error_exits_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    victim = str(SAMPLES[0])

    def flaky(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise RuntimeError("boom")
        return audit_text(text, name, **kw)

    monkeypatch.setattr("paipu.corpus.rows.audit_text", flaky)
    code, out = _run("corpus", "ingest", *map(str, SAMPLES), "--db", str(tmp_path / "c.db"), "--json", "-j", "1")
    assert code == 3
    assert json.loads(out[out.index("{"):out.rindex("}") + 1])["internal_errors"] == 1
    assert "internal error: the audit of 1 record raised" in out


def test_an_out_of_memory_ingest_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def starved(*args: Any, **kw: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr("paipu.corpus.rows.audit_text", starved)
    code, out = _run("corpus", "ingest", str(SAMPLES[0]), "--db", str(tmp_path / "c.db"), "-j", "1")
    assert code == 3 and "out of memory" in out and "Traceback" not in out
    with sqlite3.connect(tmp_path / "c.db") as con:
        assert con.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 0
