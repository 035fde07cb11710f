"""paipu (牌谱): read, replay and audit mahjong game records."""

from __future__ import annotations

__version__ = "0.1.0"
