"""The `mcr` option `wall`: one wall for all (`single`, the book) or a wall for each seat
(`per-seat`, Botzone's judge), rules mcr.wall and mcr.exhausted.

The hands here are written as they are played by `Table`: each seat's deal, and each seat's
own wall, drawn from its front (a replacement too).  Most turns are a draw and the discard of
the tile drawn; the claims, kongs, wins and the end are written where each test wants them.
A hand is written as a paipu record (with or without its `wall` line) or as a Botzone log, which
`paipu import botzone` converts.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.conformance import conformance_problems
from paipu.findings import Finding
from paipu.grammar.parser import parse
from paipu.importers.botzone import BotzoneImporter, botzone_code
from paipu.lang import translation
from paipu.replay.ruleset import get_ruleset
from paipu.replay.session import replay
from paipu.reports.build import build_report_model
from paipu.reports.table import decode, face_char
from paipu.rules.mcr import Mcr
from paipu.sim.simulate import simulate
from paipu.tiles import ALL_TILES, Tile, format_tiles, parse_tiles

SEATS = ("E", "S", "W", "N")
PER_SEAT = '[Option wall "per-seat"]'


def _next(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


class Table:
    """One hand of four seats, E dealing, written as it is played with a wall for each seat.

    ``deals`` gives each seat's deal (E 14 tiles, the others 13); ``fixed`` gives tiles of the
    seats' walls by (seat, place), place 0 being the seat's first draw; the rest of each wall is
    the rest of the tile set in an order fixed by ``seed``.  E's wall holds one tile fewer than
    the others: its first draw is the 14th tile of its deal.  With ``flowers`` the test places
    every flower (a seat drawing one sets it aside and draws again).
    """

    def __init__(self, deals: dict[str, str], fixed: dict[tuple[str, int], str] | None = None,
                 *, flowers: bool = False, seed: int = 1) -> None:
        rs = get_ruleset("mcr", wall="per-seat", flowers=flowers)
        self.flowers = flowers
        self.deals = {s: sorted(parse_tiles(deals[s]), key=lambda t: t.index) for s in SEATS}
        each = rs.total_tiles // 4
        sizes = {s: each - (14 if s == "E" else 13) for s in SEATS}
        placed = {key: parse_tiles(text)[0] for key, text in (fixed or {}).items()}
        pool = [ALL_TILES[i] for i, n in enumerate(rs.tile_counts) for _ in range(n)]
        for t in [*(t for d in self.deals.values() for t in d), *placed.values()]:
            pool.remove(t)
        assert not any(t.is_flower for t in pool), "a test places every flower where it wants it drawn"
        random.Random(seed).shuffle(pool)
        self.walls: dict[str, list[Tile]] = {}
        for s in SEATS:
            self.walls[s] = [placed[(s, place)] if (s, place) in placed else pool.pop() for place in range(sizes[s])]
        assert not pool, "the walls hold the whole set but the deals"
        self.drawn = dict.fromkeys(SEATS, 0)
        self.events: list[tuple[str, str, str]] = []
        self.due = "S"
        self.last: Tile | None = None
        self.last_drawn: Tile | None = None

    # ---- playing
    def left(self, seat: str) -> int:
        return len(self.walls[seat]) - self.drawn[seat]

    def add(self, seat: str, verb: str, tiles: str = "") -> None:
        self.events.append((seat, verb, tiles))

    def draw(self, seat: str | None = None) -> Tile:
        seat = seat or self.due
        tile = self.walls[seat][self.drawn[seat]]
        self.drawn[seat] += 1
        self.add(seat, "draw", str(tile))
        self.last_drawn = tile
        return tile

    def discard(self, seat: str, tile: str | Tile | None = None) -> None:
        t = self.last_drawn if tile is None else tile if isinstance(tile, Tile) else parse_tiles(tile)[0]
        assert t is not None
        self.add(seat, "discard", str(t))
        self.last = t
        self.due = _next(seat)

    def turn(self) -> str:
        """The seat due draws and discards the tile it drew (a flower drawn is set aside and
        replaced); returns the seat."""
        seat = self.due
        tile = self.draw(seat)
        while tile.is_flower:
            self.add(seat, "flower", str(tile))
            if not self.left(seat):
                return seat
            tile = self.draw(seat)
        self.discard(seat)
        return seat

    def turns(self, n: int) -> None:
        for _ in range(n):
            self.turn()

    def play_out(self) -> None:
        """Turns until the seat due to draw has no tile left in its own wall."""
        while self.left(self.due) > 0:
            self.turn()

    def claim(self, seat: str, verb: str, tiles: str, discard: str | None) -> None:
        """A claim of the last discard (pong, chow, kong), then the claimant's discard (none for a kong)."""
        self.add(seat, verb, tiles)
        if discard is not None:
            self.discard(seat, discard)
        else:
            self.due = seat

    def end(self) -> None:
        self.add("", "exhausted")

    # ---- writing
    def record(self, wall: str | None = "per-seat", *, wall_line: bool = True, results: bool = True) -> str:
        """The hand as a paipu record, under ``[Option wall]`` (None: no option, the default)."""
        lines = ['[Ruleset "mcr"]']
        if self.flowers:
            lines.append('[Option flowers "true"]')
        if wall is not None:
            lines.append(f'[Option wall "{wall}"]')
        lines += ["", "hand 1", "dealer E"]
        if wall_line:
            lines.append("wall " + format_tiles([t for s in SEATS for t in self.walls[s]]))
        lines += [f"deal {s} {format_tiles(self.deals[s])}" for s in SEATS]
        for seat, verb, tiles in self.events:
            lines.append(f"{seat} {verb} {tiles}".strip())
        if results and self.events and self.events[-1][1] == "exhausted":
            lines.append("score E 0 S 0 W 0 N 0")
        return "\n".join(lines) + "\n"

    def botzone(self, match: str) -> str:
        """The hand as Botzone logs a drawn game: E's 14th tile is its first draw."""
        deals = {s: list(d) for s, d in self.deals.items()}
        first = deals["E"].pop()
        out = [f"Match {match}", "Wind 0"]
        out += [f"Player {i} Deal " + " ".join(botzone_code(t) for t in deals[s]) for i, s in enumerate(SEATS)]
        out.append(f"Player 0 Draw {botzone_code(first)}")
        verbs = {"draw": "Draw", "discard": "Play", "pong": "Peng", "kong": "Gang", "ankong": "AnGang"}
        for seat, verb, tiles in self.events:
            if verb == "exhausted":
                out += ["Huang", "Score 0 0 0 0"]
            elif verb == "chow":
                out.append(f"Player {SEATS.index(seat)} Chi {botzone_code(parse_tiles(tiles)[1])}")
            else:
                out.append(f"Player {SEATS.index(seat)} {verbs[verb]} {botzone_code(parse_tiles(tiles)[0])}")
        return "\n".join(out) + "\n"


