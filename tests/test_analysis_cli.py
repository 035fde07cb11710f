"""``paipu analyze`` and ``paipu odds`` (`paipu.cli.analyze`), run through click's
test runner on the command objects themselves (the CLI group registers them)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from paipu.cli.analyze import analyze, odds
from paipu.replay.result import WinContext
from paipu.rules.zhuji.ruleset import Zhuji
from paipu.tiles import parse_tiles


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(analyze, list(args), input=stdin)


def as_json(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


def assert_one_line_error(result: Result, text: str) -> None:
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("paipu: error: ") and text in lines[0], result.output
    assert "Traceback" not in result.output


# ---------------------------------------------------------------- one hand


def test_analyze_ready_hand_prints_shanten_and_waits() -> None:
    result = run("123456789m 1234p")
    assert result.exit_code == 0
    assert "shanten: 0 (ready)" in result.output
    assert "waits: 1p 4p" in result.output


def test_analyze_json_of_a_short_hand_has_waits_and_effective_tiles() -> None:
    data = as_json(run("123456789m 13p 57s", "--json", "-r", "plain"))
    assert data["shanten"] == 1 and data["waits"] == [] and data["win"] is False
    assert [e["tile"] for e in data["effective"]] == ["1p", "2p", "3p", "5s", "6s", "7s"]


def test_analyze_full_hand_lists_discards_best_first() -> None:
    data = as_json(run("123456789m 1234p 9s", "--json", "-r", "plain"))
    assert data["waits"] is None and data["last"] == "9s"
    first = data["discards"][0]
    assert first["tile"] == "9s" and first["shanten"] == 0 and first["unseen"] == 6


def test_analyze_seen_tiles_lower_the_unseen_counts() -> None:
    data = as_json(run("123456789m 1234p", "--json", "--seen", "1p 1p"))
    assert {e["tile"]: e["unseen"] for e in data["effective"]} == {"1p": 1, "4p": 3}


def test_analyze_values_a_win_exactly_as_the_engine_does() -> None:
    # The seed's worked example: 东风 2 + 红中 1 + 混一色 1 = 4台 (the 财神 5p is the third 中).
    hand = "123456m 77m 111z 77z 5p"
    data = as_json(run(hand, "--json", "--caishen", "5p"))
    rs = Zhuji()
    st = rs.table("E")
    st.wild_kinds = (parse_tiles("5p")[0].index,)
    tiles = parse_tiles(hand)
    for t in tiles:
        st.seats["S"].counts[t.index] += 1
    engine = rs.analyse_win(st, WinContext("S", tiles[-1], self_drawn=True))
    assert data["win"] is True and data["shanten"] == -1
    assert data["value"]["total"] == engine.total == 4
    assert [(i["id"], i["value"], i["rule"]) for i in data["value"]["items"]] == [
        (i.id, i.value, i.rule) for i in engine.items]


def test_analyze_text_shows_each_value_item_with_its_rule() -> None:
    result = run("123456m 77m 111z 77z 5p", "--caishen", "5p")
    assert result.exit_code == 0
    assert "value: a win, standard, 4 tai" in result.output
    assert "zhuji.tai.dongfeng" in result.output


def test_analyze_complete_shape_below_the_minimum_is_not_a_win() -> None:
    # 123m 456p 789s 234s 55p with a 财神 elsewhere: nothing but 平胡 (1台) < 3台.
    data = as_json(run("123m 456p 789s 234s 55p", "--json", "--caishen", "1z"))
    assert data["shanten"] == -1 and data["win"] is False
    assert "minimum" in data["value"]["reason"]


def test_analyze_situation_flags_reach_the_valuation() -> None:
    args = ("123456m 77m 111z 77z 5p", "--json", "--caishen", "5p")
    plain = {i["id"] for i in as_json(run(*args))["value"]["items"]}
    flagged = {i["id"] for i in as_json(run(*args, "--after-kong", "--tianhu"))["value"]["items"]}
    assert flagged - plain == {"gangkai", "tianhu"}


def test_analyze_with_melds_counts_fewer_concealed_tiles() -> None:
    data = as_json(run("123m 456m 99m 78m 9m", "--json", "--melds", "ankong 1z", "--caishen", "5p"))
    assert data["shanten"] == -1 and data["melds"] == ["ankong 1111z"]
    assert any(i["id"] == "gangkai" for i in as_json(run(
        "123m 456m 99m 78m 9m", "--json", "--melds", "ankong 1z", "--caishen", "5p", "--after-kong"))["value"]["items"])


def test_analyze_shapes_without_a_scoring_ruleset_say_complete_only() -> None:
    data = as_json(run("11m 22m 33p 44p 55s 66s 77s", "--json", "-r", "plain"))
    assert data["shanten"] == -1 and data["win"] is True and data["value"] is None


def test_analyze_other_rulesets_value_with_their_own_scoring() -> None:
    data = as_json(run("1111m 22m 33p 44p 55s 66s", "--json", "-r", "hebei"))
    assert data["shanten"] == -1  # 七对 with a four counted as two pairs
    if data["value"] is not None:  # once the hebei ruleset is registered
        assert data["value"]["shape"] != "none" and all(i["rule"].startswith("hebei.") for i in data["value"]["items"])


def test_analyze_wildcard_completion_is_shown_for_a_ready_hand() -> None:
    result = run("1111m 567p 567s 789s", "--caishen", "5z")
    assert result.exit_code == 0
    assert "(and any 财神)" in result.output


# ---------------------------------------------------------------- bad input


def test_analyze_bad_tile_is_a_one_line_error_with_status_2() -> None:
    assert_one_line_error(run("123m 0z"), "bad tile 0z")


def test_analyze_wrong_size_says_how_many_tiles_a_hand_has() -> None:
    assert_one_line_error(run("123m"), "3 tiles; a hand has 13 (waiting) or 14")


def test_analyze_five_of_a_kind_is_an_error() -> None:
    assert_one_line_error(run("11111m 234p 567p 89s"), "5 × 1m")


def test_analyze_non_consecutive_caishen_is_judged_by_the_ruleset() -> None:
    assert_one_line_error(run("123456789m 1234p", "--caishen", "5m", "--caishen", "7m"), "not consecutive")


def test_analyze_unknown_ruleset_names_the_known_ones() -> None:
    assert_one_line_error(run("123456789m 1234p", "-r", "sanma"),
                          "known: erren, harbin, hebei, mcr, plain, riichi, zhuji")


def test_analyze_bad_meld_is_an_error() -> None:
    assert_one_line_error(run("123456789m 1p", "--melds", "chow 135m"), "is not a chow")


def test_analyze_unknown_option_is_an_error() -> None:
    assert_one_line_error(run("123456789m 1234p", "-O", "nosuch=1"), "unknown option")


def test_analyze_without_hand_or_batch_is_an_error() -> None:
    assert_one_line_error(run(), "give a HAND")


def test_analyze_flower_in_the_hand_is_an_error() -> None:
    assert_one_line_error(run("123456789m 123p 1f"), "flower")


# ---------------------------------------------------------------- batch


def test_batch_writes_one_json_object_per_hand_and_goes_on_after_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("123456789m 1234p\n\n# a comment\nnot a hand\n123m 456p 789s 111z 22z\n", encoding="utf-8")
    result = run("--batch", str(path), "-r", "plain")
    assert result.exit_code == 1  # a line could not be analysed
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["line"] for r in rows] == [1, 4, 5]
    assert rows[0]["shanten"] == 0 and rows[0]["waits"] == ["1p", "4p"] and rows[0]["win"] is False
    assert "error" in rows[1] and rows[1]["hand"] == "not a hand"
    assert rows[2]["shanten"] == -1 and rows[2]["win"] is True
    for row in (rows[0], rows[2]):
        assert {"hand", "shanten", "win", "waits"} <= set(row)


def test_batch_reads_stdin_with_a_dash() -> None:
    result = run("--batch", "-", "-r", "plain", stdin="1112345678999m\n")
    assert result.exit_code == 0
    assert json.loads(result.output)["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]


def test_batch_of_a_missing_file_is_an_error() -> None:
    assert_one_line_error(run("--batch", "/no/such/file.txt"), "No such file")


def test_batch_and_a_hand_together_is_an_error() -> None:
    assert_one_line_error(run("123456789m 1234p", "--batch", "-"), "not both")


# ---------------------------------------------------------------- odds


def test_odds_prints_the_published_tianhu_figure() -> None:
    result = CliRunner().invoke(odds, [])
    assert result.exit_code == 0
    assert "1 in 330,529.5" in result.output
    assert "11,498,658 distinct" in result.output


def test_odds_json_with_two_caishen() -> None:
    result = CliRunner().invoke(odds, ["-r", "zhuji", "--caishen", "5m 6m", "--json"])
    data = as_json(result)
    assert data["caishen"] == ["5m", "6m"] and data["tiles"] == 136
    assert 2000 < data["win_one_in"] < 3000


def test_odds_with_wildcards_and_seven_pairs_is_an_error() -> None:
    result = CliRunner().invoke(odds, ["-r", "plain", "--caishen", "5m"])
    assert_one_line_error(result, "standard shape")


# ---------------------------------------------------------------- the examples in docs/analysis.md

DOC = Path(__file__).resolve().parent.parent / "docs" / "analysis.md"


def _doc_examples() -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$ paipu …`` line of a console block."""
    examples: list[tuple[str, str]] = []
    block: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```console"):
            block = []
        elif line.startswith("```") and block is not None:
            command, *output = block
            examples.append((command, "\n".join(output)))
            block = None
        elif block is not None:
            block.append(line)
    return examples


def test_every_example_in_the_docs_runs_and_prints_what_the_docs_show() -> None:
    examples = _doc_examples()
    assert len(examples) >= 10
    for command, expected in examples:
        assert command.startswith("$ "), command
        stdin = None
        words = shlex.split(command[2:])
        if words[0] == "echo":
            pipe = words.index("|")
            stdin = " ".join(words[1:pipe]) + "\n"
            words = words[pipe + 1:]
        assert words[0] == "paipu"
        cmd = {"analyze": analyze, "odds": odds}[words[1]]
        result = CliRunner().invoke(cmd, words[2:], input=stdin)
        assert result.exit_code == 0, (command, result.output)

        def stable(text: str) -> list[str]:
            return [x for x in text.strip().splitlines() if not x.startswith("computed in")]

        assert stable(result.output) == stable(expected), command
