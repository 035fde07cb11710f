"""``paipu export FORMAT RECORD…``: a record written in another platform's format (mjai)."""

from __future__ import annotations

import sys

import click

from paipu.cli.common import EXIT_FINDINGS, EXIT_HELP, EXIT_OK, Inputs, print_findings
from paipu.findings import has_errors
from paipu.grammar.parser import parse
from paipu.importers.mjai import MjaiError, mjai_lines, record_to_mjai

FORMATS = ("mjai",)


@click.command("export", epilog=EXIT_HELP)
@click.argument("fmt", metavar="FORMAT", type=click.Choice(FORMATS))
@click.argument("paths", nargs=-1, required=True, type=click.Path())
def export_cmd(fmt: str, paths: tuple[str, ...]) -> None:
    """Write riichi records in another format: mjai (JSON lines, one event a line).

    PATHS are record files or folders. A record with syntax errors, or of another ruleset
    than riichi, is not written: its problem is printed instead.
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    for path, text in inputs:
        result = parse(text)
        if has_errors(result.findings):
            print_findings([f for f in result.findings if f.severity == "error"], str(path), text)
            status = EXIT_FINDINGS
            continue
        if result.record.header.ruleset != "riichi":
            click.echo(f"paipu: error: {path}: mjai streams are riichi games; this record is "
                       f"{result.record.header.ruleset!r}", err=True)
            status = EXIT_FINDINGS
            continue
        try:
            click.echo(mjai_lines(record_to_mjai(result.record)), nl=False)
        except MjaiError as e:
            click.echo(f"paipu: error: {path}: {e}", err=True)
            status = EXIT_FINDINGS
    sys.exit(max(status, inputs.status))
