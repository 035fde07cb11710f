"""The ``paipu`` command: one thin click module per group of commands over the library.

Every command shares `paipu.cli.common`: exit status 0 clean, 1 a record has an error finding,
2 a usage or input problem, 3 an internal error, and one error style (``paipu: error: …``).

A command's module is imported only when that command runs (or ``--help`` lists them all), so
``paipu --version`` and ``paipu check one.paipu`` do not pay for reports, the corpus or analysis.
Once ``check``, ``--help`` or ``--version`` has printed everything, the program ends without
freeing its objects one by one (`end_now`), which costs about a tenth of a small check.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from paipu._version import __version__
from paipu.cli.collector import fewer_collections
from paipu.cli.common import AS_PROGRAM, EXIT_HELP, PaipuGroup, out_of_memory

# Each command's name, and the module and attribute that define it, in the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("paipu.cli.formatting", "parse_cmd"),
    "fmt": ("paipu.cli.formatting", "fmt_cmd"),
    "check": ("paipu.cli.records", "check_cmd"),
    "simulate": ("paipu.cli.simulation", "simulate_cmd"),
    "mutate": ("paipu.cli.simulation", "mutate_cmd"),
    "report": ("paipu.cli.report", "report_command"),
    "review": ("paipu.cli.review", "review_command"),
    "corpus": ("paipu.cli.corpus", "corpus_group"),
    "analyze": ("paipu.cli.analyze", "analyze"),
    "odds": ("paipu.cli.analyze", "odds"),
    "import": ("paipu.cli.importing", "import_command"),
    "export": ("paipu.cli.exporting", "export_cmd"),
}


ENDS_AT_ONCE: frozenset[str | None] = frozenset({None, "check"})
"""The commands (None: the group itself, its ``--help`` and ``--version``) that hold nothing
to close when they are done (no database, no temporary file, no file written but their
output), so the program may end as soon as their output is flushed."""


class _LazyGroup(PaipuGroup):
    """The ``paipu`` group (`PaipuGroup`: an internal error is one line, exit 3), its commands
    imported on first use."""

    ran: str | None = None
    """The command the command line named, once it is known."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        self.ran = name
        return name, command, rest

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # Only the program itself ends at once: the ``paipu`` script and ``python -m paipu.cli``
        # call ``main()`` bare from their ``__main__``; a program that calls ``main([...])``
        # (or click's test runner, ``main.main``) keeps its interpreter and gets `SystemExit`.
        entry = not args and not kwargs and getattr(sys.modules.get("__main__"), "main", None) is self
        AS_PROGRAM[0] = entry
        try:
            with fewer_collections():
                return self.main(*args, **kwargs)
        except MemoryError:
            # Out of memory outside a command's own handler (parsing the command line, ending).
            out_of_memory(f"paipu {self.ran}" if self.ran else "paipu")
        except SystemExit as e:
            if entry and self.ran in ENDS_AT_ONCE:
                end_now(e.code)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        command = getattr(importlib.import_module(where[0]), where[1])
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_HELP)
@click.version_option(__version__, "--version", prog_name="paipu")
def main() -> None:
    """paipu (牌谱): read, replay and audit mahjong game records.

    A record is a plain-text file (usually *.paipu) with header tags, then hands of
    one action per line. See docs/format.md for the format.
    """


def end_now(code: object) -> None:
    """End the program with exit status ``code`` at once, skipping the teardown of the
    interpreter (freeing every object, module by module), when that is safe: standard output
    and error flush, no other thread runs, no worker process was started.  The exit handlers
    registered with `atexit` still run.  Returns, doing nothing, when it is not safe: the
    caller then ends as usual."""
    if code is None:
        status = 0
    elif isinstance(code, int) and not isinstance(code, bool) and 0 <= code <= 255:
        status = code
    else:
        return  # a message or an odd number: Python's own exit says and maps it
    threading = sys.modules.get("threading")
    if threading is not None and (threading.active_count() > 1 or getattr(threading, "_threading_atexits", None)):
        return
    if "multiprocessing" in sys.modules:
        return  # its exit handlers reap worker processes; let Python run them in its order
    import atexit

    run_handlers = getattr(atexit, "_run_exitfuncs", None)
    forget_handlers = getattr(atexit, "_clear", None)
    if run_handlers is None or forget_handlers is None or not _flushed():
        return  # (a closed pipe, a full disk: Python's own exit reports it as it always does)
    run_handlers()
    forget_handlers()  # run once: if what follows fails, Python's own exit must not run them again
    if _flushed():
        os._exit(status)


def _flushed() -> bool:
    """Whether standard output and error are written out."""
    try:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            if stream is not None:
                stream.flush()
    except Exception:
        return False
    return True


if __name__ == "__main__":  # pragma: no cover
    main()
