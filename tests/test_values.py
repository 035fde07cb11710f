"""paipu's values (`paipu.value`): classes on the base `Frozen` with ``Final`` fields named once
(``_fields``), slots and an ``__init__`` written out.  Each takes its fields by name, sets every
one, compares, hashes, shows and pickles by them, and no ``__init__`` in the package assigns a
field behind ``type: ignore``."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import paipu
from paipu.value import Frozen, Value, as_dict, field_names, replace

PACKAGE = Path(paipu.__file__).resolve().parent


def _modules() -> Iterator[str]:
    for info in pkgutil.walk_packages([str(PACKAGE)], "paipu."):
        if not info.name.startswith(("paipu.cli", "paipu.__main__")):
            yield info.name


def _value_classes() -> list[type]:
    found: dict[str, type] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == name and issubclass(value, (Frozen, Value))
                    and value not in (Frozen, Value)):
                found[f"{name}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


CLASSES = _value_classes()
PLAIN = [c for c in CLASSES if c.__module__ != "paipu.record" and c.__qualname__ != "Group"]
"""The values whose fields take any object (the record's are tested in ``test_record_classes.py``,
`paipu.hand.shapes.Group`, which checks its fields, below)."""


STILL_DATACLASSES = {"paipu.rules.shared.fans", "paipu.rules.mcr.fans", "paipu.rules.riichi.ruleset"}
"""The modules whose values are still declared dataclasses (on `Value`), which work the same."""


def test_the_values_are_found() -> None:
    names = {c.__qualname__ for c in CLASSES}
    assert {"Finding", "HandSet", "GroupView", "Decomposition", "_Reading", "_Due", "Situation", "MeldIn", "WinIn",
            "ReadSet", "Draw", "Header", "Record"} <= names


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases, in order."""
    return [name for k in reversed(cls.__mro__) for name in k.__dict__.get("__slots__", ())]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_value_names_its_final_fields_once_in_slots_with_its_own_init(cls: type) -> None:
    own = {n: t for n, t in inspect.get_annotations(cls).items() if n != "_fields"}
    assert all(str(t).startswith("Final[") for t in own.values()), own
    init = cls.__dict__.get("__init__")
    assert inspect.isfunction(init), "a value writes its __init__ out"
    names = [p.name for p in list(inspect.signature(init).parameters.values())[1:]]
    assert sorted(names) == sorted(field_names(cls))
    assert "__slots__" in cls.__dict__, "a value keeps its fields in slots"
    if dataclasses.is_dataclass(cls):
        assert cls.__module__ in STILL_DATACLASSES, "a value is declared by its _fields, not by dataclass"
        # (compiled, a dataclass on `Frozen` would keep the base's methods: `Value` defines none)
        assert issubclass(cls, Value) and not issubclass(cls, Frozen)
        return
    assert not issubclass(cls, Value), "a value declared by its _fields is a Frozen, not a Value"
    assert "__dataclass_fields__" not in dir(cls)
    # A field read through a property of its name is kept in the slot of its name with ``_`` before
    # it (a record item's packed ``span``; a log game's ``text``, written when first asked for).
    stored = ["_" + n if isinstance(getattr(cls, n, None), property) and "_" + n in _slots(cls) else n
              for n in field_names(cls)]
    assert sorted(_slots(cls)) == sorted(stored), "the slots are the fields"
    assert list(own) == [n for n in stored if n in cls.__dict__["__slots__"]], "fields annotated in their order"


@pytest.mark.parametrize("cls", PLAIN, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_value_sets_every_field_and_compares_hashes_and_pickles_by_them(cls: type) -> None:
    names = field_names(cls)
    given = {name: (i, name) for i, name in enumerate(names)}  # a distinct, hashable, picklable value each
    made = cls(**given)
    assert {n: getattr(made, n) for n in names} == given
    again = cls(**given)
    assert again == made and hash(again) == hash(made) and again is not made
    other = cls(**{**given, names[-1]: "other"})
    assert other != made
    back = pickle.loads(pickle.dumps(made))
    assert type(back) is cls and back == made
    assert replace(made, **{names[0]: "x"}) == cls(**{**given, names[0]: "x"})
    assert as_dict(made) == given
    assert hash(made) == hash(tuple(given.values())), "hashed as the tuple of its fields, as a dataclass is"
    assert made != tuple(given.values()) and other != made
    assert repr(made) == f"{cls.__qualname__}({', '.join(f'{n}={v!r}' for n, v in given.items())})"


_IGNORED_FIELD = re.compile(r"^\s*self\.\w+ = .*# type: ignore\[misc\]")


def test_no_init_assigns_its_fields_behind_type_ignore() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{i}" for path in sorted(PACKAGE.rglob("*.py"))
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if _IGNORED_FIELD.match(line)]
    assert found == []


def test_a_group_checks_its_fields_and_compares_hashes_shows_and_pickles_by_them() -> None:
    from paipu.hand.shapes import Group

    made = Group("pong", 3, 1)
    assert (made.kind, made.first, made.wild, made.wild_mask) == ("pong", 3, 1, 0b100)  # the mask normalised
    assert made == Group("pong", 3, 1, 0b100) and hash(made) == hash(("pong", 3, 1, 0b100))
    assert made != Group("pong", 3, 2) and made != Group("pair", 3, 1)
    assert repr(made) == "Group(kind='pong', first=3, wild=1, wild_mask=4)"
    assert pickle.loads(pickle.dumps(made)) == made
    assert replace(made, first=5) == Group("pong", 5, 1)
    with pytest.raises(ValueError, match="wildcards are its last 1 positions"):
        Group("pong", 3, 1, 0b001)
