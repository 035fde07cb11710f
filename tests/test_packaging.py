"""The wheel: built from a copy of the project, it carries the grammar, py.typed and the command."""

from __future__ import annotations

import configparser
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _copy_project(dest: Path) -> Path:
    """What a source distribution would hold, so the build leaves nothing in the working tree."""
    src = dest / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "setup.py", "setup.cfg"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, src / name)
    shutil.copytree(
        ROOT / "paipu", src / "paipu", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    )
    return src


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    tmp = tmp_path_factory.mktemp("wheel")
    src = _copy_project(tmp)
    out = tmp / "dist"
    cmd = [
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
        "--retries", "0", "--timeout", "20", "-w", str(out), str(src),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    if proc.returncode != 0:
        log = proc.stdout + proc.stderr
        if re.search(r"No matching distribution found for setuptools|Could not find a version", log):
            pytest.skip("the build backend (setuptools) cannot be installed here:\n" + log[-2000:])
        pytest.fail("building the wheel failed:\n" + log[-4000:])
    (whl,) = out.glob("paipu-*.whl")
    return zipfile.ZipFile(whl)


def _dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    (path,) = [n for n in wheel.namelist() if re.fullmatch(rf"paipu-[^/]+\.dist-info/{name}", n)]
    return wheel.read(path).decode("utf-8")


def test_wheel_contains_the_grammar_file(wheel: zipfile.ZipFile) -> None:
    assert "paipu/grammar/record.lark" in wheel.namelist()
    grammar = wheel.read("paipu/grammar/record.lark").decode("utf-8")
    assert grammar == (ROOT / "paipu" / "grammar" / "record.lark").read_text(encoding="utf-8")


def test_wheel_contains_the_py_typed_marker(wheel: zipfile.ZipFile) -> None:
    assert "paipu/py.typed" in wheel.namelist()


def test_wheel_contains_every_module(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "paipu").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n]


def test_wheel_declares_the_paipu_console_script(wheel: zipfile.ZipFile) -> None:
    entry_points = configparser.ConfigParser()
    entry_points.read_string(_dist_info(wheel, "entry_points.txt"))
    assert entry_points["console_scripts"]["paipu"].strip() == "paipu.cli.launch:run"


def test_wheel_metadata_has_the_version_and_dependencies(wheel: zipfile.ZipFile) -> None:
    import paipu

    metadata = _dist_info(wheel, "METADATA")
    assert re.search(r"^Name: paipu$", metadata, re.MULTILINE)
    assert re.search(rf"^Version: {re.escape(paipu.__version__)}$", metadata, re.MULTILINE)
    requires = re.findall(r"^Requires-Dist: ([A-Za-z0-9_.-]+)", metadata, re.MULTILINE)
    assert {"lark", "click", "jinja2"} <= {r.lower() for r in requires}


def test_console_script_target_is_importable() -> None:
    target = PYPROJECT["project"]["scripts"]["paipu"]
    module, _, attr = target.partition(":")
    assert callable(getattr(__import__(module, fromlist=[attr]), attr))


def test_build_requirement_is_new_enough_for_the_license_field() -> None:
    if not isinstance(PYPROJECT["project"].get("license"), str):
        return
    (req,) = [r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    m = re.search(r">=\s*(\d+)", req)
    assert m is not None and int(m.group(1)) >= 77, req


def test_the_six_rulesets_are_named_in_the_description() -> None:
    description = PYPROJECT["project"]["description"]
    for name in ("Zhuji", "Hebei", "two-player", "Harbin", "MCR", "riichi"):
        assert name in description, name


def test_riichi_values_come_with_paipu_itself_not_an_extra(wheel: zipfile.ZipFile) -> None:
    """Riichi is a built-in ruleset: the package that values its hands is a plain dependency."""
    metadata = _dist_info(wheel, "METADATA")
    plain = re.findall(r"^Requires-Dist: ([A-Za-z0-9_.-]+)[^;\n]*$", metadata, re.MULTILINE)
    assert "mahjong" in {r.lower() for r in plain}


@pytest.fixture(scope="module")
def plain_install(wheel: zipfile.ZipFile, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with the wheel installed as ``pip install paipu`` would: its
    dependencies and nothing else (no extras, nothing of the test environment)."""
    venv = tmp_path_factory.mktemp("plain") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    assert wheel.filename is not None
    proc = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel.filename],
        capture_output=True, text=True, timeout=600,
    )
    if proc.returncode != 0:
        log = proc.stdout + proc.stderr
        if re.search(r"No matching distribution found|Could not find a version|Network is unreachable", log):
            pytest.skip("paipu's dependencies cannot be installed here:\n" + log[-2000:])
        pytest.fail("installing the wheel failed:\n" + log[-4000:])
    return venv


def test_a_plain_install_audits_every_sample_of_every_ruleset(plain_install: Path, tmp_path: Path) -> None:
    paipu = str(plain_install / "bin" / "paipu")
    rulesets = sorted(p.name for p in (ROOT / "samples" / "valid").iterdir() if p.is_dir())
    assert {"zhuji", "hebei", "erren", "harbin", "mcr", "riichi"} <= set(rulesets)
    for name in rulesets:
        proc = subprocess.run([paipu, "check", "--json", str(ROOT / "samples" / "valid" / name)],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert proc.returncode == 0, (name, proc.stdout[-2000:], proc.stderr[-2000:])
        audits = [json.loads(line) for line in proc.stdout.splitlines()]
        assert len(audits) == len(list((ROOT / "samples" / "valid" / name).glob("*.paipu"))), name
        assert all(a["ruleset"] == name for a in audits), name
    for sample in sorted((ROOT / "samples" / "valid" / "riichi").glob("*.paipu")):
        out = tmp_path / f"{sample.stem}.html"
        proc = subprocess.run([paipu, "report", str(sample), "-o", str(out)],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert proc.returncode == 0, (sample.name, proc.stderr[-2000:])
        assert "</html>" in out.read_text(encoding="utf-8")


def test_a_plain_install_audits_a_real_tenhou_log(plain_install: Path, tmp_path: Path) -> None:
    logs = ROOT.parent / "shared" / "logs" / "tenhou" / "mjlog"
    if not logs.is_dir():
        pytest.skip("the real platform logs (../shared/logs) are not here")
    log = sorted(logs.glob("*.mjlog"))[0]
    proc = subprocess.run([str(plain_install / "bin" / "paipu"), "import", "tenhou", str(log), "-o",
                           str(tmp_path / "out"), "--check"], capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    assert "internal error" not in proc.stderr
    assert list((tmp_path / "out").glob("*.paipu"))
