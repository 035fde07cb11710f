"""A ruleset's options (`paipu.replay.options`): declared on `Options`, or as a frozen dataclass."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass
from typing import Literal

import pytest

from paipu.replay.options import (
    Option,
    OptionError,
    Options,
    option,
    option_specs,
    option_text,
    option_values,
    parse_options,
)
from paipu.replay.ruleset import builtin_ruleset_names, ruleset_class
from paipu.value import field_names, replace


class Table(Options):
    stake: int = option(1, "what each loser pays")
    style: Literal["plain", "fancy"] = option("plain", "how it is played", ("plain", "fancy"))
    cap: int | None = option(None, "the most a hand is paid (none: no cap)")
    open_calls: bool = option(True, "calls allowed")

    def __post_init__(self) -> None:
        if self.stake < 0:
            raise OptionError(f"option stake takes a number from 0, not {self.stake}")


class Wider(Table):
    extra: str = option("x", "one more")


@dataclass(frozen=True)
class OldStyle:
    """Options as they were declared before `Options`: a frozen dataclass of `option` fields."""

    stake: int = option(1, "what each loser pays")
    cap: int | None = option(None, "the cap")


def test_options_are_built_keyword_by_keyword_with_defaults() -> None:
    assert Table().stake == 1 and Table().style == "plain" and Table().cap is None
    made = Table(stake=3, cap=10)
    assert (made.stake, made.style, made.cap, made.open_calls) == (3, "plain", 10, True)
    assert option_values(made) == {"stake": 3, "style": "plain", "cap": 10, "open_calls": True}
    with pytest.raises(TypeError, match="unexpected keyword argument 'stak'"):
        Table(stak=2)  # type: ignore[call-arg]


def test_options_are_immutable_compared_hashed_shown_and_pickled_by_their_values() -> None:
    made = Table(stake=2)
    with pytest.raises(AttributeError):
        made.stake = 5  # type: ignore[misc]
    assert made == Table(stake=2) and made != Table(stake=3) and hash(made) == hash(Table(stake=2))
    assert Table() != Wider()  # another class, though its options start alike
    assert repr(made) == "Table(stake=2, style='plain', cap=None, open_calls=True)"
    assert pickle.loads(pickle.dumps(made)) == made
    assert replace(made, cap=4) == Table(stake=2, cap=4) and made.cap is None
    assert field_names(Table) == ("stake", "style", "cap", "open_calls")


def test_a_subclass_keeps_its_bases_options_first() -> None:
    assert [s.name for s in option_specs(Wider)] == ["stake", "style", "cap", "open_calls", "extra"]
    assert Wider(extra="y", stake=0).extra == "y"


def test_post_init_checks_the_values_once_set() -> None:
    with pytest.raises(OptionError, match="stake takes a number from 0"):
        Table(stake=-1)
    with pytest.raises(OptionError, match="stake takes a number from 0"):
        parse_options(Table, {"stake": "-1"})


def test_parse_options_reads_each_option_by_its_type() -> None:
    made = parse_options(Table, {"stake": " 4 ", "style": "fancy", "cap": "none", "open_calls": "no"})
    assert made == Table(stake=4, style="fancy", cap=None, open_calls=False)
    with pytest.raises(OptionError, match="takes one of plain, fancy"):
        parse_options(Table, {"style": "odd"})
    with pytest.raises(OptionError, match="takes a whole number"):
        parse_options(Table, {"cap": "many"})
    with pytest.raises(OptionError, match="this ruleset's options are: cap, open_calls, stake, style"):
        parse_options(Table, {"nope": "1"})
    assert [option_text(v) for v in (None, True, 12, "x")] == ["none", "true", "12", "x"]


def test_an_option_needs_a_type_and_an_annotation_needs_option() -> None:
    with pytest.raises(TypeError, match="has no type"):
        type("Untyped", (Options,), {"stake": Option(1, "doc"), "__annotations__": {}})
    with pytest.raises(TypeError, match="not declared with option"):
        type("Bare", (Options,), {"stake": 1, "__annotations__": {"stake": "int"}})


def test_a_frozen_dataclass_of_options_still_works() -> None:
    # In a module of dataclasses, option() is a dataclasses.field, as it always was.
    assert [(s.name, s.default, s.doc) for s in option_specs(OldStyle)] == [
        ("stake", 1, "what each loser pays"), ("cap", None, "the cap")]
    assert parse_options(OldStyle, {"cap": "3"}) == OldStyle(cap=3)
    assert option_values(OldStyle(stake=2)) == {"stake": 2, "cap": None}
    with pytest.raises(FrozenInstanceError):
        OldStyle().stake = 2  # type: ignore[misc]
    # ... and an Options class in the same module takes it as well (Table above is one).
    assert option_specs(Table)[0].doc == "what each loser pays"


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_every_built_in_ruleset_declares_its_options_on_options(name: str) -> None:
    options = ruleset_class(name).Options
    assert issubclass(options, Options) and "__dataclass_fields__" not in vars(options)
    specs = option_specs(options)
    assert all(spec.doc for spec in specs), f"{name}: an option without documentation"
    assert parse_options(options, {}) == options()
