"""``make bench``: every speed figure beside its floor, measured in one run, as one table.

The audit, parse and replay figures come from fresh simulated corpora of each ruleset, timed
beside reading and splitting the same files (`bench_audit`); the simulator's per ruleset, with
``--jobs 2`` beside one job (`bench_simulate`); ingest with 1 and 2 jobs beside the audit alone
on the same files, and peak memory read inside each process (`bench_corpus`); the start-up of
``paipu check`` of one small file, ``check --help`` and ``--version`` beside ``python -c pass``
(`bench_startup`); ``paipu check -j 1`` of 2,000 simulated riichi hands as a process, beside a
process that reads and splits the same files, and ``paipu check`` with its default jobs in
wall-clock time beside the same (`bench_check`); valuation beside its peers on the
same hands, paipu's MCR fans beside PyMahjongGB and its riichi valuation beside direct calls of
the ``mahjong`` package's HandCalculator (`bench_peers`); the import and audit of the real
Tenhou games beside xml.etree parsing the same files (`bench_tenhou`, when the logs are there).
``--all`` also runs the other benchmarks of this folder after the table, each printing its own
figures (among them `bench_annotate`, an annotated report beside a plain one, and
`bench_review`, ``paipu review`` beside the annotated report of the same 100-hand session).
``--compiled PY`` prints instead these figures (the ingest rates aside) of this interpreter's paipu
(pure Python; ``--pure PY2``: the one ``PY2`` imports, such as the plain install of ``make
plain``) and of the one ``PY`` imports (the compiled build of ``make fast``) side by side, each
measured in a process of its own on the same simulated files.  ``make bench`` passes both,
so that each build is timed as a plain ``pip install`` gives it.

    .venv/bin/python benchmarks/run.py [--hands 200] [--all]
    .venv/bin/python benchmarks/run.py --compiled .venv-fast/bin/python [--pure .venv-plain/bin/python]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
TABLE = ("bench_audit", "bench_simulate", "bench_corpus", "bench_startup", "bench_check", "bench_peers")


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
    ap.add_argument("--compiled", metavar="PY", help="pure vs compiled: audit and simulator figures beside PY's")
    ap.add_argument("--pure", metavar="PY", default=sys.executable,
                    help="with --compiled: the interpreter whose paipu is the pure build (default: this one)")
    ap.add_argument("--json-figures", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    if args.json_figures:  # a child of --compiled: import the paipu this interpreter has
        figures = _load("bench_audit").figures(args.hands, repeat=2) + _load("bench_simulate").figures(args.hands)
        figures += _load("bench_startup").figures() + _load("bench_check").figures()
        figures += _load("bench_peers").figures() + _load("bench_tenhou").figures()
        print(json.dumps([dataclasses.asdict(f) for f in figures]))
        return
    sys.path.insert(1, str(HERE.parent))
    table = _load("table")
    if args.compiled:
        _side_by_side(table, args.compiled, args.hands, args.pure)
        return
    start = time.perf_counter()
    figures = []
    figures += _load("bench_audit").figures(args.hands, repeat=2)
    figures += _load("bench_simulate").figures(args.hands)
    figures += _load("bench_corpus").figures(args.ingest_hands, (args.ingest_hands // 2, args.ingest_hands * 4))
    figures += _load("bench_startup").figures()
    figures += _load("bench_check").figures()
    figures += _load("bench_peers").figures()
    figures += _load("bench_tenhou").figures()
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


def _side_by_side(table: ModuleType, compiled: str, hands: int, pure_python: str) -> None:
    def run(python: str) -> tuple[str, list[dict[str, object]]]:
        where = subprocess.run([python, "-I", "-c", "import paipu.replay.engine as m; print(m.__file__)"],
                               check=True, capture_output=True, text=True).stdout.strip()
        got = subprocess.run([python, "-I", __file__, "--json-figures", "--hands", str(hands)],
                             check=True, capture_output=True, text=True)
        return where, json.loads(got.stdout)

    start = time.perf_counter()
    pure_where, pure = run(pure_python)
    fast_where, fast = run(compiled)
    if not fast_where.endswith(".so"):
        print(f"warning: {compiled} imports a paipu that is not compiled ({fast_where})")
    if pure_where.endswith(".so"):
        print(f"warning: {pure_python} imports a compiled paipu ({pure_where})")
    print(f"paipu pure vs compiled ({table.machine_note()}; {time.perf_counter() - start:.0f} s)")
    print(f"pure: {pure_where}\ncompiled: {fast_where}")
    figures = []
    compiled_by_name = {str(f["name"]): f for f in fast}
    for p in pure:
        f = compiled_by_name.get(str(p["name"]))
        if f is None:  # a peer only one of the two environments has (PyMahjongGB)
            print(f"{p['name']}: not measured in the compiled build's environment")
            continue
        value, base = float(f["value"]), float(p["value"])  # type: ignore[arg-type]
        note = str(f["note"])
        if p["unit"] == "ms" and p["floor"] and f["floor"]:  # a time against its floor's: each build's own ratio
            note = (f"compiled {value / float(f['floor']):.1f}x its floor, pure "  # type: ignore[arg-type]
                    f"{base / float(p['floor']):.1f}x; {note}")  # type: ignore[arg-type]
        figures.append(table.Figure(str(p["name"]), value, str(p["unit"]), base, "pure Python",
                                    goal=str(p["goal"]), note=note))
    print(table.format_table(figures, ("figure", "compiled", "pure Python (same files)", "compiled/pure", "goal",
                                       "note")))


if __name__ == "__main__":
    main()
