"""mjai event streams (JSON lines) to and from riichi records.

mjai is the event stream riichi engines and bots read: ``start_game``, ``start_kyoku`` (the
round wind, dealer, honba, sticks, scores, first dora indicator and the four 13-tile hands),
``tsumo``, ``dahai``, ``chi``/``pon``/``daiminkan``/``kakan``/``ankan``, ``reach`` and
``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``.  Tiles are
``1m``…``9m``, ``5mr`` for a red five, and ``E S W N P F C`` for the honours.

`record_to_mjai` writes a riichi record as events and `mjai_to_record` reads them back; a
record's own fields beyond the stream (its ``wall``, annotations) are not carried.  The
record's dealer is dealt 14 tiles where mjai deals 13 and has the dealer draw: the export
shows the dealer's first discard as that draw when the dealer holds it (else its highest
tile), and the import merges the draw back into the deal, so mjai → record → mjai gives the
same stream.

Score changes are where mjai streams put them: ``reach_accepted`` has ``deltas`` (−1,000 to
its actor), each ``hora`` its own win's changes (in a double ron the nearest winner's with
honba and sticks, the other's from its recorded ``fan`` line; without one, the changes of
both go on the last ``hora``), ``ryukyoku`` the draw's.  Reading, the record's ``score``
line is their sum; a ``reach_accepted`` without ``deltas`` counts 1,000 from its actor, as
does a fourth riichi that a four-riichi draw ends before it is accepted.  A ``ryukyoku``
without ``reason`` is read from the play: an exhaustive draw after 70 draws, otherwise the
abortive draw the table shows (nine kinds on a first turn, four riichi, four winds, four
kongs, else three winners), which the audit then checks.  This module's own fields, ignored
by other readers: ``han``, ``fu`` and ``yaku`` on ``hora`` (the recorded value), ``reason``
on ``ryukyoku``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import PurePath
from typing import Any, Final, cast

import paipu.record as r
from paipu.grammar.writer import format_record
from paipu.importers.base import ConversionError, Converted
from paipu.record import Seat, Span
from paipu.rules.riichi.options import RiichiOptions
from paipu.tiles import ALL_TILES, Tile, red_five_of_index, sort_key

Event = dict[str, Any]
SEATS: Final[tuple[Seat, ...]] = ("E", "S", "W", "N")
_HONOURS: Final = "ESWNPFC"
_NO = Span.none()


class MjaiError(ValueError):
    """An event stream that is not a riichi game paipu can write as a record."""


def mjai_tile(tile: Tile) -> str:
    """A tile in mjai notation: ``5mr`` for a red five, ``E``…``C`` for honours."""
    if tile.suit == "z":
        return _HONOURS[tile.rank - 1]
    return f"{tile.rank}{tile.suit}{'r' if tile.red else ''}"


def tile_of_mjai(text: str) -> Tile:
    if text in _HONOURS:
        return ALL_TILES[27 + _HONOURS.index(text)]
    if len(text) == 3 and text.endswith("r") and text[0] == "5" and text[1] in "mps":
        return red_five_of_index("mps".index(text[1]) * 9 + 4)
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
        return ALL_TILES["mps".index(text[1]) * 9 + int(text[0]) - 1]
    raise MjaiError(f"not an mjai tile: {text!r}")


def _seat_index(seat: Seat) -> int:
    return SEATS.index(seat)


# ---------------------------------------------------------------- record -> mjai


def record_to_mjai(record: r.Record) -> list[Event]:
    """The events of a riichi record, in order."""
    h = record.header
    names = [h.player(s) or "" for s in SEATS]
    # Without [Score] tags a riichi record starts every seat from its `start_score` option.
    start = h.option("start_score")
    scores = [int(start) if start is not None and start.strip().lstrip("-").isdigit()
              else RiichiOptions().start_score] * 4
    for tag in h.scores:
        scores[_seat_index(tag.seat)] = int(tag.value)
    out: list[Event] = [{"type": "start_game", "names": names}]
    for hand in record.hands:
        out += _hand_events(hand, scores)
    out.append({"type": "end_game"})
    return out


_ACCEPTS = (r.Draw, r.Chow, r.Pong, r.Kong, r.TableEvent, r.Exhausted)
"""The lines after a riichi discard that show it passed (not a win on it, not the results)."""


def _hand_events(hand: r.HandRecord, scores: list[int]) -> list[Event]:
    """The mjai events of one hand, from ``start_kyoku`` to ``end_kyoku``; ``scores`` (each
    seat's at the hand's start) are moved on by the hand's recorded payments."""
    stream = _HandStream(hand, scores)
    for k, a in enumerate(stream.actions):
        stream.step(k, a)
    changes = stream.changes()
    if stream.horas:
        _split_deltas(stream.horas, changes, stream.fans, stream.dealer)
    for i in range(4):
        scores[i] += stream.deltas[i]
    stream.out.append({"type": "end_kyoku"})
    return stream.out


