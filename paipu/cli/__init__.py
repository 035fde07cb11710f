"""The ``paipu`` command: one thin click module per group of commands over the library.

Every command shares `paipu.cli.common`: exit status 0 clean, 1 a record has an error finding,
2 a usage or input problem, 3 an internal error, and one error style (``paipu: error: …``).

The group is `paipu.cli.group.main` (also named ``paipu.cli.main``).  A command's module is imported
only when that command runs (or ``--help`` lists them all), so ``paipu --version`` and ``paipu check
one.paipu`` do not pay for reports, the corpus or analysis; and the program's entry
(`paipu.cli.launch`) runs ``paipu check`` of files named without a flag without click at all.
Once ``check``, ``--help`` or ``--version`` has printed everything, the program ends without
freeing its objects one by one (`end_now`), which costs about a tenth of a small check.
"""

from __future__ import annotations

from paipu.cli.program import COMMANDS as COMMANDS
from paipu.cli.program import ENDS_AT_ONCE as ENDS_AT_ONCE
from paipu.cli.program import end_now as end_now

TYPE_CHECKING = False
"""(True for a type checker; ``typing`` is not loaded before a plain check sets the collector's pace.)"""
if TYPE_CHECKING:
    from typing import Any

    from paipu.cli.group import main as main


def __getattr__(name: str) -> Any:
    # ``paipu.cli.main``, the click group, loaded (with click) on first use: the program's
    # entry (`paipu.cli.launch`) runs a plain ``paipu check FILE`` without it.
    if name == "main":
        from paipu.cli.group import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
