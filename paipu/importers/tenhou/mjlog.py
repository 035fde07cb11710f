"""Reading Tenhou's mjlog XML (``<mjloggm ver="2.3">``) into the neutral model.

An mjlog is a flat list of elements, one per thing that happened at the table; the element
name carries data (``<T107/>`` is seat 0 drawing tile 107, ``<E70/>`` seat 1 discarding 70).
The log does not say whether a discard was the drawn tile: it is inferred here (the discard
is tsumogiri when the same seat's previous event drew that very tile).  It does not mark
replacement draws either: a draw right after the same seat's kan is one.

Walls come from the ``SHUFFLE`` seed (see `wall`); a seed of another kind leaves them unknown.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final, cast
from urllib.parse import unquote
from xml.etree import ElementTree
from xml.parsers import expat

from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.meld import decode_meld
from paipu.importers.tenhou.model import (
    SANE_SCORE,
    CallKind,
    Discard,
    Disconnected,
    Draw,
    DrawKind,
    Event,
    Game,
    Limit,
    NewDora,
    Player,
    Reconnected,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    RoundDraw,
    Rules,
    Wall,
    Win,
    Yaku,
)
from paipu.importers.tenhou.wall import SEED_PREFIX, walls
from paipu.importers.tenhou.yaku import yaku_name
from paipu.limits import MAX_FILE_BYTES
from paipu.sources import gunzip_bounded
from paipu.value import replace

_DRAW_OR_DISCARD: Final = re.compile(r"([D-GT-W])(\d{1,9})")


def _move(letter: str, tile: int) -> tuple[bool, int, int]:
    """What a draw's or a discard's element name says: (a draw, the seat, the tile id)."""
    draw = letter >= "T"
    return draw, ord(letter) - ord("T" if draw else "D"), tile


_MOVES: Final = {f"{letter}{tile}": _move(letter, tile) for letter in "DEFGTUVW" for tile in range(136)}
"""`_move` of each element name a log writes for its draws and discards (any other name
`_DRAW_OR_DISCARD` matches is read by it)."""
_LIMITS: Final = (Limit.NONE, Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN, Limit.YAKUMAN)
_DRAW_KINDS: Final = {
    "yao9": DrawKind.KYUUSHU,
    "kaze4": DrawKind.FOUR_WINDS,
    "reach4": DrawKind.FOUR_RIICHI,
    "kan4": DrawKind.FOUR_KANS,
    "ron3": DrawKind.TRIPLE_RON,
    "nm": DrawKind.NAGASHI_MANGAN,
}
_ROOMS: Final = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}


def rules_from_go_type(go_type: int) -> Rules:
    """The flags of ``GO type``: bit 0 humans, 1 no red fives, 2 no open tanyao, 3 hanchan,
    4 three players, 5 and 7 the room (both set: Phoenix), 6 fast."""
    return Rules(
        red_fives=not go_type & 0x02,
        open_tanyao=not go_type & 0x04,
        hanchan=bool(go_type & 0x08),
        three_player=bool(go_type & 0x10),
        vs_human=bool(go_type & 0x01),
        fast=bool(go_type & 0x40),
        room=_ROOMS[go_type & 0xA0],
        go_type=go_type,
    )


def read_mjlog(path: str | Path) -> Game:
    """Read an mjlog file, plain or gzip-compressed."""
    return parse_mjlog(Path(path).read_bytes())


MAX_ELEMENTS: Final = 100_000
"""A log of more elements than this is refused: a Tenhou game has a few thousand (a long
hanchan about 3,000), and each element read costs memory in the game being built."""

MAX_MJLOG_BYTES: Final = MAX_FILE_BYTES
"""The most an mjlog may hold, decompressed."""


def parse_mjlog(data: bytes | str) -> Game:
    """Decode an mjlog document (text, or bytes that may be gzip-compressed, decompressed up to
    `MAX_MJLOG_BYTES`).

    A document of a game's size is parsed whole; a larger one is read one element at a time,
    each let go once read (it is never held as a tree).  A document with a DTD, or of more
    than `MAX_ELEMENTS` elements, is refused."""
    raw: bytes | None
    if isinstance(data, str):
        raw = data.encode("utf-8")
    elif data[:2] == b"\x1f\x8b":
        try:
            raw = gunzip_bounded(data, MAX_MJLOG_BYTES)
        except (OSError, EOFError, zlib.error) as exc:
            raise TenhouFormatError(f"broken gzip data: {exc}", "gzip") from None
        if raw is None:
            raise TenhouFormatError(f"decompressed, it is over the limit of {MAX_MJLOG_BYTES:,} bytes", "gzip")
    else:
        raw = data
    _refuse_dtd(raw)
    return _Reader().read(_elements(raw))


class _Stop(Exception):
    """Ends the look at a document's prolog."""