def errors(text: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in audit_text(text, "t.paipu").findings if f.severity == "error"]


def findings(text: str) -> list[Finding]:
    return list(audit_text(text, "t.paipu").findings)


def line_of(text: str, wanted: str, last: bool = True) -> int:
    numbers = [n for n, line in enumerate(text.splitlines(), 1) if line == wanted]
    assert numbers, wanted
    return numbers[-1] if last else numbers[0]


# The deals of most hands here: nothing in them is claimed unless a test places it so.
DEALS = {
    "E": "147m 258p 369s 1234z 5z",
    "S": "258m 369p 147s 1234z",
    "W": "369m 147p 258s 1234z",
    "N": "234m 789m 345p 567s 9p",  # ready for 9p: 不求人 平和 单钓 7番, below 8 without the last tile
}
PONG_5Z = dict(DEALS, W="369m 147p 258s 12z 55z")
"""W holds a pair of the 5z that E discards first."""


def quiet_hand(**fixed: str) -> Table:
    """E discards 5z first; the others hold nothing that a later test does not place."""
    table = Table(DEALS, {(key[0], int(key[1:])): t for key, t in fixed.items()})
    table.discard("E", "5z")
    return table


# ---------------------------------------------------------------- the option


def test_mcr_wall_option_defaults_to_single_and_takes_per_seat() -> None:
    assert Mcr().options.wall == "single"
    rs = get_ruleset("mcr", wall="per-seat")
    assert rs.options.wall == "per-seat" and rs.option_texts() == {"wall": "per-seat"}
    with pytest.raises(ValueError, match="single, per-seat"):
        get_ruleset("mcr", wall="two")


