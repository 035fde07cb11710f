"""PyMahjongGB as an independent oracle for the MCR fan table (rule mcr.best-reading and the fans).

Bots play `mcr` hands (`paipu.sim.simulate.simulate`, seeded); at every win the test takes
the winner's tiles and the table as they stand, gives them to PyMahjongGB's
`MahjongFanCalculator` and compares its fan total and its fans with paipu's.  The inputs the
calculator needs beyond the tiles (和绝张, the last tile, a kong, the winds) are read here
from the table, not from paipu's valuation, so the two sides meet only at the result.

The default run values ``DEFAULT_WINS`` wins; ``PAIPU_ORACLE_WINS=10000`` (``make oracle``)
runs the full comparison.  The fans must agree as well as the total, also where two readings
of a hand are worth the same (a 幺九刻 pong or the chows of a 连六, say): paipu keeps the one
the calculator keeps.  docs/rules/mcr.md, "The reference calculator", gives the figures.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from paipu.replay.result import HandResult, Payments, SessionState, WinContext
from paipu.replay.state import HandState, Meld
from paipu.rules.mcr import Mcr
from paipu.rules.shared.fans import FANS, KNITTED, MeldIn, WinIn, evaluate, preference
from paipu.sim.simulate import simulate

MahjongGB = pytest.importorskip("MahjongGB")

DEFAULT_WINS = 300
WINS = int(os.environ.get("PAIPU_ORACLE_WINS", DEFAULT_WINS))
BUILT_HANDS = int(os.environ.get("PAIPU_ORACLE_BUILT", 5000))

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


def calculator_args(w: Win) -> tuple[object, ...]:
    """A win as the calculator's `MahjongFanCalculator` takes it (its positional arguments)."""
    packs = []
    for kind, first, concealed in w.melds:
        if kind == "chow":
            packs.append(("CHI", gb_tile(first + 1), 2))
        elif kind == "pong":
            packs.append(("PENG", gb_tile(first), 1))
        else:
            packs.append(("GANG", gb_tile(first), 0 if concealed else 1))
    hand = tuple(gb_tile(k) for k in range(34) for _ in range(w.standing[k]))
    return (tuple(packs), hand, gb_tile(w.tile), w.flowers, w.self_drawn, w.last_of_kind, w.about_kong, w.wall_last,
            w.seat_wind, w.prevalent_wind)


def win_in(w: Win) -> WinIn:
    """A win as paipu's fan evaluator takes it."""
    concealed = list(w.standing)
    concealed[w.tile] += 1
    melds = tuple(MeldIn(kind, first, concealed) for kind, first, concealed in w.melds)  # type: ignore[arg-type]
    return WinIn(tuple(concealed), melds, w.tile, w.self_drawn, w.last_of_kind, w.about_kong, w.wall_last,
                 w.seat_wind, w.prevalent_wind, w.flowers)


def oracle(w: Win) -> tuple[int, Counter[str]]:
    """The calculator's total and fans for a win."""
    result = MahjongGB.MahjongFanCalculator(*calculator_args(w), verbose=True)
    fans: Counter[str] = Counter()
    total = 0
    for points, count, name, _english in result:
        fans[GB_NAMES[name]] += count
        total += points * count
    return total, fans


def equal_readings(w: Win) -> list[Counter[str]]:
    """The fans of each of paipu's readings worth the win's total: the ties a calculator may break otherwise."""
    return [r.fans for r in evaluate(win_in(w)) if r.total == w.total]


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
    assert len(wins) >= WINS * 9 // 10, f"only {len(wins)} wins were played"
    wrong = [(w, oracle(w)) for w in wins if oracle(w)[0] != w.total]
    assert not wrong, "\n".join(f"{w}: the calculator gives {o}" for w, o in wrong[:5])


