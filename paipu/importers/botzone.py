"""Botzone's Chinese Standard Mahjong (国标, MCR) logs as paipu records of the `mcr` ruleset.

A Botzone log is one game (one hand) after another, each like this::

    Match 61602cb45ddc087351c04358
    Wind 1
    Player 0 Deal T8 B7 T1 W6 B8 W9 J1 T9 B2 W3 T6 F4 W9
    … (players 1-3)
    Player 0 Draw J3
    Player 0 Play T6
    Player 0 Peng W9 Ignore Player 3 Chi W8
    Player 1 Hu B7
    Fan 9 ???*1+??*1+???*1
    Score -8 33 -17 -8

Player N sits at seat ``E S W N``[N], whose wind it is; player 0 draws first, so it is the
dealer, and its deal and first draw are the dealer's 14 tiles.  ``Wind`` is the prevalent wind
(`[Option prevalent]`); Botzone's judge gives each player a wall of its own, which every record
states as `[Option wall "per-seat"]`.  Tiles: ``W`` 万, ``B`` 饼, ``T`` 条, ``F1``–``F4`` 东南西北,
``J1`` 中, ``J2`` 发, ``J3`` 白, ``H1``–``H8`` the flowers.  ``Chi`` names the middle tile of the chow.
An ``Ignore Player M VERB T`` clause is a claim that another claim of higher priority
overrode: nobody declined anything, so it is kept as a comment.  ``Fan`` keeps its total
(the fan names of the public dump are garbled as ``?``; readable ones become value items),
``Score`` the payments, ``Huang`` is a drawn hand.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import paipu.record as r
from paipu.importers.base import ConversionError, Converted, quoted
from paipu.replay.session import replay
from paipu.tiles import Tile, format_tiles, parse_tiles
from paipu.value import Fields

SEATS = ("E", "S", "W", "N")
_SUITS = {"W": "m", "B": "p", "T": "s"}
_DRAGONS = {"1": "7z", "2": "6z", "3": "5z"}
_ACTION_VERBS = {"Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu"}
_WAIT_NAMES = {"独听・边张": "bianzhang", "独听・嵌张": "kanzhang", "独听・单钓": "dandiaojiang",
               "边张": "bianzhang", "嵌张": "kanzhang", "单钓将": "dandiaojiang"}
_FAN_IDS: dict[str, str] = {}
"""Each fan's Chinese name (and the waits' names Botzone writes) to its id, made on first use
(`_fan_id`): sniffing a file for its format loads every importer, and a check of another
platform's log needs no fan table."""


def _fan_id(name: str) -> str | None:
    if not _FAN_IDS:
        from paipu.rules.shared.fans import FANS

        _FAN_IDS.update({f.name_zh: f.id for f in FANS.values()}, **_WAIT_NAMES)
    return _FAN_IDS.get(name)
_FAN_ITEM = re.compile(r"^(?P<name>.+)\*(?P<count>\d+)$")


def botzone_tile(code: str) -> Tile | None:
    """A Botzone tile code as a paipu tile, or None if it is not one."""
    if len(code) != 2 or not code[1].isdigit():
        return None
    kind, rank = code[0], code[1]
    text: str | None = None
    if kind in _SUITS and rank != "0":
        text = rank + _SUITS[kind]
    elif kind == "F" and rank in "1234":
        text = rank + "z"
    elif kind == "J":
        text = _DRAGONS.get(rank)
    elif kind == "H" and rank in "12345678":
        text = rank + "f"
    return parse_tiles(text)[0] if text else None


class _Game(Fields):
    """One match of the log, as it is read line by line."""

    __slots__ = ("deal_lines", "deals", "ended", "line", "lines", "match", "places", "scored", "started", "wind",
                 "winner")
    _fields = ("match", "line", "wind", "deals", "lines", "places", "deal_lines", "started", "winner", "ended",
               "scored")
    match: str
    line: int
    wind: int
    deals: dict[int, list[Tile]]
    lines: list[str]
    """The record's action and result lines (the dealer's first draw already in its deal)."""
    places: list[str]
    """The place in the log (its line) of each of `lines`."""
    deal_lines: dict[int, int]
    """The log's line number of each player's `Deal`."""
    started: bool
    winner: int
    ended: bool
    scored: bool

    def __init__(self, match: str, line: int) -> None:
        self.match = match
        self.line = line
        self.wind = -1
        self.deals = {}
        self.lines = []
        self.places = []
        self.deal_lines = {}
        self.started = False
        self.winner = -1
        self.ended = False
        self.scored = False


