"""Riichi hand values with the ``mahjong`` package, and the points table.

The package values a hand (yaku, han, fu) under options set to Tenhou's rules: open tanyao,
red fives, no double yakuman for a single pattern, 13 han or more counted as one yakuman,
no kiriage mangan, no renhou.  This module only translates paipu's table to the package's
136-tile ids and back, and turns han and fu into points (`basic_points`, `ron_points`,
`tsumo_points`).  The package (one of paipu's dependencies) is imported when a hand is first
valued, so that records of other rulesets never load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, Final

from paipu.ruleset_api import Frozen, Meld, Tile

_KIND_IDS: Final = {"chow": "chi", "pong": "pon", "kong": "kan", "ankong": "kan", "addkong": "shouminkan"}
_MERGED: Final = {"daburu_kokushi": "kokushi", "suuankou_tanki": "suuankou",
                  "daburu_chuuren_poutou": "chuuren_poutou"}
DORA_ITEMS: Final = ("dora", "aka_dora", "ura_dora")
_FIVES: Final = (1 << 4) | (1 << 13) | (1 << 22)
"""The five kinds (4, 13, 22) as bits: a five's plain tiles take the ids after its red one's."""

# How a hand was won (what the table says beyond its tiles), as the bits of one int: `situation`.
TSUMO: Final = 1
RIICHI: Final = 2
"""In riichi; with `DOUBLE_RIICHI`, a double riichi."""
DOUBLE_RIICHI: Final = 4
IPPATSU: Final = 8
RINSHAN: Final = 16
CHANKAN: Final = 32
HAITEI: Final = 64
HOUTEI: Final = 128
TENHOU: Final = 256
CHIIHOU: Final = 512
OPEN_TANYAO: Final = 1024
"""The ruleset's option: all simples counts with calls too."""
_SEAT_WIND: Final = 11
_ROUND_WIND: Final = 13
"""Where the seat wind and the round wind (0-3: east, south, west, north) sit in a situation."""


def situation(flags: int, seat_wind: int, round_wind: int) -> int:
    """A situation: ``flags`` (`TSUMO` | `RIICHI` …) with the seat and round winds (0-3)."""
    return flags | seat_wind << _SEAT_WIND | round_wind << _ROUND_WIND


class HandValue(Frozen):
    """A valued hand: its yaku (package attribute names, merged as Tenhou counts them) and han
    each, the total han, the fu, how many yakuman; or the package's reason it is no win."""

    __slots__ = ("error", "fu", "han", "items", "yakuman")
    _fields = ("items", "han", "fu", "yakuman", "error")
    items: Final[tuple[tuple[str, int], ...]]
    han: Final[int]
    fu: Final[int]
    yakuman: Final[int]
    error: Final[str | None]

    def __init__(self, items: tuple[tuple[str, int], ...], han: int, fu: int, yakuman: int,
                 error: str | None = None) -> None:
        self.items = items
        self.han = han
        self.fu = fu
        self.yakuman = yakuman
        self.error = error