def _refuse_dtd(raw: bytes) -> None:
    """`TenhouFormatError` for a document with a DTD (``<!DOCTYPE …>``): Tenhou's logs have none,
    and a DTD's entities may expand without bound.  Only the prolog is read: a DTD comes before
    the first element."""

    def doctype(*args: object) -> None:
        raise TenhouFormatError("the document has a DTD (<!DOCTYPE …>): Tenhou's logs have none, and paipu "
                                "reads no DTD", "prolog")

    def element(*args: object) -> None:
        raise _Stop

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = element
    try:
        parser.Parse(raw, True)
    except (_Stop, expat.ExpatError):
        return  # the document's first element, or a fault the reading proper reports where it is


WHOLE_BYTES: Final = 1 << 18
"""A document up to this size (a game's is some 20-60 KB) is parsed whole, by the XML parser
alone, when it is well-formed and of no more than `MAX_ELEMENTS` elements: its elements, a
few MB of memory at most, are then read from the tree.  Any other document is read element by
element (`_streamed`), which finds the same elements, or the same faults in the same order."""


def _elements(raw: bytes) -> Iterator[tuple[int, ElementTree.Element]]:
    """The elements of the ``<mjloggm>`` document ``raw``, numbered from 1."""
    if len(raw) <= WHOLE_BYTES:
        try:
            root = ElementTree.fromstring(raw)
        except ElementTree.ParseError:
            pass  # read element by element up to the fault, as the streamed reading reports it
        else:
            if root.tag == "mjloggm" and len(root) <= MAX_ELEMENTS:
                return enumerate(root, 1)
    return _streamed(raw)


def _streamed(raw: bytes) -> Iterator[tuple[int, ElementTree.Element]]:
    """`_elements` one at a time, each given once complete and let go after
    (`ElementTree.XMLPullParser`)."""
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(events=("start", "end"))
    depth = 0
    count = 0
    root: ElementTree.Element | None = None
    try:
        for at in range(0, len(raw), 1 << 16):
            parser.feed(raw[at:at + (1 << 16)])
            for got in parser.read_events():
                event, el = cast(tuple[str, ElementTree.Element], got)  # (start and end events give elements)
                if event == "start":
                    depth += 1
                    if depth == 1:
                        if el.tag != "mjloggm":
                            raise TenhouFormatError(f"root element is <{el.tag}>, expected <mjloggm>", "line 1")
                        root = el
                    continue
                depth -= 1
                if depth == 1 and root is not None:
                    count += 1
                    if count > MAX_ELEMENTS:
                        raise TenhouFormatError(f"more than {MAX_ELEMENTS:,} elements: no Tenhou game has "
                                                "nearly as many", f"element {count}")
                    yield count, el
                    root.remove(el)
        parser.close()
        for _ in parser.read_events():
            pass
    except ElementTree.ParseError as exc:
        line, column = exc.position
        reason = str(exc.msg).rsplit(": line", 1)[0]
        raise TenhouFormatError(f"not well-formed XML: {reason}", f"line {line}, column {column}") from None
    if root is None:
        raise TenhouFormatError("not well-formed XML: no element found", "line 1")