def _first_draw(dealt: list[Tile], actions: Sequence[r.Action], dealer: Seat) -> Tile | None:
    """The dealer's first draw, taken out of a 14-tile deal (``dealt``, changed): the tile the
    dealer discards first when the deal holds it, else the deal's last tile in sorted order;
    None for a deal of 13, whose first draw is a line of its own."""
    if len(dealt) != 14:
        return None
    first = next((a for a in actions if isinstance(a, r.SeatAction)), None)
    pick = first.tile if isinstance(first, r.Discard) and first.seat == dealer and \
        any(t.index == first.tile.index and t.red == first.tile.red for t in dealt) else max(dealt, key=sort_key)
    i = next(i for i, t in enumerate(dealt) if t.index == pick.index and t.red == pick.red)
    return dealt.pop(i)


def _start_event(hand: r.HandRecord, oya: int, deals: dict[Seat, list[Tile]], scores: list[int]) -> Event:
    wind = hand.setup("wind")
    dora = hand.setup("dora")
    honba, sticks = hand.setup("honba"), hand.setup("sticks")
    return {
        "type": "start_kyoku",
        "bakaze": mjai_tile(wind.tiles[0]) if wind is not None and wind.tiles else "E",
        "dora_marker": mjai_tile(dora.tiles[0]) if dora is not None and dora.tiles else "",
        "kyoku": oya + 1,
        "honba": honba.value or 0 if honba is not None else 0,
        "kyotaku": sticks.value or 0 if sticks is not None else 0,
        "oya": oya,
        "scores": list(scores),
        "tehais": [[mjai_tile(t) for t in sorted(deals.get(s, []), key=sort_key)] for s in SEATS],
    }


