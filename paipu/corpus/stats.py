"""What a corpus holds, counted by SQL: records, hands, findings, and per ruleset the results,
scoring items, values of wins and players.

Values are counted in each ruleset's own unit (Zhuji's 台, MCR's 番, riichi's han…), so the
scoring items, the values of wins and the players' scores are counted ruleset by ruleset:
summed over the whole corpus they would add 台 to han.
"""

from __future__ import annotations

import unicodedata
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
    value: int | None
    """The item's value summed over those wins, in the ruleset's unit; None for an item that is no
    count of the unit (riichi's ``fu``, whose sum means nothing)."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    records: int
    hands: int
    wins: int
    score: int


@dataclass
class RulesetStats:
    """What the records of one ruleset hold."""

    ruleset: str
    """Its name ("" for the records that name no ruleset paipu knows)."""
    unit: str
    """What its values are counted in (``tai``, ``fan``, ``han``, ``bei``; "" if unknown)."""
    records: int = 0
    hands: int = 0
    results: dict[str, int] = field(default_factory=dict)
    payments_differ: int = 0
    findings: list[FindingCount] = field(default_factory=list)
    items: list[ItemCount] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)
    """How many wins had each value (every winner of a hand counts)."""
    players: list[PlayerStats] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["values"] = {str(k): v for k, v in self.values.items()}
        return out


@dataclass
class CorpusStats:
    records: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    hands: int = 0
    results: dict[str, int] = field(default_factory=dict)
    payments_differ: int = 0
    """Hands whose recorded payments are not the ones the rules give."""
    findings: list[FindingCount] = field(default_factory=list)
    rulesets: list[RulesetStats] = field(default_factory=list)
    """The same counts ruleset by ruleset, with each one's scoring items, values and players."""
    ruleset: str | None = None
    """The ruleset the counts are restricted to (`corpus_stats`'s ``ruleset``), if any."""

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        out["rulesets"] = [r.to_json() for r in self.rulesets]
        return out

    def ruleset_stats(self, name: str) -> RulesetStats | None:
        return next((r for r in self.rulesets if r.ruleset == name), None)


_RULESET = "COALESCE(records.ruleset, '')"
STATUS_SQL = "SELECT status, COUNT(*) FROM records {where} GROUP BY status ORDER BY status"
RESULTS_SQL = f"""
SELECT {_RULESET}, hands.result, COUNT(*) AS n FROM hands JOIN records ON records.id = hands.record_id {{where}}
GROUP BY 1, 2 ORDER BY 1, n DESC, 2
"""
DIFFER_SQL = f"""
SELECT {_RULESET}, COUNT(*) FROM hands JOIN records ON records.id = hands.record_id
{{where}} {{and_}} hands.payments_differ GROUP BY 1
"""
RECORDS_SQL = f"SELECT {_RULESET}, COUNT(*) FROM records {{where}} GROUP BY 1 ORDER BY 1"
FINDINGS_SQL = f"""
SELECT {_RULESET}, findings.severity, findings.code, COUNT(*) AS n, COUNT(DISTINCT findings.record_id) AS records
FROM findings JOIN records ON records.id = findings.record_id {{where}}
GROUP BY 1, 2, 3 ORDER BY 1, n DESC, 2, 3
"""
ITEMS_SQL = f"""
SELECT {_RULESET}, json_extract(item.value, '$.id') AS item_id, COUNT(*) AS wins,
       SUM(json_extract(item.value, '$.value')) AS value, MIN(json_extract(item.value, '$.rule')) AS rule
FROM hands JOIN records ON records.id = hands.record_id, json_each(hands.wins) AS win,
     json_each(win.value, '$.items') AS item {{where}}
GROUP BY 1, 2 ORDER BY 1, wins DESC, item_id
"""
VALUES_SQL = f"""
SELECT {_RULESET}, json_extract(win.value, '$.value') AS value, COUNT(*) AS wins
FROM hands JOIN records ON records.id = hands.record_id, json_each(hands.wins) AS win {{where}}
GROUP BY 1, 2 ORDER BY 1, 2
"""
PLAYERS_SQL = f"""
WITH wins AS (
    SELECT hands.record_id, winner.value AS seat, COUNT(*) AS n
    FROM hands, json_each(hands.winners) AS winner
    GROUP BY hands.record_id, winner.value
)
SELECT {_RULESET}, scores.player, COUNT(*) AS records, SUM(records.hands) AS hands,
       COALESCE(SUM(wins.n), 0) AS wins, SUM(scores.score) AS score
FROM scores
JOIN records ON records.id = scores.record_id
LEFT JOIN wins ON wins.record_id = scores.record_id AND wins.seat = scores.seat
WHERE scores.player IS NOT NULL AND TRIM(scores.player) != '' {{and_where}}
GROUP BY 1, 2 ORDER BY 1, 2
"""


def _unit(ruleset: str) -> str:
    if not ruleset:
        return ""
    from paipu.replay.ruleset import ruleset_class

    try:
        return ruleset_class(ruleset).unit
    except KeyError:
        return ""


def _counted(rule: object) -> bool:
    """Whether an item's value is a count of its ruleset's unit: not riichi's fu (rule
    ``riichi.fu.fu``), which says how the han are paid, not how many there are."""
    return not (isinstance(rule, str) and rule.count(".") == 2 and rule.split(".")[1] == "fu")


