"""``paipu analyze``, ``paipu odds`` and ``paipu odds pair``: thin click wrappers over `paipu.analysis`.

They follow the CLI's shared conventions (`paipu.cli.common`): input problems are one line
``paipu: error: …`` with exit status 2, never a traceback.  A win is valued by the ruleset's own ``analyse_win``
(the engine's scoring), never here.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import IO, Any

import click
from click.core import ParameterSource

from paipu.analysis.profiles import profile, profile_names
from paipu.cli.common import INTERNAL_HELP, InputProblem, PaipuCommand, PaipuGroup, echo, option_flag, plural
from paipu.errors import TileError
from paipu.hand.effective import analyse
from paipu.hand.inference import KindPosterior, pair_odds
from paipu.hand.odds import Odds, compute_odds
from paipu.hand.profile import ShapeProfile
from paipu.limits import MAX_LINE_CHARS, json_text
from paipu.record import SetupTiles, Span
from paipu.replay.options import OptionError, parse_options
from paipu.replay.result import WinAnalysis
from paipu.replay.ruleset import Ruleset, ruleset_class
from paipu.tiles import ALL_TILES, NUM_KINDS, Tile, counts, format_tiles, parse_tiles, sorted_tiles

__all__ = ["analyze", "odds", "pair"]

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2

_EXIT_HELP = """
Exit status: 0 done, 2 for bad input (a hand that is not a hand, an unknown ruleset, an
unreadable batch file).  With --batch, 1 when some line could not be analysed (its JSON
object has an "error" key; the other lines are still written).
"""

_ODDS_EXIT_HELP = """
Exit status: 0 done, 2 for bad input (an unknown ruleset, a 财神 the ruleset does not allow,
wildcards with shapes they are not counted for).
"""

_MELD_KINDS = {"chow": "chow", "pong": "pong", "kong": "kong", "ankong": "ankong", "addkong": "addkong",
               "吃": "chow", "碰": "pong", "杠": "kong", "暗杠": "ankong"}


class _BadHand(ValueError):
    """A hand line that cannot be analysed; its message is shown to the user as is."""


# ---------------------------------------------------------------------------------------
# Shared option parsing.


@dataclass(frozen=True)
class _Setup:
    """What every hand of one invocation shares: ruleset, 财神, melds, visible tiles."""

    profile: ShapeProfile
    ruleset: type[Ruleset] | None
    options: Any
    caishen: tuple[Tile, ...]
    melds: tuple[tuple[str, tuple[Tile, ...]], ...]
    seen: tuple[int, ...]
    tile_counts: tuple[int, ...]
    """Copies of each of the 34 kinds in play: the ruleset's (they may depend on its options)."""


def _profile(name: str) -> tuple[ShapeProfile, type[Ruleset] | None]:
    try:
        prof = profile(name)
    except KeyError:
        raise InputProblem(f"unknown ruleset {name!r}; known: {', '.join(profile_names())}") from None
    try:
        cls: type[Ruleset] | None = ruleset_class(prof.name)
    except KeyError:
        cls = None  # shapes are known, scoring is not implemented yet
    return prof, cls


def _tiles(text: str, what: str) -> tuple[Tile, ...]:
    try:
        return parse_tiles(text)
    except TileError as e:
        raise _BadHand(f"{what}: {e}") from None


def _caishen(values: tuple[str, ...]) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for v in values:
        tiles.extend(_tiles(v, "--caishen"))
    if any(t.is_flower for t in tiles):
        raise _BadHand("--caishen: a flower cannot be a 财神")
    return tuple(dict.fromkeys(tiles))


