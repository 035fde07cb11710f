"""What a replay produces: steps, win analyses, hand results and the session's scores."""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias, cast

from paipu.findings import Finding, PackedFindings
from paipu.hand.sets import GroupView as GroupView  # a report's view of a set, re-exported
from paipu.record import Action, HandRecord, Seat, Span, _compact_span
from paipu.tiles import NUM_KINDS, RED_FIVES, Tile, tile_from_index
from paipu.value import Fields, Frozen

Payments: TypeAlias = dict[Seat, int]


# The values of a replay's results are `paipu.value.Value` classes (compared, hashed, shown and
# pickled by their fields, declared once in ``_fields``), each with its ``__init__`` written out;
# the mutable results (a hand's, the session's) are `paipu.value.Fields`: compared and shown the
# same way, not hashed.


class ValueItem(Frozen):
    """One scoring item of a win (东风 2台), citing its rule."""

    __slots__ = _fields = ("id", "value", "rule", "name_zh", "count")
    id: Final[str]
    value: Final[int]
    rule: Final[str]
    name_zh: Final[str]
    count: Final[int]
    """How many times the item occurs (two 东风 pongs are not possible, but two 中发白 are)."""

    def __init__(self, id: str, value: int, rule: str, name_zh: str = "", count: int = 1) -> None:
        self.id = id
        self.value = value
        self.rule = rule
        self.name_zh = name_zh
        self.count = count


class WinContext(Frozen):
    __slots__ = _fields = ("seat", "tile", "self_drawn", "from_seat", "robbed", "after_kong", "first_draw",
                           "dealer_first", "last_tile")
    seat: Final[Seat]
    tile: Final[Tile]
    """The winning tile: the last draw, the claimed discard or the robbed kong tile."""
    self_drawn: Final[bool]
    from_seat: Final[Seat | None]
    """Who discarded it, or whose kong was robbed."""
    robbed: Final[bool]
    after_kong: Final[bool]
    """Won on a kong (or flower) replacement draw."""
    first_draw: Final[bool]
    """The seat's first draw of the hand, with no claim before it."""
    dealer_first: Final[bool]
    """The dealer's 14 dealt tiles, before any discard."""
    last_tile: Final[bool]
    """Won on the last drawable tile (or its discard)."""

    def __init__(self, seat: Seat, tile: Tile, self_drawn: bool, from_seat: Seat | None = None,
                 robbed: bool = False, after_kong: bool = False, first_draw: bool = False,
                 dealer_first: bool = False, last_tile: bool = False) -> None:
        self.seat = seat
        self.tile = tile
        self.self_drawn = self_drawn
        self.from_seat = from_seat
        self.robbed = robbed
        self.after_kong = after_kong
        self.first_draw = first_draw
        self.dealer_first = dealer_first
        self.last_tile = last_tile


class WinAnalysis(Frozen):
    __slots__ = _fields = ("seat", "tile", "is_win", "shape", "items", "total", "groups", "reason", "decompositions",
                           "multiplier", "rule", "checked")
    seat: Final[Seat]
    tile: Final[Tile]
    is_win: Final[bool]
    shape: Final[str]
    """standard, seven_pairs, thirteen_orphans, quanzipai…; 'none' when no shape fits."""
    items: Final[tuple[ValueItem, ...]]
    total: Final[int]
    groups: Final[tuple[GroupView, ...]]
    reason: Final[str]
    """Why it is not a win (no shape, below the minimum…), in words."""
    decompositions: Final[int]
    """How many ways the hand could be read; the highest-valued one is chosen."""
    multiplier: Final[int]
    rule: Final[str]
    """The rule the hand fails (the minimum, a shape condition) when it is not a win."""
    checked: Final[bool]
    """False when the winner's tiles were not known (after a not-held error): no verdict."""

    def __init__(self, seat: Seat, tile: Tile, is_win: bool, shape: str, items: tuple[ValueItem, ...] = (),
                 total: int = 0, groups: tuple[GroupView, ...] = (), reason: str = "", decompositions: int = 0,
                 multiplier: int = 1, rule: str = "", checked: bool = True) -> None:
        self.seat = seat
        self.tile = tile
        self.is_win = is_win
        self.shape = shape
        self.items = items
        self.total = total
        self.groups = groups
        self.reason = reason
        self.decompositions = decompositions
        self.multiplier = multiplier
        self.rule = rule
        self.checked = checked


