"""Seeded bots that play whole sessions through the replay engine and write the records.

The bots never decide what is legal themselves: they propose actions, and every action
is played through the engine (`paipu.replay.engine.HandReplayer`), which must accept it
without a finding.  Whether a hand is a win, and what it is worth, is the ruleset's
answer (`Ruleset.analyse_win`); the bots only choose among legal moves.  The same seed
gives the same records, byte for byte.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from paipu import record as r
from paipu.analysis.profiles import profile
from paipu.analysis.shanten import shanten
from paipu.bots import strategy_for
from paipu.grammar.writer import format_record
from paipu.record import Record, Seat, Span
from paipu.replay.engine import HandReplayer, Session
from paipu.replay.result import HandResult, WinAnalysis
from paipu.replay.ruleset import CLAIM_PRIORITY, Ruleset, get_ruleset, parse_options
from paipu.replay.settle import item_totals
from paipu.tiles import ALL_TILES, Tile

NO_SPAN = Span.none()


class SimulationError(RuntimeError):
    """The engine rejected a bot's move: a bug in the bots or the engine, never the user's."""


@dataclass
class SimStats:
    """What happened over a run, for ``paipu simulate --stats``."""

    hands: int = 0
    results: dict[str, int] = field(default_factory=dict)
    items: dict[str, int] = field(default_factory=dict)
    situations: dict[str, int] = field(default_factory=dict)

    def count(self, table: dict[str, int], key: str, n: int = 1) -> None:
        table[key] = table.get(key, 0) + n


# ------------------------------------------------------------------ hand evaluation

Shanten = Callable[[bytes, int, int], int]
"""Shanten of (the 34 real-tile counts as bytes, wildcards, sets still to make)."""


def shanten_for(ruleset: str) -> Shanten:
    """Shanten over the shapes the ruleset wins with, as the bots call it.

    Cached: bots ask about the same hands again and again (every seat, at every discard).
    """
    shapes = profile(ruleset).shapes

    @functools.lru_cache(maxsize=1 << 16)
    def evaluate(key: bytes, wild: int, sets: int) -> int:
        return shanten(key, wild, melds=4 - sets, shapes=shapes)

    return evaluate


class Bot:
    """One seat's choices: discard toward a win, claim when it helps, win whenever it can."""

    def __init__(self, sim: HandSim, seat: Seat) -> None:
        self.sim = sim
        self.seat = seat
        self.ss = sim.st.seats[seat]
        self.uses_flowers = sim.rs.uses_flowers

    @property
    def counts(self) -> list[int]:
        return self.ss.counts

    def split(self, counts: list[int]) -> tuple[bytes, int]:
        """The 34-kind counts without wildcards (as bytes, a cheap key), and the wildcards."""
        wild_kinds = self.sim.st.wild_kinds
        if not wild_kinds:
            return bytes(counts[:34]), 0
        c = counts[:34]
        wild = 0
        for k in wild_kinds:
            wild += c[k]
            c[k] = 0
        return bytes(c), wild

    def sets_needed(self, extra_melds: int = 0) -> int:
        return 4 - len(self.ss.melds) - extra_melds

    def shanten(self, counts: list[int], extra_melds: int = 0) -> int:
        if self.uses_flowers and any(counts[34:]):
            return 8  # a hand holding a flower is set in order (flowers aside) before it is judged
        c, wild = self.split(counts)
        return self.sim.shanten(c, wild, 4 - len(self.ss.melds) - extra_melds)

    def keep_value(self, index: int) -> int:
        """How much a tile is worth keeping beyond shape: wildcards, scoring honours, the main suit."""
        if index in self.sim.st.wild_kinds:
            return 100
        return self.sim.strategy.keep_value(self, index)

    def best_discard(self, counts: list[int], extra_melds: int = 0) -> tuple[int, int]:
        """(tile index, shanten after) of the best discard from a hand of 3n+2 tiles.

        Best means: the fewest tiles from ready, then the tile least worth keeping.  The
        shanten of the whole 3n+2 hand is the best any discard can reach, so candidates are
        tried least-valuable first and the first that reaches it is the answer.
        """
        for i in range(34, 42):
            if counts[i]:
                return i, -2
        reachable = self.shanten(counts, extra_melds)
        held = [i for i in range(34) if counts[i]]
        values = self.sim.strategy.keep_values(self, held)
        wild = self.sim.st.wild_kinds
        tiebreak = self.sim.rng_tiebreak
        candidates = sorted((100 if i in wild else v, tiebreak(i), i) for i, v in zip(held, values, strict=True))
        best: tuple[int, int] | None = None
        for _, _, i in candidates:
            counts[i] -= 1
            s = self.shanten(counts, extra_melds)
            counts[i] += 1
            if s <= reachable:
                return i, s
            if best is None or s < best[1]:
                best = (i, s)
        assert best is not None
        return best


