"""The ready questions the simulator asks (rule harbin.ready, hebei.ready) answered as their
definition says: Harbin's waits are the kinds that complete the hand into some reading with
no shape problem, read off every decomposition, on the hands the bots really ask about and
on hands built to reach every shortcut of the answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import pytest

from paipu.hand.sets import HandSet
from paipu.hand.shanten import waits
from paipu.replay.ruleset import get_ruleset
from paipu.replay.state import Meld, meld_set
from paipu.rules.harbin.ruleset import Harbin, _concealed_readings
from paipu.rules.hebei.ruleset import Hebei
from paipu.sim import simulate as sim
from paipu.tiles import ALL_TILES, parse_tiles


def _by_readings(rs: Harbin, counts: Sequence[int], meld_sets: list[HandSet]) -> list[int]:
    """harbin.ready by its definition: a kind completing the standard shape is a wait when
    some reading of the completed hand, with the melds, has no shape problem."""
    sets = 4 - len(meld_sets)
    c = list(counts[:34])
    if sets < 0 or any(counts[34:]) or sum(c) != 3 * sets + 1:
        return []
    out = []
    for k in waits(c, 0, melds=len(meld_sets), shapes=("standard",), fifth=True):
        if not rs.tile_counts[k]:
            continue
        c[k] += 1
        if any(rs._shape_problem([*meld_sets, *s], pair.first) is None for s, pair in _concealed_readings(c, 0, sets)):
            out.append(k)
        c[k] -= 1
    return out


def _asked(tiles: str, hands: int) -> list[tuple[list[int], int, list[HandSet]]]:
    """The Harbin ready questions a short simulation asks (each worked out, not looked up)."""
    rs = get_ruleset("harbin", tiles=tiles)
    asked: list[tuple[list[int], int, list[HandSet]]] = []
    original = Harbin._ready_waits

    def spy(self: Harbin, counts: Sequence[int], meld_count: int, meld_sets: list[HandSet],
            shape: list[int] | None = None) -> list[int]:
        asked.append((list(counts), meld_count, list(meld_sets)))
        return original(self, counts, meld_count, meld_sets, shape)

    mp = pytest.MonkeyPatch()
    mp.setattr(Harbin, "_ready_waits", spy)
    try:
        for number, n in sim._sessions(hands, 8):
            sim._session_text(rs, 5, number, n, None, sim.shanten_for(rs))
    finally:
        mp.undo()
    return asked


@pytest.mark.parametrize("tiles", ["112", "136"])
def test_harbin_ready_waits_asked_in_simulated_hands_match_every_reading(tiles: str) -> None:
    rs = get_ruleset("harbin", tiles=tiles)
    assert isinstance(rs, Harbin)
    asked = _asked(tiles, 24)
    ready = 0
    for counts, meld_count, meld_sets in asked:
        got = rs._ready_waits(counts, meld_count, meld_sets)
        assert got == _by_readings(rs, counts, meld_sets), (counts, meld_sets)
        ready += bool(got)
    assert len(asked) > 50 and 0 < ready < len(asked)  # both answers were really compared


def index(text: str) -> int:
    return parse_tiles(text)[0].index


def _counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(text):
        c[t.index] += 1
    return c


def _meld(kind: Literal["chow", "pong"], first: str) -> Meld:
    t = ALL_TILES[index(first)]
    tiles = [ALL_TILES[t.index + d] for d in range(3)] if kind == "chow" else [t] * 3
    return Meld(kind, tiles)


@pytest.mark.parametrize(("hand", "melds", "want"), [
    # one suit held and melded: no wait makes two suits
    ("1m 2m 3m 4m 5m 6m 7m 8m 9m 9m", [("pong", "2m")], []),
    # no 1/9/红中 held or melded: only a completing terminal passes (1p of 2p3p; 4p has none)
    ("2p 3p 5m 5m 5m 6m 7m", [("pong", "4s"), ("chow", "3s")], ["1p"]),
    # a chow and a pong among the melds: every standard wait that passes the tile tests
    ("1m 2m 3m 7p 8p 9p 5s", [("pong", "4s"), ("chow", "3s")], ["5s"]),
    # a pong melded, no chow: the completed hand needs a reading with a chow (234m three times)
    ("2m 2m 2m 3m 3m 3m 4m 4m 4m 9p", [("pong", "1s")], ["9p"]),
    # a chow melded, no pong: a pong or a 红中 pair is needed (here the 红中 pair)
    ("1m 2m 3m 4m 5m 6m 7p 8p 9p 7z", [("chow", "1s")], ["7z"]),
    # nothing melded: a chow and a pong in one reading
    ("1m 1m 1m 2m 3m 4m 7p 8p 9p 5s 5s 6s 6s", [], ["5s", "6s"]),
    # four of a kind held: a fifth would complete the shape, and it is listed (whether such
    # a tile is left to win on is the caller's question)
    ("1m 1m 1m 1m 2p 3p 4p", [("pong", "9s"), ("chow", "3s")], ["1m"]),
])
def test_harbin_ready_waits_by_case_match_every_reading(hand: str, melds: list[tuple[Literal["chow", "pong"], str]],
                                                        want: list[str]) -> None:
    for tiles in ("112", "136"):
        rs = get_ruleset("harbin", tiles=tiles)
        assert isinstance(rs, Harbin)
        counts = _counts(hand)
        meld_sets = [meld_set(_meld(k, f)) for k, f in melds]
        got = rs._ready_waits(counts, len(melds), meld_sets)
        assert got == _by_readings(rs, counts, meld_sets)
        assert got == sorted(index(w) for w in want)


def test_hebei_ready_waits_kept_answers_are_the_worked_out_ones() -> None:
    # hebei.ready: a bot about to declare and the engine checking it ask about the same hand;
    # the kept answer must be the waits of that hand in every winning shape, each time.
    rs = get_ruleset("hebei")
    assert isinstance(rs, Hebei)
    asked: list[tuple[list[int], int]] = []
    original = Hebei.ready_waits

    def spy(self: Hebei, counts: list[int], melds: list[Meld]) -> list[int]:
        asked.append((list(counts), len(melds)))
        return original(self, counts, melds)

    mp = pytest.MonkeyPatch()
    mp.setattr(Hebei, "ready_waits", spy)
    try:
        for number, n in sim._sessions(24, 8):
            sim._session_text(rs, 3, number, n, None, sim.shanten_for(rs))
    finally:
        mp.undo()
    assert len(asked) > 10 and len({(tuple(c), m) for c, m in asked}) < len(asked)  # asked again
    for counts, n_melds in asked:
        melds = [Meld("pong", [ALL_TILES[27]] * 3)] * n_melds
        want = waits(counts[:34], 0, melds=n_melds, shapes=("standard", "seven_pairs_fours", "orphans"), fifth=True)
        first = rs.ready_waits(counts, melds)
        assert first == want
        first.append(99)  # the caller's list is its own
        assert rs.ready_waits(counts, melds) == want


@pytest.mark.parametrize("tiles", ["112", "136"])
def test_harbin_shape_waits_kept_with_the_ready_waits_are_the_standard_shapes_waits(tiles: str) -> None:
    """Rule harbin.ready, `Harbin.ready_and_shape_waits`: beside the harbin waits of a hand that
    could wait on a harbin win, the kinds of the tile set completing it in the standard shape
    (a fifth tile included), as `paipu.hand.shanten.waits` lists them; the harbin waits are
    among them."""
    from paipu.rules.harbin import ruleset as harbin
    from paipu.tiles import NUM_PLAY_KINDS

    rs = get_ruleset("harbin", tiles=tiles)
    assert isinstance(rs, Harbin)
    harbin._READY_CACHES.clear()  # every question worked out again (not kept from another test)
    compared = 0
    for counts, meld_count, meld_sets in _asked(tiles, 16):
        shape: list[int] = []
        found = rs._ready_waits(counts, meld_count, meld_sets, shape)
        assert set(found) <= set(shape)
        if shape:
            want = [k for k in waits(list(counts[:NUM_PLAY_KINDS]), 0, melds=meld_count, shapes=("standard",),
                                     fifth=True) if rs.tile_counts[k]]
            assert shape == want, (counts, meld_sets)
            compared += 1
    assert compared > 20
