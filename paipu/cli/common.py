"""What every paipu command shares: exit statuses, one error style, reading inputs, progress.

Exit status, for every command: 0 clean, 1 a record has an error finding (or, for
``fmt --check``, a file is not canonical; for comparisons, a difference), 2 a usage or input
problem (a wrong flag, missing file, unreadable file, input over a limit, damaged corpus),
3 an internal error (a bug in paipu: one line saying what failed and where to report it).
2 wins over 1: a run that could not read every input is not a clean verdict on them, and
its summary names both.  Problems, usage errors included, are printed as one line
``paipu: error: …`` on standard error, never as a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from paipu.errors import InputError, missing_dependency
from paipu.limits import control_escaped

if TYPE_CHECKING:
    from paipu.cli.items import Item

    # paipu.findings brings the whole record model, most of a start-up: ``paipu --version``
    # and ``--help`` do without it.
    from paipu.findings import Finding
    from paipu.importers.logs import LogGame, RecordNames

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

F = TypeVar("F", bound=Callable[..., Any])

EXIT_HELP = """
Exit status: 0 when every record is clean, 1 when a record has an error finding,
2 for a usage or input problem (a wrong flag, a missing, empty, binary, unreadable or
over-limit file, a damaged corpus), also when another record has an error finding (the
run did not read everything; its last line names both), 3 when paipu itself failed (an
internal error, a bug: one line on standard error says what failed, where, and where to
report it).
"""

INTERNAL_HELP = """
Exit status 3: paipu itself failed (an internal error, a bug, not a problem of the record),
with one line on standard error saying what failed, where, and where to report it.
"""

REPORT_BUGS = "this is a bug in paipu: please report it, with the input that caused it, on the project's issue tracker"


def _paipu_style(make: Callable[..., click.Context], info_name: str | None, args: list[str],
                 parent: click.Context | None, extra: dict[str, Any]) -> click.Context:
    try:
        return make(info_name, args, parent, **extra)
    except click.exceptions.NoArgsIsHelpError:
        raise
    except UsageProblem:
        raise
    except click.UsageError as e:
        raise UsageProblem.of(e) from None


class PaipuCommand(click.Command):
    """A command whose usage errors are one line in paipu's style, also when it runs on its own
    (``python -m``, a test) rather than under the ``paipu`` group."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        return _paipu_style(super().make_context, info_name, args, parent, extra)


class PaipuGroup(click.Group):
    """The ``paipu`` group: an exception no command handles is a one-line message and exit 3,
    never a traceback, so a script tells paipu failing from a record failing (exit 1); a
    usage error (a wrong flag, a missing argument) is one line in the same style as every
    other problem, exit 2."""

    command_class = PaipuCommand

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        # A misspelt command gets the near ones named (``paipu chekc`` → did you mean 'check'?).
        name = args[0] if args else None
        if name is not None and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            near = difflib.get_close_matches(name, self.list_commands(ctx), n=2, cutoff=0.6)
            if near:
                ctx.fail(f"No such command {name!r} (did you mean {' or '.join(repr(n) for n in near)}?).")
        return super().resolve_command(ctx, args)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        return _paipu_style(super().make_context, info_name, args, parent, extra)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, SystemExit, click.exceptions.NoArgsIsHelpError,
                UsageProblem, InputProblem):
            raise
        except click.UsageError as e:
            raise UsageProblem.of(e) from None
        except click.ClickException as e:
            if type(e).show is not click.ClickException.show:
                raise  # it already prints in paipu's style
            problem = InputProblem(e.format_message())
            setattr(problem, "exit_code", e.exit_code)  # noqa: B010 - click declares it a class variable
            raise problem from None
        except KeyboardInterrupt:
            raise
        except BrokenPipeError:
            # The reader of the output went away (``paipu check … | head``): nothing to say, nowhere to say it.
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(EXIT_USAGE)
        except OSError as e:
            if e.filename is None:
                raise _internal(ctx, e) from None
            # The system refused a path the command reads or writes (no permission, no space, a
            # name too long, a read-only file system): a problem of the input or the output
            # asked for, not a bug; said in one line, exit 2.
            where = e.filename if e.filename2 is None else f"{e.filename} → {e.filename2}"
            echo_err(f"{where}: {e.strerror or e.__class__.__name__}")
            ctx.exit(EXIT_USAGE)
        except ModuleNotFoundError as e:
            missing = missing_dependency(e)
            if missing is None:
                raise _internal(ctx, e) from None
            # A package paipu depends on is missing (a broken environment): said with the command
            # that installs it, exit 2; not a bug of paipu's.
            echo_err(missing)
            ctx.exit(EXIT_USAGE)
        except MemoryError:
            out_of_memory(_running(ctx))
        except Exception as e:
            pools = sys.modules.get("concurrent.futures.process")  # loaded only by a command with --jobs
            if pools is not None and isinstance(e, pools.BrokenProcessPool):
                # A worker was killed (``kill -9``, the out-of-memory killer): not a bug in paipu,
                # and what it was doing was not done.
                echo_err(f"a worker process of `{_running(ctx)}` died (killed, or out of memory); what it "
                         "was doing was not done: run the command again")
                ctx.exit(EXIT_USAGE)
            raise _internal(ctx, e) from None


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


