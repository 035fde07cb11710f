"""``paipu simulate`` and ``paipu mutate``: legal games played by bots, and faults injected into them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from paipu.cli.common import EXIT_HELP, InputProblem, echo, parse_overrides, progress_bar
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.replay.ruleset import OptionError, Ruleset, get_ruleset
from paipu.sources import read_record_text

if TYPE_CHECKING:
    from paipu.sim.simulate import SimStats

@click.command("simulate", epilog=EXIT_HELP)
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
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Play the sessions in this many worker processes (the records are the same).")
def simulate_cmd(ruleset: str, hands: int, seed: int, session_hands: int, overrides: tuple[str, ...],
                 out_dir: str | None, stats: bool, quiet: bool, jobs: int) -> None:
    """Let four (or two) bots play legal games and write the records.

    Every record has the full wall, every draw, claim and kong, and the fan and score
    lines; every one replays with no finding. The bots discard toward a win, claim when
    it helps and declare every win the rules allow.
    """
    from paipu.sim.simulate import SimStats, SimulationError, simulate

    try:
        rs = get_ruleset(ruleset, **parse_overrides(overrides))
    except KeyError as e:
        raise InputProblem(str(e.args[0])) from None
    except OptionError as e:
        raise InputProblem(str(e)) from None
    tally = SimStats() if stats else None
    target = Path(out_dir) if out_dir else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    show_bar = not quiet and (target is not None or stats)
    try:
        with progress_bar(hands, "simulating", show_bar) as update:
            for name, text in simulate(rs, hands, seed, session_hands=session_hands,
                                       stats=tally, progress=update, jobs=jobs):
                if target is not None:
                    (target / name).write_text(text, encoding="utf-8")
                elif not stats:
                    click.echo(text)
    except SimulationError as e:  # pragma: no cover - a bug, reported plainly
        raise click.ClickException(f"simulation failed: {e}") from None
    if target is not None and not quiet:
        echo(f"wrote {hands} hands to {target}/", err=True)
    if tally is not None:
        click.echo(format_stats(tally, rs))


def format_stats(stats: SimStats, ruleset: Ruleset) -> str:
    lines = [f"{stats.hands} hands"]
    for title, table in (("results", stats.results), ("scoring items", stats.items),
                         ("situations", stats.situations)):
        lines.append(f"{title}:")
        for key, n in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {key:<28} {n:>7}  {100 * n / max(stats.hands, 1):5.1f}% of hands")
    never = sorted(set(ruleset.value_item_ids()) - set(stats.items))
    lines.append("scoring items that never occurred: " + (", ".join(never) if never else "none"))
    return "\n".join(lines)


@click.command("mutate", epilog=EXIT_HELP)
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
    echo(f"wrote {_n(len(made), 'mutant')} to {target}/", err=True)


