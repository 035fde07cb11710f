"""The review page and the quiz page in headless Chromium on a 390 px phone: no sideways
scrolling, a mistake's link opens the board at its step, and a quiz answer stays hidden until
a discard is picked.  Skipped without Playwright or Chromium (as tests/test_board_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import launched, overflow, require_browser

from paipu.api import simulate
from paipu.reports.review import review_text, write_quiz

sync_api, CHROMIUM = require_browser()

ROOT = Path(__file__).resolve().parent.parent

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("review")
    sample = ROOT / "samples/valid/zhuji/four-hands.paipu"
    page = folder / "s.html"
    review = review_text(sample.read_text(encoding="utf-8"), sample.name, seat="S", page=page)
    _name, text = next(iter(simulate("hebei", 4, 5, session_hands=4)))
    quiz = write_quiz(review_text(text, "session.paipu", quiz=4), folder / "quiz.html")
    return {"review": page.as_uri(), "quiz": quiz.as_uri(), "worst": review.summaries["S"].worst}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api, CHROMIUM) as b:
        yield b


def test_a_mistakes_link_opens_the_board_at_its_step(browser: Any, pages: dict[str, Any]) -> None:
    page = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(pages["review"])
    assert overflow(page) == 0
    first = pages["worst"][0]
    assert first.step > 0
    link = page.locator("#review ol.worst a").first
    assert link.get_attribute("href") == f"#{first.anchor}"
    link.click()
    page.wait_for_timeout(200)
    assert page.inner_text(f"#h{first.hand} .ctl .pos .k") == str(first.step)
    note = page.locator(f'#h{first.hand} .rv[data-s="{first.step}"]')
    assert note.count() == 1 and "better hu" in note.inner_text()
    assert errors == [] and overflow(page) == 0
    page.close()


def test_a_quiz_answer_is_hidden_until_a_discard_is_picked(browser: Any, pages: dict[str, Any]) -> None:
    page = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(pages["quiz"])
    assert overflow(page) == 0
    questions = page.locator("section.q")
    assert questions.count() == 4
    first = questions.first
    assert not first.locator(".ans table").is_visible()
    assert not first.locator("details.answer > summary").is_visible()  # no peeking with the script on
    assert "pick a discard" in page.inner_text("#score")
    pick = first.locator("button.pick").first
    picked = pick.get_attribute("data-k")
    pick.click()
    assert first.locator(".ans table").is_visible()
    verdict = first.locator(".verdict").inner_text()
    assert verdict.startswith(f"You discarded {picked}: ")
    assert first.locator("tr.chosen").count() == 1
    assert "of 1 answered" in page.inner_text("#score")
    # A second pick in the same position changes nothing.
    first.locator("button.pick").last.click()
    assert first.locator(".verdict").inner_text() == verdict and "of 1 answered" in page.inner_text("#score")
    assert not questions.nth(1).locator(".ans table").is_visible()
    assert errors == [] and overflow(page) == 0
    page.close()
