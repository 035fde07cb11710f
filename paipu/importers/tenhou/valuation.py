"""Valuing riichi wins with the ``mahjong`` package, under Tenhou's rules.

The log states what Tenhou paid; an audit needs an independent opinion, and the ``mahjong``
package is a well-kept one.  This module only translates: it reads from the round what the
package cannot see in the hand (riichi and double riichi, ippatsu, replacement draw, robbed
kan, last tile, first-draw wins, winds, dora) and sets the package's options to Tenhou's:

* red fives as the game says, open tanyao on (Tenhou's rooms all play kuitan), no kiriage;
* 13 han or more counted is a yakuman (kazoe), capped there;
* no double yakuman for a single pattern (thirteen-wait kokushi, four concealed triplets
  on a pair wait, pure nine gates, big four winds are one yakuman each), while different
  yakuman in one hand still add up;
* no renhou (Tenhou does not have it); open pinfu shapes take 30 fu on a discard.

The ``mahjong`` package is one of paipu's dependencies, imported when this module is (an
environment that lacks it gets a usage error naming the command that installs it).
"""

from __future__ import annotations

from typing import Final

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

from paipu.importers.tenhou.model import (
    LIVE_DRAWS,
    Call,
    CallKind,
    Discard,
    Draw,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    Rules,
    Win,
    Yaku,
)
from paipu.importers.tenhou.yaku import yaku_name
from paipu.value import Frozen


class ValuationError(ValueError):
    """The package finds no valid win in the hand (not a winning shape, or no yaku)."""


# Tenhou's yaku id for each of the package's yaku, by the package's attribute names.
_TENHOU_IDS: Final = {
    "tsumo": 0, "riichi": 1, "ippatsu": 2, "chankan": 3, "rinshan": 4, "haitei": 5, "houtei": 6,
    "pinfu": 7, "tanyao": 8, "iipeiko": 9, "seat_wind_east": 10, "seat_wind_south": 11,
    "seat_wind_west": 12, "seat_wind_north": 13, "round_wind_east": 14, "round_wind_south": 15,
    "round_wind_west": 16, "round_wind_north": 17, "haku": 18, "hatsu": 19, "chun": 20,
    "daburu_riichi": 21, "chiitoitsu": 22, "chantai": 23, "ittsu": 24, "sanshoku": 25,
    "sanshoku_douko": 26, "sankantsu": 27, "toitoi": 28, "sanankou": 29, "shosangen": 30,
    "honroto": 31, "ryanpeiko": 32, "junchan": 33, "honitsu": 34, "chinitsu": 35, "renhou": 36,
    "tenhou": 37, "chiihou": 38, "daisangen": 39, "suuankou": 40, "suuankou_tanki": 41,
    "tsuisou": 42, "ryuisou": 43, "chinroto": 44, "chuuren_poutou": 45, "daburu_chuuren_poutou": 46,
    "kokushi": 47, "daburu_kokushi": 48, "daisuushi": 49, "shosuushi": 50, "suukantsu": 51,
    "dora": 52, "ura_dora": 53, "aka_dora": 54,
}
_BY_PACKAGE_ID: Final = {getattr(YakuConfig(), attr).yaku_id: tid for attr, tid in _TENHOU_IDS.items()}

_MELD_TYPES: Final = {
    CallKind.CHI: Meld.CHI,
    CallKind.PON: Meld.PON,
    CallKind.DAIMINKAN: Meld.KAN,
    CallKind.ANKAN: Meld.KAN,
    CallKind.KAKAN: Meld.SHOUMINKAN,
}


class Conditions(Frozen):
    """What the round says about how a win came about, beyond the tiles."""

    __slots__ = (
        "chankan",
        "chiihou",
        "double_riichi",
        "haitei",
        "houtei",
        "ippatsu",
        "riichi",
        "rinshan",
        "tenhou",
        "tsumo",
    )
    _fields = (
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
    )
    tsumo: Final[bool]
    riichi: Final[bool]
    double_riichi: Final[bool]
    ippatsu: Final[bool]
    rinshan: Final[bool]
    chankan: Final[bool]
    haitei: Final[bool]
    houtei: Final[bool]
    tenhou: Final[bool]
    chiihou: Final[bool]

    def __init__(self, tsumo: bool = False, riichi: bool = False, double_riichi: bool = False, ippatsu: bool = False,
                 rinshan: bool = False, chankan: bool = False, haitei: bool = False, houtei: bool = False,
                 tenhou: bool = False, chiihou: bool = False) -> None:
        self.tsumo = tsumo
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou


