"""Parse MB/s and replay hands/s per ruleset, optionally beside another copy of paipu.

Measures, in CPU time (``time.process_time``, the best of ``--repeat`` runs):

* parse MB/s of a large hand-written-looking record (`bench_parse.make_record`: glyphs,
  annotations, comments, Chinese keywords aside) and of simulated records (the writer's own
  output, one file per session as ``paipu simulate`` writes them);
* replay hands/s per ruleset: the records parsed beforehand, then `paipu.replay.session.replay`
  with nothing watching (an audit's replay), and the audit end to end (parse + replay);
* the floor: splitting the same simulated files into lines and words, in MB/s (what no
  parser in Python beats; compare the parse figure with it), and each ruleset's audit as a
  multiple of the floor of its own files (``audit NAME / its floor``: lower is better).

``--against DIR`` runs the very same measurement, on the very same files, with the paipu
found in ``DIR`` (another checkout) and prints both side by side with the ratio;
``--python PY`` does the same with the paipu another interpreter imports (``.venv-fast/bin/python``,
the compiled build of ``make fast``) beside this one's; given several times, one column each
(two compiled builds beside the pure one, say), the ratios against the first column::

    .venv/bin/python benchmarks/bench_lean.py [--hands 200] [--repeat 3] [--against ../main | --python PY ...]

The figures depend on the machine and on its load: compare columns of one run, not runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from table import best_cpu  # noqa: E402


def rulesets() -> list[str]:
    """Every registered ruleset, asked of the copy of paipu imported (which ``--tree`` chooses)."""
    from paipu.replay.ruleset import ruleset_names

    return ruleset_names()




def write_corpus(folder: Path, hands: int, big_mb: float) -> None:
    """Simulated sessions of every ruleset (8 hands a file) and one large record, as files."""
    sys.path.insert(0, str(HERE))
    from bench_parse import make_record

    from paipu.sim.simulate import simulate

    for name in rulesets():
        sub = folder / name
        sub.mkdir(parents=True, exist_ok=True)
        for file_name, text in simulate(name, hands, seed=14, session_hands=8):
            (sub / file_name).write_text(text, encoding="utf-8")
    text, _ = make_record(int(big_mb * 1024 * 1024))
    (folder / "large.paipu").write_text(text, encoding="utf-8")


def measure(folder: Path, repeat: int) -> dict[str, float]:
    """Every figure of one copy of paipu (the one imported) on the files in ``folder``."""
    from paipu.grammar.parser import parse
    from paipu.replay.session import replay

    out: dict[str, float] = {}
    parse('[Ruleset "zhuji"]\nhand 1 {\n}\n')  # build the grammar outside the timing
    large = (folder / "large.paipu").read_text(encoding="utf-8")
    mb = len(large.encode("utf-8")) / (1024 * 1024)
    out["parse large MB/s"] = mb / best_cpu(lambda: parse(large), repeat)
    all_texts: list[str] = []
    for name in rulesets():
        texts = [p.read_text(encoding="utf-8") for p in sorted((folder / name).glob("*.paipu"))]
        all_texts += texts
        records = [parse(t).record for t in texts]
        hands = sum(len(r.hands) for r in records)
        for r in records:  # warm the ruleset's tables once, as any long run does
            replay(r)

        def replay_all(records: list = records) -> None:  # type: ignore[type-arg]
            for r in records:
                replay(r)

        def audit_all(texts: list[str] = texts) -> None:
            for t in texts:
                replay(parse(t).record)

        def split_these(texts: list[str] = texts) -> None:
            for t in texts:
                for line in t.split("\n"):
                    line.split()

        out[f"replay {name} hands/s"] = hands / best_cpu(replay_all, repeat)
        audit_time = best_cpu(audit_all, repeat)
        out[f"audit {name} hands/s"] = hands / audit_time
        out[f"audit {name} / its floor"] = audit_time / best_cpu(split_these, repeat)
    mb = sum(len(t.encode("utf-8")) for t in all_texts) / (1024 * 1024)

    def parse_all() -> None:
        for t in all_texts:
            parse(t)

    def split_all() -> None:
        for t in all_texts:
            for line in t.split("\n"):
                line.split()

    out["parse simulated MB/s"] = mb / best_cpu(parse_all, repeat)
    out["floor: split simulated MB/s"] = mb / best_cpu(split_all, repeat)
    return out


def _child(tree: Path | None, folder: Path, repeat: int, python: str = sys.executable) -> dict[str, float]:
    argv = [python, __file__, "--dir", str(folder), "--repeat", str(repeat), "--json"]
    if tree is not None:
        argv += ["--tree", str(tree)]
    got = subprocess.run(argv, check=True, capture_output=True, text=True)
    return json.loads(got.stdout)  # type: ignore[no-any-return]


def _where(python: str) -> str:
    """Which paipu ``python`` imports, and whether it is compiled."""
    code = ("import paipu, paipu.hand.shanten as m; "
            "print(paipu.__file__.rpartition('/paipu/')[0], 'compiled' if m.__file__.endswith('.so') else 'pure')")
    got = subprocess.run([python, "-I", "-c", code], check=True, capture_output=True, text=True)
    return " ".join(got.stdout.split())


def _import_from(tree: Path) -> None:
    """Make ``import paipu`` find the copy in ``tree``: first on the path, and ahead of an
    editable install's import hook, which would otherwise answer for this checkout whatever
    the path says (PYTHONPATH alone does not do it)."""
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
    sys.path.insert(0, str(tree))
    import paipu

    if Path(paipu.__file__).resolve().parent.parent != tree.resolve():
        raise SystemExit(f"paipu is imported from {paipu.__file__}, not from {tree}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=200, help="hands simulated per ruleset (default 200)")
    ap.add_argument("--mb", type=float, default=3.0, help="size of the large record (default 3 MB)")
    ap.add_argument("--repeat", type=int, default=3, help="time this many runs and keep the best")
    ap.add_argument("--against", type=Path, help="another paipu checkout to measure side by side")
    ap.add_argument("--python", action="append", default=[],
                    help="another interpreter (with its own paipu) to measure side by side (repeatable)")
    ap.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.tree is not None:
        _import_from(args.tree)
    if args.dir is not None:
        figures = measure(args.dir, args.repeat)
        if args.json:
            print(json.dumps(figures))
        else:
            for key, value in figures.items():
                print(f"{key}: {value:,.2f}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_corpus(folder, args.hands, args.mb)
        if args.python:
            columns = [_child(None, folder, args.repeat)]
            columns += [_child(None, folder, args.repeat, python) for python in args.python]
            heads = ("this", *(f"other {i + 1}" for i in range(len(args.python))))
            print(f"this: {_where(sys.executable)}")
            for i, python in enumerate(args.python):
                print(f"other {i + 1}: {python}: {_where(python)}")
        elif args.against is not None:
            columns = [_child(args.against.resolve(), folder, args.repeat), _child(None, folder, args.repeat)]
            heads = ("against", "this")
        else:
            for key, value in measure(folder, args.repeat).items():
                print(f"{key:28s} {value:10,.2f}")
            return
    first = columns[0]
    print(f"{'':28s} " + " ".join(f"{h:>10s}" for h in heads) + "".join(f" {'ratio':>7s}" for _ in heads[1:]))
    for key in columns[-1]:
        values = [c.get(key, float("nan")) for c in columns]
        ratios = "".join(f" {v / first.get(key, float('nan')):6.2f}x" for v in values[1:])
        print(f"{key:28s} " + " ".join(f"{v:10,.2f}" for v in values) + ratios)


if __name__ == "__main__":
    main()
