"""A fuzz driver for the ``paipu`` command itself: hostile inputs through every command.

Where `tests/fuzzing.py` drives the library entry points, this drives the CLI as a user does:
each command runs in a process of its own (forked from this one, with paipu already
imported, so that a run costs milliseconds to start; ``--exec`` runs the installed ``paipu``
instead), its standard output and error going to files, its CPU time and memory read from
the kernel.  Every run must:

- exit with status 0, 1 or 2 (3 is paipu's internal error: a crash; a signal or a timeout
  is a hang or a blow-up);
- print no traceback, and nothing but ``paipu…`` lines on standard error;
- write no raw control character a terminal could act on (`paipu.limits` names them) to
  standard error, nor to standard output (but `fmt` and `import`, which print a record into
  a file or a pipe as it is);
- write valid JSON where ``--json`` asks for it;
- take CPU time within a stated multiple of ``paipu check`` of the same input (`BOUNDS`),
  and memory within a bound per byte of input.

The inputs (`cases`): mutations of the samples, of simulated records of every ruleset and of
records imported from the real logs (when /work/shared/logs or ``$PAIPU_LOGS`` is there);
huge numbers in every numeric field, 64-bit overflows, a flower as 宝, absent seats, long
records, garbage lines, escape sequences and bidi controls, odd encodings (UTF-16, Latin-1,
BOMs, CRLF, NUL bytes), empty files, 10 MB lines, long tile lines, many findings on a line;
paths that are not files (a device, a named pipe, a symlink loop, an unreadable sub-folder);
raw logs mangled through ``paipu import``; damaged, locked and read-only corpus files; and
absurd values of ``-O`` and of the options of ``simulate``, ``analyze``, ``mutate`` and ``odds``.

    python tests/fuzz_cli.py --seed 1 --rounds 20        # what `make fuzz-cli` runs, longer
    python tests/fuzz_cli.py --profile short             # the few seconds the suite runs

Each failure is printed with the command line and the input kept in ``--keep DIR``; the exit
status is 1 if any run failed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = Path(os.environ.get("PAIPU_LOGS", "/work/shared/logs"))


def rulesets() -> list[str]:
    """Every registered ruleset."""
    from paipu.replay.ruleset import ruleset_names

    return ruleset_names()

MEMORY_LIMIT = 3 * 1024**3
"""The address space a run may take: past it, Python's MemoryError (paipu's exit 3), a failure."""
WALL_LIMIT = 240.0
"""A run still going after this many seconds of the wall clock is a hang (the cores are shared)."""


@dataclass(frozen=True)
class Bound:
    """CPU seconds a command may take: ``times`` × ``check`` of the same input + ``plus``."""

    times: float
    plus: float


BOUNDS: dict[str, Bound] = {
    "check": Bound(2.0, 0.5),      # --json, --lang zh, -O …: the same work
    "check-annotate": Bound(12.0, 1.5),
    "check-jobs": Bound(2.0, 2.0),  # the pool's start-up on top
    "parse": Bound(2.0, 0.5),
    "fmt": Bound(2.0, 0.5),
    "analyze": Bound(3.0, 1.5),
    "export": Bound(3.0, 1.0),
    "report": Bound(30.0, 2.0),
    "report-annotate": Bound(40.0, 3.0),
    "mutate": Bound(40.0, 3.0),
    "ingest": Bound(3.0, 1.5),
    "corpus": Bound(40.0, 3.0),    # stats, report, diff of a corpus of that input
    "import": Bound(4.0, 2.0),
    "fixed": Bound(0.0, 20.0),     # runs with no input to compare with (simulate, odds, -O)
}
MEMORY_BASE, MEMORY_PER_BYTE = 96 * 1024 * 1024, 250
"""Memory a run may add to a started paipu: a base plus so much per byte of input."""


@dataclass
class Run:
    args: list[str]
    status: int
    out: bytes
    err: bytes
    cpu: float
    memory: int
    wall: float
    timed_out: bool = False


@dataclass
class Failure:
    case: str
    args: list[str]
    problem: str
    detail: str = ""


@dataclass
class Case:
    """One input and the commands to run on it: ``kind`` says which (`COMMANDS`)."""

    name: str
    kind: str
    path: Path
    size: int = 0
    extra: dict[str, str] = field(default_factory=dict)


# --- running a command -------------------------------------------------------------------

def _vm(key: str) -> int:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


def warm_up() -> None:
    """Load what every command loads (the grammar, the rulesets, the report templates, the
    corpus) once, here: each forked run then starts warm, and measures its own work only."""
    import importlib

    from paipu.auditing import audit_text
    from paipu.cli import COMMANDS
    from paipu.grammar.parser import parse
    from paipu.reports.render import render_report

    for module, _ in COMMANDS.values():
        importlib.import_module(module)
    parse("hand 1\ndealer E\nE discrad 5m\n")  # the full grammar: the fast path reads no simulated line
    for ruleset in rulesets():
        from paipu.sim.simulate import simulate

        for _, text in simulate(ruleset, 1, 1, session_hands=1):
            render_report(audit_text(text, views=True, annotate=True))


def run_forked(args: list[str], cwd: Path, wall_limit: float = WALL_LIMIT) -> Run:
    """``paipu ARGS`` in a forked child (paipu already imported here): its status, output,
    CPU time (its own and its reaped children's) and the memory it added at its peak."""
    from paipu.cli import main

    work = Path(tempfile.mkdtemp(prefix="run-", dir=cwd))
    out_path, err_path, mem_path = work / "out", work / "err", work / "mem"
    sys.stdout.flush()
    sys.stderr.flush()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: run the command, never return
        code = 97
        try:
            os.setpgid(0, 0)
            os.chdir(cwd)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
            os.dup2(os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
            base = _vm("VmRSS")
            try:
                main.main(args=args, prog_name="paipu", standalone_mode=True)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except BaseException:
                import traceback

                traceback.print_exc()
                code = 99
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:
                    pass
            with open(mem_path, "w", encoding="ascii") as fh:
                fh.write(str(max(0, _vm("VmHWM") - base)))
        finally:
            os._exit(code)
    timed_out = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - started > wall_limit:
            timed_out = True
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            done, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.02)
    wall = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    try:  # workers of the run (``--jobs``) that outlived it are a leak: end them, and say so
        os.killpg(pid, 0)
        leaked = True
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        leaked = False
    memory = int(mem_path.read_text()) if mem_path.exists() and mem_path.read_text() else 0
    run = Run(args, code, out_path.read_bytes(), err_path.read_bytes(), usage.ru_utime + usage.ru_stime,
              memory, wall, timed_out)
    if leaked:
        run.err += b"\n(fuzz_cli: processes of the run outlived it)"
        run.status = 98
    shutil.rmtree(work, ignore_errors=True)
    return run


def run_exec(args: list[str], cwd: Path, wall_limit: float = WALL_LIMIT) -> Run:
    """``paipu ARGS`` as a process of its own (the installed entry point)."""
    import subprocess

    exe = shutil.which("paipu") or str(Path(sys.executable).with_name("paipu"))
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([exe, *args], cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                start_new_session=True)
        timed_out = False
        while True:
            done, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() - started > wall_limit:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                done, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(args, proc.returncode, out.read(), err.read(), usage.ru_utime + usage.ru_stime,
                   usage.ru_maxrss * 1024, time.monotonic() - started, timed_out)


# --- judging a run -----------------------------------------------------------------------

def _unsafe(text: str) -> str | None:
    from paipu.limits import _control

    for ch in text:
        if ch not in "\n\t" and _control(ch):
            return repr(ch)
    return None


PYTHON_NOISE = re.compile(r"^(\w+(Error|Warning|Exception)\b|  File \"|Exception ignored|Fatal Python)")
"""A line of standard error that Python wrote, not paipu: an exception, a warning."""

RAW_STDOUT = ("fmt", "import")
"""Commands that print a record into a file or a pipe as it is (escaped only on a terminal)."""


def judge(run: Run, *, json_out: bool, raw_ok: bool) -> list[str]:
    """What is wrong with a run, in words (nothing: it kept every promise)."""
    problems: list[str] = []
    if run.timed_out:
        problems.append(f"still running after {WALL_LIMIT:.0f} s of the wall clock (a hang?)")
    elif run.status not in (0, 1, 2):
        problems.append(f"exit status {run.status}")
    err = run.err.decode("utf-8", errors="replace")
    if "Traceback" in err:
        problems.append("a traceback on standard error")
    stray = [line for line in err.splitlines() if PYTHON_NOISE.match(line)]
    if stray and "Traceback" not in err:
        problems.append(f"standard error holds Python's own words: {stray[0][:120]!r}")
    try:
        out = run.out.decode("utf-8")
    except UnicodeDecodeError:
        out = run.out.decode("utf-8", errors="replace")
        if not raw_ok:
            problems.append("standard output is not UTF-8")
    bad = _unsafe(err)
    if bad:
        problems.append(f"a raw control character {bad} on standard error")
    bad = None if raw_ok else _unsafe(out)
    if bad:
        problems.append(f"a raw control character {bad} on standard output")
    if json_out and run.status in (0, 1) and out.strip():
        try:
            json.loads(out)
        except ValueError:
            for line in out.splitlines():
                if line.strip():
                    try:
                        json.loads(line)
                    except ValueError as e:
                        problems.append(f"invalid JSON on standard output: {e}")
                        break
    return problems


# --- the inputs -------------------------------------------------------------------------

def base_records(short: bool = False) -> list[tuple[str, str]]:
    """Valid records to mutate: every sample, simulated sessions of every ruleset, and the
    real logs converted (when they are here); ``short``: the samples only."""
    from paipu.sim.simulate import simulate

    out = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
           for p in sorted(ROOT.glob("samples/**/*.paipu"))]
    if short:
        return out
    for ruleset in rulesets():
        out.extend((f"sim-{ruleset}-{name}", text) for name, text in simulate(ruleset, 4, 7, session_hands=2))
    for name, path, _ in real_logs():
        from paipu.importers.base import ConversionError
        from paipu.importers.registry import get_importer

        try:
            out.extend((f"log-{path.name}-{game}", text)
                       for game, text, _ in get_importer(name).convert(path.read_bytes(), str(path)))
        except ConversionError:
            pass
    return out


