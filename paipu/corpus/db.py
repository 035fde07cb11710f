"""The corpus database: opening it, and its schema, built and changed only by numbered migrations.

Every table is made by a migration below and a database remembers which migrations it has
had in its ``migrations`` table, so a corpus written by an older paipu is brought up to
date when it is opened, and one written by a newer paipu is refused instead of misread.
docs/corpus.md describes every table and column; a migration added here must be added
there too (a test checks that every table and column is documented).
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from paipu.errors import RecordError


class CorpusError(RecordError):
    """A database that cannot be used as a corpus (missing, not a corpus, too new, locked)."""


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    description: str
    apply: Callable[[Database], None]


def _core_tables(db: Database) -> None:
    db.table("records").create(
        {
            "id": int,
            "path": str,
            "sha256": str,
            "status": str,
            "ruleset": str,
            "options": str,
            "players": str,
            "tags": str,
            "hands": int,
            "errors": int,
            "warnings": int,
            "notes": int,
            "paipu_version": str,
            "ingested_at": str,
        },
        pk="id",
        not_null=["path", "status", "options", "players", "tags", "hands", "errors", "warnings", "notes",
                  "paipu_version", "ingested_at"],
    )
    # Idempotence rests on this index: the same bytes are one record, whatever their path.
    db.table("records").create_index(["sha256"], index_name="records_sha256", unique=True)
    db.table("hands").create(
        {
            "record_id": int,
            "number": int,
            "dealer": str,
            "result": str,
            "winners": str,
            "value": int,
            "shape": str,
            "items": str,
            "wins": str,
            "payments": str,
            "recorded_payments": str,
            "payments_differ": int,
            "multiplier": int,
        },
        pk=("record_id", "number"),
        foreign_keys=[("record_id", "records", "id")],
        not_null=["record_id", "number", "dealer", "result", "winners", "items", "wins", "payments",
                  "payments_differ", "multiplier"],
    )
    db.table("findings").create(
        {
            "id": int,
            "record_id": int,
            "hand": int,
            "severity": str,
            "code": str,
            "line": int,
            "column": int,
            "message": str,
            "rule": str,
        },
        pk="id",
        foreign_keys=[("record_id", "records", "id")],
        not_null=["record_id", "severity", "code", "line", "column", "message"],
    )
    db.table("scores").create(
        {"record_id": int, "seat": str, "player": str, "score": int},
        pk=("record_id", "seat"),
        foreign_keys=[("record_id", "records", "id")],
        not_null=["record_id", "seat", "score"],
    )


def _actions_table(db: Database) -> None:
    # WITHOUT ROWID (which sqlite-utils cannot declare): actions are most of a corpus's rows,
    # and keying them by (record, hand, index) alone saves a second B-tree and its space.
    db.execute(
        """
        CREATE TABLE actions (
            record_id INTEGER NOT NULL REFERENCES records(id),
            hand INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            line INTEGER NOT NULL,
            seat TEXT,
            verb TEXT NOT NULL,
            tiles TEXT,
            PRIMARY KEY (record_id, hand, idx)
        ) WITHOUT ROWID
        """
    )


def _paths_table(db: Database) -> None:
    db.table("paths").create(
        {"path": str, "record_id": int},
        pk=("path", "record_id"),
        foreign_keys=[("record_id", "records", "id")],
        not_null=["path", "record_id"],
    )
    db.table("paths").create_index(["record_id"], index_name="paths_record_id")
    db.execute("INSERT OR IGNORE INTO paths (path, record_id) SELECT path, id FROM records")


def _actions_per_hand(db: Database) -> None:
    # One row per hand instead of one per action: an ingest writes some 130 times fewer rows,
    # and the `actions` view still shows one row per action, so the same queries answer.
    db.execute(
        """
        CREATE TABLE hand_actions (
            record_id INTEGER NOT NULL REFERENCES records(id),
            hand INTEGER NOT NULL,
            actions TEXT NOT NULL,
            PRIMARY KEY (record_id, hand)
        ) WITHOUT ROWID
        """
    )
    if db.table("actions").exists():
        _copy_actions(db)
        db.execute("DROP TABLE actions")
    db.execute(
        """
        CREATE VIEW actions AS
        SELECT hand_actions.record_id AS record_id,
               hand_actions.hand AS hand,
               CAST(action.key AS INTEGER) AS idx,
               json_extract(action.value, '$[0]') AS line,
               json_extract(action.value, '$[1]') AS seat,
               json_extract(action.value, '$[2]') AS verb,
               json_extract(action.value, '$[3]') AS tiles
        FROM hand_actions, json_each(hand_actions.actions) AS action
        """
    )


def _copy_actions(db: Database) -> None:
    """The rows of the old one-row-per-action table, one hand at a time, into `hand_actions`."""
    from paipu.corpus.rows import dumps

    sql = "INSERT INTO hand_actions (record_id, hand, actions) VALUES (?, ?, ?)"
    rows = db.conn.execute("SELECT record_id, hand, line, seat, verb, tiles FROM actions ORDER BY record_id, hand, idx")
    key: tuple[int, int] | None = None
    items: list[tuple[int, str | None, str, str | None]] = []
    batch: list[tuple[int, int, str]] = []
    for record_id, hand, line, seat, verb, tiles in rows:
        if key != (record_id, hand):
            if key is not None:
                batch.append((*key, dumps(items)))
            if len(batch) >= 1000:
                db.conn.executemany(sql, batch)
                batch.clear()
            key, items = (record_id, hand), []
        items.append((line, seat, verb, tiles))
    if key is not None:
        batch.append((*key, dumps(items)))
    db.conn.executemany(sql, batch)


def _actions_in_parts(db: Database) -> None:
    # A long hand's actions in several rows, each from its `first_idx`-th action: one row of a
    # hand of 20,000 actions is twice its record's size, and SQLite holds it twice while storing it.
    db.execute("DROP VIEW IF EXISTS actions")
    db.execute(
        """
        CREATE TABLE hand_actions_parts (
            record_id INTEGER NOT NULL REFERENCES records(id),
            hand INTEGER NOT NULL,
            first_idx INTEGER NOT NULL,
            actions TEXT NOT NULL,
            PRIMARY KEY (record_id, hand, first_idx)
        ) WITHOUT ROWID
        """
    )
    db.execute("INSERT INTO hand_actions_parts (record_id, hand, first_idx, actions) "
               "SELECT record_id, hand, 0, actions FROM hand_actions")
    db.execute("DROP TABLE hand_actions")
    db.execute("ALTER TABLE hand_actions_parts RENAME TO hand_actions")
    db.execute(
        """
        CREATE VIEW actions AS
        SELECT hand_actions.record_id AS record_id,
               hand_actions.hand AS hand,
               hand_actions.first_idx + CAST(action.key AS INTEGER) AS idx,
               json_extract(action.value, '$[0]') AS line,
               json_extract(action.value, '$[1]') AS seat,
               json_extract(action.value, '$[2]') AS verb,
               json_extract(action.value, '$[3]') AS tiles
        FROM hand_actions, json_each(hand_actions.actions) AS action
        """
    )


def _query_indexes(db: Database) -> None:
    db.table("records").create_index(["status"], index_name="records_status")
    db.table("records").create_index(["ruleset"], index_name="records_ruleset")
    db.table("findings").create_index(["record_id"], index_name="findings_record_id")
    db.table("findings").create_index(["code"], index_name="findings_code")
    db.table("hands").create_index(["result"], index_name="hands_result")
    db.table("hands").create_index(["payments_differ"], index_name="hands_payments_differ")
    db.table("scores").create_index(["player"], index_name="scores_player")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "core-tables",
              "records, hands, findings and scores; a unique index on records.sha256", _core_tables),
    Migration(2, "actions",
              "the actions table, WITHOUT ROWID, keyed by (record_id, hand, idx)", _actions_table),
    Migration(3, "paths",
              "the paths table: every path a record was found at (filled from records.path)", _paths_table),
    Migration(4, "query-indexes",
              "indexes for the documented queries: status, ruleset, finding code, hand result, "
              "payments_differ, player", _query_indexes),
    Migration(5, "actions-per-hand",
              "hand_actions (one row per hand, its actions as a JSON array) replaces the actions table, "
              "whose rows it takes over; actions becomes a view of it, one row per action", _actions_per_hand),
    Migration(6, "actions-in-parts",
              "hand_actions gains first_idx (keyed by record_id, hand, first_idx): a hand of more than "
              "1,024 actions is stored in rows of 1,024; the rows already stored become rows from 0",
              _actions_in_parts),
)
SCHEMA_VERSION = MIGRATIONS[-1].number


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _not_a_corpus(db: Database, *, empty_ok: bool) -> str | None:
    """Why the database is not a paipu corpus (None when it is one, or, with ``empty_ok``, when it
    holds no table at all): another program's tables, or a ``migrations`` table of its own."""
    tables = [t for t in db.table_names() if not t.startswith("sqlite_")]
    if not tables:
        return None if empty_ok else "no migrations table"
    if "migrations" not in tables:
        shown = ", ".join(tables[:3]) + (f" and {len(tables) - 3} more" if len(tables) > 3 else "")
        return f"no migrations table; it holds other tables: {shown}"
    names = {m.number: m.name for m in MIGRATIONS}
    try:
        done = db.execute("SELECT id, name FROM migrations").fetchall()
    except sqlite3.DatabaseError:
        return "its migrations table is not paipu's"
    if any(isinstance(i, int) and i in names and names[i] != name for i, name in done) or \
            any(not isinstance(i, int) for i, _ in done):
        return "its migrations table is not paipu's"
    return None


