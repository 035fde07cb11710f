"""Hebei 河北麻将: no chow, wins on a discard or self-drawn, several winners, base scores plus 番.

The specification is docs/rules/hebei.md, which quotes the source text at its end.  Where the
source is open or shorter than the game, paipu's reading decides, and
docs/rules/hebei.md says where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from paipu.rules.hebei.options import HebeiOptions as HebeiOptions
from paipu.rules.hebei.table import TABLE as _TABLE
from paipu.ruleset_api import (
    ALL_TILES,
    COMMON_RULES,
    NUM_PLAY_KINDS,
    ORPHAN_KINDS,
    GroupView,
    HandResult,
    HandSet,
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
    decompositions,
    format_tiles,
    group_view,
    is_thirteen_orphans,
    meld_set,
    payments_from,
    seven_pairs_groups,
    waits,
)
from paipu.ruleset_api import record as r

_FIVE_MAN: Final = 4
_WAIT_SHAPES: Final = ("standard", "seven_pairs_fours", "orphans")
_FOUR_MAN: Final = 3
_HAOHUA = {1: 8, 2: 16, 3: 32}
_CAP: Final = 1000
_READY_CACHE_SIZE = 4096
_READY_CACHES: dict[type, dict[tuple[tuple[int, ...], int], tuple[int, ...]]] = {}
"""`Hebei.ready_waits`'s answers, per ruleset class."""






