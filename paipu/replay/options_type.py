"""The type variable a ruleset's options are typed with (`paipu.replay.ruleset.Ruleset`).

A module of its own: the type checker reads the variable with a default (so a bare ``Ruleset``
means ``Ruleset[Any]``), which the ``typing`` of the oldest Python paipu runs on cannot build; at
run time it is an ordinary ``TypeVar``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    OptionsT = TypeVar("OptionsT", default=Any)
else:
    from typing import TypeVar

    OptionsT = TypeVar("OptionsT")

__all__ = ["OptionsT"]
