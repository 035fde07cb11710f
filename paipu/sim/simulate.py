"""Seeded bots that play whole sessions through the replay engine and write the records.

The bots never decide what is legal themselves: at every moment they choose among the
engine's legal actions (`paipu.replay.engine.HandEngine.legal_actions`), and every action
is played through the engine, which must accept it without a finding.  Whether a hand is a
win, and what it is worth, is the ruleset's answer (`Ruleset.analyse_win`); the bots only
choose among legal moves.  The same seed gives the same records, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

import paipu.record as r
from paipu.findings import PackedFindings
from paipu.grammar.writer import format_action, format_record, hand_lines
from paipu.hand import shanten as _sh
from paipu.hand.incremental import DiscardShanten, MeldShanten
from paipu.record import (  # by name, not ``r.Draw`` (docs/speed.md)
    AddKong,
    AnKong,
    Chow,
    Discard,
    Draw,
    Exhausted,
    Flower,
    Hu,
    Kong,
    Pass,
    Pong,
    Ready,
    Record,
    Seat,
    SeatAction,
    Span,
)
from paipu.replay.engine import HandEngine
from paipu.replay.options import parse_options
from paipu.replay.result import HandResult, WinAnalysis, WinContext
from paipu.replay.ruleset import CLAIM_PRIORITY, Ruleset, get_ruleset
from paipu.replay.session import Session
from paipu.replay.settle import item_totals
from paipu.replay.state import HandState
from paipu.sim.bots import Strategy, strategy_for
from paipu.sim.readiness import Readiness
from paipu.tiles import ALL_TILES, Tile

NO_SPAN = Span.none()


@mypyc_attr(native_class=False)  # an exception class
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

    def merge(self, other: SimStats) -> None:
        """Add the tallies of another run (a worker's sessions) to these."""
        self.hands += other.hands
        for mine, theirs in ((self.results, other.results), (self.items, other.items),
                             (self.situations, other.situations)):
            for key, n in theirs.items():
                self.count(mine, key, n)


# ------------------------------------------------------------------ hand evaluation


_TAILS: Final = [bytes((wild, sets)) for wild in range(16) for sets in range(8)]


class ShantenCache:
    """Shanten over the shapes the ruleset wins with, as the bots ask it, remembered.

    Bots ask about the same hands again and again (every seat, at every discard), so the
    answers are kept (a bounded table, emptied when full; `hit_rate` says how often it
    answered).  The answers are those of `paipu.hand.shanten.shanten` over all the shapes
    (`paipu.hand.shanten.shanten_of`: the simulator's hands are valid by construction, so a
    question goes straight to the shape tables, without the checks of the public function;
    the costly knitted shapes of MCR are worked out only where a cheap bound says they could
    be the closest).  (Looking hands up in a canonical form, suits sorted, was measured: it
    answers about a tenth more questions but costs more than it saves.)
    """

    def __init__(self, shapes: tuple[str, ...], limit: int = 1 << 17) -> None:
        self.shapes = shapes
        self._flags = _sh.shape_flags(shapes)
        self._known: dict[bytes, int] = {}
        """The answers, by the question as one bytes value: the 34 counts, then the wildcards
        and the sets (`tail`).  A bytes key, unlike a tuple, is no object the garbage
        collector follows, and its making does not count toward the next collection."""
        self._limit = limit
        self.asked = 0
        """Questions asked."""
        self.computed = 0
        """Questions answered by computing a shanten (the others came from the table)."""
        self.turn: DiscardShanten | None = None
        """The last hand one tile over (a drawn hand, mostly) whose shanten was worked out, with
        its groups and tallies: the bot whose turn it is weighs its discards from them (`turn_of`)
        instead of looking them up again."""

    @property
    def flags(self) -> int:
        """The shapes, as `paipu.hand.shanten.shanten_of` takes them."""
        return self._flags

    @staticmethod
    def tail(wild: int, sets: int) -> bytes:
        """What follows the 34 counts in a question's key: the wildcards and the sets."""
        if 0 <= wild < 16 and 0 <= sets < 8:
            return _TAILS[wild * 8 + sets]
        return bytes((wild & 255, sets & 255))

    def known(self, question: bytes) -> int | None:
        """The answer kept for a question (the counts followed by `tail`; counted as asked), or
        None: the caller works it out and gives it to `keep`."""
        self.asked += 1
        return self._known.get(question)

    def keep(self, question: bytes, shanten: int) -> None:
        """Keep the answer to a question `known` did not have, worked out by the caller (it
        must be `shanten_of`'s)."""
        self.computed += 1
        self.remember(question, shanten)

    def remember(self, question: bytes, shanten: int) -> None:
        """Keep an answer worked out without asking the table (`Bot.best_discard`'s discard
        chosen), not counted as a question: `shanten_of`'s answer to ``question``."""
        if len(self._known) >= self._limit:
            self._known.clear()
        self._known[question] = shanten

    def __call__(self, key: bytes, wild: int, sets: int) -> int:
        return self.ask(key, wild, sets)

    def ask_over(self, key: bytes, wild: int, sets: int) -> int:
        """`ask` of a hand the caller knows to be one tile over (3n+2 tiles, `Bot.best_discard`'s),
        without counting its tiles."""
        return self._ask(key, wild, sets, True)

    def ask(self, key: bytes, wild: int, sets: int) -> int:
        """The shanten of the hand ``key`` (the 34 real-tile counts as bytes) with ``wild``
        wildcards and ``sets`` sets to make: what calling the table answers, for the bots,
        which call this method directly rather than the object itself."""
        return self._ask(key, wild, sets, False)

    def _ask(self, key: bytes, wild: int, sets: int, over: bool) -> int:
        """`ask`; ``over``: the hand is known to be one tile over (its tiles are not counted)."""
        self.asked += 1
        q = key + self.tail(wild, sets)
        found = self._known.get(q)
        if found is None:
            self.computed += 1
            if over or _tiles(key) + wild == 3 * sets + 2:
                # A hand one tile over: its discards are likely weighed next, from the same groups.
                turn = self.turn = DiscardShanten(key, wild, sets, self._flags)
                found = turn.whole
            else:
                found = _sh.shanten_of(key, wild, sets, self._flags)
            self.remember(q, found)
        return found

    def complete(self, key: bytes, wild: int, sets: int) -> bool:
        """Whether the hand one tile over is complete: ``self(key, wild, sets) < 0``, from the
        table when it has the hand, else by the quick test (`paipu.hand.shanten.complete_of`),
        whose answer is not kept (it is no shanten).  For the engine's question whether another
        seat's tile completes a ready hand, asked once per tile kind."""
        found = self._known.get(key + self.tail(wild, sets))
        if found is not None:
            return found < 0
        return _sh.complete_of(key, wild, sets, self._flags)

    def turn_of(self, key: bytes, wild: int, sets: int, whole: int) -> DiscardShanten:
        """The shanten after each discard of the hand one tile over ``key`` (with ``wild``,
        ``sets``; ``whole`` its shanten): the one kept from working out its own shanten when it
        is that hand, else made now."""
        turn = self.turn
        if turn is not None and turn.c == key and turn.wild == wild and turn.sets == sets:
            return turn
        return DiscardShanten(key, wild, sets, self._flags, whole)

    @property
    def hit_rate(self) -> float:
        """The share of questions answered without computing a shanten."""
        return 1 - self.computed / self.asked if self.asked else 0.0


def shanten_for(ruleset: Ruleset) -> ShantenCache:
    """The bots' shanten over the shapes the ruleset wins with, remembered (`ShantenCache`)."""
    return ShantenCache(tuple(ruleset.shapes))


def _tiles(c: bytes) -> int:
    """The tiles of 34 counts as bytes (``sum(c)``, as a loop)."""
    n = 0
    for k in range(34):
        n += c[k]
    return n


def _same_counts(c: bytes, counts: list[int]) -> bool:
    """Whether the 34 counts ``c`` are the first 34 of ``counts``."""
    for k in range(34):
        if c[k] != counts[k]:
            return False
    return True


class Bot:
    """One seat's choices: discard toward a win, claim when it helps, win whenever it can."""

    def __init__(self, sim: HandSim, seat: Seat) -> None:
        self.sim = sim
        self.seat = seat
        self.ss = sim.st.seats[seat]
        self.uses_flowers = sim.rs.uses_flowers
        self._after: DiscardShanten | None = None
        """The shanten after each discard of the hand `best_discard` weighs, once needed."""
        self._whole = 0
        """The shanten of the whole hand `best_discard` weighs."""
        self._weighed: tuple[bytearray, bytes, int, int] = (bytearray(), b"", 0, 0)
        """The hand `best_discard` weighs: its question (changed and restored by each discard's),
        its counts without wildcards, its wildcards and its sets (for `shanten_after`)."""
        self._turn: DiscardShanten | None = None
        """The hand `best_discard` weighs, as the bots' table worked it out just before
        (`ShantenCache.turn`), when it did: each discard is asked of it directly."""
        self._melds: MeldShanten | None = None
        """The hand whose claims `claims_weighed` last weighed (kept while the hand does not change)."""

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
        wild_kinds = self.sim.st.wild_kinds
        if not wild_kinds:
            return self.sim.shanten.ask(bytes(counts[:34]), 0, 4 - len(self.ss.melds) - extra_melds)
        c, wild = self.split(counts)
        return self.sim.shanten.ask(c, wild, 4 - len(self.ss.melds) - extra_melds)

    def claims_weighed(self, counts: list[int]) -> tuple[int, MeldShanten | None]:
        """`shanten` of the hand ``counts`` (3n+1 tiles, no meld to come), and what answers the
        shanten of each claim of a discard it could make (`MeldShanten.without`: the same answer
        as `shanten` of the counts less the meld's own tiles with one meld more), or None when
        the hand holds a flower (then every claim's shanten is `shanten`'s too, asked so)."""
        if self.uses_flowers and any(counts[34:]):
            return 8, None
        key, wild = self.split(counts)
        sets = 4 - len(self.ss.melds)
        cache = self.sim.shanten
        now = cache.ask(key, wild, sets)
        melds = self._melds
        if melds is None or melds.c != key or melds.wild != wild or melds.sets != sets:
            melds = self._melds = MeldShanten(key, wild, sets, cache.flags)
        return now, melds

    def keep_value(self, index: int) -> int:
        """How much a tile is worth keeping beyond shape: wildcards, scoring honours, the main suit."""
        if index in self.sim.st.wild_kinds:
            return 100
        return self.sim.strategy.keep_value(self, index)

    def best_discard(self, counts: list[int], extra_melds: int = 0,
                     allowed: Callable[[int], bool] | None = None) -> tuple[int, int]:
        """(tile index, shanten after) of the best discard from a hand of 3n+2 tiles.

        Best means: the fewest tiles from ready, then the tile least worth keeping.  The
        shanten of the whole 3n+2 hand (or ready, for a complete hand) is the best any discard
        can reach, so candidates are tried least-valuable first and the first that reaches it
        is the answer.  ``allowed``
        says whether a discard is legal (the engine's answer), asked only of those tried.

        When the bots' table has just worked out the whole hand (`ShantenCache.turn`), each
        discard is asked of that hand's `DiscardShanten` directly, without the table (its
        question, a new bytes value, and the look-up cost about half an answer, and the table
        held few of them); the answer of the discard chosen, the hand the seat keeps, is put
        in the table, which the engine and the bot's claims ask about next.
        """
        i, s = self._best_discard(counts, extra_melds, allowed)
        turn = self._turn
        if turn is not None and i < 34 and turn.c[i]:  # a plain kind, answered by ``turn``
            key = self._weighed[0]
            key[i] = key[i] - 1
            self.sim.shanten.remember(bytes(key), s)
            key[i] = key[i] + 1
        return i, s

    def _best_discard(self, counts: list[int], extra_melds: int,
                      allowed: Callable[[int], bool] | None) -> tuple[int, int]:
        """`best_discard`, but for putting the chosen discard's answer in the table."""
        self._turn = None
        flowers = self.uses_flowers and any(counts[34:])
        if flowers:
            for i in range(34, 42):
                if counts[i] and (allowed is None or allowed(i)):
                    return i, -2
        sets = 4 - len(self.ss.melds) - extra_melds
        sim = self.sim
        wild_kinds = sim.st.wild_kinds
        evaluate = sim.shanten
        turn = evaluate.turn
        # A hand holding a flower is set in order (flowers aside) before it is judged.  A
        # complete hand (-1) can keep no better than ready (0) after a discard.
        if wild_kinds:
            key_bytes, wild = self.split(counts)
            whole = 8 if flowers else evaluate.ask_over(key_bytes, wild, sets)
        elif not flowers and turn is not None and turn.wild == 0 and turn.sets == sets and _same_counts(turn.c, counts):
            # The hand whose shanten the table worked out last (the engine's test of a drawn hand,
            # mostly): its counts and shanten as the table has them, without making them again.
            key_bytes, wild, whole = turn.c, 0, turn.whole
        else:
            key_bytes, wild = bytes(counts[:34]), 0
            whole = 8 if flowers else evaluate.ask_over(key_bytes, wild, sets)
        reachable = max(whole, 0)
        # The kinds held, in the hand's order of ties (`HandSim.tie_order`), tried by value,
        # lowest first: the order of sorting by (value, tie-break), without the sort.  A
        # strategy's first choices (`Strategy.first_discards`) come before every value, found
        # one at a time.
        held = [i for i in sim.tie_order if counts[i]]
        strategy = sim.strategy
        best_i = best_s = -99  # none yet
        key = bytearray(key_bytes + evaluate.tail(wild, sets))  # a discard's question, once one count is taken
        self._after = None
        self._whole = whole
        self._weighed = (key, key_bytes, wild, sets)
        if not flowers:
            turn = evaluate.turn  # made by the question above when the table did not hold it
            # (The same counts, as often as not another bytes value: the engine's question.)
            if turn is not None and turn.wild == wild and turn.sets == sets and (
                    turn.c is key_bytes or turn.c == key_bytes):
                self._turn = turn
        if sim.first_discards:
            tried: list[int] = []
            for i in strategy.first_discards(self, held):
                if i in wild_kinds:
                    continue  # a wildcard keeps its value
                tried.append(i)
                s = 8 if flowers else self._discard_shanten(key, key_bytes, i, wild, sets)
                if (s <= reachable or best_i < 0 or s < best_s) and (allowed is None or allowed(i)):
                    if s <= reachable:
                        return i, s
                    best_i, best_s = i, s
            if tried:
                held = [i for i in held if i not in tried]
        values = strategy.keep_values(self, held)
        if wild:  # a wildcard held is worth keeping above all (only a held one is counted in ``wild``)
            for j in range(len(held)):
                if held[j] in wild_kinds:
                    values[j] = 100
        # By value, then by place in ``held``: each value's kinds in the hand's order of ties
        # (one sort of plain ints, the place in the low six bits; ``held`` has at most 34 kinds).
        for x in sorted([(v << 6) | j for j, v in enumerate(values)]):
            i = held[x & 63]
            # One tile fewer of a plain kind, or one wildcard fewer.
            if flowers:
                s = 8  # only when no flower could be discarded above
            elif wild and i in wild_kinds:
                s = evaluate.ask(key_bytes, wild - 1, sets)
            else:
                s = self._discard_shanten(key, key_bytes, i, wild, sets)
            if (s <= reachable or best_i < 0 or s < best_s) and (allowed is None or allowed(i)):
                if s <= reachable:
                    return i, s
                best_i, best_s = i, s
        if best_i < 0:
            raise SimulationError("no legal discard")
        return best_i, best_s

    def weighed_shanten(self) -> int:
        """While `best_discard` asks the strategy's first choices (`Strategy.first_discards`):
        the shanten of the whole hand it weighs (`shanten` of its counts), as it worked it out."""
        return self._whole

    def shanten_after(self, index: int) -> int:
        """While `best_discard` asks the strategy's first choices (`Strategy.first_discards`):
        the shanten of the hand it weighs less one tile of the plain kind ``index`` (held), as
        `shanten` of those counts answers, from the bots' table or the hand's shape tables."""
        key, key_bytes, wild, sets = self._weighed
        return self._discard_shanten(key, key_bytes, index, wild, sets)

    def _discard_shanten(self, key: bytearray, key_bytes: bytes, i: int, wild: int, sets: int) -> int:
        """The shanten after discarding one tile of the plain kind ``i`` from the hand whose
        counts (wildcards aside) are ``key_bytes`` (``key``: its question to the bots' table,
        `ShantenCache.tail` included, which the call changes and restores): the table's
        answer, else worked out from the hand's shape tables
        (`paipu.hand.incremental.DiscardShanten`, made on the first such question of a
        `best_discard` and kept for the others) and put in the table; or, when `best_discard`
        found the hand's own `DiscardShanten` (``_turn``), its answer alone."""
        turn = self._turn
        if turn is not None:
            return turn.after(i)
        key[i] -= 1
        question = bytes(key)
        key[i] += 1
        cache = self.sim.shanten
        found = cache.known(question)
        if found is not None:
            return found
        after = self._after
        if after is None:
            after = self._after = cache.turn_of(key_bytes, wild, sets, self._whole)
        s = after.after(i)
        cache.keep(question, s)
        return s


# ------------------------------------------------------------------ one hand


class _SimEngine(HandEngine):
    """The engine as the bots use it: a win the bots ask about (`can`) and then declare
    (`play`) is analysed once.  The analysis of a win is the same whenever the table has not
    changed, so the answers are kept from one action played to the next (`forget`); a robbed
    kong is analysed afresh, since declaring it changes the kong before the analysis."""

    def __init__(self, ruleset: Ruleset, hand: r.HandRecord, session: Session, dealer: Seat,
                 shanten: ShantenCache) -> None:
        super().__init__(ruleset, hand, session.state, dealer)
        self._analysed: dict[tuple[WinContext, Tile | None], WinAnalysis] = {}
        self.readiness = Readiness(self.st, ruleset.shapes, shanten.ask, shanten.complete)
        """The win tests, from the bots' shanten table (the engine's own answers, shared)."""

    def could_win(self, seat: Seat, tile: Tile | None) -> bool:
        if tile is None and self.drawn_wild(seat):
            return True
        return self.readiness.could_win(seat, tile)

    def note_shanten(self, seat: Seat, shanten: int) -> None:
        """A bot's hint: `Readiness.note`."""
        self.readiness.note(seat, shanten)

    def analyse(self, ctx: WinContext, extra: Tile | None) -> WinAnalysis:
        if ctx.robbed:
            return super().analyse(ctx, extra)
        key = (ctx, extra)
        found = self._analysed.get(key)
        if found is None:
            found = self._analysed[key] = super().analyse(ctx, extra)
        return found

    def forget(self) -> None:
        """The table changed: no analysis kept holds any more."""
        if self._analysed:
            self._analysed.clear()


_WALLS: dict[tuple[int, ...], tuple[Tile, ...]] = {}
_AFTER_CLAIMS: Final = (Draw, Exhausted)
_REPLACEMENT: Final = (Draw, Exhausted)
"""After a kong or a flower: the replacement draw, or the end of the hand where the seat's own
wall has no tile for it (`paipu.replay.ruleset.Ruleset.seat_walls`)."""
_KONG_PRIORITY: Final = CLAIM_PRIORITY["kong"]
_PONG_PRIORITY: Final = CLAIM_PRIORITY["pong"]
_CHOW_PRIORITY: Final = CLAIM_PRIORITY["chow"]


def _any_legal_claim(engine: HandEngine, melds: list[tuple[int, r.Action, list[Tile]]]) -> bool:
    """Whether a pong or kong (priority 2 and up) among ``melds`` is legal, asked in order."""
    for p, a, _ in melds:
        if p >= 2 and engine.can(a):
            return True
    return False


def _offers_kong(moves: list[r.Action]) -> bool:
    """Whether ``moves`` hold a concealed or an added kong."""
    for a in moves:
        if isinstance(a, AnKong) or isinstance(a, AddKong):
            return True
    return False


def _unshuffled(rs: Ruleset) -> tuple[Tile, ...]:
    """Every tile of the ruleset's set, in tile order, before the shuffle (made once per set)."""
    key = tuple(rs.tile_counts)
    found = _WALLS.get(key)
    if found is None:
        found = _WALLS[key] = tuple(ALL_TILES[i] for i, n in enumerate(key) for _ in range(n))
    return found


class HandSim:
    """Plays one hand: shuffles, deals, lets the bots act, and records every line."""

    def __init__(self, rs: Ruleset, session: Session, number: int, dealer: Seat,
                 rng: random.Random, shanten: ShantenCache) -> None:
        self.rs = rs
        self.rng = rng
        self.shanten = shanten
        self.strategy = strategy_for(rs)
        self._events = type(self.strategy).events_after is not Strategy.events_after
        """Whether the strategy shows table events after actions (else it is not asked)."""
        self.first_discards = type(self.strategy).first_discards is not Strategy.first_discards
        """Whether the strategy names first choices of discard (else it is not asked)."""
        tiles = list(_unshuffled(rs))
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
        # The ruleset's setup (e.g. the 财神) is chosen before the engine reads it.
        setup = self.strategy.hand_setup(self)
        if setup:
            self.hand = r.HandRecord(
                number, NO_SPAN, dealer=self.hand.dealer, wall=self.hand.wall, dice=self.hand.dice,
                deals=self.hand.deals, extra=setup,
            )
        self.engine = _SimEngine(rs, self.hand, session, dealer, shanten)
        self.st: HandState = self.engine.st
        self.actions: list[r.Action] = []
        self.bots = {s: Bot(self, s) for s in seats}
        self._tiebreak = [rng.random() for _ in range(42)]
        self.tie_order = sorted(range(34), key=self._tiebreak.__getitem__)
        """The kinds by this hand's random tie-break: among discards of equal value, the first goes first."""

    def seat_shanten(self, seat: Seat) -> int:
        """The shanten of ``seat``'s concealed hand (see `paipu.sim.bots.TableSim`)."""
        bot = self.bots[seat]
        return bot.shanten(bot.ss.counts)

    def rng_tiebreak(self, index: int) -> float:
        return self._tiebreak[index]

    # ---- playing actions through the engine
    def play(self, action: r.Action) -> None:
        kind = type(action)
        if kind is Draw or kind is Discard:
            # The engine's own fast path for plain draws and discards (same tests, same changes).
            findings = self.st.findings
            mark = len(findings)
            self.engine.play_all((action,))
            new = [f for f in findings[mark:] if f.severity == "error"] if len(findings) > mark else []
        else:
            new = [f for f in self.engine.play(action) if f.severity == "error"]
        self.engine.forget()  # the table changed: the wins asked about before are asked afresh
        if new:
            raise SimulationError(f"the engine rejected a bot's `{action.verb}`: {new[0].code}: {new[0].message}")
        self.actions.append(action)
        if self._events:
            for event in self.strategy.events_after(self, action):
                self.play(event)

    def run(self) -> list[r.Action]:
        if not self.engine.setup():
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
        """One decision: the bots choose among the engine's candidate moves of the moment, and
        play only those the engine says are legal (`HandEngine.can`), asked as they go."""
        st = self.st
        moves = self.engine.candidates(discards=False)
        if st.phase == "discard":
            self.own_turn(st.turn, moves)
        elif st.phase == "claim":
            if len(moves) == 1 and type(moves[0]) in _AFTER_CLAIMS:
                # Nobody could claim the discard at all (the engine's `claims_possible`): the
                # next draw (or the wall's end) is the only move, played without asking `can`
                # first, as `_the_move` does.
                self.play(moves[0])
            elif not self.try_claims(moves):
                self.play(self._the_move(moves, _AFTER_CLAIMS))
        else:  # a replacement draw, or robbing the kong about to be added
            wins = self._legal_wins(moves)
            for win in wins:
                self.play(win)
            if not wins:
                self.play(self._the_move(moves, _REPLACEMENT))

    def _legal_wins(self, moves: list[r.Action]) -> list[r.Action]:
        """The wins among ``moves`` the engine accepts, in order: all of them when the ruleset
        lets several seats win on one tile, else the first (the others are not asked)."""
        engine = self.engine
        if self.rs.multi_win:
            return [a for a in moves if isinstance(a, Hu) and engine.can(a)]
        for a in moves:
            if isinstance(a, Hu) and engine.can(a):
                return [a]
        return []

    def _the_move(self, moves: list[r.Action], kinds: tuple[type, ...]) -> r.Action:
        """The move of these kinds when the engine offers exactly one (the next draw, or the end
        of the wall): played without asking `can` first, since `play` stops the simulation if the
        engine finds it illegal, just as finding no legal move would.  Otherwise the first legal one."""
        found = [a for a in moves if isinstance(a, kinds)]
        if len(found) == 1:
            return found[0]
        return self._first_legal(moves, kinds)

    def _first_legal(self, moves: list[r.Action], kinds: tuple[type, ...]) -> r.Action:
        for a in moves:
            if isinstance(a, kinds) and self.engine.can(a):
                return a
        raise SimulationError(f"no legal move in phase {self.st.phase} (turn {self.st.turn})")

    def can_kong(self, seat: Seat) -> bool:
        """A kong needs a replacement draw that ``seat`` may still make (above the reserve, or
        from its own wall)."""
        return self.engine.draws_left(seat) > 0

    def own_turn(self, seat: Seat, moves: list[r.Action]) -> None:
        st, bot, engine = self.st, self.bots[seat], self.engine
        ss = st.seats[seat]
        # Every legal win is declared: the engine has asked the ruleset that it is one.
        for act in moves:
            if (isinstance(act, Hu) or isinstance(act, Flower)) and engine.can(act):
                self.play(act)
                return
        counts = ss.counts
        # A ready hand may kong only if it stays ready: the bots simply don't, after declaring.
        # (The wall's reserve is asked only when a kong is offered.)
        if not ss.ready and _offers_kong(moves) and self.can_kong(seat):
            now: int | None = None
            for act in moves:
                if isinstance(act, AnKong):
                    if now is None:
                        now = bot.shanten(counts)
                    i = act.tile.index
                    counts[i] -= 4
                    after = bot.shanten(counts, extra_melds=1)
                    counts[i] += 4
                    if after <= now and engine.can(act):
                        self.play(act)
                        return
            for act in moves:
                if isinstance(act, AddKong) and engine.can(act):
                    self.play(act)
                    return
        may_discard = engine.may_discard
        # Where every kind held may be discarded (`HandEngine.discards_free`), the engine is not
        # asked of each discard tried (zhuji: some 7,000 calls through Python in 60 hands).
        allowed: Callable[[int], bool] | None = None
        if not engine.discards_free(seat):
            allowed = lambda i: may_discard(seat, i)  # noqa: E731
        index, after = bot.best_discard(counts, allowed=allowed)
        if after == 0:
            ready = next((a for a in moves if isinstance(a, Ready)), None)
            if ready is not None:
                strategy = self.strategy
                if strategy.ready_by_chance:
                    # The strategy draws from the game's random source: asked first, as always.
                    declare = strategy.want_ready(self, seat, index) and engine.can(ready)
                else:
                    declare = engine.can(ready) and strategy.want_ready(self, seat, index)
                if declare:
                    self.play(ready)
        self.play(engine.discard_move(seat, index))
        if index < 34:
            # The shanten of the hand kept is the bots' table's answer (the engine's `shape_shanten`):
            # the engine keeps the seat's readiness from it instead of asking again.
            engine.note_shanten(seat, after)

    def try_claims(self, moves: list[r.Action]) -> bool:
        """Claims of the last discard, answered by priority; True if one was made."""
        st, engine = self.st, self.engine
        ld = st.last_discard
        assert ld is not None
        wins = self._legal_wins(moves)
        if wins:
            for win in wins:
                self.play(win)
            return True
        i = ld.tile.index
        # The kongs, pongs and chows offered, in their order (one pass over the moves, each
        # seat's read natively from the move, where ``getattr`` is a generic look-up).
        claims: list[SeatAction] = []
        passes: dict[Seat, Pass] = {}  # the engine's own pass of each seat that could claim (a shared value)
        for a in moves:
            if isinstance(a, Kong) or isinstance(a, Pong) or isinstance(a, Chow):
                claims.append(a)
            elif isinstance(a, Pass):
                passes[a.seat] = a
        if not claims:
            return False
        best: tuple[int, Seat, r.Action] | None = None
        declined: list[Seat] = []
        for seat in engine.claim_order(ld.seat):
            bot = self.bots[seat]
            counts = st.seats[seat].counts
            if bot.sets_needed() <= 0 or st.seats[seat].ready:
                continue  # a ready hand changes only by its draws
            melds: list[tuple[int, r.Action, list[Tile]]] = []
            for a in claims:
                if a.seat != seat:
                    continue
                if isinstance(a, Kong):
                    if self.can_kong(seat):
                        melds.append((_KONG_PRIORITY, a, [a.tile] * 3))
                elif isinstance(a, Pong):
                    melds.append((_PONG_PRIORITY, a, [a.tile] * 2))
                elif isinstance(a, Chow):
                    own = list(a.tiles)
                    own.remove(ld.tile)
                    melds.append((_CHOW_PRIORITY, a, own))
            if not melds:
                continue
            now, weigh = bot.claims_weighed(counts)
            wild_kinds = st.wild_kinds
            wanted: list[tuple[int, r.Action]] = []
            for priority, action, own_tiles in melds:
                kinds = [t.index for t in own_tiles]
                if weigh is not None and not (wild_kinds and any(k in wild_kinds for k in kinds)):
                    after = weigh.without(kinds)
                else:
                    for k in kinds:
                        counts[k] -= 1
                    # A kong is followed by a draw; a pong or chow by a discard: 3n+1 vs 3n+2 tiles.
                    after = bot.shanten(counts, extra_melds=1)
                    for k in kinds:
                        counts[k] += 1
                if (after < now or (after == now and priority >= 2 and bot.keep_value(i) > 0)) and engine.can(action) \
                        and self.strategy.want_claim(self, seat, action):
                    wanted.append((priority, action))
            if wanted:
                p, a = max(wanted, key=lambda x: x[0])
                if best is None or p > best[0]:
                    best = (p, seat, a)
            elif _any_legal_claim(engine, melds):
                declined.append(seat)
        for seat in declined:
            self.play(passes.get(seat) or Pass(NO_SPAN, seat))
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
    ruleset: Ruleset | str,
    hands: int,
    rng: random.Random,
    *,
    options: dict[str, str] | None = None,
    stats: SimStats | None = None,
    shanten: ShantenCache | None = None,
    source: str = "",
) -> Record:
    """Play one session of ``hands`` hands and return its record (results included).

    The record states every option of the ruleset that differs from its default, so that it
    replays under the same rules.
    """
    rs = _resolve(ruleset, options)
    header = r.Header(
        ruleset=rs.name,
        ruleset_span=NO_SPAN,
        options=tuple(r.OptionTag(k, v, NO_SPAN) for k, v in sorted(rs.option_texts().items())),
        players=tuple(r.SeatTag("Player", s, f"bot-{s}", NO_SPAN) for s in rs.seats),
        tags=(r.Tag("Source", source, NO_SPAN),) if source else (),
    )
    session = Session(rs, Record(header, ()), PackedFindings())
    dealer = rng.choice(rs.seats)
    played: list[r.HandRecord] = []
    for number in range(1, hands + 1):
        sim = HandSim(rs, session, number, dealer, rng, shanten or shanten_for(rs))
        session.dealer_for(sim.hand)
        actions = sim.run()
        result = sim.engine.finish(is_last=False)
        actions = actions + _result_lines(rs, result)
        session.end_hand(result, dealer)
        hand = sim.hand
        played.append(r.HandRecord(hand.number, NO_SPAN, hand.dealer, hand.wall, hand.dice,
                                   hand.deals, tuple(actions), extra=hand.extra))
        if stats is not None:
            _tally(stats, result, sim)
        assert session.state.dealer is not None
        dealer = session.state.dealer
        if rs.game_over(session.state):
            break
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


