"""paipu (牌谱): read, replay and audit mahjong game records."""

from __future__ import annotations

from paipu._version import __version__

__all__ = ["__version__"]