class Transfer(Frozen):
    """One payment between two seats and why (win, kong, flowers), for the audit."""

    __slots__ = _fields = ("payer", "payee", "amount", "reason", "rule")
    payer: Final[Seat]
    payee: Final[Seat]
    amount: Final[int]
    reason: Final[str]
    rule: Final[str]

    def __init__(self, payer: Seat, payee: Seat, amount: int, reason: str, rule: str) -> None:
        self.payer = payer
        self.payee = payee
        self.amount = amount
        self.reason = reason
        self.rule = rule


class GameEnd(Frozen):
    """What the end of the game moves after its last hand is settled (`Ruleset.settle_game`):
    riichi's sticks left on the table, which go to the player in first place."""

    __slots__ = _fields = ("payments", "rule", "why")
    payments: Final[Payments]
    """Each seat's gain or loss (seats that get nothing may be left out)."""
    rule: Final[str]
    """The rule the moves follow."""
    why: Final[str]
    """What moved, in words (also a note on the last hand's result)."""

    def __init__(self, payments: Payments, rule: str, why: str) -> None:
        self.payments = payments
        self.rule = rule
        self.why = why


NO_GAME_END = GameEnd({}, "", "")
"""Nothing moves at the end of the game (or the game is not over)."""


class FinalPoints(Frozen):
    """A seat's final points by the ruleset's points rule (`Ruleset.final_points`)."""

    __slots__ = _fields = ("tenths", "why")
    tenths: Final[int]
    """The points, counted in tenths of a point (+51.3 is 513)."""
    why: Final[str]
    """How they come about, in words (the place, the uma): for messages."""

    def __init__(self, tenths: int, why: str) -> None:
        self.tenths = tenths
        self.why = why


class HandResult(Fields):
    __slots__ = _fields = ("number", "dealer", "result", "winners", "wins", "contexts", "payments", "transfers",
                           "recorded_payments", "multiplier", "notes", "reason")
    number: int
    dealer: Seat
    result: Literal["win", "exhausted", "incomplete"]
    winners: list[Seat]
    wins: list[WinAnalysis]
    contexts: list[WinContext]
    payments: Payments
    transfers: list[Transfer]
    recorded_payments: Payments | None
    multiplier: int
    """老庄 and other whole-hand multipliers applied to the payments."""
    notes: list[str]
    reason: str
    """Why a hand with no winner ended when its wall was not exhausted: the ruleset's word for it
    (`paipu.replay.ruleset.Ruleset.end_reason`: riichi's abortive draws, ``kyuushu`` …); "" otherwise."""

    def __init__(self, number: int, dealer: Seat, result: Literal["win", "exhausted", "incomplete"],
                 winners: list[Seat] | None = None, wins: list[WinAnalysis] | None = None,
                 contexts: list[WinContext] | None = None, payments: Payments | None = None,
                 transfers: list[Transfer] | None = None, recorded_payments: Payments | None = None,
                 multiplier: int = 1, notes: list[str] | None = None, reason: str = "") -> None:
        self.number = number
        self.dealer = dealer
        self.result = result
        self.winners = [] if winners is None else winners
        self.wins = [] if wins is None else wins
        self.contexts = [] if contexts is None else contexts
        self.payments = {} if payments is None else payments
        self.transfers = [] if transfers is None else transfers
        self.recorded_payments = recorded_payments
        self.multiplier = multiplier
        self.notes = [] if notes is None else notes
        self.reason = reason

    def to_json(self) -> dict[str, object]:
        first = self.wins[0] if self.wins else None
        return {
            "number": self.number,
            "dealer": self.dealer,
            "result": self.result,
            "winners": list(self.winners),
            "value": first.total if first else None,
            "items": [{"id": i.id, "value": i.value} for i in first.items] if first else [],
            "wins": [
                {
                    "seat": w.seat,
                    "tile": str(w.tile),
                    "shape": w.shape,
                    "value": w.total,
                    "items": [{"id": i.id, "value": i.value, "rule": i.rule} for i in w.items],
                }
                for w in self.wins
            ],
            "payments": dict(self.payments),
            "recorded_payments": dict(self.recorded_payments) if self.recorded_payments is not None else None,
            **({"reason": self.reason} if self.reason else {}),
        }