class BotzoneImporter:
    """`paipu import botzone`: Botzone's Chinese Standard Mahjong logs."""

    name = "botzone"
    description = "Botzone Chinese Standard Mahjong (国标) logs: Match, Wind, Player N Deal/Draw/Play/…, Fan, Score"
    suffixes = (".txt",)

    def sniff(self, head: str) -> bool:
        first = head.lstrip("\ufeff").lstrip().split("\n", 1)[0]
        return bool(re.match(r"^Match \S+\s*$", first))

    def convert(self, data: bytes, filename: str) -> list[Converted]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConversionError(filename, data[:e.start].count(b"\n") + 1, "not UTF-8 text") from None
        games: list[_Game] = []
        game: _Game | None = None
        for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            words = line.split()
            if words[0] == "Match":
                if len(words) != 2:
                    raise ConversionError(filename, number, f"expected `Match ID`, not {line!r}")
                if game is not None:
                    self._finish(game, filename, number)
                game = _Game(words[1], number)
                games.append(game)
                continue
            if game is None:
                raise ConversionError(filename, number, f"expected a `Match ID` line first, not {line!r}")
            made = len(game.lines)
            self._line(game, words, line, filename, number)
            if len(game.lines) > made:
                game.places.extend([f"line {number}: {quoted(line)}"] * (len(game.lines) - made))
        if game is None:
            raise ConversionError(filename, 1, "no `Match ID` line: not a Botzone log")
        self._finish(game, filename, len(text.splitlines()) + 1)
        return [self._record(g) for g in games]

    # ---------------------------------------------------------------- one line
    def _line(self, g: _Game, words: list[str], line: str, filename: str, number: int) -> None:
        def fail(message: str) -> ConversionError:
            return ConversionError(filename, number, f"{message} (match {g.match})")

        head = words[0]
        if g.scored:
            raise fail(f"{line!r} after the game's `Score` line: expected the next `Match ID`")
        if head == "Wind":
            if len(words) != 2 or words[1] not in ("0", "1", "2", "3") or g.wind >= 0:
                raise fail(f"expected one `Wind 0`–`Wind 3` line, not {line!r}")
            g.wind = int(words[1])
            return
        if head == "Huang":
            if len(words) != 1 or g.ended:
                raise fail(f"unexpected {line!r}")
            g.ended = True
            g.lines.append("exhausted")
            return
        if head == "Fan":
            if g.winner < 0 or len(words) < 2 or not re.fullmatch(r"-?\d+", words[1]):
                raise fail(f"expected `Fan TOTAL …` after a `Hu` line, not {line!r}")
            g.lines.append(self._fan_line(SEATS[g.winner], int(words[1]), " ".join(words[2:])))
            return
        if head == "Score":
            if not g.ended or len(words) != 5 or not all(re.fullmatch(r"-?\d+", w) for w in words[1:]):
                raise fail(f"expected `Score S0 S1 S2 S3` after a `Hu` or `Huang` line, not {line!r}")
            g.lines.append("score " + " ".join(f"{SEATS[i]} {int(w):+d}" if int(w) else f"{SEATS[i]} 0"
                                              for i, w in enumerate(words[1:])))
            g.scored = True
            return
        if head != "Player":
            raise fail(f"unknown line {line!r}: expected Wind, Player, Fan, Score or Huang")
        if len(words) < 3 or words[1] not in ("0", "1", "2", "3"):
            raise fail(f"expected `Player 0`–`Player 3` and a verb, not {line!r}")
        player, verb = int(words[1]), words[2]
        if g.ended:
            raise fail(f"{line!r} after the game has ended")
        if verb == "Deal":
            tiles = [self._tile(w, fail) for w in words[3:]]
            if len(tiles) != 13:
                raise fail(f"player {player} is dealt {len(tiles)} tiles, not 13")
            if player in g.deals or g.started:
                raise fail(f"a second or late `Deal` for player {player}")
            g.deals[player] = tiles
            g.deal_lines[player] = number
            return
        if verb not in _ACTION_VERBS:
            raise fail(f"unknown verb {verb!r}: expected Deal, {', '.join(sorted(_ACTION_VERBS))}")
        main, ignored = self._split_ignores(words[3:], fail)
        if len(main) != 1:
            raise fail(f"`{verb}` takes one tile, not {' '.join(main) or 'none'}")
        tile = self._tile(main[0], fail)
        if len(g.deals) != 4:
            raise fail(f"`{verb}` before all four `Deal` lines")
        if g.wind < 0:
            raise fail("no `Wind` line before the play")
        seat = SEATS[player]
        comment = ""
        if ignored:
            comment = " ; Botzone: " + "; ".join(
                f"{SEATS[p]}'s {v.lower()} of {t} overridden (Ignore Player {p} {v} {code})"
                for p, v, t, code in ignored)
        if not g.started:
            if verb != "Draw" or player != 0:
                raise fail(f"the game starts with {line!r}; player 0 (the dealer) draws first")
            g.started = True
            g.deals[0].append(tile)
            return
        if verb == "Chi":
            if not tile.is_suited or not 2 <= tile.rank <= 8:
                raise fail(f"`Chi {main[0]}` names the middle tile of a chow, which is a suited 2–8")
            lo = parse_tiles(f"{tile.rank - 1}{tile.suit}")[0]
            hi = parse_tiles(f"{tile.rank + 1}{tile.suit}")[0]
            g.lines.append(f"{seat} chow {format_tiles([lo, tile, hi])}{comment}")
            return
        word = {"Draw": "draw", "Play": "discard", "Peng": "pong", "Gang": "kong", "AnGang": "ankong",
                "BuGang": "addkong", "Hu": "hu"}[verb]
        g.lines.append(f"{seat} {word} {tile}{comment}")
        if verb == "Hu":
            g.winner = player
            g.ended = True

    @staticmethod
    def _tile(code: str, fail: Callable[[str], ConversionError]) -> Tile:
        tile = botzone_tile(code)
        if tile is None:
            raise fail(f"{code!r} is not a Botzone tile (W1–W9, B1–B9, T1–T9, F1–F4, J1–J3, H1–H8)")
        return tile

    def _split_ignores(self, rest: list[str], fail: Callable[[str], ConversionError]
                       ) -> tuple[list[str], list[tuple[int, str, Tile, str]]]:
        """The verb's own tile, and the ``Ignore Player M VERB T`` clauses after it."""
        if "Ignore" not in rest:
            return rest, []
        i = rest.index("Ignore")
        main, clauses = rest[:i], rest[i:]
        ignored: list[tuple[int, str, Tile, str]] = []
        while clauses:
            if len(clauses) < 5 or clauses[0] != "Ignore" or clauses[1] != "Player" or clauses[2] not in "0123":
                raise fail(f"expected `Ignore Player M VERB TILE`, not {' '.join(clauses[:5])!r}")
            verb = clauses[3].capitalize()
            if verb.upper() not in ("CHI", "PENG", "GANG", "HU"):
                raise fail(f"an `Ignore` clause with the verb {clauses[3]!r}: expected Chi, Peng, Gang or Hu")
            ignored.append((int(clauses[2]), verb, self._tile(clauses[4], fail), clauses[4]))
            clauses = clauses[5:]
        return main, ignored

    @staticmethod
    def _fan_line(seat: str, total: int, description: str) -> str:
        """``fan SEAT TOTAL``, with value items when every fan name is readable."""
        from paipu.rules.shared.fans import FANS

        items: list[str] = []
        for part in description.split("+") if description else []:
            m = _FAN_ITEM.match(part.strip())
            fid = _fan_id(m["name"]) if m else None
            if m is None or fid is None:
                return f"fan {seat} {total}" + (f" ; Botzone's fans: {description}" if description else "")
            items.append(f"{fid} {FANS[fid].value * int(m['count'])}")
        return f"fan {seat} {total}" + (" : " + ", ".join(items) if items else "")

    # ---------------------------------------------------------------- one game
    @staticmethod
    def _finish(g: _Game, filename: str, number: int) -> None:
        if not g.scored:
            what = "a `Hu` or `Huang` line and" if not g.ended else "its"
            raise ConversionError(filename, number, f"match {g.match} (line {g.line}) ends without {what} "
                                  "`Score` line: the log is cut short")

    @staticmethod
    def _record(g: _Game) -> Converted:
        """The game as a record, each of its lines after the header placed at its line of the log."""
        out = [
            '[Ruleset "mcr"]',
            f'[Option prevalent "{SEATS[g.wind]}"]',
            '[Option wall "per-seat"]',
            *(f'[Player {SEATS[i]} "player {i}"]' for i in range(4)),
            '[Site "Botzone"]',
            f'[Event "Botzone match {g.match}"]',
            f'[Source "https://botzone.org.cn/match/{g.match}"]',
            "",
        ]
        origins = [(len(out) + 1, f"line {g.line}: Match {g.match}")]
        out += ["hand 1", "dealer E"]
        for i in range(4):
            origins.append((len(out) + 1, f"line {g.deal_lines[i]}: Player {i} Deal"))
            out.append(f"deal {SEATS[i]} {format_tiles(sorted(g.deals[i], key=lambda t: t.index))}")
        origins += [(len(out) + 1 + k, place) for k, place in enumerate(g.places)]
        out += g.lines
        return Converted(g.match, "\n".join(out) + "\n", tuple(origins))


