"""What every paipu command shares: exit statuses, one error style, reading inputs, progress.

Exit status, for every command: 0 clean, 1 a record has an error finding (or, for
``fmt --check``, a file is not canonical; for comparisons, a difference), 2 a usage or input
problem (missing file, unreadable file, bad option, input over a limit, damaged corpus),
3 an internal error (a bug in paipu: one line saying what failed and where to report it).
Problems are printed as one line ``paipu: error: …`` on standard error, never as a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import click

from paipu.errors import InputError
from paipu.findings import Finding, format_finding
from paipu.limits import control_escaped
from paipu.sources import expand_paths, read_record_text

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

EXIT_HELP = """
Exit status: 0 when every record is clean, 1 when a record has an error finding,
2 for a usage or input problem (a missing, empty, binary, unreadable or over-limit file,
a damaged corpus), 3 when paipu itself failed (an internal error, a bug: one line on standard
error says what failed, where, and where to report it).
"""

INTERNAL_HELP = """
Exit status 3: paipu itself failed (an internal error, a bug, not a problem of the record),
with one line on standard error saying what failed, where, and where to report it.
"""

REPORT_BUGS = "this is a bug in paipu: please report it, with the input that caused it, on the project's issue tracker"


class PaipuGroup(click.Group):
    """The ``paipu`` group: an exception no command handles is a one-line message and exit 3,
    never a traceback, so a script tells paipu failing from a record failing (exit 1)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            raise
        except BrokenPipeError:
            # The reader of the output went away (``paipu check … | head``): nothing to say, nowhere to say it.
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(EXIT_USAGE)
        except MemoryError:
            echo_err(f"internal error: out of memory in `paipu {ctx.invoked_subcommand or ''}`; {REPORT_BUGS}")
            ctx.exit(EXIT_INTERNAL)
        except Exception as e:
            where = _where(e)
            echo_err(f"internal error in `paipu {ctx.invoked_subcommand or ''}`: {e.__class__.__name__}: "
                     f"{_first_line(str(e))}{where}; {REPORT_BUGS}")
            ctx.exit(EXIT_INTERNAL)


def _first_line(text: str) -> str:
    line = text.strip().split("\n", 1)[0]
    return line if len(line) <= 200 else line[:200] + "…"


def _where(e: BaseException) -> str:
    tb = e.__traceback__
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return ""
    code = last.tb_frame.f_code
    name = code.co_filename
    i = name.rfind("paipu/")
    return f" (at {name[i:] if i >= 0 else name}:{last.tb_lineno} in {code.co_name})"


def shown(text: str) -> str:
    """``text`` with its control characters escaped, line by line: nothing a record holds may drive a terminal."""
    return "\n".join(control_escaped(line) for line in text.split("\n"))


def echo(text: str, err: bool = False) -> None:
    """One line (or lines) of text output, control characters escaped."""
    click.echo(shown(text), err=err)


def echo_err(message: str) -> None:
    """One problem, in the one style every command uses."""
    echo(f"paipu: error: {message}", err=True)


class InputProblem(click.ClickException):
    """An input or usage problem: printed as one line, exit status 2."""

    exit_code = EXIT_USAGE

    def show(self, file: IO[Any] | None = None) -> None:
        echo_err(self.format_message())


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def collect_files(paths: tuple[str, ...]) -> tuple[list[Path], int]:
    """The record files named or found in folders, and the exit status so far."""
    files: list[Path] = []
    status = EXIT_OK
    problems: list[str] = []
    for raw in paths:
        found = list(expand_paths([raw], problems.append))
        for message in problems:
            echo_err(message)
            status = EXIT_USAGE
        problems.clear()
        if not found and Path(raw).is_dir():
            echo_err(f"{raw}: no records (*.paipu, *.paipu.gz) in this folder")
            status = EXIT_USAGE
        files.extend(found)
    return files, status


class Inputs:
    """The records named on the command line, read one by one; unreadable ones are reported
    (one line each) and skipped, and `status` remembers that something was."""

    def __init__(self, paths: tuple[str, ...]) -> None:
        self.files, self.status = collect_files(paths)

    def __iter__(self) -> Iterator[tuple[Path, str]]:
        for path in self.files:
            try:
                text = read_record_text(path)
            except InputError as e:
                echo_err(str(e))
                self.status = EXIT_USAGE
                continue
            other = _other_format(text)
            if other is not None:
                echo_err(f"{path}: a {other} log, not a paipu record: convert it with "
                         f"`paipu import {other} {path} --out DIR`")
                self.status = EXIT_USAGE
                continue
            yield path, text


def _other_format(text: str) -> str | None:
    """The import format of a file that is another platform's log, not a record (sniffed from
    its start); None for anything else, which the parser then reads and reports."""
    head = text.lstrip()[:200]
    if not head or head[0] in "[;" or head.startswith("hand"):
        return None
    from paipu.importers.registry import sniff_format

    return sniff_format(head)


def print_findings(findings: list[Finding], name: str, text: str, rule_word: str = " (rule {})") -> None:
    # The lines as the parser numbers them (``splitlines`` also splits at form feeds and others).
    lines = text.replace("\r\n", "\n").split("\n")
    for f in findings:
        click.echo(format_finding(f, name, lines, rule_word))


@contextlib.contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar with rate and ETA on stderr, or a silent stand-in."""
    if not show:
        yield lambda n: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield bar.update


def parse_overrides(values: tuple[str, ...]) -> dict[str, str]:
    """``NAME=VALUE`` ruleset options from the command line."""
    out: dict[str, str] = {}
    for v in values:
        name, sep, value = v.partition("=")
        if not sep or not name.strip():
            raise InputProblem(f"--option takes name=value, not {v!r}")
        out[name.strip()] = value.strip()
    return out
