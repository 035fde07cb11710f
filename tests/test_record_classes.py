"""The record classes (`paipu.record`) are values (`paipu.value`) that keep a line's position packed
behind a ``span`` property, copied by `paipu.record.replace` (``dataclasses.replace``'s work):
their constructors take their fields by name (``span`` for the packed ``_span``), and they compare,
hash, show (``repr``), pickle and turn to JSON (`paipu.record.to_json`) by their fields, in pure
Python (this suite) as compiled (``tests/test_compiled.py`` compares both builds)."""

from __future__ import annotations

import inspect
import pickle
from typing import Any, cast

import pytest

import paipu.record as r
from paipu.grammar.parser import parse
from paipu.tiles import ALL_TILES
from paipu.value import Frozen, as_dict, field_names

CLASSES: list[type] = sorted(
    (v for v in vars(r).values() if isinstance(v, type) and v.__module__ == "paipu.record" and issubclass(v, Frozen)),
    key=lambda c: c.__qualname__)
PACKED = [c for c in CLASSES if issubclass(c, (r.Action, r.Deal, r.SetupLine))]

TILE = ALL_TILES[4]
SPAN = r.Span(7, 3, 7, 15)
LONG = r.Span(7, 3, 9, 2)  # over two lines: kept as a `Span`


def _sample(cls: type, name: str) -> object:
    """A value of the right type for field ``name`` of ``cls``."""
    values: dict[str, object] = {
        "span": SPAN, "ruleset_span": SPAN, "annotations": (r.Annotation("note", r.Span(7, 16, 7, 22)),),
        "seat": "S", "glyph": "!?", "tile": TILE, "tiles": (TILE, TILE, TILE), "values": (3, 4), "word": "kyuushu",
        "name": "caishen", "value": "v", "total": 5, "items": (r.FanItem("hunyise", 6, SPAN),),
        "payments": (("E", 4), ("S", -4)), "number": 2, "text": "hello", "ruleset": "zhuji",
        "options": (r.OptionTag("min_tai", "1", SPAN),), "players": (r.SeatTag("Player", "E", "Ann", SPAN),),
        "scores": (), "tags": (r.Tag("Event", "club", SPAN),), "header": r.Header("zhuji", SPAN),
        "finals": (r.SeatTag("Final", "E", "31300", SPAN),), "points": (r.SeatTag("Points", "E", "+51.3", SPAN),),
        "hands": (r.HandRecord(1, SPAN),), "dealer": r.DealerLine(SPAN, (), "S"), "wall": r.WallLine(SPAN, (), (TILE,)),
        "dice": r.DiceLine(SPAN, (), (1, 6)), "deals": (r.Deal("E", (TILE,), SPAN),),
        "actions": (r.Draw(SPAN, "E", TILE),), "extra": (r.SetupTiles(SPAN, (), "caishen", (TILE,)),),
    }
    if cls is r.FanItem and name == "value":
        return 3
    return values[name]


