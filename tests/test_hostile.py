"""Hostile logs and a failing machine: each class of failure the importer and corpus fuzzing
found, rebuilt here from its description, with the behaviour the fix promises."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.corpus import ingest, open_corpus
from paipu.corpus.rows import INTERNAL_ERROR

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "valid" / "zhuji").glob("*.paipu"))


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


# ---------------------------------------------------------------- a failed ingest is never "stored"


def test_a_record_whose_audit_ran_out_of_memory_is_not_stored_and_the_ingest_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    victim = str(SAMPLES[-1])

    def starved(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise MemoryError
        return audit_text(text, name, **kw)

    monkeypatch.setattr("paipu.corpus.rows.audit_text", starved)
    db = open_corpus(":memory:")
    with pytest.raises(MemoryError):
        ingest(db, SAMPLES)
    assert db.execute("SELECT COUNT(*) FROM records WHERE path = ?", [victim]).fetchone()[0] == 0


def test_a_failed_record_does_not_make_its_content_count_as_stored(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    victim = str(SAMPLES[0])
    path = tmp_path / "c.db"

    def flaky(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise RuntimeError("boom")
        return audit_text(text, name, **kw)

    with monkeypatch.context() as m:
        m.setattr("paipu.corpus.rows.audit_text", flaky)
        db = open_corpus(path)
        first = ingest(db, SAMPLES)
        db.close()
    assert first.internal == 1 and first.failed == 1
    db = open_corpus(path)
    again = ingest(db, SAMPLES)  # the bug is gone: the content is audited again, not "already stored"
    assert again.duplicates == len(SAMPLES) - 1 and again.new == 1 and again.failed == 0
    (status, hands) = db.execute("SELECT status, hands FROM records WHERE path = ?", [victim]).fetchone()
    assert status != "failed" and hands > 0
    assert db.execute("SELECT COUNT(*) FROM findings WHERE code = ?", [INTERNAL_ERROR]).fetchone()[0] == 0
    assert db.execute("SELECT COUNT(*) FROM records").fetchone()[0] == len(SAMPLES)


def test_an_ingest_with_an_internal_error_exits_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    victim = str(SAMPLES[0])

    def flaky(text: str, name: str = "<record>", **kw: Any) -> Any:
        if name == victim:
            raise RuntimeError("boom")
        return audit_text(text, name, **kw)

    monkeypatch.setattr("paipu.corpus.rows.audit_text", flaky)
    code, out = _run("corpus", "ingest", *map(str, SAMPLES), "--db", str(tmp_path / "c.db"), "--json", "-j", "1")
    assert code == 3
    assert json.loads(out[out.index("{"):out.rindex("}") + 1])["internal_errors"] == 1
    assert "internal error: the audit of 1 record raised" in out


def test_an_out_of_memory_ingest_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def starved(*args: Any, **kw: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr("paipu.corpus.rows.audit_text", starved)
    code, out = _run("corpus", "ingest", str(SAMPLES[0]), "--db", str(tmp_path / "c.db"), "-j", "1")
    assert code == 3 and "out of memory" in out and "Traceback" not in out
    with sqlite3.connect(tmp_path / "c.db") as con:
        assert con.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 0


# ---------------------------------------------------------------- export mjai


def _riichi_with_a_chow() -> tuple[str, int]:
    """A simulated riichi game with a chow: its text and the chow's line (0-based)."""
    import random

    from paipu.grammar.writer import format_record
    from paipu.sim.simulate import simulate_session

    for seed in range(1, 40):
        text = format_record(simulate_session("riichi", 4, random.Random(seed)))
        lines = text.splitlines()
        at = next((i for i, line in enumerate(lines) if " chow " in line), None)
        if at is not None:
            return text, at
    raise AssertionError("no simulated riichi game with a chow")


def test_export_of_a_chow_that_lacks_the_discard_is_a_message_and_stdout_stays_a_stream(tmp_path: Path) -> None:
    text, at = _riichi_with_a_chow()
    lines = text.splitlines()
    seat, verb, *_ = lines[at].split(";")[0].split()
    taken = lines[at - 1].split()[-1]  # the discard the chow takes
    suit = taken[-1]
    others = [f"{n}{suit}" for n in (1, 2, 3, 7, 8, 9) if f"{n}{suit}" != taken][:3]
    lines[at] = f"{seat} {verb} {' '.join(others)}"
    bad = tmp_path / "bad.paipu"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    good = tmp_path / "good.paipu"
    good.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "mjai", str(good), str(bad)])
    assert result.exit_code == 1, result.output
    assert "does not take the discard" in result.stderr and "Traceback" not in result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert events and events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"


