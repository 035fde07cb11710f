"""Valuation beside the peers that do the same job, on the same hands, in the same process.

* **MCR fans:** every winning hand of a simulated mcr session (the wins the oracle test compares,
  `tests/test_mcr_oracle.py`), valued by paipu's fan evaluator (every reading, the best kept:
  what `Mcr.analyse_win` does once it has the hand) and by PyMahjongGB's `MahjongFanCalculator`
  (C++), each from inputs built beforehand.  Skipped without PyMahjongGB.
* **Riichi:** the wins of a simulated riichi session, audited: the CPU time of the ruleset's
  valuation of each win (`Riichi.analyse_win` as the engine asks it: furiten, the ``mahjong``
  package's `HandCalculator`, the items) beside the time of the very calls it makes to
  `HandCalculator.estimate_hand_value`, made again directly with the same arguments.

Each figure is hands valued a second (best of ``--repeat``), with the peer's beside it.

    .venv/bin/python benchmarks/bench_peers.py [--wins 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from table import Figure, best_cpu, format_table

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
    ours_s = best_cpu(paipu_all, repeat)
    peer_s = best_cpu(peer_all, repeat)
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

    class Valuing(Observer):
        """Before each win is played, values it once more as the engine does (`HandEngine.analyse`:
        the ruleset's `analyse_win`, in either build), timed."""

        spent = 0.0
        inside = False

        def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
            if not isinstance(action, r.Hu):
                return
            st, ld = engine.st, engine.st.last_discard
            if st.phase == "discard" and action.seat == st.turn:
                ctx, extra = engine.self_draw_context(action.seat), None
            elif st.phase == "claim" and ld is not None:
                ctx, extra = engine.discard_context(action.seat, ld), ld.tile
            else:
                return  # a robbed kong: rare, left out
            Valuing.inside = True
            start = time.process_time()
            engine.analyse(ctx, extra)
            Valuing.spent += time.process_time() - start
            Valuing.inside = False

    def noting(*args: Any, **kwargs: Any) -> Any:
        if Valuing.inside:
            calls.append((args, kwargs))
        return direct(*args, **kwargs)

    def audit_all() -> None:
        for text in texts:
            audit_text(text, observers=[Valuing()])

    audit_all()  # warmed
    best = float("inf")
    for _ in range(repeat):
        Valuing.spent = 0.0
        audit_all()
        best = min(best, Valuing.spent)
    setattr(HandCalculator, "estimate_hand_value", staticmethod(noting))  # noqa: B010
    try:
        calls.clear()
        Valuing.spent = 0.0
        audit_all()
    finally:
        setattr(HandCalculator, "estimate_hand_value", staticmethod(direct))  # noqa: B010
    made = list(calls)  # the calls `Valuing`'s valuations made, not the replay's own

    def peer_all() -> None:
        for args, kwargs in made:
            direct(*args, **kwargs)

    peer_s = best_cpu(peer_all, repeat)
    n = len(made)
    if not n or not best:
        return []
    # (a valuation refused before the calculator, a furiten win, is in ``best`` and not in ``n``)
    return [Figure("riichi valuation per winning hand", n / best, "hands/s", n / peer_s,
                   "mahjong HandCalculator, called directly", goal="<= 1.2x the direct call's cost",
                   note=f"{1e6 * best / n:.0f} us vs {1e6 * peer_s / n:.0f} us a hand; {n} wins of "
                   f"{hands} simulated hands")]


def figures(wins: int = 300, repeat: int = 3) -> list[Figure]:
    return _mcr(wins, repeat) + _riichi(wins, repeat)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--wins", type=int, default=300, help="mcr wins, and riichi hands simulated (default 300)")
    ap.add_argument("--repeat", type=int, default=3, help="time this many runs and keep the best")
    args = ap.parse_args(argv)
    print(format_table(figures(args.wins, args.repeat)))


if __name__ == "__main__":
    main()