def test_mcr_wall_per_seat_is_a_quarter_of_the_set_for_each_seat() -> None:
    """Rule mcr.wall: 34 tiles each (36 with flowers), the deal first (the dealer's 14 count its first draw)."""
    table = get_ruleset("mcr", wall="per-seat").table("S")
    assert get_ruleset("mcr", wall="per-seat").seat_walls(table) == (21, 20, 21, 21)
    flowers = get_ruleset("mcr", wall="per-seat", flowers=True)
    assert flowers.seat_walls(flowers.table("E")) == (22, 23, 23, 23)
    assert Mcr().seat_walls(Mcr().table("E")) is None


# ---------------------------------------------------------------- the end of the hand


def test_mcr_exhausted_per_seat_when_the_seat_due_has_drawn_its_21_tiles() -> None:
    """Rule mcr.exhausted: no claim, so every seat draws all of its own wall (E 20 after its 14)."""
    table = quiet_hand()
    table.play_out()
    table.end()
    assert table.due == "E" and table.left("E") == 0
    assert all(table.left(s) == 0 for s in SEATS)
    text = table.record()
    assert findings(text) == []
    # The same draws with one wall: the wall line is then read from its head, not per seat.
    assert ("draw-mismatch", line_of(text, f"S draw {table.walls['S'][0]}", last=False)) in errors(
        text.replace(PER_SEAT, ""))
    assert findings(table.record(wall_line=False)) == []


def test_mcr_exhausted_per_seat_after_a_pong_that_skipped_a_draw_is_not_early() -> None:
    """Rule mcr.exhausted: W pongs E's first discard, so S and W draw one tile fewer; the hand
    ends when E, due to draw, has none left, with a tile still in S's and W's walls.  One wall
    would still hold 2 tiles: that is the false `early-exhausted` of a Botzone drawn game."""
    table = Table(PONG_5Z)
    table.discard("E", "5z")
    table.claim("W", "pong", "5z", "1z")
    table.play_out()
    table.end()
    assert table.due == "E" and (table.left("S"), table.left("W"), table.left("N")) == (1, 1, 0)
    text = table.record(wall_line=False)
    assert findings(text) == []
    single = text.replace(PER_SEAT + "\n", "")
    assert errors(single) == [("early-exhausted", line_of(single, "exhausted"))]
    message = next(f.message for f in findings(single) if f.code == "early-exhausted")
    assert message == "the hand is declared exhausted with 2 tiles left in the wall; it goes on until only 0 remain"


def test_mcr_exhausted_per_seat_is_early_while_the_seat_due_still_has_tiles() -> None:
    table = quiet_hand()
    while table.left("N") > 3:
        table.turn()
    table.end()
    assert table.due == "E"
    text = table.record()
    assert errors(text) == [("early-exhausted", line_of(text, "exhausted"))]
    found = next(f for f in findings(text) if f.code == "early-exhausted")
    assert found.message == "the hand is declared exhausted, but E, due to draw, has 3 tiles left in its own wall"
    assert found.rule == "mcr.exhausted"


