"""The hand engine: one hand as a state machine that checks, applies and lists actions.

The engine owns the mechanics every ruleset shares (turns, draws, discards, claims,
kongs, the wall) and asks the ruleset (`paipu.replay.ruleset.Ruleset`) wherever rulesets
differ.  It never stops at the first error: each action is checked, reported, and then
applied as far as the state stays meaningful, so one run finds every error.  Whole records
are replayed by `paipu.replay.session.replay`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from operator import gt
from typing import Any, Final, cast

import paipu.record as r
from paipu.findings import Finding
from paipu.grammar.hints import near_words
from paipu.hand.shanten import is_complete
from paipu.record import (  # by name, not ``r.Draw`` (docs/speed.md)
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
from paipu.replay.ruleset import Ruleset, event_phrase
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
        hooks = RulesetHooks.of(ruleset)
        self._owes_before = hooks.before_action
        self._plain_hooks = hooks.plain
        self._checks_discard = hooks.check_discard
        self._checks_meld = hooks.check_meld
        self._next_of: dict[Seat, Seat] = hooks.next_of
        """Each seat's next seat (shared by the hands of one ruleset: read, never changed)."""
        self._has_ready = hooks.ready
        self._ready_pending = False
        """Some seat may have declared ready and owe its discard (only `on_ready` sets
        `SeatState.ready_pending`): until then no action is checked for it."""

    def next_seat(self, seat: Seat) -> Seat:
        """`Ruleset.next_seat`, read from the ruleset's hooks (`RulesetHooks.next_of`) for a seat it seats."""
        found = self._next_of.get(seat)
        return found if found is not None else self.rs.next_seat(seat)

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
        st, rs = self.st, self.rs
        st.session_scores = dict(self.session.scores)
        st.start_scores_given = self.session.has_start_scores
        st.session_data = self.session.ruleset_data
        words = rs.setup_words
        for line in self.hand.extra:
            if line.name not in words:
                self._not_a_setup_word(line)
        rs.setup_hand(st)
        dealt, skipped = self._deal()
        ok = self._every_seat_dealt()
        st.seen = list(dealt)
        wall = self.hand.wall
        whole: list[int] | None = None
        if wall is not None:
            whole = list(dealt)
            for t in wall.tiles:
                i = t.index
                whole[i] = whole[i] + 1
        complete = whole is not None and tuple(whole) == tuple(rs.tile_counts)  # the whole set, kind by kind
        if skipped or not complete:
            # (Deals whose every tile is counted in ``dealt`` and a wall that make the whole set
            # hold no more of a kind than it has: nothing to check.)
            self._check_deal_counts(dealt, skipped)
        if wall is not None and whole is not None:
            self._check_wall(wall, whole, complete)
            st.wall.size = len(wall.tiles)
            st.wall.load(wall.tiles)
        else:
            st.wall.size = rs.total_tiles - sum(dealt)
        self.walls = rs.seat_walls(st)
        if self.walls is not None and wall is not None:
            st.wall.split(self.walls)
        return ok

    def _deal(self) -> tuple[list[int], bool]:
        """Each deal into its seat's counts: how many of each kind were dealt, and whether a
        tile or a deal was left out (reported here: a seat that does not play, a flower in a
        set without them)."""
        st, rs = self.st, self.rs
        dealt = [0] * len(st.seen)
        no_red = not rs.red_fives
        flowers_ok = rs.uses_flowers
        skipped = False
        for d in self.hand.deals:
            if d.seat not in rs.seats:
                skipped = True
                self.err("bad-seat", f"seat {d.seat} does not play in {rs.name} (seats: {' '.join(rs.seats)})",
                         d.span, "common.deal")
                continue
            want = rs.deal_size(d.seat == st.dealer)
            if len(d.tiles) != want:
                role = "the dealer" if d.seat == st.dealer else "a non-dealer"
                self.err("deal-size", f"{d.seat} is dealt {len(d.tiles)} tiles; {role} is dealt {want}",
                         d.span, "common.deal")
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
        return dealt, skipped

    def _every_seat_dealt(self) -> bool:
        """Whether every seat has its deal (a missing one reported)."""
        dealt_seats: set[Seat] = set()
        for d in self.hand.deals:  # (a loop: a comprehension is a call of its own)
            dealt_seats.add(d.seat)
        ok = True
        for seat in self.rs.seats:
            if seat not in dealt_seats:
                self.err("missing-deal", f"hand {self.hand.number} has no `deal {seat}` line",
                         self.hand.span, "common.deal")
                ok = False
        return ok

    def _check_deal_counts(self, dealt: list[int], skipped: bool) -> None:
        """Whether the deals hold more of a kind than the set has (`_deal_tile_counts` says where)."""
        limits = self.rs.tile_counts
        # The deals' running count of a kind can pass the set's only if their total does (every
        # tile dealt, those left out of ``dealt`` too).
        everything = dealt
        if skipped:
            everything = [0] * len(dealt)
            for d in self.hand.deals:
                for t in d.tiles:
                    everything[t.index] = everything[t.index] + 1
        if len(limits) >= len(everything):
            # The test below, in one pass of C (``limits`` no shorter, so nothing is left out).
            if any(map(_gt, everything, limits)):
                self._deal_tile_counts()
            return
        for i in range(len(everything)):
            if everything[i] > limits[i]:
                self._deal_tile_counts()
                return

    def _check_wall(self, wall: r.WallLine, whole: list[int], complete: bool) -> None:
        """Whether the wall and the deals are the whole tile set (and the wall has no red five
        where the set has none): ``whole`` counts the tiles of both by kind, and ``complete``
        says whether they are the set's, kind by kind."""
        limits = self.rs.tile_counts
        if not self.rs.red_fives:
            red = next((t for t in wall.tiles if t.red), None)
            if red is not None:
                self._no_red_five(red, wall.span)
        if complete:
            return
        diffs = [f"{n} of {ALL_TILES[i]} (the set has {limits[i]})" for i, n in enumerate(whole) if n != limits[i]]
        if diffs:
            shown = ", ".join(diffs[:6]) + (f" and {len(diffs) - 6} more" if len(diffs) > 6 else "")
            self.err("wall-mismatch", f"the wall and the deals are not the whole tile set: {shown}",
                     wall.span, "common.tiles")

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

        Most of a hand is plain draws and discards with nothing wrong: for those the tests of
        `on_draw` and `on_discard` are made here at once (any that would fail sends the action
        to its handler, which words the finding), and the table changes as the handlers' own
        changes (`_draw_changes`, `_discard_changes`) change it, written out here: a call less
        each, and none of `Wall.take`, `SeatState.discard` and `HandState.open_discard`.  A pass on
        the discard still open is `on_pass`'s change written out too.  Everything else goes through
        `_handle`.
        """
        st, rs = self.st, self.rs
        seats, wall, seen, limits = st.seats, st.wall, st.seen, rs.tile_counts
        next_of = self._next_of
        plain = self._plain_hooks
        # The ruleset's hooks on a draw or discard: before the tests, or (its plain hooks,
        # `Ruleset.plain_draw`) after them, in one call, for a plain one (`_not_plain` for another).
        owes = self._owes_before
        first = owes and not plain
        checks_discard = self._checks_discard and not plain
        red_ok = rs.red_fives
        # The wall's reserve depends on the table's state, which a plain draw or discard leaves
        # as it was: it is asked again only after another action, or where a hook may change
        # the state on a plain one (-1: ask).  Where the ruleset counts the draws left by itself
        # (walls of the seats' own), every draw goes to `on_draw`, which asks it.
        steady = plain or (not self._owes_before and not self._checks_discard)
        one_wall = self.walls is None and not self._limits_own
        known = wall.known  # set up with the hand (`setup`), never changed during it
        held_back = -1
        todo: tuple[r.Action, ...] = actions if isinstance(actions, tuple) else tuple(actions)
        for a in todo:
            if st.ended or self._ready_pending:
                kind = type(a)
                if st.ended and (kind is ScoreLine or (kind is FanLine and cast(FanLine, a).seat in seats)):
                    # A result line after the hand's end (`on_result_line`'s change; `_handle` asks
                    # the ruleset nothing of it): kept for the hand's settlement.
                    self.result_lines.append(a)
                    continue
                self._handle(a, True)
                held_back = -1
            elif type(a) is Draw:
                seat = a.seat
                ss = seats.get(seat)  # one look-up for the test and the seat's state
                if ss is None:
                    self._handle(a, True)
                    held_back = -1
                    continue
                if first:
                    rs.before_action(st, a, True)
                tile = a.tile
                i = tile.index
                if (st.phase != "claim" or next_of.get(st.turn) != seat or i >= 34 or (tile.red and not red_ok)
                        or not one_wall):
                    self._not_plain(a)
                    held_back = -1
                    continue
                # The wall's next tile (its head, `Wall.take`'s) is the one drawn; without the wall's
                # tiles, the kind is not all on the table yet.
                if known:
                    head = wall._head
                    if head < wall._end and wall._live[head].index != i:
                        self._not_plain(a)
                        held_back = -1
                        continue
                elif seen[i] >= limits[i]:
                    self._not_plain(a)
                    held_back = -1
                    continue
                if held_back < 0 or not steady:
                    held_back = rs.reserve(st)
                if wall.size <= held_back:
                    self._not_plain(a)
                    held_back = -1
                    continue
                if plain:
                    rs.plain_draw(st, a)
                # `_draw_changes(ss, seat, tile, False, -1)`, with `Wall.take(False)`.
                first_draw = ss.draws == ss.flower_draws and not st.any_claim
                wall.size -= 1
                head = wall._head
                if head < wall._end:
                    wall._head = head + 1
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
                st._last_discard = None  # `last_discard = None`
                st.open_action = None
            elif type(a) is Discard:
                seat = a.seat
                ss = seats.get(seat)
                if ss is None:
                    self._handle(a, True)
                    held_back = -1
                    continue
                if first:
                    rs.before_action(st, a, True)
                tile = a.tile
                i = tile.index
                counts = ss.counts
                red = tile.red
                if (st.phase != "discard" or seat != st.turn or counts[i] < 1
                        or ss.ready_pending or (red and not red_ok)):
                    self._not_plain(a)
                    held_back = -1
                    continue
                if plain:
                    rs.plain_discard(st, a)
                elif checks_discard:
                    rs.check_discard(st, seat, a, True)
                counts[i] = counts[i] - 1
                # `_discard_changes(ss, a)`, with `SeatState.discard` and `HandState.open_discard`.
                code = i + _CODE_RED if red else i
                river: list[Any] = ss.discards  # its pairs as objects (`SeatState.discard`)
                river.append(_UNCLAIMED[code] if code < _SHARED and _INTERNED[code] is tile else (tile, False))
                st.discard_serial += 1
                st._last_discard = None
                st.open_action = a
                st.phase = "claim"  # the turn is the seat's already
                st.after_kong = False
                st.any_discard = True
            elif type(a) is Pass:
                # A pass on another seat's discard still open: `on_pass`'s change, written out, with
                # the serial the discard's `LastDiscard` would have (the table's: `HandState.last_discard`)
                # and without making it; any other pass goes to `_handle`.
                seat = a.seat
                ss = seats.get(seat)
                opened = st.open_action
                if ss is None or opened is None or st.phase != "claim" or opened.seat == seat:
                    self._handle(a, True)
                else:
                    if owes:
                        rs.before_action(st, a, True)
                    ss.passed_on = st.discard_serial
                held_back = -1
            else:
                self._handle(a, True)
                held_back = -1

    def _not_plain(self, a: r.Draw | r.Discard) -> None:
        """A draw or discard `play_all` did not find plain: its handler, after `before_action`
        where the ruleset's plain hooks made the loop wait for its tests (`RulesetHooks.plain`;
        the hook changes nothing those tests read)."""
        if self._plain_hooks and self._owes_before:
            self.rs.before_action(self.st, a, True)
        if isinstance(a, Draw):
            self.on_draw(a, True)
        else:
            self.on_discard(a, True)

    def _verb(self, action: r.Action, apply: bool) -> None:
        """The handler of ``action``'s type, called directly rather than looked up in a table of
        methods; a `TypeError` for a type with none."""
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
        # The types with a seat: every seat action, and a fan line.
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
        for ss in self.st.seats.values():  # (a loop, not a generator)
            if ss.ready_pending:
                self._ready_pending = True
                return
        self._ready_pending = False

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
        self._draw_changes(ss, seat, a.tile, from_tail, part)

    def _draw_changes(self, ss: SeatState, seat: Seat, tile: Tile, from_tail: bool, part: int) -> None:
        """What ``seat``'s draw of ``tile`` does to the table (from the wall's tail: a replacement
        draw; ``part``: `wall_part`), after its checks.  `play_all` writes out the same changes
        for a plain draw: a change here is made there too."""
        st = self.st
        replacing = st.replacement_for if from_tail else None
        if replacing == "flower":
            # The tile that replaces a flower stands in for the draw it replaced.
            first_draw = st.first_draw
            ss.flower_draws += 1
        else:
            first_draw = ss.draws == ss.flower_draws and not st.any_claim
        st.wall.take(from_tail, part)
        i = tile.index
        seen, counts = st.seen, ss.counts
        seen[i] = seen[i] + 1
        counts[i] = counts[i] + 1
        ss.draws += 1
        ss.last_drawn = tile
        ss.drew_since_claim = True
        st.first_draw = first_draw
        st.after_kong = replacing == "kong"
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
        self._discard_changes(ss, a)
        if ss.ready_pending:
            ss.ready_pending = False
            self._note_ready_pending()
            self.rs.on_ready_discard(st, seat, a, True)

    def _discard_changes(self, ss: SeatState, a: r.Discard) -> None:
        """What the discard ``a`` does to the table once its tile has left the seat's hand.
        `play_all` writes out the same changes for a plain discard: a change here is made there too."""
        st = self.st
        ss.discard(a.tile)
        st.discard_serial += 1
        st.open_discard(a)
        st.turn = a.seat
        st.phase = "claim"
        st.after_kong = False
        st.any_discard = True

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
        """A pass; `play_all` writes out its change for a pass on the discard still open: a change
        here is made there too."""
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

    def _not_a_setup_word(self, line: r.SetupTiles) -> None:
        """A setup line (a word line before the hand's first action) whose word the ruleset does not have."""
        rs, name = self.rs, line.name
        if name in rs.events:
            self.err("illegal-setup", f"`{name}` before the hand's first action: it is a table event, written "
                     "where it happens, after the hand's first action", line.span, "common.header")
            return
        words = tuple(rs.setup_words)
        have = f"it has: {', '.join(words)}" if words else "it has none"
        self.err("illegal-setup", f"{rs.name} has no `{name}` setup line ({have}){_meant(name, words)}",
                 line.span, "common.header")

    def on_event(self, a: r.TableEvent, apply: bool) -> None:
        if self.rs.on_event(self.st, a, apply):
            return
        name = a.name
        if name in self.rs.setup_words:
            self.err("misplaced-line", f"`{name}` after the hand's first action: setup lines come first",
                     a.span, "common.header")
            return
        self.err("illegal-event", f"{self.rs.name} has no {event_phrase(name)} (`{name}` lines)"
                 f"{_meant(name, tuple(self.rs.events))}", a.span, "common.header")

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
            if holds_flower(counts):
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

    def could_win(self, seat: Seat, tile: Tile | None) -> bool:
        """A quick necessary test for a win of ``seat`` (with ``tile``, another seat's, if given):
        its tiles are complete in one of the ruleset's shapes, or it holds a drawn tile the
        ruleset makes wild.  Whether the hand really wins, and for what, is `analyse`'s answer.
        (The simulator's engine answers it from what it keeps of each seat's hand:
        `paipu.sim.readiness`.)"""
        if tile is None and self.drawn_wild(seat):
            return True
        return self.shape_complete(seat, tile)

    def drawn_wild(self, seat: Seat) -> bool:
        """Whether ``seat`` holds a drawn tile that the ruleset makes wild for this draw alone
        (Harbin's 宝): a win `could_win` does not test the shape of.  A drawn tile of a kind
        that is wild all hand (a 财神) is counted as a wildcard by the shape test instead."""
        st = self.st
        ss = st.seats[seat]
        drawn = ss.last_drawn
        if drawn is None or ss.draws <= 0:
            return False
        d = drawn.index
        return d not in st.wild_kinds and self.rs.is_wild(st, seat, d)

    def shape_complete(self, seat: Seat, tile: Tile | None) -> bool:
        """`could_win`'s shape test: ``seat``'s tiles (with ``tile``, another seat's tile, if
        given) are complete in one of the ruleset's shapes, wildcards counted as such; a
        function of its counts, its melds and the hand's wild kinds alone."""
        st = self.st
        ss = st.seats[seat]
        counts = ss.counts
        if holds_flower(counts) or (tile is not None and tile.index >= 34):
            return False
        sets = 4 - len(ss.melds)
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


def _meant(name: str, words: tuple[str, ...]) -> str:
    """``; did you mean `caishen`?`` when ``name`` is a near miss of exactly one of a ruleset's ``words``."""
    near = near_words(name, words)
    return f"; did you mean `{near[0]}`?" if len(near) == 1 else ""


def holds_flower(counts: list[int]) -> bool:
    """``any(counts[34:])``, as a loop."""
    for i in range(34, len(counts)):
        if counts[i]:
            return True
    return False


def _holds_four(counts: list[int]) -> bool:
    """``4 in counts[:34]`` (a flower is one of its kind), as a loop."""
    for i in range(34):
        if counts[i] == 4:
            return True
    return False


_NO_SPAN = Span.none()

_gt: Final = gt

_INTERNED: Final[list[Tile | None]] = TILE_OF_CODE
_UNCLAIMED: Final[list[Any]] = UNCLAIMED_OF_CODE
_SHARED: Final[int] = len(TILE_OF_CODE)
_CODE_RED: Final[int] = CODE_RED
"""A discard's pair of the river as `paipu.replay.state.shared_discard` makes it (by the tile's code)."""


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
cached function is a call with a key to hash."""


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


class RulesetHooks:
    """What `HandEngine` asks of its ruleset once rather than on every action: which of the
    hooks it has of its own (a hook left as the base's does nothing, and is not called), and
    each seat's next seat."""

    def __init__(self, ruleset: Ruleset) -> None:
        kind = type(ruleset)
        self.ruleset = ruleset
        # What the class tells, worked out once a class (a replay makes a ruleset for each record).
        own = _KIND_HOOKS.get(kind)
        if own is None:
            own = _KIND_HOOKS[kind] = (kind.before_action is not Ruleset.before_action,
                                       kind.check_discard is not Ruleset.check_discard,
                                       kind.check_meld is not Ruleset.check_meld, _plain_hooks(kind))
        self.before_action: bool = own[0]
        self.check_discard: bool = own[1]
        self.check_meld: bool = own[2]
        self.plain: bool = own[3]
        """Whether `play_all` asks `Ruleset.plain_draw` and `Ruleset.plain_discard` of a plain
        draw or discard, after its tests, in place of `before_action` and `check_discard`."""
        seats = ruleset.seats
        next_of = _NEXT_OF.get(seats) if kind.next_seat is Ruleset.next_seat else None
        if next_of is None:
            next_of = {s: ruleset.next_seat(s) for s in seats}
            if kind.next_seat is Ruleset.next_seat:
                _NEXT_OF[seats] = next_of  # the base's next seat depends on the seats alone
        self.next_of: dict[Seat, Seat] = next_of
        self.ready = ruleset.ready_allowed()
        """`Ruleset.ready_allowed`."""

    @staticmethod
    def of(ruleset: Ruleset) -> RulesetHooks:
        """The hooks of ``ruleset``: those of the last ruleset asked about, kept (a replay's hands
        and a simulation's share one ruleset, and each hand makes an engine)."""
        last = _LAST_HOOKS[0]
        if last is None or last.ruleset is not ruleset:
            last = _LAST_HOOKS[0] = RulesetHooks(ruleset)
        return last


_LAST_HOOKS: list[RulesetHooks | None] = [None]
_KIND_HOOKS: dict[type, tuple[bool, bool, bool, bool]] = {}
"""`RulesetHooks`' flags of each ruleset class (which hooks it has of its own)."""
_NEXT_OF: dict[tuple[Seat, ...], dict[Seat, Seat]] = {}
"""`RulesetHooks.next_of` of a ruleset with the base's `Ruleset.next_seat`, by its seats."""


def _plain_hooks(kind: type[Ruleset]) -> bool:
    """Whether ``kind`` has plain hooks of its own (`Ruleset.plain_draw` and `plain_discard`) that
    answer for its `before_action` and `check_discard`: both given by one class, the one that
    gives those two or a subclass of it (a subclass that gives its own `before_action` or
    `check_discard` without them has them asked as ever)."""
    if kind.plain_draw is Ruleset.plain_draw or kind.plain_discard is Ruleset.plain_discard:
        return False
    home = _home(kind, "plain_draw")
    return (_home(kind, "plain_discard") is home and issubclass(home, _home(kind, "before_action"))
            and issubclass(home, _home(kind, "check_discard")))


def _home(kind: type, name: str) -> type:
    """The class of ``kind``'s ancestry (``kind`` first) whose body gives ``name``."""
    for c in kind.__mro__:
        if name in vars(c):
            return c
    return Ruleset

_HANDLED: frozenset[type] = frozenset((
    r.Draw, r.Discard, r.Chow, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower, r.Ready, r.Hu, r.Pass,
    r.TableEvent, r.Exhausted, r.FanLine, r.ScoreLine,
))
"""The action types the engine handles (`HandEngine._verb`), each exactly (not its subclasses)."""
