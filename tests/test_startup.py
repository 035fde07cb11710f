"""Start-up of `paipu check` (issue 14): a record is checked with only what it needs loaded.

Each test runs the real program in a process of its own, as a user does.  The modules loaded
are read by an exit handler the program runs however it ends (it ends without tearing the
interpreter down once its output is flushed, and exit handlers still run then).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from paipu.replay.ruleset import BUILTIN_ALIASES, builtin_ruleset_names, ruleset_class, ruleset_entries

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "samples" / "valid"

PROGRAM = r"""
import atexit, json, os, sys

def _modules():
    with open(os.environ["PAIPU_TEST_MODULES"], "w", encoding="utf-8") as out:
        json.dump(sorted(sys.modules), out)

atexit.register(_modules)
from paipu.cli.launch import run
run()
"""
"""The ``paipu`` program (its entry, as the script calls it), writing the names of the modules it
loaded to ``$PAIPU_TEST_MODULES`` when it ends."""

NORMAL_EXIT = "from paipu.cli import main\nmain.main()\n"
"""The same command, ended the ordinary way (``SystemExit`` out of the interpreter)."""


def _run(tmp: Path, *args: str, code: str = PROGRAM,
         env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    listing = tmp / "modules.json"
    listing.unlink(missing_ok=True)
    environ = {**os.environ, "PAIPU_TEST_MODULES": str(listing), "PAIPU_CACHE_DIR": str(tmp / "cache"),
               **(env or {})}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=environ,
                          cwd=tmp, timeout=120)
    modules = set(json.loads(listing.read_text(encoding="utf-8"))) if listing.exists() else set()
    return done, modules


# The ruleset packages a record of each ruleset loads: its own, and the shared code it uses (MCR
# and Erren value their fans with the fan evaluator of `paipu.rules.shared`).
NEEDS: dict[str, set[str]] = {"erren": {"erren", "shared"}, "mcr": {"mcr", "shared"}}

NEVER = ("click", "lark", "paipu.grammar.transform", "importlib.metadata", "concurrent.futures", "multiprocessing",
         "paipu.reports", "paipu.corpus", "paipu.analysis", "paipu.sim", "sqlite3", "jinja2",
         # the recovery from syntax errors (a ruleset's word lines need none) and the message catalog
         # (English needs none)
         "paipu.grammar.recovery", "paipu.lang.catalog", "paipu.lang.zh")


def _loaded(modules: set[str], name: str) -> bool:
    return name in modules or any(m.startswith(name + ".") for m in modules)


@pytest.mark.parametrize("ruleset", builtin_ruleset_names())
def test_check_of_a_canonical_record_loads_no_grammar_no_other_ruleset_no_pool(tmp_path: Path, ruleset: str) -> None:
    sample = sorted((VALID / ruleset).glob("*.paipu"))[0]
    done, modules = _run(tmp_path, "check", str(sample))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{sample}: {ruleset}," in done.stdout and " 0 errors" in done.stdout
    assert modules, "the exit handler did not run"
    loaded = [name for name in NEVER if _loaded(modules, name)]
    assert not loaded, f"checking {sample.name} loaded {loaded}"
    rulesets = {m.split(".")[2] for m in modules if m.startswith("paipu.rules.") and m.count(".") >= 2}
    assert rulesets == NEEDS.get(ruleset, {ruleset})


def test_a_syntax_error_still_gets_lark_s_explanation_line_and_column(tmp_path: Path) -> None:
    sample = VALID / "zhuji" / "exhausted-with-wall.paipu"
    lines = sample.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.split()[1:2] == ["discard"])
    seat, _, tile = lines[at].split()[:3]
    lines[at] = f"{seat} {tile} discard"  # the words swapped
    bad = tmp_path / "bad.paipu"
    bad.write_text("\n".join(lines), encoding="utf-8")
    done, modules = _run(tmp_path, "check", str(bad))
    assert done.returncode == 1
    assert (f"{bad}:{at + 1}:3: error[syntax] unexpected '{tile}': expected an action (draw, discard, chow"
            in done.stdout), done.stdout
    assert "lark" in modules and "paipu.grammar.transform" in modules
    # The analysed grammar was kept for the next run, which reads it back and says the same.
    kept = list((tmp_path / "cache").glob("record-*.lark-cache"))
    assert len(kept) == 1
    stamp = kept[0].stat().st_mtime_ns
    again, _ = _run(tmp_path, "check", str(bad))
    assert (again.returncode, again.stdout, again.stderr) == (done.returncode, done.stdout, done.stderr)
    assert kept[0].stat().st_mtime_ns == stamp


@pytest.mark.parametrize("args", [
    ("check", "{valid}/zhuji"),
    ("check", "{invalid}/zhuji/action-after-win.paipu", "{invalid}/zhuji/addkong-without-pong.paipu"),
    ("check", "--json", "{invalid}/zhuji/addkong-with-caishen.paipu", "no-such-file.paipu"),
    ("check", "--lang", "zh", "{syntax}/every-construct.paipu"),
    ("check", "-j", "2", "{valid}/hebei"),
    ("check",),
    ("check", "--help"),
    ("--version",),
    ("--help",),
    ("chekc",),
])
def test_ending_at_once_prints_and_exits_as_an_ordinary_end(tmp_path: Path, args: tuple[str, ...]) -> None:
    where = {"valid": VALID, "invalid": ROOT / "samples" / "invalid", "syntax": ROOT / "samples" / "syntax"}
    argv = [a.format(**where) for a in args]
    fast, _ = _run(tmp_path, *argv)
    slow, _ = _run(tmp_path, *argv, code=NORMAL_EXIT)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)


@pytest.mark.parametrize("args", [("check", "{valid}/zhuji/exhausted-with-wall.paipu"),
                                  ("check", "-j", "1", "{valid}/hebei"), ("--version",), ("check", "--help")])
def test_check_help_and_version_end_without_tearing_the_interpreter_down(tmp_path: Path,
                                                                         args: tuple[str, ...]) -> None:
    argv = [a.format(valid=VALID) for a in args]
    verbose = {"PYTHONVERBOSE": "1"}  # the interpreter's teardown says what it frees, module by module
    fast, _ = _run(tmp_path, *argv, env=verbose)
    slow, _ = _run(tmp_path, *argv, code=NORMAL_EXIT, env=verbose)
    assert fast.returncode == slow.returncode == 0
    assert "# cleanup[" in slow.stderr and "# cleanup[" not in fast.stderr


def test_a_plain_check_runs_without_click_and_any_flag_with_it(tmp_path: Path) -> None:
    sample = str(VALID / "zhuji" / "exhausted-with-wall.paipu")
    plain, modules = _run(tmp_path, "check", sample)
    assert plain.returncode == 0 and "click" not in modules and "paipu.cli.group" not in modules
    quiet, modules = _run(tmp_path, "check", "-q", sample)
    assert quiet.returncode == 0 and quiet.stdout == "" and "click" in modules
    # The number of processes is the one flag read without click: the same output as click's run.
    folder = str(VALID / "hebei")
    for jobs in (["-j", "1"], ["--jobs=2"]):
        fast, modules = _run(tmp_path, "check", *jobs, folder)
        slow, _ = _run(tmp_path, "check", *jobs, folder, code=NORMAL_EXIT)
        assert "click" not in modules and "paipu.cli.group" not in modules
        assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
        assert fast.returncode == 0 and fast.stdout.count(": hebei,") > 1
    # A number click refuses still gets click's usage error.
    refused, modules = _run(tmp_path, "check", "-j", "0", sample)
    assert refused.returncode == 2 and "Invalid value for '--jobs' / '-j': 0" in refused.stderr and "click" in modules
    # With standard streams that are not UTF-8, click writes its own way: the group runs.
    ascii_out, modules = _run(tmp_path, "check", sample, env={"PYTHONIOENCODING": "ascii"})
    assert ascii_out.stdout == plain.stdout and "click" in modules


NOT_ON_THE_PLAIN_PATH = ("pathlib", "urllib", "ipaddress", "fnmatch", "ntpath")
"""What a plain check of records does without: `pathlib` (and what it loads); the files are named
as `paipu.sources.path_name` names them."""

LOADED_BY_PAIPU = r"""
import atexit, json, os, sys

