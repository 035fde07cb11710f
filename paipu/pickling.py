"""Pickling of paipu's immutable values by their constructor.

In the compiled build a frozen dataclass is a native class that refuses the field-by-field
restore pickle's default makes (``FrozenInstanceError: cannot assign to field``), so an audit,
a finding or a hand analysis could not be sent to another process or stored.  Each frozen
dataclass a result can hold therefore pickles as a call of its constructor with its fields,
which works in both builds and gives an equal value.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    T = TypeVar("T", bound=DataclassInstance)


def by_fields(value: T) -> tuple[type[T], tuple[object, ...]]:
    """``value``'s ``__reduce__``: its class, and its fields in order (every field of these
    classes is a positional argument of the constructor)."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value))
