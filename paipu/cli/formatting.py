"""``paipu parse`` and ``paipu fmt``: reading records and writing them in canonical form."""

from __future__ import annotations

import json
import sys

import click

from paipu.cli.common import EXIT_FINDINGS, EXIT_HELP, EXIT_OK, Inputs, echo, print_findings
from paipu.findings import has_errors
from paipu.grammar.parser import ParseResult, parse
from paipu.grammar.writer import format_record
from paipu.record import to_json


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
