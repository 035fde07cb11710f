"""The hand engine: one hand as a state machine that checks, applies and lists actions.

The engine owns the mechanics every ruleset shares (turns, draws, discards, claims,
kongs, the wall) and asks the ruleset (`paipu.replay.ruleset.Ruleset`) wherever rulesets
differ.  It never stops at the first error: each action is checked, reported, and then
applied as far as the state stays meaningful, so one run finds every error.  Whole records
are replayed by `paipu.replay.session.replay`.
"""

from __future__ import annotations

import functools
import gc
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, cast

import paipu.record as r
from paipu.findings import Finding
from paipu.hand.complete import far_tiles_may_complete, quick_complete
from paipu.hand.shanten import is_complete, shanten
from paipu.record import (  # by name: compiled, each class itself, where ``r.Draw`` is a look-up in the module
    AddKong,
    AnKong,
    Chow,
    Discard,
    Draw,
    Exhausted,
    FanLine,
    Flower,
    Hu,
    Kong,
    Pass,
    Pong,
    Ready,
    ScoreLine,
    Seat,
    SeatAction,
    Span,
    TableEvent,
)
from paipu.replay.claims import ClaimsMixin
from paipu.replay.core import plural
from paipu.replay.result import CODE_RED, TILE_OF_CODE, UNCLAIMED_OF_CODE, HandResult, SessionState
from paipu.replay.ruleset import Ruleset
from paipu.replay.settle import audit_recorded_results
from paipu.replay.state import LastDiscard, SeatState
from paipu.tiles import ALL_TILES, Tile


