"""Reading record files: one clear error for every way a file can be unreadable."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

from paipu.errors import InputError
from paipu.limits import MAX_FILE_BYTES

if TYPE_CHECKING:
    from pathlib import Path

MAX_BYTES = MAX_FILE_BYTES
"""Records larger than this are refused: no real session is anywhere near it."""

RECORD_SUFFIXES = (".paipu", ".paipu.gz")
"""What a folder is searched for; a file named on the command line is read whatever its name."""


def path_name(path: str | os.PathLike[str]) -> str:
    """The path as ``str(pathlib.Path(path))`` writes it (``a//b/./c/`` is ``a/b/c``, an empty
    path is ``.``), without loading `pathlib`, which is some 16M instructions of a check's
    start-up: how every file is named in what paipu prints."""
    raw = os.fspath(path)
    if os.name != "posix":
        from pathlib import Path

        return str(Path(raw))
    root = ""
    if raw.startswith("/"):
        rest = raw.lstrip("/")
        root = "//" if len(raw) - len(rest) == 2 else "/"  # (POSIX leaves two leading slashes to the system)
        raw = rest
    parts = [part for part in raw.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


def file_name(name: str) -> str:
    """The last part of a path named as `path_name` writes it (``pathlib.PurePath.name``)."""
    return "" if name == "." else name.rpartition("/")[2]


_NOT_THERE = frozenset((errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP))


def is_folder(name: str | os.PathLike[str]) -> bool:
    """Whether ``name`` is a folder, as ``pathlib.Path.is_dir`` says: False for a path that is not
    there (or not reachable through a file, or a loop of links); any other failure (permission
    denied on the way) raises `OSError`."""
    try:
        return stat.S_ISDIR(os.stat(name).st_mode)
    except OSError as e:
        if e.errno not in _NOT_THERE:
            raise
        return False
    except ValueError:
        return False


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file (``.gz`` is decompressed), or `InputError` saying why not."""
    p = path_name(path)
    size = regular_file(p).st_size
    if size > MAX_BYTES:
        raise InputError(
            f"{p}: {size:,} bytes is over the limit of {MAX_BYTES:,} bytes ({MAX_BYTES / 1048576:g} MB) "
            "for one record"
        )
    if p.endswith(".gz"):
        import gzip  # (a record that is not compressed needs none)

        with _reading(p), gzip.open(p, "rb") as fh:
            data: bytes | bytearray = _read_at_most(fh, MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise InputError(f"{p}: decompressed, it is over the {MAX_BYTES // 1048576} MB limit")
    else:
        data = _read_file(p, MAX_BYTES, "record")
    return decode_record_bytes(data, p)


@contextmanager
def _reading(p: str | os.PathLike[str]) -> Iterator[None]:
    """Every way reading ``p`` can fail, as an `InputError` naming it."""
    try:
        yield
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except (OSError, EOFError) as e:  # (gzip.BadGzipFile is an OSError)
        raise InputError(f"{p}: cannot be read ({e.__class__.__name__}: {e})") from None
    except Exception as e:
        if not _is_zlib_error(e):
            raise
        raise InputError(f"{p}: cannot be read ({e.__class__.__name__}: {e})") from None


def _is_zlib_error(e: BaseException) -> bool:
    """Whether ``e`` is a `zlib.error` (zlib is loaded only to read compressed data, which alone
    raises one: a plain check does not load it)."""
    zlib = sys.modules.get("zlib")
    return zlib is not None and isinstance(e, zlib.error)


def _read_file(p: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """At most ``limit`` bytes of the file ``p`` (``what`` names one such file), read once."""
    with _reading(p), open(p, "rb") as fh:
        # As much as the file holds, and one byte more: a read of the limit itself would reserve
        # the limit's size whatever the file's.  A file that grew since is read on, bounded.
        want = min(os.fstat(fh.fileno()).st_size, limit) + 1
        data = fh.read(want)
        if len(data) == want and want <= limit:
            data += bytes(_read_at_most(fh, limit + 1 - want))
    if len(data) > limit:
        raise InputError(f"{p}: over the limit of {limit:,} bytes for one {what}")
    return data


class _Readable(Protocol):
    def read(self, size: int = ..., /) -> bytes: ...


def read_pieces(fh: _Readable, limit: int) -> Iterator[bytes]:
    """At most ``limit`` bytes of ``fh``, a piece (up to 1 MB) at a time: a gzip stream read in
    one call holds what it decompressed twice, so a gzip bomb would cost twice the limit before
    it was refused."""
    left = limit
    while left > 0:
        chunk = fh.read(min(left, 1 << 20))
        if not chunk:
            return
        yield chunk
        left -= len(chunk)


def gunzip_bounded(data: bytes, limit: int) -> bytes | None:
    """The gzip data ``data`` decompressed, or None when it is more than ``limit`` bytes (a gzip
    bomb is refused a piece at a time, never decompressed whole): the one bounded reader of every
    compressed input.  `OSError`, `EOFError` or `zlib.error` for broken data."""
    import gzip

    with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
        out = _read_at_most(fh, limit + 1)
    return bytes(out) if len(out) <= limit else None


def _read_at_most(fh: _Readable, limit: int) -> bytes | bytearray:
    """At most ``limit`` bytes of ``fh``, read by `read_pieces`."""
    buf = bytearray()
    for chunk in read_pieces(fh, limit):
        buf += chunk
    return buf  # not copied into a `bytes`: decoding reads a bytearray as well


def regular_file(p: str | os.PathLike[str], what: str = "record files") -> os.stat_result:
    """The status of ``p`` (a `pathlib.Path`, or a name as `path_name` writes it), or `InputError`
    unless it is a regular file: a device (/dev/zero) never ends and a named pipe blocks until
    written, so only files are read (``what`` names what is read)."""
    try:
        status = os.stat(p)
        mode = status.st_mode
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except OSError as e:
        raise InputError(f"{p}: cannot be read ({e.__class__.__name__}: {e})") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{p}: is a directory, not a {what.removesuffix('s')}")
    if not stat.S_ISREG(mode):
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise InputError(f"{p}: {kind}, not a regular file; only {what} are read")
    return status


def read_bounded(p: str | os.PathLike[str], limit: int, what: str = "files") -> bytes:
    """The bytes of the regular file ``p``, at most ``limit`` of them, or `InputError` saying why not."""
    regular_file(p, what)
    return _read_file(p, limit, what.removesuffix("s"))


def decode_record_bytes(data: bytes | bytearray, name: str) -> str:
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


def expand_paths(paths: Iterable[str | os.PathLike[str]],
                 on_error: Callable[[str], None] | None = None,
                 suffixes: tuple[str, ...] = RECORD_SUFFIXES, what: str = "records") -> Iterator[Path]:
    """Files as given; folders searched recursively for files whose names end with one of
    ``suffixes`` (records: ``*.paipu`` and ``*.paipu.gz``), sorted (``what`` names them in messages).

    A sub-folder that cannot be read is told to ``on_error`` (one message each), or, without
    it, raises `InputError`: records are never skipped without a word."""
    from pathlib import Path

    for name in expand_names(paths, on_error, suffixes, what):
        yield Path(name)


def expand_names(paths: Iterable[str | os.PathLike[str]],
                 on_error: Callable[[str], None] | None = None,
                 suffixes: tuple[str, ...] = RECORD_SUFFIXES, what: str = "records") -> Iterator[str]:
    """`expand_paths`, each file named as `path_name` writes it, in the same order (a folder's
    files sorted part by part, as paths are)."""
    for raw in paths:
        p = path_name(raw)
        if is_folder(p):
            found: list[str] = []

            def unreadable(e: OSError, top: str = p) -> None:
                where = e.filename or top
                message = f"{where}: this folder cannot be read ({e.strerror or e}); its {what} are not read"
                if on_error is None:
                    raise InputError(message)
                on_error(message)

            for folder, dirs, names in os.walk(p, onerror=unreadable):
                dirs.sort()
                found.extend(path_name(os.path.join(folder, n)) for n in names if n.endswith(suffixes))
            yield from sorted(found, key=_parts)
        else:
            yield p


def _parts(name: str) -> list[str]:
    """How paths are ordered (`pathlib.PurePath`'s order: part by part, not character by character)."""
    return name.split("/")