def real_logs() -> list[tuple[str, Path, bytes]]:
    """(import format, path, bytes) of each real log there is."""
    found: list[tuple[str, Path, bytes]] = []
    for fmt, pattern in (("botzone", "botzone/[0-9]*.txt"), ("tenhou", "tenhou/mjlog/*.mjlog"),
                         ("tenhou", "tenhou/json6/*.json")):
        found.extend((fmt, p, p.read_bytes()) for p in sorted(LOGS.glob(pattern)))
    return found


ODD = ("\x00", "\x1b[2J\x1b[1;31mFAKE: 0 errors\x1b[0m", "\x1b]0;title\x07", "\r", "\x0b", "\x0c", "\x85", "\x9b",
       "\u2028", "\u2029", "\u202e", "\u2066", "\u061c", "\u200b", "\ufeff", "\u3000", "\u0301", "\U0001f004",
       "５ｍ", "Ｅ", "\x7f", "\ud800")
HUGE = ("9" * 10, "9" * 13, "9" * 19, "18446744073709551616", "9223372036854775808", "-9223372036854775809",
        "9" * 400, "9" * 4301, "0" * 60 + "1", "1e400", "nan", "inf", "-0")
WORDS = ("E", "S", "W", "N", "draw", "discard", "pong", "chow", "kong", "ankong", "addkong", "hu", "pass", "ready",
         "flower", "bao", "huanbao", "exhausted", "fan", "score", "hand", "dealer", "deal", "wall", "dice", "caishen",
         "5m", "1z", "9p", "6f", "0m", "8z", "123m", "东", "摸", "打", "宝", "{x}", "{", "}", "!", "??", ":", ",",
         "[", "]", '"', ";", "[Option", "[Ruleset", '"harbin"]', "dongfeng", "zimo 2", "\\", "+", "0z5m",
         "[Score", "[Player", "[Date", "riichi", "ron", "tsumo", "dora", "5mr")


