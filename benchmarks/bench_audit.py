"""End-to-end audit speed beside its floor, on fresh simulated corpora, in the same run.

For each four-player ruleset (and erren), simulates ``--hands`` hands into files, then times
on one core (CPU time, best of ``--repeat``): the floor (read every file and split every line
into words), the floor with one small object made a line in a Python loop (about the least a
reader written in Python does: its cost beside the floor's is in the audit's note), parsing
alone, and the audit
(`paipu.auditing.audit_text`: parse + replay), and prints hands/s and MB/s of each beside
the floor's, with the audit's cost as a multiple of the floor's.  For riichi the note also
gives the cost of the `mahjong` package's valuations the audit asks for (the same calls made
again directly), which the audit cannot go below.

    .venv/bin/python benchmarks/bench_audit.py [--hands 400] [--repeat 3]
"""

from __future__ import annotations

import argparse
import functools
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from table import Figure, best_cpu, format_table

from paipu.auditing import audit_text
from paipu.grammar.parser import parse
from paipu.replay.ruleset import ruleset_names
from paipu.sim.simulate import simulate

RULESETS = tuple(ruleset_names())




def _floor(paths: list[Path]) -> int:
    words = 0
    for p in paths:
        for line in p.read_text(encoding="utf-8").split("\n"):
            words += len(line.split())
    return words


class _Word:
    """One small object a line: what `_least` makes."""

    __slots__ = ("line", "seat", "tile", "verb")

    def __init__(self, seat: str, verb: str, tile: str, line: int) -> None:
        self.seat = seat
        self.verb = verb
        self.tile = tile
        self.line = line


def _least(paths: list[Path]) -> int:
    """The floor, and one small object made for each line of three words or more: about the least
    a reader written in Python does (in the pure build, a bound on how near the floor parsing
    and replaying can come)."""
    made: list[_Word] = []
    for p in paths:
        for number, line in enumerate(p.read_text(encoding="utf-8").split("\n")):
            words = line.split()
            if len(words) >= 3:
                made.append(_Word(words[0], words[1], words[2], number))
    return len(made)


def _parse(paths: list[Path]) -> None:
    for p in paths:
        parse(p.read_text(encoding="utf-8"))


def _audit(paths: list[Path]) -> None:
    for p in paths:
        audit = audit_text(p.read_text(encoding="utf-8"), p.name)
        if audit.replay is None:
            raise SystemExit(f"{p.name} did not replay: {audit.findings[:3]}")


def _package_calls(paths: list[Path]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The calls one riichi audit of ``paths`` makes to the `mahjong` package's valuation
    (`HandCalculator.estimate_hand_value`, one a win valued), caught as they are made."""
    from mahjong.hand_calculating.hand import HandCalculator

    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    direct = HandCalculator.estimate_hand_value

    def noting(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return direct(*args, **kwargs)

    setattr(HandCalculator, "estimate_hand_value", staticmethod(noting))  # noqa: B010
    try:
        _audit(paths)
    finally:
        setattr(HandCalculator, "estimate_hand_value", staticmethod(direct))  # noqa: B010
    return calls


def _package(calls: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> None:
    """Those calls made again, directly: the part of a riichi audit no code of ours can spare."""
    from mahjong.hand_calculating.hand import HandCalculator

    direct = HandCalculator.estimate_hand_value
    for args, kwargs in calls:
        direct(*args, **kwargs)


def figures(hands: int = 400, repeat: int = 3, rulesets: Sequence[str] = RULESETS) -> list[Figure]:
    """For each ruleset, on a fresh simulated corpus: the floor (read + split), parsing alone,
    the audit, and replay alone (audit less parsing)."""
    parse('[Ruleset "zhuji"]\nhand 1 {\n}\n')  # load the grammar outside the timing
    out: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in rulesets:
            folder = Path(tmp) / name
            folder.mkdir()
            for file_name, text in simulate(name, hands, seed=14):
                (folder / file_name).write_text(text, encoding="utf-8")
            paths = sorted(folder.glob("*.paipu"))
            megabytes = sum(p.stat().st_size for p in paths) / (1024 * 1024)
            _audit(paths)  # warm the ruleset's tables once, as any long run does
            floor = best_cpu(functools.partial(_floor, paths), repeat)
            least = best_cpu(functools.partial(_least, paths), repeat)
            parsing = best_cpu(functools.partial(_parse, paths), repeat)
            audit = best_cpu(functools.partial(_audit, paths), repeat)
            files = f"{hands} hands, {len(paths)} files, {megabytes:.1f} MB"
            package = ""
            if name == "riichi":
                calls = _package_calls(paths)
                valuing = best_cpu(functools.partial(_package, calls), repeat)
                package = f"; the mahjong package's {len(calls)} valuations alone: {valuing / floor:.1f}x"
            out += [
                Figure(f"audit {name}", hands / audit, "hands/s", hands / floor, "read + split",
                       goal="3x the floor's cost",
                       note=f"cost = {audit / floor:.1f}x the floor (an object a line in Python: "
                       f"{least / floor:.1f}x{package}); {files}"),
                Figure(f"parse {name}", megabytes / parsing, "MB/s", megabytes / floor, "read + split",
                       goal=">= 6 MB/s", note=files),
                Figure(f"replay {name} (audit - parse)", hands / max(audit - parsing, 1e-9), "hands/s",
                       goal=">= 4,000 hands/s", note=files),
            ]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=400, help="hands simulated per ruleset (default 400)")
    ap.add_argument("--repeat", type=int, default=3, help="time this many runs and keep the best")
    args = ap.parse_args(argv)
    print(format_table(figures(args.hands, args.repeat)))


if __name__ == "__main__":
    main()
