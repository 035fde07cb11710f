"""The real-log sweep (`make reallogs`): every platform log in a folder, audited where it is.

Runs each log under ``../shared/logs/`` (or the folders given) through the same direct path as
`paipu check` (converted in memory, each game audited as a record) and prints one table, a
row per platform: logs, games, hands, error and warning findings, and how far paipu agrees
with the numbers the platform recorded: each hand's payments (`score` lines), each win's
value (`fan` lines), and the final scores and points (`[Final]`, `[Points]` tags) where the
log has them.  A recorded number agrees when no mismatch finding stands at its line.

Exit status: 0 when every log was read, 1 when a game has an error finding or a recorded
number disagrees, 2 when a log could not be read.  Without the folder it says so and exits 0.

    python tests/reallogs.py [FOLDER…] [--limit N] [--list]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "logs"

RECORDED: dict[str, str] = {"payments": "score-mismatch", "values": "fan-mismatch", "finals": "final-mismatch",
                            "points": "points-mismatch"}
"""Each kind of recorded number and the finding that says it disagrees with the rules."""


@dataclass
class Row:
    """One platform's tallies."""

    logs: set[str] = field(default_factory=set)
    games: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    unreadable: int = 0
    recorded: Counter[str] = field(default_factory=Counter)
    disagree: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    failing: list[str] = field(default_factory=list)


def sweep(folders: list[Path], limit: int | None = None) -> dict[str, Row]:
    """Audit every log in ``folders`` (at most ``limit`` per platform); the tallies by platform."""
    from paipu.auditing import audit_text
    from paipu.importers.base import ConversionError
    from paipu.importers.logs import RecordNames, log_format, log_games
    from paipu.importers.registry import importer_suffixes
    from paipu.record import FanLine, ScoreLine
    from paipu.sources import expand_paths

    rows: dict[str, Row] = defaultdict(Row)
    names = RecordNames()
    for path in expand_paths(folders, print, importer_suffixes(), "logs"):
        fmt, _ = log_format(path)
        if fmt is None:
            continue  # a README beside the logs
        row = rows[fmt]
        if limit is not None and len(row.logs) >= limit:
            continue
        row.logs.add(str(path))
        try:
            games = log_games(path, fmt, names)
        except ConversionError as e:
            row.unreadable += 1
            row.failing.append(f"{path}: {e.message}")
            continue
        for game in games:
            audit = audit_text(game.text, game.name)
            row.games += 1
            rp = audit.replay
            row.hands += len(rp.hands) if rp is not None else 0
            counts = audit.counts()
            row.errors += counts["error"]
            row.warnings += counts["warning"]
            header = audit.record.header
            row.recorded["finals"] += len(getattr(header, "finals", ()))
            row.recorded["points"] += len(getattr(header, "points", ()))
            for hand in audit.record.hands:
                for action in hand.actions:
                    if isinstance(action, ScoreLine):
                        row.recorded["payments"] += 1
                    elif isinstance(action, FanLine):
                        row.recorded["values"] += 1
            for f in audit.findings:
                if f.severity == "error":
                    row.codes[f.code] += 1
                for kind, code in RECORDED.items():
                    if f.code == code:
                        row.disagree[kind] += 1
            if not audit.ok:
                row.failing.append(f"{game.name}: " + ", ".join(sorted({f.code for f in audit.findings
                                                                        if f.severity == "error"})))
    return dict(sorted(rows.items()))


def agreement(row: Row, kind: str) -> str:
    """``428/428`` (agreeing of recorded), or ``–`` when the platform records none."""
    total = row.recorded[kind]
    return f"{total - row.disagree[kind]}/{total}" if total else "–"


def table(rows: dict[str, Row]) -> str:
    head = ["platform", "logs", "games", "hands", "errors", "warnings", "unread", *RECORDED]
    body = [[name, str(len(r.logs)), str(r.games), str(r.hands), str(r.errors), str(r.warnings), str(r.unreadable),
             *(agreement(r, k) for k in RECORDED)] for name, r in rows.items()]
    if rows:
        total = Row()
        for r in rows.values():
            total.logs |= r.logs
            total.games += r.games
            total.hands += r.hands
            total.errors += r.errors
            total.warnings += r.warnings
            total.unreadable += r.unreadable
            total.recorded += r.recorded
            total.disagree += r.disagree
        body.append(["all", str(len(total.logs)), str(total.games), str(total.hands), str(total.errors),
                     str(total.warnings), str(total.unreadable), *(agreement(total, k) for k in RECORDED)])
    widths = [max(len(line[i]) for line in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths,
                                                                                                     strict=True)))
             for line in [head, *body]]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths), *lines[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("folders", nargs="*", type=Path, help="folders of logs (default: ../shared/logs)")
    parser.add_argument("--limit", type=int, default=None, help="at most this many logs per platform")
    parser.add_argument("--list", action="store_true", help="also list each game with an error, and its codes")
    args = parser.parse_args(argv)
    folders: list[Path] = args.folders or [SHARED]
    missing = [f for f in folders if not f.is_dir()]
    if missing:
        print(f"no real logs here ({', '.join(map(str, missing))} is not a folder): nothing to sweep")
        return 0
    start = time.perf_counter()
    rows = sweep(folders, args.limit)
    seconds = time.perf_counter() - start
    print(table(rows))
    games = sum(r.games for r in rows.values())
    print(f"\n{games} games in {seconds:.1f} s ({games / max(seconds, 1e-9):,.0f} games/s)")
    for name, row in rows.items():
        if row.codes:
            print(f"{name}: error findings by code: " + ", ".join(f"{c} {n}" for c, n in sorted(row.codes.items())))
        if args.list:
            for line in row.failing:
                print(f"  {line}")
    if any(r.unreadable for r in rows.values()):
        return 2
    return 1 if any(r.errors or sum(r.disagree.values()) for r in rows.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
