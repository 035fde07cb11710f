"""Two-player mahjong 二人麻将: 万 and honours only, flowers, the MCR-derived fan table, instant scores.

The specification is docs/rules/erren.md; the rule text it quotes (2人麻将介绍)
says the game derives from Chinese Official (MCR) rules.  Fan values and their 不计
lists live in `paipu.rules.erren.fans`; this module holds the rule table, the options,
the hooks the engine asks (flowers, the 天听 declaration, the end of the wall) and the
settlement: the win, the instant kong and flower scores, and the floor at zero.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from mypy_extensions import mypyc_attr

from paipu.rules.erren.fans import ERREN_TABLE, FANS, Situation, fan_order, situation_fans, table_fans
from paipu.rules.erren.options import ErrenOptions as ErrenOptions
from paipu.rules.erren.table import TABLE as _TABLE
from paipu.rules.shared.fans import MeldIn, WinIn, evaluate
from paipu.ruleset_api import (
    ALL_TILES,
    COMMON_RULES,
    Frozen,
    GroupView,
    HandResult,
    HandState,
    Meld,
    Payments,
    Ruleset,
    Seat,
    SessionState,
    Span,
    Transfer,
    ValueItem,
    WinAnalysis,
    WinContext,
    payments_from,
    set_tiles,
    waits,
)
from paipu.ruleset_api import record as r


class _Reading(Frozen):
    __slots__ = ("base", "groups", "items", "shape", "total")
    _fields = ("base", "total", "items", "groups", "shape")
    base: Final[int]
    total: Final[int]
    items: Final[tuple[ValueItem, ...]]
    groups: Final[tuple[GroupView, ...]]
    shape: Final[str]

    def __init__(self, base: int, total: int, items: tuple[ValueItem, ...], groups: tuple[GroupView, ...],
                 shape: str) -> None:
        self.base = base
        self.total = total
        self.items = items
        self.groups = groups
        self.shape = shape


_KINDS: Final = 34


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class _ReadyState:
    """A hand's ready declarations (天听, rule erren.ready), the ruleset's per-hand state."""

    def __init__(self) -> None:
        self.refused: set[Seat] = set()
        """The seats whose declaration was refused: their discard after it is not checked."""
        self.tianting: set[Seat] = set()
        """The seats whose declaration stands (天听, a fan)."""


def _ready_state(hand: HandState) -> _ReadyState:
    found = hand.ruleset_data
    if not isinstance(found, _ReadyState):
        found = _ReadyState()
        hand.ruleset_data = found
    return found


def _ready_in(hand: HandState, seat: Seat, refused: bool) -> bool:
    """Whether ``seat``'s declaration was refused (``refused``) or stands, asked without making
    the state (a check must change nothing)."""
    found = hand.ruleset_data
    if not isinstance(found, _ReadyState):
        return False
    return seat in (found.refused if refused else found.tianting)


class Erren(Ruleset[ErrenOptions]):
    name = "erren"
    shapes = ("standard", "seven_pairs_fours")
    profile_note = ("七对 counts a four-of-a-kind as two pairs, as in MCR and the erren engine; 72 tiles: 万, "
                    "honours and 8 flowers (set aside and replaced, so not counted here)")
    strategy = "paipu.rules.erren.bots:ErrenStrategy"
    aliases = ("二人", "二人麻将", "二人麻將", "2人麻将")
    title = "二人麻将 Two-player"
    unit = "fan"
    unit_zh = "番"
    seats = ("E", "W")
    tile_counts = tuple([4] * 9 + [0] * 18 + [4] * 7 + [1] * 8)
    uses_flowers = True
    rules = {**COMMON_RULES, **{rule.id: rule for rule in _TABLE}}  # noqa: RUF012
    Options = ErrenOptions

    # ---------------------------------------------------------------- the wall
    _read: object = None
    """The options object `_dead_wall` was read from (options given after construction are read again)."""
    _dead_wall: int = 0
    """``options.dead_wall``, read once into a native field: `reserve` asks it before draws."""

    def reserve(self, hand: HandState) -> int:
        # Replacement draws may dig into the dead wall (rule erren.exhausted): the tail feeds them.
        if hand.phase in ("replacement", "rob"):
            return 0
        options = self.options
        if options is not self._read:
            self._dead_wall = max(options.dead_wall, 0)
            self._read = options
        return self._dead_wall

    def may_rob_kong(self, hand: HandState, robber: Seat, konger: Seat) -> bool:
        return self.options.rob_kong

    # ---------------------------------------------------------------- flowers
    def check_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        ss = hand.seats[seat]
        tile = action.tile
        # The action's `Span` is made only for a finding (most discards have none).
        if tile.is_flower:
            hand.error("flower-discarded", f"{seat} discards {tile} ({tile.chinese}), a flower: flowers are set "
                       "aside (`flower`) and replaced, never discarded", action.span, self.rule("flowers"))
        else:
            # The first flower held, if any (a loop on the counts: no list made at each discard).
            counts = ss.counts
            for i in range(_KINDS, len(counts)):
                if counts[i]:
                    f = ALL_TILES[i]
                    hand.error("flower-kept", f"{seat} discards while holding {f} ({f.chinese}): a flower is set "
                               "aside (`flower`) on the seat's turn, before it discards", action.span,
                               self.rule("flowers"))
                    break
        if ss.ready and not ss.ready_pending and ss.last_drawn is not None and tile != ss.last_drawn:
            hand.error("ready-hand-changed", f"{seat} declared ready (天听) and discards {tile}; a ready hand "
                       f"discards the tile just drawn, {ss.last_drawn}", action.span, self.rule("ready"))

    # ---------------------------------------------------------------- 天听
    def ready_allowed(self) -> bool:
        return True

    def check_ready(self, hand: HandState, seat: Seat, action: r.Ready, apply: bool) -> None:
        ss = hand.seats[seat]
        why = ""
        if ss.discards:
            why = f"{seat} has already discarded"
        elif hand.any_claim or any(o.melds for o in hand.seats.values()):
            why = "a claim or a kong has been made"
        if why:
            hand.error("illegal-ready", f"{seat} declares ready, but {why}: a declaration is made only with "
                       "one's first discard of the hand, in the first go-around (天听)", action.span,
                       self.rule("ready"))
            if apply:
                _ready_state(hand).refused.add(seat)

    def on_ready_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        if _ready_in(hand, seat, refused=True):
            return
        ss = hand.seats[seat]
        if not _waits(ss.counts, len(ss.melds)):
            hand.error("not-ready", f"{seat} declared ready, but after discarding {action.tile} the hand "
                       f"waits on nothing", action.span, self.rule("ready"))
            return
        if apply:
            ss.ready = True
            _ready_state(hand).tianting.add(seat)

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span,
                   apply: bool) -> None:
        if kind in ("chow", "pong", "kong") and hand.seats[seat].ready:
            hand.error("ready-hand-changed", f"{seat} declared ready (天听) and may not {kind}: a ready hand "
                       "changes only by the tile it draws", span, self.rule("ready"))

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        ss = hand.seats[seat]
        if not ss.ready or not isinstance(action, (r.AnKong, r.AddKong)) or ss.last_drawn is None:
            return
        t = action.tile.index
        held = 4 if isinstance(action, r.AnKong) else 1
        if ss.counts[t] < held:
            return  # the engine reports the missing tiles
        before = list(ss.counts)
        before[ss.last_drawn.index] -= 1
        after = list(ss.counts)
        after[t] -= held
        melds_after = len(ss.melds) + (1 if held == 4 else 0)
        if _waits(before, len(ss.melds)) != _waits(after, melds_after):
            hand.error("kong-breaks-ready", f"{seat} declared ready (天听), but a kong of {action.tile} would "
                       "change the tiles it waits on", action.span, self.rule("ready"))

    # ---------------------------------------------------------------- wins
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        ss = hand.seats[ctx.seat]
        flowers = [ALL_TILES[i] for i in range(_KINDS, len(ss.counts)) if ss.counts[i]]
        if flowers:
            f = flowers[0]
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"{ctx.seat} holds {f} ({f.chinese}), a flower that was not set aside")
        counts = list(ss.counts[:_KINDS])
        melds = ss.melds
        total_tiles = sum(counts) + 3 * len(melds)
        if total_tiles != 14:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total_tiles} tiles counting melds, not 14")
        sit = self._situation(hand, ctx)
        readings = self._readings(counts, melds, ctx, sit)
        if not readings:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason="the tiles are not four sets and a pair, nor seven pairs")
        minimum = self.options.min_fan
        best = max(readings, key=lambda x: (x.base >= minimum, x.total, x.shape == "standard"))
        ok = best.base >= minimum
        reason = ""
        if not ok:
            shown = ", ".join(f"{i.id} {i.value}" for i in best.items if i.id != "huapai") or "nothing"
            reason = (f"the best reading is worth {best.base}番 without flowers ({shown}), below the "
                      f"minimum of {minimum}番")
        return WinAnalysis(ctx.seat, ctx.tile, ok, best.shape, best.items, best.total if ok else 0,
                           best.groups, reason, len(readings))

    def _situation(self, hand: HandState, ctx: WinContext) -> Situation:
        """天和 地和 人和 天听 from the table itself: flower replacements do not end the first go-around."""
        seat = ctx.seat
        dealer = hand.dealer
        untouched = not hand.any_claim and not any(s.melds for s in hand.seats.values())
        tianhe = ctx.self_drawn and seat == dealer and not hand.any_discard and untouched
        dihe = (ctx.self_drawn and seat != dealer and untouched and not hand.seats[seat].discards
                and len(hand.seats[dealer].discards) == 1)
        renhe = False
        if not ctx.self_drawn and not ctx.robbed and ctx.from_seat is not None and untouched:
            first_discard = len(hand.seats[ctx.from_seat].discards) == 1
            renhe = first_discard and (self.options.renhe == "first-round" or ctx.from_seat == dealer)
        return Situation(
            self_drawn=ctx.self_drawn,
            after_kong=ctx.after_kong,
            tianhe=tianhe,
            dihe=dihe,
            renhe=renhe,
            tianting=_ready_in(hand, seat, refused=False),
            flowers=len(hand.seats[seat].flowers),
        )

    def _readings(self, counts: list[int], melds: list[Meld], ctx: WinContext, sit: Situation) -> list[_Reading]:
        """Every reading of the hand, valued by the shared evaluator with this game's table."""
        win = WinIn(tuple(counts), tuple(_meld_in(m) for m in melds), ctx.tile.index, ctx.self_drawn,
                    given=situation_fans(sit), no_win_tile=sit.tianhe)
        out: list[_Reading] = []
        for reading in evaluate(win, ERREN_TABLE):
            if reading.shape == "standard":
                views = [_group_view(s.kind, s.first, i < len(melds)) for i, s in enumerate(reading.sets)]
                views.append(GroupView("pair", (ALL_TILES[reading.pair],) * 2))
            else:
                views = [GroupView("pair", (ALL_TILES[k],) * 2) for k in range(_KINDS) for _ in range(counts[k] // 2)]
            out.append(self._reading(table_fans(reading.fans), tuple(views), reading.shape))
        return out

    def _reading(self, fans: Counter[str], groups: tuple[GroupView, ...], shape: str) -> _Reading:
        items = tuple(self._item(fid, n) for fid, n in sorted(fans.items(), key=lambda kv: fan_order(kv[0])))
        total = sum(i.value for i in items)
        base = total - sum(i.value for i in items if i.id == "huapai")
        return _Reading(base, total, items, groups, shape)

    def _item(self, fid: str, count: int) -> ValueItem:
        return self.fan_item("erren.fan.", fid, FANS[fid].value * count, count)

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        floor = self.options.floor and session.has_start_scores
        running = dict(session.scores)
        transfers: list[Transfer] = []

        def pay(payer: Seat, payee: Seat, amount: int, reason: str, rule: str) -> None:
            if floor:
                left = max(running.get(payer, 0), 0)
                if amount > left:
                    reason += f"; {payer} has only {left} left, scores stop at zero"
                    amount, rule = left, self.rule("floor")
            running[payer] = running.get(payer, 0) - amount
            running[payee] = running.get(payee, 0) + amount
            transfers.append(Transfer(payer, payee, amount, reason, rule))

        for seat, what, tile in self._instant_events(hand):
            other = self._other(seat)
            if what == "kong":
                pay(other, seat, 1, f"{seat}'s kong of {tile} ({tile.chinese}), paid at once", self.rule("kong-score"))
            else:
                pay(other, seat, 1, f"{seat}'s flower {what} ({tile.chinese}), paid at once",
                    self.rule("flower-score"))
        for ctx, win in zip(result.contexts, result.wins, strict=True):
            if win.is_win:
                loser = ctx.from_seat if ctx.from_seat is not None else self._other(ctx.seat)
                how = "self-drawn" if ctx.self_drawn else f"on {loser}'s tile"
                pay(loser, ctx.seat, win.total, f"{win.total}番, won {how}", self.rule("payment"))
        result.transfers = transfers
        return payments_from(transfers, self.seats)

    def _other(self, seat: Seat) -> Seat:
        return next(s for s in self.seats if s != seat)

    def _instant_events(self, hand: HandState) -> list[tuple[Seat, str, Any]]:
        """The kongs that stand and the 4th, 5th … flowers, in the order they were made.

        The table says which kongs and flowers count (a robbed kong is back to a pong); the
        record's lines, where there are any, say in which order they were paid, which matters
        for the floor at zero.  (The simulator settles hands it has not written yet: there the
        order is each seat's own, and it has no starting scores, so no floor.)
        """
        events: list[tuple[Seat, str, Any]] = []
        for seat, ss in hand.seats.items():
            events.extend((seat, "kong", m.tiles[0]) for m in ss.melds if m.is_kong)
            events.extend((seat, f"no. {n}", t) for n, t in enumerate(ss.flowers, 1) if n >= 4)
        where: dict[int, int] = {}
        taken: set[int] = set()
        if not events:
            return events  # nothing to put in order (the record's lines need not be read)
        for pos, a in enumerate(hand.record.actions):
            # One class at a time, not a tuple of classes (docs/speed.md).
            if not (isinstance(a, r.Flower) or isinstance(a, r.Kong) or isinstance(a, r.AnKong)
                    or isinstance(a, r.AddKong)):
                continue
            is_kong = not isinstance(a, r.Flower)
            for i, (seat, what, tile) in enumerate(events):
                if i not in taken and seat == a.seat and tile == a.tile and (what == "kong") == is_kong:
                    where[i] = pos
                    taken.add(i)
                    break
        order = sorted(range(len(events)), key=lambda i: (where.get(i, len(hand.record.actions)), i))
        return [events[i] for i in order]

    def next_dealer(self, result: HandResult, session: SessionState) -> Seat:
        if result.result == "win" and result.winners:
            return result.winners[0]
        return result.dealer


def _waits(counts: list[int], n_melds: int) -> list[int]:
    """The kinds a hand of 3n+1 tiles waits on, seven pairs included when it has no melds."""
    c = counts[:_KINDS]
    return waits(c, 0, melds=n_melds, shapes=("standard", "seven_pairs_fours"), fifth=True)


def _meld_in(m: Meld) -> MeldIn:
    if m.kind == "chow":
        return MeldIn("chow", min(t.index for t in m.tiles))
    return MeldIn("kong" if m.is_kong else "pong", m.tiles[0].index, m.kind == "ankong")


def _group_view(kind: str, first: int, meld: bool) -> GroupView:
    return GroupView(kind, set_tiles(kind, first), (), meld)
