"""Platform logs read where they are: which format a file is, its games as records, their names.

`paipu import` writes the records; `paipu check`, `report` and `corpus ingest` read the same
conversion in memory (`read_log`), so a finding on a log names the converted record's line
(what `paipu import` writes) and the place in the log it comes from (`LogGame.place`).

A file is told by its content, not its name (`classify`): the importer whose `sniff` knows
its start, or, for a compressed file, its decompressed start.  A file that looks like data
(JSON, XML, gzip, a Botzone keyword) but that no importer knows is a damaged log, reported
and counted; plain text that is none of these (a README beside the logs) is not a log at all.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Final

from paipu.errors import InputError
from paipu.importers.base import ConversionError, Converted, Origins, UnwrittenGame, place_in_log
from paipu.importers.registry import get_importer, sniff_format
from paipu.limits import MAX_FILE_BYTES
from paipu.sources import RECORD_SUFFIXES, gunzip_bounded, read_bounded, regular_file
from paipu.value import Frozen

if TYPE_CHECKING:
    from paipu.record import Record

LOG_MAX_BYTES = MAX_FILE_BYTES
"""A log larger than this (decompressed, for a ``.gz``) is refused, as a record is: a real log
holds one game (Tenhou) or a few thousand (a Botzone dump; split a larger one by its `Match`
lines), and converting it costs memory in proportion."""

HEAD_BYTES = 512
"""How much of a file's start tells its format."""

_DATA_START = re.compile(rb"\{|<|\[\s*[\[{\"0-9-]")
"""How JSON and XML start (a record's ``[Ruleset "…"]`` tag does not: a tag starts with a word)."""
_BOTZONE_WORDS = (b"Match ", b"Wind ", b"Player ", b"Huang", b"Score ", b"Fan ")


def _decompressed_head(data: bytes) -> bytes:
    """The first `HEAD_BYTES` that the start of a gzip stream decompresses to (as far as it goes)."""
    try:
        return zlib.decompressobj(wbits=16 + zlib.MAX_WBITS).decompress(data, HEAD_BYTES)
    except zlib.error:
        return b""


def classify(head: bytes, fmt: str | None = None) -> tuple[str | None, bool]:
    """``(format, looks like a log)`` of a file starting with ``head``: the importer that knows
    it (only ``fmt`` when given), and whether, known or not, it looks like a log's data rather
    than a document that is no log at all."""
    if head[:2] == b"\x1f\x8b":
        inner = _decompressed_head(head)
        if not inner:
            return None, True
        head = inner
    text = head.decode("utf-8", errors="replace")
    if fmt is not None:
        found = fmt if get_importer(fmt).sniff(text) else None
    else:
        found = sniff_format(text)
    if found is not None:
        return found, True
    start = head.lstrip(b"\xef\xbb\xbf").lstrip()
    looks = _DATA_START.match(start) is not None or start.startswith(_BOTZONE_WORDS) or b"\x00" in head
    return None, looks


def read_log_bytes(path: Path) -> bytes:
    """The log's bytes, decompressed when it is gzip, at most `LOG_MAX_BYTES` of them (a gzip
    bomb is refused a piece at a time, never held whole); `InputError` saying why not."""
    data = read_bounded(path, LOG_MAX_BYTES, "log files")
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        out = gunzip_bounded(data, LOG_MAX_BYTES)
    except (OSError, EOFError, zlib.error) as e:
        raise InputError(f"{path}: broken gzip data ({e})") from None
    if out is None:
        raise InputError(f"{path}: decompressed, it is over the limit of {LOG_MAX_BYTES:,} bytes for one log")
    return out


def file_head(path: Path) -> bytes | None:
    """The first bytes of a regular file; None for a device, a pipe, or a file that cannot be
    read (reading it says why)."""
    try:
        regular_file(path)
        with path.open("rb") as fh:
            return fh.read(HEAD_BYTES)
    except (InputError, OSError):
        return None


def read_log(path: Path, fmt: str) -> list[Converted | UnwrittenGame]:
    """Every game of the log file ``path`` in format ``fmt``, converted in memory (its record's
    text written when first asked for, where the importer can wait: `UnwrittenGame`);
    `ConversionError` (file and line) when it cannot be read or converted."""
    try:
        data = read_log_bytes(path)
    except InputError as e:
        raise ConversionError(str(path), 0, str(e).removeprefix(f"{path}: ")) from None
    importer = get_importer(fmt)
    unwritten = getattr(importer, "convert_unwritten", None)
    if unwritten is not None:
        return list(unwritten(data, str(path)))
    # An importer of another package may hand back plain ``(game id, text)`` pairs.
    return [c if isinstance(c, Converted) else Converted(*c) for c in importer.convert(data, str(path))]


