"""The import graph of paipu has no loop, and no module imports from a layer above its own.

Every import counts: at module level, inside functions, and under ``TYPE_CHECKING``.  The
layers, from the ground up:

* values: tiles, records, findings, errors, reading files, expected results;
* hand: count-array hand mathematics that knows no rule;
* grammar: the record language;
* replay: the engine, the `Ruleset` base and the registry;
* sim: the simulator, the bot protocol and fault injection;
* ruleset_api: what a ruleset imports (re-exported from the layers below);
* rules: one package per ruleset (its bots build on the bot protocol);
* importers: platform logs to records (a log names its value items as its platform does, and
  the importer maps them to the ruleset's ids);
* analysis: teaching notes and profiles, readers of a replay;
* auditing: parse and replay in one call;
* lang: finding messages, rule texts and `check`'s words in other languages;
* reports, corpus, conformance: readers of an audit;
* the front door (`paipu/__init__.py`, `paipu.api`) and the command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "paipu"

LAYERS: list[tuple[str, ...]] = [
    ("paipu._version", "paipu.limits", "paipu.errors", "paipu.tiles", "paipu.spans", "paipu.record", "paipu.findings",
     "paipu.made", "paipu.value", "paipu.sources", "paipu.outputs", "paipu.expect"),
    ("paipu.hand",),
    ("paipu.grammar",),
    ("paipu.replay",),
    ("paipu.sim",),
    ("paipu.ruleset_api",),
    ("paipu.rules",),
    ("paipu.importers",),
    ("paipu.analysis",),
    ("paipu.auditing",),
    ("paipu.lang",),
    ("paipu.reports", "paipu.corpus", "paipu.conformance"),
    ("paipu.api", "paipu.cli", "paipu"),
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name.split(".")
                    anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for t in targets:
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    graph[name].add(t)
    return graph


def _layer(module: str) -> int:
    best = (-1, -1)
    for i, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if module == p or module.startswith(p + "."):
                best = max(best, (len(p), i))
    assert best[1] >= 0, f"{module} is in no layer"
    return best[1]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_has_no_loop() -> None:
    assert _cycles(_graph()) == []


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    graph = _graph()
    upward = sorted((m, t) for m, targets in graph.items() for t in targets if _layer(t) > _layer(m))
    assert upward == [], "\n".join(f"{m} -> {t}" for m, t in upward)


def test_the_graph_sees_the_imports_it_checks() -> None:
    graph = _graph()
    assert "paipu.replay.ruleset" in graph["paipu.replay.engine"] or "paipu.replay.ruleset" in graph[
        "paipu.replay.core"]
    assert "paipu.hand.shanten" in graph["paipu.replay.engine"]
    assert "paipu.auditing" in graph["paipu.api"]


def test_the_built_in_rulesets_import_paipu_through_the_ruleset_api_alone() -> None:
    graph = _graph()
    elsewhere = sorted((m, t) for m, targets in graph.items() if m.startswith("paipu.rules.")
                       for t in targets if not t.startswith(("paipu.rules.", "paipu.ruleset_api")))
    assert elsewhere == [], "\n".join(f"{m} -> {t}" for m, t in elsewhere)
