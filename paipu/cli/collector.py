"""The cyclic garbage collector's pace for one run of the program (or a library caller's block).

Reading and replaying records makes many small objects and almost no reference cycles, and the
record read stays alive: with the interpreter's pace (a young pass every 700 new objects) the
collector's passes over the growing heap find nothing and cost up to a third of reading a large
record.  The program asks for a young pass some seven hundred times less often instead; cycles that
observers or reports make are still collected.  The library itself never touches the
collector: a program that embeds it may opt in with `fewer_collections` around its own work.
Nothing is frozen (`gc.freeze` would move the caller's objects as well).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

TYPE_CHECKING = False
"""(True for a type checker: `paipu.cli.launch` loads this module before ``typing``.)"""
if TYPE_CHECKING:
    from typing import Final

YOUNG_THRESHOLD: Final = 500_000
"""New objects (less those freed) between two of the collector's young passes."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The collector's young passes `YOUNG_THRESHOLD` objects apart while the block runs; its
    thresholds as they were afterwards (a collector the caller turned off stays off)."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
