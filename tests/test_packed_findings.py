"""Findings kept packed (issue 19: a long hand within 20 times its size): an audit that nobody
watches keeps its findings as numbers and compressed messages, reads them back equal to the
findings an audit with watchers keeps as objects, and `check` and the corpus print and store
them the same."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from paipu.auditing import audit_text
from paipu.corpus.rows import (
    LONG_HAND,
    PART,
    ActionRows,
    FindingRows,
    _actions_json,
    audit_source,
    read_source,
    rows_from_audit,
)
from paipu.findings import Finding, FindingBook, PackedFindings, RecordLines, in_place_order, place_key
from paipu.record import Action, Span
from paipu.replay.engine import HandEngine
from paipu.replay.result import HandResult
from paipu.replay.session import Observer, finding_origin

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples/valid/zhuji/four-hands.paipu"
RECORDS = sorted((ROOT / "samples").glob("*/*/*.paipu")) + sorted((ROOT / "samples").glob("*/*.paipu"))


def _long_hand(draws: int) -> str:
    """One hand of ``draws`` draws and discards of 5m: two error findings a draw (all four are
    out, and the wall is empty), one of them with a message of its own (the tiles left)."""
    text = SAMPLE.read_text(encoding="utf-8")
    body = text[: text.index("E discard")]
    return body + "\n".join(f"{'ESWN'[k % 4]} {verb} 5m" for k in range(draws) for verb in ("draw", "discard")) + "\n"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_unwatched_audit_packs_the_findings_a_watched_one_keeps(path: Path) -> None:
    """Every sample: the findings of an audit nobody watches (of the audit, of the replay, of
    each hand) read back as the very findings, in the same order, that a watched replay keeps
    (with their origins)."""
    text = path.read_text(encoding="utf-8")
    packed = audit_text(text, path.name)
    watched = audit_text(text, path.name, observers=[Observer()])
    assert list(packed.findings) == list(watched.findings)
    assert packed.counts() == watched.counts() and packed.ok == watched.ok
    if packed.replay is not None and watched.replay is not None and packed.replay.ruleset is not None:
        assert isinstance(packed.replay.findings, PackedFindings)
        assert list(packed.replay.findings) == list(watched.replay.findings)
        for mine, theirs in zip(packed.replay.hands, watched.replay.hands, strict=True):
            assert list(mine.findings) == list(theirs.findings)


def test_a_long_hand_keeps_its_findings_in_a_few_bytes_each() -> None:
    """The 2,000-draw hand: 3,933 findings, half of them with a message of their own, kept in
    well under 40 bytes a finding (as objects they took about 300)."""
    audit = audit_text(_long_hand(2000))
    findings = audit.findings
    assert isinstance(findings, PackedFindings)
    assert len(findings) == 3933
    book = findings.book
    kept = (sum(len(b) for b in book._blocks) + len(book._open) + book._where.itemsize * len(book._where)
            + book._lengths.itemsize * len(book._lengths) + 16 * len(findings))
    assert kept < 40 * len(findings), kept
    reserve = [f for f in findings if f.code == "draw-past-reserve"]
    assert len({f.message for f in reserve}) == len(reserve) == 1931  # each message its own, read back whole
    assert reserve[-1].message.startswith("N draws with -1916 tiles left in the wall")


def _finding(rng: random.Random, n: int) -> Finding:
    line = rng.randrange(0, 30)
    if rng.random() < 0.1:  # across lines: kept as its span
        span = Span(line, rng.randrange(0, 5), line + 2, 1)
    elif rng.random() < 0.05:  # a column out of the packed range
        span = Span(line, 1 << 21, line, (1 << 21) + 3)
    else:
        span = Span(line, rng.randrange(0, 5), line, rng.randrange(5, 9))
    return Finding(rng.choice(("error", "warning", "note")), rng.choice(("a", "b")), f"message {n % 7} é \udcff",
                   span, rng.choice((None, "common.x")), rng.choice((None, "E")))


@pytest.mark.parametrize("seed", range(6))
def test_packed_findings_sort_as_a_list_does_stably_by_line_and_column(seed: int) -> None:
    rng = random.Random(seed)
    findings = [_finding(rng, n) for n in range(300)]
    packed = PackedFindings(FindingBook(), findings)
    assert list(packed) == findings and packed == findings
    packed.sort_by_place()
    ordered = sorted(findings, key=place_key)
    assert list(packed) == ordered
    assert [packed[i] for i in range(-3, 3)] == ordered[-3:] + ordered[:3]


def test_a_view_of_packed_findings_keeps_its_part_when_its_owner_is_sorted() -> None:
    """A hand's findings are a view of the replay's: sorted in place, then kept as they are
    when the replay's are sorted into new numbers."""
    rng = random.Random(7)
    owner = PackedFindings(FindingBook(), [_finding(rng, n) for n in range(5)])
    view = owner.tail()
    added = [_finding(rng, n) for n in range(40)]
    for f in added:
        view.append(f)
    assert len(view) == 40 and len(owner) == 45
    view.sort_by_place()
    view.close()
    assert list(view) == sorted(added, key=place_key)
    assert list(owner)[5:] == sorted(added, key=place_key)
    owner.append(_finding(rng, 99))
    owner.sort_by_place()
    assert list(view) == sorted(added, key=place_key)  # the view's part is as it was
    with pytest.raises(ValueError):
        view.append(added[0])
    fresh = owner.tail()
    fresh.append(added[0])
    del fresh[:]
    assert len(fresh) == 0 and len(owner) == 46


