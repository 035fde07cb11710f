"""Reviewing a game like a teacher: every decision of a seat weighed against the analysis.

`Reviewer` watches the one replay of a record (an `Observer`) and, just before each action,
weighs the decision it shows for each reviewed seat:

* a **discard** (and a **ready** declaration's discard, and a **kong** made on the seat's own
  turn), against every discard and kong the seat could make;
* a **claim** of another seat's discard, taken or passed, against the others it could make;
* a **win** the seat let pass, on its own draw or on a discard.

Each choice is judged by tile efficiency from the seat's own tiles and what it can see
(`paipu.analysis.teaching`): the shanten it leaves and the effective tiles then unseen (for a
ready hand, its waits and how many of them are live).  Where an opponent has declared ready,
each discard also carries its danger: the exact chance, by the pong-odds model of
`paipu.hand.inference`, that the declared seat holds two or more of that kind.  Which moves
were legal and whether a hand wins are the engine's answers (`HandEngine.candidates`,
`HandEngine.can`); nothing here knows a rule, and nothing here looks at a tile the seat could
not see at that step.

The loss of a choice is counted in *points*, one point for each effective tile given up
(docs/review.md, "Thresholds", says how the thresholds below were chosen):
`SHANTEN_POINTS` for each step farther from ready, `WIN_POINTS` for a win let pass, and one
point for each `DANGER_STEP` percent of danger added (or taken away) against a declared seat.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

import paipu.record as r
from paipu.analysis.reading import DISCARD_PROB, SeatKnowledge, state_knowledge
from paipu.analysis.teaching import (
    LATE_WALL,
    SAYINGS,
    discard_choices,
    from_ready,
    saying_for_discard,
    short_hand,
    visible_tiles,
)
from paipu.hand.effective import DiscardChoice, EffectiveTile, discard_shanten
from paipu.hand.inference import kind_posterior
from paipu.record import Record, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.result import HandResult
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer
from paipu.tiles import ALL_TILES, Tile, format_tiles

__all__ = [
    "AGREE_POINTS", "DANGER_STEP", "GRADES", "LARGE_POINTS", "PASS_STEP_POINTS", "SAYING_NAMES", "SHANTEN_POINTS",
    "WIN_POINTS", "WORST",
    "Choice", "Decision", "Loss", "QuizPosition", "Reviewer", "SeatSummary", "grade_of", "summaries",
]

SHANTEN_POINTS: Final = 20
"""Points lost for each step farther from ready (向听): about the effective tiles a hand one
step from ready has unseen, so a step back weighs as much as all of them.  Effective tiles
given up at the same shanten count one point each, at most one less than a step: choices are
ranked by shanten first."""
WIN_POINTS: Final = 60
"""Points lost for a win let pass: three steps from ready, more than any discard can lose."""
DANGER_STEP: Final = 5
"""Percent of danger that weigh one point: a discard 20 percent likelier to be held in pairs by a
declared seat than the best one loses 4 points."""
PASS_STEP_POINTS: Final = 10
"""Points lost for each step nearer to ready that a claim let pass would have made: half a
step's, since a claim shows the hand, makes it smaller and, in many rulesets, gives up what a
concealed hand is worth (riichi's riichi and yaku, MCR's 门前清 and 不求人), which shanten
does not count."""
AGREE_POINTS: Final = 4
"""A choice agrees with the best when it loses no step from ready, lets no win pass and loses at
most this many points or half the best choice's effective tiles, whichever is more: among
choices that close on ready, players and bots weigh value and safety too."""
LARGE_POINTS: Final = 20
"""A choice losing this many points or more is a large loss: a step from ready, a win let pass,
or twenty effective tiles."""
WORST: Final = 5
"""How many of its largest mistakes a seat's summary lists."""
SAYING_NAMES: Final = {SAYINGS["edge"]: "诀一", SAYINGS["single-wait"]: "诀七", SAYINGS["late-fresh"]: "诀九"}
"""Each saying's number in the strategy text that teaches them (麻将介绍以及实战实用口诀秘籍, the
third part of the Zhuji rules text; docs/review.md, "Sayings")."""

Grade = Literal["agrees", "small", "large"]
GRADES: Final[tuple[Grade, ...]] = ("agrees", "small", "large")
Kind = Literal["discard", "ready", "kong", "claim", "pass", "win"]

_BEST_SHOWN = 3
"""How many of the best choices a decision lists."""
_WAITS_SAID = 6
"""A ready hand's waits are named in words up to this many kinds (with wildcards, a hand can
wait on most of them); beyond, they are counted."""