# An editable install's import hook loads pathlib as the interpreter starts: forgotten here, it is
# loaded anew if paipu imports it.
for name in [m for m in sys.modules if m.split(".")[0] in NOT_ON_THE_PLAIN_PATH]:
    del sys.modules[name]
before = set(sys.modules)

def _modules():
    with open(os.environ["PAIPU_TEST_MODULES"], "w", encoding="utf-8") as out:
        json.dump(sorted(set(sys.modules) - before), out)

atexit.register(_modules)
from paipu.cli.launch import run
run()
""".replace("NOT_ON_THE_PLAIN_PATH", repr(NOT_ON_THE_PLAIN_PATH))
"""The ``paipu`` program, writing the modules it loaded (beyond those loaded before it) to
``$PAIPU_TEST_MODULES`` when it ends."""


@pytest.mark.parametrize("ruleset", builtin_ruleset_names())
def test_a_plain_check_of_a_record_or_a_folder_loads_no_pathlib(tmp_path: Path, ruleset: str) -> None:
    sample = sorted((VALID / ruleset).glob("*.paipu"))[0]
    folder = tmp_path / "records"  # (a folder of one record: with more, worker processes are started)
    folder.mkdir()
    (folder / sample.name).write_bytes(sample.read_bytes())
    for target in (str(sample), f"{folder}//"):
        done, modules = _run(tmp_path, "check", target, code=LOADED_BY_PAIPU)
        assert done.returncode == 0 and f": {ruleset}," in done.stdout, done.stdout + done.stderr
        assert done.stdout.startswith(f"{sample}:" if target == str(sample) else f"{folder / sample.name}:")
        assert modules and "paipu.cli.checking" in modules, "the exit handler did not run"
        assert [m for m in modules if m.split(".")[0] in NOT_ON_THE_PLAIN_PATH] == []


@pytest.mark.parametrize(("args", "plain"), [
    (["check", "a.paipu"], True), (["check", "a.paipu", "b"], True), (["check"], False),
    (["check", "-q", "a.paipu"], False), (["check", "a.paipu", "--json"], False), (["check", "--", "a"], False),
    (["check", ""], False), (["check", "-"], False), (["fmt", "a.paipu"], False), (["Check", "a"], False),
    # The number of processes, written plainly and once, is the one flag a plain check takes.
    (["check", "-j", "1", "a"], True), (["check", "a", "-j2"], True), (["check", "--jobs", "256", "a"], True),
    (["check", "--jobs=3", "a", "b"], True), (["check", "-j", "1"], False), (["check", "a", "-j"], False),
    (["check", "-j", "0", "a"], False), (["check", "-j", "257", "a"], False), (["check", "-j", "01", "a"], False),
    (["check", "-j", "x", "a"], False), (["check", "-j-1", "a"], False), (["check", "-j", "-1", "a"], False),
    (["check", "-j", "١", "a"], False), (["check", "-j", "1", "-j", "2", "a"], False),
    (["check", "--jobs=", "a"], False), (["check", "--job", "1", "a"], False), (["check", "-qj1", "a"], False),
    (["check", "-j", "9" * 5000, "a"], False), (["check", "-j", "0" * 5000 + "1", "a"], False),
])
def test_which_command_lines_are_a_plain_check(monkeypatch: pytest.MonkeyPatch, args: list[str], plain: bool) -> None:
    import io

    from paipu.cli.launch import plain_check_args

    for name in ("stdout", "stderr"):
        monkeypatch.setattr(sys, name, io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert (plain_check_args(args) is not None) is plain
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert plain_check_args(args) is None


def test_an_internal_error_of_a_plain_check_is_one_line_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import paipu.cli.program
    from paipu.cli import launch
    from paipu.cli.output import AS_PROGRAM

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("S")

    monkeypatch.setattr("paipu.cli.checking.audit_text", broken)
    monkeypatch.setattr(paipu.cli.program, "end_now", lambda code: None)  # (it would end the test run)
    try:
        status = launch._check((str(VALID / "zhuji" / "exhausted-with-wall.paipu"),))
    finally:
        AS_PROGRAM[0] = False
    said = capsys.readouterr()
    assert status == 3 and said.out == ""
    assert said.err.startswith("paipu: error: internal error in `paipu check`: KeyError: 'S' (at ")
    assert "Traceback" not in said.err and said.err.count("\n") == 1


TENHOU_LOGS = ROOT.parent / "shared" / "logs" / "tenhou" / "mjlog"


@pytest.mark.skipif(not TENHOU_LOGS.is_dir(), reason="the real Tenhou logs are not beside the repository")
def test_a_check_of_a_tenhou_log_loads_no_other_platform_s_tables_nor_the_simulator(tmp_path: Path) -> None:
    # Telling a log's format loads every importer: Botzone's reads its fan names and simulates
    # its test logs only when it is asked to.
    log = sorted(TENHOU_LOGS.glob("*.mjlog"))[0]
    done, modules = _run(tmp_path, "check", str(log))
    assert done.returncode in (0, 1) and "paipu.importers.botzone" in modules, done.stderr
    assert not [m for m in modules if m.startswith(("paipu.sim", "paipu.rules.shared", "click"))]


def test_a_command_run_from_a_program_does_not_end_it(tmp_path: Path) -> None:
    code = ("from paipu.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit as e:\n"
            "    print('still here', e.code)\n")
    done, _ = _run(tmp_path, code=code)
    assert done.stdout.splitlines()[-1] == "still here 0"


def test_the_installed_entry_points_are_pyproject_s_and_name_their_rulesets() -> None:
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    installed = {e.name: e.target for e in ruleset_entries() if e.builtin}
    assert installed == declared["paipu.rulesets"], "pyproject.toml's entry points changed: `pip install -e .` again"
    for name in installed:
        assert ruleset_class(name).name == name


CLUB = '''
import sys
from paipu.rules.zhuji import Zhuji

print("club rules loaded", file=sys.stderr)


class ClubZhuji(Zhuji):
    """Our club's table under the built-in's own name."""

    name = "zhuji"
'''


def test_a_package_that_declares_a_ruleset_of_a_built_in_name_still_takes_it(tmp_path: Path) -> None:
    (tmp_path / "club_rules.py").write_text(CLUB, encoding="utf-8")
    info = tmp_path / "club_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: club-rules\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[paipu.rulesets]\nclub = club_rules:ClubZhuji\n", encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    code = "from paipu.replay.ruleset import ruleset_class\nprint(ruleset_class('zhuji').__module__)\n"
    done, _ = _run(tmp_path, code=code, env=env)
    assert done.stdout.strip() == "club_rules" and "club rules loaded" in done.stderr
    check, modules = _run(tmp_path, "check", str(VALID / "zhuji" / "exhausted-with-wall.paipu"), env=env)
    assert check.returncode == 0 and "club rules loaded" in check.stderr
    assert "importlib.metadata" not in modules  # the entry points were read from their files


def test_the_api_s_parse_of_a_canonical_record_loads_neither_the_replay_nor_lark(tmp_path: Path) -> None:
    sample = VALID / "riichi" / "double-riichi-ippatsu.paipu"
    code = ("import json, sys, paipu\n"
            f"record = paipu.parse(open({str(sample)!r}, encoding='utf-8').read())\n"
            "print(json.dumps([len(record.hands), sorted(sys.modules)]))\n")
    done, _ = _run(tmp_path, code=code)
    hands, modules = json.loads(done.stdout)
    assert hands >= 1
    assert not [m for m in modules if m == "lark" or m.startswith(("paipu.replay", "paipu.rules", "lark."))]


def test_check_help_loads_neither_the_parser_nor_the_replay(tmp_path: Path) -> None:
    done, modules = _run(tmp_path, "check", "--help")
    assert done.returncode == 0 and "--jobs" in done.stdout
    assert not [m for m in modules if m.startswith(("paipu.auditing", "paipu.replay", "paipu.grammar", "paipu.record"))]


@pytest.mark.parametrize("ruleset", builtin_ruleset_names())
def test_a_record_naming_its_ruleset_by_an_alias_loads_that_ruleset_alone(tmp_path: Path, ruleset: str) -> None:
    alias = ruleset_class(ruleset).aliases[0]
    sample = sorted((VALID / ruleset).glob("*.paipu"))[0]
    text = sample.read_text(encoding="utf-8")
    assert f'[Ruleset "{ruleset}"]' in text
    record = tmp_path / "alias.paipu"
    record.write_text(text.replace(f'[Ruleset "{ruleset}"]', f'[Ruleset "{alias}"]', 1), encoding="utf-8")
    done, modules = _run(tmp_path, "check", str(record))
    assert done.returncode == 0 and " 0 errors" in done.stdout, done.stdout + done.stderr
    rulesets = {m.split(".")[2] for m in modules if m.startswith("paipu.rules.") and m.count(".") >= 2}
    assert rulesets == NEEDS.get(ruleset, {ruleset})


def test_the_table_of_built_in_aliases_is_what_the_rulesets_declare() -> None:
    declared: dict[str, str] = {}
    for name in builtin_ruleset_names():
        for alias in vars(ruleset_class(name)).get("aliases", ()):
            assert alias.strip().lower() not in declared, f"alias {alias!r} declared twice"
            declared[alias.strip().lower()] = name
    assert BUILTIN_ALIASES == declared
    for alias, name in BUILTIN_ALIASES.items():
        assert ruleset_class(alias) is ruleset_class(name)


PROCESSED = r"""
import atexit, dataclasses, json, os, sys