def test_packed_findings_and_their_rows_survive_pickling() -> None:
    """A worker sends a record's rows back pickled: the findings and the long hand's actions
    come back equal."""
    path = Path("long.paipu")
    audit = audit_text(_long_hand(LONG_HAND))
    rows = rows_from_audit(audit, str(path), "0" * 64)
    back = pickle.loads(pickle.dumps(rows))
    assert isinstance(back.finding_rows, FindingRows) and isinstance(back.action_rows, ActionRows)
    assert list(back.finding_rows) == list(rows.finding_rows)
    assert list(back.action_rows) == list(rows.action_rows)
    findings = audit.findings
    assert isinstance(findings, PackedFindings)
    assert list(pickle.loads(pickle.dumps(findings))) == list(findings)


def test_finding_rows_are_the_rows_of_the_findings_as_objects(tmp_path: Path) -> None:
    """The rows made from packed findings are those made from the same findings as objects."""
    path = tmp_path / "long.paipu"
    path.write_text(_long_hand(300), encoding="utf-8")
    rows = audit_source(read_source(path))
    audit = audit_text(path.read_text(encoding="utf-8"), str(path), observers=[Observer()])
    objects = list(audit.findings)
    numbers = [h.number for h in audit.record.hands]
    assert len(numbers) == 1  # one hand: every finding's row is that hand's
    assert list(rows.finding_rows) == [(numbers[0], f.severity, f.code, f.line, f.column, f.message, f.rule)
                                       for f in objects]
    assert list(rows.finding_rows) == list(FindingRows(audit.findings, audit.record, numbers))
    assert rows.finding_rows[0] == (1, "error", "missing-discard", 19, 1, objects[0].message, "common.deal")


