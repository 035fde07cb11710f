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
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table import Figure, format_table

from paipu.corpus.db import open_corpus
from paipu.corpus.ingest import ingest
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


@dataclass
class IngestRun:
    hands: int
    wall: float
    parent_cpu: float
    worker_cpu: dict[int, float]
    """CPU seconds each worker spent during the ingest (read inside the worker)."""

    @property
    def wall_rate(self) -> float:
        return self.hands / self.wall

    @property
    def free_cores_rate(self) -> float:
        """Hands per second if each process had a core of its own: the busiest process's CPU time."""
        return self.hands / max([self.parent_cpu, *self.worker_cpu.values()])


def worker_cpu(pause: float) -> tuple[int, float]:
    """(pid, CPU seconds so far) of the worker process that runs it."""
    import os

    time.sleep(pause)
    return os.getpid(), time.process_time()


def _cpu_by_worker(pool: ProcessPoolExecutor, jobs: int) -> dict[int, float]:
    return dict(pool.map(worker_cpu, [0.05] * (8 * jobs)))


def ingest_rate(files: list[Path], jobs: int, workdir: Path) -> IngestRun:
    """One ingest into a fresh file database, workers already warm: wall time, and the CPU time
    of the writer and of each worker (so that a busy machine's figure can be read too)."""
    db_path = workdir / f"rate-{jobs}.db"
    db = open_corpus(db_path)
    try:
        if jobs == 1:
            _warm()
            cpu = time.process_time()
            s = ingest(db, files, jobs=1)
            return IngestRun(s.hands, s.seconds, time.process_time() - cpu, {})
        with ProcessPoolExecutor(max_workers=jobs, initializer=_warm) as pool:
            before = _cpu_by_worker(pool, jobs)
            cpu = time.process_time()
            s = ingest(db, files, executor=pool, window=4 * jobs)
            parent = time.process_time() - cpu
            after = _cpu_by_worker(pool, jobs)
        return IngestRun(s.hands, s.seconds, parent, {pid: after[pid] - before.get(pid, 0.0) for pid in after})
    finally:
        db.close()


def audit_rate(files: list[Path]) -> float:
    """Hands per CPU second of the audit alone (read, parse and replay, one core): the ceiling of one job."""
    from paipu.auditing import audit_text

    audit_text(files[0].read_text(encoding="utf-8"))
    start = time.process_time()
    hands = sum(len(audit_text(p.read_text(encoding="utf-8")).record.hands) for p in files)
    return hands / (time.process_time() - start)


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
    """Hands per CPU second the single writer stores when the audits are already done (a batch
    of records a transaction, as an ingest writes them)."""
    from paipu.corpus.ingest import BATCH_FILES, Writer, batched

    rows = [audit_source(read_source(p)) for p in files]
    db = open_corpus(workdir / "writer.db")
    try:
        writer = Writer(db, len(rows), None)
        start = time.process_time()
        for batch in batched(rows, BATCH_FILES):
            writer.store_all(batch)
        seconds = time.process_time() - start
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
import json, os, sys, time
from concurrent.futures import ProcessPoolExecutor
sys.path.insert(0, sys.argv[4])
from bench_corpus import own_peak_kb, worker_peak
from table import Figure, format_table

from paipu.corpus.db import open_corpus
from paipu.corpus.ingest import ingest
from paipu.sim.parallel import end_with_parent
files = json.load(open(sys.argv[1]))
jobs = int(sys.argv[3])
db = open_corpus(sys.argv[2])
with ProcessPoolExecutor(max_workers=jobs, initializer=end_with_parent, initargs=(os.getpid(),)) as pool:
    s = ingest(db, files, executor=pool, window=4 * jobs)
    # Each worker reads its own high-water mark; asked several times so that every worker answers.
    peaks = {}
    for pid, kb in pool.map(worker_peak, [0.05] * (8 * jobs)):
        peaks[pid] = kb
db.close()
print(json.dumps({"hands": s.hands, "seconds": s.seconds, "writer_kb": own_peak_kb(),
                  "workers_kb": sorted(peaks.values())}))
"""


def own_peak_kb() -> int:
    """This process's own peak RSS (``VmHWM``), in KB.  Not ``ru_maxrss`` of the children: a
    forked child starts with its parent's figure, and RUSAGE_CHILDREN keeps the largest."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def worker_peak(pause: float) -> tuple[int, int]:
    """(pid, own peak RSS in KB) of the worker process that runs it."""
    import os

    time.sleep(pause)
    return os.getpid(), own_peak_kb()


