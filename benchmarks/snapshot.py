"""Every output paipu makes, written into one folder, so that two versions can be compared byte
for byte (``diff -r``) before and after a change that must not change what paipu says.

Run with the interpreter of the paipu to snapshot (``.venv/bin/python`` for pure Python,
``.venv-fast/bin/python`` for the compiled build):

    .venv/bin/python benchmarks/snapshot.py OUT/ [--hands 40] [--reports 0]

It writes: ``check --json`` of every sample (valid and invalid); simulated records of every
registered ruleset at two seeds, one of them with two jobs, and their ``check --json``;
HTML reports (plain, annotated, and a teaching view in Chinese) of the valid samples and of
the first simulated record of each ruleset; the real platform logs beside the repository
converted and audited (``import --check --json``) when they are there; and a corpus
ingested from the samples, dumped table by table.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT.parent / "shared" / "logs"


HERE: list[Path] = [ROOT]
"""The folder paipu runs in: the snapshot's, so that every path it names is the same in every run."""


def paipu(*args: str, out: Path | None = None) -> str:
    """``paipu ARGS`` with this interpreter; its standard output (also written to ``out``)."""
    done = subprocess.run([sys.executable, "-m", "paipu.cli", *args], capture_output=True, text=True, cwd=HERE[0])
    if done.returncode > 2:
        raise SystemExit(f"paipu {' '.join(args)} failed ({done.returncode}): {done.stderr[-1000:]}")
    text = f"exit {done.returncode}\n{done.stdout}"
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    return text


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("out", type=Path)
    ap.add_argument("--hands", type=int, default=40, help="hands simulated per ruleset and seed (default 40)")
    args = ap.parse_args(argv)
    out: Path = args.out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    from paipu.replay.ruleset import ruleset_names

    # The inputs are copied in and named from the snapshot's folder: outputs name them alike in every run.
    shutil.copytree(ROOT / "samples", out / "in" / "samples")
    HERE[0] = out
    for sample in sorted((out / "in" / "samples").rglob("*.paipu")):
        rel = sample.relative_to(out)
        paipu("check", "--json", str(rel), out=out / "check" / f"{rel}.json")
    for sample in sorted((out / "in" / "samples" / "valid").rglob("*.paipu")):
        rel = sample.relative_to(out)
        name = str(rel).replace("/", "_")
        paipu("report", str(rel), "-o", f"reports/{name}.html")
        paipu("report", str(rel), "--annotate", "-o", f"reports/{name}.annotated.html")
    for ruleset in ruleset_names():
        for seed, jobs in ((3, "1"), (11, "2")):
            folder = f"sim/{ruleset}-{seed}"
            paipu("simulate", "--ruleset", ruleset, "--hands", str(args.hands), "--seed", str(seed),
                  "--jobs", jobs, "-o", folder, "-q")
            paipu("check", "--json", folder, out=out / "sim" / f"{ruleset}-{seed}.check.json")
        first = sorted((out / "sim" / f"{ruleset}-3").glob("*.paipu"))[0].relative_to(out)
        paipu("report", str(first), "-o", f"reports/sim-{ruleset}.html")
        paipu("report", str(first), "--seat", "E", "--lang", "zh", "-o", f"reports/sim-{ruleset}.E.zh.html")
    for fmt in ("botzone", "tenhou"):
        if (LOGS / fmt).is_dir():
            shutil.copytree(LOGS / fmt, out / "in" / "logs" / fmt)
            paipu("import", fmt, f"in/logs/{fmt}", "-o", f"import/{fmt}", "--check", "--json",
                  out=out / "import" / f"{fmt}.json")
            paipu("check", "--json", f"in/logs/{fmt}", out=out / "import" / f"{fmt}.direct.json")
    db = out / "corpus.db"
    paipu("corpus", "ingest", "in/samples/valid", "--db", "corpus.db", "-q", "-j", "1")
    with sqlite3.connect(db) as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        dump = {t: [list(row) for row in con.execute(f"SELECT * FROM {t}")] for t in tables if t != "migrations"}
    for rows in dump.values():
        for row in rows:  # the time of the ingest is no output of paipu's
            for i, value in enumerate(row):
                if isinstance(value, str) and len(value) == 25 and value[4] == "-" and value[10] == "T":
                    row[i] = "<time>"
    (out / "corpus.json").write_text(json.dumps(dump, ensure_ascii=False, indent=0), encoding="utf-8")
    db.unlink()
    for extra in out.glob("corpus.db-*"):
        extra.unlink()
    shutil.rmtree(out / "in")
    print(f"{sum(1 for p in out.rglob('*') if p.is_file())} files in {out}")


if __name__ == "__main__":
    main()
