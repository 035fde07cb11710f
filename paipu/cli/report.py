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
Exit status: 0 when the record is clean, 1 when it has an error finding (the report is
written all the same), 2 for a usage or input problem (a missing, empty, binary or
unreadable or over-limit file, a seat that does not play, an output that cannot be written).
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
@out_flag("--output", dest="output", help="Where to write the HTML file (default: out/<record name>.html).")
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
    next finding with n, to the next hand with j. See docs/reports.md.
    """
    path = Path(file)
    opts = parse_overrides(overrides)
    fmt = known_format(fmt)
    try:
        text, name = _read(path, fmt)
    except InputError as e:
        echo_err(str(e))
        sys.exit(EXIT_USAGE)
    out = Path(output) if output else default_output(Path(name))
    viewer = seat.upper() if seat else None
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
