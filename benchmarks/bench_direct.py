"""Logs checked where they are, beside importing them and checking the records written.

The auditor's two ways to the same verdict, run as the `paipu` program on one core: ``paipu
check LOGS/`` (each log converted in memory) against ``paipu import FORMAT LOGS/ -o DIR``
followed by ``paipu check DIR``.  The logs are the real ones beside the repository
(``../shared/logs/``, each platform's folder) when they are there, and otherwise simulated
Botzone games.  The goal: the direct path costs no more CPU time than the two steps.

    .venv/bin/python benchmarks/bench_direct.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from table import child_cpu

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "logs"
PAIPU = [sys.executable, "-m", "paipu.cli"]


def _cpu(args: list[str]) -> float:
    """The CPU time (user and system) of one run of ``paipu ARGS`` (its exit status 0–1)."""
    return child_cpu([*PAIPU, *args], worst=1)


def _folders(tmp: Path) -> list[tuple[str, Path]]:
    found = [(fmt, SHARED / folder) for fmt, folder in (("botzone", "botzone"), ("tenhou", "tenhou"))
             if (SHARED / folder).is_dir()]
    if found:
        return found
    from paipu.importers.botzone import simulated_logs

    logs = tmp / "simulated"
    logs.mkdir()
    for i, text in enumerate(simulated_logs(40, seed=7)):
        (logs / f"g{i:02d}.txt").write_text(text, encoding="utf-8")
    return [("botzone", logs)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for fmt, folder in _folders(tmp):
            direct, two_steps = [], []
            for k in range(args.repeat):
                out = tmp / f"{fmt}-{k}"
                direct.append(_cpu(["check", "-j", "1", "-q", str(folder)]))
                two_steps.append(_cpu(["import", fmt, str(folder), "-o", str(out)])
                                 + _cpu(["check", "-j", "1", "-q", str(out)]))
            d, t = min(direct), min(two_steps)
            verdict = "meets" if d <= t * 1.05 else "misses"
            print(f"{fmt} logs ({folder}): check where they are {d:.2f} s CPU; import, then check the records "
                  f"{t:.2f} s; direct/two steps {d / t:.2f} ({verdict} the goal: no slower)")


if __name__ == "__main__":
    main()