# ------------------------------------------------------------------ one hand


class HandSim:
    """Plays one hand: shuffles, deals, lets the bots act, and records every line."""

    def __init__(self, rs: Ruleset, session: Session, number: int, dealer: Seat,
                 rng: random.Random, shanten: Shanten) -> None:
        self.rs = rs
        self.rng = rng
        self.shanten = shanten
        self.strategy = strategy_for(rs.name)
        tiles = [ALL_TILES[i] for i, n in enumerate(rs.tile_counts) for _ in range(n)]
        rng.shuffle(tiles)
        deals: list[r.Deal] = []
        pos = 0
        seats = rs.seats
        order = seats[seats.index(dealer):] + seats[:seats.index(dealer)]
        for seat in order:
            n = rs.deal_size(seat == dealer)
            deals.append(r.Deal(seat, tuple(sorted(tiles[pos:pos + n], key=lambda t: t.index)), NO_SPAN))
            pos += n
        deals.sort(key=lambda d: seats.index(d.seat))
        wall = tuple(tiles[pos:])
        self.hand = r.HandRecord(
            number, NO_SPAN,
            dealer=r.DealerLine(NO_SPAN, (), dealer),
            wall=r.WallLine(NO_SPAN, (), wall),
            dice=r.DiceLine(NO_SPAN, (), (rng.randint(1, 6), rng.randint(1, 6))),
            deals=tuple(deals),
        )
        # The ruleset's setup (e.g. the 财神) is chosen before the replayer reads it.
        caishen = self.strategy.hand_wildcards(self)
        if caishen:
            self.hand = r.HandRecord(
                number, NO_SPAN, dealer=self.hand.dealer, wall=self.hand.wall, dice=self.hand.dice,
                caishen=r.CaishenLine(NO_SPAN, (), caishen), deals=self.hand.deals,
            )
        self.replayer = HandReplayer(rs, self.hand, session.state, dealer, keep_views=False)
        self.st = self.replayer.st
        self.actions: list[r.Action] = []
        self.bots = {s: Bot(self, s) for s in seats}
        self._tiebreak = [rng.random() for _ in range(42)]

    def rng_tiebreak(self, index: int) -> float:
        return self._tiebreak[index]

    # ---- playing actions through the engine
    def play(self, action: r.Action) -> None:
        mark = len(self.st.findings)
        self.replayer.play(action)
        new = [f for f in self.st.findings[mark:] if f.severity == "error"]
        if new:
            raise SimulationError(f"the engine rejected a bot's `{action.verb}`: {new[0].code}: {new[0].message}")
        self.actions.append(action)
        for event in self.strategy.events_after(self, action):
            self.play(event)

    def run(self) -> list[r.Action]:
        if not self.replayer.setup():
            raise SimulationError("the simulated deal could not be set up")
        if any(f.severity == "error" for f in self.st.findings):
            raise SimulationError(f"the simulated deal was rejected: {self.st.findings[0].message}")
        guard = 0
        while not self.st.ended:
            guard += 1
            if guard > 2000:
                raise SimulationError("the hand did not end")
            self.step()
        return self.actions

    def step(self) -> None:
        st = self.st
        phase = st.phase
        if phase == "discard":
            self.own_turn(st.turn)
        elif phase == "replacement":
            self.draw(st.turn, from_tail=True)
        elif phase == "rob":
            if not self.try_rob():
                self.draw(st.turn, from_tail=True)
        elif phase == "claim":
            if self.try_claims():
                return
            if st.wall.size <= self.rs.reserve(st):
                self.play(r.Exhausted(NO_SPAN))
            else:
                self.draw(self.rs.next_seat(st.turn), from_tail=False)

    def draw(self, seat: Seat, *, from_tail: bool) -> None:
        assert self.st.wall.tiles is not None
        tile = self.st.wall.tiles[-1] if from_tail else self.st.wall.tiles[0]
        self.play(r.Draw(NO_SPAN, seat, tile))

    def can_kong(self) -> bool:
        """A kong needs a replacement draw that stays above the reserve."""
        return self.st.wall.size > self.rs.reserve(self.st)

    def own_turn(self, seat: Seat) -> None:
        st, bot = self.st, self.bots[seat]
        # A win needs a draw since the last claim and a complete shape (or a drawn tile the
        # ruleset makes wild, such as a 宝): only then is the ruleset asked what it is worth.
        ss = st.seats[seat]
        drawn = ss.last_drawn
        wild_draw = drawn is not None and ss.draws > 0 and self.rs.is_wild(st, seat, drawn.index)
        if ss.drew_since_claim and (wild_draw or bot.shanten(ss.counts) == -1):
            win = self.replayer.analyse(self.replayer.self_draw_context(seat), None)
            if win.is_win:
                self.play(r.Hu(NO_SPAN, seat))
                return
        ss = st.seats[seat]
        counts = ss.counts
        flower = next((i for i in range(34, 42) if counts[i]), None)
        if flower is not None and self.rs.uses_flowers:
            self.play(r.Flower(NO_SPAN, seat, ALL_TILES[flower]))
            return
        # A ready hand may kong only if it stays ready: the bots simply don't, after declaring.
        if self.can_kong() and not ss.ready:
            now = bot.shanten(counts)
            for i in range(34):
                if counts[i] == 4 and i not in st.wild_kinds:
                    counts[i] -= 4
                    after = bot.shanten(counts, extra_melds=1)
                    counts[i] += 4
                    if after <= now:
                        self.play(r.AnKong(NO_SPAN, seat, ALL_TILES[i]))
                        return
            for m in ss.melds:
                i = m.tiles[0].index
                if m.kind == "pong" and counts[i] and i not in st.wild_kinds:
                    self.play(r.AddKong(NO_SPAN, seat, ALL_TILES[i]))
                    return
        index, after = bot.best_discard(counts)
        if self.rs.ready_allowed() and not ss.ready and after == 0 and self.strategy.want_ready(self, seat, index):
            self.play(r.Ready(NO_SPAN, seat))
        self.play(r.Discard(NO_SPAN, seat, ALL_TILES[index]))

    def try_rob(self) -> bool:
        st = self.st
        assert st.pending_addkong is not None
        konger, tile, _ = st.pending_addkong
        robbed = False
        for seat in self.rs.seats_after(konger):
            counts = st.seats[seat].counts
            counts[tile.index] += 1
            complete = self.bots[seat].shanten(counts) == -1
            counts[tile.index] -= 1
            if not complete or not self.rs.may_rob_kong(st, seat, konger):
                continue
            win = self.replayer.analyse(self.replayer.rob_context(seat, konger, tile), tile)
            if win.is_win:
                self.play(r.Hu(NO_SPAN, seat, tile))
                robbed = True
                if not self.rs.multi_win:
                    break
        return robbed

    def try_claims(self) -> bool:
        """Claims of the last discard, answered by priority; True if one was made."""
        st = self.st
        ld = st.last_discard
        if ld is None:
            return False
        tile = ld.tile
        i = tile.index
        winners: list[Seat] = []
        for seat in self.rs.seats_after(ld.seat):
            if not self.rs.may_win_on_discard(st, seat):
                continue
            counts = st.seats[seat].counts
            counts[i] += 1
            complete = self.bots[seat].shanten(counts) == -1
            counts[i] -= 1
            if complete:
                win = self.replayer.analyse(self.replayer.discard_context(seat, ld), tile)
                if win.is_win:
                    winners.append(seat)
                    if not self.rs.multi_win:
                        break
        if winners:
            for seat in winners:
                self.play(r.Hu(NO_SPAN, seat, tile))
            return True
        if i in st.wild_kinds and not getattr(self.rs.options, "caishen_in_melds", True):
            return False
        best: tuple[int, Seat, r.Action] | None = None
        declined: list[Seat] = []
        last = st.wall.size <= self.rs.reserve(st)
        for seat in self.rs.seats_after(ld.seat):
            bot = self.bots[seat]
            counts = st.seats[seat].counts
            if bot.sets_needed() <= 0 or st.seats[seat].ready:
                continue  # a ready hand changes only by its draws
            melds: list[tuple[int, r.Action, list[Tile]]] = []
            if "kong" in self.rs.claims and counts[i] >= 3 and self.can_kong():
                melds.append((CLAIM_PRIORITY["kong"], r.Kong(NO_SPAN, seat, tile), [tile] * 3))
            if "pong" in self.rs.claims and counts[i] >= 2:
                melds.append((CLAIM_PRIORITY["pong"], r.Pong(NO_SPAN, seat, tile), [tile] * 2))
            if "chow" in self.rs.claims and seat == self.rs.next_seat(ld.seat) and tile.is_suited:
                for lo in (tile.rank - 2, tile.rank - 1, tile.rank):
                    if lo < 1 or lo + 2 > 9:
                        continue
                    run = [ALL_TILES[i - tile.rank + k] for k in (lo, lo + 1, lo + 2)]
                    own = [t for t in run if t != tile]
                    if any(t.index in st.wild_kinds for t in run) or any(counts[t.index] < 1 for t in own):
                        continue
                    melds.append((CLAIM_PRIORITY["chow"], r.Chow(NO_SPAN, seat, (run[0], run[1], run[2])), own))
            if last:
                melds = [m for m in melds if m[1].verb in self.rs.last_discard_claims]
            if not melds:
                continue
            now = bot.shanten(counts)
            wanted: list[tuple[int, r.Action]] = []
            for priority, action, own_tiles in melds:
                for t in own_tiles:
                    counts[t.index] -= 1
                # A kong is followed by a draw; a pong or chow by a discard: 3n+1 vs 3n+2 tiles.
                after = bot.shanten(counts, extra_melds=1)
                for t in own_tiles:
                    counts[t.index] += 1
                if after < now or (after == now and priority >= 2 and bot.keep_value(i) > 0):
                    wanted.append((priority, action))
            if wanted:
                p, a = max(wanted, key=lambda x: x[0])
                if best is None or p > best[0]:
                    best = (p, seat, a)
            elif any(p >= 2 for p, _, _ in melds):
                declined.append(seat)
        for seat in declined:
            self.play(r.Pass(NO_SPAN, seat))
        if best is None:
            return False
        self.play(best[2])
        return True


