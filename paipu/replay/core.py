"""What every part of the hand engine shares: the state, the ruleset, and how findings are made.

Each action is handled by one method per verb that both *checks* the action and, when
``apply`` is true, *applies* it.  Checking never changes the table: every change sits behind
``if apply``.  So `HandEngine.check` (findings only), `HandEngine.can` (no error) and
`HandEngine.play` (findings, then the change) run the very same code, and a rule is written
once (pokerkit's verify / can / do, with one body).
"""

from __future__ import annotations

import paipu.record as r
from paipu.record import Seat, Span
from paipu.replay.result import SessionState, WinAnalysis, WinContext
from paipu.replay.ruleset import Ruleset
from paipu.replay.state import HandState
from paipu.tiles import ALL_TILES, Tile, format_tiles


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def count_of(n: int, tile: Tile) -> str:
    """``3 of 5m (五万)``: a count of one tile kind, without pluralising a tile name."""
    return f"{n} of {tile} ({tile.chinese})"


def hand_text(counts: list[int]) -> str:
    return format_tiles(ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)) or "nothing"


class EngineCore:
    """The state of one hand and the helpers every action handler uses."""

    def __init__(self, ruleset: Ruleset, hand: r.HandRecord, session: SessionState, dealer: Seat) -> None:
        self.rs = ruleset
        self.hand = hand
        self.session = session
        self.st = HandState(ruleset.seats, hand, dealer)
        self.wins: list[tuple[WinContext, WinAnalysis]] = []
        self.exhausted = False
        self.result_lines: list[r.Action] = []
        self.walls: tuple[int, ...] | None = None
        """The sizes of the seats' own walls after the deal (`Ruleset.seat_walls`, asked when
        the hand is set up); None while all draw from one wall."""
        self._limits_own = type(ruleset).draws_left is not Ruleset.draws_left
        """Whether the ruleset says by itself how many draws are left (else, with one wall,
        the wall and its reserve say it)."""

    # ------------------------------------------------------------ findings
    def err(self, code: str, message: str, span: Span, rule: str | None = None) -> None:
        self.st.add("error", code, message, span, rule)

    def warn(self, code: str, message: str, span: Span, rule: str | None = None) -> None:
        self.st.add("warning", code, message, span, rule)

    def next_seat(self, seat: Seat) -> Seat:
        return self.rs.next_seat(seat)

    # ------------------------------------------------------------ the end of the wall
    def draws_left(self, seat: Seat) -> int:
        """`Ruleset.draws_left` of ``seat`` now (where the ruleset keeps the default hook, its
        answer worked out here from the walls the hand was set up with)."""
        if self._limits_own:
            return self.rs.draws_left(self.st, seat)
        walls = self.walls
        if walls is None:
            return self.st.wall.size - self.rs.reserve(self.st)
        return walls[self.rs.seats.index(seat)] - self.st.seats[seat].draws

    def due_to_draw(self) -> Seat:
        """The seat whose draw comes next if nobody claims or wins: while a replacement is owed,
        the seat that owes it; otherwise the next seat after the one that discarded (or is to
        discard)."""
        st = self.st
        if st.phase == "replacement" or st.phase == "rob":
            return st.turn
        return self.rs.next_seat(st.turn)

    def wall_part(self, seat: Seat) -> int:
        """Which part of a wall split by seat (`paipu.replay.state.Wall.split`) ``seat`` draws
        from: its number; -1 with one wall."""
        return self.rs.seats.index(seat) if self.walls is not None else -1

    # ------------------------------------------------------------ shared checks and changes
    def _take(self, seat: Seat, tile: Tile, n: int, apply: bool) -> bool:
        """`_remove` when the seat holds ``n`` of ``tile`` (nothing to report, so no message
        is worded); False, changing nothing, when it does not."""
        counts = self.st.seats[seat].counts
        if counts[tile.index] < n:
            return False
        if apply:
            counts[tile.index] = counts[tile.index] - n
        return True

    def _remove(self, seat: Seat, tile: Tile, n: int, span: Span, what: str, apply: bool) -> bool:
        """Take ``n`` of ``tile`` from the seat's concealed tiles, or report what is missing.

        Whatever is missing, the seat's concealed tiles are unknown from here on (`unknown_since`).
        """
        ss = self.st.seats[seat]
        have = ss.counts[tile.index]
        if have < n:
            held = "none" if have == 0 else str(have)
            self.err(
                "not-held",
                f"{seat} {what} but holds {held} of {tile} ({tile.chinese}) where {n} "
                f"{'is' if n == 1 else 'are'} needed; {seat} holds {hand_text(ss.counts)}",
                span,
                "common.held",
            )
            if apply and not ss.unknown_since:
                ss.unknown_since = span.line
            return False
        if apply:
            ss.counts[tile.index] = have - n
        return True

    def _own_turn(self, a: r.SeatAction, what: str, apply: bool) -> None:
        st = self.st
        if st.phase in ("replacement", "rob"):
            self.err("missing-replacement",
                     f"{st.turn} must draw a replacement tile before {a.seat} can {what}",
                     a.span, "common.kong")
            if apply and st.phase == "rob":
                self._finish_addkong()
        elif st.phase != "discard" or a.seat != st.turn:
            if st.phase == "claim" and a.seat == self.next_seat(st.turn):
                self.err("missing-draw", f"{a.seat} must draw before it can {what}", a.span, "common.turn")
            else:
                self.err("turn-order", f"{a.seat} cannot {what} on {st.turn}'s turn", a.span, "common.turn")

    def _need_replacement(self, seat: Seat, reason: str) -> None:
        self.st.turn, self.st.phase = seat, "replacement"
        self.st.replacement_for = reason
        self.st.after_kong = False

    def _finish_addkong(self) -> None:
        self.st.pending_addkong = None
        self.st.phase = "replacement"
