"""The simulator plays legal games, deterministically; the auditor catches every corruption of them."""

from __future__ import annotations

import collections
import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import paipu.record as r
from paipu.auditing import audit_text
from paipu.cli import main
from paipu.grammar.writer import format_record
from paipu.hand.shanten import shanten
from paipu.record import Span
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import get_ruleset, ruleset_names
from paipu.sim.mutate import MAKERS, mutants
from paipu.sim.simulate import (
    HandSim,
    SimStats,
    _session_text,
    record_text,
    session_rng,
    shanten_for,
    simulate,
    simulate_session,
)
from paipu.tiles import ALL_TILES

# How many hands each option set plays; the totals over the sets are in the thousands.
HANDS = int(os.environ.get("PAIPU_SIM_HANDS", "400"))

ZHUJI_OPTION_SETS: list[dict[str, str]] = [
    {},
    {"min_tai": "2", "laozhuang_stack": "true"},
    {"variant": "bao", "caishen_kinds": "1"},
    {"win_on_discard": "true", "qianggang_payer": "all", "cap_tai": "6"},
    {"caishen_kinds": "2", "laozhuang_scope": "dealer"},
]


def test_same_seed_gives_byte_identical_records() -> None:
    a = list(simulate("zhuji", 6, seed=42, session_hands=3))
    b = list(simulate("zhuji", 6, seed=42, session_hands=3))
    assert a == b
    assert [name for name, _ in a] == ["zhuji-42-0001.paipu", "zhuji-42-0002.paipu"]


def test_different_seeds_give_different_games() -> None:
    a = list(simulate("zhuji", 4, seed=1))
    b = list(simulate("zhuji", 4, seed=2))
    assert a != b


def test_jobs_give_the_same_records_and_stats_as_one_job() -> None:
    """`simulate --jobs N` splits the work by session: the records are those of one job, in order."""
    one, two = SimStats(), SimStats()
    a = list(simulate("hebei", 10, seed=8, session_hands=3, stats=one))
    b = list(simulate("hebei", 10, seed=8, session_hands=3, stats=two, jobs=2))
    assert a == b
    assert [name for name, _ in b] == [f"hebei-8-000{i}.paipu" for i in (1, 2, 3, 4)]
    assert one == two and one.hands == 10


def test_a_session_depends_on_the_seed_and_its_number_alone() -> None:
    """Each session has its own random source, so the third session is the same whether or
    not the two before it were played with it, and sessions of a run differ."""
    first = list(simulate("zhuji", 6, seed=5, session_hands=2))
    rs = get_ruleset("zhuji")
    again = _session_text(rs, 5, 3, 2, None, shanten_for(rs))
    assert again == (*first[2], 2)
    assert first[0][1].split("\n", 3)[3] != first[1][1].split("\n", 3)[3]


@pytest.mark.parametrize("ruleset", ["zhuji", "hebei", "harbin", "mcr", "erren"])
def test_shanten_cache_gives_the_shanten_of_every_shape(ruleset: str) -> None:
    """The bots' cached shanten (with 全不靠 and 组合龙 skipped below their bound) is
    `paipu.hand.shanten.shanten` over all the ruleset's shapes, on random hands of each size."""
    rs = get_ruleset(ruleset)
    cache = shanten_for(rs)
    rng = random.Random(ruleset)
    wall = [k for k in range(34) for _ in range(4)]
    for i in range(400):
        sets = 4 - (i % 3)
        size = 3 * sets + 1 + i % 2
        wild = i % 3 if ruleset == "zhuji" else 0
        counts = [0] * 34
        for k in rng.sample(wall, size - wild):
            counts[k] += 1
        key = bytes(counts)
        assert cache(key, wild, sets) == shanten(key, wild, melds=4 - sets, shapes=tuple(rs.shapes)), counts
    assert cache(key, wild, sets) == cache(key, wild, sets)
    assert 0 < cache.hit_rate < 1 and cache.computed <= 400


