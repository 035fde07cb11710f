"""Tenhou's yaku numbers and the names its logs write.

mjlog writes yaku as numbers (``yaku="1,1,7,1"``: id, han, id, han); tenhou.net/6 writes
them as text (``立直(1飜)``), in Japanese or, from the English client, in English.  One table
gives both directions so that a win reads the same from either format.
"""

from __future__ import annotations

from typing import Final

YAKU_NAMES: Final[tuple[str, ...]] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色",
    "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)
"""Names by Tenhou yaku id (0-54)."""

DORA: Final = 52
URA_DORA: Final = 53
RED_DORA: Final = 54
DORA_IDS: Final = frozenset({DORA, URA_DORA, RED_DORA})
YAKUMAN_IDS: Final = frozenset(range(37, 52))

_ENGLISH: Final[dict[str, int]] = {
    "Menzen Tsumo": 0, "Fully Concealed Hand": 0, "Riichi": 1, "Ippatsu": 2, "Chankan": 3,
    "Robbing a Kan": 3, "Rinshan Kaihou": 4, "After a Kan": 4, "Haitei Raoyue": 5, "Houtei Raoyui": 6,
    "Pinfu": 7, "Tanyao": 8, "All Simples": 8, "Iipeikou": 9, "Double Riichi": 21, "Chiitoitsu": 22,
    "Seven Pairs": 22, "Chanta": 23, "Ittsu": 24, "Sanshoku Doujun": 25, "Sanshoku Doukou": 26,
    "Sankantsu": 27, "Toitoi": 28, "Sanankou": 29, "Shousangen": 30, "Honroutou": 31, "Ryanpeikou": 32,
    "Junchan": 33, "Honitsu": 34, "Chinitsu": 35, "Tenhou": 37, "Chiihou": 38, "Daisangen": 39,
    "Suuankou": 40, "Suuankou Tanki": 41, "Tsuuiisou": 42, "Ryuuiisou": 43, "Chinroutou": 44,
    "Chuuren Poutou": 45, "Junsei Chuuren Poutou": 46, "Kokushi Musou": 47, "Kokushi Musou 13-sided": 48,
    "Daisuushii": 49, "Shousuushii": 50, "Suukantsu": 51, "Dora": 52, "Ura Dora": 53, "Red Five": 54,
    "Aka Dora": 54, "Red Dora": 54,
}

_BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(YAKU_NAMES)} | _ENGLISH


def yaku_name(yaku_id: int) -> str:
    """The Japanese name Tenhou uses for a yaku id; ``yaku#N`` for ids it does not define."""
    return YAKU_NAMES[yaku_id] if 0 <= yaku_id < len(YAKU_NAMES) else f"yaku#{yaku_id}"


def yaku_id(name: str) -> int | None:
    """The id of a yaku written by name, Japanese or English; None for a name not in the table."""
    return _BY_NAME.get(name.strip())
