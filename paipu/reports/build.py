"""From an `Audit` to a `ReportModel`: what each part of the report page shows.

Nothing here decides a rule: values, payments and findings are the engine's.  This module
only chooses what to show and how to say it: which tiles a teaching view hides, at which
step a finding is shown, which recorded payment differs from the computed one.
"""

from __future__ import annotations

import bisect
import dataclasses
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from paipu.analysis.reading import KnowledgeReader, SeatKnowledge, pong_percents
from paipu.analysis.teaching import discard_choices, hand_shanten, short_hand
from paipu.auditing import Audit
from paipu.findings import SEVERITIES, Finding, PackedFindings
from paipu.lang import translate, translate_part
from paipu.made import MadeBy
from paipu.record import (
    SEATS,
    Action,
    AnKong,
    Chow,
    Draw,
    FanLine,
    HandRecord,
    Header,
    Hu,
    Record,
    ScoreLine,
    Seat,
    SeatAction,
    SetupTiles,
)
from paipu.replay.result import (
    GroupView,
    HandReplay,
    HandResult,
    MeldView,
    Step,
    TableView,
    WinAnalysis,
    WinContext,
)
from paipu.replay.ruleset import Rule, Ruleset, option_text
from paipu.replay.session import Replay
from paipu.reports.board import BoardBuilder, TileMaker, board_meld, build_board
from paipu.reports.chart import build_chart
from paipu.reports.labels import Labels, Lang, labels_for
from paipu.reports.model import (
    AnalysisRow,
    AnalysisView,
    Board,
    DealRow,
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
    Shown,
    StepView,
    TileView,
    TransferView,
    WinView,
)
from paipu.reports.tiles import tile_class, tile_styles
from paipu.tiles import Tile, tile_from_index

