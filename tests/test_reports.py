"""HTML reports (docs/reports.md): the view model, the page, its safety and the command.

Golden files: ``tests/golden/*.html`` are the exact reports of the Zhuji samples.  After a
deliberate change to the reports, regenerate them with

    PAIPU_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_reports.py

and look at the diff (and at the page in a browser) before committing.
"""

from __future__ import annotations

import dataclasses
import io
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner
from markupsafe import Markup

from paipu.auditing import Audit, audit_text
from paipu.cli.report import default_output, report_command
from paipu.record import FanLine, ScoreLine, Seat
from paipu.reports import build_report_model, render_model, render_report, write_report
from paipu.reports.build import ReportError
from paipu.reports.labels import Lang
from paipu.reports.model import HandView, ReportModel, TileView
from paipu.reports.render import (
    HAND,
    MARK_FINDINGS,
    _HandPage,
    _Out,
    _Splicer,
    environment,
    write_record_report,
)
from paipu.reports.table import BACK as BACK_FACE
from paipu.reports.table import FACES, TableState, decode, face_kind, parse_token
from paipu.reports.tiles import BACK, tile_class, tile_styles, tile_svg
from paipu.sim.simulate import simulate
from paipu.tiles import ALL_TILES, RED_FIVES, Tile

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "valid" / "zhuji"
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PAIPU_UPDATE_GOLDEN") == "1"


def sample_text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def sample(name: str, *, keep_views: bool = True) -> Audit:
    """A sample's audit, named by its path from the project root (so reports do not depend on the cwd)."""
    return audit_text(sample_text(name), f"samples/valid/zhuji/{name}", views=keep_views)


def edited(name: str, *replacements: tuple[str, str]) -> Audit:
    """A sample with lines changed: each (old, new) must match exactly once."""
    text = sample_text(name)
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return audit_text(text, f"edited-{name}", views=True)


HOSTILE = (
    ('[Player E "Alice"]', '[Player E "<script>alert(1)</script>Alice &amp; co"]'),
    ("S draw 8m\n", "S draw 8m {<img src=x onerror=alert(2)> and </blockquote><b>bold</b>}\n"),
    ('[Event "Seed example"]', '[Event "<iframe src=//evil>"]'),
)
WRONG_RESULTS = (
    ("fan E 4 : dongfeng 2, zhongfabai 1, hunyise 1", "fan E 5 : dongfeng 2, zhongfabai 1, hunyise 1, pinghu 1"),
    ("score E +12 S -4 W -4 N -4", "score E +14 S -4 W -4 N -6"),
)


def states(model: ReportModel, hand: int) -> list[TableState]:
    """The table of a hand at every step, as the page's script draws it."""
    table = model.hands[hand - 1].table
    assert table is not None
    return decode(table)


def kinds_at(tiles: tuple[TileView, ...] | list[TileView]) -> list[str]:
    return [t.kind for t in tiles]


def classes(tiles: Iterable[Tile]) -> list[str]:
    return [tile_class(t) for t in tiles]


def faces_kinds(faces: str) -> list[int]:
    """The kinds of a run of faces, backs left out."""
    return [face_kind(FACES.index(ch)) for ch in faces if ch != BACK_FACE]


def tokens(hand: HandView) -> list[tuple[str, str, str, int, str | None]]:
    return [parse_token(t) for t in hand.actions.split(" ")] if hand.actions else []


# ---------------------------------------------------------------- golden files

GOLDEN_CASES = {
    "seed-example.html": ("seed-example.paipu", None, "en"),
    "four-hands.html": ("four-hands.paipu", None, "en"),
    "four-hands-seat-E-zh.html": ("four-hands.paipu", "E", "zh"),
    "exhausted-with-wall.html": ("exhausted-with-wall.paipu", None, "en"),
}


@pytest.mark.parametrize("golden", sorted(GOLDEN_CASES))
def test_report_of_zhuji_sample_matches_its_golden_file(golden: str) -> None:
    name, seat, lang = GOLDEN_CASES[golden]
    html = render_report(sample(name), seat=seat, lang=lang)  # type: ignore[arg-type]
    path = GOLDEN / golden
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8", newline="\n")
    assert path.exists(), f"no golden file {path}: run with PAIPU_UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    if html != expected:
        got, want = html.splitlines(), expected.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), min(len(got), len(want)))
        pytest.fail(
            f"{golden} differs from the report, first at line {first + 1}:\n"
            f"  golden: {want[first][:200] if first < len(want) else '<end>'}\n"
            f"  report: {got[first][:200] if first < len(got) else '<end>'}\n"
            "If the change is intended, regenerate with PAIPU_UPDATE_GOLDEN=1 (see this file's docstring)."
        )


