"""What every paipu command shares: exit statuses, one error style, reading inputs, progress.

Exit status, for every command: 0 clean, 1 a record has an error finding (or, for
``fmt --check``, a file is not canonical; for comparisons, a difference), 2 a usage or input
problem (a wrong flag, missing file, unreadable file, input over a limit, damaged corpus),
3 an internal error (a bug in paipu: one line saying what failed and where to report it).
2 wins over 1: a run that could not read every input is not a clean verdict on them, and
its summary names both.  Problems, usage errors included, are printed as one line
``paipu: error: …`` on standard error, never as a traceback.

What needs no click (the exit statuses, the writer and the error style, reading the inputs)
is in `paipu.cli.output` and `paipu.cli.inputs`, named here too.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import IO, Any, TypeVar

import click

from paipu.cli.inputs import Inputs as Inputs
from paipu.cli.inputs import collect_files as collect_files
from paipu.cli.output import AS_PROGRAM as AS_PROGRAM
from paipu.cli.output import EXIT_FINDINGS as EXIT_FINDINGS
from paipu.cli.output import EXIT_INTERNAL as EXIT_INTERNAL
from paipu.cli.output import EXIT_OK as EXIT_OK
from paipu.cli.output import EXIT_USAGE as EXIT_USAGE
from paipu.cli.output import echo as echo
from paipu.cli.output import echo_err as echo_err
from paipu.cli.output import out_of_memory as out_of_memory
from paipu.cli.output import plural as plural
from paipu.cli.output import print_findings as print_findings
from paipu.cli.output import problem_json as problem_json
from paipu.cli.output import progress_bar as progress_bar
from paipu.cli.output import say as say
from paipu.cli.output import shown as shown
from paipu.cli.output import skipped_json as skipped_json
from paipu.errors import missing_dependency

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
        except Exception as e:
            ctx.exit(ended(e, _running(ctx)))


def ended(e: Exception, running: str) -> int:
    """Say why command ``running`` (``paipu check``) ended in ``e``, in paipu's one style, and give
    the exit status: an input problem 2, an internal error (a bug in paipu) 3, a closed pipe 2
    with nothing said.  Used by the group (`PaipuGroup.invoke`) and by the plain ``paipu check``
    that runs without click (`paipu.cli.launch`)."""
    if isinstance(e, click.ClickException):  # (``check --jobs``'s dead worker, an `InputProblem`)
        e.show()
        return e.exit_code
    if isinstance(e, BrokenPipeError):
        # The reader of the output went away (``paipu check … | head``): nothing to say, nowhere to say it.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_USAGE
    if isinstance(e, OSError):
        if e.filename is None:
            return _internal(running, e)
        # The system refused a path the command reads or writes (no permission, no space, a
        # name too long, a read-only file system): a problem of the input or the output
        # asked for, not a bug; said in one line, exit 2.
        where = e.filename if e.filename2 is None else f"{e.filename} → {e.filename2}"
        echo_err(f"{where}: {e.strerror or e.__class__.__name__}")
        return EXIT_USAGE
    if isinstance(e, ModuleNotFoundError):
        missing = missing_dependency(e)
        if missing is None:
            return _internal(running, e)
        # A package paipu depends on is missing (a broken environment): said with the command
        # that installs it, exit 2; not a bug of paipu's.
        echo_err(missing)
        return EXIT_USAGE
    if isinstance(e, MemoryError):
        out_of_memory(running)
    pools = sys.modules.get("concurrent.futures.process")  # loaded only by a command with --jobs
    if pools is not None and isinstance(e, pools.BrokenProcessPool):
        # A worker was killed (``kill -9``, the out-of-memory killer): not a bug in paipu,
        # and what it was doing was not done.
        echo_err(f"a worker process of `{running}` died (killed, or out of memory); what it "
                 "was doing was not done: run the command again")
        return EXIT_USAGE
    return _internal(running, e)


def _internal(running: str, e: BaseException) -> int:
    """Say that paipu itself failed (one line: what, where, where to report it): exit status 3."""
    echo_err(f"internal error in `{running}`: {e.__class__.__name__}: "
             f"{_first_line(str(e))}{_where(e)}; {REPORT_BUGS}")
    return EXIT_INTERNAL


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


def parse_overrides(values: tuple[str, ...]) -> dict[str, str]:
    """``NAME=VALUE`` ruleset options from the command line."""
    out: dict[str, str] = {}
    for v in values:
        name, sep, value = v.partition("=")
        if not sep or not name.strip():
            raise InputProblem(f"-O/--option takes NAME=VALUE, not {v!r}")
        out[name.strip()] = value.strip()
    return out
