"""The corpus at scale: an ingest killed with SIGKILL leaves only whole records; Dask ingest."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli.corpus import corpus_group
from paipu.corpus import CorpusError, ingest, open_corpus
from paipu.sources import expand_paths

COPIES = 40
SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "corpus" / "zhuji"


@dataclass(frozen=True)
class Expected:
    hands: int
    actions: int
    scores: int


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Expected]]:
    """120 records: 3 of the checked-in corpus, 40 copies each with a comment of its own at the
    end (the same lines and actions, new content), and what each base record's rows must be."""
    root = tmp_path_factory.mktemp("many")
    expected: dict[str, Expected] = {}
    for src in sorted(SAMPLES.glob("*.paipu"))[:3]:
        text = src.read_text(encoding="utf-8")
        audit = audit_text(text)
        assert audit.replay is not None
        stem = src.name.removesuffix(".paipu")
        expected[stem] = Expected(len(audit.replay.hands), sum(len(h.actions) for h in audit.record.hands),
                                  len(audit.replay.scores))
        for c in range(COPIES):
            (root / f"{stem}-{c:03d}.paipu").write_text(text + f"; copy {c}\n", encoding="utf-8")
    return root, expected


def _check_whole(db_path: Path, expected: dict[str, Expected]) -> int:
    """Every stored record is whole: its hands, actions, scores and path are all there."""
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        records = con.execute("SELECT id, path, hands FROM records").fetchall()
        for rid, path, hands in records:
            want = expected[Path(path).name.rsplit("-", 1)[0]]
            assert hands == want.hands, path
            for table, n in (("hands", want.hands), ("actions", want.actions), ("scores", want.scores),
                             ("paths", 1)):
                got = con.execute(f"SELECT COUNT(*) FROM {table} WHERE record_id = ?", (rid,)).fetchone()[0]
                assert got == n, (path, table)
        return len(records)
    finally:
        con.close()


def _records(db_path: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=0.1)
        try:
            return int(con.execute("SELECT COUNT(*) FROM records").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_an_ingest_killed_with_sigkill_leaves_whole_records_and_a_rerun_completes(
        many: tuple[Path, dict[str, Expected]], tmp_path: Path) -> None:
    folder, expected = many
    db_path = tmp_path / "killed.db"
    proc = subprocess.Popen([sys.executable, "-m", "paipu.cli.corpus", "ingest", str(folder), "--db",
                             str(db_path), "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    try:
        while _records(db_path) < 10:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "the ingest stored nothing in a minute"
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    stored = _check_whole(db_path, expected)
    total = 3 * COPIES
    assert 10 <= stored < total, "killed too late to show anything"
    db = open_corpus(db_path)
    summary = ingest(db, list(expand_paths([folder])))
    db.close()
    assert summary.duplicates == stored and summary.new == total - stored
    assert _check_whole(db_path, expected) == total


def _content(db_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = sqlite3.connect(db_path)
    try:
        out = {}
        for table in ("hands", "actions", "findings", "scores", "paths"):
            out[table] = sorted(con.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
        out["records"] = con.execute("SELECT id, path, sha256, status, hands, errors FROM records "
                                     "ORDER BY id").fetchall()
        return out
    finally:
        con.close()


def test_dask_ingest_gives_the_same_database_as_a_local_one(many: tuple[Path, dict[str, Expected]],
                                                             tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="distributed is not installed (pip install 'paipu[dask]')")
    from paipu.corpus.distributed import ingest_dask

    folder, _ = many
    files = list(expand_paths([folder]))[::COPIES // 4]  # 12 records, every base record
    local = tmp_path / "local.db"
    db = open_corpus(local)
    ingest(db, files)
    db.close()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        on_dask = tmp_path / "dask.db"
        db = open_corpus(on_dask)
        summary = ingest_dask(db, files, client, batch=3)
        db.close()
        assert summary.new == len(files)
        assert _content(on_dask) == _content(local)
        via_cli = tmp_path / "cli.db"
        result = CliRunner().invoke(corpus_group, ["ingest", *[str(f) for f in files], "--db", str(via_cli),
                                                   "--dask", cluster.scheduler_address, "-q"])
        assert result.exit_code == 0, result.output
        assert _content(via_cli) == _content(local)


def test_dask_without_distributed_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         many: tuple[Path, dict[str, Expected]]) -> None:
    from paipu.corpus.distributed import connect

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(CorpusError, match=r"pip install 'paipu\[dask\]'"):
        connect("tcp://127.0.0.1:8786")
    result = CliRunner().invoke(corpus_group, ["ingest", str(many[0]), "--db", str(tmp_path / "x.db"),
                                               "--dask", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert "paipu: error: --dask needs the distributed package" in result.output
    assert "pip install 'paipu[dask]'" in result.output