def schema_version(db: Database) -> int:
    """The number of the last migration this database has had (0 for an empty database)."""
    if not db.table("migrations").exists():
        return 0
    row = db.execute("SELECT MAX(id) FROM migrations").fetchone()
    return int(row[0] or 0)


def migrate(db: Database) -> list[Migration]:
    """Apply the migrations this database has not had, each in its own transaction; return them."""
    if not db.table("migrations").exists():
        with db.atomic():
            db.table("migrations").create({"id": int, "name": str, "applied_at": str}, pk="id",
                                    not_null=["name", "applied_at"], if_not_exists=True)
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise CorpusError(
            f"this corpus has schema version {current}, made by a newer paipu; this one knows "
            f"up to {SCHEMA_VERSION}: upgrade paipu"
        )
    done: list[Migration] = []
    for m in MIGRATIONS:
        if m.number <= current:
            continue
        with db.atomic():
            m.apply(db)
            db.table("migrations").insert({"id": m.number, "name": m.name, "applied_at": _now()})
        done.append(m)
    return done


LOCK_WAIT_MS = 30_000
"""How long a command waits for another process's write lock before it gives up (exit 2)."""


def damaged_message(path: str | Path, e: BaseException | str) -> str:
    what = " ".join(str(e).replace("*", " ").split())  # one line: SQLite's report spans several
    what = what if len(what) <= 160 else what[:160] + "…"
    return f"{path}: the corpus is damaged ({what}); re-ingest the records into a new corpus file"


