"""The report in a real browser: stepping with the keys, jumping to findings and hands.

Runs headless Chromium through Playwright's Python API, with the system's browser
(``/usr/bin/chromium``, or ``$PAIPU_CHROMIUM``), since Playwright's own browser download is
not used.  Skipped, saying how to install them, when either is missing:
``apt-get install chromium`` and ``pip install playwright``.  Screenshots for people to
look at are saved in ``out/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import launched, require_browser

from paipu.auditing import audit_text
from paipu.reports import write_report

sync_api, CHROMIUM = require_browser()

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "out" / "screenshots"


# Four hands with two wrong results: hand 2's payments, hand 4's value.
ERRORS = (
    ("score N +12 W -12", "score N +12 W -10 E -2"),
    ("fan E 4 : pinghu 1, qingyise 3", "fan E 5 : pinghu 2, qingyise 3"),
)


@pytest.fixture(scope="module")
def report_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    text = (ROOT / "samples/valid/zhuji/four-hands.paipu").read_text(encoding="utf-8")
    for old, new in ERRORS:
        assert old in text
        text = text.replace(old, new)
    audit = audit_text(text, "four-hands-with-errors.paipu", views=True)
    assert [f.code for f in audit.findings] == ["score-mismatch", "fan-mismatch"]
    out = write_report(audit, tmp_path_factory.mktemp("report") / "report.html")
    return out.as_uri()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api, CHROMIUM) as b:
        yield b


def _current(page: Any, hand: str) -> str:
    return str(page.eval_on_selector(f"{hand} li.st.cur", "el => el.id"))


def _visible(page: Any, selector: str) -> int:
    return int(page.eval_on_selector_all(selector, "els => els.filter(e => !e.classList.contains('off')).length"))


def test_keys_step_through_a_hand_and_jump_to_findings_and_hands(browser: Any, report_url: str) -> None:
    page = browser.new_page(viewport={"width": 1360, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(report_url)

    # The script starts every hand at its deal.
    assert _current(page, "#h1") == "h1-s0"
    assert page.is_visible("#h1 .ctl")
    assert _visible(page, "#h1 .seat.sS .conc .t") == 13
    assert _visible(page, "#h1 .seat.sS .meld") == 0

    # → → : E discards 东, S pongs it.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert _current(page, "#h1") == "h1-s2"
    assert page.inner_text("#h1 .ctl .pos .k") == "2"
    assert _visible(page, "#h1 .seat.sS .meld") == 1
    assert _visible(page, "#h1 .seat.sS .conc .t") == 11
    assert page.eval_on_selector_all("#h1 .seat.sE .river .t:not(.off)", "els => els.map(e => e.className)") == [
        "t z1 c"
    ]
    assert page.get_attribute("#h1 .seat.sS", "class") is not None
    assert "turn" in str(page.get_attribute("#h1 .seat.sS", "class"))
    page.keyboard.press("ArrowLeft")
    assert _current(page, "#h1") == "h1-s1"
    assert _visible(page, "#h1 .seat.sS .meld") == 0

    # End, then the hand's last step is shown: S has won with a pong and a concealed kong.
    page.keyboard.press("End")
    assert _current(page, "#h1") == "h1-s15"
    assert _visible(page, "#h1 .seat.sS .meld") == 2
    page.keyboard.press("Home")
    assert _current(page, "#h1") == "h1-s0"

    # n: the first finding, hand 2's score line; n again: hand 4's fan line; p: back.
    page.keyboard.press("n")
    assert _current(page, "#h2") == "h2-s14"
    assert "current" in str(page.get_attribute("#h2", "class"))
    assert page.is_visible("#h2-s14 .fd.error")
    assert "score-mismatch" in page.inner_text("#h2-s14 .fd")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "report-finding.png"))
    page.keyboard.press("n")
    assert _current(page, "#h4") == "h4-s12"
    page.keyboard.press("p")
    assert _current(page, "#h2") == "h2-s14"

    # j / k: the next and previous hand.
    page.keyboard.press("j")
    assert "current" in str(page.get_attribute("#h3", "class"))
    page.keyboard.press("ArrowRight")
    assert _current(page, "#h3") == "h3-s1"
    page.keyboard.press("k")
    assert "current" in str(page.get_attribute("#h2", "class"))

    # The slider and a click on a step pick a step too.
    page.eval_on_selector("#h1 .ctl input[type=range]",
                          "el => { el.value = '12'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    assert _current(page, "#h1") == "h1-s12"
    page.focus("#h1 .ctl input[type=range]")
    page.keyboard.press("ArrowLeft")  # the slider's own key: one step back, once
    assert _current(page, "#h1") == "h1-s11"
    page.click("#h1-s3")
    assert _current(page, "#h1") == "h1-s3"
    page.click("#h1-s12")
    page.locator("#h1").screenshot(path=str(SHOTS / "report-hand.png"))
    assert errors == []
    page.close()


def test_a_link_to_a_step_opens_the_hand_at_that_step(browser: Any, report_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(report_url + "#h2-s11")
    assert _current(page, "#h2") == "h2-s11"
    # W's added kong is on the table; at the next step N robs it and it is a pong again.
    assert page.eval_on_selector_all("#h2 .seat.sW .meld:not(.off)", "els => els.map(e => e.className)") == [
        "meld addkong"
    ]
    page.keyboard.press("ArrowRight")
    assert page.eval_on_selector_all("#h2 .seat.sW .meld:not(.off)", "els => els.map(e => e.className)") == [
        "meld pong"
    ]
    page.close()


def test_without_javascript_the_findings_and_the_scoring_are_readable(browser: Any, report_url: str) -> None:
    """The table and the timeline are drawn by the page's script; without it, each hand still
    shows its findings (with the step and the line each is about) and its scoring audit."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(report_url)
    assert not page.is_visible("#h1 .ctl") and page.locator("li.st").count() == 0
    assert page.is_visible("#h2 .xs .fd.error") and "score-mismatch" in page.inner_text("#h2 .xs")
    assert page.is_visible("#h1 .scoring table.items")
    assert page.locator(".summary table.hands tbody tr").count() == 5  # the start and four hands
    context.close()


