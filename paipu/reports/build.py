"""From an `Audit` to a `ReportModel`: what each part of the report page shows.

Nothing here decides a rule: values, payments and findings are the engine's, and what players
see on the table is the ruleset's answer (its hooks `hand_name`, `table_scores`,
`table_counters`, `value_words`, `end_reason`, `secret_shown`).  This module only chooses what
to show and how to say it: which tiles a teaching view hides, at which step a finding is shown,
which recorded payment differs from the computed one.

The page is made in one replay pass (`HandsWriter`, an observer): each hand's part is made as
soon as the hand is settled, its table read off the engine step by step (`TableWriter`).
"""

from __future__ import annotations

import bisect
import dataclasses
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from paipu.analysis.reading import StateReader, pong_percents
from paipu.analysis.teaching import discard_choices, hand_shanten, short_hand
from paipu.auditing import Audit
from paipu.findings import SEVERITIES, Finding, PackedFindings
from paipu.lang import translate, translate_part
from paipu.made import MadeBy
from paipu.record import (
    SEATS,
    Action,
    FanLine,
    HandRecord,
    Header,
    Hu,
    Record,
    ScoreLine,
    Seat,
    SetupTiles,
    TableEvent,
)
from paipu.replay.engine import HandEngine
from paipu.replay.options import option_text
from paipu.replay.result import GroupView, HandResult, MeldView, WinAnalysis, WinContext
from paipu.replay.ruleset import Rule, Ruleset
from paipu.replay.session import Observer, Replay, replay
from paipu.replay.settle import item_differences, item_totals, recorded_items
from paipu.replay.state import Meld
from paipu.reports.chart import build_chart
from paipu.reports.labels import Labels, Lang, labels_for
from paipu.reports.model import (
    BoardMeld,
    FindingView,
    GroupRow,
    HandRow,
    HandView,
    HeaderView,
    ItemRow,
    PaymentRow,
    PlayerRow,
    ReportModel,
    ResultView,
    RuleRef,
    SeatScore,
    SetupRow,
    StepNote,
    TileView,
    TransferView,
    WinView,
)
from paipu.reports.table import BACK as BACK_FACE
from paipu.reports.table import FACES, GLYPHS, MELD_CODES, VERBS, HandTable, TableWriter, face_char, face_tile
from paipu.reports.tiles import BACK, tile_class, tile_styles
from paipu.tiles import Tile, red_five_of_index, tile_from_index

_BEST_DISCARDS = 3
"""How many of the best discards the teaching view's table lists."""
_EFFECTIVE_SHOWN = 6
"""How many effective kinds the teaching view lists, those with the most tiles unseen first (the
others are counted, not listed: three from ready, two dozen kinds can help)."""

_SOURCE_WINDOW = 100
"""How much of a long line a finding quotes on each side of its column: a line of thousands of
bad items gives thousands of findings, and each quoting the whole line would make the report
quadratic in the line's length."""


def _source_window(line: str, column: int) -> str:
    text = line.strip()
    if len(text) <= 2 * _SOURCE_WINDOW:
        return text
    at = max(0, column - 1 - (len(line) - len(line.lstrip())))
    start = max(0, at - _SOURCE_WINDOW)
    end = min(len(text), at + _SOURCE_WINDOW)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


_SEVERITY_INDEX = {sev: k for k, sev in enumerate(SEVERITIES)}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class ReportError(ValueError):
    """An audit that cannot be drawn as asked (no table views, a seat that does not play)."""


def _ruleset_labels(labels: Labels, ruleset: Ruleset | None, lang: Lang) -> Labels:
    """The report's words for the ruleset's own lines: its wildcards and its marked tiles."""
    if ruleset is None:
        return labels
    changes: dict[str, Any] = {}
    zh = lang == "zh"
    for word in ruleset.setup_words.values():
        changes.setdefault("wild", word.label_zh if zh else word.label)
    for word in ruleset.events.values():
        changes.setdefault("marked", word.label_zh if zh else word.label)
    for word in (*ruleset.setup_words.values(), *ruleset.events.values()):
        if word.stands_for:
            changes.setdefault("stands_for", word.stands_for_zh if zh else word.stands_for)
    ready = ruleset.ready_word
    changes["ready"] = ready.label_zh if zh else ready.label
    changes["verbs"] = {**labels.verbs, "ready": ready.label_zh if zh else f"declares {ready.label}"}
    if zh:
        changes["value"] = f"{ruleset.unit_zh}数"
    return dataclasses.replace(labels, **changes)


def _at(hand: int, step: int) -> int:
    """A step of a hand (1-based) as one number, in the page's order."""
    return hand << 32 | step


