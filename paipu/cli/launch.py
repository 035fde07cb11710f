"""The ``paipu`` program's entry: a plain ``paipu check FILE…`` without click, any other command line with it.

Checking one small record is mostly starting up, and click is a quarter of that.  A command line
that is ``check`` and paths, and no flag (nothing that starts with ``-``), is run by
`paipu.cli.checking.check_paths` directly, as the click command would run it with every flag at
its default: the same output, byte for byte, the same exit status, the same one-line errors
(`paipu.cli.common.ended`, which loads click only to say them).  The standard streams must be
UTF-8 for that (where they are not, click writes its own way): else, and for every other command
line, the click group runs (`paipu.cli.group.main`).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Run the ``paipu`` program on its command line (``sys.argv``)."""
    args = sys.argv[1:]
    if plain_check(args):
        sys.exit(_check(tuple(args[1:])))
    from paipu.cli.group import main

    main.program()


def plain_check(args: list[str]) -> bool:
    """Whether ``args`` are ``check`` and one or more paths, no flag, with UTF-8 standard streams."""
    if len(args) < 2 or args[0] != "check" or any(not a or a.startswith("-") for a in args[1:]):
        return False
    return all(stream is not None and (stream.encoding or "").lower().replace("_", "-") in ("utf-8", "utf8")
               for stream in (sys.stdout, sys.stderr))


def _check(paths: tuple[str, ...]) -> int:
    """``paipu check PATHS`` with every flag at its default, as the program: the exit status
    (the program ends at once, `paipu.cli.program.end_now`, when that is safe)."""
    from paipu.cli.collector import fewer_collections

    with fewer_collections():  # from here: loading the modules a check uses makes many objects, few cycles
        return _check_paced(paths)


def _check_paced(paths: tuple[str, ...]) -> int:
    """`_check`, the collector's pace already set."""
    from paipu.cli.checking import check_paths
    from paipu.cli.output import AS_PROGRAM, say
    from paipu.cli.program import end_now

    AS_PROGRAM[0] = True
    try:
        status = check_paths(paths, {})
    except KeyboardInterrupt:
        say("", err=True)  # as click ends on Ctrl-C: a line's end, then "Aborted!", exit 1
        say("Aborted!", err=True)
        status = 1
    except Exception as e:
        from paipu.cli.common import ended

        status = ended(e, "paipu check")
    end_now(status)
    return status
