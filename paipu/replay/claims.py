"""Claims of the last discard (chow, pong, exposed kong) and the kongs of one's own turn."""

from __future__ import annotations

import paipu.record as r
from paipu.record import Seat
from paipu.replay.ruleset import CLAIM_PRIORITY
from paipu.replay.state import LastDiscard, Meld
from paipu.replay.wins import WinsMixin
from paipu.tiles import Tile, format_tiles


class ClaimsMixin(WinsMixin):
    """The claims of a discard: chow, pong, kong and the wins on it (on `WinsMixin`: the engine's
    mixins are one chain of single inheritance)."""

    _checks_meld: bool = True
    """Whether the ruleset has a `Ruleset.check_meld` of its own (`HandEngine` asks): without one
    the hook, which would do nothing, is not called (nor the span and tiles it takes made)."""

    # ---- claims of the last discard
    def _claim_target(self, a: r.SeatAction, kind: str, tile: Tile) -> LastDiscard | None:
        """The discard a claim takes, or None (reported) if it may not be taken."""
        st = self.st
        if kind not in self.rs.claims:
            self.err("illegal-claim", f"{self.rs.name} has no {kind}: {a.seat} cannot {kind}",
                     a.span, self.rs.rule("claims"))
            return None
        ld = st.last_discard
        if ld is None or st.phase not in ("claim", "discard", "ended"):
            earlier = self._discarded_earlier(tile)
            why = (f"{tile} was discarded earlier by {earlier} but is no longer the last discard"
                   if earlier else f"there is no discard of {tile} to claim")
            self.err("stale-claim", f"{a.seat} cannot {kind} {tile}: {why}", a.span, "common.claim")
            return None
        if ld.claimed_by is not None or ld.winners:
            taken = ld.claim_kind or "hu"
            by = ld.claimed_by or ld.winners[0]
            if CLAIM_PRIORITY[kind] > CLAIM_PRIORITY[taken]:
                self.err(
                    "claim-priority",
                    f"{a.seat}'s {kind} of {ld.tile} comes after {by}'s {taken} of it, but {kind} "
                    f"takes priority over {taken}: {by} could not {taken}",
                    a.span,
                    "common.priority",
                )
            else:
                self.err("stale-claim",
                         f"{a.seat} cannot {kind} {ld.tile}: {by} already took it ({taken})",
                         a.span, "common.claim")
            return None
        if tile.index != ld.tile.index:
            earlier = self._discarded_earlier(tile)
            if earlier:
                self.err("stale-claim",
                         f"{a.seat} cannot {kind} {tile}: the last discard is {ld.seat}'s {ld.tile}; "
                         f"{earlier}'s {tile} can no longer be claimed",
                         a.span, "common.claim")
            else:
                self.err("claim-mismatch",
                         f"{a.seat} claims {tile} with {kind}, but the last discard is {ld.seat}'s {ld.tile}",
                         a.span, "common.claim")
            return None
        if a.seat == ld.seat:
            self.err("illegal-claim", f"{a.seat} cannot claim its own discard", a.span, "common.claim")
            return None
        if st.seats[a.seat].passed_on == ld.serial:
            self.err("claim-after-pass", f"{a.seat} passed on {ld.tile} and cannot then {kind} it",
                     a.span, "common.priority")
        if kind not in self.rs.last_discard_claims and self.draws_left(self.next_seat(ld.seat)) <= 0:
            self.err("late-claim",
                     f"{a.seat} cannot {kind} {ld.tile}: it is the discard after the last draw, and then "
                     "the hand is drawn",
                     a.span, self.rs.rule("exhausted"))
        return ld

    def _discarded_earlier(self, tile: Tile) -> Seat | None:
        """Who discarded this tile before (for saying why a claim of it is stale)."""
        for seat, ss in self.st.seats.items():
            if any(t == tile for t, _ in ss.discards):
                return seat
        return None

    def _take_discard(self, ld: LastDiscard, seat: Seat, kind: str) -> None:
        ld.claimed_by = seat
        ld.claim_kind = kind
        self.st.seats[ld.seat].claim_last_discard()
        self.st.any_claim = True
        self.st.seats[seat].claimed_any = True
        self.st.seats[seat].drew_since_claim = False

    def on_chow(self, a: r.Chow, apply: bool) -> None:
        st = self.st
        ld = st.last_discard
        x, y, z = a.tiles
        # (`ld.tile in a.tiles`, and below `list.remove`, by the tiles' kinds: `Tile` equality is a call.)
        tile = ld.tile if ld is not None and ld.tile.index in (x.index, y.index, z.index) else y
        target = self._claim_target(a, "chow", tile)
        if target is None:
            return
        if not (x.is_suited and x.suit == y.suit == z.suit and y.rank == x.rank + 1 and z.rank == y.rank + 1):
            self.err("illegal-chow", f"{format_tiles(a.tiles, packed=False)} is not a run of one suit",
                     a.span, "common.chow")
            return
        nxt = self.next_seat(target.seat)
        if a.seat != nxt:
            # Reported, then played as written: the record goes on from the chow it shows.
            self.err(
                "illegal-chow",
                f"{a.seat} cannot chow {target.tile} from {target.seat}: only {nxt}, "
                f"{target.seat}'s next seat, may chow",
                a.span,
                "common.chow",
            )
        own = list(a.tiles)
        taken = target.tile.index
        del own[0 if x.index == taken else 1 if y.index == taken else 2]
        if self._checks_meld:
            self.rs.check_meld(st, a.seat, "chow", [t.index for t in a.tiles], a.span, apply)
        for t in own:
            if not self._take(a.seat, t, 1, apply):
                self._remove(a.seat, t, 1, a.span, f"chows {format_tiles(a.tiles)}", apply)
        if not apply:
            return
        self._take_discard(target, a.seat, "chow")
        st.seats[a.seat].melds.append(Meld("chow", list(a.tiles), target.tile, target.seat))
        st.turn, st.phase = a.seat, "discard"
        st.after_kong = False

    def on_pong(self, a: r.Pong, apply: bool) -> None:
        target = self._claim_target(a, "pong", a.tile)
        if target is None:
            return
        if self._checks_meld:
            self.rs.check_meld(self.st, a.seat, "pong", [a.tile.index] * 3, a.span, apply)
        if not self._take(a.seat, a.tile, 2, apply):
            self._remove(a.seat, a.tile, 2, a.span, f"pongs {a.tile}", apply)
        if not apply:
            return
        self._take_discard(target, a.seat, "pong")
        self.st.seats[a.seat].melds.append(Meld("pong", [a.tile] * 3, a.tile, target.seat))
        self.st.turn, self.st.phase = a.seat, "discard"
        self.st.after_kong = False

    def on_kong(self, a: r.Kong, apply: bool) -> None:
        target = self._claim_target(a, "kong", a.tile)
        if target is None:
            return
        if self._checks_meld:
            self.rs.check_meld(self.st, a.seat, "kong", [a.tile.index] * 4, a.span, apply)
        self.rs.check_kong(self.st, a.seat, a, apply)
        if not self._take(a.seat, a.tile, 3, apply):
            self._remove(a.seat, a.tile, 3, a.span, f"kongs {a.tile}", apply)
        if not apply:
            return
        self._take_discard(target, a.seat, "kong")
        self.st.seats[a.seat].melds.append(Meld("kong", [a.tile] * 4, a.tile, target.seat))
        self._need_replacement(a.seat, "kong")

    def on_ankong(self, a: r.AnKong, apply: bool) -> None:
        self._own_turn(a, f"declare a concealed kong of {a.tile}", apply)
        if self._checks_meld:
            self.rs.check_meld(self.st, a.seat, "ankong", [a.tile.index] * 4, a.span, apply)
        self.rs.check_kong(self.st, a.seat, a, apply)
        held = (self._take(a.seat, a.tile, 4, apply)
                or self._remove(a.seat, a.tile, 4, a.span, f"declares a concealed kong of {a.tile}", apply))
        if not apply:
            return
        if held:
            self.st.seats[a.seat].melds.append(Meld("ankong", [a.tile] * 4))
        self._need_replacement(a.seat, "kong")

    def on_addkong(self, a: r.AddKong, apply: bool) -> None:
        st = self.st
        self._own_turn(a, f"add {a.tile} to a pong", apply)
        ss = st.seats[a.seat]
        pong = next((m for m in ss.melds if m.kind == "pong" and m.tiles[0] == a.tile), None)
        if pong is None:
            self.err("illegal-addkong",
                     f"{a.seat} has no exposed pong of {a.tile} to add the fourth tile to",
                     a.span, "common.kong")
            if apply:
                self._need_replacement(a.seat, "kong")
            return
        if self._checks_meld:
            self.rs.check_meld(st, a.seat, "addkong", [a.tile.index], a.span, apply)
        self.rs.check_kong(st, a.seat, a, apply)
        held = (self._take(a.seat, a.tile, 1, apply)
                or self._remove(a.seat, a.tile, 1, a.span, f"adds {a.tile} to its pong", apply))
        if not apply:
            return
        if held:
            pong.kind = "addkong"
            pong.tiles.append(a.tile)
        st.pending_addkong = (a.seat, a.tile, a.span)
        st.turn, st.phase = a.seat, "rob"
        st.replacement_for = "kong"
        st.robbers = []
