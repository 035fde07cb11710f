"""The engine's quick win tests (`HandEngine.could_win`) in simulated hands, answered from what
it keeps (a seat's readiness and its answers by tile, and its own hand after a draw as that
hand with the drawn tile) exactly as the shanten of the hand says, for every ruleset, with the
bots' shanten table and without it."""

from __future__ import annotations

import collections
import random

import pytest

import paipu.record as r
from paipu.hand.shanten import shanten
from paipu.record import Seat
from paipu.replay.engine import HandEngine
from paipu.replay.ruleset import ruleset_names
from paipu.sim.readiness import Readiness
from paipu.sim.simulate import HandSim, ShantenCache, _SimEngine, simulate_session
from paipu.tiles import Tile

RULESETS = ruleset_names()


def complete_by_shanten(engine: HandEngine, seat: Seat, tile: Tile | None) -> bool:
    """What `could_win` must answer, from `paipu.hand.shanten.shanten` of the seat's hand (with
    ``tile``, another seat's tile): a drawn tile the ruleset makes wild for that draw alone
    (Harbin's 宝), else complete (-1) in one of the ruleset's shapes, wildcards counted as such
    and no flower held."""
    st = engine.st
    ss = st.seats[seat]
    if tile is None:
        drawn = ss.last_drawn
        if (drawn is not None and ss.draws > 0 and drawn.index not in st.wild_kinds
                and engine.rs.is_wild(st, seat, drawn.index)):
            return True
    counts = list(ss.counts)
    if tile is not None:
        if tile.index >= 34:
            return False
        counts[tile.index] += 1
    if any(counts[34:]):
        return False
    wild = 0
    for k in st.wild_kinds:
        wild += counts[k]
        counts[k] = 0
    sets = 4 - len(ss.melds)
    if sets < 0 or sum(counts) + wild != 3 * sets + 2:
        return False
    return shanten(counts[:34], wild, melds=len(ss.melds), shapes=tuple(engine.rs.shapes)) == -1


def _kept_hand_case(readiness: Readiness, seat: Seat) -> str:
    """Which of `could_win`'s ways its own-draw question takes now: from the kept answers of the
    hand before the draw (that hand ready or not), or worked out whole."""
    st = readiness.st
    ss = st.seats[seat]
    drawn = ss.last_drawn
    known = readiness.kept.get(seat)
    if drawn is None or known is None or drawn.index >= 34 or drawn.index in st.wild_kinds:
        return "whole"
    before = list(ss.counts)
    before[drawn.index] -= 1
    if known.counts != before or known.melds != len(ss.melds):
        return "whole"
    return "kept, ready" if known.ready else "kept, not ready"


