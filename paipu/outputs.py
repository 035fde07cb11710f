"""Writing what a command outputs: whole files or nothing, and never through a link.

Every file a command writes (records, reports, streams) is first written to a new file beside
it, created afresh (so never through a symbolic link planted in the output folder), then
renamed over the name asked for: a failure leaves no half file, and a symbolic link of that
name is replaced, not followed, so nothing is ever written outside the folder asked for.  A
name that is a device or a pipe (``-o /dev/stdout``) is written to as it is.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO


def write_output(path: str | os.PathLike[str], write: Callable[[TextIO], None]) -> Path:
    """Write a text file (UTF-8, LF) at ``path`` through ``write``, creating its folder."""
    out = Path(path)
    try:
        mode = os.lstat(out).st_mode
    except FileNotFoundError:
        mode = 0
    if mode and not stat.S_ISREG(mode) and not stat.S_ISLNK(mode) and not stat.S_ISDIR(mode):
        with out.open("w", encoding="utf-8", newline="\n") as fh:  # a device or a pipe, named as the output
            write(fh)
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, part = tempfile.mkstemp(prefix=f".{out.name[:80]}.", suffix=".part", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            write(fh)
        os.chmod(part, 0o666 & ~_umask())
        os.replace(part, out)
    finally:
        if os.path.exists(part):
            os.unlink(part)
    return out


def write_output_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` as `write_output` does."""

    def write(fh: TextIO) -> None:
        fh.write(text)

    return write_output(path, write)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
