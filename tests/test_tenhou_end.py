"""The end of Tenhou's real games: the final scores paipu computes are the log's for every game
(the riichi sticks left at the end included), its points are the log's wherever the record
states them, and the options the importer sets from the log's room, lobby and date."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from paipu.auditing import audit_text
from paipu.importers.tenhou import read_json6, read_mjlog
from paipu.importers.tenhou.convert import game_to_record
from paipu.importers.tenhou.ending import game_end, log_date
from paipu.importers.tenhou.importer import TenhouImporter
from paipu.importers.tenhou.model import Game, Player, Rules
from paipu.record import SEATS, points_tenths

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou"
FILES = sorted([*(LOGS / "mjlog").glob("*"), *(LOGS / "json6").glob("*")]) if LOGS.is_dir() else []
KNOWN_WRONG = {"confusing_nakis_1", "confusing_nakis_2"}
"""Their own recorded payments do not add up (tests/test_riichi_tenhou.py says how)."""
needs_logs = pytest.mark.skipif(not FILES, reason="no folder of real Tenhou logs beside the repository")


def read(path: Path) -> Game:
    return read_json6(path) if path.suffix == ".json" else read_mjlog(path)


@needs_logs
def test_every_real_game_ends_with_the_final_scores_and_points_of_its_log() -> None:
    finals = points = sticks_left = 0
    for path in FILES:
        game = read(path)
        [(name, text, _)] = TenhouImporter().convert(path.read_bytes(), path.name)
        audit = audit_text(text, name)
        assert audit.replay is not None, name
        codes = [f.code for f in audit.findings if f.severity == "error"]
        assert codes == (["score-mismatch"] if path.stem in KNOWN_WRONG else []), (name, codes)
        if game.final_scores is None:
            continue
        finals += 1
        rp = audit.replay
        assert tuple(rp.scores[s] for s in SEATS) == game.final_scores, name
        sticks_left += bool(rp.hands[-1].game_end.payments)
        header = audit.record.header
        assert [int(t.value) for t in header.finals] == list(game.final_scores), name
        if header.points:
            points += 1
            assert rp.ruleset is not None
            mine = rp.ruleset.final_points(rp.scores)
            assert mine is not None
            assert game.uma is not None
            assert [mine[s].tenths for s in SEATS] == [round(u * 10) for u in game.uma], name
            assert [points_tenths(t.value) for t in header.points] == [round(u * 10) for u in game.uma], name
    # Every finished game of the folder has its end; all but one (a lobby of its own rules) its points.
    assert finals >= 51 and points >= finals - 1
    assert sticks_left >= 1


@needs_logs
def test_the_sticks_left_at_the_end_go_to_first_place_and_a_tie_to_the_seat_nearer_the_first_dealer() -> None:
    path = LOGS / "mjlog" / "encdec-nowinner-multi-top.mjlog"
    [(name, text, _)] = TenhouImporter().convert(path.read_bytes(), path.name)
    rp = audit_text(text, name).replay
    assert rp is not None
    # W and N tie on 30,300 after the last hand; W, nearer the first dealer E, takes the stick.
    before = {s: rp.hands[-2].scores_after[s] + rp.hands[-1].result.payments[s] for s in SEATS}
    assert before["W"] == before["N"] == 30300
    assert rp.scores["W"] == 31300 and rp.scores["N"] == 30300
    assert rp.hands[-1].game_end.rule == "riichi.end-sticks"


@needs_logs
def test_the_importer_sets_the_rules_of_the_logs_date_room_and_lobby() -> None:
    def header(stem: str) -> tuple[dict[str, str], int, tuple[str, ...]]:
        path = next(p for p in FILES if p.stem == stem)
        [(_, text, _)] = TenhouImporter().convert(path.read_bytes(), path.name)
        h = audit_text(text).record.header
        return {o.name: o.value for o in h.options}, len(h.points), tuple(a.text for a in h.annotations)

    options, points, _ = header("dnovikoff-bug2-2009022103gm-00a9-0000-74c37deb")
    assert options == {"last_dealer_ready": "continues", "points_rounding": "thousands"} and points == 4
    options, points, _ = header("dnovikoff-bye-2009061806gm-00a1-0000-6d13c207")
    assert options["uma"] == "5,-5,-10" and options["length"] == "tonpuusen"
    options, points, _ = header("jim137-2022060222gm-0001-0000-f47dd061")
    assert options == {"length": "tonpuusen"} and points == 4  # one decimal: the defaults
    options, points, _ = header("dnovikoff-newattr2023")
    assert options == {"length": "tonpuusen", "uma": "5,-5,-15", "uma_ties": "split"} and points == 4
    options, points, notes = header("dnovikoff-ratio-2013031109gm-0841-0000-0fde62c3")
    assert points == 0 and "GO type 0x841" in notes[0]
    options, points, _ = header("ranked_game")  # tenhou.net/6 with its log id (ref) and final scores (sc)
    assert options == {"points_rounding": "thousands"} and points == 4


def test_log_date_reads_tenhous_log_id() -> None:
    assert log_date("dnovikoff-bug2-2009022103gm-00a9-0000-74c37deb") == date(2009, 2, 21)
    assert log_date("2022060222gm-0001-0000-f47dd061&tw=1") == date(2022, 6, 2)
    assert log_date("double-ron") is None
    assert log_date("2009133103gm-00a9-0000-74c37deb") is None


def ended(log_id: str, hanchan: bool = True, uma: tuple[float, ...] = (-34.0, -18.0, 42.0, 10.0),
          final: tuple[int, ...] = (16300, 22100, 31300, 30300)) -> Game:
    return Game("mjlog", Rules(hanchan=hanchan, go_type=0xA9 if hanchan else 0xA1), tuple(Player(n) for n in "abcd"),
                (), final, uma, log_id=log_id)


def test_an_undated_log_gets_the_default_end_rule_and_the_rounding_its_points_show() -> None:
    end = game_end(ended(""))
    assert end.options == (("points_rounding", "thousands"),) and end.points == ("-34.0", "-18.0", "+42.0", "+10.0")
    tenths = game_end(ended("", uma=(-34.7, -17.9, 42.3, 10.3)))
    assert tenths.options == () and tenths.points is not None
    dated = game_end(ended("2009022103gm-00a9-0000-74c37deb"))
    assert dated.options == (("last_dealer_ready", "continues"), ("points_rounding", "thousands"))


def test_an_east_only_game_between_the_two_umas_the_logs_show_states_no_points() -> None:
    end = game_end(ended("2015010100gm-00a1-0000-00000000", hanchan=False))
    assert end.finals == (16300, 22100, 31300, 30300) and end.points is None
    assert "5-10" in end.notes[0] and "2015-01-01" in end.notes[0]
    record = game_to_record(ended("2015010100gm-00a1-0000-00000000", hanchan=False))
    assert [t.value for t in record.header.finals] == ["16300", "22100", "31300", "30300"]
    assert record.header.points == () and "import: the points are not stated" in record.header.annotations[0].text
