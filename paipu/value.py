"""Values: how paipu writes the immutable classes it makes by the thousand.

A record's lines, a finding, the sets of a win's reading: each is an ordinary class on the base
`Frozen`, with typed attributes, its fields named once in order (``_fields``), its slots, and an
``__init__`` written out::

    class HandSet(Frozen):
        __slots__ = ("first", "kind", "meld")
        _fields = ("kind", "first", "meld")
        kind: Final[str]
        first: Final[int]
        meld: Final[bool]

        def __init__(self, kind: str, first: int, meld: bool = False) -> None:
            self.kind = kind
            self.first = first
            self.meld = meld

* `Frozen` compares, hashes and shows (``repr``) a value by its fields, exactly as a dataclass
  declared ``@dataclass(init=False, unsafe_hash=True)`` did: equal when of the same class with
  equal fields, hashed as the tuple of its fields, shown as ``HandSet(kind='m', first=0,
  meld=False)``.  `replace` (``dataclasses.replace``), `field_names` (``dataclasses.fields``)
  and `as_dict` (a shallow ``dataclasses.asdict``) read ``_fields``.  Nothing is generated
  when the class is made: importing a module of values runs no code of `dataclasses`.
* ``_fields`` names every field, the base's first (a subclass repeats them), in the order of
  the ``__init__``'s parameters, each the name ``__init__`` takes it by; ``__slots__`` names the
  class's own.  A class with subclasses declares ``_fields: ClassVar[tuple[str, ...]]``, so
  that the type checker takes its subclasses' longer tuples.  A field kept in a slot of
  another name, as a line keeps its position packed in ``_span`` behind the property ``span``
  (`paipu.record`), is compared and hashed by that slot (``_span``).
* Every field is ``Final``: the type checker refuses an assignment anywhere but in the
  ``__init__`` of the class that declares the field.  A default is given in ``__init__``'s
  signature only (a ``Final`` with a value in the class body is a constant of the class, not a
  field).  A subclass's ``__init__`` calls its base's by name (``Action.__init__(self, …)``).
* `Frozen` pickles a value as a call of its constructor with its fields (`restore`).
* `Fields` is the same for a class whose values change after they are made (a hand's result,
  an audit): compared, shown and pickled by its fields, not hashed (as a dataclass that is not
  frozen); its fields are not ``Final``.
* `Value` is the base of a value still declared a dataclass (``@dataclass(init=False,
  unsafe_hash=True, slots=True)``, its methods written by `dataclasses` when its module is
  imported): it only pickles it through its constructor.  It defines none of the methods a
  dataclass writes: compiled, a class inherits its base's methods into its own namespace, where
  `dataclasses` would refuse to replace ``__hash__`` (and leave ``__eq__`` and ``__repr__``).

Why so, in the compiled build (mypyc, ``setup.py``): such a class is a native class.  Its
written-out ``__init__`` is native code that stores each field (some 40 ns a value), and a
``Final`` attribute is read-only at run time too.  A native class cannot be restored field by
field, as pickle does by default: hence the ``__reduce__`` of the bases.  A native class keeps
no ``__slots__`` (its layout is fixed by its annotations), hence ``_fields`` beside it.  Python
classes (a module that stays Python) may subclass `Frozen` and `Fields` too.  Pure Python runs
the same classes and the same ``__init__``.

The classes that stay dataclasses (a ruleset's options, whose fields carry their defaults and
documentation) use `by_fields` to pickle.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    D = TypeVar("D", bound=DataclassInstance)

_T = TypeVar("_T")

_NAMES: dict[type, tuple[str, ...]] = {}

_KEYS: dict[type, Callable[[Any], Any]] = {}
"""For each class of values, what it is compared and hashed by: the tuple of its stored fields."""


def _one(get: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def keys(value: Any) -> tuple[object, ...]:
        return (get(value),)

    return keys


def _empty(value: Any) -> tuple[object, ...]:
    return ()


def _keys_of(cls: type) -> Callable[[Any], Any]:
    """What the values of ``cls`` are compared and hashed by, made at the first ask."""
    names = [n for n in _value_fields(cls)]
    stored = ["_span" if n == "span" and hasattr(cls, "_span") else n for n in names]
    keys: Callable[[Any], Any]
    if len(stored) > 1:
        keys = attrgetter(*stored)
    elif stored:
        keys = _one(attrgetter(stored[0]))
    else:
        keys = _empty
    _KEYS[cls] = keys
    return keys


def _value_fields(cls: type) -> tuple[str, ...]:
    found: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009
    return found


def field_names(cls: type) -> tuple[str, ...]:
    """The names of the fields of value (or dataclass) ``cls``, in order: the names its
    ``__init__`` takes."""
    found = _NAMES.get(cls)
    if found is None:
        if not hasattr(cls, "__dataclass_fields__"):
            found = _value_fields(cls)
        else:  # a dataclass (a `Value`, say)
            from dataclasses import fields

            found = tuple(f.name for f in fields(cls))
        _NAMES[cls] = found
    return found


class Value:
    """The base of a value declared a dataclass (``@dataclass(init=False, unsafe_hash=True,
    slots=True)``, which writes its equality, hashing and ``repr``; see the module): pickled as a
    call of its constructor.  It defines none of the methods a dataclass writes, so that the
    dataclass's own are the class's in the compiled build too."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        cls = type(self)
        return restore, (cls, tuple([getattr(self, name) for name in field_names(cls)]))