def _melds(text: str) -> tuple[tuple[str, tuple[Tile, ...]], ...]:
    out: list[tuple[str, tuple[Tile, ...]]] = []
    for part in text.replace("，", ",").replace(";", ",").split(","):
        words = part.split(None, 1)
        if not words:
            continue
        kind = _MELD_KINDS.get(words[0].lower())
        if kind is None or len(words) < 2:
            raise _BadHand(f"--melds: {part.strip()!r} is not a meld; write e.g. \"pong 5m, chow 123p, kong 7z\"")
        tiles = sorted_tiles(_tiles(words[1], "--melds"))
        size = 3 if kind in ("chow", "pong") else 4
        if len(tiles) == 1:
            first = tiles[0]
            if kind == "chow":
                if not first.is_suited or first.rank > 7:
                    raise _BadHand(f"--melds: no chow starts at {first}")
                tiles = tuple(ALL_TILES[first.index + j] for j in range(3))
            else:
                tiles = (first,) * size
        if len(tiles) != size:
            raise _BadHand(f"--melds: a {kind} has {size} tiles, not {len(tiles)} ({part.strip()})")
        if any(t.is_flower for t in tiles):
            raise _BadHand(f"--melds: a flower cannot be melded ({part.strip()})")
        if kind == "chow":
            ok = all(t.is_suited and t.suit == tiles[0].suit for t in tiles) and all(
                tiles[j].index == tiles[0].index + j for j in range(3))
            if not ok:
                raise _BadHand(f"--melds: {format_tiles(tiles)} is not a chow (three consecutive tiles of a suit)")
        elif len(set(tiles)) != 1:
            raise _BadHand(f"--melds: a {kind} is {size} tiles of one kind, not {format_tiles(tiles)}")
        out.append((kind, tiles))
    if len(out) > 4:
        raise _BadHand(f"--melds: a hand has at most 4 melds, not {len(out)}")
    return tuple(out)


def _setup(ruleset: str, caishen: tuple[str, ...], melds: str, seen: str, overrides: tuple[str, ...]) -> _Setup:
    prof, cls = _profile(ruleset)
    opts: dict[str, str] = {}
    for v in overrides:
        name, sep, value = v.partition("=")
        if not sep or not name.strip():
            raise InputProblem(f"-O/--option takes NAME=VALUE, not {v!r}")
        opts[name.strip()] = value.strip()
    options = None
    if cls is not None:
        try:
            options = parse_options(cls.Options, opts)
        except OptionError as e:
            raise InputProblem(str(e)) from None
    elif opts:
        raise InputProblem(f"the {prof.name} ruleset has no options here (its scoring is not implemented yet)")
    try:
        wild = _caishen(caishen)
        meld_list = _melds(melds)
        seen_tiles = _tiles(seen, "--seen")
    except _BadHand as e:
        raise InputProblem(str(e)) from None
    if wild and cls is not None:
        _check_caishen(cls, options, wild)
    seen_counts = counts(seen_tiles)
    tile_counts = tuple(cls(options).tile_counts[:34]) if cls is not None else prof.tile_counts
    return _Setup(prof, cls, options, wild, meld_list, tuple(seen_counts), tile_counts)


def _caishen_setup(wild: tuple[Tile, ...]) -> tuple[SetupTiles, ...]:
    return (SetupTiles(Span.none(), (), "caishen", wild),) if wild else ()


def _check_caishen(cls: type[Ruleset], options: Any, wild: tuple[Tile, ...]) -> None:
    """Let the ruleset judge the 财神 choice, exactly as it judges a record's caishen line."""
    rs = cls(options)
    st = rs.table(setup=_caishen_setup(wild))
    errors = [f.message for f in st.findings if f.severity == "error"]
    if errors:
        raise InputProblem(f"--caishen: {errors[0]}")
    if not st.wild_kinds:
        raise InputProblem(f"--caishen: the {cls.name} ruleset has no 财神")


# ---------------------------------------------------------------------------------------
# One hand.


@dataclass(frozen=True)
class _Situation:
    discard: bool = False
    after_kong: bool = False
    robbed: bool = False
    tianhu: bool = False
    dihu: bool = False
    ready: bool = False


