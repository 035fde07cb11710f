"""Fault injection: single, named corruptions of a valid record, each with the finding it must cause.

A mutant is the canonical text of a record with one thing changed (a drawn tile, a
payment, a dealer…) and the (code, line) the auditor must report for it.  The tests run
thousands of them through `paipu.auditing` to prove that every kind of corruption is caught
at the right place.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import paipu.record as r
from paipu.grammar.parser import parse
from paipu.grammar.writer import format_record
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer, replay, resolve_ruleset
from paipu.tiles import ALL_TILES, Tile, format_tiles
from paipu.value import by_fields


@dataclass(frozen=True)
class Mutant:
    kind: str
    text: str
    code: str
    line: int
    description: str

    def with_header(self) -> str:
        """The mutant as a file: a comment naming it and its expected finding, then the record."""
        head = [f"; mutant: {self.kind}: {self.description}", f"; expect: {self.code} {self.line + 2}"]
        return "\n".join([*head, *self.text.splitlines()]) + "\n"

    def __reduce__(self) -> tuple[type[Mutant], tuple[object, ...]]:
        return by_fields(self)


@dataclass
class _Point:
    """One action of the valid record, with what the engine knew just before it."""

    hand: int
    index: int
    action: r.Action
    line: int
    phase: str
    turn: r.Seat
    wall_pos: int | None
    """For a draw: the position in the hand's wall line (0-based) it took."""
    counts: dict[r.Seat, list[int]]
    wall_size: int
    reserve: int


@dataclass
class _Source:
    text: str
    lines: list[str]
    record: r.Record
    rs: Ruleset
    points: list[_Point]


class _PointRecorder(Observer):
    """Notes, before each action of a valid record, what fault injection needs to corrupt it."""

    def __init__(self, record: r.Record) -> None:
        self.record = record
        self.points: list[_Point] = []

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        self._hand = index

    def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
        hand = self.record.hands[self._hand]
        st = engine.st
        pos: int | None = None
        if isinstance(action, r.Draw) and hand.wall is not None:
            # The wall says where the draw takes its tile: either end of one wall, or the front
            # of the drawer's own part of a wall split by seat.
            place = st.wall.next_place(st.phase in ("replacement", "rob"), engine.wall_part(action.seat))
            pos = place if place >= 0 else None
        self.points.append(_Point(self._hand, index, action, action.span.line, st.phase, st.turn, pos,
                                  {s: list(ss.counts) for s, ss in st.seats.items()}, st.wall.size,
                                  engine.rs.reserve(st)))


def _walk(text: str) -> _Source:
    parsed = parse(text)
    if not parsed.ok:
        raise ValueError("only a record without syntax errors can be mutated")
    canon = format_record(parsed.record)
    record = parse(canon).record
    rs, problems = resolve_ruleset(record)
    if rs is None or problems:
        raise ValueError("only a record with a known ruleset and options can be mutated")
    recorder = _PointRecorder(record)
    rp = replay(record, ruleset=rs, observers=[recorder])
    if any(f.severity == "error" for f in rp.findings):
        raise ValueError("only a valid record can be mutated")
    return _Source(canon, canon.splitlines(), record, rs, recorder.points)


Maker = Callable[[_Source, random.Random], "Mutant | None"]


def _replace(src: _Source, line: int, new: str) -> str:
    lines = list(src.lines)
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def _insert(src: _Source, before_line: int, new: str) -> str:
    lines = list(src.lines)
    lines.insert(before_line - 1, new)
    return "\n".join(lines) + "\n"


def _pick(rng: random.Random, items: list[_Point]) -> _Point | None:
    return rng.choice(items) if items else None


def _other_tile(rng: random.Random, rs: Ruleset, not_this: Tile) -> Tile:
    kinds = [i for i, n in enumerate(rs.tile_counts) if n and i != not_this.index]
    return ALL_TILES[rng.choice(kinds)]


