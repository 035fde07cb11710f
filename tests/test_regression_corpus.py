"""The bundled regression corpus audits exactly as its expected results say."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPORA = sorted(p for p in (ROOT / "samples" / "corpus").iterdir() if p.is_dir())


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.name)
def test_corpus_matches_its_expected_results(corpus: Path) -> None:
    expected = corpus.parent / f"{corpus.name}.expected.jsonl"
    res = CliRunner().invoke(main, ["check", "--expect", str(expected), str(corpus)])
    assert res.exit_code == 0, res.output
    assert "all as expected" in res.output


def test_corpus_holds_a_few_hundred_hands_per_ruleset() -> None:
    for corpus in CORPORA:
        hands = sum(p.read_text(encoding="utf-8").count("\nhand ") for p in corpus.glob("*.paipu"))
        assert hands >= 200, corpus.name


def test_expect_reports_a_changed_payment(tmp_path: Path) -> None:
    corpus = ROOT / "samples" / "corpus" / "zhuji"
    copy = tmp_path / "zhuji"
    shutil.copytree(corpus, copy)
    victim = sorted(copy.glob("*.paipu"))[0]
    lines = victim.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("score ") and "+" in line)
    parts = lines[i].split()
    parts[2] = str(int(parts[2]) + 1)
    lines[i] = " ".join(parts)
    victim.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = ROOT / "samples" / "corpus" / "zhuji.expected.jsonl"
    res = CliRunner().invoke(main, ["check", "--expect", str(expected), str(copy)])
    assert res.exit_code == 1
    assert f"{victim}: finding error[score-mismatch] on line {i + 1} found, not expected" in res.output
