"""``paipu check``: auditing records.

What auditing needs (the parser, the replay, the rulesets) is imported when a record is
checked, not when the command is defined: ``paipu check --help`` loads none of it, and
process pools are started (and imported) only for more than one job."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, cast

import click

from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_HELP,
    EXIT_OK,
    InputProblem,
    Inputs,
    PaipuCommand,
    echo,
    from_flag,
    json_flag,
    known_format,
    option_flag,
    parse_overrides,
    plural,
    print_findings,
    problem_json,
    progress_bar,
    skipped_json,
)
from paipu.cli.common import plural as _n
from paipu.cli.items import Item
from paipu.errors import InputError
from paipu.lang import LANGS
from paipu.limits import MAX_JOBS, json_text
from paipu.value import Frozen

if TYPE_CHECKING:
    from paipu.auditing import Audit
    from paipu.importers.logs import LogGame


@click.command("check", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@json_flag("Print one JSON object per file (format in docs/findings.md#json-output) instead of text; a "
           "path that cannot be read is an object too, with \"readable\": false.")
@option_flag()
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings, no summary lines.")
@click.option("--expect", "expect_path", type=click.Path(dir_okay=False), default=None,
              help="Compare with expected results (the output of `check --json`); print every difference.")
@click.option("--base", "base", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --expect: the folder the expected results' relative paths start from (default: the "
                   "current folder, where `check --json` wrote them), wherever the results file is kept.")
@click.option("--annotate", is_flag=True,
              help="Add teaching notes: each discard against the best one, wins and claims let pass.")
@click.option("--jobs", "-j", type=click.IntRange(min=1, max=MAX_JOBS), default=None, metavar="N",
              help="Audit in this many processes (default: the machine's cores); the output is the same.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: on a terminal, from 50 files).")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="The language of the findings and summary lines (--json keeps English messages).")
@from_flag()
def check_cmd(paths: tuple[str, ...], as_json: bool, overrides: tuple[str, ...], quiet: bool,
              expect_path: str | None, base: str | None, annotate: bool, jobs: int | None,
              progress: bool | None, lang: str, fmt: str | None) -> None:
    """Replay records and audit every action, win and payment.

    Prints every finding compiler-style (FILE:LINE:COL: severity[code] message (rule id)),
    then one summary line per file, and a total line for several. PATHS are record files,
    platforms' logs (Botzone, Tenhou mjlog or tenhou.net/6, mjai; told by their content) or
    folders of either (searched for *.paipu, *.paipu.gz and the logs' files). A log is
    checked where it is, converted in memory game by game: a finding names the line of the
    converted record (what `paipu import` writes) and the place in the log it comes from.
    An -O option a record's ruleset does not have is a bad-option finding on that record;
    the other records use it.
    """
    opts = parse_overrides(overrides)
    fmt = known_format(fmt)
    if expect_path is not None:
        from paipu.expect import load_expected

        try:
            expected = load_expected(expect_path, base)
        except InputError as e:
            raise InputProblem(str(e)) from None
        sys.exit(_check_expected(paths, opts, expected))
    inputs = Inputs(paths, logs=True, fmt=fmt)
    status = EXIT_OK
    totals = {"files": 0, "failed": 0, "error": 0, "warning": 0, "games": 0}
    logs: set[Path] = set()
    if as_json:
        for raw, message in inputs.folder_problems:
            click.echo(json_text(problem_json(raw, message)))
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    show = progress if progress is not None else (sys.stderr.isatty() and len(inputs.files) >= PROGRESS_FROM)
    with progress_bar(len(inputs.files), "checking", show) as advance:
        for checked in _dead_worker_said(_checked_files(inputs, opts, annotate, as_json, quiet, jobs, lang)):
            advance(1)
            click.echo(checked.output, nl=False)
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
        click.echo(total(totals["files"], totals["failed"], totals["error"], totals["warning"], inputs.unreadable,
                         totals["games"], len(logs), len(inputs.skipped)))
    sys.exit(max(status, inputs.status))


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
    log: Final[Path | None]
    """The log the record is a game of, when it is one."""

    def __init__(self, output: str, errors: int = 0, warnings: int = 0, failed: bool = False,
                 unreadable: bool = False, log: Path | None = None) -> None:
        self.output = output
        self.errors = errors
        self.warnings = warnings
        self.failed = failed
        self.unreadable = unreadable
        self.log = log


def check_file(name: str, text: str, opts: dict[str, str], annotate: bool, as_json: bool, quiet: bool,
               lang: str = "en", stream: bool = False, game: LogGame | None = None) -> Checked:
    """Audit one record (``game``: a game of a log, converted) and render what ``check`` prints
    for it (the same in a worker process).  With ``stream`` it is printed as it is made rather
    than returned: a record with a finding on every line prints many times its size, not to be
    held whole as well."""
    from paipu.lang import translated
    from paipu.lang.check import RULE_SUFFIX, summary_zh

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
            click.echo(json_text(result))
        else:
            print_findings((translated(f, lang) for f in audit.findings), name, text, RULE_SUFFIX[lang], game)
            if not quiet:
                echo(summary_zh(audit) if lang == "zh" else check_summary(audit))
    return Checked(out.getvalue(), counts["error"], counts["warning"], failed=not audit.ok,
                   log=Path(game.log) if game is not None else None)


def audit_text(text: str, name: str, *, options: dict[str, str] | None = None, annotate: bool = False) -> Audit:
    """`paipu.auditing.audit_text`, imported when the first record is checked."""
    from paipu.auditing import audit_text as audit

    return audit(text, name, options=options, annotate=annotate)


def _unreadable(item: Item, as_json: bool) -> Checked:
    """A path that could not be read, or was skipped, in the output's order (its line on stderr is
    printed already)."""
    if item.skipped is not None:
        return Checked(json_text(skipped_json(str(item.path), item.skipped)) + "\n" if as_json else "",
                       unreadable=True)
    output = json_text(problem_json(str(item.path), item.problem or "")) + "\n" if as_json else ""
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
    from) and send back the text to print, so their output is the very bytes one job prints;
    at most ``4 * jobs`` batches are in flight.
    """
    if jobs <= 1 or len(inputs.files) <= 1:
        for item in inputs.items():
            if item.text is None:
                yield _unreadable(item, as_json)
            else:
                yield check_file(item.name, item.text, opts, annotate, as_json, quiet, lang, stream=True,
                                 game=item.game)
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
                batch.append((item.name, item.text, item.game))
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


