"""``paipu corpus``: thin click commands over `paipu.corpus`, with the CLI's shared conventions
(`paipu.cli.common`; differences or findings exit status 1)."""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click
from sqlite_utils import Database

from paipu.cli.common import (
    EXIT_HELP,
    EXIT_INTERNAL,
    REPORT_BUGS,
    PaipuGroup,
    echo,
    echo_err,
    from_flag,
    json_flag,
    known_format,
    out_flag,
)
from paipu.cli.common import plural as _n
from paipu.corpus.db import CorpusError, locked_or_damaged, open_corpus
from paipu.corpus.diff import DiffSummary, RecordDiff, diff_corpora, diff_expected
from paipu.corpus.ingest import IngestSummary, Progress, default_jobs, ingest
from paipu.corpus.stats import corpus_stats, format_stats
from paipu.errors import InputError
from paipu.expect import load_expected
from paipu.limits import MAX_JOBS, json_text
from paipu.sources import expand_paths

EXIT_OK, EXIT_DIFFERENT, EXIT_USAGE = 0, 1, 2
DEFAULT_DB = "paipu.db"

F = TypeVar("F", bound=Callable[..., Any])


class CorpusProblem(click.ClickException):
    """A usage or input problem: printed as ``paipu: error: …``, exit status 2."""

    exit_code = EXIT_USAGE

    def show(self, file: object = None) -> None:
        echo_err(self.format_message())


def db_option(create: bool) -> Callable[[F], F]:
    """The shared ``--db`` option."""
    text = "The corpus database (created if missing)." if create else "The corpus database."
    return click.option("--db", "db_path", default=DEFAULT_DB, show_default=True,
                        type=click.Path(dir_okay=False), help=text)


def _open(path: str, *, create: bool) -> Database:
    """The corpus at ``path``; a reading command (``create=False``) opens a file it may not write read-only."""
    try:
        return open_corpus(path, create=create, read_only=not create)
    except CorpusError as e:
        raise CorpusProblem(str(e)) from None


@contextmanager
def _reading(path: str) -> Iterator[None]:
    """A damaged or locked corpus met while reading is one line and exit 2, never a traceback."""
    try:
        yield
    except sqlite3.DatabaseError as e:
        raise CorpusProblem(str(locked_or_damaged(path, e))) from None


@click.group("corpus", cls=PaipuGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_HELP)
def corpus_group() -> None:
    """Many records in one SQLite database: ingest, statistics, regression diffs, an HTML index.

    The database opens with sqlite3 and datasette; docs/corpus.md describes every table
    and gives example queries.
    """


# ------------------------------------------------------------------ ingest

def _collect(paths: tuple[str, ...], on_problem: Callable[[str, str], None],
             fmt: str | None = None) -> tuple[list[Path], int]:
    """Record files and logs named or found in folders; a missing path or an empty folder is a
    usage problem (printed, and told to ``on_problem(path, message)``).  A file found in a
    folder that is plain text and neither a record nor a log (a README) is named and skipped."""
    from paipu.importers.logs import is_record_name, log_format
    from paipu.importers.registry import importer_suffixes
    from paipu.sources import RECORD_SUFFIXES

    files: list[Path] = []
    status = EXIT_OK
    suffixes = (*RECORD_SUFFIXES, *importer_suffixes(fmt))

    def problem(raw: str, message: str) -> None:
        nonlocal status
        echo_err(message)
        on_problem(raw, message)
        status = EXIT_USAGE

    for raw in paths:
        p = Path(raw)
        if not p.exists():
            problem(raw, f"{raw}: no such file or folder")
            continue
        problems: list[str] = []
        found = list(expand_paths([raw], problems.append, suffixes, "files"))
        for message in problems:
            problem(message.split(": ", 1)[0], message)
        if not found and p.is_dir():
            problem(raw, f"{raw}: no records or logs in this folder")
        for f in found:
            if p.is_dir() and not is_record_name(f) and log_format(f, fmt) == (None, False):
                echo(f"paipu: {f}: skipped: plain text that is neither a record nor a log paipu reads", err=True)
                continue
            files.append(f)
    return files, status


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Progress | None]:
    """A progress bar on stderr: files done of all, ETA, and the rate in hands per second."""
    if not show:
        yield None
        return
    start = time.perf_counter()
    with click.progressbar(length=total, label="ingesting", file=sys.stderr, show_pos=True, show_eta=True,
                           item_show_func=lambda s: s) as bar:
        last = 0

        def update(done: int, hands: int) -> None:
            nonlocal last
            rate = hands / max(time.perf_counter() - start, 1e-9)
            bar.update(done - last, f"{rate:,.0f} hands/s")
            last = done

        yield update