def mutate_text(rng: random.Random, text: str) -> str:
    """One to four mutations of characters, lines, words or numbers."""
    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        j = rng.randrange(len(lines))
        op = rng.choice(("char", "odd", "delete-line", "dup-line", "swap", "tokens", "word", "huge", "seat"))
        if op == "char" and text:
            i = rng.randrange(len(text))
            text = text[:i] + chr(rng.choice((rng.randint(32, 0x2fff), rng.randint(0, 31)))) + text[i + 1:]
            continue
        if op == "odd":
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(ODD[:-1]) + text[i:]
            continue
        if op == "delete-line" and len(lines) > 1:
            del lines[j]
        elif op == "dup-line":
            lines.insert(j, lines[rng.randrange(len(lines))])
        elif op == "swap":
            k = rng.randrange(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
        elif op == "tokens":
            lines[j] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
        elif op == "word":
            words = lines[j].split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS + HUGE)
            lines[j] = " ".join(words)
        elif op == "huge":
            starts = [i for i, c in enumerate(lines[j]) if c.isdigit() and (i == 0 or not lines[j][i - 1].isdigit())]
            if starts:
                i = rng.choice(starts)
                lines[j] = lines[j][:i] + rng.choice(HUGE) + lines[j][i:]
        elif op == "seat":
            seat = rng.choice("ESWN")
            words = lines[j].split(" ")
            if words and words[0] in ("E", "S", "W", "N"):
                words[0] = seat
                lines[j] = " ".join(words)
        text = "\n".join(lines)
    return text


def encode(rng: random.Random, text: str) -> bytes:
    """The text in an odd encoding now and then: UTF-16, Latin-1, a BOM, CRLF, NUL bytes, gzip."""
    how = rng.choice(("utf-8",) * 8 + ("utf-16", "latin-1", "bom", "crlf", "cr", "nul", "utf-16-le", "cut"))
    if how == "utf-16":
        return text.encode("utf-16")
    if how == "utf-16-le":
        return text.encode("utf-16-le")
    if how == "latin-1":
        return text.encode("latin-1", errors="replace")
    data = text.encode("utf-8", errors="surrogatepass")
    if how == "bom":
        return b"\xef\xbb\xbf" + data
    if how == "crlf":
        return data.replace(b"\n", b"\r\n")
    if how == "cr":
        return data.replace(b"\n", b"\r")
    if how == "nul":
        i = rng.randrange(len(data) + 1)
        return data[:i] + b"\x00" * rng.randint(1, 8) + data[i:]
    if how == "cut" and len(data) > 2:
        return data[: rng.randrange(1, len(data))]
    return data


def big_texts(rng: random.Random, base: str) -> Iterator[tuple[str, str]]:
    """The large inputs of the issue: long hands, garbage lines, long lines, many findings."""
    head = "\n".join(line for line in base.split("\n") if line.startswith("["))
    seats = "ESWN"
    discards = rng.choice((2_000, 5_000))
    body = "\n".join(f"{seats[i % 4]} draw 5m\n{seats[i % 4]} discard 5m" for i in range(discards))
    yield f"long-hand-{discards}", f"{head}\n\nhand 1\ndealer E\n{body}\nexhausted\n"
    yield "garbage-40000", base + "\n" + "\n".join(f"%%garbage {i} ][ {{" for i in range(40_000)) + "\n"
    yield "line-10MB", base + "\nE discard " + "5m " * 3_400_000 + "\n"
    yield "tiles-1200", base + "\nE discard " + " ".join(["5m"] * 1_200) + "\n"
    yield "fan-items-4000", base + "\nfan E 8 : " + ", ".join(f"nosuch{i} 1" for i in range(4_000)) + "\n"
    yield "annotation-99999", base + "\nE draw 5m {" + "x" * 99_990 + "}\n"
    yield "hands-12000", head + "\n" + "".join(f"\nhand {i}\ndealer E\nexhausted\n" for i in range(1, 12_001))


def _write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_bytes(data)
    return path


