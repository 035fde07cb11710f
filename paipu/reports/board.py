"""The table of a hand over all its steps, from the engine's per-step snapshots.

The engine gives a full `TableView` after every step.  A report cannot afford to draw
all of them, so this module turns the snapshots into *things with lifetimes*: every
concealed tile, discard, meld, flower and wall tile once, with the steps it is on the
table (`Shown`).  Tiles of one kind are interchangeable, so when a seat loses a tile of
a kind it holds twice, the one it got last goes (the tile just drawn and discarded is
the one that leaves).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from paipu.record import Discard, Draw, Ready, Seat, SeatAction
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


def _list_lives(values: Iterable[tuple[T, ...]]) -> list[_Life[T]]:
    """Lifetimes of the items of a list that changes from step to step (position by position)."""
    lives: list[_Life[T]] = []
    current: dict[int, _Life[T]] = {}
    prev: tuple[T, ...] = ()
    for step, cur in enumerate(values):
        if cur == prev:
            continue
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
                lives.append(life)
        prev = cur
    # In place order: an item that changes (a pong that becomes a kong) keeps its position.
    lives.sort(key=lambda life: (life.pos, life.first))
    return lives


def _concealed_lives(hands: Iterable[tuple[Tile, ...]], drawn_at: Callable[[int], bool]) -> list[_Life[Tile]]:
    """Each concealed tile once, sorted by kind; the latest of a kind leaves first."""
    lives: list[_Life[Tile]] = []
    held: dict[int, list[_Life[Tile]]] = {}
    prev_tiles: tuple[Tile, ...] = ()
    prev = [0] * NUM_KINDS
    for step, tiles in enumerate(hands):
        if tiles == prev_tiles:
            continue
        now = counts(tiles)
        for kind in {t.index for t in tiles} | {t.index for t in prev_tiles}:
            diff = now[kind] - prev[kind]
            for _ in range(diff):
                tile = next(t for t in tiles if t.index == kind)
                life = _Life(tile, step, drawn=step > 0 and drawn_at(step))
                held.setdefault(kind, []).append(life)
                lives.append(life)
            for _ in range(-diff):
                held[kind].pop().until = step
        prev, prev_tiles = now, tiles
    lives.sort(key=lambda life: (life.value.index, life.first))
    return lives


def _back_lives(sizes: Sequence[int], drawn_at: Callable[[int], bool]) -> list[_Life[None]]:
    """A hidden hand: back number ``p`` is shown while the seat holds more than ``p`` tiles."""
    lives: list[_Life[None]] = []
    current: dict[int, _Life[None]] = {}
    prev = 0
    for step, n in enumerate(sizes):
        for pos in range(prev, n):
            life: _Life[None] = _Life(None, step, drawn=step > 0 and drawn_at(step) and pos == n - 1)
            current[pos] = life
            lives.append(life)
        for pos in range(n, prev):
            current.pop(pos).until = step
        prev = n
    lives.sort(key=lambda life: (life.drawn, life.first))
    return lives


def _wall_lives(views: Sequence[TableView]) -> list[_Life[Tile]]:
    """The known wall of step 0, each tile until the step that draws it (from either end)."""
    initial = views[0].wall_known
    if not initial:
        return []
    n = len(initial)
    lives = [_Life(t, 0) for t in initial]
    head, tail = 0, 0
    for step in range(1, len(views)):
        remaining = views[step].wall_known
        if remaining is None:
            break
        taken = n - head - tail - len(remaining)
        if taken <= 0:
            continue
        # A replacement draw (after a kong or a flower) takes from the tail.
        tail_first = views[step - 1].phase in ("replacement", "rob")
        order = range(taken, -1, -1) if not tail_first else range(taken + 1)
        for from_head in order:
            h, t = head + from_head, tail + taken - from_head
            if tuple(initial[h:n - t]) == tuple(remaining):
                break
        else:
            h, t = head + taken, tail
        for i in range(head, h):
            lives[i].until = step
        for i in range(n - t, n - tail):
            lives[i].until = step
        head, tail = h, t
    return lives


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
    views: list[TableView] = []
    for s in steps:
        if s.view is None:
            return None
        views.append(s.view)

    def drawn_by(seat: Seat) -> Callable[[int], bool]:
        def drawn_at(step: int) -> bool:
            action = steps[step].action
            return isinstance(action, Draw) and action.seat == seat
        return drawn_at

    tsumogiri, ready_discards = _discard_marks(steps)
    places = seat_places(seats, viewer)
    out: list[BoardSeat] = []
    for seat in seats:
        hidden = viewer is not None and seat != viewer
        # The seat's side of the table at each step: the same object while it does not change.
        sides = [v.seats.get(seat) for v in views]
        concealed: list[BoardTile]
        if hidden:
            concealed = [BoardTile(tm.back(), _shown(life), drawn=life.drawn)
                         for life in _back_lives([len(h) for h in _concealed_of(sides)], drawn_by(seat))]
        else:
            concealed = [BoardTile(tm.face(life.value), _shown(life), drawn=life.drawn)
                         for life in _concealed_lives(_concealed_of(sides), drawn_by(seat))]
        melds = [
            board_meld(life.value, seat, seats, tm, labels, _shown(life), hidden=hidden)
            for life in _list_lives([side.melds if side is not None else () for side in sides])
        ]
        flowers = [BoardTile(tm.face(life.value), _shown(life))
                   for life in _list_lives([side.flowers if side is not None else () for side in sides])]
        discard_lives = _river_lives(sides)
        discards = [BoardTile(tm.face(life.value), _shown(life), claimed_from=life.mark,
                              tsumogiri=life.first in tsumogiri, ready_discard=life.first in ready_discards)
                    for life in discard_lives]
        ready_lives = _list_lives([(True,) if seat in v.seats and v.seats[seat].ready else () for v in views])
        ready = _shown(ready_lives[0]) if ready_lives else None
        out.append(BoardSeat(
            seat, labels.seat_name(seat), players.get(seat, ""), seat == dealer, seat == viewer, hidden, ready,
            tuple(concealed), tuple(melds), tuple(flowers), tuple(discards), places[seat],
        ))
    wall: list[BoardTile] = []
    if viewer is None:
        wall = [BoardTile(tm.face(life.value), _shown(life)) for life in _wall_lives(views)]
    wild = tuple(tm.face(t) for t in views[-1].wild)
    return Board(tuple(out), tuple(wall), wild, len(views) - 1)


def _concealed_of(sides: Sequence[SeatView | None]) -> Iterator[tuple[Tile, ...]]:
    """Each step's concealed tiles, read (unpacked) only where the seat's side changed, one
    step's at a time: those of every step at once would take memory in the square of a long
    hand's length."""
    last: SeatView | None = None
    tiles: tuple[Tile, ...] = ()
    for side in sides:
        if side is not last:
            tiles = side.concealed if side is not None else ()
            last = side
        yield tiles


