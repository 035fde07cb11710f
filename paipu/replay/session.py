"""Replaying a whole record: one pass over its hands, with observers watching.

`replay` resolves the ruleset once (from the header, or the one the caller gives), plays
every hand through a `HandEngine`, settles it, and carries the dealer and the scores from
hand to hand (`Session`).  Whatever else wants to see the table at every step (the report's
snapshots, teaching notes, the points fault injection corrupts) is an `Observer` of that one
pass, in the way of python-chess's PGN visitors: nothing replays a record twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from mypy_extensions import mypyc_attr

import paipu.record as r
from paipu.findings import Finding, FindingBook, PackedFindings
from paipu.record import Action, Record, Seat, Span
from paipu.replay.engine import HandEngine
from paipu.replay.final import audit_final
from paipu.replay.options import OptionError, option_values, parse_options
from paipu.replay.result import NO_GAME_END, HandReplay, HandResult, SessionState, Step, TableView
from paipu.replay.result import finding_origin as finding_origin
from paipu.replay.ruleset import Ruleset, ruleset_class
from paipu.value import Fields


class Replay(Fields):
    """A replayed record: the ruleset it was replayed under, each hand, every finding, the scores."""

    __slots__ = ("findings", "hands", "record", "ruleset", "scores")
    _fields = ("record", "ruleset", "hands", "findings", "scores")
    record: Record
    ruleset: Ruleset | None
    """None when the record names no ruleset, or one paipu does not know."""
    hands: list[HandReplay]
    findings: PackedFindings
    """When the replay was watched, each finding made during a hand keeps where (`finding_origin`): the hand and the
    step at which the engine made it, the step whose findings observers were given with it."""
    scores: dict[Seat, int]

    def __init__(self, record: Record, ruleset: Ruleset | None, hands: list[HandReplay], findings: PackedFindings,
                 scores: dict[Seat, int]) -> None:
        self.record = record
        self.ruleset = ruleset
        self.hands = hands
        self.findings = findings
        self.scores = scores

    @property
    def ok(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    @property
    def ruleset_name(self) -> str:
        return self.ruleset.name if self.ruleset is not None else (self.record.header.ruleset or "")

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.ruleset.seats if self.ruleset is not None else ()

    @property
    def options(self) -> dict[str, object]:
        """Every option in force (record tags and overrides alike), by name."""
        if self.ruleset is None:
            return {}
        return option_values(self.ruleset.options)


@mypyc_attr(allow_interpreted_subclasses=True)  # reports, teaching and users watch a replay
class Observer:
    """Watches one replay pass.  Every method does nothing unless overridden.

    The engine given to each call is live: read it (`HandEngine.st`, `analyse`,
    `legal_actions`, `check`), never play on it.  `findings` are added to the replay's own
    (teaching notes are findings of severity ``note``).
    """

    def start_record(self, record: Record, ruleset: Ruleset) -> None:
        """The replay of ``record`` under ``ruleset`` begins (before its first hand)."""

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        """A hand is set up (dealt); ``playable`` is false when it cannot be replayed."""

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        """The table just before ``action`` (the ``index``-th of the hand, from 0) is played.

        Called only for an action the table can take: in a playable hand, and by a seat the
        ruleset seats (an action by any other seat is a ``bad-seat`` finding of the engine,
        handled once here for every observer)."""

    def after_action(self, index: int, engine: HandEngine, action: r.Action, findings: list[Finding]) -> None:
        """``action`` was played (or, in a hand that cannot be replayed, skipped) with these findings."""

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        """The hand is settled; ``findings`` are those the settlement added."""

    def findings(self) -> list[Finding]:
        """Findings of the observer's own, added to the replay's."""
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class StepRecorder(Observer):
    """Records each hand's steps (step 0 is the deal): the action and, with ``views``, a
    snapshot of the table after it, for reports.  A step's findings stay in the replay's
    (`HandReplay.step_findings` finds them by where they were made).

    Each view keeps, as the same objects, whatever it shares with the step before
    (`TableView.sharing`): a record's views cost what changes from step to step.
    """

    def __init__(self, views: bool = True) -> None:
        self.views = views
        self.hands: list[list[Step]] = []
        self._playable = True
        self._last: TableView | None = None

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        self._playable = playable
        st = engine.st
        view = st.view(engine.rs.marked_tiles(st)) if self.views else None
        self._last = view
        self.hands.append([Step(0, None, engine.hand.span, view)])

    def after_action(self, index: int, engine: HandEngine, action: r.Action, findings: list[Finding]) -> None:
        view = None
        if self.views and self._playable:
            view = engine.st.view(engine.rs.marked_tiles(engine.st)).sharing(self._last)
            self._last = view
        self.hands[-1].append(Step(index + 1, action, action.span, view))

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        self._last = None


class Session:
    """What carries across hands: who deals, the 老庄 streak, the scores."""

    def __init__(self, ruleset: Ruleset, record: Record, findings: PackedFindings) -> None:
        self.rs = ruleset
        self.findings = findings
        seats = ruleset.seats
        scores: dict[Seat, int] = {s: 0 for s in seats}
        has_start = False
        h = record.header
        for tag in (*h.scores, *h.players, *h.finals, *h.points):
            if tag.seat not in seats:
                findings.append(Finding("error", "bad-seat",
                                        f"seat {tag.seat} does not play in {ruleset.name} (seats: {' '.join(seats)})",
                                        tag.span, "common.header"))
        for tag in record.header.scores:
            if tag.seat in scores:
                scores[tag.seat] = int(tag.value)
                has_start = True
        self.state = SessionState(scores=dict(scores), has_start_scores=has_start,
                                  ruleset_data=ruleset.new_session_data())

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
        if result.result == "win" and not _any_win(result):
            return  # only false wins: neither a win nor a drawn hand, so the deal and streak stand
        if result.result != "incomplete":
            nxt = self.rs.next_dealer(result, session)
            session.stays = session.stays + 1 if nxt == dealer else 0
            session.dealer = nxt




def _any_win(result: HandResult) -> bool:
    """Whether a win of ``result`` is one, or could not be checked (a loop, not a generator)."""
    for w in result.wins:
        if w.is_win or not w.checked:
            return True
    return False


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
        cls = ruleset_class(h.ruleset)
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
        # An option given on the command line for many records may fit some of their rulesets
        # and not others: it is a finding on each record it does not fit, not a stop of the run.
        try:
            parse_options(cls.Options, {name: value})
        except OptionError as e:
            findings.append(Finding("error", "bad-option", f"-O {name}={value} does not apply to ruleset "
                                    f"{cls.name}: {e}; the record is audited without it", span, "common.header"))
            continue
        given[name] = value
    key = (cls.Options, tuple(given.items()))
    options = _OPTIONS.get(key)
    if options is None:
        if len(_OPTIONS) >= _OPTIONS_MAX:
            _OPTIONS.clear()
        options = _OPTIONS[key] = parse_options(cls.Options, given)
    return cls(options), findings


_OPTIONS: dict[tuple[type, tuple[tuple[str, str], ...]], object] = {}
"""`resolve_ruleset`'s options, by options class and the options given (options are immutable:
the records of a folder, read one by one, mostly give the same, and building them is a good part
of the cost of a short record)."""
_OPTIONS_MAX: Final = 256


def replay(
    record: Record,
    *,
    ruleset: Ruleset | None = None,
    options: dict[str, str] | None = None,
    observers: Sequence[Observer] = (),
    views: bool = False,
    steps: bool | None = None,
    unchecked: Mapping[int, int] | None = None,
) -> Replay:
    """Replay a whole record once: every hand, every action, every payment checked.

    The ruleset is ``ruleset`` when given, else the one the header names with its
    ``[Option]`` tags and ``options`` on top (an unknown one raises `OptionError`).  With
    ``steps`` (implied by ``views``) each hand keeps its steps, with ``views`` a snapshot of
    the table after each; an audit needs neither.  ``observers`` watch the same pass.

    A word line written in another spelling the ruleset lists (``财神 5p``) is read, and kept in
    the replay's record, as the word itself (`Ruleset.own_words`).

    ``unchecked`` maps a hand's index to the index of its first action not to check (a line
    before it could not be read, so the table from there on is unknown; -1: its setup could
    not be read): observers see the rest of its actions unplayed, the hand is settled only
    for a win before that, and the next hand's dealer is its own `dealer` line's.
    """
    resolved: list[Finding] = []
    if ruleset is None:
        ruleset, resolved = resolve_ruleset(record, options)
    if ruleset is None:
        return Replay(record, None, [], PackedFindings(findings=resolved), {})
    record = ruleset.own_words(record)  # ``财神 5p`` is read as ``caishen 5p``
    recorder: StepRecorder | None = None
    watchers = list(observers)
    if views or steps:
        recorder = StepRecorder(views)
        watchers.insert(0, recorder)
    # The findings are kept packed (a record can have one on every line), in one book for the whole
    # replay; watchers are given each step's as `Finding` objects, made for them, and the findings
    # keep the step that made them (their origin) for those who place them, as a report does.
    findings = PackedFindings(FindingBook(origins=bool(watchers)), resolved)
    session = Session(ruleset, record, findings)
    for w in watchers:
        w.start_record(record, ruleset)
    hands: list[HandReplay] = []
    _replay_hands(record, ruleset, session, watchers, recorder, unchecked, hands, findings)
    if not unchecked:
        # Scores after a line that could not be read are not known: nothing to compare them with.
        audit_final(record, ruleset, session.state, hands[-1].game_end if hands else NO_GAME_END, findings)
    for w in observers:
        findings.extend(w.findings())
    findings.sort_by_place()
    return Replay(record, ruleset, hands, findings, dict(session.state.scores))


def _replay_hands(record: Record, ruleset: Ruleset, session: Session, watchers: list[Observer],
                  recorder: StepRecorder | None, unchecked: Mapping[int, int] | None, hands: list[HandReplay],
                  findings: PackedFindings) -> None:
    """`replay`'s pass over the hands."""
    book = findings.book
    for idx, hand in enumerate(record.hands):
        dealer = session.dealer_for(hand)
        engine = HandEngine(ruleset, hand, session.state, dealer)
        hand_findings = engine.st.findings = findings.tail()  # the hand's findings, kept among the replay's
        book.origin = finding_origin(idx + 1, 0)
        try:
            playable = engine.setup()
        finally:
            book.origin = -1
        stop = unchecked.get(idx) if unchecked else None
        if stop is not None and stop < 0:
            del hand_findings[:]  # a setup line is missing: what the rest shows proves nothing
            playable = False
        for w in watchers:
            w.start_hand(idx, engine, playable)
        if not watchers:
            if playable:
                engine.play_all(hand.actions if stop is None else hand.actions[:stop])
        else:
            _watched(engine, hand.actions, playable, watchers, stop, book, idx + 1)
        mark = len(hand_findings)
        book.origin = finding_origin(idx + 1, len(hand.actions))
        is_last = idx == len(record.hands) - 1
        try:
            result = engine.finish(is_last=is_last, playable=playable and stop is None)
        finally:
            book.origin = -1
        game_end = NO_GAME_END
        if is_last and not unchecked:
            # Settled before the observers see the hand, so that its note is in their view of it.
            after = {s: session.state.scores.get(s, 0) + result.payments.get(s, 0) for s in ruleset.seats}
            game_end = ruleset.settle_game(result, after, session.state)
        for w in watchers:
            w.end_hand(idx, engine, result, hand_findings[mark:])
        session.end_hand(result, dealer)
        for seat, amount in game_end.payments.items():
            session.state.scores[seat] = session.state.scores.get(seat, 0) + amount
        if stop is not None:
            session.state.dealer = None  # the unread line may have started the next hand: its dealer is unknown
        hand_findings.sort_by_place()  # where they are, at the end of the replay's findings
        hand_findings.close()
        hand_steps = recorder.hands[idx] if recorder is not None else []
        hands.append(HandReplay(hand, hand_steps, result, hand_findings, dict(session.state.scores), game_end))


def _watched(engine: HandEngine, actions: Sequence[Action], playable: bool, watchers: list[Observer],
             stop: int | None = None, book: FindingBook | None = None, hand: int = 0) -> None:
    """A hand's actions played with observers told before and after each (from ``stop`` on,
    only after each, unplayed); the findings of each are added with its step as their origin
    in ``book`` (hand ``hand``'s step ``k + 1`` for its ``k``-th action)."""
    seats = engine.rs.seats
    for ai, action in enumerate(actions):
        if playable and (stop is None or ai < stop):
            # An action by a seat the ruleset does not seat is the engine's bad-seat finding;
            # no observer is asked about a table it is not at.
            if not isinstance(action, r.SeatAction) or action.seat in seats:
                for w in watchers:
                    w.before_action(ai, engine, action)
            if book is not None:
                book.origin = finding_origin(hand, ai + 1)
                try:
                    new = engine.play(action)
                finally:
                    book.origin = -1
            else:
                new = engine.play(action)
        else:
            new = []
        for w in watchers:
            w.after_action(ai, engine, action, new)