# ---------------------------------------------------------------- determinism and self-containment


def test_rendering_the_same_record_twice_gives_identical_bytes() -> None:
    first = render_report(sample("four-hands.paipu"), seat="S", lang="zh")
    second = render_report(sample("four-hands.paipu"), seat="S", lang="zh")
    assert first.encode("utf-8") == second.encode("utf-8")


def test_an_audit_without_table_views_gives_the_same_page() -> None:
    """The page is made by a replay of the record with the page's own observer: whether the audit
    kept table views does not matter."""
    assert render_report(sample("four-hands.paipu", keep_views=False)) == render_report(sample("four-hands.paipu"))


def test_report_fetches_nothing_from_the_network() -> None:
    html = render_report(sample("four-hands.paipu"))
    assert not re.search(r"https?://", html)
    assert not re.search(r"<(link|img|iframe)\b", html)
    assert not re.search(r"<script[^>]*\bsrc=", html)
    assert "@import" not in html
    assert re.findall(r"url\(([^)]*)\)", html) and all(
        u.startswith("data:image/svg+xml;base64,") for u in re.findall(r"url\(([^)]*)\)", html)
    )


def test_every_tile_kind_and_the_back_has_one_picture() -> None:
    styles = dict(tile_styles())
    assert len(styles) == len(tile_styles()) == len(ALL_TILES) + len(RED_FIVES) + 1
    assert BACK in styles and {tile_class(t) for t in (*ALL_TILES, *RED_FIVES)} <= set(styles)
    assert "万" in tile_svg(Tile.parse("5m")) and "五" in tile_svg(Tile.parse("5m"))
    for honour in "东南西北白发中春菊":
        assert honour in tile_svg(Tile.parse(honour))
    assert tile_svg(Tile.parse("9p")).count("<circle") == 27  # nine dots, three circles each
    html = render_report(sample("seed-example.paipu"))
    assert html.count("data:image/svg+xml;base64,") == len(styles)


# ---------------------------------------------------------------- safety


def test_html_in_player_names_tags_and_annotations_is_shown_as_text() -> None:
    html = render_report(edited("seed-example.paipu", *HOSTILE))
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;Alice &amp;amp; co" in html
    assert "<img" not in html and "&lt;img src=x onerror=alert(2)&gt;" in html
    assert "<b>bold</b>" not in html and "&lt;/blockquote&gt;&lt;b&gt;bold&lt;/b&gt;" in html
    assert "<iframe" not in html and "&lt;iframe src=//evil&gt;" in html
    # The page's only scripts are its own: the class switch in <head> and the one at the end.
    assert html.count("<script>") == 2


# ---------------------------------------------------------------- the board follows the engine


_FOUND = sorted(p.relative_to(ROOT / "samples").as_posix() for p in (ROOT / "samples").rglob("*.paipu"))
ALL_SAMPLES = [r for r in _FOUND if not r.startswith("corpus/")] + [r for r in _FOUND if r.startswith("corpus/")][:3]
"""Every hand-written sample of every ruleset (valid, invalid, syntax), and a few of the simulated corpus."""


def any_sample(rel: str) -> Audit:
    path = ROOT / "samples" / rel
    try:
        return audit_text(path.read_text(encoding="utf-8"), f"samples/{rel}", views=True)
    except Exception as e:  # pragma: no cover - an engine problem, reported by the engine's own tests
        pytest.skip(f"the engine cannot replay {rel}: {e!r}")


@pytest.mark.parametrize("rel", ALL_SAMPLES)
def test_board_at_every_step_shows_what_the_engine_saw(rel: str) -> None:
    """The page's table, read back step by step as its script reads it, is the engine's table
    after each step: every seat's concealed tiles, river (claimed or not), melds, flowers and
    ready flag, the wall's count and known tiles, the marked kinds."""
    audit = any_sample(rel)
    model = build_report_model(audit)
    render_report(audit, seat=audit.replay.seats[-1] if audit.replay and audit.replay.seats else None, lang="zh")
    if audit.replay is None:
        assert model.hands == () and model.record_findings
        return
    for hand, hr in zip(model.hands, audit.replay.hands, strict=True):
        assert hand.steps == len(hr.steps)
        if hand.table is None:
            assert any(step.view is None for step in hr.steps)
            continue
        table = decode(hand.table)
        assert len(table) == len(hr.steps)
        for step, shown in zip(hr.steps, table, strict=True):
            view = step.view
            if view is None:  # a step after a line that could not be read: not replayed
                continue
            k = step.number
            for seat, sv in view.seats.items():
                side = shown.seats[seat]
                assert sorted(faces_kinds(side.concealed())) == sorted(t.index for t in sv.concealed), (hand.title, k)
                assert [(face_kind(FACES.index(f)), c) for f, _, c in side.river] == [
                    (t.index, c) for t, c in sv.discards], (hand.title, k)
                assert [m[0] for m in side.melds] == [
                    {"chow": "c", "pong": "p", "kong": "k", "ankong": "a", "addkong": "b"}[m.kind] for m in sv.melds]
                assert faces_kinds("".join(side.flowers)) == [t.index for t in sv.flowers]
                assert side.ready == sv.ready, (hand.title, k)
            assert shown.wall_left == view.wall_left
            if view.wall_known is not None and shown.wall:
                left = "".join(ch for p, ch in enumerate(shown.wall) if p not in shown.drawn_places)
                assert faces_kinds(left) == [t.index for t in view.wall_known]
            assert faces_kinds(shown.marks) == [t.index for t in view.marked_tiles]
            # The seat to move: the engine's, and after a discard the seat due to draw next.
            want = "-" if view.turn is None else (
                audit.replay.seats[(audit.replay.seats.index(view.turn) + 1) % len(audit.replay.seats)]
                if view.phase == "claim" else view.turn)
            assert shown.turn == want, (hand.title, k)