def test_mcr_exhausted_per_seat_a_draw_from_an_empty_own_wall_is_past_the_end() -> None:
    """After the pong of the test above, E is due with its wall empty; S still has a tile but it is not S's turn."""
    table = Table(PONG_5Z)
    table.discard("E", "5z")
    table.claim("W", "pong", "5z", "1z")
    table.play_out()
    text = table.record(wall_line=False) + "E draw 1m\nE discard 1m\n"
    assert errors(text)[0] == ("draw-past-reserve", line_of(text, "E draw 1m"))
    found = next(f for f in findings(text) if f.code == "draw-past-reserve")
    assert found.message == ("E draws with no tile left in its own wall (it has drawn all 20): the hand "
                             "should have ended (`exhausted`)")


def test_mcr_wall_per_seat_a_draw_that_is_not_the_next_of_its_own_wall_is_a_mismatch() -> None:
    table = quiet_hand()
    table.turns(5)
    text = table.record()
    wrong = next(t for t in ALL_TILES[:34] if t != table.walls["S"][1])
    changed = text.replace(f"S draw {table.walls['S'][1]}\nS discard {table.walls['S'][1]}",
                           f"S draw {wrong}\nS discard {wrong}")
    found = [f for f in findings(changed) if f.code == "draw-mismatch"]
    assert [f.message for f in found] == [
        f"S draws {wrong} ({wrong.chinese}), but the next tile from its own wall is "
        f"{table.walls['S'][1]} ({table.walls['S'][1].chinese})"]


# ---------------------------------------------------------------- the last tile


def test_mcr_fan_miaoshouhuichun_per_seat_on_the_last_tile_of_the_hand() -> None:
    """N's 21st draw leaves E, due next, with none: it is the hand's last tile (妙手回春, 8番),
    so N's 7番 hand wins.  One wall agrees here: nothing was claimed, so 83 tiles were drawn."""
    table = quiet_hand(N20="9p")
    while not (table.due == "N" and table.left("N") == 1):
        table.turn()
    table.draw("N")
    table.add("N", "hu")
    text = table.record() + "fan N 15 : miaoshouhuichun 8, buqiuren 4, pinghe 2, dandiaojiang 1\n" \
                            "score E -23 S -23 W -23 N +69\n"
    assert findings(text) == []
    one_wall = table.record(None, wall_line=False) + "fan N 15 : miaoshouhuichun 8, buqiuren 4, pinghe 2, " \
                                                     "dandiaojiang 1\nscore E -23 S -23 W -23 N +69\n"
    assert findings(one_wall) == []


def test_mcr_fan_miaoshouhuichun_per_seat_follows_the_seat_due_not_the_count_of_the_wall() -> None:
    """After W's pong of E's first discard, N's 21st draw is the last tile of the hand with 2
    tiles never drawn: per seat 妙手回春 (the win stands); one wall gives no 妙手回春 (no win)."""
    table = Table(PONG_5Z, {("N", 20): "9p"})
    table.discard("E", "5z")
    table.claim("W", "pong", "5z", "1z")
    while not (table.due == "N" and table.left("N") == 1):
        table.turn()
    table.draw("N")
    table.add("N", "hu")
    text = table.record(wall_line=False)
    assert errors(text) == []
    assert "miaoshouhuichun" in {i.id for i in replay(parse(text).record).hands[0].result.wins[0].items}
    single = text.replace(PER_SEAT + "\n", "")
    assert errors(single) == [("not-a-win", line_of(single, "N hu"))]


def test_mcr_fan_miaoshouhuichun_per_seat_not_on_a_seats_own_last_tile_while_the_next_has_tiles() -> None:
    """S's 21st draw empties S's wall, but W still has a tile to draw: not the last tile (as the
    judge reads it: the wall of the seat due next decides), so S's 7番 hand is no win."""
    deals = dict(DEALS, N=DEALS["S"], S=DEALS["N"])
    table = Table(deals, {("S", 20): "9p"})
    table.discard("E", "5z")
    while not (table.due == "S" and table.left("S") == 1):
        table.turn()
    table.draw("S")
    table.add("S", "hu")
    assert table.left("S") == 0 and table.left("W") == 1
    text = table.record()
    assert errors(text) == [("not-a-win", line_of(text, "S hu"))]
    assert "below the minimum of 8番" in next(f.message for f in findings(text) if f.code == "not-a-win")