# ------------------------------------------------------------------ sessions


def _result_lines(rs: Ruleset, result: HandResult) -> list[r.Action]:
    lines: list[r.Action] = []
    for win in result.wins:
        lines.append(_fan_line(win))
    lines.append(r.ScoreLine(NO_SPAN, tuple((s, result.payments.get(s, 0)) for s in rs.seats)))
    return lines


def _fan_line(win: WinAnalysis) -> r.FanLine:
    totals = item_totals(win.items)
    items = tuple(r.FanItem(rid, v, NO_SPAN) for rid, v in totals.items())
    return r.FanLine(NO_SPAN, win.seat, win.total, items)


def simulate_session(
    ruleset: str,
    hands: int,
    rng: random.Random,
    *,
    options: dict[str, str] | None = None,
    stats: SimStats | None = None,
    shanten: Shanten | None = None,
    source: str = "",
) -> Record:
    """Play one session of ``hands`` hands and return its record (results included)."""
    cls = get_ruleset(ruleset)
    rs = cls(parse_options(cls.Options, options or {}))
    header = r.Header(
        ruleset=rs.name,
        ruleset_span=NO_SPAN,
        options=tuple(r.OptionTag(k, v, NO_SPAN) for k, v in sorted((options or {}).items())),
        players=tuple(r.SeatTag("Player", s, f"bot-{s}", NO_SPAN) for s in rs.seats),
        tags=(r.Tag("Source", source, NO_SPAN),) if source else (),
    )
    session = Session(rs, Record(header, ()), [])
    dealer = rng.choice(rs.seats)
    played: list[r.HandRecord] = []
    for number in range(1, hands + 1):
        sim = HandSim(rs, session, number, dealer, rng, shanten or shanten_for(rs.name))
        session.dealer_for(sim.hand)
        actions = sim.run()
        result = sim.replayer.finish(is_last=False)
        actions = actions + _result_lines(rs, result)
        session.end_hand(result, dealer)
        hand = sim.hand
        played.append(r.HandRecord(hand.number, NO_SPAN, hand.dealer, hand.wall, hand.dice, hand.caishen,
                                   hand.deals, tuple(actions)))
        if stats is not None:
            _tally(stats, result, sim)
        assert session.state.dealer is not None
        dealer = session.state.dealer
    return Record(header, tuple(played))


