"""Frozen dataclasses that write their own ``__init__``, the same in both builds.

In the compiled build a frozen dataclass is a native class, but the ``__init__`` `dataclasses`
makes for it is Python code that sets each field through ``object.__setattr__``: about
1 µs an object, against some 40 ns for an ``__init__`` written in the class that assigns its
fields (``self.kind = kind``, a native write there).  Values made by the thousand in every
replay (a win's sets and groups, each reading) therefore write their own.  Pure Python
refuses those assignments on a frozen class, so there `own_init` puts in its place the
``__init__`` `dataclasses` would have made for the same fields: the same signature, the same
values, frozen either way.
"""

from __future__ import annotations

import dataclasses
from types import FunctionType
from typing import Any, TypeVar

T = TypeVar("T", bound=type)

OWN_INITS: dict[type, FunctionType] = {}
"""The classes `own_init` changed (pure Python only), each with its own ``__init__`` (for the tests)."""


def own_init(cls: T) -> T:
    """Keep ``cls``'s own ``__init__`` where it can run (compiled, where it is not a Python
    function); in pure Python, give ``cls`` the ``__init__`` `dataclasses` makes for its fields
    instead.  Called after the class statement (a compiled class takes no decorator but
    ``dataclass``); ``cls`` is a frozen dataclass made with ``init=False`` whose ``__init__``
    takes its fields in order, with their defaults."""
    own = cls.__dict__.get("__init__")
    if isinstance(own, FunctionType):
        namespace: dict[str, Any] = {"__annotations__": {}, "__module__": cls.__module__,
                                     "__qualname__": cls.__qualname__}
        for f in dataclasses.fields(cls):
            namespace["__annotations__"][f.name] = f.type
            namespace[f.name] = dataclasses.field(default=f.default, default_factory=f.default_factory,
                                                  kw_only=f.kw_only)
        made: type = dataclasses.dataclass(frozen=True)(type(cls.__name__, (), namespace))
        type.__setattr__(cls, "__init__", made.__dict__["__init__"])
        OWN_INITS[cls] = own
    return cls
