"""From a record file to the rows the corpus stores: the part of an ingest that runs on workers.

Everything here is a pure function of the file's bytes (and the paipu version), so it can run
in a worker process or on a Dask worker, and what it returns is small, picklable tuples: the
parent only inserts them.  One record's rows are a `RecordRows`; the parent writes each in
one transaction (`paipu.corpus.ingest.write_record`).
"""

from __future__ import annotations

import bisect
import gzip
import hashlib
import json
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Literal, TypeAlias, cast, overload

from paipu._version import __version__
from paipu.auditing import Audit, audit_text
from paipu.errors import InputError, missing_dependency
from paipu.findings import Finding, PackedFindings
from paipu.importers.base import ConversionError
from paipu.importers.logs import RecordNames, file_head, is_record_name, log_format, log_games, read_game
from paipu.made import MadeAsRead
from paipu.record import (
    Action,
    AddKong,
    AnKong,
    Chow,
    Discard,
    Draw,
    FanLine,
    Flower,
    Hu,
    Kong,
    Pong,
    Record,
    ScoreLine,
)
from paipu.replay.result import HandResult
from paipu.sources import MAX_BYTES, read_pieces, read_record_text
from paipu.tiles import Tile, format_tiles

Status: TypeAlias = Literal["ok", "findings", "failed"]

HandRow: TypeAlias = tuple[int, str, str, str, int | None, str | None, str, str, str, str | None, int, int]
"""number, dealer, result, winners, value, shape, items, wins, payments, recorded_payments,
payments_differ, multiplier."""
HandActionsRow: TypeAlias = tuple[int, int, str]
"""hand, first_idx, actions: a JSON array with one ``[line, seat, verb, tiles]`` per action, in
order, from the hand's ``first_idx``-th action (a hand of more than `LONG_HAND` actions is stored
in rows of `PART` actions; any other in one row, from 0)."""
FindingRow: TypeAlias = tuple[int | None, str, str, int, int, str, str | None]
"""hand, severity, code, line, column, message, rule."""
ScoreRow: TypeAlias = tuple[str, str | None, int]
"""seat, player, score."""

OVER_LIMIT = "over-limit"
UNREADABLE = "unreadable"
"""The finding code of a file that could not be read as a record."""
INTERNAL_ERROR = "internal-error"
"""The finding code of a record whose audit raised: a bug in paipu, stored so the batch goes on."""


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))


def dumps(value: object) -> str:
    """JSON as the corpus stores it: compact, UTF-8 as is, in the data's own order.  (The text of
    ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, from one encoder made once.)"""
    return _ENCODER.encode(value)


@dataclass(frozen=True, slots=True)
class Source:
    """A record file read (or not) by whoever reads it: its text, or why it could not be read."""

    path: str
    text: str | None
    sha256: str | None
    """Of the record's UTF-8 text; of the raw bytes when they are not text; None when unreadable."""
    error: str | None = None


@dataclass(frozen=True, slots=True)
class RecordRows:
    """One record's rows, ready to insert (the record's own id is given when it is written)."""

    path: str
    sha256: str | None
    status: Status
    ruleset: str | None
    options: str
    players: str
    tags: str
    hands: int
    errors: int
    warnings: int
    notes: int
    paipu_version: str
    hand_rows: tuple[HandRow, ...] = ()
    action_rows: Sequence[HandActionsRow] = ()
    """A tuple, or `ActionRows` (a long hand's rows made as they are read)."""
    finding_rows: Sequence[FindingRow] = ()
    """A tuple, or the audit's findings read as rows (`FindingRows`)."""
    score_rows: tuple[ScoreRow, ...] = ()


def _raw_hash(path: Path) -> str | None:
    """The hash of the file's bytes (decompressed for ``.gz``, at most `MAX_BYTES` + 1 of them)
    when they can be read at all, read a piece at a time: a file refused as over the limit, a
    gzip bomb, is not held in memory a second time for its hash."""
    digest = hashlib.sha256()
    try:
        if not path.name.endswith(".gz") and path.stat().st_size > MAX_BYTES:
            return None
        with (gzip.open(path, "rb") if path.name.endswith(".gz") else path.open("rb")) as fh:
            for chunk in read_pieces(fh, MAX_BYTES + 1):
                digest.update(chunk)
    except (OSError, EOFError, zlib.error):
        return None
    return digest.hexdigest()