def _tally(stats: SimStats, result: HandResult, sim: HandSim) -> None:
    stats.hands += 1
    stats.count(stats.results, result.result)
    for win, ctx in zip(result.wins, result.contexts, strict=True):
        for item in win.items:
            stats.count(stats.items, item.id)
        if ctx.robbed:
            stats.count(stats.situations, "robbed kong")
        if ctx.after_kong:
            stats.count(stats.situations, "win on a kong replacement")
    if result.multiplier > 1:
        stats.count(stats.situations, f"hand paid ×{result.multiplier}")
    kongs = sum(1 for ss in sim.st.seats.values() for m in ss.melds if m.is_kong)
    if kongs:
        stats.count(stats.situations, "hands with a kong")


def simulate(
    ruleset: str,
    hands: int,
    seed: int,
    *,
    options: dict[str, str] | None = None,
    session_hands: int = 8,
    stats: SimStats | None = None,
    progress: Callable[[int], Any] | None = None,
) -> Iterator[tuple[str, str]]:
    """Yield ``(file name, record text)`` for sessions totalling ``hands`` hands.

    Everything comes from ``random.Random(seed)``: the same arguments give byte-identical
    records.
    """
    rng = random.Random(seed)
    shanten = shanten_for(ruleset)
    name = get_ruleset(ruleset).name
    done = 0
    number = 0
    while done < hands:
        n = min(session_hands, hands - done)
        number += 1
        source = f"paipu simulate --ruleset {name} --seed {seed}, session {number}"
        rec = simulate_session(name, n, rng, options=options, stats=stats, shanten=shanten, source=source)
        done += n
        if progress is not None:
            progress(n)
        yield f"{name}-{seed}-{number:04d}.paipu", format_record(rec)
