"""Reading record files: one clear error for every way a file can be unreadable."""

from __future__ import annotations

import gzip
import os
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from paipu.errors import InputError

MAX_BYTES = 64 * 1024 * 1024
"""Records larger than this are refused: no real session is anywhere near it."""

RECORD_SUFFIXES = (".paipu", ".paipu.gz")
"""What a folder is searched for; a file named on the command line is read whatever its name."""


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file (``.gz`` is decompressed), or `InputError` saying why not."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{p}: no such file")
    if p.is_dir():
        raise InputError(f"{p}: is a directory, not a record file")
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise InputError(
                f"{p}: {size:,} bytes is over the limit of {MAX_BYTES:,} bytes ({MAX_BYTES / 1048576:g} MB) "
                "for one record"
            )
        if p.name.endswith(".gz"):
            with gzip.open(p, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise InputError(f"{p}: decompressed, it is over the {MAX_BYTES // 1048576} MB limit")
        else:
            data = p.read_bytes()
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as e:
        raise InputError(f"{p}: cannot be read ({e.__class__.__name__}: {e})") from None
    return decode_record_bytes(data, str(p))


def decode_record_bytes(data: bytes, name: str) -> str:
    if not data.strip():
        raise InputError(f"{name}: the file is empty")
    if b"\x00" in data[:65536]:
        raise InputError(f"{name}: a binary file, not a record (records are UTF-8 text)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise InputError(
            f"{name}: not UTF-8 text (byte 0x{data[e.start]:02x} on line {line}); "
            "save the record as UTF-8"
        ) from None
    return text.removeprefix("\ufeff")


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Files as given; folders searched recursively for ``*.paipu`` and ``*.paipu.gz``, sorted."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*") if f.is_file() and f.name.endswith(RECORD_SUFFIXES)
            )
            yield from found
        else:
            yield p
