"""The corpus database: migrations, ingest (idempotent, atomic, failed records), stats and diffs."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import sqlite3
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlite_utils import Database

from paipu.auditing import audit_text
from paipu.cli.corpus import corpus_group
from paipu.corpus import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CorpusError,
    corpus_stats,
    diff_corpora,
    diff_expected,
    ingest,
    migrate,
    open_corpus,
    record_result,
    schema_version,
    write_record,
)
from paipu.corpus.diff import DiffSummary
from paipu.corpus.rows import INTERNAL_ERROR, UNREADABLE, Source, audit_source, read_source, rows_from_audit
from paipu.corpus.stats import format_stats
from paipu.errors import InputError
from paipu.expect import compare_results
from paipu.record import Chow, FanLine, ScoreLine
from paipu.sources import expand_paths, read_record_text
from paipu.tiles import format_tiles

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "corpus" / "zhuji"
# An option tag that cannot be read: the rules are unknown, so the record is not replayed
# (a bad line in a hand would only stop the checking of that hand).
GARBAGE = ('[Ruleset "zhuji"]\n[Option %%% lost %%%]\n[Player E "A"] [Player S "B"] [Player W "C"] [Player N "D"]\n\n'
           'hand 1\n%%% lost %%%\n')


def _dump(db: Database, tables: tuple[str, ...] = ("records", "hands", "actions", "findings", "scores",
                                                  "paths")) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order, without the ingest timestamp."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for t in tables:
        cols = [c.name for c in db[t].columns if c.name != "ingested_at"]
        order = ", ".join(str(i + 1) for i in range(len(cols)))
        out[t] = [tuple(r) for r in db.execute(f"SELECT {', '.join(cols)} FROM {t} ORDER BY {order}")]
    return out


def change_payment(text: str) -> str:
    """The record with one point moved between two seats on its first score line that pays anything."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        words = line.split()
        if words[:1] == ["score"] and any(int(w) for w in words[2::2]):
            amounts = [int(w) for w in words[2::2]]
            amounts[0] += 1
            amounts[1] -= 1
            words[2::2] = [f"{a:+d}" if a else "0" for a in amounts]
            lines[i] = " ".join(words)
            return "\n".join(lines) + "\n"
    raise AssertionError("no score line that pays anything")


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three records of the checked-in corpus (simulated games), one with a payment changed, a
    duplicate (gzipped), a name needing escapes, and files that fail: a syntax error, binary,
    empty, a broken .gz."""
    root = tmp_path_factory.mktemp("corpus")
    sim = root / "sim"
    sim.mkdir()
    texts = []
    for src in sorted(SAMPLES.glob("*.paipu"))[:3]:
        text = src.read_text(encoding="utf-8")
        (sim / src.name).write_text(text, encoding="utf-8")
        texts.append(text)
    bad = root / "bad"
    bad.mkdir()
    (bad / "payment.paipu").write_text(change_payment(texts[0]), encoding="utf-8")
    (bad / "garbage.paipu").write_text(GARBAGE, encoding="utf-8")
    (bad / "binary.paipu").write_bytes(b"\x00\x01\x02binary")
    (bad / "empty.paipu").write_bytes(b"")
    (bad / "broken.paipu.gz").write_bytes(b"this is not gzip")
    dup = root / "dup"
    dup.mkdir()
    (dup / "copy.paipu.gz").write_bytes(gzip.compress(texts[1].encode("utf-8")))
    (root / "odd.paipu").write_text(texts[2].replace('"bot-E"', '"<b>E</b> & co"'), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def files(corpus_dir: Path) -> list[Path]:
    return list(expand_paths([corpus_dir]))


@pytest.fixture(scope="module")
def db_path(corpus_dir: Path, files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus ingested once into a file database (read-only for the tests that use it)."""
    path = tmp_path_factory.mktemp("db") / "corpus.db"
    db = open_corpus(path)
    ingest(db, files)
    db.close()
    return path


@pytest.fixture
def copy_path(db_path: Path, tmp_path: Path) -> Path:
    """A private copy of the ingested corpus, for a test that changes it."""
    copy = tmp_path / "copy.db"
    src = sqlite3.connect(db_path)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    src.close()
    dst.close()
    return copy


@pytest.fixture
def db(copy_path: Path) -> Iterator[Database]:
    d = open_corpus(copy_path)
    yield d
    d.close()


def _count(db: Database, sql: str, params: list[Any] | None = None) -> int:
    return int(db.execute(sql, params or []).fetchone()[0])


# ------------------------------------------------------------------ schema and migrations


