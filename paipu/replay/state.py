"""The table during one hand: concealed tiles as count arrays, melds, discards, the wall."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, Final, Literal, TypeAlias

from paipu import record as r
from paipu.findings import Finding, PackedFindings, Severity
from paipu.hand.sets import HandSet
from paipu.record import HandRecord, Seat, Span
from paipu.replay.result import (
    CLAIMED_OF_CODE,
    CODE_RED,
    TILE_OF_CODE,
    UNCLAIMED_OF_CODE,
    MeldView,
    RiverLog,
    RiverSlice,
    SeatView,
    TableView,
    river_code,
)
from paipu.tiles import ALL_TILES, NUM_KINDS, Tile
from paipu.value import Fields

Phase: TypeAlias = Literal["discard", "claim", "replacement", "rob", "ended"]
MeldKind: TypeAlias = Literal["chow", "pong", "kong", "ankong", "addkong"]


class Meld(Fields):
    """A meld on the table: its kind, its tiles, the tile claimed and from whom."""

    __slots__ = ("claimed", "kind", "source", "tiles")
    _fields = ("kind", "tiles", "claimed", "source")
    kind: MeldKind
    tiles: list[Tile]
    claimed: Tile | None
    source: Seat | None

    def __init__(self, kind: MeldKind, tiles: list[Tile], claimed: Tile | None = None,
                 source: Seat | None = None) -> None:
        self.kind = kind
        self.tiles = tiles
        self.claimed = claimed
        self.source = source

    @property
    def is_set_of_kind(self) -> bool:
        return self.kind != "chow"

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "ankong", "addkong")

    @property
    def concealed(self) -> bool:
        return self.kind == "ankong"

    def view(self) -> MeldView:
        return MeldView(self.kind, tuple(self.tiles), self.claimed, self.source)


def meld_set(m: Meld) -> HandSet:
    """A meld as a set of a winning hand's reading."""
    concealed = m.kind == "ankong"
    if m.kind == "chow":
        return HandSet("chow", min(t.index for t in m.tiles), meld=True, concealed=False, claimed=True)
    return HandSet("kong" if m.is_kong else "pong", m.tiles[0].index, meld=True, concealed=concealed,
                   claimed=not concealed)


