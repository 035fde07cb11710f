"""The riichi bots: riichi or dama (silent tenpai), calls that keep a yaku, the abortive draws
Tenhou makes, and the dora indicators of the simulated wall.

Preferences, not rules: what is legal and what a hand is worth are the ruleset's answers
(`paipu.rules.riichi.ruleset`).

* **Riichi or dama.**  A concealed hand that becomes ready declares riichi, unless every wait
  already wins with a yaku worth 2 han or more on a discard: then it stays silent (dama) and
  keeps its freedom to change waits.
* **Calls.**  A chow, pong or kong of a discard opens the hand, which then needs a yaku that
  is not riichi, tsumo or pinfu; the bot calls only when the hand keeps one: a pong or kong of
  a dragon, the seat wind or the round wind, a hand that already has such a set open, or an
  all-simples hand (tanyao) whose call and melds are simples with at most two terminal or
  honour tiles left in hand.
* **Aborts.**  When the last discard makes an abortive draw due (four winds, the fourth
  riichi, the discard after a fourth kong by two or more seats), or three seats could win on
  it, the bots write the `abort` at once, as Tenhou does.
* **Dora.**  The first indicator, a kan indicator after each kong and the ura indicators
  come from the simulated wall, laid out as the ruleset reads it.

`SeatBot.best_discard` discards the tile with the lowest value among those that keep the hand
closest to ready, so after riichi every tile but the one just drawn is worth keeping.
"""

from __future__ import annotations

from paipu.rules.riichi.ruleset import Riichi, riichi_table
from paipu.ruleset_api import ALL_TILES, Span, WinContext
from paipu.ruleset_api import record as r
from paipu.ruleset_api.bots import HandSim, SeatBot, Strategy

_NO = Span.none()
_TERMINAL_HONOUR = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
DAMA_HAN = 2
"""A ready hand whose every wait wins on a discard with this many han without riichi stays dama."""


def _value_kinds(sim: HandSim, seat: r.Seat) -> set[int]:
    """The honour kinds whose set is a yaku for ``seat``: the dragons, its seat wind, the round wind."""
    rs = sim.rs
    seats = rs.seats
    wind = (seats.index(seat) - seats.index(sim.st.dealer)) % 4
    round_wind = rs.round_wind(sim.st) if isinstance(rs, Riichi) else 0
    return {31, 32, 33, 27 + wind, 27 + round_wind}


class RiichiStrategy(Strategy):
    ready_by_chance = False  # riichi or dama is decided from the waits' values alone

    def hand_setup(self, sim: HandSim) -> tuple[r.SetupTiles, ...]:
        # Asked before the table is set up: the hand being dealt is the simulator's record so far.
        hand = getattr(sim, "hand", None)
        wall = hand.wall if isinstance(hand, r.HandRecord) else None
        if wall is None or len(wall.tiles) < 14:
            return ()
        dead = wall.tiles[-14:]
        return (r.SetupTiles(_NO, (), "dora", (dead[8],)),
                r.SetupTiles(_NO, (), "uradora", tuple(dead[9 - 2 * k] for k in range(5))))

    def keep_values(self, bot: SeatBot, kinds: list[int]) -> list[int]:
        ss = bot.ss
        drawn = ss.last_drawn
        if ss.ready and drawn is not None:
            return [0 if k == drawn.index else 100 for k in kinds]
        counts = bot.counts
        valued = _value_kinds(bot.sim, bot.seat)
        out = []
        for k in kinds:
            if k >= 27 and counts[k] == 1:
                # Lone honours go first (a lone dragon or own wind a little later: it may pair).
                out.append(-1 if k not in valued else 0)
            elif k >= 27 and k in valued:
                out.append(2)  # a pair or set of a yaku honour: a yaku to call for
            else:
                out.append(0)
        return out

    def keep_value(self, bot: SeatBot, index: int) -> int:
        return self.keep_values(bot, [index])[0]

    def want_ready(self, sim: HandSim, seat: r.Seat, discard: int) -> bool:
        """Riichi, unless every wait already wins on a discard with `DAMA_HAN` han (dama)."""
        rs = sim.rs
        if not isinstance(rs, Riichi):
            return False
        ss = sim.st.seats[seat]
        counts = ss.counts
        counts[discard] -= 1
        try:
            waits = rs.waits_of(counts, len(ss.melds))
            if not waits:
                return False
            source = rs.next_seat(seat)
            for k in waits:
                counts[k] += 1
                try:
                    win = rs.analyse_win(sim.st, WinContext(seat, ALL_TILES[k], self_drawn=False, from_seat=source))
                finally:
                    counts[k] -= 1
                if not win.is_win or win.total < DAMA_HAN:
                    return True
            return False
        finally:
            counts[discard] += 1

    def want_claim(self, sim: HandSim, seat: r.Seat, action: r.Action) -> bool:
        """Call only when the open hand keeps a yaku: a yaku honour set, or all simples."""
        ss = sim.st.seats[seat]
        valued = _value_kinds(sim, seat)
        if isinstance(action, (r.Pong, r.Kong)) and action.tile.index in valued:
            return True
        if any(m.kind != "chow" and m.tiles[0].index in valued for m in ss.melds):
            return True
        if not isinstance(sim.rs, Riichi) or not sim.rs.options.open_tanyao:
            return False
        called = list(action.tiles) if isinstance(action, r.Chow) else \
            [action.tile] if isinstance(action, (r.Pong, r.Kong)) else []
        if any(t.index in _TERMINAL_HONOUR for t in called):
            return False
        if any(t.index in _TERMINAL_HONOUR for m in ss.melds for t in m.tiles):
            return False
        return sum(n for k, n in enumerate(ss.counts[:34]) if k in _TERMINAL_HONOUR) <= 2

    def events_after(self, sim: HandSim, action: r.Action) -> list[r.Action]:
        rs = sim.rs
        if not isinstance(rs, Riichi):
            return []
        t = riichi_table(sim.st)
        if isinstance(action, (r.Discard, r.AddKong)):
            # Only a ready hand can win on the tile: the ruleset is asked only when three are
            # (the three other seats: the first that is not ready settles it).
            others = rs.seats_after(action.seat)
            if len(others) == 3 and all(sim.seat_shanten(s) <= 0 for s in others) \
                    and len(rs.could_win_on_last(sim.st)) >= 3:
                return [r.TableEvent(_NO, "abort", word="sanchahou")]
        if isinstance(action, r.Discard):
            if t.due:
                return [r.TableEvent(_NO, "abort", word=t.due)]
            if t.pending is not None and len(t.riichi) == 3:
                return [r.TableEvent(_NO, "abort", word="suucha")]
        if not isinstance(action, (r.Kong, r.AnKong, r.AddKong)):
            return []
        wall = sim.st.record.wall
        k = t.kan_dora + 1
        if wall is None or len(wall.tiles) < 14 or k > 4 or k > len(t.kongs):
            return []
        return [r.TableEvent(_NO, "dora", (wall.tiles[-14:][8 - 2 * k],))]