class PageBuilder:
    """Holds what every part of the model needs: labels, rules, seats, the viewer."""

    def __init__(self, record: Record, ruleset: Ruleset | None, viewer: Seat | None, lang: Lang) -> None:
        """What a hand's part of the page needs, known before the replay's first hand: the
        record (its header) and the ruleset it is replayed under, options and all."""
        self.record = record
        self.lang = lang
        self.viewer = viewer
        self.titles: list[str] = []
        """Each hand's title, in order, as the replay sets it up (`Ruleset.hand_name`)."""
        self.counter_names: tuple[str, ...] = ()
        """The ruleset's counters on the table (`Ruleset.table_counters`), by setup word."""
        self.cited: dict[str, str] = {}
        """Each rule the scoring audits cite, with its text: written out where it is first cited
        and once in the page's script (a long session would repeat each text in every hand)."""
        self.audit: Audit | None = None
        self.rp: Replay | None = None
        # The ruleset the audit replays under, options and all: never looked up again.
        self.ruleset: Ruleset | None = ruleset
        self.labels: Labels = _ruleset_labels(labels_for(lang), self.ruleset, lang)
        name = ruleset.name if ruleset is not None else record.header.ruleset
        self.rules: dict[str, Rule] = dict(self.ruleset.rules) if self.ruleset is not None else {}
        seats: tuple[Seat, ...] = ruleset.seats if ruleset is not None else ()
        self.seats: tuple[Seat, ...] = seats or SEATS
        if viewer is not None and viewer not in self.seats:
            raise ReportError(
                f"seat {viewer} does not play in {name or 'this record'} (seats: {' '.join(self.seats)})"
            )
        header = record.header
        self.players: dict[str, str] = {s: header.player(s) or "" for s in self.seats}
        self._rule_refs: dict[str, RuleRef] = {}
        """Each rule's reference, made once (RuleRef is immutable)."""
        # Kept packed, a few bytes a finding: a long hand can have a finding on every other line.
        self._findings = PackedFindings()
        """The audit's findings, packed as its replay keeps them (each made when it is read)."""
        self._visible_places: array[int] | None = None
        """The places in ``_findings`` of the findings the page shows (None: all of them)."""
        self._severity = bytearray()
        """Each visible finding's severity, as its place in `SEVERITIES`."""
        self._loc = array("q")
        """Where each visible finding is shown (`_at`; -1: with the record, at no step)."""
        self._own_line = bytearray()
        """Each visible finding: whether it is a note shown at the step of its own line (that
        step already shows the action, so the note does not quote the line again; an error still
        does: the line as written matters)."""
        self._keys = array("q")
        self._order = array("l")
        """The visible findings shown at a step, ordered by step and then in the audit's order
        (``_order``: their indices; ``_keys``: their steps), found by bisection."""
        self._quoted_lines = array("q")
        self._quoted_starts = array("q")
        """The lines a finding quotes (in order) and where each begins in the record's text."""

    def attach(self, audit: Audit) -> None:
        """The whole audit, once its replay is over: its findings, which the page numbers in order."""
        self.audit = audit
        self.rp = audit.replay
        # A teaching view shows only what the viewed seat could know: notes about another
        # seat's hidden tiles are left out.
        viewer = self.viewer
        findings = self._findings = audit.findings
        self._visible_places = None if viewer is None else array(
            "l", (j for j, f in enumerate(findings) if f.subject is None or f.subject == viewer))

    @property
    def visible_findings(self) -> Sequence[Finding]:
        """The findings the page shows, in order (each made when it is read)."""
        return MadeBy(self._visible_finding, range(self._visible_count()))

    def _visible_count(self) -> int:
        return len(self._findings) if self._visible_places is None else len(self._visible_places)

    def _visible_finding(self, i: int) -> Finding:
        return self._findings[i if self._visible_places is None else self._visible_places[i]]

    def _visible_items(self) -> Iterator[tuple[int, Finding]]:
        """Each visible finding with its place among the audit's findings, in order."""
        findings, visible = self._findings, self._visible_places
        if visible is None:
            return enumerate(findings)
        return ((j, findings[j]) for j in visible)

    # ------------------------------------------------------------ small pieces
    def rule(self, rid: str | None) -> RuleRef | None:
        if not rid:
            return None
        ref = self._rule_refs.get(rid)
        if ref is None:
            ref = self._rule_refs[rid] = self._rule(rid)
        return ref

    def cite(self, rid: str | None) -> RuleRef | None:
        """A rule a scoring audit cites: with its text the first time the page cites it, by its id
        alone after that (its text is then in the page's script, `cited`)."""
        ref = self.rule(rid)
        if ref is None or not ref.text:
            return ref
        if ref.id in self.cited:
            return RuleRef(ref.id, "")
        self.cited[ref.id] = ref.text
        return ref

    def _rule(self, rid: str) -> RuleRef:
        r = self.rules.get(rid)
        if r is None:
            return RuleRef(rid, "")
        return RuleRef(rid, self.ruleset.rule_text(rid, self.lang) if self.ruleset is not None else r.text)

    def seat_chip(self, seat: str) -> str:
        return seat if self.lang == "en" else self.labels.seat_name(seat)

    def hand_title(self, hi: int, number: int) -> str:
        """Hand ``hi``'s title (1-based in the record): what players call it, if the ruleset says,
        else its number (``Hand 3``)."""
        if 0 < hi <= len(self.titles) and self.titles[hi - 1]:
            return self.titles[hi - 1]
        return self.labels.hand.format(n=number)

    # ------------------------------------------------------------ findings
    def locate_findings(self) -> None:
        """At which hand and step each finding is shown.

        By its line first (a finding on a ``fan`` line belongs to that line's step, even
        though the engine reports it after the last action), then where the engine put
        it, then the hand whose lines hold it (its setup: step 0).
        """
        n = self._visible_count()
        loc = self._loc = array("q", bytes(8 * n))
        own = self._own_line = bytearray(n)
        severity = self._severity = bytearray(n)
        lines = array("q", bytes(8 * n))
        origins = array("q", bytes(8 * n))
        """Where the replay made each finding (-1: outside a hand's steps; see `finding_origin`)."""
        findings = self._findings
        for i, (j, f) in enumerate(self._visible_items()):
            lines[i] = f.line
            severity[i] = _SEVERITY_INDEX[f.severity]
            origins[i] = findings.origin(j)
        rp = self.rp
        if rp is not None:
            # Only the lines that hold a finding are looked up (a map of every line of a long
            # session would cost more than the rest of the page), in two arrays: the lines, in
            # order, and the step of the first action on each (-1: none).
            wanted = _sorted_lines(lines)
            by_line = array("q", bytes(8 * len(wanted)))
            for k in range(len(by_line)):
                by_line[k] = -1
            starts: list[tuple[int, int]] = []
            hands = rp.hands
            for hi, hand in enumerate(hands, 1):
                starts.append((hand.record.span.line, hi))
                # A hand's actions are read only when a finding's line is among the hand's lines
                # (most hands of a long session have none).
                first = bisect.bisect_left(wanted, hand.record.span.line)
                if first == len(wanted) or (hi < len(hands) and wanted[first] >= hands[hi].record.span.line
                                            and hands[hi].record.span.line > hand.record.span.line):
                    continue
                for number, action in enumerate(hand.record.actions, 1):
                    span = action.span
                    k = bisect.bisect_left(wanted, span.line)
                    end = max(span.line, span.end_line)
                    while k < len(wanted) and wanted[k] <= end:
                        if by_line[k] < 0:
                            by_line[k] = _at(hi, number)
                        k += 1
            starts.sort()
            start_lines = [line for line, _ in starts]

            def line_step(line: int) -> int:
                k = bisect.bisect_left(wanted, line)
                return by_line[k] if k < len(wanted) and wanted[k] == line else -1

            note = _SEVERITY_INDEX["note"]
            for i in range(n):
                line = lines[i]
                where = line_step(line)
                if where < 0:
                    where = origins[i]  # where the engine made it (few: a hand's settlement)
                elif severity[i] == note:
                    own[i] = 1
                if where < 0:
                    k = bisect.bisect_right(start_lines, line)
                    if k and line > 0:
                        where = _at(starts[k - 1][1], 0)
                loc[i] = where
            del wanted, by_line
        else:
            for i in range(n):
                loc[i] = -1
        del origins
        located = array("l", (i for i in range(n) if loc[i] >= 0))
        if any(loc[located[k - 1]] > loc[located[k]] for k in range(1, len(located))):
            located = array("l", sorted(located, key=loc.__getitem__))  # stable: the audit's order at a step
        self._order = located
        self._keys = array("q", (loc[i] for i in located))
        # The lines findings quote, and where each begins.
        text = self.audit.text if self.audit is not None else ""
        self._quoted_lines = _sorted_lines(lines[i] for i in range(n) if not own[i] and lines[i] > 0)
        self._quoted_starts = array("q", _line_starts(text, self._quoted_lines))

    def _quoted(self, line: int) -> str | None:
        """The text of ``line`` (as the parser numbers lines), if a finding quotes it."""
        k = bisect.bisect_left(self._quoted_lines, line)
        if k == len(self._quoted_lines) or self._quoted_lines[k] != line:
            return None
        start = self._quoted_starts[k]
        if start < 0:
            return None
        text = self.audit.text if self.audit is not None else ""
        end = text.find("\n", start)
        if end < 0:
            return text[start:]
        return text[start:end - 1] if end > start and text[end - 1] == "\r" else text[start:end]

    def finding_view(self, i: int) -> FindingView:
        """The view of visible finding ``i`` (0-based, in the audit's order): made when asked."""
        f = self._visible_finding(i)
        at = self._loc[i]
        step_anchor = None
        hand = step = -1
        if at >= 0:
            hand, step = at >> 32, at & 0xFFFFFFFF
            step_anchor = f"h{hand}-s{step}"
        if at >= 0 and self.rp is not None:
            number = self.rp.hands[hand - 1].record.number
            place = f"{self.hand_title(hand, number)}, {self.labels.step} {step}"
        else:
            place = f"{self.labels.line} {f.line}"
        source = ""
        if not self._own_line[i]:
            line = self._quoted(f.line)
            if line is not None:
                source = _source_window(line, f.column)
        return FindingView(
            i + 1, f"f{i + 1}", f.severity, self.labels.severity.get(f.severity, f.severity), f.code,
            translate(f.code, f.message, self.lang),
            self.rule(f.rule), f.line, f.column, source, step_anchor, place, step,
        )

    def finding_views(self, *, made_as_read: bool = False) -> Sequence[FindingView]:
        """Every visible finding's view, in order: a tuple, or with ``made_as_read`` each made as
        it is read (a long record's page reads them once, at its top)."""
        views = MadeBy(self.finding_view, range(self._visible_count()))
        return views if made_as_read else tuple(views)

    def record_finding_views(self, *, made_as_read: bool = False) -> Sequence[FindingView]:
        """The views of the findings shown at no step (the header's, syntax), in order."""
        views = MadeBy(self.finding_view, array("l", (i for i, at in enumerate(self._loc) if at < 0)))
        return views if made_as_read else tuple(views)

    def _shown_at(self, lo: int, hi: int) -> range:
        """The positions in ``_order`` of the findings shown at steps ``lo <= _at < hi``."""
        return range(bisect.bisect_left(self._keys, lo), bisect.bisect_left(self._keys, hi))

    def findings_at(self, hand: int, step: int) -> tuple[FindingView, ...]:
        at = _at(hand, step)
        order = self._order
        return tuple(self.finding_view(order[k]) for k in self._shown_at(at, at + 1))

    # ------------------------------------------------------------ header
    def header(self) -> HeaderView:
        h: Header = self.record.header
        rp = self.rp
        resolved: tuple[tuple[str, str], ...] = ()
        if rp is not None:
            resolved = tuple((k, option_text(v)) for k, v in sorted(rp.options.items()))
        players = tuple(
            PlayerRow(s, self.labels.seat_name(s), self.players[s], self.start_scores().get(s, 0)) for s in self.seats
        )
        ruleset = (rp.ruleset_name if rp is not None and rp.ruleset_name else h.ruleset) or "?"
        return HeaderView(
            self.audit.name if self.audit is not None else "",
            ruleset,
            self.ruleset.title if self.ruleset is not None else "",
            tuple((o.name, o.value) for o in h.options),
            resolved,
            players,
            tuple((t.name, t.value) for t in h.tags),
            tuple(a.text for a in h.annotations),
        )

    def start_scores(self) -> dict[Seat, int]:
        out: dict[Seat, int] = {s: 0 for s in self.seats}
        for tag in self.record.header.scores:
            if tag.seat in out:
                try:
                    out[tag.seat] = int(tag.value)
                except ValueError:
                    pass
        return out


    # ------------------------------------------------------------ hands
    def tile_maker(self, wild: Iterable[int]) -> TileMaker:
        """The tiles of a hand whose wildcard kinds (at its deal) are ``wild``."""
        return TileMaker(self.labels, frozenset(wild))

    def hand_view(self, hi: int, rec: HandRecord, dealer: Seat, wild: tuple[Tile, ...], tm: TileMaker,
                  table: HandTable | None, steps: int, actions: str, notes: tuple[StepNote, ...],
                  result: ResultView, *, secret_from: int = -1, analysis: str = "", heat: str = "",
                  counters: tuple[str, ...] = ()) -> HandView:
        """Hand ``hi``'s part of the page from its parts: its table, steps and result."""
        labels = self.labels
        words = self.ruleset.setup_words if self.ruleset is not None else {}
        setup_rows: list[SetupRow] = []
        for line in rec.extra:
            word = words.get(line.name)
            if word is not None and word.stands_for:
                continue  # wildcard lines (财神) are shown as the hand's wildcards already
            if line.name in counters:
                continue  # shown as the ruleset's counter, as play changes it
            shown_from = 0
            if word is not None and word.secret and self.viewer is not None:
                # Known to no player during the hand: a teaching view shows it once a win turns it over.
                if secret_from < 0:
                    continue
                shown_from = secret_from
            setup_rows.append(self._setup_row(line, tm, shown_from))
        for i, name in enumerate(counters):
            word = words.get(name)
            label = (word.label_zh if self.lang == "zh" else word.label) if word is not None else name
            setup_rows.append(SetupRow(label, (), "", i))
        heat_kinds: tuple[TileView, ...] = ()
        if self.viewer is not None and self.ruleset is not None:
            heat_kinds = tuple(tm.face(tile_from_index(k), title=True) for k in range(34)
                               if self.ruleset.tile_counts[k])
        hand_notes = [a.text for a in rec.annotations]
        for part in (rec.dealer, rec.wall, rec.dice, *rec.extra):
            if part is not None:
                hand_notes.extend(a.text for a in part.annotations)
        counts, first = self.hand_findings(hi)
        return HandView(
            hi,
            rec.number,
            f"h{hi}",
            self.hand_title(hi, rec.number),
            dealer,
            labels.seat_name(dealer),
            tuple(tm.face(t, title=True) for t in wild),
            " ".join(str(v) for v in rec.dice.values) if rec.dice is not None else "",
            tuple(hand_notes),
            table,
            steps,
            actions,
            notes,
            result,
            counts,
            first,
            heat_kinds,
            tuple(setup_rows),
            analysis,
            heat,
        )

    def _setup_row(self, line: SetupTiles, tm: TileMaker, shown_from: int = 0) -> SetupRow:
        word = self.ruleset.setup_words.get(line.name) if self.ruleset is not None else None
        label = (word.label_zh if self.lang == "zh" else word.label) if word is not None else line.name
        return SetupRow(label, tuple(tm.face(t, title=True) for t in line.tiles), " ".join(map(str, line.values)),
                        -1, shown_from)

    def step_notes(self, i: int, a: Action | None, rec: HandRecord) -> list[StepNote]:
        """What step ``i`` shows beside its action: the record's annotations (step 0: each deal's,
        after its seat), and the detail of a recorded value or payments (a win's is added once the
        hand is settled: `win_detail`)."""
        out: list[StepNote] = []
        if a is None:
            for seat in self.seats:
                d = rec.deal_of(seat)
                if d is not None:
                    out.extend(StepNote(0, "ann", f"{self.seat_chip(seat)}: {n.text}") for n in d.annotations)
            return out
        detail = self._detail(a)
        if detail:
            out.append(StepNote(i, "d", detail))
        out.extend(StepNote(i, "ann", n.text) for n in a.annotations)
        return out

    def _detail(self, a: Action) -> str:
        labels = self.labels
        if isinstance(a, FanLine):
            unit = self._unit()
            items = ", ".join(f"{it.name} {it.value}" if it.value is not None else it.name for it in a.items)
            return f"{labels.seat_name(a.seat)} {a.total} {unit}" + (f": {items}" if items else "")
        if isinstance(a, ScoreLine):
            return " ".join(f"{s} {_signed(v)}" for s, v in a.payments)
        if isinstance(a, TableEvent) and a.word:
            words = self.ruleset.draw_reasons if self.ruleset is not None else {}
            word = words.get(a.word)
            return (word.label_zh if self.lang == "zh" else word.label) if word is not None else a.word
        if isinstance(a, TableEvent) and a.values:
            return " ".join(map(str, a.values))
        return ""

    def how(self, ctx: WinContext) -> str:
        """How a win was made, in words (self-drawn, on whose discard, robbing a kong)."""
        labels = self.labels
        if ctx.self_drawn:
            return labels.self_drawn
        if ctx.from_seat is None:
            return ""
        who = labels.seat_name(ctx.from_seat)
        return (labels.robbing if ctx.robbed else labels.on_discard).format(seat=who)

    def _unit(self) -> str:
        if self.ruleset is None:
            return ""
        return self.ruleset.unit_zh if self.lang == "zh" else self.ruleset.unit

    def value_words(self, win: WinAnalysis) -> str:
        if self.ruleset is None:
            return str(win.total)
        return self.ruleset.value_words(win, self.lang)

    def outcome_label(self, res: HandResult) -> str:
        """How the hand ended, in words: a hand with no winner that ended before its wall did is
        named by its reason (`Ruleset.draw_reasons`), not as exhausted."""
        labels = self.labels
        if res.result == "exhausted" and res.reason:
            words = self.ruleset.draw_reasons if self.ruleset is not None else {}
            word = words.get(res.reason)
            why = (word.label_zh if self.lang == "zh" else word.label) if word is not None else res.reason
            return f"{labels.aborted}: {why}"
        return labels.outcome.get(res.result, res.result)

    # ------------------------------------------------------------ results
    def result(self, rec: HandRecord, res: HandResult, tm: TileMaker,
               hands: dict[int, tuple[tuple[Tile, ...], tuple[MeldView, ...]]]) -> ResultView:
        """The hand's result; ``hands`` gives, for the number of each win (in the order of the
        result's wins), the winner's concealed tiles and melds as they were at its `hu`."""
        labels = self.labels
        wins = [self.win(rec, ctx, win, hands.get(k), tm)
                for k, (ctx, win) in enumerate(zip(res.contexts, res.wins, strict=False))]
        rec_pay = res.recorded_payments
        payments = tuple(
            PaymentRow(s, labels.seat_name(s), res.payments.get(s, 0), rec_pay.get(s) if rec_pay is not None else None,
                       rec_pay is not None and rec_pay.get(s, 0) != res.payments.get(s, 0))
            for s in self.seats
        )
        transfers = tuple(TransferView(t.payer, t.payee, t.amount, translate_part(t.reason, self.lang),
                                       self.cite(t.rule)) for t in res.transfers)
        none_paid = all(p.computed == 0 and not p.recorded for p in payments) and not transfers
        return ResultView(
            res.result,
            self.outcome_label(res),
            tuple(wins),
            payments,
            rec_pay is not None,
            any(p.differs for p in payments),
            transfers,
            res.multiplier,
            tuple(translate_part(n, self.lang) for n in res.notes),
            none_paid and not res.notes,
        )

    def win(self, rec: HandRecord, ctx: WinContext, win: WinAnalysis,
            held: tuple[tuple[Tile, ...], tuple[MeldView, ...]] | None, tm: TileMaker) -> WinView:
        """A win of the hand; ``held`` the winner's concealed tiles and melds at its `hu`."""
        labels = self.labels
        seat = ctx.seat
        concealed: list[Tile] = []
        melds: tuple[MeldView, ...] = ()
        if held is not None:
            concealed = list(held[0])
            melds = held[1]
            if ctx.self_drawn and ctx.tile in concealed:
                concealed.remove(next(t for t in concealed if t.index == ctx.tile.index and t.red == ctx.tile.red)
                                 if any(t.index == ctx.tile.index and t.red == ctx.tile.red for t in concealed)
                                 else ctx.tile)
        board_melds = tuple(board_meld(m, seat, self.seats, tm, labels) for m in melds)
        items, recorded_total = self.items(rec, win)
        return WinView(
            seat,
            labels.seat_name(seat),
            win.is_win,
            translate_part(win.reason, self.lang),
            self.how(ctx),
            labels.shapes.get(win.shape, win.shape),
            tuple(tm.face(t) for t in concealed),
            board_melds,
            tm.face(ctx.tile),
            tuple(self.group(g, tm) for g in win.groups),
            labels.readings.format(n=win.decompositions) if win.decompositions > 1 else "",
            items,
            win.total,
            recorded_total,
            recorded_total is not None and recorded_total != win.total,
            self._unit(),
            self.value_words(win),
        )

    def group(self, g: GroupView, tm: TileMaker) -> GroupRow:
        standing = list(g.wild)
        marks = [False] * len(g.tiles)
        # Mark from the right, so a wildcard sits where a player would put it: last.
        for j in range(len(g.tiles) - 1, -1, -1):
            if g.tiles[j] in standing:
                standing.remove(g.tiles[j])
                marks[j] = True
        tiles = tuple(tm.face(t, stands_for=m) for t, m in zip(g.tiles, marks, strict=True))
        stands = ""
        if g.wild:
            kinds = "/".join(str(tile_from_index(i)) for i in sorted(tm.wild))
            shown = ", ".join(f"{t.chinese} {t}" for t in g.wild)
            stands = f"{self.labels.stands_for} {shown}" + (f" ({kinds})" if kinds else "")
        return GroupRow(g.kind, self.labels.group_kinds.get(g.kind, g.kind), tiles, stands, g.meld)

    def items(self, rec: HandRecord, win: WinAnalysis) -> tuple[tuple[ItemRow, ...], int | None]:
        """The value table: what the rules give, item by item, beside what the record says; a row
        is marked where the audit finds a difference (`item_differences`), and only there."""
        fan = next((a for a in rec.actions if isinstance(a, FanLine) and a.seat == win.seat), None)
        computed = item_totals(win.items)
        recorded: dict[str, int] = {}
        unknown: list[tuple[str, int | None]] = []
        differs: dict[str, str] = {}
        if fan is not None and self.ruleset is not None and win.checked:
            recorded, unknown_items = recorded_items(self.ruleset, win, fan)
            unknown = [(it.name, it.value) for it in unknown_items]
            differs = item_differences(self.ruleset, win, fan)
        rows: list[ItemRow] = []
        seen: set[str] = set()
        for it in win.items:
            if it.id in seen:
                continue
            seen.add(it.id)
            rec_value = recorded.get(it.id) if fan is not None else None
            rows.append(ItemRow(it.id, it.name_zh, computed[it.id], it.count, self.cite(it.rule), rec_value,
                                it.id in differs))
        for rid, value in recorded.items():
            if rid not in seen:
                rule_id = self._item_rule(rid)
                zh = self.rules[rule_id].name_zh.split("/")[0] if rule_id in self.rules else ""
                rows.append(ItemRow(rid, zh, None, 0, self.cite(rule_id), value, True))
        for name, given in unknown:
            rows.append(ItemRow(name, "", None, 0, None, given, True))
        return tuple(rows), (fan.total if fan is not None else None)

    def _item_rule(self, rid: str) -> str:
        for full in self.rules:
            parts = full.split(".")
            if len(parts) == 3 and parts[1] in ("tai", "fan", "mult", "yaku", "han", "fu") and parts[2] == rid:
                return full
        return ""

    # ------------------------------------------------------------ session
    def hand_row(self, hi: int, rp: Replay, payments_differ: bool, value_differs: bool) -> HandRow:
        """Hand ``hi``'s row of the summary: from its result (its steps are not needed)."""
        hr = rp.hands[hi - 1]
        res = hr.result
        labels = self.labels
        winners = ", ".join(labels.seat_name(s) for s in res.winners)
        value = ", ".join(self.value_words(w) for w in res.wins if w.is_win)
        scores = tuple(
            SeatScore(s, labels.seat_name(s), res.payments.get(s, 0), hr.scores_after.get(s, 0))
            for s in self.seats
        )
        counts, first = self.hand_findings(hi)
        outcome = "aborted" if res.result == "exhausted" and res.reason else res.result
        return HandRow(f"h{hi}", self.hand_title(hi, hr.record.number), labels.seat_name(res.dealer),
                       self.outcome_label(res), winners, value, scores, counts, first,
                       payments_differ, value_differs, outcome)

    def hand_findings(self, hi: int) -> tuple[dict[str, int], str | None]:
        """How many findings of each severity hand ``hi`` shows, and the step of its first."""
        counts: dict[str, int] = {sev: 0 for sev in SEVERITIES}
        first = -1
        severity, order = self._severity, self._order
        for k in self._shown_at(_at(hi, 0), _at(hi + 1, 0)):
            i = order[k]
            counts[SEVERITIES[severity[i]]] += 1
            if first < 0 or i < order[first]:
                first = k
        return counts, (f"h{hi}-s{self._keys[first] & 0xFFFFFFFF}" if first >= 0 else None)

    def hand_finding_views(self, hi: int, *, made_as_read: bool = False) -> Sequence[FindingView]:
        """The findings hand ``hi`` shows, in the order of its steps (each knows its step): a
        tuple, or with ``made_as_read`` each made as it is read (a long hand may hold thousands)."""
        order = self._order
        views = MadeBy(lambda k: self.finding_view(order[k]), self._shown_at(_at(hi, 0), _at(hi + 1, 0)))
        return views if made_as_read else tuple(views)

    def script_data(self) -> dict[str, Any]:
        """What the page's script needs to draw the tables and timelines: the faces' pictures and
        names, the words of the verbs and of the board, the seats and where they sit.  All of it
        the report's own words or the ruleset's, but the players' names (the template writes it
        as JSON with ``<``, ``>`` and ``&`` escaped: the script shows them as text)."""
        labels = self.labels
        zh = self.lang == "zh"
        faces = [face_tile(f) for f in range(len(FACES))]
        events = tuple(self.ruleset.events) if self.ruleset is not None else ()
        verbs = {code: labels.verbs.get(verb, verb) for verb, code in VERBS.items()}
        verbs.update({f"e{FACES[i]}": labels.verbs.get(name, name) for i, name in enumerate(events)})
        for code in ("D", "q", "Q"):
            verbs[code] = verbs["d"]
        counters = self.counter_words()
        return {
            "faces": [tile_class(t) for t in faces] + [BACK],
            "names": [labels.tile_title(t) for t in faces] + [labels.hidden_tile],
            "verbs": verbs,
            "melds": {code: labels.meld_kinds.get(kind, kind) for kind, code in MELD_CODES.items()},
            "glyphs": [labels.glyphs.get(g, g) for g in GLYPHS],
            "seats": {s: {"name": labels.seat_name(s), "chip": self.seat_chip(s), "player": self.players.get(s, "")}
                      for s in self.seats},
            "order": list(self.seats),
            "places": seat_places(self.seats, self.viewer),
            "viewer": self.viewer or "",
            "counters": counters,
            "rules": self.cited,
            "marks": self.ruleset is not None and bool(self.ruleset.events
                                                       or type(self.ruleset).marked_tiles is not Ruleset.marked_tiles),
            "words": {
                "from": labels.from_seat, "ready": labels.ready, "turn": labels.turn, "dealer": labels.dealer,
                "you": labels.you, "wall": labels.wall, "wall_left": labels.wall_left, "deal": labels.deal,
                "step": labels.step, "shanten": labels.shanten, "shanten_words": labels.shanten_words,
                "effective": labels.effective, "more": labels.more_effective, "best": labels.best_discards,
                "after": labels.after, "unseen": labels.unseen, "tsumogiri": labels.tsumogiri,
                "ready_discard": labels.ready_discard, "claimed": labels.claimed, "marked": labels.marked,
                "wall_order": labels.wall_order, "heat": labels.heat, "first": labels.first, "prev": labels.prev,
                "next": labels.next, "last": labels.last, "wild": labels.wild, "score": labels.score,
                "timeline": labels.timeline, "no_table": labels.no_table, "zh": zh,
            },
        }

    def counter_words(self) -> list[str]:
        """The names the ruleset's counters are shown with, in the order `table_counters` gives them."""
        if self.ruleset is None:
            return []
        words = self.ruleset.setup_words
        out = []
        for name in self.counter_names:
            word = words.get(name)
            out.append((word.label_zh if self.lang == "zh" else word.label) if word is not None else name)
        return out

    def page(self, hands: tuple[HandView, ...], differs: Sequence[tuple[bool, bool]],
             findings: Sequence[FindingView], record_findings: Sequence[FindingView] | None = None) -> ReportModel:
        """The page's model around its hands: ``hands`` may be empty when the hands' parts of the
        page were written as the replay went (`differs`: each hand's payments and values differ flags)."""
        rp = self.rp
        start = self.start_scores()
        chart = None
        final: dict[Seat, int] = dict(start)
        rows: tuple[HandRow, ...] = ()
        if rp is not None:
            titles = [self.hand_title(hi, h.record.number) for hi, h in enumerate(rp.hands, 1)]
            chart = build_chart(self.seats, self.labels, start, [h.scores_after for h in rp.hands], titles)
            final = {s: rp.scores.get(s, 0) for s in self.seats}
            rows = tuple(self.hand_row(hi, rp, *flags) for hi, flags in enumerate(differs, 1))
        counts = {sev: self._severity.count(k) for k, sev in enumerate(SEVERITIES)}
        labels = self.labels
        seat = self.viewer
        view = (labels.teaching_view.format(seat=labels.seat_name(seat)) if seat is not None else labels.audit_view)
        return ReportModel(
            self.lang,
            labels,
            self.header(),
            view,
            seat,
            rp is not None,
            self.seats,
            hands,
            rows,
            tuple(SeatScore(s, labels.seat_name(s), start[s], start[s]) for s in self.seats),
            tuple(SeatScore(s, labels.seat_name(s), final[s] - start[s], final[s]) for s in self.seats),
            {sev: counts.get(sev, 0) for sev in SEVERITIES},
            findings,
            (tuple(f for f in findings if f.step_anchor is None) if record_findings is None else record_findings),
            chart,
            tile_styles(),
            self.script_data(),
        )


