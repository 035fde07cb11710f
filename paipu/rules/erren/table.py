"""The rule table of the two-player game 二人麻将: every rule id findings and value items cite."""

from __future__ import annotations

from paipu.rules.erren.fans import fan_rules
from paipu.ruleset_api import Rule

_DOC = "docs/rules/erren.md"
_READING = "paipu's reading"

TABLE: tuple[Rule, ...] = (
    Rule("erren.tiles", "72 tiles: 1–9 万 ×4, 东 南 西 北 ×4, 白 发 中 ×4, and the 8 flowers "
         "春 夏 秋 冬 梅 兰 竹 菊 ×1. No 筒, no 条.", f"{_DOC}, Source E1 (1、用牌)"),
    Rule("erren.seats", "Two players, seats E and W; the dealer is dealt 14 tiles, the other 13. With two "
         "players the discarder's next seat is always the other player.", f"{_DOC}, Source E1 (游戏说明); {_READING}"),
    Rule("erren.flowers", "A flower is never played: the seat holding one sets it aside (`flower`) on its "
         "own turn, before it discards or wins, and draws a replacement from the wall's tail. A flower "
         "may not be discarded.", f"{_DOC}, Source E2 (11、补花); {_READING}", "补花"),
    Rule("erren.claims", "Chow (by the other player), pong, exposed kong, concealed kong and added kong; a "
         "ready declaration only for 天听 (erren.ready).", f"{_DOC}, Source E2 (8、9、10); {_READING}"),
    Rule("erren.ready", "A player may declare ready (`ready`, then the discard that leaves the hand ready) "
         "only with its first discard of the hand, before anyone has claimed or made a kong; that is what "
         "天听 scores. After it the hand is locked: the player discards the tile it drew, makes no chow, "
         "pong or exposed kong, and a concealed or added kong only when it leaves the waits unchanged.",
         f"{_DOC}, Source E3 (4、32番 e) 天听); {_READING}", "天听/报听"),
    Rule("erren.winning", "A hand is won on one's own draw or on the other player's discard (or by robbing "
         "an added kong), with four sets and a pair or seven pairs, no flower left in hand, reaching the "
         "minimum.", f"{_DOC}, Source E2 (12、和牌), Source E5 (胡牌基本类型与胡牌方式); {_READING}"),
    Rule("erren.minimum", "A win needs at least 8番 (option `min_fan`), flowers (花牌) not counted toward "
         "it. Every hand of 万 and honours is at least 混一色 8, 清一色 24 or 字一色 64, so with the "
         "default the minimum never refuses a shape.",
         f"{_DOC}, Source E2 (12、和牌: 达到或超过起和分标准); {_READING}"),
    Rule("erren.best-reading", "Where a hand can be read in several ways (sets or seven pairs, which set "
         "holds the winning tile), the reading worth the most fan is taken; fans that a fan present "
         "cancels (不计) are not counted.", f"{_DOC}, {_READING}"),
    Rule("erren.winners", "One winner per hand.", f"{_DOC}, Source E1 (最先和牌的为胜利者)"),
    Rule("erren.qianggang", "The other player may rob an added kong (抢杠, as in MCR); a concealed kong "
         "cannot be robbed; option `rob_kong`.", f"{_DOC}, Source E5 (胡牌方式: 包括抢杠胡); {_READING}"),
    Rule("erren.exhausted", "Ordinary draws stop when `dead_wall` tiles (8) are left in the wall: the draw "
         "that leaves them is the last, its drawer may win or discard, and the hand is drawn. The tiles "
         "left feed the replacement draws after flowers and kongs, so a replacement is never missing.",
         f"{_DOC}, {_READING}"),
    Rule("erren.dealer", "The record states the first dealer; the winner deals the next hand; after a "
         "drawn hand the dealer stays.", f"{_DOC}, {_READING}"),
    Rule("erren.payment", "The loser pays the winner the winning hand's total fan, flowers included.",
         f"{_DOC}, Source E3 (胡牌与番数); {_READING}"),
    Rule("erren.kong-score", "Each kong (exposed, added or concealed) is paid at once: the other player "
         "pays 1. A robbed added kong is no kong and is not paid. Kong scores stand in a drawn hand.",
         f"{_DOC}, Source E2 (10、杠: 打出任意杠牌，可以直接得分); {_READING}", "杠分"),
    Rule("erren.flower-score", "Flowers are paid at once: when a player sets aside its 4th flower the other "
         "pays 1, and 1 more for each flower after it (4 = 1, 5 = 2, …). They stand in a drawn hand.",
         f"{_DOC}, Source E2 (11、补花: 4花等于1个底分，5花等于2个底分); {_READING}", "花分"),
    Rule("erren.floor", "Where the record states starting scores (`[Score]` tags), a payment takes a "
         "player at most to zero; it is made in the order of play (kongs and flowers when they happen, "
         "the win last). Without starting scores, scores are unbounded (option `floor`).",
         f"{_DOC}, Source E4 (积分不够扣: 以扣光输家全部积分为准); {_READING}"),
    *fan_rules("erren"),
)
