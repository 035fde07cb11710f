"""Memory in proportion to the input (issue 19): `check`, `corpus ingest` and `report` of a long
record, and `check` of a folder of many, each measured in a child process of its own.

The measure is the child's peak resident size (VmHWM) less what it holds after importing
paipu and auditing and reporting a small sample (the interpreter, the modules, the grammar,
the templates), divided by the input's size.  docs/limits.md states the figures measured;
the bounds here are above them with room for allocator noise, and far below what the same
commands took before views were stored packed and the page written hand by hand (report:
about 460, then 150 times the input).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (VmHWM)")

CHILD = r"""
import json, os, sys
def kb(key):
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    raise SystemExit("no " + key)
import paipu.cli, paipu.auditing, paipu.reports.render, paipu.corpus.ingest, paipu.corpus.db
import importlib.metadata  # sqlite-utils reads its plug-ins through it; paipu no longer loads it for a check
from paipu.auditing import audit_text
from paipu.cli import main
from paipu.reports.render import render_report
sample = open(sys.argv[1], encoding="utf-8").read()
render_report(audit_text(sample, views=True))
base = kb("VmRSS:")
try:
    main(sys.argv[2:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps({"base": base, "peak": kb("VmHWM:")}))
"""

SAMPLE = ROOT / "samples/valid/zhuji/four-hands.paipu"


def _over_baseline(args: list[str]) -> int:
    """Bytes of peak memory over the child's warm baseline while running ``paipu ARGS``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", CHILD, str(SAMPLE), *args], capture_output=True, text=True,
                         env=env, check=True, timeout=600).stdout
    measured = json.loads(out.strip().splitlines()[-1])
    return max(0, int(measured["peak"]) - int(measured["base"]))


@pytest.fixture(scope="module")
def long_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session of 150 simulated zhuji hands: about 290 KB, 20,000 actions."""
    (_, text), = simulate("zhuji", 150, 11, session_hands=150)
    path = tmp_path_factory.mktemp("memory") / "long.paipu"
    path.write_text(text, encoding="utf-8")
    return path


CHECK_PER_BYTE = 18
"""check: measured 14.6 times the input (a 0.9 MB hebei record: 19.5); it was 20 (25.5) before
the parsed record kept its actions' spans packed and let each line's text go once read."""
INGEST_PER_BYTE = 20
"""corpus ingest: measured 15 times (a 1.9 MB record: 18): the audit's own peak, as `check`; the
rows are built after it and add about one time the input."""
REPORT_PER_BYTE = 20
"""report: measured 14.5 times (a 1.9 MB record: 17, where check takes 16): the audit and one
hand's table views and page at a time; it was 24 while the report held its findings as objects
to the page's end, 150 before the page was written hand by hand, 460 before views were packed."""


def test_check_of_a_long_record_takes_memory_in_proportion(long_record: Path) -> None:
    size = long_record.stat().st_size
    used = _over_baseline(["check", "-j", "1", str(long_record)])
    assert used < CHECK_PER_BYTE * size, f"{used:,} bytes for {size:,}"


def test_corpus_ingest_of_a_long_record_takes_memory_in_proportion(long_record: Path, tmp_path: Path) -> None:
    size = long_record.stat().st_size
    used = _over_baseline(["corpus", "ingest", "-q", "-j", "1", "--db", str(tmp_path / "c.db"), str(long_record)])
    assert used < INGEST_PER_BYTE * size, f"{used:,} bytes for {size:,}"


def test_report_of_a_long_record_takes_memory_in_proportion(long_record: Path, tmp_path: Path) -> None:
    size = long_record.stat().st_size
    out = tmp_path / "long.html"
    used = _over_baseline(["report", str(long_record), "-o", str(out)])
    assert out.stat().st_size > size  # the page is larger than the record: it was streamed, not held
    assert used < REPORT_PER_BYTE * size, f"{used:,} bytes for {size:,}"


def test_check_of_a_folder_takes_the_memory_of_its_largest_record_not_of_all(long_record: Path,
                                                                          tmp_path: Path) -> None:
    """Flat memory across a large folder: one record at a time is held, whatever the count."""
    text = long_record.read_text(encoding="utf-8")
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"r{i:02}.paipu").write_text(text, encoding="utf-8")
    one = _over_baseline(["check", "-j", "1", "-q", str(long_record)])
    many = _over_baseline(["check", "-j", "1", "-q", str(folder)])
    assert many < one + 3 * long_record.stat().st_size + 2_000_000, (one, many)


def test_corpus_ingest_of_a_folder_takes_the_memory_of_its_largest_record_not_of_all(long_record: Path,
                                                                                   tmp_path: Path) -> None:
    """Flat memory across a large folder: records are audited one at a time and only a bounded
    batch of text and rows waits for the writer, whatever the count.  (Each copy differs by a
    comment, so every one is new content and audited.)"""
    text = long_record.read_text(encoding="utf-8")
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(12):
        (folder / f"r{i:02}.paipu").write_text(f"{text}; copy {i}\n", encoding="utf-8")
    one = _over_baseline(["corpus", "ingest", "-q", "-j", "1", "--db", str(tmp_path / "one.db"), str(long_record)])
    many = _over_baseline(["corpus", "ingest", "-q", "-j", "1", "--db", str(tmp_path / "many.db"), str(folder)])
    # Room for the allocator: the same run measured 2.6 to 3.0 MB over one record, before and after.
    assert many < one + 3 * long_record.stat().st_size + 3_000_000, (one, many)