def test_a_new_corpus_has_had_every_migration_in_order() -> None:
    db = open_corpus(":memory:")
    applied = [(r[0], r[1]) for r in db.execute("SELECT id, name FROM migrations ORDER BY id")]
    assert applied == [(m.number, m.name) for m in MIGRATIONS]
    assert schema_version(db) == SCHEMA_VERSION == len(MIGRATIONS)
    assert {"records", "hands", "hand_actions", "findings", "scores", "paths", "migrations"} <= set(db.table_names())
    assert "actions" in db.view_names()


def test_migrating_twice_applies_nothing_the_second_time() -> None:
    db = open_corpus(":memory:")
    assert migrate(db) == []


def test_an_older_corpus_is_brought_up_to_date_and_its_paths_filled(files: list[Path]) -> None:
    db = Database(memory=True)
    db.table("migrations").create({"id": int, "name": str, "applied_at": str}, pk="id")
    for m in MIGRATIONS[:2]:
        m.apply(db)
        db.table("migrations").insert({"id": m.number, "name": m.name, "applied_at": "2026-01-01"})
    db.execute("INSERT INTO records (path, sha256, status, options, players, tags, hands, errors, warnings, notes, "
               "paipu_version, ingested_at) "
               "VALUES ('old.paipu', 'abc', 'ok', '{}', '{}', '{}', 0, 0, 0, 0, '0.0', 'x')")
    db.conn.commit()
    done = migrate(db)
    assert [m.number for m in done] == [3, 4, 5, 6]
    assert [tuple(r) for r in db.execute("SELECT path, record_id FROM paths")] == [("old.paipu", 1)]
    assert "findings_code" in {i.name for i in db.table("findings").indexes}


def test_migration_5_moves_the_old_action_rows_into_hand_actions(files: list[Path]) -> None:
    """A corpus of the one-row-per-action layout keeps every action: `hand_actions` gets them one
    hand a row, as a new ingest would write them, and the `actions` view shows the old rows."""
    rows = audit_source(read_source(SAMPLES / "zhuji-2026-0001.paipu"))
    assert len(rows.action_rows) > 1
    old_rows = [(1, hand, idx, *action) for hand, _, text in rows.action_rows
                for idx, action in enumerate(json.loads(text))]
    db = Database(memory=True)
    db.table("migrations").create({"id": int, "name": str, "applied_at": str}, pk="id")
    for m in MIGRATIONS[:4]:
        m.apply(db)
        db.table("migrations").insert({"id": m.number, "name": m.name, "applied_at": "2026-01-01"})
    db.execute("INSERT INTO records (path, sha256, status, options, players, tags, hands, errors, warnings, notes, "
               "paipu_version, ingested_at) "
               "VALUES ('old.paipu', 'abc', 'ok', '{}', '{}', '{}', 0, 0, 0, 0, '0.0', 'x')")
    # Stored out of order: the migration orders them by record, hand and index.
    db.conn.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)", list(reversed(old_rows)))
    db.conn.commit()
    assert [m.number for m in migrate(db)] == [5, 6]
    assert "actions" not in db.table_names() and "actions" in db.view_names()
    stored = [tuple(r) for r in db.execute("SELECT hand, first_idx, actions FROM hand_actions ORDER BY hand")]
    assert stored == list(rows.action_rows)
    view = [tuple(r) for r in db.execute("SELECT record_id, hand, idx, line, seat, verb, tiles FROM actions "
                                         "ORDER BY hand, idx")]
    assert view == old_rows


def test_a_corpus_from_a_newer_paipu_is_refused() -> None:
    db = open_corpus(":memory:")
    db.table("migrations").insert({"id": SCHEMA_VERSION + 1, "name": "future", "applied_at": "2099-01-01"})
    with pytest.raises(CorpusError, match="newer paipu"):
        migrate(db)


def test_a_file_that_is_not_sqlite_is_a_corpus_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database, not even close" * 100)
    with pytest.raises(CorpusError, match="cannot be used as a corpus"):
        open_corpus(junk)


def test_opening_a_missing_corpus_for_reading_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such database"):
        open_corpus(tmp_path / "missing.db", create=False)
    assert not (tmp_path / "missing.db").exists()


