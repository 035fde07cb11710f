"""The corpus: many records audited into one SQLite database, for statistics and regression diffs.

``open_corpus(path)`` opens (or creates) a database and applies its migrations; ``ingest``
audits record files into it (in worker processes with ``jobs``, on a Dask cluster with
`paipu.corpus.distributed.ingest_dask`); ``corpus_stats`` counts what it holds;
``diff_corpora`` and ``diff_expected`` compare it with another corpus or with the output of
``paipu check --json``.  The command line is `paipu.cli.corpus.corpus_group`.
"""

from __future__ import annotations

from paipu.corpus.db import MIGRATIONS, SCHEMA_VERSION, CorpusError, migrate, open_corpus, schema_version
from paipu.corpus.diff import DiffSummary, RecordDiff, diff_corpora, diff_expected, record_result
from paipu.corpus.ingest import IngestSummary, ingest, write_record
from paipu.corpus.rows import RecordRows, audit_source, read_source
from paipu.corpus.stats import CorpusStats, corpus_stats, format_stats

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "CorpusError",
    "CorpusStats",
    "DiffSummary",
    "IngestSummary",
    "RecordDiff",
    "RecordRows",
    "audit_source",
    "corpus_stats",
    "diff_corpora",
    "diff_expected",
    "format_stats",
    "ingest",
    "migrate",
    "open_corpus",
    "read_source",
    "record_result",
    "schema_version",
    "write_record",
]
