"""The one exception a Tenhou importer raises about its input."""

from __future__ import annotations

from paipu.errors import RecordError


class TenhouFormatError(RecordError, ValueError):
    """A Tenhou log that cannot be decoded.

    ``position`` says where the problem is, in the terms of the format: for mjlog the
    index of the XML element in the document (and its tag), for tenhou.net/6 JSON the path
    into the document (``log[2][5][7]``).  Callers show it; tests match on it.
    """

    def __init__(self, message: str, position: str = "") -> None:
        super().__init__(f"{position}: {message}" if position else message)
        self.message = message
        self.position = position
