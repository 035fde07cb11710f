"""`paipu fmt`: the canonical form keeps the record and its comments, and is a fixed point.

Properties over every sample without errors and over simulated records of every ruleset:
fmt(fmt(x)) == fmt(x), and parse(fmt(x)) is parse(x) but for positions and the names fmt
canonicalises (value items by their ruleset's id, the ruleset by its name).
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paipu.cli import main
from paipu.cli.formatting import canonical_text
from paipu.grammar.parser import comments, parse
from paipu.grammar.writer import format_record
from paipu.record import to_json
from paipu.replay.ruleset import ruleset_class, ruleset_names
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/**/*.paipu"))
RULESETS = tuple(ruleset_names())


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


def fmt(text: str) -> str:
    out = canonical_text(text)
    assert isinstance(out, str), out
    return out


def meaning(text: str) -> Any:
    """The parsed record without positions, with value items, the ruleset and its own words
    (``宝 8p`` is ``bao 8p``) by their ids."""
    record = parse(text).record
    name = record.header.ruleset
    try:
        cls = ruleset_class(name or "")
    except KeyError:
        return to_json(record, spans=False)  # a ruleset paipu does not know: fmt keeps its names as written
    rs = cls(cls.Options())
    data: Any = to_json(rs.own_words(record), spans=False)
    data["header"]["ruleset"] = rs.name

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "items" in node and isinstance(node["items"], list):
                for item in node["items"]:
                    if isinstance(item, dict) and "name" in item:
                        item["name"] = rs.item_id(item["name"]) or item["name"]
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data)
    return data


def formattable(path: Path) -> bool:
    return parse(path.read_text(encoding="utf-8")).ok


@pytest.mark.parametrize("path", [p for p in SAMPLES if formattable(p)], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_fmt_of_every_sample_is_a_fixed_point_with_the_same_record_and_comments(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    once = fmt(text)
    assert fmt(once) == once
    assert meaning(once) == meaning(text)
    assert sorted(c.text for c in comments(once).values()) == sorted(c.text for c in comments(text).values())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fmt_of_a_simulated_record_changes_nothing(ruleset: str) -> None:
    for _, text in simulate(ruleset, 3, seed=5):
        assert fmt(text) == text


SIMULATED = [text for ruleset in RULESETS for _, text in simulate(ruleset, 2, seed=11)]
"""Records to write comments into (fixed seeds: the simulator is not under test here)."""

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fmt_keeps_comments_written_anywhere_and_is_a_fixed_point(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(SIMULATED))
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(lines) - 1))
        note = data.draw(_TEXT).replace("\n", " ")
        if data.draw(st.booleans()):
            lines.insert(at, "; " + note)  # a comment on a line of its own
        else:
            lines[at] = lines[at] + " ; " + note  # after the item of the line
    text = "\n".join(lines)
    once = fmt(text)
    assert fmt(once) == once
    assert meaning(once) == meaning(text)
    assert sorted(c.text for c in comments(once).values()) == sorted(c.text for c in comments(text).values())


# ---------------------------------------------------------------- canonical names

NAMES = """[Ruleset "诸暨"]
[Player E "Alice"]
hand 1
庄 E
caishen 9s
deal E 1234m 567p 99p 238s 1z 7z
e 打 1Z
番 E 3 : 东风 2, 混一色 1
"""


def test_fmt_writes_value_items_and_the_ruleset_by_their_ids() -> None:
    text = NAMES.replace("e 打 1Z", "E 打 1z")
    out = fmt(text)
    assert '[Ruleset "zhuji"]' in out and "fan E 3 : dongfeng 2, hunyise 1" in out
    assert "E discard 1z" in out


def test_fmt_keeps_an_item_its_ruleset_does_not_know_as_written() -> None:
    out = fmt(NAMES.replace("e 打 1Z", "E 打 1z").replace("混一色", "nosuchitem"))
    assert "fan E 3 : dongfeng 2, nosuchitem 1" in out


def test_fmt_does_not_rewrite_a_record_with_a_typo_even_with_a_reading() -> None:
    errors = canonical_text(NAMES)
    assert isinstance(errors, list) and {f.code for f in errors} == {"syntax"}


def test_fmt_comment_positions() -> None:
    text = ('; about the game\n[Player E "A"] [Ruleset "zhuji"] ; header\n\n; about hand 1\nhand 1\n'
            "dealer E ; who deals\nE draw 5m {a long\nnote} ; after the note\n; the end\n")
    assert fmt(text) == ('; about the game\n[Ruleset "zhuji"] ; header\n[Player E "A"]\n\n; about hand 1\nhand 1\n'
                         "dealer E ; who deals\nE draw 5m {a long\nnote} ; after the note\n; the end\n")


# ---------------------------------------------------------------- the command

CANONICAL = '[Ruleset "zhuji"]\n\nhand 1\ndealer E\nE draw 5m\n'
OTHER = '[Ruleset "zhuji"]\nhand 1\n庄 E\nE 摸 5m ; kept\n'


def test_fmt_write_rewrites_only_the_files_not_in_canonical_form(tmp_path: Path) -> None:
    good = tmp_path / "good.paipu"
    good.write_text(CANONICAL, encoding="utf-8")
    other = tmp_path / "other.paipu"
    other.write_text(OTHER, encoding="utf-8")
    os.chmod(other, 0o640)
    before = good.stat()
    result = run("fmt", "--write", str(tmp_path))
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == f"{other}: rewritten in canonical form\n"
    assert other.read_text(encoding="utf-8") == '[Ruleset "zhuji"]\n\nhand 1\ndealer E\nE draw 5m ; kept\n'
    assert other.stat().st_mode & 0o777 == 0o640
    after = good.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)  # untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.paipu", "other.paipu"]  # no temporary left
    assert run("fmt", "--check", str(tmp_path)).exit_code == 0


def test_fmt_write_keeps_a_gzip_record_compressed(tmp_path: Path) -> None:
    path = tmp_path / "game.paipu.gz"
    path.write_bytes(gzip.compress(OTHER.encode("utf-8")))
    assert run("fmt", "--write", str(path)).exit_code == 0
    assert gzip.decompress(path.read_bytes()).decode("utf-8").startswith('[Ruleset "zhuji"]\n\nhand 1\n')


def test_fmt_write_leaves_a_record_with_errors_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "bad.paipu"
    path.write_text(OTHER + "S drwa 5m\n", encoding="utf-8")
    result = run("fmt", "--write", str(path))
    assert result.exit_code == 1 and "did you mean 'draw'?" in result.stdout
    assert path.read_text(encoding="utf-8") == OTHER + "S drwa 5m\n"


def test_fmt_prints_several_files_each_under_its_name(tmp_path: Path) -> None:
    a = tmp_path / "a.paipu"
    a.write_text(CANONICAL, encoding="utf-8")
    b = tmp_path / "b.paipu"
    b.write_text(OTHER, encoding="utf-8")
    result = run("fmt", str(a), str(b))
    assert result.exit_code == 0
    assert result.stdout == (f"==> {a} <==\n" + CANONICAL + f"\n==> {b} <==\n"
                             + '[Ruleset "zhuji"]\n\nhand 1\ndealer E\nE draw 5m ; kept\n')
    assert run("fmt", str(a)).stdout == CANONICAL  # one file: no name line


def test_fmt_check_names_the_command_that_fixes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "b.paipu"
    path.write_text(OTHER, encoding="utf-8")
    result = run("fmt", "--check", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}: not in canonical form; `paipu fmt --write {path}` rewrites it\n"


def test_fmt_check_and_write_together_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "b.paipu"
    path.write_text(OTHER, encoding="utf-8")
    result = run("fmt", "--check", "--write", str(path))
    assert result.exit_code == 2 and "do not go together" in result.stderr
    assert path.read_text(encoding="utf-8") == OTHER


def test_fmt_writes_option_values_as_the_ruleset_does_and_keeps_a_bad_one() -> None:
    text = '[Ruleset "zhuji"]\n[Option win_on_discard "yes"]\n[Option min_tai " 2 "]\n[Option min_tai "many"]\n'
    assert fmt(text) == ('[Ruleset "zhuji"]\n[Option win_on_discard "true"]\n[Option min_tai "2"]\n'
                         '[Option min_tai "many"]\n')


def test_fmt_writes_final_scores_and_points_after_the_start_scores_and_reads_them_back() -> None:
    text = ('[Ruleset "riichi"]\n[Points W "+42.0"] [Final W "31300"]\n[Event "x"]\n[Final E "16300"]\n'
            '[Score W "25000"]\n[Points E "-34"]\n')
    record = parse(text).record
    assert [(t.seat, t.value) for t in record.header.finals] == [("W", "31300"), ("E", "16300")]
    assert [(t.seat, t.value) for t in record.header.points] == [("W", "+42.0"), ("E", "-34")]
    out = format_record(record)
    assert out == ('[Ruleset "riichi"]\n[Score W "25000"]\n[Final W "31300"]\n[Final E "16300"]\n'
                   '[Points W "+42.0"]\n[Points E "-34"]\n[Event "x"]\n')
    assert format_record(parse(out).record) == out


def test_final_and_points_tags_must_be_numbers_of_their_kind_once_per_seat() -> None:
    bad = parse('[Ruleset "riichi"]\n[Final E "1.5"]\n[Points S "1.25"]\n[Points S "2"]\n[Points S "3"]\n'
                '[Final X "1"]\n')
    assert [(f.code, f.line) for f in bad.findings] == [("bad-tag", 2), ("bad-tag", 3), ("duplicate-line", 5),
                                                        ("bad-tag", 6)]
    assert [(t.seat, t.value) for t in bad.record.header.points] == [("S", "2")]
