"""What the ``paipu`` program is, apart from click: its commands, and how it ends at once."""

from __future__ import annotations

import os
import sys

# Each command's name, and the module and attribute that define it, in the order of ``--help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("paipu.cli.formatting", "parse_cmd"),
    "fmt": ("paipu.cli.formatting", "fmt_cmd"),
    "check": ("paipu.cli.records", "check_cmd"),
    "simulate": ("paipu.cli.simulation", "simulate_cmd"),
    "mutate": ("paipu.cli.simulation", "mutate_cmd"),
    "report": ("paipu.cli.report", "report_command"),
    "review": ("paipu.cli.review", "review_command"),
    "corpus": ("paipu.cli.corpus", "corpus_group"),
    "analyze": ("paipu.cli.analyze", "analyze"),
    "odds": ("paipu.cli.analyze", "odds"),
    "import": ("paipu.cli.importing", "import_command"),
    "export": ("paipu.cli.exporting", "export_cmd"),
}


ENDS_AT_ONCE: frozenset[str | None] = frozenset({None, "check"})
"""The commands (None: the group itself, its ``--help`` and ``--version``) that hold nothing
to close when they are done (no database, no temporary file, no file written but their
output), so the program may end as soon as their output is flushed."""


def end_now(code: object) -> None:
    """End the program with exit status ``code`` at once, skipping the teardown of the
    interpreter (freeing every object, module by module), when that is safe: standard output
    and error flush, no other thread runs, no worker process was started.  The exit handlers
    registered with `atexit` still run.  Returns, doing nothing, when it is not safe: the
    caller then ends as usual."""
    if code is None:
        status = 0
    elif isinstance(code, int) and not isinstance(code, bool) and 0 <= code <= 255:
        status = code
    else:
        return  # a message or an odd number: Python's own exit says and maps it
    threading = sys.modules.get("threading")
    if threading is not None and (threading.active_count() > 1 or getattr(threading, "_threading_atexits", None)):
        return
    if "multiprocessing" in sys.modules:
        return  # its exit handlers reap worker processes; let Python run them in its order
    import atexit

    run_handlers = getattr(atexit, "_run_exitfuncs", None)
    forget_handlers = getattr(atexit, "_clear", None)
    if run_handlers is None or forget_handlers is None or not _flushed():
        return  # (a closed pipe, a full disk: Python's own exit reports it as it always does)
    run_handlers()
    forget_handlers()  # run once: if what follows fails, Python's own exit must not run them again
    if _flushed():
        os._exit(status)


def _flushed() -> bool:
    """Whether standard output and error are written out."""
    try:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            if stream is not None:
                stream.flush()
    except Exception:
        return False
    return True
