"""Chinese Official rules 国标麻将 (MCR): 81 fans, an 8-fan minimum, payment on an 8-point base.

The rule text is docs/rules/mcr.md (its "Sources" quote what the rules rest on); the fan table
and the valuation are `paipu.rules.shared.fans`.  This module holds the rule table, the options,
the hooks the engine asks (flowers, the walls and their end) and the settlement.  The seat and
prevalent winds follow Botzone, whose logs are the real games the ruleset is checked on: the
seat letter is the seat wind (player index 0–3 is 东南西北) and the log states the prevalent
wind, which a record gives as the option `prevalent`; its judge gives each seat a wall of its
own, which a record states with the option `wall`.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from paipu.rules.mcr.options import McrOptions as McrOptions
from paipu.rules.mcr.table import TABLE as _TABLE
from paipu.rules.shared.fans import FANS, MeldIn, Reading, WinIn, evaluate, fan_order, preference, value_bound
from paipu.ruleset_api import (
    ALL_TILES,
    COMMON_RULES,
    GroupView,
    HandResult,
    HandState,
    Meld,
    Payments,
    Ruleset,
    Seat,
    SessionState,
    Transfer,
    ValueItem,
    WinAnalysis,
    WinContext,
    payments_from,
    set_tiles,
)
from paipu.ruleset_api import record as r

_KINDS: Final = 34
_WIND_LETTERS: Final = ("E", "S", "W", "N")
BASE_POINTS: Final = 8
"""What every payer pays on top of the fan total (MCR's 底分)."""




@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class Mcr(Ruleset[McrOptions]):
    name = "mcr"
    shapes = ("standard", "seven_pairs_fours", "orphans", "quanbukao", "zuhelong")
    profile_note = ("七对 counts a four-of-a-kind as two pairs; the 8-fan minimum is not a shape condition; "
                    "for 组合龙 shanten is exact only at complete (-1); the odds count no knitted shape")
    strategy = "paipu.rules.mcr.bots:McrStrategy"
    aliases = ("国标", "國標", "国标麻将", "國標麻將", "chinese-official", "mcr-botzone")
    title = "国标麻将 Chinese Official"
    unit = "fan"
    unit_zh = "番"
    rules = {**COMMON_RULES, **{rule.id: rule for rule in _TABLE}}  # noqa: RUF012
    Options = McrOptions
    # The discard after the last draw can only be won on (海底捞月): no draw would follow a claim.
    last_discard_claims = frozenset({"hu"})

    _read: object = None
    """The options object `_flowers` was read from (options given after construction are read again)."""
    _flowers: bool = False
    """``options.flowers``, read once into a native field: `reserve` asks it before every draw."""

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        if self.options.flowers:
            self.tile_counts = tuple([4] * 34 + [1] * 8)
            # The engine asks the ruleset instance whether it has flowers; here an option decides.
            self.uses_flowers = True

    def _has_flowers(self) -> bool:
        """``options.flowers`` (read again only when ``options`` is another object)."""
        options = self.options
        if options is not self._read:
            self._flowers = bool(options.flowers)
            self._read = options
        return self._flowers

    # ---------------------------------------------------------------- the wall and flowers
    def reserve(self, hand: HandState) -> int:
        # Without flowers the wall is drawn to its end.  With them, ordinary draws stop while the
        # wall still holds as many tiles as there are flowers not yet drawn (rule mcr.exhausted),
        # so a flower drawn last is always replaced; the replacement draws may take them.  Walls
        # of the seats' own keep nothing back: Botzone's judge ends the hand when a flower's
        # replacement finds the seat's wall empty.
        if not self._has_flowers() or hand.phase in ("replacement", "rob") or self.options.wall == "per-seat":
            return 0
        return max(sum(self.tile_counts[_KINDS:]) - sum(hand.seen[_KINDS:]), 0)

    def seat_walls(self, hand: HandState) -> tuple[int, ...] | None:
        # Rule mcr.wall: Botzone's judge cuts the shuffled tiles into four equal walls, one a
        # seat, and deals each seat its 13 from its own; the dealer's first draw, which a record
        # deals as its 14th, comes from its own wall too.
        if self.options.wall != "per-seat":
            return None
        each = self.total_tiles // len(self.seats)
        return tuple(each - self.deal_size(s == hand.dealer) for s in self.seats)

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        # Rule mcr.wall: the judge refuses a concealed or added kong when the seat's own wall or
        # its next seat's is empty.  An exposed kong of a discard is a claim, refused like a
        # chow or a pong only when the discarder's next seat has no tile (rule mcr.exhausted).
        if isinstance(action, r.Kong) or self.options.wall != "per-seat":
            return
        nxt = self.next_seat(seat)
        if self.draws_left(hand, seat) <= 0:
            why = f"{seat} has no tile left in its own wall"
        elif self.draws_left(hand, nxt) <= 0:
            why = f"{nxt}, its next seat, has no tile left in its own wall"
        else:
            return
        what = "a concealed kong of" if isinstance(action, r.AnKong) else "an added kong of"
        hand.error("late-kong", f"{seat} cannot declare {what} {action.tile}: {why}", action.span,
                   self.rule("wall"))

    def check_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        if action.tile.index >= _KINDS:  # a flower
            hand.error("flower-discarded", f"{seat} discards {action.tile} ({action.tile.chinese}), a flower: "
                       "flowers are set aside (`flower`) and replaced, never discarded", action.span,
                       self.rule("flowers"))

    # ---------------------------------------------------------------- winds
    def seat_wind(self, hand: HandState, seat: Seat) -> int:
        """0-3 for 东南西北."""
        if self.options.seat_wind == "dealer":
            return (self.seats.index(seat) - self.seats.index(hand.dealer)) % 4
        return _WIND_LETTERS.index(seat)

    def prevalent_wind(self, hand: HandState) -> int:
        p = self.options.prevalent
        if p == "rotate":
            return ((hand.record.number - 1) // 4) % 4
        return _WIND_LETTERS.index(p)

    def hand_name(self, hand: HandState, lang: str = "en") -> str:
        """The hand's number and its prevalent wind (圈风): ``南风圈 第1局``, ``Hand 1, South round``."""
        wind = self.prevalent_wind(hand)
        if lang == "zh":
            return f"{'东南西北'[wind]}风圈 第{hand.record.number}局"
        return f"Hand {hand.record.number}, {('East', 'South', 'West', 'North')[wind]} round"

    # ---------------------------------------------------------------- wins
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        ss = hand.seats[ctx.seat]
        flowers = [ALL_TILES[i] for i in range(_KINDS, len(ss.counts)) if ss.counts[i]]
        if flowers:
            f = flowers[0]
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"{ctx.seat} holds {f} ({f.chinese}), a flower that was not set aside")
        win = self._win_in(hand, ctx)
        if win is None:
            total_tiles = sum(ss.counts[:_KINDS]) + 3 * len(ss.melds)
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total_tiles} tiles counting melds, not 14")
        readings = evaluate(win)
        if not readings:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason="the tiles are not four sets and a pair, 七对, 十三幺, 全不靠 or 组合龙 "
                               "with a set and a pair")
        best = max(readings, key=preference)
        items = tuple(self._item(fid, n) for fid, n in sorted(best.fans.items(), key=lambda kv: fan_order(kv[0])))
        total = sum(i.value for i in items)
        minimum = self.options.min_fan
        if best.base < minimum:
            shown = ", ".join(f"{i.id} {i.value}" for i in items if i.id != "huapai") or "nothing"
            return WinAnalysis(ctx.seat, ctx.tile, False, best.shape, items, 0, _groups(best, ss.melds),
                               f"the best reading is worth {best.base}番 without flowers ({shown}), below the "
                               f"minimum of {minimum}番", len(readings), rule=self.rule("minimum"))
        return WinAnalysis(ctx.seat, ctx.tile, True, best.shape, items, total, _groups(best, ss.melds), "",
                           len(readings))

    def _win_in(self, hand: HandState, ctx: WinContext) -> WinIn | None:
        """What the value of ``ctx.seat``'s win depends on (`paipu.rules.shared.fans.WinIn`), or None
        for a hand that is not 14 tiles counting melds with the winning tile among them."""
        ss = hand.seats[ctx.seat]
        counts = tuple(ss.counts[:_KINDS])
        if sum(counts) + 3 * len(ss.melds) != 14 or ctx.tile.index >= _KINDS or counts[ctx.tile.index] == 0:
            return None
        return WinIn(
            counts, tuple(_meld_in(m) for m in ss.melds), ctx.tile.index, ctx.self_drawn,
            last_of_kind=self.shown(hand, ctx) >= 3,
            about_kong=ctx.robbed or (ctx.self_drawn and ctx.after_kong),
            wall_last=ctx.last_tile and not ctx.robbed,
            seat_wind=self.seat_wind(hand, ctx.seat), prevalent_wind=self.prevalent_wind(hand),
            flowers=len(ss.flowers),
        )

    def below_minimum(self, hand: HandState, ctx: WinContext) -> str:
        """Rule mcr.minimum, bounded (`paipu.rules.shared.fans.value_bound`): the most any reading
        of the hand could be worth, flowers aside, each fan taken at its best whatever the
        reading, is below ``min_fan``; "" when the bound decides nothing (a hand holding a
        flower, or not 14 tiles, is left to `analyse_win`, which refuses it with its reason)."""
        minimum = self.options.min_fan
        if minimum <= 0:
            return ""
        ss = hand.seats[ctx.seat]
        if any(ss.counts[_KINDS:]):
            return ""
        win = self._win_in(hand, ctx)
        if win is None:
            return ""
        bound = value_bound(win, minimum)
        if bound is None or bound >= minimum:
            return ""
        return self.rule("minimum")

    def shown(self, hand: HandState, ctx: WinContext) -> int:
        """How many other tiles of the winning kind are shown: discards and exposed melds (rule
        mcr.last-of-kind).  A discard that was claimed is counted in the meld it went to."""
        k = ctx.tile.index
        n = 0
        # Loops, counting what the sums of generators did.
        for ss in hand.seats.values():
            for m in ss.melds:
                if m.kind != "ankong":
                    for t in m.tiles:
                        if t.index == k:
                            n += 1
            for t, claimed in ss.discards:
                if not claimed and t.index == k:
                    n += 1
        if not ctx.self_drawn and not ctx.robbed:
            n -= 1  # the winning discard itself
        return n

    def _item(self, fid: str, count: int) -> ValueItem:
        return self.fan_item("mcr.fan.", fid, FANS[fid].value * count, count)

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        transfers: list[Transfer] = []
        rule = self.rule("payment")
        for ctx, win in zip(result.contexts, result.wins, strict=True):
            if not win.is_win:
                continue
            if ctx.self_drawn or ctx.from_seat is None:
                transfers += [Transfer(s, ctx.seat, BASE_POINTS + win.total,
                                       f"self-drawn: {BASE_POINTS} + {win.total}番", rule)
                              for s in self.seats if s != ctx.seat]
                continue
            how = "robbed kong" if ctx.robbed else "discard"
            for s in self.seats:
                if s == ctx.seat:
                    continue
                if s == ctx.from_seat:
                    transfers.append(Transfer(s, ctx.seat, BASE_POINTS + win.total,
                                              f"the {how} was {s}'s: {BASE_POINTS} + {win.total}番", rule))
                else:
                    transfers.append(Transfer(s, ctx.seat, BASE_POINTS, f"{BASE_POINTS}, the base", rule))
        result.transfers = transfers
        return payments_from(transfers, self.seats)

    def next_dealer(self, result: HandResult, session: SessionState) -> Seat:
        return self.next_seat(result.dealer)


def _meld_in(m: Meld) -> MeldIn:
    if m.kind == "chow":
        return MeldIn("chow", min(t.index for t in m.tiles))
    if m.is_kong:
        return MeldIn("kong", m.tiles[0].index, m.kind == "ankong")
    return MeldIn("pong", m.tiles[0].index)


def _groups(reading: Reading, melds: list[Meld]) -> tuple[GroupView, ...]:
    """The reading's sets and pair (or its special shape's tiles), for reports."""
    if reading.shape in ("standard", "knitted_straight"):
        out = [GroupView(s.kind, set_tiles(s.kind, s.first), (), i < len(melds))
               for i, s in enumerate(reading.sets)]
        if reading.knitted:
            out.insert(0, GroupView("knitted", tuple(ALL_TILES[k] for k in sorted(reading.knitted))))
        out.append(GroupView("pair", (ALL_TILES[reading.pair],) * 2))
        return tuple(out)
    return ()
