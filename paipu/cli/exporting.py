"""``paipu export FORMAT RECORD…``: a record written in another platform's format (mjai)."""

from __future__ import annotations

import sys

import click

from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_HELP,
    EXIT_OK,
    InputProblem,
    Inputs,
    PaipuCommand,
    echo_err,
    out_flag,
    print_findings,
)
from paipu.findings import has_errors
from paipu.grammar.parser import parse
from paipu.importers.mjai import MjaiError, mjai_lines, record_to_mjai
from paipu.limits import json_escaped
from paipu.outputs import write_output_text

FORMATS = ("mjai",)


@click.command("export", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("fmt", metavar="FORMAT", type=click.Choice(FORMATS))
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@out_flag(help="Write the streams to this file (default: standard output), one after another.")
def export_cmd(fmt: str, paths: tuple[str, ...], out: str | None) -> None:
    """Write riichi records in another format: mjai (JSON lines, one event a line).

    PATHS are record files or folders. A record with syntax errors, or of another ruleset
    than riichi, is not written: its problem is printed instead.
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    streams: list[str] = []
    for path, text in inputs:
        result = parse(text)
        if has_errors(result.findings):
            # On standard error: standard output is the stream, valid JSON lines whatever happens.
            print_findings([f for f in result.findings if f.severity == "error"], str(path), text, err=True)
            status = EXIT_FINDINGS
            continue
        if result.record.header.ruleset != "riichi":
            echo_err(f"{path}: mjai streams are riichi games; this record is {result.record.header.ruleset!r}")
            status = EXIT_FINDINGS
            continue
        try:
            stream = mjai_lines(record_to_mjai(result.record))
        except MjaiError as e:
            echo_err(f"{path}: {e}")
            status = EXIT_FINDINGS
            continue
        if out is None:
            # The same JSON values, with what a terminal could act on (a C1 control, a bidi
            # override in a player's name) written as \u escapes.
            click.echo(json_escaped(stream), nl=False)
        else:
            streams.append(stream)
    if out is not None:
        try:
            write_output_text(out, "".join(streams))
        except OSError as e:
            raise InputProblem(f"{out}: cannot be written ({e.strerror or e})") from None
    sys.exit(max(status, inputs.status))
