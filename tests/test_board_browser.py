"""The teaching board in headless Chromium on a 390 px phone and a 1280 px desktop: the page
never scrolls sideways, the step controls and the board stay on screen while stepping, and the
viewed seat's analysis follows the step.  Skipped without Playwright or Chromium (see
tests/test_reports_browser.py).  Screenshots are saved in ``out/screenshots/`` (git-ignored)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import launched, overflow, require_browser

from paipu.api import simulate
from paipu.auditing import audit_text
from paipu.reports import write_report

sync_api, CHROMIUM = require_browser()

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "out" / "screenshots"

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A 4-hand simulated session: its teaching view of E (annotated) and its audit view."""
    _name, text = next(iter(simulate("zhuji", 4, 3, session_hands=4)))
    folder = tmp_path_factory.mktemp("board")
    teaching = write_report(audit_text(text, "session.paipu", views=True, annotate=True), folder / "e.html", seat="E")
    audit = write_report(audit_text(text, "session.paipu", views=True), folder / "audit.html")
    return {"teaching": teaching.as_uri(), "audit": audit.as_uri()}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api, CHROMIUM) as b:
        yield b


def _on_screen(page: Any, selector: str) -> bool:
    """Whether ``selector`` is in the window, once layout has settled (a font or the script's
    redraw may still move it for a moment after a click on a loaded machine)."""
    for _ in range(40):
        if _in_window(page, selector):
            return True
        page.wait_for_timeout(50)
    return False


def _in_window(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    width = page.viewport_size["width"]
    return bool(box) and box["y"] < height and box["y"] + box["height"] > 0 and box["x"] >= 0 and (
        box["x"] + box["width"] <= width + 1)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view", ["teaching", "audit"])
def test_the_board_and_its_controls_stay_on_screen_without_sideways_scrolling(
        browser: Any, pages: dict[str, str], size: str, view: str) -> None:
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(pages[view])
    assert overflow(page) == 0  # the summary table fits or scrolls in its own box
    page.evaluate("document.querySelector('#h2').scrollIntoView()")
    page.click("#h2 .ctl .first")  # hand 2 at its deal, whether or not it was shown yet
    assert page.inner_text("#h2 .ctl .pos .k") == "0"
    for _ in range(13):
        page.click("#h2 .ctl .next")
    assert page.inner_text("#h2 .ctl .pos .k") == "13"
    assert _on_screen(page, "#h2 .ctl") and _on_screen(page, "#h2 .board .seat.p-bottom")
    assert _on_screen(page, "#h2 .board")
    assert overflow(page) == 0
    # Scrolled down to the timeline, the controls are still at the top of the screen.
    page.evaluate("window.scrollBy(0, 500)")
    page.click("#h2 .ctl .next")
    ctl = page.locator("#h2 .ctl").bounding_box()
    assert ctl is not None and 0 <= ctl["y"] < 5
    assert page.inner_text("#h2 .ctl .pos .k") == "14"
    page.evaluate("window.scrollBy(0, -500)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-{view}-{size}.png"))
    assert errors == []
    page.close()


def test_the_analysis_on_the_board_follows_the_step(browser: Any, pages: dict[str, str]) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(pages["teaching"] + "#h1-s0")
    first = page.inner_text("#h1 .an .sh b")
    assert "from ready" in first or first.startswith("ready") or first == "complete"
    seen = {first}
    tables = 0
    for _ in range(24):
        page.click("#h1 .ctl .next")
        seen.add(page.inner_text("#h1 .an .sh b"))
        if page.is_visible("#h1 .an table.bd"):
            tables += 1
            # The best discards are tiles with the shanten after them and the effective tiles unseen.
            row = page.locator("#h1 .an table.bd tbody tr").first
            assert row.locator("i.t").count() == 1 and "(" in row.inner_text()
        else:
            assert page.locator("#h1 .an .ef .e").count() > 0 or "complete" in seen
            assert page.locator("#h1 .an .ef .e").count() <= 6  # the best few
    assert tables > 0 and len(seen) >= 1
    # The heat row's numbers are percents.
    cells = page.eval_on_selector_all("#h1 .heat .hc b", "els => els.map(e => e.textContent)")
    assert cells and all(t.endswith("%") for t in cells)
    page.close()


def test_the_heat_row_shows_at_each_step_the_odds_worked_out_for_it(browser: Any, pages: dict[str, str]) -> None:
    """The row the script draws at a step is the odds the seat's knowledge gives at that step
    (`paipu.analysis.reading.pong_percents`), kind by kind, in percent."""
    from paipu.analysis.reading import pong_percents, seat_knowledge

    _name, text = next(iter(simulate("zhuji", 4, 3, session_hands=4)))
    audit = audit_text(text, "session.paipu", views=True)
    assert audit.replay is not None and audit.ruleset is not None
    rs = audit.ruleset
    steps = audit.replay.hands[0].steps
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    for k in (0, 7, 30, len(steps) - 1):
        page.goto(f"{pages['teaching']}#h1-s{k}")
        view = steps[k].view
        assert view is not None
        percents = pong_percents(seat_knowledge(view, "E", rs.seats, rs.tile_counts))
        want = [f"{percents.get(i, 0)}%" for i in range(34) if rs.tile_counts[i]]
        assert page.eval_on_selector_all("#h1 .heat .hc b", "els => els.map(e => e.textContent)") == want, k
    page.close()
