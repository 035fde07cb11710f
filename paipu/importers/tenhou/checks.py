"""Consistency checks of a decoded round: the tiles, the wall and the payments.

A log from a real platform should pass all of them; a failure means the importer misread
something (or the log was damaged), which is why each check returns readable problems
instead of a bare boolean.  They are cheap enough to run on every imported game.
"""

from __future__ import annotations

from collections import Counter

from paipu.importers.tenhou.model import (
    LIVE_DRAWS,
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    Game,
    NewDora,
    RiichiAccepted,
    Round,
    RoundDraw,
    Win,
)


def seen_tiles(rnd: Round) -> list[int]:
    """Every tile id the round shows leaving the wall: the deal, the draws, the dora indicators."""
    tiles = [t for hand in rnd.hands for t in hand]
    tiles.append(rnd.dora_indicator)
    for e in rnd.events:
        if isinstance(e, Draw):
            tiles.append(e.tile)
        elif isinstance(e, NewDora):
            tiles.append(e.indicator)
    return tiles


def tile_problems(rnd: Round) -> list[str]:
    """Ids seen twice, ids out of range, and (with a known wall) tiles that are not the wall's."""
    tiles = seen_tiles(rnd)
    problems = [f"tile {t} appears {n} times" for t, n in sorted(Counter(tiles).items()) if n > 1]
    problems += [f"tile id {t} out of range" for t in tiles if not 0 <= t < 136]
    if rnd.wall is not None:
        if sorted(rnd.wall.tiles) != list(range(136)):
            problems.append("the wall is not the 136 tiles once each")
        rest = set(rnd.wall.tiles) - set(tiles)
        if len(rest) + len(set(tiles)) != 136:
            problems.append(f"{len(rest)} tiles left in the wall plus {len(set(tiles))} seen is not 136")
    return problems


def wall_problems(rnd: Round) -> list[str]:
    """Where the round disagrees with its wall: deal, each draw, each dora and ura indicator."""
    wall = rnd.wall
    if wall is None:
        return []
    problems = []
    if rnd.dice is not None and rnd.dice != wall.dice:
        problems.append(f"dice {rnd.dice} but the wall's are {wall.dice}")
    for p in range(4):
        seat = (rnd.dealer + p) % 4
        if rnd.hands[seat] != wall.hand(p):
            problems.append(f"seat {seat}'s hand is not the wall's deal")
    live = rinshan = 0
    dora = [rnd.dora_indicator]
    for i, e in enumerate(rnd.events):
        if isinstance(e, Draw):
            if e.rinshan:
                expected, rinshan = wall.rinshan(rinshan), rinshan + 1
            else:
                expected, live = wall.live(live), live + 1
            if e.tile != expected:
                problems.append(f"event {i}: seat {e.seat} draws {e.tile}, the wall has {expected}")
        elif isinstance(e, NewDora):
            dora.append(e.indicator)
        elif isinstance(e, Win):
            ura = [wall.ura_indicator(k) for k in range(len(e.ura_indicators))]
            if e.ura_indicators and list(e.ura_indicators) != ura:
                problems.append(f"event {i}: ura indicators {list(e.ura_indicators)}, the wall has {ura}")
            if list(e.dora_indicators) != dora:
                problems.append(f"event {i}: dora indicators {list(e.dora_indicators)} but {dora} were shown")
    if live > LIVE_DRAWS - rinshan:
        problems.append(f"{live} draws from a live wall of {LIVE_DRAWS - rinshan} after {rinshan} kans")
    shown = [wall.dora_indicator(k) for k in range(len(dora))]
    if dora != shown:
        problems.append(f"dora indicators {dora}, the wall has {shown}")
    return problems


def score_problems(rnd: Round) -> list[str]:
    """Payments that do not add up.

    An exhaustive draw moves 3000 points from the seats not ready to the ready ones, an
    abort moves none.  Every win's changes sum to the riichi sticks it collects (Tenhou gives sticks and honba to
    the first winner of a multiple ron and states 0 sticks for the others), the winner gains
    the hand's points plus 300 per honba plus the sticks, and a draw's changes sum to zero.
    The sticks a win collects are the round's opening sticks plus those paid in the round.
    """
    problems = []
    sticks = rnd.sticks + sum(1 for e in rnd.events if isinstance(e, RiichiAccepted))
    first = True
    for i, e in enumerate(rnd.events):
        if isinstance(e, Win):
            if sum(e.deltas) != 1000 * e.sticks:
                problems.append(f"event {i}: changes sum to {sum(e.deltas)}, expected {1000 * e.sticks}")
            expected_sticks = sticks if first else 0
            if e.sticks != expected_sticks:
                problems.append(f"event {i}: win collects {e.sticks} sticks, expected {expected_sticks}")
            gain = e.points + (300 * rnd.honba if first else 0) + 1000 * e.sticks
            if e.deltas[e.seat] != gain:
                problems.append(f"event {i}: winner gains {e.deltas[e.seat]}, expected {gain}")
            first = False
        elif isinstance(e, RoundDraw):
            if sum(e.deltas) != 0:
                problems.append(f"event {i}: draw changes sum to {sum(e.deltas)}")
            expected = _draw_deltas(e)
            if expected is not None and e.deltas != expected:
                problems.append(f"event {i}: {e.kind} changes {list(e.deltas)}, expected {list(expected)}")
    return problems