def test_a_file_corpus_is_in_wal_mode(db_path: Path) -> None:
    assert sqlite3.connect(db_path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# ------------------------------------------------------------------ ingest


def test_ingest_stores_each_record_hand_action_and_score_the_audit_gives(db: Database, files: list[Path]) -> None:
    by_sha: dict[str, Any] = {}
    for f in files:
        try:
            text = read_record_text(f)
        except InputError:
            continue
        by_sha.setdefault(hashlib.sha256(text.encode()).hexdigest(), audit_text(text, str(f)))
    for sha, audit in by_sha.items():
        (rid,) = db.execute("SELECT id FROM records WHERE sha256 = ?", [sha]).fetchone()
        rp = audit.replay
        hands = _count(db, "SELECT COUNT(*) FROM hands WHERE record_id = ?", [rid])
        assert hands == (len(rp.hands) if rp else 0)
        actions = _count(db, "SELECT COUNT(*) FROM actions WHERE record_id = ?", [rid])
        assert actions == (sum(len(h.actions) for h in audit.record.hands) if rp else 0)
        assert _count(db, "SELECT COUNT(*) FROM findings WHERE record_id = ?", [rid]) == len(audit.findings)
        scores = dict(db.execute("SELECT seat, score FROM scores WHERE record_id = ?", [rid]).fetchall())
        assert scores == (dict(rp.scores) if rp else {})


def test_stored_results_read_back_as_check_json_gives(db: Database, files: list[Path]) -> None:
    compared = 0
    for path in files:
        try:
            text = read_record_text(path)
        except InputError:
            continue
        (rid,) = db.execute("SELECT record_id FROM paths WHERE path = ?", [str(path)]).fetchone()
        assert compare_results(audit_text(text, str(path)).to_json(), record_result(db, rid)) == []
        compared += 1
    assert compared == len(files) - 3


def test_an_action_row_holds_its_line_seat_verb_and_tiles(db: Database, corpus_dir: Path) -> None:
    path = sorted((corpus_dir / "sim").glob("*.paipu"))[0]
    lines = read_record_text(path).splitlines()
    (rid,) = db.execute("SELECT record_id FROM paths WHERE path = ?", [str(path)]).fetchone()
    rows = db.execute("SELECT line, seat, verb, tiles FROM actions WHERE record_id = ? AND hand = 1 "
                      "AND verb IN ('draw', 'discard', 'chow') ORDER BY idx", [rid]).fetchall()
    assert rows
    for line, seat, verb, tiles in rows:
        assert lines[line - 1].split()[:3] == [seat, verb, tiles]


RED_FIVES = """[Ruleset "riichi"]
hand 1
dealer E
deal E 111m 234m 567m 99p 6p 1z 2z
deal S 123s 456s 789s 40p 77z
deal W 223344m 388p 11s 55z
deal N 555666m 377p 44z 66z
E discard 1z
S draw 5p
S discard 0p
W draw 3p
W discard 3p
N draw 0s
N discard 5m
E draw 9s
E discard 9s
S draw 1z
S discard 5p
"""


@pytest.mark.parametrize("first", ["plain", "red"])
def test_an_action_row_writes_a_red_five_as_red_and_a_plain_five_as_plain_whichever_came_first(first: str) -> None:
    """A red five equals its plain five as a tile, so the two must not share a cached text: the
    tiles column is the record's own notation (riichi.tiles), ``0p`` and ``5p`` alike."""
    lines = RED_FIVES.splitlines()
    if first == "red":  # the same record with the red and the plain 5p discards swapped
        lines[9], lines[-1] = lines[-1].replace("discard 5p", "discard 0p"), lines[9].replace("0p", "5p")
        lines[8], lines[-2] = "S draw 1z", "S draw 5p"
    text = "\n".join(lines) + "\n"
    db = open_corpus(":memory:")
    rows = audit_source(Source("red.paipu", text, hashlib.sha256(text.encode()).hexdigest()))
    assert rows.status != "failed"
    write_record(db, rows, "now")
    stored = db.execute("SELECT line, seat, verb, tiles FROM actions ORDER BY idx").fetchall()
    assert [(seat, verb, tiles) for _, seat, verb, tiles in stored] == [
        tuple(lines[line - 1].split()) for line, *_ in stored]
    assert {tiles for *_, tiles in stored} >= {"0p", "5p", "0s", "5m"}


def test_a_hands_actions_column_is_the_json_of_its_actions(files: list[Path]) -> None:
    """The hand_actions JSON is put together from cached pieces: it must equal the plain JSON of
    each action's line, seat, verb and tiles, as docs/corpus.md defines it."""
    checked = 0
    for path in files:
        source = read_source(path)
        if source.text is None:
            continue
        audit = audit_text(source.text, str(path))
        rows = rows_from_audit(audit, str(path), source.sha256)
        if audit.replay is None:
            assert rows.action_rows == ()
            continue
        for (_, first, actions), hand in zip(rows.action_rows, audit.record.hands, strict=True):
            assert first == 0
            expected = []
            for a in hand.actions:
                tiles = None
                if isinstance(a, Chow):
                    tiles = format_tiles(a.tiles)
                elif not isinstance(a, FanLine | ScoreLine) and getattr(a, "tile", None) is not None:
                    tiles = str(a.tile)  # type: ignore[attr-defined]
                expected.append([a.span.line, getattr(a, "seat", None), a.verb, tiles])
            assert actions == json.dumps(expected, ensure_ascii=False, separators=(",", ":"))
            checked += 1
    assert checked > 20


def test_the_content_hash_is_the_sha256_of_the_file_bytes(db: Database, corpus_dir: Path) -> None:
    path = sorted((corpus_dir / "sim").glob("*.paipu"))[0]
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    assert _count(db, "SELECT COUNT(*) FROM records WHERE sha256 = ? AND path = ?", [sha, str(path)]) == 1


def test_the_same_bytes_ingested_twice_are_stored_once(db: Database, files: list[Path]) -> None:
    hashed = [f for f in files if not f.name.startswith("broken")]  # a file with no hash is retried, see below
    before = _dump(db)
    summary = ingest(db, hashed)
    assert summary.new == 0 and summary.duplicates == len(hashed)
    assert _dump(db) == before


def test_a_gzipped_copy_is_the_same_record_with_a_second_path(db: Database, corpus_dir: Path) -> None:
    original = sorted((corpus_dir / "sim").glob("*.paipu"))[1]
    paths = db.execute("SELECT path FROM paths WHERE record_id = (SELECT record_id FROM paths WHERE path = ?) "
                       "ORDER BY path", [str(original)]).fetchall()
    assert [p[0] for p in paths] == sorted([str(corpus_dir / "dup" / "copy.paipu.gz"), str(original)])


def test_a_file_that_cannot_be_read_at_all_is_replaced_not_duplicated_on_a_rerun(db: Database,
                                                                                   corpus_dir: Path) -> None:
    broken = str(corpus_dir / "bad" / "broken.paipu.gz")
    (old,) = db.execute("SELECT id FROM records WHERE path = ?", [broken]).fetchone()
    ingest(db, [broken])
    rows = db.execute("SELECT id, sha256, status FROM records WHERE path = ?", [broken]).fetchall()
    assert len(rows) == 1 and rows[0][0] != old and rows[0][1] is None and rows[0][2] == "failed"
    assert _count(db, "SELECT COUNT(*) FROM findings WHERE record_id = ?", [old]) == 0


@pytest.mark.parametrize(("name", "code", "words"), [
    ("binary.paipu", UNREADABLE, "binary"),
    ("empty.paipu", UNREADABLE, "empty"),
    ("broken.paipu.gz", UNREADABLE, "cannot be read"),
    ("garbage.paipu", "syntax", "unexpected"),
])
def test_a_file_that_cannot_be_read_or_parsed_is_a_failed_record_with_its_diagnostics(
        db: Database, corpus_dir: Path, name: str, code: str, words: str) -> None:
    path = str(corpus_dir / "bad" / name)
    (rid, status, errors) = db.execute("SELECT id, status, errors FROM records WHERE path = ?", [path]).fetchone()
    assert status == "failed" and errors >= 1
    messages = [m for c, m in db.execute("SELECT code, message FROM findings WHERE record_id = ?", [rid])
                if c == code]
    assert messages and words in messages[0]
    assert _count(db, "SELECT COUNT(*) FROM hands WHERE record_id = ?", [rid]) == 0


def test_a_bad_file_does_not_stop_the_batch(db_path: Path, files: list[Path]) -> None:
    db = open_corpus(db_path, create=False)
    stored = {p for (p,) in db.execute("SELECT path FROM paths")}
    db.close()
    assert stored == {str(f) for f in files}


def test_an_audit_that_raises_is_a_failed_record_and_the_batch_goes_on(files: list[Path],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    victim = str(files[-1])

    def flaky(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise RuntimeError("boom")
        return audit_text(text, name, **kw)

    monkeypatch.setattr("paipu.corpus.rows.audit_text", flaky)
    db = open_corpus(":memory:")
    summary = ingest(db, files)
    assert summary.files == len(files)
    (status,) = db.execute("SELECT status FROM records WHERE path = ?", [victim]).fetchone()
    (message,) = db.execute("SELECT message FROM findings WHERE code = ?", [INTERNAL_ERROR]).fetchone()
    assert status == "failed" and "RuntimeError: boom" in message


def test_a_record_whose_write_fails_midway_leaves_no_row_at_all(files: list[Path]) -> None:
    db = open_corpus(":memory:")
    rows = audit_source(read_source(files[-1]))
    assert len(rows.hand_rows) > 1
    broken = replace(rows, hand_rows=(rows.hand_rows[0], rows.hand_rows[0]))  # the same hand twice: a key clash
    with pytest.raises(sqlite3.IntegrityError):
        write_record(db, broken, "now")
    for table in ("records", "hands", "actions", "findings", "scores", "paths"):
        assert _count(db, f"SELECT COUNT(*) FROM {table}") == 0, table
    write_record(db, rows, "now")
    assert _count(db, "SELECT COUNT(*) FROM hands") == len(rows.hand_rows)


def test_no_actions_leaves_only_the_actions_table_empty(files: list[Path]) -> None:
    db = open_corpus(":memory:")
    ingest(db, files, actions=False)
    assert _count(db, "SELECT COUNT(*) FROM actions") == 0
    assert _count(db, "SELECT COUNT(*) FROM hands") > 0


def test_two_jobs_give_the_same_database_as_one(db_path: Path, files: list[Path]) -> None:
    one = open_corpus(db_path, create=False)
    two = open_corpus(":memory:")
    summary = ingest(two, files, jobs=2)
    assert summary.new == _count(one, "SELECT COUNT(*) FROM records")
    assert _dump(two) == _dump(one)
    one.close()


def test_ingest_reports_progress_for_every_file(files: list[Path]) -> None:
    seen: list[tuple[int, int]] = []
    db = open_corpus(":memory:")
    ingest(db, files, progress=lambda done, hands: seen.append((done, hands)))
    assert [d for d, _ in seen] == list(range(1, len(files) + 1))
    assert seen[-1][1] == _count(db, "SELECT COUNT(*) FROM hands") > 0


# ------------------------------------------------------------------ stats


def test_stats_count_what_the_records_hold(db: Database, files: list[Path]) -> None:
    audits: dict[str, Any] = {}
    for f in files:
        try:
            text = read_record_text(f)
        except InputError:
            continue
        audits.setdefault(hashlib.sha256(text.encode()).hexdigest(), audit_text(text, str(f)))
    replays = [a.replay for a in audits.values() if a.replay is not None]
    results = Counter(h.result.result for rp in replays for h in rp.hands)
    items = Counter(i.id for rp in replays for h in rp.hands for w in h.result.wins for i in w.items)
    codes = Counter(f.code for a in audits.values() for f in a.findings)
    differ = sum(1 for rp in replays for h in rp.hands
                 if h.result.recorded_payments is not None and h.result.recorded_payments != h.result.payments)
    wins: Counter[str] = Counter()
    score: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    for rp in replays:
        names = {p.seat: p.value for p in rp.record.header.players}
        for seat, s in rp.scores.items():
            score[names[seat]] += s
            hands[names[seat]] += len(rp.hands)
        for h in rp.hands:
            for w in h.result.winners:
                wins[names[w]] += 1

    s = corpus_stats(db)
    assert s.records == len(audits) + 3  # and the three files that hold no text: binary, empty, broken .gz
    assert s.hands == sum(results.values())
    assert s.results == dict(results)
    merged: Counter[str] = Counter()
    for r in s.rulesets:
        for i in r.items:
            merged[i.id] += i.wins
    assert merged == items
    codes[UNREADABLE] = 3  # binary, empty (it is read, but holds no record), broken .gz
    assert {f.code: f.count for f in s.findings} == dict(codes)
    assert s.payments_differ == differ >= 1
    players: dict[str, list[int]] = {}
    for r in s.rulesets:
        for p in r.players:
            totals = players.setdefault(p.player, [0, 0, 0])
            totals[0] += p.hands
            totals[1] += p.wins
            totals[2] += p.score
    assert players == {name: [hands[name], wins[name], score[name]] for name in score}
    assert sum(sum(r.values.values()) for r in s.rulesets) == sum(len(h.result.wins) for rp in replays
                                                                  for h in rp.hands)
    assert sum(r.records for r in s.rulesets) == s.records and sum(r.hands for r in s.rulesets) == s.hands


def test_stats_command_prints_text_and_json(db_path: Path) -> None:
    runner = CliRunner()
    text = runner.invoke(corpus_group, ["stats", "--db", str(db_path)])
    assert text.exit_code == 0, text.output
    assert "findings by code:" in text.output and "bot-S" in text.output
    js = runner.invoke(corpus_group, ["stats", "--db", str(db_path), "--json"])
    data = json.loads(js.output)
    assert data["records"] == corpus_stats(open_corpus(db_path, create=False)).records
    assert set(data) >= {"statuses", "hands", "results", "findings", "rulesets"}
    assert all(set(r) >= {"ruleset", "unit", "items", "values", "players"} for r in data["rulesets"])


def _mixed_corpus(tmp_path: Path) -> Database:
    """Records of three rulesets, whose values count 台, 番 and han, one with a player of no name
    and one with a player named in Chinese."""
    db = open_corpus(tmp_path / "mixed.db")
    paths = [ROOT / "samples/valid/zhuji/four-hands.paipu", ROOT / "samples/valid/mcr/discard-win.paipu",
             ROOT / "samples/valid/riichi/ittsu-ron.paipu"]
    folder = tmp_path / "mixed"
    folder.mkdir()
    for p in paths:
        text = p.read_text(encoding="utf-8")
        if p.parent.name == "mcr":
            text = text.replace('[Ruleset "mcr"]', '[Ruleset "mcr"]\n[Player E ""]\n[Player S "张三丰"]')
        (folder / f"{p.parent.name}-{p.name}").write_text(text, encoding="utf-8")
    ingest(db, list(expand_paths([folder])))
    return db


def test_stats_count_values_ruleset_by_ruleset_each_in_its_unit(tmp_path: Path) -> None:
    db = _mixed_corpus(tmp_path)
    s = corpus_stats(db)
    assert [(r.ruleset, r.unit) for r in s.rulesets] == [("mcr", "fan"), ("riichi", "han"), ("zhuji", "tai")]
    riichi = s.ruleset_stats("riichi")
    assert riichi is not None and riichi.values == {2: 1}
    fu = next(i for i in riichi.items if i.id == "fu")
    assert fu.wins == 1 and fu.value is None  # fu are no han: not summed
    zhuji = s.ruleset_stats("zhuji")
    assert zhuji is not None and sum(zhuji.values.values()) == 4 and zhuji.hands == 4
    # The whole corpus keeps no mixed total of values.
    assert "values" not in s.to_json() and "items" not in s.to_json()
    only = corpus_stats(db, "riichi")
    assert only.records == 1 and [r.ruleset for r in only.rulesets] == ["riichi"] and only.hands == riichi.hands
    text = format_stats(s)
    assert "== riichi: 1 record, 1 hand" in text and "values of wins (han):" in text
    assert "values of wins (tai):" in text and "scoring items (fan):" in text
    db.close()


def test_stats_leave_out_players_with_no_name_and_align_chinese_names(tmp_path: Path) -> None:
    db = _mixed_corpus(tmp_path)
    mcr = corpus_stats(db).ruleset_stats("mcr")
    assert mcr is not None and "" not in [p.player for p in mcr.players] and "张三丰" in [p.player for p in mcr.players]
    lines = format_stats(corpus_stats(db, "mcr")).split("\n")
    table = lines[lines.index("players:") + 1:]
    head, *rows = table
    # Each column ends at the same place on screen: a Chinese character takes two columns.
    end = _screen_width(head)
    assert rows and all(_screen_width(r) == end for r in rows), table
    db.close()


def _screen_width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def test_stats_command_takes_a_ruleset(tmp_path: Path) -> None:
    _mixed_corpus(tmp_path).close()
    runner = CliRunner()
    out = runner.invoke(corpus_group, ["stats", "--db", str(tmp_path / "mixed.db"), "--ruleset", "国标"])
    assert out.exit_code == 0, out.output
    assert "records of ruleset mcr: 1" in out.output and "== mcr" in out.output and "== zhuji" not in out.output
    bad = runner.invoke(corpus_group, ["stats", "--db", str(tmp_path / "mixed.db"), "--ruleset", "nosuch"])
    assert bad.exit_code == 2 and "unknown ruleset" in bad.output


def test_stats_of_a_missing_database_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(corpus_group, ["stats", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2
    assert "paipu: error:" in result.output and "no such database" in result.output


# ------------------------------------------------------------------ diff


def test_the_diff_of_a_corpus_with_itself_is_empty(db_path: Path) -> None:
    a = open_corpus(db_path, create=False)
    assert list(diff_corpora(a, a)) == []


def test_diff_finds_a_changed_payment(db_path: Path, db: Database, copy_path: Path) -> None:
    (rid, number, text) = db.execute("SELECT record_id, number, payments FROM hands WHERE result = 'win' "
                                     "ORDER BY 1, 2").fetchone()
    old = json.loads(text)
    new = dict(old)
    seat = next(iter(new))
    new[seat] += 1
    with db.atomic():
        db.execute("UPDATE hands SET payments = ? WHERE record_id = ? AND number = ?", [json.dumps(new), rid, number])
    (path,) = db.execute("SELECT path FROM records WHERE id = ?", [rid]).fetchone()
    diffs = list(diff_corpora(open_corpus(db_path, create=False), db))
    assert [(d.path, d.lines) for d in diffs] == [
        (path, (f"hand {number}: payments is {dict(sorted(new.items()))}, expected {dict(sorted(old.items()))}",))]
    result = CliRunner().invoke(corpus_group, ["diff", str(db_path), str(copy_path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{path} [{diffs[0].sha256[:12]}]: hand {number}: payments is")  # type: ignore[index]
    assert "1 difference" in result.output


def test_diff_reports_records_found_in_only_one_corpus(db_path: Path, files: list[Path]) -> None:
    a = open_corpus(db_path, create=False)
    b = open_corpus(":memory:")
    ingest(b, files[1:])
    diffs = list(diff_corpora(a, b))
    assert [(d.path, d.lines) for d in diffs] == [(str(files[0]), ("in the first corpus only",))]


def test_diff_against_check_json_output_finds_only_what_was_changed(db_path: Path, files: list[Path],
                                                                    tmp_path: Path) -> None:
    from paipu.cli import main

    out = CliRunner().invoke(main, ["check", "--json", *[str(f) for f in files]])
    results = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    readable = [r for r in results if r.get("readable", True)]
    assert len(results) == len(files)
    assert len(readable) == len(files) - 3  # binary, empty and broken .gz are "readable": false
    db = open_corpus(db_path, create=False)
    assert list(diff_expected(db, {r["file"]: r for r in readable})) == []
    changed = next(r for r in results if r["hands"])
    changed["hands"][0]["value"] = 99
    expected_file = tmp_path / "expected.jsonl"
    expected_file.write_text("\n".join(json.dumps(r) for r in results) + "\n", encoding="utf-8")
    result = CliRunner().invoke(corpus_group, ["diff", str(db_path), "--expected", str(expected_file)])
    assert result.exit_code == 1, result.output
    lines = [ln for ln in result.output.splitlines() if "hand 1: value is" in ln]
    assert len(lines) == 1 and lines[0].startswith(changed["file"])


def test_diff_shows_what_changed_in_a_record_whose_content_changed_at_its_path(tmp_path: Path) -> None:
    """Matched by content, a changed record would be one record in each corpus only; matched by
    its path, its results are compared as `--expected` compares them."""
    folder = tmp_path / "records"
    folder.mkdir()
    text = (ROOT / "samples/valid/zhuji/four-hands.paipu").read_text(encoding="utf-8")
    record = folder / "four.paipu"
    record.write_text(text, encoding="utf-8")
    a = open_corpus(tmp_path / "a.db")
    ingest(a, [record])
    record.write_text(text.replace("score E +24 N -8 S -8 W -8", "score E +24 N -8 S -9 W -7"), encoding="utf-8")
    b = open_corpus(tmp_path / "b.db")
    ingest(b, [record])
    summary = DiffSummary()
    diffs = list(diff_corpora(a, b, summary))
    assert len(diffs) == 1 and diffs[0].path == str(record)
    first, *rest = diffs[0].lines
    assert first.startswith("its content changed (") and " → " in first
    assert any("verdict is findings, expected ok" in line for line in rest)
    assert any("score-mismatch" in line for line in rest)
    assert summary.missing == [] and summary.compared == 1 and summary.differing == 1
    # The same content at the same path is no difference, and unrelated content at another path
    # is still a record of one corpus only.
    assert list(diff_corpora(a, a)) == []


def test_diff_needs_a_second_corpus_or_expected_results(db_path: Path) -> None:
    result = CliRunner().invoke(corpus_group, ["diff", str(db_path)])
    assert result.exit_code == 2 and "one of the two" in result.output


# ------------------------------------------------------------------ the ingest command


def test_ingest_command_stores_the_rest_and_exits_2_for_a_missing_path(corpus_dir: Path, tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    result = CliRunner().invoke(corpus_group, ["ingest", str(corpus_dir / "sim"), str(tmp_path / "nope"),
                                               "--db", str(db)])
    assert result.exit_code == 2
    assert f"paipu: error: {tmp_path / 'nope'}: no such file or folder" in result.output
    hands = sum(len(audit_text(p.read_text(encoding="utf-8")).record.hands) for p in (corpus_dir / "sim").iterdir())
    assert f"3 new records ({hands} hands" in result.output and "hands/s" in result.output
    again = CliRunner().invoke(corpus_group, ["ingest", str(corpus_dir / "sim"), "--db", str(db), "-q"])
    assert again.exit_code == 0 and again.output == ""


def test_ingest_command_refuses_jobs_with_dask(corpus_dir: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(corpus_group, ["ingest", str(corpus_dir), "--db", str(tmp_path / "x.db"),
                                               "--jobs", "2", "--dask", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2 and "do not go together" in result.output


def test_ingest_into_a_folder_is_a_usage_error(corpus_dir: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(corpus_group, ["ingest", str(corpus_dir / "sim"), "--db", str(tmp_path)])
    assert result.exit_code == 2


def test_an_empty_folder_is_reported(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(corpus_group, ["ingest", str(tmp_path / "empty"), "--db", str(tmp_path / "e.db")])
    assert result.exit_code == 2 and "no records" in result.output


def test_copying_the_corpus_folder_adds_paths_but_no_records(corpus_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(corpus_dir / "sim", copy)
    db = open_corpus(":memory:")
    ingest(db, list(expand_paths([corpus_dir / "sim"])))
    summary = ingest(db, list(expand_paths([copy])))
    assert summary.new == 0 and summary.duplicates == 3
    assert _count(db, "SELECT COUNT(*) FROM paths") == 6


def test_diff_names_a_changed_verdict_before_the_findings_that_changed_it(db_path: Path, db: Database) -> None:
    (rid, path, old) = db.execute("SELECT id, path, status FROM records WHERE status != 'failed' "
                                  "ORDER BY id").fetchone()
    with db.atomic():
        if old == "ok":
            new, change = "findings", "finding error[invented] on line 9 found, not expected"
            db.execute("INSERT INTO findings (record_id, hand, severity, code, line, column, message) "
                       "VALUES (?, 1, 'error', 'invented', 9, 1, 'a new rule says no')", [rid])
        else:
            new, change = "ok", "expected, not found"
            db.execute("DELETE FROM findings WHERE record_id = ? AND severity = 'error'", [rid])
        db.execute("UPDATE records SET status = ? WHERE id = ?", [new, rid])
    (d,) = list(diff_corpora(open_corpus(db_path, create=False), db))
    assert d.path == path
    assert d.lines[0] == f"verdict is {new}, expected {old}"
    assert any(change in line for line in d.lines[1:])


def test_a_record_numbering_two_hands_alike_stores_each_hand_by_its_place(tmp_path: Path) -> None:
    """Fuzzing reproducer: `hand 2` twice gives a hand-numbering error, and each hand still
    gets its own row (stored under its place 1, 2) rather than a UNIQUE constraint failure."""
    text = (ROOT / "samples" / "valid" / "zhuji" / "four-hands.paipu").read_text(encoding="utf-8")
    text = text.replace("\nhand 3\n", "\nhand 2\n", 1)
    audit = audit_text(text, "twice.paipu")
    assert any(f.code == "hand-number" for f in audit.findings)
    db = open_corpus(tmp_path / "c.db")
    outcome, rid = write_record(db, rows_from_audit(audit, "twice.paipu", "x" * 64), "now")
    assert outcome == "new"
    numbers = [n for (n,) in db.execute("SELECT number FROM hands WHERE record_id = ? ORDER BY number", [rid])]
    assert numbers == [1, 2, 3, 4]
    hands = {h for (h,) in db.execute("SELECT DISTINCT hand FROM actions WHERE record_id = ?", [rid])}
    assert hands == {1, 2, 3, 4}
    db.close()


def test_batches_for_the_workers_are_bounded_in_files_and_text_and_keep_the_order() -> None:
    """Small records go to a worker several at a time (the cost of a task shared), never more than
    BATCH_FILES of them nor more than BATCH_CHARS of text; a larger record goes alone, at once."""
    from paipu.corpus.ingest import BATCH_CHARS, BATCH_FILES, by_size

    def src(name: str, chars: int) -> Source:
        return Source(name, "x" * chars, None)

    small = [src(f"s{i}", 100) for i in range(BATCH_FILES * 2 + 1)]
    big = src("big", BATCH_CHARS + 1)
    unreadable = Source("bad", None, None, "cannot be read")
    sources = [*small[:3], big, *small[3:], unreadable]
    batches = list(by_size(iter(sources)))
    assert [s.path for b in batches for s in b] == [s.path for s in sources]
    assert ["big"] in [[s.path for s in b] for b in batches]
    for b in batches:
        assert 1 <= len(b) <= BATCH_FILES
        assert len(b) == 1 or sum(len(s.text or "") for s in b) <= BATCH_CHARS
    assert len(batches) < len(sources) / 2  # small records do share tasks

    taken: list[str] = []

    def reading() -> Iterator[Source]:
        for s in sources:
            taken.append(s.path)
            yield s

    for b in by_size(reading()):
        if b == [big]:
            assert taken[-1] == "big"  # the large record is handed out before the next file is read
            break


def test_a_long_hand_is_stored_in_parts_that_the_actions_view_reads_as_one_hand(tmp_path: Path) -> None:
    """Migration 6 (`actions-in-parts`): a hand of more than 1,024 actions is stored in rows of
    1,024 actions, each from its `first_idx`; the `actions` view numbers them across the rows as
    one hand, in the record's order."""
    sample = (ROOT / "samples/valid/zhuji/four-hands.paipu").read_text(encoding="utf-8")
    body = sample[: sample.index("E discard")]
    moves = [f"{'ESWN'[k % 4]} {verb} 5m" for k in range(1500) for verb in ("draw", "discard")]
    path = tmp_path / "long.paipu"
    path.write_text(body + "\n".join(moves) + "\n", encoding="utf-8")
    db = open_corpus(tmp_path / "c.db")
    ingest(db, [path])
    parts = [tuple(r) for r in db.execute("SELECT hand, first_idx, json_array_length(actions) FROM hand_actions "
                                          "ORDER BY first_idx")]
    assert parts == [(1, 0, 1024), (1, 1024, 1024), (1, 2048, 952)]
    view = [tuple(r) for r in db.execute("SELECT idx, line, seat, verb, tiles FROM actions ORDER BY idx")]
    hand = audit_text(path.read_text(encoding="utf-8")).record.hands[0]
    assert len(view) == len(hand.actions) == 3000
    assert view == [(k, a.span.line, a.seat, a.verb, "5m") for k, a in enumerate(hand.actions)]  # type: ignore[attr-defined]
