"""The ``paipu`` command: thin click wrappers over the library.

Exit status, for every command: 0 clean, 1 a record has an error finding (or, for
``fmt --check``, a file is not canonical), 2 a usage or input problem (missing file,
unreadable file, bad option).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from paipu._version import __version__
from paipu.audit import Audit, audit_text
from paipu.errors import InputError
from paipu.expect import compare_results, find_expected, key_of, load_expected
from paipu.findings import Finding, format_finding, has_errors
from paipu.grammar.parser import ParseResult, parse
from paipu.grammar.writer import format_record
from paipu.record import to_json
from paipu.replay.ruleset import OptionError, ruleset_class
from paipu.sources import expand_paths, read_record_text

if TYPE_CHECKING:
    from paipu.sim.simulate import SimStats

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

EXIT_HELP = """
Exit status: 0 when every record is clean, 1 when a record has an error finding,
2 for a usage or input problem (a missing, empty, binary or unreadable file).
"""


class InputProblem(click.ClickException):
    """An input error: printed as one line, exit status 2."""

    exit_code = EXIT_USAGE

    def show(self, file: object = None) -> None:
        _echo_err(self.format_message())


def _echo_err(message: str) -> None:
    click.echo(f"paipu: error: {message}", err=True)


def collect_files(paths: tuple[str, ...]) -> tuple[list[Path], int]:
    """The record files named or found in folders, and the exit status so far."""
    files: list[Path] = []
    status = EXIT_OK
    for raw in paths:
        found = list(expand_paths([raw]))
        if not found and Path(raw).is_dir():
            _echo_err(f"{raw}: no records (*.paipu, *.paipu.gz) in this folder")
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
                _echo_err(str(e))
                self.status = EXIT_USAGE
                continue
            other = _other_format(text)
            if other is not None:
                _echo_err(f"{path}: a {other} log, not a paipu record: convert it with "
                          f"`paipu import {other} {path} --out DIR`")
                self.status = EXIT_USAGE
                continue
            yield path, text


def _other_format(text: str) -> str | None:
    """The import format of a file that is another platform's log, not a record (sniffed from
    its start); None for anything else, which the parser then reads and reports."""
    head = text.lstrip()[:200]
    if not head or head[0] in "[;{" or head.startswith("hand"):
        return None
    from paipu.importers.registry import sniff_format

    return sniff_format(head)


def _print_findings(findings: list[Finding], name: str, text: str) -> None:
    lines = text.splitlines()
    for f in findings:
        click.echo(format_finding(f, name, lines))


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_HELP)
@click.version_option(__version__, "--version", prog_name="paipu")
def main() -> None:
    """paipu (牌谱): read, replay and audit mahjong game records.

    A record is a plain-text file (usually *.paipu) with header tags, then hands of
    one action per line. See docs/format.md for the format.
    """


@main.command("parse", epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print each record as JSON, with the line and column of every item.")
def parse_cmd(paths: tuple[str, ...], as_json: bool) -> None:
    """Parse records and summarise them (or print them as JSON).

    PATHS are record files or folders (searched for *.paipu and *.paipu.gz).
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    for path, text in inputs:
        result = parse(text)
        if has_errors(result.findings):
            status = max(status, EXIT_FINDINGS)
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "file": str(path),
                        "ok": result.ok,
                        "findings": [f.to_json() for f in result.findings],
                        "record": to_json(result.record),
                    },
                    ensure_ascii=False,
                )
            )
        else:
            _print_findings(result.findings, str(path), text)
            click.echo(_summary(str(path), result))
    sys.exit(max(status, inputs.status))


def _summary(name: str, result: ParseResult) -> str:
    rec = result.record
    actions = sum(len(h.actions) for h in rec.hands)
    errors = sum(1 for f in result.findings if f.severity == "error")
    ruleset = rec.header.ruleset or "no ruleset"
    verdict = "ok" if errors == 0 else f"{errors} error{'s' if errors != 1 else ''}"
    hands = len(rec.hands)
    return (
        f"{name}: {ruleset}, {hands} hand{'s' if hands != 1 else ''}, "
        f"{actions} action{'s' if actions != 1 else ''}: {verdict}"
    )


@main.command("fmt", epilog=EXIT_HELP + "With --check, 1 also means a file is not in canonical form.")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True, help="Print nothing; exit 1 if a file is not in canonical form.")
def fmt_cmd(paths: tuple[str, ...], check: bool) -> None:
    """Print records in canonical form.

    Canonical form: English keywords, canonical tile notation (packed runs, deals sorted),
    one tag per line, one action per line, annotations kept beside their item.
    A record with syntax errors is not rewritten: its errors are printed instead.
    """
    inputs = Inputs(paths)
    status = EXIT_OK
    for path, text in inputs:
        result = parse(text)
        syntax = [f for f in result.findings if f.severity == "error"]
        if syntax:
            _print_findings(syntax, str(path), text)
            status = max(status, EXIT_FINDINGS)
            continue
        out = format_record(result.record)
        if check:
            if out != text:
                click.echo(f"{path}: not in canonical form (run `paipu fmt {path}`)", err=True)
                status = max(status, EXIT_FINDINGS)
        else:
            click.echo(out, nl=False)
    sys.exit(max(status, inputs.status))


