"""Riichi hand values with the ``mahjong`` package, and the points table.

The package values a hand (yaku, han, fu) under options set to Tenhou's rules: open tanyao,
red fives, no double yakuman for a single pattern, 13 han or more counted as one yakuman,
no kiriage mangan, no renhou.  This module only translates paipu's table to the package's
136-tile ids and back, and turns han and fu into points (`basic_points`, `ron_points`,
`tsumo_points`).  The package (one of paipu's dependencies) is imported when a hand is first
valued, so that records of other rulesets never load it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from paipu.ruleset_api import Tile

_KIND_IDS = {"chow": "chi", "pong": "pon", "kong": "kan", "ankong": "kan", "addkong": "shouminkan"}
_MERGED = {"daburu_kokushi": "kokushi", "suuankou_tanki": "suuankou", "daburu_chuuren_poutou": "chuuren_poutou"}
DORA_ITEMS = ("dora", "aka_dora", "ura_dora")


@dataclass(frozen=True, slots=True)
class Situation:
    """What the table says about a win beyond its tiles."""

    tsumo: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    """0-3: east, south, west, north."""
    round_wind: int = 0
    open_tanyao: bool = True


@dataclass(frozen=True, slots=True)
class HandValue:
    """A valued hand: its yaku (package attribute names, merged as Tenhou counts them) and han
    each, the total han, the fu, how many yakuman; or the package's reason it is no win."""

    items: tuple[tuple[str, int], ...]
    han: int
    fu: int
    yakuman: int
    error: str | None = None


class _Ids:
    """Hands out distinct 136-tile ids: ``4k`` is the red five of a five's kind ``k``."""

    def __init__(self, reds: set[int]) -> None:
        self.used = [0] * 34
        self.reds = set(reds)

    def take(self, tile: Tile) -> int:
        """An id of ``tile``'s kind: the red five's while the hand has it and has not used it."""
        k = tile.index
        if k in self.reds:
            self.reds.discard(k)
            return 4 * k
        base = 1 if k in (4, 13, 22) else 0
        n = self.used[k]
        self.used[k] += 1
        return 4 * k + min(base + n, 3)


@cache
def _package() -> dict[str, Any]:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.hand_calculating.yaku_config import YakuConfig
    from mahjong.meld import Meld

    names = {getattr(YakuConfig(), attr).yaku_id: attr for attr in vars(YakuConfig())}
    return {"calc": HandCalculator, "config": HandConfig, "constants": HandConstants,
            "options": OptionalRules, "meld": Meld, "names": names}


def value_hand(
    concealed: list[Tile],
    melds: list[tuple[str, list[Tile]]],
    win_tile: Tile,
    reds: set[int],
    dora_indicators: list[Tile],
    ura_indicators: list[Tile],
    sit: Situation,
) -> HandValue:
    """Value a complete hand: ``concealed`` includes the winning tile; ``reds`` are the five
    kinds (4, 13, 22) of which the hand (melds included) holds the red one."""
    p = _package()
    ids = _Ids(reds)
    # A red winning tile takes the red id first; otherwise the first red five goes to the melds.
    win_id = ids.take(win_tile) if win_tile.red else -1
    meld_objs = []
    meld_ids: list[int] = []
    for kind, tiles in melds:
        t_ids = [ids.take(t) for t in tiles]
        meld_ids += t_ids
        meld_objs.append(p["meld"](meld_type=_KIND_IDS[kind], tiles=t_ids, opened=kind != "ankong"))
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
    options = p["options"](
        has_open_tanyao=sit.open_tanyao,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=p["constants"].KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )
    config = p["config"](
        is_tsumo=sit.tsumo, is_riichi=sit.riichi and not sit.double_riichi, is_daburu_riichi=sit.double_riichi,
        is_ippatsu=sit.ippatsu, is_rinshan=sit.rinshan, is_chankan=sit.chankan, is_haitei=sit.haitei,
        is_houtei=sit.houtei, is_tenhou=sit.tenhou, is_chiihou=sit.chiihou,
        player_wind=27 + sit.seat_wind, round_wind=27 + sit.round_wind, options=options,
    )
    result = p["calc"].estimate_hand_value(
        hand_ids + meld_ids, win_id, melds=meld_objs or None,
        dora_indicators=[4 * t.index + 1 if t.index in (4, 13, 22) else 4 * t.index for t in dora_indicators]
        or None,
        ura_dora_indicators=[4 * t.index + 1 if t.index in (4, 13, 22) else 4 * t.index
                             for t in ura_indicators] or None,
        config=config,
    )
    if result.error is not None or result.han is None or result.fu is None:
        return HandValue((), 0, 0, 0, str(result.error))
    items: list[tuple[str, int]] = []
    yakuman = 0
    for y in result.yaku or ():
        name = p["names"].get(y.yaku_id, str(y.name))
        name = _MERGED.get(name, name)
        han = y.han_open if result.is_open_hand else y.han_closed
        if y.is_yakuman:
            han = 13
            yakuman += 1
        items.append((name, han))
    if yakuman:
        items = [(n, h) for n, h in items if n not in DORA_ITEMS]
    return HandValue(tuple(items), int(result.han), int(result.fu), yakuman)


def basic_points(han: int, fu: int, yakuman: int) -> int:
    """Basic points: fu × 2^(han+2), with the limits (mangan 2,000 … yakuman 8,000 each)."""
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    base: int = fu * 2 ** (han + 2)
    return min(base, 2000)


def _up(n: int) -> int:
    return -(-n // 100) * 100


def ron_points(basic: int, dealer: bool) -> int:
    return _up(basic * (6 if dealer else 4))


def tsumo_points(basic: int, dealer: bool) -> tuple[int, int]:
    """(what the dealer pays, what each other seat pays); a dealer's win: each pays the first."""
    if dealer:
        return _up(basic * 2), _up(basic * 2)
    return _up(basic * 2), _up(basic)


def limit_name(han: int, fu: int, yakuman: int) -> str:
    if yakuman or han >= 13:
        return "yakuman"
    basic = basic_points(han, fu, 0)
    return {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}.get(basic, "") if basic >= 2000 else ""
