"""The compiled build (mypyc, ``make fast``: ``.venv-fast``) answers exactly as pure Python does.

Each case runs the same ``paipu`` command with this interpreter's pure-Python paipu and with the
compiled one, on the same inputs, and compares the exit status, standard output, standard error
and every file written, byte for byte: ``check --json``, ``fmt`` and ``parse --json`` on the
samples, simulated sessions of every ruleset (several seeds, ``--jobs 2`` too) and their audit,
HTML reports, the real platform logs imported (when /work/shared/logs or ``$PAIPU_LOGS`` is
there), hand analysis; then the short CLI fuzz profile against the compiled build (mypyc checks
types at run time: a wrong type would be a ``TypeError`` there, an internal error of the CLI).

``make test`` builds ``.venv-fast`` first when a C compiler is there; without it (or with a
build older than the sources) these tests are skipped.  ``PAIPU_FAST_PYTHON`` names another
interpreter with a compiled paipu.
"""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from paipu.replay.ruleset import ruleset_names

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
LOGS = Path(os.environ.get("PAIPU_LOGS", "/work/shared/logs"))
RULESETS = tuple(ruleset_names())

_PROBE = ("import paipu, paipu.hand.shanten as s, paipu.replay.engine as e; "
          "print(paipu.__file__); print(s.__file__); print(e.__file__)")


def _probe(python: str) -> list[str]:
    got = subprocess.run([python, "-I", "-c", _PROBE], capture_output=True, text=True, cwd="/", timeout=60)
    if got.returncode != 0:
        raise RuntimeError(got.stderr.strip().splitlines()[-1] if got.stderr.strip() else "no output")
    return got.stdout.split("\n")[:3]


def _stale(installed: Path) -> list[str]:
    """The files of the source tree's package that differ from ``installed`` (or modules missing there)."""
    out = []
    for src in sorted((ROOT / "paipu").rglob("*")):
        if src.is_dir() or "__pycache__" in src.parts:
            continue
        rel = src.relative_to(ROOT / "paipu")
        there = installed / rel
        if not there.is_file():
            if src.suffix == ".py":  # data files the wheel does not carry (.keep) do not count
                out.append(rel.as_posix())
        elif there.read_bytes() != src.read_bytes():
            out.append(rel.as_posix())
    return out


@pytest.fixture(scope="module")
def fast() -> str:
    """The interpreter of the compiled build, up to date with the sources (else the tests skip)."""
    python = os.environ.get("PAIPU_FAST_PYTHON") or str(ROOT / ".venv-fast" / "bin" / "python")
    if not Path(python).exists():
        pytest.skip(f"no compiled build at {python} (`make fast` builds one where a C compiler is installed)")
    try:
        package, shanten, engine = _probe(python)
    except RuntimeError as e:
        pytest.skip(f"{python} cannot import paipu: {e}")
    if not (shanten.endswith(".so") and engine.endswith(".so")):
        pytest.skip(f"paipu under {python} is not compiled ({shanten})")
    stale = _stale(Path(package).parent)
    if stale:
        pytest.skip(f"the compiled build is older than the sources ({', '.join(stale[:3])}…): run `make fast`")
    return python


@pytest.fixture(scope="module")
def pure() -> str:
    _, shanten, engine = _probe(sys.executable)
    assert shanten.endswith(".py") and engine.endswith(".py"), f"the test's own paipu should be pure: {shanten}"
    return sys.executable


