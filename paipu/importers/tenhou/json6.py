"""Reading tenhou.net/6 JSON logs into the neutral model.

This format records each seat's draws and discards as two separate lists, not one timeline,
and names tiles by kind only (``11``-``19`` man, ``21``-``29`` pin, ``31``-``39`` sou, ``41``-
``47`` honours, ``51``-``53`` red fives; ``60`` in a discard list is the tile just drawn, ``0``
fills the discard slot of an open kan).  Calls are strings whose letter says the kind and
whose position says the source: ``c`` chi, ``p`` pon, ``m`` open kan in a draw list; ``k``
added kan, ``a`` concealed kan and ``r`` riichi in a discard list.

So the turn order has to be rebuilt by playing the hand: the dealer draws, each discard is
offered to the seat whose next draw-list entry calls it, otherwise the next seat draws.  Two
things the log leaves open are settled the way the game itself must have gone:

* a seat may skip a discard and call the same tile from the same seat later; when the first
  call does not let the rest of the log replay, the next possibility is tried (a search
  over those decisions, which are rare), and each decision that differs from the plain
  reading is written as a note on the round;
* tiles are given Tenhou ids as they appear (red fives take copy 0, as in mjlog), and a
  discard written as a tile rather than ``60`` is a tile from the hand, not the one drawn.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.model import (
    SANE_SCORE,
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    Event,
    Game,
    Limit,
    NewDora,
    Player,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    RoundDraw,
    Rules,
    Win,
    Yaku,
)
from paipu.importers.tenhou.tiles import RED_FIVES, tile_name
from paipu.importers.tenhou.yaku import yaku_id
from paipu.value import Fields, Frozen, replace

_MAX_ATTEMPTS: Final = 4096
_TSUMOGIRI: Final = 60
_DRAW_RESULTS: Final = {
    "流局": DrawKind.EXHAUSTIVE,
    "全員聴牌": DrawKind.EXHAUSTIVE,
    "全員不聴": DrawKind.EXHAUSTIVE,
    "流し満貫": DrawKind.NAGASHI_MANGAN,
    "九種九牌": DrawKind.KYUUSHU,
    "四風連打": DrawKind.FOUR_WINDS,
    "四家立直": DrawKind.FOUR_RIICHI,
    "四槓散了": DrawKind.FOUR_KANS,
    "三家和了": DrawKind.TRIPLE_RON,
}
_LIMIT_NAMES: Final = {
    "満貫": Limit.MANGAN,
    "跳満": Limit.HANEMAN,
    "倍満": Limit.BAIMAN,
    "三倍満": Limit.SANBAIMAN,
    "役満": Limit.YAKUMAN,
    "数え役満": Limit.YAKUMAN,
}
_VALUE: Final = re.compile(
    r"(?:(?P<fu>\d+)符)?(?:(?P<han>\d+)飜)?(?P<limit>数え役満|三倍満|満貫|跳満|倍満|役満)?"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?"
)
_YAKU: Final = re.compile(r"(?P<name>.+?)\((?:(?P<han>\d+)飜|(?P<yakuman>役満))\)")
# the position of a call letter says where the called tile came from
_PON_SOURCE: Final = {0: 3, 2: 2, 4: 1}
_KAN_SOURCE: Final = {0: 3, 2: 2, 6: 1}
_ROOMS: Final = {"般": "ippan", "上": "joukyuu", "特": "tokujou", "鳳": "houou"}
_DAN_ORDER: Final = (
    "新人", "9級", "8級", "7級", "6級", "5級", "4級", "3級", "2級", "1級",
    "初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位",
)
_DAN: Final = {name: i for i, name in enumerate(_DAN_ORDER)} | {
    name.translate(str.maketrans("0123456789", "０１２３４５６７８９")): i for i, name in enumerate(_DAN_ORDER)
}
"""Tenhou's ranks by name (kyu written in either width), numbered as mjlog's ``dan`` numbers them."""


class _Mismatch(Exception):
    """This reading of the ambiguous decisions does not replay; another one may."""


# A face is a tile as this format names it: kind 0-33, plus 34 for a red five.
def _face(code: int, pos: str) -> int:
    if 11 <= code <= 19 or 21 <= code <= 29 or 31 <= code <= 39:
        return (code // 10 - 1) * 9 + code % 10 - 1
    if 41 <= code <= 47:
        return 27 + code - 41
    if 51 <= code <= 53:
        return 34 + (code - 51) * 9 + 4
    raise TenhouFormatError(f"tile code {code} is not a tile", pos)


def _face_name(face: int) -> str:
    return tile_name((face - 34) * 4) if face >= 34 else tile_name(face * 4 + 1)


def _codes(text: str, pos: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
        raise TenhouFormatError(f"call string has a malformed tile list: {text!r}", pos)
    return [_face(int(text[i : i + 2]), pos) for i in range(0, len(text), 2)]


class _Take(Frozen):
    """One draw-list entry: a drawn tile, or a call of a discard."""

    __slots__ = ("face", "kind", "own", "rel")
    _fields = ("face", "kind", "rel", "own")
    face: Final[int]  # the drawn or called tile
    kind: Final[CallKind | None]
    rel: Final[int]  # where the called tile came from, counted from the caller
    own: Final[tuple[int, ...]]

    def __init__(self, face: int, kind: CallKind | None = None, rel: int = 0, own: tuple[int, ...] = ()) -> None:
        self.face = face
        self.kind = kind
        self.rel = rel
        self.own = own


class _Out(Frozen):
    """One discard-list entry: a discard (face None for the drawn tile), a kan, or a blank."""

    __slots__ = ("blank", "face", "faces", "kind", "riichi")
    _fields = ("face", "riichi", "kind", "blank", "faces")
    face: Final[int | None]
    riichi: Final[bool]
    kind: Final[CallKind | None]
    blank: Final[bool]
    faces: Final[tuple[int, ...]]

    def __init__(self, face: int | None, riichi: bool = False, kind: CallKind | None = None, blank: bool = False,
                 faces: tuple[int, ...] = ()) -> None:
        self.face = face
        self.riichi = riichi
        self.kind = kind
        self.blank = blank
        self.faces = faces


def _parse_take(item: object, pos: str) -> _Take:
    if isinstance(item, int) and not isinstance(item, bool):
        return _Take(_face(item, pos))
    if not isinstance(item, str):
        raise TenhouFormatError(f"draw entry {item!r} is neither a tile nor a call", pos)
    for letter, kind, sources in (("c", CallKind.CHI, {0: 3}), ("p", CallKind.PON, _PON_SOURCE),
                                  ("m", CallKind.DAIMINKAN, _KAN_SOURCE)):
        at = item.find(letter)
        if at < 0:
            continue
        if at not in sources:
            raise TenhouFormatError(f"call {item!r} has its letter at an impossible place", pos)
        rest = _codes(item[:at] + item[at + 1 :], pos)
        expected = 4 if kind is CallKind.DAIMINKAN else 3
        if len(rest) != expected or len(item) < at + 3:
            raise TenhouFormatError(f"call {item!r} has {len(rest)} tiles, expected {expected}", pos)
        called = _codes(item[at + 1 : at + 3], pos)[0]
        own = _codes(item[:at] + item[at + 3 :], pos)
        return _Take(called, kind, sources[at], tuple(own))
    raise TenhouFormatError(f"draw entry {item!r} is not a call this format has", pos)


def _parse_out(item: object, pos: str) -> _Out:
    if isinstance(item, int) and not isinstance(item, bool):
        if item == 0:
            return _Out(None, blank=True)
        return _Out(None if item == _TSUMOGIRI else _face(item, pos))
    if not isinstance(item, str):
        raise TenhouFormatError(f"discard entry {item!r} is neither a tile nor a call", pos)
    if item.startswith("r") and item[1:].isdigit():
        code = int(item[1:])
        return _Out(None if code == _TSUMOGIRI else _face(code, pos), riichi=True)
    at = item.find("k")
    if at >= 0:
        if at not in _PON_SOURCE:
            raise TenhouFormatError(f"added kan {item!r} has its letter at an impossible place", pos)
        faces = _codes(item[:at] + item[at + 1 :], pos)
        if len(faces) != 4 or len(item) < at + 5:
            raise TenhouFormatError(f"added kan {item!r} has {len(faces)} tiles, expected 4", pos)
        added = _codes(item[at + 1 : at + 3], pos)[0]  # the pon's called tile follows it
        return _Out(added, kind=CallKind.KAKAN, faces=tuple(faces))
    at = item.find("a")
    if at >= 0:
        faces = _codes(item[:at] + item[at + 1 :], pos)
        if len(faces) != 4 or len({_kind(f) for f in faces}) != 1:
            raise TenhouFormatError(f"concealed kan {item!r} is not four tiles of one kind", pos)
        return _Out(faces[-1], kind=CallKind.ANKAN, faces=tuple(faces))
    raise TenhouFormatError(f"discard entry {item!r} is not a call this format has", pos)


def _kind(face: int) -> int:
    return face - 34 if face >= 34 else face


class _Table(Fields):
    """Tiles handed out so far: ids are given on first sight and never twice."""

    __slots__ = ("anchors", "at", "notes", "red_fives", "used")
    _fields = ("red_fives", "used", "notes", "at", "anchors")
    red_fives: bool
    used: set[int]
    notes: list[str]
    at: int
    """The event the next tile is handed out for (-1: none, e.g. the deals)."""
    anchors: list[tuple[int, str]]

    def __init__(self, red_fives: bool, used: set[int] | None = None, notes: list[str] | None = None, at: int = -1,
                 anchors: list[tuple[int, str]] | None = None) -> None:
        self.red_fives = red_fives
        self.used = set() if used is None else used
        self.notes = [] if notes is None else notes
        self.at = at
        self.anchors = [] if anchors is None else anchors

    def new(self, face: int) -> int:
        kind = _kind(face)
        if face >= 34 and self.red_fives:
            tile = kind * 4
            if tile in self.used:
                raise _Mismatch(f"a second red {_face_name(face)}")
            self.used.add(tile)
            return tile
        for copy in range(4):
            tile = kind * 4 + copy
            if tile in self.used or (self.red_fives and tile in RED_FIVES):
                continue
            self.used.add(tile)
            return tile
        tile = kind * 4
        if self.red_fives and tile in RED_FIVES and tile not in self.used:
            self.used.add(tile)
            text = (f"a fourth plain {_face_name(face)} in a game with red fives: it can only be the red one, "
                    f"and takes the red five's id {tile}")
            self.notes.append(text)
            if self.at >= 0:
                self.anchors.append((self.at, text))
            return tile
        raise _Mismatch(f"a fifth {_face_name(face)}")


class _RawRound(Frozen):
    """One round as the document gives it: every entry read and checked, nothing played yet."""

    __slots__ = ("dora", "hands", "honba", "index", "outs", "result", "scores", "sticks", "takes", "ura")
    _fields = ("index", "honba", "sticks", "scores", "dora", "ura", "hands", "takes", "outs", "result")
    index: Final[int]
    honba: Final[int]
    sticks: Final[int]
    scores: Final[tuple[int, ...]]
    dora: Final[tuple[int, ...]]
    ura: Final[tuple[int, ...]]
    hands: Final[tuple[tuple[int, ...], ...]]
    takes: Final[tuple[tuple[_Take, ...], ...]]
    outs: Final[tuple[tuple[_Out, ...], ...]]
    result: Final[tuple[object, ...]]

    def __init__(self, index: int, honba: int, sticks: int, scores: tuple[int, ...], dora: tuple[int, ...],
                 ura: tuple[int, ...], hands: tuple[tuple[int, ...], ...], takes: tuple[tuple[_Take, ...], ...],
                 outs: tuple[tuple[_Out, ...], ...], result: tuple[object, ...]) -> None:
        self.index = index
        self.honba = honba
        self.sticks = sticks
        self.scores = scores
        self.dora = dora
        self.ura = ura
        self.hands = hands
        self.takes = takes
        self.outs = outs
        self.result = result

    @property
    def dealer(self) -> int:
        return self.index % 4


class _Play:
    """One replay of a round under a given list of decisions."""

    def __init__(self, raw: _RawRound, red_fives: bool, choices: list[int]) -> None:
        self.raw = raw
        self.red = red_fives
        self.choices = choices
        self.used: list[int] = []  # decision taken at each ambiguous point
        self.options: list[int] = []  # how many possibilities each had
        self.decisions: list[str] = []
        self.anchors: list[tuple[int, str]] = []
        """Notes about one event: (its index in ``events``, the note)."""
        self.table = _Table(red_fives)
        self.events: list[Event] = []
        self.notes: list[str] = []
        self.hands = [[self.table.new(f) for f in faces] for faces in raw.hands]
        self.start_hands = tuple(tuple(h) for h in self.hands)
        self.dora = [self.table.new(raw.dora[0])]
        self.melds: list[list[Call]] = [[] for _ in range(4)]
        self.ti = [0, 0, 0, 0]
        self.di = [0, 0, 0, 0]
        self.riichi_pending = -1
        self.riichi_seats: set[int] = set()
        self.scores = list(raw.scores)
        self.minkan_dora = 0  # indicators owed by open and added kans, shown at the next discard
        self.last_discard: Discard | None = None
        self.last_kakan: Call | None = None
        self.last_actor = raw.dealer

    # ------------------------------------------------------------ tiles

    def _matches(self, tile: int, face: int) -> bool:
        if tile >> 2 != _kind(face):
            return False
        red = self.red and tile in RED_FIVES
        return red == (face >= 34) or not self.red

    def _from_hand(self, seat: int, face: int, avoid: int | None = None) -> int:
        hand = self.hands[seat]
        picks = [t for t in hand if self._matches(t, face) and t != avoid]
        if not picks and avoid is not None and avoid in hand and self._matches(avoid, face):
            picks = [avoid]
        if not picks:
            swapped = [t for t in hand if t >> 2 == _kind(face) and t != avoid]
            if not swapped:
                raise _Mismatch(f"seat {seat} does not hold {_face_name(face)}")
            picks = swapped
            self._note(f"seat {seat} is written to use {_face_name(face)} but holds only "
                       f"{tile_name(swapped[0], self.red)}: that tile is used", len(self.events))
        tile = min(picks)
        hand.remove(tile)
        return tile

    def _note(self, text: str, at: int) -> None:
        """A note on the event at index ``at`` of ``events`` (it may be about to be added)."""
        self.notes.append(text)
        self.anchors.append((at, text))

    def _accept_riichi(self) -> None:
        seat = self.riichi_pending
        if seat >= 0:
            self.scores[seat] -= 1000
            self.riichi_seats.add(seat)
            self.events.append(RiichiAccepted(seat, tuple(self.scores)))
            self.riichi_pending = -1

    def reveal(self) -> None:
        if len(self.dora) >= len(self.raw.dora):
            raise _Mismatch(f"a kan reveals dora indicator {len(self.dora) + 1}, the log lists {len(self.raw.dora)}")
        tile = self.table.new(self.raw.dora[len(self.dora)])
        self.dora.append(tile)
        self.events.append(NewDora(tile))

    def _exhausted(self) -> bool:
        return all(self.ti[s] >= len(self.raw.takes[s]) for s in range(4))

    # ------------------------------------------------------------ turns

    def run(self) -> None:
        seat = self.raw.dealer
        rinshan = False
        while True:
            takes = self.raw.takes[seat]
            if self.ti[seat] >= len(takes):
                raise _Mismatch(f"seat {seat} has no draw left where it should draw")
            take = takes[self.ti[seat]]
            if take.kind is not None:
                raise _Mismatch(f"seat {seat} calls where it should draw")
            self.ti[seat] += 1
            self._accept_riichi()
            self.table.at = len(self.events)
            drawn = self.table.new(take.face)
            self.table.at = -1
            self.hands[seat].append(drawn)
            self.events.append(Draw(seat, drawn, rinshan))
            self.last_discard = None
            self.last_kakan = None
            self.last_actor = seat
            nxt = self._own_turn(seat, drawn, rinshan)
            if nxt is None:
                return
            seat, rinshan = nxt

    def _own_turn(self, seat: int, drawn: int | None, after_kan: bool) -> tuple[int, bool] | None:
        """The seat's discard-list entry after a draw or call; returns who draws next (and
        whether it is a replacement draw), or None when the round is over."""
        outs = self.raw.outs[seat]
        if self.di[seat] >= len(outs):
            if not self._exhausted() or any(self.di[s] < len(self.raw.outs[s]) for s in range(4)):
                raise _Mismatch(f"seat {seat}'s lists end while others go on")
            return None
        out = outs[self.di[seat]]
        self.di[seat] += 1
        if self.minkan_dora and after_kan and out.kind is not CallKind.KAKAN:
            # a chain of added kans shows its indicators only once a discard (or concealed kan) follows
            for _ in range(self.minkan_dora):
                self.reveal()
            self.minkan_dora = 0
        if out.blank:
            raise _Mismatch(f"seat {seat} has a blank discard outside an open kan")
        if out.kind is CallKind.KAKAN:
            return self._kakan(seat, out)
        if out.kind is CallKind.ANKAN:
            tiles = tuple(sorted(self._from_hand(seat, f) for f in out.faces))
            call = Call(seat, CallKind.ANKAN, seat, tiles)
            self.melds[seat].append(call)
            self.events.append(call)
            self.reveal()
            if self._exhausted() and all(self.di[s] >= len(self.raw.outs[s]) for s in range(4)):
                self.last_kakan = call  # robbed by a thirteen orphans
                return None
            return seat, True
        if out.riichi:
            self.events.append(RiichiDeclared(seat))
            self.riichi_pending = seat
        if out.face is None:
            if drawn is None:
                raise _Mismatch(f"seat {seat} discards the drawn tile after a call")
            tile = drawn
            self.hands[seat].remove(tile)
        else:
            tile = self._from_hand(seat, out.face, avoid=drawn)
            if tile == drawn:
                self._note(f"seat {seat}'s discard of {tile_name(tile, self.red)} is written as from the hand "
                           "but the drawn tile is the only one it holds: tsumogiri", len(self.events))
        discard = Discard(seat, tile, tile == drawn)
        self.events.append(discard)
        self.last_discard = discard
        return self._after_discard(discard)

    def _kakan(self, seat: int, out: _Out) -> tuple[int, bool] | None:
        assert out.face is not None
        pon = next((m for m in self.melds[seat] if m.kind is CallKind.PON and m.kind_index == _kind(out.face)), None)
        if pon is None:
            raise _Mismatch(f"seat {seat} adds to a pon of {_face_name(out.face)} it does not have")
        added = self._from_hand(seat, out.face)
        call = Call(seat, CallKind.KAKAN, pon.from_seat, tuple(sorted((*pon.tiles, added))), pon.called, added)
        self.melds[seat].remove(pon)
        self.melds[seat].append(call)
        self.events.append(call)
        self.last_kakan = call
        if self._exhausted() and all(self.di[s] >= len(self.raw.outs[s]) for s in range(4)):
            return None  # robbed
        self.minkan_dora += 1
        return seat, True

    def _decide(self, count: int) -> int:
        if count == 1:
            return 0
        point = len(self.used)
        choice = self.choices[point] if point < len(self.choices) else 0
        self.used.append(choice)
        self.options.append(count)
        return choice

    def _after_discard(self, discard: Discard) -> tuple[int, bool] | None:
        a = discard.seat
        face_kind = discard.tile >> 2
        red = self.red and discard.tile in RED_FIVES
        callers: list[tuple[int, int, _Take]] = []
        for b in range(4):
            if b == a or self.ti[b] >= len(self.raw.takes[b]):
                continue
            take = self.raw.takes[b][self.ti[b]]
            if take.kind is None or (b + take.rel) % 4 != a:
                continue
            if _kind(take.face) != face_kind or (self.red and (take.face >= 34) != red):
                continue
            rank = 1 if take.kind is CallKind.CHI else 0
            callers.append((rank, (b - a) % 4, take))
        callers.sort(key=lambda c: (c[0], c[1]))
        nxt = (a + 1) % 4
        nxt_takes = self.raw.takes[nxt]
        can_pass = self._exhausted() or (self.ti[nxt] < len(nxt_takes) and nxt_takes[self.ti[nxt]].kind is None)
        count = len(callers) + (1 if can_pass else 0)
        if count == 0:
            raise _Mismatch(f"nobody can go on after seat {a}'s discard of {tile_name(discard.tile, self.red)}")
        choice = self._decide(count)
        if choice > 0:
            what = "no call here, though the log allows one" if choice == len(callers) else \
                f"the call by seat {(a + callers[choice][1]) % 4}"
            text = (f"seat {a}'s discard of {tile_name(discard.tile, self.red)} (event {len(self.events)}): "
                    f"{what}, since the first reading of the log does not replay to its end")
            self.decisions.append(text)
            self.anchors.append((len(self.events) - 1, text))
        if choice == len(callers):
            if self._exhausted():
                if any(self.di[s] < len(self.raw.outs[s]) for s in range(4)):
                    raise _Mismatch("draws run out before discards")
                return None
            return nxt, False
        _, dist, take = callers[choice]
        b = (a + dist) % 4
        self.ti[b] += 1
        self._accept_riichi()
        own = [self._from_hand(b, f) for f in take.own]
        assert take.kind is not None
        call = Call(b, take.kind, a, tuple(sorted((*own, discard.tile))), called=discard.tile)
        self.melds[b].append(call)
        self.events.append(call)
        self.last_discard = None
        self.last_actor = b
        if take.kind is CallKind.DAIMINKAN:
            outs = self.raw.outs[b]
            if self.di[b] >= len(outs) or not outs[self.di[b]].blank:
                raise _Mismatch(f"seat {b}'s open kan is not followed by a blank discard")
            self.di[b] += 1
            self.minkan_dora += 1
            return b, True
        return self._own_turn(b, None, False)


def _int_list(value: object, pos: str, length: int | None = None) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TenhouFormatError(f"expected a list of numbers, found {value!r}"[:200], pos)
    if length is not None and len(value) != length:
        raise TenhouFormatError(f"expected {length} numbers, found {len(value)}", pos)
    return list(value)


def _raw_round(item: object, pos: str) -> _RawRound:
    if not isinstance(item, list) or len(item) != 17:
        size = len(item) if isinstance(item, list) else type(item).__name__
        raise TenhouFormatError(f"a round is a list of 17 entries, found {size}", pos)
    meta = _int_list(item[0], f"{pos}[0]", 3)
    if not 0 <= meta[0] < 16:
        raise TenhouFormatError(f"round index {meta[0]} is not 0-15", f"{pos}[0]")
    scores = _int_list(item[1], f"{pos}[1]", 4)
    dora = [_face(c, f"{pos}[2]") for c in _int_list(item[2], f"{pos}[2]")]
    if not 1 <= len(dora) <= 5:
        raise TenhouFormatError(f"{len(dora)} dora indicators, expected 1-5", f"{pos}[2]")
    ura = [_face(c, f"{pos}[3]") for c in _int_list(item[3], f"{pos}[3]")]
    hands, takes, outs = [], [], []
    for s in range(4):
        hpos, tpos, dpos = (f"{pos}[{4 + 3 * s + k}]" for k in range(3))
        hand = [_face(c, hpos) for c in _int_list(item[4 + 3 * s], hpos, 13)]
        hands.append(tuple(hand))
        raw_takes, raw_outs = item[5 + 3 * s], item[6 + 3 * s]
        if not isinstance(raw_takes, list):
            raise TenhouFormatError("draws are not a list", tpos)
        if not isinstance(raw_outs, list):
            raise TenhouFormatError("discards are not a list", dpos)
        takes.append(tuple(_parse_take(t, f"{tpos}[{i}]") for i, t in enumerate(raw_takes)))
        outs.append(tuple(_parse_out(d, f"{dpos}[{i}]") for i, d in enumerate(raw_outs)))
    result = item[16]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise TenhouFormatError("the result is not a list starting with its kind", f"{pos}[16]")
    return _RawRound(meta[0], meta[1], meta[2], tuple(scores), tuple(dora), tuple(ura), tuple(hands),
                     tuple(takes), tuple(outs), tuple(result))


def _replay(raw: _RawRound, red: bool, pos: str) -> _Play:
    """Play the round, searching the ambiguous decisions in order until one reading replays."""
    choices: list[int] = []
    first_error: str | None = None
    for _ in range(_MAX_ATTEMPTS):
        try:
            play = _Play(raw, red, choices)
        except _Mismatch as exc:  # the deal itself is impossible: no reading helps
            raise TenhouFormatError(f"the deal is impossible: {exc}", pos) from None
        try:
            play.run()
            return play
        except _Mismatch as exc:
            first_error = first_error or str(exc)
        k = len(play.used) - 1
        while k >= 0 and play.used[k] + 1 >= play.options[k]:
            k -= 1
        if k < 0:
            break
        choices = [*play.used[:k], play.used[k] + 1]
    raise TenhouFormatError(f"the draws and discards do not replay: {first_error}", pos)


def _parse_value(text: str, pos: str) -> tuple[int | None, int | None, Limit, int]:
    m = _VALUE.fullmatch(text.replace(" ", ""))
    if m is None:
        raise TenhouFormatError(f"win value {text!r} is not in a known form", pos)
    a = int(m["a"])
    if m["b"] is not None:
        points = 2 * a + int(m["b"])
    elif m["all"]:
        points = 3 * a
    else:
        points = a
    limit = _LIMIT_NAMES.get(m["limit"] or "", Limit.NONE)
    return (int(m["fu"]) if m["fu"] else None, int(m["han"]) if m["han"] else None, limit, points)


def _parse_yaku(texts: Sequence[object], pos: str) -> tuple[tuple[Yaku, ...], tuple[Yaku, ...]]:
    yaku, yakuman = [], []
    for text in texts:
        m = _YAKU.fullmatch(str(text))
        if m is None:
            raise TenhouFormatError(f"yaku {text!r} is not name(han)", pos)
        name = m["name"]
        if m["yakuman"]:
            yakuman.append(Yaku(yaku_id(name), name, 13))
        else:
            yaku.append(Yaku(yaku_id(name), name, int(m["han"])))
    return tuple(yaku), tuple(yakuman)


def _finish(play: _Play, raw: _RawRound, pos: str) -> tuple[list[Event], list[str]]:
    """The round's result events, with the state the replay ended in."""
    kind_text = str(raw.result[0])
    notes: list[str] = []
    rpos = f"{pos}[16]"
    events: list[Event] = []
    scores = tuple(play.scores)
    sticks = raw.sticks + len(play.riichi_seats)
    while len(play.dora) < len(raw.dora):
        play.reveal()
        notes.append("a dora indicator the log lists was not revealed by a kan in play: shown at the end")
    if kind_text == "和了":
        details = raw.result[1:]
        if len(details) % 2 or not details:
            raise TenhouFormatError("a win result pairs score changes with details", rpos)
        ura_tiles = [play.table.new(f) for f in raw.ura]
        for n in range(0, len(details), 2):
            deltas = tuple(_int_list(details[n], f"{rpos}[{n + 1}]", 4))
            detail = details[n + 1]
            dpos = f"{rpos}[{n + 2}]"
            if not isinstance(detail, list) or len(detail) < 3:
                raise TenhouFormatError("win detail is not [who, from, pao, value, yaku…]", dpos)
            who, from_seat, pao = _int_list(detail[:3], dpos)
            if not all(0 <= s < 4 for s in (who, from_seat, pao)):
                raise TenhouFormatError("win detail names a seat outside 0-3", dpos)
            first = n == 0
            win_sticks = sticks if first else 0
            if len(detail) >= 4:
                fu, han, limit, points = _parse_value(str(detail[3]), dpos)
                yaku, yakuman = _parse_yaku(detail[4:], dpos)
                if han is None:
                    han = 13 * len(yakuman) if yakuman else sum(y.han for y in yaku)
            else:
                gains = [s for s in range(4) if deltas[s] > 0]
                if gains and who not in gains:
                    notes.append(f"the win is credited to seat {who} but seat {gains[0]} gains: seat {gains[0]} won")
                    who = gains[0]
                    losers = [s for s in range(4) if deltas[s] < 0]
                    from_seat = losers[0] if len(losers) == 1 else who
                fu, han, limit, yaku, yakuman = None, None, Limit.NONE, (), ()
                points = deltas[who] - 1000 * win_sticks - (300 * raw.honba if first else 0)
                notes.append(f"seat {who}'s win states no value: {points} points from the score changes")
            hand = list(play.hands[who])
            if who == from_seat:
                last = next((e for e in reversed(play.events) if isinstance(e, Draw)), None)
                if last is None or last.seat != who:
                    raise TenhouFormatError(f"seat {who} wins by tsumo but did not draw last", dpos)
                win_tile = last.tile
            elif play.last_discard is not None and play.last_discard.seat == from_seat:
                win_tile = play.last_discard.tile
                hand.append(win_tile)
            elif play.last_kakan is not None and play.last_kakan.seat == from_seat:
                kan = play.last_kakan
                win_tile = kan.added if kan.added is not None else kan.tiles[0]
                hand.append(win_tile)
            else:
                raise TenhouFormatError(f"seat {who} wins on seat {from_seat}'s tile, which was not the last", dpos)
            ura = tuple(ura_tiles[: len(play.dora)]) if who in play.riichi_seats else ()
            events.append(
                Win(
                    seat=who, from_seat=from_seat, hand=tuple(sorted(hand)), win_tile=win_tile,
                    melds=tuple(play.melds[who]), han=han, fu=fu, points=points, limit=limit, yaku=yaku,
                    yakuman=yakuman, dora_indicators=tuple(play.dora), ura_indicators=ura, honba=raw.honba,
                    sticks=win_sticks, scores=scores, deltas=deltas, pao_seat=pao if pao != who else None,
                )
            )
            scores = tuple(s + d for s, d in zip(scores, deltas, strict=True))
        return events, notes
    if kind_text not in _DRAW_RESULTS:
        raise TenhouFormatError(f"unknown result {kind_text!r}", rpos)
    kind = _DRAW_RESULTS[kind_text]
    deltas = tuple(_int_list(raw.result[1], f"{rpos}[1]", 4)) if len(raw.result) > 1 else (0, 0, 0, 0)
    if kind_text == "全員聴牌":
        tenpai: tuple[int, ...] = (0, 1, 2, 3)
    elif kind is DrawKind.EXHAUSTIVE and any(deltas) and kind_text == "流局":
        tenpai = tuple(s for s in range(4) if deltas[s] > 0)
    else:
        tenpai = ()
        if kind_text == "流局" and not any(deltas):
            notes.append("an exhaustive draw with no payments: who was ready is not recorded")
    shown = tenpai if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN) else ()
    if kind is DrawKind.KYUUSHU:
        shown = (play.last_actor,)
    hands = tuple((s, tuple(sorted(play.hands[s]))) for s in shown)
    events.append(RoundDraw(kind, tenpai, hands, raw.honba, sticks, scores, deltas))
    return events, notes