class LogGame(Frozen):
    """One game of a platform's log, as the record `paipu import` would write for it.  Where the
    importer could wait (`UnwrittenGame`), its text (with the places of its lines) is written
    when first asked for: `paipu check` of a log replays ``record`` and reads the text only for a
    game it finds anything in."""

    __slots__ = ("_origins", "_text", "format", "game_id", "games_in_log", "log", "record", "record_name")
    _fields = ("log", "format", "game_id", "record_name", "text", "origins", "games_in_log", "record")
    log: Final[str]
    """The log file, as it was named or found."""
    format: Final[str]
    game_id: Final[str]
    record_name: Final[str]
    """The file `paipu import` writes it to (``GAME-ID.paipu``, distinct within one run)."""
    _text: Final[str | UnwrittenGame]
    """The text (`text`), or the game it is written from when first asked for."""
    _origins: Final[Origins]
    games_in_log: Final[int]
    record: Final[Record | None]
    """The record ``text`` is, as the importer made it (`paipu.importers.base.ConvertedGame`)."""

    def __init__(self, log: str, format: str, game_id: str, record_name: str, text: str | UnwrittenGame,
                 origins: Origins, games_in_log: int, record: Record | None = None) -> None:
        self.log = log
        self.format = format
        self.game_id = game_id
        self.record_name = record_name
        self._text = text
        self._origins = origins
        self.games_in_log = games_in_log
        self.record = record

    @property
    def text(self) -> str:
        """The converted record."""
        text = self._text
        return text.text if isinstance(text, UnwrittenGame) else text

    @property
    def origins(self) -> Origins:
        """Where its lines come from in the log (`paipu.importers.base.Origins`)."""
        text = self._text
        return text.origins if isinstance(text, UnwrittenGame) else self._origins

    @property
    def name(self) -> str:
        """How findings name it: the log's file, with ``#GAME-ID`` when it holds several games."""
        return self.log if self.games_in_log == 1 else f"{self.log}#{self.game_id}"

    def place(self, line: int) -> str | None:
        """Where the converted record's line ``line`` comes from in the log."""
        return place_in_log(self.origins, line)

    def json_fields(self) -> dict[str, object]:
        """What `check --json` adds to a game's object: the log is its ``file``."""
        return {"file": self.log, "game": self.game_id, "format": self.format, "record": self.record_name}


class RecordNames:
    """File names for converted games, distinct within one run: ``GAME-ID.paipu`` where the id
    is a safe file name and no other game of the run has it; otherwise the id made safe, with
    8 hex digits of a hash of the id (and, for a second game of the same id, of its log's path)
    so that the same game gets the same name in every run."""

    def __init__(self) -> None:
        self.taken: dict[str, tuple[str, str]] = {}

    def name(self, game_id: str, log: str) -> str:
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in game_id) or "game"
        if safe != game_id:
            safe += "-" + _digest(game_id)
        key = safe.lower()  # distinct on a file system that ignores case, too
        if key in self.taken and self.taken[key] != (game_id, log):
            safe += "-" + _digest(f"{log}\0{game_id}")
            key = safe.lower()
        self.taken[key] = (game_id, log)
        return safe + ".paipu"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()[:8]


def log_games(path: Path, fmt: str, names: RecordNames) -> list[LogGame]:
    """The games of one log file, each with the name `paipu import` gives its record."""
    converted = read_log(path, fmt)
    games: list[LogGame] = []
    for c in converted:
        text: str | UnwrittenGame = c.text if isinstance(c, Converted) else c  # (unwritten: written when asked)
        origins = c.origins if isinstance(c, Converted) else ()
        games.append(LogGame(str(path), fmt, c.game_id, names.name(c.game_id, str(path)), text, origins,
                             len(converted), getattr(c, "record", None)))
    return games


def is_record_name(path: Path) -> bool:
    """Whether a file's name says it is a paipu record (``.paipu``, ``.paipu.gz``)."""
    return path.name.endswith(RECORD_SUFFIXES)


def log_format(path: Path, fmt: str | None = None) -> tuple[str | None, bool]:
    """``(format, looks like a log)`` of the file ``path`` (`classify` of its start); a record
    file by its name is no log; a file that cannot be read (or is no regular file) may be one."""
    if is_record_name(path):
        return None, False
    head = file_head(path)
    return classify(head, fmt) if head is not None else (None, True)


def read_game(name: str, fmt: str | None = None) -> LogGame:
    """The game a source name names: ``LOG#GAME-ID`` (a game of a log of several), or a log
    file of one game; `ConversionError` when there is no such game or the log cannot be read."""
    path = Path(name)
    game_id: str | None = None
    if not path.exists() and "#" in name:
        log, _, game_id = name.rpartition("#")
        path = Path(log)
    found, _ = log_format(path, fmt)
    if found is None:
        raise ConversionError(str(path), 0, "not a log paipu reads")
    games = log_games(path, found, RecordNames())
    if game_id is None and len(games) == 1:
        return games[0]
    for game in games:
        if game.game_id == game_id:
            return game
    raise ConversionError(str(path), 0, f"no game {game_id!r} in this log" if game_id is not None
                          else f"the log holds {len(games)} games: name one as {path}#GAME-ID")