def _run(python: str, args: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PAIPU_"))}
    env["PAIPU_CACHE_DIR"] = str(cwd / ".cache")
    return subprocess.run([python, "-I", "-m", "paipu.cli", *args], cwd=cwd, env=env, capture_output=True,
                          timeout=600)


def _same(pure: str, fast: str, args: Sequence[str], tmp: Path, out: str | None = None) -> bytes:
    """Run ``paipu ARGS`` with both in folders of their own (inputs by absolute path, outputs
    relative: the same text either way); assert everything is the same; the pure output."""
    results = []
    for name, python in (("pure", pure), ("fast", fast)):
        cwd = tmp / name
        cwd.mkdir(parents=True, exist_ok=True)
        results.append(_run(python, args, cwd))
    a, b = results
    where = f"paipu {' '.join(args)}"
    assert b.returncode == a.returncode, f"{where}: exit {b.returncode} compiled, {a.returncode} pure\n{b.stderr!r}"
    assert b.stderr == a.stderr, f"{where}: standard error differs"
    assert b.stdout == a.stdout, f"{where}: standard output differs"
    assert a.returncode != 3, f"{where}: internal error\n{a.stderr.decode(errors='replace')}"
    if out is not None:
        _same_tree(tmp / "pure" / out, tmp / "fast" / out)
    return a.stdout


def _same_tree(left: Path, right: Path) -> None:
    names = sorted(p.relative_to(left).as_posix() for p in left.rglob("*") if p.is_file())
    assert names, f"nothing written in {left}"
    assert names == sorted(p.relative_to(right).as_posix() for p in right.rglob("*") if p.is_file())
    _, mismatch, errors = filecmp.cmpfiles(left, right, names, shallow=False)
    assert not mismatch and not errors, f"files differ: {mismatch or errors}"


def test_check_json_on_the_samples_is_the_same_compiled(pure: str, fast: str, tmp_path: Path) -> None:
    for folder in ("valid", "invalid", "syntax", "corpus"):
        out = _same(pure, fast, ["check", "--json", str(SAMPLES / folder)], tmp_path / folder)
        assert out.strip(), f"check --json printed nothing for samples/{folder}"


@pytest.mark.parametrize("folder", ["valid", "invalid", "syntax", "corpus"])
def test_fmt_and_parse_of_every_sample_are_the_same_compiled(
        pure: str, fast: str, tmp_path: Path, folder: str) -> None:
    """``fmt`` (a header's options written again through `paipu.value.replace`) and ``parse
    --json`` of every sample record, in one run each."""
    files = [str(p) for p in sorted((SAMPLES / folder).rglob("*.paipu"))]
    assert files, f"no samples in samples/{folder}"
    out = _same(pure, fast, ["fmt", *files], tmp_path / "fmt")
    assert out.strip(), f"fmt printed nothing for samples/{folder}"
    out = _same(pure, fast, ["parse", "--json", *files], tmp_path / "parse")
    assert out.strip(), f"parse --json printed nothing for samples/{folder}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_simulated_sessions_and_their_audit_are_the_same_compiled(
        pure: str, fast: str, tmp_path: Path, ruleset: str) -> None:
    for seed in (1, 2, 3):
        run = tmp_path / f"seed{seed}"
        _same(pure, fast, ["simulate", "-r", ruleset, "-n", "24", "-s", str(seed), "-q", "-o", "games"], run,
              out="games")
        report = _same(pure, fast, ["check", "--json", str(run / "pure" / "games")], run / "check")
        assert b'"error"' not in report, f"{ruleset} seed {seed}: simulated records have errors"


def test_simulate_with_two_jobs_writes_what_one_job_writes_compiled(pure: str, fast: str, tmp_path: Path) -> None:
    for name, python, jobs in (("pure", pure, "1"), ("fast", fast, "2")):
        cwd = tmp_path / name
        cwd.mkdir()
        got = _run(python, ["simulate", "-r", "mcr", "-n", "32", "-s", "7", "-q", "-j", jobs, "-o", "games"], cwd)
        assert got.returncode == 0, got.stderr
    _same_tree(tmp_path / "pure" / "games", tmp_path / "fast" / "games")


@pytest.mark.parametrize("sample", [
    "zhuji/four-hands.paipu", "harbin/baozhongbao.paipu", "erren/kongs.paipu", "riichi", "mcr", "hebei"])
def test_report_bytes_are_the_same_compiled(pure: str, fast: str, tmp_path: Path, sample: str) -> None:
    path = SAMPLES / "valid" / sample
    if path.is_dir():
        path = sorted(path.glob("*.paipu"))[0]
    _same(pure, fast, ["report", str(path), "-o", "out/report.html"], tmp_path, out="out")


