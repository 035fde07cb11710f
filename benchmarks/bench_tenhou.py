"""How fast Tenhou logs are imported, checked and valued, on the real games beside the repository.

Reads the mjlog games in ``../shared/logs/tenhou/mjlog/`` (skipped when absent) from memory,
so disk speed is not measured, and prints the best of a few runs for each stage: decoding
(walls rebuilt from the seed included), the consistency checks, and valuing every win with
the ``mahjong`` package; then the games per minute of the whole on one core.  The target is
300 games a minute.  `figures` (in ``make bench``'s table) times instead what ``paipu check
LOG.mjlog`` does, import plus audit of each game in memory, beside xml.etree parsing the same
files: the floor.

    .venv/bin/python benchmarks/bench_tenhou.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from table import Figure, best_cpu_of

from paipu.importers.tenhou import Game, checks, parse_mjlog
from paipu.importers.tenhou.valuation import value_win

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou" / "mjlog"
TARGET_PER_MINUTE = 300


def _best(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _check(games: Sequence[Game]) -> None:
    for game in games:
        checks.game_problems(game)


def _value(games: Sequence[Game]) -> int:
    wins = 0
    for game in games:
        for rnd in game.rounds:
            for win in rnd.wins:
                value_win(game.rules, rnd, win)
                wins += 1
    return wins


def _xml_floor(paths: Sequence[Path]) -> None:
    """Each file read (and ungzipped, as the logs are stored) and parsed by xml.etree."""
    import xml.etree.ElementTree as ET

    from paipu.importers.logs import read_log_bytes

    for p in paths:
        ET.fromstring(read_log_bytes(p))


def _import_and_audit(paths: Sequence[Path]) -> None:
    """What ``paipu check LOG.mjlog`` does for each game, in this process: the log read and
    converted in memory (`paipu.importers.logs.read_log`), then each game's record replayed as
    the importer made it, and written as text and audited from it only when the replay finds
    anything (`paipu.cli.checking.check_file`)."""
    from paipu.auditing import audit_record, audit_text
    from paipu.importers.logs import read_log

    for p in paths:
        for game in read_log(p, "tenhou"):
            record = getattr(game, "record", None)  # an UnwrittenGame's, or a ConvertedGame's
            if record is None or audit_record(record, game.game_id).findings:
                audit_text(game.text, game.game_id)


def figures(repeat: int = 5) -> list[Figure]:
    """Import plus audit of each real mjlog game beside xml.etree parsing the same files (CPU time)."""
    paths = sorted(LOGS.glob("*.mjlog")) if LOGS.is_dir() else []
    if not paths:
        return []
    _import_and_audit(paths)  # warmed, as any long run is
    # In turn, so that a change of the shared machine's load falls on both.
    ours, floor = best_cpu_of((lambda: _import_and_audit(paths), lambda: _xml_floor(paths)), repeat)
    n = len(paths)
    return [Figure("tenhou mjlog import + audit", n / ours, "games/s", n / floor, "xml.etree parse",
                   goal="compiled <= 10x the XML floor's cost",
                   note=f"cost = {ours / floor:.1f}x the floor; {1000 * ours / n:.1f} ms a game; {n} real games")]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    paths = sorted(LOGS.glob("*.mjlog")) if LOGS.is_dir() else []
    if not paths:
        print(f"tenhou: skipped, no logs at {LOGS}")
        return
    data = [p.read_bytes() for p in paths]
    games = [parse_mjlog(d) for d in data]
    rounds = sum(len(g.rounds) for g in games)
    parse_s = _best(args.repeat, lambda: [parse_mjlog(d) for d in data])
    check_s = _best(args.repeat, lambda: _check(games))
    value_s = _best(args.repeat, lambda: _value(games))
    wins = _value(games)
    total = parse_s + check_s + value_s
    per_minute = len(games) / total * 60
    print(f"tenhou: {len(games)} games, {rounds} rounds, {wins} wins")
    print(f"  decode {parse_s * 1000:.1f} ms, checks {check_s * 1000:.1f} ms, valuation {value_s * 1000:.1f} ms")
    print(f"  {total / len(games) * 1000:.2f} ms a game: {per_minute:,.0f} games a minute "
          f"(target {TARGET_PER_MINUTE})")


if __name__ == "__main__":
    main()