def grade_of(points: int, best_unseen: int = 0) -> Grade:
    """The grade of a choice that loses ``points`` when the best choice leaves ``best_unseen``
    effective tiles: `LARGE_POINTS` or more are a large loss; at most `AGREE_POINTS` or half of
    ``best_unseen`` (whichever is more) agree; anything between is a small loss.  (A step from
    ready lost is `SHANTEN_POINTS`, a win let pass `WIN_POINTS`: both large.)"""
    if points >= LARGE_POINTS:
        return "large"
    return "agrees" if points <= max(AGREE_POINTS, best_unseen // 2) else "small"


@dataclass(frozen=True, slots=True)
class Choice:
    """One move a seat could make, as the analysis sees it."""

    play: str
    """The move in record notation: ``discard 5m``, ``pong 5m``, ``chow 345m``, ``kong 5m``,
    ``ankong 5m``, ``addkong 5m``, ``hu``, ``pass``."""
    shanten: int
    """The shanten of the hand it leaves waiting for its next tile (-1: a win)."""
    unseen: int
    """The effective tiles then unseen by the seat (for a ready hand: its waits' live count)."""
    waits: tuple[str, ...] = ()
    """For a move that leaves the hand ready: the kinds that complete it."""
    danger: int | None = None
    """Where an opponent has declared ready, for a discard: the percent chance that a declared
    seat holds two or more of its kind (None: no opponent has declared, or not a discard)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"play": self.play, "shanten": self.shanten, "unseen": self.unseen}
        if self.waits:
            out["waits"] = list(self.waits)
        if self.danger is not None:
            out["danger"] = self.danger
        return out

    def said(self) -> str:
        """The choice's effect in words: ``1 from ready, 20 effective tiles unseen``."""
        if self.shanten < 0:
            return "a win"
        if self.shanten == 0 and self.waits:
            on = " ".join(self.waits) if len(self.waits) <= _WAITS_SAID else f"{len(self.waits)} kinds"
            return f"ready on {on}, {self.unseen} live"
        return f"{from_ready(self.shanten)}, {self.unseen} effective tiles unseen"


@dataclass(frozen=True, slots=True)
class Loss:
    """What a choice gives up against the best one."""

    points: int
    shanten: int
    """Steps farther from ready than the best choice."""
    effective: int
    """Effective tiles unseen fewer than the best choice's (at the same shanten)."""
    danger: int
    """Percent of danger more than the best choice's (negative: safer), against a declared seat."""
    win: bool = False
    """A win was let pass."""

    def to_json(self) -> dict[str, Any]:
        """What was given up (the points are the decision's ``loss``)."""
        return {"shanten": self.shanten, "effective": self.effective, "danger": self.danger, "win": self.win}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat, weighed."""

    seat: Seat
    hand: int
    """The hand's place in the record, from 1 (the report's ``h3``)."""
    step: int
    """The step of the position decided in: how many of the hand's actions were played before
    it (the report's step number; 0 is the deal)."""
    line: int
    """The record's line of the action judged (for a claim or win let pass: the discard's)."""
    kind: Kind
    tiles: str
    """The seat's concealed tiles at the decision, the drawn tile last."""
    melds: str
    played: Choice
    best: tuple[Choice, ...]
    """The best choices by the analysis, best first (at most three, and every one that ties)."""
    loss: Loss
    grade: Grade
    why: str
    saying: str = ""
    """The 口诀 the decision shows, if one does, by its number (docs/review.md, "Sayings")."""
    before: int | None = None
    """For a claim taken or let pass: the hand's shanten before it (the one letting it pass keeps)."""

    @property
    def anchor(self) -> str:
        """The review page's anchor of the position: ``h3-s14``."""
        return f"h{self.hand}-s{self.step}"

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "hand": self.hand, "step": self.step, "line": self.line, "kind": self.kind,
            "tiles": self.tiles, "melds": self.melds, "played": self.played.play,
            "played_choice": self.played.to_json(), "best": [c.to_json() for c in self.best],
            "loss": self.loss.points, "loss_detail": self.loss.to_json(), "grade": self.grade, "why": self.why,
            "saying": self.saying,
            **({} if self.before is None else {"shanten_before": self.before}),
        }

    def headline(self) -> str:
        """``played 5m — better 9p (why)``, as the review page and the text output say it."""
        if self.grade == "agrees":
            return f"{self.seat} {self.played.play}: agrees with the analysis ({self.why})"
        better = self.best[0].play if self.best else "?"
        return f"{self.seat} played {self.played.play} — better {better} ({self.why})"


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's decisions at a glance: what engine authors compare bots by."""

    seat: Seat
    decisions: int
    agreeing: int
    loss: int
    """The points lost over all decisions."""
    grades: dict[str, int]
    worst: tuple[Decision, ...]
    """The largest mistakes (at most `WORST`), largest first; ties in the record's order."""

    @property
    def agreement(self) -> float:
        """The share of decisions that agree with the best (1.0 with no decision)."""
        return self.agreeing / self.decisions if self.decisions else 1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions, "agreement": round(self.agreement, 4), "loss": self.loss,
            "grades": dict(self.grades),
            "worst": [{"hand": d.hand, "step": d.step, "line": d.line, "kind": d.kind, "played": d.played.play,
                       "better": d.best[0].play if d.best else None, "loss": d.loss.points, "grade": d.grade,
                       "why": d.why} for d in self.worst],
        }