def test_findings_of_a_record_export_refuses_go_to_stderr(tmp_path: Path) -> None:
    broken = tmp_path / "broken.paipu"
    broken.write_text('[Ruleset "riichi"]\n\nhand 1\ndealer E\nE dicsard 1m\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "mjai", str(broken)])
    assert result.exit_code == 1
    assert result.stdout == "" and "error[" in result.stderr


# ---------------------------------------------------------------- huge lines quoted short


@pytest.mark.parametrize("fmt,body", [
    ("botzone", "Match a\nWind 0\nPlayer 0 Deal " + "W1 " * 300_000 + "\n"),
    ("botzone", "Match a\n" + "Q" * 900_000 + "\n"),
    ("mjai", '{"type":"start_game","names":["' + "n" * 900_000 + '"]}\n{"type":"start_kyoku","oya":"x"}\n'),
])
def test_an_error_about_a_huge_line_quotes_a_few_dozen_characters(tmp_path: Path, fmt: str, body: str) -> None:
    log = tmp_path / ("big.txt" if fmt == "botzone" else "big.mjson")
    log.write_text(body, encoding="utf-8")
    result = CliRunner().invoke(main, ["import", fmt, str(log), "-o", str(tmp_path / "out"), "--json"])
    assert result.exit_code == 2
    assert len(result.stderr) < 1000, result.stderr[:300]
    report = json.loads(result.stdout)
    assert len(report["failed"][0]["problem"]) < 600
    assert len(_run("check", str(log))[1]) < 1500


# ---------------------------------------------------------------- symbolic links in the output folder


def _planted(folder: Path, name: str, victim: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / name
    link.symlink_to(victim)
    return link


def _untouched(victim: Path, link: Path) -> None:
    assert victim.read_text(encoding="utf-8") == "precious\n", "written through the link"
    assert not link.is_symlink() and link.is_file(), "the link is replaced by the file written"


@pytest.mark.parametrize("command", ["import", "simulate", "mutate", "report", "export", "corpus report"])
def test_nothing_is_written_through_a_symbolic_link_in_the_output(tmp_path: Path, command: str) -> None:
    from paipu.importers.botzone import simulated_logs

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out"
    sample = SAMPLES[0]
    if command == "import":
        log = tmp_path / "game.txt"
        log.write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
        link = _planted(out, "sim000.paipu", victim)
        args = ["import", "botzone", str(log), "-o", str(out)]
    elif command == "simulate":
        link = _planted(out, "zhuji-1-0001.paipu", victim)
        args = ["simulate", "--ruleset", "zhuji", "--hands", "1", "--seed", "1", "-o", str(out)]
    elif command == "mutate":
        link = _planted(out, f"{sample.stem}-draw-changed-1.paipu", victim)
        args = ["mutate", str(sample), "-o", str(out), "--kind", "draw-changed", "--seed", "1"]
    elif command == "report":
        link = _planted(out, "page.html", victim)
        args = ["report", str(sample), "-o", str(link)]
    elif command == "export":
        link = _planted(out, "stream.mjson", victim)
        args = ["export", "mjai", str(next((ROOT / "samples" / "valid" / "riichi").glob("*.paipu"))), "-o", str(link)]
    else:
        db = tmp_path / "c.db"
        assert _run("corpus", "ingest", str(sample), "--db", str(db))[0] == 0
        link = _planted(out, "index.html", victim)
        args = ["corpus", "report", "--db", str(db), "-o", str(out)]
    code, said = _run(*args)
    assert code == 0, said
    _untouched(victim, link)


# ---------------------------------------------------------------- another program's SQLite file


@pytest.mark.parametrize("schema", [
    "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ann');",
    "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT, applied_at TEXT);"
    "INSERT INTO migrations VALUES (1, 'create users', 'then'); CREATE TABLE users (id INTEGER);",
])
@pytest.mark.parametrize("command", [["corpus", "ingest", "{sample}"], ["corpus", "stats"],
                                     ["corpus", "report", "-o", "{out}"]])
def test_a_sqlite_file_that_is_not_a_corpus_is_refused_and_never_changed(tmp_path: Path, schema: str,
                                                                          command: list[str]) -> None:
    import hashlib

    db = tmp_path / "theirs.db"
    with sqlite3.connect(db) as con:
        con.executescript(schema)
    con.close()
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    args = [a.format(sample=SAMPLES[0], out=tmp_path / "site") for a in command]
    code, said = _run(*args, "--db", str(db))
    assert code == 2, said
    assert "not a paipu corpus" in said and "Traceback" not in said
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("theirs")) == ["theirs.db"]


# ---------------------------------------------------------------- a full disk


def test_an_ingest_past_the_file_size_limit_says_so_and_keeps_the_corpus(tmp_path: Path) -> None:
    import resource
    import signal
    import subprocess
    import sys

    from paipu.sim.simulate import simulate

    db = tmp_path / "c.db"
    assert _run("corpus", "ingest", *map(str, SAMPLES), "--db", str(db), "-q")[0] == 0
    games = tmp_path / "games"
    games.mkdir()
    for name, text in simulate("zhuji", 60, 3, session_hands=1):
        (games / name).write_text(text, encoding="utf-8")
    size = db.stat().st_size + sum(p.stat().st_size for p in tmp_path.glob("c.db-*"))
    limit = size + 64 * 1024

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run([sys.executable, "-m", "paipu.cli", "corpus", "ingest", str(games), "--db", str(db),
                           "-q", "-j", "1"], capture_output=True, text=True, preexec_fn=limited, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "cannot be written" in done.stderr and "damaged" not in done.stderr.replace("not damaged", "")
    assert "Traceback" not in done.stderr
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert con.execute("SELECT COUNT(*) FROM records").fetchone()[0] >= len(SAMPLES)


# ---------------------------------------------------------------- out of memory


@pytest.mark.parametrize("limit_mb", [150, 250, 450])
@pytest.mark.parametrize("command", ["import", "check"])
def test_running_out_of_memory_is_one_short_line_and_exit_3(tmp_path: Path, limit_mb: int, command: str) -> None:
    """A tenhou.net/6 file of 40 MB (twenty million numbers in one list) under an address-space
    limit: wherever the memory runs out, the program says so in one line and exits 3, in
    seconds; with enough, it says what is wrong with the log (exit 2)."""
    import resource
    import subprocess
    import sys
    import time

    log = tmp_path / "big.json"
    log.write_text('{"title":["",""],"name":["a","b","c","d"],"rule":{"aka":1},"log":[[[0,0,0],'
                   '[25000,25000,25000,25000],[1],[],[' + "1," * 20_000_000 + "1]]]}", encoding="utf-8")
    limit = limit_mb << 20

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    args = ["import", "tenhou", str(log), "-o", str(tmp_path / "out")] if command == "import" else ["check", str(log)]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "paipu.cli", *args], capture_output=True, text=True,
                          preexec_fn=limited, timeout=120)
    assert time.monotonic() - start < 60
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    if done.returncode == 3:
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"paipu: error: out of memory in `paipu {command}`")
    else:
        assert done.returncode == 2 and "a round is a list of 17 entries" in done.stderr, done.stderr[-2000:]
    if limit_mb == 150:
        assert done.returncode == 3  # the list alone takes more