class SeatState(Fields):
    """One seat during a hand: its concealed tiles counted by kind, its melds, river and flowers."""

    __slots__ = ("_river_log", "_river_slice", "claimed_any", "counts", "discards", "draws", "drew_since_claim",
                 "flower_draws", "flowers", "last_drawn", "melds", "passed_on", "ready", "ready_pending",
                 "unknown_since")
    _fields = ("counts", "melds", "discards", "flowers", "ready", "ready_pending", "draws", "flower_draws",
               "claimed_any", "last_drawn", "passed_on", "drew_since_claim", "unknown_since")
    counts: list[int]
    melds: list[Meld]
    discards: list[tuple[Tile, bool]]
    """(tile, claimed) pairs, in order; an interned tile's pair is one tuple shared by every
    discard of it (`discarded`), so a river costs a pointer a discard, not a list of its own.
    Only its last pair is ever changed (`claim_last_discard`)."""
    flowers: list[Tile]
    ready: bool
    ready_pending: bool
    draws: int
    flower_draws: int
    """Replacement draws for flowers: they do not end a seat's first draw (天和, 地和)."""
    claimed_any: bool
    last_drawn: Tile | None
    passed_on: int
    """The discard serial this seat passed on (-1: none)."""
    drew_since_claim: bool
    """False from a chow or pong until the next draw: a win then would not be self-drawn."""
    unknown_since: int
    """The line after which this seat's concealed tiles are not known (a tile it did not hold
    left its hand); 0 while they are known.  Its win can then not be checked."""
    _river_log: RiverLog | None
    """The discards packed, as far as `view` last read them (see `_river`)."""
    _river_slice: RiverSlice | None
    """What `view` last gave of them."""

    def __init__(self, counts: list[int] | None = None, melds: list[Meld] | None = None,
                 discards: list[tuple[Tile, bool]] | None = None, flowers: list[Tile] | None = None,
                 ready: bool = False, ready_pending: bool = False, draws: int = 0, flower_draws: int = 0,
                 claimed_any: bool = False, last_drawn: Tile | None = None, passed_on: int = -1,
                 drew_since_claim: bool = True, unknown_since: int = 0, _river_log: RiverLog | None = None,
                 _river_slice: RiverSlice | None = None) -> None:
        # A list not given starts empty (the counts: all zero).
        self.counts = [0] * NUM_KINDS if counts is None else counts
        self.melds = [] if melds is None else melds
        self.discards = [] if discards is None else discards
        self.flowers = [] if flowers is None else flowers
        self.ready = ready
        self.ready_pending = ready_pending
        self.draws = draws
        self.flower_draws = flower_draws
        self.claimed_any = claimed_any
        self.last_drawn = last_drawn
        self.passed_on = passed_on
        self.drew_since_claim = drew_since_claim
        self.unknown_since = unknown_since
        self._river_log = _river_log
        self._river_slice = _river_slice

    @property
    def own_draws(self) -> int:
        """Draws other than flower replacements."""
        return self.draws - self.flower_draws

    @property
    def size(self) -> int:
        return sum(self.counts)

    def holds(self, tile: Tile, n: int = 1) -> bool:
        return self.counts[tile.index] >= n

    def discard(self, tile: Tile) -> None:
        """Add ``tile`` to the discards, not claimed."""
        river: list[Any] = self.discards  # its pairs as objects (see `claim_last_discard`)
        river.append(shared_discard(tile, False))

    def claim_last_discard(self) -> None:
        """Mark the last discard claimed (taken into a meld or won on), if there is one."""
        # The pairs read and stored as objects, not as typed tuples (docs/speed.md).
        river: list[Any] = self.discards
        if river:
            river[-1] = shared_discard(self.discards[-1][0], True)

    def concealed_tiles(self) -> tuple[Tile, ...]:
        # From a list, sized exactly: a tuple made from a generator is made at a guessed size and
        # resized, and when let go it joins the free tuples of its final size, which such tuples
        # never take from again; a view a step would fill those free lists (2,000 tuples of each
        # size a hand holds, some 700 KB that a long hand's report never gave back).
        return tuple([ALL_TILES[i] for i, n in enumerate(self.counts) if n for _ in range(n)])

    def _river(self) -> RiverSlice | tuple[tuple[Tile, bool], ...]:
        """The discards for a snapshot: a slice of one packed log of them, extended from the last
        one read rather than copied whole, since a snapshot per step would otherwise cost the
        length of the river each time.  Only the last discard is ever changed (marked claimed),
        so only it is compared; a river that shrank starts a log of its own (the slices given
        from the old one stay as they were).  A tile that is not an interned one is kept as the
        tuple of the discards."""
        river = self.discards
        log = self._river_log
        try:
            if log is None or len(log.codes) > len(river):
                log = RiverLog()
            codes = log.codes
            n = len(codes)
            if n:
                t, claimed = river[n - 1]
                code = river_code(t, claimed)
                if codes[-1] != code:
                    codes[-1] = code
            codes.extend([river_code(t, claimed) for t, claimed in river[n:]])
        except (KeyError, TypeError, ValueError):
            self._river_log = self._river_slice = None
            return tuple((t, bool(c)) for t, c in river)
        self._river_log = log
        n = len(codes)
        last = codes[-1] if n else 0
        made = self._river_slice
        if made is None or made.log is not log or made.n != n or made.last != last:
            made = self._river_slice = RiverSlice(log, n, last)
        return made

    def view(self) -> SeatView:
        return SeatView(
            self.concealed_tiles(),
            tuple(m.view() for m in self.melds),
            self._river(),
            tuple(self.flowers),
            self.ready,
        )


