"""The common rules (`paipu.replay.common_rules`) in Chinese: rule id -> text."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "common.deal": "庄家配 14 张牌，其他各家配 13 张。",
    "common.tiles": "每种牌的张数以规则的整副牌为准（136 张的牌每种 4 张）；桌上任何一种牌都不能多于此数，"
                    "牌墙和各家配牌合起来正好是整副牌。",
    "common.turn": "庄家先打牌；一张弃牌无人吃碰时，由打牌者的下家（逆时针方向）摸牌。",
    "common.discard": "每次摸牌和每次吃碰杠之后（胡牌除外），玩家打出一张牌。",
    "common.held": "玩家只能打出、吃碰杠和宣告自己手里有的牌。",
    "common.wall": "正常摸牌从牌墙头部摸；杠后（或补花后）的补牌从牌墙尾部摸。",
    "common.claim": "只有最后一张弃牌可以吃碰，只能由别家，并且只能在下一次摸牌之前。",
    "common.priority": "同一张弃牌的吃碰按 胡 > 碰/杠 > 吃 的顺序；对一张弃牌选择过的玩家不能再吃碰这张牌。",
    "common.chow": "只有打牌者的下家可以吃，用手里的两张牌和弃牌组成同一花色的顺子。",
    "common.pong": "碰是用手里两张同样的牌拿走弃牌。",
    "common.kong": "明杠是用手里三张同样的牌拿走弃牌；暗杠需要手里有四张同样的牌；加杠是把手里的一张牌"
                   "加到自己的明碰上。每次开杠之后都要补牌。",
    "common.win": "胡牌需要四组牌（顺子、刻子、杠）加一对将，除非规则另有特殊牌型。",
    "common.end": "一局以胡牌结束，或在牌墙只剩留底的牌时荒庄；之后只能有记录的结果。",
    "common.result": "记录的番数（fan）和收付（score）必须与规则算出的一致。",
    "common.header": "记录要写明一种已知的规则，并且只能用这种规则的选项。",
}