class SessionState(Fields):
    """What carries from hand to hand: scores, the dealer and how long they have stayed, and
    whatever the ruleset carries of its own (`ruleset_data`)."""

    __slots__ = _fields = ("scores", "dealer", "stays", "has_start_scores", "ruleset_data")
    scores: dict[Seat, int]
    dealer: Seat | None
    stays: int
    """Consecutive hands the current dealer has kept the deal (老庄 streak)."""
    has_start_scores: bool
    ruleset_data: object
    """The ruleset's own state carried from hand to hand (riichi's round wind, honba and sticks),
    one object of a class of its own, made by `Ruleset.new_session_data`; each hand's
    `HandState.session_data` is the same object."""

    def __init__(self, scores: dict[Seat, int], dealer: Seat | None = None, stays: int = 0,
                 has_start_scores: bool = False, ruleset_data: object = None) -> None:
        self.scores = scores
        self.dealer = dealer
        self.stays = stays
        self.has_start_scores = has_start_scores
        self.ruleset_data = ruleset_data


class MeldView(Frozen):
    __slots__ = _fields = ("kind", "tiles", "claimed", "source")
    kind: Final[str]
    tiles: Final[tuple[Tile, ...]]
    claimed: Final[Tile | None]
    source: Final[Seat | None]

    def __init__(self, kind: str, tiles: tuple[Tile, ...], claimed: Tile | None, source: Seat | None) -> None:
        self.kind = kind
        self.tiles = tiles
        self.claimed = claimed
        self.source = source


_CODE_RED = 64
"""Added to a tile's index in a packed tile list for a red five; 128 marks a claimed discard."""
_CODE_CLAIMED = 128
_RED_OF_INDEX = {t.index: t for t in RED_FIVES}
_TILE_OF_CODE: tuple[Tile | None, ...] = tuple(
    (tile_from_index(c) if c < NUM_KINDS else None) if c < _CODE_RED else _RED_OF_INDEX.get(c - _CODE_RED)
    for c in range(_CODE_CLAIMED)
)
_PAIR_OF_CODE: tuple[tuple[Tile, bool] | None, ...] = tuple(
    (t, c >= _CODE_CLAIMED) if (t := _TILE_OF_CODE[c % _CODE_CLAIMED]) is not None else None for c in range(256)
)

PackedTiles: TypeAlias = "bytes | tuple[Tile, ...]"
PackedRiver: TypeAlias = "bytes | RiverSlice | tuple[tuple[Tile, bool], ...]"


_CODE_OF_TILE: dict[int, int] = {id(t): c for c, t in enumerate(_TILE_OF_CODE) if t is not None}
"""The code of each interned tile, by its identity (interned tiles live as long as the program)."""
_code_of_id = _CODE_OF_TILE.__getitem__
_tile_of_code = _TILE_OF_CODE.__getitem__
_pair_of_code = _PAIR_OF_CODE.__getitem__


def _pack(tiles: tuple[Tile, ...]) -> PackedTiles:
    """Tiles as one byte each (a tuple of 14 tiles costs three times as much); a tile that is
    not one of the interned ones keeps the tuple as it is."""
    try:
        return bytes(list(map(_code_of_id, map(id, tiles))))  # from a list: sized exactly
    except KeyError:
        return tiles