def test_simulate_command_with_jobs_writes_the_same_files(tmp_path: Path) -> None:
    runner = CliRunner()
    for jobs in ("1", "2"):
        res = runner.invoke(main, ["simulate", "-r", "zhuji", "-n", "5", "-s", "4", "--session-hands", "2",
                                   "--out", str(tmp_path / jobs), "-q", "--jobs", jobs])
        assert res.exit_code == 0, res.output
    names = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "2").iterdir()) and len(names) == 3
    for n in names:
        assert (tmp_path / "1" / n).read_bytes() == (tmp_path / "2" / n).read_bytes()


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_simulated_records_are_written_byte_for_byte_as_the_writer_writes_them(ruleset: str) -> None:
    """The simulator's own writing of its records (`record_text`, lines of shared moves kept)
    is `format_record`'s output, with options and tags in the header, over several sessions
    (the kept lines of one session serve the next)."""
    options = {"min_tai": "2"} if ruleset == "zhuji" else {}
    rs = get_ruleset(ruleset, **options)
    lines = 0
    for number in (1, 2, 3):
        rec = simulate_session(rs, 3, session_rng(17, number), source=f"test {number}")
        text = record_text(rec)
        assert text == format_record(rec), (ruleset, number)
        lines += text.count("\n")
    assert lines > 300