def format_ingest(db_path: str, s: IngestSummary) -> str:
    parts = [f"{_n(s.new, 'new record')} ({_n(s.hands, 'hand')}"]
    if s.with_findings:
        parts.append(f"; {s.with_findings} with error findings")
    if s.failed:
        parts.append(f"; {s.failed} could not be read or parsed")
    parts.append(")")
    return (f"{db_path}: {_n(s.files, 'file')}: {''.join(parts)}, {s.duplicates} already stored; "
            f"{s.seconds:.1f} s, {s.hands_per_second:,.0f} hands/s")


@corpus_group.command("ingest", epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@db_option(create=True)
@click.option("--jobs", "-j", type=click.IntRange(min=0, max=MAX_JOBS), default=None, metavar="N",
              help="Audit in this many worker processes (default or 0: one per CPU).")
@click.option("--no-actions", is_flag=True,
              help="Do not store each action (the actions table is most of a corpus's size).")
@click.option("--dask", "dask_address", metavar="ADDRESS", default=None,
              help="Audit on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); "
                   "the workers must see the files at the same paths. Needs pip install 'paipu[dask]'.")
@click.option("--batch", type=click.IntRange(min=1), default=16, show_default=True,
              help="With --dask: how many files make one task.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: when standard error is a terminal).")
@json_flag("Print the summary as one JSON object (files, new records, hands, failed, already stored, time).")
@from_flag()
def ingest_cmd(paths: tuple[str, ...], db_path: str, jobs: int | None, no_actions: bool, dask_address: str | None,
               batch: int, quiet: bool, progress: bool | None, as_json: bool, fmt: str | None) -> None:
    """Audit record files and platforms' logs and store them in the corpus database.

    PATHS are record files, logs (Botzone, Tenhou, mjai; told by their content, each game
    stored as a record named LOG or LOG#GAME-ID) or folders (searched recursively for
    *.paipu, *.paipu.gz and the logs' files).
    Each record is written in one transaction, so an interrupted ingest leaves only whole
    records and running it again completes it. Content already stored (same bytes, any
    path) is not stored again. A file that cannot be read or parsed is stored as a failed
    record with its diagnostics.

    Exit status: 0 when every file was stored (findings are data, not failures), 2 for a
    usage problem (a missing path, an empty folder, a database that cannot be used).
    """
    if dask_address is not None and jobs is not None:
        raise CorpusProblem("--jobs and --dask do not go together: the cluster's workers do the auditing")
    unreadable: list[dict[str, str]] = []
    fmt = known_format(fmt)
    files, status = _collect(paths, lambda path, message: unreadable.append({"file": path, "problem": message}),
                             fmt)
    client = None
    if dask_address is not None:
        from paipu.corpus.distributed import connect

        try:
            client = connect(dask_address)
        except CorpusError as e:
            raise CorpusProblem(str(e)) from None
    try:
        db = _open(db_path, create=True)
        try:
            show = progress if progress is not None else sys.stderr.isatty()
            with _progress(len(files), not quiet and show and bool(files)) as update:
                if client is not None:
                    from paipu.corpus.distributed import ingest_dask

                    summary = ingest_dask(db, files, client, batch=batch, actions=not no_actions, progress=update)
                else:
                    summary = ingest(db, files, jobs=jobs or default_jobs(), actions=not no_actions,
                                     progress=update, fmt=fmt)
        except sqlite3.DatabaseError as e:
            raise CorpusProblem(f"{locked_or_damaged(db_path, e)}; the records stored so far are kept") from None
        except BrokenProcessPool:
            raise CorpusProblem("a worker process died (killed, or out of memory); the records stored so far "
                                "are kept: run the same ingest again to store the rest") from None
        finally:
            db.close()
    finally:
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    if as_json:
        click.echo(json_text(ingest_json(db_path, summary, unreadable), indent=2))
    elif not quiet:
        echo(format_ingest(db_path, summary))
    if summary.internal:
        # Stored as failed (so the batch went on), but a bug all the same: never a clean exit.
        echo_err(f"internal error: the audit of {_n(summary.internal, 'record')} raised (stored as failed, "
                 f"with finding internal-error; `paipu check` names the error); {REPORT_BUGS}")
        sys.exit(EXIT_INTERNAL)
    sys.exit(status)


def ingest_json(db_path: str, s: IngestSummary, unreadable: list[dict[str, str]]) -> dict[str, object]:
    """``corpus ingest --json``: the summary line's figures by name, and the paths not found."""
    return {"db": db_path, "files": s.files, "new": s.new, "hands": s.hands, "with_findings": s.with_findings,
            "failed": s.failed, "internal_errors": s.internal, "duplicates": s.duplicates,
            "statuses": dict(sorted(s.statuses.items())),
            "unreadable": unreadable, "seconds": round(s.seconds, 3)}


# ------------------------------------------------------------------ stats

@corpus_group.command("stats", epilog=EXIT_HELP)
@db_option(create=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text tables.")
@click.option("--ruleset", "ruleset", default=None, metavar="NAME",
              help="Count only the records of this ruleset (by name or alias: zhuji, mcr, riichi, …).")
def stats_cmd(db_path: str, as_json: bool, ruleset: str | None) -> None:
    """Counts over the corpus: records, hands and results, findings by code and severity; then
    for each ruleset, in its own unit (台, 番, han…), the scoring items and values by frequency,
    and per player the records, hands, wins and total score."""
    name = None
    if ruleset is not None:
        from paipu.replay.ruleset import ruleset_class

        try:
            name = ruleset_class(ruleset).name
        except KeyError as e:
            raise CorpusProblem(str(e.args[0])) from None
    db = _open(db_path, create=False)
    try:
        with _reading(db_path):
            stats = corpus_stats(db, name)
    finally:
        db.close()
    if as_json:
        click.echo(json_text(stats.to_json(), indent=2))
    else:
        echo(format_stats(stats))


# ------------------------------------------------------------------ diff

@corpus_group.command("diff", epilog=EXIT_HELP)
@click.argument("first", type=click.Path(dir_okay=False))
@click.argument("second", type=click.Path(dir_okay=False), required=False)
@click.option("--expected", "expected_path", type=click.Path(dir_okay=False), default=None,
              help="Compare FIRST with expected results (the JSON lines of `paipu check --json`) instead.")
@click.option("--base", "base", type=click.Path(file_okay=False), default=None,
              help="With --expected: the folder its relative paths start from (default: the current folder).")
@json_flag("Print one JSON object: the counts, and each differing record with its differences.")
def diff_cmd(first: str, second: str | None, expected_path: str | None, base: str | None, as_json: bool) -> None:
    """Every record and hand whose verdict, value or payments differ, one line each.

    `paipu corpus diff A.db B.db` matches records by content hash (A is the baseline);
    `paipu corpus diff A.db --expected FILE.jsonl` matches them by path with the output of
    `paipu check --json` run on the same paths.

    Exit status: 0 when nothing differs, 1 when something does, 2 for a usage problem.
    """
    if (second is None) == (expected_path is None):
        raise CorpusProblem("give a second database or --expected FILE, one of the two")
    db = _open(first, create=False)
    summary = DiffSummary()
    found: list[RecordDiff] = []
    show: Callable[[Iterator[RecordDiff]], None] = found.extend if as_json else _print_diffs
    try:
        if expected_path is not None:
            try:
                expected = load_expected(expected_path, base)
            except InputError as e:
                raise CorpusProblem(str(e)) from None
            diffs: Iterator[RecordDiff] = diff_expected(db, expected, summary)
            with _reading(first):
                show(diffs)
        else:
            assert second is not None
            other = _open(second, create=False)
            try:
                with _reading(f"{first} or {second}"):
                    show(diff_corpora(db, other, summary))
            finally:
                other.close()
    finally:
        db.close()
    if as_json:
        click.echo(json_text({"compared": summary.compared, "differing": summary.differing,
                               "missing": list(summary.missing),
                               "records": [{"path": d.path, "sha256": d.sha256, "differences": list(d.lines)}
                                           for d in found]}, indent=2))
    elif summary.differing:
        echo(f"{_n(summary.compared, 'record')} compared: {_n(summary.differing, 'difference')}")
    else:
        echo(f"{_n(summary.compared, 'record')} compared: all the same")
    sys.exit(EXIT_DIFFERENT if summary.differing else EXIT_OK)


def _print_diffs(diffs: Iterator[RecordDiff]) -> None:
    for d in diffs:
        for line in d.format():
            echo(line)


# ------------------------------------------------------------------ report

@corpus_group.command("report", epilog=EXIT_HELP)
@db_option(create=False)
@out_flag("--output", dest="out_dir", file=False, required=True,
          help="The folder to write index.html (and records/ID.html) into.")
@click.option("--limit", type=click.IntRange(min=0), default=200, show_default=True,
              help="List at most this many records, those with the most errors first (0: all).")
@click.option("--no-record-pages", is_flag=True, help="Only the index: no report page for each record.")
def report_cmd(db_path: str, out_dir: str, limit: int, no_record_pages: bool) -> None:
    """Write an HTML index of the corpus: a sortable table of records and their findings,
    charts of findings by code and of the values of wins, and a link to each record's
    report (written from the record file when it is still at its path, unchanged)."""
    from paipu.corpus.report import write_corpus_report

    db = _open(db_path, create=False)
    try:
        with _reading(db_path):
            result = write_corpus_report(db, Path(out_dir), limit=limit or None, record_pages=not no_record_pages)
    except OSError as e:
        raise CorpusProblem(f"{out_dir}: cannot be written ({e.strerror or e})") from None
    finally:
        db.close()
    for problem in result.failed:
        echo_err(problem)
    echo(f"{result.index}: {_n(result.listed, 'record')} listed, {_n(result.pages, 'record report')} written")


if __name__ == "__main__":  # pragma: no cover - `python -m paipu.cli.corpus`, before it is registered
    corpus_group()
