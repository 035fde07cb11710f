"""Corpus ingest: hands per second with 1 and 2 jobs, the single writer's capacity, the size of a
hand in the database, and peak memory (RSS high-water) for two corpus sizes, which should be
about the same: ingest streams, it does not hold the corpus.

Records are simulated once (``paipu.sim.simulate``) and cached under the system temp folder; the
larger corpora are copies of them, each with a comment line of its own, so that every file is
new content to the database but costs the same to audit.  Defaults run in well under two
minutes; ``--hands`` and ``--sizes`` make bigger runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from paipu.corpus.db import open_corpus
from paipu.corpus.ingest import ingest, write_record
from paipu.corpus.rows import audit_source, read_source

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "paipu-bench-corpus"
BASE_HANDS = 400
SEED = 20261129


def base_records() -> list[Path]:
    """BASE_HANDS simulated Zhuji hands, 8 to a record, made once and kept (or, should the
    simulator fail, the checked-in simulated records of samples/corpus/zhuji)."""
    folder = CACHE / f"base-{BASE_HANDS}-{SEED}"
    done = folder / ".complete"
    if not done.exists():
        from paipu.sim.simulate import SimulationError, simulate

        folder.mkdir(parents=True, exist_ok=True)
        try:
            made = list(simulate("zhuji", BASE_HANDS, SEED, session_hands=8))
        except SimulationError as e:
            print(f"(the simulator failed: {e}; using samples/corpus/zhuji)")
            return sorted((ROOT / "samples" / "corpus" / "zhuji").glob("*.paipu"))
        for name, text in made:
            (folder / name).write_text(text, encoding="utf-8")
        done.write_text("ok\n", encoding="utf-8")
    return sorted(folder.glob("*.paipu"))


def corpus(hands: int) -> list[Path]:
    """At least ``hands`` hands: the base records, then numbered copies of them."""
    base = base_records()
    per_copy = sum(sum(1 for line in p.read_text(encoding="utf-8").splitlines() if line.startswith("hand "))
                   for p in base)
    copies = -(-hands // max(per_copy, 1))
    folder = CACHE / f"copies-{SEED}-{base[0].parent.name}"
    out: list[Path] = []
    for c in range(copies):
        for p in base:
            if c == 0:
                out.append(p)
                continue
            q = folder / f"{c:04d}" / p.name
            if not q.exists():
                q.parent.mkdir(parents=True, exist_ok=True)
                q.write_text(p.read_text(encoding="utf-8") + f"; copy {c}\n", encoding="utf-8")
            out.append(q)
    return out


def _warm() -> None:
    """Build the grammar in a worker before timing starts (it takes a second or two)."""
    base = base_records()
    audit_source(read_source(base[0]))


def ingest_rate(files: list[Path], jobs: int, workdir: Path) -> tuple[float, int, float]:
    """(hands per second, hands, seconds) for a fresh file database, workers already warm."""
    db_path = workdir / f"rate-{jobs}.db"
    db = open_corpus(db_path)
    try:
        if jobs == 1:
            _warm()
            s = ingest(db, files, jobs=1)
        else:
            with ProcessPoolExecutor(max_workers=jobs, initializer=_warm) as pool:
                list(pool.map(time.sleep, [0.2] * jobs))
                s = ingest(db, files, executor=pool, window=4 * jobs)
    finally:
        db.close()
    return s.hands_per_second, s.hands, s.seconds


def audit_rate(files: list[Path]) -> float:
    """Hands per second of the audit alone (parse and replay, one core): the ceiling of one job."""
    from paipu.auditing import audit_text

    texts = [p.read_text(encoding="utf-8") for p in files]
    audit_text(texts[0])
    start = time.perf_counter()
    hands = sum(len(audit_text(t).record.hands) for t in texts)
    return hands / (time.perf_counter() - start)


def index_seconds(db_path: Path, out: Path) -> tuple[int, float]:
    """(records, seconds) to write the corpus index of every record, without record pages."""
    from paipu.corpus.report import write_corpus_report

    db = open_corpus(db_path, create=False)
    try:
        start = time.perf_counter()
        result = write_corpus_report(db, out, limit=None, record_pages=False)
        return result.listed, time.perf_counter() - start
    finally:
        db.close()


def writer_capacity(files: list[Path], workdir: Path) -> float:
    """Hands per second the single writer stores when the audits are already done."""
    rows = [audit_source(read_source(p)) for p in files]
    db = open_corpus(workdir / "writer.db")
    try:
        start = time.perf_counter()
        for r in rows:
            write_record(db, r, "2026-01-01T00:00:00+00:00")
        seconds = time.perf_counter() - start
    finally:
        db.close()
    return sum(r.hands for r in rows) / seconds


def bytes_per_hand(files: list[Path], workdir: Path) -> tuple[float, float]:
    """Database bytes per hand with and without the actions table."""
    out: list[float] = []
    for actions in (True, False):
        path = workdir / f"size-{actions}.db"
        db = open_corpus(path)
        s = ingest(db, files, actions=actions)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        out.append(path.stat().st_size / max(s.hands, 1))
    return out[0], out[1]


_PEAK_SCRIPT = """
import json, resource, sys
from paipu.corpus.db import open_corpus
from paipu.corpus.ingest import ingest
files = json.load(open(sys.argv[1]))
db = open_corpus(sys.argv[2])
s = ingest(db, files, jobs=int(sys.argv[3]))
db.close()
def own_peak_kb():
    # VmHWM is this process's own high-water mark; ru_maxrss would also count what the
    # process that started this one held before the exec.
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({
    "hands": s.hands, "seconds": s.seconds,
    "parent_kb": own_peak_kb(),
    "workers_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
}))
"""


def peak_memory(files: list[Path], jobs: int, workdir: Path) -> dict[str, float]:
    """Peak RSS of an ingest run in a fresh interpreter: the writer, and the largest worker."""
    listing = workdir / f"files-{len(files)}.json"
    listing.write_text(json.dumps([str(f) for f in files]), encoding="utf-8")
    db_path = workdir / f"peak-{len(files)}.db"
    proc = subprocess.run([sys.executable, "-c", _PEAK_SCRIPT, str(listing), str(db_path), str(jobs)],
                          capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=1600, help="hands for the rate runs (default 1600)")
    ap.add_argument("--sizes", default="800,6400", help="two corpus sizes in hands for the memory runs")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel and memory runs")
    args = ap.parse_args(argv if argv is not None else [])
    sizes = [int(x) for x in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="paipu-bench-") as tmp:
        work = Path(tmp)
        files = corpus(args.hands)
        print(f"audit alone (parse and replay), one core: {audit_rate(base_records()):,.0f} hands/s")
        for jobs in (1, args.jobs):
            rate, hands, seconds = ingest_rate(files, jobs, work)
            print(f"corpus ingest, --jobs {jobs}: {rate:,.0f} hands/s ({hands} hands in {seconds:.1f} s, "
                  "workers warm)")
        print(f"corpus writer alone: {writer_capacity(base_records(), work):,.0f} hands/s stored")
        with_actions, without = bytes_per_hand(base_records(), work)
        print(f"corpus size: {with_actions:,.0f} bytes a hand with actions, {without:,.0f} with --no-actions")
        for n in sizes:
            peak = peak_memory(corpus(n), args.jobs, work)
            print(f"corpus ingest peak RSS, {int(peak['hands'])} hands, --jobs {args.jobs}: writer "
                  f"{peak['parent_kb'] / 1024:.0f} MB, largest worker {peak['workers_kb'] / 1024:.0f} MB "
                  f"({peak['hands'] / peak['seconds']:,.0f} hands/s cold)")
        records, seconds = index_seconds(work / f"peak-{len(corpus(sizes[-1]))}.db", work / "site")
        print(f"corpus report index, no record pages: {records} records in {seconds:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