class TileMaker:
    """Makes `TileView`s for one hand: marks its wildcards, names each tile where wanted."""

    def __init__(self, labels: Labels, wild: frozenset[int]) -> None:
        self.labels = labels
        self.wild = wild
        self._made: dict[tuple[Tile, bool, bool, bool, bool], TileView] = {}

    def face(self, tile: Tile, *, title: bool = False, sideways: bool = False,
             stands_for: bool = False) -> TileView:
        # A TileView is immutable: one per face is shared by every place that shows it.
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


def board_meld(meld: MeldView, claimer: Seat, seats: tuple[Seat, ...], tm: TileMaker, labels: Labels) -> BoardMeld:
    """A meld of a winning hand as laid on the table, from its faces (`paipu.reports.table.meld_faces`)."""
    from paipu.reports.table import meld_faces

    faces = meld_faces(Meld(meld.kind, list(meld.tiles), meld.claimed, meld.source),  # type: ignore[arg-type]
                       claimer, seats, hidden=False)
    tiles: list[TileView] = []
    sideways = False
    for ch in faces:
        if ch == "^":
            sideways = True
            continue
        tiles.append(tm.back(sideways=sideways) if ch == BACK_FACE else tm.face(face_tile(FACES.index(ch)),
                                                                           sideways=sideways))
        sideways = False
    source_label = ""
    if meld.source is not None and meld.kind != "ankong":
        source_label = f"{labels.from_seat} {labels.seat_name(meld.source)}"
    return BoardMeld(meld.kind, labels.meld_kinds.get(meld.kind, meld.kind), tuple(tiles),
                     meld.source if meld.kind != "ankong" else None, source_label)