def _play_checked(ruleset: str, hands: int, with_table: bool,
                  monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    seen: collections.Counter[str] = collections.Counter()
    step = HandSim.step

    def could_win(engine: _SimEngine, seat: Seat, tile: Tile | None) -> bool:
        # With the bots' table (the simulator's kept answers), or the engine's own tests.
        return engine.could_win(seat, tile) if with_table else HandEngine.could_win(engine, seat, tile)

    def checked_step(sim: HandSim) -> None:
        engine, st = sim.engine, sim.st
        for seat, known in engine.readiness.kept.items():
            # A seat's kept readiness (worked out, or the bots' hint `note_shanten`) is the one
            # worked out afresh while its hand is the one kept.
            ss = st.seats[seat]
            if known.counts == ss.counts and known.melds == len(ss.melds):
                if not known.asked:
                    # Readiness not asked (`Readiness.entry`'s lazy entry): taken as possible.
                    assert known.ready and known.wild == 0, (ruleset, seat)  # (no wildcard held)
                    seen["readiness not asked"] += 1
                    continue
                assert known.ready == engine.readiness.entry(ss.counts, len(ss.melds)).ready, (ruleset, seat, ss.counts)
                seen["kept readiness"] += 1
        if st.phase == "discard":
            seat = st.turn
            case = _kept_hand_case(engine.readiness, seat)
            answer = could_win(engine, seat, None)
            assert answer == complete_by_shanten(engine, seat, None), (ruleset, seat, case, st.seats[seat].counts)
            seen[f"own draw {case}"] += 1
            seen["own draw complete"] += answer
        elif st.phase == "claim" and st.last_discard is not None:
            ld = st.last_discard
            for seat in engine.claim_order(ld.seat):
                answer = could_win(engine, seat, ld.tile)
                assert answer == complete_by_shanten(engine, seat, ld.tile), (ruleset, seat, ld.tile)
                seen["discard complete"] += answer
                seen["discard asked"] += 1
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    simulate_session(ruleset, hands, random.Random(f"win tests {ruleset}"))
    return seen


@pytest.mark.parametrize("ruleset", RULESETS)
def test_could_win_own_draw_from_the_kept_hand_is_its_shanten(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """could_win, every ruleset, the bots' shanten table: the own hand after a draw answered from
    the hand before it (not ready: no win; ready: the answer for that tile kind), and another
    seat's tile from the kept readiness (the bots' hint after each discard) and answers, are
    each the hand's shanten's answer."""
    seen = _play_checked(ruleset, 6, True, monkeypatch)
    # Both ways of the kept hand were met, and wins both on a draw and on a discard.
    assert seen["own draw kept, not ready"] > 20, seen
    assert seen["own draw kept, ready"] > 0, seen
    assert seen["own draw whole"] > 0, seen
    assert seen["discard asked"] > 50 and seen["discard complete"] + seen["own draw complete"] > 0, seen
    assert seen["kept readiness"] > 100, seen
    if ruleset in ("mcr", "hebei"):  # (wins on discards by four seats, no wildcard)
        assert seen["readiness not asked"] > 5, seen


@pytest.mark.parametrize("ruleset", ["zhuji", "hebei", "harbin", "mcr"])
def test_could_win_of_the_engine_itself_is_its_shanten(ruleset: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """could_win of the engine itself (`HandEngine.could_win`, nothing kept, as a replay asks
    it) in simulated hands: the hand's shanten's answer."""
    seen = _play_checked(ruleset, 3, False, monkeypatch)
    assert seen["own draw kept, not ready"] > 20, seen
    assert seen["discard asked"] > 50, seen


def test_could_win_a_drawn_wildcard_is_worked_out_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """could_win, zhuji: a drawn 财神 is not answered from the hand before the draw (a wildcard
    held lifts the limit of four a kind, so that hand's readiness does not bound it), and is
    still the hand's shanten's answer."""
    seen: collections.Counter[str] = collections.Counter()
    step = HandSim.step

    def checked_step(sim: HandSim) -> None:
        engine, st = sim.engine, sim.st
        if st.phase == "discard":
            drawn = st.seats[st.turn].last_drawn
            if drawn is not None and drawn.index in st.wild_kinds:
                assert _kept_hand_case(engine.readiness, st.turn) == "whole"
                assert engine.could_win(st.turn, None) == complete_by_shanten(engine, st.turn, None)
                seen["drawn wildcard"] += 1
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    simulate_session("zhuji", 6, random.Random("win tests wildcards"))
    assert seen["drawn wildcard"] > 0, seen


def test_could_win_ready_hand_answers_follow_the_drawn_tile() -> None:
    """could_win, hebei: a ready hand (waiting on 2s alone) after a draw is complete only with
    its wait, answered from the hand before the draw."""
    from paipu.replay.ruleset import get_ruleset
    from paipu.tiles import parse_tiles

    rs = get_ruleset("hebei")
    deals: tuple[tuple[Seat, str], ...] = (
        ("E", "1m1m1m2m2m2m3m3m3m4m4m4m5m5m"), ("S", "1p2p3p4p5p6p7p8p9p1s1s1s2s"),
        ("W", "3s3s3s4s4s4s5s5s5s6s6s6s7z"), ("N", "1z1z2z2z3z3z4z4z5z5z6z6z9s"))
    engine = HandEngine.start(rs, r.HandRecord(1, r.Span.none(), deals=tuple(
        r.Deal(s, parse_tiles(t), r.Span.none()) for s, t in deals)))
    two_s, nine_s = parse_tiles("2s9s")
    table = ShantenCache(rs.shapes)
    kept = Readiness(engine.st, rs.shapes, table.ask, table.complete)
    assert kept.could_win("S", two_s) and not kept.could_win("S", nine_s)
    ss = engine.st.seats["S"]
    for tile, complete in ((two_s, True), (nine_s, False)):
        ss.counts[tile.index] += 1
        ss.last_drawn = tile
        ss.draws = 1
        assert _kept_hand_case(kept, "S") == "kept, ready"
        assert kept.could_win("S", None) is complete
        assert engine.could_win("S", None) is complete
        assert complete_by_shanten(engine, "S", None) is complete
        ss.counts[tile.index] -= 1


def _far(key: bytes, t: int) -> bool:
    """Whether kind ``t`` is far from the hand ``key``: none of it held, no suited neighbour
    within two ranks (what `HandEngine._completed_by` rules out without a complete test)."""
    if key[t]:
        return False
    if t >= 27:
        return True
    return not any(key[k] for k in range(t - t % 9, t - t % 9 + 9) if abs(k - t) <= 2)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_completed_by_far_tiles_is_the_full_test(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """_completed_by, every ruleset, every tile kind asked of every ready hand kept in simulated
    hands: a far tile (none of its kind held, no neighbour within two) ruled out by shape
    (`paipu.hand.complete.far_tiles_may_complete`) gives the answer of the hand's shanten, as every other does."""
    from paipu.tiles import ALL_TILES

    seen: collections.Counter[str] = collections.Counter()
    step = HandSim.step

    def checked_step(sim: HandSim) -> None:
        engine, st = sim.engine, sim.st
        if st.phase == "claim":
            for seat, known in list(engine.readiness.kept.items()):
                ss = st.seats[seat]
                if not known.ready or known.counts != ss.counts or known.melds != len(ss.melds):
                    continue
                if not known.asked:
                    seen["readiness not asked"] += 1
                seen["ready hands"] += 1
                for t in range(34):
                    answer = engine.readiness._completed_by(known, t, False)
                    assert answer == complete_by_shanten(engine, seat, ALL_TILES[t]), (ruleset, seat, t, ss.counts)
                    if not known.wild and t not in st.wild_kinds and _far(known.key, t):
                        seen["far complete" if answer else "far"] += 1
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    simulate_session(ruleset, 3, random.Random(f"far tiles {ruleset}"))
    assert seen["ready hands"] > 5, seen
    if ruleset != "harbin":  # Harbin's 宝 is wild: its ready hands are few without a wildcard
        assert seen["far"] > 20, seen


@pytest.mark.parametrize(("shapes", "hand", "far_wait"), [
    (("standard", "seven_pairs_fours", "orphans"), "1m9m1p9p1s9s1z2z3z4z5z6z6z", "7z"),
    (("standard", "quanzipai"), "1z1z1z2z2z3z3z4z4z5z5z6z6z", "7z"),
    (("standard", "quanbukao"), "1m4m7m2p5p8p3s6s1z2z3z4z5z", "6z"),
    (("standard", "zuhelong"), "1m4m7m2p5p8p3s6s1z1z1z5z5z", "9s"),
])
def test_far_tiles_complete_the_shapes_that_take_them(shapes: tuple[str, ...], hand: str, far_wait: str) -> None:
    """far_tiles_may_complete: a ready hand of the orphans, all honours, 全不靠 or 组合龙 that a
    far tile completes is never ruled out; the same hand under the plain shapes is."""
    from paipu.hand.complete import far_tiles_may_complete
    from paipu.hand.shanten import shanten as full_shanten
    from paipu.tiles import parse_tiles

    counts = [0] * 34
    for tile in parse_tiles(hand):
        counts[tile.index] += 1
    wait = parse_tiles(far_wait)[0].index
    key = bytes(counts)
    assert full_shanten(counts, 0, melds=0, shapes=shapes) == 0
    assert _far(key, wait)
    counts[wait] += 1
    assert full_shanten(counts, 0, melds=0, shapes=shapes) == -1
    assert far_tiles_may_complete(key, shapes)
    assert not far_tiles_may_complete(key, ("standard", "seven_pairs_fours"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_quick_complete_is_the_full_test_on_random_hands(ruleset: str) -> None:
    """quick_complete, every ruleset's shapes: on random hands one tile over (made of random
    sets and a pair, seven pairs, orphans, honours and knitted tiles, one tile changed at times,
    with 0-2 melds), where it answers, the answer is the hand's shanten's (-1: complete); it
    answers most of them, the complete and the incomplete."""
    from paipu.hand.complete import quick_complete
    from paipu.replay.ruleset import get_ruleset

    shapes = tuple(get_ruleset(ruleset).shapes)
    rng = random.Random(f"quick complete {ruleset}")
    seen: collections.Counter[str] = collections.Counter()
    knitted = [0, 3, 6, 10, 13, 16, 20, 23, 26]
    for _ in range(4000):
        melds = rng.choice((0, 0, 1, 2))
        sets = 4 - melds
        c = [0] * 34
        how = rng.random()
        if how < 0.6 or sets < 4:
            for _ in range(sets):
                if rng.random() < 0.6:
                    start = rng.randrange(27)
                    start -= max(0, start % 9 - 6)
                    for k in (start, start + 1, start + 2):
                        c[k] += 1
                else:
                    c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
        elif how < 0.75:
            for k in rng.sample(range(34), 7):
                c[k] += 2
        elif how < 0.85:
            for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
                c[k] += 1
            c[rng.choice((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))] += 1
        else:
            kinds = knitted + list(range(27, 34))
            for k in rng.sample(kinds, 14):
                c[k] += 1
        if rng.random() < 0.4:  # one tile changed
            held = [k for k in range(34) if c[k]]
            c[rng.choice(held)] -= 1
            c[rng.randrange(34)] += 1
        if max(c) > 4:
            continue
        quick = quick_complete(bytes(c), shapes)
        full = shanten(c, 0, melds=melds, shapes=shapes) == -1
        if quick >= 0:
            assert (quick == 1) == full, (ruleset, c, melds, quick)
            seen[f"answered {full}"] += 1
        else:
            seen["left to the full test"] += 1
    assert seen["answered True"] > 500 and seen["answered False"] > 500, seen


@pytest.mark.parametrize("ruleset", ["zhuji", "mcr", "hebei"])
def test_no_win_offered_right_after_a_claim(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """candidates, right after a chow, pong or kong claim (no draw since): no win is offered, and
    the engine refuses one if asked (rule: a win needs a draw after a claim), complete or not."""
    seen: collections.Counter[str] = collections.Counter()
    step = HandSim.step

    def checked_step(sim: HandSim) -> None:
        engine, st = sim.engine, sim.st
        if st.phase == "discard" and not st.seats[st.turn].drew_since_claim:
            seat = st.turn
            assert not any(isinstance(a, r.Hu) for a in engine.candidates(discards=False)), (ruleset, seat)
            assert not engine.can(r.Hu(r.Span.none(), seat)), (ruleset, seat)
            seen["after a claim"] += 1
            seen["complete"] += complete_by_shanten(engine, seat, None)
        step(sim)

    monkeypatch.setattr(HandSim, "step", checked_step)
    simulate_session(ruleset, 6, random.Random(f"after a claim {ruleset}"))
    assert seen["after a claim"] > 5, seen