def test_mcr_fan_miaoshouhuichun_per_seat_not_before_the_last_tile() -> None:
    table = quiet_hand(N19="9p")
    while not (table.due == "N" and table.left("N") == 2):
        table.turn()
    table.draw("N")
    table.add("N", "hu")
    text = table.record()
    assert errors(text) == [("not-a-win", line_of(text, "N hu"))]


def _last_discard_of_n(deals: dict[str, str], **fixed: str) -> Table:
    """N draws its 21st tile, E's wall is empty: N's discard is the hand's last."""
    table = Table(deals, {(key[0], int(key[1:])): t for key, t in fixed.items()})
    table.discard("E", "5z")
    while not (table.due == "N" and table.left("N") == 1):
        table.turn()
    table.turn()
    assert table.due == "E" and table.left("E") == 0
    return table


def test_mcr_fan_haidilaoyue_per_seat_on_the_discard_of_the_last_tile() -> None:
    deals = dict(DEALS, N=DEALS["W"], W=DEALS["N"])
    table = _last_discard_of_n(deals, N20="9p")
    table.add("W", "hu", "9p")
    text = table.record() + "fan W 13 : haidilaoyue 8, menqianqing 2, pinghe 2, dandiaojiang 1\n" \
                            "score E -8 S -8 W +37 N -21\n"
    assert findings(text) == []


def test_mcr_fan_haidilaoyue_per_seat_not_on_a_discard_while_the_next_seat_has_tiles() -> None:
    deals = dict(DEALS, N=DEALS["W"], W=DEALS["N"])
    table = Table(deals, {("N", 19): "9p"})
    table.discard("E", "5z")
    while not (table.due == "N" and table.left("N") == 2):
        table.turn()
    table.turn()
    table.add("W", "hu", "9p")
    text = table.record()
    assert errors(text) == [("not-a-win", line_of(text, "W hu 9p"))]


# ---------------------------------------------------------------- claims and kongs near the end


def test_mcr_exhausted_per_seat_the_last_discard_may_not_be_ponged_or_chowed() -> None:
    """Rule mcr.exhausted: E, next after N, has no tile: N's discard may only be won on (the judge refuses the rest)."""
    deals = dict(DEALS, W="369m 147p 258s 12z 66z")
    table = _last_discard_of_n(deals, N20="6z")
    assert table.last is not None and str(table.last) == "6z"
    text = table.record() + "W pong 6z\nW discard 1z\n"
    assert errors(text) == [("late-claim", line_of(text, "W pong 6z"))]
    deals = dict(DEALS, E="147m 2p 369s 1234z 5z 78p")
    table = _last_discard_of_n(deals, N20="9p")
    text = table.record() + "E chow 789p\nE discard 1z\n"
    assert errors(text) == [("late-claim", line_of(text, "E chow 789p"))]


def _s_empty_w_discards(deals: dict[str, str], tile: str) -> Table:
    """S has drawn its 21 tiles; W draws its 21st, ``tile``, and discards it; N still has one."""
    table = Table(deals, {("W", 20): tile})
    table.discard("E", "5z")
    while not (table.due == "W" and table.left("W") == 1):
        table.turn()
    table.turn()
    assert table.left("S") == 0 and table.left("W") == 0 and table.left("N") == 1
    return table


def test_mcr_exhausted_per_seat_a_seat_with_an_empty_wall_may_pong_while_the_next_draw_has_a_tile() -> None:
    """The judge refuses a claim only when the discarder's next seat has no tile: S pongs W's
    discard with its own wall empty; after S's discard W is due with none, and the hand is drawn."""
    deals = dict(DEALS, S="258m 369p 147s 66z 77z")
    table = _s_empty_w_discards(deals, "6z")
    table.claim("S", "pong", "6z", "7z")
    table.end()
    assert table.due == "W" and table.left("N") == 1
    text = table.record()
    assert findings(text) == []
    single = table.record(None, wall_line=False)
    assert errors(single) == [("early-exhausted", line_of(single, "exhausted"))]


