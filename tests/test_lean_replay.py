"""The audit's lean loop (`HandEngine.play_all`) and the watched replay (`HandEngine.play`,
one action at a time through every check) must give the very same findings, scores and
results, on valid records and on records made wrong on purpose, in every ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest
from lean_loops import Watcher, same_in_both_loops, summary

from paipu.grammar.parser import parse
from paipu.replay.session import replay
from paipu.sim.mutate import mutants
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("path", sorted(ROOT.glob("samples/**/*.paipu")),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_lean_loop_and_watched_replay_agree_on_every_sample(path: Path) -> None:
    same_in_both_loops(path.read_text(encoding="utf-8"))


_KONGS = ("kong", "ankong", "addkong")


@pytest.mark.parametrize(("ruleset", "movers"), [("hebei", _KONGS), ("harbin", ("bao",)), ("zhuji", _KONGS)])
def test_lean_loop_finds_a_draw_past_the_reserve_once_it_moved(ruleset: str, movers: tuple[str, ...]) -> None:
    # The lean loop asks the ruleset for the wall's reserve once between actions other than
    # plain draws and discards (hebei's reserve grows by one after an odd number of replacement
    # draws, harbin's moves with its 宝): a draw past it must be found just as the watched
    # replay finds it, after such lines (``movers``) in the hand too.
    moved = 0
    for _, text in simulate(ruleset, 64, seed=31):
        for m in mutants(text, seed=3, per_kind=4, kinds=["draw-after-reserve"]):
            record = parse(m.text).record
            lean = replay(record)
            assert summary(lean) == summary(replay(record, observers=[Watcher()]))
            assert any(f.code == "draw-past-reserve" for f in lean.findings), m.text
            lines = m.text.splitlines()[: m.line]
            start = max(i for i, line in enumerate(lines) if line.startswith("hand "))
            if any(set(words[:2]) & set(movers) for words in (line.split() for line in lines[start:])):
                moved += 1
    assert moved > 0