# ---------------------------------------------------------------- the other way


def _fan_item(item: r.FanItem) -> str:
    from paipu.rules.shared.fans import FANS

    fan = FANS.get(item.name)
    if fan is None or item.value is None:
        return "?*1"
    return f"{fan.name_zh}*{item.value // fan.value}"


def botzone_code(tile: Tile) -> str:
    """A paipu tile in Botzone's notation (the inverse of `botzone_tile`)."""
    if tile.suit in "mps":
        return {"m": "W", "p": "B", "s": "T"}[tile.suit] + str(tile.rank)
    if tile.suit == "f":
        return f"H{tile.rank}"
    return f"F{tile.rank}" if tile.rank <= 4 else f"J{8 - tile.rank}"


def write_botzone(hand: r.HandRecord, match: str, wind: int) -> str:
    """One hand of an `mcr` record as Botzone writes a game: for tests and benchmarks, which need
    logs of every kind of play without copying real ones.

    The hand must be dealt by E with no flowers, and each ``hu`` must name its winning tile;
    passes are dropped (Botzone does not write them) and so is the wall.
    """
    deals = {d.seat: list(d.tiles) for d in hand.deals}
    first = deals["E"].pop()
    lines = [f"Match {match}", f"Wind {wind}"]
    lines += [f"Player {i} Deal " + " ".join(botzone_code(x) for x in deals[s]) for i, s in enumerate(r.SEATS)]
    lines.append(f"Player 0 Draw {botzone_code(first)}")
    verbs = {r.Draw: "Draw", r.Discard: "Play", r.Pong: "Peng", r.Kong: "Gang", r.AnKong: "AnGang",
             r.AddKong: "BuGang", r.Hu: "Hu"}
    for a in hand.actions:
        if isinstance(a, r.Chow):
            lines.append(f"Player {SEATS.index(a.seat)} Chi {botzone_code(sorted(a.tiles, key=lambda x: x.index)[1])}")
        elif isinstance(a, (r.Draw, r.Discard, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Hu)):
            if a.tile is None:
                raise ValueError(f"{a.seat}'s `hu` names no winning tile; Botzone's `Hu` names one")
            lines.append(f"Player {SEATS.index(a.seat)} {verbs[type(a)]} {botzone_code(a.tile)}")
        elif isinstance(a, r.Exhausted):
            lines.append("Huang")
        elif isinstance(a, r.FanLine):
            lines.append(f"Fan {a.total} " + "+".join(_fan_item(i) for i in a.items))
        elif isinstance(a, r.ScoreLine):
            lines.append("Score " + " ".join(str(v) for _, v in a.payments))
    return "\n".join(lines) + "\n"


def simulated_logs(n: int, seed: int) -> list[str]:
    """``n`` simulated one-hand games dealt by E, as Botzone logs (the wall and passes dropped):
    real-looking input for the importer's tests and benchmark, made by the `mcr` bots with a wall
    for each seat, as Botzone plays."""
    from paipu.sim.simulate import simulate_session

    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        rec = simulate_session("mcr", 1, rng, options={"wall": "per-seat"})
        hand = rec.hands[0]
        if hand.dealer is None or hand.dealer.seat != "E":
            continue
        # A named winning tile is what Botzone writes: take it from the replay.
        result = replay(rec).hands[0].result
        actions = tuple(
            r.Hu(a.span, a.seat, result.contexts[result.winners.index(a.seat)].tile) if isinstance(a, r.Hu) else a
            for a in hand.actions)
        hand = r.HandRecord(hand.number, hand.span, hand.dealer, None, None, hand.deals, actions)
        out.append(write_botzone(hand, f"sim{len(out):03d}", 0))
    return out