class _Package:
    """The ``mahjong`` package's calculator, and what paipu hands it made once: a `HandConfig`
    for each situation met (its `OptionalRules` one for each value of the option), a `Meld` for
    each meld met (by its kind and tile ids), and each yaku's name by its id.  The package only
    reads them: a call sets the han of the dora items of the config's yaku before it counts
    them, and the yakuman's han it fixes when double yakuman are off are the same at each call."""

    # Typed Any: compiled, an attribute of the package's class would import the package with this module.
    def __init__(self) -> None:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.hand_calculating.yaku_config import YakuConfig
        from mahjong.meld import Meld as PackageMeld

        self.calculator: Any = HandCalculator
        self.hand_config: Any = HandConfig
        self.optional_rules: Any = OptionalRules
        self.kazoe_limited: int = HandConstants.KAZOE_LIMITED
        self.package_meld: Any = PackageMeld
        yaku = YakuConfig()
        self.names: dict[int, str] = {}
        for attr in vars(yaku):
            self.names[getattr(yaku, attr).yaku_id] = _MERGED.get(attr, attr)
        self.configs: dict[int, Any] = {}
        self.options: dict[bool, Any] = {}
        self.melds: dict[tuple[str, tuple[int, ...]], Any] = {}

    def config(self, sit: int) -> Any:
        """The `HandConfig` of a situation, made the first time it is met."""
        found = self.configs.get(sit)
        if found is None:
            found = self.configs[sit] = self._new_config(sit)
        return found

    def _new_config(self, sit: int) -> Any:
        open_tanyao = bool(sit & OPEN_TANYAO)
        options = self.options.get(open_tanyao)
        if options is None:
            options = self.options[open_tanyao] = self.optional_rules(
                has_open_tanyao=open_tanyao,
                has_aka_dora=True,
                has_double_yakuman=False,
                kazoe_limit=self.kazoe_limited,
                kiriage=False,
                fu_for_open_pinfu=True,
                fu_for_pinfu_tsumo=False,
                renhou_as_yakuman=False,
            )
        riichi = bool(sit & RIICHI)
        double = riichi and bool(sit & DOUBLE_RIICHI)
        return self.hand_config(
            is_tsumo=bool(sit & TSUMO), is_riichi=riichi and not double, is_daburu_riichi=double,
            is_ippatsu=bool(sit & IPPATSU), is_rinshan=bool(sit & RINSHAN), is_chankan=bool(sit & CHANKAN),
            is_haitei=bool(sit & HAITEI), is_houtei=bool(sit & HOUTEI), is_tenhou=bool(sit & TENHOU),
            is_chiihou=bool(sit & CHIIHOU), player_wind=27 + (sit >> _SEAT_WIND & 3),
            round_wind=27 + (sit >> _ROUND_WIND & 3), options=options,
        )

    def meld(self, kind: str, ids: list[int]) -> Any:
        """The package's `Meld` of a meld of ``kind`` whose tiles have ``ids``, made the first
        time it is met."""
        key = (kind, tuple(ids))
        found = self.melds.get(key)
        if found is None:
            found = self.melds[key] = self.package_meld(meld_type=_KIND_IDS[kind], tiles=ids,
                                                        opened=kind != "ankong")
        return found


_LOADED: list[_Package] = []


def _package() -> _Package:
    """The package, loaded when a hand is first valued."""
    if not _LOADED:
        _LOADED.append(_Package())
    return _LOADED[0]


_PLAIN_IDS: Final = tuple(tuple(4 * k + min(i + (_FIVES >> k & 1), 3) for i in range(20)) for k in range(34))
"""Each kind's plain tiles' ids in the order they are given: a five's after its red one's
(``4k``), the kind's fourth id again once they are used up (a hand valued holds at most 18
tiles, its melds counted)."""


_FIRST_IDS: Final = tuple(tuple(ids[:c] for c in range(19)) for ids in _PLAIN_IDS)
"""Each kind's first ``c`` plain ids (``_FIRST_IDS[k][c]``), for the kinds no meld took from."""

_KINDS: Final = range(34)


def _indicator_ids(indicators: Sequence[Tile]) -> list[int]:
    """The package's ids of dora indicators: each kind's first plain id (a five's after its red
    one's, as `_PLAIN_IDS` starts).  (A loop, not a comprehension: that is a call of its own.)"""
    ids: list[int] = []
    for t in indicators:
        k = t.index
        ids.append(4 * k + (_FIVES >> k & 1))
    return ids


def _take(k: int, used: list[int]) -> int:
    """The next id of kind ``k``'s plain tiles (`_PLAIN_IDS`); ``used`` counts them by kind."""
    n = used[k]
    used[k] = n + 1
    return _PLAIN_IDS[k][n]