def test_mcr_exhausted_per_seat_an_exposed_kong_with_an_empty_own_wall_ends_the_hand() -> None:
    """The judge lets S kong W's discard (N, next after W, has a tile), then finds no
    replacement in S's wall and ends the hand: `exhausted` in place of the replacement."""
    deals = dict(DEALS, S="258m 369p 147s 666z 7z")
    table = _s_empty_w_discards(deals, "6z")
    table.claim("S", "kong", "6z", None)
    table.end()
    text = table.record()
    assert findings(text) == []
    past = table.record(results=False).replace("exhausted\n", "S draw 1m\n")
    assert ("draw-past-reserve", line_of(past, "S draw 1m")) in errors(past)
    # One wall still holds tiles for the replacement and for N.
    single = table.record(None, wall_line=False)
    assert errors(single) == [("early-exhausted", line_of(single, "exhausted"))]


def test_mcr_wall_per_seat_a_concealed_kong_needs_a_tile_in_the_seats_own_wall() -> None:
    """Rule mcr.wall: S draws its 21st tile, the fourth 6z, and may not declare the kong (the
    judge refuses it); the same kong a draw earlier is played and replaced from S's wall."""
    deals = dict(DEALS, S="258m 369p 147s 666z 7z")
    table = Table(deals, {("S", 20): "6z"})
    table.discard("E", "5z")
    while not (table.due == "S" and table.left("S") == 1):
        table.turn()
    table.draw("S")
    table.add("S", "ankong", "6z")
    text = table.record(wall_line=False, results=False)
    assert errors(text) == [("late-kong", line_of(text, "S ankong 6z"))]
    found = next(f for f in findings(text) if f.code == "late-kong")
    assert found.message == "S cannot declare a concealed kong of 6z: S has no tile left in its own wall"
    assert found.rule == "mcr.wall"

    table = Table(deals, {("S", 19): "6z"})
    table.discard("E", "5z")
    while not (table.due == "S" and table.left("S") == 2):
        table.turn()
    table.draw("S")
    table.add("S", "ankong", "6z")
    table.draw("S")
    table.discard("S")
    table.play_out()
    table.end()
    assert errors(table.record()) == []


def test_mcr_wall_per_seat_an_added_kong_needs_a_tile_in_the_next_seats_wall() -> None:
    """Rule mcr.wall: N pongs W's discard early, so N lags a draw behind; at the end N draws its
    last tile but one while E, its next seat, has none, and may not add to its pong."""
    deals = dict(DEALS, W="369m 147p 258s 123z 7z", N="234m 789m 345p 56s 77z")
    table = Table(deals, {("N", 19): "7z"})
    table.discard("E", "5z")
    table.turn()
    table.draw("W")
    table.discard("W", "7z")
    table.claim("N", "pong", "7z", "5s")
    while not (table.due == "N" and table.left("N") == 2):
        table.turn()
    table.draw("N")
    assert table.left("N") == 1 and table.left("E") == 0
    table.add("N", "addkong", "7z")
    text = table.record(results=False)
    assert errors(text) == [("late-kong", line_of(text, "N addkong 7z"))]
    found = next(f for f in findings(text) if f.code == "late-kong")
    assert found.message == "N cannot declare an added kong of 7z: E, its next seat, has no tile left in its own wall"


# ---------------------------------------------------------------- flowers


def test_mcr_exhausted_per_seat_a_flower_drawn_last_ends_the_hand_without_its_replacement() -> None:
    """With flowers each wall is 36 tiles; N draws a flower as its 23rd and last tile, sets it
    aside, and its wall has no replacement: the hand is drawn (the judge's 补花 then 荒庄)."""
    # N draws the other seven on its first turn: its wall is spent 7 turns before the others'.
    table = Table(DEALS, {("N", 22): "1f", **{("N", i): f"{i + 2}f" for i in range(7)}}, flowers=True)
    table.discard("E", "5z")
    while not (table.due == "N" and table.left("N") == 1):
        table.turn()
    table.draw("N")
    table.add("N", "flower", "1f")
    table.end()
    text = table.record(wall_line=False)
    assert findings(text) == []
    assert errors(text.replace("exhausted\n", "N draw 1m\nN discard 1m\nexhausted\n"))[0][0] == "draw-past-reserve"


