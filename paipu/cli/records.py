"""``paipu check``: its command line (click); the checking itself is `paipu.cli.checking`.

What auditing needs (the parser, the replay, the rulesets) is imported when a record is
checked, not when the command is defined: ``paipu check --help`` loads none of it."""

from __future__ import annotations

import sys
from typing import Any

import click

from paipu.cli.checking import audit_text, check_paths
from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_HELP,
    EXIT_OK,
    InputProblem,
    Inputs,
    PaipuCommand,
    echo,
    from_flag,
    json_flag,
    known_format,
    option_flag,
    parse_overrides,
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.lang import LANGS
from paipu.limits import MAX_JOBS


@click.command("check", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@json_flag("Print one JSON object per file (format in docs/findings.md#json-output) instead of text; a "
           "path that cannot be read is an object too, with \"readable\": false.")
@option_flag()
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings, no summary lines.")
@click.option("--expect", "expect_path", type=click.Path(dir_okay=False), default=None,
              help="Compare with expected results (the output of `check --json`); print every difference.")
@click.option("--base", "base", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --expect: the folder the expected results' relative paths start from (default: the "
                   "current folder, where `check --json` wrote them), wherever the results file is kept.")
@click.option("--annotate", is_flag=True,
              help="Add teaching notes: each discard against the best one, wins and claims let pass.")
@click.option("--jobs", "-j", type=click.IntRange(min=1, max=MAX_JOBS), default=None, metavar="N",
              help="Audit in this many processes (default: the machine's cores); the output is the same.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: on a terminal, from 50 files).")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="The language of the findings and summary lines (--json keeps English messages).")
@from_flag()
def check_cmd(paths: tuple[str, ...], as_json: bool, overrides: tuple[str, ...], quiet: bool,
              expect_path: str | None, base: str | None, annotate: bool, jobs: int | None,
              progress: bool | None, lang: str, fmt: str | None) -> None:
    """Replay records and audit every action, win and payment.

    Prints every finding compiler-style (FILE:LINE:COL: severity[code] message (rule id)),
    then one summary line per file, and a total line for several. PATHS are record files,
    platforms' logs (Botzone, Tenhou mjlog or tenhou.net/6, mjai; told by their content) or
    folders of either (searched for *.paipu, *.paipu.gz and the logs' files). A log is
    checked where it is, converted in memory game by game: a finding names the line of the
    converted record (what `paipu import` writes) and the place in the log it comes from.
    An -O option a record's ruleset does not have is a bad-option finding on that record;
    the other records use it.
    """
    opts = parse_overrides(overrides)
    fmt = known_format(fmt)
    if expect_path is not None:
        from paipu.expect import load_expected

        try:
            expected = load_expected(expect_path, base)
        except InputError as e:
            raise InputProblem(str(e)) from None
        sys.exit(_check_expected(paths, opts, expected))
    sys.exit(check_paths(paths, opts, fmt, as_json, quiet, annotate, jobs, progress, lang))


def _check_expected(paths: tuple[str, ...], opts: dict[str, str], expected: dict[str, dict[str, Any]]) -> int:
    """``check --expect``: every difference from the expected results; 1 if there is any."""
    from paipu.expect import compare_results, find_expected, key_of

    inputs = Inputs(paths)
    status = EXIT_OK
    differing = 0
    seen: set[str] = set()
    for path, text, _ in inputs.each():
        want = find_expected(expected, path)
        if text is None:
            # Its problem is printed and makes the exit status 2; a baseline that could not
            # read it either (``"readable": false``) holds no result for it.
            if want is not None:
                seen.add(key_of(path))
                echo(f"{path}: expected a result, but it could not be read")
                differing += 1
            continue
        if want is None:
            echo(f"{path}: no expected result")
            differing += 1
            continue
        seen.add(key_of(path))
        diffs = compare_results(want, audit_text(text, str(path), options=opts).to_json())
        for d in diffs:
            echo(f"{path}: {d}")
        differing += bool(diffs)
    if len(seen) < len(expected) and all(key_of(p) in expected for p in inputs.files):
        for key in sorted(set(expected) - seen):
            echo(f"{key}: expected, but not checked (missing file?)")
            differing += 1
    echo(f"{_n(len(inputs.files), 'file')} compared: {_n(differing, 'difference')}" if differing
               else f"{_n(len(inputs.files), 'file')} compared: all as expected")
    return max(status, inputs.status, EXIT_FINDINGS if differing else EXIT_OK)


