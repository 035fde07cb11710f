"""The rule table of Harbin 哈尔滨麻将: every rule id that findings and value items cite, its text and its source."""

from __future__ import annotations

from paipu.ruleset_api import Rule

_DOC = "docs/rules/harbin.md"
_READING = f"{_DOC}, paipu's reading"

TABLE: tuple[Rule, ...] = (
    Rule("harbin.tiles", "112 tiles: 万 筒 条 1–9 ×4 and 红中 ×4, no flowers (`tiles=136`: the "
         "full set with winds and dragons).", _READING),
    Rule("harbin.claims", "Chow (next seat only), pong, exposed kong, concealed kong and added "
         "kong; a ready declaration (报听) before a discard.", _READING),
    Rule("harbin.ready", "A player may declare ready (报听) when at least 4 tiles are left in hand "
         "after the discard that follows; that discard must leave the hand ready (waiting on a "
         "tile that makes a winning hand). With `require_open=true` the player must first have "
         "an exposed meld (chow, pong, exposed or added kong).",
         f"{_DOC}, Source HR1 (胡牌条件 a, b); paipu's reading", "报听"),
    Rule("harbin.ready-locked", "After the ready declaration the concealed tiles change only by "
         "the drawn tile: the player discards the tile just drawn, may not chow or pong, and may "
         "kong only when the hand stays ready.", _READING),
    Rule("harbin.winning", "A win needs an earlier ready declaration (先报听然后才可胡牌); only "
         "天胡 (the dealer's dealt tiles) comes before any declaration. It is won on one's own draw "
         "or on another's discard, in the winning shape (harbin.shape).",
         f"{_DOC}, Source HR1 (胡牌条件 a); paipu's reading"),
    Rule("harbin.shape", "Four sets and a pair with at least one pong or kong (a pair of 红中 "
         "stands for it; the pong may be made by the winning tile, 对倒), at least one chow, a 1, "
         "9 or 红中 somewhere (with `tiles=136`: any honour), and at least two suits (红中 is no "
         "suit); the pair may be made by the winning tile (单吊).",
         f"{_DOC}, Source HR1 (胡牌条件 c, d, e); paipu's reading"),
    Rule("harbin.winners", "One winner per discard (no 一炮多响): the first counter-clockwise "
         "from the discarder who wins on it; a later seat may win only if the earlier ones pass.",
         f"{_DOC}, Source HR1 (胡牌条件 f)"),
    Rule("harbin.qianggang", "An added kong may be robbed (抢杠); the robbed player counts as the "
         "discarder.", f"{_DOC}, Source HR1 (胡牌条件 g)", "抢杠"),
    Rule("harbin.bao", "When the first player declares ready, after that player's discard the "
         "top tile of the 4th stack from the wall's end is turned (`bao T`): with a `wall` line, "
         "the 7th tile from the tail end of what remains. The other 3 tiles of its kind and the 4 "
         "of the next kind (next in the suit, 9 → 1) are the 宝, 7 tiles. 红中 is its own next kind "
         "in the 112-tile set (3 宝 tiles); with `tiles=136` honours follow 东→南→西→北→东 and "
         "白→发→中→白.", f"{_DOC}, Source HR2 (宝牌 a, b); paipu's reading", "宝牌"),
    Rule("harbin.huanbao", "换宝: when all the 宝 tiles have been seen face up on the table (in "
         "the discards or in exposed melds; the turned tile does not count), the next tile down "
         "the wall is turned as the new 宝 (the n-th 宝 of a hand is the (6+n)-th tile from the "
         "tail end of the wall as it was at the first turn); a `bao T` line follows the action "
         "that showed the last one. When that tile has already been drawn, no new 宝 is turned.",
         f"{_DOC}, Source HR2 (宝牌 d); paipu's reading", "换宝"),
    Rule("harbin.bao-wild", "A 宝 is a wildcard only when a ready player draws it: it then stands "
         "for any tile (摸宝). In anyone else's hand, in a hand before its ready declaration, and "
         "when discarded, a 宝 is just itself. A ready player who draws the 4th tile of a pong "
         "(exposed, or three held) may use it as a 宝 too (大风).",
         f"{_DOC}, Source HR2 (宝牌 c and PS), Source HR4 (大风); paipu's reading"),
    Rule("harbin.bao-discard", "别人打出的宝牌，不可以胡: a tile discarded by anyone that is one of the "
         "current 宝 (the turned kind or the next kind) cannot be won on, by any player, ready or not. "
         "With `win_on_discarded_bao=true` such a win is allowed, the tile at its face value.",
         f"{_DOC}, Source HR2 (宝牌 c)"),
    Rule("harbin.exhausted", "The wall is drawn down to the turned 宝 stack: the 4th stack from "
         "the end and the tiles behind it (8 tiles; more once 换宝 has moved the 宝 past that "
         "stack; fewer as replacement draws take tiles from the tail) are never drawn. Then the "
         "hand is drawn with no payments.", _READING),
    Rule("harbin.dealer", "The dealer stays after a dealer win or a drawn hand; otherwise the "
         "dealer's next seat deals.", _READING),
    Rule("harbin.payment", "All three others pay the winner the product of the win's multipliers "
         "(1 unit × …). A payment to or from the dealer doubles (庄家输赢都要翻倍). On a discard win "
         "(a robbed kong included) a discarder who was not ready pays ×2, one who was ready pays "
         "×1 like the others. With `discarder_pays_all=true` the discarder pays all three shares.",
         f"{_DOC}, Source HR5 (结算 1, 2, 特殊); paipu's reading"),
    Rule("harbin.mult.pinghu", "×1: won on another player's discard or a robbed kong (平胡).",
         f"{_DOC}, Source HR3 (胡牌方式: 平胡)", "平胡/点炮/放冲"),
    Rule("harbin.mult.zimo", "×2: won on one's own draw (自摸).",
         f"{_DOC}, Source HR3 (胡牌方式: 自摸); paipu's reading", "自摸"),
    Rule("harbin.mult.biankadiao", "×2: the winning tile is the 3 of 1-2-3 or the 7 of 7-8-9 "
         "(边), the middle of a chow (卡) or the second tile of the pair (吊), in the reading "
         "chosen.", f"{_DOC}, Source HR3 (胡牌方式: 边、卡、吊); paipu's reading", "边卡吊/边/卡/吊/边张/卡张/单吊",
         ("bian", "ka", "diao")),
    Rule("harbin.mult.mobao", "4 (self-drawn included): a ready player draws a 宝 and wins with it "
         "as a wildcard; multiplied by 边卡吊 when the 宝 stands in such a place.",
         f"{_DOC}, Source HR3 (胡牌方式: 摸宝), Source HR5 (结算 3)", "摸宝"),
    Rule("harbin.mult.baozhongbao", "16 (self-drawn, 摸宝 and 边卡吊 included): the drawn 宝 is "
         "used as its own face as the 边, 卡 or 吊 tile.",
         f"{_DOC}, Source HR3 (胡牌方式: 宝中宝), Source HR5 (结算 3)", "宝中宝"),
    Rule("harbin.mult.dafeng", "4, or 16 when it is used as its own face as the 边 or 卡 tile: a "
         "ready player draws the 4th tile of a pong and uses it as a 宝; replaces 摸宝 and 宝中宝 "
         "(and, like them, includes self-drawn).",
         f"{_DOC}, Source HR4 (大风 1, 2), Source HR5 (结算 3); paipu's reading", "大风"),
    Rule("harbin.mult.tianhu", "64, alone: the dealer's 14 dealt tiles are a winning hand (天胡).",
         f"{_DOC}, Source HR5 (结算 3: 天胡)", "天胡"),
)
