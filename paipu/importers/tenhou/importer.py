"""`paipu import tenhou`: Tenhou's logs (mjlog XML, plain or gzip, and tenhou.net/6 JSON) as
records of the ``riichi`` ruleset, one per game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePath

from paipu.importers.base import ConversionError, Converted
from paipu.importers.tenhou.convert import ConversionError as GameError
from paipu.importers.tenhou.convert import game_to_text
from paipu.importers.tenhou.ending import LOG_ID
from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.json6 import parse_json6
from paipu.importers.tenhou.mjlog import parse_mjlog


class TenhouImporter:
    """`paipu import tenhou`: an mjlog or tenhou.net/6 file holds one game."""

    name = "tenhou"
    description = "Tenhou logs: mjlog XML (plain or gzip) and tenhou.net/6 JSON, as riichi records"
    suffixes = (".mjlog", ".xml", ".json", ".gz")

    def sniff(self, head: str) -> bool:
        if head.startswith("\x1f"):
            return True  # gzip: Tenhou serves its mjlog files compressed
        start = head.lstrip("\ufeff").lstrip()
        if start.startswith("<"):
            return "mjloggm" in start
        return start.startswith("{") and '"log"' in start

    def convert(self, data: bytes, filename: str) -> list[Converted]:
        try:
            data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark, as an editor may save it
            stripped = data.lstrip()
            game = parse_json6(data) if stripped[:1] == b"{" else parse_mjlog(data)
            if not game.log_id:
                # An mjlog does not name its game; Tenhou names the file after it (the date the
                # rules of the time are read from: paipu.importers.tenhou.ending).
                found = LOG_ID.search(PurePath(filename).name)
                if found is not None:
                    game = replace(game, log_id=found.group(0))
            text = game_to_text(game)
        except TenhouFormatError as e:
            raise ConversionError(filename, 0, e.message if not e.position else f"{e.position}: {e.message}") from None
        except GameError as e:
            raise ConversionError(filename, 0, str(e)) from None
        name = PurePath(filename).name
        for suffix in (".gz", ".mjlog", ".xml", ".json"):
            name = name.removesuffix(suffix)
        return [(name or "game", text)]
