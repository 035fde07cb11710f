"""The table of a hand, step by step, as a page carries it: what changed at each step, compactly.

A report does not draw the table once per step (a 1,000-hand session would be tens of
megabytes and take minutes to write); it carries, for each hand, what is on the table after
the deal and then what each step changed, read from the engine's own state as the replay
plays it, and the page's script draws the chosen step.  Nothing here decides a rule: every
change is read off the engine (`paipu.replay.state.HandState`) and the ruleset's hooks
(`Ruleset.table_scores`, `table_counters`, `red_fives_held`, `marked_tiles`).

The encoding (`HandTable`), which the script reads (``_script.js``) and `decode` reads the
same way in Python:

- A face is one character of `FACES`: a kind's index (0-41: 1m…9m, 1p…, 1s…, 1z…7z, flowers),
  then the red fives 0m 0p 0s, and ``x`` for a tile seen from the back.
- ``start`` holds the ops of step 0 (the deal), ``steps`` one token per step after it,
  separated by spaces.  A token is the action: its verb (`VERBS`), its seat (``E S W N``, or
  ``-``), its tiles as faces, then ``~`` and a glyph's number if it has one; then, after
  ``|``, the step's ops.  A token without ``|`` changed the table exactly as its verb does
  alone (`predicted`): a draw adds the tile to the seat's hand and takes it from the wall, a
  discard moves it to the river; the writer checks each step against the engine and writes
  the ops out wherever the prediction is not exactly what the engine did.
- Ops (each a character, a seat where it takes one, then its arguments; numbers end with ``;``):
  ``+S…`` tiles added to S's concealed hand, ``^Sf`` one added by a draw (set apart),
  ``-S…`` tiles taken from it, ``>Sfn`` a discard of face f with flags n (1: the tile just
  drawn, 摸切; 2: the discard that declares ready), ``*S`` S's last discard claimed, ``<S`` its
  last discard gone, ``mS…;`` a meld added (kind, source seat or ``.``, faces, each sideways
  one after a ``^``), ``nSi…;`` meld i replaced, ``oSi`` meld i gone, ``yS…`` flowers set
  aside, ``rS1`` / ``rS0`` ready declared / not, ``w…;`` tiles left in the wall, ``tS`` the seat
  to move (``t-``: none), ``q…;`` the kinds marked (dora, 宝), ``$S…;`` S's score on the table
  (``$S25000,+8000;`` with this hand's change, once it is settled), ``ki…;`` the value of counter
  i (its place among `HandTable.counters`, as a character of `FACES`),
  ``~…;`` the known wall (step 0), ``ji;`` the wall's tile at place i drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from paipu.record import Action, AnKong, Chow, Discard, Draw, FanLine, Pass, Ready, Seat, SeatAction
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import Ruleset
from paipu.replay.state import HandState, Meld, Wall
from paipu.replay.state import SeatState as EngineSeat
from paipu.tiles import ALL_TILES, RED_FIVES, Tile

FACES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"
"""One character per face: the 42 kinds by index, then the red fives of m, p and s."""
BACK = "x"
"""A tile seen from the back."""
_RED_FACE = {t.index: 42 + k for k, t in enumerate(RED_FIVES)}
_RED_KIND = {face: kind for kind, face in _RED_FACE.items()}
NUM_FACES = 45
_JOINED = 1024
"""Tokens kept apart before they are joined into one string."""

VERBS: dict[str, str] = {
    "draw": "w", "discard": "d", "chow": "c", "pong": "p", "kong": "k", "ankong": "a", "addkong": "b",
    "flower": "y", "ready": "r", "hu": "h", "pass": "o", "exhausted": "x", "fan": "n", "score": "s",
}
"""The code of each verb of the record; a table event's is ``e`` and its place among the ruleset's
events (`Ruleset.events`), as a character of `FACES`."""
DISCARD_CODES = ("d", "D", "q", "Q")
"""A discard's code by its flags: from the hand, the tile just drawn (摸切), the one that
declares ready, both."""
MELD_CODES = {"chow": "c", "pong": "p", "kong": "k", "ankong": "a", "addkong": "b"}
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")


def face_of(tile: Tile) -> int:
    """A tile's face number: its kind's index, or 42-44 for a red five."""
    return _RED_FACE[tile.index] if tile.red and tile.index in _RED_FACE else tile.index


def face_char(tile: Tile) -> str:
    return FACES[face_of(tile)]


_CHAR: dict[int, str] = {id(t): FACES[face_of(t)] for t in (*ALL_TILES, *RED_FIVES)}
"""The face of each interned tile, by its identity (interned tiles live as long as the program)."""


def face_kind(face: int) -> int:
    """The kind (index) a face is of."""
    return _RED_KIND.get(face, face)


def face_tile(face: int) -> Tile:
    return RED_FIVES[face - 42] if face >= 42 else ALL_TILES[face]


def _faces_text(counts: Sequence[int]) -> str:
    """A multiset of faces, in the order the hand is shown: by kind, a red five after its plain."""
    out: list[str] = []
    for kind in range(42):
        n = counts[kind]
        if n:
            out.append(FACES[kind] * n)
        red = _RED_FACE.get(kind)
        if red is not None and counts[red]:
            out.append(FACES[red] * counts[red])
    return "".join(out)


@dataclass(frozen=True, slots=True)
class HandTable:
    """A hand's table as the page carries it (see the module's docstring)."""

    seats: tuple[Seat, ...]
    hidden: tuple[Seat, ...]
    """The seats whose concealed tiles are backs (a teaching view's other seats)."""
    start: str
    """The ops of step 0: the deal, the wall, the seat to move, the scores and counters."""
    steps: str
    """One token per step after the deal, separated by spaces."""
    counters: tuple[str, ...] = ()
    """The names of the ruleset's counters (``k`` ops number them), as setup words."""

    @property
    def tokens(self) -> list[str]:
        return self.steps.split(" ") if self.steps else []


class _SeatSide:
    """What the page was last told of one seat's side of the table."""

    __slots__ = ("counts", "faces", "flowers", "hidden", "melds", "melds_seen", "ready", "river_last", "river_n",
                 "size")

    def __init__(self, hidden: bool) -> None:
        self.hidden = hidden
        self.counts: list[int] = [0] * 42
        """The engine's counts, as last read (its concealed tiles by kind)."""
        self.faces: list[int] = [0] * NUM_FACES
        """The faces shown (for a hidden seat, only their number counts: `size`)."""
        self.size = 0
        self.river_n = 0
        self.river_last: object = None
        self.melds: list[str] = []
        self.melds_seen: tuple[tuple[int, str, int], ...] = ()
        self.flowers = 0
        self.ready = False


def meld_faces(meld: Meld, claimer: Seat, seats: tuple[Seat, ...], *, hidden: bool) -> str:
    """A meld as laid on the table, as faces: the claimed tile sideways (``^`` before it), on the
    side of the seat it came from (left: the previous seat, across, right: the next); a
    concealed kong laid back, face, face, back (all backs for a hidden hand).  A red five is
    shown once, on the claimed tile if that is the red one."""
    tiles = sorted(meld.tiles, key=lambda t: t.index)
    red = next((t for t in tiles if t.red), None)
    plain = [t.plain for t in tiles]
    if meld.kind == "ankong":
        if hidden:
            return BACK * len(tiles)
        faces = [face_char(t) for t in plain]
        if red is not None and len(faces) > 2:
            faces[1] = face_char(red)
        return BACK + "".join(faces[1:-1]) + BACK
    claimed = meld.claimed
    if claimed is None or meld.source is None or meld.source not in seats or claimed.plain not in plain:
        faces = [face_char(t) for t in plain]
        if red is not None:
            faces[plain.index(red.plain)] = face_char(red)
        return "".join(faces)
    rest = list(plain)
    rest.remove(claimed.plain)
    side_face = face_char(red if red is not None and claimed.red else claimed.plain)
    faces = [face_char(t) for t in rest]
    if red is not None and not claimed.red:
        k = rest.index(red.plain) if red.plain in rest else -1
        if k >= 0:
            faces[k] = face_char(red)
    sideways = ["^" + side_face]
    if meld.kind == "addkong" and faces:
        sideways.append("^" + faces.pop())
    where = "left" if meld.kind == "chow" else _relative(seats, claimer, meld.source)
    if where == "left":
        return "".join(sideways + faces)
    if where == "right":
        return "".join(faces + sideways)
    return "".join(faces[:1] + sideways + faces[1:])


def _relative(seats: tuple[Seat, ...], claimer: Seat, source: Seat) -> str:
    n = len(seats)
    d = (seats.index(source) - seats.index(claimer)) % n
    if d == n - 1:
        return "left"
    if d == 1:
        return "right"
    return "across"


def _meld_code(meld: Meld, claimer: Seat, seats: tuple[Seat, ...], hidden: bool) -> str:
    source = meld.source if meld.source is not None and meld.kind != "ankong" else "."
    return MELD_CODES.get(meld.kind, "p") + source + meld_faces(meld, claimer, seats, hidden=hidden)


@dataclass(slots=True)
class TableWriter:
    """One hand's table as the replay plays it: `begin` once the hand is dealt, `step` after each
    action, `end` once it is settled; `table` then gives the hand's `HandTable`."""

    engine: HandEngine
    viewer: Seat | None
    show_wall: bool
    """Whether the page shows the wall's order (the audit view of a record with a ``wall`` line)."""
    counter_names: tuple[str, ...] = ()
    _sides: dict[Seat, _SeatSide] = field(default_factory=dict)
    _closed: list[str] = field(default_factory=list)
    """The tokens of the steps no longer to be changed, joined a thousand at a time (a token of
    its own a step would cost many times its few characters)."""
    _recent: list[str] = field(default_factory=list)
    """The tokens of the last steps, each with its ops when it has them."""
    _count: int = 0
    _last: tuple[str, str | None, str] = ("", None, "")
    """The last step's token, ops (None: predicted) and prediction: `end` may add to them."""
    _end: tuple[int, str, str | None, str] | None = None
    """The step that ended the hand, as `_last`, with its place in `_recent`."""
    """Each step's ops as the engine made them (None: as its token predicts)."""
    _start: str = ""
    _wall_left: int = -1
    _turn: str = "-"
    _marks: str = ""
    _scores: dict[Seat, int] = field(default_factory=dict)
    _base: dict[Seat, int] = field(default_factory=dict)
    _counters: dict[str, int] = field(default_factory=dict)
    _wall_places: list[int] = field(default_factory=list)
    """The places (in the ``wall`` line's order) of the known wall's tiles not yet drawn."""
    _wall_tiles: tuple[Tile, ...] = ()
    _wall_size: int = -1
    _hidden: frozenset[str] = frozenset()
    _reds: bool = False
    _has_scores: bool = False
    _wall_rest: tuple[Tile, ...] = ()
    _phase: str = ""
    _next_seat: dict[str, str] = field(default_factory=dict)
    _cyclic: dict[str, str] = field(default_factory=dict)
    """Each seat's next seat in the ruleset's order, as the page's script predicts the turn."""
    _own_marks: bool = False
    """Whether the ruleset marks kinds of its own (`Ruleset.marked_tiles` overridden): else only
    the turned 宝 is marked, and the marks are read again only when it changes."""
    _marked_tile: Tile | None = None
    _may_be_fast: bool = False
    """Whether a draw or a discard may change nothing but its seat's side, the wall and the turn:
    not where the ruleset marks kinds of its own, keeps scores on the table or counters."""
    _st: HandState = field(init=False)
    _engine_seats: dict[Seat, EngineSeat] = field(default_factory=dict)
    _wall: Wall = field(init=False)
    events: tuple[str, ...] = ()
    """The ruleset's table events, in order: a token ``e`` gives its event's place here."""
    _last_action: dict[Seat, SeatAction] = field(default_factory=dict)
    _ready_pending: set[Seat] = field(default_factory=set)
    _playable: bool = True

    # ---------------------------------------------------------------- the steps
    def begin(self, playable: bool) -> None:
        """Step 0: the table as dealt."""
        self._playable = playable
        rs, st = self.engine.rs, self.engine.st
        seats = rs.seats
        self._sides = {s: _SeatSide(self.viewer is not None and s != self.viewer) for s in seats}
        self._hidden = frozenset(s for s, side in self._sides.items() if side.hidden)
        self._reds = bool(rs.red_fives)
        self._has_scores = type(rs).table_scores is not Ruleset.table_scores
        self._own_marks = type(rs).marked_tiles is not Ruleset.marked_tiles
        self._next_seat = {s: self.engine.next_seat(s) for s in seats}
        self._cyclic = {s: seats[(k + 1) % len(seats)] for k, s in enumerate(seats)}
        self._phase = st.phase
        self._marked_tile = st.marked_tile
        self._st = st
        self._engine_seats = dict(st.seats)
        self._wall = st.wall
        ops: list[str] = []
        if not playable:
            self._start = ""
            return
        for seat in seats:
            side = self._sides[seat]
            ss = st.seats[seat]
            faces = self._faces(seat, ss.counts)
            side.counts = list(ss.counts)
            side.faces = faces
            side.size = sum(faces)
            if side.size:
                ops.append(f"+{seat}{BACK * side.size if side.hidden else _faces_text(faces)}")
            if ss.flowers:
                ops.append(f"y{seat}" + "".join(face_char(t) for t in ss.flowers))
                side.flowers = len(ss.flowers)
        if self.show_wall:
            left = st.wall.left()
            if left:
                ops.append("~" + "".join(face_char(t) for t in left) + ";")
                self._wall_places = list(range(len(left)))
                self._wall_tiles = left
                self._wall_rest = left
                self._wall_size = st.wall.size
        self._wall_left = st.wall.size
        ops.append(f"w{st.wall.size};")
        self._turn = self._turn_now()
        ops.append(f"t{self._turn}")
        self._marks = self._marks_now()
        if self._marks:
            ops.append(f"q{self._marks};")
        scores = rs.table_scores(st)
        self._base = dict(scores) if scores is not None else dict(st.session_scores)
        self._scores = {s: self._base.get(s, 0) for s in seats}
        ops.extend(f"${s}{v};" for s, v in self._scores.items())
        counters = rs.table_counters(st)
        self.counter_names = tuple(counters)
        self._counters = dict(counters)
        self._may_be_fast = not (self._own_marks or self._has_scores or self.counter_names)
        ops.extend(f"k{FACES[i]}{v};" for i, v in enumerate(counters.values()))
        self._start = "".join(ops)

    def step(self, action: Action) -> None:
        """The step that played ``action`` (or, in a hand not replayed past some line, skipped it)."""
        kind = type(action)
        if kind is Draw or kind is Discard:
            token, flags = self._plain_token(action, kind is Draw)
            if self._playable and self._fast(kind is Draw, action.seat, action.tile, flags):  # type: ignore[attr-defined]
                # The table changed exactly as the verb alone says: the token is all the page needs.
                # (`_add`, written out: most steps take this way.)
                self._count += 1
                self._last = (token, None, "")
                recent = self._recent
                recent.append(token)
                if len(recent) > _JOINED and self._end is None:
                    self._closed.append(" ".join(recent[:-1]))
                    del recent[:-1]
                return
            if not self._playable:
                self._add(token, None, "")
                return
            predicted = self._predict(token, action.seat)  # type: ignore[attr-defined]
        else:
            token, predicted, flags = self._other_token(action)
            if not self._playable:
                self._add(token, None, predicted)
                return
        ops = self._changes(action, flags)
        self._add(token, None if ops == predicted else ops, predicted)
        if self._end is None and self.engine.st.ended:
            self._end = (len(self._recent) - 1, *self._last)

    def _add(self, token: str, ops: str | None, predicted: str) -> None:
        self._count += 1
        self._last = (token, ops, predicted)
        recent = self._recent
        recent.append(token if ops is None else f"{token}|{ops}")
        if len(recent) > _JOINED and self._end is None:
            # All but the last, which the settlement may still add to.
            self._closed.append(" ".join(recent[:-1]))
            del recent[:-1]

    def _fast(self, draw: bool, seat: Seat, tile: Tile, flags: int) -> bool:
        """Whether a draw or a discard changed the table exactly as `predicted` says (then what
        the page was told is brought up to date, and True), read in a few native comparisons;
        False, with nothing changed, where it did anything else (`_changes` then reads it all)."""
        side = self._sides.get(seat)
        if side is None or not self._may_be_fast or side.hidden or (self._reds and tile.index in _RED_FACE):
            return False
        st = self._st
        if st.ended or st.marked_tile is not self._marked_tile:
            return False
        ss = self._engine_seats[seat]
        river = ss.discards
        n = len(river)
        wall = self._wall
        if draw:
            if n != side.river_n or (n and river[-1] is not side.river_last) or ss.ready != side.ready \
                    or self._phase == "rob" or wall.size != self._wall_left - 1 or st.turn != seat \
                    or st.phase == "claim":
                return False
            turn = seat
        else:
            if n != side.river_n + 1 or (n > 1 and river[-2] is not side.river_last):
                return False
            last = river[-1]
            if last[1] or last[0] is not tile or wall.size != self._wall_left:
                return False
            if flags & 2:
                if side.ready or not ss.ready:
                    return False
            elif ss.ready != side.ready:
                return False
            turn = self._next_seat[st.turn] if st.phase == "claim" else st.turn  # type: ignore[assignment]
            if turn != self._cyclic[seat]:
                return False
        if len(ss.flowers) != side.flowers:
            return False
        rest: tuple[Tile, ...] = ()
        if draw and self._wall_places:
            rest = wall.left() or ()
            if rest != self._wall_rest[1:]:
                return False
        # Last, the hand: the kind of the tile changed by one, and nothing else.
        counts, prev = ss.counts, side.counts
        i = tile.index
        delta = 1 if draw else -1
        prev[i] += delta
        if counts != prev:
            prev[i] -= delta
            return False
        # The prediction holds: what the page was told follows it.
        side.faces[i] += delta
        side.size += delta
        side.river_n, side.river_last = n, (river[-1] if n else None)
        side.ready = ss.ready
        self._wall_left = wall.size
        if rest:
            self._wall_places.pop(0)
            self._wall_rest = rest
        self._turn = turn
        self._phase = st.phase
        return True

    def end(self, payments: dict[Seat, int], outcome: str) -> None:
        """The hand is settled: from the step that ended it, each seat's score is the one it leaves
        with, beside its change, and the counters are what the hand leaves on the table."""
        if not self._playable or outcome == "incomplete" or not self._count:
            return
        rs, st = self.engine.rs, self.engine.st
        extra = [f"${s}{self._base.get(s, 0) + payments.get(s, 0)},{_signed(payments.get(s, 0))};"
                 for s in rs.seats]
        counters = rs.table_counters(st, settled=True)
        extra.extend(f"k{FACES[self.counter_names.index(name)]}{v};" for name, v in counters.items()
                      if name in self.counter_names and self._counters.get(name) != v)
        at, token, ops, predicted = self._end if self._end is not None else (len(self._recent) - 1, *self._last)
        if ops is None and not predicted:
            # A step the prediction held for (`_fast`) cannot end a hand: none with a seat to move does.
            raise RuntimeError("a hand was settled at a step that left a seat to move")
        self._recent[at] = f"{token}|{ops if ops is not None else predicted}" + "".join(extra)

    @property
    def playable(self) -> bool:
        """Whether the hand could be set up and replayed (else it has no table, only its actions)."""
        return self._playable

    def table(self) -> HandTable:
        seats = self.engine.rs.seats
        hidden = tuple(s for s in seats if self._sides.get(s) is not None and self._sides[s].hidden)
        return HandTable(seats, hidden, self._start, " ".join((*self._closed, *self._recent)), self.counter_names)

    # ---------------------------------------------------------------- reading the engine
    def _faces(self, seat: Seat, counts: Sequence[int]) -> list[int]:
        faces = [*counts[:42], 0, 0, 0]
        rs = self.engine.rs
        if rs.red_fives:
            held = rs.red_fives_held(self.engine.st, seat)
            if held:
                melded = {t.index for m in self.engine.st.seats[seat].melds for t in m.tiles if t.red}
                for kind in held:
                    if kind not in melded and faces[kind] > 0 and kind in _RED_FACE:
                        faces[kind] -= 1
                        faces[_RED_FACE[kind]] += 1
        return faces

    def _turn_now(self) -> str:
        st = self.engine.st
        if st.ended:
            return "-"
        if st.phase == "claim":
            return self.engine.next_seat(st.turn)
        return st.turn

    def _marks_now(self) -> str:
        st = self.engine.st
        return "".join(FACES[t.index] for t in self.engine.rs.marked_tiles(st))

    def _changes(self, action: Action, flags: int) -> str:
        """What the step changed on the table, as ops in their fixed order.  Each seat's side is
        compared with what the page was last told in a few native comparisons; only a side that
        changed is read further."""
        st = self.engine.st
        ops: list[str] = []
        kind = type(action)
        phase = self._phase
        self._phase = st.phase
        if (kind is Draw or kind is Discard) and action.seat in self._sides:  # type: ignore[attr-defined]
            # A draw or a discard changes its own seat's side of the table alone (its hand and
            # river, and the ready flag of the discard that declares it; a draw after an added
            # kong, that kong): the others are not read.
            seat: Seat = action.seat  # type: ignore[attr-defined]
            self._seat_changes(seat, self._sides[seat], st.seats[seat], action, flags, ops,
                               kind is Draw and phase == "rob")
        else:
            # A plain pass leaves every meld as it was.
            melds = kind is not Pass
            for seat, side in self._sides.items():
                self._seat_changes(seat, side, st.seats[seat], action, flags, ops, melds)
        wall = st.wall
        if wall.size != self._wall_left:
            ops.append(f"w{wall.size};")
            self._wall_left = wall.size
            if self._wall_places:
                ops.extend(self._wall_drawn())
        if st.ended:
            turn = "-"
        elif st.phase == "claim":
            turn = self._next_seat[st.turn]
        else:
            turn = st.turn
        if turn != self._turn:
            ops.append(f"t{turn}")
            self._turn = turn
        if self._own_marks or st.marked_tile is not self._marked_tile:
            self._marked_tile = st.marked_tile
            marks = self._marks_now()
            if marks != self._marks:
                ops.append(f"q{marks};")
                self._marks = marks
        if self._has_scores:
            rs = self.engine.rs
            scores = rs.table_scores(st)
            if scores is not None:
                for s in rs.seats:
                    v = scores.get(s, 0)
                    if v != self._scores.get(s):
                        ops.append(f"${s}{v};")
                        self._scores[s] = v
        if self.counter_names:
            counters = self.engine.rs.table_counters(st)
            for i, name in enumerate(self.counter_names):
                v = counters.get(name, 0)
                if v != self._counters.get(name):
                    ops.append(f"k{FACES[i]}{v};")
                    self._counters[name] = v
        return "".join(ops)

    def _seat_changes(self, seat: Seat, side: _SeatSide, ss: EngineSeat, action: Action, flags: int,
                      ops: list[str], melds_may_change: bool) -> None:
        """The ops of one seat's side: its hand, river, melds, flowers and ready flag."""
        counts = ss.counts
        if counts != side.counts:
            tile: Tile | None = getattr(action, "tile", None)
            drawn = type(action) is Draw and action.seat == seat
            self._hand_changes(seat, side, counts, tile.index if tile is not None else -1, drawn, ops)
        river = ss.discards
        n = len(river)
        if n != side.river_n or (n and river[-1] is not side.river_last):
            last = river[-1] if n else None
            if n < side.river_n:
                ops.extend(f"<{seat}" for _ in range(side.river_n - n))
            elif n > side.river_n:
                for t, claimed in river[side.river_n:]:
                    ops.append(f">{seat}{face_char(t)}{flags if n == side.river_n + 1 else 0}")
                    if claimed:
                        ops.append(f"*{seat}")
            elif last is not None and last[1]:
                ops.append(f"*{seat}")
            side.river_n, side.river_last = n, last
        melds = ss.melds
        if melds_may_change and (melds or side.melds_seen):
            seen = tuple((id(m), m.kind, len(m.tiles)) for m in melds)
            if seen != side.melds_seen:
                seats = self.engine.rs.seats
                codes = [_meld_code(m, seat, seats, side.hidden) for m in melds]
                before = side.melds
                for i in range(max(len(codes), len(before))):
                    if i >= len(codes):
                        ops.append(f"o{seat}{i}")
                    elif i >= len(before):
                        ops.append(f"m{seat}{codes[i]};")
                    elif codes[i] != before[i]:
                        ops.append(f"n{seat}{i}{codes[i]};")
                side.melds, side.melds_seen = codes, seen
        if len(ss.flowers) != side.flowers:
            if len(ss.flowers) > side.flowers:
                ops.append(f"y{seat}" + "".join(face_char(t) for t in ss.flowers[side.flowers:]))
            side.flowers = len(ss.flowers)
        if ss.ready != side.ready:
            ops.append(f"r{seat}{1 if ss.ready else 0}")
            side.ready = ss.ready

    def _hand_changes(self, seat: Seat, side: _SeatSide, counts: list[int], hint: int, drawn: bool,
                      ops: list[str]) -> None:
        """The ops of a seat whose concealed tiles changed: the kinds that changed found first at
        the action's own tile, then, if the rest differs too, kind by kind."""
        prev = side.counts
        changed: list[int]
        if 0 <= hint < 42 and counts[hint] != prev[hint]:
            was = prev[hint]
            prev[hint] = counts[hint]
            if prev == counts:
                changed = [hint]
            else:
                prev[hint] = was
                changed = [k for k in range(42) if counts[k] != prev[k]]
        else:
            changed = [k for k in range(42) if counts[k] != prev[k]]
        side.counts = list(counts)
        if side.hidden:
            n = sum(counts)
            if n < side.size:
                ops.append(f"-{seat}{BACK * (side.size - n)}")
            elif n > side.size:
                ops.append(f"^{seat}{BACK}" if drawn and n == side.size + 1 else f"+{seat}{BACK * (n - side.size)}")
            side.size = n
            return
        faces = side.faces
        if self._reds and any(k in _RED_FACE for k in changed):
            new = self._faces(seat, counts)
            touched = [f for f in range(NUM_FACES) if new[f] != faces[f]]
        else:
            new = list(faces)
            for k in changed:
                new[k] = counts[k]
            touched = changed
        gone = "".join(FACES[f] * (faces[f] - new[f]) for f in touched if faces[f] > new[f])
        came = "".join(FACES[f] * (new[f] - faces[f]) for f in touched if new[f] > faces[f])
        if gone:
            ops.append(f"-{seat}{gone}")
        if came:
            ops.append(f"^{seat}{came}" if drawn and len(came) == 1 else f"+{seat}{came}")
        side.faces = new
        side.size += len(came) - len(gone)

    def _wall_drawn(self) -> list[str]:
        """The places of the known wall drawn since the step before (in the ``wall`` line's order)."""
        left = self.engine.st.wall.left() or ()
        before = self._wall_rest
        self._wall_rest = left
        places, tiles = self._wall_places, self._wall_tiles
        if len(left) >= len(places):
            return []
        # Most draws take the wall's next tile, or its last (a replacement): tried first, so that
        # of two equal tiles side by side the one drawn is the one the draw reached.
        if left == before[1:]:
            return [f"j{places.pop(0)};"]
        if left == before[:-1]:
            return [f"j{places.pop()};"]
        gone: list[str] = []
        keep: list[int] = []
        k = 0
        for p in places:
            if k < len(left) and left[k] is tiles[p]:
                keep.append(p)
                k += 1
            else:
                gone.append(f"j{p};")
        self._wall_places = keep
        return gone

    # ---------------------------------------------------------------- the action as a token
    def _plain_token(self, action: Action, draw: bool) -> tuple[str, int]:
        """A draw's or a discard's token, and its discard flags (摸切, the ready discard)."""
        seat: Seat = action.seat  # type: ignore[attr-defined]
        tile: Tile = action.tile  # type: ignore[attr-defined]
        last = self._last_action.get(seat)
        self._last_action[seat] = action  # type: ignore[assignment]
        flags = 0
        if draw:
            face = BACK if seat in self._hidden else _CHAR.get(id(tile)) or face_char(tile)
            code = "w"
        else:
            if type(last) is Draw and last.tile == tile:
                flags = 1
            if seat in self._ready_pending:
                self._ready_pending.discard(seat)
                flags |= 2
            code = DISCARD_CODES[flags]
            face = _CHAR.get(id(tile)) or face_char(tile)
        glyph = action.glyph  # type: ignore[attr-defined]
        if glyph is None:
            return code + seat + face, flags
        return f"{code}{seat}{face}" + (f"~{GLYPHS.index(glyph)}" if glyph in GLYPHS else ""), flags

    def _predict(self, token: str, seat: str) -> str:
        nxt = self._cyclic.get(seat, "-")
        place = self._wall_places[0] if self._wall_places else -1
        return predicted(token, self._hidden, self._wall_left, nxt, place, self._turn)

    def _other_token(self, action: Action) -> tuple[str, str, int]:
        hidden_tiles = False
        seat = "-"
        if isinstance(action, SeatAction):
            seat = action.seat
            hidden_tiles = seat in self._hidden and isinstance(action, AnKong)
            if isinstance(action, Ready):
                self._ready_pending.add(seat)
            self._last_action[seat] = action
        elif isinstance(action, FanLine):
            seat = action.seat
        verb = action.verb
        if verb in VERBS:
            code = VERBS[verb]
        else:
            code = "e" + FACES[self.events.index(verb) if verb in self.events else 0]
        if isinstance(action, Chow):
            tiles = "".join(face_char(t) for t in action.tiles)
        elif code[0] == "e":
            event_tiles: tuple[Tile, ...] = getattr(action, "tiles", ())
            tiles = "".join(face_char(t) for t in event_tiles)
        else:
            tile: Tile | None = getattr(action, "tile", None)
            tiles = "" if tile is None else (BACK if hidden_tiles else face_char(tile))
        glyph = getattr(action, "glyph", None)
        mark = f"~{GLYPHS.index(glyph)}" if glyph in GLYPHS else ""
        token = f"{code}{seat}{tiles}{mark}"
        return token, self._predict(token, seat), 0


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def predicted(token: str, hidden: frozenset[str], wall_left: int, next_seat: str, next_place: int,
              turn: str) -> str:
    """What a step changes when its token has no ops: what its verb does alone.  A draw: the tile
    set apart in the seat's hand, one tile less in the wall (the next of the known wall), the
    seat to move (when it was not); a discard: the tile from the hand to the river (with the
    token's flags), the seat due to draw next to move (when it was not), and a ready seat for
    the discard that declares it; anything else: nothing.  The page's script predicts the same
    (``_script.js``, ``predict``)."""
    code, seat = token[0], token[1:2]
    tile = token[2:3] if token[2:3] != "~" else ""
    if code == "w" and tile:
        wall = f"j{next_place};" if next_place >= 0 else ""
        return f"^{seat}{tile}w{wall_left - 1};{wall}" + (f"t{seat}" if turn != seat else "")
    if code in DISCARD_CODES and tile:
        flags = DISCARD_CODES.index(code)
        shown = BACK if seat in hidden else tile
        ready = f"r{seat}1" if flags & 2 else ""
        return f"-{seat}{shown}>{seat}{tile}{flags}{ready}" + (f"t{next_seat}" if turn != next_seat else "")
    return ""


# -------------------------------------------------------------------- reading it back


@dataclass
class SeatState:
    """One seat's side of the table at a step, as the page draws it."""

    faces: list[int]
    """The concealed tiles by face (for a hidden seat, backs: `backs`)."""
    backs: int = 0
    drawn: str = ""
    """The face set apart: the tile a draw of this very step added."""
    river: list[tuple[str, int, bool]] = field(default_factory=list)
    """Each discard: its face, its flags (1: 摸切, 2: the ready discard), whether it was claimed."""
    melds: list[str] = field(default_factory=list)
    flowers: list[str] = field(default_factory=list)
    ready: bool = False
    score: int = 0
    change: str = ""
    """This hand's change of the score, once it is settled (``+8000``)."""

    def concealed(self) -> str:
        """The concealed faces in the order shown (backs as ``x``), the tile drawn last."""
        if self.backs:
            return BACK * self.backs
        text = _faces_text(self.faces)
        if self.drawn and self.drawn in text:
            k = text.index(self.drawn)
            text = text[:k] + text[k + 1:] + self.drawn
        return text


@dataclass
class TableState:
    """The table at one step, as the page's script draws it."""

    seats: dict[str, SeatState]
    wall_left: int = 0
    turn: str = "-"
    marks: str = ""
    counters: list[int] = field(default_factory=list)
    wall: str = ""
    """The known wall, in the ``wall`` line's order (the audit view of a record with one)."""
    drawn_places: set[int] = field(default_factory=set)


def parse_token(token: str) -> tuple[str, str, str, int, str | None]:
    """A step's token: (verb code, seat, tile faces, glyph number or -1, ops or None: predicted)."""
    action, bar, ops = token.partition("|")
    code = action[:2] if action[:1] == "e" else action[:1]
    seat = action[len(code):len(code) + 1]
    rest = action[len(code) + 1:]
    tiles, tilde, glyph = rest.partition("~")
    return code, seat, tiles, int(glyph) if tilde else -1, ops if bar else None


def decode(table: HandTable) -> list[TableState]:
    """The table at every step of a hand (step 0, the deal, first), read from its `HandTable`
    exactly as the page's script reads it: for tests and tools that check what a page shows."""
    state = TableState({s: SeatState([0] * NUM_FACES) for s in table.seats},
                       counters=[0] * len(table.counters))
    hidden = frozenset(table.hidden)
    out: list[TableState] = []
    _apply(state, table.start)
    out.append(_copy(state))
    seats: list[str] = list(table.seats)
    for token in table.tokens:
        code, seat, tiles, _, ops = parse_token(token)
        for side in state.seats.values():
            side.drawn = ""
        if ops is None:
            nxt = seats[(seats.index(seat) + 1) % len(seats)] if seat in state.seats else "-"
            rest = [p for p in range(len(state.wall)) if p not in state.drawn_places]
            ops = predicted(f"{code}{seat}{tiles}", hidden, state.wall_left, nxt, rest[0] if rest else -1,
                            state.turn)
        _apply(state, ops)
        out.append(_copy(state))
    return out


def _copy(state: TableState) -> TableState:
    seats = {s: SeatState(list(v.faces), v.backs, v.drawn, list(v.river), list(v.melds), list(v.flowers), v.ready,
                          v.score, v.change) for s, v in state.seats.items()}
    return TableState(seats, state.wall_left, state.turn, state.marks, list(state.counters), state.wall,
                      set(state.drawn_places))


def _number(ops: str, k: int) -> tuple[str, int]:
    end = ops.index(";", k)
    return ops[k:end], end + 1


def _apply(state: TableState, ops: str) -> None:
    k = 0
    n = len(ops)
    while k < n:
        op = ops[k]
        if op in "+-^":
            side = state.seats[ops[k + 1]]
            k += 2
            while k < n and (ops[k] in FACES or ops[k] == BACK):
                face = ops[k]
                if face == BACK:
                    side.backs += 1 if op != "-" else -1
                    side.drawn = BACK if op == "^" else side.drawn
                else:
                    side.faces[FACES.index(face)] += 1 if op != "-" else -1
                    if op == "^":
                        side.drawn = face
                k += 1
        elif op == ">":
            state.seats[ops[k + 1]].river.append((ops[k + 2], int(ops[k + 3]), False))
            k += 4
        elif op == "*":
            river = state.seats[ops[k + 1]].river
            if river:
                face, flags, _ = river[-1]
                river[-1] = (face, flags, True)
            k += 2
        elif op == "<":
            river = state.seats[ops[k + 1]].river
            if river:
                river.pop()
            k += 2
        elif op in "mn":
            side = state.seats[ops[k + 1]]
            k += 2
            at = -1
            if op == "n":
                at = int(ops[k])
                k += 1
            text, k = _number(ops, k)
            if at < 0:
                side.melds.append(text)
            else:
                side.melds[at] = text
        elif op == "o":
            del state.seats[ops[k + 1]].melds[int(ops[k + 2])]
            k += 3
        elif op == "y":
            side = state.seats[ops[k + 1]]
            k += 2
            while k < n and ops[k] in FACES:
                side.flowers.append(ops[k])
                k += 1
        elif op == "r":
            state.seats[ops[k + 1]].ready = ops[k + 2] == "1"
            k += 3
        elif op == "w":
            text, k = _number(ops, k + 1)
            state.wall_left = int(text)
        elif op == "t":
            state.turn = ops[k + 1]
            k += 2
        elif op == "q":
            state.marks, k = _number(ops, k + 1)
        elif op == "$":
            side = state.seats[ops[k + 1]]
            text, k = _number(ops, k + 2)
            score, _, change = text.partition(",")
            side.score, side.change = int(score), change
        elif op == "k":
            i = FACES.index(ops[k + 1])
            text, k = _number(ops, k + 2)
            state.counters[i] = int(text)
        elif op == "~":
            state.wall, k = _number(ops, k + 1)
        elif op == "j":
            text, k = _number(ops, k + 1)
            state.drawn_places.add(int(text))
        else:
            raise ValueError(f"an op the page does not know: {op!r} in {ops!r}")
