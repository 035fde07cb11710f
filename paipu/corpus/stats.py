"""What a corpus holds, counted by SQL: records, hands, findings, scoring items, players."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from sqlite_utils import Database


@dataclass(frozen=True, slots=True)
class FindingCount:
    severity: str
    code: str
    count: int
    records: int


@dataclass(frozen=True, slots=True)
class ItemCount:
    id: str
    wins: int
    """How many wins scored the item."""
    value: int
    """The item's value summed over those wins."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    records: int
    hands: int
    wins: int
    score: int


@dataclass
class CorpusStats:
    records: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    hands: int = 0
    results: dict[str, int] = field(default_factory=dict)
    payments_differ: int = 0
    """Hands whose recorded payments are not the ones the rules give."""
    findings: list[FindingCount] = field(default_factory=list)
    items: list[ItemCount] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)
    """How many wins had each value (every winner of a hand counts)."""
    players: list[PlayerStats] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["values"] = {str(k): v for k, v in self.values.items()}
        return out


STATUS_SQL = "SELECT status, COUNT(*) FROM records GROUP BY status ORDER BY status"
RESULTS_SQL = "SELECT result, COUNT(*) AS n FROM hands GROUP BY result ORDER BY n DESC, result"
FINDINGS_SQL = """
SELECT severity, code, COUNT(*) AS n, COUNT(DISTINCT record_id) AS records
FROM findings GROUP BY severity, code ORDER BY n DESC, severity, code
"""
ITEMS_SQL = """
SELECT json_extract(item.value, '$.id') AS item_id, COUNT(*) AS wins,
       SUM(json_extract(item.value, '$.value')) AS value
FROM hands, json_each(hands.wins) AS win, json_each(win.value, '$.items') AS item
GROUP BY item_id ORDER BY wins DESC, item_id
"""
VALUES_SQL = """
SELECT json_extract(win.value, '$.value') AS value, COUNT(*) AS wins
FROM hands, json_each(hands.wins) AS win GROUP BY 1 ORDER BY 1
"""
PLAYERS_SQL = """
WITH wins AS (
    SELECT hands.record_id, winner.value AS seat, COUNT(*) AS n
    FROM hands, json_each(hands.winners) AS winner
    GROUP BY hands.record_id, winner.value
)
SELECT scores.player, COUNT(*) AS records, SUM(records.hands) AS hands,
       COALESCE(SUM(wins.n), 0) AS wins, SUM(scores.score) AS score
FROM scores
JOIN records ON records.id = scores.record_id
LEFT JOIN wins ON wins.record_id = scores.record_id AND wins.seat = scores.seat
WHERE scores.player IS NOT NULL
GROUP BY scores.player ORDER BY scores.player
"""


def corpus_stats(db: Database) -> CorpusStats:
    """Counts over the whole corpus; players are counted by name (seats with no name are left out)."""

    def scalar(sql: str) -> int:
        row = db.execute(sql).fetchone()
        return int(row[0] or 0)

    s = CorpusStats()
    s.records = scalar("SELECT COUNT(*) FROM records")
    s.statuses = {str(k): int(v) for k, v in db.execute(STATUS_SQL).fetchall()}
    s.hands = scalar("SELECT COUNT(*) FROM hands")
    s.results = {str(k): int(v) for k, v in db.execute(RESULTS_SQL).fetchall()}
    s.payments_differ = scalar("SELECT COUNT(*) FROM hands WHERE payments_differ")
    s.findings = [FindingCount(str(sev), str(code), int(n), int(r)) for sev, code, n, r in db.execute(FINDINGS_SQL)]
    s.items = [ItemCount(str(i), int(n), int(v or 0)) for i, n, v in db.execute(ITEMS_SQL)]
    s.values = {int(v): int(n) for v, n in db.execute(VALUES_SQL) if v is not None}
    s.players = [PlayerStats(str(p), int(r), int(h or 0), int(w), int(sc or 0))
                 for p, r, h, w, sc in db.execute(PLAYERS_SQL)]
    return s


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths,
                                                                                                     strict=True)))
            .rstrip() for r in rows]


def format_stats(s: CorpusStats) -> str:
    """The stats as text tables, most frequent first."""
    statuses = ", ".join(f"{k} {v}" for k, v in s.statuses.items())
    results = ", ".join(f"{k} {v}" for k, v in s.results.items())
    lines = [f"records: {s.records}" + (f" ({statuses})" if statuses else ""),
             f"hands: {s.hands}" + (f" ({results})" if results else ""),
             f"hands whose recorded payments differ from the rules: {s.payments_differ}"]
    if s.findings:
        lines.append("findings by code:")
        lines += _table([["severity", "code", "count", "records"]]
                        + [[f.severity, f.code, str(f.count), str(f.records)] for f in s.findings], {2, 3})
    if s.items:
        lines.append("scoring items:")
        lines += _table([["item", "wins", "value"]] + [[i.id, str(i.wins), str(i.value)] for i in s.items], {1, 2})
    if s.values:
        lines.append("values of wins:")
        lines += _table([["value", "wins"]] + [[str(v), str(n)] for v, n in s.values.items()], {0, 1})
    if s.players:
        lines.append("players:")
        lines += _table([["player", "records", "hands", "wins", "score"]]
                        + [[p.player, str(p.records), str(p.hands), str(p.wins), f"{p.score:+d}"] for p in s.players],
                        {1, 2, 3, 4})
    return "\n".join(lines)
