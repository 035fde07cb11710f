"""`paipu import tenhou`: Tenhou's logs (mjlog XML, plain or gzip, and tenhou.net/6 JSON) as
records of the ``riichi`` ruleset, one per game."""

from __future__ import annotations

import re
from pathlib import PurePath

from paipu.grammar.writer import format_record
from paipu.importers.base import ConversionError, Converted, ConvertedGame, Origins, UnwrittenGame
from paipu.importers.tenhou.convert import ConversionError as GameError
from paipu.importers.tenhou.convert import game_to_record
from paipu.importers.tenhou.ending import LOG_ID
from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.json6 import parse_json6
from paipu.importers.tenhou.mjlog import parse_mjlog
from paipu.importers.tenhou.model import Game
from paipu.value import replace

_JSON6_START = re.compile(r'\{\s*"(title|name|rule|log|ver|ref|lobby|dan|rate|sx|sc|ratingc)"\s*:')


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
        # tenhou.net/6: a JSON object whose keys are Tenhou's (the ``log`` may come after long names).
        return _JSON6_START.match(start) is not None or (start.startswith("{") and '"log"' in start)

    def convert(self, data: bytes, filename: str) -> list[Converted]:
        games: list[Converted] = []
        for game in self.convert_unwritten(data, filename):
            text, origins = game.written()
            games.append(ConvertedGame.of(game.game_id, text, origins, game.record))
        return games

    def convert_unwritten(self, data: bytes, filename: str) -> list[UnwrittenGame]:
        """`convert`, each game's text written only when first asked for (`UnwrittenGame`)."""
        try:
            data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark, as an editor may save it
            stripped = data.lstrip()
            json6 = stripped[:1] == b"{"
            game = parse_json6(data) if json6 else parse_mjlog(data)
            if not game.log_id:
                # An mjlog does not name its game; Tenhou names the file after it (the date the
                # rules of the time are read from: paipu.importers.tenhou.ending).
                found = LOG_ID.search(PurePath(filename).name)
                if found is not None:
                    game = replace(game, log_id=found.group(0))
            record = game_to_record(game)
        except TenhouFormatError as e:
            raise ConversionError(filename, 0, e.message if not e.position else f"{e.position}: {e.message}") from None
        except GameError as e:
            raise ConversionError(filename, 0, str(e)) from None
        name = PurePath(filename).name
        for suffix in (".gz", ".mjlog", ".xml", ".json"):
            name = name.removesuffix(suffix)

        def write() -> tuple[str, Origins]:
            text = format_record(record)
            return text, _origins(text, game, json6)

        return [UnwrittenGame(name or "game", record, write)]


_WINDS = "東南西北"


def _origins(text: str, game: Game, json6: bool) -> Origins:
    """Each hand of the record placed at its round of the log (tenhou.net/6: its entry of ``log``,
    counted from 0 as in the file; mjlog: its ``INIT`` element, counted from 1)."""
    places: list[tuple[int, str]] = []
    hands = iter(enumerate(game.rounds))
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("hand "):
            i, rnd = next(hands, (-1, None))
            if rnd is None:
                break
            where = f"log[{i}]" if json6 else f"<INIT> {i + 1}"
            places.append((number, f"{where}: {_WINDS[rnd.round_wind % 4]}{rnd.number}局 {rnd.honba}本場"))
    return tuple(places)