def _check_expected(paths: tuple[str, ...], opts: dict[str, str], expected: dict[str, dict[str, Any]]) -> int:
    """``check --expect``: every difference from the expected results; 1 if there is any."""
    from paipu.expect import compare_results, find_expected, key_of

    inputs = Inputs(paths)
    status = EXIT_OK
    differing = 0
    seen: set[str] = set()
    for path, text, _ in inputs.each():
        want = find_expected(expected, path)
        if text is None:
            # Its problem is printed and makes the exit status 2; a baseline that could not
            # read it either (``"readable": false``) holds no result for it.
            if want is not None:
                seen.add(key_of(path))
                echo(f"{path}: expected a result, but it could not be read")
                differing += 1
            continue
        if want is None:
            echo(f"{path}: no expected result")
            differing += 1
            continue
        seen.add(key_of(path))
        diffs = compare_results(want, audit_text(text, str(path), options=opts).to_json())
        for d in diffs:
            echo(f"{path}: {d}")
        differing += bool(diffs)
    if len(seen) < len(expected) and all(key_of(p) in expected for p in inputs.files):
        for key in sorted(set(expected) - seen):
            echo(f"{key}: expected, but not checked (missing file?)")
            differing += 1
    echo(f"{_n(len(inputs.files), 'file')} compared: {_n(differing, 'difference')}" if differing
               else f"{_n(len(inputs.files), 'file')} compared: all as expected")
    return max(status, inputs.status, EXIT_FINDINGS if differing else EXIT_OK)


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

