"""The `paipu parse` and `paipu fmt` commands: output, exit statuses and input errors."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import paipu
import paipu.sources
from paipu.cli import main

ROOT = Path(__file__).resolve().parent.parent
_SCRIPT = Path(sys.executable).parent / "paipu"
PAIPU = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "paipu.cli"]
"""The installed `paipu` command next to this Python (or the module, if it is not installed)."""

CLEAN = """[Ruleset "zhuji"]
[Player E "Alice"]

hand 1
dealer E
E draw 5m
E discard 5m
"""

NOT_CANONICAL = """[Player E "Alice"] [Ruleset "zhuji"]
hand 1
庄 E
E 摸 五万   ; a comment
E 打 5m
"""

BAD = """[Ruleset "zhuji"]
hand 1
E drawn 5m
E discard 5m
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def assert_no_crash(result: Result) -> None:
    """The command ended by itself (sys.exit), not with an exception."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


def assert_one_input_error(result: Result, *words: str) -> None:
    assert_no_crash(result)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("paipu: error: ")
    for w in words:
        assert w in lines[0]


# ---------------------------------------------------------------- --version and help


def test_version_prints_the_package_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"paipu, version {paipu.__version__}"


def test_the_installed_command_prints_its_version() -> None:
    proc = subprocess.run([*PAIPU, "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert paipu.__version__ in proc.stdout


def test_help_explains_the_exit_statuses() -> None:
    result = run("parse", "--help")
    assert result.exit_code == 0
    assert "Exit status" in result.stdout and "2 for a usage or input problem" in result.stdout


def test_parse_without_a_path_is_a_usage_error() -> None:
    result = run("parse")
    assert result.exit_code == 2
    assert "Missing argument" in result.stderr


# ---------------------------------------------------------------- parse


def test_parse_of_a_clean_record_prints_one_summary_line_and_exits_0(tmp_path: Path) -> None:
    path = write(tmp_path / "clean.paipu", CLEAN)
    result = run("parse", str(path))
    assert result.exit_code == 0
    assert result.stdout == f"{path}: zhuji, 1 hand, 2 actions: ok\n"
    assert result.stderr == ""


def test_parse_summary_counts_hands_and_actions_in_the_plural(tmp_path: Path) -> None:
    text = CLEAN + "\nhand 2\nS draw 1m\nS discard 1m\nS draw 2m\n"
    path = write(tmp_path / "two.paipu", text)
    assert run("parse", str(path)).stdout == f"{path}: zhuji, 2 hands, 5 actions: ok\n"


def test_parse_summary_of_a_record_without_ruleset_says_so(tmp_path: Path) -> None:
    path = write(tmp_path / "noruleset.paipu", "hand 1\nE draw 1m\n")
    result = run("parse", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == f"{path}: no ruleset, 1 hand, 1 action: 1 error"


def test_parse_of_a_syntax_error_prints_file_line_column_source_and_caret(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.paipu", BAD)
    result = run("parse", str(path))
    assert_no_crash(result)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{path}:3:3: error[syntax] unknown word 'drawn' (did you mean 'draw'?); read as `E draw 5m`"
    assert lines[1] == "  E drawn 5m"
    assert lines[2] == "    ^^^^^"
    assert lines[3] == f"{path}: zhuji, 1 hand, 2 actions: 1 error"


def test_every_error_of_a_file_is_printed(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.paipu", BAD + "S discard\nW pong 0z\n")
    result = run("parse", str(path))
    assert result.exit_code == 1
    heads = [ln for ln in result.stdout.splitlines() if ln.startswith(f"{path}:") and "error[" in ln]
    assert [h.split(": error")[0] for h in heads] == [f"{path}:3:3", f"{path}:5:10", f"{path}:6:8"]
    assert "error[bad-tile]" in heads[2]
    assert result.stdout.splitlines()[-1].endswith(": 3 errors")


def test_caret_under_chinese_text_is_as_wide_as_the_text(tmp_path: Path) -> None:
    path = write(tmp_path / "wide.paipu", '[Ruleset "zhuji"]\nhand 1\nE 摸 0万\n')
    lines = run("parse", str(path)).stdout.splitlines()
    assert lines[0].startswith(f"{path}:3:5: error[bad-tile] bad tile 0万")
    assert lines[1] == "  E 摸 0万"
    assert lines[2] == "    \u3000 ^^^"


def test_parse_json_prints_the_record_with_spans(tmp_path: Path) -> None:
    path = write(tmp_path / "clean.paipu", CLEAN)
    result = run("parse", "--json", str(path))
    assert result.exit_code == 0
    (line,) = result.stdout.splitlines()
    data = json.loads(line)
    assert data["file"] == str(path)
    assert data["ok"] is True
    assert data["findings"] == []
    record = data["record"]
    assert record["header"]["ruleset"] == "zhuji"
    assert record["header"]["players"][0]["span"] == {"line": 2, "column": 1, "end_line": 2, "end_column": 19}
    draw = record["hands"][0]["actions"][0]
    assert draw["type"] == "draw" and draw["seat"] == "E" and draw["tile"] == "5m"
    assert draw["span"] == {"line": 6, "column": 1, "end_line": 6, "end_column": 10}


def test_parse_json_of_a_bad_record_lists_its_findings_and_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.paipu", BAD)
    result = run("parse", "--json", str(path))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    (finding,) = data["findings"]
    assert {k: finding[k] for k in ("severity", "code", "line", "column")} == {
        "severity": "error", "code": "syntax", "line": 3, "column": 3,
    }
    assert "drawn" in finding["message"]


def test_parse_json_keeps_chinese_text_readable(tmp_path: Path) -> None:
    path = write(tmp_path / "cn.paipu", '[Ruleset "zhuji"]\n[Event "周五"]\n')
    assert '"周五"' in run("parse", "--json", str(path)).stdout


def test_parse_json_prints_one_line_per_file(tmp_path: Path) -> None:
    a = write(tmp_path / "a.paipu", CLEAN)
    b = write(tmp_path / "b.paipu", BAD)
    result = run("parse", "--json", str(a), str(b))
    assert result.exit_code == 1
    assert [json.loads(ln)["ok"] for ln in result.stdout.splitlines()] == [True, False]


def test_parse_of_a_folder_finds_records_recursively_and_sorted(tmp_path: Path) -> None:
    write(tmp_path / "b.paipu", CLEAN)
    write(tmp_path / "a" / "deep" / "er" / "c.paipu", CLEAN)
    with gzip.open(tmp_path / "a" / "z.paipu.gz", "wt", encoding="utf-8") as fh:
        fh.write(CLEAN)
    write(tmp_path / "notes.txt", "not a record")
    write(tmp_path / "a" / "x.paipu.bak", "not a record either")
    result = run("parse", str(tmp_path))
    assert result.exit_code == 0
    names = [ln.split(": ")[0] for ln in result.stdout.splitlines()]
    assert names == [
        str(tmp_path / "a" / "deep" / "er" / "c.paipu"),
        str(tmp_path / "a" / "z.paipu.gz"),
        str(tmp_path / "b.paipu"),
    ]


def test_a_gzipped_record_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.paipu.gz"
    path.write_bytes(gzip.compress(CLEAN.encode("utf-8")))
    result = run("parse", str(path))
    assert result.exit_code == 0
    assert result.stdout == f"{path}: zhuji, 1 hand, 2 actions: ok\n"


def test_a_file_named_on_the_command_line_is_read_whatever_its_name(tmp_path: Path) -> None:
    path = write(tmp_path / "game.txt", CLEAN)
    assert run("parse", str(path)).exit_code == 0


def test_a_utf8_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.paipu"
    path.write_bytes(b"\xef\xbb\xbf" + CLEAN.encode("utf-8"))
    result = run("parse", str(path))
    assert result.exit_code == 0 and result.stdout.endswith(": ok\n")


def test_crlf_record_parses_clean(tmp_path: Path) -> None:
    path = tmp_path / "crlf.paipu"
    path.write_bytes(CLEAN.replace("\n", "\r\n").encode("utf-8"))
    assert run("parse", str(path)).stdout == f"{path}: zhuji, 1 hand, 2 actions: ok\n"


# ---------------------------------------------------------------- input errors: exit 2


def test_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    result = run("parse", str(tmp_path / "nope.paipu"))
    assert_one_input_error(result, "nope.paipu", "no such file")
    assert result.stdout == ""


def test_folder_without_records_exits_2_with_one_line(tmp_path: Path) -> None:
    write(tmp_path / "readme.txt", "nothing here")
    result = run("parse", str(tmp_path))
    assert_one_input_error(result, str(tmp_path), "no records")


def test_empty_file_exits_2_with_one_line(tmp_path: Path) -> None:
    path = write(tmp_path / "empty.paipu", "")
    assert_one_input_error(run("parse", str(path)), "empty.paipu", "empty")


def test_file_of_only_blank_lines_counts_as_empty(tmp_path: Path) -> None:
    path = write(tmp_path / "blank.paipu", "\n \n\t\n")
    assert_one_input_error(run("parse", str(path)), "empty")


def test_binary_file_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.paipu"
    path.write_bytes(b'[Ruleset "zhuji"]\n\x00\x01\x02\xff')
    assert_one_input_error(run("parse", str(path)), "game.paipu", "binary")


def test_non_utf8_file_exits_2_naming_the_byte_and_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.paipu"
    path.write_bytes('[Ruleset "zhuji"]\n[Event "Café"]\n'.encode("latin-1"))
    assert_one_input_error(run("parse", str(path)), "latin1.paipu", "not UTF-8", "0xe9", "line 2")


def test_file_over_the_size_limit_exits_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paipu.sources, "MAX_BYTES", 64)
    path = write(tmp_path / "big.paipu", CLEAN)
    assert len(CLEAN.encode()) > 64
    assert_one_input_error(run("parse", str(path)), "big.paipu", "limit")


def test_gzip_that_decompresses_over_the_size_limit_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(paipu.sources, "MAX_BYTES", 1000)
    path = tmp_path / "bomb.paipu.gz"
    path.write_bytes(gzip.compress((CLEAN + ";" * 5000 + "\n").encode("utf-8")))
    assert path.stat().st_size < 1000  # small on disk, over the limit once decompressed
    assert_one_input_error(run("parse", str(path)), "bomb.paipu.gz", "decompressed", "limit")


def test_truncated_gzip_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "cut.paipu.gz"
    path.write_bytes(gzip.compress(CLEAN.encode("utf-8"))[:30])
    assert_one_input_error(run("parse", str(path)), "cut.paipu.gz", "cannot be read")


def test_corrupt_gzip_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.paipu.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00not really gzip")
    assert_one_input_error(run("parse", str(path)), "broken.paipu.gz", "cannot be read")


def test_an_input_error_does_not_stop_the_other_files(tmp_path: Path) -> None:
    good = write(tmp_path / "good.paipu", CLEAN)
    result = run("parse", str(tmp_path / "missing.paipu"), str(good))
    assert_one_input_error(result, "missing.paipu")
    assert result.stdout == f"{good}: zhuji, 1 hand, 2 actions: ok\n"


def test_input_error_wins_over_findings_in_the_exit_status(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.paipu", BAD)
    result = run("parse", str(bad), str(tmp_path / "missing.paipu"))
    assert result.exit_code == 2
    assert "error[syntax]" in result.stdout


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("missing.paipu", None, "no such file"),
        ("empty.paipu", b"", "empty"),
        ("binary.paipu", b"\x00\x00\x00", "binary"),
        ("latin1.paipu", "[Event \"Café\"]\n".encode("latin-1"), "not UTF-8"),
    ],
)
def test_the_installed_command_reports_input_errors_without_a_traceback(
    tmp_path: Path, name: str, content: bytes | None, words: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    proc = subprocess.run([*PAIPU, "parse", str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("paipu: error: ") and words in line


def test_the_installed_command_exits_1_on_a_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.paipu", BAD)
    proc = subprocess.run([*PAIPU, "parse", str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert f"{path}:3:3: error[syntax]" in proc.stdout


# ---------------------------------------------------------------- fmt


def test_fmt_prints_the_canonical_form(tmp_path: Path) -> None:
    path = write(tmp_path / "game.paipu", NOT_CANONICAL)
    result = run("fmt", str(path))
    assert result.exit_code == 0
    assert result.stdout == (
        '[Ruleset "zhuji"]\n'
        '[Player E "Alice"]\n'
        "\n"
        "hand 1\n"
        "dealer E\n"
        "E draw 5m ; a comment\n"
        "E discard 5m\n"
    )


def test_fmt_output_is_already_canonical(tmp_path: Path) -> None:
    path = write(tmp_path / "game.paipu", NOT_CANONICAL)
    formatted = write(tmp_path / "formatted.paipu", run("fmt", str(path)).stdout)
    assert run("fmt", str(formatted)).stdout == formatted.read_text(encoding="utf-8")
    assert run("fmt", "--check", str(formatted)).exit_code == 0


def test_fmt_check_exits_0_and_prints_nothing_on_canonical_input(tmp_path: Path) -> None:
    path = write(tmp_path / "clean.paipu", CLEAN)
    result = run("fmt", "--check", str(path))
    assert result.exit_code == 0
    assert result.output == ""


def test_fmt_check_exits_1_and_names_the_file_on_other_input(tmp_path: Path) -> None:
    path = write(tmp_path / "game.paipu", NOT_CANONICAL)
    result = run("fmt", "--check", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{path}: not in canonical form" in result.stderr


def test_fmt_check_of_a_folder_reports_only_the_files_not_canonical(tmp_path: Path) -> None:
    write(tmp_path / "a.paipu", CLEAN)
    other = write(tmp_path / "b.paipu", NOT_CANONICAL)
    result = run("fmt", "--check", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"{other}: not in canonical form; `paipu fmt --write {other}` rewrites it"]


def test_fmt_of_a_record_with_errors_prints_the_errors_not_a_rewrite(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.paipu", BAD)
    result = run("fmt", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:3:3: error[syntax]")
    assert "hand 1\n" not in result.stdout


def test_fmt_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    assert_one_input_error(run("fmt", str(tmp_path / "nope.paipu")), "no such file")


def test_fmt_keeps_every_sample_record(tmp_path: Path) -> None:
    """`paipu fmt` on the every-construct sample, then `fmt --check` on its output."""
    sample = ROOT / "samples" / "syntax" / "every-construct.paipu"
    out = write(tmp_path / "out.paipu", run("fmt", str(sample)).stdout)
    assert run("fmt", "--check", str(out)).exit_code == 0
    assert run("parse", str(out)).stdout.endswith(": harbin, 5 hands, 71 actions: ok\n")


@pytest.mark.parametrize("flags", [(), ("--json",), ("-q",)])
def test_check_with_jobs_prints_the_same_bytes_as_one_job(tmp_path: Path, flags: tuple[str, ...]) -> None:
    from paipu.sim.simulate import simulate

    for name, text in simulate("zhuji", 24, seed=8, session_hands=2):
        (tmp_path / name).write_text(text, encoding="utf-8")
    bad = tmp_path / "zz-bad.paipu"
    bad.write_text('[Ruleset "zhuji"]\nhand 1\nE drawn 5m\n', encoding="utf-8")
    one = run("check", *flags, "--jobs", "1", str(tmp_path))
    two = run("check", *flags, "--jobs", "2", str(tmp_path))
    assert one.exit_code == two.exit_code == 1
    assert one.output == two.output
    assert str(bad) in one.output and (flags == ("-q",) or one.output.count(str(tmp_path)) >= 13)


def test_check_progress_bar_goes_to_standard_error_only_when_asked(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"r{i}.paipu").write_text('[Ruleset "zhuji"]\n', encoding="utf-8")
    quiet = CliRunner().invoke(main, ["check", "--no-progress", str(tmp_path)])
    shown = CliRunner().invoke(main, ["check", "--progress", "--jobs", "1", str(tmp_path)])
    assert quiet.stdout == shown.stdout
    assert "checking" in shown.stderr and "checking" not in quiet.stderr


def test_both_readers_refuse_an_oversized_file_naming_what_it_was(tmp_path: Path) -> None:
    """A record and an imported log are read by one bounded reader: over its limit, each is
    refused with the file, the limit and the kind of file it was read as."""
    from paipu.errors import InputError
    from paipu.sources import read_bounded

    path = write(tmp_path / "log.json", "x" * 100)
    with pytest.raises(InputError, match=r"log\.json: over the limit of 64 bytes for one log file"):
        read_bounded(path, 64, "log files")
    assert read_bounded(path, 100, "log files") == b"x" * 100


def test_reading_a_small_record_reserves_memory_for_its_size_not_the_limit(tmp_path: Path) -> None:
    """A record is read as the size its file has (and one byte more, to see whether it grew):
    asking for the whole limit at once reserved 64 MB for every file, however small."""
    import tracemalloc

    from paipu.sources import read_record_text

    path = write(tmp_path / "small.paipu", CLEAN)
    tracemalloc.start()
    try:
        assert read_record_text(path) == CLEAN
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, f"{peak:,} bytes to read {len(CLEAN)}"


def test_a_file_that_grows_while_it_is_read_is_read_to_its_limit(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The size asked for comes from the open file; what is there beyond it is read on (up to
    the limit), so a file written while it is read is neither cut short nor read without bound."""
    import os

    from paipu.errors import InputError
    from paipu.sources import read_bounded

    path = write(tmp_path / "log.json", "x" * 100)
    real_fstat = os.fstat

    def smaller(fd: int) -> os.stat_result:  # the size seen before 50 more bytes were written
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid,
                               st.st_size - 50, int(st.st_atime), int(st.st_mtime), int(st.st_ctime)))

    monkeypatch.setattr(os, "fstat", smaller)
    assert read_bounded(path, 1000, "log files") == b"x" * 100
    with pytest.raises(InputError, match="over the limit of 80 bytes"):
        read_bounded(path, 80, "log files")


