"""What ``paipu report --annotate`` costs beside a plain ``paipu report``, in CPU time.

A simulated session (``paipu simulate -r RULESET -n HANDS --session-hands HANDS -s SEED``:
one file of HANDS hands) is reported four ways, each in a fresh process, as a user runs it:
plain, ``--annotate``, ``--seat E`` and ``--annotate --seat E``.  Each time is the CPU time (user + sys)
of the child process, the least of ``--repeat`` runs, the runs of the four ways interleaved
so that a busy machine slows them alike.  Goal: an annotated report within twice the plain one.

    .venv/bin/python benchmarks/bench_annotate.py [--rulesets zhuji,hebei] [--hands 100] [--repeat 3]
        [--old PATH]    (PATH: another version's source tree, e.g. from `git archive`, timed alongside)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from paipu.api import simulate

GOAL_RATIO = 2.0
WAYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("plain", ()),
    ("annotate", ("--annotate",)),
    ("seat E", ("--seat", "E")),
    ("annotate --seat E", ("--annotate", "--seat", "E")),
)
RATIOS: tuple[tuple[str, str], ...] = (("annotate", "plain"), ("annotate --seat E", "seat E"),
                                       ("annotate --seat E", "plain"))
"""The ratios printed: each way's time over another's."""


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


_TREE = "PAIPU_BENCH_TREE"
_CHILD = f"""import os, sys
from pathlib import Path
if os.environ.get({_TREE!r}):
    sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
    from bench_lean import _import_from
    _import_from(Path(os.environ[{_TREE!r}]))
from paipu.cli import main
main()
"""
"""The child that runs paipu: the installed one, or the source tree named in ``PAIPU_BENCH_TREE``."""


def cpu_of(args: list[str], source: Path | None = None) -> float:
    """The CPU time (user + sys) of one child process running ``args``, with the paipu of the
    source tree ``source`` first on its path when given."""
    env = dict(os.environ)
    env.pop(_TREE, None)
    if source is not None:
        env[_TREE] = str(source)  # PYTHONPATH alone loses to an editable install's import hook
    before = _children_cpu()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return _children_cpu() - before


def session_file(ruleset: str, hands: int, seed: int, folder: Path) -> Path:
    """One simulated session of ``hands`` hands, written into ``folder``."""
    name, text = next(iter(simulate(ruleset, hands, seed, session_hands=hands)))
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def figures(ruleset: str, hands: int, seed: int, repeat: int, folder: Path,
            sources: dict[str, Path | None]) -> dict[tuple[str, str], float]:
    """The least CPU time of each way of reporting one session, by (version, way); the
    versions are the installed paipu (``None``) or source trees, run in turn."""
    record = session_file(ruleset, hands, seed, folder)
    paipu = [sys.executable, "-c", _CHILD]
    best = {(version, way): float("inf") for version in sources for way, _ in WAYS}
    for _ in range(repeat):
        for version, source in sources.items():
            for way, flags in WAYS:
                out = folder / f"{record.stem}.{way.replace(' ', '_')}.html"
                took = cpu_of([*paipu, "report", *flags, str(record), "-o", str(out)], source)
                best[version, way] = min(best[version, way], took)
    return best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rulesets", default="zhuji,hebei,harbin,mcr,erren", help="comma-separated (default: five)")
    ap.add_argument("--hands", type=int, default=100, help="hands in the session (default 100)")
    ap.add_argument("--seed", type=int, default=3, help="simulator seed (default 3)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each way; the least time counts (default 3)")
    ap.add_argument("--old", type=Path, default=None,
                    help="a source tree of another paipu version (its folder holding paipu/), timed beside this one")
    args = ap.parse_args(argv)
    sources: dict[str, Path | None] = {"this": None}
    if args.old is not None:
        sources = {"old": args.old.resolve(), "this": None}
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in args.rulesets.split(","):
            times = figures(ruleset, args.hands, args.seed, args.repeat, Path(tmp), sources)
            for version in sources:
                parts = [f"{way} {times[version, way]:.2f} s" for way, _ in WAYS]
                for top, bottom in RATIOS:
                    ratio = times[version, top] / times[version, bottom]
                    verdict = "ok" if ratio <= GOAL_RATIO else f"over the {GOAL_RATIO:g}x goal"
                    parts.append(f"{top} / {bottom} {ratio:.2f}x ({verdict})")
                label = f"{version}, " if args.old is not None else ""
                print(f"report --annotate, {label}{ruleset}, {args.hands} hands (CPU): " + "; ".join(parts),
                      flush=True)


if __name__ == "__main__":
    main()