def test_robbed_addkong_turns_back_into_a_pong_on_the_board() -> None:
    model = build_report_model(sample("four-hands.paipu"))
    codes = [tuple(m[0] for m in st.seats["W"].melds) for st in states(model, 2)]
    assert codes[2] == ("p",) and codes[11] == ("b",) and codes[12] == ("p",)


def test_claimed_tile_is_turned_sideways_on_the_side_it_came_from() -> None:
    model = build_report_model(sample("four-hands.paipu"))
    pong, kong = states(model, 1)[-1].seats["S"].melds
    z1 = FACES[Tile.parse("1z").index]
    m5 = FACES[Tile.parse("5m").index]
    # S pongs E's 东: E sits before S in turn order, on S's left, so the sideways tile is first.
    assert pong == "pE^" + z1 * 3
    # A concealed kong has no claimed tile; it is laid back, face, face, back.
    assert kong == "a." + BACK_FACE + m5 * 2 + BACK_FACE
    # W pongs S's 3s: S is W's left too.
    assert states(model, 2)[-1].seats["W"].melds[0].startswith("pS^")
    # The winning hand's melds are laid the same way in the scoring audit.
    (win,) = model.hands[0].result.wins
    assert [t.sideways for t in win.melds[0].tiles] == [True, False, False]
    assert kinds_at(win.melds[1].tiles) == [BACK, "m5", "m5", BACK]


# ---------------------------------------------------------------- the teaching view


def test_teaching_view_hides_the_other_hands_but_keeps_their_counts() -> None:
    audit = sample("four-hands.paipu")
    open_view = build_report_model(audit)
    east_view = build_report_model(audit, seat="E")
    for h_open, h_east in zip(open_view.hands, east_view.hands, strict=True):
        assert h_east.table is not None and h_east.table.hidden == ("S", "W", "N")
        for s_open, s_east in zip(decode(h_open.table), decode(h_east.table), strict=True):  # type: ignore[arg-type]
            for seat in "ESWN":
                a, b = s_open.seats[seat], s_east.seats[seat]
                if seat == "E":
                    assert a.concealed() == b.concealed()
                    continue
                assert set(b.concealed()) <= {BACK_FACE} and len(b.concealed()) == len(a.concealed())
                assert a.river == b.river  # discards are public
        deal = h_east.table.start
        assert "+E" + BACK_FACE not in deal and "+S" + BACK_FACE * 13 in deal


def test_teaching_view_hides_other_seats_draws_and_concealed_kongs_but_not_discards() -> None:
    model = build_report_model(sample("four-hands.paipu"), seat="E")
    steps = tokens(model.hands[0])
    draws = {seat: tiles for code, seat, tiles, _, _ in steps if code == "w"}
    assert draws["E"] != BACK_FACE and draws["S"] == draws["W"] == draws["N"] == BACK_FACE
    assert next(tiles for code, _, tiles, _, _ in steps if code == "a") == BACK_FACE
    assert all(tiles != BACK_FACE for code, _, tiles, _, _ in steps if code in "dDqQ")
    (_, kong) = states(model, 1)[-1].seats["S"].melds
    assert kong == "a." + BACK_FACE * 4


def test_teaching_view_shows_no_wall_order() -> None:
    assert "~" in build_report_model(sample("exhausted-with-wall.paipu")).hands[0].table.start  # type: ignore[union-attr]
    table = build_report_model(sample("exhausted-with-wall.paipu"), seat="N").hands[0].table
    assert table is not None and "~" not in table.start and all(not st.wall for st in decode(table))