def corpus_stats(db: Database, ruleset: str | None = None) -> CorpusStats:
    """Counts over the whole corpus, or over the records of ``ruleset`` only, and ruleset by
    ruleset; players are counted by name (seats with no name are left out)."""
    params: list[object] = []
    where = and_ = and_where = ""
    if ruleset is not None:
        where, and_, and_where = f"WHERE {_RULESET} = ?", "AND", f"AND {_RULESET} = ?"
        params = [ruleset]
    else:
        where, and_ = "", "WHERE"

    def rows(sql: str) -> list[tuple[object, ...]]:
        return [tuple(r) for r in db.execute(sql.format(where=where, and_=and_, and_where=and_where), params)]

    s = CorpusStats(ruleset=ruleset)
    by: dict[str, RulesetStats] = {}

    def of(name: object) -> RulesetStats:
        key = str(name or "")
        if key not in by:
            by[key] = RulesetStats(key, _unit(key))
        return by[key]

    for name, n in rows(RECORDS_SQL):
        of(name).records = int(str(n))
    s.records = sum(r.records for r in by.values())
    s.statuses = {str(k): int(str(v)) for k, v in rows(STATUS_SQL)}
    for name, result, n in rows(RESULTS_SQL):
        r = of(name)
        r.results[str(result)] = int(str(n))
        r.hands += int(str(n))
        s.results[str(result)] = s.results.get(str(result), 0) + int(str(n))
    s.results = dict(sorted(s.results.items(), key=lambda kv: (-kv[1], kv[0])))
    s.hands = sum(s.results.values())
    for name, n in rows(DIFFER_SQL):
        of(name).payments_differ = int(str(n))
    s.payments_differ = sum(r.payments_differ for r in by.values())
    totals: dict[tuple[str, str], list[int]] = {}
    for name, sev, code, n, recs in rows(FINDINGS_SQL):
        of(name).findings.append(FindingCount(str(sev), str(code), int(str(n)), int(str(recs))))
        total = totals.setdefault((str(sev), str(code)), [0, 0])
        total[0] += int(str(n))
        total[1] += int(str(recs))
    s.findings = sorted((FindingCount(sev, code, n, recs) for (sev, code), (n, recs) in totals.items()),
                        key=lambda f: (-f.count, f.severity, f.code))
    for name, item, n, value, rule in rows(ITEMS_SQL):
        of(name).items.append(ItemCount(str(item), int(str(n)), int(str(value or 0)) if _counted(rule) else None))
    for name, value, n in rows(VALUES_SQL):
        if value is not None:
            of(name).values[int(str(value))] = int(str(n))
    for name, player, recs, hands, wins, score in rows(PLAYERS_SQL):
        of(name).players.append(PlayerStats(str(player), int(str(recs)), int(str(hands or 0)), int(str(wins)),
                                            int(str(score or 0))))
    s.rulesets = [by[k] for k in sorted(by)]
    return s


def _width(text: str) -> int:
    """How many columns ``text`` takes in a terminal: a wide character (CJK) two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]

    def cell(text: str, i: int) -> str:
        pad = " " * (widths[i] - _width(text))
        return pad + text if i in right else text + pad

    return ["  " + "  ".join(cell(c, i) for i, c in enumerate(r)).rstrip() for r in rows]


def format_stats(s: CorpusStats) -> str:
    """The stats as text tables, most frequent first: the whole corpus, then a section per ruleset."""
    statuses = ", ".join(f"{k} {v}" for k, v in s.statuses.items())
    results = ", ".join(f"{k} {v}" for k, v in s.results.items())
    scope = f" of ruleset {s.ruleset}" if s.ruleset is not None else ""
    lines = [f"records{scope}: {s.records}" + (f" ({statuses})" if statuses else ""),
             f"hands: {s.hands}" + (f" ({results})" if results else ""),
             f"hands whose recorded payments differ from the rules: {s.payments_differ}"]
    if s.findings:
        lines.append("findings by code:")
        lines += _table([["severity", "code", "count", "records"]]
                        + [[f.severity, f.code, str(f.count), str(f.records)] for f in s.findings], {2, 3})
    for r in s.rulesets:
        unit = f" ({r.unit})" if r.unit else ""
        lines.append("")
        lines.append(f"== {r.ruleset or 'no ruleset'}: {r.records} record{'s' if r.records != 1 else ''}, "
                     f"{r.hands} hand{'s' if r.hands != 1 else ''}"
                     + (f" ({', '.join(f'{k} {v}' for k, v in r.results.items())})" if r.results else "")
                     + f"; payments differ in {r.payments_differ}")
        if r.items:
            lines.append(f"scoring items{unit}:")
            lines += _table([["item", "wins", "value"]]
                            + [[i.id, str(i.wins), str(i.value) if i.value is not None else "–"] for i in r.items],
                            {1, 2})
        if r.values:
            lines.append(f"values of wins{unit}:")
            lines += _table([["value", "wins"]] + [[str(v), str(n)] for v, n in r.values.items()], {0, 1})
        if r.players:
            lines.append("players:")
            lines += _table([["player", "records", "hands", "wins", "score"]]
                            + [[p.player, str(p.records), str(p.hands), str(p.wins), f"{p.score:+d}"]
                               for p in r.players], {1, 2, 3, 4})
    return "\n".join(lines)