def test_an_mjlog_of_millions_of_elements_is_refused_early_without_building_a_tree(tmp_path: Path) -> None:
    """The elements are read one at a time: three million of them stop at the first one that is
    no Tenhou element, or past the most a game has, in a bounded amount of memory."""
    import resource
    import subprocess
    import sys

    unknown = tmp_path / "unknown.mjlog"
    unknown.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/>' + "<X/>" * 3_000_000 + "</mjloggm>", "utf-8")
    many = tmp_path / "many.mjlog"
    many.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/>' + '<BYE who="0"/>' * 3_000_000 + "</mjloggm>",
                    "utf-8")
    limit = 150 << 20

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    for log, said in ((unknown, "element 2 <X>: unknown element <X>"), (many, "more than 100,000 elements")):
        done = subprocess.run([sys.executable, "-m", "paipu.cli", "check", str(log)], capture_output=True,
                              text=True, preexec_fn=limited, timeout=120)
        assert done.returncode == 2 and said in done.stderr, done.stderr[-2000:]


def test_an_mjlog_with_a_dtd_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "dtd.mjlog"
    log.write_text('<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
                   '<mjloggm ver="2.3"><GO type="169" lobby="0" title="&b;"/></mjloggm>', encoding="utf-8")
    code, said = _run("import", "tenhou", str(log), "-o", str(tmp_path / "out"))
    assert code == 2 and "the document has a DTD" in said


