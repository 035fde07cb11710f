"""A ruleset from an outside package, registered through the ``paipu.rulesets`` entry points,
works with `paipu check` and `paipu simulate` like a built-in one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PAIPU = [sys.executable, "-m", "paipu.cli"]


def _package(tmp: Path, entries: str, module: str) -> dict[str, str]:
    """An installed package as Python finds one: the module and its dist-info with entry points."""
    (tmp / "club_rules.py").write_text(module, encoding="utf-8")
    info = tmp / "club_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: club-rules\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[paipu.rulesets]\n{entries}\n", encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp), os.environ.get("PYTHONPATH", "")])}


CLUB = '''
from paipu.rules.zhuji import Zhuji


class ClubZhuji(Zhuji):
    """Our club's Zhuji table: the built-in rules under another name."""

    name = "zhuji-club"
    aliases = ("club",)
'''


def test_an_outside_ruleset_simulates_and_checks(tmp_path: Path) -> None:
    env = _package(tmp_path, "zhuji-club = club_rules:ClubZhuji", CLUB)
    out = tmp_path / "games"
    sim = subprocess.run([*PAIPU, "simulate", "--ruleset", "club", "-n", "4", "-s", "5", "--out", str(out), "-q"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert sim.returncode == 0, sim.stderr
    files = sorted(out.glob("*.paipu"))
    assert files and '[Ruleset "zhuji-club"]' in files[0].read_text(encoding="utf-8")
    check = subprocess.run([*PAIPU, "check", str(out)], capture_output=True, text=True, env=env, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "zhuji-club" in check.stdout and "0 errors" in check.stdout


def test_a_broken_plugin_is_a_warning_and_the_others_still_work(tmp_path: Path) -> None:
    env = _package(tmp_path, "broken = club_rules:NoSuchClass", CLUB)
    sample = Path(__file__).resolve().parent.parent / "samples" / "valid" / "zhuji" / "seed-example.paipu"
    check = subprocess.run([*PAIPU, "check", str(sample)], capture_output=True, text=True, env=env, timeout=120)
    assert check.returncode == 0
    assert "ruleset entry point 'broken'" in check.stderr and "cannot be loaded" in check.stderr


def test_the_entry_points_read_from_their_files_are_those_python_s_package_metadata_finds(tmp_path: Path) -> None:
    env = _package(tmp_path, "zhuji-club = club_rules:ClubZhuji", CLUB)
    code = ("from paipu.replay.ruleset import _metadata_entries, _read_entries\n"
            "read = _read_entries()\nassert read is not None\n"
            "assert sorted(read) == sorted(_metadata_entries()), (read, _metadata_entries())\n"
            "print(sorted(e.name for e in read if not e.builtin))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['zhuji-club']"


def test_every_name_of_the_ruleset_api_is_in_its_docs() -> None:
    import paipu.ruleset_api
    import paipu.ruleset_api.bots

    docs = (Path(__file__).resolve().parent.parent / "docs" / "writing-a-ruleset.md").read_text(encoding="utf-8")
    missing = [n for n in [*paipu.ruleset_api.__all__, *paipu.ruleset_api.bots.__all__] if f"`{n}`" not in docs]
    assert missing == []