def _analyse_text(text: str, setup: _Setup, situation: _Situation) -> dict[str, Any]:
    """The JSON object for one hand (raises `_BadHand` with a message for the user)."""
    tiles = _tiles(text, "hand")
    if not tiles:
        raise _BadHand("hand: no tiles")
    flowers = [t for t in tiles if t.is_flower]
    if flowers:
        raise _BadHand(f"hand: {flowers[0]} is a flower; flowers are set aside, not part of a hand")
    hand = counts(tiles)
    melds = setup.melds
    total = list(hand)
    for _, mt in melds:
        for t in mt:
            total[t.index] += 1
    for k in range(NUM_KINDS):
        if total[k] > 4:
            raise _BadHand(f"hand: {total[k]} × {ALL_TILES[k]} (there are four of each tile)")
        if total[k] + setup.seen[k] > 4:
            raise _BadHand(f"--seen: {ALL_TILES[k]} seen {setup.seen[k]} times but the hand holds {total[k]}")
        if k < 34 and total[k] and setup.tile_counts[k] == 0:
            raise _BadHand(f"hand: {ALL_TILES[k]} is not a tile of the {setup.profile.name} set")
    sets = 4 - len(melds)
    if len(tiles) not in (3 * sets + 1, 3 * sets + 2):
        with_melds = f" with {plural(len(melds), 'meld')}" if melds else ""
        raise _BadHand(
            f"hand: {plural(len(tiles), 'tile')}; a hand{with_melds} has {3 * sets + 1} (waiting) or "
            f"{3 * sets + 2} (after a draw)"
        )
    wild_kinds = tuple(t.index for t in setup.caishen)
    suited_meld = any(t.is_suited for _, mt in melds for t in mt)
    analysis = analyse(hand, wild_kinds=wild_kinds, melds=len(melds), shapes=setup.profile.shapes,
                       visible=setup.seen, suited_meld=suited_meld)
    full = len(tiles) == 3 * sets + 2
    out: dict[str, Any] = {
        "hand": format_tiles(sorted_tiles(tiles)),
        "ruleset": setup.profile.name,
        "caishen": [str(t) for t in setup.caishen],
        "melds": [f"{kind} {format_tiles(mt)}" for kind, mt in melds],
        "tiles": analysis.tiles,
        "shanten": analysis.shanten,
        "by_shape": dict(analysis.by_shape),
    }
    if full:
        out["last"] = str(tiles[-1])
        out["waits"] = None
        out["discards"] = [
            {"tile": str(d.tile), "shanten": d.shanten, "unseen": d.unseen,
             "effective": [_effective_json(e) for e in d.effective]}
            for d in analysis.discards
        ]
    else:
        out["waits"] = [str(t) for t in analysis.waits]
        out["wildcard_completes"] = analysis.wildcard_completes
        out["effective"] = [_effective_json(e) for e in analysis.effective]
        out["unseen"] = sum(e.unseen for e in analysis.effective)
    out["win"] = False
    out["value"] = None
    if full and analysis.complete:
        if setup.ruleset is None:
            out["win"] = True  # shape only: this ruleset's scoring is not implemented yet
        else:
            win = _value(tiles, setup, situation)
            out["win"] = win.is_win
            out["value"] = _win_json(win, setup.ruleset)
    return out


def _effective_json(e: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"tile": str(e.tile), "unseen": e.unseen}
    if e.wildcard:
        d["wildcard"] = True
    return d


def _value(tiles: tuple[Tile, ...], setup: _Setup, situation: _Situation) -> WinAnalysis:
    """Value a complete hand with the ruleset's own valuation (`Ruleset.value`), as the engine does."""
    assert setup.ruleset is not None
    rs = setup.ruleset(setup.options)
    return rs.value(
        tiles,
        melds=setup.melds,
        self_drawn=not (situation.discard or situation.robbed),
        robbed=situation.robbed,
        after_kong=situation.after_kong,
        first_draw=situation.dihu or situation.tianhu,
        seat=rs.seats[0] if situation.tianhu else rs.seats[1],
        ready=situation.ready,
        setup=_caishen_setup(setup.caishen),
    )


def _win_json(win: WinAnalysis, cls: type[Ruleset]) -> dict[str, Any]:
    return {
        "shape": win.shape,
        "total": win.total,
        "unit": cls.unit,
        "items": [{"id": i.id, "value": i.value, "rule": i.rule, "name": i.name_zh, "count": i.count}
                  for i in win.items],
        "groups": [{"kind": g.kind, "tiles": format_tiles(g.tiles), "wild": [str(t) for t in g.wild],
                    "meld": g.meld} for g in win.groups],
        "reason": win.reason,
        "readings": win.decompositions,
    }


# ---------------------------------------------------------------------------------------
# Text output.


