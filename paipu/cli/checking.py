"""``paipu check`` without its command line: auditing the records named and printing the result.

`check_paths` is what ``paipu check PATHS`` does once its flags are read, by click
(`paipu.cli.records`) or, for a plain ``paipu check FILE…``, by `paipu.cli.launch` without
loading click at all.  What auditing needs (the parser, the replay, the rulesets) is imported
when a record is checked; process pools are started (and imported) only for more than one job.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, cast

from paipu.cli.inputs import Inputs
from paipu.cli.items import Item
from paipu.cli.output import (
    EXIT_FINDINGS,
    EXIT_OK,
    echo,
    plural,
    print_findings,
    problem_json,
    progress_bar,
    say,
    skipped_json,
)
from paipu.cli.output import plural as _n
from paipu.limits import json_text
from paipu.value import Frozen

if TYPE_CHECKING:
    from paipu.auditing import Audit
    from paipu.importers.logs import LogGame
    from paipu.record import Record


def check_paths(paths: tuple[str, ...], opts: dict[str, str], fmt: str | None = None, as_json: bool = False,
                quiet: bool = False, annotate: bool = False, jobs: int | None = None,
                progress: bool | None = None, lang: str = "en") -> int:
    """Check every record of ``paths`` (files, folders, logs), print each one's findings and
    summary (or JSON line) and, for several, the total line; the exit status."""
    inputs = Inputs(paths, logs=True, fmt=fmt)
    status = EXIT_OK
    totals = {"files": 0, "failed": 0, "error": 0, "warning": 0, "games": 0}
    logs: set[str] = set()
    if as_json:
        for raw, message in inputs.folder_problems:
            say(json_text(problem_json(raw, message)))
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    show = progress if progress is not None else (sys.stderr.isatty() and len(inputs.files) >= PROGRESS_FROM)
    with progress_bar(len(inputs.files), "checking", show) as advance:
        for checked in _dead_worker_said(_checked_files(inputs, opts, annotate, as_json, quiet, jobs, lang)):
            advance(1)
            say(checked.output, nl=False)
            if checked.unreadable:
                continue
            if checked.log is not None:
                totals["games"] += 1
                logs.add(checked.log)
            totals["files"] += 1
            totals["error"] += checked.errors
            totals["warning"] += checked.warnings
            if checked.failed:
                totals["failed"] += 1
                status = max(status, EXIT_FINDINGS)
    if not as_json and not quiet and totals["files"] + inputs.unreadable + len(inputs.skipped) > 1:
        from paipu.lang.check import totals_zh

        total = totals_zh if lang == "zh" else check_total
        say(total(totals["files"], totals["failed"], totals["error"], totals["warning"], inputs.unreadable,
                  totals["games"], len(logs), len(inputs.skipped)))
    return max(status, inputs.status)


def _dead_worker_said(checked: Iterator[Checked]) -> Iterator[Checked]:
    """``check --jobs``: a worker that died (killed, out of memory) ends the run with one line and
    exit 2 (the files not yet printed were not checked), not a traceback."""
    try:
        yield from checked
    except Exception as e:
        # Only a run with a process pool imports it: without one, no worker can have died.
        pools = sys.modules.get("concurrent.futures.process")
        if pools is None or not isinstance(e, pools.BrokenProcessPool):
            raise
        from paipu.cli.common import InputProblem  # (loads click, on this error path alone)

        raise InputProblem("a worker process died (killed, or out of memory); the files after the last one "
                           "printed were not checked: run the check again") from None


def check_total(files: int, failed: int, errors: int, warnings: int, unreadable: int, games: int = 0,
                logs: int = 0, skipped: int = 0) -> str:
    """The last line of ``check`` on several paths: what was checked (and how much of it was
    read from logs), how many files have errors, how many paths could not be read, so that
    neither hides the other (the exit status is 2 when a path could not be read, even if a
    file has an error), and how many were skipped as neither record nor log."""
    line = f"{plural(files, 'file')} checked"
    if logs:
        line += f" ({plural(games, 'game')} read from {plural(logs, 'log')})"
    if failed:
        line += f", {failed} with errors"
    line += f": {plural(errors, 'error')}, {plural(warnings, 'warning')}"
    if unreadable:
        line += f"; {plural(unreadable, 'path')} could not be read"
    if skipped:
        line += f"; {plural(skipped, 'file')} skipped as neither record nor log"
    return line


PROGRESS_FROM = 50
"""``check`` shows a progress bar on a terminal from this many files on (or with ``--progress``)."""
BATCH = 8
"""Files sent to a worker at a time by ``check --jobs``."""


class Checked(Frozen):
    """One record's audit as ``check`` prints it: the text (or JSON line) and its tallies."""

    __slots__ = _fields = ("output", "errors", "warnings", "failed", "unreadable", "log")
    output: Final[str]
    errors: Final[int]
    warnings: Final[int]
    failed: Final[bool]
    unreadable: Final[bool]
    log: Final[str | None]
    """The log the record is a game of, when it is one."""

    def __init__(self, output: str, errors: int = 0, warnings: int = 0, failed: bool = False,
                 unreadable: bool = False, log: str | None = None) -> None:
        self.output = output
        self.errors = errors
        self.warnings = warnings
        self.failed = failed
        self.unreadable = unreadable
        self.log = log