def _resolve(ruleset: Ruleset | str, options: dict[str, str] | None) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        if options:
            return type(ruleset)(parse_options(type(ruleset).Options, {**ruleset.option_texts(), **options}))
        return ruleset
    return get_ruleset(ruleset, **(options or {}))


def session_rng(seed: int, number: int) -> random.Random:
    """The random source of session ``number`` (from 1) of a run with ``seed``.

    Each session has its own, derived from the seed and its number alone, so that sessions
    can be played in any order, or in parallel, and give the same records.
    """
    return random.Random(f"paipu simulate {seed} session {number}")


def _session_text(rs: Ruleset, seed: int, number: int, hands: int, stats: SimStats | None,
                  shanten: ShantenCache) -> tuple[str, str, int]:
    """Session ``number``'s file name, text and the hands it really holds (a riichi game can
    end before ``hands``)."""
    source = f"paipu simulate --ruleset {rs.name} --seed {seed}, session {number}"
    rec = simulate_session(rs, hands, session_rng(seed, number), stats=stats, shanten=shanten, source=source)
    return f"{rs.name}-{seed}-{number:04d}.paipu", record_text(rec), len(rec.hands)


_SHARED_MOVES = (r.Draw, r.Discard, r.Pong, r.Kong, r.Chow, r.Pass, r.Ready)
_LINES: dict[int, tuple[r.Action, str]] = {}
"""The line of each move the engine shares between hands (one `Draw` value per seat and tile,
see `paipu.replay.engine`), by identity: the value is kept with its line, so its identity
cannot be taken by another while it is here (bounded, emptied when full)."""
_LINES_MAX = 1 << 12