_BEST_DISCARDS = 3
"""How many of the best discards the teaching view's table lists."""

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
        changes.setdefault("bao", word.label_zh if zh else word.label)
    for word in (*ruleset.setup_words.values(), *ruleset.events.values()):
        if word.stands_for:
            changes.setdefault("stands_for", word.stands_for_zh if zh else word.stands_for)
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
        self._reader: KnowledgeReader | None = None
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
        self._findings: list[Finding] | PackedFindings = []
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

    def _rule(self, rid: str) -> RuleRef:
        r = self.rules.get(rid)
        if r is None:
            return RuleRef(rid, "")
        return RuleRef(rid, self.ruleset.rule_text(rid, self.lang) if self.ruleset is not None else r.text)

    def seat_chip(self, seat: str) -> str:
        return seat if self.lang == "en" else self.labels.seat_name(seat)

    def seat_title(self, seat: str) -> str:
        name = self.players.get(seat, "")
        label = self.labels.seat_name(seat)
        return f"{label} · {name}" if name else label

    def hand_title(self, number: int) -> str:
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
        origin = findings.origin if isinstance(findings, PackedFindings) else None
        for i, (j, f) in enumerate(self._visible_items()):
            lines[i] = f.line
            severity[i] = _SEVERITY_INDEX[f.severity]
            origins[i] = origin(j) if origin is not None else -1
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
            for hi, hand in enumerate(rp.hands, 1):
                starts.append((hand.record.span.line, hi))
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
        if at >= 0:
            hand, step = at >> 32, at & 0xFFFFFFFF
            step_anchor = f"h{hand}-s{step}"
        if at >= 0 and self.rp is not None:
            number = self.rp.hands[hand - 1].record.number
            place = f"{self.hand_title(number)}, {self.labels.step} {step}"
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
            self.rule(f.rule), f.line, f.column, source, step_anchor, place,
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
    def hand(self, hi: int, hr: HandReplay) -> HandView:
        """Hand ``hi``'s part of the page, from a replay that kept its steps and their views (a
        report written as the replay goes makes it from its parts: `hand_view`)."""
        first_view = hr.steps[0].view if hr.steps else None
        wild: tuple[Tile, ...] = first_view.wild if first_view is not None else ()
        tm = self.tile_maker(wild)
        board = build_board(hr.steps, self.seats, viewer=self.viewer, labels=self.labels, tm=tm,
                            players=self.players, dealer=hr.result.dealer)
        contexts = self._hu_contexts(hr)
        steps = tuple(self.step(hi, hr, i, tm, contexts) for i in range(len(hr.steps)))
        return self.hand_view(hi, hr.record, hr.result.dealer, wild, tm, board, steps,
                              self.result(hr, tm, contexts))

    def tile_maker(self, wild: tuple[Tile, ...]) -> TileMaker:
        """The tiles of a hand whose wildcards (at its deal) are ``wild``."""
        return TileMaker(self.labels, frozenset(t.index for t in wild))

    def board_builder(self, tm: TileMaker) -> BoardBuilder:
        """A hand's board, to be fed its steps as they are played."""
        return BoardBuilder(self.seats, viewer=self.viewer, labels=self.labels, tm=tm, players=self.players)

    def hand_view(self, hi: int, rec: HandRecord, dealer: Seat, wild_tiles: tuple[Tile, ...], tm: TileMaker,
                  board: Board | None, steps: Sequence[StepView], result: ResultView) -> HandView:
        """Hand ``hi``'s part of the page from its parts: its board, steps and result."""
        labels = self.labels
        words = self.ruleset.setup_words if self.ruleset is not None else {}
        # Wildcard lines (财神) are shown as the hand's wildcards already; secret ones (ura dora)
        # are known to no player during the hand, so a teaching view leaves them out.
        setup_rows = tuple(self._setup_row(line, tm) for line in rec.extra
                           if not (line.name in words and words[line.name].stands_for)
                           and (self.viewer is None or not (line.name in words and words[line.name].secret)))
        heat_kinds: tuple[TileView, ...] = ()
        if self.viewer is not None and self.ruleset is not None:
            heat_kinds = tuple(tm.face(tile_from_index(k), title=True) for k in range(34)
                               if self.ruleset.tile_counts[k])
        notes = [a.text for a in rec.annotations]
        for line in (rec.dealer, rec.wall, rec.dice, *rec.extra):
            if line is not None:
                notes.extend(a.text for a in line.annotations)
        counts, first = self.hand_findings(hi)
        return HandView(
            hi,
            rec.number,
            f"h{hi}",
            self.hand_title(rec.number),
            dealer,
            labels.seat_name(dealer),
            tuple(tm.face(t, title=True) for t in wild_tiles),
            " ".join(str(v) for v in rec.dice.values) if rec.dice is not None else "",
            tuple(notes),
            board,
            steps,
            result,
            counts,
            first,
            heat_kinds,
            setup_rows,
        )

    def _hu_contexts(self, hr: HandReplay) -> dict[int, tuple[WinContext, WinAnalysis]]:
        return hu_contexts(hr.result, ((step.number, a.seat) for step in hr.steps if isinstance(a := step.action, Hu)))

    def _visible(self, seat: str) -> bool:
        return self.viewer is None or seat == self.viewer

    def step(self, hi: int, hr: HandReplay, i: int, tm: TileMaker,
             contexts: dict[int, tuple[WinContext, WinAnalysis]]) -> StepView:
        return self.step_view(hi, i, hr.steps[i], hr.record, tm, contexts.get(i))

    def step_view(self, hi: int, i: int, st: Step, rec: HandRecord, tm: TileMaker,
                  win: tuple[WinContext, WinAnalysis] | None, *, detail: str | None = None) -> StepView:
        """Step ``i`` of hand ``hi`` (the hand ``rec``), ``win`` the win it makes if it is one;
        ``detail`` in place of the action's detail."""
        labels = self.labels
        view = st.view
        wall_left = view.wall_left if view is not None else None
        turn = view.turn if view is not None else None
        bao = tile_class(view.bao) if view is not None and view.bao is not None else None
        bao_marks = " ".join(tile_class(t) for t in view.bao_tiles) if view is not None else ""
        findings = self.findings_at(hi, i)
        anchor = f"h{hi}-s{i}"
        know = self._knowledge(view)
        heat = self._heat(know)
        analysis = self._analysis(view, know)
        a = st.action
        if a is None:
            deal = []
            notes: list[str] = []
            for seat in self.seats:
                tiles: tuple[Tile, ...] = ()
                if view is not None and seat in view.seats:
                    tiles = view.seats[seat].concealed
                else:
                    d = rec.deal_of(seat)
                    tiles = tuple(sorted(d.tiles, key=lambda t: t.index)) if d is not None else ()
                shown = (tuple(tm.face(t) for t in tiles) if self._visible(seat)
                         else tuple(tm.back() for _ in tiles))
                deal.append(DealRow(seat, self.seat_chip(seat), self.seat_title(seat), shown))
                d = rec.deal_of(seat)
                if d is not None:
                    notes.extend(f"{self.seat_chip(seat)}: {n.text}" for n in d.annotations)
            return StepView(0, anchor, None, "", "deal", labels.deal, (), "", None, "", tuple(notes),
                            findings, tuple(deal), wall_left, turn, bao, bao_marks, heat, analysis)
        actor: Seat | None = a.seat if isinstance(a, (SeatAction, FanLine)) else None
        glyph = a.glyph if isinstance(a, SeatAction) else None
        return StepView(
            i,
            anchor,
            actor,
            self.seat_chip(actor) if actor else "",
            a.verb,
            labels.verbs.get(a.verb, a.verb),
            self._action_tiles(a, tm),
            self._detail(a, win) if detail is None else detail,
            glyph,
            labels.glyphs.get(glyph, "") if glyph else "",
            tuple(n.text for n in a.annotations),
            findings,
            (),
            wall_left,
            turn,
            bao,
            bao_marks,
            heat,
            analysis,
        )

    def _setup_row(self, line: SetupTiles, tm: TileMaker) -> SetupRow:
        word = self.ruleset.setup_words.get(line.name) if self.ruleset is not None else None
        label = (word.label_zh if self.lang == "zh" else word.label) if word is not None else line.name
        return SetupRow(label, tuple(tm.face(t, title=True) for t in line.tiles), " ".join(map(str, line.values)))

    def _knowledge(self, view: TableView | None) -> SeatKnowledge | None:
        """What the viewed seat can know at a step (None in the audit view)."""
        if self.viewer is None or view is None or self.ruleset is None or self.viewer not in view.seats:
            return None
        if self._reader is None:
            self._reader = KnowledgeReader(self.viewer, self.seats, self.ruleset.tile_counts)
        return self._reader.read(view)

    def _heat(self, know: SeatKnowledge | None) -> str:
        """The teaching view's heat row at a step: from what the viewed seat can know only."""
        if know is None or self.ruleset is None:
            return ""
        percents = pong_percents(know)
        return ",".join(str(percents.get(k, 0)) for k in range(34) if self.ruleset.tile_counts[k])

    def _analysis(self, view: TableView | None, know: SeatKnowledge | None) -> AnalysisView | None:
        """The viewed seat's shanten, effective tiles and best discards at a step, from its own
        hand and what it can see (`paipu.analysis.teaching`); None when its hand is not one a
        shanten is defined for (flowers not yet set aside, a hand of the wrong size).  Its tiles are
        plain pictures, as the page's script draws them when the step changes."""
        if know is None or view is None or self.ruleset is None or self.viewer is None:
            return None
        sv = view.seats[self.viewer]
        if any(t.index >= 34 for t in sv.concealed):
            return None
        hand = [0] * 34
        for t in sv.concealed:
            hand[t.index] += 1
        visible = [min(4, know.seen[k] + know.mine[k] - hand[k]) for k in range(34)]
        wild = tuple(t.index for t in view.wild)
        shapes = tuple(self.ruleset.shapes)
        melds = len(sv.melds)
        size = sum(hand)
        try:
            if size % 3 == 1:
                now, eff = short_hand(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible)
                effective = tuple((TileView(tile_class(e.tile)), e.unseen) for e in eff)
                code = f"{now}|" + ",".join(f"{tile_class(e.tile)}:{e.unseen}" for e in eff) + "|"
                return AnalysisView(now, effective, (), code)
            if size % 3 == 2:
                now = hand_shanten(hand, wild_kinds=wild, melds=melds, shapes=shapes)
                if now < 0:
                    return AnalysisView(now, (), (), f"{now}||")
                choices = discard_choices(hand, wild_kinds=wild, melds=melds, shapes=shapes, visible=visible,
                                          limit=_BEST_DISCARDS)
                rows = tuple(AnalysisRow(TileView(tile_class(c.tile)), c.shanten, c.unseen, len(c.effective))
                             for c in choices)
                code = f"{now}||" + ",".join(f"{r.tile.kind}:{r.shanten}:{r.unseen}:{r.kinds}" for r in rows)
                return AnalysisView(now, (), rows, code)
        except ValueError:
            return None
        return None

    def _action_tiles(self, a: Action, tm: TileMaker) -> tuple[TileView, ...]:
        if isinstance(a, Chow):
            return tuple(tm.face(t, title=True) for t in a.tiles)
        tile: Tile | None = getattr(a, "tile", None)
        if tile is None:
            return ()
        if isinstance(a, (Draw, AnKong)) and not self._visible(a.seat):
            return (tm.back(),)
        return (tm.face(tile, title=True),)

    def _detail(self, a: Action, win: tuple[WinContext, WinAnalysis] | None) -> str:
        labels = self.labels
        if isinstance(a, Hu) and win is not None:
            ctx = win[0]
            return self.how(ctx)
        if isinstance(a, FanLine):
            unit = self._unit()
            items = ", ".join(f"{it.name} {it.value}" if it.value is not None else it.name for it in a.items)
            return f"{labels.seat_name(a.seat)} {a.total} {unit}" + (f": {items}" if items else "")
        if isinstance(a, ScoreLine):
            return " ".join(f"{s} {_signed(v)}" for s, v in a.payments)
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

    # ------------------------------------------------------------ results
    def result(self, hr: HandReplay, tm: TileMaker, contexts: dict[int, tuple[WinContext, WinAnalysis]],
               views: Callable[[int], TableView | None] | None = None) -> ResultView:
        """The hand's result; ``views`` gives the table after a step (by default ``hr``'s steps':
        only those of its wins are read)."""
        res: HandResult = hr.result
        labels = self.labels
        win_steps = {id(w): step for step, (_, w) in contexts.items()}
        wins = []
        for ctx, win in zip(res.contexts, res.wins, strict=False):
            step = win_steps.get(id(win))
            view = None
            if step is not None:
                view = views(step) if views is not None else hr.steps[step].view
            wins.append(self.win(hr, ctx, win, view, tm))
        rec = res.recorded_payments
        payments = tuple(
            PaymentRow(s, labels.seat_name(s), res.payments.get(s, 0), rec.get(s) if rec is not None else None,
                       rec is not None and rec.get(s, 0) != res.payments.get(s, 0))
            for s in self.seats
        )
        transfers = tuple(TransferView(t.payer, t.payee, t.amount, translate_part(t.reason, self.lang),
                                       self.rule(t.rule)) for t in res.transfers)
        return ResultView(
            res.result,
            labels.outcome.get(res.result, res.result),
            tuple(wins),
            payments,
            rec is not None,
            any(p.differs for p in payments),
            transfers,
            res.multiplier,
            tuple(translate_part(n, self.lang) for n in res.notes),
        )

    def win(self, hr: HandReplay, ctx: WinContext, win: WinAnalysis, view: TableView | None,
            tm: TileMaker) -> WinView:
        """A win of the hand; ``view`` the table after its `hu`."""
        labels = self.labels
        seat = ctx.seat
        concealed: list[Tile] = []
        melds: tuple[MeldView, ...] = ()
        if view is not None and seat in view.seats:
            sv = view.seats[seat]
            concealed = list(sv.concealed)
            melds = sv.melds
            if ctx.self_drawn and ctx.tile in concealed:
                concealed.remove(ctx.tile)
        board_melds = tuple(
            board_meld(m, seat, self.seats, tm, labels, Shown(0), hidden=False) for m in melds
        )
        items, recorded_total = self.items(hr, win)
        return WinView(
            seat,
            labels.seat_name(seat),
            win.is_win,
            translate_part(win.reason, self.lang),
            self.how(ctx),
            labels.shapes.get(win.shape, win.shape),
            tuple(tm.face(t, title=True) for t in concealed),
            board_melds,
            tm.face(ctx.tile, title=True),
            tuple(self.group(g, tm) for g in win.groups),
            labels.readings.format(n=win.decompositions) if win.decompositions > 1 else "",
            items,
            win.total,
            recorded_total,
            recorded_total is not None and recorded_total != win.total,
            self._unit(),
        )

    def group(self, g: GroupView, tm: TileMaker) -> GroupRow:
        standing = list(g.wild)
        marks = [False] * len(g.tiles)
        # Mark from the right, so a wildcard sits where a player would put it: last.
        for j in range(len(g.tiles) - 1, -1, -1):
            if g.tiles[j] in standing:
                standing.remove(g.tiles[j])
                marks[j] = True
        tiles = tuple(tm.face(t, title=True, stands_for=m) for t, m in zip(g.tiles, marks, strict=True))
        stands = ""
        if g.wild:
            kinds = "/".join(str(tile_from_index(i)) for i in sorted(tm.wild))
            shown = ", ".join(f"{t.chinese} {t}" for t in g.wild)
            stands = f"{self.labels.stands_for} {shown}" + (f" ({kinds})" if kinds else "")
        return GroupRow(g.kind, self.labels.group_kinds.get(g.kind, g.kind), tiles, stands, g.meld)

    def items(self, hr: HandReplay, win: WinAnalysis) -> tuple[tuple[ItemRow, ...], int | None]:
        """The value table: what the rules give, item by item, beside what the record says."""
        fan = next((a for a in hr.record.actions if isinstance(a, FanLine) and a.seat == win.seat), None)
        computed: dict[str, int] = defaultdict(int)
        for it in win.items:
            computed[it.id] += it.value
        recorded: dict[str, int] = {}
        unknown: list[tuple[str, int | None]] = []
        if fan is not None:
            names = self.ruleset.item_ids() if self.ruleset is not None else {}
            for fi in fan.items:
                rid = names.get(fi.name) or names.get(fi.name.lower())
                if rid is None:
                    unknown.append((fi.name, fi.value))
                    continue
                value = fi.value if fi.value is not None else computed.get(rid, 0)
                recorded[rid] = recorded.get(rid, 0) + value
        rows: list[ItemRow] = []
        seen: set[str] = set()
        for it in win.items:
            if it.id in seen:
                continue
            seen.add(it.id)
            rec = recorded.get(it.id) if fan is not None else None
            differs = fan is not None and bool(fan.items) and rec != computed[it.id]
            rows.append(ItemRow(it.id, it.name_zh, computed[it.id], it.count, self.rule(it.rule), rec, differs))
        for rid, value in recorded.items():
            if rid not in seen:
                rule_id = self._item_rule(rid)
                zh = self.rules[rule_id].name_zh.split("/")[0] if rule_id in self.rules else ""
                rows.append(ItemRow(rid, zh, None, 0, self.rule(rule_id), value, True))
        for name, given in unknown:
            rows.append(ItemRow(name, "", None, 0, None, given, True))
        return tuple(rows), (fan.total if fan is not None else None)

    def _item_rule(self, rid: str) -> str:
        for full in self.rules:
            parts = full.split(".")
            if len(parts) == 3 and parts[1] in ("tai", "fan", "mult") and parts[2] == rid:
                return full
        return ""

    # ------------------------------------------------------------ session
    def hand_row(self, hi: int, hr: HandReplay, payments_differ: bool, value_differs: bool) -> HandRow:
        """Hand ``hi``'s row of the summary: from its result (its steps are not needed)."""
        res = hr.result
        labels = self.labels
        winners = ", ".join(labels.seat_name(s) for s in res.winners)
        value = ", ".join(f"{w.total} {self._unit()}".strip() for w in res.wins if w.is_win)
        scores = tuple(
            SeatScore(s, labels.seat_name(s), res.payments.get(s, 0), hr.scores_after.get(s, 0))
            for s in self.seats
        )
        counts, first = self.hand_findings(hi)
        return HandRow(f"h{hi}", self.hand_title(hr.record.number), labels.seat_name(res.dealer),
                       labels.outcome.get(res.result, res.result), winners, value, scores, counts, first,
                       payments_differ, value_differs)

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
            titles = [self.hand_title(h.record.number) for h in rp.hands]
            chart = build_chart(self.seats, self.labels, start, [h.scores_after for h in rp.hands], titles)
            final = {s: rp.scores.get(s, 0) for s in self.seats}
            rows = tuple(self.hand_row(hi, hr, *flags)
                         for hi, (hr, flags) in enumerate(zip(rp.hands, differs, strict=True), 1))
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
        )