def _pack_river(river: tuple[tuple[Tile, bool], ...]) -> PackedRiver:
    try:
        return bytes([_code_of_id(id(t)) | (_CODE_CLAIMED if claimed else 0) for t, claimed in river])
    except (KeyError, TypeError, ValueError):
        return river


def _unpack(packed: PackedTiles) -> tuple[Tile, ...]:
    if isinstance(packed, tuple):
        return packed
    return tuple(list(map(_tile_of_code, packed)))  # type: ignore[arg-type]  # sized exactly: see `SeatState.concealed_tiles`


def _unpack_river(packed: PackedRiver) -> tuple[tuple[Tile, bool], ...]:
    if isinstance(packed, tuple):
        return packed
    if isinstance(packed, RiverSlice):
        packed = packed.packed()
    return tuple(map(_pair_of_code, packed))  # type: ignore[arg-type]


TILE_OF_CODE: list[Tile | None] = list(_TILE_OF_CODE)
"""The interned tile of each code below 128 (its index, plus `CODE_RED` for a red five), or None:
a tile ``t`` is interned when ``TILE_OF_CODE[t.index + (CODE_RED if t.red else 0)] is t``."""
CODE_RED = _CODE_RED
UNCLAIMED_OF_CODE: list[Any] = list(_PAIR_OF_CODE[:_CODE_CLAIMED])
"""The pair ``(tile, False)`` every discard of the interned tile of each code (`TILE_OF_CODE`)
shares (`paipu.replay.state.shared_discard`), read from a list by a small int."""
CLAIMED_OF_CODE: list[Any] = list(_PAIR_OF_CODE[_CODE_CLAIMED:])
"""The same, claimed."""


def river_code(tile: Tile, claimed: object) -> int:
    """A discard's code in a packed river (`KeyError` for a tile that is not an interned one)."""
    return _code_of_id(id(tile)) | (_CODE_CLAIMED if claimed else 0)


class RiverLog:
    """One seat's discards in one hand, packed, as the engine makes them: a discard is only ever
    added at the end, and only the last one is ever changed (marked claimed).

    Every step's view of the river is a `RiverSlice` of this one log rather than a copy of its
    own, so a hand's views of a river cost a few bytes a step, not the river's length a step
    (which, in a hand of thousands of discards, is memory and time in the square of its length).
    Only `paipu.replay.state` adds to a log, and never changes a code but the last: the slices
    it gave hold that one themselves."""

    __slots__ = ("codes",)

    def __init__(self) -> None:
        self.codes = bytearray()


class RiverSlice:
    """A river at one step: the first ``n`` discards of ``log``, the last of them as it was then
    (``last``: it may be marked claimed in the log later).  Immutable; equal to another slice,
    or to the packed bytes, of the same discards."""

    __slots__ = ("last", "log", "n")
    log: RiverLog
    n: int
    last: int

    def __init__(self, log: RiverLog, n: int, last: int) -> None:
        _set = object.__setattr__
        _set(self, "log", log)
        _set(self, "n", n)
        _set(self, "last", last)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("RiverSlice is immutable")

    def packed(self) -> bytes:
        """The river as one code a discard."""
        n = self.n
        if not n:
            return b""
        codes = bytearray(self.log.codes[:n - 1])
        codes.append(self.last)
        return bytes(codes)

    def tail(self, start: int) -> tuple[tuple[Tile, bool], ...]:
        """The discards from the ``start``-th on, read without the ones before."""
        n = self.n
        if start >= n:
            return ()
        codes = bytearray(self.log.codes[start:n - 1])
        codes.append(self.last)
        return tuple(map(_pair_of_code, codes))  # type: ignore[arg-type]

    def __len__(self) -> int:
        return self.n

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RiverSlice):
            if other.log is self.log:
                return other.n == self.n and (not self.n or other.last == self.last)
            return other.packed() == self.packed()
        if isinstance(other, bytes):
            return other == self.packed()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.packed())

    def __repr__(self) -> str:
        return f"RiverSlice({self.packed()!r})"