def record_text(rec: Record) -> str:
    """The simulated record as `paipu.grammar.writer.format_record` writes it, byte for byte,
    at a fraction of the cost: a simulated record has no annotation and no comment, and its
    moves are mostly values the engine shares, whose lines are written once (by the writer's
    own `format_action`).  The header is the writer's own output."""
    lines = [format_record(Record(rec.header, ())).removesuffix("\n")]
    for hand in rec.hands:
        lines.append("")
        lines.extend(text for text, _ in hand_lines(hand, _action_text))
    return "\n".join(lines) + "\n"


def _action_text(a: r.Action) -> str:
    """The writer's line for ``a``; a move the engine shares is written once."""
    if type(a) not in _SHARED_MOVES:
        return format_action(a)
    found = _LINES.get(id(a))
    if found is None or found[0] is not a:
        if len(_LINES) >= _LINES_MAX:
            _LINES.clear()
        found = _LINES[id(a)] = (a, format_action(a))
    return found[1]


_WORKER_RULESETS: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Ruleset, ShantenCache]] = {}


def _worker_session(name: str, options: tuple[tuple[str, str], ...], seed: int, number: int, hands: int,
                    with_stats: bool) -> tuple[str, str, int, SimStats | None]:
    """One session played in a worker process; the ruleset and its shanten table are kept
    between the sessions a worker plays."""
    key = (name, options)
    known = _WORKER_RULESETS.get(key)
    if known is None:
        rs = get_ruleset(name, **dict(options))
        known = _WORKER_RULESETS[key] = (rs, shanten_for(rs))
    stats = SimStats() if with_stats else None
    file_name, text, played = _session_text(known[0], seed, number, hands, stats, known[1])
    return file_name, text, played, stats