def seat_places(seats: Sequence[Seat], viewer: Seat | None) -> dict[Seat, str]:
    """Where each seat sits around the square table: the viewed seat (or the first) at the
    bottom, the next seat to its right, the one across at the top, the previous on its left;
    with two seats, the other across."""
    me = seats.index(viewer) if viewer in seats else 0
    n = len(seats)
    names = {2: ("bottom", "top"), 3: ("bottom", "right", "left")}.get(n, ("bottom", "right", "top", "left"))
    return {seats[(me + k) % n]: names[k] if k < len(names) else "top" for k in range(n)}


class HandsWriter(Observer):
    """Makes each hand's part of the page (`HandView`) as the replay plays it, and gives it to
    ``sink`` once the hand is settled: its table read off the engine after every step
    (`TableWriter`), its steps' notes, and in a teaching view the viewed seat's analysis and the
    heat row at every step where they change.  It holds one hand's worth at a time."""

    def __init__(self, builder: PageBuilder | None, sink: Callable[[HandView], None], *, seat: Seat | None = None,
                 lang: Lang = "en") -> None:
        self.b: PageBuilder | None = builder
        """The page's builder: given, or made once the replay names its ruleset (`start_record`:
        a seat that does not play is refused there, before any hand is written)."""
        self.seat = builder.viewer if builder is not None else seat
        self.lang: Lang = builder.lang if builder is not None else lang
        self.sink = sink
        self._writer: TableWriter | None = None
        self._engine: HandEngine | None = None
        self._notes: list[StepNote] = []
        self._hu: list[tuple[int, Seat]] = []
        self._held: list[tuple[tuple[Tile, ...], tuple[MeldView, ...]]] = []
        self._steps = 0
        self._secret_from = -1
        self._analysis: list[str] = []
        self._heat: list[str] = []
        self._last_analysis = ""
        self._last_heat = ""
        self._last_pattern = ""
        self._wild: tuple[Tile, ...] = ()
        self._teaching = False
        self._reader: StateReader | None = None
        """What the viewed seat can know, read step by step (a new reader each hand)."""
        self.differs: list[tuple[bool, bool]] = []
        """Each hand made: whether its recorded payments, and a recorded value, differ."""

    @property
    def builder(self) -> PageBuilder:
        if self.b is None:
            raise RuntimeError("a hand was replayed before its record began")
        return self.b

    def start_record(self, record: Record, ruleset: Ruleset) -> None:
        if self.b is None:
            self.b = PageBuilder(record, ruleset, self.seat, self.lang)
        self.b.ruleset = ruleset

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        b = self.builder
        rs, st = engine.rs, engine.st
        b.titles.append(rs.hand_name(st, b.lang))
        self._engine = engine
        show_wall = b.viewer is None and st.wall.known
        writer = self._writer = TableWriter(engine, b.viewer, show_wall)
        writer.events = tuple(rs.events)
        writer.begin(playable)
        if not b.counter_names:
            b.counter_names = writer.counter_names
        self._wild = st.wild_tiles()
        self._notes = b.step_notes(0, None, engine.hand)
        self._hu = []
        self._held = []
        self._steps = 1
        self._secret_from = -1
        self._analysis, self._heat = [], []
        self._last_analysis = self._last_heat = self._last_pattern = ""
        self._teaching = b.viewer is not None
        self._reader = None
        self._teach(0, playable)

    def after_action(self, index: int, engine: HandEngine, action: Action, findings: list[Finding]) -> None:
        writer = self._writer
        if writer is None:
            return
        step = self._steps
        self._steps = step + 1
        writer.step(action)
        if action.annotations or type(action) in _WITH_DETAIL:
            self._notes.extend(self.builder.step_notes(step, action, engine.hand))
        if type(action) is Hu:
            self._hu.append((step, action.seat))
            st = engine.st
            seat = action.seat
            if seat in st.seats:
                self._held.append((self._concealed(engine, seat),
                                   tuple(m.view() for m in st.seats[seat].melds)))
                if self._secret_from < 0 and engine.rs.secret_shown(st, seat):
                    self._secret_from = step
            else:
                self._held.append(((), ()))
        if self._teaching:
            self._teach(step, writer.playable)

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        writer, self._writer = self._writer, None
        if writer is None:
            raise RuntimeError("a hand was settled before it began")
        b = self.builder
        writer.end(result.payments, result.result)
        table = writer.table()
        rec = engine.hand
        # Each win's detail (how it was made) at its `hu`, and the winner's tiles there.
        held: dict[int, tuple[tuple[Tile, ...], tuple[MeldView, ...]]] = {}
        pending = list(enumerate(zip(result.contexts, result.wins, strict=False)))
        for (step, seat), hand in zip(self._hu, self._held, strict=True):
            for j, (k, (ctx, _)) in enumerate(pending):
                if ctx.seat == seat:
                    held[k] = hand
                    self._notes.append(StepNote(step, "d", b.how(ctx)))
                    del pending[j]
                    break
        notes = tuple(sorted(self._notes, key=lambda n: (n.step, n.kind != "d")))
        tm = b.tile_maker(t.index for t in self._wild)
        rv = b.result(rec, result, tm, held)
        playable = writer.playable
        actions = table.steps if playable else " ".join(t.split("|")[0] for t in table.tokens)
        hv = b.hand_view(index + 1, rec, result.dealer, self._wild, tm, table if playable else None, self._steps,
                         actions, notes, rv, secret_from=self._secret_from,
                         analysis=" ".join(self._analysis), heat=" ".join(self._heat),
                         counters=table.counters)
        self.differs.append((rv.payments_differ, any(w.total_differs for w in rv.wins)))
        self.sink(hv)

    @staticmethod
    def _concealed(engine: HandEngine, seat: Seat) -> tuple[Tile, ...]:
        """A seat's concealed tiles, a red five where the ruleset says it holds one."""
        st = engine.st
        counts = st.seats[seat].counts
        tiles = [tile_from_index(k) for k, n in enumerate(counts) for _ in range(n)]
        held = engine.rs.red_fives_held(st, seat) if engine.rs.red_fives else frozenset()
        melded = {t.index for m in st.seats[seat].melds for t in m.tiles if t.red}
        for kind in held:
            if kind in melded:
                continue
            k = next((i for i, t in enumerate(tiles) if t.index == kind), -1)
            if k >= 0:
                tiles[k] = red_five_of_index(kind)
        return tuple(tiles)

    # ------------------------------------------------------------ the teaching view
    def _teach(self, step: int, playable: bool) -> None:
        """The viewed seat's analysis and the heat row at this step, written where they change."""
        b, engine = self.builder, self._engine
        if b.viewer is None or engine is None or b.ruleset is None or not playable:
            return
        rs, st = engine.rs, engine.st
        if b.viewer not in st.seats:
            return
        if self._reader is None:
            self._reader = StateReader(b.viewer, rs.seats, rs.tile_counts)
        know = self._reader.read(st)
        percents = pong_percents(know)
        # The kinds share a few values (the odds depend on how many of a kind are unseen and
        # whether it was discarded): the values once each, and which kind has which, written
        # only when that changes.
        values: list[int] = []
        pattern: list[str] = []
        for k in range(34):
            if rs.tile_counts[k]:
                p = percents.get(k, 0)
                if p not in values:
                    values.append(p)
                pattern.append(FACES[values.index(p)])
        heat = ",".join(map(str, values))
        which = "".join(pattern)
        if (heat, which) != (self._last_heat, self._last_pattern):
            self._heat.append(f"{step}@{heat}" + (f"|{which}" if which != self._last_pattern else ""))
            self._last_heat, self._last_pattern = heat, which
        code = self._analysis_code(engine, know)
        if code != self._last_analysis:
            self._analysis.append(f"{step}@{code}")
            self._last_analysis = code

    def _analysis_code(self, engine: HandEngine, know: Any) -> str:
        """The viewed seat's shanten, its best few effective tiles (a hand one tile short) or its
        best discards (one tile over), from its own hand and what it can see
        (`paipu.analysis.teaching`); "" where no shanten is defined (flowers not set aside, a hand
        of the wrong size)."""
        viewer = self.builder.viewer
        assert viewer is not None
        st, rs = engine.st, engine.rs
        ss = st.seats[viewer]
        counts = ss.counts
        if any(counts[34:]):
            return ""
        hand = list(counts[:34])
        visible = [min(4, know.seen[k] + know.mine[k] - hand[k]) for k in range(34)]
        wild = tuple(st.wild_kinds)
        shapes = tuple(rs.shapes)
        melds = len(ss.melds)
        size = sum(hand)
        try:
            if size % 3 == 1:
                now, eff = short_hand(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible)
                ranked = sorted(eff, key=lambda e: (-e.unseen, e.tile.index))
                shown = sorted(ranked[:_EFFECTIVE_SHOWN], key=lambda e: e.tile.index)
                rest = ranked[_EFFECTIVE_SHOWN:]
                more = f"{len(rest)}:{sum(e.unseen for e in rest)}" if rest else ""
                return f"{now}|" + ",".join(f"{face_char(e.tile)}:{e.unseen}" for e in shown) + f"||{more}"
            if size % 3 == 2:
                now = hand_shanten(hand, wild_kinds=wild, melds=melds, shapes=shapes)
                if now < 0:
                    return f"{now}|||"
                choices = discard_choices(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible,
                                          limit=_BEST_DISCARDS)
                return f"{now}||" + ",".join(f"{face_char(c.tile)}:{c.shanten}:{c.unseen}:{len(c.effective)}"
                                             for c in choices) + "|"
        except ValueError:
            return ""
        return ""


