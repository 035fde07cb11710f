"""The ``paipu`` command: one thin click module per group of commands over the library.

Every command shares `paipu.cli.common`: exit status 0 clean, 1 a record has an error finding,
2 a usage or input problem, 3 an internal error, and one error style (``paipu: error: …``).

A command's module is imported only when that command runs (or ``--help`` lists them all), so
``paipu --version`` and ``paipu check one.paipu`` do not pay for reports, the corpus or analysis.
"""

from __future__ import annotations

import importlib

import click

from paipu._version import __version__
from paipu.cli.common import EXIT_HELP, PaipuGroup

# Each command's name, and the module and attribute that define it, in the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("paipu.cli.formatting", "parse_cmd"),
    "fmt": ("paipu.cli.formatting", "fmt_cmd"),
    "check": ("paipu.cli.records", "check_cmd"),
    "simulate": ("paipu.cli.simulation", "simulate_cmd"),
    "mutate": ("paipu.cli.simulation", "mutate_cmd"),
    "report": ("paipu.cli.report", "report_command"),
    "corpus": ("paipu.cli.corpus", "corpus_group"),
    "analyze": ("paipu.cli.analyze", "analyze"),
    "odds": ("paipu.cli.analyze", "odds"),
    "import": ("paipu.cli.importing", "import_command"),
    "export": ("paipu.cli.exporting", "export_cmd"),
}


class _LazyGroup(PaipuGroup):
    """The ``paipu`` group (`PaipuGroup`: an internal error is one line, exit 3), its commands
    imported on first use."""

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


if __name__ == "__main__":  # pragma: no cover
    main()