def _draw_changed(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.Draw) and p.wall_pos is not None])
    if p is None:
        return None
    assert isinstance(p.action, r.Draw)
    t = _other_tile(rng, src.rs, p.action.tile)
    return Mutant("draw-changed", _replace(src, p.line, f"{p.action.seat} draw {t}"), "draw-mismatch", p.line,
                  f"line {p.line}: {p.action.seat} draws {t} instead of {p.action.tile}")


def _discard_not_held(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.Discard)])
    if p is None:
        return None
    assert isinstance(p.action, r.Discard)
    held = p.counts[p.action.seat]
    absent = [ALL_TILES[i] for i, n in enumerate(src.rs.tile_counts) if n and not held[i]]
    t = rng.choice(absent)
    return Mutant("discard-not-held", _replace(src, p.line, f"{p.action.seat} discard {t}"), "not-held", p.line,
                  f"line {p.line}: {p.action.seat} discards {t}, which it does not hold")


def _claim_wrong_seat(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.Chow)])
    if p is None:
        return None
    assert isinstance(p.action, r.Chow)
    discarder = p.turn
    allowed = src.rs.next_seat(discarder)
    others = [s for s in src.rs.seats if s not in (discarder, allowed)]
    if not others:
        return None
    seat = rng.choice(others)
    tiles = " ".join(str(t) for t in p.action.tiles)
    return Mutant("claim-wrong-seat", _replace(src, p.line, f"{seat} chow {tiles}"), "illegal-chow", p.line,
                  f"line {p.line}: {seat} chows instead of {p.action.seat}")


def _stale_claim(src: _Source, rng: random.Random) -> Mutant | None:
    # A pong of a discard inserted after the next draw: the discard is no longer the last.
    cands = []
    for i, p in enumerate(src.points[:-1]):
        nxt = src.points[i + 1]
        if isinstance(p.action, r.Discard) and isinstance(nxt.action, r.Draw) and nxt.hand == p.hand:
            if i + 2 < len(src.points) and src.points[i + 2].hand == p.hand:
                cands.append((p, src.points[i + 2]))
    if not cands:
        return None
    disc, after = rng.choice(cands)
    assert isinstance(disc.action, r.Discard)
    seat = rng.choice([s for s in src.rs.seats if s != disc.action.seat])
    text = _insert(src, after.line, f"{seat} pong {disc.action.tile}")
    return Mutant("stale-claim", text, "stale-claim", after.line,
                  f"line {after.line}: {seat} pongs {disc.action.tile} after the next draw")


def _turn_skipped(src: _Source, rng: random.Random) -> Mutant | None:
    # Remove one seat's draw and discard: the next seat then draws out of turn.
    cands = []
    pts = src.points
    for i in range(len(pts) - 2):
        a, b, c = pts[i], pts[i + 1], pts[i + 2]
        if (a.hand == b.hand == c.hand and isinstance(a.action, r.Draw) and a.phase == "claim"
                and isinstance(b.action, r.Discard) and b.action.seat == a.action.seat
                and isinstance(c.action, r.Draw) and c.phase == "claim"):
            cands.append((a, c))
    if not cands:
        return None
    a, c = rng.choice(cands)
    lines = list(src.lines)
    del lines[a.line - 1:a.line + 1]
    return Mutant("turn-skipped", "\n".join(lines) + "\n", "turn-order", c.line - 2,
                  f"line {a.line}: {a.action.verb} and discard of {getattr(a.action, 'seat', '?')} removed")


def _wall_swapped(src: _Source, rng: random.Random) -> Mutant | None:
    hands = [h for h in range(len(src.record.hands)) if src.record.hands[h].wall is not None]
    if not hands:
        return None
    hi = rng.choice(hands)
    hand = src.record.hands[hi]
    assert hand.wall is not None
    drawn = {p.wall_pos: p for p in src.points if p.hand == hi and p.wall_pos is not None}
    positions = sorted(drawn)
    if len(positions) < 2:
        return None
    wall = list(hand.wall.tiles)
    for _ in range(20):
        i, j = sorted(rng.sample(positions, 2))
        if wall[i] != wall[j]:
            break
    else:
        return None
    wall[i], wall[j] = wall[j], wall[i]
    first = min(drawn[i].line, drawn[j].line)
    text = _replace(src, hand.wall.span.line, f"wall {format_tiles(wall)}")
    return Mutant("wall-swapped", text, "draw-mismatch", first,
                  f"hand {hi + 1}: wall positions {i} and {j} swapped")