def _draw_deltas(draw: RoundDraw) -> tuple[int, ...] | None:
    """Exhaustion: the ready seats share 3000 points from the others; aborts pay nothing."""
    if draw.kind is DrawKind.NAGASHI_MANGAN:
        return None
    if draw.kind is not DrawKind.EXHAUSTIVE or len(draw.tenpai) in (0, 4):
        return (0, 0, 0, 0)
    ready = len(draw.tenpai)
    return tuple(3000 // ready if s in draw.tenpai else -3000 // (4 - ready) for s in range(4))


def continuity_problems(game: Game) -> list[str]:
    """Each round starts from the scores the previous one ended with."""
    problems = []
    for prev, nxt in zip(game.rounds, game.rounds[1:], strict=False):
        outcome = prev.outcome
        if outcome is None:
            continue
        last = outcome[-1] if isinstance(outcome, tuple) else outcome
        end = tuple(s + d for s, d in zip(last.scores, last.deltas, strict=True))
        if end != nxt.scores:
            problems.append(f"{nxt.label} starts at {list(nxt.scores)}, {prev.label} ended at {list(end)}")
    return problems


def hand_problems(rnd: Round) -> list[str]:
    """Replay the concealed hands: every discard and called tile is held, and each win's hand
    and melds (each draw's hands shown) are what the replay holds at that moment."""
    hands = [list(h) for h in rnd.hands]
    problems: list[str] = []
    last_tile: int | None = None  # the tile a ron would take: the last discard or added kan tile
    for i, e in enumerate(rnd.events):
        if isinstance(e, Draw):
            hands[e.seat].append(e.tile)
        elif isinstance(e, Discard):
            if e.tile not in hands[e.seat]:
                problems.append(f"event {i}: seat {e.seat} discards {e.tile}, which it does not hold")
            else:
                hands[e.seat].remove(e.tile)
            last_tile = e.tile
        elif isinstance(e, Call):
            if e.kind is CallKind.KAKAN:
                own = [e.added] if e.added is not None else []
                last_tile = e.added
            elif e.kind is CallKind.ANKAN:
                own = list(e.tiles)
                last_tile = e.tiles[0]
            else:
                own = [t for t in e.tiles if t != e.called]
            for t in own:
                if t in hands[e.seat]:
                    hands[e.seat].remove(t)
                else:
                    problems.append(f"event {i}: seat {e.seat} calls with {t}, which it does not hold")
        elif isinstance(e, Win):
            held = list(hands[e.seat])
            if not e.tsumo and last_tile is not None:
                held.append(last_tile)
            if sorted(held) != sorted(e.hand):
                problems.append(f"event {i}: seat {e.seat} wins with {sorted(e.hand)}, the replay holds {sorted(held)}")
            made = sorted(sorted(m.tiles) for m in melds_of(rnd, e.seat, i))
            if made != sorted(sorted(m.tiles) for m in e.melds):
                problems.append(f"event {i}: seat {e.seat}'s melds are not the calls it made")
        elif isinstance(e, RoundDraw):
            for seat, shown in e.hands:
                held = sorted(hands[seat])
                if sorted(shown) != held:
                    problems.append(f"event {i}: seat {seat} shows {sorted(shown)}, the replay holds {held}")
    return problems


def melds_of(rnd: Round, seat: int, before: int | None = None) -> list[Call]:
    """The melds a seat holds at the end of the round, or before event ``before`` (a kakan
    replaces its pon)."""
    melds: list[Call] = []
    for e in rnd.events[:before]:
        if isinstance(e, Call) and e.seat == seat:
            if e.kind is CallKind.KAKAN:
                melds = [m for m in melds if not (m.kind is CallKind.PON and m.kind_index == e.kind_index)]
            melds.append(e)
    return melds


def game_problems(game: Game) -> list[str]:
    """Every check on every round of a game, each problem prefixed by its round's label."""
    problems = continuity_problems(game)
    for rnd in game.rounds:
        for check in (tile_problems, wall_problems, hand_problems, score_problems):
            problems += [f"{rnd.label}: {p}" for p in check(rnd)]
    return problems