def peak_memory(files: list[Path], jobs: int, workdir: Path) -> dict[str, Any]:
    """Peak RSS of an ingest run in a fresh interpreter: the writer, and each worker, each read
    inside its own process."""
    listing = workdir / f"files-{len(files)}.json"
    listing.write_text(json.dumps([str(f) for f in files]), encoding="utf-8")
    db_path = workdir / f"peak-{len(files)}.db"
    proc = subprocess.run([sys.executable, "-c", _PEAK_SCRIPT, str(listing), str(db_path), str(jobs),
                           str(Path(__file__).resolve().parent)],
                          capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def rates(hands: int, jobs: int) -> dict[str, float]:
    """The rate figures alone (audit alone, ingest with 1 and ``jobs`` jobs: wall and free cores),
    for the paipu this process imports: what ``--baseline`` runs in a child process."""
    with tempfile.TemporaryDirectory(prefix="paipu-bench-") as tmp:
        files = corpus(hands)
        out = {"audit alone": audit_rate(files)}
        for j in (1, jobs):
            run = ingest_rate(files, j, Path(tmp))
            out[f"--jobs {j} (wall)"] = run.wall_rate
            out[f"--jobs {j} (free cores)"] = run.free_cores_rate
            out[f"--jobs {j} (all processes' CPU)"] = run.hands / (run.parent_cpu + sum(run.worker_cpu.values()))
        return out


def baseline_rates(checkout: Path, hands: int, jobs: int) -> dict[str, float]:
    """`rates` of the paipu in another checkout (its folder holding ``paipu/``), measured in a
    child process of this run on the same files: old beside new, not against a remembered number."""
    here, there = str(Path(__file__).resolve().parent), str(checkout.resolve())
    code = (f"import json, sys; sys.path.insert(0, {here!r}); import bench_corpus, paipu; "
            f"assert paipu.__file__.startswith({there!r}), paipu.__file__; "
            f"print(json.dumps(bench_corpus.rates({hands}, {jobs})))")
    env = {**os.environ, "PYTHONPATH": there}
    with tempfile.TemporaryDirectory(prefix="paipu-baseline-") as cwd:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                              cwd=cwd)
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def compared(baseline: Path, hands: int, jobs: int, rounds: int = 2) -> list[Figure]:
    """This paipu's rate figures beside the baseline checkout's, in the same run (alternating,
    ``rounds`` times each, the best of each kept: a shared machine's noise is one-sided)."""
    old: dict[str, float] = {}
    new: dict[str, float] = {}
    for _ in range(rounds):
        for into, measured in ((old, baseline_rates(baseline, hands, jobs)), (new, rates(hands, jobs))):
            for k, v in measured.items():
                into[k] = max(into.get(k, v), v)
    return [Figure(f"ingest {k}", new[k], "hands/s" if "CPU" not in k else "hands/CPU s", old[k], "baseline",
                   note=str(baseline)) for k in new]


def figures(hands: int = 1600, sizes: tuple[int, int] = (800, 6400), jobs: int = 2) -> list[Figure]:
    """Ingest with 1 and ``jobs`` jobs beside the audit alone on the same files, the writer alone,
    the size of a hand, and peak memory per process for two corpus sizes (which should match)."""
    out: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="paipu-bench-") as tmp:
        work = Path(tmp)
        files = corpus(hands)
        alone = audit_rate(files)
        for j in (1, jobs):
            run = ingest_rate(files, j, work)
            floor_label = f"audit alone x {j}" if j > 1 else "audit alone, one core"
            goal = ">= 1,000 hands/s" if j > 1 else ""
            cpus = ", ".join(f"{c:.1f}" for c in sorted(run.worker_cpu.values()))
            detail = f"writer {run.parent_cpu:.1f} s CPU" + (f", workers {cpus} s" if cpus else "")
            out.append(Figure(f"corpus ingest --jobs {j} (wall)", run.wall_rate, "hands/s", alone * j, floor_label,
                              goal=goal, note=f"{run.hands} hands, workers warm; {detail}"))
            out.append(Figure(f"corpus ingest --jobs {j} (free cores)", run.free_cores_rate, "hands/s",
                              alone * j, floor_label, goal=goal,
                              note="hands / the busiest process's CPU time: the wall rate with a core each"))
        out.append(Figure("corpus writer alone", writer_capacity(base_records(), work), "hands/s",
                          note="rows already audited, with actions"))
        with_actions, without = bytes_per_hand(base_records(), work)
        out.append(Figure("corpus size, with actions", with_actions, "bytes/hand", without, "--no-actions"))
        for n in sizes:
            peak = peak_memory(corpus(n), jobs, work)
            workers = peak["workers_kb"]
            out.append(Figure(f"peak RSS, writer, {peak['hands']} hands", peak["writer_kb"] / 1024, "MB",
                              note=f"--jobs {jobs}; VmHWM of the process"))
            out.append(Figure(f"peak RSS, each worker, {peak['hands']} hands", max(workers) / 1024, "MB",
                              note="workers: " + ", ".join(f"{w / 1024:.0f}" for w in workers) + " MB"))
        records, seconds = index_seconds(work / f"peak-{len(corpus(sizes[-1]))}.db", work / "site")
        out.append(Figure("corpus report --no-record-pages", seconds, "s", note=f"index of {records} records"))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=1600, help="hands for the rate runs (default 1600)")
    ap.add_argument("--sizes", default="800,6400", help="two corpus sizes in hands for the memory runs")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel and memory runs")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="a checkout of another paipu (e.g. the main branch): only the rates, its beside this one's")
    args = ap.parse_args(argv if argv is not None else [])
    if args.baseline is not None:
        print(format_table(compared(args.baseline, args.hands, args.jobs)))
        return
    small, large = (int(x) for x in args.sizes.split(","))
    print(format_table(figures(args.hands, (small, large), args.jobs)))


if __name__ == "__main__":
    main(sys.argv[1:])
