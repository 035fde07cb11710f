"""How fast `paipu.grammar.parser.parse` reads records, per kind of file.

Generates, in memory and the same every run:

* ``large``: a record of thousands of hands of plausible lines (setup, deals, draws and
  discards with glyphs and annotations, claims, results);
* ``hand``: the same record as a person types it: Chinese keywords and tiles on part of the
  lines, tabs, comments, blank lines;
* with ``--simulated N``: N hands of each ruleset as ``paipu simulate`` writes them (8 a file).

parses each and prints ``parse KIND: X.XX MB/s``: CPU time (``time.process_time``), the best
of ``--repeat`` runs.  ``--against DIR`` measures the paipu in DIR (another checkout) on the
same texts in the same run, and prints both figures and the ratio::

    .venv/bin/python benchmarks/bench_parse.py [--mb 6] [--repeat 3] [--simulated 120] [--against ../main]

The figures depend on the machine and its load: compare columns of one run, not runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from table import as_the_program

from paipu.grammar.parser import parse
from paipu.record import SEATS
from paipu.replay.ruleset import ruleset_names
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


_CHINESE_VERBS: Final = {"discard": "打", "draw": "摸", "pong": "碰", "chow": "吃", "hu": "胡"}
_CHINESE_HONOURS: Final = dict(zip(("1z", "2z", "3z", "4z", "5z", "6z", "7z"), "东南西北白发中", strict=True))
_CHINESE_SUITS: Final = {"m": "万", "p": "筒", "s": "条"}


def hand_written(text: str, seed: int = 5) -> str:
    """``text`` as a person types it: Chinese verbs and tiles on two lines in five, a tab or a
    comment here and there, blank lines and comment lines between (the same record)."""
    rng = random.Random(seed)
    out: list[str] = []
    for line in text.split("\n"):
        w = line.split(" ")
        if len(w) >= 3 and w[0] in SEATS and w[1] in _CHINESE_VERBS and rng.random() < 0.4:
            w[1] = _CHINESE_VERBS[w[1]]
            t = w[2]
            if t in _CHINESE_HONOURS:
                w[2] = _CHINESE_HONOURS[t]
            elif len(t) == 2 and t[1] in _CHINESE_SUITS and rng.random() < 0.5:
                w[2] = "一二三四五六七八九"[int(t[0]) - 1] + _CHINESE_SUITS[t[1]]
            line = " ".join(w)
        if rng.random() < 0.05:
            line = "\t" + line
        if line and rng.random() < 0.05:
            line += "  ; " + rng.choice(("check this", "东 was safe", "hmm"))
        out.append(line)
        if rng.random() < 0.03:
            out.append("")
        if rng.random() < 0.01:
            out.append("; a comment on its own line")
    return "\n".join(out)


RULESETS: Final = tuple(ruleset_names())


def texts_by_kind(mb: float, simulated: int) -> dict[str, list[str]]:
    text, _ = make_record(int(mb * 1024 * 1024))
    kinds = {"large": [text], "hand": [hand_written(text)]}
    if simulated:
        from paipu.sim.simulate import simulate

        for name in RULESETS:
            kinds[name] = [t for _, t in simulate(name, simulated, seed=14, session_hands=8)]
    return kinds


def measure(kinds: dict[str, list[str]], repeat: int) -> dict[str, float]:
    """MB/s per kind, for the paipu imported; every text must parse without a syntax error."""
    parse('[Ruleset "zhuji"]\nhand 1 {\n}\n')  # build the parser outside the timing
    out: dict[str, float] = {}
    for kind, texts in kinds.items():
        for t in texts:
            if any(f.code == "syntax" for f in parse(t).findings):
                raise SystemExit(f"a generated {kind} record did not parse cleanly")
        megabytes = sum(len(t.encode("utf-8")) for t in texts) / (1024 * 1024)
        best = float("inf")
        with as_the_program():
            for _ in range(max(1, repeat)):
                start = time.process_time()
                for t in texts:
                    parse(t)
                best = min(best, time.process_time() - start)
        out[kind] = megabytes / best
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--mb", type=float, default=5.5, help="size of the generated record (default 5.5 MB)")
    ap.add_argument("--repeat", type=int, default=3, help="parse this many times and report the best")
    ap.add_argument("--simulated", type=int, default=0, help="also N simulated hands of each ruleset")
    ap.add_argument("--against", type=Path, help="another paipu checkout to measure side by side")
    ap.add_argument("--texts", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.texts is not None:  # a child measuring the paipu on its PYTHONPATH
        print(json.dumps(measure(json.loads(args.texts.read_text(encoding="utf-8")), args.repeat)))
        return
    kinds = texts_by_kind(args.mb, args.simulated)
    if args.against is None:
        for kind, rate in measure(kinds, args.repeat).items():
            print(f"parse {kind}: {rate:.2f} MB/s")
        return
    with tempfile.TemporaryDirectory() as tmp:
        texts = Path(tmp) / "texts.json"
        texts.write_text(json.dumps(kinds), encoding="utf-8")
        figures = []
        for tree in (args.against.resolve(), Path(__file__).resolve().parent.parent):
            env = {**os.environ, "PYTHONPATH": str(tree) + os.pathsep + os.environ.get("PYTHONPATH", "")}
            got = subprocess.run([sys.executable, __file__, "--texts", str(texts), "--repeat", str(args.repeat)],
                                 env=env, check=True, capture_output=True, text=True, cwd=tmp)
            figures.append(json.loads(got.stdout))
    old, new = figures
    print(f"{'parse MB/s':12s} {'against':>9s} {'this':>9s} {'ratio':>7s}")
    for kind, rate in new.items():
        print(f"{kind:12s} {old[kind]:9.2f} {rate:9.2f} {rate / old[kind]:6.2f}x")


if __name__ == "__main__":
    main()
