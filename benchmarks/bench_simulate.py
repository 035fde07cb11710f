"""Simulator speed: hands played (and written) per second on one core, per ruleset."""

from __future__ import annotations

import time

from paipu.sim.simulate import simulate

HANDS = 400


def main() -> None:
    for ruleset in ("zhuji", "hebei", "erren", "harbin"):
        list(simulate(ruleset, 16, seed=99))  # fill the shanten tables once
        start = time.perf_counter()
        out = list(simulate(ruleset, HANDS, seed=1))
        elapsed = time.perf_counter() - start
        size = sum(len(text) for _, text in out)
        print(f"simulate {ruleset}: {HANDS / elapsed:,.0f} hands/s ({len(out)} records, {size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