def read_source(path: str | Path) -> Source:
    """Read a record: a record file, a log of one game, or a game of a log named ``LOG#GAME-ID``
    (as `read_sources` names them): its text and hash, or the reason it cannot be read (never
    raises)."""
    p = Path(path)
    if p.exists() or "#" not in p.name:
        found, _ = log_format(p)
        if found is None:
            try:
                text = read_record_text(p)
            except InputError as e:
                return Source(str(path), None, _raw_hash(p) if p.is_file() else None, str(e))
            return _text_source(str(path), text)
    try:
        game = read_game(str(path))
    except ConversionError as e:
        return Source(str(path), None, None, _conversion_problem(e))
    return _text_source(game.name, game.text)


def read_sources(path: str | Path, fmt: str | None = None, names: RecordNames | None = None) -> list[Source]:
    """The records of one file found or named: the record, or each game of a log (told by its
    content; ``fmt``: read it as a log of that format), named as `check` names it (the log, or
    ``LOG#GAME-ID`` for a game of a log of several).  A log that cannot be converted is one
    unreadable source; a file in a folder that is plain text and neither is none."""
    p = Path(path)
    found, looks = log_format(p, fmt)
    if found is None:
        if looks and not is_record_name(p) and file_head(p) is not None:
            said = f"a {fmt} log" if fmt else "a record or a log paipu reads"
            return [Source(str(path), None, _raw_hash(p), f"{path}: not {said}: it starts like none")]
        return [read_source(p)]
    try:
        games = log_games(p, found, names or RecordNames())
    except ConversionError as e:
        return [Source(str(path), None, _raw_hash(p), _conversion_problem(e))]
    return [_text_source(g.name, g.text) for g in games]


def _text_source(name: str, text: str) -> Source:
    return Source(name, text, hashlib.sha256(text.encode("utf-8")).hexdigest())


def _conversion_problem(e: ConversionError) -> str:
    return f"{e.filename}:{e.line}: {e.message}" if e.line else f"{e.filename}: {e.message}"


def _header_json(record: Record) -> tuple[str | None, str, str, str]:
    h = record.header
    options = {o.name: o.value for o in h.options}
    players = {p.seat: p.value for p in h.players}
    tags = {t.name: t.value for t in h.tags}
    return h.ruleset, dumps(options), dumps(players), dumps(tags)


_TAILS: dict[tuple[type, str, int], str] = {}
"""An action's JSON after its line number (``,"E","discard","9p"]``) for the actions of one seat
and at most one tile, by kind, seat and tile: made once each, as a hand writes about a hundred
of them from a few dozen distinct ones.  Tiles are keyed by identity, not by value: a red five
equals its plain five, and hashing a tile is a call into Python.  (Tiles are interned; each
tile in a key is also kept in `_KEPT`, so that its identity cannot pass to another object.)"""
_KEPT: list[object] = []
_MAX_TAILS = 100_000

_SEAT_AND_TILE: frozenset[type] = frozenset((Draw, Discard, Pong, Kong, AnKong, AddKong, Flower, Hu))
"""The kinds of action that are a seat and its ``tile`` (None for a `Hu` that names none)."""


def _forget_tails() -> None:
    """Let every cached tail go, and the tiles kept for their keys (both caches at once: a tile
    in `_KEPT` may key either)."""
    _TAILS.clear()
    _OTHER_TAILS.clear()
    _KEPT.clear()


def _tail(seat: str | None, verb: str, tiles: str | None) -> str:
    return "," + dumps([seat, verb, tiles])[1:]


def _new_tail(a: Action) -> str:
    """The tail of a seat-and-tile action not seen before, now cached."""
    if len(_TAILS) >= _MAX_TAILS:
        _forget_tails()
    seat: str = a.seat  # type: ignore[attr-defined]
    tile: Tile | None = a.tile  # type: ignore[attr-defined]
    _KEPT.append(tile)
    tail = _TAILS[(type(a), seat, id(tile))] = _tail(seat, a.verb, None if tile is None else str(tile))
    return tail


_OTHER_TAILS: dict[tuple[object, ...], str] = {}


