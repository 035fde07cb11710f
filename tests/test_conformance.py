"""Every registered ruleset passes the conformance suite (`paipu.conformance`): its simulated
games replay clean, corruptions are caught at their line, its value items are documented,
its analysis profile is known and its report renders.  A ruleset gets all of it by registering."""

from __future__ import annotations

import pytest

from paipu.conformance import conformance_problems
from paipu.replay.ruleset import ENGINE_ROWS, Rule, get_ruleset, register, ruleset_class, ruleset_names, unregister
from paipu.rules.zhuji import Zhuji


@pytest.mark.parametrize("name", ruleset_names())
def test_registered_ruleset_conforms(name: str) -> None:
    assert conformance_problems(get_ruleset(name), hands=16, seed=2) == []


def test_a_variant_with_only_a_new_name_conforms_and_cites_the_parent_rules() -> None:
    class Variant(Zhuji):
        name = "zhuji-variant"

    register(Variant)
    try:
        assert ruleset_class("zhuji-variant") is Variant and ruleset_class("诸暨") is Zhuji
        rs = get_ruleset("zhuji-variant", min_tai=2)
        assert rs.rule("claims") == "zhuji.claims" and rs.options.min_tai == 2
        assert conformance_problems(rs, hands=8) == []
    finally:
        unregister(Variant)
    assert "zhuji-variant" not in ruleset_names()


def test_a_ruleset_without_its_engine_rows_is_told_which_are_missing() -> None:
    class Bare(Zhuji):
        name = "bare"
        rules = {r.id: r for r in (Rule("bare.fan.x", "1 fan.", "docs/writing-a-ruleset.md", "某"),)}  # noqa: RUF012

    problems = conformance_problems(Bare(), hands=4)
    for row in ENGINE_ROWS:
        assert any(f"bare.{row}" in p for p in problems), row


def test_a_ruleset_must_state_its_shapes() -> None:
    with pytest.raises(TypeError, match="must state its winning shapes"):
        type("NoShapes", (Zhuji,), {"shapes": ()})
    with pytest.raises(TypeError, match="unknown shapes"):
        type("OddShapes", (Zhuji,), {"shapes": ("standard", "nine_pairs")})
