"""Importing and auditing Botzone logs (`paipu import botzone`): games per minute on one core.

The figure is for the whole path a log takes: conversion to a record, parsing, the replay and
the audit of every action, fan total and payment.  The games are the real Botzone logs in
``../shared/logs/botzone/`` when that folder exists, and otherwise simulated `mcr` games
written in Botzone's format (`paipu.importers.botzone.write_botzone`), which are longer on
average than human games (the bots claim less and win later).
"""

from __future__ import annotations

import time
from pathlib import Path

from paipu.auditing import audit_text
from paipu.importers.botzone import BotzoneImporter, simulated_logs

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT.parent / "shared" / "logs" / "botzone"
TARGET = 1000
"""Games per minute the importer must keep up with."""


def main() -> None:
    real = sorted(LOGS.glob("[0-9]*.txt")) if LOGS.is_dir() else []
    if real:
        files = [(p.name, p.read_bytes()) for p in real]
        label = f"the {len(real)} real Botzone games"
    else:
        files = [("simulated.txt", "\n".join(simulated_logs(40, seed=7)).encode())]
        label = "40 simulated games in Botzone's format"
    importer = BotzoneImporter()
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3.0:
        for name, data in files:
            for game_id, text, _ in importer.convert(data, name):
                audit = audit_text(text, game_id)
                assert audit.ok, game_id
                games += 1
    elapsed = time.perf_counter() - start
    rate = games / elapsed * 60
    verdict = "meets" if rate >= TARGET else "misses"
    print(f"import + audit, {label}: {rate:,.0f} games/min on one core ({verdict} the {TARGET:,}/min target)")


if __name__ == "__main__":
    main()