def test_teaching_view_of_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="seats: E S W N"):
        build_report_model(sample("seed-example.paipu"), seat="X")  # type: ignore[arg-type]


# ---------------------------------------------------------------- wildcards


def test_caishen_tiles_are_marked_wild_wherever_they_are() -> None:
    model = build_report_model(sample("exhausted-with-wall.paipu"))
    assert kinds_at(model.hands[0].wild) == ["m5"]
    # The page marks every tile of the hand's wildcard kinds (its script reads `data-w`).
    html = render_model(model)
    assert 'data-w="m5"' in html and 'data-w="z7 z5"' in html
    # Hand 2 has two 财神 kinds, 中 and 白.
    assert kinds_at(model.hands[1].wild) == ["z7", "z5"]
    won = build_report_model(sample("seed-example.paipu")).hands[0].result.wins[0]
    tiles = [*won.concealed, won.winning_tile, *(t for g in won.groups for t in g.tiles)]
    assert all(t.wild or t.stands_for for t in tiles if t.kind == "p5")
    assert not any(t.wild for t in tiles if t.kind != "p5")


def test_decomposition_shows_which_tile_each_caishen_stands_for() -> None:
    model = build_report_model(sample("seed-example.paipu"))
    (win,) = model.hands[0].result.wins
    assert win.is_win and win.total == 4
    marked = [(g.kind, kinds_at(g.tiles), [t.stands_for for t in g.tiles]) for g in win.groups if g.stands_for]
    # The 5p 财神 is the third 中.
    assert marked == [("pong", ["z7", "z7", "z7"], [False, False, True])]
    (group,) = [g for g in win.groups if g.stands_for]
    assert "中 7z" in group.stands_for and "5p" in group.stands_for
    assert kinds_at(win.concealed) == classes(Tile.parse(t) for t in "1m 2m 3m 4m 5m 6m 7m 5p 1z 1z 1z 7z 7z".split())
    assert win.winning_tile.kind == "m7"


# ---------------------------------------------------------------- findings and the audit


def test_finding_is_shown_at_the_step_of_its_line() -> None:
    audit = audit_text(
        sample_text("exhausted-with-wall.paipu").replace("W draw 4p\n", "W draw 5p\n", 1), "bad-wall.paipu",
        views=True,
    )
    model = build_report_model(audit)
    (finding,) = model.findings
    assert finding.code == "draw-mismatch" and finding.severity == "error"
    assert model.hands[0].findings == (finding,) and finding.step == 2 and finding.step_anchor == "h1-s2"
    assert tokens(model.hands[0])[1][0] == "w"  # step 2: the draw
    assert finding.rule is not None and finding.rule.id == "common.wall" and "head of the wall" in finding.rule.text
    assert finding.source == "W draw 5p"
    assert model.hands[0].finding_counts == {"error": 1, "warning": 0, "note": 0}
    assert model.rows[0].first_finding == "h1-s2"


def test_result_findings_are_shown_at_the_fan_and_score_lines_not_the_last_step() -> None:
    audit = edited("seed-example.paipu", *WRONG_RESULTS)
    model = build_report_model(audit)
    hand = model.hands[0]
    assert audit.replay is not None
    lines = {s.number: s.action for s in audit.replay.hands[0].steps}
    assert hand.findings is not None
    by_code = {f.code: f.step for f in hand.findings}
    assert isinstance(lines[by_code["fan-mismatch"]], FanLine)
    assert isinstance(lines[by_code["score-mismatch"]], ScoreLine)


def test_payment_and_value_differences_are_marked() -> None:
    model = build_report_model(edited("seed-example.paipu", *WRONG_RESULTS))
    result = model.hands[0].result
    assert result.recorded and result.payments_differ
    assert [(p.seat, p.computed, p.recorded, p.differs) for p in result.payments] == [
        ("E", 12, 14, True), ("S", -4, -4, False), ("W", -4, -4, False), ("N", -4, -6, True),
    ]
    (win,) = result.wins
    assert win.total == 4 and win.recorded_total == 5 and win.total_differs
    rows = {i.id: i for i in win.items}
    assert rows["pinghu"].value is None and rows["pinghu"].recorded == 1 and rows["pinghu"].differs
    assert not rows["dongfeng"].differs and rows["dongfeng"].recorded == rows["dongfeng"].value == 2
    assert rows["dongfeng"].rule is not None and rows["dongfeng"].rule.id == "zhuji.tai.dongfeng"
    assert model.rows[0].payments_differ
    html = render_report(edited("seed-example.paipu", *WRONG_RESULTS))
    assert html.count('<tr class="diff">') == 4  # E's and N's payments, the pinghu item, the total
    assert '<tr class="diff"><th>Total</th>' in html