class Valuation(Frozen):
    """The package's value of a win: ``main``/``additional`` as it defines them (ron: the
    discarder pays ``main``; tsumo: the dealer, or everyone if the winner deals, pays
    ``main``, each other seat ``additional``), before honba and sticks."""

    __slots__ = ("additional", "fu", "han", "main", "tsumo", "yaku", "yakuman")
    _fields = ("han", "fu", "main", "additional", "tsumo", "yaku", "yakuman")
    han: Final[int]
    fu: Final[int]
    main: Final[int]
    additional: Final[int]
    tsumo: Final[bool]
    yaku: Final[tuple[Yaku, ...]]
    yakuman: Final[bool]

    def __init__(self, han: int, fu: int, main: int, additional: int, tsumo: bool, yaku: tuple[Yaku, ...],
                 yakuman: bool) -> None:
        self.han = han
        self.fu = fu
        self.main = main
        self.additional = additional
        self.tsumo = tsumo
        self.yaku = yaku
        self.yakuman = yakuman

    @property
    def points(self) -> int:
        """The hand's value as Tenhou writes it in ``ten``: everything paid, before honba."""
        return self.main + 2 * self.additional if self.tsumo else self.main


def tenhou_options(rules: Rules) -> OptionalRules:
    """The package's optional rules set as Tenhou plays."""
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.red_fives,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
    )


def conditions(rnd: Round, win: Win) -> Conditions:
    """Read the win's circumstances from the events before it.

    Ippatsu survives a kakan that the win robs (the kan never happened); any other call,
    the winner's own concealed kan included, ends it, as does the winner's next discard.
    A first-draw win (tenhou, chiihou) needs no call of any kind before it.  The last live
    tile is the 70th draw less one per kan, since each kan's replacement shortens the wall.
    """
    events = rnd.events[: rnd.events.index(win)]
    tsumo = win.tsumo
    seat = win.seat
    riichi_at = -1
    double = False
    calls_before_riichi = False
    discarded = False
    for i, e in enumerate(events):
        if isinstance(e, Call):
            calls_before_riichi = True
        elif isinstance(e, Discard) and e.seat == seat:
            discarded = True
        elif isinstance(e, RiichiDeclared) and e.seat == seat:
            riichi_at = i
            double = not calls_before_riichi and not discarded
            break
    riichi = riichi_at >= 0 and any(isinstance(e, RiichiAccepted) and e.seat == seat for e in events)
    last_play = next((e for e in reversed(events) if isinstance(e, Draw | Discard | Call)), None)
    chankan = not tsumo and isinstance(last_play, Call) and last_play.kind is CallKind.KAKAN
    ippatsu = False
    if riichi:
        after = events[riichi_at + 1 :]
        own_discards = sum(1 for e in after if isinstance(e, Discard) and e.seat == seat)
        calls = [e for e in after if isinstance(e, Call)]
        if chankan and calls and calls[-1] is last_play:
            calls.pop()
        ippatsu = own_discards == 1 and not calls
    live = sum(1 for e in events if isinstance(e, Draw) and not e.rinshan)
    kans = sum(1 for e in events if isinstance(e, Call) and e.is_kan)
    last_tile = live == LIVE_DRAWS - kans
    rinshan = tsumo and isinstance(last_play, Draw) and last_play.rinshan
    first_draw = (
        tsumo
        and isinstance(last_play, Draw)
        and not any(isinstance(e, Call) for e in events)
        and sum(1 for e in events if isinstance(e, Draw) and e.seat == seat) == 1
    )
    return Conditions(
        tsumo=tsumo,
        riichi=riichi and not double,
        double_riichi=riichi and double,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=tsumo and last_tile and not rinshan,
        houtei=not tsumo and last_tile and isinstance(last_play, Discard),
        tenhou=first_draw and seat == rnd.dealer,
        chiihou=first_draw and seat != rnd.dealer,
    )