def _kong_without_tiles(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.AnKong)])
    if p is not None:
        assert isinstance(p.action, r.AnKong)
        held = p.counts[p.action.seat]
        cands = [ALL_TILES[i] for i in range(34) if src.rs.tile_counts[i] and held[i] < 4]
        t = rng.choice(cands)
        return Mutant("kong-without-tiles", _replace(src, p.line, f"{p.action.seat} ankong {t}"), "not-held",
                      p.line, f"line {p.line}: {p.action.seat} declares a concealed kong of {t} without four")
    # Otherwise, a concealed kong declared in place of a discard, of a tile held once or twice.
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.Discard) and p.phase == "discard"
                    and p.wall_size > p.reserve])
    if p is None:
        return None
    assert isinstance(p.action, r.Discard)
    held = p.counts[p.action.seat]
    t = p.action.tile
    if held[t.index] >= 4:
        return None
    return Mutant("kong-without-tiles", _insert(src, p.line, f"{p.action.seat} ankong {t}"), "not-held", p.line,
                  f"line {p.line}: {p.action.seat} declares a concealed kong of {t} holding {held[t.index]}")


def _false_win(src: _Source, rng: random.Random) -> Mutant | None:
    # A seat declares a win on its own draw instead of discarding; its hand is no win.
    cands = [p for p in src.points if isinstance(p.action, r.Discard) and p.phase == "discard"]
    rng.shuffle(cands)
    for p in cands[:10]:
        assert isinstance(p.action, r.Discard)
        lines = list(src.lines)
        # Keep the record well-formed: the hand ends at the false win.
        end = _hand_end_line(src, p.hand)
        lines[p.line - 1:end] = [f"{p.action.seat} hu"]
        text = "\n".join(lines) + "\n"
        findings = replay(parse(text).record, ruleset=src.rs).findings
        if any(f.code == "not-a-win" and f.line == p.line for f in findings):
            return Mutant("false-win", text, "not-a-win", p.line, f"line {p.line}: {p.action.seat} declares a win")
    return None


def _hand_end_line(src: _Source, hand: int) -> int:
    """The last line of a hand's actions (before any fan/score lines)."""
    last = 0
    for p in src.points:
        if p.hand == hand and not isinstance(p.action, (r.FanLine, r.ScoreLine)):
            last = p.line
    return last


def _fan_item_changed(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.FanLine)])
    if p is None:
        return None
    fl = p.action
    assert isinstance(fl, r.FanLine)
    ids = sorted(set(src.rs.value_item_ids()))
    have = {i.name for i in fl.items}
    # An item a record may leave out (riichi's fu) is never the one removed: that is no error.
    droppable = [i for i in fl.items if i.name not in src.rs.optional_items]
    if len(fl.items) > 1 and rng.random() < 0.5 and droppable:
        drop = rng.choice(droppable)
        items = [i for i in fl.items if i is not drop]
        kind, what = "fan-item-removed", f"{drop.name} removed"
    else:
        extra = [i for i in ids if i not in have]
        if not extra:
            return None
        name = rng.choice(extra)
        items = [*fl.items, r.FanItem(name, 1, fl.span)]
        kind, what = "fan-item-added", f"{name} 1 added"
    body = ", ".join(f"{i.name} {i.value}" if i.value is not None else i.name for i in items)
    line = f"fan {fl.seat} {fl.total}" + (f" : {body}" if body else "")
    return Mutant(kind, _replace(src, p.line, line), "fan-mismatch", p.line, f"line {p.line}: {what}")