def special_paths(where: Path) -> Iterator[Case]:
    """Paths that are not plain records: devices, pipes, loops, unreadable folders, empty files."""
    where.mkdir(parents=True, exist_ok=True)
    yield Case("dev-zero", "record", Path("/dev/zero"))
    yield Case("dev-null", "record", Path("/dev/null"))
    fifo = where / "pipe.paipu"
    if not fifo.exists():
        os.mkfifo(fifo)
    yield Case("named-pipe", "record", fifo)
    loop = where / "loop"
    loop.mkdir(exist_ok=True)
    sample = (ROOT / ZHUJI_SAMPLE).read_text(encoding="utf-8")
    _write(loop / "a.paipu", sample)
    if not (loop / "self").is_symlink():
        (loop / "self").symlink_to(loop)
    if not (loop / "x.paipu").is_symlink():
        (loop / "x.paipu").symlink_to(loop / "x.paipu")
    yield Case("symlink-loop", "folder", loop)
    locked = where / "locked"
    _write(locked / "ok.paipu", sample)
    _write(locked / "closed" / "b.paipu", sample)
    os.chmod(locked / "closed", 0)
    yield Case("unreadable-subfolder", "folder", locked)
    unreadable = _write(where / "unreadable.paipu", sample)
    os.chmod(unreadable, 0)
    yield Case("unreadable-file", "record", unreadable)
    yield Case("empty-file", "record", _write(where / "empty.paipu", b""))
    if not (where / "dangling.paipu").is_symlink():
        (where / "dangling.paipu").symlink_to(where / "nowhere-at-all")
    yield Case("dangling-link", "record", where / "dangling.paipu")
    # A bomb is read up to the limit to be refused: the bound is the limit once, not twice.
    yield Case("gzip-bomb", "record", _write(where / "bomb.paipu.gz", _bomb()), 0,
               {"memory": str(int(1.2 * 64 * 1024 * 1024) + MEMORY_BASE)})
    yield Case("not-gzip", "record", _write(where / "fake.paipu.gz", sample.encode()))
    yield Case("a-folder-as-file", "record", where / "loop")
    (where / "nothing").mkdir(exist_ok=True)
    yield Case("empty-folder", "folder", where / "nothing")


def _bomb() -> bytes:
    import io

    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as gz:
        block = b"E discard 5m\n" * 65536
        for _ in range(100):  # 85 MB of text
            gz.write(block)
    return buf.getvalue()


