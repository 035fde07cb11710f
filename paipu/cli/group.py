"""The ``paipu`` group (click): its commands, imported on first use (`paipu.cli.COMMANDS`)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from paipu._version import __version__
from paipu.cli.collector import fewer_collections
from paipu.cli.common import AS_PROGRAM, EXIT_HELP, PaipuGroup, out_of_memory
from paipu.cli.program import COMMANDS, ENDS_AT_ONCE, end_now


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
        # Only the program itself ends at once: its entry (`paipu.cli.launch`, through `program`)
        # or a ``__main__`` that calls ``main()`` bare; a program that calls ``main([...])`` (or
        # click's test runner, ``main.main``) keeps its interpreter and gets `SystemExit`.
        entry = not args and not kwargs and getattr(sys.modules.get("__main__"), "main", None) is self
        return self._run(entry, args, kwargs)

    def program(self) -> Any:
        """Run as the ``paipu`` program, on its command line: the program may end at once
        when the command is done (`paipu.cli.end_now`)."""
        return self._run(True, (), {})

    def _run(self, entry: bool, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
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
