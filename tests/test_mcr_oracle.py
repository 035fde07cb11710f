"""PyMahjongGB as an independent oracle for the MCR fan table (rule mcr.best-reading and the fans).

Bots play `mcr` hands (`paipu.sim.simulate.simulate`, seeded); at every win the test takes
the winner's tiles and the table as they stand, gives them to PyMahjongGB's
`MahjongFanCalculator` and compares its fan total and its fans with paipu's.  The inputs the
calculator needs beyond the tiles (和绝张, the last tile, a kong, the winds) are read here
from the table, not from paipu's valuation, so the two sides meet only at the result.

The default run values ``DEFAULT_WINS`` wins; ``PAIPU_ORACLE_WINS=10000`` (``make oracle``)
runs the full comparison.  Where two readings of a hand are worth the same, the calculator
and paipu may name different fans for the same total (a 幺九刻 pong or two chows of an 一般高,
say): such a win counts as agreeing when one of paipu's readings of equal value has exactly
the calculator's fans.  docs/rules/mcr.md, "The reference calculator", gives the figures.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass

import pytest

from paipu.replay.result import HandResult, Payments, SessionState, WinContext
from paipu.replay.state import HandState, Meld
from paipu.rules.mcr import Mcr
from paipu.rules.mcr.fans import FANS, MeldIn, WinIn, evaluate
from paipu.sim.simulate import simulate

MahjongGB = pytest.importorskip("MahjongGB")

DEFAULT_WINS = 1000
WINS = int(os.environ.get("PAIPU_ORACLE_WINS", DEFAULT_WINS))

GB_NAMES: dict[str, str] = {f.name_zh: f.id for f in FANS.values()}
"""The calculator's fan names -> paipu's ids: the table's Chinese names, and the three waits."""
GB_NAMES.update({"独听・边张": "bianzhang", "独听・嵌张": "kanzhang", "独听・单钓": "dandiaojiang"})


def gb_tile(k: int) -> str:
    """paipu's kind index as the calculator writes it (W 万, B 饼, T 条, F winds, J1 中 J2 发 J3 白)."""
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    if k < 31:
        return f"F{k - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[k]


@dataclass(frozen=True)
class Win:
    """One win as the table showed it."""

    standing: tuple[int, ...]
    """The 13 - 3m concealed tiles before the winning one."""
    melds: tuple[tuple[str, int, bool], ...]
    """(kind, lowest kind index, concealed) of each meld."""
    tile: int
    self_drawn: bool
    last_of_kind: bool
    about_kong: bool
    wall_last: bool
    seat_wind: int
    prevalent_wind: int
    flowers: int
    total: int
    fans: Counter[str]


class _Watching(Mcr):
    """The mcr ruleset, noting each win and the table it was won at before paying it."""

    wins: list[Win]

    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        for ctx, win in zip(result.contexts, result.wins, strict=True):
            if win.is_win:
                self.wins.append(_win(self, hand, ctx, win.total, Counter({i.id: i.count for i in win.items})))
        return super().settle(hand, result, session)


def _win(rs: Mcr, hand: HandState, ctx: WinContext, total: int, fans: Counter[str]) -> Win:
    ss = hand.seats[ctx.seat]
    standing = list(ss.counts[:34])
    if ctx.self_drawn:
        standing[ctx.tile.index] -= 1
    k = ctx.tile.index
    # Shown now: the winning discard is already marked claimed, so it is not among them.
    shown = sum(1 for s in hand.seats.values() for m in s.melds if m.kind != "ankong" for t in m.tiles if t.index == k)
    shown += sum(1 for s in hand.seats.values() for t, claimed in s.discards if not claimed and t.index == k)
    return Win(
        tuple(standing), tuple(_meld(m) for m in ss.melds), k, ctx.self_drawn, shown >= 3,
        ctx.robbed or (ctx.self_drawn and ctx.after_kong), ctx.last_tile and not ctx.robbed,
        "ESWN".index(ctx.seat), rs.prevalent_wind(hand), len(ss.flowers), total, fans,
    )