def check_file(name: str, text: str | None, opts: dict[str, str], annotate: bool, as_json: bool, quiet: bool,
               lang: str = "en", stream: bool = False, game: LogGame | None = None) -> Checked:
    """Audit one record (``game``: a game of a log, converted; ``text`` None: its text, written
    only if the audit needs it) and render what ``check`` prints for it (the same in a worker
    process).  With ``stream`` it is printed as it is made rather than returned: a record with a
    finding on every line prints many times its size, not to be held whole as well."""
    from paipu.lang import translated
    from paipu.lang.check import RULE_SUFFIX, summary_zh

    audit = None
    if game is not None and game.record is not None and not annotate:
        # A game of a log: its record is replayed as the importer made it, without reading its
        # text back (nor writing it, if not written yet); a game the replay finds anything in is
        # audited from its text, so that each finding has its place.
        audit = audit_record(game.record, name, text=text or "", options=opts)
        if audit.findings:
            audit = None
    if audit is None:
        if text is None:
            if game is None:
                raise ValueError("check_file needs the record's text or its game")
            text = game.text
        audit = audit_text(text, name, options=opts, annotate=annotate)
    counts = audit.counts()
    out = io.StringIO()
    with contextlib.nullcontext() if stream else contextlib.redirect_stdout(out):
        if as_json:
            result = audit.to_json()
            if game is not None:
                result.update(game.json_fields())
                for f in cast("list[dict[str, object]]", result["findings"]):
                    f["log"] = game.place(cast(int, f["line"]))
            say(json_text(result))
        else:
            print_findings((translated(f, lang) for f in audit.findings), name, audit.text, RULE_SUFFIX[lang], game)
            if not quiet:
                echo(summary_zh(audit) if lang == "zh" else check_summary(audit))
    return Checked(out.getvalue(), counts["error"], counts["warning"], failed=not audit.ok,
                   log=game.log if game is not None else None)


def audit_text(text: str, name: str, *, options: dict[str, str] | None = None, annotate: bool = False) -> Audit:
    """`paipu.auditing.audit_text`, imported when the first record is checked."""
    from paipu.auditing import audit_text as audit

    return audit(text, name, options=options, annotate=annotate)


def audit_record(record: Record, name: str, *, text: str, options: dict[str, str] | None = None) -> Audit:
    """`paipu.auditing.audit_record`, imported when the first game of a log is checked."""
    from paipu.auditing import audit_record as audit

    return audit(record, name, text=text, options=options)


