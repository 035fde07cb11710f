"""Zhuji 诸暨麻将: self-drawn wins only, 财神 wildcards chosen per hand, 台 scoring.

The specification is docs/rules/zhuji.md, which quotes the source text at its end.
Where the source leaves a point open, paipu's reading is the default and an option names the other.
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

from mypy_extensions import mypyc_attr

from paipu.rules.zhuji.options import ZhujiOptions as ZhujiOptions
from paipu.rules.zhuji.table import TABLE as _TABLE
from paipu.ruleset_api import (
    ALL_TILES,
    ANY_KIND,
    COMMON_RULES,
    Group,
    GroupKind,
    GroupView,
    HandResult,
    HandSet,
    HandState,
    Payments,
    Ruleset,
    Seat,
    SessionState,
    Span,
    TableWord,
    Tile,
    Transfer,
    ValueItem,
    WinAnalysis,
    WinContext,
    decompositions,
    group_view,
    meld_set,
    next_kind,
    parse_tiles,
    payments_from,
)

# Items that are added only once the rest of the hand reaches the minimum.
_BONUS_ITEMS: Final = ("tianhu", "dihu", "wucai", "quanzipai")
_BONUS_IDS: Final = frozenset(_BONUS_ITEMS)
_BONUS_IDS_BAO: Final = frozenset(_BONUS_ITEMS) - {"wucai"}
"""The 8台 items of `_totals` (in 包麻将, 无财 is 1台 and counts toward the minimum)."""

_DRAGONS: Final = (31, 32, 33)
_EAST: Final = 27
_SCORING_PONGS: Final = (*_DRAGONS, _EAST)

# Which kinds a group made only of wildcards may stand for, when scoring.  Within a suit
# every rank scores alike in zhuji, so one representative per suit suffices; 东 and each
# dragon score on their own, and 南 stands for the winds that score nothing.
_FREE_PONG_KINDS: Final = (0, 9, 18, 27, 28, 31, 32, 33)
_FREE_CHOW_KINDS: Final = (0, 9, 18)
_FREE_PAIR_KINDS: Final = (0, 9, 18, 28)






_Candidate = tuple[int, int, list[ValueItem], list[HandSet], Group | None, str]


def _best_key(min_tai: int, c: _Candidate) -> tuple[bool, int, bool]:
    """How the best reading of a win is chosen: valid first (全字牌, or at least the minimum
    台), then the most 台, then the standard shape."""
    return (c[5] == "quanzipai" or c[0] >= min_tai, c[1], c[5] == "standard")


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class Zhuji(Ruleset[ZhujiOptions]):
    name = "zhuji"
    shapes = ("standard", "quanzipai")
    profile_note = "全字牌 wins in any shape; a standard win also needs 3台 (not a shape condition)"
    strategy = "paipu.rules.zhuji.bots:ZhujiStrategy"
    profile_note = "全字牌 wins in any shape; a standard win also needs 3台 (not a shape condition)"
    wildcards = True
    aliases = ("诸暨", "諸暨", "诸暨麻将", "諸暨麻將")
    title = "诸暨麻将 Zhuji"
    unit = "tai"
    unit_zh = "台"
    rules = {**COMMON_RULES, **{r.id: r for r in _TABLE}}  # noqa: RUF012
    setup_words = {"caishen": TableWord("caishen", "财神 (wild)", "财神", ("财神", "財神"), "财神 as", "财神当")}  # noqa: RUF012
    Options = ZhujiOptions
    # The drawer of the last tile "may win on it or discard, and then the hand is drawn".
    last_discard_claims = frozenset({"hu"})

    # ---------------------------------------------------------------- setup
    def setup_hand(self, hand: HandState) -> None:
        line = hand.record.setup("caishen")
        o = self.options
        span = line.span if line is not None else hand.record.span
        tiles: tuple[Tile, ...] = ()
        want_count = {"1": 1, "2": 2}.get(o.caishen_kinds)
        if line is not None and line.values:
            hand.error("bad-caishen", "a `caishen` line names tiles (one kind, or two consecutive kinds), "
                       f"not numbers: {' '.join(map(str, line.values))}", span, self.rule("caishen"))
            return
        if line is not None:
            tiles = line.tiles
        elif o.caishen and o.caishen not in ("single", "double"):
            try:
                tiles = parse_tiles(o.caishen)
            except ValueError as e:
                hand.error("bad-caishen", f"[Option caishen]: {e}", span, self.rule("caishen"))
                return
        if o.caishen in ("single", "double"):
            want_count = 1 if o.caishen == "single" else 2
        if not tiles:
            hand.error("missing-caishen",
                       f"hand {hand.record.number} states no 财神: add a `caishen` line (one kind, or "
                       "two consecutive kinds)", span, self.rule("caishen"))
            return
        bad = [t for t in tiles if t.is_flower]
        if bad:
            hand.error("bad-caishen", f"{bad[0]} is a flower; zhuji has no flowers", span, self.rule("tiles"))
            return
        if len(tiles) > 2:
            hand.error("bad-caishen", f"{len(tiles)} 财神 kinds stated; a hand has one kind or two "
                       "consecutive kinds", span, self.rule("caishen"))
            return
        if len(tiles) == 2:
            a, b = tiles
            if a == b or not (next_kind(a) == b or next_kind(b) == a):
                hand.error("bad-caishen", f"{a} and {b} are not consecutive kinds: two 财神 are "
                           "a kind and the next in its cycle (e.g. 5m 6m, 9m 1m, 北 东, 中 白)",
                           span, self.rule("caishen"))
                return
        if want_count is not None and len(tiles) != want_count:
            hand.error("bad-caishen", f"{len(tiles)} 财神 kind(s) stated, but this record's option "
                       f"allows {want_count}", span, self.rule("caishen"))
        hand.wild_kinds = tuple(t.index for t in tiles)

    def reserve(self, hand: HandState) -> int:
        return 14

    def is_wild(self, hand: HandState, seat: Seat, tile_index: int) -> bool:
        return tile_index in hand.wild_kinds

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span,
                   apply: bool) -> None:
        wild = [i for i in tile_indexes if i in hand.wild_kinds]
        if not wild:
            return
        if kind == "addkong" or not self.options.caishen_in_melds:
            t = ALL_TILES[wild[0]]
            verb = {"chow": "chow", "pong": "pong", "kong": "kong", "ankong": "kong", "addkong": "add"}[kind]
            hand.error("caishen-in-meld",
                       f"{seat} uses {t} ({t.chinese}), a 财神 this hand, to {verb}: a 财神 may not be melded",
                       span,
                       self.rule("caishen-meld"))

    def may_win_on_discard(self, hand: HandState, seat: Seat) -> bool:
        return self.options.win_on_discard

    def may_rob_kong(self, hand: HandState, robber: Seat, konger: Seat) -> bool:
        if self.options.variant == "bao":
            return robber != hand.dealer and konger == hand.dealer
        return True

    # ---------------------------------------------------------------- wins
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        """Every reading of the hand, each 财神 pinned to what it stands for; the best one."""
        ss = hand.seats[ctx.seat]
        counts = list(ss.counts[:34])
        wild = 0
        for k in hand.wild_kinds:
            wild += counts[k]
            counts[k] = 0
        melds = ss.melds
        meld_sets = [meld_set(m) for m in melds]
        meld_wild = sum(1 for m in melds for t in m.tiles if t.index in hand.wild_kinds)
        n_sets = 4 - len(melds)
        caishen_total = wild + meld_wild
        total_tiles = sum(counts) + wild + 3 * len(melds)
        if any(ss.counts[34:]) or total_tiles != 14:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total_tiles} tiles counting melds, not 14")
        # (base, total, items, sets, pair, shape); the groups are drawn only for the chosen one.
        candidates: list[tuple[int, int, list[ValueItem], list[HandSet], Group | None, str]] = []
        readings = decompositions(counts, wild, n_sets) if n_sets >= 0 else []
        n_readings = 0
        situation = self._situation_items(ctx, hand, caishen_total) if readings else []
        for dec in readings:
            for groups in _concrete(dec.groups):
                n_readings += 1
                sets = meld_sets + [_hand_set(g) for g in groups if g.kind != "pair"]
                pair = next(g for g in groups if g.kind == "pair")
                items = self._standard_items(sets, pair, ctx, hand, caishen_total, situation)
                base, total = self._totals(items)
                candidates.append((base, total, items, sets, pair, "standard"))
        all_honours = all(i >= 27 for i, n in enumerate(counts) if n) and all(
            s.first >= 27 for s in meld_sets)
        if all_honours and self.options.quanzipai:
            items = self._situation_items(ctx, hand, caishen_total)
            items.append(self._item("quanzipai", 8))
            base, total = self._totals(items)
            candidates.append((base, total, items, [], None, "quanzipai"))
            for c in list(candidates):
                if c[5] == "standard":
                    with_q = [*c[2], self._item("quanzipai", 8)]
                    b2, t2 = self._totals(with_q)
                    candidates.append((b2, t2, with_q, c[3], c[4], "quanzipai"))
        if not candidates:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason="the tiles are not four sets and a pair (nor 全字牌)",
                               decompositions=0)

        best = max(candidates, key=functools.partial(_best_key, self.options.min_tai))
        base, total, items, best_sets, best_pair, shape = best
        views: tuple[GroupView, ...] = tuple(group_view(s) for s in best_sets)
        if best_pair is not None:
            wild_in_pair = tuple(ALL_TILES[i] for i in best_pair.wild_tiles())
            views += (GroupView("pair", (ALL_TILES[best_pair.first],) * 2, wild_in_pair),)
        ok = _best_key(self.options.min_tai, best)[0]
        reason = ""
        if not ok:
            shown = ", ".join(f"{i.id} {i.value}" for i in items if i.id not in _BONUS_ITEMS) or "nothing"
            reason = (f"the best reading is worth {base}台 before the 8台 items ({shown}), below the "
                      f"minimum of {self.options.min_tai}台")
        return WinAnalysis(ctx.seat, ctx.tile, ok, shape, tuple(items), total if ok else 0,
                           views, reason, n_readings, rule="" if ok else self.rule("minimum"))

    def below_minimum(self, hand: HandState, ctx: WinContext) -> str:
        """Rule zhuji.minimum, bounded: the most 台 any reading of the hand could count toward
        the minimum (the items of `_standard_items` and `_situation_items` but the 8台 ones),
        each item taken at its best whatever the reading, is below ``min_tai``.  A hand of
        honours alone (全字牌, or 字一色) is never bounded.

        Bounds: each 中发白 or 东 pong of a reading, in a meld or read from the hand with
        财神 standing in, needs three of its kind counting every 财神; 平和 and 对对胡 exclude
        each other, and melds of both a chow and a pong or kong rule out both; a suited tile
        held or melded stays in its suit whatever the 财神 stand for, so two suits rule out
        清一色 and 混一色, and an honour rules out 清一色.
        """
        ss = hand.seats[ctx.seat]
        counts = ss.counts
        wild_kinds = hand.wild_kinds
        wild = 0
        wild_bits = 0  # a bit per wild kind
        for k in wild_kinds:
            wild += counts[k]
            wild_bits |= 1 << k
        suits = 0  # a bit per suit held or melded
        honours = False
        for i in range(34):
            if counts[i] and not (wild_bits >> i) & 1:
                if i < 27:
                    suits |= 1 << (i // 9)
                else:
                    honours = True
        meld_wild = 0
        scoring = 0  # 中发白 and 东 pongs already melded, in 台
        for m in ss.melds:
            first = m.tiles[0].index if m.kind != "chow" else min(t.index for t in m.tiles)
            for t in m.tiles:
                if t.index in wild_kinds:
                    meld_wild += 1
            if first < 27:
                suits |= 1 << (first // 9)
            else:
                honours = True
                if m.kind != "chow":
                    scoring += 2 if first == _EAST else 1 if first in _DRAGONS else 0
        if not suits:
            return ""  # 全字牌 (or 字一色): wins, or scores, without the bound
        # The 中发白 and 东 pongs read from the hand, the 财神 shared among them.
        scoring += _most_scoring_pongs(
            tuple(0 if k in wild_kinds else counts[k] for k in _SCORING_PONGS), 0, wild, 4 - len(ss.melds))
        kinds = {m.kind == "chow" for m in ss.melds}
        # 平和 (every set a chow) or 对对胡 (none), not both, and neither with melds of both sorts.
        bound = scoring + (0 if len(kinds) == 2 else 1)
        if suits & (suits - 1) == 0:  # one suit
            bound += 1 if honours else 3  # 混一色, or 清一色 (the better of the two)
        caishen_total = wild + meld_wild
        if caishen_total >= 3:
            bound += 2  # 三财神
        if ctx.after_kong and ctx.self_drawn:
            bound += 1  # 杠开
        if ctx.robbed:
            bound += 1  # 抢杠
        if caishen_total == 0 and self.options.variant == "bao":
            bound += 1  # 无财, which counts toward the minimum in 包麻将
        return self.rule("minimum") if bound < self.options.min_tai else ""

    def _item(self, rid: str, value: int, count: int = 1) -> ValueItem:
        return self.shared_item(f"zhuji.tai.{rid}", rid, value, count)

    def _situation_items(self, ctx: WinContext, hand: HandState, caishen_total: int) -> list[ValueItem]:
        items: list[ValueItem] = []
        if caishen_total >= 3:
            items.append(self._item("sancaishen", 2))
        if ctx.after_kong and ctx.self_drawn:
            items.append(self._item("gangkai", 1))
        if ctx.robbed:
            items.append(self._item("qianggang", 1))
        if ctx.dealer_first:
            items.append(self._item("tianhu", 8))
        elif ctx.first_draw and ctx.self_drawn and ctx.seat != hand.dealer:
            items.append(self._item("dihu", 8))
        if caishen_total == 0:
            items.append(self._item("wucai", 1 if self.options.variant == "bao" else 8))
        return items

    def _standard_items(self, sets: list[HandSet], pair: Group, ctx: WinContext, hand: HandState,
                        caishen_total: int, situation: list[ValueItem] | None = None) -> list[ValueItem]:
        """The items of one reading; ``situation``, when given, is `_situation_items` of the
        win (the same for every reading, so worked out once)."""
        items: list[ValueItem] = []
        # One pass over the sets: the 中发白 and 东 pongs, whether every set is a chow or none
        # is, the suits and whether an honour is held (the pair's kind counted with the sets').
        dragons = east = chows = 0
        suit_bits = 0
        honours = False
        for s in sets:
            first = s.first
            if s.kind == "chow":
                chows += 1
            elif first == _EAST:
                east += 1
            elif first in _DRAGONS:
                dragons += 1
            if first < 27:
                suit_bits |= 1 << (first // 9 + 1)  # bits 1-3 for the suits
            else:
                honours = True
        if pair.first < 27:
            suit_bits |= 1 << (pair.first // 9 + 1)
        else:
            honours = True
        if dragons:
            items.append(self._item("zhongfabai", dragons, dragons))
        if east:
            items.append(self._item("dongfeng", 2 * east, east))
        if chows == len(sets):
            items.append(self._item("pinghu", 1))
        if not chows:
            items.append(self._item("duiduihu", 1))
        one_suit = suit_bits != 0 and suit_bits & (suit_bits - 1) == 0
        if one_suit and not honours:
            items.append(self._item("qingyise", 3))
        elif one_suit and honours:
            items.append(self._item("hunyise", 1))
        suits = suit_bits
        if not suits and not self.options.quanzipai:
            items.append(self._item("ziyise", 7))
        items.extend(self._situation_items(ctx, hand, caishen_total) if situation is None else situation)
        return items

    def _totals(self, items: list[ValueItem]) -> tuple[int, int]:
        """(base, total): the base is what counts toward the minimum (no 8台 item).

        The 8台 items other than 全字牌 count only once the base reaches the minimum
        (docs/rules/zhuji.md, Source Z10 G), so a 全字牌 with a base of 0 is worth its 8台 alone; they are
        dropped from ``items`` here when the base falls short.
        """
        bonus_ids = _BONUS_IDS_BAO if self.options.variant == "bao" else _BONUS_IDS
        base = total = 0
        for i in items:
            total += i.value
            if i.id not in bonus_ids:
                base += i.value
        if base < self.options.min_tai:
            kept = [i for i in items if i.id not in bonus_ids or i.id == "quanzipai"]
            if len(kept) != len(items):
                items[:] = kept
                total = 0
                for i in kept:
                    total += i.value
        return base, total

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        o = self.options
        result.transfers = []
        mult = 1
        if session.stays >= 1:
            mult = 2 ** session.stays if o.laozhuang_stack else 2
        result.multiplier = mult
        for ctx, win in zip(result.contexts, result.wins, strict=True):
            if not win.is_win:
                continue
            tai = win.total if o.cap_tai is None else min(win.total, o.cap_tai)
            unit = 2 ** max(tai - 2, 0)
            others = [s for s in self.seats if s != ctx.seat]
            base_reason = f"{tai}台: 2^({tai}−2) = {unit}"
            for payer in others:
                m = mult
                if o.laozhuang_scope == "dealer" and hand.dealer not in (payer, ctx.seat):
                    m = 1
                reason = base_reason + (f", ×{m} 老庄" if m > 1 else "")
                actual_payer = payer
                if ctx.robbed and o.qianggang_payer == "robbed" and ctx.from_seat is not None:
                    actual_payer = ctx.from_seat
                    if payer != ctx.from_seat:
                        reason += f", paid by {ctx.from_seat} for {payer} (抢杠)"
                result.transfers.append(Transfer(actual_payer, ctx.seat, unit * m, reason,
                                                 self.rule("laozhuang") if m > 1 else self.rule("payment")))
        return payments_from(result.transfers, self.seats)

    def next_dealer(self, result: HandResult, session: SessionState) -> Seat:
        if result.result == "win" and result.winners:
            return result.winners[0]
        return result.dealer


def _most_scoring_pongs(held: tuple[int, ...], first: int, wild: int, sets: int) -> int:
    """The most 台 the 中发白 and 东 pongs read from a hand could count (`_SCORING_PONGS`,
    ``held`` of each from ``first`` on): each pong is three of its kind, 财神 standing in
    for those missing (``wild`` of them in all), in at most ``sets`` sets."""
    if first == len(held) or sets <= 0:
        return 0
    value = 2 if _SCORING_PONGS[first] == _EAST else 1
    best = 0
    pongs = 0
    while True:
        need = max(3 * pongs - held[first], 0)
        if need > wild or pongs > sets:
            return best
        best = max(best, value * pongs + _most_scoring_pongs(held, first + 1, wild - need, sets - pongs))
        pongs += 1


def _hand_set(g: Group) -> HandSet:
    """A read set as the items value it: made once per group (both are immutable values), kept
    by its kind, first kind and wildcard positions (plain values, cheap to hash)."""
    key = (g.kind, g.first, g.wild_mask)
    found = _HAND_SETS.get(key)
    if found is None:
        found = _HAND_SETS[key] = HandSet("pong" if g.kind == "pong" else "chow", g.first, wild=g.wild_tiles())
    return found


_HAND_SETS: dict[tuple[str, int, int], HandSet] = {}
"""Bounded: a group is a kind, a first tile and a wildcard pattern."""

_SortKey = tuple[int, int, int, int]
_FREE_KINDS: Final[tuple[tuple[GroupKind, tuple[int, ...], int], ...]] = (
    ("pong", _FREE_PONG_KINDS, 3), ("chow", _FREE_CHOW_KINDS, 3), ("pair", _FREE_PAIR_KINDS, 2))
_FREE_CHOICES: Final[dict[str, tuple[tuple[_SortKey, Group], ...]]] = {
    kind: tuple((g.sort_key, g) for g in (Group(kind, k, size) for k in kinds)) for kind, kinds, size in _FREE_KINDS
}
"""For each kind of free group, the groups it is pinned to (`_concrete`), each with its sort key."""


def _sort_key_of(keyed: tuple[_SortKey, Group]) -> _SortKey:
    return keyed[0]


def _concrete(groups: tuple[Group, ...]) -> list[tuple[Group, ...]]:
    """Pin groups made only of wildcards to the kinds that can score differently: each reading
    once, its groups in `Group.sort_key` order (equal keys are equal groups), in the order of
    the pinnings' product."""
    fixed: list[tuple[_SortKey, Group]] = []
    choices: list[tuple[tuple[_SortKey, Group], ...]] = []
    for g in groups:
        if g.first == ANY_KIND:
            choices.append(_FREE_CHOICES[g.kind])
        else:
            fixed.append((g.sort_key, g))
    if not choices:
        return [groups]
    out: list[tuple[Group, ...]] = []
    seen: set[tuple[_SortKey, ...]] = set()
    for combo in itertools.product(*choices):
        ordered = sorted([*fixed, *combo], key=_sort_key_of)
        key = tuple([k for k, _ in ordered])
        if key not in seen:
            seen.add(key)
            out.append(tuple([g for _, g in ordered]))
    return out
