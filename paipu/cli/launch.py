"""The ``paipu`` program's entry: a plain ``paipu check FILE…`` without click, any other command line with it.

Checking one small record is mostly starting up, and click is a quarter of that.  A command line
that is ``check`` and paths, with no flag but the number of processes (``-j N``, ``-jN``,
``--jobs N`` or ``--jobs=N``, once, N a plain number from 1 to `paipu.limits.MAX_JOBS`), is
run by `paipu.cli.checking.check_paths` directly, as the click command would run it with every
other flag at its default: the same output, byte for byte, the same exit status, the same
one-line errors (`paipu.cli.common.ended`, which loads click only to say them).  The standard
streams must be UTF-8 for that (where they are not, click writes its own way): else, and for
every other command line (a bad number of processes included: click words the error), the
click group runs (`paipu.cli.group.main`).
"""

from __future__ import annotations

import sys

from paipu.limits import MAX_JOBS


def run() -> None:
    """Run the ``paipu`` program on its command line (``sys.argv``)."""
    args = sys.argv[1:]
    plain = plain_check_args(args)
    if plain is not None:
        sys.exit(_check(*plain))
    from paipu.cli.group import main

    main.program()


def plain_check_args(args: list[str]) -> tuple[tuple[str, ...], int | None] | None:
    """The paths and the number of processes (None: the default) when ``args`` are ``check`` and
    one or more paths, no flag but the number of processes, with UTF-8 standard streams; None
    for any other command line."""
    if len(args) < 2 or args[0] != "check":
        return None
    paths: list[str] = []
    jobs: int | None = None
    rest = iter(args[1:])
    for a in rest:
        if a in ("-j", "--jobs"):
            value = next(rest, "")
        elif a.startswith("--jobs="):
            value = a[len("--jobs="):]
        elif a.startswith("-j"):
            value = a[2:]
        elif not a or a.startswith("-"):
            return None
        else:
            paths.append(a)
            continue
        if jobs is not None or not _plain_count(value):
            return None
        jobs = int(value)
    if not paths:
        return None
    if not all(stream is not None and (stream.encoding or "").lower().replace("_", "-") in ("utf-8", "utf8")
               for stream in (sys.stdout, sys.stderr)):
        return None
    return tuple(paths), jobs


def _plain_count(value: str) -> bool:
    """Whether ``value`` is a number of processes written plainly (digits, no leading zero) from 1
    to `MAX_JOBS`: click reads it the same way; it words any other."""
    return (value.isascii() and value.isdigit() and value[0] != "0" and len(value) <= len(str(MAX_JOBS))
            and int(value) <= MAX_JOBS)


def _check(paths: tuple[str, ...], jobs: int | None = None) -> int:
    """``paipu check PATHS`` with every flag but ``--jobs`` at its default, as the program: the exit
    status (the program ends at once, `paipu.cli.program.end_now`, when that is safe)."""
    from paipu.cli.collector import fewer_collections

    with fewer_collections():  # from here: loading the modules a check uses makes many objects, few cycles
        return _check_paced(paths, jobs)


def _check_paced(paths: tuple[str, ...], jobs: int | None = None) -> int:
    """`_check`, the collector's pace already set."""
    from paipu.cli.checking import check_paths
    from paipu.cli.output import AS_PROGRAM, say
    from paipu.cli.program import end_now

    AS_PROGRAM[0] = True
    try:
        status = check_paths(paths, {}, jobs=jobs)
    except KeyboardInterrupt:
        say("", err=True)  # as click ends on Ctrl-C: a line's end, then "Aborted!", exit 1
        say("Aborted!", err=True)
        status = 1
    except Exception as e:
        from paipu.cli.common import ended

        status = ended(e, "paipu check")
    end_now(status)
    return status
