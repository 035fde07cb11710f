"""The root of paipu's exceptions.

Syntax problems and rule problems are different things: a record that cannot be read raises
(or collects) `RecordSyntaxError`; a record that reads but breaks the rules produces
findings from the replay, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RecordError(Exception):
    """Root of every error paipu raises about a record or its input."""


class TileError(RecordError, ValueError):
    """A tile or tile list that is not valid notation (``0m``, ``8z``, ``9f``)."""


class RecordSyntaxError(RecordError):
    """A record that does not parse; carries the position of the first problem, and every
    syntax finding of the text in ``findings`` (`paipu.findings.Finding`)."""

    def __init__(self, message: str, line: int, column: int, findings: Sequence[Any] = ()) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message = message
        self.line = line
        self.column = column
        self.findings = list(findings)


class InputError(RecordError):
    """A file that cannot be read as a record (missing, binary, too large, not UTF-8)."""


def missing_dependency(e: BaseException) -> str | None:
    """What to say when ``e`` is an import of a package paipu needs that this environment lacks
    (a broken install, not a bug and not a problem of the record): the package and the command
    that installs it.  None for anything else, an import of paipu's own modules included."""
    if not isinstance(e, ModuleNotFoundError) or not e.name:
        return None
    top = e.name.split(".", 1)[0]
    if top == "paipu":
        return None
    package, requirement = _requirement_of(top)
    import shlex
    import sys

    command = f"{shlex.quote(sys.executable)} -m pip install {shlex.quote(requirement)}"
    return (f"the Python package {package!r} that paipu needs is not installed in this environment "
            f"(no module named {e.name!r}); install it with: {command}")


def _requirement_of(module: str) -> tuple[str, str]:
    """The distribution that provides ``module`` and paipu's own requirement of it
    (``("mahjong", "mahjong>=2.1")``), read from paipu's installed metadata; the module's name
    for both where paipu does not list it."""
    import re
    from importlib import metadata

    def key(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    try:
        requirements = metadata.requires("paipu") or []
    except metadata.PackageNotFoundError:
        requirements = []
    for requirement in requirements:
        spec = requirement.split(";", 1)[0].strip()
        if "extra ==" in requirement:
            continue
        name = re.split(r"[\s<>=!~\[(]", spec, maxsplit=1)[0]
        if key(name) == key(module):
            return name, spec.replace(" ", "")
    return module, module
