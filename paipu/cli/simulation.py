"""``paipu simulate`` and ``paipu mutate``: legal games played by bots, and faults injected into them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from paipu.cli.common import (
    EXIT_HELP,
    InputProblem,
    PaipuCommand,
    echo,
    json_flag,
    option_flag,
    out_flag,
    parse_overrides,
    progress_bar,
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.limits import MAX_JOBS, MAX_MUTANTS_PER_KIND, json_text
from paipu.outputs import write_output_text
from paipu.replay.options import OptionError
from paipu.replay.ruleset import Ruleset, get_ruleset
from paipu.sources import read_record_text

if TYPE_CHECKING:
    from paipu.sim.simulate import SimStats

@click.command("simulate", cls=PaipuCommand, epilog=EXIT_HELP)
@click.option("--ruleset", "-r", required=True, metavar="NAME",
              help="The ruleset to play, by name or alias (zhuji, hebei, harbin, erren, mcr, riichi, …).")
@click.option("--hands", "-n", type=click.IntRange(min=1), default=8, metavar="N", show_default=True,
              help="How many hands to play in all.")
@click.option("--seed", "-s", type=int, required=True, metavar="S",
              help="The random seed: the same seed gives the same records.")
@click.option("--session-hands", type=click.IntRange(min=1), default=8, metavar="K", show_default=True,
              help="Hands per record (one record is one session).")
@option_flag("A ruleset option for the games, e.g. -O min_tai=2 (repeatable); written into each record.")
@out_flag(dest="out_dir", file=False,
          help="Write one file per session into this folder (default: print the records).")
@click.option("--stats", is_flag=True, help="Print how often each result and scoring item occurred.")
@json_flag("With --stats: print the counts as one JSON object instead of a table.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar, and no line saying what was written.")
@click.option("--jobs", "-j", type=click.IntRange(min=1, max=MAX_JOBS), default=1, metavar="N", show_default=True,
              help="Play the sessions in this many worker processes (the records are the same).")
def simulate_cmd(ruleset: str, hands: int, seed: int, session_hands: int, overrides: tuple[str, ...],
                 out_dir: str | None, stats: bool, as_json: bool, quiet: bool, jobs: int) -> None:
    """Let four (or two) bots play legal games and write the records.

    Every record has the full wall, every draw, claim and kong, and the fan and score
    lines; every one replays with no finding. The bots discard toward a win, claim when
    it helps and declare every win the rules allow.
    """
    from paipu.sim.simulate import SimStats, SimulationError, simulate

    if as_json and not stats:
        raise InputProblem("--json prints the --stats counts: give --stats too (the records themselves are "
                           "text; `paipu parse --json` prints one as JSON)")
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
                    write_output_text(target / name, text)
                elif not stats:
                    click.echo(text)
    except SimulationError as e:  # pragma: no cover - a bug, reported plainly
        raise InputProblem(f"simulation failed: {e}") from None
    if target is not None and not quiet:
        sessions = -(-hands // session_hands)
        echo(f"wrote {_n(hands, 'hand')} in {_n(sessions, 'record')} to {target}/", err=True)
    if tally is not None:
        if as_json:
            click.echo(json_text(stats_json(tally, rs), indent=2))
        else:
            click.echo(format_stats(tally, rs))


def stats_json(stats: SimStats, ruleset: Ruleset) -> dict[str, object]:
    """``simulate --stats --json``: the same counts as the table, by name, most frequent first."""

    def ordered(table: dict[str, int]) -> dict[str, int]:
        return dict(sorted(table.items(), key=lambda kv: (-kv[1], kv[0])))

    return {
        "ruleset": ruleset.name,
        "options": ruleset.option_texts(),
        "hands": stats.hands,
        "results": ordered(stats.results),
        "items": ordered(stats.items),
        "situations": ordered(stats.situations),
        "never": sorted(set(ruleset.value_item_ids()) - set(stats.items)),
    }


def format_stats(stats: SimStats, ruleset: Ruleset) -> str:
    lines = [_n(stats.hands, "hand")]
    for title, table in (("results", stats.results), ("scoring items", stats.items),
                         ("situations", stats.situations)):
        lines.append(f"{title}:")
        for key, n in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {key:<28} {n:>7}  {100 * n / max(stats.hands, 1):5.1f}% of hands")
    never = sorted(set(ruleset.value_item_ids()) - set(stats.items))
    lines.append("scoring items that never occurred: " + (", ".join(never) if never else "none"))
    return "\n".join(lines)


@click.command("mutate", cls=PaipuCommand, epilog=EXIT_HELP)
@click.argument("path", type=click.Path())
@click.option("--seed", "-s", type=int, required=True, metavar="S",
              help="The random seed for choosing what to corrupt.")
@out_flag(dest="out_dir", file=False, required=True, help="Write the mutants into this folder.")
@click.option("--per-kind", type=click.IntRange(min=1, max=MAX_MUTANTS_PER_KIND), default=1, metavar="N",
              show_default=True,
              help="How many mutants of each kind (fewer where the record has fewer places for one).")
@click.option("--kind", "kinds", multiple=True, metavar="KIND",
              help="Only these kinds (repeatable); default all. The kinds are listed above.")
@json_flag("Print what was written (each mutant's file, kind and expected finding, and the kinds the "
           "record had no place for) as one JSON object.")
def mutate_cmd(path: str, seed: int, out_dir: str, per_kind: int, kinds: tuple[str, ...], as_json: bool) -> None:
    """Write single, named corruptions of a valid record, each with the finding it must cause.

    Each mutant file starts with `; mutant: KIND: what changed` and `; expect: CODE LINE`,
    so `paipu check` on it must report CODE at LINE. Kinds: draw-changed, discard-not-held,
    claim-wrong-seat, stale-claim, turn-skipped, wall-swapped, kong-without-tiles, false-win,
    fan-item-changed, payment-changed, dealer-changed, exhausted-too-early,
    draw-after-reserve. A kind the record has no place for (no kong to spoil, no wall line
    to swap in) makes no mutant, and paipu says so.
    """
    from paipu.sim.mutate import MAKERS, mutants

    unknown = [k for k in kinds if k not in MAKERS]
    if unknown:
        raise InputProblem(f"unknown mutant kind {unknown[0]!r}; kinds: {', '.join(MAKERS)}")
    wanted = list(dict.fromkeys(kinds)) or list(MAKERS)
    try:
        text = read_record_text(path)
        made = list(mutants(text, seed, per_kind=per_kind, kinds=wanted))
    except InputError as e:
        raise InputProblem(str(e)) from None
    except ValueError as e:
        raise InputProblem(f"{path}: {e}") from None
    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    stem = Path(path).name.removesuffix(".gz").removesuffix(".paipu")
    counts: dict[str, int] = {}
    written: list[dict[str, object]] = []
    for m in made:
        counts[m.kind] = counts.get(m.kind, 0) + 1
        file = target / f"{stem}-{m.kind}-{counts[m.kind]}.paipu"
        write_output_text(file, m.with_header())
        written.append({"file": str(file), "kind": m.kind, "code": m.code, "line": m.line + 2,
                        "description": m.description})
    made_kinds = {_maker_kind(m.kind) for m in made}
    missing = [k for k in wanted if k not in made_kinds]
    possible = [k for k in MAKERS if k in (made_kinds if not kinds else
                                           {_maker_kind(m.kind) for m in mutants(text, seed)})]
    if as_json:
        click.echo(json_text({"record": path, "out": str(target), "mutants": written, "not_made": missing,
                               "possible": possible}, indent=2))
        return
    echo(f"wrote {_n(len(made), 'mutant')} to {target}/", err=True)
    if missing:
        kinds_text = ", ".join(missing)
        could = f"kinds it has places for: {', '.join(possible)}" if possible else "it has a place for no kind"
        echo(f"{path}: no {'mutant of kind' if len(missing) == 1 else 'mutants of the kinds'} {kinds_text}: "
             f"the record has no action such a fault can be put in; {could}", err=True)


def _maker_kind(kind: str) -> str:
    """The ``--kind`` that made a mutant: ``fan-item-changed`` adds or removes an item."""
    return "fan-item-changed" if kind.startswith("fan-item-") else kind
