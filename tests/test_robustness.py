"""A record is untrusted input: no corruption of it may make paipu raise instead of report."""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import os
import pickle
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.cli.common import EXIT_INTERNAL

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/**/*.paipu"))
TOKENS = (
    "E", "S", "W", "N", "draw", "discard", "pong", "chow", "kong", "ankong", "addkong", "hu", "pass",
    "ready", "flower", "bao", "exhausted", "fan", "score", "hand", "dealer", "deal", "wall", "caishen",
    "5m", "1z", "9p", "3s", "1f", "{x}", "!", "?", "+3", "-2", ":", ",", "[", "]", '"', ";", "0m", "东", "摸",
)


def _corrupt(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        j = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.3:
            lines[j] = " ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 5)))
        elif op < 0.5 and len(lines) > 1:
            del lines[j]
        elif op < 0.7:
            lines.insert(j, lines[rng.randrange(len(lines))])
        else:
            k = rng.randrange(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
    return "\n".join(lines)


def test_random_corruptions_of_every_sample_are_reported_never_raised() -> None:
    rng = random.Random(2026)
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES]
    for i in range(600):
        text = _corrupt(rng, rng.choice(texts))
        audit = audit_text(text, f"corrupt-{i}", annotate=i % 10 == 0)
        assert audit.record is not None


def test_an_action_by_a_seat_the_ruleset_does_not_seat_is_a_bad_seat() -> None:
    text = (ROOT / "samples/valid/erren/discard-win.paipu").read_text(encoding="utf-8")
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith(("E discard", "W discard")))
    lines.insert(i + 1, "S draw 5m")
    audit = audit_text("\n".join(lines) + "\n")
    assert ("bad-seat", i + 2) in [(f.code, f.line) for f in audit.findings]


def test_table_views_stored_packed_read_back_every_tile_as_given() -> None:
    from paipu.replay.result import MeldView, SeatView
    from paipu.tiles import RED_FIVES, Tile

    five_red = RED_FIVES[0]
    one, east, plum = Tile.parse("1m"), Tile.parse("1z"), Tile.parse("1f")
    concealed = (one, five_red, Tile.parse("5m"), east)
    river = ((five_red, True), (east, False), (one, True))
    meld = MeldView("pong", (east, east, east), east, "S")
    sv = SeatView(concealed, (meld,), river, (plum,), True)
    assert sv.concealed == concealed and sv.discards == river and sv.melds == (meld,) and sv.flowers == (plum,)
    assert sv.concealed[1].red and not sv.concealed[2].red  # the red five stays red
    assert isinstance(sv._concealed, bytes)  # packed, a byte a tile
    assert sv == SeatView(concealed, (meld,), river, (plum,), True)
    assert sv.replace(ready=False).ready is False and sv.ready is True
    assert pickle.loads(pickle.dumps(sv)) == sv and copy.deepcopy(sv) == sv


def test_the_table_view_of_each_step_shares_what_did_not_change_and_equals_the_engines() -> None:
    """A long record's views: each equal to the table the engine showed, sharing the seats that
    did not change and the wall, so that a report holds what changes, not the table per step."""
    from paipu.replay.engine import HandEngine
    from paipu.replay.session import Observer, replay
    from paipu.sim.simulate import simulate

    (_, text), = simulate("zhuji", 3, 5, session_hands=3)
    fresh: list[object] = []

    class Snapshots(Observer):
        def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
            fresh.append(engine.st.view(engine.rs.marked_tiles(engine.st)))

        def after_action(self, index: int, engine: HandEngine, action: object, findings: object) -> None:
            fresh.append(engine.st.view(engine.rs.marked_tiles(engine.st)))

    audit = audit_text(text)
    assert audit.record is not None
    rp = replay(audit.record, views=True, observers=[Snapshots()])
    views = [s.view for h in rp.hands for s in h.steps]
    assert views == fresh
    assert pickle.loads(pickle.dumps(views)) == views  # a replay can go to another process
    shared_seats = shared_walls = 0
    for prev, view in itertools.pairwise(views):
        assert prev is not None and view is not None
        shared_seats += sum(a is b for a, b in zip(prev._seat_views, view._seat_views, strict=True))
        shared_walls += view._wall is prev._wall and view._wall is not None
    steps = len(views)
    assert shared_seats > 2 * steps  # of four seats, one or two change at a step
    assert shared_walls > 0.9 * steps


# --- Found through the CLI by tests/fuzz_cli.py: each test is its reproducer. -----------------

ZHUJI_SAMPLE = ROOT / "samples/valid/zhuji/four-hands.paipu"


