"""``paipu import FORMAT FILE|DIR…``: other platforms' logs as paipu records.

One record file per game into ``-o/--out``; with one input file and no ``--out``, the records
go to standard output.  A log that cannot be converted is one line on standard error with
its file and line, and the other files still convert; the exit status is then 2 (an input
problem), as for the other commands, and 1 when ``--check`` finds an error in a converted
record.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import click

from paipu.cli.common import EXIT_HELP, InputProblem, PaipuCommand, echo, echo_err, json_flag, out_flag, plural, shown
from paipu.errors import InputError
from paipu.importers.base import ConversionError, Importer
from paipu.importers.registry import get_importer, importer_names
from paipu.limits import json_text
from paipu.sources import read_bounded

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
MAX_BYTES = 512 * 1024 * 1024
"""A log larger than this is refused (Botzone's whole data set of 98,209 games is ~170 MB)."""


def _files(paths: tuple[str, ...], importer: Importer) -> tuple[list[Path], int]:
    files: list[Path] = []
    status = EXIT_OK
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            named: list[Path] = []

            def unreadable(e: OSError, top: Path = p) -> None:
                # A sub-folder that cannot be read is named and counted, never skipped without a word.
                nonlocal status
                echo_err(f"{e.filename or top}: this folder cannot be read ({e.strerror or e}); its logs are not read")
                status = EXIT_USAGE

            for folder, dirs, names in os.walk(p, onerror=unreadable):
                dirs.sort()
                named.extend(Path(folder) / n for n in names if n.endswith(importer.suffixes))
            named.sort()
            # A folder of logs often holds other text files (a README): only the files that
            # start like a log of this format are converted.
            found = [f for f in named if importer.sniff(_head(f))]
            if len(found) < len(named):
                skipped = len(named) - len(found)
                echo(f"paipu: {raw}: skipped {plural(skipped, 'file')} that "
                     f"{'do' if skipped != 1 else 'does'} not start like a {importer.name} log", err=True)
            if not found:
                echo_err(f"{raw}: no {importer.name} logs ({', '.join(importer.suffixes)}) in this folder")
                status = EXIT_USAGE
            files.extend(found)
        else:
            files.append(p)
    return files, status


def _head(path: Path) -> str:
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return ""  # a device or a named pipe is not opened (it would never end or block)
        with path.open("rb") as fh:
            return fh.read(512).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _read(path: Path) -> bytes:
    try:
        return read_bounded(path, MAX_BYTES, "log files")
    except InputError as e:
        raise ConversionError(str(path), 0, str(e).removeprefix(f"{path}: ")) from None


@click.command("import", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("fmt", metavar="FORMAT")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@out_flag(dest="out_dir", file=False,
          help="Write one record per game into this folder, named after the game (default: print "
               "the records of a single file).")
@click.option("--check", "check", is_flag=True, help="Also audit every converted record and print its findings.")
@json_flag("Print what was done as one JSON object: each record written (with its audit under --check) "
           "and each log that failed; needs --out.")
def import_command(fmt: str, paths: tuple[str, ...], out_dir: str | None, check: bool, as_json: bool) -> None:
    """Convert other platforms' game logs into paipu records.

    FORMAT is the log format (botzone, tenhou); PATHS are log files or folders (searched
    for the format's files, e.g. *.txt). Each game becomes one record (`GAME-ID.paipu`).
    A log that cannot be converted is one line on standard error, and the others still
    convert.
    """
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
    for path in files:
        try:
            converted = importer.convert(_read(path), str(path))
        except ConversionError as e:
            where = f"{e.filename}:{e.line}" if e.line else e.filename
            echo_err(f"{where}: {e.message}")
            failed.append({"file": e.filename, "line": e.line or None, "problem": e.message})
            status = max(status, EXIT_USAGE)
            continue
        for game_id, text in converted:
            name = f"{_safe(game_id)}.paipu"
            item: dict[str, object] = {"file": str(target / name) if target else name, "game": game_id,
                                       "source": str(path)}
            if target is not None:
                (target / name).write_text(text, encoding="utf-8")
            else:
                click.echo(shown(text) if sys.stdout.isatty() else text, nl=False)  # raw but on a terminal
            if check:
                ok, findings = _audit(text, str(target / name) if target else name, quiet=as_json)
                item["ok"], item["findings"] = ok, findings
                status = max(status, EXIT_OK if ok else EXIT_FINDINGS)
            written.append(item)
    if as_json:
        click.echo(json_text({"format": importer.name, "out": str(target), "written": written, "failed": failed},
                             indent=2))
    elif target is not None:
        done = f"wrote {plural(len(written), 'record')} to {target}/"
        if failed:
            done += f"; {plural(len(failed), 'log')} could not be converted"
        echo(done, err=True)
    sys.exit(status)


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


def _safe(game_id: str) -> str:
    """A game id as a file name: letters, digits, ``-`` and ``_`` only."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id) or "game"


def formats_help() -> str:
    return ", ".join(importer_names())
