"""Headless Chromium for the browser tests, found and launched one way.

The system's Chromium (``/usr/bin/chromium``, or ``$PAIPU_CHROMIUM``) is driven through
Playwright; a test module that calls `require_browser` is skipped when either is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def chromium() -> str | None:
    """The Chromium to drive: ``$PAIPU_CHROMIUM``, else the system's, else None."""
    for candidate in (os.environ.get("PAIPU_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def require_browser() -> tuple[Any, str]:
    """Playwright's sync API and Chromium's path; skips the calling test module without them."""
    sync_api: Any = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed: `pip install playwright` to run the browser test"
    )
    path = chromium()
    if path is None:
        pytest.skip("Chromium is not installed: `apt-get install chromium` to run the browser test",
                    allow_module_level=True)
    return sync_api, path


@contextmanager
def launched(sync_api: Any, path: str) -> Iterator[Any]:
    """A headless Chromium, closed on leaving."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def overflow(page: Any) -> int:
    """How far the page reaches past the window's width (0: no sideways scrolling)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))