class LastDiscard(Fields):
    """The last discard (or kong to rob), while its claims are open."""

    __slots__ = ("action", "claim_kind", "claimed_by", "seat", "serial", "tile", "winners")
    _fields = ("seat", "tile", "serial", "action", "claimed_by", "claim_kind", "winners")
    seat: Seat
    tile: Tile
    serial: int
    action: r.Action
    """The discard (or the kong robbed) this is; its place is read only when a finding needs it."""
    claimed_by: Seat | None
    claim_kind: str | None
    winners: list[Seat]

    def __init__(self, seat: Seat, tile: Tile, serial: int, action: r.Action, claimed_by: Seat | None = None,
                 claim_kind: str | None = None, winners: list[Seat] | None = None) -> None:
        self.seat = seat
        self.tile = tile
        self.serial = serial
        self.action = action
        self.claimed_by = claimed_by
        self.claim_kind = claim_kind
        self.winners = [] if winners is None else winners

    @property
    def span(self) -> Span:
        return self.action.span


class Wall:
    """The live wall: its size always; its tiles too when the record has a ``wall`` line.

    The tiles are kept in a list with the places of its two live ends, so a draw from either
    end moves a place; `tiles` gives them as a ``deque``, as the wall kept them before.  Where each seat
    draws from a wall of its own (`paipu.replay.ruleset.Ruleset.seat_walls`), the known tiles
    are `split` into one part per seat."""

    def __init__(self, size: int, tiles: tuple[Tile, ...] | None) -> None:
        self.size = size
        self.drawn_from_tail = 0
        self._live: list[Tile] = list(tiles) if tiles is not None else []
        self._head = 0
        """The place of the tile the next draw from the head takes."""
        self._end = len(self._live)
        """One past the place of the tile the next draw from the tail takes."""
        self._known = tiles is not None
        self._part_next: list[int] = []
        """With a wall of each seat's own (`split`): by seat number, the place of the tile that
        seat's next draw takes; empty while the wall is one."""
        self._part_end: list[int] = []
        """One past the last place of each seat's part."""

    @property
    def tiles(self) -> deque[Tile] | None:
        """The tiles left, head first (a new ``deque`` each time), or None when unknown."""
        left = self.left()
        return None if left is None else deque(left)

    @tiles.setter
    def tiles(self, tiles: deque[Tile] | None) -> None:
        self.load(() if tiles is None else tiles)
        self._known = tiles is not None

    def load(self, tiles: Iterable[Tile]) -> None:
        """Know the wall's tiles, head first (as setting `tiles`, without a ``deque`` of them made
        to be read into the list)."""
        self._known = True
        self._live = list(tiles)
        self._head = 0
        self._end = len(self._live)
        self._part_next = []
        self._part_end = []

    def split(self, sizes: tuple[int, ...]) -> None:
        """Make the known tiles a wall for each seat: the first ``sizes[0]`` tiles are the first
        seat's, the next ``sizes[1]`` the second's, and so on (a part is cut short where the
        tiles run out).  Each seat then draws its part from the front, a replacement draw too
        (`take` and `peek` with the seat's number)."""
        nxt: list[int] = []
        end: list[int] = []
        place = self._head
        for n in sizes:
            nxt.append(min(place, self._end))
            place += n
            end.append(min(place, self._end))
        self._part_next = nxt
        self._part_end = end

    @property
    def is_split(self) -> bool:
        """Whether each seat draws from a part of its own (`split`)."""
        return len(self._part_next) > 0

    @property
    def known(self) -> bool:
        return self._known

    def left(self) -> tuple[Tile, ...] | None:
        """The tiles left, head first, or None when unknown (`tiles` as a tuple, made once); a
        split wall's parts one after another, in seat order."""
        if not self._known:
            return None
        if self._part_next:
            live = self._live
            out: list[Tile] = []
            for i in range(len(self._part_next)):
                out.extend(live[self._part_next[i]:self._part_end[i]])
            return tuple(out)
        return tuple(self._live[self._head:self._end])

    def take(self, from_tail: bool, part: int = -1) -> Tile | None:
        """Take one tile (the wall's own tile when known); the size shrinks either way.  Of a
        `split` wall, ``part`` (the seat's number) says whose part the tile comes from."""
        self.size -= 1
        if from_tail:
            self.drawn_from_tail += 1
        if part >= 0 and self._part_next:
            place = self._part_next[part]
            if place < self._part_end[part]:
                self._part_next[part] = place + 1
                return self._live[place]
            return None
        head, end = self._head, self._end
        if head < end:
            if from_tail:
                self._end = end - 1
                return self._live[end - 1]
            self._head = head + 1
            return self._live[head]
        return None

    def peek(self, from_tail: bool, part: int = -1) -> Tile | None:
        """The tile the next draw takes (from the head, or the tail; of a `split` wall, from the
        front of ``part``), when the wall is known."""
        if part >= 0 and self._part_next:
            place = self._part_next[part]
            return self._live[place] if place < self._part_end[part] else None
        head, end = self._head, self._end
        if head >= end:
            return None
        return self._live[end - 1] if from_tail else self._live[head]

    def next_place(self, from_tail: bool, part: int = -1) -> int:
        """Where in the known tiles (the record's ``wall`` line) the next draw takes its tile,
        as `peek` says which; -1 when the wall is unknown or that end is spent."""
        if part >= 0 and self._part_next:
            place = self._part_next[part]
            return place if place < self._part_end[part] else -1
        head, end = self._head, self._end
        if head >= end:
            return -1
        return end - 1 if from_tail else head

    def peek_from_tail(self, depth: int) -> Tile | None:
        """The tile ``depth`` places from the tail end (1 = the last), when known."""
        if not self._known or depth > self._end - self._head or depth < 1:
            return None
        return self._live[self._end - depth]


