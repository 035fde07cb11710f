"""The table of a hand over all its steps, from the engine's per-step snapshots.

The engine gives a full `TableView` after every step.  A report cannot afford to draw
all of them, so this module turns the snapshots into *things with lifetimes*: every
concealed tile, discard, meld, flower and wall tile once, with the steps it is on the
table (`Shown`).  Tiles of one kind are interchangeable, so when a seat loses a tile of
a kind it holds twice, the one it got last goes (the tile just drawn and discarded is
the one that leaves).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from paipu.made import MadeBy
from paipu.record import Action, Discard, Draw, Ready, Seat, SeatAction
from paipu.replay.result import MeldView, SeatView, Step, TableView
from paipu.reports.labels import Labels
from paipu.reports.model import Board, BoardMeld, BoardSeat, BoardTile, Shown, TileView
from paipu.reports.tiles import BACK, tile_class
from paipu.tiles import NUM_KINDS, Tile, counts

T = TypeVar("T")


@dataclass
class _Life(Generic[T]):
    value: T
    first: int
    until: int | None = None
    mark: int | None = None
    """A step of note during its life (a discard's claim)."""
    drawn: bool = False
    pos: int = 0
    """Its position in its list (for list items)."""


class TileMaker:
    """Makes `TileView`s for one hand: marks its wildcards, gives tooltips where wanted."""

    def __init__(self, labels: Labels, wild: frozenset[int]) -> None:
        self.labels = labels
        self.wild = wild
        self._made: dict[tuple[Tile, bool, bool, bool, bool], TileView] = {}

    def face(self, tile: Tile, *, title: bool = False, sideways: bool = False,
             stands_for: bool = False) -> TileView:
        # A TileView is immutable: one per face is shared by every step that shows it.
        key = (tile, tile.red, title, sideways, stands_for)  # a red five equals the plain one
        view = self._made.get(key)
        if view is None:
            view = self._made[key] = TileView(
                tile_class(tile),
                self.labels.tile_title(tile) if title else "",
                wild=tile.index in self.wild and not stands_for,
                sideways=sideways,
                stands_for=stands_for,
            )
        return view

    def back(self, *, sideways: bool = False) -> TileView:
        return _BACK_SIDEWAYS if sideways else _BACK


_BACK = TileView(BACK)
_BACK_SIDEWAYS = TileView(BACK, sideways=True)


def _shown(life: _Life[T]) -> Shown:
    return Shown(life.first, life.until)


def _relative(seats: tuple[Seat, ...], claimer: Seat, source: Seat) -> str:
    """Where the source sits for the claimer: left (the previous seat), across or right."""
    n = len(seats)
    d = (seats.index(source) - seats.index(claimer)) % n
    if d == n - 1:
        return "left"
    if d == 1:
        return "right"
    return "across"


def meld_tiles(meld: MeldView, claimer: Seat, seats: tuple[Seat, ...], tm: TileMaker,
               *, hidden: bool) -> tuple[TileView, ...]:
    """A meld as laid on the table: the claimed tile sideways, on the side it came from."""
    if meld.kind == "ankong":
        if hidden:
            return tuple(tm.back() for _ in meld.tiles)
        inner = [tm.face(t) for t in meld.tiles[1:-1]]
        return (tm.back(), *inner, tm.back())
    tiles = sorted(meld.tiles, key=lambda t: t.index)
    if meld.claimed is None or meld.source is None or meld.source not in seats:
        return tuple(tm.face(t) for t in tiles)
    tiles.remove(meld.claimed)
    added: list[TileView] = []
    if meld.kind == "addkong" and tiles:
        added.append(tm.face(tiles.pop(), sideways=True))
    faces = [tm.face(t) for t in tiles]
    claimed = [tm.face(meld.claimed, sideways=True), *added]
    where = "left" if meld.kind == "chow" else _relative(seats, claimer, meld.source)
    if where == "left":
        return (*claimed, *faces)
    if where == "right":
        return (*faces, *claimed)
    return (*faces[:1], *claimed, *faces[1:])


def board_meld(meld: MeldView, claimer: Seat, seats: tuple[Seat, ...], tm: TileMaker, labels: Labels,
               shown: Shown, *, hidden: bool) -> BoardMeld:
    source_label = ""
    if meld.source is not None and meld.kind != "ankong":
        source_label = f"{labels.from_seat} {labels.seat_name(meld.source)}"
    return BoardMeld(
        meld.kind,
        labels.meld_kinds.get(meld.kind, meld.kind),
        meld_tiles(meld, claimer, seats, tm, hidden=hidden),
        meld.source if meld.kind != "ankong" else None,
        source_label,
        shown,
    )


def build_board(
    steps: Sequence[Step],
    seats: tuple[Seat, ...],
    *,
    viewer: Seat | None,
    labels: Labels,
    tm: TileMaker,
    players: dict[str, str],
    dealer: Seat,
) -> Board | None:
    """The board of a hand, or None when the engine kept no views (an unplayable hand)."""
    builder = BoardBuilder(seats, viewer=viewer, labels=labels, tm=tm, players=players)
    for s in steps:
        builder.add(s.action, s.view)
    return builder.board(dealer)


class _Lives:
    """Lifetimes kept packed, a few bytes each: a long hand's board has one per tile drawn
    and per discard, thousands, and a `_Life` object each would cost many times its line."""

    __slots__ = ("extra", "first", "until", "values")

    def __init__(self) -> None:
        self.values: list[Tile] = []
        self.first = array("i")
        self.until = array("i")
        """-1: to the end of the hand."""
        self.extra = array("i")
        """What else a life carries (a discard's claim step, -1 for none; a tile's drawn flag)."""

    def add(self, value: Tile, first: int, extra: int) -> int:
        self.values.append(value)
        self.first.append(first)
        self.until.append(-1)
        self.extra.append(extra)
        return len(self.values) - 1

    def shown(self, i: int) -> Shown:
        until = self.until[i]
        return Shown(self.first[i], until if until >= 0 else None)


class _ListTracker(Generic[T]):
    """The lifetimes of the items of a list that changes from step to step (position by position)."""

    __slots__ = ("current", "lives", "prev")

    def __init__(self) -> None:
        self.lives: list[_Life[T]] = []
        self.current: dict[int, _Life[T]] = {}
        self.prev: tuple[T, ...] = ()

    def add(self, step: int, cur: tuple[T, ...]) -> None:
        prev = self.prev
        if cur is prev or cur == prev:
            return
        current = self.current
        # Most steps add to the end of a list (a discard, a flower): look only at what is new.
        same = len(prev) if len(cur) >= len(prev) and cur[: len(prev)] == prev else 0
        for pos in range(same, max(len(cur), len(prev))):
            old = prev[pos] if pos < len(prev) else None
            new = cur[pos] if pos < len(cur) else None
            if old == new:
                continue
            if old is not None:
                current.pop(pos).until = step
            if new is not None:
                life = _Life(new, step, pos=pos)
                current[pos] = life
                self.lives.append(life)
        self.prev = cur

    def sorted(self) -> list[_Life[T]]:
        # In place order: an item that changes (a pong that becomes a kong) keeps its position.
        return sorted(self.lives, key=lambda life: (life.pos, life.first))


class _SeatTracker:
    """One seat's side of the table, step by step: its concealed tiles (or their backs), melds,
    flowers, river and ready declaration, each thing once with the steps it is there."""

    __slots__ = (
        "by_kind",
        "concealed",
        "flowers",
        "held",
        "hidden",
        "last",
        "melds",
        "prev_counts",
        "prev_size",
        "prev_tiles",
        "ready",
        "river",
        "river_current",
        "river_last",
        "river_order",
        "river_pos",
    )

    def __init__(self, hidden: bool) -> None:
        self.hidden = hidden
        self.last: SeatView | None = None
        self.concealed = _Lives()
        """Concealed tiles (extra: drawn); a hidden hand's backs (value: None)."""
        self.by_kind: dict[int, array[int]] = {}
        """The concealed lives of each kind, in the order they began (that of the page)."""
        self.held: dict[int, array[int]] = {}
        """The lives still on the table of each kind (a hidden hand's: at kind 0), the latest last."""
        self.prev_tiles: tuple[Tile, ...] = ()
        self.prev_counts = [0] * NUM_KINDS
        self.prev_size = 0
        self.river = _Lives()
        """Discards (extra: the step from which it is claimed)."""
        self.river_pos = array("i")
        self.river_current = array("i")
        """The life of the discard at each position of the river (-1: none)."""
        self.river_last: SeatView | None = None
        self.river_order = True
        """Whether the river's lives began in the page's order (position, then step)."""
        self.melds: _ListTracker[MeldView] = _ListTracker()
        self.flowers: _ListTracker[Tile] = _ListTracker()
        self.ready: _ListTracker[bool] = _ListTracker()

    def add(self, step: int, side: SeatView | None, drawn: bool) -> None:
        if side is self.last:
            return  # the side of the step before (views share what does not change): nothing moved
        self._river(step, side)
        self.melds.add(step, side.melds if side is not None else ())
        self.flowers.add(step, side.flowers if side is not None else ())
        self.ready.add(step, (True,) if side is not None and side.ready else ())
        self.last = side
        tiles = side.concealed if side is not None else ()
        if self.hidden:
            self._backs(step, len(tiles), drawn)
        else:
            self._concealed(step, tiles, drawn)

    def _concealed(self, step: int, tiles: tuple[Tile, ...], drawn: bool) -> None:
        """Each concealed tile once, sorted by kind; the latest of a kind leaves first."""
        if tiles == self.prev_tiles:
            return
        now = counts(tiles)
        prev = self.prev_counts
        lives, held = self.concealed, self.held
        for kind in {t.index for t in tiles} | {t.index for t in self.prev_tiles}:
            diff = now[kind] - prev[kind]
            for _ in range(diff):
                tile = next(t for t in tiles if t.index == kind)
                i = lives.add(tile, step, 1 if step > 0 and drawn else 0)
                if kind not in held:
                    held[kind] = array("i")
                held[kind].append(i)
                if kind not in self.by_kind:
                    self.by_kind[kind] = array("i")
                self.by_kind[kind].append(i)
            for _ in range(-diff):
                lives.until[held[kind].pop()] = step
        self.prev_counts, self.prev_tiles = now, tiles

    def _backs(self, step: int, n: int, drawn: bool) -> None:
        """A hidden hand: back number ``p`` is shown while the seat holds more than ``p`` tiles."""
        prev = self.prev_size
        lives = self.concealed
        if 0 not in self.held:
            self.held[0] = array("i")
        held = self.held[0]
        for pos in range(prev, n):
            held.append(lives.add(_NO_TILE, step, 1 if step > 0 and drawn and pos == n - 1 else 0))
        for _ in range(n, prev):
            lives.until[held.pop()] = step
        self.prev_size = n

    def _river(self, step: int, side: SeatView | None) -> None:
        """Each discard of the river once, from the step it is made to the step it leaves (if
        it does), marked from the first step it is claimed.

        Each step reads only what changed in the river (`SeatView.river_change`): a long hand's
        river is long at every step, and reading all of it at each would take time in the
        square of the hand's length."""
        last = self.river_last
        if step and side is last:
            return
        before: tuple[tuple[Tile, bool], ...]
        now: tuple[tuple[Tile, bool], ...]
        if side is None:
            start, before, now = 0, (last.discards if last is not None else ()), ()
        else:
            start, before, now = side.river_change(last)
        self.river_last = side
        lives, current, positions = self.river, self.river_current, self.river_pos
        for k in range(max(len(before), len(now))):
            old = before[k] if k < len(before) else None
            new = now[k] if k < len(now) else None
            pos = start + k
            if old is None or new is None or old[0] != new[0]:
                if old is not None:
                    lives.until[current[pos]] = step
                    current[pos] = -1
                if new is not None:
                    if positions and positions[-1] > pos:
                        self.river_order = False
                    while len(current) <= pos:
                        current.append(-1)
                    current[pos] = lives.add(new[0], step, -1)
                    positions.append(pos)
            # Only the last discard of a river is ever claimed: a claim is new where the river is.
            if new is not None and new[1]:
                i = current[pos]
                if lives.extra[i] < 0:
                    lives.extra[i] = step

    def concealed_order(self) -> Sequence[int]:
        if self.hidden:
            # Backs: those not drawn first, each in the order it began.
            extra = self.concealed.extra
            plain = [i for i in range(len(extra)) if not extra[i]]
            return plain + [i for i in range(len(extra)) if extra[i]]
        order = array("i")
        for kind in sorted(self.by_kind):
            order.extend(self.by_kind[kind])
        return order

    def river_order_(self) -> Sequence[int]:
        n = len(self.river_pos)
        if self.river_order:
            return range(n)
        pos, first = self.river_pos, self.river.first
        return sorted(range(n), key=lambda i: (pos[i], first[i]))


_NO_TILE: Tile = cast(Tile, None)
"""A hidden tile's value (a back shows no tile)."""


class _WallTracker:
    """The known wall of step 0, each tile until the step that draws it (from either end)."""

    __slots__ = ("head", "initial", "inside", "lives", "phase", "stopped", "tail")

    def __init__(self) -> None:
        self.initial: tuple[Tile, ...] | None = None
        self.lives: list[_Life[Tile]] = []
        self.head = 0
        self.tail = 0
        self.phase = ""
        self.stopped = False
        self.inside = False
        """A tile was drawn from inside the wall (a wall split by seat, each seat drawing its own
        part from its front): from then on the tiles left are matched one by one."""

    def add(self, step: int, view: TableView) -> None:
        before, self.phase = self.phase, view.phase
        if step == 0:
            self.initial = view.wall_known
            self.lives = [_Life(t, 0) for t in self.initial or ()]
            self.stopped = not self.initial
            return
        if self.stopped:
            return
        initial = self.initial or ()
        remaining = view.wall_known
        if remaining is None:
            self.stopped = True
            return
        if self.inside:
            self._taken_inside(step, remaining)
            return
        n, head, tail = len(initial), self.head, self.tail
        taken = n - head - tail - len(remaining)
        if taken <= 0:
            return
        # A replacement draw (after a kong or a flower) takes from the tail.
        tail_first = before in ("replacement", "rob")
        order = range(taken, -1, -1) if not tail_first else range(taken + 1)
        for from_head in order:
            h, t = head + from_head, tail + taken - from_head
            if tuple(initial[h:n - t]) == tuple(remaining):
                break
        else:
            if self._taken_inside(step, remaining):
                self.inside = True
                return
            h, t = head + taken, tail
        lives = self.lives
        for i in range(head, h):
            lives[i].until = step
        for i in range(n - t, n - tail):
            lives[i].until = step
        self.head, self.tail = h, t

    def _taken_inside(self, step: int, remaining: tuple[Tile, ...]) -> bool:
        """The tiles still in the wall that ``remaining``, read in order, leaves out are drawn at
        ``step`` (of two alike side by side, the later: they look the same); False, with
        nothing marked, when ``remaining`` is not the tiles still in the wall less some."""
        j, m = 0, len(remaining)
        drawn: list[_Life[Tile]] = []
        for life in self.lives:
            if life.until is not None:
                continue
            if j < m and life.value == remaining[j]:
                j += 1
            else:
                drawn.append(life)
        if j < m:
            return False
        for life in drawn:
            life.until = step
        return True


class BoardBuilder:
    """A hand's board made step by step, as the replay plays it: each step's table view is read
    once and let go, and what the board keeps is each thing on the table once with the steps it
    is there (a few bytes a tile), so a long hand's board costs what its tiles do, not its steps'
    views.  `build_board` feeds it a hand's steps at once; the report written as the replay goes
    feeds it each step as it is played."""

    def __init__(self, seats: tuple[Seat, ...], *, viewer: Seat | None, labels: Labels, tm: TileMaker,
                 players: dict[str, str]) -> None:
        self.seats = seats
        self.viewer = viewer
        self.labels = labels
        self.tm = tm
        self.players = players
        self.step = -1
        self.ok = True
        """Every step so far has a view (else the hand has no board)."""
        self.tracked = {seat: _SeatTracker(viewer is not None and seat != viewer) for seat in seats}
        self.wall = _WallTracker()
        self.wild: tuple[Tile, ...] = ()
        self.tsumogiri = bytearray()
        """For each step, whether it is a 摸切 discard (the kind the seat drew by its action right before)."""
        self.ready_discards = bytearray()
        """For each step, whether it is the discard that declares ready (the seat's first after its ``ready``)."""
        self._last_action: dict[str, SeatAction] = {}
        self._pending: set[str] = set()

    def add(self, action: Action | None, view: TableView | None) -> None:
        """The next step: its action (None for the deal) and the table after it."""
        step = self.step = self.step + 1
        tsumogiri = ready = False
        if isinstance(action, SeatAction):
            if isinstance(action, Discard):
                before = self._last_action.get(action.seat)
                tsumogiri = isinstance(before, Draw) and before.tile == action.tile
                if action.seat in self._pending:
                    self._pending.discard(action.seat)
                    ready = True
            elif isinstance(action, Ready):
                self._pending.add(action.seat)
            self._last_action[action.seat] = action
        self.tsumogiri.append(tsumogiri)
        self.ready_discards.append(ready)
        if view is None or not self.ok:
            self.ok = False
            return
        drawn = action.seat if isinstance(action, Draw) else None
        seats = view.seats
        for seat, tracker in self.tracked.items():
            tracker.add(step, seats.get(seat), drawn == seat)
        if self.viewer is None:
            self.wall.add(step, view)
        self.wild = view.wild

    def board(self, dealer: Seat, *, made_as_read: bool = False) -> Board | None:
        """The board of the steps added (None if one had no view).  With ``made_as_read`` its
        tiles are made as the page reads them (`paipu.made.MadeBy`), not held at once."""
        if not self.ok or self.step < 0:
            return None
        tm, labels, seats, viewer = self.tm, self.labels, self.seats, self.viewer
        places = seat_places(seats, viewer)
        tsumogiri, ready_discards = self.tsumogiri, self.ready_discards

        def done(items: Sequence[T]) -> Sequence[T]:
            return items if made_as_read else tuple(items)

        out: list[BoardSeat] = []
        for seat in seats:
            tracker = self.tracked[seat]
            hidden = tracker.hidden
            conc, river = tracker.concealed, tracker.river

            def concealed_tile(i: int, conc: _Lives = conc, hidden: bool = hidden) -> BoardTile:
                return BoardTile(tm.back() if hidden else tm.face(conc.values[i]), conc.shown(i),
                                 drawn=bool(conc.extra[i]))

            def discard(i: int, river: _Lives = river) -> BoardTile:
                first, mark = river.first[i], river.extra[i]
                return BoardTile(tm.face(river.values[i]), river.shown(i), claimed_from=mark if mark >= 0 else None,
                                 tsumogiri=bool(tsumogiri[first]), ready_discard=bool(ready_discards[first]))

            melds = tuple(board_meld(life.value, seat, seats, tm, labels, _shown(life), hidden=hidden)
                          for life in tracker.melds.sorted())
            flowers = tuple(BoardTile(tm.face(life.value), _shown(life)) for life in tracker.flowers.sorted())
            ready_lives = tracker.ready.sorted()
            ready = _shown(ready_lives[0]) if ready_lives else None
            out.append(BoardSeat(
                seat, labels.seat_name(seat), self.players.get(seat, ""), seat == dealer, seat == viewer, hidden,
                ready, done(MadeBy(concealed_tile, tracker.concealed_order())), melds, flowers,
                done(MadeBy(discard, tracker.river_order_())), places[seat],
            ))
        wall: tuple[BoardTile, ...] = ()
        if viewer is None:
            wall = tuple(BoardTile(tm.face(life.value), _shown(life)) for life in self.wall.lives)
        wild = tuple(tm.face(t) for t in self.wild)
        return Board(tuple(out), wall, wild, self.step)


def seat_places(seats: Sequence[Seat], viewer: Seat | None) -> dict[Seat, str]:
    """Where each seat sits around the square table: the viewed seat (or the first) at the
    bottom, the next seat to its right, the one across at the top, the previous on its left;
    with two seats, the other across."""
    me = seats.index(viewer) if viewer in seats else 0
    n = len(seats)
    names = {2: ("bottom", "top"), 3: ("bottom", "right", "left")}.get(n, ("bottom", "right", "top", "left"))
    return {seats[(me + k) % n]: names[k] if k < len(names) else "top" for k in range(n)}


