"""Dataclasses that write their own ``__init__`` (``init=False``; `paipu.frozen`) take their
fields in order, with the dataclass's defaults, and set each one: the written-out ``__init__``
(compiled, a native one) and the one `dataclasses` makes for the same fields (pure Python, for
a frozen class) make equal values."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from paipu.frozen import OWN_INITS

_PACKAGES = ("paipu.hand", "paipu.replay", "paipu.rules", "paipu.sim")


def _modules() -> Iterator[str]:
    yield "paipu.findings"
    for pkg in _PACKAGES:
        yield pkg
        for info in pkgutil.walk_packages(importlib.import_module(pkg).__path__, pkg + "."):
            yield info.name


def _own_init_classes() -> list[type]:
    found: dict[str, type] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value)
                    and not value.__dataclass_params__.init):  # type: ignore[attr-defined]
                found[f"{name}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


CLASSES = _own_init_classes()


def _own(cls: type) -> Callable[..., None]:
    init: Callable[..., None] = OWN_INITS.get(cls, cls.__init__)  # type: ignore[misc,assignment]
    return init


def test_the_written_out_inits_are_found() -> None:
    names = {c.__qualname__ for c in CLASSES}
    assert {"Finding", "HandSet", "GroupView", "Decomposition", "SeatState", "Meld", "LastDiscard", "_Reading",
            "_Due", "_BaoState", "Situation", "MeldIn", "WinIn", "ReadSet", "Reading"} <= names


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_own_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(_own(cls)).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is None, f.name  # a list not given starts afresh
        else:
            assert p.default is inspect.Parameter.empty, f.name


def _made(cls: type, init: Callable[..., None], args: tuple[Any, ...]) -> object:
    obj: object = object.__new__(cls)
    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if frozen and cls in OWN_INITS and init is OWN_INITS[cls]:
        # Pure Python: the written-out __init__ runs with the frozen guard lifted for the test.
        guard = cls.__dict__["__setattr__"]
        type.__setattr__(cls, "__setattr__", object.__setattr__)
        try:
            init(obj, *args)
        finally:
            type.__setattr__(cls, "__setattr__", guard)
    else:
        init(obj, *args)
    return obj


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_own_init_sets_every_field(cls: type) -> None:
    fields = dataclasses.fields(cls)
    args = tuple(object() for _ in fields)  # a distinct value for each field
    obj = _made(cls, _own(cls), args)
    assert [getattr(obj, f.name) for f in fields] == list(args)
    if cls in OWN_INITS:
        # The dataclass-made __init__ in its place takes the same arguments to the same values.
        other = _made(cls, cls.__init__, args)  # type: ignore[misc]
        assert [getattr(other, f.name) for f in fields] == list(args)
    # With only the fields that have no default, the defaults (a fresh list for a factory).
    required = tuple(object() for f in fields
                     if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    bare = _made(cls, _own(cls), required)
    for f in fields:
        if f.default is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default
        elif f.default_factory is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default_factory()


def test_a_frozen_class_stays_frozen() -> None:
    from paipu.hand.sets import HandSet

    s = HandSet("pong", 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.kind = "chow"  # type: ignore[misc]
    assert s == HandSet("pong", 4, False, (), True, False) and hash(s) == hash(HandSet("pong", 4))
