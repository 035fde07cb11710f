"""mjai event streams: riichi records to mjai and back, on hand-written records and real games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.grammar.writer import format_record
from paipu.importers.mjai import MjaiError, mjai_lines, mjai_tile, mjai_to_record, record_to_mjai, tile_of_mjai
from paipu.importers.tenhou import read_json6, read_mjlog
from paipu.importers.tenhou.convert import game_to_record
from paipu.tiles import ALL_TILES, RED_FIVES

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou"
FILES = (sorted((LOGS / "mjlog").glob("*.mjlog")) + sorted((LOGS / "json6").glob("*.json"))) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not FILES, reason="real Tenhou logs not present at ../shared/logs/tenhou")

RECORD = """[Ruleset "riichi"]
[Player E "a"] [Player S "b"] [Player W "c"] [Player N "d"]

hand 1
dealer E
wind 1z
dora 3z
honba 0
sticks 0
deal E 111m 234m 567m 99p 6p 1z 2z
deal S 123s 456s 789s 45p 77z
deal W 223344m 388p 11s 55z
deal N 555666m 377p 44z 66z
E discard 1z
S draw 9m
S discard 9m
W draw 3p
W discard 3p
S hu 3p
fan S 2 : ittsu 2, fu 40
score S +2600 W -2600
"""


def test_mjai_tiles_write_red_fives_with_r_and_honours_as_letters() -> None:
    assert [mjai_tile(t) for t in RED_FIVES] == ["5mr", "5pr", "5sr"]
    assert [mjai_tile(ALL_TILES[i]) for i in range(27, 34)] == list("ESWNPFC")
    assert all(tile_of_mjai(mjai_tile(t)) == t and tile_of_mjai(mjai_tile(t)).red == t.red
               for t in (*ALL_TILES[:34], *RED_FIVES))
    with pytest.raises(MjaiError):
        tile_of_mjai("0m")


def test_mjai_export_shows_the_dealer_first_discard_as_its_draw_and_the_deltas_on_the_hora() -> None:
    audit = audit_text(RECORD)
    assert audit.ok and audit.record is not None
    events = record_to_mjai(audit.record)
    kinds = [e["type"] for e in events]
    assert kinds[:4] == ["start_game", "start_kyoku", "tsumo", "dahai"]
    assert events[2] == {"type": "tsumo", "actor": 0, "pai": "E"}
    assert events[3]["tsumogiri"] is True and len(events[1]["tehais"][0]) == 13
    hora = next(e for e in events if e["type"] == "hora")
    assert hora == {"type": "hora", "actor": 1, "target": 2, "pai": "3p", "han": 2, "yaku": [["ittsu", 2]],
                    "fu": 40, "deltas": [0, 2600, -2600, 0]}
    assert kinds[-2:] == ["end_kyoku", "end_game"]


def test_mjai_stream_read_back_is_the_same_record_and_the_same_stream() -> None:
    audit = audit_text(RECORD)
    assert audit.record is not None
    events = record_to_mjai(audit.record)
    again = mjai_to_record(events)
    assert record_to_mjai(again) == events
    assert audit_text(format_record(again)).ok


def test_paipu_export_mjai_prints_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "game.paipu"
    path.write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "mjai", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert json.loads(lines[0])["type"] == "start_game" and json.loads(lines[-1]) == {"type": "end_game"}


def test_paipu_export_mjai_refuses_another_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "game.paipu"
    path.write_text(RECORD.replace('"riichi"', '"zhuji"'), encoding="utf-8")
    result = CliRunner().invoke(main, ["export", "mjai", str(path)])
    assert result.exit_code == 1


@needs_logs
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_game_round_trips_mjai_to_paipu_to_mjai_and_still_audits(path: Path) -> None:
    game = read_mjlog(path) if path.suffix == ".mjlog" else read_json6(path)
    events = record_to_mjai(game_to_record(game))
    record = mjai_to_record(json.loads(line) for line in mjai_lines(events).splitlines())  # type: ignore[arg-type]
    assert record_to_mjai(record) == events
    errors = [f.code for f in audit_text(format_record(record)).findings if f.severity == "error"]
    assert errors in ([], ["score-mismatch"])
