"""Values: how paipu writes the immutable classes it makes by the thousand.

A record's lines, a finding, the sets of a win's reading: each is an ordinary class with typed
attributes and an ``__init__`` written out, declared a dataclass for what follows from its
fields, on the base `Value`::

    @dataclass(init=False, unsafe_hash=True, slots=True)
    class HandSet(Value):
        kind: Final[str]
        first: Final[int]
        meld: Final[bool]

        def __init__(self, kind: str, first: int, meld: bool = False) -> None:
            self.kind = kind
            self.first = first
            self.meld = meld

* ``dataclass`` writes equality, hashing and ``repr`` from the fields, and
  ``dataclasses.fields``, ``replace`` and ``asdict`` read them.  ``init=False`` leaves the
  ``__init__`` to the class; ``unsafe_hash=True`` hashes a value by its fields, as a frozen
  dataclass is hashed (a value never changes, so its hash never does).
* Every field is ``Final``: the type checker refuses an assignment anywhere but in the
  ``__init__`` of the class that declares the field.  That is what ``frozen=True`` gave,
  without its ``__setattr__`` guard, which refuses the assignments of a written-out
  ``__init__`` too.  A default is given in ``__init__``'s signature only (a ``Final`` with a
  value in the class body is a constant of the class, not a field).
* The ``__init__`` takes each field by its name (so ``replace`` and pickling can call it), and a
  subclass's calls its base's by name (``Action.__init__(self, …)``): a ``Final`` field is
  assigned in its own class, and ``super()`` without arguments does not work in a
  ``slots=True`` class.
* `Value` pickles a value as a call of its constructor with its fields.

Why so, in the compiled build (mypyc, ``setup.py``): such a class is a native class.  Its
written-out ``__init__`` is native code that stores each field (some 40 ns a value), where the
``__init__`` ``dataclasses`` generates stays Python code that sets each field through
``object.__setattr__`` (about 1 µs); a ``Final`` attribute is read-only at run time too.  A
native class cannot be restored field by field, as pickle does by default: hence `Value`'s
``__reduce__``.  Pure Python runs the same classes and the same ``__init__``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    D = TypeVar("D", bound=DataclassInstance)

_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the fields of dataclass ``cls``, in order: the names its ``__init__`` takes."""
    found = _NAMES.get(cls)
    if found is None:
        found = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return found


class Value:
    """The base of paipu's values (see the module): pickled as a call of the constructor."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        cls = type(self)
        return restore, (cls, tuple([getattr(self, name) for name in field_names(cls)]))


def restore(cls: type[Any], values: tuple[object, ...]) -> Any:
    """A `Value` of class ``cls`` with ``values`` for its fields, in order: pickle's way back."""
    return cls(**dict(zip(field_names(cls), values, strict=True)))


def by_fields(value: D) -> tuple[type[D], tuple[object, ...]]:
    """The ``__reduce__`` of a frozen dataclass whose constructor takes its fields in order: its
    class, and its fields (compiled, a native class is not restored field by field)."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value))
