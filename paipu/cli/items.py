"""What a command reads: each record of its inputs (`Item`), made by `paipu.cli.common.Inputs`.

A module of its own so that ``paipu --version`` and ``--help``, which load `paipu.cli.common`,
do without `paipu.value` (compiled, the first compiled module loads paipu's native library).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from paipu.value import Frozen

if TYPE_CHECKING:
    from paipu.importers.logs import LogGame


class Item(Frozen):
    """One record to audit: a record file, or a game of a platform's log converted in memory
    (``game``, whose text is its game's, written when first asked for); or, with ``text`` None,
    a file that could not be read (``problem`` says why)."""

    __slots__ = ("_text", "game", "name", "path", "problem", "skipped")
    _fields = ("path", "name", "text", "problem", "game", "skipped")
    path: Final[str]
    """The file, named as `paipu.sources.path_name` writes it (as ``str(pathlib.Path(...))`` does)."""
    name: Final[str]
    """How findings name it: the file, or for a game of a log of several, ``LOG#GAME-ID``."""
    _text: Final[str | None]
    """The text read (`text`); None for a game of a log (its game's) or a file not read."""
    problem: Final[str | None]
    game: Final[LogGame | None]
    skipped: Final[str | None]
    """Why a file found in a folder was not read: it is neither a record nor a log (said, not counted)."""

    def __init__(self, path: str, name: str, text: str | None, problem: str | None = None,
                 game: LogGame | None = None, skipped: str | None = None) -> None:
        self.path = path
        self.name = name
        self._text = text
        self.problem = problem
        self.game = game
        self.skipped = skipped

    @property
    def text(self) -> str | None:
        """The record's text (a game's: its game's, `LogGame.text`); None for a file not read."""
        if self._text is None and self.game is not None:
            return self.game.text
        return self._text

    @property
    def readable(self) -> bool:
        """Whether there is a record to audit (``text`` is not None), without writing a game's text."""
        return self._text is not None or self.game is not None