# ---------------------------------------------------------------- the default


def test_mcr_wall_single_still_draws_one_wall_to_its_end() -> None:
    """The default: the same quiet hand ends after 83 draws whichever reading; a record cut 3
    draws short is early-exhausted with the book's message, and a draw past the end is refused."""
    table = quiet_hand()
    table.play_out()
    table.end()
    single = table.record(None, wall_line=False)
    assert findings(single) == []
    cut = quiet_hand()
    cut.turns(80)
    cut.end()
    text = cut.record(None, wall_line=False)
    found = next(f for f in findings(text) if f.code == "early-exhausted")
    assert found.message == ("the hand is declared exhausted with 3 tiles left in the wall; it goes on until only 0 "
                             "remain")
    past = single.replace("exhausted\n", "E draw 1m\nE discard 1m\nexhausted\n")
    assert errors(past)[0] == ("draw-past-reserve", line_of(past, "E draw 1m"))


@pytest.mark.parametrize("options", [{"wall": "per-seat"}, {"wall": "per-seat", "flowers": "true"}])
def test_mcr_wall_per_seat_simulated_games_are_clean_and_end_on_the_seat_due(options: dict[str, str]) -> None:
    ended = 0
    for name, text in simulate("mcr", 24, seed=5, options=options):
        assert PER_SEAT in text
        audit = audit_text(text, name)
        assert not audit.findings, [f"{f.code} {f.line}: {f.message}" for f in audit.findings][:3]
        assert audit.replay is not None
        for hand in audit.replay.hands:
            if hand.result.result == "exhausted":
                ended += 1
    assert ended >= 3


def test_mcr_wall_per_seat_conforms_mutants_included() -> None:
    """The conformance suite on the per-seat ruleset: clean games, each fault caught at its line."""
    assert conformance_problems(get_ruleset("mcr", wall="per-seat"), hands=8, seed=3) == []


def test_mcr_wall_per_seat_board_shows_each_seats_wall_drawn_from_its_front() -> None:
    """The report's wall: each tile faded at the step that draws it, wherever in the wall it is."""
    (name, text), = simulate("mcr", 1, seed=8, options={"wall": "per-seat"})
    audit = audit_text(text, name, views=True)
    model = build_report_model(audit)
    assert audit.replay is not None
    table = model.hands[0].table
    assert table is not None
    states = decode(table)
    steps = audit.replay.hands[0].steps
    assert len(states) == len(steps)
    faded_at: dict[int, int] = {}
    for step, state in zip(steps, states, strict=True):
        assert step.view is not None and step.view.wall_known is not None
        shown = [face for i, face in enumerate(state.wall) if i not in state.drawn_places]
        assert shown == [face_char(t) for t in step.view.wall_known], step.number
        for place in state.drawn_places:
            faded_at.setdefault(place, step.number)
    # The seats draw their parts in turn: the tiles fade in an order that is not the wall's.
    untils = [faded_at[p] for p in sorted(faded_at)]
    assert len(untils) > 40 and untils != sorted(untils)


def test_mcr_wall_per_seat_messages_have_chinese_text() -> None:
    table = quiet_hand()
    while table.left("N") > 3:
        table.turn()
    table.end()
    early = table.record()
    table = Table(PONG_5Z)
    table.discard("E", "5z")
    table.claim("W", "pong", "5z", "1z")
    table.play_out()
    late = table.record() + "E draw 1m\n"
    kong = dict(DEALS, S="258m 369p 147s 666z 7z")
    k = Table(kong, {("S", 20): "6z"})
    k.discard("E", "5z")
    while not (k.due == "S" and k.left("S") == 1):
        k.turn()
    k.draw("S")
    k.add("S", "ankong", "6z")
    found = [f for text in (early, late, k.record()) for f in findings(text) if f.severity == "error"]
    assert {"early-exhausted", "draw-past-reserve", "late-kong"} <= {f.code for f in found}
    assert [f.message for f in found if translation(f.code, f.message, "zh") is None] == []