def _position(number: int, tag: str) -> str:
    """Where element ``number`` is, for a message: ``element 12 <N>`` (a long name cut)."""
    return f"element {number} <{tag if len(tag) <= 40 else tag[:40] + '…'}>"


def _int(el: ElementTree.Element, attr: str, pos: str) -> int:
    value = el.get(attr)
    if value is None:
        raise TenhouFormatError(f"<{el.tag}> has no {attr} attribute", pos)
    try:
        return int(value)
    except ValueError:
        raise TenhouFormatError(f"{attr}={value!r} is not a number", pos) from None


def _ints(el: ElementTree.Element, attr: str, pos: str, *, required: bool = True) -> list[int]:
    value = el.get(attr)
    if value is None or value == "":
        if required and value is None:
            raise TenhouFormatError(f"<{el.tag}> has no {attr} attribute", pos)
        return []
    try:
        return [int(v) for v in value.split(",")]
    except ValueError:
        raise TenhouFormatError(f"{attr}={value!r} is not a list of numbers", pos) from None


def _small(value: str | None) -> int | None:
    """A count or an index written as a short string of digits (a log's optional attribute);
    None for anything else."""
    return int(value) if value is not None and value.isdigit() and len(value) < 10 else None


def _seat(value: int, pos: str) -> int:
    if not 0 <= value < 4:
        raise TenhouFormatError(f"seat {value} is not 0-3", pos)
    return value


def _tile(value: int, pos: str) -> int:
    if not 0 <= value < 136:
        raise TenhouFormatError(f"tile id {value} is not 0-135", pos)
    return value


class _RoundBuilder:
    """The state of the round being read: hands in play, for checks and tsumogiri."""

    __slots__ = (
        "dealer",
        "dice",
        "dora",
        "events",
        "hands",
        "honba",
        "in_hand",
        "kan_pending",
        "last_discard",
        "last_draw",
        "last_drawer",
        "number",
        "pons",
        "round_wind",
        "scores",
        "sticks",
        "wall",
    )

    def __init__(self, el: ElementTree.Element, pos: str, wall: Wall | None) -> None:
        seed = _ints(el, "seed", pos)
        if len(seed) != 6:
            raise TenhouFormatError(f"INIT seed has {len(seed)} numbers, expected 6", pos)
        index, self.honba, self.sticks, d0, d1, dora = seed
        if not 0 <= index < 16:
            raise TenhouFormatError(f"round index {index} is not 0-15", pos)
        self.round_wind, self.number = divmod(index, 4)
        self.number += 1
        self.dice = (d0, d1)
        self.dora = _tile(dora, pos)
        ten = _ints(el, "ten", pos)
        if len(ten) != 4:
            raise TenhouFormatError(f"INIT ten has {len(ten)} scores, expected 4", pos)
        self.scores = tuple(100 * t for t in ten)
        self.dealer = _seat(_int(el, "oya", pos), pos)
        hands: list[tuple[int, ...]] = []
        for s in range(4):
            hand = tuple(_tile(t, pos) for t in _ints(el, f"hai{s}", pos))
            if len(hand) != 13:
                raise TenhouFormatError(f"hai{s} has {len(hand)} tiles, expected 13", pos)
            hands.append(hand)
        self.hands = tuple(hands)
        self.in_hand = [set(h) for h in hands]
        self.pons: list[set[int]] = [set(), set(), set(), set()]  # kinds each seat has a pon of
        self.events: list[Event] = []
        self.kan_pending = -1  # the seat whose next draw replaces a kan
        self.last_discard: Discard | None = None  # the discard still open to calls
        self.last_draw = -1  # the tile drawn and not yet followed by a discard or call
        self.last_drawer = -1
        self.wall = wall

    def build(self) -> Round:
        return Round(
            round_wind=self.round_wind,
            number=self.number,
            honba=self.honba,
            sticks=self.sticks,
            dealer=self.dealer,
            scores=self.scores,
            dora_indicator=self.dora,
            hands=self.hands,
            events=tuple(self.events),
            dice=self.dice,
            wall=self.wall,
        )


