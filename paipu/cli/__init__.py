"""The ``paipu`` command: one thin click module per group of commands over the library.

Every command shares `paipu.cli.common`: exit status 0 clean, 1 a record has an error finding,
2 a usage or input problem, 3 an internal error, and one error style (``paipu: error: …``).
"""

from __future__ import annotations

import click

from paipu._version import __version__
from paipu.cli.analyze import analyze, odds
from paipu.cli.common import EXIT_HELP, PaipuGroup
from paipu.cli.corpus import corpus_group
from paipu.cli.records import check_cmd, fmt_cmd, parse_cmd
from paipu.cli.report import report_command
from paipu.cli.simulation import mutate_cmd, simulate_cmd


@click.group(cls=PaipuGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_HELP)
@click.version_option(__version__, "--version", prog_name="paipu")
def main() -> None:
    """paipu (牌谱): read, replay and audit mahjong game records.

    A record is a plain-text file (usually *.paipu) with header tags, then hands of
    one action per line. See docs/format.md for the format.
    """


for command in (parse_cmd, fmt_cmd, check_cmd, simulate_cmd, mutate_cmd, report_command, corpus_group, analyze, odds):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()
