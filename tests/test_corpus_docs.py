"""docs/corpus.md says what the corpus is: every table, column, migration and command, and its
example queries and commands run."""

from __future__ import annotations

import re
import shlex
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.cli.corpus import corpus_group
from paipu.corpus import MIGRATIONS, ingest, open_corpus
from paipu.sources import expand_paths

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "corpus.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    start = PAGE.index(heading)
    level = heading.split(" ")[0]
    rest = PAGE[start + len(heading):]
    ends = [m.start() for m in re.finditer(rf"^#{{1,{len(level)}}} ", rest, re.MULTILINE)]
    return rest[: ends[0]] if ends else rest


def _blocks(text: str, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.DOTALL)


def test_every_table_and_column_is_documented() -> None:
    db = open_corpus(":memory:")
    for table in db.table_names():
        section = _section(f"### `{table}`")
        for column in db.table(table).columns:
            assert f"| `{column.name}` |" in section, f"{table}.{column.name} is not in docs/corpus.md"
    assert db.view_names() == ["actions"]
    section = _section("### `actions` (a view)")
    for column in db["actions"].columns:
        assert f"| `{column.name}` |" in section, f"actions.{column.name} is not in docs/corpus.md"


def test_every_migration_is_documented() -> None:
    section = _section("## Migrations")
    for m in MIGRATIONS:
        assert f"| {m.number} | `{m.name}` |" in section, f"migration {m.number} is not in docs/corpus.md"


def test_every_corpus_command_is_documented() -> None:
    for name in corpus_group.commands:
        assert f"### paipu corpus {name}" in PAGE, f"`paipu corpus {name}` is not in docs/corpus.md"


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file database with what the queries look for: bots, a wrong payment, a failure, a duplicate."""
    root = tmp_path_factory.mktemp("docs")
    texts = []
    for src in sorted((ROOT / "samples" / "corpus" / "zhuji").glob("*.paipu"))[:2]:
        texts.append(src.read_text(encoding="utf-8"))
        shutil.copy(src, root / src.name)
    for src in sorted((ROOT / "samples" / "invalid" / "zhuji").glob("*.paipu")):
        shutil.copy(src, root / src.name)
    (root / "garbage.paipu").write_text('[Ruleset "zhuji"]\n[Option %%%]\n\nhand 1\n%%%\n', encoding="utf-8")
    (root / "again").mkdir()
    (root / "again" / "copy.paipu").write_text(texts[1], encoding="utf-8")
    path = root / "corpus.db"
    db = open_corpus(path)
    ingest(db, list(expand_paths([root])))
    db.close()
    return path


QUERIES = _blocks(_section("## Example queries"), "sql")


def test_the_docs_have_the_example_queries_the_issue_asks_for() -> None:
    titles = re.findall(r"^### (.+)$", _section("## Example queries"), re.MULTILINE)
    assert len(QUERIES) == len(titles) >= 3
    assert "All hands where the recorded payments differ from the rules" in titles
    assert "The most common finding codes" in titles
    assert "Records of a given player" in titles


@pytest.mark.parametrize("query", QUERIES, ids=[q.splitlines()[0][:40] for q in QUERIES])
def test_every_documented_query_runs_with_plain_sqlite3_and_finds_rows(corpus_file: Path, query: str) -> None:
    con = sqlite3.connect(corpus_file)
    try:
        rows = con.execute(query).fetchall()
    finally:
        con.close()
    assert rows, f"no rows for:\n{query}"


def test_the_documented_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paipu.cli import main

    (tmp_path / "samples").symlink_to(ROOT / "samples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    (block,) = _blocks(PAGE[: PAGE.index("## Commands")], "sh")
    ran = 0
    for line in block.splitlines():
        words = shlex.split(line)
        out_file = None
        if ">" in words:
            at = words.index(">")
            words, out_file = words[:at], words[at + 1]
        assert words[0] == "paipu"
        if words[1] == "corpus":
            result = runner.invoke(corpus_group, words[2:])
            assert result.exit_code == 0, f"{line}\n{result.output}"
        else:
            result = runner.invoke(main, words[1:])
            assert result.exit_code in (0, 1), f"{line}\n{result.output}"
        assert result.exception is None or isinstance(result.exception, SystemExit), line
        if out_file:
            Path(out_file).write_text(result.stdout, encoding="utf-8")
        ran += 1
    assert ran >= 8
    assert (tmp_path / "corpus-report" / "index.html").is_file()
