"""Speed and agreement of `paipu.analysis` (shanten, ``paipu analyze --batch``, odds).

Run as ``python benchmarks/bench_analysis.py``.  Shanten is compared, in one run over the
same 100,000 random hands (fixed seed, half of 13 tiles, half of 14, no wildcards), with
the ``mahjong`` package's (MahjongRepository/mahjong, a benchmark-only dependency): every
answer must agree and paipu should be at least 3x faster.  paipu's per-suit tables fill as
hands are met, so its timed pass starts from empty tables (the cold figure) and a second
pass shows the warm rate that a long replay or a batch runs at.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from paipu.analysis.profiles import profile
from paipu.cli.analyze import analyze
from paipu.hand import tables
from paipu.hand.odds import compute_odds
from paipu.hand.shanten import shanten
from paipu.tiles import format_tiles, tiles_from_counts

HANDS = 100_000
BATCH_HANDS = 5_000
SEED = 20_240_601


def random_hands(n: int, seed: int) -> list[list[int]]:
    """``n`` random deals from a 136-tile wall, alternately 13 and 14 tiles."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out: list[list[int]] = []
    for i in range(n):
        c = [0] * 34
        for k in rng.sample(wall, 13 + i % 2):
            c[k] += 1
        out.append(c)
    return out


def compare_with_mahjong(hands: list[list[int]]) -> None:
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("mahjong package not installed (pip install mahjong): comparison skipped")
        return
    for table in (tables._SUIT_LIMITED, tables._HONOUR_LIMITED, tables._COMBINED):
        table.clear()
    start = time.perf_counter()
    ours = [shanten(c) for c in hands]
    paipu_s = time.perf_counter() - start
    start = time.perf_counter()
    theirs = [Shanten.calculate_shanten(c) for c in hands]
    mahjong_s = time.perf_counter() - start
    start = time.perf_counter()
    for c in hands:
        shanten(c)
    warm_s = time.perf_counter() - start
    bad = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
    n = len(hands)
    print(f"shanten, {n:,} random hands (13 and 14 tiles, all three shapes), seed {SEED}")
    print(f"  disagreements with mahjong {_mahjong_version()}: {bad}")
    print(f"  paipu (tables empty at start): {n / paipu_s:,.0f} hands/s")
    print(f"  mahjong:                       {n / mahjong_s:,.0f} hands/s")
    print(f"  ratio: {mahjong_s / paipu_s:.1f}x (warm tables: {n / warm_s:,.0f} hands/s, {mahjong_s / warm_s:.1f}x)")
    if bad:
        print("  FAILED: the answers must agree on every hand", file=sys.stderr)


def _mahjong_version() -> str:
    try:
        from importlib.metadata import version

        return version("mahjong")
    except Exception:
        return "?"


def batch_rate(hands: list[list[int]]) -> None:
    lines = [format_tiles(tiles_from_counts(c)) for c in hands]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        for args, label in (
            (["--batch", str(path), "-r", "plain"], "plain"),
            (["--batch", str(path), "-r", "zhuji", "--caishen", "5m"], "zhuji, 财神 5m"),
        ):
            runner = CliRunner()
            start = time.perf_counter()
            result = runner.invoke(analyze, args)
            elapsed = time.perf_counter() - start
            out = result.output.count("\n")
            print(f"paipu analyze --batch ({label}): {len(lines) / elapsed:,.0f} hands/s "
                  f"({out:,} lines, exit {result.exit_code})")


def odds_time() -> None:
    for name, wild in (("plain", ()), ("zhuji", (4,)), ("zhuji", (4, 5))):
        start = time.perf_counter()
        o = compute_odds(profile(name), wild)
        elapsed = time.perf_counter() - start
        caishen = f" 财神 {format_tiles(tiles_from_counts([1 if k in wild else 0 for k in range(34)]))}" if wild else ""
        print(f"odds {name}{caishen}: {elapsed:.1f} s (天胡 1 in {float(1 / o.win_probability):,.1f}, "
              f"ready deal 1 in {float(1 / o.ready_probability):,.1f})")


def main() -> None:
    hands = random_hands(HANDS, SEED)
    compare_with_mahjong(hands)
    batch_rate(random_hands(BATCH_HANDS, SEED + 1))
    odds_time()


if __name__ == "__main__":
    main()
