"""A decoded Tenhou game as a paipu record of the ``riichi`` ruleset.

`game_to_record` turns a `Game` (from `read_mjlog` or `read_json6`) into one `Record`;
`game_to_text` writes it in canonical form.  Seats: the log's first player is ``E``, the next
``S``, ``W``, ``N`` (Tenhou's seat order is the turn order).  Each round becomes a hand:

* setup lines: ``dealer``, the ``wall`` when the log has the shuffle seed (the live wall in
  draw order, then the dead wall so that replacement draws come off its end in Tenhou's
  order), ``dora`` (the first indicator), ``uradora`` (when a riichi win shows them),
  ``honba`` and ``sticks``; the deals, the dealer's with its first draw;
* every draw, discard and call (a pon or an open kan names the called tile, a chi its three
  tiles, red fives as ``0m 0p 0s``), ``ready`` for each riichi declaration, ``dora`` when a
  kan indicator is turned;
* the end: ``hu`` for each winner (several for a double ron), ``exhausted`` or
  ``abort REASON``; then for each win a ``fan`` line (total han; each yaku and dora item with
  its han; ``fu`` where the log states it), and one ``score`` line with every change of the
  hand: the riichi sticks paid during it, and the win or draw payments as the log states them.

A record is a value: nothing here reads files (see `paipu.importers.tenhou.read_mjlog`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import paipu.record as r
from paipu.grammar.writer import format_record
from paipu.importers.tenhou.ending import game_end, log_date
from paipu.importers.tenhou.model import (
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    Game,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    Round,
    RoundDraw,
    Win,
)
from paipu.importers.tenhou.tiles import RED_FIVES
from paipu.record import Seat, Span
from paipu.tiles import ALL_TILES, Tile, red_five_of_index

SEAT_NAMES: Final[tuple[Seat, ...]] = ("E", "S", "W", "N")
_NO = Span.none()

ITEM_OF_YAKU: Final[dict[int, str]] = {
    0: "tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei", 7: "pinfu",
    8: "tanyao", 9: "iipeiko", 10: "seat_wind_east", 11: "seat_wind_south", 12: "seat_wind_west",
    13: "seat_wind_north", 14: "round_wind_east", 15: "round_wind_south", 16: "round_wind_west",
    17: "round_wind_north", 18: "haku", 19: "hatsu", 20: "chun", 21: "daburu_riichi", 22: "chiitoitsu",
    23: "chantai", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_douko", 27: "sankantsu", 28: "toitoi",
    29: "sanankou", 30: "shosangen", 31: "honroto", 32: "ryanpeiko", 33: "junchan", 34: "honitsu",
    35: "chinitsu", 37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou",
    42: "tsuisou", 43: "ryuisou", 44: "chinroto", 45: "chuuren_poutou", 46: "chuuren_poutou", 47: "kokushi",
    48: "kokushi", 49: "daisuushi", 50: "shosuushi", 51: "suukantsu", 52: "dora", 53: "ura_dora", 54: "aka_dora",
}
"""Tenhou's yaku numbers -> the riichi ruleset's value items (riichi.yaku.ID, riichi.han.ID)."""

ABORT_OF: Final[dict[DrawKind, str]] = {
    DrawKind.KYUUSHU: "kyuushu",
    DrawKind.FOUR_WINDS: "suufon",
    DrawKind.FOUR_RIICHI: "suucha",
    DrawKind.FOUR_KANS: "suukan",
    DrawKind.TRIPLE_RON: "sanchahou",
}


class ConversionError(ValueError):
    """A decoded game that cannot be written as a record (a seat or an event paipu has no line for)."""


def tile_of(tile_id: int, red_fives: bool = True) -> Tile:
    """The paipu tile of a Tenhou tile id (a red five as ``0m 0p 0s`` in a game with red fives)."""
    kind = tile_id >> 2
    if red_fives and tile_id in RED_FIVES:
        return red_five_of_index(kind)
    return ALL_TILES[kind]


def game_to_text(game: Game) -> str:
    """The game as the canonical text of a riichi record."""
    return format_record(game_to_record(game))


def game_to_record(game: Game) -> r.Record:
    """One record of the ``riichi`` ruleset for a whole decoded game."""
    if game.rules.three_player or len(game.players) != 4:
        raise ConversionError("only four-player games are riichi records")
    options: list[r.OptionTag] = []
    if not game.rules.hanchan:
        options.append(r.OptionTag("length", "tonpuusen", _NO))
    if not game.rules.open_tanyao:
        options.append(r.OptionTag("open_tanyao", "false", _NO))
    if not game.rules.red_fives:
        options.append(r.OptionTag("red_fives", "false", _NO))
    end = game_end(game)
    options.extend(r.OptionTag(name, value, _NO) for name, value in end.options)
    players = tuple(r.SeatTag("Player", SEAT_NAMES[i], p.name, _NO) for i, p in enumerate(game.players))
    first = game.rounds[0] if game.rounds else None
    scores = tuple(r.SeatTag("Score", SEAT_NAMES[i], str(s), _NO) for i, s in enumerate(first.scores)) \
        if first is not None else ()
    finals = tuple(r.SeatTag("Final", SEAT_NAMES[i], str(s), _NO) for i, s in enumerate(end.finals or ()))
    points = tuple(r.SeatTag("Points", SEAT_NAMES[i], p, _NO) for i, p in enumerate(end.points or ()))
    tags = [r.Tag("Source", f"tenhou {game.source}", _NO)]
    if game.title:
        tags.append(r.Tag("Event", game.title, _NO))
    day = log_date(game.log_id)
    if day is not None:
        tags.append(r.Tag("Date", day.isoformat(), _NO))
    notes = tuple(r.Annotation(note_text(n), _NO) for n in end.notes)
    header = r.Header("riichi", _NO, tuple(options), players, scores, tuple(tags), notes, finals, points)
    hands = tuple(_hand(i + 1, rnd, game.rules.red_fives) for i, rnd in enumerate(game.rounds))
    return r.Record(header, hands)


def _seat(i: int) -> Seat:
    return SEAT_NAMES[i]


def _hand(number: int, rnd: Round, red: bool) -> r.HandRecord:
    def t(tile_id: int) -> Tile:
        return tile_of(tile_id, red)

    dealer = _seat(rnd.dealer)
    events = list(rnd.events)
    deals = [list(h) for h in rnd.hands]
    first_draw = next((i for i, e in enumerate(events) if isinstance(e, Draw)), None)
    moved = -1  # the dealer's first draw, written in its deal
    if first_draw is not None:
        e0 = events[first_draw]
        assert isinstance(e0, Draw)
        if e0.seat == rnd.dealer and not any(isinstance(e, (Discard, Call)) for e in events[:first_draw]):
            deals[rnd.dealer].append(e0.tile)
            moved = first_draw
    extra: list[r.SetupTiles] = [
        r.SetupTiles(_NO, (), "wind", (ALL_TILES[27 + rnd.round_wind],)),
        r.SetupTiles(_NO, (), "dora", (t(rnd.dora_indicator),)),
    ]
    ura = next((w.ura_indicators for w in rnd.wins if w.ura_indicators), ())
    if ura:
        extra.append(r.SetupTiles(_NO, (), "uradora", tuple(t(x) for x in ura)))
    extra.append(r.SetupTiles(_NO, (), "honba", (), (rnd.honba,)))
    extra.append(r.SetupTiles(_NO, (), "sticks", (), (rnd.sticks,)))
    wall: r.WallLine | None = None
    if rnd.wall is not None:
        w = rnd.wall.tiles
        dead = [*w[122:132], w[133], w[132], w[135], w[134]]
        wall = r.WallLine(_NO, (), tuple(t(x) for x in (*w[53:122], *dead)))
    actions: list[r.Action] = []
    wins: list[Win] = []
    end: RoundDraw | None = None
    where: dict[int, int] = {}  # event index -> the index of its action
    for i, e in enumerate(events):
        if i == moved:
            continue
        where[i] = len(actions)
        if isinstance(e, Draw):
            actions.append(r.Draw(_NO, _seat(e.seat), t(e.tile)))
        elif isinstance(e, Discard):
            actions.append(r.Discard(_NO, _seat(e.seat), t(e.tile)))
        elif isinstance(e, Call):
            actions.append(_call(e, t))
        elif isinstance(e, RiichiDeclared):
            actions.append(r.Ready(_NO, _seat(e.seat)))
        elif isinstance(e, NewDora):
            actions.append(r.TableEvent(_NO, "dora", (t(e.indicator),)))
        elif isinstance(e, Win):
            actions.append(r.Hu(_NO, _seat(e.seat), t(e.win_tile)))
            wins.append(e)
        elif isinstance(e, RoundDraw):
            end = e
            if e.kind in ABORT_OF:
                actions.append(r.TableEvent(_NO, "abort", word=ABORT_OF[e.kind]))
            else:
                actions.append(r.Exhausted(_NO))
    changes = [0] * 4
    for win in wins:
        if win.han is not None:
            actions.append(_fan_line(win))
        for i, d in enumerate(win.deltas):
            changes[i] += d
    if end is not None and not wins:
        for i, d in enumerate(end.deltas):
            changes[i] += d
    events = [e for i, e in enumerate(events) if i != moved]
    for seat in _riichi_paid(events):
        changes[seat] -= 1000
    if wins or end is not None:
        actions.append(r.ScoreLine(_NO, tuple((_seat(i), c) for i, c in enumerate(changes))))
    hand_notes = _annotate(rnd, actions, where)
    return r.HandRecord(
        number=number, span=_NO, dealer=r.DealerLine(_NO, (), dealer), wall=wall,
        deals=tuple(r.Deal(_seat(i), tuple(sorted((t(x) for x in h), key=lambda x: (x.index, x.red))), _NO)
                    for i, h in enumerate(deals)),
        actions=tuple(actions), extra=tuple(extra), annotations=hand_notes,
    )


_SEAT_NUMBER = re.compile(r"\bseat ([0-3])\b")
_EVENT_NUMBER = re.compile(r" \(event [0-9]+\)")


def note_text(note: str) -> str:
    """An importer's note as a record annotation: seats by their letters, no event numbers."""
    text = _EVENT_NUMBER.sub("", note)
    return "import: " + _SEAT_NUMBER.sub(lambda m: f"seat {SEAT_NAMES[int(m.group(1))]}", text)


