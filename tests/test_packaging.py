"""The wheel: built from a copy of the project, it carries the grammar, py.typed and the command."""

from __future__ import annotations

import configparser
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
    assert entry_points["console_scripts"]["paipu"].strip() == "paipu.cli:main"


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