def _unreadable(item: Item, as_json: bool) -> Checked:
    """A path that could not be read, or was skipped, in the output's order (its line on stderr is
    printed already)."""
    if item.skipped is not None:
        return Checked(json_text(skipped_json(item.path, item.skipped)) + "\n" if as_json else "",
                       unreadable=True)
    output = json_text(problem_json(item.path, item.problem or "")) + "\n" if as_json else ""
    return Checked(output, unreadable=True)


Task = tuple[str, str, "LogGame | None"]
"""A record for a worker to check: its name, its text, and the log game it is (or None)."""


def _check_batch(batch: list[Task], opts: dict[str, str], annotate: bool, as_json: bool,
                 quiet: bool, lang: str = "en") -> list[Checked]:
    return [check_file(name, text, opts, annotate, as_json, quiet, lang, game=game) for name, text, game in batch]


def _checked_files(inputs: Inputs, opts: dict[str, str], annotate: bool, as_json: bool, quiet: bool,
                   jobs: int, lang: str = "en") -> Iterator[Checked]:
    """Each record's `Checked`, in the order of the files, from ``jobs`` processes.

    Workers get a record's name and text (and, for a game of a log, where its lines come
    from, but not its record: `_sent`) and send back the text to print, so their output is the
    very bytes one job prints; at most ``4 * jobs`` batches are in flight.
    """
    if jobs <= 1 or len(inputs.files) <= 1:
        for item in inputs.items():
            if not item.readable:
                yield _unreadable(item, as_json)
            else:
                # A game of a log: its text is written only if its audit needs it (`check_file`).
                yield check_file(item.name, item.text if item.game is None else None, opts, annotate, as_json,
                                 quiet, lang, stream=True, game=item.game)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    from paipu.sim.parallel import end_with_parent

    # Each worker ends when this process is gone (``kill -9``), rather than wait on, re-parented.
    with ProcessPoolExecutor(max_workers=jobs, initializer=end_with_parent, initargs=(os.getpid(),)) as pool:
        # Each slot is a batch in a worker or an unreadable path, kept in the files' order.
        pending: deque[Future[list[Checked]] | list[Checked]] = deque()
        batch: list[Task] = []

        def ready(slot: Future[list[Checked]] | list[Checked]) -> list[Checked]:
            return slot if isinstance(slot, list) else slot.result()

        for item in inputs.items():
            if item.text is not None:
                batch.append((item.name, item.text, _sent(item.game)))
            if batch and (len(batch) >= BATCH or item.text is None):
                pending.append(pool.submit(_check_batch, batch, opts, annotate, as_json, quiet, lang))
                batch = []
            if item.text is None:
                pending.append([_unreadable(item, as_json)])
            while len(pending) >= 4 * jobs:
                yield from ready(pending.popleft())
        if batch:
            pending.append(pool.submit(_check_batch, batch, opts, annotate, as_json, quiet, lang))
        while pending:
            yield from ready(pending.popleft())


def _sent(game: LogGame | None) -> LogGame | None:
    """A game as a worker is sent it: without its record, which would cost several times more to
    pickle and unpickle than the worker's reading of its text does."""
    if game is None or game.record is None:
        return game
    from paipu.value import replace

    return replace(game, record=None)


def check_summary(audit: Audit) -> str:
    rp = audit.replay
    counts = audit.counts()
    verdict = f"{_n(counts['error'], 'error')}, {_n(counts['warning'], 'warning')}"
    if rp is None:
        return f"{audit.name}: not replayed (its ruleset or option tags cannot be read): {verdict}"
    wins, drawn, aborted = audit.outcomes()
    scores = " ".join(f"{s} {v:+d}" for s, v in rp.scores.items())
    aborts = ""
    if aborted:
        why = ", ".join(word if len(aborted) == 1 else f"{n} {word}" for word, n in aborted.items())
        aborts = f", {sum(aborted.values())} aborted ({why})"
    return (
        f"{audit.name}: {rp.ruleset_name or '?'}, {_n(len(rp.hands), 'hand')} "
        f"({wins} won, {drawn} exhausted{aborts}): {verdict}" + (f"; scores {scores}" if scores else "")
    )