def test_clean_sample_has_no_differences_and_transfers_with_reasons() -> None:
    model = build_report_model(sample("four-hands.paipu"))
    for hand in model.hands:
        assert not hand.result.payments_differ
        assert all(not i.differs for w in hand.result.wins for i in w.items)
        assert hand.result.transfers and all(t.rule is not None and t.reason for t in hand.result.transfers)
    robbed = model.hands[1].result
    assert [(t.payer, t.payee, t.amount) for t in robbed.transfers] == [("W", "N", 4)] * 3
    assert model.hands[3].result.multiplier == 2


def test_annotations_and_glyphs_are_beside_their_action() -> None:
    model = build_report_model(sample("seed-example.paipu"))
    code, _, _, glyph, _ = tokens(model.hands[0])[0]
    assert code in "dD" and glyph == 0 and model.script["glyphs"][0] == "good move"
    notes = [n for n in model.hands[0].notes if n.step == 1]
    assert notes and notes[0].kind == "ann" and notes[0].text.startswith("The 3s is the only tile")
    deal_notes = [n.text for n in build_report_model(sample("four-hands.paipu")).hands[3].notes if n.step == 0]
    assert deal_notes == ["S: an annotation on a deal line"]


def test_summary_counts_findings_and_links_every_hand_and_finding() -> None:
    audit = edited("seed-example.paipu", *WRONG_RESULTS)
    model = build_report_model(audit)
    assert model.counts == {"error": 2, "warning": 0, "note": 0}
    html = render_report(audit)
    for row in model.rows:
        assert f'href="#{row.anchor}"' in html
    for f in model.findings:
        assert f'href="#{f.anchor}"' in html and f'id="{f.anchor}"' in html


def test_score_table_and_chart_follow_the_running_scores() -> None:
    audit = sample("four-hands.paipu")
    model = build_report_model(audit)
    assert audit.replay is not None
    running = [[s.running for s in r.scores] for r in model.rows]
    assert running == [[h.scores_after[s] for s in "ESWN"] for h in audit.replay.hands]  # type: ignore[index]
    assert [s.running for s in model.final_scores] == [18, 2, -26, 6]
    chart = model.chart
    assert chart is not None and [s.seat for s in chart.series] == ["E", "S", "W", "N"]
    assert all(len(s.dots) == len(model.hands) + 1 for s in chart.series)
    assert chart.series[0].dots[-1][2] == "East, Hand 4: +18"


def test_unparsable_record_gives_a_report_of_its_syntax_findings() -> None:
    # The ruleset tag cannot be read, so nothing can be replayed (a bad line in a hand would
    # only stop the checking of that hand: tests/test_recovery.py).
    audit = audit_text('[Ruleset zhuji]\nhand 1\ndealer E\nE discard 0z\n', "broken.paipu", views=True)
    model = build_report_model(audit)
    assert not model.parsed and model.hands == ()
    assert model.findings and model.record_findings == model.findings
    html = render_report(audit)
    assert "ruleset or option tags cannot be read" in html and model.findings[0].code in html


def test_chinese_report_uses_chinese_words_and_keeps_the_record_text() -> None:
    model = build_report_model(sample("four-hands.paipu"), lang="zh")
    assert model.hands[0].title == "第1局" and model.labels.html_lang == "zh-Hans"
    assert model.script["verbs"]["d"] == "打" and model.labels.value == "台数"
    assert model.hands[1].annotations == ("The winner of hand 1, S, deals.",)
    assert model.hands[1].result.wins[0].how == "抢西的杠"
    with pytest.raises(ValueError, match="languages"):
        build_report_model(sample("four-hands.paipu"), lang="fr")  # type: ignore[arg-type]


# ---------------------------------------------------------------- writing and the command


def test_write_report_creates_the_folder_and_writes_utf8(tmp_path: Path) -> None:
    out = write_report(sample("seed-example.paipu"), tmp_path / "a" / "b.html", lang="zh")
    assert out == tmp_path / "a" / "b.html"
    assert out.read_bytes().startswith(b"<!DOCTYPE html>")
    assert "第1局".encode() in out.read_bytes()


def test_default_output_is_out_and_the_record_stem() -> None:
    assert default_output(Path("x/four-hands.paipu")) == Path("out/four-hands.html")
    assert default_output(Path("x/day.paipu.gz")) == Path("out/day.html")
    assert default_output(Path("notes.txt")) == Path("out/notes.html")