class _HandStream:
    """One hand's mjai events as its actions are read, with what an event depends on: the red
    fives each seat holds (mjai names them), each seat's last draw (a discard of it is
    ``tsumogiri``), the last discard and kong (whom a claim or a win takes from), and a riichi
    not yet accepted."""

    def __init__(self, hand: r.HandRecord, scores: list[int]) -> None:
        self.hand = hand
        self.dealer: Seat = hand.dealer.seat if hand.dealer is not None else "E"
        oya = _seat_index(self.dealer)
        deals: dict[Seat, list[Tile]] = {d.seat: list(d.tiles) for d in hand.deals}
        self.actions = list(hand.actions)
        first_draw = _first_draw(deals.get(self.dealer, []), self.actions, self.dealer)
        self.reds: dict[Seat, set[int]] = {s: {t.index for t in deals.get(s, []) if t.red} for s in SEATS}
        if first_draw is not None and first_draw.red:
            self.reds[self.dealer].add(first_draw.index)
        self.out: list[Event] = [_start_event(hand, oya, deals, scores)]
        self.last_draw: dict[Seat, Tile | None] = {s: None for s in SEATS}
        if first_draw is not None:
            self.out.append({"type": "tsumo", "actor": oya, "pai": mjai_tile(first_draw)})
            self.last_draw[self.dealer] = first_draw
        self.last_discard: tuple[Seat, Tile] | None = None
        self.last_kong: Seat | None = None  # an added (or concealed) kong that may be robbed
        self.reach_pending: Seat | None = None
        self.fans = {a.seat: a for a in self.actions if isinstance(a, r.FanLine)}
        score = next((a for a in self.actions if isinstance(a, r.ScoreLine)), None)
        self.deltas = [0] * 4
        if score is not None:
            for seat, amount in score.payments:
                self.deltas[_seat_index(seat)] += amount
        self.ura = hand.setup("uradora")
        self.horas: list[Event] = []
        self.sticks_paid = [0] * 4

    def changes(self) -> list[int]:
        """The hand's score changes less the riichi sticks paid during it."""
        return [d - p for d, p in zip(self.deltas, self.sticks_paid, strict=True)]

    def consumed(self, seat: Seat, kind: Tile, n: int) -> list[str]:
        """``n`` tiles of ``kind`` out of ``seat``'s hand, its red five first."""
        tiles = []
        for _ in range(n):
            if kind.index in self.reds[seat]:
                self.reds[seat].discard(kind.index)
                tiles.append(mjai_tile(red_five_of_index(kind.index)))
            else:
                tiles.append(mjai_tile(kind.plain))
        return tiles

    def step(self, k: int, a: r.Action) -> None:
        """The events of action ``k`` of the hand, ``a``."""
        if self.reach_pending is not None and isinstance(a, _ACCEPTS) and not isinstance(self.actions[k - 1], r.Ready):
            i = _seat_index(self.reach_pending)
            self.sticks_paid[i] -= 1000
            self.out.append({"type": "reach_accepted", "actor": i,
                             "deltas": [-1000 if j == i else 0 for j in range(4)]})
            self.reach_pending = None
        if isinstance(a, (r.Draw, r.Discard)):
            self.last_kong = None
        if isinstance(a, r.Draw):
            self.out.append({"type": "tsumo", "actor": _seat_index(a.seat), "pai": mjai_tile(a.tile)})
            self.last_draw[a.seat] = a.tile
            if a.tile.red:
                self.reds[a.seat].add(a.tile.index)
        elif isinstance(a, r.Discard):
            self.discard(a)
        elif isinstance(a, r.Ready):
            self.out.append({"type": "reach", "actor": _seat_index(a.seat)})
            self.reach_pending = a.seat
        elif isinstance(a, (r.Chow, r.Pong, r.Kong)):
            self.claim(a)
        elif isinstance(a, r.AnKong):
            self.last_kong = a.seat
            self.out.append({"type": "ankan", "actor": _seat_index(a.seat),
                             "consumed": self.consumed(a.seat, a.tile, 4)})
        elif isinstance(a, r.AddKong):
            self.last_kong = a.seat
            if a.tile.red:
                self.reds[a.seat].discard(a.tile.index)
            self.out.append({"type": "kakan", "actor": _seat_index(a.seat), "pai": mjai_tile(a.tile),
                             "consumed": [mjai_tile(a.tile.plain)] * 3})
        elif isinstance(a, r.TableEvent) and a.name == "dora" and a.tiles:
            if len(a.tiles) != 1:
                raise MjaiError(f"hand {self.hand.number}, line {a.span.line}: a `dora` line shows one indicator")
            self.out.append({"type": "dora", "dora_marker": mjai_tile(a.tiles[0])})
        elif isinstance(a, r.Hu):
            self.hora(a)
        elif isinstance(a, r.Exhausted):
            self.out.append({"type": "ryukyoku", "deltas": self.changes()})
        elif isinstance(a, r.TableEvent) and a.name == "abort":
            self.out.append({"type": "ryukyoku", "reason": a.word, "deltas": self.changes()})

    def discard(self, a: r.Discard) -> None:
        drawn = self.last_draw[a.seat]
        tsumogiri = drawn is not None and drawn.index == a.tile.index and drawn.red == a.tile.red
        self.out.append({"type": "dahai", "actor": _seat_index(a.seat), "pai": mjai_tile(a.tile),
                         "tsumogiri": tsumogiri})
        self.last_draw[a.seat] = None
        if a.tile.red:
            self.reds[a.seat].discard(a.tile.index)
        self.last_discard = (a.seat, a.tile)

    def claim(self, a: r.Chow | r.Pong | r.Kong) -> None:
        """A chow, pong or kong of the last discard."""
        if self.last_discard is None:
            raise MjaiError(f"hand {self.hand.number}: a {a.verb} with no discard to take")
        source, taken = self.last_discard
        base: Event = {"actor": _seat_index(a.seat), "target": _seat_index(source), "pai": mjai_tile(taken)}
        if isinstance(a, r.Chow):
            rest = list(a.tiles)
            i = next((i for i, t in enumerate(rest) if t.index == taken.index), -1)
            if i < 0 or len(rest) != 3:
                raise MjaiError(f"hand {self.hand.number}, line {a.span.line}: {a.seat}'s chow "
                                f"{' '.join(map(str, a.tiles))} does not take the discard {taken}")
            rest.pop(i)
            for t in rest:
                if t.red:
                    self.reds[a.seat].discard(t.index)
            self.out.append({"type": "chi", **base, "consumed": [mjai_tile(t) for t in rest]})
        elif isinstance(a, r.Pong):
            self.out.append({"type": "pon", **base, "consumed": self.consumed(a.seat, taken, 2)})
        else:
            self.out.append({"type": "daiminkan", **base, "consumed": self.consumed(a.seat, taken, 3)})
        self.last_draw[a.seat] = None

    def hora(self, a: r.Hu) -> None:
        """A win: from the seat's own draw, a kong robbed, or the last discard."""
        actor = _seat_index(a.seat)
        if self.last_draw[a.seat] is not None:
            target = actor
        elif self.last_kong is not None and self.last_kong != a.seat:
            target = _seat_index(self.last_kong)
        elif self.last_discard is not None:
            target = _seat_index(self.last_discard[0])
        else:
            target = actor
        ev: Event = {"type": "hora", "actor": actor, "target": target}
        if a.tile is not None:
            ev["pai"] = mjai_tile(a.tile)
        if self.ura is not None:
            ev["ura_markers"] = [mjai_tile(t) for t in self.ura.tiles]
        fan = self.fans.get(a.seat)
        if fan is not None:
            ev["han"] = fan.total
            ev["yaku"] = [[i.name, i.value] for i in fan.items if i.name != "fu"]
            fu = next((i.value for i in fan.items if i.name == "fu"), None)
            if fu is not None:
                ev["fu"] = fu
        self.out.append(ev)
        self.horas.append(ev)