def test_mcr_fan_names_agree_with_pymahjonggb_on_every_simulated_win(wins: list[Win]) -> None:
    """The fans too, ties included: between readings worth the same, paipu keeps the one the
    calculator keeps (rule mcr.best-reading: the higher pair)."""
    wrong = []
    for w in wins:
        _total, fans = oracle(w)
        if fans != w.fans:
            tie = "a reading of equal value" if fans in equal_readings(w) else "no reading of paipu"
            wrong.append(f"{w}: the calculator names {dict(fans)} ({tie} has them)")
    assert not wrong, "\n".join(wrong[:5])


def test_mcr_oracle_sees_the_situation_fans() -> None:
    """The comparison is worth something only if the simulated wins reach the situation fans."""
    seen: Counter[str] = Counter()
    for w in simulated_wins(300, seed=3):
        seen.update(w.fans)
    for fid in ("zimo", "hejuezhang", "gangshangkaihua", "bianzhang", "kanzhang", "dandiaojiang", "menqianqing"):
        assert seen[fid], f"no simulated win scored {fid}"


# ---------------------------------------------------------------- constructed hands
#
# The simulated wins rarely reach the big fans (大四喜, 九莲宝灯, 绿一色 …): the bots do not aim
# for them.  So hands are also built at random from themed tile pools (one suit, honours,
# terminals, green tiles, 7-9 …) as sets and a pair, seven pairs, 十三幺 or the knitted
# shapes, with random melds, winning tile and situation, and valued by both.

_POOLS: tuple[tuple[int, ...], ...] = (
    tuple(range(34)),
    tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27)),
    (*range(9), *range(27, 34)),
    tuple(range(27, 34)),
    (0, 8, 9, 17, 18, 26, *range(27, 34)),
    (0, 8, 9, 17, 18, 26),
    (19, 20, 21, 23, 25, 32),
    (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31),
    tuple(k for k in range(27) if k % 9 >= 6),
    tuple(k for k in range(27) if 3 <= k % 9 <= 5),
    tuple(k for k in range(27) if k % 9 <= 2),
    tuple(k for k in range(27) if k % 9 % 2 == 1),
    tuple(k for k in range(27) if 2 <= k % 9 <= 6),
    (*range(27, 31), *range(9)),
    (*range(31, 34), *range(18, 27)),
)
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _built_hand(rng: random.Random) -> Win | None:
    """A random complete hand, or None when the draw breaks the four-of-a-kind limit."""
    concealed = [0] * 34
    melds: list[tuple[str, int, bool]] = []
    shown = [0] * 34
    pool = rng.choice(_POOLS)
    shape = rng.random()
    if shape < 0.06:
        for k in rng.sample(pool, min(7, len(pool))) if len(pool) >= 7 else []:
            concealed[k] += 2
        if sum(concealed) != 14:
            return None
    elif shape < 0.08:
        for k in _ORPHANS:
            concealed[k] = 1
        concealed[rng.choice(_ORPHANS)] += 1
    elif shape < 0.11:
        straight = rng.choice(KNITTED)
        honours = rng.randint(5, 7)
        for k in rng.sample(range(27, 34), honours) + rng.sample(straight, 14 - honours):
            concealed[k] += 1
    else:
        knitted = shape < 0.16
        n_sets = 4
        if knitted:
            for k in rng.choice(KNITTED):
                concealed[k] += 1
            n_sets = 1
        n_melds = rng.choice((0, 0, 1, 1, 2, 3, 4)) if not knitted else rng.choice((0, 1))
        if shape > 0.995:  # 三色双龙会: 123 and 789 of two suits, 55 of the third
            a, b, c = (9 * x for x in rng.sample(range(3), 3))
            for k in (a, a + 1, a + 2, a + 6, a + 7, a + 8, b, b + 1, b + 2, b + 6, b + 7, b + 8, c + 4, c + 4):
                concealed[k] += 1
            n_sets, n_melds = 0, 0
        elif shape > 0.99:  # four kongs
            for first in rng.sample(pool, min(4, len(pool))):
                melds.append(("kong", first, rng.random() < 0.4))
                shown[first] += 4
            n_sets, n_melds = len(melds) - 4, 0
            concealed[rng.choice(pool)] += 2
        elif shape > 0.97:  # 九莲宝灯 and its neighbours
            suit = 9 * rng.randrange(3)
            for rank, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                concealed[suit + rank] += n
            concealed[suit + rng.randrange(9)] += 1
            n_sets, n_melds = 0, 0
        for i in range(max(n_sets, 0)):
            chows = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
            if chows and rng.random() < 0.5:
                kind, first = "chow", rng.choice(chows)
            else:
                kind, first = ("kong" if rng.random() < 0.15 else "pong"), rng.choice(pool)
            if i < n_melds:
                melds.append((kind, first, kind == "kong" and rng.random() < 0.4))
                for k in ((first, first + 1, first + 2) if kind == "chow" else (first,) * (4 if kind == "kong" else 3)):
                    shown[k] += 1
            else:
                for k in (first, first + 1, first + 2) if kind == "chow" else (first,) * 3:
                    concealed[k] += 1
        if n_sets > 0:
            concealed[rng.choice(pool)] += 2
    if any(a + b > 4 for a, b in zip(concealed, shown, strict=True)):
        return None
    tile = rng.choice([k for k in range(34) if concealed[k]])
    self_drawn = rng.random() < 0.5
    kong_made = any(kind == "kong" for kind, _, _ in melds)
    robbed = not self_drawn and rng.random() < 0.05 and concealed[tile] == 1 and shown[tile] == 0
    # The last of its kind (和绝张) cannot be a tile the winner holds another of.
    last = rng.random() < 0.05 and not robbed and concealed[tile] == 1 and shown[tile] == 0
    standing = list(concealed)
    standing[tile] -= 1
    return Win(tuple(standing), tuple(melds), tile, self_drawn, last,
               robbed or (self_drawn and kong_made and rng.random() < 0.2), rng.random() < 0.05 and not robbed,
               rng.randrange(4), rng.randrange(4), rng.choice((0, 0, 0, 1, 2)), 0, Counter())