def summaries(decisions: Sequence[Decision], seats: Sequence[Seat]) -> dict[Seat, SeatSummary]:
    """Each seat's summary of ``decisions`` (in the record's order), in ``seats``' order."""
    out: dict[Seat, SeatSummary] = {}
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]
        grades: dict[str, int] = {g: sum(1 for d in mine if d.grade == g) for g in GRADES}
        mistakes = [(-d.loss.points, k) for k, d in enumerate(mine) if d.grade != "agrees"]
        worst = tuple(mine[k] for _, k in sorted(mistakes)[:WORST])
        out[seat] = SeatSummary(seat, len(mine), grades["agrees"], sum(d.loss.points for d in mine), grades, worst)
    return out


@dataclass(frozen=True, slots=True)
class QuizPosition:
    """A 何切る position: a seat's hand one tile over and everything it could see, with every
    discard weighed (the quiz page's question and answer)."""

    decision: Decision
    drawn: str
    """The tile the seat just drew ("" after a claim): shown apart, as at the table."""
    concealed: tuple[Tile, ...]
    """The seat's concealed tiles (the drawn one among them), in tile order."""
    melds: tuple[tuple[str, tuple[Tile, ...]], ...]
    """The seat's melds: (kind, tiles)."""
    rivers: tuple[tuple[Seat, tuple[tuple[Tile, bool], ...]], ...]
    """Every seat's discards as the seat sees them, (tile, claimed), the seat's own first."""
    exposed: tuple[tuple[Seat, tuple[tuple[str, tuple[Tile, ...]], ...]], ...]
    """The other seats' melds (a concealed kong of another seat as four unknown tiles: empty)."""
    ready: tuple[Seat, ...]
    """The opponents that have declared ready."""
    wild: tuple[Tile, ...]
    marked: tuple[Tile, ...]
    wall: int
    """Tiles left in the wall."""
    choices: tuple[tuple[Choice, int, Grade], ...]
    """Every discard the seat could make, best first, with the points it loses and its grade."""
    score: int
    """How instructive the position is (the quiz takes the highest): the points the seat lost,
    else those the runner-up choice would lose."""


# ------------------------------------------------------------------ the observer


@dataclass(slots=True)
class _Window:
    """A claim window: the options each reviewed seat had on one discard."""

    serial: int
    step: int
    line: int
    discarder: Seat
    tile: Tile
    options: dict[Seat, list[r.Action]] = field(default_factory=dict)
    judged: set[Seat] = field(default_factory=set)


