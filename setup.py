"""Build paipu as pure Python, or with its hot modules compiled to C by mypyc from the same sources.

Everything else about the package is in pyproject.toml.  ``PAIPU_COMPILE`` chooses:

* ``0``: pure Python, always;
* ``1``: compiled; the build asks for mypy (which ships mypyc) and stops with an error when it
  cannot compile;
* unset: compiled when mypyc is already in the build environment (``--no-build-isolation``)
  and a C compiler works; pure Python otherwise.

A plain ``pip install .`` is pure Python.  An editable install (``pip install -e .``) is never
compiled: a compiled module would shadow its source and run stale code after each edit.  The
build says on one line which one it made.  The compiled package keeps every ``.py`` file, and
the modules that are not compiled run as they always do.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

COMPILED = (
    "paipu/tiles.py",
    "paipu/value.py",
    "paipu/record.py",
    "paipu/spans.py",
    "paipu/findings.py",
    "paipu/grammar/fast.py",
    "paipu/grammar/scan.py",
    "paipu/grammar/build.py",
    "paipu/hand/*.py",
    "paipu/replay/*.py",
    "paipu/rules/*/ruleset.py",
    "paipu/rules/riichi/scoring.py",
    "paipu/rules/*/fans.py",
    "paipu/rules/*/bots.py",
    "paipu/sim/*.py",
    "paipu/grammar/writer.py",
    "paipu/importers/tenhou/mjlog.py",
    "paipu/importers/tenhou/convert.py",
    "paipu/importers/tenhou/wall.py",
    "paipu/importers/tenhou/meld.py",
)
"""The modules compiled (paths, globs allowed): with the canonical writer and the reading of
Tenhou's mjlog logs, what ``paipu check LOG.mjlog`` runs.  Whatever is not listed stays Python: among
others each ruleset's ``options.py``, since ``parse_options`` reads each option's type from the
class's annotations, which a compiled class does not keep.  ``paipu/spans.py`` is listed for
its getter alone: reading the packed ``span`` of a Python class then runs no Python code."""

NOT_COMPILED = (
    "paipu/replay/result.py",
    "paipu/replay/options.py",
    "paipu/replay/options_type.py",
)
"""Matched above but left in Python: the replay's results and views (their immutable classes set
their slots through ``object.__setattr__``, which a compiled class refuses), the base of a
ruleset's options (Python classes, built from their class bodies when made), and the type
variable of a ruleset's options (defined for the type checker with a default that Python 3.11's
``typing`` cannot build at run time)."""

MYPY_REQUIREMENT = "mypy>=1.10"


def _say(message: str) -> None:
    print(f"paipu build: {message}", file=sys.stderr, flush=True)


def compiled_modules(root: Path = HERE) -> list[str]:
    """The source files mypyc compiles, relative to ``root``, sorted."""
    skip = set(NOT_COMPILED)
    found: set[str] = set()
    for pattern in COMPILED:
        for path in root.glob(pattern):
            rel = path.relative_to(root).as_posix()
            if path.name != "__init__.py" and rel not in skip:
                found.add(rel)
    return sorted(found)


def _mode() -> str | None:
    value = os.environ.get("PAIPU_COMPILE", "").strip().lower()
    if value in ("", "auto"):
        return None
    if value in ("0", "no", "false", "off"):
        return "0"
    if value in ("1", "yes", "true", "on"):
        return "1"
    raise SystemExit(f"paipu build: PAIPU_COMPILE={value!r}: use 1 (compile), 0 (pure Python) or leave it unset")


def _editable() -> bool:
    return any(arg in ("editable_wheel", "develop") for arg in sys.argv[1:])


def _compiler_works() -> str | None:
    """None when a C compiler builds against this Python's headers; else what is wrong."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        compiler: Any = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text("#include <Python.h>\nint paipu_probe(void) { return Py_IsInitialized(); }\n")
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
    except Exception as e:  # no compiler, no headers: any of them means pure Python
        return f"{type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}"
    return None


class _BuildExt(build_ext):
    """Compile the extensions; when the build was not forced, a failure leaves the package pure."""

    forced = False

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:
            if self.forced:
                raise
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _say(f"pure Python: compiling failed ({type(e).__name__}: {e})")


def _clear_built_extensions() -> None:
    """Remove compiled modules an earlier build left in ``build/`` (setuptools copies whatever
    is there into the package: an old module would be installed beside the new ones)."""
    for lib in HERE.glob("build/lib*"):
        for path in [*lib.rglob("*.so"), *lib.rglob("*.pyd")]:
            path.unlink()


def _options() -> dict[str, Any]:
    _clear_built_extensions()
    mode = _mode()
    if mode == "0":
        _say("pure Python (PAIPU_COMPILE=0)")
        return {}
    if _editable():
        if mode == "1":
            raise SystemExit("paipu build: PAIPU_COMPILE=1 with an editable install: compiled modules would "
                             "shadow the sources; build a wheel or a plain install instead")
        _say("pure Python (an editable install is never compiled)")
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        if mode == "1":
            # Only reached when the build environment lacks mypy although setup_requires asked for it.
            raise SystemExit("paipu build: PAIPU_COMPILE=1 but mypyc (part of mypy) cannot be imported") from None
        _say("pure Python (mypyc is not in the build environment; PAIPU_COMPILE=1 compiles)")
        return {}
    problem = _compiler_works()
    if problem is not None:
        if mode == "1":
            raise SystemExit(f"paipu build: PAIPU_COMPILE=1 but no working C compiler: {problem}")
        _say(f"pure Python (no working C compiler: {problem})")
        return {}
    modules = compiled_modules()
    _say(f"compiling {len(modules)} modules with mypyc")
    _BuildExt.forced = mode == "1"
    cwd = os.getcwd()
    os.chdir(HERE)  # mypyc names modules from paths relative to the project
    try:
        extensions = mypycify(modules, opt_level="3", debug_level="0")
    finally:
        os.chdir(cwd)
    return {"ext_modules": extensions, "cmdclass": {"build_ext": _BuildExt}}


def _setup_requires() -> list[str]:
    """What the build needs beyond pyproject.toml's: mypy when compiling is asked for."""
    try:
        forced = _mode() == "1" and not _editable()
    except SystemExit:
        return []
    return [MYPY_REQUIREMENT] if forced else []


BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "install", "editable_wheel", "develop"})
"""The commands that build code (metadata and requirements are asked for with others)."""

if __name__ == "__main__":
    setup(setup_requires=_setup_requires(), **(_options() if BUILD_COMMANDS & set(sys.argv[1:]) else {}))