def _label(options: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


@pytest.mark.parametrize("options", ZHUJI_OPTION_SETS, ids=_label)
def test_every_simulated_zhuji_record_replays_without_a_finding(options: dict[str, str]) -> None:
    stats = SimStats()
    hands = 0
    for name, text in simulate("zhuji", HANDS, seed=7, options=options, stats=stats):
        audit = audit_text(text, name)
        assert audit.findings == [], (name, audit.findings[:3])
        assert audit.replay is not None
        hands += len(audit.replay.hands)
    assert hands == HANDS == stats.hands
    # The games are varied: wins and drawn hands both occur.
    assert stats.results.get("win", 0) > 0 and stats.results.get("exhausted", 0) > 0


def test_simulated_records_state_the_options_they_were_played_with() -> None:
    (_, text), = simulate("zhuji", 1, seed=3, options={"min_tai": "2"})
    assert '[Option min_tai "2"]' in text
    assert text.count("\nwall ") == 1 and "\nscore " in text


def test_stats_count_results_and_items() -> None:
    stats = SimStats()
    list(simulate("zhuji", 60, seed=11, stats=stats))
    assert sum(stats.results.values()) == stats.hands == 60
    assert stats.items, "no scoring item ever occurred"


def test_simulate_command_writes_files_and_prints_stats(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "sim"
    res = runner.invoke(main, ["simulate", "-r", "zhuji", "-n", "5", "-s", "9", "--session-hands", "2",
                               "--out", str(out), "--stats", "-q"])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in out.iterdir()) == [f"zhuji-9-000{i}.paipu" for i in (1, 2, 3)]
    assert "5 hands" in res.output and "results:" in res.output


def test_simulate_command_rejects_an_unknown_ruleset() -> None:
    res = CliRunner().invoke(main, ["simulate", "-r", "sanma", "-s", "1"])
    assert res.exit_code == 2 and "unknown ruleset 'sanma'" in res.output


# ---------------------------------------------------------------- fault injection

MUTANT_SOURCES = int(os.environ.get("PAIPU_MUTANT_SOURCES", "40"))


def test_every_mutant_is_flagged_with_its_code_at_its_line() -> None:
    """At least 2,000 single corruptions of simulated records, each caught where it is."""
    flagged: collections.Counter[str] = collections.Counter()
    missed: list[str] = []
    for i, (name, text) in enumerate(simulate("zhuji", MUTANT_SOURCES * 2, seed=101, session_hands=2)):
        for m in mutants(text, seed=i, per_kind=5):
            audit = audit_text(m.text, name)
            if any(f.code == m.code and f.line == m.line for f in audit.findings):
                flagged[m.kind] += 1
            else:
                missed.append(f"{name} {m.kind}: expected {m.code} at {m.line}; got "
                              f"{[(f.code, f.line) for f in audit.findings][:4]}")
    assert not missed, missed[:5]
    assert sum(flagged.values()) >= 2000 or MUTANT_SOURCES < 40
    # Every kind of corruption was produced and caught.
    kinds = {k.replace("fan-item-added", "fan-item-changed").replace("fan-item-removed", "fan-item-changed")
             for k in flagged}
    assert kinds == set(MAKERS)


def test_mutate_command_writes_mutants_that_check_reports(tmp_path: Path) -> None:
    (_, text), = simulate("zhuji", 4, seed=5, session_hands=4)
    src = tmp_path / "game.paipu"
    src.write_text(text, encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(main, ["mutate", str(src), "--seed", "1", "--out", str(tmp_path / "m")])
    assert res.exit_code == 0, res.output
    files = sorted((tmp_path / "m").iterdir())
    assert files
    for f in files:
        head = f.read_text(encoding="utf-8").splitlines()[1]
        code, line = head.removeprefix("; expect: ").split()
        audit = audit_text(f.read_text(encoding="utf-8"), f.name)
        assert any(x.code == code and x.line == int(line) for x in audit.findings), f.name


def test_mutate_refuses_a_record_with_errors(tmp_path: Path) -> None:
    src = tmp_path / "bad.paipu"
    src.write_text('[Ruleset "zhuji"]\nhand 1\ndealer E\nE draw 5m\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["mutate", str(src), "--seed", "1", "--out", str(tmp_path / "m")])
    assert res.exit_code == 2 and "valid record" in res.output


def test_sessions_that_end_early_are_made_up_the_same_with_any_jobs() -> None:
    """A riichi east-only game can end before its session's hands: the hands missing are
    played in further sessions, so the run holds the hands asked for, and `jobs` changes
    nothing."""
    one = list(simulate("riichi", 24, seed=5, options={"length": "tonpuusen"}))
    two = list(simulate("riichi", 24, seed=5, options={"length": "tonpuusen"}, jobs=2))
    assert one == two
    assert sum(text.count("\nhand ") for _, text in one) == 24


# ------------------------------------------------------------------ the engine's shortcuts for players

SHORTCUT_RULESETS = ruleset_names()


def _check_shortcuts(sim: HandSim, seen: collections.Counter[str]) -> None:
    """At this moment of a simulated hand, each shortcut the bots use answers as the engine's
    own checks do."""
    engine, st = sim.engine, sim.st
    for seat in st.seats:
        for tile in (None, st.last_discard.tile if st.last_discard is not None else None):
            plain = HandEngine.could_win(engine, seat, tile)  # the engine's own tests, nothing kept
            assert engine.could_win(seat, tile) == plain, (seat, tile)
            seen["could_win true"] += plain
    if st.phase == "discard":
        # `could_win` is a necessary test: every win on one's draw the engine accepts passes it,
        # a drawn 财神 judged by the shape test like any other tile.
        ss = st.seats[st.turn]
        if engine.can(r.Hu(Span.none(), st.turn)):
            assert engine.could_win(st.turn, None), st.turn
            seen["self-drawn win"] += 1
        if ss.last_drawn is not None and ss.last_drawn.index in st.wild_kinds:
            seen["drawn wildcard"] += 1
        seats = [st.turn, sim.rs.next_seat(st.turn)]
        for seat in seats:
            for i in range(34):
                legal = engine.can(r.Discard(Span.none(), seat, ALL_TILES[i]))
                assert engine.may_discard(seat, i) == legal, (seat, ALL_TILES[i])
                seen["discard legal"] += legal
    elif st.phase == "claim":
        ld = st.last_discard
        assert ld is not None
        if not engine.claims_possible():
            seen["no claim possible"] += 1
            for seat in sim.rs.seats_after(ld.seat):
                moves: list[r.Action] = [r.Hu(Span.none(), seat, ld.tile), r.Pong(Span.none(), seat, ld.tile),
                                         r.Kong(Span.none(), seat, ld.tile)]
                k = ld.tile.index
                if k < 27:
                    rank = k % 9
                    for lo in range(max(0, rank - 2), min(rank, 6) + 1):
                        first = k - rank + lo
                        moves.append(r.Chow(Span.none(), seat, (ALL_TILES[first], ALL_TILES[first + 1],
                                                                ALL_TILES[first + 2])))
                for move in moves:
                    assert not engine.can(move), move
        else:
            seen["claim possible"] += 1
            # The same tests list the claims: a claim is possible exactly when one is listed.
            claims = [a for a in engine.candidates() if isinstance(a, (r.Hu, r.Pong, r.Kong, r.Chow))]
            assert claims, ld


@pytest.mark.parametrize("ruleset", SHORTCUT_RULESETS)
def test_the_engine_shortcuts_the_bots_use_answer_as_its_checks_do(ruleset: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """At every step of simulated hands: `HandEngine.may_discard` is `can` of the discard (for
    the seat on turn and another), `claims_possible` false means no seat can win on, pong, kong
    or chow the discard, and `could_win` with the bots' shanten table (`shape_shanten`, and its
    complete test `shape_complete`) is
    `could_win` without it."""
    seen: collections.Counter[str] = collections.Counter()
    step = HandSim.step

    def checked_step(sim: HandSim) -> None:
        _check_shortcuts(sim, seen)
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    texts = list(simulate(ruleset, 4, seed=31, session_hands=2))
    assert len(texts) == 2
    # Every case was met: the shortcuts were asked both ways.
    assert seen["no claim possible"] > 20 and seen["claim possible"] > 10, seen
    assert seen["discard legal"] > 100 and seen["could_win true"] > 0, seen
    if ruleset == "zhuji":
        assert seen["drawn wildcard"] > 0, seen


@pytest.mark.parametrize("ruleset", ["harbin", "zhuji", "mcr"])
def test_best_discard_is_the_first_by_value_then_tie_of_those_that_reach_the_best(
        ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every discard of simulated hands, the bot's choice is the one a plain reference
    makes: every kind held valued (a strategy's first choices, Harbin's discards that leave a
    hand which may declare ready, below every value; a wildcard 100), sorted by (value, the
    hand's tie-break), the first legal one that keeps the hand as close to ready as the whole
    hand is (ready for a complete hand), else the legal one closest to ready.  Each shanten
    of the reference is `shanten_of`'s, worked out afresh (not the bots' table, which the bot
    fills); the answer the bot puts in the table for the discard it chose is that too."""
    from paipu.hand.shanten import shanten_of
    from paipu.sim.simulate import Bot

    chosen = Bot.best_discard
    seen: collections.Counter[str] = collections.Counter()

    def reference(bot: Bot, counts: list[int], allowed: object) -> tuple[int, int]:
        sim = bot.sim
        assert callable(allowed)
        held = [i for i in range(34) if counts[i]]
        firsts = set(sim.strategy.first_discards(bot, list(held)))
        values = sim.strategy.keep_values(bot, held)
        order = sorted((100 if i in sim.st.wild_kinds else -10_000 if i in firsts else v, sim.rng_tiebreak(i), i)
                       for i, v in zip(held, values, strict=True))
        flags = sim.shanten.flags
        sets = 4 - len(bot.ss.melds)
        key, wild = bot.split(counts)
        whole = shanten_of(key, wild, sets, flags)
        best: tuple[int, int] | None = None
        for _, _, i in order:
            after = list(counts)
            after[i] -= 1
            key, wild = bot.split(after)
            s = shanten_of(key, wild, sets, flags)
            if allowed(i) and (best is None or s < best[1]):
                if s <= max(whole, 0):
                    return i, s
                best = (i, s)
        assert best is not None
        return best

    def checked(bot: Bot, counts: list[int], extra_melds: int = 0,
                allowed: object = None) -> tuple[int, int]:
        turn = bot.sim.shanten.turn
        # The hand the table worked out last (the engine's test of the drawn hand) is this one:
        # best_discard takes its counts and shanten from it.
        seen["from the table's last hand"] += bool(
            turn is not None and not bot.sim.st.wild_kinds and turn.wild == 0 and not any(counts[34:])
            and turn.sets == 4 - len(bot.ss.melds) - extra_melds and turn.c == bytes(counts[:34]))
        got = chosen(bot, counts, extra_melds, allowed)  # type: ignore[arg-type]
        if extra_melds == 0 and not any(counts[34:]):
            # Each discard asked of the hand's own `DiscardShanten`, which the table had just made.
            seen["asked of the whole hand's table"] += bot._turn is not None
            if allowed is None:
                # The engine said every kind held may be discarded (`HandEngine.discards_free`):
                # the reference asks it of each all the same.
                engine, seat = bot.sim.engine, bot.seat
                assert engine.discards_free(seat)
                allowed = lambda i: engine.may_discard(seat, i)  # noqa: E731
                seen["free discards"] += 1
            assert got == reference(bot, counts, allowed), (ruleset, counts)
            # The whole hand's shanten the bot holds for its strategy (`SeatBot.weighed_shanten`).
            key, wild = bot.split(counts)
            assert bot.weighed_shanten() == shanten_of(key, wild, 4 - len(bot.ss.melds), bot.sim.shanten.flags)
            after = list(counts)
            after[got[0]] -= 1
            assert bot.shanten(after) == got[1], (ruleset, counts)  # the table's answer, kept or not
            seen["checked"] += 1
            seen["first choice"] += got[0] in set(bot.sim.strategy.first_discards(bot, [got[0]]))
        return got

    monkeypatch.setattr(Bot, "best_discard", checked)
    list(simulate(ruleset, 16, seed=3))
    assert seen["checked"] > 300, seen
    assert seen["asked of the whole hand's table"] > 100, seen
    if ruleset != "zhuji":  # (Zhuji's hands hold wildcards: its bots make their questions themselves)
        # (The engine tests a drawn hand, not one right after a claim, which cannot win: the bot
        # works that one out itself.)
        assert seen["from the table's last hand"] > 50, seen
    if ruleset == "zhuji":  # no hook on discards: the engine is not asked of each
        assert seen["free discards"] > 300, seen
    if ruleset == "harbin":
        assert seen["first choice"] > 5, seen
