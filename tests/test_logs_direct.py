"""Platforms' logs audited where they are, and every log accounted for.

`paipu check`, `report` and `corpus ingest` read Botzone, Tenhou and mjai logs directly,
converted in memory as `paipu import` converts them; a finding names the converted record's
line and the place in the log.  `paipu import` names every file it does not convert, and
distinct games always get distinct files.  Logs are written here (simulated Botzone games, a
sample riichi record exported to mjai); the real Tenhou logs are read from
``../shared/logs/`` when that folder exists, and the tests that need them skip otherwise.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_record, audit_text
from paipu.cli import main
from paipu.cli.checking import check_file
from paipu.grammar.parser import parse
from paipu.importers.base import place_in_log
from paipu.importers.botzone import simulated_logs
from paipu.importers.logs import LogGame, RecordNames, classify, log_games, read_game
from paipu.importers.mjai import MjaiImporter, mjai_lines, record_to_mjai
from paipu.importers.registry import BUILTIN_SUFFIXES, get_importer, importer_names
from paipu.importers.tenhou.importer import TenhouImporter
from paipu.record import Record, to_json
from paipu.sim.simulate import simulate
from paipu.value import replace

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "logs"
TENHOU = sorted((SHARED / "tenhou" / "mjlog").glob("*.mjlog")) if SHARED.is_dir() else []
JSON6 = sorted((SHARED / "tenhou" / "json6").glob("*.json")) if SHARED.is_dir() else []
needs_tenhou = pytest.mark.skipif(not TENHOU or not JSON6, reason="the real Tenhou logs (../shared/logs/) are not here")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def _doctored_botzone(tmp_path: Path, name: str = "game.txt") -> tuple[Path, int]:
    """A simulated Botzone game whose `Score` line pays the winner 1 point less: the log and
    the number of its `Score` line."""
    log = simulated_logs(1, seed=9)[0]
    lines = log.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Score "))
    values = [int(v) for v in lines[at].split()[1:]]
    top = max(range(4), key=lambda i: values[i])
    values[top] -= 1
    values[(top + 1) % 4] += 1
    lines[at] = "Score " + " ".join(str(v) for v in values)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, at + 1


# ---------------------------------------------------------------- findings name both places


def test_a_finding_on_a_log_names_the_converted_records_line_and_the_logs_line(tmp_path: Path) -> None:
    log, score_line = _doctored_botzone(tmp_path)
    code, out = _run("check", str(log))
    assert code == 1, out
    head = next(line for line in out.splitlines() if "error[score-mismatch]" in line)
    record_line = int(head.split(":")[1])
    # The line is that of the record `paipu import` writes for the game.
    assert _run("import", "botzone", str(log), "-o", str(tmp_path / "out"))[0] == 0
    written = (tmp_path / "out" / "sim000.paipu").read_text(encoding="utf-8").splitlines()
    assert written[record_line - 1].startswith("score ")
    assert head.startswith(f"{log}:{record_line}:1: error[score-mismatch]")
    assert f"  in the log: line {score_line}: Score " in out


def test_check_json_names_the_log_as_file_and_the_place_of_each_finding(tmp_path: Path) -> None:
    log, score_line = _doctored_botzone(tmp_path)
    code, out = _run("check", "--json", str(log))
    assert code == 1
    (result,) = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert result["file"] == str(log)
    assert (result["game"], result["format"], result["record"]) == ("sim000", "botzone", "sim000.paipu")
    (finding,) = [f for f in result["findings"] if f["code"] == "score-mismatch"]
    assert finding["log"].startswith(f"line {score_line}: Score ")


def test_each_game_of_a_log_of_several_is_named_log_hash_game(tmp_path: Path) -> None:
    log = tmp_path / "two.txt"
    log.write_text("\n".join(simulated_logs(2, seed=9)), encoding="utf-8")
    code, out = _run("check", str(log))
    assert code == 0, out
    assert f"{log}#sim000: mcr, 1 hand" in out and f"{log}#sim001: mcr, 1 hand" in out
    assert "(2 games read from 1 log)" in out
    assert read_game(f"{log}#sim001").game_id == "sim001"


def test_check_with_jobs_prints_the_same_for_logs(tmp_path: Path) -> None:
    for i, text in enumerate(simulated_logs(3, seed=5)):
        (tmp_path / f"g{i}.txt").write_text(text, encoding="utf-8")
    _doctored_botzone(tmp_path, "g9.txt")
    one = _run("check", "--jobs", "1", str(tmp_path))
    two = _run("check", "--jobs", "2", str(tmp_path))
    assert one == two and one[0] == 1


# ---------------------------------------------------------------- every file accounted for


def test_check_of_a_folder_names_a_damaged_log_and_a_readme_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
    (tmp_path / "README.txt").write_text("These are the logs of Friday's games.\n", encoding="utf-8")
    (tmp_path / "broken.json").write_text('{"title": ["", ""], "name": ["A", "B", "C", "D"], "log": [[', "utf-8")
    code, out = _run("check", str(tmp_path))
    assert code == 2, out
    assert f"{tmp_path / 'README.txt'}: skipped: plain text" in out
    assert f"paipu: error: {tmp_path / 'broken.json'}: line 1, column" in out and "not JSON" in out
    code, out = _run("check", "--json", str(tmp_path))
    objects = {Path(o["file"]).name: o for o in map(json.loads, (x for x in out.splitlines() if x.startswith("{")))}
    assert objects["README.txt"]["skipped"] and objects["README.txt"]["ok"]
    assert objects["broken.json"]["readable"] is False and "not JSON" in objects["broken.json"]["problem"]
    assert objects["good.txt"]["ok"] and objects["good.txt"]["game"] == "sim000"


def test_a_readme_alone_beside_good_logs_is_named_but_not_a_failure(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
    (tmp_path / "README.txt").write_text("About these logs.\n", encoding="utf-8")
    code, out = _run("check", str(tmp_path))
    assert code == 0, out
    assert "1 file skipped as neither record nor log" in out


def test_import_names_a_malformed_json6_log_in_text_and_json_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"title": ["", ""], "name": ["A", "B", "C", "D"], "log": [[[0,', "utf-8")
    (tmp_path / "odd.json").write_text('{"titel": 1}', "utf-8")  # JSON, but of no format paipu reads
    out_dir = tmp_path / "out"
    code, out = _run("import", "tenhou", str(tmp_path), "-o", str(out_dir), "--json")
    assert code == 2
    report = json.loads(out[out.index("{\n"):])
    failed = {Path(str(f["file"])).name: f["problem"] for f in report["failed"]}
    assert set(failed) == {"bad.json", "odd.json"}
    assert "not JSON" in failed["bad.json"] and "does not start like a tenhou log" in failed["odd.json"]
    assert report["written"] == []
    code, out = _run("import", "tenhou", str(tmp_path), "-o", str(out_dir))
    assert code == 2 and "bad.json" in out and "odd.json" in out and "2 logs could not be converted" in out


def test_botzone_match_ids_that_make_the_same_file_name_get_distinct_files(tmp_path: Path) -> None:
    base = simulated_logs(2, seed=9)
    (tmp_path / "a.txt").write_text(base[0].replace("Match sim000", "Match x/1", 1), encoding="utf-8")
    (tmp_path / "b.txt").write_text(base[1].replace("Match sim001", "Match x_1", 1), encoding="utf-8")
    out_dir = tmp_path / "out"
    code, out = _run("import", "botzone", str(tmp_path), "-o", str(out_dir), "--json")
    assert code == 0, out
    report = json.loads(out)
    files = [str(w["file"]) for w in report["written"]]
    assert len(set(files)) == 2 and all(Path(f).is_file() for f in files)
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(Path(f).name for f in files)
    # The same names in a second run (a game's file name does not depend on the run's order).
    again = json.loads(_run("import", "botzone", str(tmp_path / "b.txt"), str(tmp_path / "a.txt"), "-o",
                            str(tmp_path / "again"), "--json")[1])
    assert sorted(Path(str(w["file"])).name for w in again["written"]) == sorted(Path(f).name for f in files)


def test_record_names_keep_a_safe_id_and_tell_apart_what_would_collide() -> None:
    names = RecordNames()
    assert names.name("61602cb45ddc087351c04358", "a.txt") == "61602cb45ddc087351c04358.paipu"
    assert names.name("61602cb45ddc087351c04358", "a.txt") == "61602cb45ddc087351c04358.paipu"  # the same game
    slash, underscore = names.name("x/1", "a.txt"), names.name("x_1", "b.txt")
    assert slash != underscore and slash.startswith("x_1-") and underscore == "x_1.paipu"
    first, second = names.name("game", "game.json"), names.name("game", "game.mjlog")
    assert first == "game.paipu" and second != first and second.startswith("game-")
    case = RecordNames()
    assert case.name("Game", "a") != case.name("game", "b")  # distinct on a file system that ignores case


@needs_tenhou
def test_four_games_of_the_same_name_in_four_formats_become_four_files(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(JSON6[0], logs / "game.json")
    shutil.copy(TENHOU[0], logs / "game.mjlog")
    plain = TENHOU[1].read_bytes()
    (logs / "game.mjlog.gz").write_bytes(plain if plain[:2] == b"\x1f\x8b" else gzip.compress(plain, mtime=0))
    shutil.copy(TENHOU[2], logs / "game.xml")
    code, out = _run("import", "tenhou", str(logs), "-o", str(tmp_path / "out"), "--json")
    assert code == 0, out
    written = json.loads(out)["written"]
    assert len(written) == 4
    files = {str(w["file"]) for w in written}
    assert len(files) == 4 and len({Path(f).read_text(encoding="utf-8") for f in files}) == 4


# ---------------------------------------------------------------- report and corpus


def test_report_of_a_log_writes_the_games_page(tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
    out = tmp_path / "page.html"
    code, said = _run("report", str(log), "-o", str(out))
    assert code == 0, said
    assert "</html>" in out.read_text(encoding="utf-8")
    several = tmp_path / "two.txt"
    several.write_text("\n".join(simulated_logs(2, seed=9)), encoding="utf-8")
    code, said = _run("report", str(several), "-o", str(out))
    assert code == 2 and "name one as" in said
    assert _run("report", f"{several}#sim001", "-o", str(out))[0] == 0


def test_corpus_ingest_stores_each_game_of_a_log_and_its_report_reads_it_back(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "two.txt").write_text("\n".join(simulated_logs(2, seed=9)), encoding="utf-8")
    (logs / "README.txt").write_text("About these logs.\n", encoding="utf-8")
    db = tmp_path / "c.db"
    code, out = _run("corpus", "ingest", str(logs), "--db", str(db), "--json")
    assert code == 0, out
    summary = json.loads(out[out.index("{"):])
    assert summary["new"] == 2 and summary["failed"] == 0
    from sqlite_utils import Database

    paths = sorted(row["path"] for row in Database(db)["records"].rows)
    assert paths == [f"{logs / 'two.txt'}#sim000", f"{logs / 'two.txt'}#sim001"]
    code, out = _run("corpus", "report", "--db", str(db), "-o", str(tmp_path / "site"))
    assert code == 0, out
    assert len(list((tmp_path / "site" / "records").glob("*.html"))) == 2


# ---------------------------------------------------------------- mjai


def _mjai_of_sample(tmp_path: Path) -> Path:
    from paipu.grammar.parser import parse

    sample = sorted((ROOT / "samples" / "valid" / "riichi").glob("*.paipu"))[0]
    stream = tmp_path / "game.mjson"
    stream.write_text(mjai_lines(record_to_mjai(parse(sample.read_text(encoding="utf-8")).record)), "utf-8")
    return stream


def test_import_mjai_reads_an_exported_stream_back_to_a_clean_record(tmp_path: Path) -> None:
    stream = _mjai_of_sample(tmp_path)
    assert classify(stream.read_bytes()[:512]) == ("mjai", True)
    code, out = _run("import", "mjai", str(stream), "-o", str(tmp_path / "out"), "--check")
    assert code == 0, out
    assert (tmp_path / "out" / "game.paipu").is_file()
    code, out = _run("check", str(stream))
    assert code == 0 and f"{stream}: riichi" in out


def test_an_mjai_stream_of_two_games_gives_two_records(tmp_path: Path) -> None:
    stream = _mjai_of_sample(tmp_path)
    text = stream.read_text(encoding="utf-8")
    stream.write_text(text + text, encoding="utf-8")
    games = MjaiImporter().convert(stream.read_bytes(), str(stream))
    assert [g.game_id for g in games] == ["game-1", "game-2"] and games[0].text == games[1].text


def test_a_damaged_mjai_event_is_named_by_its_line(tmp_path: Path) -> None:
    stream = _mjai_of_sample(tmp_path)
    lines = stream.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"dahai"' in line)
    lines[at] = lines[at].replace('"pai"', '"tile"')
    stream.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = _run("import", "mjai", str(stream), "-o", str(tmp_path / "out"))
    assert code == 2 and f"line {at + 1}: a 'dahai' event paipu cannot read (no 'pai')" in out
    assert "Traceback" not in out


@needs_tenhou
def test_every_real_tenhou_game_round_trips_through_mjai_to_the_same_verdict_and_scores() -> None:
    for path in [*TENHOU, *JSON6]:
        (original,) = TenhouImporter().convert(_plain(path), str(path))
        first = audit_text(original.text, path.name)
        assert first.replay is not None
        stream = mjai_lines(record_to_mjai(first.record))
        (back,) = MjaiImporter().convert(stream.encode("utf-8"), f"{path.stem}.mjson")
        second = audit_text(back.text, path.name)
        assert second.replay is not None
        assert second.ok == first.ok, path.name
        assert second.replay.scores == first.replay.scores, path.name
        codes = sorted(f.code for f in first.findings if f.severity == "error")
        assert sorted(f.code for f in second.findings if f.severity == "error") == codes, path.name


def _plain(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


@needs_tenhou
def test_tenhou_places_name_each_hands_round() -> None:
    (game,) = TenhouImporter().convert(_plain(TENHOU[0]), str(TENHOU[0]))
    hand_lines = [i + 1 for i, line in enumerate(game.text.splitlines()) if line.startswith("hand ")]
    assert [line for line, _ in game.origins] == hand_lines
    assert place_in_log(game.origins, hand_lines[0] + 5) == game.origins[0][1]
    assert place_in_log(game.origins, 1) is None
    assert game.origins[0][1].startswith("<INIT> 1: 東1局")


# ---------------------------------------------------------------- the registry


def test_the_registry_knows_each_built_in_importers_file_names_without_loading_it() -> None:
    assert set(BUILTIN_SUFFIXES) == set(importer_names())
    for name, suffixes in BUILTIN_SUFFIXES.items():
        assert get_importer(name).suffixes == suffixes, name


# ---------------------------------------------------------------- a log's game replayed from its record


def _checked(game: LogGame, as_json: bool) -> str:
    return check_file(game.name, game.text, {}, False, as_json, False, game=game).output


@needs_tenhou
def test_a_tenhou_game_is_replayed_from_its_record_and_checked_as_its_text_is() -> None:
    """`paipu check` of a Tenhou log replays each game's record as the importer made it, without
    reading its text back: the record is the one its text reads as (but for the places of its
    lines), and what check prints, in text and JSON, is what the text's audit prints."""
    names = RecordNames()
    games = [game for path in [*TENHOU, *JSON6] for game in log_games(path, "tenhou", names)]
    assert len(games) > 50
    for game in games:
        assert game.record is not None
        assert to_json(game.record, spans=False) == to_json(parse(game.text).record, spans=False), game.name
        from_text = replace(game, record=None)
        for as_json in (False, True):
            assert _checked(game, as_json) == _checked(from_text, as_json), game.name