class SeatView:
    """One seat's side of the table after a step: concealed tiles, melds, discards, flowers.

    A report keeps one of these per seat for every step of a record, so the tiles are
    stored packed (a byte a tile) and read back as tuples of the interned tiles; a view is
    immutable, and equal parts are shared between the views of consecutive steps
    (`TableView.sharing`)."""

    __slots__ = ("_concealed", "_discards", "flowers", "melds", "ready")
    _concealed: PackedTiles
    _discards: PackedRiver
    melds: tuple[MeldView, ...]
    flowers: tuple[Tile, ...]
    ready: bool

    def __init__(self, concealed: tuple[Tile, ...], melds: tuple[MeldView, ...],
                 discards: tuple[tuple[Tile, bool], ...] | RiverSlice, flowers: tuple[Tile, ...],
                 ready: bool) -> None:
        _set = object.__setattr__
        _set(self, "_concealed", _pack(concealed))
        _set(self, "melds", melds)
        _set(self, "_discards", discards if isinstance(discards, RiverSlice) else _pack_river(discards))
        _set(self, "flowers", flowers)
        _set(self, "ready", ready)

    @property
    def concealed(self) -> tuple[Tile, ...]:
        return _unpack(self._concealed)

    @property
    def discards(self) -> tuple[tuple[Tile, bool], ...]:
        """Each discard and whether it was claimed."""
        return _unpack_river(self._discards)

    def river_change(self, prev: SeatView | None) -> tuple[int, tuple[tuple[Tile, bool], ...],
                                                           tuple[tuple[Tile, bool], ...]]:
        """How the river changed from ``prev`` (the step before; None: no river) to this view:
        ``(k, before, now)``, the discards from the ``k``-th on of ``prev`` and of this one (the
        first ``k`` are the same).  Views of one hand's river read only what is new, so a
        reader going over every step of a long hand takes time in proportion to it."""
        mine = self._discards
        theirs = prev._discards if prev is not None else b""
        if isinstance(mine, RiverSlice) and isinstance(theirs, RiverSlice) and mine.log is theirs.log:
            k = max(0, min(mine.n, theirs.n) - 1)
            return k, theirs.tail(k), mine.tail(k)
        return 0, _unpack_river(theirs), _unpack_river(mine)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("SeatView is immutable")

    def __reduce__(self) -> tuple[type[SeatView], tuple[object, ...]]:
        return SeatView, (self.concealed, self.melds, self.discards, self.flowers, self.ready)

    def _key(self) -> tuple[object, ...]:
        return (self._concealed, self.melds, self._discards, self.flowers, self.ready)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"SeatView(concealed={self.concealed!r}, melds={self.melds!r}, discards={self.discards!r}, "
                f"flowers={self.flowers!r}, ready={self.ready!r})")

    def replace(self, **changes: object) -> SeatView:
        """A copy with some parts changed (``concealed=…``), as `dataclasses.replace` would."""
        parts: dict[str, object] = {"concealed": self.concealed, "melds": self.melds, "discards": self.discards,
                                    "flowers": self.flowers, "ready": self.ready}
        parts.update(changes)
        return SeatView(**parts)  # type: ignore[arg-type]

    def sharing(self, prev: SeatView) -> SeatView:
        """This view, or ``prev`` when equal; else this one holding ``prev``'s equal parts."""
        if self == prev:
            return prev
        _set = object.__setattr__
        if self._concealed == prev._concealed:
            _set(self, "_concealed", prev._concealed)
        if self.melds == prev.melds:
            _set(self, "melds", prev.melds)
        if self._discards == prev._discards:
            _set(self, "_discards", prev._discards)
        if self.flowers == prev.flowers:
            _set(self, "flowers", prev.flowers)
        return self