_Reading = tuple[int, list[ValueItem], tuple[GroupView, ...], str]
"""(total, items, groups, shape) of one way to read a winning hand."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class Hebei(Ruleset[HebeiOptions]):
    name = "hebei"
    shapes = ("standard", "seven_pairs_fours", "orphans")
    profile_note = "七对 counts a four-of-a-kind as two pairs"
    strategy = "paipu.rules.hebei.bots:HebeiStrategy"
    aliases = ("河北", "河北麻将", "河北麻將")
    title = "河北麻将 Hebei"
    unit = "fan"
    unit_zh = "番"
    claims = frozenset({"pong", "kong"})
    rules = {**COMMON_RULES, **{r.id: r for r in _TABLE}}  # noqa: RUF012
    Options = HebeiOptions

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        # The engine and the simulator read `multi_win` from the ruleset; here it is an option,
        # so each instance carries its own value over the class default.
        self.multi_win = bool(self.options.multi_win)

    # ---------------------------------------------------------------- the wall
    _read: object = None
    """The options object `_reserve_fixed` was read from (options given after construction are read again)."""
    _reserve_fixed: int | None = None
    """``options.reserve_fixed``, read once into a native field: `reserve` asks it before draws."""

    def reserve(self, hand: HandState) -> int:
        # 保留最后6墩 … 杠完后留的单数海底牌不算一墩: a replacement draw takes the top tile of the
        # last stack, so after an odd number of them the tail is a loose half stack, which is
        # kept on top of the 6 whole stacks.
        options = self.options
        if options is not self._read:
            self._reserve_fixed = options.reserve_fixed
            self._read = options
        fixed = self._reserve_fixed
        if fixed is not None:
            return fixed
        return 12 + hand.wall.drawn_from_tail % 2

    # ---------------------------------------------------------------- ready (听牌)
    def ready_allowed(self) -> bool:
        return True

    def on_ready_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        ss = hand.seats[seat]
        if apply:
            ss.ready = True
        if not self.ready_waits(list(ss.counts), ss.melds):
            hand.error("not-ready",
                       f"{seat} declares ready, but after discarding {action.tile} the hand "
                       f"({_tiles_text(ss.counts)}) waits on nothing", action.span, self.rule("ready"))

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        ss = hand.seats[seat]
        if not ss.ready:
            return
        tile = action.tile
        counts = list(ss.counts)
        if isinstance(action, r.AnKong):
            take, melds = 4, len(ss.melds) + 1
        elif isinstance(action, r.Kong):
            take, melds = 3, len(ss.melds) + 1
        else:
            take, melds = 1, len(ss.melds)
        if counts[tile.index] < take:
            return  # the engine reports the missing tiles
        counts[tile.index] -= take
        if not waits(counts[:NUM_PLAY_KINDS], 0, melds=melds, shapes=("standard",), fifth=True):
            verb = {4: "a concealed kong", 3: "a kong", 1: "an added kong"}[take]
            hand.error("kong-breaks-ready",
                       f"{seat} declared ready, but {verb} of {tile} leaves {_tiles_text(counts)} waiting "
                       "on nothing: after a ready declaration a kong must keep the hand ready",
                       action.span, self.rule("ready"))

    def ready_waits(self, counts: list[int], melds: list[Meld]) -> list[int]:
        """The kinds a hand of 3n+1 tiles waits on, in any of the winning shapes.

        The answer depends only on the tiles and the number of melds, and the same hand is
        asked about more than once (by a bot about to declare ready, then by the engine
        checking the declaration): it is kept per ruleset class (a bounded table).
        """
        key = (tuple(counts[:NUM_PLAY_KINDS]), len(melds))
        cache = _READY_CACHES.setdefault(type(self), {})
        found = cache.get(key)
        if found is None:
            if len(cache) >= _READY_CACHE_SIZE:
                cache.clear()
            found = cache[key] = tuple(waits(counts[:NUM_PLAY_KINDS], 0, melds=len(melds),
                                             shapes=_WAIT_SHAPES, fifth=True))
        return list(found)

    # ---------------------------------------------------------------- wins
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        """Every reading of the hand (sets and a pair, seven pairs, thirteen orphans); the best one."""
        ss = hand.seats[ctx.seat]
        counts = list(ss.counts[:NUM_PLAY_KINDS])
        melds = ss.melds
        total_tiles = sum(counts) + 3 * len(melds)
        if any(ss.counts[NUM_PLAY_KINDS:]) or total_tiles != 14:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total_tiles} tiles counting melds, not 14")
        situation = self._situation_items(ctx, melds)
        readings: list[_Reading] = []
        meld_sets = [meld_set(m) for m in melds]
        n_sets = 4 - len(melds)
        decs = decompositions(counts, 0, n_sets) if n_sets >= 0 else []
        zhuowu = bool(decs) and self._waits_only_on_five_man(ctx, counts, melds)
        for dec in decs:
            sets = meld_sets + [HandSet(g.kind, g.first) for g in dec.sets]
            pair = dec.pair.first
            items = self._standard_items(sets, pair, len(melds), zhuowu) + situation
            views = (*(group_view(s) for s in sets), GroupView("pair", (ALL_TILES[pair],) * 2))
            readings.append((_sum(items), items, views, "standard"))
        if not melds:
            sp = seven_pairs_groups(counts, 0, four_counts_as_two=True)
            if sp is not None:
                items = self._seven_pairs_items(counts, sp.fours) + situation
                views = tuple(GroupView("pair", (ALL_TILES[g.first],) * 2) for g in sp.pairs)
                readings.append((_sum(items), items, views, "seven_pairs"))
            if is_thirteen_orphans(counts, 0):
                items = [self._item("shisanyao", 10), *situation]
                views = (GroupView("orphans", tuple(ALL_TILES[i] for i in ORPHAN_KINDS for _ in
                                                    range(counts[i]))),)
                readings.append((_sum(items), items, views, "thirteen_orphans"))
        if not readings:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason="the tiles are not four sets and a pair, seven pairs or thirteen orphans")
        total, items, views, shape = max(readings, key=lambda x: x[0])
        return WinAnalysis(ctx.seat, ctx.tile, True, shape, tuple(items), total, views, "", len(readings))

    def _item(self, rid: str, value: int, count: int = 1) -> ValueItem:
        return self.shared_item(f"hebei.fan.{rid}", rid, value, count)

    def _situation_items(self, ctx: WinContext, melds: list[Meld]) -> list[ValueItem]:
        """Items that depend on how the hand was won and on its melds, not on how it is read."""
        items: list[ValueItem] = []
        if all(m.kind == "ankong" for m in melds):
            items.append(self._item("menqing", 2))
        if ctx.self_drawn and ctx.last_tile:
            items.append(self._item("haidilaoyue", 2))
        if ctx.robbed:
            items.append(self._item("qianggang", 2))
        if ctx.self_drawn and ctx.after_kong:
            items.append(self._item("gangkai", 2))
        return items

    def _suit_item(self, kinds: list[int]) -> str | None:
        suits = {k // 9 for k in kinds if k < 27}
        honours = any(k >= 27 for k in kinds)
        if not suits:
            return "qingfeng"
        if len(suits) == 1:
            return "hunyise" if honours else "qingyise"
        return None

    def _standard_items(self, sets: list[HandSet], pair: int, n_melds: int, zhuowu: bool) -> list[ValueItem]:
        items: list[ValueItem] = []
        if all(s.kind != "chow" for s in sets):
            items.append(self._item("pengpenghu", 3))
        if n_melds == 4:
            items.append(self._item("dadiaoche", 2))
        suit = self._suit_item([s.first for s in sets] + [pair])
        if suit is not None:
            items.append(self._item(suit, {"qingyise": 3, "hunyise": 2, "qingfeng": 3}[suit]))
        chows = {s.first for s in sets if s.kind == "chow"}
        if any({9 * su, 9 * su + 3, 9 * su + 6} <= chows for su in range(3)):
            items.append(self._item("yitiaolong", 2))
        if _is_hualong(chows):
            items.append(self._item("hualong", 5))
        if zhuowu and _FOUR_MAN in chows:
            items.append(self._item("zhuowu", 5))
        return items

    def _seven_pairs_items(self, counts: list[int], fours: int) -> list[ValueItem]:
        # 混七对 and 清七对 replace 七对 with the suit item; 豪华七对 replaces 七对 only, so its
        # suit item stays (docs/rules/hebei.md: "replaces 七对").
        suit = self._suit_item([i for i, n in enumerate(counts) if n])
        if fours:
            items = [self._item("haohuaqidui", _HAOHUA[min(fours, 3)], fours)]
            if suit is not None:
                items.append(self._item(suit, {"qingyise": 3, "hunyise": 2, "qingfeng": 3}[suit]))
            return items
        if suit == "qingyise":
            return [self._item("qingqidui", 5)]
        if suit == "hunyise":
            return [self._item("hunqidui", 4)]
        items = [self._item("qidui", 2)]
        if suit == "qingfeng":
            items.append(self._item("qingfeng", 3))
        return items

    def _waits_only_on_five_man(self, ctx: WinContext, counts: list[int], melds: list[Meld]) -> bool:
        """捉五: the winning tile is 5万 and, before it, the hand waited on 5万 alone."""
        if ctx.tile.index != _FIVE_MAN or counts[_FIVE_MAN] == 0:
            return False
        before = list(counts)
        before[_FIVE_MAN] -= 1
        return self.ready_waits(before, melds) == [_FIVE_MAN]

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        transfers: list[Transfer] = []
        if result.result == "win":
            for ctx, win in zip(result.contexts, result.wins, strict=True):
                if win.is_win:
                    transfers.extend(self._win_transfers(hand, ctx, win))
            transfers.extend(self._kong_transfers(hand))
        transfers.extend(_cap_transfers(transfers, self.seats, self.rule("cap")))
        result.transfers = transfers
        return payments_from(transfers, self.seats)

    def base_score(self, dealer: Seat, ctx: WinContext, payer: Seat) -> tuple[int, str]:
        """The base score ``payer`` owes for this win, and why (docs/rules/hebei.md, hebei.base)."""
        if self.options.base == "none":
            return 0, "no base (base=none)"
        if ctx.self_drawn:
            if ctx.seat == dealer:
                return 4, "the dealer self-draws: base 4"
            if payer == dealer:
                return 4, "a non-dealer self-draws: the dealer's base 4"
            return 2, "a non-dealer self-draws: base 2"
        how = "robs the kong of" if ctx.robbed else "wins on the discard of"
        if ctx.seat == dealer:
            return 8, f"the dealer {how} {payer}: base 8"
        if payer == dealer:
            return 6, f"a non-dealer {how} the dealer: base 6"
        return 5, f"a non-dealer {how} a non-dealer: base 5"

    def _win_transfers(self, hand: HandState, ctx: WinContext, win: WinAnalysis) -> list[Transfer]:
        if ctx.self_drawn or ctx.from_seat is None:
            payers = [s for s in self.seats if s != ctx.seat]
        else:
            payers = [ctx.from_seat]
        out = []
        for payer in payers:
            base, why = self.base_score(hand.dealer, ctx, payer)
            amount = base + win.total
            reason = f"{why} + {win.total}番"
            out.append(Transfer(payer, ctx.seat, amount, reason, self.rule("payment")))
        return out

    def _kong_transfers(self, hand: HandState) -> list[Transfer]:
        out: list[Transfer] = []
        rule = self.rule("kong-payment")
        for seat in self.seats:
            for m in hand.seats[seat].melds:
                tile = m.tiles[0]
                if m.kind == "kong" and m.source is not None:
                    out.append(Transfer(m.source, seat, 3, f"放杠: {m.source}'s discard made {seat}'s kong of {tile}",
                                        rule))
                elif m.kind in ("addkong", "ankong"):
                    amount, what = (1, "补杠") if m.kind == "addkong" else (2, "暗杠")
                    out.extend(Transfer(other, seat, amount, f"{what}: {seat}'s kong of {tile}", rule)
                               for other in self.seats if other != seat)
        return out


def _cap_transfers(transfers: list[Transfer], seats: tuple[Seat, ...], rule: str) -> list[Transfer]:
    """Refunds that bring every seat's net for the hand within ±1000 (the latest payments first)."""
    if all(-_CAP <= net <= _CAP for net in payments_from(transfers, seats).values()):
        return []  # nothing to bring back (the common case)
    refunds: list[Transfer] = []

    def nets() -> Payments:
        return payments_from(transfers + refunds, seats)

    def trim(over: Callable[[int], int], outgoing: bool) -> None:
        for seat in seats:
            excess = over(nets()[seat])
            for t in reversed(transfers):
                if excess <= 0:
                    break
                if (t.payer if outgoing else t.payee) != seat:
                    continue
                back = min(t.amount, excess)
                excess -= back
                refunds.append(Transfer(t.payee, t.payer, back,
                                        f"±{_CAP} cap: {seat}'s net for the hand is held at "
                                        f"{'−' if outgoing else '+'}{_CAP}", rule))

    trim(lambda net: -_CAP - net, outgoing=True)
    trim(lambda net: net - _CAP, outgoing=False)
    return refunds


def _sum(items: list[ValueItem]) -> int:
    return sum(i.value for i in items)


def _is_hualong(chows: set[int]) -> bool:
    starts = ({su for su in range(3) if 9 * su + offset in chows} for offset in (0, 3, 6))
    low, mid, high = starts
    return any(a != b and b != c and a != c for a in low for b in mid for c in high)


def _tiles_text(counts: list[int]) -> str:
    return format_tiles(ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)) or "nothing"