def _annotate(rnd: Round, actions: list[r.Action], where: dict[int, int]) -> tuple[r.Annotation, ...]:
    """Put each of the round's notes on the action of the event it concerns (in place in
    ``actions``); the notes about no one action are returned, for the hand line."""
    placed: set[str] = set()
    for index, note in rnd.event_notes:
        at = where.get(index)
        if at is None or at >= len(actions):
            continue
        action = actions[at]
        actions[at] = r.replace(action, annotations=(*action.annotations, r.Annotation(note_text(note), _NO)))
        placed.add(note)
    return tuple(r.Annotation(note_text(n), _NO) for n in rnd.notes if n not in placed)


def _riichi_paid(events: Sequence[object]) -> list[int]:
    """The seats that paid a riichi stick: every declaration whose discard was not won on.

    Read from the declarations rather than the accepted riichi the decoders infer, so that a
    fourth riichi ending the hand (its stick is paid) and a win on the declaration discard
    (no stick) are both as Tenhou plays them."""
    out = []
    for i, e in enumerate(events):
        if not isinstance(e, RiichiDeclared):
            continue
        j = next((k for k in range(i + 1, len(events)) if isinstance(events[k], Discard)), None)
        if j is None:
            continue
        k = j + 1
        while k < len(events) and isinstance(events[k], (RiichiAccepted, NewDora)):
            k += 1
        if k < len(events) and isinstance(events[k], Win):
            continue
        out.append(e.seat)
    return out