_INTERNED: Final[list[Tile | None]] = TILE_OF_CODE
_UNCLAIMED: Final[list[Any]] = UNCLAIMED_OF_CODE
_CLAIMED: Final[list[Any]] = CLAIMED_OF_CODE
_CODE_RED: Final[int] = CODE_RED


def shared_discard(tile: Tile, claimed: bool) -> Any:
    """The pair ``(tile, claimed)`` of a seat's discards: for an interned tile, one tuple shared
    by every discard of it, read from `UNCLAIMED_OF_CODE` or `CLAIMED_OF_CODE` by the tile's
    code; a new pair for any other tile."""
    i = tile.index
    code = i + _CODE_RED if tile.red else i
    if 0 <= code < len(_INTERNED) and _INTERNED[code] is tile:
        return _CLAIMED[code] if claimed else _UNCLAIMED[code]
    return (tile, claimed)

_SHARED_MESSAGES = 256
"""How many distinct finding messages a hand keeps to share (past it, it starts again)."""


class HandState:
    """Everything the engine and the ruleset hooks know during one hand."""

    def __init__(self, seats: tuple[Seat, ...], record: HandRecord, dealer: Seat) -> None:
        self.record = record
        self.dealer = dealer
        self.seats: dict[Seat, SeatState] = {}
        for s in seats:  # (a loop: a comprehension is a call of its own)
            self.seats[s] = SeatState()
        self.findings: list[Finding] | PackedFindings = []
        """The hand's findings: Finding objects, or packed when nobody watches the replay (it
        gives each hand a `PackedFindings` before the hand is set up)."""
        self.phase: Phase = "discard"
        self.turn: Seat = dealer
        self._last_discard: LastDiscard | None = None
        self.open_action: r.Discard | None = None
        """The discard open to claims as `open_discard` left it, while no claim or draw has
        ended it: `last_discard` makes its `LastDiscard` (of its seat and tile, and of the
        `discard_serial` now) only when someone asks for it.  None after another action, and
        where the last discard was set otherwise: then read `last_discard`."""
        self.discard_serial = 0
        self.wall = Wall(0, None)
        self.seen = [0] * NUM_KINDS
        """Every tile that has appeared on the table (dealt or drawn)."""
        self.wild_kinds: tuple[int, ...] = ()
        self.marked_tile: Tile | None = None
        """The tile the ruleset turned to mark kinds (Harbin's 宝); `Ruleset.marked_tiles` reads it."""
        self.after_kong = False
        """The seat to move drew a replacement after a kong: a win now is 杠开."""
        self.pending_addkong: tuple[Seat, Tile, Span] | None = None
        self.any_claim = False
        self.any_discard = False
        self.ended = False
        self.drawn_by: str | None = None
        """A ruleset's table event that ended the hand with no winner (riichi's ``abort``): the
        hand is then drawn, as if exhausted."""
        self.session_scores: dict[Seat, int] = {}
        """The session's scores as the hand began (counted from 0 where the record states none)."""
        self.start_scores_given = False
        """Whether the record states the scores the session started from (its ``[Score]`` tags)."""
        self.replacement_for = ""
        """What the replacement draw now due replaces: ``"kong"`` or ``"flower"`` ("" for none)."""
        self.first_draw = False
        """The last draw was its seat's first of the hand with no claim before it (天和, 地和)."""
        self.robbers: list[Seat] = []
        """The seats that have declared a win on the added kong being robbed."""
        self.robbed: tuple[Seat, Tile, Span] | None = None
        """The added kong a win robbed (the konger, the tile, its line), once it is robbed."""
        self.win_spans: dict[Seat, Span] = {}
        """Each winner's win line."""
        self.ruleset_data: object = None
        """The ruleset's own per-hand state, one object of a class of its own (Harbin's 宝,
        riichi's table), made by its `setup_hand` and found again with an isinstance check."""
        self.session_data: object = None
        """The ruleset's own state carried from hand to hand: the session's
        `SessionState.ruleset_data` (riichi's round wind, honba and sticks), the same object."""
        self._messages: dict[str, str] = {}
        self._last_span: Span | None = None

    # ---- the last discard
    @property
    def last_discard(self) -> LastDiscard | None:
        """The discard still open to claims (or the kong being robbed), if any.  A plain discard
        played by `paipu.replay.engine.HandEngine.play_all` is kept as its action
        (`open_discard`) and its `LastDiscard` made here on first asking: most discards are
        never claimed nor asked about in a replay."""
        ld = self._last_discard
        if ld is None:
            a = self.open_action
            if a is not None:
                ld = self._last_discard = LastDiscard(a.seat, a.tile, self.discard_serial, a)
        return ld

    @last_discard.setter
    def last_discard(self, ld: LastDiscard | None) -> None:
        self._last_discard = ld
        self.open_action = None

    def open_discard(self, a: r.Discard) -> None:
        """``a`` is now the last discard, its serial the current `discard_serial` (its
        `LastDiscard` made when asked for, as `last_discard` says)."""
        self._last_discard = None
        self.open_action = a

    # ---- findings
    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        span: Span,
        rule: str | None = None,
    ) -> None:
        findings = self.findings
        if isinstance(findings, PackedFindings):
            findings.add(severity, code, message, span, rule)
            return
        # A long hand can have a finding on every line, many of them alike: equal messages share
        # one string and the findings of one line one span (findings are immutable).
        known = self._messages
        shared = known.get(message)
        if shared is None:
            if len(known) >= _SHARED_MESSAGES:
                known.clear()
            known[message] = shared = message
        last = self._last_span
        if last is not None and type(span) is type(last) and span == last:
            span = last
        else:
            self._last_span = span
        findings.append(Finding(severity, code, shared, span, rule))

    def error(self, code: str, message: str, span: Span, rule: str | None = None) -> None:
        self.add("error", code, message, span, rule)

    # ---- tiles
    def wild_tiles(self) -> tuple[Tile, ...]:
        return tuple(ALL_TILES[i] for i in self.wild_kinds)

    def count_seen(self, tile: Tile) -> int:
        return self.seen[tile.index]

    def view(self, marked: tuple[Tile, ...] = ()) -> TableView:
        """A snapshot of the table for reports; ``marked`` are the kinds the ruleset marks
        (`Ruleset.marked_tiles`: Harbin's 宝 kinds)."""
        known = self.wall.left()
        return TableView(
            {s: st.view() for s, st in self.seats.items()},
            self.wall.size,
            known,
            None if self.ended else self.turn,
            self.phase,
            self.wild_tiles(),
            self.marked_tile,
            marked,
        )
