"""What an importer is: a name, the files it reads, and a conversion from bytes to records.

An importer turns one file of another platform's logs into one paipu record per game, as
record text, so that everything paipu does with records (check, report, corpus) works on
them unchanged.  A log it cannot read is a `ConversionError` naming the file and line, so
that a command converting a folder can report it in one line and go on with the rest.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from paipu.limits import control_escaped

if TYPE_CHECKING:
    from paipu.record import Record

_LONG_QUOTE = re.compile(r"""(['"])([^'"\n]{60})[^'"\n]{8,}\1""")


def short_quotes(message: str) -> str:
    """``message`` with each quoted part cut to its first 60 characters (``'Player 0 Dra…'``): a
    log's line may be of any length, and a message quotes it, not repeats it."""
    return _LONG_QUOTE.sub(lambda m: f"{m[1]}{m[2]}…{m[1]}", message) if len(message) > 120 else message


class ConversionError(ValueError):
    """A log that cannot be converted: where (file and line) and what is wrong, in words (a
    quoted part of the log cut short)."""

    def __init__(self, filename: str, line: int, message: str) -> None:
        message = short_quotes(message)
        super().__init__(f"{filename}:{line}: {message}")
        self.filename = filename
        self.line = line
        self.message = message


Origins = tuple[tuple[int, str], ...]
"""Where a converted record's lines come from in the log: ``(record line, place in the log)``
pairs in the order of the record's lines, each place holding from its line up to the next
pair's (``(12, "line 7: Player 0 Draw W3")``, or one pair a hand: ``(10, "round 2, 東2局 0本場")``)."""


class Converted(NamedTuple):
    """One game of a log as a record: its id (which names the output file), the record's text,
    and where its lines come from in the log."""

    game_id: str
    text: str
    origins: Origins = ()


class ConvertedGame(Converted):
    """A `Converted` that keeps the record itself as well, whose text ``text`` is (unpacked, it
    is the same three values)."""

    record: Record | None = None
    """The record before it was written."""

    @classmethod
    def of(cls, game_id: str, text: str, origins: Origins, record: Record) -> ConvertedGame:
        made = cls(game_id, text, origins)
        made.record = record
        return made


class UnwrittenGame:
    """One game of a log converted to a record, whose text is written when first asked for
    (`text`, with `origins`): `paipu check` of the log replays the record itself (`record`) and
    reads the text only for a game the replay finds anything in
    (`paipu.cli.checking.check_file`), so that a clean game's text is never written.  An
    importer that can hand its games back so has a ``convert_unwritten`` method beside
    ``convert`` (`paipu.importers.logs.read_log` asks for it)."""

    __slots__ = ("_made", "_write", "game_id", "record")

    def __init__(self, game_id: str, record: Record, write: Callable[[], tuple[str, Origins]]) -> None:
        self.game_id = game_id
        self.record = record
        """The record before it was written (its lines have no places)."""
        self._write = write
        self._made: tuple[str, Origins] | None = None

    def written(self) -> tuple[str, Origins]:
        """The record's text and the places of its lines in the log, written the first time."""
        made = self._made
        if made is None:
            made = self._made = self._write()
        return made

    @property
    def text(self) -> str:
        return self.written()[0]

    @property
    def origins(self) -> Origins:
        return self.written()[1]


QUOTED = 60
"""How much of a log's line a place quotes (a log's line may be of any length)."""


def quoted(text: str) -> str:
    """A log's line as a place quotes it: at most `QUOTED` characters, control characters escaped."""
    text = text.strip()
    return control_escaped(text if len(text) <= QUOTED else text[:QUOTED] + "…")


def place_in_log(origins: Origins, line: int) -> str | None:
    """The place in the log of the converted record's line ``line`` (None before the first
    place given, e.g. for a header line)."""
    i = bisect_right(origins, line, key=lambda o: o[0]) - 1
    return origins[i][1] if i >= 0 else None


@runtime_checkable
class Importer(Protocol):
    """A converter of one platform's log format."""

    name: str
    """What `paipu import NAME` calls it (``botzone``)."""
    description: str
    """One line for ``paipu import --help``."""
    suffixes: tuple[str, ...]
    """The file names a folder is searched for (``.txt``)."""

    def sniff(self, head: str) -> bool:
        """Whether a file starting with ``head`` (its first few hundred characters) is in this format."""
        ...

    def convert(self, data: bytes, filename: str) -> list[Converted]:
        """Every game of the file as a record, with the places in the log its lines come from;
        `ConversionError` for a log it cannot read."""
        ...