class TableView:
    """The table after a step, for reports (a snapshot; the engine's state moves on).

    Immutable.  A record's report holds one per step, so a view keeps what it shares with
    the step before as the same objects (`sharing`): the seats that did not change, and
    the known wall as a slice of the hand's first one, read back on demand."""

    __slots__ = ("_order", "_seat_views", "_wall", "_wall_from", "_wall_to", "marked_tile", "marked_tiles", "phase",
                 "turn", "wall_left", "wild")
    _order: tuple[Seat, ...]
    _seat_views: tuple[SeatView, ...]
    _wall: tuple[Tile, ...] | None
    _wall_from: int
    _wall_to: int
    wall_left: int
    turn: Seat | None
    phase: str
    wild: tuple[Tile, ...]
    marked_tile: Tile | None
    """The tile the ruleset turned to mark kinds (Harbin's 宝, riichi's first dora), if any."""
    marked_tiles: tuple[Tile, ...]
    """Every kind the ruleset marks (`Ruleset.marked_tiles`; Harbin: the 宝's kind and the next)."""

    def __init__(self, seats: dict[Seat, SeatView], wall_left: int, wall_known: tuple[Tile, ...] | None,
                 turn: Seat | None, phase: str, wild: tuple[Tile, ...], marked_tile: Tile | None = None,
                 marked_tiles: tuple[Tile, ...] = ()) -> None:
        _set = object.__setattr__
        _set(self, "_order", tuple(seats))
        _set(self, "_seat_views", tuple(seats.values()))
        _set(self, "_wall", wall_known)
        _set(self, "_wall_from", 0)
        _set(self, "_wall_to", len(wall_known) if wall_known is not None else 0)
        _set(self, "wall_left", wall_left)
        _set(self, "turn", turn)
        _set(self, "phase", phase)
        _set(self, "wild", wild)
        _set(self, "marked_tile", marked_tile)
        _set(self, "marked_tiles", marked_tiles)

    @property
    def seats(self) -> dict[Seat, SeatView]:
        """Each seat's view, in the ruleset's seat order (read it, do not change it)."""
        views = self._seat_views
        last_views, last = _last_seats
        if last_views is views:  # a reader asks a view for its seats many times in a row
            return cast("dict[Seat, SeatView]", last)
        seats = dict(zip(self._order, views, strict=True))
        _last_seats[:] = (views, seats)
        return seats

    @property
    def wall_known(self) -> tuple[Tile, ...] | None:
        """The wall's tiles in drawing order, when the record gives the wall."""
        wall = self._wall
        if wall is None or (self._wall_from == 0 and self._wall_to == len(wall)):
            return wall
        return wall[self._wall_from:self._wall_to]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TableView is immutable")

    def __reduce__(self) -> tuple[type[TableView], tuple[object, ...]]:
        return TableView, (self.seats, self.wall_left, self.wall_known, self.turn, self.phase, self.wild,
                           self.marked_tile, self.marked_tiles)

    def _key(self) -> tuple[object, ...]:
        return (self._order, self._seat_views, self.wall_left, self.wall_known, self.turn, self.phase, self.wild,
                self.marked_tile, self.marked_tiles)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableView):
            return NotImplemented
        return self is other or self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # as the dataclass it replaces: it holds a dict's worth

    def __repr__(self) -> str:
        return (f"TableView(seats={self.seats!r}, wall_left={self.wall_left!r}, wall_known={self.wall_known!r}, "
                f"turn={self.turn!r}, phase={self.phase!r}, wild={self.wild!r}, marked_tile={self.marked_tile!r}, "
                f"marked_tiles={self.marked_tiles!r})")

    def replace(self, **changes: object) -> TableView:
        """A copy with some parts changed (``seats=…``), as `dataclasses.replace` would."""
        parts: dict[str, object] = {"seats": self.seats, "wall_left": self.wall_left, "wall_known": self.wall_known,
                                    "turn": self.turn, "phase": self.phase, "wild": self.wild,
                                    "marked_tile": self.marked_tile, "marked_tiles": self.marked_tiles}
        parts.update(changes)
        return TableView(**parts)  # type: ignore[arg-type]

    def sharing(self, prev: TableView | None) -> TableView:
        """This view holding, as the same objects, every part equal to ``prev``'s (the view of the
        step before): a record's views then cost what changes from step to step, not the table."""
        if prev is None:
            return self
        _set = object.__setattr__
        if self._order == prev._order:
            _set(self, "_order", prev._order)
            views = tuple(v.sharing(p) for v, p in zip(self._seat_views, prev._seat_views, strict=True))
            same = all(v is p for v, p in zip(views, prev._seat_views, strict=True))
            _set(self, "_seat_views", prev._seat_views if same else views)
        wall, base = self._wall, prev._wall
        if wall is not None and base is not None and self._wall_from == 0:
            n = len(wall)
            for start in (prev._wall_to - n, prev._wall_from):  # drawn from the head, or from the tail
                if 0 <= start and start + n <= len(base) and base[start:start + n] == wall:
                    _set(self, "_wall", base)
                    _set(self, "_wall_from", start)
                    _set(self, "_wall_to", start + n)
                    break
        if self.wild == prev.wild:
            _set(self, "wild", prev.wild)
        if self.marked_tiles == prev.marked_tiles:
            _set(self, "marked_tiles", prev.marked_tiles)
        return self