def _split_deltas(horas: list[Event], changes: list[int], fans: dict[Seat, r.FanLine], dealer: Seat) -> None:
    """Give each ``hora`` its own score changes, as mjai streams do: ``changes`` are the hand's
    changes less the riichi sticks paid during it.  In a double ron the winner nearest the
    discarder takes honba and sticks; the other is paid its own value (from its recorded
    ``fan`` line, riichi.payment).  Without that line the changes all go on the last hora."""
    from paipu.rules.riichi.ruleset import YAKUMAN
    from paipu.rules.riichi.scoring import basic_points, ron_points

    first = horas[0]
    rest: list[tuple[Event, list[int]]] = []
    if len(horas) > 1:
        target = int(first["target"])
        ordered = sorted(horas, key=lambda e: (int(e["actor"]) - target) % 4)
        first = ordered[0]
        for ev in ordered[1:]:
            fan = fans.get(SEATS[int(ev["actor"])])
            fu = next((i.value for i in fan.items if i.name == "fu"), None) if fan is not None else None
            yakuman = sum(1 for i in fan.items if i.name in YAKUMAN) if fan is not None else 0
            if fan is None or (fu is None and not yakuman and fan.total < 5):
                horas[-1]["deltas"] = changes
                return
            amount = ron_points(basic_points(fan.total, fu or 0, yakuman), SEATS[int(ev["actor"])] == dealer)
            own = [0] * 4
            own[int(ev["actor"])] += amount
            own[target] -= amount
            rest.append((ev, own))
    for ev, own in rest:
        ev["deltas"] = own
    first["deltas"] = [c - sum(o[i] for _, o in rest) for i, c in enumerate(changes)]


