"""The Botzone importer (`paipu import botzone`) and the mcr ruleset on real Botzone games.

The real logs are read from ``../shared/logs/botzone/`` when that folder exists (they are
not part of the project) and the tests that need them are skipped otherwise.  The rest use
logs written here: simulated `mcr` hands written out in Botzone's format by `write_botzone`,
which must import back to records that audit clean, and small broken logs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import paipu.record as r
from paipu.auditing import audit_text
from paipu.cli import main
from paipu.grammar.parser import parse
from paipu.importers.base import ConversionError, Importer
from paipu.importers.botzone import BotzoneImporter, botzone_code, botzone_tile, simulated_logs
from paipu.importers.registry import get_importer, importer_names, sniff_format
from paipu.replay.session import replay
from paipu.tiles import parse_tiles

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "botzone"
REAL_LOGS = sorted(LOGS.glob("[0-9]*.txt")) if LOGS.is_dir() else []
needs_logs = pytest.mark.skipif(not REAL_LOGS, reason="the Botzone logs (../shared/logs/botzone/) are not here")
SEATS = "ESWN"


# ---------------------------------------------------------------- the real games


@needs_logs
@pytest.mark.parametrize("path", REAL_LOGS, ids=lambda p: p.name[:2])
def test_botzone_real_game_imports_and_audits_with_its_fan_total_and_scores(path: Path) -> None:
    games = BotzoneImporter().convert(path.read_bytes(), str(path))
    assert len(games) == 1
    game_id, text, _ = games[0]
    assert game_id in path.name
    audit = audit_text(text, game_id)
    assert audit.ok, [f"{f.code} {f.line}: {f.message}" for f in audit.findings if f.severity == "error"]
    record = parse(text).record
    hand = record.hands[0]
    fan_lines = [a for a in hand.actions if isinstance(a, r.FanLine)]
    score_lines = [a for a in hand.actions if isinstance(a, r.ScoreLine)]
    assert audit.replay is not None
    result = audit.replay.hands[0].result
    # Every game in the folder is a win: the recorded total and scores are paipu's.
    assert result.result == "win" and len(fan_lines) == 1 and len(score_lines) == 1
    assert fan_lines[0].total == result.wins[0].total
    assert dict(score_lines[0].payments) == result.payments


@needs_logs
def test_botzone_real_games_reach_last_of_kind_and_both_ways_to_win() -> None:
    """The real games check more than plain fans: 和绝张 (rule mcr.last-of-kind), self-drawn and discard wins."""
    seen: set[str] = set()
    for path in REAL_LOGS:
        (_, text, _), = BotzoneImporter().convert(path.read_bytes(), str(path))
        rp = replay(parse(text).record)
        for win, ctx in zip(rp.hands[0].result.wins, rp.hands[0].result.contexts, strict=True):
            seen.update(i.id for i in win.items)
            seen.add("self-drawn" if ctx.self_drawn else "discard")
    assert {"hejuezhang", "self-drawn", "discard"} <= seen


@needs_logs
def test_botzone_import_of_the_real_folder_writes_one_record_per_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["import", "botzone", str(LOGS), "--out", str(tmp_path), "--check"])
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("*.paipu"))) == len(REAL_LOGS)


# ---------------------------------------------------------------- written logs


def test_botzone_tiles_map_to_paipu_tiles() -> None:
    assert botzone_tile("W1") == parse_tiles("1m")[0]
    assert botzone_tile("B9") == parse_tiles("9p")[0]
    assert botzone_tile("T5") == parse_tiles("5s")[0]
    assert [botzone_tile(f"F{i}") for i in range(1, 5)] == list(parse_tiles("1234z"))
    assert [botzone_tile(f"J{i}") for i in range(1, 4)] == list(parse_tiles("中 发 白"))
    assert botzone_tile("H3") == parse_tiles("秋")[0]
    assert botzone_tile("W0") is None and botzone_tile("J4") is None and botzone_tile("X1") is None
    every = list(parse_tiles("123456789m 123456789p 123456789s 1234567z 12345678f"))
    assert [botzone_tile(botzone_code(x)) for x in every] == every


def test_simulated_games_written_as_botzone_logs_import_back_and_audit_clean() -> None:
    logs = simulated_logs(12, seed=4)
    data = "\n".join(logs).encode()
    games = BotzoneImporter().convert(data, "sim.txt")
    assert [g.game_id for g in games] == [f"sim{i:03d}" for i in range(12)]
    results = set()
    for game_id, text, _ in games:
        audit = audit_text(text, game_id)
        assert audit.ok, (game_id, [f"{f.code} {f.line}: {f.message}" for f in audit.findings])
        assert audit.replay is not None
        results.add(audit.replay.hands[0].result.result)
    assert "win" in results


def test_botzone_fan_names_that_are_readable_become_value_items() -> None:
    log = simulated_logs(3, seed=4)
    for game_id, text, _ in BotzoneImporter().convert("\n".join(log).encode(), "sim.txt"):
        fan = next((line for line in text.splitlines() if line.startswith("fan ")), None)
        if fan is not None:
            assert " : " in fan, fan
            assert audit_text(text, game_id).ok


def test_botzone_ignore_clause_is_kept_as_a_comment_not_a_pass() -> None:
    log = simulated_logs(1, seed=4)[0].splitlines()
    i = next(n for n, line in enumerate(log) if " Play " in line and n > 8)
    seat = int(log[i].split()[1])
    other = (seat + 2) % 4
    tile = log[i].split()[3]
    log.insert(i + 1, f"Player {other} Peng {tile}")
    # Not a legal game any more; the conversion alone is checked.
    log[i + 1] += f" Ignore Player {(seat + 1) % 4} Chi {tile}"
    (_, text, _), = BotzoneImporter().convert(("\n".join(log) + "\n").encode(), "x.txt")
    line = next(x for x in text.splitlines() if " pong " in x)
    assert "; Botzone:" in line and "Ignore Player" in line
    assert " pass" not in text


def test_botzone_records_are_canonical_as_imported() -> None:
    """`paipu fmt` of what the importer writes changes nothing, comments included (an Ignore
    clause kept as a comment, a fan line whose names are garbled)."""
    from paipu.cli.formatting import canonical_text

    log = simulated_logs(1, seed=4)[0].splitlines()
    i = next(n for n, line in enumerate(log) if " Play " in line and n > 8)
    seat = int(log[i].split()[1])
    log[i] += f" Ignore Player {(seat + 1) % 4} Chi {log[i].split()[3]}"
    log = [line if not line.startswith("Fan ") else "Fan 9 ???*1+??*1" for line in log]
    texts = [text for _, text, _ in BotzoneImporter().convert(("\n".join(log) + "\n").encode(), "x.txt")]
    for path in REAL_LOGS:
        texts += [text for _, text, _ in BotzoneImporter().convert(path.read_bytes(), str(path))]
    assert any("; Botzone:" in t for t in texts)
    for text in texts:
        assert canonical_text(text) == text


def test_botzone_fan_line_keeps_the_total_and_drops_garbled_names() -> None:
    assert BotzoneImporter._fan_line("S", 9, "???*1+??*1") == "fan S 9 ; Botzone's fans: ???*1+??*1"
    assert BotzoneImporter._fan_line("N", 9, "混一色*1+箭刻*1+老少副*1") == \
        "fan N 9 : hunyise 6, jianke 2, laoshaofu 1"
    assert BotzoneImporter._fan_line("N", 3, "幺九刻*3") == "fan N 3 : yaojiuke 3"


def test_botzone_huang_is_an_exhausted_hand() -> None:
    log = simulated_logs(1, seed=4)[0].splitlines()
    cut = next(n for n, line in enumerate(log) if " Hu " in line or line == "Huang")
    text = "\n".join([*log[:cut], "Huang", "Score 0 0 0 0"]) + "\n"
    (_, record, _), = BotzoneImporter().convert(text.encode(), "x.txt")
    assert record.splitlines()[-2:] == ["exhausted", "score E 0 S 0 W 0 N 0"]


@pytest.mark.parametrize(("change", "line", "message"), [
    (lambda log: log.replace("Wind 0", "Wind 7"), 2, "Wind"),
    (lambda log: log.replace("Player 3 Deal", "Player 5 Deal"), 6, "Player 0"),
    (lambda log: log.replace(" Play ", " Plya ", 1), 8, "unknown verb 'Plya'"),
    (lambda log: log.replace("Player 0 Draw", "Player 1 Draw", 1), 7, "player 0 (the dealer) draws first"),
    (lambda log: log.replace(" Play ", " Play Q9 ", 1), 8, "takes one tile"),
    (lambda log: log.split("Fan")[0].split("Huang")[0], 0, "cut short"),
])
def test_botzone_malformed_log_is_a_conversion_error_at_its_line(change: object, line: int, message: str) -> None:
    log = simulated_logs(1, seed=4)[0]
    assert callable(change)
    broken = change(log)
    with pytest.raises(ConversionError) as info:
        BotzoneImporter().convert(broken.encode(), "bad.txt")
    assert message in info.value.message
    if line:
        assert info.value.line == line and str(info.value).startswith(f"bad.txt:{line}: ")


def test_botzone_importer_is_registered_and_sniffed() -> None:
    assert "botzone" in importer_names()
    importer = get_importer("botzone")
    assert isinstance(importer, Importer)
    assert sniff_format("Match 61602cb4\nWind 1\n") == "botzone"
    assert sniff_format('[Ruleset "mcr"]\n') is None
    with pytest.raises(KeyError, match="known formats: botzone"):
        get_importer("tenhou-xml")


# ---------------------------------------------------------------- the command


def test_import_command_prints_one_file_and_writes_a_folder(tmp_path: Path) -> None:
    logs = simulated_logs(2, seed=9)
    (tmp_path / "a.txt").write_text(logs[0], encoding="utf-8")
    (tmp_path / "b.txt").write_text(logs[1], encoding="utf-8")
    (tmp_path / "README.txt").write_text("About these logs.\n", encoding="utf-8")
    one = CliRunner().invoke(main, ["import", "botzone", str(tmp_path / "a.txt")])
    assert one.exit_code == 0 and one.output.startswith('[Ruleset "mcr"]')
    out = tmp_path / "out"
    many = CliRunner().invoke(main, ["import", "botzone", str(tmp_path), "--out", str(out)])
    assert many.exit_code == 0, many.output
    # Each game is named after its match id; the README is named as skipped, not an error.
    assert sorted(p.name for p in out.iterdir()) == ["sim000.paipu", "sim001.paipu"]
    assert f"{tmp_path / 'README.txt'}: skipped: not a botzone log" in many.output
    assert "1 file skipped as no log" in many.output


def test_import_command_reports_a_malformed_log_and_converts_the_rest(tmp_path: Path) -> None:
    good = simulated_logs(1, seed=9)[0]
    (tmp_path / "a.txt").write_text(good.replace(" Play ", " Plya ", 1), encoding="utf-8")
    (tmp_path / "b.txt").write_text(good, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["import", "botzone", str(tmp_path), "--out", str(out)])
    assert result.exit_code == 2
    assert f"{tmp_path / 'a.txt'}:8: unknown verb 'Plya'" in result.output
    assert "Traceback" not in result.output
    assert len(list(out.glob("*.paipu"))) == 1


def test_import_command_refuses_an_unknown_format_and_a_folder_without_out(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["import", "mjlog", str(tmp_path)]).exit_code == 2
    (tmp_path / "a.txt").write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
    result = CliRunner().invoke(main, ["import", "botzone", str(tmp_path)])
    assert result.exit_code == 2 and "--out" in result.output


def test_check_audits_a_botzone_log_where_it_is(tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text(simulated_logs(1, seed=9)[0], encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(log)])
    assert result.exit_code == 0, result.output
    assert f"{log}: mcr, 1 hand" in result.output


def test_importer_registry_takes_a_new_format_that_the_command_then_runs(tmp_path: Path) -> None:
    """A format is an object with a name, suffixes, a sniff and a convert (`paipu.importers.base.Importer`)."""
    from paipu.importers.registry import _IMPORTERS, register_importer

    class Upper:
        name = "upper-test"
        description = "a record written in capitals, for this test"
        suffixes = (".up",)

        def sniff(self, head: str) -> bool:
            return head.startswith("[RULESET")

        def convert(self, data: bytes, filename: str) -> list[tuple[str, str]]:
            text = data.decode()
            if "HAND 1" not in text:
                raise ConversionError(filename, 1, "no hand")
            return [("one", text.replace("[RULESET", "[Ruleset").replace("HAND", "hand"))]

    importer = Upper()
    assert isinstance(importer, Importer)
    register_importer(importer)
    try:
        (tmp_path / "a.up").write_text('[RULESET "mcr"]\nHAND 1\n', encoding="utf-8")
        (tmp_path / "b.up").write_text('[RULESET "mcr"]\n', encoding="utf-8")
        out = tmp_path / "out"
        result = CliRunner().invoke(main, ["import", "upper-test", str(tmp_path), "--out", str(out)])
        assert result.exit_code == 2 and "b.up:1: no hand" in result.output
        assert (out / "one.paipu").read_text(encoding="utf-8").startswith('[Ruleset "mcr"]\nhand 1')
    finally:
        del _IMPORTERS["upper-test"]