def built_wins(n: int, seed: int) -> list[tuple[Win, int, Counter[str]]]:
    """``n`` built winning hands with the calculator's total and fans (hands it refuses are skipped)."""
    rng = random.Random(seed)
    out: list[tuple[Win, int, Counter[str]]] = []
    while len(out) < n:
        w = _built_hand(rng)
        if w is None:
            continue
        try:
            total, fans = oracle(w)
        except TypeError:  # not a winning hand after all (a knitted hand that is not complete)
            continue
        out.append((w, total, fans))
    return out


def _valued(w: Win) -> Win:
    """The win with paipu's best reading as its total and fans."""
    concealed = list(w.standing)
    concealed[w.tile] += 1
    melds = tuple(MeldIn(kind, first, hidden) for kind, first, hidden in w.melds)  # type: ignore[arg-type]
    readings = evaluate(WinIn(tuple(concealed), melds, w.tile, w.self_drawn, w.last_of_kind, w.about_kong,
                              w.wall_last, w.seat_wind, w.prevalent_wind, w.flowers))
    assert readings, f"paipu finds no reading of {w}"
    best = max(readings, key=preference)
    return dataclasses.replace(w, total=best.total, fans=Counter(best.fans))


def test_mcr_every_fan_agrees_with_pymahjonggb_on_built_hands() -> None:
    built = built_wins(BUILT_HANDS, seed=81)
    seen: Counter[str] = Counter()
    for w, total, fans in built:
        ours = _valued(w)
        assert ours.total == total, (
            f"{w}: paipu {dict(ours.fans)} = {ours.total}, the calculator {dict(fans)} = {total}")
        assert fans == ours.fans, f"{w}: the calculator names {dict(fans)}"
        seen.update(fans)
    assert set(seen) == set(FANS), f"fans never built: {sorted(set(FANS) - set(seen))}"
