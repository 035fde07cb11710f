"""The real-log sweep's short profile (`make reallogs` runs every log): a few logs of each
platform through the direct path, and the table's sums."""

from __future__ import annotations

from pathlib import Path

import pytest
from reallogs import SHARED, main, sweep, table

from paipu.importers.botzone import simulated_logs


def test_the_sweep_tallies_games_hands_and_recorded_numbers(tmp_path: Path) -> None:
    logs = simulated_logs(3, seed=9)
    for i, text in enumerate(logs):
        (tmp_path / f"g{i}.txt").write_text(text, encoding="utf-8")
    (tmp_path / "README.txt").write_text("About these logs.\n", encoding="utf-8")
    # One game whose Score line moves a point from the first seat to the second.
    lines = logs[0].splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Score "))
    values = [int(v) for v in lines[at].split()[1:]]
    values[0] -= 1
    values[1] += 1
    lines[at] = "Score " + " ".join(map(str, values))
    (tmp_path / "bad.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rows = sweep([tmp_path])
    row = rows["botzone"]
    assert (len(row.logs), row.games, row.hands) == (4, 4, 4)
    assert row.recorded["payments"] == 4 and row.disagree["payments"] == 1
    assert row.codes["score-mismatch"] == 1
    said = table(rows)
    assert "botzone" in said and "3/4" in said
    assert main([str(tmp_path)]) == 1


def test_the_sweep_says_so_and_exits_0_without_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nowhere")]) == 0
    assert "nothing to sweep" in capsys.readouterr().out


@pytest.mark.skipif(not SHARED.is_dir(), reason="the real platform logs (../shared/logs) are not here")
def test_a_few_real_logs_of_each_platform_agree_with_the_platforms_numbers() -> None:
    rows = sweep([SHARED], limit=3)
    assert {"botzone", "tenhou"} <= set(rows)
    for name, row in rows.items():
        assert row.unreadable == 0, (name, row.failing)
        assert row.games >= 3 and row.hands >= row.games
        assert row.recorded["payments"] >= row.games
        assert not row.disagree, (name, row.failing)