def _payment_changed(src: _Source, rng: random.Random) -> Mutant | None:
    p = _pick(rng, [p for p in src.points if isinstance(p.action, r.ScoreLine)])
    if p is None:
        return None
    sl = p.action
    assert isinstance(sl, r.ScoreLine)
    pays = dict(sl.payments)
    a, b = rng.sample(list(pays), 2)
    delta = rng.choice([1, 2, 4, 8])
    pays[a] += delta
    pays[b] -= delta
    body = " ".join(f"{s} {'+' if v > 0 else ''}{v}" for s, v in pays.items())
    return Mutant("payment-changed", _replace(src, p.line, f"score {body}"), "score-mismatch", p.line,
                  f"line {p.line}: {delta} moved from {b} to {a}")


def _dealer_changed(src: _Source, rng: random.Random) -> Mutant | None:
    later = [h for h in src.record.hands[1:] if h.dealer is not None]
    if not later:
        return None
    hand = rng.choice(later)
    assert hand.dealer is not None
    seat = rng.choice([s for s in src.rs.seats if s != hand.dealer.seat])
    return Mutant("dealer-changed", _replace(src, hand.dealer.span.line, f"dealer {seat}"), "dealer-mismatch",
                  hand.dealer.span.line, f"hand {hand.number}: dealer {seat} instead of {hand.dealer.seat}")


def _exhausted_too_early(src: _Source, rng: random.Random) -> Mutant | None:
    ends = [p for p in src.points if isinstance(p.action, r.Exhausted)]
    if not ends:
        return None
    end = rng.choice(ends)
    cands = [p for p in src.points if p.hand == end.hand and isinstance(p.action, r.Draw) and p.phase == "claim"
             and p.wall_size > p.reserve]
    if not cands:
        return None
    p = rng.choice(cands)
    lines = list(src.lines)
    lines[p.line - 1:end.line] = ["exhausted"]
    return Mutant("exhausted-too-early", "\n".join(lines) + "\n", "early-exhausted", p.line,
                  f"line {p.line}: exhausted with {p.wall_size} tiles in the wall")


def _draw_after_reserve(src: _Source, rng: random.Random) -> Mutant | None:
    ends = [p for p in src.points if isinstance(p.action, r.Exhausted) and p.phase == "claim"]
    if not ends:
        return None
    end = rng.choice(ends)
    seat = src.rs.next_seat(end.turn)
    hand = src.record.hands[end.hand]
    t = ALL_TILES[0]
    if hand.wall is not None:
        head = sum(1 for p in src.points if p.hand == end.hand and isinstance(p.action, r.Draw)
                   and p.phase not in ("replacement", "rob"))
        t = hand.wall.tiles[head] if head < len(hand.wall.tiles) else t
    return Mutant("draw-after-reserve", _replace(src, end.line, f"{seat} draw {t}"), "draw-past-reserve",
                  end.line, f"line {end.line}: {seat} draws past the reserve")


MAKERS: dict[str, Maker] = {
    "draw-changed": _draw_changed,
    "discard-not-held": _discard_not_held,
    "claim-wrong-seat": _claim_wrong_seat,
    "stale-claim": _stale_claim,
    "turn-skipped": _turn_skipped,
    "wall-swapped": _wall_swapped,
    "kong-without-tiles": _kong_without_tiles,
    "false-win": _false_win,
    "fan-item-changed": _fan_item_changed,
    "payment-changed": _payment_changed,
    "dealer-changed": _dealer_changed,
    "exhausted-too-early": _exhausted_too_early,
    "draw-after-reserve": _draw_after_reserve,
}


MAX_MISSES = 30
"""Tries in a row that make no new mutant of a kind before giving up on it (a huge ``per_kind``
would otherwise try without end on a record with few places for the kind)."""


def mutants(text: str, seed: int, *, per_kind: int = 1, kinds: list[str] | None = None) -> Iterator[Mutant]:
    """Up to ``per_kind`` mutants of each kind (fewer where the record has no place for one)."""
    src = _walk(text)
    rng = random.Random(seed)
    for kind in kinds or list(MAKERS):
        made: set[str] = set()
        misses = 0
        for _ in range(per_kind * 3):
            if len(made) >= per_kind or misses >= MAX_MISSES:
                break  # enough, or the record has no more places for this kind
            m = MAKERS[kind](src, rng)
            if m is not None and m.text not in made:
                made.add(m.text)
                misses = 0
                yield m
            else:
                misses += 1
