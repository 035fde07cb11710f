"""The riichi bots of the simulator: riichi or dama, calls that keep a yaku, the aborts Tenhou
makes; and simulated riichi games that audit clean."""

from __future__ import annotations

import random
from dataclasses import dataclass

import paipu.record as r
from paipu.auditing import audit_text
from paipu.findings import PackedFindings
from paipu.grammar.parser import parse
from paipu.hand.shanten import shanten
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import get_ruleset
from paipu.replay.session import Session
from paipu.replay.state import HandState
from paipu.rules.riichi.bots import RiichiStrategy
from paipu.rules.riichi.ruleset import Riichi
from paipu.sim.simulate import SimStats, simulate
from paipu.tiles import Tile

DEALS = (
    "deal E 111m 234m 567m 99p 6p 1z 2z\n"
    "deal S 123s 456s 789s 45p 77z\n"
    "deal W 223344m 388p 11s 55z\n"
    "deal N 555666m 377p 44z 66z\n"
)


@dataclass
class Table:
    """What a strategy sees of a hand (`paipu.sim.bots.TableSim`), replayed from a record."""

    rs: Riichi
    st: HandState
    rng: random.Random

    def seat_shanten(self, seat: r.Seat) -> int:
        ss = self.st.seats[seat]
        return shanten(ss.counts[:34], melds=len(ss.melds), shapes=self.rs.shapes)


def table(body: str, deals: str = DEALS) -> tuple[Table, list[r.Action]]:
    res = parse('[Ruleset "riichi"]\nhand 1\ndealer E\n' + deals + body)
    assert res.ok and res.record is not None
    rs = get_ruleset("riichi")
    assert isinstance(rs, Riichi)
    hand = res.record.hands[0]
    engine = HandEngine(rs, hand, Session(rs, res.record, PackedFindings()).state, "E")
    assert engine.setup()
    for action in hand.actions:
        assert not [f for f in engine.play(action) if f.severity == "error"], action
    return Table(rs, engine.st, random.Random(0)), list(hand.actions)


def test_bots_abort_suufon_after_four_east_winds() -> None:
    sim, actions = table("E discard 1z\nS draw 1z\nS discard 1z\nW draw 1z\nW discard 1z\nN draw 1z\nN discard 1z\n")
    events = RiichiStrategy().events_after(sim, actions[-1])  # type: ignore[arg-type]
    assert [(e.name, e.word) for e in events if isinstance(e, r.TableEvent)] == [("abort", "suufon")]
    sim, actions = table("E discard 1z\nS draw 1z\nS discard 1z\nW draw 1z\nW discard 1z\nN draw 2z\nN discard 2z\n")
    assert RiichiStrategy().events_after(sim, actions[-1]) == []  # type: ignore[arg-type]


def test_bots_abort_sanchahou_when_three_seats_could_win() -> None:
    deals = ("deal E 3p 111z 222z 333z 99p 19s\ndeal S 234m 567m 678s 44s 45p\n"
             "deal W 345s 678p 666m 22m 45p\ndeal N 456s 777m 234m 88s 45p\n")
    sim, actions = table("E discard 3p\n", deals)
    events = RiichiStrategy().events_after(sim, actions[-1])  # type: ignore[arg-type]
    assert [(e.name, e.word) for e in events if isinstance(e, r.TableEvent)] == [("abort", "sanchahou")]


def test_bots_dama_when_every_wait_wins_with_two_han_and_riichi_otherwise() -> None:
    # S holds 123s 456s 789s 45p 77z and draws 9m: discarding 9m it waits on 3p 6p with ittsu (2 han).
    sim, _ = table("E discard 1z\nS draw 9m\n")
    assert RiichiStrategy().want_ready(sim, "S", 8) is False  # type: ignore[arg-type]
    # Drawing 6s and discarding 9s it waits on 3p 6p with no yaku but riichi: it declares riichi.
    sim, _ = table("E discard 1z\nS draw 6s\n")
    assert RiichiStrategy().want_ready(sim, "S", 26) is True  # type: ignore[arg-type]


def test_bots_call_only_when_the_open_hand_keeps_a_yaku() -> None:
    strategy = RiichiStrategy()
    sim, _ = table("E discard 1z\n")
    chun = Tile.parse("7z")
    assert strategy.want_claim(sim, "S", r.Pong(r.Span.none(), "S", chun))  # type: ignore[arg-type]
    # S holds 9s and 1s (terminals): a chow leaves it no yaku.
    chow = r.Chow(r.Span.none(), "S", tuple(Tile.parse(x) for x in ("3p", "4p", "5p")))  # type: ignore[arg-type]
    assert not strategy.want_claim(sim, "S", chow)  # type: ignore[arg-type]
    # W holds 223344m 388p 11s 55z: a pong of 8p, with 1s 1s 5z 5z left, keeps no yaku either.
    assert not strategy.want_claim(sim, "W", r.Pong(r.Span.none(), "W", Tile.parse("8p")))  # type: ignore[arg-type]


def test_simulated_riichi_games_audit_clean_with_dama_wins_calls_and_ura_dora() -> None:
    stats = SimStats()
    records = [text for _, text in simulate("riichi", 64, seed=11, stats=stats)]
    for text in records:
        audit = audit_text(text)
        assert [f.code for f in audit.findings if f.severity == "error"] == []
    joined = "\n".join(records)
    assert " pong " in joined or " chow " in joined
    dama = 0
    for text in records:
        for hand in text.split("\nhand ")[1:]:
            lines = hand.splitlines()
            for line in lines:
                if " hu " in line:
                    seat = line[0]
                    if not any(x.startswith((f"{seat} ready", f"{seat} pong", f"{seat} chow", f"{seat} kong"))
                               for x in lines):
                        dama += 1
    assert dama > 0
    assert stats.items.get("riichi", 0) > 0 and stats.items.get("ura_dora", 0) > 0


def test_simulated_east_only_games_start_a_new_game_when_one_ends() -> None:
    records = [text for _, text in simulate("riichi", 24, seed=5, options={"length": "tonpuusen"})]
    counts = [text.count("\nhand ") for text in records]
    assert sum(counts) == 24 and min(counts[:-1]) < 8  # a game ended before its session's 8 hands
    for text in records:
        assert '[Option length "tonpuusen"]' in text
        assert [f.code for f in audit_text(text).findings if f.severity == "error"] == []
