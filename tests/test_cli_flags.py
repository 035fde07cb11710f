"""One flag language across the CLI: ``-o/--out`` is the output, ``-O/--option`` a ruleset
option, ``--json`` on every command that prints results, one error style, one set of exit
statuses, plurals that agree with their counts."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from paipu.cli import main

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "samples" / "valid"
FOUR_HANDS = VALID / "zhuji" / "four-hands.paipu"
SEED = VALID / "zhuji" / "seed-example.paipu"
BAD_PAYMENT = ROOT / "samples" / "invalid" / "zhuji" / "score-wrong-payment.paipu"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def json_lines(text: str) -> list[Any]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# ------------------------------------------------------------------ -O: ruleset options

def test_option_unknown_to_one_ruleset_is_a_bad_option_finding_on_that_record_only() -> None:
    result = run("check", "--json", VALID, "-O", "min_tai=2")
    results = json_lines(result.stdout)
    files = sorted(VALID.rglob("*.paipu"))
    assert len(results) == len(files), "every file is audited, none stops the run"
    for r in results:
        codes = [f["code"] for f in r["findings"]]
        if r["ruleset"] == "zhuji":
            assert "bad-option" not in codes, r["file"]
        else:
            bad = [f for f in r["findings"] if f["code"] == "bad-option"]
            assert len(bad) == 1, r["file"]
            assert f"ruleset {r['ruleset']}" in bad[0]["message"]
            assert "min_tai" in bad[0]["message"] and "options are:" in bad[0]["message"]
    assert result.exit_code == 1


def test_option_applies_to_the_records_whose_ruleset_has_it() -> None:
    # four-hands has a 1-tai win at most? With min_tai=99 no zhuji win is high enough.
    plain = run("check", "--json", FOUR_HANDS)
    strict = run("check", "--json", FOUR_HANDS, "-O", "min_tai=99")
    assert json_lines(plain.stdout)[0]["ok"] is True
    codes = {f["code"] for f in json_lines(strict.stdout)[0]["findings"]}
    assert codes and "bad-option" not in codes


def test_option_with_a_bad_value_is_a_bad_option_finding_naming_the_values() -> None:
    result = run("check", SEED, "--option", "min_tai=many")
    assert result.exit_code == 1
    assert "error[bad-option] -O min_tai=many does not apply to ruleset zhuji" in result.output
    assert "takes a whole number" in result.output


def test_option_without_equals_is_a_usage_error() -> None:
    result = run("check", SEED, "-O", "min_tai")
    assert result.exit_code == 2
    assert result.stderr.startswith("paipu: error: -O/--option takes NAME=VALUE")


def test_report_takes_a_ruleset_option(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = run("report", SEED, "-O", "min_tai=99", "-o", out)
    assert result.exit_code == 1, result.output
    assert out.exists() and "min_tai" in out.read_text(encoding="utf-8")


def test_report_with_an_option_its_ruleset_lacks_shows_the_bad_option_finding(tmp_path: Path) -> None:
    hebei = sorted((VALID / "hebei").glob("*.paipu"))[0]
    out = tmp_path / "r.html"
    result = run("report", hebei, "-O", "min_tai=2", "-o", out)
    assert result.exit_code == 1
    assert "1 error" in result.stdout
    html = out.read_text(encoding="utf-8")
    assert "bad-option" in html and "does not apply to ruleset hebei" in html


# ------------------------------------------------------------------ -o: the output

@pytest.mark.parametrize("command", [["check", str(SEED)], ["analyze", "123456789m 1234p"]])
def test_lowercase_o_on_a_command_that_writes_nothing_points_to_capital_o(command: list[str]) -> None:
    result = run(*command, "-o", "min_tai=2")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("paipu: error: ") and "-O NAME=VALUE" in result.stderr


def test_report_o_with_a_ruleset_option_asks_did_you_mean_capital_o(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["report", str(SEED), "-o", "min_tai=2"])
    assert result.exit_code == 2
    assert "did you mean -O min_tai=2?" in result.stderr
    assert not Path("min_tai=2").exists()


def test_report_o_and_out_and_output_all_name_the_file(tmp_path: Path) -> None:
    for flag in ("-o", "--out", "--output"):
        out = tmp_path / f"{flag.strip('-')}.html"
        assert run("report", SEED, flag, out).exit_code == 0
        assert out.exists()


def test_simulate_o_is_the_output_folder(tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = run("simulate", "-r", "zhuji", "-n", "2", "--session-hands", "2", "-s", "1", "-q", "-o", out)
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("*.paipu"))) == 1


def test_simulate_takes_capital_o_options(tmp_path: Path) -> None:
    result = run("simulate", "-r", "zhuji", "-n", "1", "--session-hands", "1", "-s", "1", "-O", "min_tai=2")
    assert result.exit_code == 0, result.output
    assert '[Option min_tai "2"]' in result.output


def test_import_o_is_the_output_folder(tmp_path: Path) -> None:
    from paipu.importers.botzone import simulated_logs

    logs = tmp_path / "logs"
    logs.mkdir()
    for i, text in enumerate(simulated_logs(2, seed=1)):
        (logs / f"{i}.txt").write_text(text, encoding="utf-8")
    out = tmp_path / "records"
    result = run("import", "botzone", logs, "-o", out)
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("*.paipu"))) == 2


def test_export_o_writes_the_stream_to_a_file(tmp_path: Path) -> None:
    riichi = sorted((VALID / "riichi").glob("*.paipu"))[0]
    out = tmp_path / "game.jsonl"
    printed = run("export", "mjai", riichi)
    written = run("export", "mjai", riichi, "-o", out)
    assert written.exit_code == printed.exit_code == 0
    assert out.read_text(encoding="utf-8") == printed.stdout and written.stdout == ""


# ------------------------------------------------------------------ one error style

@pytest.mark.parametrize("args", [
    ["check", "--bogus", "x"],
    ["chekc"],
    ["--bogus"],
    ["corpus", "diff"],
    ["report"],
    ["simulate", "-r", "zhuji"],
    ["check", str(SEED), "--jobs", "0"],
])
def test_usage_errors_are_one_line_in_paipu_style_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("paipu: error: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Error:" not in result.stderr and "Usage:" not in result.stderr
    assert "--help`" in result.stderr


def test_unknown_ruleset_in_simulate_is_one_line_exit_2() -> None:
    result = run("simulate", "-r", "nosuch", "-s", "1")
    assert result.exit_code == 2
    assert result.stderr.startswith("paipu: error: unknown ruleset 'nosuch'")


# ------------------------------------------------------------------ exit statuses

def test_unreadable_path_and_error_finding_exit_2_and_the_total_names_both(tmp_path: Path) -> None:
    binary = tmp_path / "binary.paipu"
    binary.write_bytes(b"\x00\x01\x02")
    result = run("check", BAD_PAYMENT, binary)
    assert result.exit_code == 2
    last = result.stdout.splitlines()[-1]
    assert last == "1 file checked, 1 with errors: 1 error, 0 warnings; 1 path could not be read"
    assert "binary.paipu" in result.stderr


def test_check_json_lists_unreadable_paths_in_their_place(tmp_path: Path) -> None:
    binary = tmp_path / "binary.paipu"
    binary.write_bytes(b"\x00\x01\x02")
    missing = tmp_path / "missing.paipu"
    for jobs in ("1", "2"):
        result = run("check", "--json", "-j", jobs, SEED, binary, missing, FOUR_HANDS)
        assert result.exit_code == 2
        results = json_lines(result.stdout)
        assert [r["file"] for r in results] == [str(SEED), str(binary), str(missing), str(FOUR_HANDS)]
        assert [r.get("readable", True) for r in results] == [True, False, False, True]
        assert "binary" in str(results[1]["problem"]) and "no such file" in str(results[2]["problem"])


def test_check_expect_accepts_a_baseline_that_could_not_read_the_same_path(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("binary.paipu").write_bytes(b"\x00\x01")
    Path("seed.paipu").write_text(SEED.read_text(encoding="utf-8"), encoding="utf-8")
    baseline = run("check", "--json", "seed.paipu", "binary.paipu")
    Path("expected.jsonl").write_text(baseline.stdout, encoding="utf-8")
    result = run("check", "--expect", "expected.jsonl", "seed.paipu", "binary.paipu")
    assert "2 files compared: all as expected" in result.stdout
    assert result.exit_code == 2  # the unreadable path is still an input problem


# ------------------------------------------------------------------ JSON: end positions

def test_findings_in_json_have_an_end_position() -> None:
    result = run("check", "--json", BAD_PAYMENT)
    finding = json_lines(result.stdout)[0]["findings"][0]
    assert finding["code"] == "score-mismatch"
    assert (finding["line"], finding["column"]) == (25, 1)
    lines = BAD_PAYMENT.read_text(encoding="utf-8").split("\n")
    assert finding["end_line"] == 25 and finding["end_column"] == len(lines[24].rstrip()) + 1


# ------------------------------------------------------------------ --json on every command that prints results

def test_simulate_stats_json_has_the_same_counts_as_the_table() -> None:
    args = ["simulate", "-r", "hebei", "-n", "6", "-s", "3", "--stats"]
    table = run(*args)
    data = json.loads(run(*args, "--json").stdout)
    assert data["ruleset"] == "hebei" and data["hands"] == 6
    assert table.stdout.startswith("6 hands\n")
    for result, n in data["results"].items():
        assert any(line.split()[:2] == [result, str(n)] for line in table.stdout.splitlines())
    assert sum(data["results"].values()) == 6


def test_simulate_json_without_stats_is_a_usage_error() -> None:
    result = run("simulate", "-r", "hebei", "-n", "1", "-s", "1", "--json")
    assert result.exit_code == 2 and "--stats" in result.stderr


def test_mutate_json_lists_each_mutant_and_the_kinds_it_could_not_make(tmp_path: Path) -> None:
    result = run("mutate", SEED, "-s", "1", "-o", tmp_path, "--json", "--kind", "false-win", "--kind", "wall-swapped")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [m["kind"] for m in data["mutants"]] == ["false-win"]
    mutant = data["mutants"][0]
    assert Path(mutant["file"]).read_text(encoding="utf-8").splitlines()[1] == \
        f"; expect: {mutant['code']} {mutant['line']}"
    assert data["not_made"] == ["wall-swapped"]
    assert "wall-swapped" not in data["possible"] and "false-win" in data["possible"]


def test_mutate_says_why_it_wrote_nothing(tmp_path: Path) -> None:
    # seed-example has no wall line: no draw can be changed against it, no wall tile swapped.
    result = run("mutate", SEED, "-s", "1", "-o", tmp_path, "--kind", "wall-swapped")
    assert result.exit_code == 0
    assert "wrote 0 mutants" in result.stderr
    assert "no mutant of kind wall-swapped" in result.stderr
    assert "kinds it has places for: " in result.stderr and "false-win" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_mutate_one_mutant_is_singular(tmp_path: Path) -> None:
    result = run("mutate", SEED, "-s", "1", "-o", tmp_path, "--kind", "false-win")
    assert "wrote 1 mutant to" in result.stderr and "1 mutants" not in result.stderr


def test_corpus_ingest_and_diff_json(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    ingest = run("corpus", "ingest", "--db", db, "-q", "--json", FOUR_HANDS, SEED, tmp_path / "missing.paipu")
    assert ingest.exit_code == 2
    summary = json.loads(ingest.stdout)
    assert (summary["files"], summary["new"], summary["failed"]) == (2, 2, 0)
    assert summary["hands"] == 5
    assert summary["unreadable"] == [{"file": str(tmp_path / "missing.paipu"),
                                      "problem": f"{tmp_path / 'missing.paipu'}: no such file or folder"}]
    same = run("corpus", "diff", db, db, "--json")
    assert same.exit_code == 0
    assert json.loads(same.stdout) == {"compared": 2, "differing": 0, "missing": [], "records": []}
    other = tmp_path / "b.db"
    run("corpus", "ingest", "--db", other, "-q", FOUR_HANDS)
    diff = run("corpus", "diff", db, other, "--json")
    assert diff.exit_code == 1
    data = json.loads(diff.stdout)
    assert data["differing"] == 1
    assert [(r["path"], r["differences"]) for r in data["records"]] == [
        (str(SEED), ["in the first corpus only"])]


def test_import_json_lists_written_and_failed(tmp_path: Path) -> None:
    from paipu.importers.botzone import simulated_logs

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "0.txt").write_text(simulated_logs(1, seed=2)[0], encoding="utf-8")
    (logs / "1.txt").write_text("Match 1\nPlayer 0 Fly 1m\n", encoding="utf-8")
    result = run("import", "botzone", logs, "-o", tmp_path / "out", "--check", "--json")
    data = json.loads(result.stdout)
    assert len(data["written"]) == 1 and Path(data["written"][0]["file"]).exists()
    assert data["written"][0]["ok"] is True and data["written"][0]["findings"] == []
    assert [f["file"] for f in data["failed"]] == [str(logs / "1.txt")]
    assert result.exit_code == 2


def test_import_json_needs_an_output_folder(tmp_path: Path) -> None:
    from paipu.importers.botzone import simulated_logs

    log = tmp_path / "0.txt"
    log.write_text(simulated_logs(1, seed=2)[0], encoding="utf-8")
    result = run("import", "botzone", log, "--json")
    assert result.exit_code == 2 and "-o/--out" in result.stderr


# ------------------------------------------------------------------ words

def test_check_total_line_is_singular_for_one() -> None:
    from paipu.cli.checking import check_total

    assert check_total(1, 1, 1, 1, 1) == "1 file checked, 1 with errors: 1 error, 1 warning; 1 path could not be read"
    assert check_total(2, 0, 0, 2, 0) == "2 files checked: 0 errors, 2 warnings"


def test_every_command_and_flag_has_help_text() -> None:
    import click

    from paipu.cli import COMMANDS

    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        commands: list[click.Command | None] = [command]
        if isinstance(command, click.Group):
            commands += [command.get_command(ctx, sub) for sub in command.list_commands(ctx)]
        for cmd in commands:
            assert cmd is not None, name
            assert cmd.help and cmd.epilog and "Exit status" in cmd.epilog, (name, cmd.name)
            for param in cmd.params:
                if isinstance(param, click.Option) and not param.hidden:
                    assert param.help, (name, cmd.name, param.opts)
    assert "Exit status" in run(name, "--help").stdout


# ------------------------------------------------------------------ the documented command lines

def documented_command_lines() -> list[tuple[str, str]]:
    """Every concrete ``paipu …`` line of a shell block in the README and docs/ (synopsis
    lines with placeholders such as ``[--json]`` or ``FILE|DIR…`` left out)."""
    import re

    found: list[tuple[str, str]] = []
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```(?:sh|bash|console)?\n(.*?)```", text, flags=re.S):
            for line in block.splitlines():
                line = re.sub(r"^\$ ", "", line.strip())
                line = re.split(r"\s+#\s", line)[0].strip()
                for part in line.split("&&"):
                    part = part.strip()
                    part = re.sub(r"^(\.venv/bin/)?paipu(?= )", "paipu", part)
                    if not part.startswith("paipu ") or re.search(r"[\[\]|…<>]|\bFILE\b|\bDIR\b", part):
                        continue
                    found.append((page.relative_to(ROOT).as_posix(), part))
    return found


DOCUMENTED = documented_command_lines()


def test_the_docs_have_command_lines_to_check() -> None:
    assert len(DOCUMENTED) > 20
    assert any("-O min_tai=2" in line for _, line in DOCUMENTED)


@pytest.mark.parametrize(("page", "line"), DOCUMENTED)
def test_every_documented_command_line_parses(page: str, line: str) -> None:
    """Each flag a documented line uses exists, with a value it accepts (no file is read)."""
    import shlex

    import click

    args = shlex.split(line)[1:]
    ctx = click.Context(main, info_name="paipu")
    command: click.Command | None = main
    while isinstance(command, click.Group) and args and not args[0].startswith("-"):
        name = args.pop(0)
        command = command.get_command(ctx, name)
        assert command is not None, f"{page}: {line}: no command {name!r}"
    assert command is not None
    try:
        command.make_context(command.name, list(args), parent=ctx)
    except click.exceptions.Exit:
        pass
    except click.UsageError as e:
        pytest.fail(f"{page}: `{line}`: {e.format_message()}")


def _commands() -> list[tuple[str, object]]:
    import click

    from paipu.cli import COMMANDS

    ctx = click.Context(main)
    out: list[tuple[str, object]] = []
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        out.append((name, command))
        if isinstance(command, click.Group):
            out += [(f"{name} {sub}", command.get_command(ctx, sub)) for sub in command.list_commands(ctx)]
    return out


def test_every_flag_of_every_command_is_in_the_cli_doc() -> None:
    import click

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for name, command in _commands():
        assert isinstance(command, click.Command)
        assert f"paipu {name}" in page, name
        for param in command.params:
            if isinstance(param, click.Option):
                for opt in [*param.opts, *param.secondary_opts]:
                    if opt not in ("-h", "--help"):
                        assert re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", page), (name, opt)


def test_every_flag_in_a_cli_doc_synopsis_exists() -> None:
    import click

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    commands = dict(_commands())
    synopses = [line for block in re.findall(r"```sh\n(.*?)```", page, flags=re.S) for line in block.splitlines()]
    assert len(synopses) >= 15
    for line in synopses:
        words = line.split()
        name = " ".join(words[1:3]) if " ".join(words[1:3]) in commands else words[1]
        command = commands[name]
        assert isinstance(command, click.Command)
        known = {o for p in command.params if isinstance(p, click.Option) for o in [*p.opts, *p.secondary_opts]}
        for flag in re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", line.split("#")[0]):
            if flag.endswith("-"):
                continue
            assert flag in known, (line, flag)


# ------------------------------------------------------------------ start-up and progress

def test_version_loads_neither_the_record_model_nor_any_command() -> None:
    import subprocess
    import sys

    code = ("import sys\nfrom paipu.cli import main\n"
            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('paipu.') and m not in "
            "('paipu.cli', 'paipu.cli.collector', 'paipu.cli.common', 'paipu.cli.group', 'paipu.cli.inputs', "
            "'paipu.cli.output', 'paipu.cli.program', 'paipu._version', 'paipu.limits', 'paipu.errors',"
            " 'paipu.sources')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_check_progress_bar_goes_to_stderr_only() -> None:
    result = run("check", "--progress", "-j", "1", VALID / "zhuji")
    assert "checking" in result.stderr and "checking" not in result.stdout
    plain = run("check", "--no-progress", "-j", "1", VALID / "zhuji")
    assert plain.stdout == result.stdout and "checking" not in plain.stderr


def test_a_command_run_on_its_own_keeps_the_one_error_style() -> None:
    from paipu.cli.corpus import corpus_group
    from paipu.cli.report import report_command

    for command, args in ((report_command, [str(SEED), "--bogus"]), (corpus_group, ["diff"])):
        result = CliRunner().invoke(command, args)
        assert result.exit_code == 2
        assert result.stderr.startswith("paipu: error: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize(("args", "meant"), [(["chekc", "x"], "'check'"), (["corpus", "stast"], "'stats'"),
                                             (["repot", "x"], "'report'")])
def test_a_misspelt_command_names_the_near_one(args: list[str], meant: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert f"(did you mean {meant}" in result.output and result.output.startswith("paipu: error:")


def test_a_command_far_from_every_name_gets_no_guess() -> None:
    result = run("zzz")
    assert result.exit_code == 2 and "did you mean" not in result.output
