"""The canonical writer: a record back to text, one item per line.

Canonical means: English keywords, canonical tile notation (packed runs, deals and chows
sorted, the wall in its order), one tag per line in a fixed order, annotations kept on the
line of the item they belong to.  Parsing the output gives the same record.
"""

from __future__ import annotations

import paipu.record as r
from paipu.tiles import format_tiles


def _annotations(notes: tuple[r.Annotation, ...]) -> str:
    out = ""
    for a in notes:
        text = a.text.replace("\\", "\\\\").replace("}", "\\}")
        out += " {" + text + "}"
    return out


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def format_action(a: r.Action) -> str:
    """One action line, without its annotations."""
    if isinstance(a, r.SeatAction):
        text = f"{a.seat} {a.verb}"
        if isinstance(a, r.Chow):
            text += " " + format_tiles(a.tiles)
        elif isinstance(a, r.Hu):
            if a.tile is not None:
                text += f" {a.tile}"
        elif isinstance(a, (r.Draw, r.Discard, r.Pong, r.Kong, r.AnKong, r.AddKong, r.Flower)):
            text += f" {a.tile}"
        if a.glyph:
            text += f" {a.glyph}"
        return text
    if isinstance(a, r.TableEvent):
        args = (*(str(t) for t in a.tiles), *(str(v) for v in a.values), *([a.word] if a.word else []))
        return " ".join((a.name, *args))
    if isinstance(a, r.Exhausted):
        return "exhausted"
    if isinstance(a, r.FanLine):
        text = f"fan {a.seat} {a.total}"
        if a.items:
            text += " : " + ", ".join(
                i.name if i.value is None else f"{i.name} {i.value}" for i in a.items
            )
        return text
    if isinstance(a, r.ScoreLine):
        return "score " + " ".join(f"{seat} {_signed(v)}" for seat, v in a.payments)
    raise TypeError(f"not an action: {a!r}")


def format_record(record: r.Record) -> str:
    h = record.header
    lines: list[str] = []
    if h.ruleset is not None:
        lines.append(f"[Ruleset {_quote(h.ruleset)}]")
    lines += [f"[Option {o.name} {_quote(o.value)}]" for o in h.options]
    lines += [f"[Player {p.seat} {_quote(p.value)}]" for p in h.players]
    lines += [f"[Score {p.seat} {_quote(p.value)}]" for p in h.scores]
    lines += [f"[{t.name} {_quote(t.value)}]" for t in h.tags]
    if h.annotations:
        lines.append(_annotations(h.annotations).lstrip())
    for hand in record.hands:
        if lines:
            lines.append("")
        lines.append(f"hand {hand.number}" + _annotations(hand.annotations))
        if hand.dealer:
            lines.append(f"dealer {hand.dealer.seat}" + _annotations(hand.dealer.annotations))
        if hand.wall:
            lines.append(f"wall {format_tiles(hand.wall.tiles)}" + _annotations(hand.wall.annotations))
        if hand.dice:
            dice = " ".join(str(v) for v in hand.dice.values)
            lines.append(f"dice {dice}" + _annotations(hand.dice.annotations))
        for extra in hand.extra:
            args = " ".join((*(str(t) for t in extra.tiles), *(str(v) for v in extra.values)))
            lines.append(f"{extra.name} {args}".rstrip() + _annotations(extra.annotations))
        for d in hand.deals:
            lines.append(f"deal {d.seat} {format_tiles(d.tiles)}" + _annotations(d.annotations))
        for a in hand.actions:
            lines.append(format_action(a) + _annotations(a.annotations))
    return "\n".join(lines) + "\n"