def _shape_names(by_shape: dict[str, int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in by_shape.items())


def _describe(n: int) -> str:
    return {-1: "complete", 0: "ready"}.get(n, f"{n} from ready")


def _effective_text(items: list[dict[str, Any]]) -> str:
    if not items:
        return "none"
    return " ".join(f"{e['tile']}{'(财神)' if e.get('wildcard') else ''}×{e['unseen']}" for e in items)


def _print_text(obj: dict[str, Any]) -> None:
    extra = []
    if obj["melds"]:
        extra.append("melds " + ", ".join(obj["melds"]))
    if obj["caishen"]:
        extra.append("财神 " + " ".join(obj["caishen"]))
    last = f", last {obj['last']}" if "last" in obj else ""
    echo(f"hand: {obj['hand']} ({plural(obj['tiles'], 'tile')}{last}{'; ' + '; '.join(extra) if extra else ''}), "
               f"ruleset {obj['ruleset']}")
    echo(f"shanten: {obj['shanten']} ({_describe(obj['shanten'])}); by shape: {_shape_names(obj['by_shape'])}")
    if obj["waits"] is not None:
        if obj["shanten"] == 0:
            waits = " ".join(obj["waits"]) or "no real tile"
            if obj.get("wildcard_completes"):
                waits += " (and any 财神)"
            echo(f"waits: {waits}")
        echo(f"effective tiles: {_effective_text(obj['effective'])} ({obj['unseen']} unseen)")
        return
    if obj["shanten"] >= 0:  # a complete hand is valued instead (its discards are in the JSON)
        click.echo("discard  shanten  unseen  effective tiles")
        for d in obj["discards"]:
            echo(f"{d['tile']:<8} {d['shanten']:>7}  {d['unseen']:>6}  {_effective_text(d['effective'])}")
    if obj["shanten"] == -1:
        value = obj["value"]
        if value is None:
            echo(f"complete: a {obj['ruleset']} shape (this ruleset's scoring is not implemented yet)")
            return
        unit = value["unit"]
        verdict = "a win" if obj["win"] else "not a win"
        echo(f"value: {verdict}, {value['shape']}, {value['total']} {unit} "
                   f"(best of {plural(value['readings'], 'reading')})")
        for item in value["items"]:
            count = f" ×{item['count']}" if item["count"] > 1 else ""
            echo(f"  {item['id']:<12} {item['value']:>3} {unit}{count}  {item['name']}  ({item['rule']})")
        if value["groups"]:
            groups = "  ".join(
                f"{g['kind']} {g['tiles']}" + (f" [财神 as {' '.join(g['wild'])}]" if g["wild"] else "")
                for g in value["groups"])
            echo(f"  reading: {groups}")
        if value["reason"]:
            echo(f"  why not: {value['reason']}")


# ---------------------------------------------------------------------------------------
# Commands.

_ruleset_option = click.option(
    "--ruleset", "-r", "ruleset", default="zhuji", show_default=True, metavar="NAME",
    help=f"Whose shapes (and scoring) to use: {', '.join(profile_names())}.")
_caishen_option = click.option(
    "--caishen", "caishen", multiple=True, metavar="TILES",
    help="The 财神 (wildcard) kind or kinds, e.g. --caishen 5m or --caishen '5m 6m'.")


@click.command("analyze", cls=PaipuCommand, epilog=_EXIT_HELP + INTERNAL_HELP)
@click.argument("hand", required=False)
@_ruleset_option
@_caishen_option
@click.option("--melds", default="", metavar="MELDS",
              help='Melds already made, e.g. "pong 5m, chow 123p, kong 7z, ankong 1z".')
@click.option("--seen", default="", metavar="TILES",
              help="Tiles visible elsewhere (discards, others' melds), for the unseen counts.")
@option_flag("A ruleset option for the valuation, e.g. -O min_tai=2 (repeatable).")
@click.option("--discard", is_flag=True, help="The last tile was won on a discard (default: self-drawn).")
@click.option("--after-kong", is_flag=True, help="The last tile was a kong replacement draw (杠开).")
@click.option("--robbed", is_flag=True, help="The last tile was robbed from an added kong (抢杠).")
@click.option("--tianhu", is_flag=True, help="The dealer's first 14 tiles (天胡).")
@click.option("--dihu", is_flag=True, help="A non-dealer's first draw (地胡).")
@click.option("--ready", "declared", is_flag=True, help="The winner had declared ready (报听; harbin needs it).")
@click.option("--batch", "batch", default=None, metavar="FILE",
              help="Analyse one hand per line of FILE (- for stdin); writes one JSON object per line.")
@click.option("--record", "record_path", default=None, metavar="FILE",
              help="Analyse a position of this record instead of a HAND: see --hand, --step, --seat.")
@click.option("--hand", "hand_number", type=int, default=1, show_default=True, metavar="N",
              help="With --record: the hand (its number in the record).")
@click.option("--step", type=click.IntRange(min=0), default=0, show_default=True, metavar="K",
              help="With --record: the step (0 is the deal, then one per line of actions), as in reports.")
@click.option("--seat", type=click.Choice(["E", "S", "W", "N"], case_sensitive=False), default=None,
              help="With --record: whose view (default: the seat to move). Only what it could know is used.")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as one JSON object.")
def analyze(
    hand: str | None,
    ruleset: str,
    caishen: tuple[str, ...],
    melds: str,
    seen: str,
    overrides: tuple[str, ...],
    discard: bool,
    after_kong: bool,
    robbed: bool,
    tianhu: bool,
    dihu: bool,
    declared: bool,
    batch: str | None,
    record_path: str | None,
    hand_number: int,
    step: int,
    seat: str | None,
    as_json: bool,
) -> None:
    """Analyse a hand: shanten, waits, effective tiles, the best discards, its value.

    HAND is the concealed tiles in record notation (123m 456p 东东, 5万 …), the last tile
    the one just drawn. With 13 tiles (fewer with --melds) it prints the shanten and the
    waits or effective tiles; with 14 every discard, best first; a complete hand is
    valued by the ruleset's scoring, item by item, as the replay engine does.

    With --record FILE the position at --hand N, --step K is analysed from the view of
    --seat: its hand against what it could see, and for each kind the exact chance that an
    opponent holds a pair or more (could pong it), as the report's teaching view shows it.
    """
    if record_path is not None:
        if hand is not None or batch is not None:
            raise InputProblem("give a HAND, --batch FILE or --record FILE, one of them")
        sys.exit(_analyse_record(record_path, hand_number, step, seat.upper() if seat else None, as_json))
    setup = _setup(ruleset, caishen, melds, seen, overrides)
    situation = _Situation(discard, after_kong, robbed, tianhu, dihu, declared)
    if batch is not None:
        if hand is not None:
            raise InputProblem("give either a HAND or --batch FILE, not both")
        sys.exit(_run_batch(batch, setup, situation))
    if hand is None:
        raise InputProblem("give a HAND (e.g. 123456789m 1234p) or --batch FILE")
    try:
        obj = _analyse_text(hand, setup, situation)
    except _BadHand as e:
        raise InputProblem(str(e)) from None
    if as_json:
        click.echo(json_text(obj))
    else:
        _print_text(obj)


class _TooLong(str):
    """A batch line past `MAX_LINE_CHARS` (the rest of it is skipped, never held)."""


def _bounded_lines(fh: IO[str]) -> Iterator[str]:
    """The lines of ``fh``, each read with a bound: a line past `MAX_LINE_CHARS` is a `_TooLong`
    of its start, and the rest of it is read and dropped (a batch of one endless line keeps
    its memory flat)."""
    while True:
        line = fh.readline(MAX_LINE_CHARS + 1)
        if not line:
            return
        if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
            while True:
                rest = fh.readline(1 << 16)
                if not rest or rest.endswith("\n"):
                    break
            yield _TooLong(line[:40])
            continue
        yield line


def _lines(source: str) -> Iterator[str]:
    if source == "-":
        yield from _bounded_lines(sys.stdin)
        return
    try:
        mode = os.stat(source).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            # A device (/dev/zero) never ends: a batch is a file, a pipe or standard input.
            raise InputProblem(f"{source}: {'a directory' if stat.S_ISDIR(mode) else 'a device or a socket'}, "
                               "not a file of hands")
        f = open(source, encoding="utf-8")
    except OSError as e:
        raise InputProblem(f"{source}: {e.strerror or e}") from None
    with f:
        try:
            yield from _bounded_lines(f)
        except UnicodeDecodeError:
            raise InputProblem(f"{source}: not UTF-8 text") from None


def _run_batch(source: str, setup: _Setup, situation: _Situation) -> int:
    status = EXIT_OK
    for number, line in enumerate(_lines(source), 1):
        text = line.strip()
        if isinstance(line, _TooLong):
            click.echo(json_text({"line": number, "hand": text + "…",
                                  "error": f"a line of over {MAX_LINE_CHARS:,} characters: not read"}))
            status = EXIT_PROBLEMS
            continue
        if not text or text.startswith("#"):
            continue
        try:
            obj = {"line": number, **_analyse_text(text, setup, situation)}
        except _BadHand as e:
            obj = {"line": number, "hand": text, "error": str(e)}
            status = EXIT_PROBLEMS
        click.echo(json_text(obj))
    return status


@click.group("odds", cls=PaipuGroup, epilog=_ODDS_EXIT_HELP + INTERNAL_HELP, invoke_without_command=True,
             subcommand_metavar="[pair [OPTIONS]]")
@click.option("--ruleset", "-r", "ruleset", default="plain", show_default=True, metavar="NAME",
              help=f"Whose shapes and tiles: {', '.join(profile_names())}.")
@_caishen_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@click.pass_context
def odds(ctx: click.Context, ruleset: str, caishen: tuple[str, ...], as_json: bool) -> None:
    """Count exactly the winning 14-tile and ready 13-tile hands of a ruleset's tiles.

    Per suit, then combined (docs/analysis.md), so it takes seconds, not the 4·10^18 deals.
    Prints the distinct hands, the deals (physical tiles), the chance that a dealer's
    first 14 tiles win (天胡, shape only) and that 13 dealt tiles are ready.

    `paipu odds pair` asks another question: how likely an opponent holds a pair of a
    kind that nobody has discarded (see `paipu odds pair --help`).
    """
    if ctx.invoked_subcommand is not None:
        given = [f"--{name.removeprefix('as_')}" for name in ("ruleset", "caishen", "as_json")
                 if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
        if given:
            sub = ctx.invoked_subcommand
            what = "is an option" if len(given) == 1 else "are options"
            raise InputProblem(f"{', '.join(given)} before `{sub}` {what} of the hand counts; "
                               f"give `paipu odds {sub}` its options after its name")
        return
    setup = _setup(ruleset, caishen, "", "", ())
    try:
        result = compute_odds(setup.profile, tuple(t.index for t in setup.caishen))
    except ValueError as e:
        raise InputProblem(str(e)) from None
    if as_json:
        click.echo(json_text(result.to_json()))
        return
    for line in odds_lines(result):
        click.echo(line)


def odds_lines(o: Odds) -> Iterable[str]:
    """The text report of `compute_odds`."""
    wild = ""
    if o.wild_kinds:
        n = 4 * len(o.wild_kinds)
        wild = f", 财神 {' '.join(str(ALL_TILES[k]) for k in o.wild_kinds)} ({n} wildcards)"
    yield f"{o.profile}: {o.tiles} tiles{wild}; shapes: {', '.join(o.shapes)}"
    yield f"winning 14-tile hands: {o.winning_hands:,} distinct, {o.winning_deals:,} deals of {o.deals_14:,}"
    for name, (h, d) in o.by_shape.items():
        yield f"  {name}: {h:,} distinct, {d:,} deals"
    pw = o.win_probability
    yield f"dealer's 14 tiles complete (天胡): 1 in {float(1 / pw):,.1f}  ({pw.numerator}/{pw.denominator})"
    yield f"ready 13-tile hands: {o.ready_hands:,} distinct, {o.ready_deals:,} deals of {o.deals_13:,}"
    pr = o.ready_probability
    yield f"13 dealt tiles ready: 1 in {float(1 / pr):,.1f}  ({pr.numerator}/{pr.denominator})"
    yield f"computed in {o.seconds:.1f} s"


# ---------------------------------------------------------------------------------------
# paipu odds pair: who holds a pair of a kind nobody has discarded.

_PAIR_EXIT_HELP = """
Exit status: 0 done, 2 for bad input (a tile that is not one kind, counts that cannot all
exist, a probability outside 0-1, an observation the model calls impossible).
"""


@odds.command("pair", epilog=_PAIR_EXIT_HELP + INTERNAL_HELP,
              short_help="The chance that an opponent holds a pair of a kind nobody discards.")
@click.option("--kind", "kind_text", default="东", show_default=True, metavar="TILE",
              help="The tile kind asked about, in record notation (1z, 东, 5m, 五万 …); it only names the output.")
@click.option("--mine", default="1", show_default=True, metavar="N",
              help="Copies of the kind in my own hand (I know where they are).")
@click.option("--seen", default="0", show_default=True, metavar="N",
              help="Copies visible elsewhere: discarded by anyone (me too), in others' exposed melds, shown.")
@click.option("--hands", default="13,13,13", show_default=True, metavar="N,N,…",
              help="Each opponent's concealed tile count (melded tiles are visible, so not counted), "
                   "one number per opponent.")
@click.option("--wall", default="32", show_default=True, metavar="N",
              help="Unseen tiles in no hand (live and dead wall): all tiles less the visible ones, mine and "
                   "the opponents' concealed ones; 136 - 52 - 13 - 39 = 32 in the default situation.")
@click.option("--discard-prob", "discard_text", default="9/10", show_default=True, metavar="P",
              help="The chance that an opponent holding exactly one copy has discarded it by now: 0.9, 9/10 or 90%.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: the probabilities as floats and exact fractions (strings), and "
                   "each opponent's and the wall's posterior counts.")
def pair(kind_text: str, mine: str, seen: str, hands: str, wall: str, discard_text: str, as_json: bool) -> None:
    """How likely is it that an opponent holds a pair of a kind nobody has discarded?

    The unseen copies of the kind (4 less mine and seen) are spread uniformly over the
    opponents' concealed tiles and the wall; an opponent with a lone copy would have
    thrown it with probability P, so "nobody did" weighs each spread by (1 - P) per such
    opponent. Prints the exact chance that some opponent holds a pair or more, and exactly
    a pair, and each opponent's posterior count. The defaults are the situation of nine
    go-rounds: 52 tiles in the river, 39 in the other hands, 13 in mine with one 东, no 东
    discarded, P = 90%.
    """
    kind = _kind(kind_text)
    n_mine, n_seen, n_wall = _count(mine, "--mine"), _count(seen, "--seen"), _count(wall, "--wall")
    sizes = _hand_sizes(hands)
    p = _probability(discard_text)
    try:
        post = pair_odds(n_mine, n_seen, sizes, n_wall, p)
        prior = pair_odds(n_mine, n_seen, sizes, n_wall, 0)
    except ValueError as e:
        raise InputProblem(str(e)) from None
    obj = _pair_json(kind, n_mine, n_seen, post, prior)
    if as_json:
        click.echo(json_text(obj))
        return
    for line in pair_lines(obj):
        click.echo(line)


def _kind(text: str) -> Tile:
    try:
        tiles = parse_tiles(text)
    except TileError as e:
        raise InputProblem(f"--kind: {e}") from None
    if len(tiles) != 1:
        raise InputProblem(f"--kind: {text!r} is not one tile kind; write e.g. 1z or 东")
    if tiles[0].is_flower:
        raise InputProblem(f"--kind: {tiles[0]} is a flower; a flower is never held or discarded")
    return tiles[0]


def _count(text: str, option: str) -> int:
    value = text.strip()
    if not value.isascii() or not value.isdigit():
        raise InputProblem(f"{option}: {text!r} is not a whole number (0 or more)")
    return int(value)


def _hand_sizes(text: str) -> tuple[int, ...]:
    parts = text.replace("，", ",").replace(",", " ").split()
    if not parts or text.replace("，", ",").count(",") >= len(parts):
        raise InputProblem(f"--hands: {text!r} is not a list of tile counts such as 13,13,13")
    return tuple(_count(part, "--hands") for part in parts)


def _probability(text: str) -> Fraction:
    value = text.strip()
    percent = value.endswith("%")
    try:
        p = Fraction(value.removesuffix("%").strip())
    except (ValueError, ZeroDivisionError):
        raise InputProblem(f"--discard-prob: {text!r} is not a probability; write e.g. 0.9, 9/10 or 90%") from None
    return p / 100 if percent else p


def _fraction(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _pair_json(kind: Tile, mine: int, seen: int, post: KindPosterior, prior: KindPosterior) -> dict[str, Any]:
    return {
        "kind": str(kind),
        "name": kind.chinese,
        "mine": mine,
        "seen": seen,
        "unseen": post.unseen,
        "hands": list(post.hands),
        "wall": post.wall,
        "places": post.places,
        "discard_prob": _fraction(post.discard_prob),
        "pair_or_more": float(post.pair_or_more),
        "pair_or_more_fraction": _fraction(post.pair_or_more),
        "exactly_pair": float(post.exactly_pair),
        "exactly_pair_fraction": _fraction(post.exactly_pair),
        "prior_pair_or_more": float(prior.pair_or_more),
        "prior_pair_or_more_fraction": _fraction(prior.pair_or_more),
        "prior_exactly_pair": float(prior.exactly_pair),
        "prior_exactly_pair_fraction": _fraction(prior.exactly_pair),
        "opponents": [
            {"hand": size, "counts": [float(x) for x in row], "counts_fractions": [_fraction(x) for x in row]}
            for size, row in zip(post.hands, post.opponents, strict=True)
        ],
        "wall_counts": [float(x) for x in post.wall_counts],
        "wall_counts_fractions": [_fraction(x) for x in post.wall_counts],
    }


def _both(x: float, exact: str) -> str:
    return f"{x:.6f}  ({exact})"


def pair_lines(obj: dict[str, Any]) -> Iterable[str]:
    """The text report of ``paipu odds pair`` (from its JSON object, so the two agree)."""
    name = obj["name"]
    hands = ", ".join(str(h) for h in obj["hands"])
    yield (f"{name} ({obj['kind']}): {obj['mine']} mine, {obj['seen']} seen: {obj['unseen']} unseen in "
           f"{obj['places']} places (opponents' hands {hands}; wall {obj['wall']})")
    yield (f"given that no opponent has discarded any of them, while one holding a lone {name} would have "
           f"with probability {obj['discard_prob']}")
    yield f"some opponent holds a pair or more:  {_both(obj['pair_or_more'], obj['pair_or_more_fraction'])}"
    yield f"some opponent holds exactly a pair:  {_both(obj['exactly_pair'], obj['exactly_pair_fraction'])}"
    prior_up = _both(obj["prior_pair_or_more"], obj["prior_pair_or_more_fraction"])
    prior_two = _both(obj["prior_exactly_pair"], obj["prior_exactly_pair_fraction"])
    yield f"before the observation, these were:  {prior_up} and {prior_two}"
    yield f"chance of holding {' '.join(str(k) for k in range(obj['unseen'] + 1))} {name}:"
    rows = [(f"opponent {i} ({plural(o['hand'], 'tile')})", o["counts"]) for i, o in enumerate(obj["opponents"], 1)]
    rows.append((f"wall ({plural(obj['wall'], 'tile')})", obj["wall_counts"]))
    width = max(len(label) for label, _ in rows)
    for label, values in rows:
        yield f"  {label:<{width}}  {'  '.join(f'{x:.6f}' for x in values)}"


def _analyse_record(path: str, number: int, step: int, seat: str | None, as_json: bool) -> int:
    """``analyze --record``: one position of a replayed record, from one seat's view."""
    from paipu.analysis.reading import position
    from paipu.auditing import audit_text
    from paipu.errors import InputError
    from paipu.sources import read_record_text

    try:
        text = read_record_text(path)
    except InputError as e:
        raise InputProblem(str(e)) from None
    audit = audit_text(text, path, views=True)
    rp, rs = audit.replay, audit.ruleset
    if rp is None or rs is None:
        raise InputProblem(f"{path}: the record cannot be replayed (run `paipu check {path}`)")
    found = next((h for h in rp.hands if h.record.number == number), None)
    if found is None:
        raise InputProblem(f"{path}: no hand {number}; hands: {', '.join(str(h.record.number) for h in rp.hands)}")
    if step >= len(found.steps):
        raise InputProblem(f"{path}: hand {number} has steps 0 to {len(found.steps) - 1}")
    view = found.steps[step].view
    if view is None:
        raise InputProblem(f"{path}: hand {number} could not be replayed to step {step}")
    who = seat or view.turn or rs.seats[0]
    if who not in rs.seats:
        raise InputProblem(f"seat {who} does not play in {rs.name} (seats: {' '.join(rs.seats)})")
    obj = position(view, who, rs.seats, rs.tile_counts, rs.shapes, tuple(t.index for t in view.wild))
    obj = {"file": path, "hand": number, "step": step, **obj}
    if as_json:
        click.echo(json_text(obj))
        return EXIT_OK
    click.echo(f"{path}, hand {number}, step {step}: {who}'s view")
    click.echo(f"hand: {obj['hand']}" + (f"; melds {', '.join(obj['melds'])}" if obj["melds"] else "")
               + f"; {plural(obj['wall'], 'tile')} in the wall")
    if "shanten" in obj:
        click.echo(f"shanten: {obj['shanten']} ({_describe(int(obj['shanten']))})")
    for d in obj.get("discards", [])[:5]:
        unseen = plural(d["unseen"], "effective tile")
        click.echo(f"  discard {d['tile']:<4} {_describe(d['shanten'])}, {unseen} unseen")
    click.echo("chance an opponent holds a pair or more (could pong it):")
    cells = [f"{o['tile']} {round(100 * o['pair_or_more'])}%" for o in obj["pong_odds"]]
    for i in range(0, len(cells), 9):
        click.echo("  " + "  ".join(cells[i:i + 9]))
    for s, live in obj["ready_opponents"].items():
        click.echo(f"{s} has declared ready; kinds still live: {' '.join(live)}")
    return EXIT_OK
