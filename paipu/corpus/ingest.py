"""Ingest: audit record files (here, in worker processes or on a Dask cluster) and store them.

One process writes: the one that calls `ingest`.  Workers only audit and return rows
(`paipu.corpus.rows`), so the database never sees two writers, and each record is written in
one transaction of its own: a crash leaves every record either whole or absent.

Work is submitted a bounded window at a time and results are taken in submission order, so
memory stays flat however large the corpus, and record ids come out the same with one job,
two jobs or a cluster.
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeVar

from sqlite_utils import Database

from paipu.corpus.db import immediate
from paipu.corpus.rows import INTERNAL_ERROR, RecordRows, Source, audit_source, audit_sources, read_sources
from paipu.sim.parallel import ResultLike, end_with_parent, in_order

T = TypeVar("T", covariant=True)
B = TypeVar("B")
R = TypeVar("R")
Outcome = Literal["new", "duplicate", "replaced"]

Progress = Callable[[int, int], None]
"""Called after each file with (files done, hands stored so far)."""


@dataclass
class IngestSummary:
    """What an ingest did: every file was stored, found already stored, or is a failed record."""

    files: int = 0
    new: int = 0
    """Records stored for the first time (failed ones included)."""
    duplicates: int = 0
    """Files whose content was already stored (from an earlier run or another path in this one)."""
    failed: int = 0
    """New records that could not be read or parsed."""
    with_findings: int = 0
    """New records with at least one error finding."""
    internal: int = 0
    """New records whose audit raised (a bug in paipu): stored as failed, and the ingest's exit status is 3."""
    hands: int = 0
    """Hands of the new records."""
    seconds: float = 0.0
    statuses: dict[str, int] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0


# ------------------------------------------------------------------ the single writer

