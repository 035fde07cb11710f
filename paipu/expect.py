"""Comparing audit results with expected ones: ``paipu check --expect`` and corpus diffs.

Results are the JSON objects of ``paipu check --json``.  Two results agree when they have
the same findings (severity, code, line) and the same hands (result, winners, value,
items, payments); messages and columns may change between versions without counting.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paipu.errors import InputError
from paipu.limits import MAX_FILE_BYTES
from paipu.sources import read_bounded


def load_expected(path: str | Path, base: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """Expected results by file name, from a JSON array or JSON lines.

    A relative ``file`` is taken as `paipu check --json` wrote it: relative to the folder the
    check ran in, which is ``base`` (default: the current folder), wherever the results file
    itself is kept.  A file not found that way is still matched by a name no other result has.
    """
    p = Path(path)
    try:
        text = read_bounded(p, MAX_FILE_BYTES, "results files").decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{p}: cannot be read ({e})") from None
    try:
        stripped = text.lstrip()
        if stripped.startswith("["):
            items = json.loads(text)
        else:
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError as e:
        raise InputError(f"{p}: not JSON or JSON lines ({e.msg} at line {e.lineno})") from None
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        if not isinstance(item, dict) or "file" not in item:
            raise InputError(f"{p}: every result needs a \"file\" key (the output of `paipu check --json`)")
        if item.get("readable") is False:
            continue  # a path `check --json` could not read: no result to compare with
        out[key_of(Path(base if base is not None else ".") / str(item["file"]))] = item
    return out


def key_of(path: str | Path) -> str:
    """The key a record's results are filed under: its resolved path."""
    return Path(path).resolve().as_posix()


def find_expected(expected: dict[str, dict[str, Any]], path: str | Path) -> dict[str, Any] | None:
    """The expected results of ``path``: by resolved path, else by a file name that is unique."""
    hit = expected.get(key_of(path))
    if hit is not None:
        return hit
    name = Path(path).name
    same = [v for k, v in expected.items() if k.rsplit("/", 1)[-1] == name]
    return same[0] if len(same) == 1 else None


def _findings(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    return sorted((str(f.get("severity")), str(f.get("code")), int(f.get("line", 0)))
                  for f in result.get("findings", []))


def _hand_view(h: dict[str, Any]) -> dict[str, Any]:
    items = sorted((str(i.get("id")), int(i.get("value", 0))) for i in h.get("items", []))
    return {
        "result": h.get("result"),
        "winners": list(h.get("winners", [])),
        "value": h.get("value"),
        "items": items,
        "payments": dict(sorted((h.get("payments") or {}).items())),
    }


def compare_results(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """Every difference, one line each, in words."""
    diffs: list[str] = []
    exp_f, act_f = _findings(expected), _findings(actual)
    for f in sorted(set(exp_f) - set(act_f)):
        diffs.append(f"finding {f[0]}[{f[1]}] on line {f[2]} expected, not found")
    for f in sorted(set(act_f) - set(exp_f)):
        diffs.append(f"finding {f[0]}[{f[1]}] on line {f[2]} found, not expected")
    exp_h = expected.get("hands", [])
    act_h = actual.get("hands", [])
    if len(exp_h) != len(act_h):
        diffs.append(f"{len(act_h)} hands, {len(exp_h)} expected")
    for e, a in zip(exp_h, act_h, strict=False):
        ev, av = _hand_view(e), _hand_view(a)
        for key in ev:
            if ev[key] != av[key]:
                diffs.append(f"hand {a.get('number', '?')}: {key} is {av[key]}, expected {ev[key]}")
    if expected.get("scores") != actual.get("scores"):
        diffs.append(f"final scores are {actual.get('scores')}, expected {expected.get('scores')}")
    return diffs
