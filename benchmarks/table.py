"""One table of figures for ``make bench``: each measured figure beside its floor (or the figure it
is compared with), measured on the same files in the same run, and the issue's goal."""

from __future__ import annotations

import contextlib
import importlib
import os
import resource
import subprocess
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One line of the table."""

    name: str
    value: float
    unit: str
    floor: float | None = None
    """What the value is compared with, measured in the same run (e.g. reading and splitting the
    same files); the table shows it and the ratio value/floor."""
    floor_label: str = ""
    goal: str = ""
    note: str = ""


def _num(x: float, unit: str) -> str:
    if unit in ("MB/s", "MB"):
        return f"{x:,.1f} {unit}"
    if unit == "x":
        return f"{x:.2f}x"
    if unit == "s":
        return f"{x:.2f} s"
    return f"{x:,.0f} {unit}"


HEADS = ("figure", "value", "floor (same files, same run)", "value/floor", "goal", "note")


def format_table(figures: list[Figure], heads: tuple[str, ...] = HEADS) -> str:
    """The figures as an aligned text table (one line each), under ``heads`` (six)."""
    rows = []
    for f in figures:
        floor = f"{f.floor_label}: {_num(f.floor, f.unit)}" if f.floor is not None else ""
        ratio = f"{f.value / f.floor:.2f}" if f.floor else ""
        rows.append((f.name, _num(f.value, f.unit), floor, ratio, f.goal, f.note))
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return "\n".join(lines)


def with_bytecode() -> None:
    """Write the bytecode of the paipu this interpreter imports wherever it is missing or out of
    date, as a plain ``pip install .`` writes it when it installs: a process timed here then
    pays for running the program, not for compiling its modules.  (An editable install's bytecode
    is written by the interpreter as it imports a module, except where ``PYTHONDONTWRITEBYTECODE``
    is set: there every process would compile every module it loads, some 100 ms of CPU a
    check.)  Nothing is written where the files cannot be."""
    import compileall

    package = importlib.import_module("paipu")
    if package.__file__ is not None:
        compileall.compile_dir(os.path.dirname(package.__file__), quiet=2)


def machine_note() -> str:
    """The machine the figures were taken on: CPUs and load (other work skews every figure)."""
    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    return f"{os.cpu_count()} CPUs, load average {load}; rates are per CPU second unless the line says wall"


def as_the_program() -> AbstractContextManager[object]:
    """The collector's pace the ``paipu`` program runs with (`paipu.cli.collector`), so that a
    figure is what the program gets; the interpreter's own for a paipu without that module
    (an older checkout measured beside this one)."""
    try:
        collector = importlib.import_module("paipu.cli.collector")
    except ImportError:
        return contextlib.nullcontext()
    paced: AbstractContextManager[object] = collector.fewer_collections()
    return paced


def best_cpu(run: Callable[[], object], repeat: int) -> float:
    """The least CPU time (seconds) of ``repeat`` runs of ``run``, at the program's collector pace."""
    return best_cpu_of((run,), repeat)[0]


def best_cpu_of(runs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """`best_cpu` of each of ``runs``, run in turn ``repeat`` times (one of each, then again), so
    that a change of the machine's load while they are timed falls on all of them alike."""
    best = [float("inf")] * len(runs)
    with as_the_program():
        for _ in range(max(1, repeat)):
            for i, run in enumerate(runs):
                start = time.process_time()
                run()
                best[i] = min(best[i], time.process_time() - start)
    return best


def child_cpu(command: Sequence[str], where: str | None = None, worst: int | None = None) -> float:
    """The CPU seconds (user + system) of one run of ``command`` as a process of its own (in the
    folder ``where``), read from the children's resource usage; an exit status above ``worst``
    stops the benchmark with the end of what the command wrote on standard error (any status
    will do when ``worst`` is None)."""
    return child_times(command, where, worst)[0]


def child_times(command: Sequence[str], where: str | None = None, worst: int | None = None) -> tuple[float, float]:
    """`child_cpu`'s CPU seconds of one run of ``command``, with the wall-clock seconds it took; the
    CPU time includes the processes the command started and waited for (``--jobs`` workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(command), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, cwd=where)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if worst is not None and done.returncode > worst:
        raise SystemExit(f"{' '.join(command)} ended with status {done.returncode}: "
                         f"{done.stderr.decode('utf-8', 'replace')[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall
