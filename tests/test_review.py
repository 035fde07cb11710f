"""``paipu review``: every decision weighed, the summaries, the review page and the quiz page."""

from __future__ import annotations

import json
import re
import shlex
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.analysis.review import (
    AGREE_POINTS,
    LARGE_POINTS,
    SAYING_NAMES,
    SHANTEN_POINTS,
    WIN_POINTS,
    WORST,
    grade_of,
)
from paipu.analysis.teaching import SAYINGS
from paipu.api import simulate
from paipu.cli import main
from paipu.replay.ruleset import ruleset_names
from paipu.reports.review import Review, render_quiz, review_text, write_quiz

ROOT = Path(__file__).resolve().parent.parent

BAD_DISCARD = """\
; E breaks the complete set 456m on its first discard while the 7z helps nothing.
[Ruleset "hebei"]
[Player E "Ann"]
[Player S "Bo"]
[Player W "Cai"]
[Player N "Dan"]

hand 1
dealer E
deal E 123456m 789p 1134s 7z
deal S 123456p 789s 22m 57m
deal W 345678s 234p 99m 68p
deal N 678m 111p 555s 88s 13s
E discard 5m
S draw 3z
S discard 3z
W draw 4z
W discard 4z
N draw 5z
N discard 5z
E draw 6z
E discard 6z
S draw 3z
S discard 3z
W draw 4z
W discard 4z
N draw 5z
N discard 5z
E draw 7z
E discard 7z
S draw 6m
S hu
"""
"""A hand-made hand: E's first discard (5m) breaks the set 456m while the 7z helps nothing; every
other discard throws a drawn honor that helps nothing, and S wins on its own draw."""