def _other_tail(a: Action) -> str:
    """The tail of any other action (a chow, a pass, a fan line, a table event…), cached by what
    it depends on: its kind, seat, verb and tiles (tiles by identity and red mark, as above)."""
    kind = type(a)
    if kind is Chow:
        tiles: tuple[Tile, ...] = cast(Chow, a).tiles
    elif kind is FanLine or kind is ScoreLine:
        tiles = ()
    else:
        tile = getattr(a, "tile", None)
        tiles = () if tile is None else (tile,)
    key = (kind, getattr(a, "seat", None), a.verb, *[(id(t), t.red) for t in tiles])
    tail = _OTHER_TAILS.get(key)
    if tail is None:
        if len(_OTHER_TAILS) >= _MAX_TAILS:
            _forget_tails()
        _KEPT.extend(tiles)
        tail = _OTHER_TAILS[key] = _tail(getattr(a, "seat", None), a.verb, _tiles_text(a))
    return tail


def _actions_json(actions: Sequence[Action]) -> str:
    """A hand's actions as the JSON array `hand_actions` stores: ``[[line, seat, verb, tiles], …]``.

    The same text as `dumps` of those lists, put together from cached pieces: only the line
    number changes from one action to the next.
    """
    get = _TAILS.get
    common = _SEAT_AND_TILE

    def joined(part: Sequence[Action]) -> str:
        return ",".join([
            f"[{a.span.line}{get((type(a), a.seat, id(a.tile))) or _new_tail(a)}"  # type: ignore[attr-defined]
            if type(a) in common else f"[{a.span.line}{_other_tail(a)}"
            for a in part
        ])

    return "[" + joined(actions) + "]"