@pytest.mark.parametrize("raw", ["", ".", "./", "..", "a", "a/", "a//b", "a/./b/.", "./a/../b", "/", "//", "///",
                                 "//a//b/", "///a", "/./a", ".a/.b/", "a b/ c", "a\\b", "\x00", "é/漢字/"])
def test_a_path_is_named_as_pathlib_names_it(raw: str) -> None:
    from paipu.sources import file_name, path_name

    assert path_name(raw) == str(Path(raw))
    assert file_name(path_name(raw)) == Path(raw).name


def test_a_folder_s_records_are_found_in_pathlib_s_order_and_names(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from paipu.sources import expand_names

    # ``a-b`` sorts before ``a/`` as text ("-" < "/"), after it part by part, as paths sort.
    for name in ("a/x.paipu", "a-b/y.paipu", "a.paipu", "a/b/z.paipu.gz", "a/n.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for top in (".", "./", "a/..", str(tmp_path), f"{tmp_path}//"):
        walked = sorted(Path(folder) / n for folder, _, names in os.walk(Path(top)) for n in names
                        if n.endswith((".paipu", ".paipu.gz")))
        assert list(expand_names([top])) == [str(p) for p in walked]
    assert list(expand_names(["a.paipu/", "nothing/here"])) == ["a.paipu", "nothing/here"]