class Reviewer(Observer):
    """Watches a replay and weighs, before each action, every decision of the reviewed seats.

    ``seats`` (default: every seat of the ruleset) are the seats reviewed; with ``quiz`` > 0,
    the ``quiz`` most instructive discard positions are kept (`QuizPosition`)."""

    def __init__(self, seats: Collection[Seat] | None = None, quiz: int = 0) -> None:
        self.only = None if seats is None else frozenset(seats)
        self.quiz = quiz
        self.decisions: list[Decision] = []
        self.titles: list[str] = []
        """Each hand's title as players say it (`Ruleset.hand_name`; "" where the ruleset numbers them)."""
        self.seats: tuple[Seat, ...] = ()
        self._rs: Ruleset | None = None
        self._hand = 0
        self._playable = False
        self._window: _Window | None = None
        self._last_discard_line = 0
        self._ready_line: dict[Seat, int] = {}
        self._fresh: list[tuple[Seat, Tile]] = []
        """This hand's late discards of a kind nobody had discarded (后局…打生张), by seat."""
        self._quiz: list[tuple[int, int, int, QuizPosition]] = []
        """A heap of the most instructive positions: (score, -order, order, position)."""
        self._order = 0

    # -------------------------------------------------------------- the replay
    def start_record(self, record: Record, ruleset: Ruleset) -> None:
        self._rs = ruleset
        self.seats = tuple(s for s in ruleset.seats if self.only is None or s in self.only)

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        self.titles.append(engine.rs.hand_name(engine.st, "en"))
        self._hand = index + 1
        self._playable = playable
        self._window = None
        self._ready_line = {}
        self._fresh = []

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Any]) -> None:
        self._window = None

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        st = engine.st
        if st.ended or not self._playable:
            return
        if st.phase == "claim":
            self._in_window(index, engine, action)
            return
        if isinstance(action, r.Discard):
            self._last_discard_line = action.span.line
            k = action.tile.index
            if k < 27 and st.wall.size <= LATE_WALL and not any(
                    t.index == k for ss in st.seats.values() for t, _ in ss.discards):
                self._fresh.append((action.seat, action.tile))
        if not isinstance(action, r.SeatAction) or action.seat not in self.seats:
            return
        if isinstance(action, r.Ready):
            self._ready_line[action.seat] = action.span.line
            return
        if st.phase == "discard" and action.seat == st.turn and isinstance(
                action, (r.Discard, r.AnKong, r.AddKong, r.Flower)):
            self._own_turn(index, engine, action)

    # -------------------------------------------------------------- own turn
    def _own_turn(self, index: int, engine: HandEngine, action: r.SeatAction) -> None:
        st, rs = engine.st, engine.rs
        seat = action.seat
        ss = st.seats[seat]
        counts = ss.counts
        if any(counts[34:]) or ss.unknown_since or isinstance(action, r.Flower):
            return
        hand = list(counts[:34])
        if sum(hand) % 3 != 2:
            return
        moves = engine.candidates(seat, discards=False)
        win = any(isinstance(m, r.Hu) for m in moves) and any(engine.can(m) for m in moves if isinstance(m, r.Hu))
        if ss.ready and not ss.ready_pending:
            # A declared hand changes only by its draws: its discards are no choices; a win let
            # pass still is one.
            if win:
                self._win_passed(index, engine, seat, action, f"{seat} could have won on the drawn "
                                 f"{ss.last_drawn}" if ss.last_drawn is not None else f"{seat} could have won")
            return
        if isinstance(action, r.Discard) and (action.tile.index >= 34 or not hand[action.tile.index]):
            return  # a tile not held: an error finding says so
        wild = tuple(st.wild_kinds)
        melds = len(ss.melds)
        shapes = tuple(rs.shapes)
        visible = visible_tiles(st, seat)
        keep = action.tile.index if isinstance(action, r.Discard) else None
        try:
            ranked = discard_choices(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible, keep=keep,
                                     limit=_BEST_SHOWN)
        except ValueError:
            return
        declared = self._declared(st, seat)
        know = state_knowledge(st, seat, rs.seats, rs.tile_counts) if declared else None
        options: list[tuple[Choice, int]] = []  # (choice, tie order)
        for k, c in enumerate(ranked):
            options.append((self._discard_choice(c, know, declared), k))
        kongs: list[tuple[Choice, r.Action]] = []
        if not ss.ready_pending:
            for m in moves:
                if isinstance(m, (r.AnKong, r.AddKong)) and engine.can(m):
                    kongs.append((self._kong_choice(m, hand, wild, melds, shapes, visible), m))
        options += [(c, -1) for c, _ in kongs]  # a kong before a discard as good
        played: Choice | None = None
        name = _own_text(action)
        played = next((c for c, _ in options if c.play == name), None)
        if played is None:
            return
        options.sort(key=lambda o: (o[0].shanten, -o[0].unseen, o[0].danger or 0, o[1]))
        kind: Kind = "ready" if ss.ready_pending else "kong" if not isinstance(action, r.Discard) else "discard"
        line = action.span.line
        tiles = self._tiles(hand, ss.last_drawn if ss.drew_since_claim else None)
        meld_text = self._melds(ss.melds)
        if win:
            hu = Choice("hu", -1, 0)
            drawn = ss.last_drawn
            self._add(Decision(seat, self._hand, index, line, "win", tiles, meld_text, played, (hu,),
                               Loss(WIN_POINTS, 0, 0, 0, True), grade_of(WIN_POINTS),
                               f"{seat} could have won on the drawn {drawn}" if drawn is not None
                               else f"{seat} could have won"))
            return
        best = [c for c, _ in options]
        loss = self._loss(played, best[0], declared)
        saying = self._saying(hand, best[0], played, engine, seat) if isinstance(action, r.Discard) else ""
        why = self._why_own(kind, played, best, loss, declared)
        near = self._near_fresh(seat, action) if isinstance(action, r.Discard) else None
        if near is not None:
            why += (f"; late in the hand {near[0]} discarded {near[1]}, a kind nobody had discarded: "
                    f"{_short(played)} is near it")
            saying = saying or f"{SAYING_NAMES[SAYINGS['late-fresh']]}：{SAYINGS['late-fresh']}"
        decision = Decision(seat, self._hand, index, line, kind, tiles, meld_text, played,
                            self._shown(best), loss, grade_of(loss.points, best[0].unseen), why, saying)
        self._add(decision)
        if self.quiz > 0 and isinstance(action, r.Discard):
            # How instructive: the points the seat lost, else those the runner-up would lose.
            runner = best[1] if len(best) > 1 else None
            score = loss.points if decision.grade != "agrees" else (
                self._loss(runner, best[0], declared).points if runner is not None else 0)
            self._keep_position(decision, score, engine, seat, hand, wild, melds, shapes, visible, know, declared)

    def _discard_choice(self, c: DiscardChoice, know: SeatKnowledge | None, declared: tuple[int, ...]) -> Choice:
        waits = _waits(c.effective) if c.shanten == 0 else ()
        danger = _danger(know, c.tile.index, declared) if know is not None else None
        return Choice(f"discard {c.tile}", c.shanten, c.unseen, waits, danger)

    @staticmethod
    def _kong_choice(m: r.Action, hand: list[int], wild: tuple[int, ...], melds: int, shapes: tuple[str, ...],
                     visible: list[int]) -> Choice:
        assert isinstance(m, (r.AnKong, r.AddKong))
        k = m.tile.index
        after = list(hand)
        if isinstance(m, r.AnKong):
            after[k] -= 4
            melds += 1
        else:
            after[k] -= 1
        now, eff = short_hand(after, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible)
        unseen = sum(e.unseen for e in eff)
        return Choice(f"{m.verb} {ALL_TILES[k]}", now, unseen, _waits(eff) if now == 0 else ())

    # -------------------------------------------------------------- claims
    def _in_window(self, index: int, engine: HandEngine, action: r.Action) -> None:
        st = engine.st
        ld = st.last_discard
        if ld is None:
            return
        w = self._window
        if w is None or w.serial != ld.serial:
            w = self._window = _Window(ld.serial, index, ld.action.span.line, ld.seat, ld.tile)
            if ld.claimed_by is None and not ld.winners:
                for m in engine.candidates(discards=False):
                    seat = getattr(m, "seat", None)
                    if seat in self.seats and seat != ld.seat and isinstance(m, (r.Hu, r.Pong, r.Chow, r.Kong)):
                        w.options.setdefault(seat, []).append(m)
                for seat, moves in list(w.options.items()):
                    legal = [m for m in moves if engine.can(m)]
                    if legal:
                        w.options[seat] = legal
                    else:
                        del w.options[seat]
        if not w.options:
            return
        if isinstance(action, (r.Hu, r.Pong, r.Chow, r.Kong)) and action.seat in w.options \
                and action.seat not in w.judged:
            w.judged.add(action.seat)
            self._claim(w, engine, action.seat, action, action.span.line)
        elif isinstance(action, (r.Draw, r.Exhausted)) and ld.claimed_by is None and not ld.winners:
            # Nobody claimed the discard: every reviewed seat that could have let it pass.
            for seat in w.options:
                if seat not in w.judged:
                    w.judged.add(seat)
                    self._claim(w, engine, seat, None, w.line)

    def _claim(self, w: _Window, engine: HandEngine, seat: Seat, action: r.Action | None, line: int) -> None:
        st, rs = engine.st, engine.rs
        ss = st.seats[seat]
        if any(ss.counts[34:]) or ss.unknown_since:
            return
        hand = list(ss.counts[:34])
        if sum(hand) % 3 != 1:
            return
        wild = tuple(st.wild_kinds)
        melds = len(ss.melds)
        shapes = tuple(rs.shapes)
        visible = visible_tiles(st, seat)
        moves = w.options[seat]
        can_win = any(isinstance(m, r.Hu) for m in moves)
        tiles = self._tiles(hand, None)
        meld_text = self._melds(ss.melds)
        taken = _claim_text(action) if action is not None else "pass"
        if can_win and not isinstance(action, r.Hu):
            played = Choice(taken, 0, 0)
            self._add(Decision(seat, self._hand, w.step, line, "win", tiles, meld_text, played, (Choice("hu", -1, 0),),
                               Loss(WIN_POINTS, 0, 0, 0, True), grade_of(WIN_POINTS),
                               f"{seat} could have won on {w.discarder}'s {w.tile}"))
            return
        if isinstance(action, r.Hu):
            return  # a win taken: nothing to weigh
        try:
            now, eff = short_hand(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible)
        except ValueError:
            return
        options: list[tuple[Choice, int]] = [(Choice("pass", now, sum(e.unseen for e in eff),
                                                     _waits(eff) if now == 0 else ()), 0)]
        for order, m in enumerate(moves, 1):
            if isinstance(m, r.Hu):
                continue
            choice = self._claim_choice(m, w.tile, hand, wild, melds, shapes, visible)
            if choice is not None:
                options.append((choice, order))
        claimed = next((c for c, _ in options if c.play == taken), None)
        if claimed is None:
            return
        played = claimed
        # A claim that brings the hand no nearer to ready is no better than letting the tile pass:
        # its tile stands for the draw the seat would make anyway, and the hand is shown.
        options.sort(key=lambda o: (o[0].shanten, o[1] != 0, -o[0].unseen, o[1]))
        best = [c for c, _ in options]
        loss = self._loss(played, best[0], ())
        kind: Kind = "pass" if action is None else "claim"
        why = self._why_claim(w, seat, played, options[0][0], options, loss, now)
        self._add(Decision(seat, self._hand, w.step, line, kind, tiles, meld_text, played, self._shown(best), loss,
                           grade_of(loss.points, best[0].unseen), why, before=now))

    @staticmethod
    def _claim_choice(m: r.Action, tile: Tile, hand: list[int], wild: tuple[int, ...], melds: int,
                      shapes: tuple[str, ...], visible: list[int]) -> Choice | None:
        after = list(hand)
        k = tile.index
        if isinstance(m, r.Kong):
            after[k] -= 3
            try:
                now, eff = short_hand(after, wild_kinds=wild, melds=melds + 1, shapes=shapes, visible=visible)
            except ValueError:
                return None
            return Choice(_claim_text(m), now, sum(e.unseen for e in eff), _waits(eff) if now == 0 else ())
        if isinstance(m, r.Pong):
            after[k] -= 2
        elif isinstance(m, r.Chow):
            own = [t.index for t in m.tiles]
            own.remove(k)
            for j in own:
                after[j] -= 1
        else:
            return None
        if min(after) < 0:
            return None
        try:
            best = discard_choices(after, wild_kinds=wild, melds=melds + 1, shapes=shapes, visible=visible, limit=1)
        except ValueError:
            return None
        c = best[0]
        return Choice(_claim_text(m), c.shanten, c.unseen, _waits(c.effective) if c.shanten == 0 else ())

    # -------------------------------------------------------------- judging
    @staticmethod
    def _declared(st: Any, seat: Seat) -> tuple[int, ...]:
        """The places (in `SeatKnowledge.opponents` order) of the opponents that have declared ready."""
        seats = list(st.seats)
        start = seats.index(seat)
        order = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
        return tuple(i for i, s in enumerate(order) if st.seats[s].ready)

    @staticmethod
    def _loss(played: Choice, best: Choice, declared: tuple[int, ...]) -> Loss:
        steps = max(0, played.shanten - best.shanten)
        effective = max(0, best.unseen - played.unseen) if steps == 0 else 0
        danger = 0
        if declared and played.danger is not None and best.danger is not None:
            danger = played.danger - best.danger
        step = SHANTEN_POINTS
        if played.play == "pass":
            step = PASS_STEP_POINTS
            effective = 0  # (the best is a claim only when it brings the hand nearer to ready)
        # Effective tiles never weigh as much as a step: the choices are ranked by shanten first.
        points = step * steps + min(effective, SHANTEN_POINTS - 1) + _danger_points(danger)
        return Loss(max(0, points), steps, effective, danger)

    def _why_own(self, kind: Kind, played: Choice, best: list[Choice], loss: Loss, declared: tuple[int, ...]) -> str:
        top = best[0]
        what = played.play.split(" ", 1)[-1] if played.play.startswith("discard ") else played.play
        if played == top or (loss.points == 0 and loss.danger <= 0):
            text = f"{what} leaves {played.said()}" + (", the best" if played == top else ", as good as the best")
        elif loss.shanten:
            text = f"{what} leaves {played.said()}; {_short(top)} leaves {top.said()}"
        else:
            text = (f"{what} leaves {played.said()}; {_short(top)} leaves {top.said()}: {loss.effective} "
                    f"effective tile{'' if loss.effective == 1 else 's'} given up")
        if declared and played.danger is not None:
            text += f"; against the declared seat, {what} is held in pairs or more with {played.danger}%"
            if top.danger is not None and top is not played:
                text += f", {_short(top)} with {top.danger}%"
        if kind == "ready":
            text = "declaring ready: " + text
        return text

    @staticmethod
    def _why_claim(w: _Window, seat: Seat, played: Choice, top: Choice, options: list[tuple[Choice, int]],
                   loss: Loss, now: int) -> str:
        on = f"{w.discarder}'s {w.tile}"
        if played.play == "pass":
            if top.play == "pass" or loss.points <= 0:
                return f"passing on {on} keeps {played.said()}; no claim does better"
            return f"{top.play} of {on} would leave {top.said()}; passing keeps {played.said()}"
        before = f"before it {from_ready(now)}"
        if top.play == "pass":
            return f"{played.play} of {on} leaves {played.said()} ({before}): no nearer to ready, the hand shown"
        if played == top:
            return f"{played.play} of {on} leaves {played.said()} ({before}), the best"
        return f"{played.play} of {on} leaves {played.said()}; {top.play} leaves {top.said()}"

    def _saying(self, hand: list[int], best: Choice, played: Choice, engine: HandEngine, seat: Seat) -> str:
        """The saying the better discard shows (the played one, when it is the best), by its
        number: ``诀一：搭子少丢边张，搭子多丢中张``."""
        if not best.play.startswith("discard "):
            return ""
        tile = Tile.parse(best.play.split(" ", 1)[1])
        said = saying_for_discard(hand, tile, True, best.shanten, engine, seat)
        if said and said == SAYINGS["single-wait"] and best != played and played.shanten == 0 \
                and played.unseen >= best.unseen:
            return ""
        return f"{SAYING_NAMES[said]}：{said}" if said in SAYING_NAMES else said

    def _near_fresh(self, seat: Seat, action: r.Discard) -> tuple[Seat, Tile] | None:
        """The latest late discard of a fresh kind by another seat that ``action`` discards near
        (the same suit, one or two ranks away): 诀九 says its neighbours are dangerous."""
        t = action.tile
        if t.index >= 27:
            return None
        for other, fresh in reversed(self._fresh):
            if other != seat and fresh.suit == t.suit and 0 < abs(fresh.rank - t.rank) <= 2:
                return other, fresh
        return None

    @staticmethod
    def _shown(best: list[Choice]) -> tuple[Choice, ...]:
        """The best few choices: the first `_BEST_SHOWN`, and every one that ties with the last shown."""
        if len(best) <= _BEST_SHOWN:
            return tuple(best)
        last = best[_BEST_SHOWN - 1]
        return tuple(best[:_BEST_SHOWN]) + tuple(
            c for c in best[_BEST_SHOWN:] if (c.shanten, c.unseen) == (last.shanten, last.unseen))

    @staticmethod
    def _tiles(hand: Sequence[int], drawn: Tile | None) -> str:
        tiles = [ALL_TILES[k] for k in range(34) for _ in range(hand[k])]
        if drawn is not None and drawn.index < 34 and hand[drawn.index]:
            tiles.remove(ALL_TILES[drawn.index])
            return f"{format_tiles(tiles)} + {ALL_TILES[drawn.index]}" if tiles else str(ALL_TILES[drawn.index])
        return format_tiles(tiles)

    @staticmethod
    def _melds(melds: Sequence[Any]) -> str:
        return ", ".join(f"{m.kind} {format_tiles(m.tiles)}" for m in melds)

    def _win_passed(self, index: int, engine: HandEngine, seat: Seat, action: r.SeatAction, why: str) -> None:
        ss = engine.st.seats[seat]
        hand = list(ss.counts[:34])
        played = Choice(_own_text(action), 0, 0)
        self._add(Decision(seat, self._hand, index, action.span.line, "win", self._tiles(hand, ss.last_drawn),
                           self._melds(ss.melds), played, (Choice("hu", -1, 0),), Loss(WIN_POINTS, 0, 0, 0, True),
                           grade_of(WIN_POINTS), why))

    def _add(self, decision: Decision) -> None:
        self.decisions.append(decision)

    # -------------------------------------------------------------- quiz positions
    def _keep_position(self, decision: Decision, score: int, engine: HandEngine, seat: Seat, hand: list[int],
                       wild: tuple[int, ...], melds: int, shapes: tuple[str, ...], visible: list[int],
                       know: SeatKnowledge | None, declared: tuple[int, ...]) -> None:
        if sum(1 for n in hand if n) < 2 or score <= AGREE_POINTS:
            return  # one kind to throw, or any sensible answer as good: no question
        self._order += 1
        heap = self._quiz
        if len(heap) >= self.quiz and score <= heap[0][0]:
            return  # (ties keep the earlier position)
        try:
            every = discard_choices(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible)
        except ValueError:
            return
        low = every[0].shanten
        rest = [c for c in every if c.shanten == low]
        # Every kind held: those at the lowest shanten with their effective tiles, the others by
        # their shanten alone (what a student weighs first).
        after = dict(discard_shanten(hand, wild_kinds=wild, melds=melds, shapes=shapes))
        choices: list[Choice] = [self._discard_choice(c, know, declared) for c in rest]
        shown = {c.tile.index for c in rest}
        for k in sorted(after, key=lambda k: (after[k], k)):
            if k not in shown:
                choices.append(Choice(f"discard {ALL_TILES[k]}", after[k], 0))
        choices.sort(key=lambda c: (c.shanten, -c.unseen if c.shanten == low else 0, c.danger or 0))
        top = choices[0]
        weighed = []
        for c in choices:
            points = self._loss(c, top, declared).points
            weighed.append((c, points, grade_of(points, top.unseen)))
        st = engine.st
        ss = st.seats[seat]
        rivers = tuple((s, tuple(st.seats[s].discards)) for s in _from(st, seat))
        exposed = tuple((s, tuple((m.kind, tuple(m.tiles)) for m in st.seats[s].melds if m.kind != "ankong"))
                        for s in _from(st, seat) if s != seat)
        drawn = ss.last_drawn if ss.drew_since_claim and ss.last_drawn is not None else None
        position = QuizPosition(
            decision, str(ALL_TILES[drawn.index]) if drawn is not None and drawn.index < 34 else "",
            tuple(ALL_TILES[k] for k in range(34) for _ in range(hand[k])),
            tuple((m.kind, tuple(m.tiles)) for m in ss.melds), rivers, exposed,
            tuple(s for s in _from(st, seat) if s != seat and st.seats[s].ready),
            st.wild_tiles(), tuple(engine.rs.marked_tiles(st)), st.wall.size, tuple(weighed), score)
        entry = (score, -self._order, self._order, position)
        if len(heap) < self.quiz:
            heapq.heappush(heap, entry)
        elif entry[:2] > heap[0][:2]:
            heapq.heapreplace(heap, entry)

    def quiz_positions(self) -> list[QuizPosition]:
        """The kept positions, most instructive first (ties in the record's order)."""
        return [e[3] for e in sorted(self._quiz, key=lambda e: (-e[0], e[2]))]

    # -------------------------------------------------------------- results
    def summaries(self) -> dict[Seat, SeatSummary]:
        return summaries(self.decisions, self.seats)