class _Reader:
    """One pass over the elements of a document."""

    def __init__(self) -> None:
        self.rules = Rules()
        self.players: tuple[Player, ...] = ()
        self.rounds: list[Round] = []
        self.round: _RoundBuilder | None = None
        self.final: tuple[int, ...] | None = None
        self.uma: tuple[float, ...] | None = None

    def read(self, elements: Iterable[tuple[int, ElementTree.Element]]) -> Game:
        wall_iter: Iterator[Wall] | None = None
        for number, el in elements:
            tag = el.tag
            move = _MOVES.get(tag)
            if move is None:
                match = _DRAW_OR_DISCARD.fullmatch(tag)
                if match is not None:
                    move = _move(match[1], int(match[2]))
            if move is not None:
                self._draw_or_discard(move[0], move[1], move[2], number, tag)
                continue
            pos = _position(number, tag)
            if tag == "N":
                self._call(el, pos)
            elif tag == "REACH":
                self._riichi(el, pos)
            elif tag == "DORA":
                rnd = self._in_round(pos)
                rnd.events.append(NewDora(_tile(_int(el, "hai", pos), pos)))
            elif tag == "INIT":
                if self.round is not None:
                    self.rounds.append(self.round.build())
                wall = next(wall_iter) if wall_iter is not None else None
                self.round = _RoundBuilder(el, pos, wall)
            elif tag == "AGARI":
                self._win(el, pos)
            elif tag == "RYUUKYOKU":
                self._draw_end(el, pos)
            elif tag == "SHUFFLE":
                seed = el.get("seed", "")
                if seed.startswith(SEED_PREFIX):
                    wall_iter = walls(seed)
            elif tag == "GO":
                lobby = el.get("lobby")
                self.rules = replace(rules_from_go_type(_int(el, "type", pos)),
                                     lobby=_small(lobby),
                                     csrule=el.get("csrule", ""))
                if self.rules.three_player:
                    raise TenhouFormatError("three-player games are not supported", pos)
            elif tag == "UN":
                self._players(el, pos)
            elif tag == "BYE":
                if self.round is not None:
                    self.round.events.append(Disconnected(_seat(_int(el, "who", pos), pos)))
            elif tag == "TAIKYOKU":
                pass
            else:
                raise TenhouFormatError(f"unknown element <{tag if len(tag) <= 40 else tag[:40] + '…'}>", pos)
        if self.round is not None:
            self.rounds.append(self.round.build())
        if not self.players:
            raise TenhouFormatError("no <UN> element names the players", "end of document")
        return Game(
            source="mjlog",
            rules=self.rules,
            players=self.players,
            rounds=tuple(self.rounds),
            final_scores=self.final,
            uma=self.uma,
        )

    def _in_round(self, pos: str) -> _RoundBuilder:
        if self.round is None:
            raise TenhouFormatError("play before the first <INIT>", pos)
        return self.round

    def _players(self, el: ElementTree.Element, pos: str) -> None:
        names = [el.get(f"n{s}") for s in range(4)]
        if el.get("dan") is None and self.players:
            for s, name in enumerate(names):
                if name is not None and self.round is not None:
                    self.round.events.append(Reconnected(s))
            return
        dan = _ints(el, "dan", pos, required=False)
        rate_text = el.get("rate", "")
        try:
            rate = [float(r) for r in rate_text.split(",")] if rate_text else []
        except ValueError:
            raise TenhouFormatError(f"rate={rate_text!r} is not a list of numbers", pos) from None
        sexes = el.get("sx", "").split(",")
        players = []
        for s in range(4):
            name = names[s]
            if name is None:
                raise TenhouFormatError(f"<UN> has no n{s}", pos)
            players.append(
                Player(
                    name=unquote(name),
                    dan=dan[s] if s < len(dan) else None,
                    rate=rate[s] if s < len(rate) else None,
                    sex=sexes[s] if s < len(sexes) and sexes[s] else None,
                )
            )
        self.players = tuple(players)

    def _draw_or_discard(self, draw: bool, seat: int, tile: int, number: int, tag: str) -> None:
        """A draw (``<T…>`` to ``<W…>``) or a discard (``<D…>`` to ``<G…>``) of ``seat``,
        element ``number``: most of a log, so its position is written out only for a fault."""
        rnd = self.round
        if rnd is None or not 0 <= tile < 136:
            pos = _position(number, tag)
            rnd = self._in_round(pos)
            _tile(tile, pos)
        if draw:
            if tile in rnd.in_hand[seat]:
                raise TenhouFormatError(f"seat {seat} draws tile {tile} it already holds", _position(number, tag))
            rinshan = rnd.kan_pending == seat
            rnd.kan_pending = -1
            rnd.in_hand[seat].add(tile)
            rnd.last_discard = None
            rnd.last_draw, rnd.last_drawer = tile, seat
            rnd.events.append(Draw(seat, tile, rinshan))
            return
        if tile not in rnd.in_hand[seat]:
            raise TenhouFormatError(f"seat {seat} discards tile {tile} it does not hold", _position(number, tag))
        rnd.in_hand[seat].discard(tile)
        tsumogiri = rnd.last_draw == tile and rnd.last_drawer == seat
        rnd.last_draw = -1
        rnd.last_discard = Discard(seat, tile, tsumogiri)
        rnd.events.append(rnd.last_discard)

    def _call(self, el: ElementTree.Element, pos: str) -> None:
        rnd = self._in_round(pos)
        seat = _seat(_int(el, "who", pos), pos)
        call = decode_meld(seat, _int(el, "m", pos), pos)
        hand = rnd.in_hand[seat]
        if call.kind is CallKind.KAKAN:
            if call.kind_index not in rnd.pons[seat]:
                raise TenhouFormatError(f"seat {seat} adds to a pon it does not have", pos)
            rnd.pons[seat].discard(call.kind_index)
            own: tuple[int, ...] = (call.added,) if call.added is not None else ()
        else:
            own = tuple(t for t in call.tiles if t != call.called)
        missing = [t for t in own if t not in hand]
        if missing:
            raise TenhouFormatError(f"seat {seat} calls {call.kind} with tiles {missing} it does not hold", pos)
        if call.called is not None and call.kind is not CallKind.KAKAN:
            last = rnd.last_discard
            if last is None or last.tile != call.called or last.seat != call.from_seat:
                raise TenhouFormatError(f"seat {seat} calls tile {call.called}, which is not the last discard", pos)
        hand.difference_update(own)
        if call.kind is CallKind.PON:
            rnd.pons[seat].add(call.kind_index)
        rnd.last_discard = None
        rnd.last_draw = -1
        if call.is_kan:
            rnd.kan_pending = seat
        rnd.events.append(call)

    def _riichi(self, el: ElementTree.Element, pos: str) -> None:
        rnd = self._in_round(pos)
        seat = _seat(_int(el, "who", pos), pos)
        step = _int(el, "step", pos)
        if step == 1:
            rnd.events.append(RiichiDeclared(seat))
        elif step == 2:
            ten = _ints(el, "ten", pos, required=False)
            rnd.events.append(RiichiAccepted(seat, tuple(100 * t for t in ten) if ten else None))
        else:
            raise TenhouFormatError(f"riichi step {step} is not 1 or 2", pos)

    def _scores(self, el: ElementTree.Element, pos: str) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
        sc = _ints(el, "sc", pos)
        if len(sc) != 8:
            raise TenhouFormatError(f"sc has {len(sc)} numbers, expected 8", pos)
        ba = _ints(el, "ba", pos)
        if len(ba) != 2:
            raise TenhouFormatError(f"ba has {len(ba)} numbers, expected 2", pos)
        owari = el.get("owari")
        if owari is not None:
            parts = owari.split(",")
            try:
                self.final = tuple(100 * int(p) for p in parts[0::2])
                self.uma = tuple(float(p) for p in parts[1::2])
            except ValueError:
                raise TenhouFormatError(f"owari={owari!r} is not a list of numbers", pos) from None
            if not all(abs(v) < SANE_SCORE for v in (*self.final, *self.uma)):  # (also not inf, nor nan)
                raise TenhouFormatError(f"owari={owari!r}: a score or points past any game's", pos)
        return tuple(100 * v for v in sc[0::2]), tuple(100 * v for v in sc[1::2]), ba[0], ba[1]

    def _win(self, el: ElementTree.Element, pos: str) -> None:
        rnd = self._in_round(pos)
        seat = _seat(_int(el, "who", pos), pos)
        from_seat = _seat(_int(el, "fromWho", pos), pos)
        hand = tuple(_tile(t, pos) for t in _ints(el, "hai", pos))
        melds = tuple(decode_meld(seat, m, pos) for m in _ints(el, "m", pos, required=False))
        win_tile = _tile(_int(el, "machi", pos), pos)
        if win_tile not in hand:
            raise TenhouFormatError(f"winning tile {win_tile} is not in the hand", pos)
        ten = _ints(el, "ten", pos)
        if len(ten) != 3 or not 0 <= ten[2] < len(_LIMITS):
            raise TenhouFormatError(f"ten={el.get('ten')!r} is not fu,points,limit", pos)
        pairs = _ints(el, "yaku", pos, required=False)
        if len(pairs) % 2:
            raise TenhouFormatError("yaku has an odd count of numbers", pos)
        yaku = tuple(Yaku(pairs[i], yaku_name(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs), 2))
        yakuman = tuple(Yaku(y, yaku_name(y), 13) for y in _ints(el, "yakuman", pos, required=False))
        han = 13 * len(yakuman) if yakuman else sum(y.han for y in yaku)
        pao = el.get("paoWho")
        scores, deltas, honba, sticks = self._scores(el, pos)
        rnd.events.append(
            Win(
                seat=seat,
                from_seat=from_seat,
                hand=hand,
                win_tile=win_tile,
                melds=melds,
                han=han,
                fu=ten[0],
                points=ten[1],
                limit=_LIMITS[ten[2]],
                yaku=yaku,
                yakuman=yakuman,
                dora_indicators=tuple(_tile(t, f"{pos} doraHai") for t in _ints(el, "doraHai", pos)),
                ura_indicators=tuple(_tile(t, f"{pos} doraHaiUra")
                                     for t in _ints(el, "doraHaiUra", pos, required=False)),
                honba=honba,
                sticks=sticks,
                scores=scores,
                deltas=deltas,
                pao_seat=_seat(pao_seat, pos) if (pao_seat := _small(pao)) is not None else None,
            )
        )

    def _draw_end(self, el: ElementTree.Element, pos: str) -> None:
        rnd = self._in_round(pos)
        kind_attr = el.get("type")
        if kind_attr is None:
            kind = DrawKind.EXHAUSTIVE
        elif kind_attr in _DRAW_KINDS:
            kind = _DRAW_KINDS[kind_attr]
        else:
            raise TenhouFormatError(f"unknown draw type {kind_attr!r}", pos)
        hands = tuple(
            (s, tuple(_tile(t, pos) for t in _ints(el, f"hai{s}", pos)))
            for s in range(4)
            if el.get(f"hai{s}") is not None
        )
        scores, deltas, honba, sticks = self._scores(el, pos)
        tenpai = tuple(s for s, _ in hands) if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN) else ()
        rnd.events.append(RoundDraw(kind, tenpai, hands, honba, sticks, scores, deltas))


__all__ = ["parse_mjlog", "read_mjlog", "rules_from_go_type"]
