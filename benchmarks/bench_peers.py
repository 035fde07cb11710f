"""Valuation beside the peers that do the same job, on the same hands, in the same process.

* **MCR fans:** every winning hand of a simulated mcr session (the wins the oracle test compares,
  `tests/test_mcr_oracle.py`), valued by paipu's fan evaluator (every reading, the best kept:
  what `Mcr.analyse_win` does once it has the hand) and by PyMahjongGB's `MahjongFanCalculator`
  (C++), each from inputs built beforehand, the two timed in turn (the least CPU time of
  ``--repeat`` runs of each).  Skipped without PyMahjongGB.
* **Riichi:** the wins of a simulated riichi session, audited.  At each win, in turn at the same
  point of the replay (so with the same caches warm), the least CPU time of ``--repeat`` runs
  of: the ruleset's valuation (the tiles turned into the ``mahjong`` package's, its
  `HandCalculator`, the answer read back), the whole analysis the engine asks
  (`Riichi.analyse_win`: the tile count, furiten, the valuation, the items), and the very calls
  the valuation makes to `HandCalculator.estimate_hand_value`, made directly with the same
  arguments.

Each figure is hands valued a second (best of ``--repeat``), with the peer's beside it.

    .venv/bin/python benchmarks/bench_peers.py [--wins 300] [--repeat 15]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from table import Figure, as_the_program, best_cpu_of, format_table

HERE = Path(__file__).resolve().parent


def _mcr(wins: int, repeat: int) -> list[Figure]:
    try:
        import MahjongGB
    except ImportError:
        return []
    sys.path.insert(0, str(HERE.parent / "tests"))
    import test_mcr_oracle as oracle  # the oracle test's capture of each win and its call of the peer

    from paipu.rules.shared.fans import best_reading, evaluate

    played = oracle.simulated_wins(wins, seed=15)
    ours = [oracle.win_in(w) for w in played]
    theirs = [oracle.calculator_args(w) for w in played]

    def paipu_all() -> None:
        for win in ours:
            best_reading(evaluate(win))

    def peer_all() -> None:
        calc = MahjongGB.MahjongFanCalculator
        for args in theirs:
            calc(*args)

    paipu_all()  # tables warmed, as in any long run
    ours_s, peer_s = best_cpu_of((paipu_all, peer_all), repeat)  # in turn, so that the load falls on both
    n = len(ours)
    return [Figure("mcr fans per winning hand", n / ours_s, "hands/s", n / peer_s, "PyMahjongGB (C++)",
                   goal="compiled >= the peer; pure <= 4x its cost",
                   note=f"{1e6 * ours_s / n:.1f} us vs {1e6 * peer_s / n:.1f} us a hand; {n} simulated wins")]


def _riichi(hands: int, repeat: int) -> list[Figure]:
    from mahjong.hand_calculating.hand import HandCalculator

    import paipu.record as r
    from paipu.auditing import audit_text
    from paipu.replay.engine import HandEngine
    from paipu.replay.session import Observer
    from paipu.sim.simulate import simulate

    texts = [text for _, text in simulate("riichi", hands, seed=14)]
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    direct = HandCalculator.estimate_hand_value
    spent = {"analysis": 0.0, "valuation": 0.0, "direct": 0.0}
    valued = [0]

    def noting(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return direct(*args, **kwargs)

    class Valuing(Observer):
        """Before each win is played: the calls the ruleset's analysis makes to the package (caught
        once), then, in turn at the same point of the replay, the least CPU time of the analysis,
        of the valuation alone and of those calls made directly."""

        def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
            found = engine.win_context(action)
            if found is None:
                return
            ctx, extra = found
            st = engine.st
            calls.clear()
            setattr(HandCalculator, "estimate_hand_value", staticmethod(noting))  # noqa: B010
            try:
                engine.analyse(ctx, extra)
            finally:
                setattr(HandCalculator, "estimate_hand_value", staticmethod(direct))  # noqa: B010
            made = list(calls)
            if not made:
                return  # refused before the calculator (a furiten win): nothing to compare
            rs: Any = engine.rs
            counts = st.seats[ctx.seat].counts

            def value() -> None:
                if extra is not None:
                    counts[extra.index] += 1
                try:
                    rs._value(st, ctx)
                finally:
                    if extra is not None:
                        counts[extra.index] -= 1

            def peer() -> None:
                for args, kwargs in made:
                    direct(*args, **kwargs)

            analysis, valuation, direct_s = best_cpu_of((lambda: engine.analyse(ctx, extra), value, peer), repeat)
            spent["analysis"] += analysis
            spent["valuation"] += valuation
            spent["direct"] += direct_s
            valued[0] += 1

    with as_the_program():
        for text in texts:
            audit_text(text, observers=[Valuing()])
    n = valued[0]
    if not n or not spent["direct"]:
        return []
    peer_s = spent["direct"]
    per = {k: 1e6 * v / n for k, v in spent.items()}
    return [
        Figure("riichi valuation per winning hand", n / spent["valuation"], "hands/s", n / peer_s,
               "mahjong HandCalculator, called directly", goal="<= 1.2x the direct call's cost",
               note=f"{per['valuation']:.0f} us vs {per['direct']:.0f} us a hand; {n} wins of {hands} simulated "
               "hands; the tiles turned into the package's and the answer read back"),
        Figure("riichi win analysis per winning hand", n / spent["analysis"], "hands/s", n / peer_s,
               "mahjong HandCalculator, called directly",
               note=f"{per['analysis']:.0f} us vs {per['direct']:.0f} us a hand; the valuation with the tile "
               "count and furiten tests and the items, as the replay asks it"),
    ]


def figures(wins: int = 300, repeat: int = 15) -> list[Figure]:
    return _mcr(wins, repeat) + _riichi(wins, repeat)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--wins", type=int, default=300, help="mcr wins, and riichi hands simulated (default 300)")
    ap.add_argument("--repeat", type=int, default=15,
                    help="time this many runs and keep the best (default 15: a pass over the MCR wins takes "
                         "a few milliseconds, and fewer runs let the machine's load show)")
    args = ap.parse_args(argv)
    print(format_table(figures(args.wins, args.repeat)))


if __name__ == "__main__":
    main()
