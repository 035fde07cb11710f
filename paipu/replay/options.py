"""A ruleset's options: a class on `Options`, each option declared with `option`.

::

    class ChickenOptions(Options):
        stake: int = option(1, "what each loser pays for a win")
        minimum: int | None = option(None, "the fewest fans a win needs (none: no minimum)")

An options class is built as a frozen dataclass is, keyword by keyword (``ChickenOptions(stake=2)``):
each option not given takes its default, an unknown name is a `TypeError`, and an optional
``__post_init__`` checks the values once they are set (raising `OptionError` for a bad one).  A
value is immutable, compared, hashed and shown (``repr``) by its options, and pickled as a call
of its class.  An option's type (its annotation) is what a record's ``[Option name "value"]``
tag is read as (`parse_options`): ``bool``, ``int``, ``str``, a ``Literal`` of choices, or any
of these ``| None``.

Nothing is generated when an options class is made (its options are collected from the class
body, in order, once): loading a ruleset runs no code of `dataclasses`.  A frozen dataclass whose
fields are made with `option` is read the same way by every function here (the options of a
ruleset written before `Options`).

This module stays Python in the compiled build (``setup.py``): an options class is an ordinary
Python class, whose annotations `parse_options` reads.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, dataclass_transform

__all__ = [
    "NoOptions",
    "Option",
    "OptionError",
    "Options",
    "option",
    "option_specs",
    "option_text",
    "option_values",
    "parse_options",
]


class OptionError(ValueError):
    pass


class Option:
    """One option as its class declares it: its default, its documentation and, for a ``str``
    option, the values it allows (``()``: any)."""

    __slots__ = ("choices", "default", "doc", "name")

    def __init__(self, default: object, doc: str, choices: tuple[str, ...] = (), name: str = "") -> None:
        self.default: Final = default
        self.doc: Final = doc
        self.choices: Final = choices
        self.name: Final = name

    def __repr__(self) -> str:
        return f"option({self.default!r}, {self.doc!r}, {self.choices!r})"


def option(default: Any, doc: str, choices: tuple[str, ...] = ()) -> Any:
    """A ruleset option: its default, its documentation and the values it allows (the
    annotation's ``Literal`` gives them too), declared in the body of an `Options` class.

    Called in the body of a class whose module has ``dataclasses`` (or its ``dataclass``) among
    its names, it is a ``dataclasses.field`` carrying the same, so that a frozen dataclass of
    options (how options were declared before `Options`) keeps working; an `Options` class
    takes either."""
    if _in_dataclass_body():
        import dataclasses

        return dataclasses.field(default=default, metadata={"doc": doc, "choices": choices})
    return Option(default, doc, choices)


def _in_dataclass_body() -> bool:
    """Whether `option` is called in a class body (two frames up) of a module that has
    ``dataclasses`` or ``dataclasses.dataclass`` among its names.  No dataclass can be made before
    `dataclasses` is imported: till then the answer is no at once."""
    import sys

    made = sys.modules.get("dataclasses")
    if made is None:
        return False
    body = sys._getframe(2)
    if "__qualname__" not in body.f_locals or "__module__" not in body.f_locals:
        return False  # not called in a class body
    return any(value is made or value is made.dataclass for value in body.f_globals.values())


def _spec(name: str, value: object) -> Option | None:
    """An option declared in a class body: an `Option`, or the ``dataclasses.field`` that
    `option` made in a module of dataclasses (see `option`); None for any other value."""
    if isinstance(value, Option):
        return Option(value.default, value.doc, value.choices, name)
    import sys

    made = sys.modules.get("dataclasses")
    if made is not None and isinstance(value, made.Field) and "doc" in value.metadata:
        return Option(value.default, str(value.metadata["doc"]), tuple(value.metadata.get("choices", ())), name)
    return None


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Options:
    """The base of a ruleset's options (see the module): built keyword by keyword, immutable,
    compared, hashed and shown by its options."""

    __slots__ = ("__dict__",)
    _options: ClassVar[dict[str, Option]] = {}
    """Every option of the class, its bases' first, by name in the order declared."""
    _fields: ClassVar[tuple[str, ...]] = ()
    """The options' names, in order (what `paipu.value.field_names` reads)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, Option] = {}
        for base in reversed(cls.__mro__[1:]):
            found.update(getattr(base, "_options", {}))
        # The class's own annotations (``inspect.get_annotations`` would load `inspect`, a tenth of a start-up).
        annotated = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
        for name, value in list(cls.__dict__.items()):
            spec = _spec(name, value)
            if spec is not None:
                if name not in annotated:
                    raise TypeError(f"option {cls.__name__}.{name} has no type: write `{name}: TYPE = option(...)`")
                found[name] = spec
        for name, kind in annotated.items():
            if name not in found and not str(kind).startswith(("ClassVar", "typing.ClassVar", "Final")):
                raise TypeError(f"option {cls.__name__}.{name} is not declared with option(default, doc)")
        cls._options = found
        cls._fields = tuple(found)

    def __init__(self, **given: Any) -> None:
        options = self._options
        for name in given:
            if name not in options:
                raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument {name!r}")
        values = self.__dict__
        for name, spec in options.items():
            values[name] = given[name] if name in given else spec.default
        check = getattr(self, "__post_init__", None)
        if check is not None:
            check()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to option {name!r}: options are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete option {name!r}: options are immutable")

    def _values(self) -> tuple[object, ...]:
        values = self.__dict__
        return tuple([values[name] for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Options)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self._values(), strict=True))
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        return _restore, (type(self), self._values())


class NoOptions(Options):
    """The options of a ruleset that has none."""


def _restore(cls: type[Options], values: tuple[object, ...]) -> Options:
    """An options value of class ``cls`` with ``values`` for its options, in order: pickle's way back."""
    return cls(**dict(zip(cls._fields, values, strict=True)))


def option_specs(cls: type[Any]) -> tuple[Option, ...]:
    """Every option of options class ``cls`` (an `Options` class, or a frozen dataclass whose
    fields are made with `option`), in order; none for a class of neither kind."""
    if isinstance(cls, type) and issubclass(cls, Options):
        return tuple(cls._options.values())
    found = _SPECS.get(cls)
    if found is None and not hasattr(cls, "__dataclass_fields__"):
        return ()
    if found is None:
        import dataclasses

        found = _SPECS[cls] = tuple(
            Option(f.default, str(f.metadata.get("doc", "")), tuple(f.metadata.get("choices", ())), f.name)
            for f in dataclasses.fields(cls))
    return found


_SPECS: dict[type[Any], tuple[Option, ...]] = {}
"""The options of each dataclass of options, read once."""


def option_values(options: object) -> dict[str, object]:
    """Every option's value in ``options``, by name in order."""
    return {spec.name: getattr(options, spec.name) for spec in option_specs(type(options))}


def parse_options(cls: type[Any], given: Mapping[str, str]) -> Any:
    """Build the options of class ``cls`` from ``name -> text`` pairs; `OptionError` names the known ones."""
    specs = {spec.name: spec for spec in option_specs(cls)}
    values: dict[str, Any] = {}
    if given:
        hints = _type_hints(cls)
        for name, text in given.items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(sorted(specs)) or "none"
                raise OptionError(f"unknown option {name!r}; this ruleset's options are: {known}")
            values[name] = _convert(name, text, hints[name], spec.choices)
    return cls(**values)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _type_hints(cls: type[Any]) -> dict[str, Any]:
    """The options class's resolved annotations, worked out once per class (not per record)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def _convert(name: str, text: str, hint: Any, choices: tuple[str, ...]) -> Any:
    t = text.strip()
    args = typing.get_args(hint)
    is_optional = type(None) in args
    base = next((a for a in args if a is not type(None)), hint) if args else hint
    if is_optional and t.lower() in ("none", "off", ""):
        return None
    if base is bool:
        if t.lower() in ("true", "yes", "on", "1"):
            return True
        if t.lower() in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"option {name} takes true or false, not {text!r}")
    if base is int:
        try:
            return int(t)
        except ValueError:
            raise OptionError(f"option {name} takes a whole number, not {text!r}") from None
    if typing.get_origin(base) is Literal:
        allowed = tuple(str(a) for a in typing.get_args(base))
        if t not in allowed:
            raise OptionError(f"option {name} takes one of {', '.join(allowed)}, not {text!r}")
        return t
    if choices and t not in choices:
        raise OptionError(f"option {name} takes one of {', '.join(choices)}, not {text!r}")
    return t


def option_text(value: object) -> str:
    """An option's value as a record's ``[Option]`` tag writes it (``none``, ``true``, ``12``)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
