"""A baseline (the output of `paipu check --json`) matches records by the paths check wrote,
relative to where check ran (or ``--base``), wherever the baseline file itself is kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _tree(tmp: Path) -> Path:
    """A work folder with the same file name in two sub-folders (what name matching cannot tell apart)."""
    work = tmp / "work"
    for sub in ("a", "b"):
        (work / "samples" / sub).mkdir(parents=True)
        shutil.copy(ROOT / "samples" / "valid" / "zhuji" / "seed-example.paipu", work / "samples" / sub / "game.paipu")
    text = (work / "samples" / "b" / "game.paipu").read_text(encoding="utf-8")
    (work / "samples" / "b" / "game.paipu").write_text(text.replace("score E +12", "score E +6"), encoding="utf-8")
    return work


def test_a_baseline_kept_in_another_folder_still_matches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    run = CliRunner().invoke(main, ["check", "--json", "samples"])
    elsewhere = tmp_path / "baseline" / "expected.jsonl"
    elsewhere.parent.mkdir()
    elsewhere.write_text(run.output, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--expect", str(elsewhere), "samples"])
    assert result.exit_code == 0, result.output
    assert "all as expected" in result.output


def test_base_names_the_folder_the_baseline_was_made_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = _tree(tmp_path)
    monkeypatch.chdir(work)
    run = CliRunner().invoke(main, ["check", "--json", "samples"])
    baseline = work / "expected.jsonl"
    baseline.write_text(run.output, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    same = CliRunner().invoke(main, ["check", "--expect", str(baseline), "--base", str(work), str(work / "samples")])
    assert same.exit_code == 0 and "all as expected" in same.output, same.output
