"""How fast `paipu.grammar.parser.parse` reads a large record.

Generates, in memory and the same every run, a record of thousands of hands of plausible
lines (setup, deals, draws and discards with glyphs and annotations, claims, results),
parses it and prints ``parse: X.XX MB/s (N lines, M hands)``: CPU time
(``time.process_time``), the best of ``--repeat`` runs.

    .venv/bin/python benchmarks/bench_parse.py [--mb 6] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from paipu.grammar.parser import parse
from paipu.record import SEATS
from paipu.tiles import ALL_TILES, Tile, format_tiles, sorted_tiles

PLAY_TILES = ALL_TILES[:34]
NOTES = (
    "Keeps the pair.",
    "Too early to break the run.",
    "A safe tile: two are already out.",
    "Should have kept the 东.\nThe pong was coming.",
    "The 宝 changes everything here.",
)
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
FAN_ITEMS = ("dongfeng 2", "zhong 1", "hunyise 2", "duiduihu 1", "zimo 1", "门清 1", "qingyise 4")


def _hand(rng: random.Random, number: int) -> list[str]:
    """One hand: a shuffled wall dealt out, then turns until someone wins or the wall ends."""
    wall = [t for t in PLAY_TILES for _ in range(4)]
    rng.shuffle(wall)
    dealer = SEATS[(number - 1) % 4]
    order = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(4)]
    hands: dict[str, list[Tile]] = {s: [wall.pop() for _ in range(13)] for s in order}
    hands[dealer].append(wall.pop())
    lines = [f"hand {number}", f"dealer {dealer}"]
    if number % 3 == 0:
        lines.append(f"wall {format_tiles(wall[-20:])}")
    lines.append(f"dice {rng.randint(1, 6)} {rng.randint(1, 6)}")
    if number % 2 == 0:
        lines.append(f"caishen {rng.choice(PLAY_TILES)}")
    for s in order:
        lines.append(f"deal {s} {format_tiles(sorted_tiles(hands[s]))}")
    turn = 0
    seat = dealer
    while len(wall) > 14:
        if turn:
            tile = wall.pop()
            hands[seat].append(tile)
            lines.append(f"{seat} draw {tile}")
        discard = hands[seat].pop(rng.randrange(len(hands[seat])))
        line = f"{seat} discard {discard}"
        if rng.random() < 0.08:
            line += " " + rng.choice(GLYPHS)
        if rng.random() < 0.05:
            line += " {" + rng.choice(NOTES) + "}"
        if rng.random() < 0.03:
            line += "   ; typed in by hand"
        lines.append(line)
        nxt = order[(order.index(seat) + 1) % 4]
        roll = rng.random()
        if roll < 0.05:
            claimer = order[(order.index(seat) + 2) % 4]
            lines.append(f"{claimer} pong {discard}")
            seat = claimer
        elif roll < 0.09 and discard.is_suited and discard.rank <= 7:
            run = [discard, Tile.from_index(discard.index + 1), Tile.from_index(discard.index + 2)]
            lines.append(f"{nxt} chow {' '.join(str(t) for t in run)}")
            seat = nxt
        else:
            seat = nxt
        turn += 1
        if rng.random() < 0.015:
            break
    if rng.random() < 0.8:
        winner = rng.choice(order)
        lines.append(f"{winner} hu")
        items = rng.sample(FAN_ITEMS, rng.randint(1, 3))
        total = sum(int(i.rsplit(" ", 1)[1]) for i in items)
        lines.append(f"fan {winner} {total} : {', '.join(items)}")
        others = [s for s in order if s != winner]
        lines.append(f"score {winner} +{3 * total} " + " ".join(f"{s} -{total}" for s in others))
    else:
        lines.append("exhausted")
    lines.append("")
    return lines


def make_record(min_bytes: int, seed: int = 20261129) -> tuple[str, int]:
    """A deterministic record of at least ``min_bytes`` UTF-8 bytes, and its number of hands."""
    rng = random.Random(seed)
    head = [
        '[Ruleset "zhuji"]',
        '[Player E "Alice"] [Player S "Bob"] [Player W "Carol"] [Player N "Dave"]',
        '[Event "paipu benchmark"] [Date "2026-11-29"]',
        "",
    ]
    parts = ["\n".join(head) + "\n"]
    size = len(parts[0].encode("utf-8"))
    hands = 0
    while size < min_bytes:
        hands += 1
        chunk = "\n".join(_hand(rng, hands)) + "\n"
        parts.append(chunk)
        size += len(chunk.encode("utf-8"))
    return "".join(parts), hands


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--mb", type=float, default=5.5, help="size of the generated record (default 5.5 MB)")
    ap.add_argument("--repeat", type=int, default=3, help="parse this many times and report the best")
    args = ap.parse_args(argv)

    text, hands = make_record(int(args.mb * 1024 * 1024))
    megabytes = len(text.encode("utf-8")) / (1024 * 1024)
    lines = text.count("\n")
    parse('[Ruleset "zhuji"]\n')  # build the parser outside the timing

    best = float("inf")
    for _ in range(max(1, args.repeat)):
        start = time.process_time()
        result = parse(text)
        best = min(best, time.process_time() - start)
    if result.findings or len(result.record.hands) != hands:
        raise SystemExit(f"the generated record did not parse cleanly: {result.findings[:3]}")
    print(f"parse: {megabytes / best:.2f} MB/s ({lines} lines, {hands} hands)")


if __name__ == "__main__":
    main()
