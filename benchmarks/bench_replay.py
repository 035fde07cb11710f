"""Replay and audit speed on the bundled Zhuji records: hands per second of CPU time on one core."""

from __future__ import annotations

import time
from pathlib import Path

from table import as_the_program

from paipu.grammar.parser import parse
from paipu.replay.session import replay

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    paths = sorted((ROOT / "samples/valid/zhuji").glob("*.paipu"))
    records = [parse(p.read_text(encoding="utf-8")).record for p in paths]
    hands_per_round = sum(len(r.hands) for r in records)
    actions = sum(len(h.actions) for r in records for h in r.hands)
    for keep_views, label in ((False, "audit (no snapshots)"), (True, "replay with table snapshots")):
        rounds = 0
        with as_the_program():
            start = time.process_time()
            while time.process_time() - start < 2.0:
                for rec in records:
                    replay(rec, views=keep_views)
                rounds += 1
            elapsed = time.process_time() - start
        rate = rounds * hands_per_round / elapsed
        print(
            f"replay, {label}: {rate:,.0f} hands/s "
            f"({rounds * actions / elapsed:,.0f} actions/s; {actions / hands_per_round:.0f} actions a hand)"
        )


if __name__ == "__main__":
    main()