def test_a_long_hands_action_rows_are_the_json_of_its_actions_in_parts() -> None:
    """A hand longer than LONG_HAND actions is stored in rows of PART actions, each made when
    written: together, the same actions, each row the JSON of its part, from its first index."""
    audit = audit_text(_long_hand(LONG_HAND))
    rows = rows_from_audit(audit, "long.paipu", None)
    hand = audit.record.hands[0]
    assert len(hand.actions) > LONG_HAND
    parts = list(rows.action_rows)
    assert len(parts) == len(rows.action_rows) == -(-len(hand.actions) // PART) >= 2
    assert [first for _, first, _ in parts] == list(range(0, len(hand.actions), PART))
    for key, first, actions in parts:
        assert key == 1 and actions == _actions_json(hand.actions[first:first + PART])
    assert [a for *_, text in parts for a in json.loads(text)] == json.loads(_actions_json(hand.actions))


def test_a_short_hands_actions_are_one_row_from_0() -> None:
    """A hand of LONG_HAND actions or fewer is one row, from its first action."""
    audit = audit_text(SAMPLE.read_text(encoding="utf-8"))
    rows = rows_from_audit(audit, "four.paipu", None)
    assert [(key, first) for key, first, _ in rows.action_rows] == [(h.number, 0) for h in audit.record.hands]
    for (_, _, text), hand in zip(rows.action_rows, audit.record.hands, strict=True):
        assert text == _actions_json(hand.actions)


def test_record_lines_are_the_lines_the_parser_numbers() -> None:
    """`check` finds a finding's line in the text: the same line, wherever it is asked for."""
    text = "a\r\nbb\n\nccc\r\n\rd\né\u2028x\n"
    lines = text.replace("\r\n", "\n").split("\n")
    found = RecordLines(text)
    assert len(found) == len(lines)
    order = list(range(len(lines))) * 3
    random.Random(3).shuffle(order)
    for i in order:
        assert found[i].rstrip("\r\n") == lines[i].rstrip("\r\n"), i
    assert found[-1] == lines[-1]


def test_in_place_order_tells_sorted_findings_from_unsorted_ones() -> None:
    """The sort by place is skipped only for findings already in its order: checked against
    the sort itself on shuffles of findings with equal lines, equal columns and line 0."""
    rng = random.Random(19)
    spans = [Span(0, 0, 0, 0), Span(3, 0, 3, 4), Span(3, 2, 3, 4), Span(3, 2, 3, 9), Span(7, 1, 7, 2)]
    pool = [Finding("error", f"code-{k}", "m", spans[k % len(spans)]) for k in range(12)]
    for _ in range(300):
        sample = rng.sample(pool, rng.randint(0, len(pool)))
        assert in_place_order(sample) == (sorted(sample, key=place_key) == sample)
    assert in_place_order(sorted(pool, key=place_key))
    assert not in_place_order([pool[1], pool[0]])  # line 3 before line 0


class _Given(Observer):
    """Each finding an observer is given, with the hand (from 1) and step it is given at."""

    def __init__(self) -> None:
        self.given: list[tuple[Finding, int]] = []
        self.hand = 0

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        self.hand = index + 1
        self.given.extend((f, finding_origin(self.hand, 0)) for f in engine.st.findings)

    def after_action(self, index: int, engine: HandEngine, action: Action, findings: list[Finding]) -> None:
        self.given.extend((f, finding_origin(self.hand, index + 1)) for f in findings)

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        last = len(engine.hand.actions)
        self.given.extend((f, finding_origin(self.hand, last)) for f in findings)


@pytest.mark.parametrize("path", [p for p in RECORDS if p.parent.name in ("zhuji", "mcr", "harbin")][:40],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_watched_replay_keeps_the_step_that_made_each_finding(path: Path) -> None:
    """The origin a watched replay keeps with each finding (what a report places it by) is the
    hand and step at which observers were given it: its setup (step 0), an action's step, or
    the last action's for the settlement; a finding given at no step (the header's, the parser's,
    the dealer rotation's) has none (-1).  An audit nobody watches keeps no origins."""
    text = path.read_text(encoding="utf-8")
    given = _Given()
    audit = audit_text(text, path.name, observers=[given])
    findings = audit.findings
    assert isinstance(findings, PackedFindings)
    kept = Counter((f, findings.origin(i)) for i, f in enumerate(findings) if findings.origin(i) >= 0)
    assert kept == Counter(given.given)
    assert len(list(findings.origins())) == len(findings)
    unwatched = audit_text(text, path.name).findings
    assert isinstance(unwatched, PackedFindings)
    assert set(unwatched.origins()) <= {-1}


@pytest.mark.parametrize("path", [p for p in RECORDS if p.parent.name in ("zhuji", "harbin")][:20],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_steps_findings_are_read_from_the_replays_by_their_origin(path: Path) -> None:
    """A recorded step keeps no findings of its own: the hand gives those the replay made at
    the step (`HandReplay.step_findings`), the ones observers were given there."""
    given = _Given()
    audit = audit_text(path.read_text(encoding="utf-8"), path.name, views=True, observers=[given])
    assert audit.replay is not None
    read = Counter((f, finding_origin(h, step.number))
                   for h, hand in enumerate(audit.replay.hands, 1)
                   for step in hand.steps for f in hand.step_findings(step.number))
    assert read == Counter(given.given)
    assert all(isinstance(hand.findings, PackedFindings) for hand in audit.replay.hands)


def test_origins_follow_their_findings_through_sorting_copying_and_pickling() -> None:
    """A finding keeps its origin however the findings are sorted, extended or pickled."""
    book = FindingBook(origins=True)
    packed = PackedFindings(book)
    for line, origin in ((5, 50), (2, 20), (9, 90), (2, 21)):
        book.origin = origin
        packed.add("error", "x", f"at {line}", Span(line, 1, line, 2))
    book.origin = -1
    packed.sort_by_place()
    assert [(f.line, packed.origin(i)) for i, f in enumerate(packed)] == [(2, 20), (2, 21), (5, 50), (9, 90)]
    copy = PackedFindings(book, [Finding("note", "y", "parser", Span(1, 1, 1, 2))])
    copy.extend(packed)
    assert list(copy.origins()) == [-1, 20, 21, 50, 90]
    back = pickle.loads(pickle.dumps(copy))
    assert list(back.origins()) == [-1, 20, 21, 50, 90] and list(back) == list(copy)
    del back[1]
    assert list(back.origins()) == [-1, 21, 50, 90]