def seat_places(seats: Sequence[Seat], viewer: Seat | None) -> dict[Seat, str]:
    """Where each seat sits around the square table: the viewed seat (or the first) at the
    bottom, the next seat to its right, the one across at the top, the previous on its left;
    with two seats, the other across."""
    me = seats.index(viewer) if viewer in seats else 0
    n = len(seats)
    names = {2: ("bottom", "top"), 3: ("bottom", "right", "left")}.get(n, ("bottom", "right", "top", "left"))
    return {seats[(me + k) % n]: names[k] if k < len(names) else "top" for k in range(n)}


def _discard_marks(steps: Sequence[Step]) -> tuple[set[int], set[int]]:
    """The steps of the discards that are 摸切 (the kind the seat drew by its action right
    before) and of those that declare ready (the seat's first discard after its ``ready``)."""
    tsumogiri: set[int] = set()
    ready: set[int] = set()
    last: dict[str, SeatAction] = {}
    pending: set[str] = set()
    for st in steps:
        a = st.action
        if not isinstance(a, SeatAction):
            continue
        if isinstance(a, Discard):
            before = last.get(a.seat)
            if isinstance(before, Draw) and before.tile == a.tile:
                tsumogiri.add(st.number)
            if a.seat in pending:
                pending.discard(a.seat)
                ready.add(st.number)
        elif isinstance(a, Ready):
            pending.add(a.seat)
        last[a.seat] = a
    return tsumogiri, ready


def _river_lives(sides: Sequence[SeatView | None]) -> list[_Life[Tile]]:
    """Each discard of a seat's river once, from the step it is made to the step it leaves (if
    it does), marked from the first step it is claimed; in place order, as `_list_lives` gives.

    Each step reads only what changed in the river (`SeatView.river_change`): a long hand's
    river is long at every step, and reading all of it at each would take time (and, all kept
    at once, memory) in the square of the hand's length."""
    lives: list[_Life[Tile]] = []
    current: dict[int, _Life[Tile]] = {}
    last: SeatView | None = None
    before: tuple[tuple[Tile, bool], ...]
    now: tuple[tuple[Tile, bool], ...]
    for step, side in enumerate(sides):
        if step and side is last:
            continue
        if side is None:
            start, before, now = 0, (last.discards if last is not None else ()), ()
        else:
            start, before, now = side.river_change(last)
        last = side
        for k in range(max(len(before), len(now))):
            old = before[k] if k < len(before) else None
            new = now[k] if k < len(now) else None
            pos = start + k
            if old is None or new is None or old[0] != new[0]:
                if old is not None:
                    current.pop(pos).until = step
                if new is not None:
                    life = _Life(new[0], step, pos=pos)
                    current[pos] = life
                    lives.append(life)
            # Only the last discard of a river is ever claimed: a claim is new where the river is.
            if new is not None and new[1]:
                life = current[pos]
                if life.mark is None:
                    life.mark = step
    lives.sort(key=lambda life: (life.pos, life.first))
    return lives
