"""Ingest on a Dask distributed cluster: workers near the files audit, this process writes.

``distributed`` is optional (``pip install 'paipu[dask]'``) and imported only when a cluster
is asked for.  The workers run `paipu.corpus.rows.audit_paths`, so they need paipu installed
and must see the record files at the same paths as this process (shared or object storage
mounted alike); only the rows travel back, a bounded number of batches at a time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sqlite_utils import Database

from paipu.corpus.db import CorpusError
from paipu.corpus.ingest import IngestSummary, Progress, Writer, batched
from paipu.corpus.rows import RecordRows, audit_paths
from paipu.sim.parallel import ResultLike, in_order

if TYPE_CHECKING:
    from distributed import Client

INSTALL_HINT = "pip install 'paipu[dask]'"


def connect(address: str) -> Client:
    """A client of the scheduler at ``address`` (``tcp://host:8786``), or a `CorpusError` saying why not."""
    try:
        from distributed import Client
    except ImportError:
        raise CorpusError(f"--dask needs the distributed package, which is not installed: {INSTALL_HINT}") from None
    try:
        return Client(address, timeout="10s", set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as e:
        raise CorpusError(f"cannot reach the Dask scheduler at {address} ({e.__class__.__name__}: {e})") from None


def ingest_dask(
    db: Database,
    files: Sequence[str | Path],
    client: Client,
    *,
    batch: int = 16,
    actions: bool = True,
    progress: Progress | None = None,
    window: int | None = None,
) -> IngestSummary:
    """Audit ``files`` on the cluster behind ``client`` and store them here.

    ``batch`` files make one task, so that the scheduler's cost per task (about a
    millisecond) stays small beside the audit's.  At most ``window`` tasks (default twice
    the cluster's threads) are unfinished at a time, and their results are written in
    submission order, so the database is the same as a local ingest's.  The content hash
    is known only once a worker has read a file, so content already stored is audited
    again, then found and only gains its path.
    """
    start = time.perf_counter()
    writer = Writer(db, len(files), progress)
    threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
    width = window or max(4, 2 * threads)

    def submit(paths: list[str]) -> ResultLike[list[RecordRows]]:
        future: ResultLike[list[RecordRows]] = client.submit(audit_paths, paths, actions, pure=False)
        return future

    for results in in_order(submit, batched((str(f) for f in files), batch), width):
        writer.store_all(results)
    writer.summary.seconds = time.perf_counter() - start
    return writer.summary
