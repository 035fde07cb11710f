"""``paipu parse``, ``paipu fmt`` and ``paipu check``: reading, writing and auditing records."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import click

from paipu.auditing import Audit, audit_text
from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_HELP,
    EXIT_OK,
    InputProblem,
    Inputs,
    echo,
    parse_overrides,
    print_findings,
    progress_bar,
    shown,
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.expect import compare_results, find_expected, key_of, load_expected
from paipu.findings import has_errors
from paipu.grammar.parser import ParseResult, parse
from paipu.grammar.writer import format_record
from paipu.limits import json_text
from paipu.record import to_json
from paipu.replay.ruleset import OptionError


@click.command("parse", epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print each record as JSON, with the line and column of every item.")
def parse_cmd(paths: tuple[str, ...], as_json: bool) -> None:
    """Parse records and summarise them (or print them as JSON).

    PATHS are record files or folders (searched for *.paipu and *.paipu.gz).
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    for path, text in inputs:
        result = parse(text)
        if has_errors(result.findings):
            status = max(status, EXIT_FINDINGS)
        if as_json:
            click.echo(
                json_text(
                    {
                        "file": str(path),
                        "ok": result.ok,
                        "findings": [f.to_json() for f in result.findings],
                        "record": to_json(result.record),
                    },
                )
            )
        else:
            print_findings(result.findings, str(path), text)
            echo(_summary(str(path), result))
    sys.exit(max(status, inputs.status))


def _summary(name: str, result: ParseResult) -> str:
    rec = result.record
    actions = sum(len(h.actions) for h in rec.hands)
    errors = sum(1 for f in result.findings if f.severity == "error")
    ruleset = rec.header.ruleset or "no ruleset"
    verdict = "ok" if errors == 0 else f"{errors} error{'s' if errors != 1 else ''}"
    hands = len(rec.hands)
    return (
        f"{name}: {ruleset}, {hands} hand{'s' if hands != 1 else ''}, "
        f"{actions} action{'s' if actions != 1 else ''}: {verdict}"
    )