_WITH_DETAIL: frozenset[type] = frozenset((FanLine, ScoreLine, TableEvent))
"""The actions a step's detail is told of (a recorded value, payments, an event's word)."""


def _sorted_lines(lines: Iterable[int]) -> array[int]:
    """Line numbers in order, each once (findings come in the order of their lines: then nothing
    is sorted, and no set of them is made)."""
    out = array("q")
    ordered = True
    for line in lines:
        if out and line <= out[-1]:
            if line == out[-1]:
                continue
            ordered = False
        out.append(line)
    if not ordered:
        out = array("q", sorted(set(out)))
    return out


def _line_starts(text: str, lines: Sequence[int]) -> Iterator[int]:
    """Where each of ``lines`` (increasing) begins in ``text``, as the parser numbers lines (from
    1, at each line feed), -1 past its end; without splitting the whole text."""
    start = 0
    number = 1
    for line in lines:
        while number < line and start >= 0:
            end = text.find("\n", start)
            start = end + 1 if end >= 0 else -1
            number += 1
        yield start




def report_builder(audit: Audit, seat: Seat | None, lang: Lang) -> PageBuilder:
    """The builder of an audit's page, its findings placed and numbered."""
    b = PageBuilder(audit.record, audit.ruleset, seat, lang)
    b.attach(audit)
    b.locate_findings()
    return b


def build_report_model(audit: Audit, *, seat: Seat | None = None, lang: Lang = "en") -> ReportModel:
    """The view model of the report of one audited record.

    ``seat`` makes a teaching view: only that seat's concealed tiles (and what it could
    see) are shown, the others as tile backs.  ``lang`` is the language of the report's
    own words ("en" or "zh"); the record's text is shown as written.  The audit's record is
    replayed once more, under the audit's ruleset, with the page's observer (`HandsWriter`):
    the findings are the audit's; `paipu.reports.render.write_record_report` makes the same
    page in the audit's own pass.
    """
    b = report_builder(audit, seat, lang)
    hands: list[HandView] = []
    rp = audit.replay
    if rp is not None and rp.ruleset is not None and rp.hands:
        writer = HandsWriter(b, hands.append)
        replay(audit.record, ruleset=rp.ruleset, observers=[writer], unchecked=audit.unchecked)
        hands = [dataclasses.replace(h, findings=tuple(b.hand_finding_views(h.index))) for h in hands]
        differs = writer.differs
    else:
        differs = []
    findings = b.finding_views()
    return b.page(tuple(hands), differs, findings)