@contextlib.contextmanager
def _no_hang(seconds: int = 20) -> Iterator[None]:
    """Fail (rather than hang the suite) if what runs inside blocks, as a read of a named pipe does."""
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: blocked on a pipe or a device?")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("jobs", [["-j", "9" * 5000], ["--jobs=" + "0" * 4999 + "1"]])
def test_a_number_of_processes_too_long_for_an_int_is_click_s_usage_error(tmp_path: Path, jobs: list[str]) -> None:
    # The program's entry reads -j itself for a plain check (paipu.cli.launch); past 4,300 digits
    # Python refuses to read a number, which ended in a traceback.
    done = subprocess.run([sys.executable, "-m", "paipu.cli", "check", *jobs, str(ZHUJI_SAMPLE)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("paipu: error: Invalid value for '--jobs' / '-j': ")
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
@pytest.mark.parametrize("command", [["import", "tenhou"], ["import", "botzone"], ["import", "tenhou", "-o", "{out}"]])
def test_import_refuses_a_device_and_a_named_pipe_without_reading_them(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "log.txt"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        args = [a.format(out=tmp_path / "out") for a in command]
        with _no_hang():
            result = CliRunner().invoke(main, [*args[:2], path, *args[2:]])
        assert result.exit_code == 2, result.output
        assert "not a regular file; only log files are read" in result.output


def test_import_names_a_sub_folder_it_cannot_read_and_exits_2(tmp_path: Path, locked_scandir: None) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "readme.txt").write_text("not a log\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["import", "botzone", str(tmp_path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "locked: this folder cannot be read (Permission denied); its logs are not read" in result.output


def test_analyze_batch_refuses_a_device_and_reads_a_long_line_with_a_bound(tmp_path: Path) -> None:
    with _no_hang():
        result = CliRunner().invoke(main, ["analyze", "--batch", "/dev/zero"])
    assert result.exit_code == 2
    assert "/dev/zero: a device or a socket, not a file of hands" in result.output
    batch = tmp_path / "hands.txt"
    batch.write_text("x" * 300_000 + "\n123m456p789s11222z\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", "--batch", str(batch)])
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert result.exit_code == 1
    assert lines[0]["line"] == 1 and "over 100,000 characters" in lines[0]["error"]
    assert len(lines[0]["hand"]) < 50
    assert lines[1]["line"] == 2 and lines[1]["shanten"] == -1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_check_expect_refuses_a_device_and_a_named_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "expected.jsonl"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        with _no_hang():
            result = CliRunner().invoke(main, ["check", "--expect", path, str(ZHUJI_SAMPLE)])
        assert result.exit_code == 2, result.output
        assert "not a regular file; only results files are read" in result.output


@pytest.mark.parametrize("command", [
    ["import", "botzone", str(ROOT / "samples"), "-o", "{blocked}/out"],
    ["simulate", "-r", "zhuji", "-s", "1", "-n", "1", "-q", "-o", "{blocked}/out"],
    ["mutate", str(ZHUJI_SAMPLE), "-s", "1", "-o", "{blocked}/out"],
    ["report", str(ZHUJI_SAMPLE), "-o", "{blocked}/out/r.html"],
    ["report", str(ZHUJI_SAMPLE), "-o", "{tmp}/" + "x" * 300 + ".html"],
])
def test_an_output_the_system_refuses_is_one_line_and_exit_2_not_an_internal_error(tmp_path: Path,
                                                                                   command: list[str]) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder\n", encoding="utf-8")
    args = [a.format(blocked=blocked, tmp=tmp_path) for a in command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output
    assert "Traceback" not in result.output
    assert any(line.startswith("paipu: error: ") and ("a-file/out" in line or "File name too long" in line)
               for line in result.output.splitlines()), result.output


def test_an_os_error_without_a_path_is_still_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import paipu.cli.checking as checking

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("something without a file name")

    monkeypatch.setattr(checking, "audit_text", broken)
    result = CliRunner().invoke(main, ["check", str(ZHUJI_SAMPLE)])
    assert result.exit_code == EXIT_INTERNAL
    assert "internal error in `paipu check`: OSError" in result.output


def test_a_damaged_corpus_is_named_damaged_in_one_line_by_ingest(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    assert CliRunner().invoke(main, ["corpus", "ingest", str(ROOT / "samples/valid/zhuji"), "--db", str(db),
                                     "-q"]).exit_code == 0
    data = bytearray(db.read_bytes())
    for at in range(2 * 4096, min(len(data), 8 * 4096), 3):
        data[at] = 0xA5
    db.write_bytes(bytes(data))
    result = CliRunner().invoke(main, ["corpus", "ingest", str(ROOT / "samples/valid/harbin"), "--db", str(db)])
    assert result.exit_code == 2
    errors = result.output.strip().splitlines()
    assert len(errors) == 1 and "the corpus is damaged" in errors[0] and "re-ingest" in errors[0]


def _nobody() -> list[str] | None:
    """A command prefix that runs as an unprivileged user (root reads and writes any file)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    # The user must be able to run this checkout's paipu: a clone in a private folder it cannot.
    probe = subprocess.run([*prefix, sys.executable, "-c", "import paipu.cli"], capture_output=True, cwd="/")
    return prefix if probe.returncode == 0 else None


@pytest.mark.skipif(_nobody() is None, reason="needs an unprivileged user that can run this checkout")
def test_a_read_only_corpus_in_a_folder_that_cannot_be_written_is_read_and_refused_for_writing() -> None:
    prefix = _nobody() or []
    with tempfile.TemporaryDirectory() as where:  # pytest's own folder is closed to other users
        _read_only_corpus(prefix, Path(where))


def _read_only_corpus(prefix: list[str], tmp_path: Path) -> None:
    db = tmp_path / "ro" / "c.db"
    db.parent.mkdir()
    assert CliRunner().invoke(main, ["corpus", "ingest", str(ROOT / "samples/valid/zhuji"), "--db", str(db),
                                     "-q"]).exit_code == 0
    db.chmod(0o444)
    db.parent.chmod(0o555)
    tmp_path.chmod(0o755)
    paipu = [sys.executable, "-m", "paipu.cli"]
    try:
        stats = subprocess.run([*prefix, *paipu, "corpus", "stats", "--db", str(db), "--json"], capture_output=True,
                               text=True, cwd="/", timeout=120)
        ingest = subprocess.run([*prefix, *paipu, "corpus", "ingest", str(ROOT / "samples/valid/harbin"), "--db",
                                 str(db)], capture_output=True, text=True, cwd="/", timeout=120)
    finally:
        db.parent.chmod(0o755)
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout)["records"] == 3
    assert ingest.returncode == 2
    assert "the corpus is read-only; a command that writes cannot use it" in ingest.stderr


def test_export_mjai_writes_a_players_escape_sequence_escaped_in_its_json(tmp_path: Path) -> None:
    riichi = sorted((ROOT / "samples/valid/riichi").glob("*.paipu"))[0].read_text(encoding="utf-8")
    record = tmp_path / "r.paipu"
    name = '[Player E "A\x1b[2J\x9b1mB\u202eC"]'
    record.write_text(riichi.replace('[Ruleset "riichi"]', '[Ruleset "riichi"]\n' + name, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "mjai", str(record)])
    assert result.exit_code == 0, result.output
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]", result.output)
    first = json.loads(result.output.splitlines()[0])
    assert first["names"][0] == "A\x1b[2J\x9b1mB\u202eC"


def _die_in_worker(*args: Any, **kwargs: Any) -> Any:
    """A `check --jobs` batch whose worker is killed (as by ``kill -9`` or the OOM killer)."""
    os._exit(9)


def test_check_jobs_with_a_worker_that_dies_is_one_line_and_exit_2(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import paipu.cli.checking as checking

    for i in range(3):
        (tmp_path / f"r{i}.paipu").write_text(ZHUJI_SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(checking, "_check_batch", _die_in_worker)
    result = CliRunner().invoke(main, ["check", "--jobs", "2", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "paipu: error: a worker process died (killed, or out of memory)" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_check_jobs_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    for i in range(40):
        (tmp_path / f"r{i:02}.paipu").write_text(ZHUJI_SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    parent = subprocess.Popen([sys.executable, "-m", "paipu.cli", "check", "--jobs", "2", str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while not workers and time.monotonic() < deadline and parent.poll() is None:
        workers = _children(parent.pid)
        time.sleep(0.02)
    parent.kill()
    parent.wait()
    if not workers:
        pytest.skip("the check ended before its workers could be seen")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_simulate_jobs_with_a_worker_that_dies_is_one_line_and_exit_2(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import paipu.sim.simulate as simulate

    monkeypatch.setattr(simulate, "_worker_session", _die_in_worker)
    result = CliRunner().invoke(main, ["simulate", "-r", "zhuji", "-s", "1", "-n", "4", "--session-hands", "1",
                                       "--jobs", "2", "-q", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "a worker process of `paipu simulate` died (killed, or out of memory)" in result.output
    assert "internal error" not in result.output


def test_the_cli_fuzz_driver_judges_a_crash_a_traceback_raw_escapes_and_bad_json() -> None:
    from fuzz_cli import Run, judge

    def run(status: int = 0, out: bytes = b"", err: bytes = b"") -> Run:
        return Run(["check"], status, out, err, 0.1, 0, 0.1)

    assert judge(run(), json_out=False, raw_ok=False) == []
    assert judge(run(3, err=b"paipu: error: internal error"), json_out=False, raw_ok=False) == ["exit status 3"]
    assert "a traceback on standard error" in judge(run(1, err=b"Traceback (most recent call last):\n"),
                                                    json_out=False, raw_ok=False)
    assert judge(run(1, out=b"x\x1b[2Jy\n"), json_out=False, raw_ok=False) == [
        "a raw control character '\\x1b' on standard output"]
    assert judge(run(1, out=b"x\x1b[2Jy\n"), json_out=False, raw_ok=True) == []  # fmt, import: a record as it is
    assert judge(run(1, out=b'{"a": 1}\n{"b": \n'), json_out=True, raw_ok=False)[0].startswith("invalid JSON")
    hang = run(-9)
    hang.timed_out = True
    assert judge(hang, json_out=False, raw_ok=False)[0].startswith("still running after")


def test_the_cli_fuzz_driver_short_profile_passes_every_command() -> None:
    # Mutated samples, a named pipe, the escape-sequence line and absurd option values,
    # each through check, parse, fmt, report, export and ingest in a process of its own
    # (`make fuzz-cli` runs the long profile).
    from fuzz_cli import main as fuzz_main

    assert fuzz_main(["--profile", "short", "--seed", "1"]) == 0


@pytest.mark.parametrize("command", [
    ["check", "--jobs", "9" * 30, str(ROOT / "samples/valid/zhuji")],
    ["corpus", "ingest", str(ROOT / "samples/valid/zhuji"), "--db", "{tmp}/c.db", "--jobs", "9" * 30, "-q"],
    ["simulate", "-r", "zhuji", "-s", "1", "-n", "2", "--jobs", "9" * 30, "-q"],
    ["mutate", str(ZHUJI_SAMPLE), "-s", "1", "-o", "{tmp}/m", "--per-kind", "9" * 30],
])
def test_an_absurd_count_of_workers_or_mutants_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    # From the CLI fuzz driver: `corpus ingest --jobs 10**30` was an OverflowError (exit 3) and
    # `mutate --per-kind 10**30` tried without end.
    result = CliRunner().invoke(main, [a.format(tmp=tmp_path) for a in command])
    assert result.exit_code == 2, result.output
    assert "is not in the range" in result.output and "internal error" not in result.output


def test_mutate_gives_up_on_a_kind_the_record_has_no_more_places_for() -> None:
    from paipu.sim.mutate import MAX_MISSES, mutants

    text = ZHUJI_SAMPLE.read_text(encoding="utf-8")
    started = time.process_time()
    made = list(mutants(text, 7, per_kind=10_000, kinds=["dealer-changed"]))
    assert time.process_time() - started < 10
    assert 1 <= len(made) < 10_000
    assert MAX_MISSES == 30


LOGS = Path(os.environ.get("PAIPU_LOGS", ROOT.parent / "shared" / "logs"))


@pytest.mark.parametrize("document", ['{"log": [[' + "9" * 5000 + ']]}',
                                      '{"log": ' + "[" * 200_000 + "]" * 200_000 + "}"],
                         ids=["a number of 5,000 digits", "nesting 200,000 deep"])
def test_import_of_a_tenhou_json_python_cannot_load_is_a_conversion_error(tmp_path: Path, document: str) -> None:
    # From the CLI fuzz driver: a mangled tenhou.net/6 log made `json.loads` raise ValueError
    # (exit 3, an internal error).
    log = tmp_path / "game.json"
    log.write_text(document, encoding="utf-8")
    result = CliRunner().invoke(main, ["import", "tenhou", str(log), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "game.json: not a JSON document paipu reads" in result.output
    assert "internal error" not in result.output


@pytest.mark.skipif(not (LOGS / "tenhou/json6").is_dir(), reason="the real Tenhou logs are not here")
def test_import_reads_a_tenhou_json_log_saved_with_a_byte_order_mark(tmp_path: Path) -> None:
    real = sorted((LOGS / "tenhou/json6").glob("*.json"))[0]
    log = tmp_path / real.name
    log.write_bytes(b"\xef\xbb\xbf" + real.read_bytes())
    plain = CliRunner().invoke(main, ["import", "tenhou", str(real)])
    marked = CliRunner().invoke(main, ["import", "tenhou", str(log)])
    assert plain.exit_code == 0 and marked.exit_code == 0, marked.output
    assert marked.output == plain.output
