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
from collections.abc import Callable
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


def slot_init(cls: T, *, public: str = "", slot: str = "", convert: Callable[[Any], Any] | None = None,
              as_is: type | None = None) -> T:
    """Like `own_init`, for a class whose written-out ``__init__`` may keep one argument in
    another form: in pure Python, give ``cls`` an ``__init__`` with the same signature as its
    own that fills each field's slot directly (no ``object.__setattr__``, the cheapest way
    pure Python has), argument ``public`` kept as ``convert(value)`` in field ``slot`` (a value
    of type ``as_is`` as it is).  Compiled, ``cls``'s own ``__init__`` stays."""
    own = cls.__dict__.get("__init__")
    if not isinstance(own, FunctionType):
        return cls
    code = own.__code__
    positional = code.co_argcount
    names = code.co_varnames[1:positional + code.co_kwonlyargcount]
    defaults = own.__defaults__ or ()
    kwdefaults = own.__kwdefaults__ or {}
    stored = [slot if name == public else name for name in names]
    wanted = [f.name for f in dataclasses.fields(cls)]
    if sorted(stored) != sorted(wanted):
        raise TypeError(f"{cls.__qualname__}.__init__ takes {names}, not the fields {wanted}")
    namespace: dict[str, Any] = {"_convert": convert, "_as_is": as_is}
    params: list[str] = []
    body: list[str] = []
    first_default = positional - 1 - len(defaults)
    for i, (name, target) in enumerate(zip(names, stored, strict=True)):
        if i == positional - 1:
            params.append("*")
        if i < positional - 1 and i >= first_default:
            namespace[f"_d_{name}"] = defaults[i - first_default]
            params.append(f"{name}=_d_{name}")
        elif i >= positional - 1 and name in kwdefaults:
            namespace[f"_d_{name}"] = kwdefaults[name]
            params.append(f"{name}=_d_{name}")
        else:
            params.append(name)
        for klass in cls.__mro__:
            if target in klass.__dict__:
                namespace[f"_s_{target}"] = klass.__dict__[target].__set__
                break
        if name == public and convert is not None:
            value = f"{name} if {name}.__class__ is _as_is else _convert({name})"
        else:
            value = name
        body.append(f"    _s_{target}(self, {value})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # the way `dataclasses` writes its __init__
    made = namespace["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__module__ = cls.__module__
    made.__annotations__ = dict(own.__annotations__)
    made.__doc__ = own.__doc__
    type.__setattr__(cls, "__init__", made)
    OWN_INITS[cls] = own
    return cls