def _full_kwargs(cls: type) -> dict[str, Any]:
    return {name: _sample(cls, name) for name in field_names(cls)}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_record_init_takes_the_fields_by_name_positional_ones_in_order(cls: type) -> None:
    """record classes: the parameters are the fields (``span`` for the packed ``_span``), those
    that are not keyword-only in the fields' order."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]  # type: ignore[misc]
    names = field_names(cls)
    assert sorted(p.name for p in params) == sorted(names)
    positional = [p.name for p in params if p.kind is not p.KEYWORD_ONLY]
    assert positional == [n for n in names if n in positional]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_record_init_sets_every_field(cls: type) -> None:
    kwargs = _full_kwargs(cls)
    made = cls(**kwargs)
    assert {n: getattr(made, n) for n in kwargs} == kwargs
    required = {n: v for n, v in kwargs.items()
                if inspect.signature(cls.__init__).parameters[n].default is inspect.Parameter.empty}  # type: ignore[misc]
    bare = cls(**required)
    assert {n: getattr(bare, n) for n in required} == required


@pytest.mark.parametrize("cls", PACKED, ids=lambda c: c.__qualname__)
def test_record_packed_span_reads_back_as_the_span_given(cls: type) -> None:
    """record lines: a span on one line is kept as one int (given as a `Span` or packed already,
    the same value), a span over lines as the `Span`; ``span`` reads the `Span` back."""
    kwargs = _full_kwargs(cls)
    one = cls(**kwargs)
    assert type(one._span) is int and type(one.span) is r.Span and one.span == SPAN
    assert cls(**{**kwargs, "span": r.pack_span(*SPAN)}) == one
    assert hash(cls(**{**kwargs, "span": r.pack_span(*SPAN)})) == hash(one)
    long = cls(**{**kwargs, "span": LONG})
    assert long._span == LONG and long.span == LONG and long != one
    plain = cls(**{**kwargs, "span": (7, 3, 9, 2)})  # a plain tuple is made a `Span`
    assert type(plain.span) is r.Span and plain == long


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_record_values_are_equal_hashable_and_pickle(cls: type) -> None:
    kwargs = _full_kwargs(cls)
    made = cls(**kwargs)
    again = cls(**kwargs)
    assert again == made and hash(again) == hash(made) and again is not made
    back = pickle.loads(pickle.dumps(made))
    assert type(back) is cls and back == made and hash(back) == hash(made)
    # Hashed as a dataclass of the same fields was (the tuple of the stored fields, the packed
    # position for a line): the order of a set of lines is the same as before.
    stored = tuple(getattr(made, "_span" if n == "span" and cls in PACKED else n) for n in kwargs)
    assert hash(made) == hash(stored)
    assert made != stored and (made == stored) is False


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_record_repr_shows_every_field_with_the_span(cls: type) -> None:
    kwargs = _full_kwargs(cls)
    made = cls(**kwargs)
    assert repr(made) == f"{cls.__qualname__}({', '.join(f'{n}={v!r}' for n, v in kwargs.items())})"


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__qualname__)
def test_record_replace_changes_only_what_it_is_given(cls: type) -> None:
    kwargs = _full_kwargs(cls)
    made = cls(**kwargs)
    assert r.replace(made) == made
    name = next(reversed(kwargs))
    other = r.Span(1, 1, 1, 2) if name == "span" else ()
    changed = r.replace(made, **{name: other})
    assert getattr(changed, name) == other and changed != made
    assert all(getattr(changed, n) == v for n, v in kwargs.items() if n != name)
    with pytest.raises(TypeError, match="no field 'colour'"):
        r.replace(made, colour=1)
    assert list(as_dict(made)) == list(kwargs)
    if cls in PACKED:
        assert as_dict(made)["span"] == SPAN
        moved = r.replace(made, span=LONG)
        assert moved.span == LONG and r.replace(moved, span=SPAN) == made


def test_record_to_json_names_the_span_and_keeps_the_field_order() -> None:
    d = r.Discard(SPAN, "E", TILE, glyph="!")
    assert list(cast(dict[str, object], r.to_json(d))) == ["type", "span", "annotations", "seat", "glyph", "tile"]
    assert list(cast(dict[str, object], r.to_json(d, spans=False))) == ["type", "annotations", "seat", "glyph", "tile"]
    deal = r.to_json(r.Deal("E", (TILE,), LONG))
    assert deal == {"seat": "E", "tiles": [str(TILE)], "span": {"line": 7, "column": 3, "end_line": 9, "end_column": 2},
                    "annotations": []}


def test_a_parsed_record_pickles_and_compares_equal() -> None:
    text = ('[Ruleset "zhuji"]\n\nhand 1\ndealer E\ndeal E 1112345678999m\n'
            "E discard 9m {a note}\nS draw 5p !?\nS discard 5p\n" + "E draw 1z\n" * 3)
    record = parse(text).record
    assert pickle.loads(pickle.dumps(record)) == record
    first = record.hands[0].actions[0]
    assert first.span == r.Span(6, 1, 6, 13) and first.annotations[0].text == "a note"
    assert [a.span.line for a in record.hands[0].actions] == [6, 7, 8, 9, 10, 11]