def _internal(ctx: click.Context, e: BaseException) -> click.exceptions.Exit:
    """Say that paipu itself failed (one line: what, where, where to report it); exit 3."""
    echo_err(f"internal error in `{_running(ctx)}`: {e.__class__.__name__}: "
             f"{_first_line(str(e))}{_where(e)}; {REPORT_BUGS}")
    return click.exceptions.Exit(EXIT_INTERNAL)


def _running(ctx: click.Context) -> str:
    """The command that was running: ``paipu check``, ``paipu corpus ingest``."""
    return f"{command_path(ctx)} {ctx.invoked_subcommand or ''}".strip()


def command_path(ctx: click.Context) -> str:
    """``paipu corpus diff``: the command as a user types it, whatever the program was called
    and also when a command runs on its own (a test, ``python -m``)."""
    names: list[str] = []
    at = ctx
    while at.parent is not None:
        names.append(at.command.name or at.info_name or "")
        at = at.parent
    root = "paipu" if at.command.name in (None, "main", "paipu") else f"paipu {at.command.name}"
    return " ".join([root, *reversed(names)])


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


class UsageProblem(click.UsageError):
    """A usage error (an unknown flag, a missing argument, a bad value) as one line in paipu's
    style, naming the command's help; exit status 2."""

    exit_code = EXIT_USAGE

    @classmethod
    def of(cls, e: click.UsageError) -> UsageProblem:
        message = e.format_message().rstrip(".")
        ctx = e.ctx
        if (isinstance(e, click.NoSuchOption) and e.option_name == "-o" and ctx is not None
                and any("-O" in p.opts for p in ctx.command.params)):
            message += (f": -o is the output, and `{command_path(ctx)}` writes no file; "
                        "give a ruleset option with -O NAME=VALUE")
        return cls(message, ctx)

    def show(self, file: IO[Any] | None = None) -> None:
        where = f"; see `{command_path(self.ctx)} --help`" if self.ctx is not None else ""
        echo_err(f"{self.format_message()}{where}")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``, ``0 errors``: a count and its noun, in the right number
    (``many`` for a plural that is not the word and an ``s``)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def ruleset_option_names() -> frozenset[str]:
    """Every option name some ruleset has (for the hint when one is given to ``-o``)."""
    from paipu.replay.options import option_specs
    from paipu.replay.ruleset import ruleset_class, ruleset_names

    names: set[str] = set()
    for name in ruleset_names():
        names.update(spec.name for spec in option_specs(ruleset_class(name).Options))
    return frozenset(names)