def locked_or_damaged(path: str | Path, e: sqlite3.DatabaseError) -> CorpusError:
    """The error to report for ``e``, raised while using the corpus at ``path``: locked, a write
    the machine refused (no space, a file-size limit, a read-only file system: the corpus is
    not damaged by it, each record being written whole or not at all), or damaged."""
    text = str(e)
    name = str(getattr(e, "sqlite_errorname", "") or "")
    if "locked" in text or "busy" in text:
        return CorpusError(f"{path}: the corpus is locked by another process (waited {LOCK_WAIT_MS // 1000} s); "
                           "try again when it is done")
    if name == "SQLITE_FULL" or "database or disk is full" in text:
        return CorpusError(f"{path}: the corpus cannot be written: no space left on the device, or the file-size "
                           "limit reached (the corpus is not damaged: each record is written whole or not at all); "
                           "make room and run the command again")
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return CorpusError(f"{path}: the corpus is read-only; a command that writes cannot use it (the file, or its "
                           "file system, is read-only)")
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return CorpusError(f"{path}: the corpus cannot be written: {_write_refused(Path(path))} (the corpus is not "
                           "damaged: each record is written whole or not at all)")
    return CorpusError(damaged_message(path, e))


def _write_refused(path: Path) -> str:
    """Why the machine refused a write to the corpus at ``path``, as far as it can be told."""
    import resource
    import shutil

    folder = path.parent if str(path.parent) else Path(".")
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "the file system is read-only"
        if shutil.disk_usage(folder).free < 1 << 20:
            return "no space left on the device"
        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY and any(
                p.exists() and p.stat().st_size >= limit - (1 << 16)
                for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-journal"))):
            return f"the file-size limit ({limit:,} bytes, `ulimit -f`) is reached"
    except OSError:
        pass
    return "an input/output error (no space left, a file-size limit, or the device failing)"


def check_integrity(db: Database, path: str | Path) -> None:
    """`CorpusError` unless SQLite's ``quick_check`` finds the file sound (run before writing to it)."""
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e):
            raise CorpusError(f"{path}: cannot be used as a corpus ({e})") from None
        raise locked_or_damaged(path, e) from None  # read-only or locked is not damaged
    problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
    if problems:
        more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
        raise CorpusError(damaged_message(path, problems[0] + more))


