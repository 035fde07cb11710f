"""``make bench``: every speed figure beside its floor, measured in one run, as one table.

The audit, parse and replay figures come from fresh simulated corpora of each ruleset, timed
beside reading and splitting the same files (`bench_audit`); the simulator's per ruleset, with
``--jobs 2`` beside one job (`bench_simulate`); ingest with 1 and 2 jobs beside the audit alone
on the same files, and peak memory read inside each process (`bench_corpus`).  ``--all`` also
runs the other benchmarks of this folder after the table, each printing its own figures.

    .venv/bin/python benchmarks/run.py [--hands 200] [--all]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
TABLE = ("bench_audit", "bench_simulate", "bench_corpus")


def _load(name: str) -> ModuleType:
    path = HERE / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=200, help="hands per ruleset for audit and simulator (default 200)")
    ap.add_argument("--ingest-hands", type=int, default=800, help="hands for the ingest rates (default 800)")
    ap.add_argument("--all", action="store_true", help="then run every other benchmark of this folder too")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    sys.path.insert(1, str(HERE.parent))
    table = _load("table")
    start = time.perf_counter()
    figures = []
    figures += _load("bench_audit").figures(args.hands, repeat=2)
    figures += _load("bench_simulate").figures(args.hands)
    figures += _load("bench_corpus").figures(args.ingest_hands, (args.ingest_hands // 2, args.ingest_hands * 4))
    print(f"paipu benchmarks ({table.machine_note()}; {time.perf_counter() - start:.0f} s)")
    print(table.format_table(figures))
    sys.stdout.flush()
    if args.all:
        for path in sorted(HERE.glob("bench_*.py")):
            if path.stem in TABLE:
                continue
            print(f"== {path.stem}")
            _load(path.stem).main()
            sys.stdout.flush()


if __name__ == "__main__":
    main()
