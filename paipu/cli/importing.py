"""``paipu import FORMAT FILE|DIR…``: other platforms' logs as paipu records.

One record file per game into ``--out``; with one input file and no ``--out``, the records
go to standard output.  A log that cannot be converted is one line on standard error with
its file and line, and the other files still convert; the exit status is then 2 (an input
problem), as for the other commands, and 1 when ``--check`` finds an error in a converted
record.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from paipu.cli.common import shown
from paipu.importers.base import ConversionError, Importer
from paipu.importers.registry import get_importer, importer_names

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
MAX_BYTES = 512 * 1024 * 1024
"""A log larger than this is refused (Botzone's whole data set of 98,209 games is ~170 MB)."""


def _files(paths: tuple[str, ...], importer: Importer) -> tuple[list[Path], int]:
    files: list[Path] = []
    status = EXIT_OK
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            named = sorted(f for f in p.rglob("*") if f.is_file() and f.name.endswith(importer.suffixes))
            # A folder of logs often holds other text files (a README): only the files that
            # start like a log of this format are converted.
            found = [f for f in named if importer.sniff(_head(f))]
            if len(found) < len(named):
                skipped = len(named) - len(found)
                click.echo(f"paipu: {raw}: skipped {skipped} file{'s' if skipped != 1 else ''} that "
                           f"{'do' if skipped != 1 else 'does'} not start like a {importer.name} log", err=True)
            if not found:
                click.echo(f"paipu: error: {raw}: no {importer.name} logs ({', '.join(importer.suffixes)}) "
                           "in this folder", err=True)
                status = EXIT_USAGE
            files.extend(found)
        else:
            files.append(p)
    return files, status


def _head(path: Path) -> str:
    try:
        with path.open("rb") as fh:
            return fh.read(512).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _read(path: Path) -> bytes:
    if not path.exists():
        raise ConversionError(str(path), 0, "no such file")
    if path.is_dir():
        raise ConversionError(str(path), 0, "is a directory")
    if path.stat().st_size > MAX_BYTES:
        raise ConversionError(str(path), 0, f"over the limit of {MAX_BYTES // 1048576} MB")
    try:
        return path.read_bytes()
    except OSError as e:
        raise ConversionError(str(path), 0, f"cannot be read ({e.__class__.__name__})") from None


@click.command("import", epilog="Exit status: 0 when every log converted (and, with --check, audits clean), "
               "1 when --check finds an error in a converted record, 2 for a usage or input problem "
               "(a missing or malformed log).")
@click.argument("fmt", metavar="FORMAT")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write one record per game into this folder, named after the game (default: print "
                   "the records of a single file).")
@click.option("--check", "check", is_flag=True, help="Also audit every converted record and print its findings.")
def import_command(fmt: str, paths: tuple[str, ...], out_dir: str | None, check: bool) -> None:
    """Convert other platforms' game logs into paipu records.

    FORMAT is the log format (botzone); PATHS are log files or folders (searched for the
    format's files, e.g. *.txt). Each game becomes one record (`GAME-ID.paipu`).
    """
    try:
        importer = get_importer(fmt)
    except KeyError as e:
        click.echo(f"paipu: error: {e.args[0]}", err=True)
        sys.exit(EXIT_USAGE)
    files, status = _files(paths, importer)
    if out_dir is None and (len(files) != 1 or Path(paths[0]).is_dir()):
        click.echo("paipu: error: give --out DIR to convert several files or a folder", err=True)
        sys.exit(EXIT_USAGE)
    target = Path(out_dir) if out_dir else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    games = 0
    for path in files:
        try:
            converted = importer.convert(_read(path), str(path))
        except ConversionError as e:
            where = f"{e.filename}:{e.line}" if e.line else e.filename
            click.echo(f"paipu: error: {where}: {e.message}", err=True)
            status = max(status, EXIT_USAGE)
            continue
        for game_id, text in converted:
            games += 1
            name = f"{_safe(game_id)}.paipu"
            if target is not None:
                (target / name).write_text(text, encoding="utf-8")
            else:
                click.echo(shown(text) if sys.stdout.isatty() else text, nl=False)  # raw but on a terminal
            if check:
                status = max(status, _audit(text, str(target / name) if target else name))
    if target is not None:
        click.echo(f"wrote {games} record{'s' if games != 1 else ''} to {target}/", err=True)
    sys.exit(status)


def _audit(text: str, name: str) -> int:
    from paipu.auditing import audit_text
    from paipu.findings import format_finding

    audit = audit_text(text, name)
    lines = text.splitlines()
    for f in audit.findings:
        click.echo(format_finding(f, name, lines), err=True)
    return EXIT_OK if audit.ok else EXIT_FINDINGS


def _safe(game_id: str) -> str:
    """A game id as a file name: letters, digits, ``-`` and ``_`` only."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id) or "game"


def formats_help() -> str:
    return ", ".join(importer_names())