def _rules(rule: object, pos: str) -> Rules:
    if rule is None:
        return Rules()
    if not isinstance(rule, dict):
        raise TenhouFormatError("rule is not an object", pos)
    disp = str(rule.get("disp", ""))
    counts = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if not all(isinstance(c, int | float) for c in counts):
        raise TenhouFormatError(f"red five counts are not numbers: {counts}", pos)
    red = any(c > 0 for c in counts) if counts else "赤" in disp
    japanese = any(ch in disp for ch in "東南喰赤般上特鳳")
    hanchan = not ("東" in disp or "East" in disp or "Tonpu" in disp)
    return Rules(
        red_fives=red,
        open_tanyao="喰" in disp if japanese else True,
        hanchan=hanchan,
        three_player="三" in disp or "3-Player" in disp,
        fast="速" in disp,
        room=next((room for ch, room in _ROOMS.items() if disp.startswith(ch)), ""),
    )


def read_json6(path: str | Path) -> Game:
    """Read a tenhou.net/6 JSON file."""
    return parse_json6(Path(path).read_bytes())


def parse_json6(data: str | bytes | Mapping[str, object]) -> Game:
    """Decode a tenhou.net/6 JSON document (text, bytes, or already-loaded JSON)."""
    if isinstance(data, str | bytes):
        try:
            doc = json.loads(data)
        except json.JSONDecodeError as exc:
            raise TenhouFormatError(f"not JSON: {exc.msg}", f"line {exc.lineno}, column {exc.colno}") from None
        except UnicodeDecodeError as exc:
            raise TenhouFormatError(f"not UTF-8 text: {exc.reason}", f"byte {exc.start}") from None
        except (ValueError, RecursionError) as exc:
            # A number of thousands of digits (Python refuses to convert it) or nesting too deep.
            raise TenhouFormatError(f"not a JSON document paipu reads: {str(exc).split(';')[0]}") from None
    else:
        doc = data
    if not isinstance(doc, Mapping):
        raise TenhouFormatError("the document is not a JSON object", "top level")
    rules = _rules(doc.get("rule"), "rule")
    if rules.three_player:
        raise TenhouFormatError("three-player games are not supported", "rule")
    names = doc.get("name")
    if not isinstance(names, list) or len(names) != 4:
        raise TenhouFormatError("name is not a list of four players", "name")
    dan, rate, sexes = doc.get("dan"), doc.get("rate"), doc.get("sx")
    if isinstance(rate, list) and not all(isinstance(r, int | float) for r in rate):
        raise TenhouFormatError("rates are not numbers", "rate")
    players = tuple(
        Player(
            name=str(names[s]),
            dan=_DAN.get(str(dan[s])) if isinstance(dan, list) and len(dan) == 4 else None,
            rate=float(rate[s]) if isinstance(rate, list) and len(rate) == 4 else None,
            sex=str(sexes[s]) if isinstance(sexes, list) and len(sexes) == 4 else None,
        )
        for s in range(4)
    )
    log = doc.get("log")
    if not isinstance(log, list):
        raise TenhouFormatError("log is not a list of rounds", "log")
    rounds = []
    for i, item in enumerate(log):
        pos = f"log[{i}]"
        raw = _raw_round(item, pos)
        play = _replay(raw, rules.red_fives, pos)
        try:
            end, end_notes = _finish(play, raw, pos)
        except _Mismatch as exc:
            raise TenhouFormatError(f"the result does not fit the play: {exc}", f"{pos}[16]") from None
        wind, number = divmod(raw.index, 4)
        rounds.append(
            Round(
                round_wind=wind,
                number=number + 1,
                honba=raw.honba,
                sticks=raw.sticks,
                dealer=raw.dealer,
                scores=raw.scores,
                dora_indicator=play.dora[0],
                hands=play.start_hands,
                events=(*play.events, *end),
                notes=(*play.decisions, *play.table.notes, *play.notes, *end_notes),
                event_notes=tuple(sorted((*play.anchors, *play.table.anchors), key=lambda a: a[0])),
            )
        )
    final = doc.get("sc")
    final_scores = uma = None
    if final is not None and not (isinstance(final, list) and len(final) == 8 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < SANE_SCORE for v in final)):
        # (abs() of a NaN is no number below the bound either)
        raise TenhouFormatError("sc is not the final scores and points of four players: eight numbers, each "
                                "within any game's", "sc")
    if isinstance(final, list):
        final_scores = tuple(int(v) for v in final[0::2])
        uma = tuple(float(v) for v in final[1::2])
        if rounds and 100 * sum(final_scores) == sum(rounds[0].scores) != sum(final_scores):
            final_scores = tuple(100 * v for v in final_scores)  # written in hundreds, as mjlog writes them
    title = doc.get("title")
    lobby = doc.get("lobby")
    if isinstance(lobby, int) and not isinstance(lobby, bool):
        rules = replace(rules, lobby=lobby)
    ref = doc.get("ref")
    return Game(
        source="json6",
        rules=rules,
        players=players,
        rounds=tuple(rounds),
        final_scores=final_scores,
        uma=uma,
        title=" ".join(str(t) for t in title if t) if isinstance(title, list) else "",
        log_id=ref if isinstance(ref, str) else "",
    )