def test_every_tile_has_a_name(browser: Any, report_url: str) -> None:
    """Each tile is an image with an accessible name (its notation and words), also its tooltip."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(report_url)
    unnamed = page.eval_on_selector_all(
        "#h1 .t, #h1 .scoring .t", "els => els.filter(e => e.getAttribute('role') !== 'img' || "
        "!e.getAttribute('aria-label')).length")
    assert unnamed == 0
    assert page.get_attribute("#h1 .seat.sS .conc .t.z1", "aria-label") == "1z (East)"
    page.hover("#h1 .seat.sS .conc .t.z1")
    assert page.get_attribute("#h1 .seat.sS .conc .t.z1", "title") == "1z (East)"
    page.close()


# ---------------------------------------------------------------- what players see

RIICHI = ROOT / "samples/valid/riichi/double-riichi-ippatsu.paipu"


def _page_of(browser: Any, html_path: Path, width: int = 1280) -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(html_path.as_uri())
    page.errors = errors
    return page


def _scores(page: Any, hand: str = "#h1") -> dict[str, str]:
    return {s: page.inner_text(f"{hand} .seat.s{s} .who .sc") for s in "ESWN"}


def test_the_scores_on_the_table_change_with_the_riichi_stick_and_after_the_win(browser: Any,
                                                                               tmp_path: Path) -> None:
    """Every seat's score is on the table at every step: a riichi stick is taken off once the
    declaration stands (the sticks counter with it), and once the hand is won each seat shows
    the score it leaves with and its change."""
    out = write_report(audit_text(RIICHI.read_text(encoding="utf-8"), "r.paipu"), tmp_path / "r.html")
    page = _page_of(browser, out)
    page.goto(out.as_uri() + "#h1-s4")  # S's riichi discard: the stick is not paid yet
    assert _scores(page) == {"E": "25000", "S": "25000", "W": "25000", "N": "25000"}
    sticks = "#h1 .board .su[data-k='1'] b"
    assert page.inner_text(sticks) == "0"
    page.keyboard.press("ArrowRight")  # W draws: the declaration stands
    assert _scores(page)["S"] == "24000" and page.inner_text(sticks) == "1"
    assert page.inner_text("#h1 .seat.sS .who .chg") == ""
    page.keyboard.press("End")
    assert _scores(page) == {"E": "25000", "S": "33000", "W": "17000", "N": "25000"}
    assert page.inner_text("#h1 .seat.sS .who .chg") == "+8000" and page.inner_text("#h1 .seat.sW .who .chg") == "-8000"
    assert page.inner_text(sticks) == "0"  # the winner took them
    assert page.inner_text("#h1 h2").startswith("東1局 0本場")
    assert page.inner_text("#h1 .seat.sS .tag.rd") == "riichi (立直)"
    assert page.errors == []
    page.close()


def test_red_fives_are_told_apart_from_plain_fives(browser: Any, tmp_path: Path) -> None:
    """A red five has a picture, a name and a class of its own in the hand, the timeline and the
    scoring audit, where the scoring counts it as aka dora."""
    text = RIICHI.read_text(encoding="utf-8").replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 406s 789s 45p 77z")
    text = text.replace("fan S 5 : daburu_riichi 2, ippatsu 1, ittsu 2, fu 40",
                        "fan S 6 : daburu_riichi 2, ippatsu 1, ittsu 2, aka_dora 1, fu 40")
    text = text.replace("score S +8000 W -8000", "score S +12000 W -12000")
    audit = audit_text(text, "red.paipu")
    assert audit.ok, [f.message for f in audit.findings]
    out = write_report(audit, tmp_path / "red.html")
    page = _page_of(browser, out)
    page.keyboard.press("Home")
    red, plain = "#h1 .seat.sS .conc .t.s0", "#h1 .seat.sS .conc .t.s5"
    assert page.locator(red).count() == 1 and page.locator(plain).count() == 0
    assert page.get_attribute(red, "aria-label") == "0s (red 5 bamboo)"
    pictures = page.evaluate("""() => {
        const a = document.createElement('i'), b = document.createElement('i');
        a.className = 't s0'; b.className = 't s5';
        document.body.append(a, b);
        return [getComputedStyle(a).backgroundImage, getComputedStyle(b).backgroundImage];
    }""")
    assert pictures[0] != pictures[1] and pictures[0].startswith("url(")
    assert page.locator("#h1-s0 .t.s0").count() == 1  # the deal in the timeline
    assert page.locator("#h1 .scoring .winhand .t.s0").count() == 1
    assert page.get_attribute("#h1 .scoring .winhand .t.s0", "aria-label") == "0s (red 5 bamboo)"
    assert page.errors == []
    page.close()


def _botzone_page(tmp_path: Path) -> Path:
    """A Botzone game as imported, its `Source` a match's address of real length."""
    from paipu.importers.botzone import BotzoneImporter, simulated_logs

    log = simulated_logs(1, seed=4)[0].replace("Match sim000", "Match 61602cb45ddc087351c04358")
    (_, text, _), = BotzoneImporter().convert(log.encode(), "game.txt")
    assert "https://botzone.org.cn/match/61602cb45ddc087351c04358" in text
    return write_report(audit_text(text, "61602cb45ddc087351c04358.paipu"), tmp_path / "botzone.html")