class HandEngine(ClaimsMixin):  # and WinsMixin, its base: the same method order as before
    """One hand as a state machine: set it up, then `check`, `can`, `apply` or `play` actions.

    ``check(a)`` says what is wrong with ``a`` now, without changing anything; ``can(a)`` is
    true when nothing is; ``apply(a)`` changes the table as ``a`` says (after an error, as far
    as the state stays meaningful); ``play(a)`` does both and keeps the findings.
    `legal_actions` lists what may be played now.  Claims and kongs are in
    `paipu.replay.claims`, wins in `paipu.replay.wins`; this class has the deal, draws,
    discards, table events and the hand's end.
    """

    def __init__(self, ruleset: Ruleset, hand: r.HandRecord, session: SessionState, dealer: Seat) -> None:
        super().__init__(ruleset, hand, session, dealer)
        # Hooks that have nothing to do in this ruleset are not called on every action.
        tables = _TABLES_OF[0]
        if tables is None or tables[0] is not ruleset:
            # Asked once per ruleset (a replay's hands share one), not once a hand.
            kind = type(ruleset)
            tables = (ruleset, kind.before_action is not Ruleset.before_action,
                      kind.check_discard is not Ruleset.check_discard,
                      {s: ruleset.next_seat(s) for s in ruleset.seats},
                      kind.check_meld is not Ruleset.check_meld)
            _TABLES_OF[0] = tables
        self._owes_before = tables[1]
        self._checks_discard = tables[2]
        self._checks_meld = tables[4]
        self._has_ready = ruleset.ready_allowed()
        self._ready_pending = False
        """Some seat may have declared ready and owe its discard (only `on_ready` sets
        `SeatState.ready_pending`): until then no action is checked for it."""
        self._next_of: dict[Seat, Seat] = tables[3]
        """Each seat's next seat (shared by the hands of one ruleset: read, never changed)."""

    @classmethod
    def start(cls, ruleset: Ruleset, hand: r.HandRecord, dealer: Seat | None = None) -> HandEngine:
        """A hand set up and ready for its first action, outside a replay (engine authors,
        what-if questions): ``hand`` needs its deals (and a `wall` line for draws to be
        offered among the legal actions)."""
        who = dealer or (hand.dealer.seat if hand.dealer is not None else ruleset.seats[0])
        scores: dict[Seat, int] = {s: 0 for s in ruleset.seats}
        session = SessionState(scores=scores, dealer=who, ruleset_data=ruleset.new_session_data())
        engine = cls(ruleset, hand, session, who)
        engine.setup()
        return engine

    # ------------------------------------------------------------ setup
    def setup(self) -> bool:
        """Deals, the wall and the ruleset's setup; False if the hand cannot be replayed."""
        st, rs, hand = self.st, self.rs, self.hand
        st.session_scores = dict(self.session.scores)
        st.start_scores_given = self.session.has_start_scores
        st.session_data = self.session.ruleset_data
        rs.setup_hand(st)
        ok = True
        dealt = [0] * len(st.seen)
        no_red = not rs.red_fives
        flowers_ok = rs.uses_flowers
        skipped = False
        dealt_seats: set[Seat] = set()
        for d in hand.deals:
            dealt_seats.add(d.seat)
            if d.seat not in rs.seats:
                skipped = True
                self.err(
                    "bad-seat",
                    f"seat {d.seat} does not play in {rs.name} (seats: {' '.join(rs.seats)})",
                    d.span,
                    "common.deal",
                )
                continue
            want = rs.deal_size(d.seat == st.dealer)
            if len(d.tiles) != want:
                role = "the dealer" if d.seat == st.dealer else "a non-dealer"
                self.err(
                    "deal-size",
                    f"{d.seat} is dealt {len(d.tiles)} tiles; {role} is dealt {want}",
                    d.span,
                    "common.deal",
                )
            counts = st.seats[d.seat].counts
            for t in d.tiles:
                i = t.index
                if no_red and t.red:
                    self._no_red_five(t, d.span)
                if i >= 34 and not flowers_ok:
                    self.err("bad-tile", f"{t} ({t.chinese}) is a flower; {rs.name} has no flowers",
                             d.span, "common.tiles")
                    skipped = True
                    continue
                counts[i] = counts[i] + 1
                dealt[i] = dealt[i] + 1
        for seat in rs.seats:
            if seat not in dealt_seats:
                self.err("missing-deal", f"hand {hand.number} has no `deal {seat}` line",
                         hand.span, "common.deal")
                ok = False
        st.seen = list(dealt)
        limits = rs.tile_counts
        # The deals' running count of a kind can pass the set's only if their total does (every
        # tile dealt, those not counted above too).
        everything_deals = dealt
        if skipped:
            everything_deals = [0] * len(dealt)
            for d in hand.deals:
                for t in d.tiles:
                    everything_deals[t.index] = everything_deals[t.index] + 1
        # Loops on the ints (compiled: no generator, no iterator objects).
        for i in range(len(everything_deals)):
            if everything_deals[i] > limits[i]:
                self._deal_tile_counts()
                break
        if hand.wall is not None:
            wall_tiles = hand.wall.tiles
            if no_red:
                red = next((t for t in wall_tiles if t.red), None)
                if red is not None:
                    self._no_red_five(red, hand.wall.span)
            whole = list(dealt)
            for t in wall_tiles:
                whole[t.index] = whole[t.index] + 1
            diffs = []
            differs = len(whole) != len(limits)
            if not differs:
                for i in range(len(whole)):
                    if whole[i] != limits[i]:
                        differs = True
                        break
            if differs:
                for i, n in enumerate(whole):
                    if n != limits[i]:
                        diffs.append(f"{n} of {ALL_TILES[i]} (the set has {limits[i]})")
            if diffs:
                shown = ", ".join(diffs[:6]) + (f" and {len(diffs) - 6} more" if len(diffs) > 6 else "")
                self.err(
                    "wall-mismatch",
                    f"the wall and the deals are not the whole tile set: {shown}",
                    hand.wall.span,
                    "common.tiles",
                )
            st.wall.size = len(wall_tiles)
            st.wall.tiles = deque(wall_tiles)
        else:
            st.wall.size = rs.total_tiles - sum(dealt)
        self.walls = rs.seat_walls(st)
        if self.walls is not None and hand.wall is not None:
            st.wall.split(self.walls)
        return ok

    def _deal_tile_counts(self) -> None:
        """Report the deal that first holds more of a kind than the set has (in deal order)."""
        st, rs, hand = self.st, self.rs, self.hand
        running = [0] * len(st.seen)
        for d in hand.deals:
            per_kind: dict[Tile, int] = {}
            for t in d.tiles:
                per_kind[t] = per_kind.get(t, 0) + 1
            for t in sorted(per_kind, key=lambda x: x.index):
                if t.is_flower and not rs.uses_flowers:
                    continue  # reported above as a bad tile
                before = running[t.index]
                running[t.index] += per_kind[t]
                limit = rs.tile_counts[t.index]
                if before <= limit < running[t.index]:
                    self.err(
                        "tile-count",
                        f"with {d.seat}'s deal the deals hold {running[t.index]} of {t} ({t.chinese}); "
                        f"the set has {limit}",
                        d.span,
                        "common.tiles",
                    )

    # ------------------------------------------------------------ the action API
    def check(self, action: r.Action) -> list[Finding]:
        """What is wrong with playing ``action`` now (nothing changes)."""
        saved = self.st.findings
        found: list[Finding] = []
        self.st.findings = found
        try:
            self._handle(action, False)
            return found
        finally:
            self.st.findings = saved

    def can(self, action: r.Action) -> bool:
        """Whether ``action`` may be played now: its check finds no error.  Only the verdict is
        wanted, so a win the ruleset's value bound rules out is refused without its full
        analysis (`paipu.replay.wins.WinsMixin._judge`)."""
        was = self._verdict_only
        self._verdict_only = True
        try:
            return not any(f.severity == "error" for f in self.check(action))
        finally:
            self._verdict_only = was

    def apply(self, action: r.Action) -> None:
        """Change the table as ``action`` says, without keeping findings (after `check`)."""
        saved = self.st.findings
        self.st.findings = []
        try:
            self._handle(action, True)
        finally:
            self.st.findings = saved

    def play(self, action: r.Action) -> list[Finding]:
        """Check ``action``, keep its findings on the hand, then apply it; returns the findings."""
        mark = len(self.st.findings)
        self._handle(action, True)
        return self.st.findings[mark:]

    def play_all(self, actions: Sequence[r.Action]) -> None:
        """`play` each action in turn, keeping the findings on the hand (an audit with nobody watching).

        Most of a hand is plain draws and discards with nothing wrong: those are played here
        directly, after the same tests `on_draw` and `on_discard` make (any test that would
        fail sends the action to its handler, which reports it), with the same changes.
        Everything else goes through `_handle`.
        """
        st, rs = self.st, self.rs
        seats = st.seats
        wall = st.wall
        seen = st.seen
        limits = rs.tile_counts
        # An interned tile's discard: one shared pair (`paipu.replay.state.shared_discard`, written
        # out here for this loop's plain discards), found in a list by the tile's code (its
        # index, `CODE_RED` more for a red five) when the tile there is this one.  The pairs are
        # read and stored as objects (compiled: a pair typed as a tuple is unboxed into its
        # fields when read and made again as a new tuple when stored in the river, two tuples
        # made and freed for every discard), and a list read by a small int costs a few
        # instructions where a dict keyed by the tile's identity made that an int object each
        # time (some 400 instructions a discard in all).
        interned = TILE_OF_CODE
        discarded = UNCLAIMED_OF_CODE
        code_red = CODE_RED
        next_of = self._next_of
        owes_before = self._owes_before
        checks_discard = self._checks_discard
        # The wall's reserve depends on the table's state, which a plain draw or discard leaves
        # as it was: it is asked again only after another action, or where a hook may change
        # the state on a plain one (-1: ask).  Where the ruleset counts the draws left by itself
        # (walls of the seats' own), every draw goes to `on_draw`, which asks it.
        steady = not owes_before and not checks_discard
        one_wall = self.walls is None and not self._limits_own
        held_back = -1
        red_ok = rs.red_fives
        draw_type, discard_type = Draw, Discard
        # A tuple is walked by index (compiled: no iterator object, no call per item).
        todo: tuple[r.Action, ...] = actions if isinstance(actions, tuple) else tuple(actions)
        # The seat whose draw follows the last plain discard played here, kept for the action
        # right after it (`drawn_after`: its place) and asked of the table otherwise.
        pos = -1
        drawn_after = -2
        drawer: Seat | None = None
        was_on = gc.isenabled()
        gc.disable()  # a hand's replay makes no reference cycles worth a collector's pass
        try:
            for a in todo:
                pos += 1
                kind = type(a)
                if (kind is not draw_type and kind is not discard_type) or st.ended or self._ready_pending:
                    self._handle(a, True)
                    held_back = -1
                    continue
                seat: Seat = cast(r.SeatAction, a).seat  # compiled: a native read
                found = seats.get(seat)  # one look-up for the test and the seat's state
                if found is None:
                    self._handle(a, True)
                    held_back = -1
                    continue
                ss: SeatState = found
                tile: Tile = cast(Draw, a).tile if kind is draw_type else cast(Discard, a).tile
                i = tile.index
                if owes_before:
                    rs.before_action(st, a, True)
                if kind is draw_type:
                    expected = drawer if drawn_after == pos - 1 and not owes_before else next_of.get(st.turn)
                    if (st.phase != "claim" or expected != seat or i >= 34 or (tile.red and not red_ok)
                            or not one_wall):
                        self.on_draw(a, True)  # type: ignore[arg-type]
                        held_back = -1
                        continue
                    if not wall.known:
                        if seen[i] >= limits[i]:
                            self.on_draw(a, True)  # type: ignore[arg-type]
                            held_back = -1
                            continue
                    else:
                        head = wall.head_kind()
                        if head >= 0 and head != i:
                            self.on_draw(a, True)  # type: ignore[arg-type]
                            held_back = -1
                            continue
                    if held_back < 0 or not steady:
                        held_back = rs.reserve(st)
                    if wall.size <= held_back:
                        self.on_draw(a, True)  # type: ignore[arg-type]
                        held_back = -1
                        continue
                    first_draw = ss.draws == ss.flower_draws and not st.any_claim
                    wall.take(False)
                    # ``x[i] = x[i] + 1``: compiled, an int's addition (``+=`` on a list item is
                    # Python's generic in-place addition).
                    counts = ss.counts
                    seen[i] = seen[i] + 1
                    counts[i] = counts[i] + 1
                    ss.draws += 1
                    ss.last_drawn = tile
                    ss.drew_since_claim = True
                    st.first_draw = first_draw
                    st.after_kong = False
                    st.turn = seat
                    st.phase = "discard"
                    st.last_discard = None
                else:
                    counts = ss.counts
                    if (st.phase != "discard" or seat != st.turn or counts[i] < 1
                            or ss.ready_pending or (tile.red and not red_ok)):
                        self.on_discard(a, True)  # type: ignore[arg-type]
                        held_back = -1
                        continue
                    if checks_discard:
                        rs.check_discard(st, seat, a, True)  # type: ignore[arg-type]
                    counts[i] = counts[i] - 1
                    river: list[Any] = ss.discards
                    code = i + code_red if tile.red else i
                    river.append(discarded[code] if interned[code] is tile else (tile, False))
                    st.discard_serial += 1
                    st.open_discard(cast(Discard, a))
                    st.phase = "claim"
                    st.after_kong = False
                    st.any_discard = True
                    drawer = next_of.get(st.turn)
                    drawn_after = pos
        finally:
            if was_on:
                gc.enable()

    def _dispatch(self, action: r.Action) -> None:
        """`_handle` past its checks of the seat and of the hand's end, and past the hooks
        (`play_all` made them): the action's own handler."""
        self._verb(action, True)

    def _verb(self, action: r.Action, apply: bool) -> None:
        """The handler of ``action``'s type, called directly (compiled: a native call, not a
        look-up in a table of Python-callable methods); a `TypeError` for a type with none."""
        kind = type(action)
        if kind is Draw:
            self.on_draw(action, apply)  # type: ignore[arg-type]
        elif kind is Discard:
            self.on_discard(action, apply)  # type: ignore[arg-type]
        elif kind is Chow:
            self.on_chow(action, apply)  # type: ignore[arg-type]
        elif kind is Pong:
            self.on_pong(action, apply)  # type: ignore[arg-type]
        elif kind is Hu:
            self.on_hu(action, apply)  # type: ignore[arg-type]
        elif kind is Pass:
            self.on_pass(action, apply)  # type: ignore[arg-type]
        elif kind is FanLine or kind is ScoreLine:
            self.on_result_line(action, apply)
        elif kind is Kong:
            self.on_kong(action, apply)  # type: ignore[arg-type]
        elif kind is AnKong:
            self.on_ankong(action, apply)  # type: ignore[arg-type]
        elif kind is AddKong:
            self.on_addkong(action, apply)  # type: ignore[arg-type]
        elif kind is Flower:
            self.on_flower(action, apply)  # type: ignore[arg-type]
        elif kind is Ready:
            self.on_ready(action, apply)  # type: ignore[arg-type]
        elif kind is TableEvent:
            self.on_event(action, apply)  # type: ignore[arg-type]
        elif kind is Exhausted:
            self.on_exhausted(action, apply)  # type: ignore[arg-type]
        else:  # pragma: no cover - every Action type has a handler
            raise TypeError(kind)

    def _handle(self, action: r.Action, apply: bool) -> None:
        kind = type(action)
        if kind not in _HANDLED:  # pragma: no cover - every Action type has a handler
            raise TypeError(kind)
        st = self.st
        # The types with a seat: every seat action, and a fan line (compiled: a native read of
        # the seat of either class, where the seat of an `Action` is a generic look-up).
        seat: Seat | None = None
        if isinstance(action, SeatAction):
            seat = action.seat
        elif kind is FanLine:
            seat = cast(FanLine, action).seat
        if seat is not None and seat not in st.seats:
            self.err("bad-seat", f"seat {seat} does not play in {self.rs.name} (seats: {' '.join(self.rs.seats)})",
                     action.span, "common.header")
            return
        if st.ended and not (kind is FanLine or kind is ScoreLine or kind is Hu or kind is Pass):
            self.err(
                "action-after-end",
                f"`{action.verb}` after the hand has ended; only fan and score lines may follow",
                action.span,
                "common.end",
            )
            return
        if (self._owes_before or self._ready_pending) and not (kind is FanLine or kind is ScoreLine):
            if self._owes_before:
                self.rs.before_action(self.st, action, apply)
            if self._ready_pending:
                self._check_pending_ready(action, apply)
        self._verb(action, apply)

    def _check_pending_ready(self, action: r.Action, apply: bool) -> None:
        for seat, ss in self.st.seats.items():
            if ss.ready_pending and not (isinstance(action, Discard) and action.seat == seat):
                self.err(
                    "ready-without-discard",
                    f"{seat} declared ready but the next line is not {seat}'s discard",
                    action.span,
                    self.rs.rule_or_common("ready", "common.discard"),
                )
                if apply:
                    ss.ready_pending = False
        if apply:
            self._note_ready_pending()

    def _note_ready_pending(self) -> None:
        self._ready_pending = any(ss.ready_pending for ss in self.st.seats.values())

    def _no_red_five(self, tile: Tile, span: Span) -> None:
        self.err("bad-tile", f"{tile} is a red five; {self.rs.name} has no red fives (write {tile.plain})",
                 span, "common.tiles")

    def _reserve_check(self, a: r.SeatAction, seat: Seat) -> None:
        """Whether ``a``, a draw of ``seat``, comes past the wall's reserve, or past the end of
        the seat's own wall (the action's place is read only for a finding: a packed place is
        unpacked each time it is read)."""
        if self.draws_left(seat) > 0:
            return
        walls = self.walls
        if walls is not None:
            message = (f"{seat} draws with no tile left in its own wall (it has drawn all "
                       f"{walls[self.rs.seats.index(seat)]}): the hand should have ended (`exhausted`)")
        else:
            reserve = self.rs.reserve(self.st)
            message = (f"{seat} draws with {plural(self.st.wall.size, 'tile')} left in the wall, but "
                       f"the last {reserve} are never drawn in {self.rs.name}: the hand should have "
                       "ended (`exhausted`)")
        self.err("draw-past-reserve", message, a.span, self.rs.rule("exhausted"))

    # ------------------------------------------------------------ actions
    def on_draw(self, a: r.Draw, apply: bool) -> None:
        st, seat = self.st, a.seat
        ss = st.seats[seat]
        from_tail = False
        was_rob = st.phase == "rob"
        if st.phase in ("replacement", "rob"):
            from_tail = True
            if seat != st.turn:
                self.err("turn-order", f"{st.turn} draws the replacement tile after the kong, not {seat}",
                         a.span, "common.kong")
        elif st.phase == "claim":
            expected = self.next_seat(st.turn)
            if seat != expected:
                self.err(
                    "turn-order",
                    f"after {st.turn}'s discard it is {expected}'s turn to draw, not {seat}'s",
                    a.span,
                    "common.turn",
                )
        elif st.phase == "discard":
            if seat == st.turn and seat == st.dealer and not st.any_discard and ss.own_draws == 0:
                self.err("missing-discard", f"{seat} is the dealer and holds 14 tiles: it discards first, "
                         "without drawing", a.span, "common.deal")
            elif seat == st.turn:
                self.err("missing-discard", f"{seat} draws again without discarding first",
                         a.span, "common.discard")
            else:
                self.err("missing-discard",
                         f"{seat} draws, but {st.turn} has not discarded yet",
                         a.span, "common.discard")
        flower_replacement = from_tail and st.replacement_for == "flower"
        if flower_replacement:
            # The tile that replaces a flower stands in for the draw it replaced.
            first_draw = st.first_draw
        else:
            first_draw = ss.own_draws == 0 and not st.any_claim
        self._reserve_check(a, seat)
        part = self.wall_part(seat)
        wall_tile = st.wall.peek(from_tail, part)
        if wall_tile is not None and wall_tile.index != a.tile.index:  # `Tile` equality, natively
            if part >= 0:
                where = "from its own wall"
            else:
                where = "from the tail of the wall (a replacement draw)" if from_tail else "from the wall"
            self.err(
                "draw-mismatch",
                f"{seat} draws {a.tile} ({a.tile.chinese}), but the next tile {where} is "
                f"{wall_tile} ({wall_tile.chinese})",
                a.span,
                "common.wall",
            )
        if a.tile.red and not self.rs.red_fives:
            self._no_red_five(a.tile, a.span)
        if a.tile.is_flower and not self.rs.uses_flowers:
            self.err("bad-tile", f"{a.tile} ({a.tile.chinese}) is a flower; {self.rs.name} has no flowers",
                     a.span, "common.tiles")
        elif not st.wall.known:
            limit = self.rs.tile_counts[a.tile.index]
            if st.seen[a.tile.index] + 1 > limit:
                self.err(
                    "tile-count",
                    f"{seat} draws {a.tile} ({a.tile.chinese}), but all {limit} of that kind are "
                    "already on the table",
                    a.span,
                    "common.tiles",
                )
        if not apply:
            return
        if was_rob:
            self._finish_addkong()
        st.wall.take(from_tail, part)
        # ``x[i] = x[i] + 1``, not ``x[i] += 1``: compiled, an int's own addition, where the augmented
        # form on a list item is Python's generic in-place addition.
        i = a.tile.index
        seen, counts = st.seen, ss.counts
        seen[i] = seen[i] + 1
        counts[i] = counts[i] + 1
        ss.draws += 1
        if flower_replacement:
            ss.flower_draws += 1
        ss.last_drawn = a.tile
        ss.drew_since_claim = True
        st.first_draw = first_draw
        st.after_kong = from_tail and st.replacement_for == "kong"
        st.turn = seat
        st.phase = "discard"
        st.last_discard = None

    def on_discard(self, a: r.Discard, apply: bool) -> None:
        st, seat = self.st, a.seat
        if st.phase == "discard":
            if seat != st.turn:
                self.err("turn-order", f"it is {st.turn}'s turn to discard, not {seat}'s",
                         a.span, "common.turn")
        elif st.phase == "claim":
            nxt = self.next_seat(st.turn)
            if seat == st.turn:
                self.err("missing-draw", f"{seat} discards twice in a row", a.span, "common.turn")
            else:
                self.err(
                    "missing-draw",
                    f"{seat} discards without drawing; after {st.turn}'s discard, {nxt} draws next",
                    a.span,
                    "common.turn",
                )
        elif st.phase in ("replacement", "rob"):
            self.err("missing-replacement",
                     f"{st.turn} must draw a replacement tile after the kong before any discard",
                     a.span, "common.kong")
            if apply and st.phase == "rob":
                self._finish_addkong()
        ss = st.seats[seat]
        if a.tile.red and not self.rs.red_fives:
            self._no_red_five(a.tile, a.span)
        self.rs.check_discard(st, seat, a, apply)
        held = (self._take(seat, a.tile, 1, apply)
                or self._remove(seat, a.tile, 1, a.span, f"discards {a.tile}", apply))
        if not apply:
            if ss.ready_pending:
                # The ready question is about the hand after the discard: ask it of that hand.
                if held:
                    ss.counts[a.tile.index] = ss.counts[a.tile.index] - 1
                try:
                    self.rs.on_ready_discard(st, seat, a, False)
                finally:
                    if held:
                        ss.counts[a.tile.index] = ss.counts[a.tile.index] + 1
            return
        ss.discard(a.tile)
        st.discard_serial += 1
        st.open_discard(a)
        st.turn = seat
        st.phase = "claim"
        st.after_kong = False
        st.any_discard = True
        if ss.ready_pending:
            ss.ready_pending = False
            self._note_ready_pending()
            self.rs.on_ready_discard(st, seat, a, True)

    def on_flower(self, a: r.Flower, apply: bool) -> None:
        if not self.rs.uses_flowers:
            self.err("illegal-flower", f"{self.rs.name} has no flowers to set aside",
                     a.span, "common.tiles")
            return
        if not a.tile.is_flower:
            self.err("illegal-flower", f"{a.tile} ({a.tile.chinese}) is not a flower", a.span,
                     self.rs.rule("flowers"))
            return
        if self.st.phase != "discard" or a.seat != self.st.turn:
            # (`_own_turn` finds nothing on the seat's own turn to discard: its words are made
            # only where it may.)
            self._own_turn(a, f"set aside {a.tile}", apply)
        held = (self._take(a.seat, a.tile, 1, apply)
                or self._remove(a.seat, a.tile, 1, a.span, f"sets aside {a.tile}", apply))
        if not apply:
            return
        if held:
            self.st.seats[a.seat].flowers.append(a.tile)
        self._need_replacement(a.seat, "flower")

    def on_ready(self, a: r.Ready, apply: bool) -> None:
        if not self.rs.ready_allowed():
            self.err("illegal-ready", f"{self.rs.name} has no ready declaration (报听)",
                     a.span, self.rs.rule("claims"))
            return
        self._own_turn(a, "declare ready", apply)
        ss = self.st.seats[a.seat]
        if ss.ready:
            self.err("illegal-ready", f"{a.seat} has already declared ready", a.span, self.rs.rule("ready"))
            return
        self.rs.check_ready(self.st, a.seat, a, apply)
        if apply:
            ss.ready_pending = True
            self._ready_pending = True

    def on_pass(self, a: r.Pass, apply: bool) -> None:
        st = self.st
        ld = st.last_discard
        if st.phase == "rob":
            return
        if ld is None or st.phase not in ("claim", "ended"):
            self.warn("pointless-pass", f"{a.seat} passes, but there is no discard to claim", a.span,
                      "common.claim")
            return
        if a.seat == ld.seat:
            self.warn("pointless-pass", f"{a.seat} passes on its own discard", a.span, "common.claim")
            return
        if apply:
            st.seats[a.seat].passed_on = ld.serial

    def on_event(self, a: r.TableEvent, apply: bool) -> None:
        if not self.rs.on_event(self.st, a, apply):
            self.err("illegal-event", f"{self.rs.name} has no {_event_phrase(a.name)} (`{a.name}` lines)",
                     a.span, "common.header")

    def on_exhausted(self, a: r.Exhausted, apply: bool) -> None:
        st = self.st
        due = self.due_to_draw()
        left = self.draws_left(due)
        if left > 0:
            if self.walls is not None:
                message = (f"the hand is declared exhausted, but {due}, due to draw, has "
                           f"{plural(left, 'tile')} left in its own wall")
            else:
                message = (f"the hand is declared exhausted with {plural(st.wall.size, 'tile')} left in the "
                           f"wall; it goes on until only {self.rs.reserve(st)} remain")
            self.err("early-exhausted", message, a.span, self.rs.rule("exhausted"))
        elif st.phase == "discard":
            self.err("missing-discard",
                     f"{st.turn} drew the last tile and must win or discard before the hand is exhausted",
                     a.span, "common.discard")
        elif st.phase in ("replacement", "rob") and self.walls is None:
            # One wall owes every kong its replacement; with walls of the seats' own, a
            # replacement the seat's wall cannot give ends the hand (`Ruleset.seat_walls`).
            self.err("missing-replacement", f"{st.turn} must draw a replacement tile after the kong",
                     a.span, "common.kong")
        if apply:
            self.exhausted = True
            st.ended = True
            st.phase = "ended"

    def on_result_line(self, a: r.Action, apply: bool) -> None:
        if not self.st.ended:
            self.err("misplaced-result", f"`{a.verb}` line before the hand has ended", a.span, "common.result")
        if apply:
            self.result_lines.append(a)

    # ------------------------------------------------------------ what may be played
    shape_shanten: Callable[[bytes, int, int], int] | None = None
    """A player's own shanten over the ruleset's shapes, if it has one: (the 34 real-tile
    counts as bytes, wildcards, sets to make) to what `paipu.hand.shanten.shanten` answers for
    ``shapes=rs.shapes`` (wildcards in play when one is held).  `could_win` then asks it
    whether a hand is ready or complete, so that a player that keeps such a table (the
    simulator's bots) shares its answers with the engine; the answers are the same."""

    shape_complete: Callable[[bytes, int, int], bool] | None = None
    """With `shape_shanten`, the same player's test that a hand one tile over is complete (the
    same arguments; the answer of ``shape_shanten(...) < 0``), asked whether another seat's tile
    completes a ready hand."""

    def legal_actions(self, seat: Seat | None = None) -> list[r.Action]:
        """Every action that may be played now (of ``seat``, if given), in a fixed order.

        Candidates are the moves the table allows at all (the tiles a seat holds, the claims of
        the last discard, the next draw); each is kept when `can` says it may be played, so
        the rules live only in the checks.  Draws are offered only when the wall is known (a
        record with a `wall` line, or the simulator's own wall).
        """
        return [a for a in self.candidates(seat) if self.can(a)]

    def candidates(self, seat: Seat | None = None, *, discards: bool = True) -> list[r.Action]:
        """The moves the table allows at all now (of ``seat``, if given), legal or not: what
        `legal_actions` filters through `can`.  A player that weighs its options first may
        ask `can` only of those it would play (``discards=False`` leaves out the discards,
        one for each kind held, for a player that picks its discard by itself)."""
        out = self._candidates(discards)
        return out if seat is None else [a for a in out if getattr(a, "seat", seat) == seat]

    def _candidates(self, with_discards: bool = True) -> list[r.Action]:
        st, rs = self.st, self.rs
        out: list[r.Action] = []
        if st.ended:
            ld = st.last_discard
            if rs.multi_win and ld is not None and ld.winners:
                out += [r.Hu(_NO_SPAN, s, ld.tile) for s in rs.seats_after(ld.seat)
                        if s not in ld.winners and self.could_win(s, ld.tile)]
            robbed = st.robbed
            if rs.multi_win and robbed is not None:
                konger, tile, _ = robbed
                out += [r.Hu(_NO_SPAN, s, tile) for s in rs.seats_after(konger)
                        if s not in st.robbers and self.could_win(s, tile)]
            return out
        if st.phase == "discard":
            seat = st.turn
            ss = st.seats[seat]
            counts = ss.counts
            discards = _DISCARDS[seat]
            if ss.ready_pending:
                return [discards[i] for i, n in enumerate(counts) if n] if with_discards else []
            # Right after a claim (no draw since) a win is refused (`on_hu`): not offered, and its
            # shape not tested.
            if ss.drew_since_claim and self.could_win(seat, None):
                out.append(r.Hu(_NO_SPAN, seat))
            if _holds_flower(counts):
                out += [r.Flower(_NO_SPAN, seat, ALL_TILES[i]) for i in range(34, len(counts)) if counts[i]]
            if _holds_four(counts):
                out += [r.AnKong(_NO_SPAN, seat, ALL_TILES[i]) for i in range(34) if counts[i] == 4]
            out += [r.AddKong(_NO_SPAN, seat, m.tiles[0]) for m in ss.melds
                    if m.kind == "pong" and counts[m.tiles[0].index]]
            if self._has_ready and not ss.ready:
                out.append(_READIES[seat])
            if with_discards:
                out += [discards[i] for i, n in enumerate(counts) if n]
        elif st.phase == "claim":
            ld = st.last_discard
            if ld is None:
                return out
            tile = ld.tile
            i = tile.index
            seats = st.seats
            # Each seat's win asked once, and its claims read from its counts as `_claims_by_counts`
            # lists them (no table of them made, since most discards have none).
            chower = self._next_of[ld.seat] if i < 27 else None
            for seat in self.claim_order(ld.seat):
                claimed = False
                if self._may_win_on_discard(seat, tile):
                    out.append(r.Hu(_NO_SPAN, seat, tile))
                    claimed = True
                counts = seats[seat].counts
                n = counts[i]
                if n >= 2:
                    if n >= 3:
                        out.append(_move(r.Kong, seat, tile))
                    out.append(_move(r.Pong, seat, tile))
                    claimed = True
                if seat == chower:
                    for chow, own in _CHOWS[seat][i]:
                        if counts[own[0]] and counts[own[1]]:
                            out.append(chow)
                            claimed = True
                if claimed:
                    out.append(_PASSES[seat])
            after = self.after_claims()
            if after is not None:
                out.append(after)
        elif st.phase in ("replacement", "rob"):
            if st.phase == "rob" and st.pending_addkong is not None:
                konger, tile, _ = st.pending_addkong
                out += [r.Hu(_NO_SPAN, s, tile) for s in rs.seats_after(konger)
                        if rs.may_rob_kong(st, s, konger) and self.could_win(s, tile)]
            drawn = st.wall.peek(True, self.wall_part(st.turn))
            if drawn is not None:
                out.append(_draw_move(st.turn, drawn))
            elif self.walls is not None and self.draws_left(st.turn) <= 0:
                out.append(r.Exhausted(_NO_SPAN))
        return out

    def may_discard(self, seat: Seat, index: int) -> bool:
        """`can` of ``seat``'s discard of tile kind ``index`` (a plain tile), answered from the
        counts when nothing but the counts and the ruleset's test of discards could forbid it:
        the seat's turn to discard, the tile held, no ready declaration owed, and a ruleset
        with no hook on actions (the same tests `play_all` makes), then `Ruleset.check_discard`
        if the ruleset has one; otherwise `can` itself answers."""
        st = self.st
        if (not self._owes_before and not self._ready_pending
                and st.phase == "discard" and seat == st.turn and not st.ended):
            ss = st.seats.get(seat)
            if ss is not None and ss.counts[index] >= 1 and not ss.ready_pending:
                if not self._checks_discard:
                    return True
                # The ruleset's own test of discards is then the only one left (as in `play_all`).
                saved = st.findings
                found: list[Finding] = []
                st.findings = found
                try:
                    self.rs.check_discard(st, seat, _DISCARDS[seat][index], False)
                finally:
                    st.findings = saved
                return not any(f.severity == "error" for f in found)
        return self.can(_DISCARDS[seat][index])

    def discards_free(self, seat: Seat) -> bool:
        """Whether `may_discard` answers True for every kind ``seat`` holds, as the table is now:
        its turn to discard, no ready declaration owed, and a ruleset with no hook on actions
        and no test of discards of its own.  A player that weighs its discards first then need
        not ask of each."""
        st = self.st
        if (self._owes_before or self._ready_pending or self._checks_discard
                or st.phase != "discard" or seat != st.turn or st.ended):
            return False
        ss = st.seats.get(seat)
        return ss is not None and not ss.ready_pending

    def discard_move(self, seat: Seat, index: int) -> r.Discard:
        """``seat``'s discard of the plain tile of kind ``index`` (one shared, immutable value)."""
        return _DISCARDS[seat][index]

    def claims_possible(self) -> bool:
        """In the claim phase: whether any seat could claim the last discard at all (win on
        it, kong or pong it, chow it), by the tests `candidates` makes (the counts first, for
        every seat, then the wins); when none can, the only moves are `after_claims`.  The
        claims themselves are `candidates`, each still checked by `can`."""
        st = self.st
        ld = st.last_discard
        if st.phase != "claim" or ld is None:
            return False
        return bool(self._claims_by_counts(ld)) or self._any_win_on_discard(ld)

    _after: dict[Seat, tuple[Seat, ...]] | None = None
    """`Ruleset.seats_after` of each seat, asked once per hand."""

    def claim_order(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats in claim order from ``seat`` (`Ruleset.seats_after`), kept."""
        known = self._after
        if known is None:
            known = self._after = {}
        found = known.get(seat)
        if found is None:
            found = known[seat] = self.rs.seats_after(seat)
        return found

    def _claims_by_counts(self, ld: LastDiscard) -> dict[Seat, list[r.Action]]:
        """The kong, pong and chows of the last discard that each seat's counts allow, by seat
        (a seat with none is left out), in the order `candidates` lists them (each still
        checked by `can`)."""
        seats = self.st.seats
        tile = ld.tile
        i = tile.index
        out: dict[Seat, list[r.Action]] = {}
        for seat in self.claim_order(ld.seat):
            n = seats[seat].counts[i]
            if n >= 2:
                out[seat] = [_move(r.Kong, seat, tile), _move(r.Pong, seat, tile)] if n >= 3 else \
                    [_move(r.Pong, seat, tile)]
        if i < 27:  # a suited tile: the next seat may chow it
            nxt = self._next_of[ld.seat]
            counts = seats[nxt].counts
            chows: list[r.Action] = [chow for chow, own in _CHOWS[nxt][i] if counts[own[0]] and counts[own[1]]]
            if chows:
                out[nxt] = out[nxt] + chows if nxt in out else chows
        return out

    def _any_win_on_discard(self, ld: LastDiscard) -> bool:
        """Whether some seat could win on the last discard (`_may_win_on_discard`)."""
        tile = ld.tile
        for seat in self.claim_order(ld.seat):
            if self._may_win_on_discard(seat, tile):
                return True
        return False

    def _may_win_on_discard(self, seat: Seat, tile: Tile) -> bool:
        """Whether ``seat`` could win on another seat's ``tile``: the ruleset lets it, and its
        hand passes the quick shape test (`could_win`)."""
        return self.rs.may_win_on_discard(self.st, seat) and self.could_win(seat, tile)

    def after_claims(self) -> r.Action | None:
        """In the claim phase, the move when nobody claims: the next seat's draw, or the end of
        the wall (None when the wall's tiles are unknown)."""
        st = self.st
        ld = st.last_discard
        drawer = self._next_of[ld.seat] if ld is not None else self._next_of[st.turn]
        if self.draws_left(drawer) <= 0:
            return r.Exhausted(_NO_SPAN)
        drawn = st.wall.peek(False, self.wall_part(drawer))
        if drawn is None or ld is None:
            return None
        return _draw_move(drawer, drawn)

    _shape_memo: dict[Seat, tuple[list[int], int, object, dict[int, bool], bytes, int, int]] | None = None
    """Per seat, what `could_win`'s shape test answered with its hand as it is now: (a copy of
    its counts, its melds, the `shape_shanten` asked, the answers by tile kind with -1 for
    whether it is ready at all, then the question that readiness was asked as: the 34 real-tile
    counts as bytes, the wildcards and the sets).  A seat's tiles change only by its own
    moves, so while the others discard, its answer is looked up, not worked out again; any
    change of its counts or melds (or of the table asked) starts afresh.  Its own hand after a
    draw is that hand with the drawn tile: the same answers serve it (`could_win`)."""

    def could_win(self, seat: Seat, tile: Tile | None) -> bool:
        """A quick necessary test for a win of ``seat`` (with ``tile`` added, if given): its tiles
        are complete in one of the ruleset's shapes, or it holds a drawn tile the ruleset makes
        wild.  Whether the hand really wins, and for what, is `analyse`'s answer."""
        st = self.st
        ss = st.seats[seat]
        counts = ss.counts
        memo = self._shape_memo
        if memo is None:
            memo = self._shape_memo = {}
        own = self.shape_shanten
        n_melds = len(ss.melds)
        known = memo.get(seat)
        if tile is None:
            drawn = ss.last_drawn
            if drawn is None:
                return self._shape_complete(seat, None)
            d = drawn.index
            wild_kinds = st.wild_kinds
            if ss.draws > 0 and d not in wild_kinds and self.rs.is_wild(st, seat, d):
                # A drawn tile of a kind that is wild all hand (a 财神) is counted as a wildcard by
                # the shape test below; only a tile the ruleset makes wild for this draw alone
                # (Harbin's 宝) skips that test.
                return True
            # The hand one tile over that the seat's kept answers were worked out for, with the
            # tile drawn (a plain tile, not a flower or a wildcard): it is complete only if that
            # hand was ready, and then exactly when the drawn tile completes it, which is the
            # answer kept for another seat's tile of that kind.  (A hand that is not ready is
            # at least one tile from ready, so one more tile leaves it short of complete.)  A
            # wildcard drawn is left to the whole test: one held turns the limit of four tiles
            # a kind off, so the kept readiness would not bound it.
            if known is not None and d < 34 and d not in wild_kinds and known[1] == n_melds and known[2] is own:
                counts[d] = counts[d] - 1  # compiled, an int's addition (see `play_all`)
                same = known[0] == counts
                counts[d] = counts[d] + 1
                if same:
                    answers = known[3]
                    if not answers[-1]:
                        return False
                    found = answers.get(d)
                    if found is None:
                        # Asked of the whole table (its shanten), not only its complete test: the
                        # player that keeps it weighs its discards from that hand next.
                        found = answers[d] = self._completed_by(known, d, True)
                    return found
            return self._shape_complete(seat, None)
        # The counts compared as lists (cheaper than making a key of them).
        if known is None or known[1] != n_melds or known[2] is not own or known[0] != counts:
            # Another seat's tile completes only a ready hand: that is asked once per hand (or,
            # without a wildcard, not at all: see `_ready_entry`).
            known = memo[seat] = self._ready_entry(seat, counts, n_melds, lazy=True)
        answers = known[3]
        if not answers[-1]:
            return False
        t = tile.index
        found = answers.get(t)
        if found is None:
            found = answers[t] = self._completed_by(known, t)
        return found

    def note_shanten(self, seat: Seat, shanten: int) -> None:
        """A player's hint: ``shanten`` is what its `shape_shanten` answered for ``seat``'s hand as
        it is now (the simulator's bots, of the hand they keep after a discard), so `could_win`
        keeps the seat's readiness without asking the table again.  A hand the table puts
        farther than ready is not ready whatever its size; a ready one is worked out as
        `could_win` would (its question is needed for the tiles that might complete it).
        Without a `shape_shanten`, nothing is kept: the hint is that table's answer."""
        own = self.shape_shanten
        if own is None:
            return
        memo = self._shape_memo
        if memo is None:
            memo = self._shape_memo = {}
        ss = self.st.seats[seat]
        counts = ss.counts
        n_melds = len(ss.melds)
        known = memo.get(seat)
        if known is not None and known[1] == n_melds and known[2] is own and known[0] == counts:
            return  # the hand kept already (a drawn tile discarded): its answers stand
        if shanten > 0:
            memo[seat] = (counts.copy(), n_melds, own, {-1: False}, b"", 0, 4 - n_melds)
        else:
            # The table's answer is the hint itself: the entry is made without asking it again.
            memo[seat] = self._ready_entry(seat, counts, n_melds, shanten == 0)

    def _ready_entry(self, seat: Seat, counts: list[int], n_melds: int, told: bool = False,
                     lazy: bool = False) -> tuple[list[int], int, object, dict[int, bool], bytes, int, int]:
        """``seat``'s entry of `_shape_memo` for its hand as it is now: whether it is ready
        (`_shape_ready`), with the question asked.  ``told``: the `shape_shanten` of that
        question is already known to be 0 (`note_shanten`), so it is not asked.  ``lazy``, for
        a hand with no wildcard and a `shape_shanten`: its readiness is not asked but taken
        as possible (marked by the key -3 in its answers), since `_completed_by` answers each
        tile without it, mostly by the quick test; such an entry is made only for a hand no
        bot has told about (each seat's dealt hand, until its first discard), which sees a
        few discards, where the shanten of a 13-tile hand costs about as much as a dozen quick
        tests (MCR: some 40k instructions a seat and hand)."""
        st = self.st
        own = self.shape_shanten
        sets = 4 - n_melds
        if _holds_flower(counts):
            return (counts.copy(), n_melds, own, {-1: False}, b"", 0, sets)
        wild = 0
        if st.wild_kinds:
            c = counts[:34]
            for k in st.wild_kinds:
                wild += c[k]
                c[k] = 0
            key = bytes(c)
        else:
            key = bytes(counts[:34])
        if sets < 0 or sum(key) + wild != 3 * sets + 1:
            ready = False
        elif told:
            ready = True
        elif lazy and not wild and own is not None:
            return (counts.copy(), n_melds, own, {-1: True, -3: True}, key, wild, sets)
        elif own is None:
            ready = _is_ready(key, wild, sets, self.rs.shapes)
        else:
            ready = own(key, wild, sets) <= 0
        return (counts.copy(), n_melds, own, {-1: ready}, key, wild, sets)

    def _completed_by(self, known: tuple[list[int], int, object, dict[int, bool], bytes, int, int], t: int,
                      whole: bool = False) -> bool:
        """`_shape_complete` of a seat with a tile of kind ``t`` (another seat's, or the one it
        drew), asked of its ready hand's entry in `_shape_memo` (its question, made once): the
        hand's counts with the tile, whose size a ready hand already has.  With ``whole``, the
        `shape_shanten` is asked rather than its `shape_complete` (the same answer), as
        `_shape_complete` asks of a seat's own hand."""
        if t >= 34:
            return False
        key, wild, sets = known[4], known[5], known[6]
        if t in self.st.wild_kinds:
            wild += 1
        else:
            if not whole and not wild and key[t] == 0 and not _next_to_held(key, t):
                # A tile far from every tile held (none of its kind, no suited neighbour within
                # two) completes no set and no pair: only a shape that takes such a tile (the
                # orphans, all honours, the knitted ones) could be completed, and only if the
                # hand can be read so at all (`far_tiles_may_complete`, asked once per hand).
                # MCR: about two questions in three, each a complete test of some 13k
                # instructions, answered so.
                answers = known[3]
                far = answers.get(-2)
                if far is None:
                    far = answers[-2] = far_tiles_may_complete(key, self.rs.shapes)
                if not far:
                    return False
            more = bytearray(key)
            more[t] += 1
            key = bytes(more)
            if not whole and not wild:
                # Without a wildcard, the standard shape read from suit tables, the others ruled
                # out by their tiles (`paipu.hand.complete.quick_complete`); the full test only
                # where that cannot tell.
                quick = quick_complete(key, self.rs.shapes)
                if quick >= 0:
                    return quick == 1
        own = self.shape_shanten
        if own is None:
            return is_complete(key, wild, sets, self.rs.shapes)
        complete = self.shape_complete
        if complete is not None and not whole:
            return complete(key, wild, sets)
        return own(key, wild, sets) < 0

    def _shape_ready(self, seat: Seat) -> bool:
        """Whether ``seat``'s tiles are one short of complete in one of the ruleset's shapes
        (ready), wildcards counted as such: only such a hand can be completed by another
        seat's tile."""
        ss = self.st.seats[seat]
        return self._ready_entry(seat, ss.counts, len(ss.melds))[3][-1]

    def _shape_complete(self, seat: Seat, tile: Tile | None) -> bool:
        """`could_win`'s shape test past readiness: ``seat``'s tiles (with ``tile``, another
        seat's tile, if given) are complete in one of the ruleset's shapes, wildcards counted
        as such; a function of its counts, its melds and the hand's wild kinds alone."""
        st = self.st
        ss = st.seats[seat]
        counts = ss.counts
        if _holds_flower(counts) or (tile is not None and tile.index >= 34):
            return False
        own = self.shape_shanten
        sets = 4 - len(ss.melds)
        if own is not None and not st.wild_kinds:
            # The same tests on the counts as bytes, with no wildcard to set aside.
            if tile is not None:
                more = bytearray(counts[:34])
                more[tile.index] += 1
                key = bytes(more)
            else:
                key = bytes(counts[:34])
            if sets < 0 or sum(key) != 3 * sets + 2:
                return False
            complete = self.shape_complete
            if tile is not None and complete is not None:
                return complete(key, 0, sets)
            return own(key, 0, sets) < 0
        c = list(counts[:34])
        wild = 0
        for k in st.wild_kinds:
            wild += c[k]
            c[k] = 0
        if tile is not None:
            t = tile.index
            if t in st.wild_kinds:
                wild += 1
            else:
                c[t] += 1
        if sets < 0 or sum(c) + wild != 3 * sets + 2:
            return False
        if own is not None:
            complete = self.shape_complete
            if tile is not None and complete is not None:
                return complete(bytes(c), wild, sets)
            return own(bytes(c), wild, sets) < 0
        return is_complete(bytes(c), wild, sets, self.rs.shapes)

    # ------------------------------------------------------------ the hand's end
    def finish(self, is_last: bool, playable: bool = True) -> HandResult:
        """The hand's outcome, its settlement, and the audit of its recorded results."""
        st = self.st
        if playable:
            self.rs.before_action(st, None, True)
        if self.wins:
            outcome = "win"
        elif self.exhausted or st.drawn_by is not None:
            outcome = "exhausted"
        else:
            outcome = "incomplete"
            if playable:
                where = self.hand.actions[-1].span if self.hand.actions else self.hand.span
                if is_last:
                    self.warn("hand-incomplete",
                              f"hand {self.hand.number} ends without a win or `exhausted`",
                              where, "common.end")
                else:
                    self.err("hand-not-ended",
                             f"hand {self.hand.number} stops without a win or `exhausted`, and the "
                             "next hand begins",
                             where, "common.end")
        result = HandResult(self.hand.number, st.dealer, outcome)  # type: ignore[arg-type]
        if outcome == "exhausted" and st.drawn_by is not None:
            result.reason = self.rs.end_reason(st)
        for ctx, analysis in self.wins:
            result.winners.append(ctx.seat)
            result.wins.append(analysis)
            result.contexts.append(ctx)
        if outcome != "incomplete":
            result.payments = self.rs.settle(st, result, self.session)
        else:
            result.payments = {s: 0 for s in self.rs.seats}
        audit_recorded_results(self.rs, st, result, self.result_lines)
        return result


def _holds_flower(counts: list[int]) -> bool:
    """``any(counts[34:])``, as a loop on the compiled build's own ints (no slice, no call of
    ``any`` through Python: some 900 instructions a turn)."""
    for i in range(34, len(counts)):
        if counts[i]:
            return True
    return False


def _holds_four(counts: list[int]) -> bool:
    """``4 in counts[:34]`` (a flower is one of its kind), as a loop the compiled build runs on
    its own ints (``in`` compares each count as an object, some forty a turn)."""
    for i in range(34):
        if counts[i] == 4:
            return True
    return False


def _next_to_held(key: bytes, t: int) -> bool:
    """Whether the hand ``key`` (34 counts) holds a suited tile of ``t``'s suit within two ranks
    of ``t`` (a plain suited kind; an honour has no neighbour)."""
    if t >= 27:
        return False
    rank = t % 9
    lo = t - 2 if rank >= 2 else t - rank
    hi = t + 2 if rank <= 6 else t + 8 - rank
    for k in range(lo, hi + 1):
        if key[k]:
            return True
    return False


def _event_phrase(name: str) -> str:
    return "宝牌" if name == "bao" else f"`{name}` event"


_NO_SPAN = Span.none()


@functools.lru_cache(maxsize=1 << 15)
def _is_ready(counts: bytes, wild: int, sets: int, shapes: tuple[str, ...]) -> bool:
    """Whether a hand one tile short is ready (shanten 0) in the ruleset's shapes; a seat's
    hand changes only on its own turn, so each is asked once for the discards that follow."""
    if sets < 0 or sum(counts) + wild != 3 * sets + 1:
        return False
    return shanten(counts, wild, melds=4 - sets, shapes=shapes, wild_in_play=wild > 0) <= 0
_DISCARDS: dict[Seat, tuple[r.Discard, ...]] = {
    seat: tuple(r.Discard(_NO_SPAN, seat, t) for t in ALL_TILES) for seat in r.SEATS
}
"""Every discard a seat could make, made once: candidates are values, and immutable."""
_PASSES: dict[Seat, r.Pass] = {seat: r.Pass(_NO_SPAN, seat) for seat in r.SEATS}
_READIES: dict[Seat, r.Ready] = {seat: r.Ready(_NO_SPAN, seat) for seat in r.SEATS}
_MOVES: dict[tuple[type, Seat, Tile], r.Action] = {}


@functools.cache
def _chows(seat: Seat, claimed: int) -> tuple[tuple[r.Chow, tuple[int, int]], ...]:
    """The chows ``seat`` could make of a claimed suited tile, each with the two kinds it needs."""
    out = []
    rank = claimed % 9 + 1
    for lo in (rank - 2, rank - 1, rank):
        if 1 <= lo and lo + 2 <= 9:
            run = tuple(ALL_TILES[claimed - rank + k] for k in (lo, lo + 1, lo + 2))
            own = tuple(t.index for t in run if t.index != claimed)
            out.append((r.Chow(_NO_SPAN, seat, (run[0], run[1], run[2])), (own[0], own[1])))
    return tuple(out)


_CHOWS: dict[Seat, tuple[tuple[tuple[r.Chow, tuple[int, int]], ...], ...]] = {
    seat: tuple(_chows(seat, i) for i in range(27)) for seat in r.SEATS
}
"""`_chows` of each seat for each suited kind (index 0-26), made once: read by index, where the
cached function is a call through Python with a key to hash (compiled: some 750 instructions
a discard)."""


_DRAWS: dict[Seat, list[r.Action]] = {}


def _draw_move(seat: Seat, tile: Tile) -> r.Action:
    """``_move(Draw, seat, tile)``: a tile of the set (`ALL_TILES`, as every simulated wall holds)
    read from the seat's list by kind, without a key to hash; another (a red five) from `_move`."""
    i = tile.index
    if ALL_TILES[i] is not tile:
        return _move(r.Draw, seat, tile)
    found = _DRAWS.get(seat)
    if found is None:
        found = _DRAWS[seat] = [_move(r.Draw, seat, t) for t in ALL_TILES]
    return found[i]


def _move(kind: type[r.Draw] | type[r.Pong] | type[r.Kong], seat: Seat, tile: Tile) -> r.Action:
    """A one-tile move of a seat, made once and shared (like `_DISCARDS`)."""
    key = (kind, seat, tile)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = kind(_NO_SPAN, seat, tile)
    return found


_TABLES_OF: list[tuple[Ruleset, bool, bool, dict[Seat, Seat], bool] | None] = [None]
"""The last ruleset an engine was made for, with what `HandEngine.__init__` asks of it: whether
it has a `Ruleset.before_action` and a `Ruleset.check_discard` of its own, each seat's next,
whether it has a `Ruleset.check_meld` of its own."""

_HANDLED: frozenset[type] = frozenset((
    r.Draw, r.Discard, r.Chow, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower, r.Ready, r.Hu, r.Pass,
    r.TableEvent, r.Exhausted, r.FanLine, r.ScoreLine,
))
"""The action types the engine handles (`HandEngine._verb`), each exactly (not its subclasses)."""
