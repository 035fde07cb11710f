"""Start-up: the CPU time of ``paipu check`` of one small record, beside ``python -c pass``.

Each command runs as a process of its own, as a user runs it (``python -m paipu.cli``, with the
interpreter that runs this benchmark, in a folder outside the source tree); its CPU time (user +
system) is read from the children's resource usage, and the figure is the median of ``runs``
runs.  The floor is the interpreter starting and doing nothing, measured in the same run,
interleaved with the commands.  The record is one simulated Zhuji session of 8 hands (the
grammar's cache is warmed first, as any second run finds it, and paipu's bytecode is written
as a plain install has it: `table.with_bytecode`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from table import Figure, child_cpu, format_table, machine_note, with_bytecode

from paipu.sim.simulate import simulate


def figures(runs: int = 20) -> list[Figure]:
    """``paipu check`` of one small file, ``paipu check --help`` and ``paipu --version``, each
    as the median CPU milliseconds of ``runs`` runs, beside ``python -c pass``."""
    paipu = [sys.executable, "-m", "paipu.cli"]
    with_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        name, text = next(iter(simulate("zhuji", 8, seed=14)))
        record = Path(tmp) / name
        record.write_text(text, encoding="utf-8")
        commands = {
            "floor": [sys.executable, "-c", "pass"],
            "check": [*paipu, "check", str(record)],
            "help": [*paipu, "check", "--help"],
            "version": [*paipu, "--version"],
        }
        # Run outside the source tree: ``-m`` imports the paipu this interpreter has installed.
        child_cpu(commands["check"], tmp)  # the grammar cache and the file system's, as a second run finds them
        times: dict[str, list[float]] = {k: [] for k in commands}
        for _ in range(runs):
            for key, command in commands.items():
                times[key].append(child_cpu(command, tmp))
    ms = {k: statistics.median(v) * 1000 for k, v in times.items()}
    kb = len(text.encode("utf-8")) / 1024
    note = f"CPU (user+sys), median of {runs} runs"
    return [
        Figure("start-up: paipu check one file", ms["check"], "ms", ms["floor"], "python -c pass",
               note=f"{note}; 8 hands, {kb:.0f} KB"),
        Figure("start-up: paipu check --help", ms["help"], "ms", ms["floor"], "python -c pass", note=note),
        Figure("start-up: paipu --version", ms["version"], "ms", ms["floor"], "python -c pass", note=note),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    args = ap.parse_args(argv)
    print(f"start-up ({machine_note()})")
    print(format_table(figures(args.runs)))


if __name__ == "__main__":
    main()