def _not_an_option(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """``-o min_tai=2``: a ruleset option given where the output goes is refused with a hint."""
    if isinstance(value, str):
        name, sep, _ = value.partition("=")
        if sep and name.strip() in ruleset_option_names():
            raise click.BadParameter(
                f"{value!r} looks like a ruleset option, not an output: did you mean -O {value}?",
                ctx=ctx, param=param)
    return value


def out_flag(*extra: str, dest: str = "out", file: bool = True, required: bool = False,
             help: str) -> Callable[[F], F]:
    """The shared output flag: ``-o/--out`` (and ``extra`` long names kept for old command
    lines) always names what a command writes, a file (``file``) or a folder."""
    kind = click.Path(dir_okay=not file, file_okay=file)
    return click.option("-o", "--out", *extra, dest, type=kind, default=None, required=required,
                        callback=_not_an_option, metavar="FILE" if file else "DIR", help=help)


def option_flag(help: str = "A ruleset option, e.g. -O min_tai=2 (repeatable); a record whose ruleset "
                            "does not have it gets a bad-option finding.") -> Callable[[F], F]:
    """The shared ruleset-option flag: ``-O/--option NAME=VALUE``, repeatable."""
    return click.option("-O", "--option", "overrides", multiple=True, metavar="NAME=VALUE", help=help)


def json_flag(help: str) -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help)


def collect_files(paths: tuple[str, ...], on_problem: Callable[[str, str], None] | None = None,
                  suffixes: tuple[str, ...] | None = None) -> tuple[list[Path], int]:
    """The record files named or found in folders (or, with ``suffixes``, the files of those
    names), and the exit status so far; each problem (a folder without records, a sub-folder
    that cannot be read) is printed and told to ``on_problem(path, message)``."""
    from paipu.sources import RECORD_SUFFIXES, expand_paths

    files: list[Path] = []
    status = EXIT_OK
    problems: list[str] = []
    wanted = suffixes or RECORD_SUFFIXES

    def problem(raw: str, message: str) -> None:
        echo_err(message)
        if on_problem is not None:
            on_problem(raw, message)

    for raw in paths:
        found = list(expand_paths([raw], problems.append, wanted, "records" if suffixes is None else "files"))
        for message in problems:
            problem(message.split(": ", 1)[0], message)
            status = EXIT_USAGE
        problems.clear()
        if not found and Path(raw).is_dir():
            what = "records (*.paipu, *.paipu.gz)" if suffixes is None else "records or logs"
            problem(raw, f"{raw}: no {what} in this folder")
            status = EXIT_USAGE
        files.extend(found)
    return files, status


