"""`paipu import tenhou`: Tenhou's real logs become riichi records that audit clean (but for the
two logs whose own numbers do not add up), and a broken log is one line naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.importers.registry import get_importer, sniff_format

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou"
KNOWN_WRONG = {"confusing_nakis_1", "confusing_nakis_2"}
"""Their own recorded payments do not add up (tests/test_riichi_tenhou.py says how)."""


def test_tenhou_files_are_recognised_by_their_start() -> None:
    assert sniff_format('<mjloggm ver="2.3"><SHUFFLE seed="x"/>') == "tenhou"
    assert sniff_format('{"title":["",""],"name":["a","b","c","d"],"rule":{},"log":[[') == "tenhou"
    assert sniff_format("\x1f\ufffd\x08") == "tenhou"
    assert sniff_format("Match 61602cb45ddc087351c04358\nWind 0") == "botzone"
    assert sniff_format('[Ruleset "riichi"]') is None


def test_a_broken_tenhou_log_is_one_line_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.mjlog"
    bad.write_text('<mjloggm ver="2.3"><INIT seed="0,0,0" ten="250,250,250,250" oya="9" hai0="1"/></mjloggm>')
    result = CliRunner().invoke(main, ["import", "tenhou", str(bad), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "broken.mjlog" in result.output and "Traceback" not in result.output


@pytest.mark.skipif(not LOGS.is_dir(), reason="no folder of real Tenhou logs beside the repository")
def test_every_real_tenhou_log_imports_and_audits(tmp_path: Path) -> None:
    out = tmp_path / "records"
    result = CliRunner().invoke(main, ["import", "tenhou", str(LOGS / "mjlog"), str(LOGS / "json6"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = sorted(out.glob("*.paipu"))
    assert len(records) == len(list((LOGS / "mjlog").iterdir())) + len(list((LOGS / "json6").iterdir()))
    for path in records:
        audit = audit_text(path.read_text(encoding="utf-8"), path.name)
        errors = [f for f in audit.findings if f.severity == "error"]
        if path.stem in KNOWN_WRONG:
            assert errors and all(f.code in ("score-mismatch", "fan-mismatch") for f in errors), path.name
        else:
            assert errors == [], f"{path.name}: {errors[0].code} at line {errors[0].line}: {errors[0].message}"


def test_the_tenhou_importer_is_registered() -> None:
    importer = get_importer("tenhou")
    assert ".mjlog" in importer.suffixes and "riichi" in importer.description