@mypyc_attr(allow_interpreted_subclasses=True)
class Fields:
    """The base of a class of named fields (``_fields``, see the module): compared, shown and
    pickled by them, as a dataclass is; not hashed (a mutable result, such as a hand's)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        cls = type(self)
        if type(other) is not cls:
            return NotImplemented
        keys = _KEYS.get(cls)
        if keys is None:
            keys = _keys_of(cls)
        same: bool = keys(self) == keys(other)
        return same

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join([f'{n}={getattr(self, n)!r}' for n in self._fields])})"

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        cls = type(self)
        return restore, (cls, tuple([getattr(self, name) for name in self._fields]))


@mypyc_attr(allow_interpreted_subclasses=True)
class Frozen(Fields):
    """The base of paipu's values (see the module): never changed once made, so also hashed by
    their fields (the tuple of them, as a dataclass with ``unsafe_hash=True`` is)."""

    __slots__ = ()

    def __hash__(self) -> int:
        cls = type(self)
        keys = _KEYS.get(cls)
        if keys is None:
            keys = _keys_of(cls)
        return hash(keys(self))


def restore(cls: type[Any], values: tuple[object, ...]) -> Any:
    """A value of class ``cls`` with ``values`` for its fields, in order: pickle's way back."""
    return cls(**dict(zip(field_names(cls), values, strict=True)))


def replace(_original: _T, /, **changes: object) -> _T:
    """A copy of a value (a `Frozen` or `Fields` value, or a dataclass whose constructor takes
    its fields) with ``changes``, as ``dataclasses.replace`` makes it: a call of its class with
    every field.  (The value's parameter has a name no field has: compiled, a keyword of the
    same name as a positional-only parameter is refused, so ``replace(option, value=...)`` would
    fail there.)"""
    cls = type(_original)
    names = field_names(cls)
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    given = {n: changes[n] if n in changes else getattr(_original, n) for n in names}
    made: _T = cls(**given)
    return made


def as_dict(value: object) -> dict[str, object]:
    """A value's fields by name, in order (not copied: a shallow ``dataclasses.asdict``)."""
    return {n: getattr(value, n) for n in field_names(type(value))}


def is_value(value: object) -> bool:
    """Whether ``value`` has named fields: a `Frozen` or `Fields` value, or a dataclass instance."""
    return isinstance(value, Fields) or hasattr(type(value), "__dataclass_fields__")


def by_fields(value: D) -> tuple[type[D], tuple[object, ...]]:
    """The ``__reduce__`` of a frozen dataclass whose constructor takes its fields in order: its
    class, and its fields (compiled, a native class is not restored field by field)."""
    return type(value), tuple([getattr(value, name) for name in field_names(type(value))])