class _LongHandActions:
    """The actions of a hand longer than `LONG_HAND` actions, kept as each one's line and the
    number of its JSON's tail, to be written out as `_actions_json` writes them, a row of `PART`
    actions at a time, when the rows are read (once the record's audit is let go): the text of a
    hand of 20,000 actions is twice the record's own size, and SQLite copies a row's text twice
    as it stores it (the value it is given and the row it makes of it)."""

    __slots__ = ("key", "lines", "tail_numbers", "tails")

    def __init__(self, key: int, actions: Sequence[Action]) -> None:
        get = _TAILS.get
        common = _SEAT_AND_TILE
        numbers: dict[str, int] = {}
        self.key = key
        self.lines = array("q", [a.span.line for a in actions])
        self.tail_numbers = array("I", [
            numbers.setdefault(get((type(a), a.seat, id(a.tile))) or _new_tail(a), len(numbers))  # type: ignore[attr-defined]
            if type(a) in common else numbers.setdefault(_other_tail(a), len(numbers))
            for a in actions
        ])
        self.tails = list(numbers)

    def __len__(self) -> int:
        """How many rows the hand's actions take."""
        return -(-len(self.lines) // PART)

    def rows(self) -> Iterator[HandActionsRow]:
        lines, numbers, tails = self.lines, self.tail_numbers, self.tails
        for start in range(0, len(lines), PART):
            part = ",".join([f"[{lines[k]}{tails[numbers[k]]}" for k in range(start, min(start + PART, len(lines)))])
            yield (self.key, start, "[" + part + "]")


LONG_HAND = 1024
"""A hand of more actions than this has its actions stored in rows of `PART` actions, each made
when it is read."""
PART = 1024
"""How many actions one row of a long hand holds (about 25 KB of JSON)."""


class ActionRows(Sequence[HandActionsRow]):
    """A record's rows of actions: one per hand, or a long hand's rows of `PART` actions, made
    as they are read (`_LongHandActions`).  Picklable (a worker sends it back)."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence[HandActionsRow | _LongHandActions]) -> None:
        self._items = items

    def __iter__(self) -> Iterator[HandActionsRow]:
        for item in self._items:
            if isinstance(item, _LongHandActions):
                yield from item.rows()
            else:
                yield item

    def __len__(self) -> int:
        return sum(len(item) if isinstance(item, _LongHandActions) else 1 for item in self._items)

    @overload
    def __getitem__(self, i: int) -> HandActionsRow: ...
    @overload
    def __getitem__(self, i: slice) -> list[HandActionsRow]: ...
    def __getitem__(self, i: int | slice) -> HandActionsRow | list[HandActionsRow]:
        return list(self)[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionRows({list(self)!r})"


def _tiles_text(a: Action) -> str | None:
    """The tiles column of an action of any kind.  (A fan or score line's recorded value and
    payments are in the hands table, so it has none here.)"""
    kind = type(a)
    if kind is Chow:
        return format_tiles(cast(Chow, a).tiles)
    if kind is FanLine or kind is ScoreLine:
        return None
    tile = getattr(a, "tile", None)
    return None if tile is None else str(tile)


def hand_keys(numbers: list[int]) -> list[int]:
    """The numbers the corpus stores hands under: the record's own when they are distinct, else
    the hands' places 1, 2, 3… (a record that numbers two hands alike has an error finding for
    it, and each of its hands still needs a row of its own)."""
    return numbers if len(set(numbers)) == len(numbers) else list(range(1, len(numbers) + 1))


def _action_rows(record: Record, keys: list[int]) -> ActionRows:
    """One row per hand, its actions as one JSON array (the corpus's `hand_actions` table); a long
    hand's in rows of `PART` actions."""
    return ActionRows([(key, 0, _actions_json(hand.actions)) if len(hand.actions) <= LONG_HAND
                       else _LongHandActions(key, hand.actions)
                       for key, hand in zip(keys, record.hands, strict=True)])


def _hand_row(res: HandResult, key: int) -> HandRow:
    first = res.wins[0] if res.wins else None
    wins = [
        {
            "seat": w.seat,
            "tile": str(w.tile),
            "shape": w.shape,
            "value": w.total,
            "items": [{"id": i.id, "value": i.value, "rule": i.rule} for i in w.items],
        }
        for w in res.wins
    ]
    items = [{"id": i.id, "value": i.value, "rule": i.rule} for i in first.items] if first else []
    recorded = dict(res.recorded_payments) if res.recorded_payments is not None else None
    differ = int(recorded is not None and recorded != dict(res.payments))
    return (
        key,
        res.dealer,
        res.result,
        dumps(list(res.winners)),
        first.total if first else None,
        first.shape if first else None,
        dumps(items),
        dumps(wins),
        dumps(dict(res.payments)),
        dumps(recorded) if recorded is not None else None,
        differ,
        res.multiplier,
    )


class FindingRows(MadeAsRead[Finding, FindingRow]):
    """A record's finding rows, each made when it is read (to be inserted) from the audit's
    findings, packed as the audit keeps them: a record with a finding on every line is not held
    a second time as a tuple and a string per finding.  Picklable (a worker sends it back)."""

    __slots__ = ("_numbers", "_starts")

    def __init__(self, findings: PackedFindings, record: Record, numbers: list[int]) -> None:
        super().__init__(cast(Sequence[Finding], findings))  # packed findings read as a sequence
        self._starts = [h.span.line for h in record.hands]
        self._numbers = numbers

    def _hand(self, line: int) -> int | None:
        """The number of the hand whose `hand N` line is the last one above ``line``."""
        i = bisect.bisect_right(self._starts, line) - 1
        return self._numbers[i] if i >= 0 and line > 0 else None

    def _made(self, item: Finding) -> FindingRow:
        return (self._hand(item.line), item.severity, item.code, item.line, item.column, item.message, item.rule)

    def __iter__(self) -> Iterator[FindingRow]:
        findings = cast(PackedFindings, self._items)
        hand = self._hand
        return ((hand(span.line), severity, code, span.line, span.column, message, rule)
                for (severity, code, rule, _), message, span in findings.each())

    def whole_numbers(self) -> Iterator[int]:
        """The whole numbers of the rows (hands, lines, columns), without their messages."""
        findings = cast(PackedFindings, self._items)
        hand = self._hand
        for _, _, span in findings.each():
            number = hand(span.line)
            if number is not None:
                yield number
            yield span.line
            yield span.column


def rows_from_audit(audit: Audit, path: str, sha256: str | None, *, actions: bool = True) -> RecordRows:
    """The rows of an audited record: failed when it did not parse, else ok or findings."""
    record = audit.record
    ruleset, options, players, tags = _header_json(record)
    counts = audit.counts()
    rp = audit.replay
    if rp is None:
        status: Status = "failed"
    else:
        status = "ok" if counts["error"] == 0 else "findings"
        ruleset = rp.ruleset_name or ruleset
    keys = hand_keys([h.number for h in record.hands])
    replayed = [h.result for h in rp.hands] if rp else []
    result_keys = keys if len(replayed) == len(keys) else hand_keys([res.number for res in replayed])
    hand_rows = tuple(_hand_row(res, key) for res, key in zip(replayed, result_keys, strict=True))
    score_rows: tuple[ScoreRow, ...] = ()
    if rp is not None:
        names = {p.seat: p.value for p in record.header.players}
        score_rows = tuple((seat, names.get(seat), score) for seat, score in rp.scores.items())
    return RecordRows(
        path=path,
        sha256=sha256,
        status=status,
        ruleset=ruleset,
        options=options,
        players=players,
        tags=tags,
        hands=len(rp.hands) if rp else len(record.hands),
        errors=counts["error"],
        warnings=counts["warning"],
        notes=counts["note"],
        paipu_version=__version__,
        hand_rows=hand_rows,
        action_rows=_action_rows(record, keys) if actions and rp is not None else (),
        finding_rows=FindingRows(audit.findings, record, keys),
        score_rows=score_rows,
    )


_INT64 = range(-(2**63), 2**63)


def unstorable(rows: RecordRows) -> int | None:
    """The first whole number of ``rows`` SQLite cannot store (past 64 bits), or None when all fit."""
    # Read in place, not gathered into one list: a record can have a finding on every line.
    findings = rows.finding_rows
    values: Iterable[object] = chain((rows.hands, rows.errors, rows.warnings, rows.notes),
                                     chain.from_iterable(rows.hand_rows), chain.from_iterable(rows.score_rows),
                                     findings.whole_numbers() if isinstance(findings, FindingRows)
                                     else chain.from_iterable(findings))
    for v in values:
        if isinstance(v, int) and v not in _INT64:
            return v
    return None


def failed_rows(path: str, sha256: str | None, code: str, message: str) -> RecordRows:
    """A record that could not be read or audited: one finding says why."""
    return RecordRows(
        path=path,
        sha256=sha256,
        status="failed",
        ruleset=None,
        options="{}",
        players="{}",
        tags="{}",
        hands=0,
        errors=1,
        warnings=0,
        notes=0,
        paipu_version=__version__,
        finding_rows=((None, "error", code, 0, 0, message, None),),
    )


def audit_source(source: Source, *, actions: bool = True) -> RecordRows:
    """Audit one read record; a file that could not be read, or an audit that raised, is failed."""
    if source.text is None:
        return failed_rows(source.path, source.sha256, UNREADABLE, source.error or f"{source.path}: cannot be read")
    try:
        audit = audit_text(source.text, source.path)
        rows = rows_from_audit(audit, source.path, source.sha256, actions=actions)
        too_big = unstorable(rows)
        if too_big is not None:
            digits = too_big.bit_length() * 30103 // 100000 + 1
            return failed_rows(source.path, source.sha256, OVER_LIMIT,
                               f"{source.path}: a value of about {digits} digits cannot be "
                               "stored in the corpus (SQLite keeps 64-bit integers); `paipu check` reports the record")
        return rows
    except MemoryError:
        raise  # the machine's, not the record's: nothing is stored for it, and the ingest ends (exit 3)
    except Exception as e:  # one record's bug must not stop a batch of thousands
        if missing_dependency(e) is not None:
            raise  # the environment's, not the record's: no record is stored as failed for it
        return failed_rows(source.path, source.sha256, INTERNAL_ERROR,
                           f"{source.path}: the audit failed ({e.__class__.__name__}: {e}); please report it")


def audit_sources(sources: list[Source], actions: bool = True) -> list[RecordRows]:
    """A batch of read records (the task a local worker process runs)."""
    return [audit_source(s, actions=actions) for s in sources]


def audit_paths(paths: list[str], actions: bool = True) -> list[RecordRows]:
    """A batch of files read and audited where they are (the task a Dask worker runs)."""
    return [audit_source(source, actions=actions) for p in paths for source in read_sources(p)]
