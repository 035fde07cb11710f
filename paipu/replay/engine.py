"""The replay engine: plays a record through, checks every action, settles every hand.

The engine owns the mechanics every ruleset shares (turns, draws, discards, claims,
kongs, the wall) and asks the ruleset (`paipu.replay.ruleset.Ruleset`) wherever rulesets
differ.  It never stops at the first error: each action is checked, reported, and then
applied as far as the state stays meaningful, so one run finds every error.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from paipu import record as r
from paipu.findings import Finding
from paipu.record import Record, Seat, Span
from paipu.replay.claims import ClaimsMixin
from paipu.replay.core import plural
from paipu.replay.result import (
    HandReplay,
    HandResult,
    Replay,
    SessionState,
    Step,
)
from paipu.replay.ruleset import OptionError, Ruleset, get_ruleset, parse_options
from paipu.replay.settle import audit_recorded_results
from paipu.replay.state import LastDiscard
from paipu.replay.wins import WinsMixin
from paipu.tiles import ALL_TILES

Handler = Callable[["HandReplayer", Any], None]


class HandReplayer(ClaimsMixin, WinsMixin):
    """Replays one hand; `run` returns its steps and result.

    Claims and kongs are in `paipu.replay.claims`, wins in `paipu.replay.wins`; this class
    has the deal, draws, discards, table events and the hand's end.
    """

    # ------------------------------------------------------------ setup
    def setup(self) -> bool:
        """Deals, the wall and the ruleset's setup; False if the hand cannot be replayed."""
        st, rs, hand = self.st, self.rs, self.hand
        rs.setup_hand(st)
        ok = True
        dealt = [0] * len(st.seen)
        for d in hand.deals:
            if d.seat not in rs.seats:
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
            for t in d.tiles:
                if t.is_flower and not rs.uses_flowers:
                    self.err("bad-tile", f"{t} ({t.chinese}) is a flower; {rs.name} has no flowers",
                             d.span, "common.tiles")
                    continue
                st.seats[d.seat].counts[t.index] += 1
                dealt[t.index] += 1
        for seat in rs.seats:
            if hand.deal_of(seat) is None:
                self.err("missing-deal", f"hand {hand.number} has no `deal {seat}` line",
                         hand.span, "common.deal")
                ok = False
        st.seen = list(dealt)
        running = [0] * len(dealt)
        for d in hand.deals:
            for t in sorted(set(d.tiles), key=lambda x: x.index):
                if t.is_flower and not rs.uses_flowers:
                    continue  # reported above as a bad tile
                before = running[t.index]
                running[t.index] += d.tiles.count(t)
                limit = rs.tile_counts[t.index]
                if before <= limit < running[t.index]:
                    self.err(
                        "tile-count",
                        f"with {d.seat}'s deal the deals hold {running[t.index]} of {t} ({t.chinese}); "
                        f"the set has {limit}",
                        d.span,
                        "common.tiles",
                    )
        size_left = rs.total_tiles - sum(dealt)
        if hand.wall is not None:
            wall_tiles = hand.wall.tiles
            whole = list(dealt)
            for t in wall_tiles:
                whole[t.index] += 1
            diffs = []
            for i, n in enumerate(whole):
                if n != rs.tile_counts[i]:
                    diffs.append(f"{n} of {ALL_TILES[i]} (the set has {rs.tile_counts[i]})")
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
            st.wall.size = size_left
        return ok

    # ------------------------------------------------------------ actions
    def play(self, action: r.Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every Action type has a handler
            raise TypeError(type(action))
        seat = getattr(action, "seat", None)
        if seat is not None and seat not in self.st.seats:
            self.err("bad-seat", f"seat {seat} does not play in {self.rs.name} (seats: {' '.join(self.rs.seats)})",
                     action.span, "common.header")
            return
        if self.st.ended and not isinstance(action, (r.FanLine, r.ScoreLine, r.Hu, r.Pass)):
            self.err(
                "action-after-end",
                f"`{action.verb}` after the hand has ended; only fan and score lines may follow",
                action.span,
                "common.end",
            )
            return
        if not isinstance(action, (r.FanLine, r.ScoreLine)):
            self.rs.before_action(self.st, action)
            self._check_pending_ready(action)
        handler(self, action)

    def _check_pending_ready(self, action: r.Action) -> None:
        for seat, ss in self.st.seats.items():
            if ss.ready_pending and not (isinstance(action, r.Discard) and action.seat == seat):
                self.err(
                    "ready-without-discard",
                    f"{seat} declared ready but the next line is not {seat}'s discard",
                    action.span,
                    self.rs.rule_or_common("ready", "common.discard"),
                )
                ss.ready_pending = False

    def _reserve_check(self, span: Span, seat: Seat) -> None:
        reserve = self.rs.reserve(self.st)
        if self.st.wall.size <= reserve:
            self.err(
                "draw-past-reserve",
                f"{seat} draws with {plural(self.st.wall.size, 'tile')} left in the wall, but "
                f"the last {reserve} are never drawn in {self.rs.name}: the hand should have "
                "ended (`exhausted`)",
                span,
                self.rs.rule("exhausted"),
            )

    def on_draw(self, a: r.Draw) -> None:
        st, seat = self.st, a.seat
        ss = st.seats[seat]
        from_tail = False
        if st.phase in ("replacement", "rob"):
            from_tail = True
            if st.phase == "rob":
                self._finish_addkong()
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
        flower_replacement = from_tail and st.extra.get("replacement_for") == "flower"
        if flower_replacement:
            # The tile that replaces a flower stands in for the draw it replaced.
            first_draw = bool(st.extra.get("first_draw"))
        else:
            first_draw = ss.own_draws == 0 and not st.any_claim
        self._reserve_check(a.span, seat)
        wall_tile = st.wall.take(from_tail)
        if wall_tile is not None and wall_tile != a.tile:
            where = "from the tail of the wall (a replacement draw)" if from_tail else "from the wall"
            self.err(
                "draw-mismatch",
                f"{seat} draws {a.tile} ({a.tile.chinese}), but the next tile {where} is "
                f"{wall_tile} ({wall_tile.chinese})",
                a.span,
                "common.wall",
            )
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
        st.seen[a.tile.index] += 1
        ss.counts[a.tile.index] += 1
        ss.draws += 1
        if flower_replacement:
            ss.flower_draws += 1
        ss.last_drawn = a.tile
        ss.drew_since_claim = True
        st.extra["first_draw"] = first_draw
        st.after_kong = from_tail and st.extra.get("replacement_for") == "kong"
        st.turn = seat
        st.phase = "discard"
        st.last_discard = None

    def on_discard(self, a: r.Discard) -> None:
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
            if st.phase == "rob":
                self._finish_addkong()
        ss = st.seats[seat]
        self.rs.check_discard(st, seat, a)
        self._remove(seat, a.tile, 1, a.span, f"discards {a.tile}")
        ss.discards.append([a.tile, False])
        st.discard_serial += 1
        st.last_discard = LastDiscard(seat, a.tile, st.discard_serial, a.span)
        st.turn = seat
        st.phase = "claim"
        st.after_kong = False
        st.any_discard = True
        if ss.ready_pending:
            ss.ready_pending = False
            self.rs.on_ready_discard(st, seat, a)

    def on_flower(self, a: r.Flower) -> None:
        if not self.rs.uses_flowers:
            self.err("illegal-flower", f"{self.rs.name} has no flowers to set aside",
                     a.span, "common.tiles")
            return
        if not a.tile.is_flower:
            self.err("illegal-flower", f"{a.tile} ({a.tile.chinese}) is not a flower", a.span,
                     self.rs.rule("flowers"))
            return
        self._own_turn(a, f"set aside {a.tile}")
        if self._remove(a.seat, a.tile, 1, a.span, f"sets aside {a.tile}"):
            self.st.seats[a.seat].flowers.append(a.tile)
        self._need_replacement(a.seat, "flower")

    def on_ready(self, a: r.Ready) -> None:
        if not self.rs.ready_allowed():
            self.err("illegal-ready", f"{self.rs.name} has no ready declaration (报听)",
                     a.span, self.rs.rule("claims"))
            return
        self._own_turn(a, "declare ready")
        ss = self.st.seats[a.seat]
        if ss.ready:
            self.err("illegal-ready", f"{a.seat} has already declared ready", a.span, self.rs.rule("ready"))
            return
        self.rs.check_ready(self.st, a.seat, a)
        ss.ready_pending = True

    def on_pass(self, a: r.Pass) -> None:
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
        st.seats[a.seat].passed_on = ld.serial

    def on_bao(self, a: r.Bao) -> None:
        if not self.rs.on_event(self.st, a):
            self.err("illegal-event", f"{self.rs.name} has no 宝牌 (`bao` lines)", a.span,
                     "common.header")

    def on_exhausted(self, a: r.Exhausted) -> None:
        st = self.st
        reserve = self.rs.reserve(st)
        if st.wall.size > reserve:
            self.err(
                "early-exhausted",
                f"the hand is declared exhausted with {plural(st.wall.size, 'tile')} left in the "
                f"wall; it goes on until only {reserve} remain",
                a.span,
                self.rs.rule("exhausted"),
            )
        elif st.phase == "discard":
            self.err("missing-discard",
                     f"{st.turn} drew the last tile and must win or discard before the hand is exhausted",
                     a.span, "common.discard")
        elif st.phase in ("replacement", "rob"):
            self.err("missing-replacement", f"{st.turn} must draw a replacement tile after the kong",
                     a.span, "common.kong")
        self.exhausted = True
        st.ended = True
        st.phase = "ended"

    def on_result_line(self, a: r.Action) -> None:
        if not self.st.ended:
            self.err("misplaced-result", f"`{a.verb}` line before the hand has ended", a.span, "common.result")
        self.result_lines.append(a)

    # ------------------------------------------------------------ run
    def finish(self, is_last: bool, playable: bool = True) -> HandResult:
        """The hand's outcome, its settlement, and the audit of its recorded results."""
        st = self.st
        if playable:
            self.rs.before_action(st, None)
        if self.wins:
            outcome = "win"
        elif self.exhausted:
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

    def run(self, is_last: bool) -> tuple[list[Step], HandResult]:
        steps: list[Step] = []
        st = self.st
        playable = self.setup()
        steps.append(Step(0, None, self.hand.span, list(st.findings), st.view() if self.keep_views else None))
        mark = len(st.findings)
        for i, action in enumerate(self.hand.actions, 1):
            if playable:
                self.play(action)
            steps.append(Step(i, action, action.span, st.findings[mark:],
                              st.view() if self.keep_views and playable else None))
            mark = len(st.findings)
        result = self.finish(is_last, playable)
        if st.findings[mark:] and steps:
            steps[-1].findings.extend(st.findings[mark:])
        return steps, result


class Session:
    """What carries across hands: who deals, the 老庄 streak, the scores."""

    def __init__(self, ruleset: Ruleset, record: Record, findings: list[Finding]) -> None:
        self.rs = ruleset
        self.findings = findings
        seats = ruleset.seats
        scores: dict[Seat, int] = {s: 0 for s in seats}
        has_start = False
        for tag in (*record.header.scores, *record.header.players):
            if tag.seat not in seats:
                findings.append(Finding("error", "bad-seat",
                                        f"seat {tag.seat} does not play in {ruleset.name} (seats: {' '.join(seats)})",
                                        tag.span, "common.header"))
        for tag in record.header.scores:
            if tag.seat in scores:
                scores[tag.seat] = int(tag.value)
                has_start = True
        self.state = SessionState(scores=dict(scores), has_start_scores=has_start)

    def dealer_for(self, hand: r.HandRecord) -> Seat:
        """The dealer of ``hand``: its `dealer` line, checked against the rotation."""
        rs, session, seats = self.rs, self.state, self.rs.seats
        expected = session.dealer
        dealer: Seat | None = None
        if hand.dealer is not None:
            if hand.dealer.seat not in seats:
                self.findings.append(Finding("error", "bad-seat",
                                             f"seat {hand.dealer.seat} does not play in {rs.name}",
                                             hand.dealer.span, "common.header"))
            else:
                dealer = hand.dealer.seat
            if expected is not None and dealer is not None and dealer != expected:
                self.findings.append(Finding(
                    "error", "dealer-mismatch",
                    f"hand {hand.number} is dealt by {dealer}, but by the rotation the dealer is {expected}",
                    hand.dealer.span, rs.rule("dealer")))
        if dealer is None:
            dealer = expected
        if dealer is None:
            big = [d.seat for d in hand.deals if len(d.tiles) == 14 and d.seat in seats]
            dealer = big[0] if big else seats[0]
            if hand.dealer is None:
                self.findings.append(Finding("error", "missing-dealer",
                                             f"hand {hand.number} has no `dealer` line and no earlier hand fixes it",
                                             hand.span, rs.rule("dealer")))
        if session.dealer is not None and dealer != session.dealer:
            session.stays = 0
        session.dealer = dealer
        return dealer

    def end_hand(self, result: HandResult, dealer: Seat) -> None:
        session = self.state
        for seat, amount in result.payments.items():
            session.scores[seat] = session.scores.get(seat, 0) + amount
        if result.result == "win" and not any(w.is_win or not w.checked for w in result.wins):
            return  # only false wins: neither a win nor a drawn hand, so the deal and streak stand
        if result.result != "incomplete":
            nxt = self.rs.next_dealer(result)
            session.stays = session.stays + 1 if nxt == dealer else 0
            session.dealer = nxt


_HANDLERS: dict[type, Handler] = {
    r.Draw: HandReplayer.on_draw,
    r.Discard: HandReplayer.on_discard,
    r.Chow: HandReplayer.on_chow,
    r.Pong: HandReplayer.on_pong,
    r.Kong: HandReplayer.on_kong,
    r.AnKong: HandReplayer.on_ankong,
    r.AddKong: HandReplayer.on_addkong,
    r.Flower: HandReplayer.on_flower,
    r.Ready: HandReplayer.on_ready,
    r.Hu: HandReplayer.on_hu,
    r.Pass: HandReplayer.on_pass,
    r.Bao: HandReplayer.on_bao,
    r.Exhausted: HandReplayer.on_exhausted,
    r.FanLine: HandReplayer.on_result_line,
    r.ScoreLine: HandReplayer.on_result_line,
}


def resolve_ruleset(
    record: Record, overrides: dict[str, str] | None = None
) -> tuple[Ruleset | None, list[Finding]]:
    """The ruleset a record names, with its options; findings for what is unknown or bad."""
    findings: list[Finding] = []
    h = record.header
    if h.ruleset is None:
        return None, findings  # the parser already reported the missing tag
    span = h.ruleset_span or Span(1, 1, 1, 1)
    try:
        cls = get_ruleset(h.ruleset)
    except KeyError as e:
        findings.append(Finding("error", "unknown-ruleset", str(e.args[0]), span, "common.header"))
        return None, findings
    given: dict[str, str] = {}
    for o in h.options:
        try:
            parse_options(cls.Options, {o.name: o.value})
        except OptionError as e:
            findings.append(Finding("error", "bad-option", f"[Option {o.name}]: {e}", o.span, "common.header"))
            continue
        given[o.name] = o.value
    for name, value in (overrides or {}).items():
        try:
            parse_options(cls.Options, {name: value})
        except OptionError as e:
            raise OptionError(f"--option {name}={value}: {e}") from None
        given[name] = value
    options = parse_options(cls.Options, given)
    return cls(options), findings


@dataclasses.dataclass
class Moment:
    """The table just before one action: what `walk` yields."""

    hand_index: int
    action_index: int
    action: r.Action
    replayer: HandReplayer


def walk(record: Record, ruleset: Ruleset, findings: list[Finding] | None = None) -> Iterator[Moment]:
    """Each action of each hand with the table just before it (the engine then plays it).

    For tools that need the state at every moment (fault injection, teaching notes)
    without re-implementing any of the replay.  Findings of the replay go to ``findings``.
    """
    sink: list[Finding] = [] if findings is None else findings
    session = Session(ruleset, record, sink)
    for hi, hand in enumerate(record.hands):
        dealer = session.dealer_for(hand)
        rp = HandReplayer(ruleset, hand, session.state, dealer, keep_views=False)
        playable = rp.setup()
        if playable:
            for ai, action in enumerate(hand.actions):
                yield Moment(hi, ai, action, rp)
                rp.play(action)
        result = rp.finish(is_last=hi == len(record.hands) - 1, playable=playable)
        session.end_hand(result, dealer)
        sink.extend(rp.st.findings)


def replay(
    record: Record,
    *,
    options: dict[str, str] | None = None,
    keep_views: bool = True,
) -> Replay:
    """Replay a whole record: every hand, every action, every payment checked.

    ``options`` override the record's ``[Option]`` tags (an unknown one raises
    `OptionError`).  ``keep_views=False`` skips the table snapshots that reports need,
    which makes auditing large corpora faster.
    """
    ruleset, findings = resolve_ruleset(record, options)
    if ruleset is None:
        return Replay(record, record.header.ruleset or "", {}, [], findings, {})
    session = Session(ruleset, record, findings)
    hands: list[HandReplay] = []
    for idx, hand in enumerate(record.hands):
        dealer = session.dealer_for(hand)
        replayer = HandReplayer(ruleset, hand, session.state, dealer, keep_views)
        steps, result = replayer.run(is_last=idx == len(record.hands) - 1)
        session.end_hand(result, dealer)
        hand_findings = sorted(replayer.st.findings, key=lambda f: (f.line, f.column))
        findings.extend(hand_findings)
        hands.append(HandReplay(hand, steps, result, hand_findings, dict(session.state.scores)))
    findings.sort(key=lambda f: (f.line, f.column))
    return Replay(record, ruleset.name, dataclasses.asdict(ruleset.options), hands, findings,
                  dict(session.state.scores), ruleset.seats)
