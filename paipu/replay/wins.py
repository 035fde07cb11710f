"""Declared wins: on one's own draw, on a discard, by robbing a kong; and their contexts."""

from __future__ import annotations

import paipu.record as r
from paipu.record import Seat
from paipu.replay.core import EngineCore
from paipu.replay.result import WinAnalysis, WinContext
from paipu.replay.ruleset import Ruleset
from paipu.replay.state import LastDiscard
from paipu.tiles import ALL_TILES, Tile


class WinsMixin(EngineCore):
    _verdict_only: bool = False
    """Set while `HandEngine.can` asks: only whether an error is found matters, not its
    words, so a win the ruleset's value bound (`Ruleset.below_minimum`) rules out is refused
    without its full analysis."""

    def on_hu(self, a: r.Hu, apply: bool) -> None:
        st, seat = self.st, a.seat
        ld = st.last_discard
        if st.phase == "discard" and seat == st.turn and not st.ended:
            self._hu_on_own_draw(a, apply)
        elif st.phase == "replacement" and not st.ended:
            self._hu_before_replacement(a)
        elif st.phase == "rob" or (st.ended and st.robbed):
            self._hu_robbing(a, apply)
        elif ld is not None and (st.phase == "claim" or (st.ended and ld.winners)):
            self._hu_on_discard(a, ld, apply)
        elif st.ended:
            self.err("action-after-end", f"{seat} declares a win after the hand has ended", a.span, "common.end")
        else:
            self.err("turn-order", f"{seat} declares a win out of turn ({st.turn} is to move)", a.span, "common.turn")

    def _hu_on_own_draw(self, a: r.Hu, apply: bool) -> None:
        seat = a.seat
        if not self.st.seats[seat].drew_since_claim:
            self.err("illegal-win",
                     f"{seat} declares a win right after a claim, without drawing: a win on a discard is "
                     "declared instead of the chow or pong, and a self-drawn win needs a draw",
                     a.span, self.rs.rule_or_common("winning", "common.win"))
            return
        ctx = self.self_draw_context(seat, a.tile)
        self._record_win(a, ctx, self._judge(ctx, None), apply)

    def _hu_before_replacement(self, a: r.Hu) -> None:
        """A win while a replacement tile is owed: never one (only an added kong is robbed)."""
        st, seat = self.st, a.seat
        if seat == st.turn:
            self.err("missing-replacement", f"{seat} must draw the replacement tile after the kong before it can win",
                     a.span, "common.kong")
        elif st.replacement_for == "kong":
            self.err("illegal-win",
                     f"{seat} cannot rob {st.turn}'s kong: only an added kong can be robbed, not a "
                     "concealed or exposed one",
                     a.span, self.rs.rule_or_common("winning", "common.win"))
        else:
            self.err("turn-order", f"{seat} declares a win out of turn ({st.turn} is to draw)", a.span, "common.turn")

    def _hu_robbing(self, a: r.Hu, apply: bool) -> None:
        """A win on the tile of another seat's added kong."""
        st, seat = self.st, a.seat
        pending = st.pending_addkong or st.robbed
        assert pending is not None
        konger, ktile, _ = pending
        if seat == konger:
            self.err("illegal-win", f"{seat} cannot rob its own kong", a.span, "common.win")
            return
        if not self.rs.may_rob_kong(st, seat, konger):
            rid = self.rs.rule_or_common("qianggang", "common.win")
            self.err("illegal-win", f"{seat} may not rob {konger}'s kong of {ktile}: {self.rs.rules[rid].text}",
                     a.span, rid)
            return
        robbers = st.robbers
        if not self._may_add_winner(robbers, seat, konger, f"{konger}'s kong of {ktile}", a, apply):
            return
        ctx = self.rob_context(seat, konger, ktile)
        if not apply:
            self._record_win(a, ctx, self._judge(ctx, ktile), apply)
            return
        robbers.append(seat)
        st.win_spans[seat] = a.span
        if st.phase == "rob":
            # The robbed tile leaves the kong: the meld is a pong again.
            for m in st.seats[konger].melds:
                if m.kind == "addkong" and m.tiles[0] == ktile:
                    m.kind = "pong"
                    m.tiles.pop()
                    break
            st.robbed = pending
        self._record_win(a, ctx, self.analyse(ctx, ktile), apply)

    def _hu_on_discard(self, a: r.Hu, ld: LastDiscard, apply: bool) -> None:
        st, seat = self.st, a.seat
        if seat == ld.seat:
            self.err("illegal-win", f"{seat} cannot win on its own discard", a.span, "common.win")
            return
        if not self.rs.may_win_on_discard(st, seat):
            self.err("illegal-win",
                     f"{seat} declares a win on {ld.seat}'s discard {ld.tile}, but in {self.rs.name} "
                     "a hand is won only on one's own draw (自摸)",
                     a.span, self.rs.rule("winning"))
            return
        if ld.claimed_by is not None:
            self.err("claim-priority",
                     f"{seat}'s win on {ld.tile} comes after {ld.claimed_by}'s {ld.claim_kind} "
                     "of it, but a win takes priority",
                     a.span, "common.priority")
            return
        if not self._may_add_winner(ld.winners, seat, ld.seat, f"{ld.seat}'s {ld.tile}", a, apply):
            return
        if st.seats[seat].passed_on == ld.serial:
            self.err("claim-after-pass", f"{seat} passed on {ld.tile} and cannot then win on it",
                     a.span, "common.priority")
        ctx = self.discard_context(seat, ld)
        analysis = self._judge(ctx, ld.tile)
        if apply:
            ld.winners.append(seat)
            st.win_spans[seat] = a.span
            st.seats[ld.seat].claim_last_discard()
        self._record_win(a, ctx, analysis, apply)

    def _may_add_winner(self, winners: list[Seat], seat: Seat, source: Seat, what: str, a: r.Hu,
                        apply: bool) -> bool:
        """One winner per tile, where the ruleset says so: the first counter-clockwise from
        ``source`` (the discarder, or the robbed player).  A nearer seat written later takes
        the win over from the earlier line, which is reported; a farther one is refused."""
        if not winners or self.rs.multi_win:
            return True
        first = winners[0]
        order = self.rs.seats_after(source)
        if order.index(seat) < order.index(first):
            self.err("claim-priority",
                     f"{first}'s win on {what} is taken over by {seat}, who comes first counter-clockwise "
                     f"from {source}: {self.rs.name} has one winner per tile",
                     self.st.win_spans[first], self.rs.rule_or_common("winners", "common.priority"))
            if apply:
                winners.remove(first)
                self.wins = [(c, w) for c, w in self.wins if c.seat != first]
            return True
        self.err("multiple-winners",
                 f"{seat} cannot also win on {what}: {first} already did and {self.rs.name} has one "
                 "winner per tile",
                 a.span, self.rs.rule_or_common("winners", "common.win"))
        return False

    # ---- win contexts, shared by `on_hu` and the simulator's bots
    def self_draw_context(self, seat: Seat, named: Tile | None = None) -> WinContext:
        """The context of a win on ``seat``'s own draw (or, before any draw, 天胡)."""
        st = self.st
        ss = st.seats[seat]
        drawn = ss.last_drawn
        dealer_first = seat == st.dealer and not st.any_discard and ss.own_draws == 0 and not st.any_claim
        tile = drawn if drawn is not None and ss.draws > 0 else (named or drawn)
        if tile is None:
            tile = next((ALL_TILES[i] for i, n in enumerate(ss.counts) if n), ALL_TILES[0])
        return WinContext(
            seat, tile, self_drawn=True,
            after_kong=st.after_kong,
            first_draw=st.first_draw and ss.own_draws == 1 and not dealer_first,
            dealer_first=dealer_first,
            last_tile=self.draws_left(self.next_seat(seat)) <= 0,
        )

    def discard_context(self, seat: Seat, ld: LastDiscard) -> WinContext:
        return WinContext(seat, ld.tile, self_drawn=False, from_seat=ld.seat,
                          last_tile=self.draws_left(self.next_seat(ld.seat)) <= 0)

    def rob_context(self, seat: Seat, konger: Seat, tile: Tile) -> WinContext:
        return WinContext(seat, tile, self_drawn=False, from_seat=konger, robbed=True)

    def win_context(self, a: r.Action) -> tuple[WinContext, Tile | None] | None:
        """The context `on_hu` values the win ``a`` declares in, asked before it is played, and the
        tile the win adds to the hand (the discard's or the robbed kong's; None on the seat's own
        draw); None for an action that is no win, or a win on none of them (`on_hu` says what is
        wrong).  For observers that value a win as the engine does (`analyse`)."""
        if not isinstance(a, r.Hu):
            return None
        st, seat = self.st, a.seat
        if st.ended:
            return None
        if st.phase == "discard" and seat == st.turn:
            return self.self_draw_context(seat, a.tile), None
        if st.phase == "rob" and st.pending_addkong is not None:
            konger, tile, _ = st.pending_addkong
            return self.rob_context(seat, konger, tile), tile
        ld = st.last_discard
        if st.phase == "claim" and ld is not None:
            return self.discard_context(seat, ld), ld.tile
        return None

    def analyse(self, ctx: WinContext, extra: Tile | None) -> WinAnalysis:
        """The ruleset's analysis of ``ctx.seat``'s hand, with ``extra`` (a claimed tile) added."""
        counts = self.st.seats[ctx.seat].counts
        if extra is not None:
            counts[extra.index] = counts[extra.index] + 1
        try:
            return self.rs.analyse_win(self.st, ctx)
        finally:
            if extra is not None:
                counts[extra.index] = counts[extra.index] - 1

    def _judge(self, ctx: WinContext, extra: Tile | None) -> WinAnalysis:
        """`analyse`, or, while only the verdict is asked (`_verdict_only`), a refusal without
        the analysis when the ruleset's value bound shows the win cannot reach its minimum (it
        finds no win in exactly that case, so the verdict is the same)."""
        if self._verdict_only and type(self.rs).below_minimum is not Ruleset.below_minimum:
            rid = self.below_minimum(ctx, extra)
            if rid:
                return WinAnalysis(ctx.seat, ctx.tile, False, "none", reason="its value cannot reach the minimum",
                                   rule=rid)
        return self.analyse(ctx, extra)

    def below_minimum(self, ctx: WinContext, extra: Tile | None) -> str:
        """The ruleset's value bound (`Ruleset.below_minimum`) of ``ctx.seat``'s hand with
        ``extra`` (a claimed tile) added, as `analyse` adds it."""
        counts = self.st.seats[ctx.seat].counts
        if extra is not None:
            counts[extra.index] = counts[extra.index] + 1
        try:
            return self.rs.below_minimum(self.st, ctx)
        finally:
            if extra is not None:
                counts[extra.index] = counts[extra.index] - 1

    def _record_win(self, a: r.Hu, ctx: WinContext, analysis: WinAnalysis, apply: bool) -> None:
        if a.tile is not None and a.tile.index != ctx.tile.index:  # `Tile` equality, natively
            self.err("hu-tile-mismatch",
                     f"{a.seat} names {a.tile} as the winning tile, but it is {ctx.tile}",
                     a.span, "common.win")
        unknown = self.st.seats[a.seat].unknown_since
        if unknown:
            # An earlier error took a tile the seat did not hold: its hand is not known, so any
            # verdict on the win would only repeat that error.
            self.warn("unchecked-win",
                      f"{a.seat}'s win cannot be checked: its tiles are not known since line {unknown}",
                      a.span, "common.held")
            analysis = r.replace(analysis, checked=False)
        elif not analysis.is_win:
            self.err("not-a-win", f"{a.seat} declares a win, but {analysis.reason}", a.span,
                     analysis.rule or self.rs.rule_or_common("winning", "common.win"))
        if apply:
            self.wins.append((ctx, analysis))
            self.st.ended = True
            self.st.phase = "ended"