class Inputs:
    """The records named on the command line, read one by one; unreadable ones are reported
    (one line each on standard error) and skipped, `status` remembers that something was,
    and `problems` keeps each ``(path, message)`` for a command that reports them in its
    output too (``check --json``).

    With ``logs``, platforms' logs are read too, where they are (`items`): a file named, or a
    file of a log format's name found in a folder, that starts like a log is converted in
    memory, game by game (``fmt`` names the format to read them as; else each file's own is
    told by its content).  A file found in a folder that is plain text and no log (a README)
    is named as skipped (`skipped`) and counts as nothing; one that looks like a log's data
    but is none paipu reads is a problem, as is a log that cannot be converted."""

    def __init__(self, paths: tuple[str, ...], *, logs: bool = False, fmt: str | None = None) -> None:
        self.problems: list[tuple[str, str]] = []
        self.skipped: list[tuple[str, str]] = []
        self.logs = logs
        self.fmt = fmt
        suffixes = None
        if logs:
            from paipu.importers.registry import importer_suffixes
            from paipu.sources import RECORD_SUFFIXES

            suffixes = (*RECORD_SUFFIXES, *importer_suffixes(fmt))
        self.named = {Path(p) for p in paths if not Path(p).is_dir()}
        self.files, self.status = collect_files(paths, lambda p, m: self.problems.append((p, m)), suffixes)
        self.folder_problems = list(self.problems)
        """The problems found before any file is read: folders without records or unreadable."""

    def each(self) -> Iterator[tuple[Path, str | None, str | None]]:
        """Every file in order as ``(path, text, None)``, or ``(path, None, problem)`` when it
        cannot be read as a record (the problem is printed too)."""
        for item in self.items():
            if item.skipped is None:
                yield item.path, item.text, item.problem

    def items(self) -> Iterator[Item]:
        """Every record in order (a log's games one by one, with ``logs``), or a file that cannot
        be read, with its problem (printed too)."""
        from paipu.cli.items import Item
        from paipu.sources import RECORD_SUFFIXES, read_record_text

        names = None
        for path in self.files:
            if self.logs and not path.name.endswith(RECORD_SUFFIXES):
                # (`paipu.importers.logs` is loaded only when a file may be a log.)
                from paipu.importers.logs import RecordNames

                names = names or RecordNames()
                log = self._log(path, names)
                if log is not None:
                    yield from log
                    continue
            try:
                text = read_record_text(path)
            except InputError as e:
                message = str(e)
            else:
                other = None if self.logs else _other_format(text)
                if other is None:
                    yield Item(path, str(path), text)
                    continue
                message = (f"{path}: a {other} log, not a paipu record: convert it with "
                           f"`paipu import {other} {path} --out DIR`")
            yield self._problem(path, message)

    def _log(self, path: Path, names: RecordNames) -> list[Item] | None:
        """The games of ``path`` when it is a log (or a problem, or nothing for a file skipped);
        None when it is to be read as a record."""
        from paipu.cli.items import Item
        from paipu.importers.base import ConversionError
        from paipu.importers.logs import file_head, is_record_name, log_format, log_games
        from paipu.importers.registry import importer_names

        found, looks = log_format(path, self.fmt)
        if found is None:
            if is_record_name(path) or file_head(path) is None:
                return None  # a record; or a file that cannot be read, which reading it as one says why
            named = path in self.named
            if not looks and not (named and self.fmt is not None):
                if named:
                    return None  # plain text named on the command line: read as a record, whatever its name
                reason = "plain text that is neither a record nor a log paipu reads"
                echo(f"paipu: {path}: skipped: {reason}", err=True)
                self.skipped.append((str(path), reason))
                return [Item(path, str(path), None, skipped=reason)]
            said = f"a {self.fmt} log" if self.fmt else f"a record or a log paipu reads ({', '.join(importer_names())})"
            return [self._problem(path, f"{path}: not {said}: it starts like none of them")]
        try:
            games = log_games(path, found, names)
        except ConversionError as e:
            where = f"{e.filename}:{e.line}" if e.line else e.filename
            return [self._problem(path, f"{where}: {e.message}")]
        return [Item(path, g.name, g.text, None, g) for g in games]

    def _problem(self, path: Path, message: str) -> Item:
        from paipu.cli.items import Item

        echo_err(message)
        self.status = EXIT_USAGE
        self.problems.append((str(path), message))
        return Item(path, str(path), None, message)

    def __iter__(self) -> Iterator[tuple[Path, str]]:
        for path, text, _ in self.each():
            if text is not None:
                yield path, text

    @property
    def unreadable(self) -> int:
        """How many paths could not be read (so far)."""
        return len(self.problems)


def problem_json(path: str, message: str) -> dict[str, object]:
    """A path that could not be read, as a JSON result beside the records' (``check --json``)."""
    return {"file": path, "readable": False, "problem": message, "ruleset": None, "parsed": False,
            "ok": False, "findings": [], "hands": [], "scores": {}}


def skipped_json(path: str, reason: str) -> dict[str, object]:
    """A file found in a folder and skipped as neither a record nor a log (``check --json``): it
    holds nothing to audit, and counts neither as a record nor as a problem."""
    return {"file": path, "readable": True, "skipped": reason, "ruleset": None, "parsed": False,
            "ok": True, "findings": [], "hands": [], "scores": {}}


def from_flag() -> Callable[[F], F]:
    """The shared ``--from FORMAT`` flag: read the logs given as this platform's format."""
    return click.option("--from", "fmt", metavar="FORMAT", default=None,
                        help="Read the files that are not records as logs of this format (botzone, mjai, "
                             "tenhou); default: each log's format is told by its content.")


def known_format(fmt: str | None) -> str | None:
    """The import format ``--from`` names (checked), or None."""
    if fmt is None:
        return None
    from paipu.importers.registry import get_importer

    try:
        return get_importer(fmt).name
    except KeyError as e:
        raise InputProblem(str(e.args[0])) from None


def _other_format(text: str) -> str | None:
    """The import format of a file that is another platform's log, not a record (sniffed from
    its start); None for anything else, which the parser then reads and reports."""
    head = text.lstrip()[:200]
    if not head or head[0] in "[;" or head.startswith("hand"):
        return None
    from paipu.importers.registry import sniff_format

    return sniff_format(head)


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
        click.echo(said, err=err)


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
            raise InputProblem(f"-O/--option takes NAME=VALUE, not {v!r}")
        out[name.strip()] = value.strip()
    return out
