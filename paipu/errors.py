"""The root of paipu's exceptions.

Syntax problems and rule problems are different things: a record that cannot be read raises
(or collects) `RecordSyntaxError`; a record that reads but breaks the rules produces
findings from the replay, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RecordError(Exception):
    """Root of every error paipu raises about a record or its input."""


class TileError(RecordError, ValueError):
    """A tile or tile list that is not valid notation (``0m``, ``8z``, ``9f``)."""


class RecordSyntaxError(RecordError):
    """A record that does not parse; carries the position of the first problem, and every
    syntax finding of the text in ``findings`` (`paipu.findings.Finding`)."""

    def __init__(self, message: str, line: int, column: int, findings: Sequence[Any] = ()) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message = message
        self.line = line
        self.column = column
        self.findings = list(findings)


class InputError(RecordError):
    """A file that cannot be read as a record (missing, binary, too large, not UTF-8)."""
