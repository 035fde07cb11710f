"""``paipu import FORMAT FILE|DIR…``: other platforms' logs as paipu records.

One record file per game into ``-o/--out``; with one input file and no ``--out``, the records
go to standard output.  A log that cannot be converted is one line on standard error with
its file and line, and the other files still convert; the exit status is then 2 (an input
problem), as for the other commands, and 1 when ``--check`` finds an error in a converted
record.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from paipu.cli.common import EXIT_HELP, InputProblem, PaipuCommand, echo, echo_err, json_flag, out_flag, plural, shown
from paipu.importers.base import ConversionError, Importer
from paipu.importers.registry import get_importer, importer_names
from paipu.limits import json_text
from paipu.outputs import write_output_text

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def _files(paths: tuple[str, ...], importer: Importer) -> tuple[list[Path], int]:
    """The files named, and the format's files found in the folders named; a folder that cannot
    be read, or holds none of them, is named and makes the exit status 2."""
    from paipu.importers.registry import importer_suffixes
    from paipu.sources import expand_paths

    files: list[Path] = []
    status = EXIT_OK
    problems: list[str] = []
    for raw in paths:
        found = list(expand_paths([raw], problems.append, importer_suffixes(importer.name), "logs"))
        for message in problems:
            echo_err(message)
            status = EXIT_USAGE
        problems.clear()
        if not found and Path(raw).is_dir():
            echo_err(f"{raw}: no {importer.name} logs ({', '.join(importer.suffixes)}) in this folder")
            status = EXIT_USAGE
        files.extend(found)
    return files, status


@click.command("import", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("fmt", metavar="FORMAT")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@out_flag(dest="out_dir", file=False,
          help="Write one record per game into this folder, named after the game (default: print "
               "the records of a single file).")
@click.option("--check", "check", is_flag=True, help="Also audit every converted record and print its findings.")
@json_flag("Print what was done as one JSON object: each record written (with its audit under --check), "
           "each log that could not be converted and each file skipped as no log, with the reason; needs --out.")
def import_command(fmt: str, paths: tuple[str, ...], out_dir: str | None, check: bool, as_json: bool) -> None:
    """Convert other platforms' game logs into paipu records.

    FORMAT is the log format (botzone, mjai, tenhou); PATHS are log files or folders
    (searched for the format's files, e.g. *.txt). Each game becomes one record
    (`GAME-ID.paipu`; two games of the same id get distinct names). Every file is accounted
    for: converted, or named with the reason. A log that cannot be converted is one line on
    standard error, the others still convert, and the exit status is 2; a file in a folder
    that is plain text and no log at all (a README) is named as skipped.
    """
    from paipu.importers.logs import RecordNames, file_head, log_format, log_games

    try:
        importer = get_importer(fmt)
    except KeyError as e:
        raise InputProblem(str(e.args[0])) from None
    files, status = _files(paths, importer)
    if out_dir is None and (len(files) != 1 or Path(paths[0]).is_dir()):
        raise InputProblem("give -o/--out DIR to convert several files or a folder")
    if out_dir is None and as_json:
        raise InputProblem("--json describes the files written: give -o/--out DIR too")
    target = Path(out_dir) if out_dir else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    written: list[dict[str, object]] = []
    failed: list[dict[str, object]] = []
    skipped: list[dict[str, object]] = []
    names = RecordNames()
    named = {Path(p) for p in paths}
    for path in files:
        try:
            if path not in named:
                # A file found in a folder: plain text that is no log (a README) is named and
                # skipped; a file that looks like a log's data but not this format's, refused.
                found, looks = log_format(path, importer.name)
                if found is None and not looks:
                    reason = f"not a {importer.name} log (plain text that starts like no log)"
                    echo(f"paipu: {path}: skipped: {reason}", err=True)
                    skipped.append({"file": str(path), "reason": reason})
                    continue
                if found is None and file_head(path) is not None:
                    raise ConversionError(str(path), 0, f"does not start like a {importer.name} log "
                                          f"({_formats_like(path)})")
            games = log_games(path, importer.name, names)
        except ConversionError as e:
            where = f"{e.filename}:{e.line}" if e.line else e.filename
            echo_err(f"{where}: {e.message}")
            failed.append({"file": e.filename, "line": e.line or None, "problem": e.message})
            status = max(status, EXIT_USAGE)
            continue
        for game in games:
            item: dict[str, object] = {"file": str(target / game.record_name) if target else game.record_name,
                                       "game": game.game_id, "source": str(path)}
            if target is not None:
                write_output_text(target / game.record_name, game.text)
            else:
                click.echo(shown(game.text) if sys.stdout.isatty() else game.text, nl=False)  # raw but on a terminal
            if check:
                ok, findings = _audit(game.text, str(target / game.record_name) if target else game.record_name,
                                      quiet=as_json)
                item["ok"], item["findings"] = ok, findings
                status = max(status, EXIT_OK if ok else EXIT_FINDINGS)
            written.append(item)
    if as_json:
        click.echo(json_text({"format": importer.name, "out": str(target), "written": written, "failed": failed,
                              "skipped": skipped}, indent=2))
    elif target is not None:
        done = f"wrote {plural(len(written), 'record')} to {target}/"
        if failed:
            done += f"; {plural(len(failed), 'log')} could not be converted"
        if skipped:
            done += f"; {plural(len(skipped), 'file')} skipped as no log"
        echo(done, err=True)
    sys.exit(status)


def _formats_like(path: Path) -> str:
    """What a file that is not of the format asked for is instead, in words."""
    from paipu.importers.logs import log_format

    other, _ = log_format(path)
    return f"it is a {other} log: `paipu import {other}` reads it" if other else "nor like any log paipu reads"


def _audit(text: str, name: str, quiet: bool) -> tuple[bool, list[dict[str, object]]]:
    """Audit a converted record: its findings printed on standard error (unless ``quiet``) and as JSON."""
    from paipu.auditing import audit_text
    from paipu.findings import format_finding

    audit = audit_text(text, name)
    if not quiet:
        lines = text.splitlines()
        for f in audit.findings:
            echo(format_finding(f, name, lines), err=True)
    return audit.ok, [f.to_json() for f in audit.findings]


def formats_help() -> str:
    return ", ".join(importer_names())