@contextlib.contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar with rate and ETA on stderr, or a silent stand-in."""
    if not show:
        yield lambda n: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield bar.update


def _parse_overrides(values: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for v in values:
        name, sep, value = v.partition("=")
        if not sep or not name.strip():
            raise InputProblem(f"--option takes name=value, not {v!r}")
        out[name.strip()] = value.strip()
    return out


@main.command("check", epilog=EXIT_HELP)
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per file (format in docs/json.md) instead of text.")
@click.option("--option", "-o", "overrides", multiple=True, metavar="NAME=VALUE",
              help="Override a ruleset option of every record (repeatable), e.g. -o min_tai=2.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings, no summary lines.")
@click.option("--expect", "expect_path", type=click.Path(dir_okay=False), default=None,
              help="Compare with expected results (the output of `check --json`); print every difference.")
@click.option("--annotate", is_flag=True,
              help="Add teaching notes: each discard against the best one, wins and claims let pass.")
def check_cmd(paths: tuple[str, ...], as_json: bool, overrides: tuple[str, ...], quiet: bool,
              expect_path: str | None, annotate: bool) -> None:
    """Replay records and audit every action, win and payment.

    Prints every finding compiler-style (FILE:LINE:COL: severity[code] message (rule id)),
    then one summary line per file. PATHS are record files or folders (searched for
    *.paipu and *.paipu.gz).
    """
    opts = _parse_overrides(overrides)
    if expect_path is not None:
        try:
            expected = load_expected(expect_path)
        except InputError as e:
            raise InputProblem(str(e)) from None
        sys.exit(_check_expected(paths, opts, expected))
    inputs = Inputs(paths)
    status = EXIT_OK
    totals = {"files": 0, "error": 0, "warning": 0}
    for path, text in inputs:
        try:
            audit = audit_text(text, str(path), options=opts, annotate=annotate)
        except OptionError as e:
            raise InputProblem(str(e)) from None
        totals["files"] += 1
        counts = audit.counts()
        totals["error"] += counts["error"]
        totals["warning"] += counts["warning"]
        if not audit.ok:
            status = max(status, EXIT_FINDINGS)
        if as_json:
            click.echo(json.dumps(audit.to_json(), ensure_ascii=False, sort_keys=False))
            continue
        _print_findings(audit.findings, str(path), text)
        if not quiet:
            click.echo(check_summary(audit))
    if not as_json and not quiet and totals["files"] > 1:
        click.echo(
            f"{_n(totals['files'], 'file')} checked: {_n(totals['error'], 'error')}, "
            f"{_n(totals['warning'], 'warning')}"
        )
    sys.exit(max(status, inputs.status))


def _check_expected(paths: tuple[str, ...], opts: dict[str, str], expected: dict[str, dict[str, Any]]) -> int:
    """``check --expect``: every difference from the expected results; 1 if there is any."""
    inputs = Inputs(paths)
    status = EXIT_OK
    differing = 0
    seen: set[str] = set()
    for path, text in inputs:
        want = find_expected(expected, path)
        if want is None:
            click.echo(f"{path}: no expected result")
            differing += 1
            continue
        seen.add(key_of(path))
        diffs = compare_results(want, audit_text(text, str(path), options=opts).to_json())
        for d in diffs:
            click.echo(f"{path}: {d}")
        differing += bool(diffs)
    if len(seen) < len(expected) and all(key_of(p) in expected for p in inputs.files):
        for key in sorted(set(expected) - seen):
            click.echo(f"{key}: expected, but not checked (missing file?)")
            differing += 1
    click.echo(f"{_n(len(inputs.files), 'file')} compared: {_n(differing, 'difference')}" if differing
               else f"{_n(len(inputs.files), 'file')} compared: all as expected")
    return max(status, inputs.status, EXIT_FINDINGS if differing else EXIT_OK)


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def check_summary(audit: Audit) -> str:
    rp = audit.replay
    counts = audit.counts()
    verdict = f"{_n(counts['error'], 'error')}, {_n(counts['warning'], 'warning')}"
    if rp is None:
        return f"{audit.name}: not replayed (it does not parse): {verdict}"
    wins = sum(1 for h in rp.hands if h.result.result == "win")
    drawn = sum(1 for h in rp.hands if h.result.result == "exhausted")
    scores = " ".join(f"{s} {v:+d}" for s, v in rp.scores.items())
    return (
        f"{audit.name}: {rp.ruleset_name or '?'}, {_n(len(rp.hands), 'hand')} "
        f"({wins} won, {drawn} exhausted): {verdict}" + (f"; scores {scores}" if scores else "")
    )


@main.command("simulate", epilog=EXIT_HELP)
@click.option("--ruleset", "-r", required=True, help="The ruleset to play (e.g. zhuji).")
@click.option("--hands", "-n", type=click.IntRange(min=1), default=8, show_default=True,
              help="How many hands to play in all.")
@click.option("--seed", "-s", type=int, required=True, help="The random seed: the same seed gives the same records.")
@click.option("--session-hands", type=click.IntRange(min=1), default=8, show_default=True,
              help="Hands per record (one record is one session).")
@click.option("--option", "-o", "overrides", multiple=True, metavar="NAME=VALUE",
              help="A ruleset option for the games (repeatable); written into each record.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write one file per session into this folder (default: print the records).")
@click.option("--stats", is_flag=True, help="Print how often each result and scoring item occurred.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def simulate_cmd(ruleset: str, hands: int, seed: int, session_hands: int, overrides: tuple[str, ...],
                 out_dir: str | None, stats: bool, quiet: bool) -> None:
    """Let four (or two) bots play legal games and write the records.

    Every record has the full wall, every draw, claim and kong, and the fan and score
    lines; every one replays with no finding. The bots discard toward a win, claim when
    it helps and declare every win the rules allow.
    """
    from paipu.sim.simulate import SimStats, SimulationError, simulate

    opts = _parse_overrides(overrides)
    try:
        ruleset_class(ruleset)
    except KeyError as e:
        raise InputProblem(str(e.args[0])) from None
    tally = SimStats() if stats else None
    target = Path(out_dir) if out_dir else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    show_bar = not quiet and (target is not None or stats)
    try:
        with progress_bar(hands, "simulating", show_bar) as update:
            for name, text in simulate(ruleset, hands, seed, options=opts, session_hands=session_hands,
                                       stats=tally, progress=update):
                if target is not None:
                    (target / name).write_text(text, encoding="utf-8")
                elif not stats:
                    click.echo(text)
    except OptionError as e:
        raise InputProblem(str(e)) from None
    except SimulationError as e:  # pragma: no cover - a bug, reported plainly
        raise click.ClickException(f"simulation failed: {e}") from None
    if target is not None and not quiet:
        click.echo(f"wrote {hands} hands to {target}/", err=True)
    if tally is not None:
        click.echo(format_stats(tally, ruleset))


def format_stats(stats: SimStats, ruleset: str) -> str:
    lines = [f"{stats.hands} hands"]
    for title, table in (("results", stats.results), ("scoring items", stats.items),
                         ("situations", stats.situations)):
        lines.append(f"{title}:")
        for key, n in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {key:<28} {n:>7}  {100 * n / max(stats.hands, 1):5.1f}% of hands")
    never = sorted(set(ruleset_class(ruleset).value_item_ids()) - set(stats.items))
    lines.append("scoring items that never occurred: " + (", ".join(never) if never else "none"))
    return "\n".join(lines)


@main.command("mutate", epilog=EXIT_HELP)
@click.argument("path", type=click.Path())
@click.option("--seed", "-s", type=int, required=True, help="The random seed for choosing what to corrupt.")
@click.option("--out", "-o", "out_dir", type=click.Path(file_okay=False), required=True,
              help="Write the mutants into this folder.")
@click.option("--per-kind", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many mutants of each kind.")
@click.option("--kind", "kinds", multiple=True, help="Only these kinds (repeatable); default all.")
def mutate_cmd(path: str, seed: int, out_dir: str, per_kind: int, kinds: tuple[str, ...]) -> None:
    """Write single, named corruptions of a valid record, each with the finding it must cause.

    Each mutant file starts with `; mutant: KIND: what changed` and `; expect: CODE LINE`,
    so `paipu check` on it must report CODE at LINE. Kinds: a drawn tile changed, a
    discard not held, a chow by a seat that may not, a stale claim, a skipped turn, a wall
    tile swapped, a kong without the tiles, a false win, a value item added or removed, a
    payment changed, a later dealer changed, an early exhausted, a draw past the reserve.
    """
    from paipu.sim.mutate import MAKERS, mutants

    unknown = [k for k in kinds if k not in MAKERS]
    if unknown:
        raise InputProblem(f"unknown mutant kind {unknown[0]!r}; kinds: {', '.join(MAKERS)}")
    try:
        text = read_record_text(path)
        made = list(mutants(text, seed, per_kind=per_kind, kinds=list(kinds) or None))
    except InputError as e:
        raise InputProblem(str(e)) from None
    except ValueError as e:
        raise InputProblem(f"{path}: {e}") from None
    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    stem = Path(path).name.removesuffix(".gz").removesuffix(".paipu")
    counts: dict[str, int] = {}
    for m in made:
        counts[m.kind] = counts.get(m.kind, 0) + 1
        (target / f"{stem}-{m.kind}-{counts[m.kind]}.paipu").write_text(m.with_header(), encoding="utf-8")
    click.echo(f"wrote {_n(len(made), 'mutant')} to {target}/", err=True)


def _register_commands() -> None:
    # Commands whose code lives beside their library (reports, analysis, corpus).
    from paipu.cli.analyze import analyze, odds
    from paipu.cli.corpus import corpus_group
    from paipu.cli.importing import import_command
    from paipu.cli.report import report_command

    main.add_command(report_command)
    main.add_command(corpus_group)
    main.add_command(analyze)
    main.add_command(odds)
    main.add_command(import_command)


_register_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
