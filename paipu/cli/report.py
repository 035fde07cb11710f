"""``paipu report``: the HTML replay of one record (`paipu.reports`), with the CLI's shared
conventions (`paipu.cli.common`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import click

from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    INTERNAL_HELP,
    PaipuCommand,
    echo,
    echo_err,
    from_flag,
    known_format,
    option_flag,
    out_flag,
    parse_overrides,
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.record import Seat
from paipu.reports.labels import LANGS, Lang
from paipu.reports.render import write_record_report
from paipu.sources import RECORD_SUFFIXES, read_record_text

REPORT_HELP = """
Exit status: 0 when the record (every record, for a folder) is clean, 1 when one has an error
finding (the report is written all the same), 2 for a usage or input problem (a missing,
empty, binary or unreadable or over-limit file, a seat that does not play, an output that
cannot be written).
"""


def _read(path: Path, fmt: str | None) -> tuple[str, str]:
    """The record's text, and the name of its record file (for a log's game, the one `paipu import` writes)."""
    from paipu.importers.base import ConversionError
    from paipu.importers.logs import log_format, read_game

    if path.exists() or "#" not in path.name:
        found, looks = log_format(path, fmt)
        if found is None and (fmt is None or not looks):
            return read_record_text(path), str(path)
    try:
        game = read_game(str(path), fmt)
    except ConversionError as e:
        where = f"{e.filename}:{e.line}" if e.line else e.filename
        raise InputError(f"{where}: {e.message}") from None
    return game.text, game.record_name


def default_output(path: Path) -> Path:
    """``out/<stem>.html`` for a record ``<stem>.paipu`` (or ``.paipu.gz``, or any name)."""
    name = path.name
    for suffix in RECORD_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    else:
        name = path.stem or name
    return Path("out") / f"{name}.html"


@click.command("report", cls=PaipuCommand, epilog=REPORT_HELP + INTERNAL_HELP)
@click.argument("file", type=click.Path())
@out_flag("--output", dest="output", help="Where to write the HTML file (default: out/<record name>.html); for a "
          "folder, the folder of the pages (default: out/<folder name>/).")
@option_flag("A ruleset option for this record, on top of its [Option] tags, e.g. -O min_tai=2 "
             "(repeatable); one its ruleset does not have is a bad-option finding.")
@click.option("--seat", type=click.Choice(["E", "S", "W", "N"], case_sensitive=False), default=None,
              help="Teaching view: show only this seat's hand and what it could see.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="The language of the report's words, findings and rule texts (the record is shown as written).")
@click.option("--annotate", is_flag=True,
              help="Add teaching notes at their steps: each discard against the best, wins and claims let pass.")
@from_flag()
def report_command(file: str, output: str | None, overrides: tuple[str, ...], seat: str | None, lang: str,
                   annotate: bool, fmt: str | None) -> None:
    """Write an HTML report of a record: a turn-by-turn replay with its scoring audit.

    FILE is a record, or a platform's log (Botzone, Tenhou, mjai; told by its content),
    converted in memory: a log of one game, or LOG#GAME-ID for one game of a log of several.
    The report is one self-contained file (styles, script and tile pictures inline) that
    opens in any browser without a network. Step through a hand with ← and →, jump to the
    next finding with n, to the next hand with j. FILE may be a folder: one page is written
    per record and per game of a log found in it (`paipu corpus report` adds an index to
    them). See docs/reports.md.
    """
    path = Path(file)
    opts = parse_overrides(overrides)
    fmt = known_format(fmt)
    viewer = seat.upper() if seat else None
    if path.is_dir():
        sys.exit(_report_folder(path, output, opts, annotate, cast("Seat | None", viewer), cast(Lang, lang), fmt))
    try:
        text, name = _read(path, fmt)
    except InputError as e:
        echo_err(str(e))
        sys.exit(EXIT_USAGE)
    out = Path(output) if output else default_output(Path(name))
    try:
        # Audited and written in one pass, one hand's table views held at a time.
        audit = write_record_report(text, file, out, options=opts, annotate=annotate,
                                    seat=cast("Seat | None", viewer), lang=cast(Lang, lang))
    except ValueError as e:
        echo_err(f"{path}: {e}")
        sys.exit(EXIT_USAGE)
    except OSError as e:
        echo_err(f"{out}: cannot be written ({e.strerror or e})")
        sys.exit(EXIT_USAGE)
    counts = audit.counts()
    echo(f"{path}: report written to {out} ({_n(counts['error'], 'error')}, {_n(counts['warning'], 'warning')})")
    sys.exit(EXIT_OK if audit.ok else EXIT_FINDINGS)


def _page_of(folder: Path, item_path: Path, name: str, record_name: str | None) -> Path:
    """Where a record found in ``folder`` gets its page, relative to the pages' folder: its path in
    the folder, ``.html`` for its suffix; a game of a log, the log's folder and the game's record name."""
    relative = item_path.relative_to(folder) if item_path.is_relative_to(folder) else Path(item_path.name)
    if record_name is not None:
        return relative.parent / default_output(Path(record_name)).name
    return relative.parent / default_output(relative).name


def _report_folder(folder: Path, output: str | None, opts: dict[str, str], annotate: bool, viewer: Seat | None,
                   lang: Lang, fmt: str | None) -> int:
    """``paipu report FOLDER``: one page per record (and per game of a log) found in it, each
    where the record is in the folder; a line for each page, then the totals; the exit status."""
    from paipu.cli.common import Inputs

    target = Path(output) if output else Path("out") / (folder.resolve().name or "report")
    inputs = Inputs((str(folder),), logs=True, fmt=fmt)
    written = errors = 0
    status = EXIT_OK
    taken: set[Path] = set()
    for item in inputs.items():
        if item.text is None:
            continue  # unreadable (said, counted in the status) or skipped (said)
        record_name = item.game.record_name if item.game is not None else None
        page = target / _page_of(folder, Path(item.path), item.name, record_name)
        while page in taken:  # two games of one log, or a record beside a log, of one name
            page = page.with_name(f"{page.stem}-{len(taken)}{page.suffix}")
        taken.add(page)
        try:
            audit = write_record_report(item.text, item.name, page, options=opts, annotate=annotate, seat=viewer,
                                        lang=lang)
        except ValueError as e:
            echo_err(f"{item.name}: {e}")
            return EXIT_USAGE
        except OSError as e:
            echo_err(f"{page}: cannot be written ({e.strerror or e})")
            return EXIT_USAGE
        counts = audit.counts()
        echo(f"{item.name}: report written to {page} ({_n(counts['error'], 'error')}, "
             f"{_n(counts['warning'], 'warning')})")
        written += 1
        if not audit.ok:
            errors += 1
            status = max(status, EXIT_FINDINGS)
    echo(f"{_n(written, 'report')} written to {target}" + (f", {errors} with errors" if errors else "")
         + ("" if not inputs.unreadable else f"; {_n(inputs.unreadable, 'path')} could not be read"))
    return max(status, inputs.status)