def _meld(m: Meld) -> tuple[str, int, bool]:
    if m.kind == "chow":
        return ("chow", min(t.index for t in m.tiles), False)
    return ("kong" if m.is_kong else "pong", m.tiles[0].index, m.kind == "ankong")


def oracle(w: Win) -> tuple[int, Counter[str]]:
    """The calculator's total and fans for a win."""
    packs = []
    for kind, first, concealed in w.melds:
        if kind == "chow":
            packs.append(("CHI", gb_tile(first + 1), 2))
        elif kind == "pong":
            packs.append(("PENG", gb_tile(first), 1))
        else:
            packs.append(("GANG", gb_tile(first), 0 if concealed else 1))
    hand = tuple(gb_tile(k) for k in range(34) for _ in range(w.standing[k]))
    result = MahjongGB.MahjongFanCalculator(
        tuple(packs), hand, gb_tile(w.tile), w.flowers, w.self_drawn, w.last_of_kind, w.about_kong, w.wall_last,
        w.seat_wind, w.prevalent_wind, verbose=True)
    fans: Counter[str] = Counter()
    total = 0
    for points, count, name, _english in result:
        fans[GB_NAMES[name]] += count
        total += points * count
    return total, fans


def equal_readings(w: Win) -> list[Counter[str]]:
    """The fans of each of paipu's readings worth the win's total: the ties a calculator may break otherwise."""
    concealed = list(w.standing)
    concealed[w.tile] += 1
    melds = tuple(MeldIn(kind, first, concealed) for kind, first, concealed in w.melds)  # type: ignore[arg-type]
    win = WinIn(tuple(concealed), melds, w.tile, w.self_drawn, w.last_of_kind, w.about_kong, w.wall_last,
                w.seat_wind, w.prevalent_wind, w.flowers)
    return [r.fans for r in evaluate(win) if r.total == w.total]


def simulated_wins(n: int, seed: int) -> list[Win]:
    rs = _Watching()
    rs.wins = []
    for _ in simulate(rs, hands=max(n * 5 // 4, 8), seed=seed):
        if len(rs.wins) >= n:
            break
    return rs.wins[:n]


@pytest.fixture(scope="module")
def wins() -> list[Win]:
    return simulated_wins(WINS, seed=15)


def test_mcr_fan_total_agrees_with_pymahjonggb_on_every_simulated_win(wins: list[Win]) -> None:
    assert len(wins) >= min(WINS, 900), f"only {len(wins)} wins were played"
    wrong = [(w, oracle(w)) for w in wins if oracle(w)[0] != w.total]
    assert not wrong, "\n".join(f"{w}: the calculator gives {o}" for w, o in wrong[:5])


def test_mcr_fan_names_agree_with_pymahjonggb_up_to_equal_readings(wins: list[Win]) -> None:
    differ = 0
    unexplained = []
    for w in wins:
        _total, fans = oracle(w)
        if fans == w.fans:
            continue
        differ += 1
        if fans not in equal_readings(w):
            unexplained.append((w, fans))
    assert not unexplained, "\n".join(f"{w}: the calculator names {dict(f)}" for w, f in unexplained[:5])
    assert differ <= len(wins) // 50, f"{differ} of {len(wins)} wins name other fans of an equal reading"


def test_mcr_oracle_sees_the_situation_fans() -> None:
    """The comparison is worth something only if the simulated wins reach the situation fans."""
    seen: Counter[str] = Counter()
    for w in simulated_wins(300, seed=3):
        seen.update(w.fans)
    for fid in ("zimo", "hejuezhang", "gangshangkaihua", "bianzhang", "kanzhang", "dandiaojiang", "menqianqing"):
        assert seen[fid], f"no simulated win scored {fid}"