processed = []
process = dataclasses._process_class

def _process_class(cls, *args, **kwargs):
    processed.append(f"{cls.__module__}.{cls.__qualname__}")
    return process(cls, *args, **kwargs)

dataclasses._process_class = _process_class

def _write():
    with open(os.environ["PAIPU_TEST_MODULES"], "w", encoding="utf-8") as out:
        json.dump(processed, out)

atexit.register(_write)
from paipu.cli import main
main()
"""
"""The ``paipu`` program, writing the classes `dataclasses` processed while it ran (its exit handler
writes them where `_run` reads the modules loaded)."""

STILL_DATACLASSES = re.compile(r"paipu\.rules\.riichi\.(ruleset|scoring)\.|mahjong\.")
"""What may still be a dataclass: riichi's table state and scoring, and the riichi calculator's
library.  A ruleset's options are `paipu.replay.options.Options`."""

WITHOUT_DATACLASSES = ("zhuji", "hebei", "harbin", "mcr", "erren")
"""The rulesets whose check loads no dataclass at all."""


@pytest.mark.parametrize("ruleset", builtin_ruleset_names())
def test_a_check_processes_no_dataclass_but_the_excluded_ones(tmp_path: Path, ruleset: str) -> None:
    sample = sorted((VALID / ruleset).glob("*.paipu"))[0]
    done, processed = _run(tmp_path, "check", str(sample), code=PROCESSED)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [name for name in processed if not STILL_DATACLASSES.match(name)] == []
    if ruleset in WITHOUT_DATACLASSES:
        assert not processed
    else:  # the hook sees the classes it should (else the test above proves nothing)
        assert processed, "the hook saw no dataclass at all"