@needs_tenhou
def test_a_tenhou_game_s_text_is_written_only_when_its_check_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`paipu check` of a Tenhou log replays each game's record and writes the game as text only
    for a game the replay finds anything in (a clean game's text is never written); a game's
    text, once asked for, is written once and is the text `paipu import` writes."""
    from paipu.grammar.writer import format_record as real

    written: list[str] = []

    def counting(record: Record) -> str:
        written.append(record.header.tag("Source") or "")
        return real(record)

    monkeypatch.setattr("paipu.importers.tenhou.importer.format_record", counting)
    code, out = _run("check", "-j", "1", str(TENHOU[0]))
    assert code == 0 and ": riichi, " in out and written == []
    wrong = SHARED / "tenhou" / "json6" / "confusing_nakis_1.json"
    code, out = _run("check", "-j", "1", str(wrong))
    assert code == 1 and "score-mismatch" in out and len(written) == 1
    game = read_game(str(TENHOU[0]))
    assert len(written) == 1
    text = game.text
    assert game.text is text and len(written) == 2
    assert game.origins and len(written) == 2
    (imported,) = TenhouImporter().convert(_plain(TENHOU[0]), str(TENHOU[0]))
    assert imported.text == text and imported.origins == game.origins


def test_a_game_whose_record_has_a_finding_is_checked_from_its_text() -> None:
    """A game whose replayed record has any finding is audited from its text, so that each
    finding has its line: check prints what the text's audit prints."""
    text = next(text for _, text in simulate("riichi", 1, seed=5))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("score "))
    lines[at] = lines[at].replace("+", "+1", 1)
    wrong = "\n".join(lines) + "\n"
    record = parse(wrong).record
    game = LogGame("x.mjlog", "tenhou", "x", "x.paipu", wrong, (), 1, replace(record))
    assert audit_record(record, "x").findings, "the doctored score is a finding"
    from_text = replace(game, record=None)
    for as_json in (False, True):
        out = _checked(game, as_json)
        assert out == _checked(from_text, as_json)
        assert f"{at + 1}:" in out or f'"line": {at + 1}' in out