def test_report_command_writes_out_stem_html_and_exits_0_for_a_clean_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(report_command, [str(SAMPLES / "four-hands.paipu")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "four-hands.html").is_file()
    assert "report written to out/four-hands.html (0 errors, 0 warnings)" in result.output


def test_report_command_exits_1_for_error_findings_and_still_writes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.paipu"
    text = sample_text("seed-example.paipu")
    for old, new in WRONG_RESULTS:
        text = text.replace(old, new)
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(report_command, [str(bad), "-o", str(out), "--seat", "s", "--lang", "zh"])
    assert result.exit_code == 1, result.output
    assert out.is_file() and "2 errors" in result.output


def test_report_command_exits_2_for_input_problems(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(report_command, [str(tmp_path / "nope.paipu")])
    assert missing.exit_code == 2
    assert "paipu: error:" in missing.output and "no such file" in missing.output
    empty = tmp_path / "empty.paipu"
    empty.write_text("", encoding="utf-8")
    assert runner.invoke(report_command, [str(empty)]).exit_code == 2
    two = tmp_path / "x.paipu"
    two.write_text(sample_text("seed-example.paipu"), encoding="utf-8")
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    result = runner.invoke(report_command, [str(two), "-o", str(blocked / "r.html")])
    assert result.exit_code == 2 and "cannot be written" in result.output
    assert runner.invoke(report_command, [str(two), "--lang", "fr"]).exit_code == 2


def test_every_step_of_a_session_is_in_the_page() -> None:
    audit = sample("four-hands.paipu")
    model = build_report_model(audit)
    html = render_model(model)
    assert audit.replay is not None
    for hand, hr in zip(model.hands, audit.replay.hands, strict=True):
        assert len(tokens(hand)) == len(hr.record.actions) == hand.steps - 1
        assert f'data-n="{hand.steps}"' in html
        for a, (code, seat, _, _, _) in zip(hr.record.actions, tokens(hand), strict=True):
            assert code in ("dDqQ" if a.verb == "discard" else "w" if a.verb == "draw" else code)
            assert seat == getattr(a, "seat", "-")
    assert Counter(re.findall(r'<section class="hand"', html))['<section class="hand"'] == 4


def test_hand_that_cannot_be_replayed_still_lists_its_steps() -> None:
    text = sample_text("seed-example.paipu").replace("deal N 235689m 23557p 45z\n", "")
    audit = audit_text(text, "no-deal.paipu", views=True)
    model = build_report_model(audit)
    hand = model.hands[0]
    assert hand.table is None and hand.result.outcome == "incomplete"
    assert hand.steps == 1 + len(audit.record.hands[0].actions) == 1 + len(tokens(hand))
    assert [f.code for f in model.findings] == ["missing-deal"] and model.findings[0].step_anchor == "h1-s0"
    html = render_report(audit)
    assert 'data-nt=""' in html and "could not be replayed" in html


def test_the_report_keeps_the_options_in_force() -> None:
    audit = audit_text(sample_text("seed-example.paipu"), "seed.paipu", options={"min_tai": "2"}, views=True)
    model = build_report_model(audit)
    assert ("min_tai", "2") in model.header.resolved
    assert model.hands[0].table is not None


def test_chart_leaves_out_zero_when_the_scores_start_far_from_it() -> None:
    text = sample_text("seed-example.paipu").replace('[Player E "Alice"]', '[Player E "Alice"]\n[Score E "1000"]\n'
                                                     '[Score S "1000"] [Score W "1000"] [Score N "1000"]')
    model = build_report_model(audit_text(text, "rich.paipu", views=True))
    assert model.chart is not None and model.chart.zero is None
    assert [s.running for s in model.start_scores] == [1000] * 4
    assert [s.running for s in model.final_scores] == [1012, 996, 996, 996]
    assert build_report_model(sample("seed-example.paipu")).chart.zero is not None  # type: ignore[union-attr]


def test_the_summary_marks_a_value_mismatch_as_it_marks_a_payment_one() -> None:
    model = build_report_model(edited("seed-example.paipu", *WRONG_RESULTS))
    (row,) = model.rows
    assert row.value_differs and row.payments_differ
    html = render_model(model)
    assert re.search(r'<td class="diff">4 tai <span class="diffmark" title="Value: differs">≠</span></td>', html)
    clean = build_report_model(audit_text(sample_text("seed-example.paipu"), "seed.paipu", views=True))
    assert not clean.rows[0].value_differs
    assert 'title="Value: differs"' not in render_model(clean)


def test_harbin_names_its_marked_tile_in_its_own_words() -> None:
    """The 宝 is named with Harbin's own words (宝 as …), never as another ruleset's 财神."""
    text = (ROOT / "samples/valid/harbin/mobao.paipu").read_text(encoding="utf-8")
    for lang, words in (("en", "宝 as"), ("zh", "宝当")):
        html = render_report(audit_text(text, "mobao.paipu", views=True), lang=lang)  # type: ignore[arg-type]
        assert words in html and "财神" not in html


# ---------------------------------------------------------------- the page written hand by hand


def _streamed_cases() -> list[tuple[str, Seat | None, Lang, bool]]:
    """Two records of every samples folder (valid and invalid, every ruleset, syntax errors),
    each in one of the views a report has: audit, teaching, Chinese, teaching notes."""
    folders = sorted({p.parent for p in (ROOT / "samples").rglob("*.paipu")})
    views: list[tuple[Seat | None, Lang, bool]] = [(None, "en", False), ("E", "zh", False), (None, "zh", True),
                                                 ("E", "en", True)]
    cases = []
    for k, folder in enumerate(folders):
        for j, path in enumerate(sorted(folder.glob("*.paipu"))[:2]):
            seat, lang, annotate = views[(k + j) % len(views)]
            cases.append((str(path.relative_to(ROOT)), seat, lang, annotate))
    return cases


@pytest.mark.parametrize(("name", "seat", "lang", "annotate"), _streamed_cases())
def test_the_page_written_hand_by_hand_is_the_page_of_the_whole_audit(name: str, seat: Seat | None, lang: Lang,
                                                                       annotate: bool, tmp_path: Path) -> None:
    """`write_record_report` (one pass, one hand's views held at a time, the findings put in
    place at the end) writes the very bytes of `render_report` of the audit with every view."""
    text = (ROOT / name).read_text(encoding="utf-8")
    whole = render_report(audit_text(text, name, views=True, annotate=annotate), seat=seat, lang=lang)
    audit = write_record_report(text, name, tmp_path / "page.html", annotate=annotate, seat=seat, lang=lang)
    assert (tmp_path / "page.html").read_bytes() == whole.encode("utf-8")
    checked = audit_text(text, name, annotate=annotate)
    assert [f.to_json() for f in audit.findings] == [f.to_json() for f in checked.findings]
    assert sorted(os.listdir(tmp_path)) == ["page.html"]  # the spool and the part file are gone


def test_a_session_written_hand_by_hand_is_the_page_of_the_whole_audit(tmp_path: Path) -> None:
    (_, text), = simulate("hebei", 5, 4, session_hands=5)
    audit = audit_text(text, "s.paipu", views=True)
    assert audit.replay is not None and len(audit.replay.hands) == 5
    write_record_report(text, "s.paipu", tmp_path / "s.html", seat="N")
    assert (tmp_path / "s.html").read_text(encoding="utf-8") == render_report(audit, seat="N")


def test_record_text_that_looks_like_a_findings_mark_is_shown_escaped_not_replaced(tmp_path: Path) -> None:
    """The marks where a step's findings go begin with ``<`` and a NUL: record text cannot
    write them, since every ``<`` of it is escaped."""
    text = sample_text("four-hands.paipu").replace("E discard 1z", "E discard 1z {a <\x00w> b <\x00f> c <\x00}", 1)
    html = render_report(audit_text(text, "odd.paipu", views=True))
    assert "a &lt;\x00w&gt; b &lt;\x00f&gt; c &lt;\x00</blockquote>" in html
    write_record_report(text, "odd.paipu", tmp_path / "odd.html")
    assert (tmp_path / "odd.html").read_text(encoding="utf-8") == html


def _spliced(model: ReportModel, marked: str, size: int) -> str:
    out = io.StringIO()
    splicer = _Splicer(_Out(out), (h.findings or () for h in model.hands), model.labels)
    for k in range(0, len(marked), size):
        piece = marked[k:k + size]
        splicer.feed(Markup(piece) if k % 2 else piece)
    splicer.close()
    splicer.out.flush()
    return out.getvalue()


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 64])
def test_findings_marks_cut_across_pieces_are_put_in_place(size: int) -> None:
    """However the spooled hands are read back, each mark is found (and a piece that is
    Markup does not escape the text held over from the piece before)."""
    model = build_report_model(edited("seed-example.paipu", *WRONG_RESULTS))
    (hand,) = model.hands
    assert hand.findings is not None and len(hand.findings) >= 2
    marked = "".join(environment().get_template(HAND).generate(m=_HandPage(model.labels),
                                                               h=dataclasses.replace(hand, findings=None)))
    assert marked.count(MARK_FINDINGS) == 1
    whole = _spliced(model, marked, len(marked))
    assert whole in render_model(model)
    assert '<div class="fd error" id="f' in whole and "\x00" not in whole
    assert _spliced(model, marked, size) == whole


