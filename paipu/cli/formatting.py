"""``paipu parse`` and ``paipu fmt``: reading records and writing them in canonical form."""

from __future__ import annotations

import contextlib
import gzip
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import click

from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_HELP,
    EXIT_OK,
    InputProblem,
    Inputs,
    PaipuCommand,
    echo,
    print_findings,
    shown,
)
from paipu.findings import Finding, has_errors
from paipu.grammar.parser import ParseResult, comments, parse
from paipu.grammar.writer import format_record
from paipu.limits import json_text
from paipu.record import to_json
from paipu.value import replace

if TYPE_CHECKING:
    from paipu.replay.ruleset import Ruleset


@click.command("parse", cls=PaipuCommand, epilog=EXIT_HELP)
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


@click.command("fmt", cls=PaipuCommand,
               epilog=EXIT_HELP + "With --check, 1 also means a file is not in canonical form.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True,
              help="Print nothing but the files not in canonical form; exit 1 if there is one.")
@click.option("--write", "-w", is_flag=True,
              help="Rewrite each file not in canonical form in place (a file already canonical is not touched).")
def fmt_cmd(paths: tuple[str, ...], check: bool, write: bool) -> None:
    """Print records in canonical form, or rewrite them in place with --write.

    Canonical form: English keywords, seats and tile notation (packed runs, deals sorted),
    value items by their ruleset's id, one tag per line, one action per line, annotations
    beside their item, comments kept. A record with errors is not rewritten: its errors are
    printed instead. Several files are printed one after another, each under a
    `==> FILE <==` line.
    """
    if check and write:
        raise InputProblem("--check and --write do not go together: --check only reports, --write rewrites")
    inputs = Inputs(paths)
    status = EXIT_OK
    many = len(inputs.files) > 1
    printed = 0
    for path, text in inputs:
        result = canonical_text(text)
        if isinstance(result, list):
            print_findings(result, str(path), text)
            status = max(status, EXIT_FINDINGS)
            continue
        if check:
            if result != text:
                echo(f"{path}: not in canonical form; `paipu fmt --write {path}` rewrites it", err=True)
                status = max(status, EXIT_FINDINGS)
        elif write:
            if result != text:
                try:
                    write_atomically(path, result)
                except OSError as e:
                    raise InputProblem(f"{path}: cannot be written ({e.strerror or e})") from None
                echo(f"{path}: rewritten in canonical form", err=True)
        else:
            if many:
                click.echo(("\n" if printed else "") + f"==> {path} <==")
            click.echo(shown(result) if sys.stdout.isatty() else result, nl=False)  # raw but on a terminal
            printed += 1
    sys.exit(max(status, inputs.status))


def canonical_text(text: str) -> str | list[Finding]:
    """The record ``text`` in canonical form, comments kept, and the ruleset, its option values
    and recorded value items written as the ruleset writes them; or the errors that keep it
    from being rewritten."""
    from paipu.replay.session import resolve_ruleset  # not needed by `parse`: imported when formatting

    result = parse(text)
    errors = [f for f in result.findings if f.severity == "error"]
    if errors:
        return errors
    record = result.record
    item_name = None
    if record.header.ruleset is not None:
        ruleset, _ = resolve_ruleset(record)
        if ruleset is not None:
            record = ruleset.own_words(record)  # ``财神 5p`` is written ``caishen 5p``, as the verbs are in English
            options = tuple(replace(o, value=_option_value(ruleset, o.name, o.value)) for o in record.header.options)
            record = replace(record, header=replace(record.header, ruleset=ruleset.name, options=options))

            def item_name(name: str) -> str:
                return ruleset.item_id(name) or name

    return format_record(record, comments(text), item_name)


def _option_value(ruleset: Ruleset, name: str, value: str) -> str:
    """An option's value as the ruleset writes it (``yes`` is ``true``), or as written when the
    ruleset does not take it (the replay reports it)."""
    from paipu.replay.options import OptionError, option_text, parse_options

    try:
        parsed = parse_options(ruleset.Options, {name: value})
    except OptionError:
        return value
    return option_text(getattr(parsed, name))


def write_atomically(path: Path, text: str) -> None:
    """Replace the file at ``path`` by ``text`` (gzip-compressed for a ``.gz`` file) in one step:
    written beside it, then renamed over it, so a reader sees the old file or the new one."""
    data = text.encode("utf-8")
    if path.name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    mode = stat.S_IMODE(path.stat().st_mode)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