@click.command("fmt", epilog=EXIT_HELP + "With --check, 1 also means a file is not in canonical form.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True, help="Print nothing; exit 1 if a file is not in canonical form.")
def fmt_cmd(paths: tuple[str, ...], check: bool) -> None:
    """Print records in canonical form.

    Canonical form: English keywords, canonical tile notation (packed runs, deals sorted),
    one tag per line, one action per line, annotations kept beside their item.
    A record with syntax errors is not rewritten: its errors are printed instead.
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    for path, text in inputs:
        result = parse(text)
        syntax = [f for f in result.findings if f.severity == "error"]
        if syntax:
            print_findings(syntax, str(path), text)
            status = max(status, EXIT_FINDINGS)
            continue
        out = format_record(result.record)
        if check:
            if out != text:
                echo(f"{path}: not in canonical form (run `paipu fmt {path}`)", err=True)
                status = max(status, EXIT_FINDINGS)
        else:
            click.echo(shown(out) if sys.stdout.isatty() else out, nl=False)  # raw but on a terminal
    sys.exit(max(status, inputs.status))


@click.command("check", epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per file (format in docs/findings.md#json-output) instead of text.")
@click.option("--option", "-o", "overrides", multiple=True, metavar="NAME=VALUE",
              help="Override a ruleset option of every record (repeatable), e.g. -o min_tai=2.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings, no summary lines.")
@click.option("--expect", "expect_path", type=click.Path(dir_okay=False), default=None,
              help="Compare with expected results (the output of `check --json`); print every difference.")
@click.option("--base", "base", type=click.Path(file_okay=False), default=None,
              help="With --expect: the folder the expected results' relative paths start from (default: the "
                   "current folder, where `check --json` wrote them), wherever the results file is kept.")
@click.option("--annotate", is_flag=True,
              help="Add teaching notes: each discard against the best one, wins and claims let pass.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Audit in this many processes (default: the machine's cores); the output is the same.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: on a terminal, from 50 files).")
def check_cmd(paths: tuple[str, ...], as_json: bool, overrides: tuple[str, ...], quiet: bool,
              expect_path: str | None, base: str | None, annotate: bool, jobs: int | None,
              progress: bool | None) -> None:
    """Replay records and audit every action, win and payment.

    Prints every finding compiler-style (FILE:LINE:COL: severity[code] message (rule id)),
    then one summary line per file. PATHS are record files or folders (searched for
    *.paipu and *.paipu.gz).
    """
    opts = parse_overrides(overrides)
    if expect_path is not None:
        try:
            expected = load_expected(expect_path, base)
        except InputError as e:
            raise InputProblem(str(e)) from None
        sys.exit(_check_expected(paths, opts, expected))
    inputs = Inputs(paths)
    status = EXIT_OK
    totals = {"files": 0, "error": 0, "warning": 0}
    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    show = progress if progress is not None else (sys.stderr.isatty() and len(inputs.files) >= PROGRESS_FROM)
    with progress_bar(len(inputs.files), "checking", show) as advance:
        for checked in _checked_files(inputs, opts, annotate, as_json, quiet, jobs):
            advance(1)
            if checked.option_error is not None:
                raise InputProblem(checked.option_error)
            totals["files"] += 1
            totals["error"] += checked.errors
            totals["warning"] += checked.warnings
            if checked.failed:
                status = max(status, EXIT_FINDINGS)
            click.echo(checked.output, nl=False)
    if not as_json and not quiet and totals["files"] > 1:
        click.echo(
            f"{_n(totals['files'], 'file')} checked: {_n(totals['error'], 'error')}, "
            f"{_n(totals['warning'], 'warning')}"
        )
    sys.exit(max(status, inputs.status))


PROGRESS_FROM = 50
"""``check`` shows a progress bar on a terminal from this many files on (or with ``--progress``)."""
BATCH = 8
"""Files sent to a worker at a time by ``check --jobs``."""


@dataclass(frozen=True)
class Checked:
    """One file's audit as ``check`` prints it: the text (or JSON line) and its tallies."""

    output: str
    errors: int = 0
    warnings: int = 0
    failed: bool = False
    option_error: str | None = None


def check_file(name: str, text: str, opts: dict[str, str], annotate: bool, as_json: bool, quiet: bool) -> Checked:
    """Audit one record and render what ``check`` prints for it (the same in a worker process)."""
    try:
        audit = audit_text(text, name, options=opts, annotate=annotate)
    except OptionError as e:
        return Checked("", option_error=str(e))
    counts = audit.counts()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if as_json:
            click.echo(json_text(audit.to_json()))
        else:
            print_findings(audit.findings, name, text)
            if not quiet:
                echo(check_summary(audit))
    return Checked(out.getvalue(), counts["error"], counts["warning"], failed=not audit.ok)


def _check_batch(batch: list[tuple[str, str]], opts: dict[str, str], annotate: bool, as_json: bool,
                 quiet: bool) -> list[Checked]:
    return [check_file(name, text, opts, annotate, as_json, quiet) for name, text in batch]


def _checked_files(inputs: Inputs, opts: dict[str, str], annotate: bool, as_json: bool, quiet: bool,
                   jobs: int) -> Iterator[Checked]:
    """Each file's `Checked`, in the order of the files, from ``jobs`` processes.

    Workers get a file's name and text and send back the text to print, so their output is
    the very bytes one job prints; at most ``4 * jobs`` batches are in flight.
    """
    if jobs <= 1 or len(inputs.files) <= 1:
        for path, text in inputs:
            yield check_file(str(path), text, opts, annotate, as_json, quiet)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    def batches() -> Iterator[list[tuple[str, str]]]:
        batch: list[tuple[str, str]] = []
        for path, text in inputs:
            batch.append((str(path), text))
            if len(batch) >= BATCH:
                yield batch
                batch = []
        if batch:
            yield batch

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[list[Checked]]] = deque()
        for batch in batches():
            pending.append(pool.submit(_check_batch, batch, opts, annotate, as_json, quiet))
            while len(pending) >= 4 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()


def _check_expected(paths: tuple[str, ...], opts: dict[str, str], expected: dict[str, dict[str, Any]]) -> int:
    """``check --expect``: every difference from the expected results; 1 if there is any."""
    inputs = Inputs(paths)
    status = EXIT_OK
    differing = 0
    seen: set[str] = set()
    for path, text in inputs:
        want = find_expected(expected, path)
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
        return f"{audit.name}: not replayed (it does not parse): {verdict}"
    wins = sum(1 for h in rp.hands if h.result.result == "win")
    drawn = sum(1 for h in rp.hands if h.result.result == "exhausted")
    scores = " ".join(f"{s} {v:+d}" for s, v in rp.scores.items())
    return (
        f"{audit.name}: {rp.ruleset_name or '?'}, {_n(len(rp.hands), 'hand')} "
        f"({wins} won, {drawn} exhausted): {verdict}" + (f"; scores {scores}" if scores else "")
    )