def _placed(counts: list[int], used: list[int], win: int, win_id: int, reds: int, hand_ids: list[int]) -> int:
    """`value_hand`'s ids of the concealed tiles where a red five is left to place, added to
    ``hand_ids`` kind by kind but the last tile of the winning kind, whose id is returned."""
    last = -1
    for k in compress(_KINDS, counts):  # the kinds held (``counts[k]`` not 0), picked out in one call
        c = counts[k]
        if k == win:
            c = c - 1
            if win_id >= 0:
                # The first tile of the kind is the (red) winning tile's; its last one goes last.
                hand_ids.append(win_id)
                if not c:
                    last = win_id
                    hand_ids.pop()
                    continue
                c = c - 1
        if c and reds >> k & 1:
            reds = reds ^ 1 << k
            hand_ids.append(4 * k)
            c = c - 1
        if c:
            n = used[k]
            used[k] = n + c
            hand_ids.extend(_PLAIN_IDS[k][n:n + c])
        if k == win:
            last = 4 * k if reds >> k & 1 else _take(k, used)
            if reds >> k & 1:
                reds = reds ^ 1 << k
    return last


def value_hand(
    counts: list[int],
    melds: Sequence[Meld],
    win_tile: Tile,
    reds: int,
    dora_indicators: Sequence[Tile],
    ura_indicators: Sequence[Tile],
    sit: int,
) -> HandValue:
    """Value a complete hand: ``counts`` are its concealed tiles by kind (the winning tile
    included), ``melds`` its melds; ``reds`` the five kinds (4, 13, 22) of which the hand (melds
    included) holds the red one, as bits (``1 << 4`` …); ``sit`` the `situation`.

    The tiles are the package's 136 ids: ``4k`` is the red five of a five's kind ``k``, taken by
    a red winning tile first, else by the first five of its kind in the melds, else in the hand;
    the other tiles of a kind take the kind's next ids in the same order.  The concealed tiles
    are listed by kind, one tile of the winning tile's kind (the winning tile's id) last."""
    p = _package()
    used = [0] * 34
    win = win_tile.index
    win_id = -1
    if win_tile.red:
        if reds >> win & 1:
            reds = reds ^ 1 << win
            win_id = 4 * win
        else:
            win_id = _take(win, used)
    meld_objs: list[Any] = []
    meld_ids: list[int] = []
    for m in melds:
        ids: list[int] = []
        for t in m.tiles:
            k = t.index
            if reds >> k & 1:
                reds = reds ^ 1 << k
                ids.append(4 * k)
            else:
                ids.append(_take(k, used))
        meld_ids.extend(ids)
        meld_objs.append(p.meld(m.kind, ids))
    hand_ids: list[int] = []
    if not reds and win_id < 0 and counts[win]:
        # No red five left to place (most hands): each kind's ids run on from those its melds
        # took (from its first, `_FIRST_IDS`, where they took none), and the winning kind's last
        # one goes last (a kind's ids are its own: it is the only one of its value).
        first = _FIRST_IDS
        for k in compress(_KINDS, counts):
            n = used[k]
            if n:
                hand_ids += _PLAIN_IDS[k][n:n + counts[k]]
            else:
                hand_ids += first[k][counts[k]]
        last = _PLAIN_IDS[win][used[win] + counts[win] - 1]
        hand_ids.remove(last)
    else:
        last = _placed(counts, used, win, win_id, reds, hand_ids)
    hand_ids.append(last)
    if win_id < 0:
        win_id = last
    dora_ids = _indicator_ids(dora_indicators) if dora_indicators else None
    ura_ids = _indicator_ids(ura_indicators) if ura_indicators else None
    hand_ids.extend(meld_ids)
    result = p.calculator.estimate_hand_value(hand_ids, win_id, melds=meld_objs or None,
                                              dora_indicators=dora_ids, ura_dora_indicators=ura_ids,
                                              config=p.config(sit))
    if result.error is not None or result.han is None or result.fu is None:
        return HandValue((), 0, 0, 0, str(result.error))
    items: list[tuple[str, int]] = []
    yakuman = 0
    is_open = result.is_open_hand
    for y in result.yaku or ():
        name = p.names.get(y.yaku_id)
        if name is None:
            name = str(y.name)
            name = _MERGED.get(name, name)
        if y.is_yakuman:
            yakuman = yakuman + 1
            items.append((name, 13))
        else:
            items.append((name, y.han_open if is_open else y.han_closed))
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
