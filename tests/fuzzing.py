"""Fuzzing paipu: Hypothesis strategies that make records, and one check that runs a record
through the library entry point of every command.

Records start valid (from the simulator, for every built-in ruleset, and from the samples),
then are mutated at the byte, line and token level, with unicode oddities, huge numbers and
long lines.  `run_everything` is what every input must survive: parse, format, audit (with
views and teaching notes), the JSON of the audit, the HTML report, and a corpus ingest into
an in-memory database, with no exception escaping, every finding on a line of the record,
valid JSON, and time and memory within a bound that grows with the input's size.

`tests/test_fuzz.py` runs a short profile in the default suite; ``make fuzz`` a long one.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from paipu.auditing import audit_text
from paipu.corpus.db import open_corpus
from paipu.corpus.ingest import write_record
from paipu.corpus.rows import INTERNAL_ERROR, Source, audit_source
from paipu.grammar.parser import parse
from paipu.grammar.writer import format_record
from paipu.reports.render import render_report, write_record_report
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("zhuji", "harbin", "erren", "hebei")

TOKENS = (
    "E", "S", "W", "N", "draw", "discard", "pong", "chow", "kong", "ankong", "addkong", "hu", "pass", "ready",
    "flower", "bao", "exhausted", "fan", "score", "hand", "dealer", "deal", "wall", "dice", "caishen", "5m", "1z",
    "9p", "3s", "1f", "6f", "0m", "8z", "123m", "东", "摸", "打", "宝", "{x}", "{", "}", "!", "??", "+3", "-2", ":",
    ",", "[", "]", '"', ";", "[Option", "[Ruleset", '"harbin"]', "dongfeng", "zimo 2", "\\", "0", "-0", "+",
    "abort", "suufon", "途中流局",
)
ODDITIES = (
    "\x00", "\x1b[2J", "\x1b]0;x\x07", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\u202e",
    "\u200b", "\ufeff", "\u3000", "\u0301", "\U0001f004", "\U0001f600", "ｅ", "５ｍ", "Ｅ", "İ", "ß", "\ud7ff",
    "\uffff",
)
NUMBERS = ("9" * 10, "9" * 13, "9" * 19, "9" * 20, "9" * 400, "9" * 4301, "-" + "9" * 30, "+" + "1" * 12, "0" * 50)


@functools.cache
def valid_records() -> tuple[str, ...]:
    """Simulated records of every built-in ruleset (two seeds each) and every sample."""
    out: list[str] = []
    for ruleset in RULESETS:
        for seed in (1, 2):
            out.extend(text for _, text in simulate(ruleset, 2, seed, session_hands=2))
    out.extend(p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("samples/**/*.paipu")))
    return tuple(out)


def _at(draw: st.DrawFn, text: str) -> int:
    return draw(st.integers(0, len(text)))


@st.composite
def byte_mutation(draw: st.DrawFn, text: str) -> str:
    """Characters inserted, deleted or replaced anywhere."""
    for _ in range(draw(st.integers(1, 4))):
        i = _at(draw, text)
        op = draw(st.sampled_from(("insert", "delete", "replace", "oddity")))
        if op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 40)):]
        elif op == "oddity":
            text = text[:i] + draw(st.sampled_from(ODDITIES)) + text[i:]
        else:
            ch = draw(st.characters(codec="utf-8"))  # what a UTF-8 file can hold: no lone surrogates
            text = text[:i] + ch + text[i + (op == "replace"):]
    return text


@st.composite
def line_mutation(draw: st.DrawFn, text: str) -> str:
    """Lines deleted, duplicated, swapped, or made of random tokens."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 5))):
        j = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(("delete", "duplicate", "swap", "tokens")))
        if op == "delete" and len(lines) > 1:
            del lines[j]
        elif op == "duplicate":
            lines.insert(j, lines[draw(st.integers(0, len(lines) - 1))])
        elif op == "swap":
            k = draw(st.integers(0, len(lines) - 1))
            lines[j], lines[k] = lines[k], lines[j]
        else:
            lines[j] = " ".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8)))
    return "\n".join(lines)


