"""Shape profiles by name, for the commands that take ``--ruleset``: every registered ruleset's
own profile (`Ruleset.profile`), and ``plain`` (136-tile mahjong without scoring)."""

from __future__ import annotations

import functools
from typing import Final

from paipu.hand.profile import PLAIN, ShapeProfile
from paipu.replay.ruleset import ruleset_class, ruleset_names

__all__ = ["profile", "profile_names"]

_ALIASES: Final = {"riichi": "plain", "mcr": "plain"}


def profile_names() -> list[str]:
    return sorted({*ruleset_names(), "plain"})


def profile(ruleset_name: str) -> ShapeProfile:
    """The shapes a ruleset allows, read from the ruleset itself; also ``plain``.

    Any name or alias the ruleset registry knows is accepted (``诸暨麻将``).  `KeyError`
    names the known profiles otherwise.
    """
    key = ruleset_name.strip().lower()
    try:
        return _default_profile(ruleset_class(key).name)
    except KeyError:
        pass
    if _ALIASES.get(key, key) == "plain":
        return PLAIN
    raise KeyError(f"no shape profile for ruleset {ruleset_name!r}; known: {', '.join(profile_names())}")


@functools.cache
def _default_profile(name: str) -> ShapeProfile:
    return ruleset_class(name)().profile
