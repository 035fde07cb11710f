"""A broken environment (a package paipu depends on is missing) is a usage problem, exit 2, with
the command that installs it; never an internal error, and never a record stored as failed."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from paipu.errors import missing_dependency

ROOT = Path(__file__).resolve().parent.parent
RIICHI = ROOT / "samples" / "valid" / "riichi"
TENHOU = ROOT.parent / "shared" / "logs" / "tenhou" / "mjlog"

# ``sys.modules[name] = None`` makes every import of ``name`` fail as if it were not installed.
WITHOUT_MAHJONG = "import sys; sys.modules['mahjong'] = None; from paipu.cli import main; main()"


def _paipu_without_mahjong(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITHOUT_MAHJONG, *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def _says_install(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    assert "paipu: error: the Python package 'mahjong'" in proc.stderr
    assert "-m pip install 'mahjong>=" in proc.stderr


def test_check_of_a_riichi_record_without_mahjong_says_how_to_install_it(tmp_path: Path) -> None:
    _says_install(_paipu_without_mahjong("check", str(RIICHI), cwd=tmp_path))


def test_report_of_a_riichi_record_without_mahjong_says_how_to_install_it(tmp_path: Path) -> None:
    sample = sorted(RIICHI.glob("*.paipu"))[0]
    _says_install(_paipu_without_mahjong("report", str(sample), "-o", str(tmp_path / "r.html"), cwd=tmp_path))


def test_a_corpus_ingest_without_mahjong_stores_no_record_as_failed(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    _says_install(_paipu_without_mahjong("corpus", "ingest", str(RIICHI), "--db", str(db), "-q", cwd=tmp_path))
    if db.exists():
        with sqlite3.connect(db) as con:
            tables = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
            stored = con.execute("select count(*) from records").fetchone()[0] if "records" in tables else 0
        assert stored == 0


def test_a_tenhou_import_without_mahjong_says_how_to_install_it(tmp_path: Path) -> None:
    if not TENHOU.is_dir():
        pytest.skip("the real platform logs (../shared/logs) are not here")
    log = sorted(TENHOU.glob("*.mjlog"))[0]
    _says_install(_paipu_without_mahjong("import", "tenhou", str(log), "-o", str(tmp_path / "out"), "--check",
                                         cwd=tmp_path))


def test_other_rulesets_are_audited_without_mahjong(tmp_path: Path) -> None:
    proc = _paipu_without_mahjong("check", str(ROOT / "samples" / "valid" / "zhuji"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_missing_dependency_names_paipus_own_requirement() -> None:
    said = missing_dependency(ModuleNotFoundError("No module named 'mahjong.meld'", name="mahjong.meld"))
    assert said is not None and "'mahjong'" in said and "'mahjong>=2.1'" in said


def test_a_missing_paipu_module_is_a_bug_not_the_environment() -> None:
    assert missing_dependency(ModuleNotFoundError("No module named 'paipu.nowhere'", name="paipu.nowhere")) is None
    assert missing_dependency(ImportError("cannot import name 'x'")) is None


def test_a_module_paipu_does_not_list_is_named_as_it_is() -> None:
    said = missing_dependency(ModuleNotFoundError("No module named 'somewhere'", name="somewhere"))
    assert said is not None and "pip install somewhere" in said
