"""Fixtures shared by several test files."""

from __future__ import annotations

import os
from typing import Any

import pytest


@pytest.fixture
def locked_scandir(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any folder named ``locked`` cannot be listed (as for a folder without read permission,
    which root, running the suite in CI, would read anyway)."""
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
