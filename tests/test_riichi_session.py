"""What riichi carries from hand to hand (the round wind, honba, riichi sticks, whether the game is
over, whether the dealer keeps the deal) belongs to the session being replayed, not to the ruleset:
one `Riichi` instance replays two sessions taking turns, hand by hand, as it replays each alone."""

from __future__ import annotations

import random
import threading

from paipu.findings import Finding
from paipu.record import Record, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.result import HandResult
from paipu.replay.ruleset import Ruleset, get_ruleset
from paipu.replay.session import Observer, Replay, replay
from paipu.rules.riichi import Riichi
from paipu.sim.simulate import simulate_session

TURN_WAIT = 120.0
"""Seconds a replay waits for its turn before the test gives up (a loaded machine is slow)."""


class Turns:
    """Replays on threads of their own that take turns: one runs at a time, and hands the turn on
    to the next still running once it has settled a hand."""

    def __init__(self, players: int) -> None:
        self.cond = threading.Condition()
        self.turn = 0
        self.done = [False] * players
        self.order: list[tuple[int, int]] = []
        """(player, hand index) in the order the hands were played."""

    def wait(self, me: int) -> None:
        with self.cond:
            assert self.cond.wait_for(lambda: self.turn == me, TURN_WAIT), f"replay {me} never had its turn"

    def pass_on(self, me: int) -> None:
        with self.cond:
            players = len(self.done)
            later = [(me + k) % players for k in range(1, players + 1)]
            self.turn = next(p for p in later if not self.done[p] or p == me)
            self.cond.notify_all()

    def finish(self, me: int) -> None:
        with self.cond:
            self.done[me] = True
        self.pass_on(me)


class TableSeen(Observer):
    """What players see of each hand: its name and the counters it leaves on the table; with
    ``turns``, the replay also waits for its turn before its first hand and after each."""

    def __init__(self, turns: Turns | None = None, me: int = 0) -> None:
        self.turns = turns
        self.me = me
        self.seen: list[tuple[str, dict[str, int]]] = []

    def start_record(self, record: Record, ruleset: Ruleset) -> None:
        if self.turns is not None:
            self.turns.wait(self.me)

    def end_hand(self, index: int, engine: HandEngine, result: HandResult, findings: list[Finding]) -> None:
        rs = engine.rs
        self.seen.append((rs.hand_name(engine.st), rs.table_counters(engine.st, settled=True)))
        if self.turns is not None:
            self.turns.order.append((self.me, index))
            self.turns.pass_on(self.me)
            self.turns.wait(self.me)


Summary = tuple[list[tuple[object, ...]], dict[Seat, int], list[tuple[object, ...]], list[tuple[str, dict[str, int]]]]
"""A replay's findings, scores and hands (each one's result, payments, game end and scores after
it), and what players saw of each hand."""


def summary(rp: Replay, seen: TableSeen) -> Summary:
    return (
        [(f.severity, f.code, f.message, tuple(f.span), f.rule) for f in rp.findings],
        rp.scores,
        [(h.result.result, h.result.winners, h.result.payments, h.game_end, h.scores_after) for h in rp.hands],
        seen.seen,
    )


def alone(record: Record, rs: Ruleset) -> Summary:
    seen = TableSeen()
    return summary(replay(record, ruleset=rs, observers=[seen]), seen)


def taking_turns(records: list[Record], rs: Ruleset) -> tuple[list[Summary], list[tuple[int, int]]]:
    """Each record replayed by ``rs`` on a thread of its own, the replays taking turns hand by hand."""
    turns = Turns(len(records))
    seers = [TableSeen(turns, i) for i in range(len(records))]
    replays: list[Replay | None] = [None] * len(records)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            replays[i] = replay(records[i], ruleset=rs, observers=[seers[i]])
        except BaseException as e:  # the test's thread reports it
            errors.append(e)
        finally:
            turns.finish(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(records))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    out: list[Summary] = []
    for rp, seen in zip(replays, seers, strict=True):
        assert rp is not None
        out.append(summary(rp, seen))
    return out, turns.order


def sessions() -> list[Record]:
    """Two riichi sessions of several hands that carry honba and sticks, and differ."""
    rs = get_ruleset("riichi")
    records = [simulate_session(rs, 10, random.Random(seed)) for seed in (3, 8)]
    assert len(records[0].hands) > 2 and len(records[1].hands) > 2
    return records


def test_one_ruleset_replays_two_sessions_taking_turns_as_it_replays_each_alone() -> None:
    records = sessions()
    rs = get_ruleset("riichi")
    assert isinstance(rs, Riichi)
    each = [alone(record, get_ruleset("riichi")) for record in records]
    assert each[0] != each[1]
    for findings, _, _, seen in each:
        assert findings == []
        assert any(counters["honba"] or counters["sticks"] for _, counters in seen)
    together, order = taking_turns(records, rs)
    shorter = min(len(r.hands) for r in records)
    assert order[: 2 * shorter] == [(p, h) for h in range(shorter) for p in (0, 1)]
    assert together == each