def _call(c: Call, t: object) -> r.Action:
    tile = t  # a converter of ids to tiles
    assert callable(tile)
    seat = _seat(c.seat)
    if c.kind is CallKind.CHI:
        a, b, d = sorted((tile(x) for x in c.tiles), key=lambda x: x.index)
        return r.Chow(_NO, seat, (a, b, d))
    if c.kind is CallKind.PON:
        assert c.called is not None
        return r.Pong(_NO, seat, tile(c.called))
    if c.kind is CallKind.DAIMINKAN:
        assert c.called is not None
        return r.Kong(_NO, seat, tile(c.called))
    if c.kind is CallKind.KAKAN:
        added = c.added if c.added is not None else c.tiles[-1]
        return r.AddKong(_NO, seat, tile(added))
    return r.AnKong(_NO, seat, ALL_TILES[c.tiles[0] >> 2])


def _fan_line(win: Win) -> r.FanLine:
    items: list[r.FanItem] = []
    for y in (*win.yakuman, *win.yaku):
        if y.han == 0:
            continue
        name = ITEM_OF_YAKU.get(y.id) if y.id is not None else None
        if name is None:
            raise ConversionError(f"a yaku paipu does not know: {y.name} ({y.id})")
        items.append(r.FanItem(name, y.han, _NO))
    if win.fu is not None and not win.yakuman:
        items.append(r.FanItem("fu", win.fu, _NO))
    han = win.han if win.han is not None else sum(i.value or 0 for i in items if i.name != "fu")
    return r.FanLine(_NO, _seat(win.seat), han, tuple(items))