def hu_contexts(result: HandResult, hu_steps: Iterable[tuple[int, Seat]]) -> dict[int, tuple[WinContext, WinAnalysis]]:
    """The step of each win of a hand: the first `hu` (its step and seat, in ``hu_steps``) of
    the winner's seat not yet matched."""
    out: dict[int, tuple[WinContext, WinAnalysis]] = {}
    pending = list(zip(result.contexts, result.wins, strict=False))
    for number, seat in hu_steps:
        for j, (ctx, win) in enumerate(pending):
            if ctx.seat == seat:
                out[number] = (ctx, win)
                del pending[j]
                break
    return out


def differ_flags(hv: HandView) -> tuple[bool, bool]:
    """Whether a hand's recorded payments, and a recorded value, differ from the computed ones."""
    return hv.result.payments_differ, any(w.total_differs for w in hv.result.wins)


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
    own words ("en" or "zh"); the record's text is shown as written.  The audit must have
    been made with table views (``views=True``): they are what the board draws, and a report
    never replays a record a second time; `ReportError` says so otherwise.
    """
    rp = audit.replay
    if rp is not None and rp.hands and any(not h.steps or h.steps[0].view is None for h in rp.hands):
        raise ReportError(f"{audit.name}: the audit has no table views to draw; audit it with views=True")
    b = report_builder(audit, seat, lang)
    findings = b.finding_views()
    hands = tuple(b.hand(hi, hr) for hi, hr in enumerate(rp.hands, 1)) if rp is not None else ()
    return b.page(hands, [differ_flags(h) for h in hands], findings)
