"""Riichi's valuation (`paipu.rules.riichi.scoring`): what it hands the ``mahjong`` package is made
once and kept (a `HandConfig` for each situation, a `Meld` for each meld, the tile ids worked out
from the counts), and each answer is the one the package gives for a config and melds made
afresh, from tiles numbered one by one, as paipu asked it before it kept them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld as PackageMeld

import paipu.record as r
from paipu.auditing import audit_text
from paipu.replay.engine import HandEngine
from paipu.replay.result import WinContext
from paipu.replay.session import Observer
from paipu.replay.state import HandState, Meld
from paipu.rules.riichi import scoring
from paipu.rules.riichi.ruleset import Riichi, RiichiCarry, riichi_table
from paipu.sim.simulate import simulate
from paipu.tiles import ALL_TILES, RED_FIVES, Tile

_KIND_IDS = {"chow": "chi", "pong": "pon", "kong": "kan", "ankong": "kan", "addkong": "shouminkan"}
_MERGED = {"daburu_kokushi": "kokushi", "suuankou_tanki": "suuankou", "daburu_chuuren_poutou": "chuuren_poutou"}
_DIRECT = HandCalculator.estimate_hand_value
_NAMES = {getattr(YakuConfig(), attr).yaku_id: attr for attr in vars(YakuConfig())}
Call = tuple[list[int], int, list[tuple[Any, tuple[int, ...], bool]], list[int], list[int], dict[str, Any]]
"""What a call of the package was given: the tiles, the winning tile, the melds (type, tiles,
opened), the dora and ura dora indicators, and every setting of the config and its options."""


class _Ids:
    """The tile ids as paipu numbered them one tile at a time."""

    def __init__(self, reds: set[int]) -> None:
        self.used = [0] * 34
        self.reds = set(reds)

    def take(self, tile: Tile) -> int:
        k = tile.index
        if k in self.reds:
            self.reds.discard(k)
            return 4 * k
        base = 1 if k in (4, 13, 22) else 0
        n = self.used[k]
        self.used[k] += 1
        return 4 * k + min(base + n, 3)


def _settings(config: Any) -> dict[str, Any]:
    """Every setting of a `HandConfig` and its options (not the yaku it holds)."""
    return {**{k: v for k, v in vars(config).items() if k not in ("yaku", "options")},
            **{f"options.{k}": v for k, v in vars(config.options).items()}}


def _asked(tiles: Any, win_tile: int, melds: Any = None, dora_indicators: Any = None, config: Any = None,
           ura_dora_indicators: Any = None) -> Call:
    return (list(tiles), win_tile, [(m.type, m.tiles, m.opened) for m in melds or ()], list(dora_indicators or ()),
            list(ura_dora_indicators or ()), _settings(config))


def reference(counts: list[int], melds: list[Meld], win_tile: Tile, reds: set[int], dora: list[Tile],
              ura: list[Tile], flags: dict[str, Any]) -> tuple[tuple[Any, ...], Call]:
    """The hand valued as paipu valued it before it kept what it gives the package: every tile
    numbered in turn, a config and its options made for the hand; the answer, and the call."""
    concealed = [ALL_TILES[k] for k in range(34) for _ in range(counts[k])]
    concealed.remove(win_tile)
    concealed.append(win_tile)
    ids = _Ids(reds)
    win_id = ids.take(win_tile) if win_tile.red else -1
    meld_objs = []
    meld_ids: list[int] = []
    for m in melds:
        t_ids = [ids.take(t) for t in m.tiles]
        meld_ids += t_ids
        meld_objs.append(PackageMeld(meld_type=_KIND_IDS[m.kind], tiles=t_ids, opened=m.kind != "ankong"))
    hand_ids: list[int] = []
    skipped_win = False
    for t in concealed:
        if win_id >= 0 and not skipped_win and t.index == win_tile.index:
            skipped_win = True
            hand_ids.append(win_id)
            continue
        hand_ids.append(ids.take(t))
    if win_id < 0:
        win_id = next(i for i in reversed(hand_ids) if i // 4 == win_tile.index)
    options = OptionalRules(has_open_tanyao=flags["open_tanyao"], has_aka_dora=True, has_double_yakuman=False,
                            kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
                            fu_for_pinfu_tsumo=False, renhou_as_yakuman=False)
    config = HandConfig(
        is_tsumo=flags["tsumo"], is_riichi=flags["riichi"] and not flags["double_riichi"],
        is_daburu_riichi=flags["double_riichi"], is_ippatsu=flags["ippatsu"], is_rinshan=flags["rinshan"],
        is_chankan=flags["chankan"], is_haitei=flags["haitei"], is_houtei=flags["houtei"], is_tenhou=flags["tenhou"],
        is_chiihou=flags["chiihou"], player_wind=27 + flags["seat_wind"], round_wind=27 + flags["round_wind"],
        options=options,
    )
    args: dict[str, Any] = dict(
        melds=meld_objs or None,
        dora_indicators=[4 * t.index + 1 if t.index in (4, 13, 22) else 4 * t.index for t in dora] or None,
        ura_dora_indicators=[4 * t.index + 1 if t.index in (4, 13, 22) else 4 * t.index for t in ura] or None,
        config=config,
    )
    call = _asked(hand_ids + meld_ids, win_id, **args)
    result = _DIRECT(hand_ids + meld_ids, win_id, **args)
    if result.error is not None or result.han is None or result.fu is None:
        return ((), 0, 0, 0, str(result.error)), call
    items: list[tuple[str, int]] = []
    yakuman = 0
    for y in result.yaku or ():
        name = _NAMES.get(y.yaku_id, str(y.name))
        name = _MERGED.get(name, name)
        han = y.han_open if result.is_open_hand else y.han_closed
        if y.is_yakuman:
            han = 13
            yakuman += 1
        items.append((name, han))
    if yakuman:
        items = [(n, h) for n, h in items if n not in scoring.DORA_ITEMS]
    return (tuple(items), int(result.han), int(result.fu), yakuman, None), call


def _flags(rs: Riichi, hand: HandState, ctx: WinContext) -> dict[str, Any]:
    """How the ruleset described a win to the package before it kept its configs."""
    t = riichi_table(hand)
    in_riichi = ctx.seat in t.riichi
    first = ctx.first_draw or ctx.dealer_first
    return dict(
        tsumo=ctx.self_drawn, riichi=in_riichi, double_riichi=in_riichi and t.riichi.get(ctx.seat, False),
        ippatsu=in_riichi and (ctx.seat in t.ippatsu or (ctx.robbed and ctx.seat in t.ippatsu_before_addkong)),
        rinshan=ctx.self_drawn and ctx.after_kong, chankan=ctx.robbed,
        haitei=ctx.self_drawn and ctx.last_tile and not ctx.after_kong,
        houtei=not ctx.self_drawn and not ctx.robbed and ctx.last_tile,
        tenhou=ctx.dealer_first and not t.interrupted,
        chiihou=ctx.first_draw and first and not t.interrupted and ctx.seat != hand.dealer,
        seat_wind=(rs.seats.index(ctx.seat) - rs.seats.index(hand.dealer)) % 4,
        round_wind=cast(RiichiCarry, hand.session_data).round,
        open_tanyao=rs.options.open_tanyao,
    )


def _calls(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """The calls of the package made from now on."""
    made: list[Call] = []

    def noting(*args: Any, **kwargs: Any) -> Any:
        made.append(_asked(*args, **kwargs))
        return _DIRECT(*args, **kwargs)

    monkeypatch.setattr(HandCalculator, "estimate_hand_value", staticmethod(noting))
    return made


def _contexts(ctx: WinContext) -> Iterator[WinContext]:
    """``ctx``, and the same win with every combination of how it came (some impossible at a
    table, as a user may ask them of `paipu analyze`)."""
    yield ctx
    for bits in range(64):
        yield WinContext(ctx.seat, ctx.tile, bool(bits & 1), ctx.from_seat, robbed=bool(bits & 2),
                         after_kong=bool(bits & 4), first_draw=bool(bits & 8), dealer_first=bool(bits & 16),
                         last_tile=bool(bits & 32))


@pytest.mark.parametrize("options", [{}, {"red_fives": "false", "open_tanyao": "false"}])
def test_every_win_is_valued_as_with_a_fresh_config_and_tiles_numbered_one_by_one(
        monkeypatch: pytest.MonkeyPatch, options: dict[str, str]) -> None:
    """Rule riichi.winning: at each win of simulated sessions (red fives and open tanyao on, then
    off; the simulator deals no red five, the test below does), and for every way the win could
    have come (tsumo, chankan, rinshan, haitei, houtei, tenhou, chiihou) in and out of riichi,
    double riichi and ippatsu, `Riichi._value` gives the package the same tiles, melds,
    indicators and settings as a config made afresh for the hand, and its answer is the same,
    one valuation after another on the configs it keeps."""
    made = _calls(monkeypatch)
    compared = {"wins": 0, "values": 0, "errors": 0, "melds": 0}

    class Comparing(Observer):
        def before_action(self, index: int, engine: HandEngine, action: r.Action) -> None:
            found = engine.win_context(action)
            if found is None:
                return
            ctx, extra = found
            seat = ctx.seat
            rs = engine.rs
            assert isinstance(rs, Riichi)
            hand, t = engine.st, riichi_table(engine.st)
            ss = hand.seats[seat]
            compared["wins"] += 1
            counts = ss.counts
            if extra is not None:
                counts[extra.index] += 1
            saved = (dict(t.riichi), set(t.ippatsu), t.interrupted)
            try:
                for riichi in (None, False, True):
                    t.riichi = {s: d for s, d in saved[0].items() if s != seat}
                    if riichi is not None:
                        t.riichi[seat] = riichi
                    t.ippatsu = set(saved[1]) | ({seat} if riichi is not None else set())
                    t.interrupted = riichi is None and not saved[2]
                    for c in _contexts(ctx):
                        made.clear()
                        value = rs._value(hand, c)
                        reds = set(t.reds.get(c.seat, set())) if rs.red_fives else set()
                        if c.tile.red and rs.red_fives:
                            reds.add(c.tile.index)
                        ura = t.ura[: len(t.dora)] if c.seat in t.riichi else []
                        expected, call = reference(list(counts), list(ss.melds), c.tile, reds, list(t.dora), ura,
                                                   _flags(rs, hand, c))
                        assert made == [call]
                        assert (value.items, value.han, value.fu, value.yakuman, value.error) == expected
                        compared["values" if value.error is None else "errors"] += 1
                        compared["melds"] += bool(ss.melds)
            finally:
                t.riichi, t.ippatsu, t.interrupted = saved
                if extra is not None:
                    counts[extra.index] -= 1

    for _, text in simulate("riichi", 24, seed=7, options=options):
        audit_text(text, observers=[Comparing()])
    assert compared["wins"] > 10 and compared["values"] > 100 and compared["errors"] > 100
    assert compared["melds"] > 100


def _random_hand(rng: random.Random) -> tuple[list[int], list[Meld], Tile, set[int]]:
    """Four sets and a pair (some sets called) or seven pairs, of which any five may be red."""
    counts = [0] * 34
    melds: list[Meld] = []

    def free(k: int, n: int) -> bool:
        return counts[k] + sum(t.index == k for m in melds for t in m.tiles) + n <= 4

    shape = rng.random()
    if shape < 0.1:
        for k in rng.sample(range(34), 7):
            counts[k] += 2
    else:
        sets = 0
        while sets < 4:
            kind = rng.choice(["chow", "pong", "kong", "ankong", "addkong", *["concealed_chow"] * 6,
                               *["concealed_pong"] * 3])
            k = rng.randrange(34)
            if "chow" in kind:
                if k >= 27 or k % 9 > 6 or not all(free(k + i, 1) for i in range(3)):
                    continue
                tiles = [k, k + 1, k + 2]
            else:
                n = 4 if "kong" in kind else 3
                if not free(k, n):
                    continue
                tiles = [k] * n
            if kind.startswith("concealed"):
                for i in tiles:
                    counts[i] += 1
            else:
                melds.append(Meld(kind, [ALL_TILES[i] for i in tiles]))  # type: ignore[arg-type]
            sets += 1
        while True:
            k = rng.randrange(34)
            if free(k, 2):
                counts[k] += 2
                break
    if rng.random() < 0.1:  # a hand that is not a win
        k = rng.randrange(34)
        if free(k, 1):
            counts[k] += 1
    win = ALL_TILES[rng.choice([k for k in range(34) if counts[k]])]
    reds = {k for k in (4, 13, 22) if rng.random() < 0.5}
    if win.index in reds and rng.random() < 0.5:
        win = RED_FIVES[(4, 13, 22).index(win.index)]
    return counts, melds, win, reds


def test_random_hands_are_valued_as_with_a_fresh_config_and_tiles_numbered_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule riichi.winning: hands made at random (called sets of each kind, red fives anywhere,
    a red winning tile, seven pairs, hands that are no win) in situations made at random, valued
    one after another: `scoring.value_hand` gives the package what paipu gave it with a config
    made afresh for each hand and tiles numbered one by one, and gets the same answer."""
    made = _calls(monkeypatch)
    rng = random.Random(35)
    errors = red_wins = red_melds = with_dora = yakuman = no_red = 0
    for _ in range(600):
        counts, melds, win, reds = _random_hand(rng)
        closed = all(m.kind == "ankong" for m in melds)
        flags: dict[str, Any] = {name: rng.random() < chance for name, chance in (
            ("tsumo", 0.5), ("riichi", 0.5 if closed else 0.03), ("double_riichi", 0.2), ("ippatsu", 0.1),
            ("rinshan", 0.05),
            ("chankan", 0.05), ("haitei", 0.05), ("houtei", 0.05), ("tenhou", 0.03), ("chiihou", 0.03),
            ("open_tanyao", 0.7))}
        flags["seat_wind"], flags["round_wind"] = rng.randrange(4), rng.randrange(4)
        dora = [ALL_TILES[rng.randrange(34)] for _ in range(rng.randrange(1, 4))]
        ura = [ALL_TILES[rng.randrange(34)] for _ in range(rng.randrange(0, 3))]
        flags["ippatsu"] = flags["ippatsu"] and (flags["riichi"] or rng.random() < 0.2)
        bits = 0
        for name, bit in (("tsumo", scoring.TSUMO), ("riichi", scoring.RIICHI), ("ippatsu", scoring.IPPATSU),
                          ("rinshan", scoring.RINSHAN), ("chankan", scoring.CHANKAN), ("haitei", scoring.HAITEI),
                          ("houtei", scoring.HOUTEI), ("tenhou", scoring.TENHOU), ("chiihou", scoring.CHIIHOU),
                          ("open_tanyao", scoring.OPEN_TANYAO)):
            bits |= bit if flags[name] else 0
        if flags["riichi"] and flags["double_riichi"]:
            bits |= scoring.DOUBLE_RIICHI
        flags["double_riichi"] = flags["riichi"] and flags["double_riichi"]
        red_bits = 0
        for k in reds | ({win.index} if win.red else set()):
            red_bits |= 1 << k
        made.clear()
        value = scoring.value_hand(counts, melds, win, red_bits, dora, ura,
                                   scoring.situation(bits, flags["seat_wind"], flags["round_wind"]))
        expected, call = reference(counts, melds, win, reds | ({win.index} if win.red else set()), dora, ura, flags)
        assert made == [call]
        assert (value.items, value.han, value.fu, value.yakuman, value.error) == expected
        errors += value.error is not None
        red_wins += win.red
        red_melds += any(t.index in reds for m in melds for t in m.tiles)
        with_dora += any(n in scoring.DORA_ITEMS for n, _ in value.items)
        yakuman += value.yakuman > 0
        no_red += not red_bits and bool(melds)  # no red five to place, ids running on from the melds'
    assert 150 < errors < 450 and red_wins > 10 and red_melds > 20 and with_dora > 100 and yakuman > 5
    assert no_red > 30


def test_a_situation_keeps_one_config_and_a_meld_one_package_meld() -> None:
    """What `value_hand` keeps is made once: a situation's config (its options shared by every
    situation of the same option), a meld's package meld."""
    p = scoring._package()
    sit = scoring.situation(scoring.TSUMO | scoring.RIICHI | scoring.OPEN_TANYAO, 1, 0)
    other = scoring.situation(scoring.TSUMO | scoring.OPEN_TANYAO, 1, 0)
    assert p.config(sit) is p.config(sit) and p.config(other) is not p.config(sit)
    assert p.config(other).options is p.config(sit).options
    assert p.config(sit).is_riichi and p.config(sit).player_wind == 28 and p.config(sit).round_wind == 27
    assert p.meld("pong", [16, 17, 18]) is p.meld("pong", [16, 17, 18])
    assert p.meld("pong", [16, 17, 18]) is not p.meld("pong", [17, 18, 19])
    assert p.meld("kong", [16, 17, 18, 19]).opened and not p.meld("ankong", [16, 17, 18, 19]).opened
