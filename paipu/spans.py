"""A packed ``span`` field for a Python class: the property that keeps it as one int.

The record's own lines (`paipu.record`) keep theirs in a field ``_span`` read by a property of
their class; this serves a class that stays Python and sets its slots directly
(`paipu.replay.result.Step`, through `paipu.record._compact_span`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def compact_span(cls: type, span_type: type[Any], shift: int, bits: int, mask: int) -> Callable[[object, object], None]:
    """Keep ``cls``'s ``span`` field packed: one int ``line << shift | column << bits |
    end_column`` for a span on one line whose columns fit in ``mask``, the ``span_type`` value
    (`paipu.record.Span`) otherwise.  The field stays a field (constructors,
    ``dataclasses.replace``, equality and `paipu.record.to_json` are unchanged); reading it
    builds the ``span_type``.  Returns the raw setter of the packed slot."""
    slot = cls.__dict__["span"]
    raw_get: Callable[[object], object] = slot.__get__
    raw_set: Callable[[object, object], None] = slot.__set__
    tuple_new: Callable[[type[Any], tuple[int, int, int, int]], object] = tuple.__new__

    def get(self: object) -> object:
        p = raw_get(self)
        if isinstance(p, int):
            line = p >> shift
            return tuple_new(span_type, (line, p >> bits & mask, line, p & mask))
        return p

    def set_(self: object, span: Any) -> None:
        line, column, end_line, end_column = span
        if line == end_line and line >= 0 and 0 <= column <= mask and 0 <= end_column <= mask:
            raw_set(self, line << shift | column << bits | end_column)
        else:
            raw_set(self, span if type(span) is span_type else span_type(line, column, end_line, end_column))

    setattr(cls, "span", property(get, set_, doc="Where the item stands in the record text."))  # noqa: B010
    return raw_set
