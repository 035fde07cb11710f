"""The riichi check as a user runs it, beside its floor: two processes, the same files.

``paipu check -j 1`` of a folder of simulated riichi hands (``--hands``, 2,000 by default) runs
as a process of its own (``python -m paipu.cli``, the interpreter that runs this benchmark);
the floor is a process of the same interpreter that reads every file of the folder and splits
every line into words (``os`` and ``open`` only, as little as such a program can load).  Both
are timed in CPU (user + system, from the children's resource usage), in turn, and the figure
is the least of ``--runs`` runs of each, after one run of each outside the timing (the grammar's
cache and the file system's, as any second run finds them), with paipu's bytecode written as a
plain install has it (`table.with_bytecode`).  A second row times ``paipu check``
as a user runs it, with its default ``--jobs`` (the machine's cores), in wall-clock time beside
the floor's.  Unlike `bench_audit`'s in-process
figure, both sides here include the interpreter's start and the program's own start-up.
``--ruleset`` (repeatable) measures other rulesets' hands the same way, a row each; riichi, the
one with a goal, by default.

    .venv/bin/python benchmarks/bench_check.py [--hands 2000] [--runs 5] [--ruleset NAME ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from table import Figure, child_times, format_table, machine_note, with_bytecode

from paipu.replay.ruleset import ruleset_names
from paipu.sim.simulate import simulate

_FLOOR = """\
import os, sys
folder = sys.argv[1]
words = 0
for name in sorted(os.listdir(folder)):
    if name.endswith(".paipu"):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f.read().split("\\n"):
                words += len(line.split())
print(words)
"""


def figures(hands: int = 2000, runs: int = 5, ruleset: str = "riichi") -> list[Figure]:
    """``paipu check -j 1`` of ``hands`` simulated hands of ``ruleset`` beside the read-and-split
    floor, each the least CPU milliseconds of ``runs`` runs in turn; then ``paipu check`` as a user
    runs it by default (as many processes as the machine has cores) in wall-clock time beside the
    floor's, each the least of the same runs."""
    with_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "records"
        folder.mkdir()
        for file_name, text in simulate(ruleset, hands, seed=14):
            (folder / file_name).write_text(text, encoding="utf-8")
        floor_script = Path(tmp) / "floor.py"
        floor_script.write_text(_FLOOR, encoding="utf-8")
        files = sorted(folder.glob("*.paipu"))
        megabytes = sum(p.stat().st_size for p in files) / (1024 * 1024)
        commands = {
            "floor": [sys.executable, str(floor_script), str(folder)],
            "check": [sys.executable, "-m", "paipu.cli", "check", "-j", "1", str(folder)],
            "default": [sys.executable, "-m", "paipu.cli", "check", str(folder)],
        }
        for command in commands.values():  # outside the timing: caches warm, as a second run finds them
            child_times(command, tmp, worst=0)
        cpu = {key: float("inf") for key in commands}
        wall = dict(cpu)
        for _ in range(max(1, runs)):
            for key, command in commands.items():
                used, took = child_times(command, tmp, worst=0)
                cpu[key] = min(cpu[key], used)
                wall[key] = min(wall[key], took)
    check, floor = cpu["check"] * 1000, cpu["floor"] * 1000
    size = f"{hands} hands, {len(files)} files, {megabytes:.1f} MB"
    cores = os.cpu_count() or 1
    return [
        Figure(f"{ruleset}: paipu check -j 1 (a process)", check, "ms", floor, "python read + split",
               goal="compiled 6x, pure 12x" if ruleset == "riichi" else "",
               note=f"CPU (user+sys), least of {runs} runs in turn; cost = {check / floor:.1f}x the floor; {size}"),
        Figure(f"{ruleset}: paipu check, {cores} jobs (wall)", wall["default"] * 1000, "ms", wall["floor"] * 1000,
               "python read + split",
               note=f"wall-clock time, the default --jobs (the machine's cores), least of {runs} runs; its CPU "
               f"{cpu['default'] * 1000:,.0f} ms, the workers' included; {size}"),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=2000, help="hands simulated (default 2000)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    ap.add_argument("--ruleset", action="append", default=[], metavar="NAME",
                    help="a ruleset whose simulated hands are checked (repeatable; default riichi)")
    args = ap.parse_args(argv)
    rulesets = args.ruleset or ["riichi"]
    for ruleset in rulesets:
        if ruleset not in ruleset_names():
            ap.error(f"unknown ruleset {ruleset!r}; known rulesets: {', '.join(ruleset_names())}")
    print(f"the check as a process ({machine_note()})")
    rows: list[Figure] = []
    for ruleset in rulesets:
        rows += figures(args.hands, args.runs, ruleset)
    print(format_table(rows))


if __name__ == "__main__":
    main()