def mjai_lines(events: Iterable[Event]) -> str:
    """JSON lines, one event a line, keys in a fixed order."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


# ---------------------------------------------------------------- mjai -> record


def mjai_to_record(events: Sequence[Event], lines: Sequence[int] | None = None) -> r.Record:
    """A riichi record of an mjai stream of one game; `MjaiError` naming the event (by its line
    of the stream, ``lines[i]`` for ``events[i]``, where given) that cannot be read."""
    names: list[str] = []
    hands: list[r.HandRecord] = []
    first_scores: list[int] | None = None
    current: dict[str, Any] | None = None
    for i, ev in enumerate(events):
        kind = ev.get("type") if isinstance(ev, dict) else "?"
        try:
            if not isinstance(ev, dict):
                raise MjaiError("an event is a JSON object")
            if kind == "start_game":
                names = [str(n) for n in ev.get("names", [])]
            elif kind == "start_kyoku":
                if first_scores is None:
                    first_scores = [int(x) for x in ev.get("scores", [0, 0, 0, 0])]
                current = _start(ev, len(hands) + 1)
            elif kind == "end_kyoku":
                if current is None:
                    raise MjaiError("end_kyoku outside a hand")
                hands.append(_finish(current))
                current = None
            elif kind in ("end_game", "none", None):
                continue
            else:
                if current is None:
                    raise MjaiError(f"a {kind} event outside a hand")
                _play(current, ev)
        except MjaiError as e:
            raise MjaiError(f"{_event_at(i, lines)}: {e}") from None
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
            what = f"no {e.args[0]!r}" if isinstance(e, KeyError) and e.args else f"{e.__class__.__name__}: {e}"
            raise MjaiError(f"{_event_at(i, lines)}: a {kind!r} event paipu cannot read ({what})") from None
    players = tuple(r.SeatTag("Player", SEATS[i], n, _NO) for i, n in enumerate(names) if n)
    scores = tuple(r.SeatTag("Score", SEATS[i], str(s), _NO) for i, s in enumerate(first_scores or []))
    header = r.Header("riichi", _NO, (), players, scores, (r.Tag("Source", "mjai", _NO),))
    return r.Record(header, tuple(hands))


def _event_at(i: int, lines: Sequence[int] | None) -> str:
    return f"line {lines[i]}" if lines is not None and i < len(lines) else f"event {i + 1}"


def _start(ev: Event, number: int) -> dict[str, Any]:
    oya = int(ev["oya"])
    extra = [r.SetupTiles(_NO, (), "wind", (tile_of_mjai(str(ev.get("bakaze", "E"))),))]
    if ev.get("dora_marker"):
        extra.append(r.SetupTiles(_NO, (), "dora", (tile_of_mjai(str(ev["dora_marker"])),)))
    extra.append(r.SetupTiles(_NO, (), "honba", (), (int(ev.get("honba", 0)),)))
    extra.append(r.SetupTiles(_NO, (), "sticks", (), (int(ev.get("kyotaku", 0)),)))
    deals = [[tile_of_mjai(str(t)) for t in hand] for hand in ev["tehais"]]
    return {"number": number, "oya": oya, "extra": extra, "deals": deals, "actions": [], "fans": [],
            "deltas": None, "first": True, "ura": None, "reach": None}


def _play(h: dict[str, Any], ev: Event) -> None:
    kind = ev["type"]
    actions: list[r.Action] = h["actions"]
    actor = SEATS[int(ev["actor"])] if "actor" in ev else "E"
    if kind == "tsumo":
        tile = tile_of_mjai(str(ev["pai"]))
        if h["first"] and int(ev["actor"]) == h["oya"] and not actions:
            h["deals"][h["oya"]].append(tile)
        else:
            actions.append(r.Draw(_NO, actor, tile))
        h["first"] = False
    elif kind == "dahai":
        actions.append(r.Discard(_NO, actor, tile_of_mjai(str(ev["pai"]))))
        h["first"] = False
    elif kind == "reach":
        actions.append(r.Ready(_NO, actor))
        h["reach"] = int(ev["actor"])
    elif kind == "chi":
        tiles = sorted([tile_of_mjai(str(ev["pai"])), *(tile_of_mjai(str(t)) for t in ev["consumed"])], key=sort_key)
        actions.append(r.Chow(_NO, actor, (tiles[0], tiles[1], tiles[2])))
    elif kind == "pon":
        actions.append(r.Pong(_NO, actor, tile_of_mjai(str(ev["pai"]))))
    elif kind == "daiminkan":
        actions.append(r.Kong(_NO, actor, tile_of_mjai(str(ev["pai"]))))
    elif kind == "ankan":
        actions.append(r.AnKong(_NO, actor, tile_of_mjai(str(ev["consumed"][0])).plain))
    elif kind == "kakan":
        actions.append(r.AddKong(_NO, actor, tile_of_mjai(str(ev["pai"]))))
    elif kind == "dora":
        actions.append(r.TableEvent(_NO, "dora", (tile_of_mjai(str(ev["dora_marker"])),)))
    elif kind == "hora":
        won = tile_of_mjai(str(ev["pai"])) if "pai" in ev else None
        actions.append(r.Hu(_NO, actor, won))
        if "ura_markers" in ev:
            h["ura"] = [tile_of_mjai(str(t)) for t in ev["ura_markers"]]
        if "han" in ev:
            items = [r.FanItem(str(n), int(v), _NO) for n, v in ev.get("yaku", [])]
            if "fu" in ev:
                items.append(r.FanItem("fu", int(ev["fu"]), _NO))
            h["fans"].append(r.FanLine(_NO, actor, int(ev["han"]), tuple(items)))
        _add_deltas(h, ev.get("deltas"))
    elif kind == "ryukyoku":
        reason = ev.get("reason") or _abort_reason(h)
        actions.append(r.TableEvent(_NO, "abort", word=str(reason)) if reason else r.Exhausted(_NO))
        _add_deltas(h, ev.get("deltas"))
        if reason == "suucha" and h["reach"] is not None:
            # The fourth riichi's stick, when the stream ends the hand before accepting it.
            _add_deltas(h, [-1000 if i == h["reach"] else 0 for i in range(4)])
    elif kind == "reach_accepted":
        # The stick: the event's deltas, or 1,000 from its actor (streams that leave them out).
        _add_deltas(h, ev.get("deltas") or [-1000 if i == int(ev["actor"]) else 0 for i in range(4)])
        h["reach"] = None
    else:
        raise MjaiError(f"an mjai event paipu does not read: {kind!r}")


def _add_deltas(h: dict[str, Any], deltas: object) -> None:
    if not isinstance(deltas, list) or len(deltas) != 4:
        return
    if h["deltas"] is None:
        h["deltas"] = [0] * 4
    for i, d in enumerate(deltas):
        h["deltas"][i] += int(d)


_WINDS = frozenset(range(27, 31))


def _abort_reason(h: dict[str, Any]) -> str | None:
    """The abortive draw a ``ryukyoku`` without a ``reason`` is, read from the play so far, or
    None for an exhaustive draw (70 tiles drawn).  The audit checks the reason given."""
    actions: list[r.Action] = h["actions"]
    draws = 1 + sum(1 for a in actions if isinstance(a, r.Draw))  # the dealer's first draw is in its deal
    if draws >= 70:
        return None
    calls = [a for a in actions if isinstance(a, (r.Chow, r.Pong, r.Kong, r.AnKong, r.AddKong))]
    discards = [a for a in actions if isinstance(a, r.Discard)]
    last = actions[-1] if actions else None
    if not discards or (isinstance(last, r.Draw) and not [d for d in discards if d.seat == last.seat]):
        return "kyuushu"
    if sum(1 for a in actions if isinstance(a, r.Ready)) == 4 and isinstance(last, r.Discard):
        return "suucha"
    if len(discards) == 4 and not calls and len({d.tile.index for d in discards}) == 1 \
            and discards[0].tile.index in _WINDS:
        return "suufon"
    if sum(1 for a in calls if not isinstance(a, (r.Chow, r.Pong))) == 4:
        return "suukan"
    return "sanchahou"


def _finish(h: dict[str, Any]) -> r.HandRecord:
    extra: list[r.SetupTiles] = list(h["extra"])
    if h["ura"]:
        extra.insert(2, r.SetupTiles(_NO, (), "uradora", tuple(h["ura"])))
    actions: list[r.Action] = [*h["actions"], *h["fans"]]
    if h["deltas"] is not None:
        actions.append(r.ScoreLine(_NO, tuple((SEATS[i], int(d)) for i, d in enumerate(h["deltas"]))))
    deals = tuple(r.Deal(SEATS[i], tuple(sorted(d, key=sort_key)), _NO) for i, d in enumerate(h["deals"]))
    return r.HandRecord(number=h["number"], span=_NO, dealer=r.DealerLine(_NO, (), cast(Seat, SEATS[h["oya"]])),
                        deals=deals, actions=tuple(actions), extra=tuple(extra))


# ---------------------------------------------------------------- the importer


class MjaiImporter:
    """`paipu import mjai`: mjai streams (JSON lines), as riichi records; a stream may hold
    several games, each from its ``start_game``."""

    name = "mjai"
    description = "mjai event streams (JSON lines: start_game, start_kyoku, tsumo, dahai, …) as riichi records"
    suffixes = (".mjson", ".json")

    def sniff(self, head: str) -> bool:
        first = head.lstrip("\ufeff").lstrip().split("\n", 1)[0].strip()
        return first.startswith("{") and re.match(r'\{\s*"type"\s*:\s*"(start_game|start_kyoku)"', first) is not None

    def convert(self, data: bytes, filename: str) -> list[Converted]:
        try:
            text = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as e:
            raise ConversionError(filename, data[:e.start].count(b"\n") + 1, "not UTF-8 text") from None
        games: list[tuple[list[Event], list[int]]] = []
        for number, raw in enumerate(text.split("\n"), 1):
            if not raw.strip():
                continue
            try:
                ev = json.loads(raw)
            except (ValueError, RecursionError) as e:
                raise ConversionError(filename, number, f"not a JSON event ({str(e).split(';')[0]})") from None
            if not isinstance(ev, dict):
                raise ConversionError(filename, number, "an mjai event is a JSON object")
            if ev.get("type") == "start_game" or not games:
                games.append(([], []))
            games[-1][0].append(ev)
            games[-1][1].append(number)
        if not games:
            raise ConversionError(filename, 1, "no events: not an mjai stream")
        stem = PurePath(filename).name
        for suffix in (".gz", *self.suffixes):
            stem = stem.removesuffix(suffix)
        out: list[Converted] = []
        for k, (events, lines) in enumerate(games):
            try:
                record = mjai_to_record(events, lines)
            except MjaiError as e:
                raise ConversionError(filename, 0, str(e)) from None
            text_out = format_record(record)
            starts = [(n, ev) for ev, n in zip(events, lines, strict=True) if ev.get("type") == "start_kyoku"]
            origins: list[tuple[int, str]] = []
            hands = iter(starts)
            for line_no, line in enumerate(text_out.split("\n"), 1):
                if line.startswith("hand "):
                    found = next(hands, None)
                    if found is None:
                        break
                    n, ev = found
                    origins.append((line_no, f"line {n}: start_kyoku {ev.get('bakaze', '')}{ev.get('kyoku', '')}"
                                              f" honba {ev.get('honba', 0)}"))
            game_id = stem if len(games) == 1 else f"{stem}-{k + 1}"
            out.append(Converted(game_id or "game", text_out, tuple(origins)))
        return out