# ---------------------------------------------------------------- Botzone


def _drawn_games() -> dict[str, Table]:
    games: dict[str, Table] = {}
    table = Table(PONG_5Z, seed=11)
    table.discard("E", "5z")
    table.claim("W", "pong", "5z", "1z")
    table.play_out()
    table.end()
    games["pong"] = table
    # S chows E's first discard (S lags a draw), and late in the hand N pongs W's discard (S
    # and W lag one more): E is due at the end, having drawn its 21, with tiles left elsewhere.
    deals = dict(DEALS, S="258m 369p 147s 123z 6m", N="234m 789m 345p 56s 77z")
    table = Table(deals, {("W", 15): "7z"}, seed=12)
    table.discard("E", "7m")
    table.claim("S", "chow", "678m", "1z")
    while not (table.due == "W" and table.left("W") == 6):
        table.turn()
    table.turn()
    table.claim("N", "pong", "7z", "5s")
    table.play_out()
    table.end()
    games["chow-and-pong"] = table
    # S pongs W's discard with its own wall empty (N, next after W, still has a tile); W is
    # then due with none: drawn with N's last tile never drawn.
    deals = dict(DEALS, S="258m 369p 147s 66z 77z")
    table = _s_empty_w_discards(deals, "6z")
    table.claim("S", "pong", "6z", "7z")
    table.end()
    games["late-pong"] = table
    return games


def test_botzone_drawn_games_where_the_seat_due_drew_21_tiles_import_clean(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    games = _drawn_games()
    for name, table in games.items():
        due = table.due
        assert table.left(due) == 0 and any(table.left(s) for s in SEATS)
        log = table.botzone(f"drawn-{name}")
        # The seat due to draw drew all of its 21 tiles (E's first draw is a `Draw` line too).
        assert sum(1 for line in log.splitlines() if line.startswith(f"Player {SEATS.index(due)} Draw ")) == 21
        assert log.splitlines()[-2:] == ["Huang", "Score 0 0 0 0"]
        (logs / f"{name}.txt").write_text(log, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["import", "botzone", str(logs), "--out", str(out), "--check", "--json"])
    assert result.exit_code == 0, result.output
    written = json.loads(result.stdout)["written"]
    assert len(written) == len(games) and all(w["ok"] and w["findings"] == [] for w in written)
    for path in sorted(out.glob("*.paipu")):
        text = path.read_text(encoding="utf-8")
        assert PER_SEAT in text
        audit = audit_text(text, path.name)
        assert audit.replay is not None and audit.replay.hands[0].result.result == "exhausted"
        # Read with one wall, the same game is exhausted too early: what the option fixes.
        single = text.replace(PER_SEAT + "\n", "")
        assert [f.code for f in audit_text(single, path.name).findings if f.severity == "error"] == ["early-exhausted"]


def test_botzone_import_writes_the_per_seat_wall_option_and_keeps_the_rest() -> None:
    table = quiet_hand()
    table.play_out()
    table.end()
    (_, text, _), = BotzoneImporter().convert(table.botzone("x1").encode(), "x.txt")
    lines = text.splitlines()
    assert lines[:3] == ['[Ruleset "mcr"]', '[Option prevalent "E"]', PER_SEAT]
    assert lines[-2:] == ["exhausted", "score E 0 S 0 W 0 N 0"]
    # The record's own lines are the hand as written here (the wall line aside).
    ours = table.record(wall_line=False).splitlines()
    assert lines[lines.index("hand 1"):] == ours[ours.index("hand 1"):]
