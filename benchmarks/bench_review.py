"""What ``paipu review`` costs beside ``paipu report --annotate`` of the same session, in CPU time.

A simulated session (one file of HANDS hands) is run five ways, each in a fresh process, as a
user runs it: the annotated report (``paipu report --annotate``) and the same in E's teaching
view (``--seat E``, beside which the review page is also set), the review of every seat as
JSON (``paipu review --json``), the review page of one seat (``paipu review --seat E -o``, its
teaching view with each mistake at its position) and a quiz of 10 positions (``paipu review
--quiz 10 -o``).  Each time is the CPU time (user + sys) of the child process, the least of
``--repeat`` runs, the ways interleaved so that a busy machine slows them alike.  Goal: each
review within twice the annotated report.  ``benchmarks/run.py --all`` runs it with its defaults.

    .venv/bin/python benchmarks/bench_review.py [--rulesets zhuji,mcr] [--hands 100] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from bench_annotate import _CHILD, cpu_of, session_file

GOAL_RATIO = 2.0
BASE = "report --annotate"
SEAT_BASE = "report --annotate --seat E"
WAYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (BASE, ("report", "--annotate")),
    (SEAT_BASE, ("report", "--annotate", "--seat", "E")),
    ("review --json", ("review", "--json")),
    ("review --seat E -o", ("review", "--seat", "E")),
    ("review --quiz 10 -o", ("review", "--quiz", "10")),
)
RATIOS: tuple[tuple[str, str], ...] = (
    ("review --json", BASE), ("review --seat E -o", BASE), ("review --seat E -o", SEAT_BASE),
    ("review --quiz 10 -o", BASE),
)
"""The ratios printed: each way's time over another's (the review page is the seat's teaching
view, so it is also set beside the annotated report of that view)."""


def figures(ruleset: str, hands: int, seed: int, repeat: int, folder: Path) -> dict[str, float]:
    """The least CPU time of each way of running one session, by way."""
    record = session_file(ruleset, hands, seed, folder)
    paipu = [sys.executable, "-c", _CHILD]
    best = {way: float("inf") for way, _ in WAYS}
    for _ in range(repeat):
        for way, flags in WAYS:
            args = [*paipu, *flags, str(record)]
            if way != "review --json":
                args += ["-o", str(folder / f"{record.stem}.{'-'.join(f.strip('-') for f in flags)}.html")]
            best[way] = min(best[way], cpu_of(args))
    return best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--rulesets", default="zhuji,hebei,harbin,mcr,erren,riichi",
                    help="comma-separated (default: all six)")
    ap.add_argument("--hands", type=int, default=100, help="hands in the session (default 100)")
    ap.add_argument("--seed", type=int, default=3, help="simulator seed (default 3)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each way; the least time counts (default 3)")
    args = ap.parse_args(argv if argv is not None else [])  # run from benchmarks/run.py --all: the defaults
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in args.rulesets.split(","):
            times = figures(ruleset, args.hands, args.seed, args.repeat, Path(tmp))
            parts = [f"{way} {times[way]:.2f} s" for way, _ in WAYS]
            for way, base in RATIOS:
                ratio = times[way] / times[base]
                verdict = "ok" if ratio <= GOAL_RATIO else f"over the {GOAL_RATIO:g}x goal"
                parts.append(f"{way} / {base} {ratio:.2f}x ({verdict})")
            print(f"review, {ruleset}, {args.hands} hands (CPU): " + "; ".join(parts), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
