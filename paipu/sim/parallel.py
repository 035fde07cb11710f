"""Work in worker processes: a bounded window of work, results taken in order, and workers
that end with their parent.  The simulator's sessions and the corpus's ingest (which sits
above the simulator in the layers of paipu) both use these.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

B = TypeVar("B")
R = TypeVar("R")
T = TypeVar("T", covariant=True)


class ResultLike(Protocol[T]):
    """What both `concurrent.futures.Future` and `distributed.Future` offer."""

    def result(self) -> T: ...


def in_order(submit: Callable[[B], ResultLike[R]], work: Iterable[B], window: int) -> Iterator[R]:
    """Submit work, never more than ``window`` unfinished, and yield the results in submission
    order (so the output does not depend on which worker was faster, and memory stays bounded)."""
    pending: deque[ResultLike[R]] = deque()
    for item in work:
        pending.append(submit(item))
        while len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def end_with_parent(parent: int, every: float = 0.5) -> None:
    """Run in each worker: end it when the process that started it is gone (``kill -9``),
    rather than leave it playing on, re-parented."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="paipu-parent-watch", daemon=True).start()