_RECORD_SQL = (
    "INSERT INTO records (path, sha256, status, ruleset, options, players, tags, hands, errors, warnings, "
    "notes, paipu_version, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_HAND_SQL = (
    "INSERT INTO hands (record_id, number, dealer, result, winners, value, shape, items, wins, payments, "
    "recorded_payments, payments_differ, multiplier) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_ACTION_SQL = "INSERT INTO hand_actions (record_id, hand, first_idx, actions) VALUES (?, ?, ?, ?)"
_FINDING_SQL = (
    "INSERT INTO findings (record_id, hand, severity, code, line, column, message, rule) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
_SCORE_SQL = "INSERT INTO scores (record_id, seat, player, score) VALUES (?, ?, ?, ?)"
_PATH_SQL = "INSERT OR IGNORE INTO paths (path, record_id) VALUES (?, ?)"

RECORD_TABLES = ("hands", "hand_actions", "findings", "scores", "paths")
"""The tables whose rows belong to a record (by record_id)."""


def delete_record(db: Database, record_id: int) -> None:
    for table in RECORD_TABLES:
        db.execute(f"DELETE FROM {table} WHERE record_id = ?", [record_id])
    db.execute("DELETE FROM records WHERE id = ?", [record_id])


_BROKEN_AUDIT = (f"status = 'failed' AND EXISTS (SELECT 1 FROM findings WHERE findings.record_id = records.id "
                 f"AND findings.code = '{INTERNAL_ERROR}')")
"""A record whose audit raised: its content was never audited whole."""


def known_record(db: Database, sha256: str) -> int | None:
    """The record stored with this content, if any; one whose audit raised does not count (the
    failure was paipu's or the machine's, not the content's), so a later ingest audits the
    content again and replaces it."""
    row = db.execute(f"SELECT id FROM records WHERE sha256 = ? AND NOT ({_BROKEN_AUDIT})", [sha256]).fetchone()
    return int(row[0]) if row else None


def add_path(db: Database, path: str, record_id: int) -> None:
    with immediate(db):
        db.execute(_PATH_SQL, [path, record_id])


def write_record(db: Database, rows: RecordRows, ingested_at: str) -> tuple[Outcome, int]:
    """Store one record's rows in one transaction; the same content twice is stored once.

    Content that is already stored only gains its path.  A record whose audit raised never
    counts as stored: the same content audited again replaces it, and so does a file that
    could not be read at all (so has no hash) at the same path: a re-run retries it rather than
    piling up copies.
    """
    conn = db.conn
    with immediate(db):
        outcome: Outcome = "new"
        if rows.sha256 is not None:
            existing = known_record(db, rows.sha256)
            if existing is not None:
                conn.execute(_PATH_SQL, (rows.path, existing))
                return "duplicate", existing
            failed = conn.execute(f"SELECT id FROM records WHERE sha256 = ? AND {_BROKEN_AUDIT}",
                                  (rows.sha256,)).fetchall()
        else:
            failed = conn.execute("SELECT id FROM records WHERE sha256 IS NULL AND path = ?", (rows.path,)).fetchall()
        for (old,) in failed:
            delete_record(db, int(old))
            outcome = "replaced"
        cur = conn.execute(
            _RECORD_SQL,
            (rows.path, rows.sha256, rows.status, rows.ruleset, rows.options, rows.players, rows.tags, rows.hands,
             rows.errors, rows.warnings, rows.notes, rows.paipu_version, ingested_at),
        )
        rid = cur.lastrowid
        assert rid is not None
        conn.executemany(_HAND_SQL, [(rid, *h) for h in rows.hand_rows])
        conn.executemany(_ACTION_SQL, ((rid, *a) for a in rows.action_rows))
        conn.executemany(_FINDING_SQL, ((rid, *f) for f in rows.finding_rows))  # one row made at a time
        conn.executemany(_SCORE_SQL, [(rid, *s) for s in rows.score_rows])
        conn.execute(_PATH_SQL, (rows.path, rid))
    return outcome, rid


def batched(items: Iterable[R], size: int) -> Iterator[list[R]]:
    batch: list[R] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


BATCH_FILES = 4
"""At most this many files go to a worker in one task …"""
BATCH_CHARS = 64 * 1024
"""… and no more text than this (a larger file goes alone): a task's cost (sending it, waking
a worker, taking the result back) is shared by the hands of several small records, while the
records in flight, and the rows a batch holds, stay a bounded amount of text."""


def by_size(sources: Iterable[Source], files: int = BATCH_FILES, chars: int = BATCH_CHARS) -> Iterator[list[Source]]:
    """Batches of read records, in order: up to ``files`` files and ``chars`` characters each
    (a file larger than that alone).  A batch is given as soon as it is full, so a large file
    is never held while the one after it is read."""
    batch: list[Source] = []
    size = 0
    for source in sources:
        n = len(source.text) if source.text is not None else 0
        if batch and size + n > chars:
            yield batch
            batch, size = [], 0
        batch.append(source)
        del source  # held by the batch only, and let go with it (not kept here while it is audited)
        size += n
        if len(batch) >= files or size >= chars:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


class Writer:
    """One ingest: the writer's state and tallies."""

    def __init__(self, db: Database, total: int, progress: Progress | None, fmt: str | None = None) -> None:
        self.db = db
        self.fmt = fmt
        """The import format logs are read as (None: each log's own, told by its content)."""
        self.summary = IngestSummary(files=total)
        self.progress = progress
        self.done = 0
        self.ingested_at = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")

    def tick(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.summary.hands)

    def store(self, rows: RecordRows) -> None:
        self.store_all([rows])

    def store_all(self, batch: Sequence[RecordRows]) -> None:
        """Store a batch of records in one transaction (each record whole or, should the
        transaction not commit, absent), then count them."""
        with immediate(self.db):
            outcomes = [write_record(self.db, rows, self.ingested_at)[0] for rows in batch]
        s = self.summary
        for rows, outcome in zip(batch, outcomes, strict=True):
            if outcome == "duplicate":
                s.duplicates += 1
            else:
                s.new += 1
                s.hands += rows.hands if rows.status != "failed" else 0
                s.statuses[rows.status] = s.statuses.get(rows.status, 0) + 1
                s.failed += rows.status == "failed"
                s.internal += rows.status == "failed" and any(f[2] == INTERNAL_ERROR for f in rows.finding_rows)
                s.with_findings += rows.status == "findings"
            self.tick()

    def new_sources(self, files: Sequence[str | Path]) -> Iterator[Source]:
        """Read each file here (a log's games one by one); content already stored only gains its path
        and is not audited again."""
        for source in (s for f in files for s in read_sources(f, self.fmt)):
            if source.sha256 is not None:
                rid = known_record(self.db, source.sha256)
                if rid is not None:
                    add_path(self.db, source.path, rid)
                    self.summary.duplicates += 1
                    self.tick()
                    continue
            given = [source]
            del source
            yield given.pop()  # not kept here while it is audited: its text is let go with its batch


def ingest(
    db: Database,
    files: Sequence[str | Path],
    *,
    jobs: int = 1,
    actions: bool = True,
    progress: Progress | None = None,
    executor: Executor | None = None,
    window: int | None = None,
    fmt: str | None = None,
) -> IngestSummary:
    """Audit and store record files and platforms' logs (already expanded: files, not folders);
    each game of a log is a record of its own, named as `paipu check` names it.

    ``jobs`` > 1 audits in that many worker processes (or give an ``executor``); files are
    read (logs converted), hashed and deduplicated here, and only new content is sent to be
    audited.  ``actions=False`` leaves the actions table empty (most of a corpus's size).
    ``fmt`` reads the files that are not records as logs of that import format.
    """
    start = time.perf_counter()
    run = Writer(db, len(files), progress, fmt)
    sources = run.new_sources(files)
    cache = db.execute("PRAGMA cache_size").fetchone()[0]
    db.execute(f"PRAGMA cache_size = {WRITE_CACHE}")
    try:
        _audit_and_store(run, sources, jobs, actions, executor, window)
    finally:
        db.execute(f"PRAGMA cache_size = {int(cache)}")
    run.summary.seconds = time.perf_counter() - start
    return run.summary


WRITE_CACHE = -512
"""SQLite's page cache while an ingest writes, in KiB (negative: a size, not a count of pages).
The default, 2 MB, would fill with a long record's findings: ten times the record's own size
for one hand of 5,000 draws, each with a finding.  What passes it is written out to the file
before the transaction ends, as SQLite does for any transaction larger than its cache."""


def _audit_and_store(run: Writer, sources: Iterator[Source], jobs: int, actions: bool, executor: Executor | None,
                     window: int | None) -> None:
    """`ingest`'s audit of the new records (here, or in worker processes) and their writing."""
    if executor is None and jobs <= 1:
        for batch in by_size(sources):
            # Each record is audited and let go before the next; only its rows wait for the batch.
            run.store_all([audit_source(batch.pop(0), actions=actions) for _ in range(len(batch))])
    else:
        own = executor is None
        pool = executor or ProcessPoolExecutor(max_workers=jobs, initializer=end_with_parent, initargs=(os.getpid(),))
        try:
            width = window or max(2, jobs) * 2

            def submit(batch: list[Source]) -> ResultLike[list[RecordRows]]:
                return pool.submit(audit_sources, batch, actions)

            for results in in_order(submit, by_size(sources), width):
                run.store_all(results)
        finally:
            if own:
                pool.shutdown(wait=True, cancel_futures=True)


def default_jobs() -> int:
    return os.cpu_count() or 1
