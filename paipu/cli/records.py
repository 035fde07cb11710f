"""``paipu parse``, ``paipu fmt`` and ``paipu check``: reading, writing and auditing records."""

from __future__ import annotations

import json
import sys
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
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.expect import compare_results, find_expected, key_of, load_expected
from paipu.findings import has_errors
from paipu.grammar.parser import ParseResult, parse
from paipu.grammar.writer import format_record
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
                json.dumps(
                    {
                        "file": str(path),
                        "ok": result.ok,
                        "findings": [f.to_json() for f in result.findings],
                        "record": to_json(result.record),
                    },
                    ensure_ascii=False,
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
            click.echo(out, nl=False)
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
@click.option("--annotate", is_flag=True,
              help="Add teaching notes: each discard against the best one, wins and claims let pass.")
def check_cmd(paths: tuple[str, ...], as_json: bool, overrides: tuple[str, ...], quiet: bool,
              expect_path: str | None, annotate: bool) -> None:
    """Replay records and audit every action, win and payment.

    Prints every finding compiler-style (FILE:LINE:COL: severity[code] message (rule id)),
    then one summary line per file. PATHS are record files or folders (searched for
    *.paipu and *.paipu.gz).
    """
    opts = parse_overrides(overrides)
    if expect_path is not None:
        try:
            expected = load_expected(expect_path)
        except InputError as e:
            raise InputProblem(str(e)) from None
        sys.exit(_check_expected(paths, opts, expected))
    inputs = Inputs(paths)
    status = EXIT_OK
    totals = {"files": 0, "error": 0, "warning": 0}
    for path, text in inputs:
        try:
            audit = audit_text(text, str(path), options=opts, annotate=annotate)
        except OptionError as e:
            raise InputProblem(str(e)) from None
        totals["files"] += 1
        counts = audit.counts()
        totals["error"] += counts["error"]
        totals["warning"] += counts["warning"]
        if not audit.ok:
            status = max(status, EXIT_FINDINGS)
        if as_json:
            click.echo(json.dumps(audit.to_json(), ensure_ascii=False, sort_keys=False))
            continue
        print_findings(audit.findings, str(path), text)
        if not quiet:
            echo(check_summary(audit))
    if not as_json and not quiet and totals["files"] > 1:
        click.echo(
            f"{_n(totals['files'], 'file')} checked: {_n(totals['error'], 'error')}, "
            f"{_n(totals['warning'], 'warning')}"
        )
    sys.exit(max(status, inputs.status))


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


