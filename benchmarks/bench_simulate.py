"""Simulator speed: hands played (and written) per CPU second on one core, per ruleset, with how
often the bots' shanten questions were answered from the cache; and ``--jobs 2`` beside one job
(wall time, the same records).

    .venv/bin/python benchmarks/bench_simulate.py [--hands 200]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from table import Figure, format_table

from paipu.replay.ruleset import get_ruleset, ruleset_names
from paipu.sim import simulate as sim

RULESETS = tuple(ruleset_names())


def figures(hands: int = 200, rulesets: Sequence[str] = RULESETS, jobs: int = 2) -> list[Figure]:
    out: list[Figure] = []
    for name in rulesets:
        rs = get_ruleset(name)
        cache = sim.shanten_for(rs)
        # The first hands of a process fill what tables are not shipped (once per process, as
        # in any long run): measured apart, as the cost of a short run.
        start = time.process_time()
        for number, n in sim._sessions(16, 8):
            sim._session_text(rs, 99, number, n, None, cache)
        first_hands = 16 / (time.process_time() - start)
        warm_asked, warm_computed = cache.asked, cache.computed
        start = time.process_time()
        for number, n in sim._sessions(hands, 8):
            sim._session_text(rs, 1, number, n, None, cache)
        seconds = time.process_time() - start
        asked, computed = cache.asked - warm_asked, cache.computed - warm_computed
        hit = 1 - computed / asked if asked else 0.0
        out.append(Figure(f"simulate {name}", hands / seconds, "hands/s",
                          goal=">= 500 hands/s" if name not in ("erren", "riichi") else "",
                          note=f"{hands} hands; shanten from the cache {hit:.0%} of {asked:,} questions; "
                               f"the process's first 16 hands {first_hands:,.0f} hands/s"))
    name = rulesets[0]
    walls = []
    for j in (1, jobs):
        start = time.perf_counter()
        texts = list(sim.simulate(name, hands, seed=2, jobs=j))
        walls.append(time.perf_counter() - start)
        if j == 1:
            first = texts
        elif texts != first:
            raise SystemExit(f"simulate --jobs {j} wrote other records than one job")
    out.append(Figure(f"simulate {name} --jobs {jobs} (wall)", hands / walls[1], "hands/s", hands / walls[0],
                      "--jobs 1 (wall)", note="the same bytes as one job; workers start cold"))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=200, help="hands per ruleset (default 200)")
    args = ap.parse_args(argv)
    print(format_table(figures(args.hands)))


if __name__ == "__main__":
    main()