def value_win(rules: Rules, rnd: Round, win: Win, cond: Conditions | None = None) -> Valuation:
    """Value a win of a round with the ``mahjong`` package under Tenhou's rules."""
    c = cond if cond is not None else conditions(rnd, win)
    melds = [_meld(m) for m in win.melds]
    tiles = list(win.hand) + [t for m in win.melds for t in m.tiles]
    config = HandConfig(
        is_tsumo=c.tsumo,
        is_riichi=c.riichi,
        is_daburu_riichi=c.double_riichi,
        is_ippatsu=c.ippatsu,
        is_rinshan=c.rinshan,
        is_chankan=c.chankan,
        is_haitei=c.haitei,
        is_houtei=c.houtei,
        is_tenhou=c.tenhou,
        is_chiihou=c.chiihou,
        player_wind=EAST + (win.seat - rnd.dealer) % 4,
        round_wind=EAST + rnd.round_wind,
        tsumi_number=rnd.honba,
        kyoutaku_number=win.sticks,
        options=tenhou_options(rules),
    )
    ura = win.ura_indicators if c.riichi or c.double_riichi else ()
    result = HandCalculator.estimate_hand_value(
        tiles, win.win_tile, melds=melds, dora_indicators=list(win.dora_indicators),
        config=config, ura_dora_indicators=list(ura),
    )
    if result.error is not None or result.cost is None or result.han is None or result.fu is None:
        raise ValuationError(f"seat {win.seat}'s win in {rnd.label}: {result.error}")
    yaku = []
    yakuman = False
    for y in result.yaku or ():
        tenhou_id = _BY_PACKAGE_ID.get(y.yaku_id)
        han = y.han_open if result.is_open_hand else y.han_closed
        yakuman = yakuman or y.is_yakuman
        name = yaku_name(tenhou_id) if tenhou_id is not None else y.name
        yaku.append(Yaku(tenhou_id, name, han))
    return Valuation(
        han=result.han,
        fu=result.fu,
        main=result.cost["main"],
        additional=result.cost["additional"],
        tsumo=c.tsumo,
        yaku=tuple(yaku),
        yakuman=yakuman,
    )


def expected_deltas(rnd: Round, win: Win, value: Valuation) -> tuple[int, ...] | None:
    """The score changes Tenhou would make for a win of this value, to audit the log's.

    A ron is paid by the discarder, a tsumo by everyone (the dealer paying ``main``); honba
    add 300 and the riichi sticks go to the winner, both to the first winner only of a
    multiple ron.  A seat liable for a yakuman (pao) pays a tsumo alone.  A ron with a
    liable seat is split between two payers in a way these logs do not show, so it is not
    modelled: None.
    """
    first = rnd.wins[0] is win
    honba = rnd.honba if first else 0
    deltas = [0, 0, 0, 0]
    if win.tsumo:
        if win.pao_seat is not None:
            payments = {win.pao_seat: value.points + 300 * honba}
        else:
            payments = {
                s: (value.main if s == rnd.dealer else value.additional) + 100 * honba
                for s in range(4)
                if s != win.seat
            }
    elif win.pao_seat is not None and win.pao_seat != win.from_seat:
        return None
    else:
        payments = {win.from_seat: value.main + 300 * honba}
    for seat, amount in payments.items():
        deltas[seat] -= amount
        deltas[win.seat] += amount
    deltas[win.seat] += 1000 * win.sticks
    return tuple(deltas)


def _meld(call: Call) -> Meld:
    return Meld(
        meld_type=_MELD_TYPES[call.kind],
        tiles=list(call.tiles),
        opened=call.kind is not CallKind.ANKAN,
        called_tile=call.called,
        who=call.seat,
        from_who=call.from_seat,
    )