@st.composite
def token_mutation(draw: st.DrawFn, text: str) -> str:
    """One word of a line replaced by a token, a huge number or an oddity."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        j = draw(st.integers(0, len(lines) - 1))
        words = lines[j].split(" ")
        k = draw(st.integers(0, len(words) - 1))
        words[k] = draw(st.one_of(st.sampled_from(TOKENS), st.sampled_from(NUMBERS), st.sampled_from(ODDITIES),
                                  st.integers(-(10**30), 10**30).map(str)))
        lines[j] = " ".join(words)
    return "\n".join(lines)


@st.composite
def huge_number(draw: st.DrawFn, text: str) -> str:
    """A number of the record (a hand number, dice, a fan or a score) made huge."""
    digits = [i for i in range(len(text)) if text[i].isdigit() and (i == 0 or not text[i - 1].isdigit())]
    if not digits:
        return text
    i = draw(st.sampled_from(digits))
    return text[:i] + draw(st.sampled_from(NUMBERS)) + text[i:]


@st.composite
def long_line(draw: st.DrawFn, text: str) -> str:
    """A very long line: many tiles, a long annotation, a long packed run, many fan items."""
    n = draw(st.sampled_from((1_000, 20_000, 120_000)))
    line = draw(st.sampled_from((
        "E discard " + "5m " * (n // 3),
        "{" + "x" * n + "}",
        "E discard " + "1" * n + "m",
        "fan E 1 : " + ", ".join(f"item{i}" for i in range(n // 8)),
        "%" * n,
    )))
    lines = text.split("\n")
    lines.insert(draw(st.integers(0, len(lines))), line)
    return "\n".join(lines)


@st.composite
def records(draw: st.DrawFn) -> str:
    """A valid record, then up to three mutations of any kind."""
    text = draw(st.sampled_from(valid_records()))
    mutations = (byte_mutation, line_mutation, token_mutation, huge_number, long_line)
    for _ in range(draw(st.integers(0, 3))):
        text = draw(draw(st.sampled_from(mutations))(text))
    return text


@dataclass
class Cost:
    seconds: float
    peak_bytes: int


SECONDS_BASE, SECONDS_PER_MB = 10.0, 40.0
"""The bound on the CPU time of one input, every entry point together: a base plus so much per MB."""
MEMORY_BASE, MEMORY_PER_BYTE = 32 * 1024 * 1024, 20
"""The bound on the memory Python allocates for one input's check, report and ingest (tracemalloc's peak)."""


@functools.cache
def _corpus() -> object:
    return open_corpus(":memory:")


@functools.cache
def warm_up() -> None:
    """Build the parser and load the templates once, outside any measurement."""
    run_everything(valid_records()[0], warm=False)


MEASURE_MEMORY_FROM = 20_000
"""Inputs from this many bytes have their memory measured (tracemalloc slows Python down
several times; below this size the base of the bound is all that matters)."""


def _log(text: str, size: int, seconds: float) -> None:
    """With ``PAIPU_FUZZ_LOG=FILE``, one line per input run (its hash, size and CPU seconds), so
    that a long run cut short still says what it ran."""
    path = os.environ.get("PAIPU_FUZZ_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]} {size} {seconds:.3f}\n")


def run_everything(text: str, *, clean: bool = False, warm: bool = True) -> Cost:
    """Every command's library entry point on ``text``; AssertionError for any broken promise.

    ``clean``: the record must also have no error finding (a valid one)."""
    if warm:
        warm_up()
    size = len(text.encode("utf-8"))
    started = time.process_time()  # CPU time: on shared cores the wall clock measures the neighbours
    result = parse(text)
    if result.ok:
        format_record(result.record)
    audit = audit_text(text, "fuzz.paipu", views=True, annotate=True)
    lines = text.replace("\r\n", "\n").count("\n") + 1
    for f in audit.findings:
        assert 1 <= f.line <= lines, f"finding {f.code} on line {f.line} of a {lines}-line record"
    assert audit.ok or not clean, [f.message for f in audit.findings if f.severity == "error"][:3]
    back = json.loads(json.dumps(audit.to_json(), ensure_ascii=False, allow_nan=False))
    assert isinstance(back, dict)
    render_report(audit)
    rows = audit_source(Source("fuzz.paipu", text, hashlib.sha256(text.encode("utf-8")).hexdigest()))
    assert not any(row[2] == INTERNAL_ERROR for row in rows.finding_rows), rows.finding_rows
    write_record(_corpus(), rows, "fuzz")  # type: ignore[arg-type]
    seconds = time.process_time() - started
    _log(text, size, seconds)
    assert seconds < SECONDS_BASE + SECONDS_PER_MB * size / 1e6, f"{seconds:.1f} s for {size:,} bytes"
    peak = 0
    if size >= MEASURE_MEMORY_FROM:
        tracemalloc.start()
        try:
            with tempfile.TemporaryDirectory() as folder:  # the page as `paipu report` writes it
                write_record_report(text, "fuzz.paipu", Path(folder) / "fuzz.html")
            audit_source(Source("fuzz.paipu", text, None))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < MEMORY_BASE + MEMORY_PER_BYTE * size, f"{peak:,} bytes of memory for {size:,} bytes of input"
    return Cost(seconds, peak)