def _sessions(hands: int, session_hands: int, first: int = 1) -> list[tuple[int, int]]:
    """(number, hands) of each session that plays ``hands`` hands, numbered from ``first``."""
    out: list[tuple[int, int]] = []
    done = 0
    while done < hands:
        n = min(session_hands, hands - done)
        out.append((first + len(out), n))
        done += n
    return out


def simulate(
    ruleset: Ruleset | str,
    hands: int,
    seed: int,
    *,
    options: dict[str, str] | None = None,
    session_hands: int = 8,
    stats: SimStats | None = None,
    progress: Callable[[int], Any] | None = None,
    jobs: int = 1,
) -> Iterator[tuple[str, str]]:
    """Yield ``(file name, record text)`` for sessions totalling ``hands`` hands.

    Everything comes from the seed (each session from its own `session_rng`): the same
    arguments give byte-identical records, whatever ``jobs`` is.  With ``jobs`` > 1 the
    sessions are played in that many worker processes, a bounded number at a time, and
    yielded in order.
    """
    rs = _resolve(ruleset, options)
    plan = _sessions(hands, session_hands)
    shanten = shanten_for(rs) if jobs <= 1 else None
    while plan:
        # A session may hold fewer hands than planned (a riichi game that ends): the hands
        # missing are played in further sessions, planned the same way whatever ``jobs`` is.
        short = 0
        if shanten is not None:
            played_sessions: Iterator[tuple[str, str, int, SimStats | None]] = (
                (*_session_text(rs, seed, number, n, stats, shanten), None) for number, n in plan)
        else:
            played_sessions = _played_in_parallel(rs, plan, seed, stats is not None, jobs)
        for (_, n), (file_name, text, played, part) in zip(plan, played_sessions, strict=True):
            if stats is not None and part is not None:
                stats.merge(part)
            if progress is not None:
                progress(played)
            if played == 0:
                raise SimulationError(f"session {file_name} played no hand")
            short += n - played
            yield file_name, text
        plan = _sessions(short, session_hands, plan[-1][0] + 1)


def _played_in_parallel(rs: Ruleset, plan: list[tuple[int, int]], seed: int, with_stats: bool,
                        jobs: int) -> Iterator[tuple[str, str, int, SimStats | None]]:
    import os
    from concurrent.futures import Future, ProcessPoolExecutor

    from paipu.sim.parallel import end_with_parent, in_order

    options = tuple(sorted(rs.option_texts().items()))
    with ProcessPoolExecutor(max_workers=jobs, initializer=end_with_parent, initargs=(os.getpid(),)) as pool:

        def submit(session: tuple[int, int]) -> Future[tuple[str, str, int, SimStats | None]]:
            number, n = session
            return pool.submit(_worker_session, rs.name, options, seed, number, n, with_stats)

        try:
            yield from in_order(submit, plan, 4 * jobs)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