_last_seats: list[Any] = [None, {}]
"""The seats `TableView.seats` gave last, and the views they were made of: not kept per view
(a dict per step would cost more than the rest of the view), but not rebuilt for every ask."""


class Step(Fields):
    __slots__ = _fields = ("number", "action", "span", "view")
    number: int
    """Position in the hand (0 is the deal)."""
    action: Action | None
    span: Span
    view: TableView | None
    """The table after the step; its findings are the hand's (`HandReplay.step_findings`)."""

    def __init__(self, number: int, action: Action | None, span: Span, view: TableView | None = None) -> None:
        self.number = number
        self.action = action
        self.span = span
        self.view = view


_compact_span(Step)  # a report holds every step of a hand: its span packed, as its action's is


class HandReplay(Fields):
    __slots__ = _fields = ("record", "steps", "result", "findings", "scores_after", "game_end")
    record: HandRecord
    steps: list[Step]
    result: HandResult
    findings: PackedFindings
    """The hand's findings in the order of the record: a view of the replay's, not a copy."""
    scores_after: dict[Seat, int]
    """The scores after the hand: after the record's last hand, with what the end of the game moved."""
    game_end: GameEnd
    """What the end of the game moved (`Ruleset.settle_game`); asked of the record's last hand only."""

    def __init__(self, record: HandRecord, steps: list[Step], result: HandResult, findings: PackedFindings,
                 scores_after: dict[Seat, int], game_end: GameEnd = NO_GAME_END) -> None:
        self.record = record
        self.steps = steps
        self.result = result
        self.findings = findings
        self.scores_after = scores_after
        self.game_end = game_end

    def step_findings(self, number: int) -> list[Finding]:
        """The findings the replay made at step ``number`` of the hand (0 its setup; its
        settlement's are its last action's), in the order of the record.  Only a watched replay
        (steps recorded) keeps where each was made: unwatched, there are none at any step."""
        found = self.findings
        return [found[i] for i, origin in enumerate(found.origins()) if origin >= 0 and origin_step(origin) == number]


def finding_origin(hand: int, step: int) -> int:
    """Where a watched replay made a finding, as one number (`PackedFindings.origin`): hand
    ``hand`` (from 1) and its step ``step`` (0 its setup, ``k`` its ``k``-th action; its
    settlement counts as its last action's step), ``hand << 32 | step``; -1 for a finding
    made outside a hand's steps (the header's, the dealer rotation's, an observer's own)."""
    return hand << 32 | step


def origin_step(origin: int) -> int:
    """The step of a `finding_origin`."""
    return origin & 0xFFFFFFFF