@pytest.mark.parametrize("fmt", ["botzone", "tenhou"])
def test_imported_real_logs_and_their_audit_are_the_same_compiled(
        pure: str, fast: str, tmp_path: Path, fmt: str) -> None:
    logs = LOGS / fmt
    if not logs.is_dir():
        pytest.skip(f"no real logs at {logs}")
    _same(pure, fast, ["import", fmt, str(logs), "-o", "records", "--check", "--json"], tmp_path, out="records")


@pytest.mark.parametrize("args", [
    ["analyze", "-r", "zhuji", "123m456p789s1122z"],
    ["analyze", "-r", "mcr", "19m19p19s1234567z1m"],
    ["analyze", "-r", "harbin", "23456m345p66789s"],
    ["analyze", "-r", "hebei", "--json", "1112345678999m"],
])
def test_hand_analysis_is_the_same_compiled(pure: str, fast: str, tmp_path: Path, args: list[str]) -> None:
    out = _same(pure, fast, args, tmp_path)
    assert out.strip()


_PICKLING = r"""
import dataclasses, importlib, inspect, pickle, pkgutil, sys
from fractions import Fraction
from pathlib import Path
import paipu
from paipu.api import audit
from paipu.grammar.parser import parse
from paipu.hand.inference import kind_posterior
from paipu.hand.effective import analyse
from paipu.sim.mutate import mutants

def same(value):
    back = pickle.loads(pickle.dumps(value))
    assert back == value, f"{type(value).__name__} changed by pickling"
    return 1

# Every frozen dataclass of a compiled module pickles by its constructor (`paipu.value`).
missing = []
for info in pkgutil.walk_packages(paipu.__path__, "paipu."):
    if info.name.startswith("paipu.cli") or info.name.endswith("__main__"):
        continue
    module = importlib.import_module(info.name)
    for name, cls in vars(module).items():
        if (inspect.isclass(cls) and cls.__module__ == info.name and not name.startswith("_")
                and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
                and getattr(module, "__file__", "").endswith((".so", ".pyd"))
                and not any("__reduce__" in vars(k) for k in cls.__mro__[:-1])):
            missing.append(f"{info.name}.{name}")
assert not missing, f"compiled frozen dataclasses that cannot be unpickled: {missing}"
n = 0
for path in sorted(Path(sys.argv[1]).rglob("*.paipu")):
    text = path.read_text(encoding="utf-8")
    n += same(parse(text).record)  # the record classes are compiled too
    a = audit(text)
    n += same(list(a.findings))
    if a.replay is not None:
        for hand in a.replay.hands:
            n += same(hand.result) + same(list(hand.findings))
    if "valid" in path.parts:
        for m in mutants(text, 1):
            n += same(m)
            break
n += same(analyse([1, 1, 1, 0, 1, 1, 0, 0, 0] + [2] + [0] * 24, melds=2))
n += same(analyse([1, 1, 1, 1, 1, 1, 1, 0, 0] + [0] * 18 + [2, 0, 0, 0, 1, 1, 0], melds=1))
n += same(kind_posterior(3, (13, 13), 60, Fraction(1, 3)))
print("round trips:", n)
"""


def test_results_survive_pickling_compiled(pure: str, fast: str, tmp_path: Path) -> None:
    """An audit's findings and results, a hand analysis and a mutant pickle and come back equal
    in both builds (compiled, a frozen dataclass cannot be restored field by field)."""
    outs = []
    for python in (pure, fast):
        done = subprocess.run([python, "-I", "-c", _PICKLING, str(SAMPLES)], cwd=tmp_path, capture_output=True,
                              timeout=600)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        outs.append(done.stdout)
    assert outs[0] == outs[1] and int(outs[0].split()[-1]) > 500, outs