def _from(st: Any, seat: Seat) -> list[Seat]:
    seats = list(st.seats)
    start = seats.index(seat)
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]


def _waits(eff: Sequence[EffectiveTile]) -> tuple[str, ...]:
    return tuple(str(e.tile) + ("*" if e.wildcard else "") for e in eff)


def _danger_points(danger: int) -> int:
    """One point for each `DANGER_STEP` percent, rounded toward zero."""
    return int(danger / DANGER_STEP)


def _danger(know: SeatKnowledge, kind: int, declared: tuple[int, ...]) -> int | None:
    """The percent chance that a declared seat (by its place among ``know.opponents``) holds two
    or more of ``kind``, the highest over the declared seats; None when the counts cannot be."""
    if kind >= 34 or not declared:
        return None
    copies = know.copies[kind]
    mine = know.mine[kind]
    seen = min(know.seen[kind], copies - mine)
    unseen = copies - mine - seen
    if unseen < 0:
        return None
    prob: Fraction | int = DISCARD_PROB if kind not in know.discarded else 0
    try:
        post = kind_posterior(unseen, know.hands, know.wall, prob)
    except ValueError:
        return None
    worst = max(sum(post.opponents[i][2:], Fraction(0)) for i in declared)
    return (200 * worst.numerator + worst.denominator) // (2 * worst.denominator)


def _claim_text(action: r.Action | None) -> str:
    if action is None:
        return "pass"
    if isinstance(action, r.Chow):
        return f"chow {format_tiles(sorted(action.tiles, key=lambda t: t.index))}"
    if isinstance(action, (r.Pong, r.Kong)):
        return f"{action.verb} {ALL_TILES[action.tile.index]}"
    if isinstance(action, r.Hu):
        return "hu"
    return getattr(action, "verb", "?")


def _own_text(action: r.SeatAction) -> str:
    tile = getattr(action, "tile", None)
    if tile is None:
        return action.verb
    return f"{action.verb} {ALL_TILES[tile.index] if tile.index < 34 else tile}"


def _short(c: Choice) -> str:
    return c.play.split(" ", 1)[1] if c.play.startswith("discard ") else c.play
