"""What an importer is: a name, the files it reads, and a conversion from bytes to records.

An importer turns one file of another platform's logs into one paipu record per game, as
record text, so that everything paipu does with records (check, report, corpus) works on
them unchanged.  A log it cannot read is a `ConversionError` naming the file and line, so
that a command converting a folder can report it in one line and go on with the rest.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class ConversionError(ValueError):
    """A log that cannot be converted: where (file and line) and what is wrong, in words."""

    def __init__(self, filename: str, line: int, message: str) -> None:
        super().__init__(f"{filename}:{line}: {message}")
        self.filename = filename
        self.line = line
        self.message = message


Converted = tuple[str, str]
"""(game id, record text) of one converted game; the id names the output file."""


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
        """Every game of the file as a record; `ConversionError` for a log it cannot read."""
        ...