@contextlib.contextmanager
def immediate(db: Database) -> Iterator[None]:
    """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``), waiting for it
    up to the busy timeout, rather than failing at its first write when another writer got in first."""
    conn = db.conn
    if conn.in_transaction:
        with db.atomic():
            yield
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _read_only_file(p: Path) -> bool:
    return p.exists() and not (os.access(p, os.W_OK) and os.access(p.parent, os.W_OK))


def _connect_read_only(p: Path) -> sqlite3.Connection:
    """A read-only connection to ``p``; where SQLite cannot make the files a WAL database needs
    to be read (a folder this user cannot write), the file is read as immutable."""
    uri = p.resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as e:
        if "readonly" not in str(e) and "unable to open" not in str(e):
            raise
        conn.close()
        conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True)
    return conn


def open_corpus(path: str | Path, *, create: bool = True, read_only: bool = False) -> Database:
    """Open (or, with ``create``, make) a corpus database and bring its schema up to date.

    ``":memory:"`` gives an in-memory corpus (tests).  A file database is put in WAL mode
    with ``synchronous=NORMAL``: each record is committed on its own, a reader (datasette,
    ``corpus stats``) can read while an ingest writes, and a killed ingest loses at most the
    record it was writing, never half of one.
    """
    memory = str(path) == ":memory:"
    if not memory:
        p = Path(path)
        if p.is_dir():
            raise CorpusError(f"{p}: is a directory, not a database file")
        if not create and not p.exists():
            raise CorpusError(f"{p}: no such database")
        if read_only and not _read_only_file(p):
            read_only = False  # a file paipu may write is opened as usual (and brought up to date)
    try:
        if read_only:
            # A file this user cannot write: read it as it is, without WAL or migrations.
            conn = _connect_read_only(Path(path))
            db = Database(conn)
            db.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
            if not db.table("migrations").exists():
                raise CorpusError(f"{path}: not a paipu corpus (no migrations table)")
            if schema_version(db) != SCHEMA_VERSION:
                raise CorpusError(f"{path}: schema version {schema_version(db)}, and the file is read-only: "
                                  f"this paipu reads version {SCHEMA_VERSION}")
            return db
        db = Database(memory=True) if memory else Database(Path(path))
        db.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
        if not memory:
            if create:
                check_integrity(db, path)
            # Before anything is written (WAL mode, the migrations): another program's database
            # is refused as it is, never changed.
            foreign = _not_a_corpus(db, empty_ok=create)
            if foreign is not None:
                db.close()
                raise CorpusError(f"{path}: not a paipu corpus ({foreign}); paipu writes only its own corpus "
                                  "files: give a new file with --db")
            db.enable_wal()
            db.execute("PRAGMA synchronous = NORMAL")
        migrate(db)
    except sqlite3.DatabaseError as e:
        if "locked" in str(e) or "busy" in str(e):
            raise locked_or_damaged(path, e) from None
        raise CorpusError(f"{path}: cannot be used as a corpus ({e})") from None
    return db
