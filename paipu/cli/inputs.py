"""Reading what a command line names: record files, folders of them, platforms' logs.

Nothing here loads click: ``paipu check FILE`` runs without it (`paipu.cli.launch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from paipu.cli.output import EXIT_OK, EXIT_USAGE, echo, echo_err
from paipu.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    from paipu.cli.items import Item
    from paipu.importers.logs import RecordNames


def collect_files(paths: tuple[str, ...], on_problem: Callable[[str, str], None] | None = None,
                  suffixes: tuple[str, ...] | None = None) -> tuple[list[str], int]:
    """The record files named or found in folders (or, with ``suffixes``, the files of those
    names), each named as `paipu.sources.path_name` writes it, and the exit status so far; each
    problem (a folder without records, a sub-folder that cannot be read) is printed and told to
    ``on_problem(path, message)``."""
    from paipu.sources import RECORD_SUFFIXES, expand_names, is_folder, path_name

    files: list[str] = []
    status = EXIT_OK
    problems: list[str] = []
    wanted = suffixes or RECORD_SUFFIXES

    def problem(raw: str, message: str) -> None:
        echo_err(message)
        if on_problem is not None:
            on_problem(raw, message)

    for raw in paths:
        found = list(expand_names([raw], problems.append, wanted, "records" if suffixes is None else "files"))
        for message in problems:
            problem(message.split(": ", 1)[0], message)
            status = EXIT_USAGE
        problems.clear()
        if not found and is_folder(path_name(raw)):
            what = "records (*.paipu, *.paipu.gz)" if suffixes is None else "records or logs"
            problem(raw, f"{raw}: no {what} in this folder")
            status = EXIT_USAGE
        files.extend(found)
    return files, status


class Inputs:
    """The records named on the command line, read one by one; unreadable ones are reported
    (one line each on standard error) and skipped, `status` remembers that something was,
    and `problems` keeps each ``(path, message)`` for a command that reports them in its
    output too (``check --json``).

    With ``logs``, platforms' logs are read too, where they are (`items`): a file named, or a
    file of a log format's name found in a folder, that starts like a log is converted in
    memory, game by game (``fmt`` names the format to read them as; else each file's own is
    told by its content).  A file found in a folder that is plain text and no log (a README)
    is named as skipped (`skipped`) and counts as nothing; one that looks like a log's data
    but is none paipu reads is a problem, as is a log that cannot be converted."""

    def __init__(self, paths: tuple[str, ...], *, logs: bool = False, fmt: str | None = None) -> None:
        from paipu.sources import is_folder, path_name

        self.problems: list[tuple[str, str]] = []
        self.skipped: list[tuple[str, str]] = []
        self.logs = logs
        self.fmt = fmt
        suffixes = None
        if logs:
            from paipu.importers.registry import importer_suffixes
            from paipu.sources import RECORD_SUFFIXES

            suffixes = (*RECORD_SUFFIXES, *importer_suffixes(fmt))
        self.named = {name for name in map(path_name, paths) if not is_folder(name)}
        self.files, self.status = collect_files(paths, lambda p, m: self.problems.append((p, m)), suffixes)
        self.folder_problems = list(self.problems)
        """The problems found before any file is read: folders without records or unreadable."""

    def each(self) -> Iterator[tuple[Path, str | None, str | None]]:
        """Every file in order as ``(path, text, None)``, or ``(path, None, problem)`` when it
        cannot be read as a record (the problem is printed too)."""
        from pathlib import Path

        for item in self.items():
            if item.skipped is None:
                yield Path(item.path), item.text, item.problem

    def items(self) -> Iterator[Item]:
        """Every record in order (a log's games one by one, with ``logs``), or a file that cannot
        be read, with its problem (printed too)."""
        from paipu.cli.items import Item
        from paipu.sources import RECORD_SUFFIXES, file_name, read_record_text

        names = None
        for path in self.files:
            if self.logs and not file_name(path).endswith(RECORD_SUFFIXES):
                # (`paipu.importers.logs` is loaded only when a file may be a log.)
                from paipu.importers.logs import RecordNames

                names = names or RecordNames()
                log = self._log(path, names)
                if log is not None:
                    yield from log
                    continue
            try:
                text = read_record_text(path)
            except InputError as e:
                message = str(e)
            else:
                other = None if self.logs else _other_format(text)
                if other is None:
                    yield Item(path, path, text)
                    continue
                message = (f"{path}: a {other} log, not a paipu record: convert it with "
                           f"`paipu import {other} {path} --out DIR`")
            yield self._problem(path, message)

    def _log(self, name: str, names: RecordNames) -> list[Item] | None:
        """The games of the file ``name`` when it is a log (or a problem, or nothing for a file
        skipped); None when it is to be read as a record."""
        from pathlib import Path

        from paipu.cli.items import Item
        from paipu.importers.base import ConversionError
        from paipu.importers.logs import file_head, is_record_name, log_format, log_games
        from paipu.importers.registry import importer_names

        path = Path(name)
        found, looks = log_format(path, self.fmt)
        if found is None:
            if is_record_name(path) or file_head(path) is None:
                return None  # a record; or a file that cannot be read, which reading it as one says why
            named = name in self.named
            if not looks and not (named and self.fmt is not None):
                if named:
                    return None  # plain text named on the command line: read as a record, whatever its name
                reason = "plain text that is neither a record nor a log paipu reads"
                echo(f"paipu: {name}: skipped: {reason}", err=True)
                self.skipped.append((name, reason))
                return [Item(name, name, None, skipped=reason)]
            said = f"a {self.fmt} log" if self.fmt else f"a record or a log paipu reads ({', '.join(importer_names())})"
            return [self._problem(name, f"{name}: not {said}: it starts like none of them")]
        try:
            games = log_games(path, found, names)
        except ConversionError as e:
            where = f"{e.filename}:{e.line}" if e.line else e.filename
            return [self._problem(name, f"{where}: {e.message}")]
        return [Item(name, g.name, None, None, g) for g in games]  # (each text its game's, written if asked for)

    def _problem(self, path: str, message: str) -> Item:
        from paipu.cli.items import Item

        echo_err(message)
        self.status = EXIT_USAGE
        self.problems.append((path, message))
        return Item(path, path, None, message)

    def __iter__(self) -> Iterator[tuple[Path, str]]:
        for path, text, _ in self.each():
            if text is not None:
                yield path, text

    @property
    def unreadable(self) -> int:
        """How many paths could not be read (so far)."""
        return len(self.problems)


def _other_format(text: str) -> str | None:
    """The import format of a file that is another platform's log, not a record (sniffed from
    its start); None for anything else, which the parser then reads and reports."""
    head = text.lstrip()[:200]
    if not head or head[0] in "[;" or head.startswith("hand"):
        return None
    from paipu.importers.registry import sniff_format

    return sniff_format(head)