def _corpus_index(tmp_path: Path) -> Path:
    from paipu.corpus import ingest, open_corpus
    from paipu.corpus.report import write_corpus_report
    from paipu.sources import expand_paths

    db = open_corpus(tmp_path / "c.db")
    ingest(db, list(expand_paths([ROOT / "samples/valid", ROOT / "samples/invalid/riichi"])))
    result = write_corpus_report(db, tmp_path / "corpus", record_pages=False)
    db.close()
    return result.index


LOGS = ROOT.parent / "shared" / "logs"


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_imported_pages_and_the_corpus_index_are_no_wider_than_the_screen(browser: Any, tmp_path: Path,
                                                                        size: tuple[int, int]) -> None:
    pages = [_botzone_page(tmp_path), _corpus_index(tmp_path)]
    if LOGS.is_dir():  # the real games, when they are beside the project (never part of it)
        from paipu.importers.logs import read_game

        for log in (LOGS / "botzone" / "01-61602cb45ddc087351c04358.txt",
                    LOGS / "tenhou" / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog"):
            if log.is_file():
                game = read_game(str(log), None)
                pages.append(write_report(audit_text(game.text, game.record_name), tmp_path / f"{log.stem}.html"))
    for path in pages:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(path.as_uri())
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0, path
        if size[0] == 390:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"phone-{path.stem}.png"))
        page.close()