def test_a_seat_that_does_not_play_writes_nothing(tmp_path: Path) -> None:
    text = (ROOT / "samples/valid/erren").glob("*.paipu").__next__().read_text(encoding="utf-8")
    with pytest.raises(ReportError, match="does not play"):
        write_record_report(text, "two.paipu", tmp_path / "out" / "two.html", seat="S")
    assert not (tmp_path / "out" / "two.html").exists()
    assert not list((tmp_path / "out").iterdir()) if (tmp_path / "out").exists() else True


def test_report_of_a_folder_writes_one_page_per_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each record found in the folder (and below) gets its page, where it is in the folder; the
    exit status is the worst of them, as `check` gives it."""
    folder = tmp_path / "games"
    (folder / "day2").mkdir(parents=True)
    (folder / "a.paipu").write_text(sample_text("seed-example.paipu"), encoding="utf-8")
    bad = sample_text("seed-example.paipu")
    for old, new in WRONG_RESULTS:
        bad = bad.replace(old, new)
    (folder / "day2" / "b.paipu").write_text(bad, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(report_command, ["games", "--lang", "zh"])
    assert result.exit_code == 1, result.output
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.html")) == [
        "games/a.html", "games/day2/b.html"]
    assert "2 reports written to out/games, 1 with errors" in result.output
    assert "第1局" in (tmp_path / "out" / "games" / "day2" / "b.html").read_text(encoding="utf-8")
    clean = CliRunner().invoke(report_command, ["games/day2/..", "-o", "pages"])
    assert clean.exit_code == 1 and (tmp_path / "pages" / "a.html").is_file()
    (folder / "day2" / "b.paipu").unlink()
    assert CliRunner().invoke(report_command, ["games", "-o", "pages2"]).exit_code == 0


# ---------------------------------------------------------------- what players see, on the page

RIICHI_SAMPLE = ROOT / "samples/valid/riichi/double-riichi-ippatsu.paipu"


def test_an_abortive_draw_is_named_by_its_reason() -> None:
    text = ('[Ruleset "riichi"]\nhand 1\ndealer E\ndeal E 19m 19p 19s 1234567z 2m\ndeal S 123s 456s 789s 45p 77z\n'
            "deal W 223344m 388p 11s 55z\ndeal N 555666m 377p 44z 66z\nabort kyuushu\n")
    model = build_report_model(audit_text(text, "abort.paipu"))
    (row,) = model.rows
    assert row.outcome == "aborted" and row.outcome_label == "abortive draw (途中流局): nine terminals (九種九牌)"
    assert model.hands[0].result.outcome_label == row.outcome_label
    assert "exhausted" not in row.outcome_label
    zh = build_report_model(audit_text(text, "abort.paipu"), lang="zh")
    assert zh.rows[0].outcome_label == "途中流局: 九种九牌"


def test_counts_of_findings_are_said_in_the_right_number() -> None:
    html = render_report(edited("seed-example.paipu", WRONG_RESULTS[1]))
    assert '<span class="count error">1 error</span>' in html and "1 errors" not in html
    assert '<span class="count warning zero">0 warnings</span>' in html


def test_a_value_is_said_as_players_say_it_and_a_value_left_out_is_not_a_difference() -> None:
    text = RIICHI_SAMPLE.read_text(encoding="utf-8").replace(", fu 40", "")
    model = build_report_model(audit_text(text, "r.paipu"))
    (win,) = model.hands[0].result.wins
    assert win.value == "5 han 40 fu, mangan"
    fu = next(i for i in win.items if i.id == "fu")
    assert fu.recorded is None and not fu.differs and not any(i.differs for i in win.items)
    html = render_model(model)
    assert 'class="diff"' not in html and "not recorded" in html
    assert build_report_model(audit_text(text, "r.paipu"), lang="zh").labels.value == "番数"


def test_the_ura_dora_are_shown_to_a_seat_once_a_win_in_riichi_turns_them_over() -> None:
    text = RIICHI_SAMPLE.read_text(encoding="utf-8").replace("dealer E\n", "dealer E\nuradora 3p\n")
    audit = audit_text(text, "ura.paipu")
    for seat in ("E", "S"):
        (ura,) = [s for s in build_report_model(audit, seat=seat).hands[0].setup if s.label == "ura dora indicators"]
        assert ura.shown_from == 7  # S's win
    assert [s.shown_from for s in build_report_model(audit).hands[0].setup if s.label == "ura dora indicators"] == [0]
    # Won without riichi, they stay hidden from every seat.
    lost = text.replace("S ready\n", "").replace("daburu_riichi 2, ippatsu 1, ", "")
    assert not [s for s in build_report_model(audit_text(lost, "no.paipu"), seat="E").hands[0].setup
                if s.label == "ura dora indicators"]