def test_short_cli_fuzz_passes_against_the_compiled_build(fast: str, tmp_path: Path) -> None:
    got = subprocess.run([fast, str(ROOT / "tests" / "fuzz_cli.py"), "--profile", "short", "--seed", "1",
                          "--keep", str(tmp_path / "failures")], capture_output=True, text=True, timeout=600,
                         cwd=tmp_path)
    assert got.returncode == 0, got.stdout[-4000:] + got.stderr[-2000:]


_PLUGIN = '''
from paipu.rules.zhuji import Zhuji


class ClubZhuji(Zhuji):
    """A plug-in that overrides a hook of a compiled ruleset (the wall keeps 20 more tiles) and
    sets an attribute's default in its class body."""

    name = "zhuji-club"
    red_fives = True

    def reserve(self, hand):
        return super().reserve(hand) + 20
'''

_PLUGIN_PROBE = """
import club_rules
from paipu.replay.ruleset import get_ruleset, ruleset_class, ruleset_names
print(ruleset_class("zhuji-club").__name__, get_ruleset("zhuji-club").red_fives, get_ruleset("zhuji").red_fives)
print(get_ruleset("zhuji-club", min_tai=2), get_ruleset("zhuji-club").rule("claims"))
"""


def test_a_plugin_ruleset_subclassing_a_compiled_one_is_the_same_compiled(
        pure: str, fast: str, tmp_path: Path) -> None:
    """Built-in rulesets are compiled classes; a plug-in subclasses them in Python: its hook
    overrides are called by the compiled engine and its class-body defaults hold."""
    package = tmp_path / "plugin"
    package.mkdir()
    (package / "club_rules.py").write_text(_PLUGIN, encoding="utf-8")
    info = package / "club_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: club-rules\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[paipu.rulesets]\nzhuji-club = club_rules:ClubZhuji\n",
        encoding="utf-8")
    outputs = []
    for name, python in (("pure", pure), ("fast", fast)):
        cwd = tmp_path / name
        cwd.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PAIPU_"))}
        env["PYTHONPATH"] = str(package)
        env["PAIPU_CACHE_DIR"] = str(cwd / ".cache")
        probe = subprocess.run([python, "-c", _PLUGIN_PROBE], cwd=cwd, env=env, capture_output=True, timeout=120)
        assert probe.returncode == 0, probe.stderr
        # Records of plain zhuji, checked as the club's: the larger reserve finds draws past it.
        games = tmp_path / "games"
        if name == "pure":
            got = subprocess.run([python, "-m", "paipu.cli", "simulate", "-r", "zhuji", "-n", "8", "-s", "3", "-q",
                                  "-o", str(games)], cwd=cwd, env=env, capture_output=True, timeout=300)
            assert got.returncode == 0, got.stderr
            for path in games.glob("*.paipu"):
                path.write_text(path.read_text(encoding="utf-8").replace('"zhuji"', '"zhuji-club"'), encoding="utf-8")
        check = subprocess.run([python, "-m", "paipu.cli", "check", "--json", str(games)], cwd=cwd, env=env,
                               capture_output=True, timeout=300)
        outputs.append((probe.stdout, check.stdout, check.stderr))
    assert outputs[0] == outputs[1]
    probe_out, check_out, _ = outputs[0]
    assert probe_out.startswith(b"ClubZhuji True False\n"), probe_out
    assert b"draw-past-reserve" in check_out, "the plug-in's reserve hook was not called"


def test_the_installed_build_reads_its_shipped_suit_table(fast: str) -> None:
    """The shipped suit table (paipu/hand/suit_profiles.bin) is package data: an ordinary install
    carries it and reads it (without it every suit would be searched, slower but silently)."""
    got = subprocess.run(
        [fast, "-I", "-c", "from paipu.hand import tables; tables._read_shipped(); "
                           "print(len(tables._SHIPPED), tables._shipped_profile((0, 1, 1, 1, 0, 2, 0, 0, 0), False))"],
        capture_output=True, text=True, cwd="/", timeout=60)
    assert got.returncode == 0, got.stderr
    read, profile = got.stdout.split()
    assert read == "1" and profile != "None"