@pytest.mark.parametrize("attr,value", [("doraHaiUra", "-1"), ("doraHaiUra", "136"),
                                        ("doraHai", "18446744073709551617"), ("machi", "-1"), ("hai", "999")])
def test_an_mjlog_tile_id_outside_0_to_135_is_exit_2_naming_the_field(tmp_path: Path, attr: str, value: str) -> None:
    import gzip
    import re

    path = ROOT.parent / "shared" / "logs" / "tenhou" / "mjlog" / "first-example.mjlog"
    if not path.is_file():
        pytest.skip("the real Tenhou logs are not here")
    data = path.read_bytes()
    text = (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")
    changed = re.sub(rf'(<AGARI [^>]*\b{attr}=")(\d+)', lambda m: m[1] + value, text, count=1)
    assert changed != text
    log = tmp_path / "game.mjlog"
    log.write_text(changed, encoding="utf-8")
    code, said = _run("import", "tenhou", str(log), "-o", str(tmp_path / "out"))
    assert code == 2, said
    assert f"tile id {value} is not 0-135" in said and "<AGARI>" in said and "Traceback" not in said


@pytest.mark.parametrize("change", ["sc-huge", "sc-infinite", "sc-short", "rate-huge"])
def test_huge_numbers_in_a_tenhou_json_log_are_exit_2_or_harmless(tmp_path: Path, change: str) -> None:
    path = ROOT.parent / "shared" / "logs" / "tenhou" / "json6" / "ranked_game.json"
    if not path.is_file():
        pytest.skip("the real Tenhou logs are not here")
    text = path.read_text(encoding="utf-8")
    big = "9" * 300
    text = {"sc-huge": lambda t: t.replace('"sc":[21100,', f'"sc":[{big},', 1),
            "sc-infinite": lambda t: t.replace('"sc":[21100,-19', '"sc":[21100,1e400', 1),
            "sc-short": lambda t: t.replace('"sc":[21100,-19,', '"sc":[', 1),
            "rate-huge": lambda t: t.replace('"rate":[', f'"rate":[{big},', 1)}[change](text)
    log = tmp_path / "game.json"
    log.write_text(text, encoding="utf-8")
    for args in (["check", str(log)], ["import", "tenhou", str(log), "-o", str(tmp_path / "out")],
                 ["corpus", "ingest", str(log), "--db", str(tmp_path / "c.db")]):
        code, said = _run(*args)
        assert "Traceback" not in said and "internal error" not in said, said
        if not change.startswith("sc"):
            assert code == 0, said
        elif args[0] == "corpus":  # a log that cannot be read is stored as a failed record, with the reason
            assert code == 0 and "1 could not be read or parsed" in said
        else:
            assert code == 2 and "sc is not the final scores and points of four players" in said


# ---------------------------------------------------------------- line breaks in names

SHARED = ROOT.parent / "shared" / "logs" / "tenhou"


def test_a_line_break_in_a_tag_value_is_written_as_an_escape_and_read_back() -> None:
    import paipu.record as r
    from paipu.grammar.parser import parse
    from paipu.grammar.writer import format_record

    name = 'Ann\r\n[Ruleset "zhuji"]\x1b[2J\u2028\x85end'
    header = r.Header("riichi", None, (), (r.SeatTag("Player", "E", name, r.Span.none()),), (),
                      (r.Tag("Source", 'C:\\new "q"', r.Span.none()),))
    text = format_record(r.Record(header, ()))
    assert text.splitlines()[1].startswith('[Player E "Ann\\r\\n[Ruleset \\"zhuji\\"]\\u001b')
    assert len(text.splitlines()) == 3  # the value's line breaks did not make lines
    parsed = parse(text)
    assert not parsed.findings
    assert parsed.record.header.players[0].value == name
    assert parsed.record.header.tags[0].value == 'C:\\new "q"'


@pytest.mark.skipif(not SHARED.is_dir(), reason="the real Tenhou logs are not here")
@pytest.mark.parametrize("fmt", ["mjlog", "json6"])
def test_a_players_name_with_a_line_break_stays_one_tag(tmp_path: Path, fmt: str) -> None:
    import gzip
    import re

    if fmt == "mjlog":
        data = (SHARED / "mjlog" / "first-example.mjlog").read_bytes()
        data = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        data = re.sub(rb'n0="[^"]*"', b'n0="Ann%0D%0A%5BRuleset%20%22zhuji%22%5D"', data, count=1)
        log = tmp_path / "game.mjlog"
    else:
        doc = json.loads((SHARED / "json6" / "double_ron.json").read_text(encoding="utf-8"))
        doc["name"][0] = 'Ann\r\n[Ruleset "zhuji"]'
        data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
        log = tmp_path / "game.json"
    log.write_bytes(data)
    code, out = _run("import", "tenhou", str(log), "-o", str(tmp_path / "out"))
    assert code == 0, out
    text = (tmp_path / "out" / "game.paipu").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert sum(line.startswith("[Ruleset") for line in lines) == 1
    (player,) = [line for line in lines if line.startswith("[Player E")]
    assert player == '[Player E "Ann\\r\\n[Ruleset \\"zhuji\\"]"]'
    assert _run("check", str(tmp_path / "out" / "game.paipu"))[0] == 0


# ---------------------------------------------------------------- a gzip bomb


def test_a_gzip_bomb_log_is_refused_past_the_limit_in_bounded_memory(tmp_path: Path) -> None:
    """An mjlog that decompresses to 100 MB (past the 64 MB a log may be): `import` and `check`
    refuse it, reading it a piece at a time, well within 400 MB of address space."""
    import gzip
    import io
    import resource
    import subprocess
    import sys

    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as gz:
        gz.write(b'<mjloggm ver="2.3">')
        for _ in range(100):
            gz.write(b"<!-- " + b" " * (1 << 20) + b" -->")
    bomb = tmp_path / "bomb.mjlog.gz"
    bomb.write_bytes(buf.getvalue())
    assert bomb.stat().st_size < 1 << 20
    limit = 400 << 20

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    for args in (["import", "tenhou", str(bomb), "-o", str(tmp_path / "out")], ["check", str(bomb)]):
        done = subprocess.run([sys.executable, "-m", "paipu.cli", *args], capture_output=True, text=True,
                              preexec_fn=limited, timeout=120)
        assert done.returncode == 2, done.stderr
        assert "decompressed, it is over the limit of 67,108,864 bytes" in done.stderr


@pytest.mark.parametrize("where", ["element", "lobby", "pao"])
def test_a_number_of_thousands_of_digits_in_an_mjlog_is_exit_2_or_ignored(tmp_path: Path, where: str) -> None:
    import gzip
    import re

    path = ROOT.parent / "shared" / "logs" / "tenhou" / "mjlog" / "pao-tsumo.mjlog"
    if not path.is_file():
        pytest.skip("the real Tenhou logs are not here")
    data = path.read_bytes()
    text = (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")
    huge = "9" * 4400
    changed = {"element": lambda t: re.sub(r"<T(\d+)/>", f"<T{huge}/>", t, count=1),
               "lobby": lambda t: re.sub(r'lobby="\d*"', f'lobby="{huge}"', t, count=1),
               "pao": lambda t: re.sub(r'paoWho="\d+"', f'paoWho="{huge}"', t, count=1)}[where](text)
    assert changed != text
    log = tmp_path / "game.mjlog"
    log.write_text(changed, encoding="utf-8")
    code, said = _run("import", "tenhou", str(log), "-o", str(tmp_path / "out"))
    assert "internal error" not in said and "Traceback" not in said
    assert code in (0, 1, 2) and len(said) < 2000


def test_a_word_line_with_a_number_of_thousands_of_digits_is_a_syntax_finding() -> None:
    """A ruleset word's number past Python's 4,300-digit conversion limit (``honba 999…``) is a
    syntax finding on its line, as any over-long number is, not an internal error."""
    text = ('[Ruleset "riichi"]\nhand 1\ndealer E\nhonba ' + "9" * 4302 + "\n"
            "deal E 19m 19p 19s 1234567z 2m\ndeal S 123s 456s 789s 45p 77z\n"
            "deal W 223344m 388p 11s 55z\ndeal N 555666m 377p 44z 66z\nabort kyuushu\n")
    from paipu.auditing import audit_text
    audit = audit_text(text, "long-number.paipu")
    syntax = [f for f in audit.findings if f.code == "syntax"]
    assert syntax and syntax[0].line == 4 and "4,302 digits" in syntax[0].message
