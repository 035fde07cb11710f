"""What every command prints, and how: one writer (`say`), escaped text, one error style.

Nothing here loads click: ``paipu check FILE`` runs without it (`paipu.cli.launch`).  Where
click runs the command (every other command line), `say` is ``click.echo``; without it, the
standard streams are UTF-8 (`paipu.cli.launch` makes sure) and ``click.echo`` would write the
very same bytes: the text, then the line's end, then a flush.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, NoReturn

from paipu.limits import control_escaped

if TYPE_CHECKING:
    # paipu.findings brings the whole record model, most of a start-up: ``paipu --version``
    # and ``--help`` do without it.
    from paipu.findings import Finding
    from paipu.importers.logs import LogGame

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def say(text: str, err: bool = False, nl: bool = True) -> None:
    """Write ``text`` (and a line's end, with ``nl``) to standard output, or error with ``err``,
    and flush: ``click.echo`` when click is loaded, the same write without it."""
    click = sys.modules.get("click")
    if click is not None:
        click.echo(text, err=err, nl=nl)
        return
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n" if nl else text)
    stream.flush()


@contextlib.contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar with rate and ETA on stderr (click draws it, loaded only then), or a silent stand-in."""
    if not show:
        yield lambda n: None
        return
    import click

    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield bar.update


def shown(text: str) -> str:
    """``text`` with its control characters escaped, line by line: nothing a record holds may drive a terminal."""
    return "\n".join(control_escaped(line) for line in text.split("\n"))


def echo(text: str, err: bool = False) -> None:
    """One line (or lines) of text output, control characters escaped."""
    say(shown(text), err=err)


def echo_err(message: str) -> None:
    """One problem, in the one style every command uses."""
    echo(f"paipu: error: {message}", err=True)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``, ``0 errors``: a count and its noun, in the right number
    (``many`` for a plural that is not the word and an ``s``)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def problem_json(path: str, message: str) -> dict[str, object]:
    """A path that could not be read, as a JSON result beside the records' (``check --json``)."""
    return {"file": path, "readable": False, "problem": message, "ruleset": None, "parsed": False,
            "ok": False, "findings": [], "hands": [], "scores": {}}


def skipped_json(path: str, reason: str) -> dict[str, object]:
    """A file found in a folder and skipped as neither a record nor a log (``check --json``): it
    holds nothing to audit, and counts neither as a record nor as a problem."""
    return {"file": path, "readable": True, "skipped": reason, "ruleset": None, "parsed": False,
            "ok": True, "findings": [], "hands": [], "scores": {}}


def print_findings(findings: Iterable[Finding], name: str, text: str, rule_word: str = " (rule {})",
                   game: LogGame | None = None, err: bool = False) -> None:
    """Each finding as `format_finding` prints it, printed as it is made (the findings may be made
    as they are read, and a record may have one on every line); for a game of a log, with the
    place in the log its line comes from; on standard error with ``err`` (a command whose
    standard output is data, such as `export`)."""
    from paipu.findings import RecordLines, format_finding

    # The lines as the parser numbers them (``splitlines`` also splits at form feeds and others).
    lines = RecordLines(text)

    for f in findings:
        said = format_finding(f, name, lines, rule_word)
        if game is not None:
            place = game.place(f.line)
            if place is not None:
                said += f"\n  in the log: {control_escaped(place)}"
        say(said, err=err)


_RESERVE: list[bytearray] = [bytearray(1 << 20)]
"""Memory set aside at start-up and let go when memory runs out, so that saying so cannot itself
run out of it."""


AS_PROGRAM: list[bool] = [False]
"""Whether paipu runs as the ``paipu`` program (set by its entry), not called by another program."""


def out_of_memory(command: str = "paipu") -> NoReturn:
    """End on running out of memory: one short line on standard error, exit 3.

    The line is written with the memory set aside (`_RESERVE`) freed and without building any
    object worth the name; the ``paipu`` program then ends without unwinding (`os._exit`): a
    handler that needed memory would fail in its turn, with tracebacks and Python's exit status
    1.  Called from another program (a test), it raises `SystemExit` instead."""
    _RESERVE.clear()
    line = (f"paipu: error: out of memory in `{command}`: the input needs more memory than this machine (or "
            "its limits) gives; docs/limits.md says what each command needs\n")
    if not AS_PROGRAM[0]:
        sys.stderr.write(line)
        raise SystemExit(EXIT_INTERNAL)
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
    with contextlib.suppress(BaseException):
        os.write(2, line.encode("utf-8", errors="replace"))
    os._exit(EXIT_INTERNAL)