def _line(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@cache
def _session(ruleset: str) -> str:
    _name, text = next(iter(simulate(ruleset, 6, 11, session_hands=6)))
    return text


def _write(tmp_path: Path, text: str, name: str = "game.paipu") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- the sanity checks of the issue


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_bots_games_agree_with_the_review_on_nearly_every_decision(ruleset: str) -> None:
    """The simulator's bots play efficiency first: the review agrees with nearly all they do."""
    review = review_text(_session(ruleset), f"{ruleset}.paipu")
    assert review.audit.ok
    total = sum(s.decisions for s in review.summaries.values())
    agreeing = sum(s.agreeing for s in review.summaries.values())
    assert total >= 100, total
    assert agreeing / total >= 0.9, (ruleset, agreeing, total)
    for seat, summary in review.summaries.items():
        assert summary.agreement >= 0.85, (ruleset, seat, summary.agreement)
    large = sum(s.grades["large"] for s in review.summaries.values())
    assert large <= total // 50, (ruleset, large)


def test_a_complete_set_broken_while_another_tile_helps_nothing_is_the_largest_loss() -> None:
    review = review_text(BAD_DISCARD, "bad.paipu")
    assert review.audit.ok
    worst = max(review.decisions, key=lambda d: d.loss.points)
    assert (worst.seat, worst.line, worst.played.play) == ("E", _line(BAD_DISCARD, "E discard 5m"), "discard 5m")
    assert worst.best[0].play == "discard 7z" and worst.grade == "large"
    assert worst.loss.shanten == 1 and worst.loss.points >= SHANTEN_POINTS
    assert [d.loss.points for d in review.decisions].count(worst.loss.points) == 1
    # Every other decision throws a tile that helps nothing: each agrees.
    assert all(d.grade == "agrees" for d in review.decisions if d is not worst)
    assert review.summaries["E"].worst == (worst,)
    assert "5m" in worst.why and "7z" in worst.why and "ready" in worst.why


def test_nothing_the_seat_could_not_see_changes_its_review() -> None:
    """W's concealed tiles (not its discards) changed: E's decisions are weighed the same."""
    other = BAD_DISCARD.replace("deal W 345678s 234p 99m 68p", "deal W 456789s 345p 99p 13m")
    assert review_text(other, "x.paipu").audit.ok

    def mine(text: str) -> list[object]:
        return [d.to_json() for d in review_text(text, "x.paipu", seat="E").decisions]

    assert mine(other) == mine(BAD_DISCARD)


# ---------------------------------------------------------------- grades and thresholds


def test_the_grade_thresholds() -> None:
    assert grade_of(0) == "agrees"
    assert grade_of(AGREE_POINTS) == "agrees"
    assert grade_of(AGREE_POINTS + 1) == "small"
    assert grade_of(AGREE_POINTS + 1, best_unseen=2 * (AGREE_POINTS + 1)) == "agrees"  # half the best's tiles
    assert grade_of(LARGE_POINTS - 1) == "small"
    assert grade_of(LARGE_POINTS) == "large"
    assert grade_of(LARGE_POINTS, best_unseen=100) == "large"
    assert grade_of(SHANTEN_POINTS) == "large" and grade_of(WIN_POINTS) == "large"


def test_a_win_let_pass_is_a_large_loss() -> None:
    text = BAD_DISCARD.replace("S draw 6m\nS hu\n", "S draw 6m\nS discard 6m\nW draw 1z\nW discard 1z\n")
    review = review_text(text, "x.paipu")
    missed = [d for d in review.decisions if d.kind == "win"]
    assert missed and missed[0].seat == "S" and missed[0].loss.win
    assert missed[0].loss.points == WIN_POINTS and missed[0].grade == "large"
    assert max(review.decisions, key=lambda d: d.loss.points) is missed[0]


# ---------------------------------------------------------------- summaries and JSON


def test_json_has_each_seats_summary_and_every_decision(tmp_path: Path) -> None:
    path = _write(tmp_path, BAD_DISCARD)
    res = CliRunner().invoke(main, ["review", "--json", str(path)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data["seats"]) == {"E", "S", "W", "N"}
    for summary in data["seats"].values():
        assert {"decisions", "agreement", "loss", "worst", "grades"} <= set(summary)
        assert 0 <= summary["agreement"] <= 1 and len(summary["worst"]) <= WORST
    e = data["seats"]["E"]
    assert e["decisions"] == 3 and e["loss"] >= SHANTEN_POINTS and e["worst"][0]["played"] == "discard 5m"
    assert e["worst"][0]["line"] == _line(BAD_DISCARD, "E discard 5m") and e["worst"][0]["better"] == "discard 7z"
    largest = max(data["decisions"], key=lambda d: d["loss"])
    assert (largest["seat"], largest["line"], largest["played"]) == ("E", e["worst"][0]["line"], "discard 5m")
    assert largest["loss"] == e["worst"][0]["loss"] == e["loss"] - sum(
        d["loss"] for d in data["decisions"] if d["seat"] == "E" and d is not largest)
    assert len(data["decisions"]) == sum(s["decisions"] for s in data["seats"].values())
    for d in data["decisions"]:
        assert {"seat", "hand", "line", "played", "best", "loss", "grade", "why"} <= set(d)
        assert d["grade"] in ("agrees", "small", "large") and d["best"] and d["why"]
        assert isinstance(d["loss"], int) and {"shanten", "effective", "danger", "win"} <= set(d["loss_detail"])
    assert data["ruleset"] == "hebei" and data["hands"] == 1


def test_seat_reviews_only_that_seats_decisions(tmp_path: Path) -> None:
    path = _write(tmp_path, _session("zhuji"))
    res = CliRunner().invoke(main, ["review", "--json", "--seat", "w", str(path)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert list(data["seats"]) == ["W"]
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {"W"}
    every = json.loads(CliRunner().invoke(main, ["review", "--json", str(path)]).stdout)
    assert data["seats"]["W"] == every["seats"]["W"]
    assert data["decisions"] == [d for d in every["decisions"] if d["seat"] == "W"]


def test_a_claim_gives_the_shanten_before_and_after_it() -> None:
    review = review_text(_session("harbin"), "h.paipu")
    claims = [d for d in review.decisions if d.kind in ("claim", "pass")]
    assert claims and {d.kind for d in claims} == {"claim", "pass"}
    for d in claims:
        data = d.to_json()
        assert data["shanten_before"] == d.before is not None
        assert data["played_choice"]["shanten"] == d.played.shanten
        if d.kind == "pass":
            assert d.played.shanten == d.before  # letting the tile pass keeps the hand
    taken = [d for d in claims if d.kind == "claim" and d.grade == "agrees"]
    assert any(d.played.shanten < (d.before or 0) for d in taken)


def test_the_summary_lists_the_largest_mistakes_largest_first(tmp_path: Path) -> None:
    review = review_text(_session("riichi"), "r.paipu")
    for seat, s in review.summaries.items():
        mistakes = [d for d in review.decisions if d.seat == seat and d.grade != "agrees"]
        assert len(s.worst) == min(WORST, len(mistakes))
        points = [d.loss.points for d in s.worst]
        assert points == sorted(points, reverse=True)
        assert not mistakes or points[0] == max(d.loss.points for d in mistakes)
        assert s.loss == sum(d.loss.points for d in review.decisions if d.seat == seat)


def test_the_text_output_has_the_table_and_the_mistakes_with_their_steps(tmp_path: Path) -> None:
    path = _write(tmp_path, BAD_DISCARD)
    res = CliRunner().invoke(main, ["review", str(path)])
    assert res.exit_code == 0, res.output
    assert "9 decisions weighed" in res.output
    assert f"Hand 1, step 0 (line {_line(BAD_DISCARD, 'E discard 5m')}): large loss" in res.output
    assert "E played discard 5m — better discard 7z" in res.output


def test_a_saying_is_quoted_with_its_number_where_a_decision_shows_one() -> None:
    review = review_text(_session("mcr"), "m.paipu")
    said = {d.saying for d in review.decisions if d.saying}
    assert said and said <= {f"{SAYING_NAMES[s]}：{s}" for s in SAYINGS.values()}
    page = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    for text, number in SAYING_NAMES.items():
        assert number in page and text in page


def test_a_discard_near_a_late_fresh_discard_quotes_jue_jiu() -> None:
    """诀九: 后局他家打生张，附近皆危险 — late in the hand, the tiles near another seat's fresh discard
    are dangerous."""
    quoted = [d for rs in ruleset_names() for d in review_text(_session(rs), "x.paipu").decisions
              if d.saying.startswith("诀九")]
    assert quoted
    for d in quoted:
        assert d.kind in ("discard", "ready") and d.saying == f"诀九：{SAYINGS['late-fresh']}"
        m = re.search(r"late in the hand ([ESWN]) discarded (\d)([mps]), a kind nobody had discarded: "
                      r"(\d)([mps]) is", d.why)
        assert m is not None, d.why
        assert m.group(1) != d.seat and m.group(3) == m.group(5) and 0 < abs(int(m.group(2)) - int(m.group(4))) <= 2
        assert d.played.play == f"discard {m.group(4)}{m.group(5)}"


def test_the_output_is_the_same_bytes_each_time(tmp_path: Path) -> None:
    path = _write(tmp_path, _session("zhuji"))
    runner = CliRunner()
    outs = []
    for k in range(2):
        page, quiz = tmp_path / f"p{k}.html", tmp_path / f"q{k}.html"
        js = runner.invoke(main, ["review", "--json", "--seat", "E", "-o", str(page), str(path)])
        runner.invoke(main, ["review", "--quiz", "4", "-o", str(quiz), str(path)])
        outs.append((js.stdout, page.read_bytes(), quiz.read_bytes()))
    assert outs[0] == outs[1]


# ---------------------------------------------------------------- the review page


def test_the_review_page_shows_each_mistake_at_its_step_linked_from_the_summary(tmp_path: Path) -> None:
    path, out = _write(tmp_path, BAD_DISCARD), tmp_path / "e.html"
    res = CliRunner().invoke(main, ["review", "--seat", "E", "-o", str(out), str(path)])
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    assert 'id="review"' in html and 'href="#h1-s0"' in html
    assert 'class="fd note rv" data-s="0"' in html
    assert "played discard 5m — better discard 7z" in html
    # The teaching view: the other seats' concealed tiles are not on the page.
    assert "Teaching view" in html


def test_the_page_escapes_the_records_text(tmp_path: Path) -> None:
    hostile = BAD_DISCARD.replace('[Player E "Ann"]', '[Player E "<script>alert(1)</script>"]').replace(
        "E discard 5m", "E discard 5m {<img src=x onerror=alert(2)>}")
    path = _write(tmp_path, hostile)
    for args in (["--seat", "E", "-o", str(tmp_path / "e.html")], ["--quiz", "3", "-o", str(tmp_path / "q.html")]):
        res = CliRunner().invoke(main, ["review", *args, str(path)])
        assert res.exit_code == 0, res.output
    for name in ("e.html", "q.html"):
        html = (tmp_path / name).read_text(encoding="utf-8")
        assert "<script>alert(1)" not in html and "<img src=x" not in html, name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (tmp_path / "e.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_ruleset_has_its_review_page_and_quiz(ruleset: str, tmp_path: Path) -> None:
    text = _session(ruleset)
    page, quiz = tmp_path / "e.html", tmp_path / "q.html"
    review = review_text(text, f"{ruleset}.paipu", seat="E", page=page, quiz=3)
    assert review.audit.ok and review.seats == ("E",)
    html = page.read_text(encoding="utf-8")
    assert 'id="review"' in html
    for d in review.summaries["E"].worst:
        assert f'href="#{d.anchor}"' in html and f'data-s="{d.step}"' in html
    assert 1 <= len(review.quiz) <= 3
    write_quiz(review, quiz)
    assert quiz.read_text(encoding="utf-8").count('<section class="q"') == len(review.quiz)


def test_a_review_page_needs_a_seat(tmp_path: Path) -> None:
    path = _write(tmp_path, BAD_DISCARD)
    res = CliRunner().invoke(main, ["review", "-o", str(tmp_path / "x.html"), str(path)])
    assert res.exit_code == 2 and "--seat" in res.output and "Traceback" not in res.output
    assert not (tmp_path / "x.html").exists()


# ---------------------------------------------------------------- the quiz page


def test_the_quiz_page_is_offline_and_hides_each_answer_until_a_pick(tmp_path: Path) -> None:
    path, out = _write(tmp_path, _session("zhuji")), tmp_path / "quiz.html"
    res = CliRunner().invoke(main, ["review", "--quiz", "5", "-o", str(out), str(path)])
    assert res.exit_code == 0, res.output
    assert "quiz of 5 positions" in res.output
    html = out.read_text(encoding="utf-8")
    assert not re.search(r"https?://", html)
    assert not re.search(r"""<(?:link|img|iframe)\b|\bsrc=|@import""", html)
    assert '<meta name="viewport"' in html
    sections = html.split('<section class="q"')[1:]
    assert len(sections) == 5
    for s in sections:
        assert s.count('class="pick') >= 2
        assert '<details class="answer">' in s and "<details class=\"answer\" open" not in s
        assert s.index('class="pick') < s.index('<details class="answer">')


def test_the_quiz_keeps_the_most_instructive_positions_first() -> None:
    review = review_text(_session("hebei"), "h.paipu", quiz=6)
    assert len(review.quiz) == 6
    scores = [q.score for q in review.quiz]
    assert scores == sorted(scores, reverse=True) and scores[-1] > AGREE_POINTS
    for q in review.quiz:
        _best, points, grade = q.choices[0]
        assert points == 0 and grade == "agrees"
        assert {c.play for c, _, _ in q.choices} == {f"discard {t}" for t in set(q.concealed)}
        assert q.decision.played.play in {c.play for c, _, _ in q.choices}
    page = render_quiz(review)
    assert page.count('<section class="q"') == 6


def test_a_quiz_asks_only_positions_where_the_answer_matters() -> None:
    review: Review = review_text(BAD_DISCARD, "bad.paipu", quiz=3)
    assert len(review.quiz) == 1 and review.quiz[0].decision.played.play == "discard 5m"


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("content", [None, b"", b"\x00\x01binary\xff"])
def test_a_bad_file_is_a_clear_message_and_exit_2(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "bad.paipu"
    if content is not None:
        path.write_bytes(content)
    res = CliRunner().invoke(main, ["review", str(path)])
    assert res.exit_code == 2, res.output
    assert "bad.paipu" in res.output and "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_a_seat_that_does_not_play_is_exit_2(tmp_path: Path) -> None:
    path = _write(tmp_path, _session("erren"))
    res = CliRunner().invoke(main, ["review", "--seat", "S", str(path)])
    assert res.exit_code == 2 and "seat S does not play in erren" in res.output


def test_a_record_with_an_error_is_reviewed_as_far_as_it_goes_exit_1(tmp_path: Path) -> None:
    broken = BAD_DISCARD.replace("E discard 6z", "E discard 9s")  # a tile E does not hold
    res = CliRunner().invoke(main, ["review", str(_write(tmp_path, broken))])
    assert res.exit_code == 1, res.output
    assert "`paipu check` shows them" in res.output and "Traceback" not in res.output


# ---------------------------------------------------------------- the docs


DOC = ROOT / "docs" / "review.md"


def _doc_blocks(kind: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    block: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"```{kind}"):
            block = []
        elif line.startswith("```") and block is not None:
            blocks.append(block)
            block = None
        elif block is not None:
            block.append(line)
    return blocks


def test_the_documented_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "samples").symlink_to(ROOT / "samples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    ran = 0
    for block in _doc_blocks("sh"):
        for line in block:
            words = shlex.split(line)
            assert words[:2] == ["paipu", "review"], line
            res = CliRunner().invoke(main, words[1:])
            assert res.exit_code == 0, (line, res.output)
            if "-o" in words:
                assert (tmp_path / words[words.index("-o") + 1]).is_file(), line
            ran += 1
    assert ran >= 4


def test_every_example_in_the_docs_prints_what_the_docs_show(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    examples = _doc_blocks("console")
    assert examples
    for command, *expected in examples:
        assert command.startswith("$ paipu "), command
        res = CliRunner().invoke(main, shlex.split(command[2:])[1:])
        assert res.exit_code == 0, (command, res.output)
        assert res.output.strip().splitlines() == expected, command


def test_the_documented_json_example_is_what_json_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The JSON example is shortened, but each value it shows is the one printed."""
    monkeypatch.chdir(ROOT)
    (shown,) = _doc_blocks("json")
    doc = json.loads("\n".join(shown))
    res = CliRunner().invoke(main, ["review", "--json", "--seat", "S", doc["record"]])
    data = json.loads(res.stdout)
    assert {k: data[k] for k in ("record", "ruleset", "hands", "ok")} == {k: doc[k] for k in ("record", "ruleset",
                                                                                              "hands", "ok")}
    s = data["seats"]["S"]
    assert {**s, "worst": s["worst"][:1]} == doc["seats"]["S"]
    first = data["decisions"][1]
    assert {**first, "best": first["best"][:2]} == doc["decisions"][0]


# ---------------------------------------------------------------- speed


def test_a_session_is_reviewed_within_twice_its_annotated_report(tmp_path: Path) -> None:
    """CPU time in this process, the least of two runs each, interleaved: the review beside the
    annotated report, the review page beside the annotated report of the same seat's teaching view
    (benchmarks/bench_review.py measures a 100-hand session of each ruleset in fresh processes)."""
    import time

    _name, text = next(iter(simulate("zhuji", 30, 3, session_hands=30)))
    path = _write(tmp_path, text)
    runner = CliRunner()
    ways = {"report": ["report", "--annotate", str(path), "-o", str(tmp_path / "r.html")],
            "review": ["review", "--json", str(path)],
            "seat report": ["report", "--annotate", "--seat", "E", str(path), "-o", str(tmp_path / "s.html")],
            "page": ["review", "--seat", "E", str(path), "-o", str(tmp_path / "e.html")]}
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(2):
        for way, args in ways.items():
            start = time.process_time()
            res = runner.invoke(main, args)
            best[way] = min(best[way], time.process_time() - start)
            assert res.exit_code == 0, res.output
    assert best["review"] <= 2 * best["report"], best
    assert best["page"] <= 2 * best["seat report"], best  # the page is the seat's teaching view