def _long_hand(discards: int) -> str:
    """One hand of ``discards`` draws and discards of 5m, every draw an error (all four are out):
    a finding on every other line, and rivers hundreds of tiles long."""
    text = SAMPLE.read_text(encoding="utf-8")
    body = text[: text.index("E discard")]
    moves = [f"{'ESWN'[k % 4]} {verb} 5m" for k in range(discards) for verb in ("draw", "discard")]
    return body + "\n".join(moves) + "\n"


LONG_HAND_PER_BYTE = {"check": 12, "ingest": 30, "report": 15}
"""One hand of 2,000 draws and discards (46 KB), measured 8.7 to 8.8, 25.4 and 10 to 13 times the
input, over a baseline that no longer holds what a report of the sample used to leave behind (a
snapshot of the table after every step, and each step's part of the page): the warm process
holds some 0.6 MB less than it did, and the same commands' peaks are lower than before (check
39.0 MB against 39.4, ingest 39.8 against 40.0), but they are measured from a lower start.  With
the baseline as it was: 3 to 4.5, 16 to 18 and 6 to 8 times the input (5,000: 7, 14 and 9 to
10; 10,000: 10, 16 to 17 and 14 to 16).  The report took 43 (40, 41)
while it held every finding as an object to the page's end (it placed them by identity), and
ingest 17 (19, 21) while a long hand's actions were one row, a JSON text of twice the record's
size that SQLite held twice more as it stored it; the report took 121 (120, 126) while it held
every step's table view until the hand ended.  It was 27, 46 and 121 before an audit nobody
watches kept its findings packed (`paipu.findings.PackedFindings`: a finding on every other
line of 11 bytes cost more than the line, about 300 bytes each as objects) and the corpus made
a long hand's row of actions and the findings' rows as it wrote them; 96, 55 and 179 when each
step's view copied the rivers, the report held every step of the hand at once and `check`
gathered its output before printing it.  The hand cannot be let go before its end."""

LONGER_HAND_PER_BYTE = {"check": 20, "ingest": 24, "report": 20}
"""One hand of 10,000 draws and discards (235 KB): the goal of issue 19, 20 times the input, for
each command; measured 12 to 13 (check), 20 to 21 (ingest) and 18 to 19 (report) over the lower
baseline described above (10, 16 to 17 and 14 to 16 over the one before; ingest's peak is the
same, 43 MB, either way)."""


@pytest.mark.parametrize("command", ["check", "ingest", "report"])
def test_a_hand_of_10000_draws_stays_within_20_times_its_size(command: str, tmp_path: Path) -> None:
    """The goal of issue 19 at five times the hand below: its 20,000 findings (one a line) are
    kept packed, also while a report watches the audit; its discards take a pointer each; the
    corpus stores its actions in rows of 1,024: memory grows with the hand, not with objects
    per finding or one row of the whole hand."""
    path = tmp_path / "longer-hand.paipu"
    path.write_text(_long_hand(10_000), encoding="utf-8")
    size = path.stat().st_size
    args = {"check": ["check", "-j", "1", "-q", str(path)],
            "ingest": ["corpus", "ingest", "-q", "-j", "1", "--db", str(tmp_path / "c.db"), str(path)],
            "report": ["report", str(path), "-o", str(tmp_path / "longer-hand.html")]}[command]
    used = _over_baseline(args)
    assert used < LONGER_HAND_PER_BYTE[command] * size, f"{command}: {used:,} bytes for {size:,}"


@pytest.mark.parametrize("command", ["check", "ingest", "report"])
def test_one_long_hand_takes_memory_in_proportion(command: str, tmp_path: Path) -> None:
    path = tmp_path / "long-hand.paipu"
    path.write_text(_long_hand(2000), encoding="utf-8")
    size = path.stat().st_size
    args = {"check": ["check", "-j", "1", "-q", str(path)],
            "ingest": ["corpus", "ingest", "-q", "-j", "1", "--db", str(tmp_path / "c.db"), str(path)],
            "report": ["report", str(path), "-o", str(tmp_path / "long-hand.html")]}[command]
    used = _over_baseline(args)
    assert used < LONG_HAND_PER_BYTE[command] * size, f"{command}: {used:,} bytes for {size:,}"


def test_the_table_views_of_a_long_hand_hold_each_river_once() -> None:
    """A report keeps the table after every step of a hand: the views of a seat's river share
    one packed log of it, so a hand of 2,000 discards holds about 2,000 bytes of rivers, not a
    copy per step (500 discards a seat over 4,000 steps: about four million)."""
    from paipu.auditing import audit_text
    from paipu.replay.result import RiverSlice

    audit = audit_text(_long_hand(2000), views=True)
    assert audit.replay is not None
    steps = audit.replay.hands[0].steps
    held: dict[int, int] = {}
    for step in steps:
        assert step.view is not None
        for side in step.view.seats.values():
            river = side._discards
            if isinstance(river, RiverSlice):
                held[id(river.log)] = len(river.log.codes)
            else:
                held[id(river)] = len(river)
    final = steps[-1].view
    assert final is not None
    discards = sum(len(side.discards) for side in final.seats.values())
    assert discards == 2000
    assert sum(held.values()) <= 2 * discards, (len(held), sum(held.values()))
