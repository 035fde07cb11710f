"""The cyclic garbage collector: paced only by the command line (`paipu.cli.collector`), for the
length of a command, and never frozen; the library leaves it alone."""

from __future__ import annotations

import ast
import gc
from pathlib import Path

import pytest

from paipu.cli import main
from paipu.cli.collector import YOUNG_THRESHOLD, fewer_collections
from paipu.grammar.parser import parse

PACKAGE = Path(__file__).resolve().parent.parent / "paipu"


def _uses_gc(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "gc" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "gc":
            return True
    return False


def test_only_the_command_line_touches_the_collector() -> None:
    users = sorted(str(p.relative_to(PACKAGE.parent)) for p in PACKAGE.rglob("*.py") if _uses_gc(p))
    assert users == ["paipu/cli/collector.py"]


def test_fewer_collections_restores_the_thresholds_and_freezes_nothing() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (max(before[0], YOUNG_THRESHOLD), *before[1:])
        parse('[Ruleset "zhuji"]\n' + "hand 1\nE discard 5m\n" * 200)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_fewer_collections_leaves_a_disabled_collector_off() -> None:
    gc.disable()
    try:
        with fewer_collections():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_command_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.get_threshold() == before
    assert gc.isenabled() and gc.get_freeze_count() == 0