def corpus_cases(where: Path, sample_dir: Path) -> Iterator[Case]:
    """Corpus files: damaged pages, a wrong header, a locked database, a read-only one, not a database."""
    from paipu.cli import main

    where.mkdir(parents=True, exist_ok=True)
    good = where / "good.db"
    if not good.exists():
        try:
            main.main(["corpus", "ingest", str(sample_dir), "--db", str(good), "-q"], standalone_mode=False)
        except SystemExit:
            pass
    data = good.read_bytes()
    page = 4096
    damaged = bytearray(data)
    for at in range(2 * page, min(len(damaged), 6 * page), 7):
        damaged[at] = 0xA5
    yield Case("corpus-damaged-pages", "corpus", _write(where / "damaged.db", bytes(damaged)))
    yield Case("corpus-cut", "corpus", _write(where / "cut.db", data[: len(data) // 2]))
    yield Case("corpus-not-sqlite", "corpus", _write(where / "text.db", b"not a database at all\n" * 100))
    yield Case("corpus-empty-file", "corpus", _write(where / "zero.db", b""))
    header = bytearray(data)
    header[16:18] = b"\x00\x03"  # a page size SQLite does not have
    yield Case("corpus-bad-header", "corpus", _write(where / "header.db", bytes(header)))
    other = _write(where / "other.db", b"")
    other.unlink()
    con = sqlite3.connect(other)
    con.execute("create table records (x text)")
    con.execute("insert into records values ('x')")
    con.commit()
    con.close()
    yield Case("corpus-foreign-schema", "corpus", other)
    ro = _write(where / "readonly.db", data)
    os.chmod(ro, stat.S_IRUSR)
    yield Case("corpus-read-only", "corpus", ro)
    yield Case("corpus-missing", "corpus", where / "missing" / "none.db")


def log_cases(rng: random.Random, where: Path, n: int) -> Iterator[Case]:
    """Real logs, mangled, for ``paipu import``."""
    logs = real_logs()
    if not logs:
        return
    for k in range(n):
        fmt, path, data = rng.choice(logs)
        how = rng.choice(("bytes", "lines", "cut", "huge", "utf16", "whole"))
        if how == "bytes":
            b = bytearray(data)
            for _ in range(rng.randint(1, 20)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            data = bytes(b)
        elif how == "lines":
            text = mutate_text(rng, data.decode("utf-8", errors="replace"))
            data = text.encode("utf-8", errors="surrogatepass")
        elif how == "cut":
            data = data[: rng.randrange(1, len(data))]
        elif how == "huge":
            text = data.decode("utf-8", errors="replace")
            starts = [i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())]
            for _ in range(rng.randint(1, 5)):
                i = rng.choice(starts)
                text = text[:i] + rng.choice(HUGE) + text[i:]
            data = text.encode()
        elif how == "utf16":
            data = data.decode("utf-8", errors="replace").encode("utf-16")
        if path.suffix == ".mjlog" and rng.random() < 0.2:
            data = gzip.compress(data)
        target = _write(where / f"log{k}" / path.name, data)
        yield Case(f"import-{fmt}-{how}-{path.name}", "log", target, len(data), {"format": fmt})
    yield from hostile_logs(where / "hostile", logs)


def hostile_logs(where: Path, logs: list[tuple[str, Path, bytes]]) -> Iterator[Case]:
    """The named attacks on the importers: a gzip bomb, a DTD, an element flood, line breaks in a
    player's name, tile ids outside 0-135, huge numbers in a final score, a huge line."""
    import re

    prolog = b'<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
    made: list[tuple[str, str, str, bytes]] = [
        ("log-gzip-bomb", "tenhou", "bomb.mjlog", _log_bomb()),
        ("log-dtd", "tenhou", "dtd.mjlog",
         b'<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">'
         b'<!ENTITY c "&b;&b;&b;&b;&b;&b;">]><mjloggm ver="2.3"><GO type="169" title="&c;"/></mjloggm>'),
        ("log-element-flood", "tenhou", "flood.mjlog", prolog + b'<BYE who="0"/>' * 300_000 + b"</mjloggm>"),
        ("log-huge-line", "botzone", "huge.txt", b"Match a\nWind 0\nPlayer 0 Deal " + b"W1 " * 400_000 + b"\n"),
    ]
    mjlog = next((d for fmt, p, d in logs if p.suffix == ".mjlog" and d[:2] != b"\x1f\x8b"), None)
    if mjlog is not None:
        made += [
            ("log-name-crlf", "tenhou", "crlf.mjlog", re.sub(rb'n0="[^"]*"', b'n0="A%0D%0A%5BRuleset%20%22x%22%5D"',
                                                            mjlog, count=1)),
            ("log-ura-minus-one", "tenhou", "ura.mjlog",
             re.sub(rb'doraHaiUra="\d+', b'doraHaiUra="-1', mjlog, count=1)),
            ("log-dora-64-bits", "tenhou", "dora.mjlog",
             re.sub(rb'doraHai="\d+', b'doraHai="18446744073709551617', mjlog, count=1)),
            ("log-owari-infinite", "tenhou", "owari.mjlog", re.sub(rb'owari="[^,"]*', b'owari="1e400', mjlog, count=1)),
        ]
    json6 = next((d for fmt, p, d in logs if p.name == "ranked_game.json"), None)
    if json6 is not None:
        made += [
            ("log-sc-huge", "tenhou", "sc.json", json6.replace(b'"sc":[', b'"sc":[' + b"9" * 400 + b",", 1)),
            ("log-rate-huge", "tenhou", "rate.json", json6.replace(b'"rate":[', b'"rate":[' + b"9" * 400 + b",", 1)),
            ("log-name-newline", "tenhou", "name.json",
             json6.replace(b'"name":["', b'"name":["A\\n[Ruleset \\"x\\"]', 1)),
        ]
    for name, fmt, file, data in made:
        yield Case(name, "log", _write(where / name / file, data), len(data), {"format": fmt})


def _log_bomb() -> bytes:
    """An mjlog that decompresses to 100 MB (past the 64 MB a log may be)."""
    import io

    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as gz:
        gz.write(b'<mjloggm ver="2.3">')
        block = b"<!-- " + b" " * (1 << 20) + b" -->"
        for _ in range(100):
            gz.write(block)
    return buf.getvalue()


ZHUJI_SAMPLE = str(ROOT / "samples/valid/zhuji/four-hands.paipu")


def option_cases() -> list[list[str]]:
    """Command lines with absurd option values, no input file."""
    big = "9" * 30
    return [
        ["simulate", "-r", "zhuji", "-s", big, "-n", "1"],
        ["simulate", "-r", "zhuji", "-s", "-1", "-n", "1", "--session-hands", big],
        ["simulate", "-r", "harbin", "-s", "1", "-n", "1", "-O", f"max_fan={big}"],
        ["simulate", "-r", "zhuji", "-s", "1", "-n", "1", "-O", "min_tai=" + "9" * 4400],
        ["simulate", "-r", "zhuji", "-s", "1", "-n", "1", "-O", "min_tai=-5"],
        ["simulate", "-r", "zhuji", "-s", "1", "-n", "1", "-O", "min_tai=nan"],
        ["simulate", "-r", "zhuji", "-s", "1", "-n", "1", "-O", "=1"],
        ["simulate", "-r", "\x1b[2J", "-s", "1"],
        ["simulate", "-r", "riichi", "-s", "1", "-n", "2", "--stats", "--json"],
        ["simulate", "-r", "erren", "-s", "1", "-n", "1", "--jobs", "2", "-q"],
        ["simulate", "-r", "mcr", "-s", "1", "-n", "0"],
        ["simulate", "-r", "zhuji", "-s", "1", "-n", big, "-o", "/proc/nope"],
        ["analyze", "1" * 4400 + "m"],
        ["analyze", "123456789m" * 30],
        ["analyze", "11m", "--caishen", "9" * 50 + "z"],
        ["analyze", "123m456p789s1122z", "-r", "\x1b]0;x\x07"],
        ["analyze", "123m456p789s11222z", "-O", "min_tai=" + big],
        ["analyze", "123m456p789s11222z", "--melds", "pong " + "5" * 4000 + "m"],
        ["analyze", "123m456p789s1122z", "--seen", "5m" * 5000],
        ["analyze", "\u202e5m"],
        ["analyze", "--batch", "/dev/zero"],
        ["odds", "-r", "zhuji", "--caishen", "1z", "--caishen", "2z", "--caishen", "3z", "--json"],
        ["odds", "pair", "--hands", ",".join(["13"] * 400)],
        ["odds", "pair", "--hands", big + ",1,1", "--wall", big],
        ["odds", "pair", "--discard-prob", "1e400"],
        ["odds", "pair", "--discard-prob", "nan"],
        ["odds", "pair", "--discard-prob", "1/0"],
        ["odds", "pair", "--mine", "-" + big, "--seen", big],
        ["odds", "pair", "--wall", "-1", "--hands", "0,0,0"],
        ["odds", "pair", "--kind", "\x1b[2J"],
        ["check", "--jobs", big, ZHUJI_SAMPLE],
        ["check", "-j", "9" * 5000, ZHUJI_SAMPLE],  # (read before click: a plain check's one flag)
        ["check", "--jobs=" + "0" * 4999 + "1", ZHUJI_SAMPLE],
        ["check", ZHUJI_SAMPLE, "-O", "min_tai=" + "9" * 5000],
        ["check", ZHUJI_SAMPLE, "-O", "min_tai=1e400"],
        ["check", str(ROOT / "samples/valid/harbin"), "-O", "win_on_discarded_bao=maybe"],
        ["check", str(ROOT / "samples/valid/riichi"), "-O", "\x1b[2J=1"],
        ["report", ZHUJI_SAMPLE, "-O", "min_tai=" + big, "-o", "x.html"],
        ["report", ZHUJI_SAMPLE, "-o", "/proc/self/nope/x.html"],
        ["report", ZHUJI_SAMPLE, "-o", "x" * 300 + ".html"],
        ["report", ZHUJI_SAMPLE, "--seat", "Z"],
        ["mutate", ZHUJI_SAMPLE, "-s", big, "-o", "m", "--per-kind", big],
        ["mutate", ZHUJI_SAMPLE, "-s", "1", "-o", "m", "--kind", "\x1b[2J"],
        ["mutate", ZHUJI_SAMPLE, "-s", "1", "-o", "m", "--per-kind", "-3"],
        ["analyze", "--record", ZHUJI_SAMPLE, "--hand", big],
        ["analyze", "--record", ZHUJI_SAMPLE, "--hand", "-1", "--step", big],
        ["analyze", "--record", ZHUJI_SAMPLE, "--step", "99999", "--seat", "N"],
        ["analyze", "--record", str(ROOT / "samples/valid/erren"), "--json"],
        ["corpus", "report", "--db", "nowhere.db", "-o", "cr", "--limit", big],
        ["corpus", "ingest", str(ROOT / "samples/valid"), "--db", "j.db", "--jobs", big, "-q"],
        ["corpus", "ingest", str(ROOT / "samples/valid"), "--db", "j.db", "--batch", "-1", "-q"],
        ["import", "\x1b[2J", str(ROOT / "samples")],
        ["import", "tenhou", "/dev/zero", "-o", "imp"],
        ["export", "mjai", ZHUJI_SAMPLE],
        ["export", "\u202emjai", str(ROOT / "samples/valid/riichi")],
        ["check", "--expect", "/dev/zero", str(ROOT / "samples/valid/zhuji")],
        ["corpus", "diff", "/dev/zero", "/dev/null"],
        ["check", "--lang", "xx", str(ROOT / "samples/valid")],
        ["fmt", "--write", "--check", str(ROOT / "samples/valid")],
    ]


# --- the commands of each kind of case ----------------------------------------------------

SHORT_COMMANDS = (0, 1, 5, 8, 9, 14, 16)
"""The commands of the short profile: check --json and --annotate, parse, fmt --check, report,
export and ingest."""


def record_commands(path: str, seat: str, tmp: str, short: bool = False) -> list[tuple[str, list[str], bool]]:
    """(bound, arguments, JSON output) of every command run on one record file."""
    every = _record_commands(path, seat, tmp)
    return [every[i] for i in SHORT_COMMANDS] if short else every


def _record_commands(path: str, seat: str, tmp: str) -> list[tuple[str, list[str], bool]]:
    return [
        ("check", ["check", "--json", path], True),
        ("check-annotate", ["check", "--annotate", path], False),
        ("check-jobs", ["check", "--jobs", "2", path, path], False),
        ("check", ["check", "--lang", "zh", path], False),
        ("check", ["check", "-O", "min_tai=3", path], False),
        ("parse", ["parse", path], False),
        ("parse", ["parse", "--json", path], True),
        ("fmt", ["fmt", path], False),
        ("fmt", ["fmt", "--check", path], False),
        ("report", ["report", path, "-o", f"{tmp}/r.html"], False),
        ("report-annotate", ["report", "--annotate", path, "-o", f"{tmp}/ra.html"], False),
        ("report", ["report", "--seat", seat, "--lang", "zh", path, "-o", f"{tmp}/rs.html"], False),
        ("analyze", ["analyze", "--record", path, "--json"], True),
        ("analyze", ["analyze", "--record", path, "--hand", "2", "--step", "7", "--seat", seat], False),
        ("export", ["export", "mjai", path, "-o", f"{tmp}/m.jsonl"], False),
        ("mutate", ["mutate", path, "-s", "3", "-o", f"{tmp}/mut", "--json"], True),
        ("ingest", ["corpus", "ingest", path, "--db", f"{tmp}/c.db", "--json", "-q"], True),
        ("corpus", ["corpus", "stats", "--db", f"{tmp}/c.db", "--json"], True),
        ("corpus", ["corpus", "report", "--db", f"{tmp}/c.db", "-o", f"{tmp}/cr"], False),
        ("corpus", ["corpus", "diff", f"{tmp}/c.db", f"{tmp}/c.db", "--json"], True),
    ]


def corpus_commands(db: str, tmp: str) -> list[tuple[str, list[str], bool]]:
    return [
        ("corpus", ["corpus", "stats", "--db", db], False),
        ("corpus", ["corpus", "stats", "--db", db, "--json"], True),
        ("corpus", ["corpus", "report", "--db", db, "-o", f"{tmp}/cr"], False),
        ("corpus", ["corpus", "diff", db, db], False),
        ("corpus", ["corpus", "diff", db, "--expected", str(ROOT / "samples/corpus/zhuji.expected.jsonl")], False),
        ("ingest", ["corpus", "ingest", str(ROOT / str(ROOT / "samples/valid/zhuji")), "--db", db, "-q"], False),
    ]


def log_commands(fmt: str, path: str, tmp: str) -> list[tuple[str, list[str], bool]]:
    return [
        ("import", ["import", fmt, path], False),
        ("import", ["import", fmt, path, "-o", f"{tmp}/imp", "--check", "--json"], True),
        ("import", ["import", "botzone" if fmt != "botzone" else "tenhou", path, "-o", f"{tmp}/imp2"], False),
        ("check", ["check", path], False),
        ("check", ["check", "--json", "--from", fmt, path], True),
        ("report", ["report", path, "-o", f"{tmp}/log.html"], False),
        ("corpus", ["corpus", "ingest", path, "--db", f"{tmp}/logs.db", "--json"], True),
    ]


# --- the driver --------------------------------------------------------------------------

class Fuzzer:
    def __init__(self, where: Path, runner: Callable[[list[str], Path], Run], keep: Path | None,
                 say: Callable[[str], None]) -> None:
        self.where = where
        self.runner = runner
        self.keep = keep
        self.say = say
        self.short = False
        self.failures: list[Failure] = []
        self.seen: set[tuple[str, str, str]] = set()
        self.runs = 0
        self.cpu = 0.0

    def _run(self, case: Case, args: list[str], cwd: Path) -> Run:
        run = self.runner(args, cwd)
        self.runs += 1
        self.cpu += run.cpu
        return run

    def _fail(self, case: Case, args: list[str], problem: str, run: Run | None) -> None:
        detail = run.err.decode("utf-8", errors="replace")[-1500:] if run else ""
        failure = Failure(case.name, args, problem, detail)
        self.failures.append(failure)
        # One report per kind of failure: the command, the problem, and the place it failed.
        where = re.findall(r"\(at [^)]*\)", detail)
        key = (args[0] if args[0] != "corpus" else " ".join(args[:2]), re.sub(r"[\d.]+", "#", problem),
               where[-1] if where else detail[-80:])
        if key in self.seen:
            return
        self.seen.add(key)
        kept = ""
        if self.keep is not None and case.path.is_file() and case.path.stat().st_size < 64 * 1024 * 1024:
            self.keep.mkdir(parents=True, exist_ok=True)
            target = self.keep / f"{len(self.failures):04d}-{case.name.replace('/', '_')}{''.join(case.path.suffixes)}"
            try:
                shutil.copyfile(case.path, target)
                kept = f" (input kept as {target})"
            except OSError:
                pass
        self.say(f"FAIL {case.name}: paipu {' '.join(_short(a) for a in args)}: {problem}{kept}\n    "
                 + detail.strip().replace("\n", "\n    ")[-600:])

    def run_case(self, case: Case) -> None:
        tmp = Path(tempfile.mkdtemp(prefix="case-", dir=self.where))
        try:
            self._run_case(case, tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def _run_case(self, case: Case, tmp: Path) -> None:
        if case.kind in ("record", "folder"):
            commands = record_commands(str(case.path), case.extra.get("seat", "S"), str(tmp), self.short)
        elif case.kind == "corpus":
            commands = corpus_commands(str(case.path), str(tmp))
        elif case.kind == "log":
            commands = log_commands(case.extra["format"], str(case.path), str(tmp))
        else:  # "argv": one command line
            commands = [("fixed", json.loads(case.extra["argv"]), "--json" in case.extra["argv"])]
        base: float | None = None
        for bound_name, args, json_out in commands:
            run = self._run(case, args, tmp)  # what a command writes goes into the case's scratch folder
            name = args[0]
            if args[0] == "check" and base is None:
                base = run.cpu
            problems = judge(run, json_out=json_out, raw_ok=name in RAW_STDOUT)
            if base is not None and bound_name != "fixed":
                bound = BOUNDS[bound_name]
                if run.cpu > bound.times * base + bound.plus and not run.timed_out:
                    problems.append(f"{run.cpu:.2f} s of CPU time, over {bound.times:g} × check's {base:.2f} s "
                                    f"+ {bound.plus:g} s")
            elif bound_name == "fixed" and run.cpu > BOUNDS["fixed"].plus:
                problems.append(f"{run.cpu:.2f} s of CPU time")
            allowed = int(case.extra.get("memory", MEMORY_BASE + MEMORY_PER_BYTE * case.size))
            if run.memory > allowed:
                problems.append(f"{run.memory / 1e6:.0f} MB of memory for {case.size:,} bytes of input")
            for p in problems:
                self._fail(case, args, p, run)


def _short(arg: str) -> str:
    return repr(arg[:40] + "…") if len(arg) > 40 else arg


def cases(rng: random.Random, where: Path, rounds: int, profile: str) -> Iterator[Case]:
    """Every input of a run, in a deterministic order for a seed."""
    bases = base_records(short=profile == "short")
    # Mutated records: the bulk.
    n = 2 if profile == "short" else rounds * 10
    for k in range(n):
        name, text = rng.choice(bases)
        text = mutate_text(rng, text)
        data = encode(rng, text)
        gz = rng.random() < 0.05
        path = _write(where / f"in{k}" / ("r.paipu.gz" if gz else "r.paipu"), gzip.compress(data) if gz else data)
        yield Case(f"mutant{k}-{name}", "record", path, len(data), {"seat": rng.choice("ESWN")})
    if profile == "short":
        (where / "special").mkdir(parents=True, exist_ok=True)
        fifo = where / "special" / "pipe.paipu"
        os.mkfifo(fifo)
        yield Case("named-pipe", "record", fifo)
        yield Case("escape-injection", "record", _write(where / "esc" / "r.paipu", bases[0][1] + ESCAPE_LINE))
        for argv in option_cases()[:2]:
            yield Case("options", "argv", ROOT, 0, {"argv": json.dumps(argv)})
        return
    # Named hostile records of the issue's classes.
    sample = (ROOT / str(ROOT / "samples/valid/harbin")).glob("*.paipu")
    harbin = next(iter(sorted(sample))).read_text(encoding="utf-8")
    erren = next(iter(sorted((ROOT / str(ROOT / "samples/valid/erren")).glob("*.paipu")))).read_text(encoding="utf-8")
    named = [
        ("bao-flower", harbin.replace("\nbao ", "\nbao 6f {was} ", 1)),
        ("bao-flower-only", harbin.replace("\nbao ", "\nbao 6f\nbao ", 1)),
        ("erren-absent-seat", erren.replace("\nS draw", "\nS draw 5m\nW draw 5m\nW discard 5m\nS draw", 1)),
        ("escape-injection", bases[0][1] + ESCAPE_LINE),
        ("bidi", bases[0][1].replace("\n", "\n\u202e", 3)),
        ("score-64bit", _replace_score(bases[0][1], "9223372036854775808")),
        ("score-12-digits", _replace_score(bases[0][1], "999999999999")),
        ("hand-huge", bases[0][1].replace("\nhand 1", "\nhand " + "9" * 4301, 1)),
    ]
    for name, text in named:
        yield Case(name, "record", _write(where / name / "r.paipu", text), len(text.encode()), {"seat": "S"})
    for name, text in big_texts(rng, bases[0][1]):
        data = text.encode("utf-8")
        yield Case(name, "record", _write(where / name / "r.paipu", data), len(data), {"seat": "E"})
    yield from special_paths(where / "special")
    yield from corpus_cases(where / "corpora", ROOT / str(ROOT / "samples/valid/zhuji"))
    yield from log_cases(rng, where / "logs", rounds * 2)
    for argv in option_cases():
        yield Case("options", "argv", ROOT, 0, {"argv": json.dumps(argv)})


ESCAPE_LINE = "\nE drawn \x1b[2J\x1b[1;31mFAKE: 0 errors\x1b[0m\n"
"""The issue's reproducer: a line that clears the screen and prints a fake verdict, echoed raw."""


def _replace_score(text: str, value: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("score "):
            words = line.split()
            words[2] = value
            lines[i] = " ".join(words)
            break
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0] if __doc__ else None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=10, help="about 10 mutated records and 2 mangled logs a round")
    ap.add_argument("--profile", choices=("short", "long"), default="long")
    ap.add_argument("--exec", action="store_true", help="run the installed `paipu` rather than fork this process")
    ap.add_argument("--keep", type=Path, default=None, help="copy each failing input into this folder")
    ap.add_argument("--only", default="", help="run only the cases whose name holds one of these (comma-separated)")
    ns = ap.parse_args(argv)
    rng = random.Random(ns.seed)
    where = Path(tempfile.mkdtemp(prefix="paipu-fuzz-cli-"))
    os.environ.setdefault("PAIPU_CACHE_DIR", str(where / "cache"))
    runner = run_exec if ns.exec else run_forked
    if not ns.exec:
        warm_up()
    say: Callable[[str], None] = lambda s: print(s, flush=True)  # noqa: E731
    fuzzer = Fuzzer(where, runner, ns.keep, say)
    fuzzer.short = ns.profile == "short"
    started = time.process_time()
    n = 0
    try:
        for case in cases(rng, where, ns.rounds, ns.profile):
            if ns.only and not any(part in case.name for part in ns.only.split(",")):
                continue
            n += 1
            fuzzer.run_case(case)
    finally:
        _unlock(where)
        shutil.rmtree(where, ignore_errors=True)
    say(f"{len(fuzzer.seen)} kinds of failure; "
        f"{n} inputs, {fuzzer.runs} runs, {fuzzer.cpu:.0f} s of CPU time in the runs "
        f"({time.process_time() - started:.0f} s in the driver): {len(fuzzer.failures)} failing")
    return 1 if fuzzer.failures else 0


def _unlock(where: Path) -> None:
    for dirpath, dirnames, _ in os.walk(where):
        for d in dirnames:
            try:
                os.chmod(Path(dirpath) / d, 0o755)
            except OSError:
                pass


if __name__ == "__main__":
    sys.exit(main())
