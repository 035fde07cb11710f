"""The rule table of Zhuji 诸暨麻将: every rule id that findings and value items cite, its text and its source."""

from __future__ import annotations

from paipu.ruleset_api import Rule

_DOC = "docs/rules/zhuji.md"
_READING = "paipu's reading"

TABLE: tuple[Rule, ...] = (
    Rule("zhuji.tiles", "136 tiles: three suits ×4, winds ×4, dragons ×4; no flowers.",
         f"{_DOC}, Source Z1 (使用的牌)"),
    Rule("zhuji.caishen", "Each hand states its 财神: one kind (4 tiles) or two consecutive kinds "
         "(8 tiles); consecutive is the next kind in its cycle (9→1, 北→东, 中→白). A 财神 stands "
         "for any tile in a winning hand and may also be itself.",
         f"{_DOC}, Source Z2 (玩家定位, 特殊牌介绍); {_READING}",
         "财神"),
    Rule("zhuji.caishen-meld", "A 财神 may not be used to chow, pong or kong, and never to add to "
         "a pong (财神不能补杠).", f"{_DOC}, Source Z5 (杠牌: 财神不能补杠); {_READING}"),
    Rule("zhuji.claims", "Chow (next seat only), pong, exposed kong, concealed kong and added kong "
         "are allowed; there is no ready declaration.",
         f"{_DOC}, Source Z4 (碰牌和吃牌), Source Z5 (杠牌), Source Z6 (听牌); {_READING}"),
    Rule("zhuji.winning", "A hand is won only on one's own draw (自摸, 杠开 included) or by robbing "
         "an added kong (抢杠); a concealed kong cannot be robbed. A win is four sets and a pair "
         "(or 全字牌) reaching the minimum.",
         f"{_DOC}, Source Z8 (胡牌方式), Source Z5 (杠牌: 明杠可以被别人抢胡); {_READING}"),
    Rule("zhuji.minimum", "A win needs at least 3台 (基本台数) before the 8台 items (天胡 地胡 无财) "
         "are added; 全字牌 needs no minimum.", f"{_DOC}, Source Z7 (胡牌规则), Source Z10 (台数算法 G); {_READING}"),
    Rule("zhuji.winners", "One winner per hand.", f"{_DOC}, Source Z7 (胡牌规则: 谁先胡牌谁为胜利)"),
    Rule("zhuji.qianggang", "In the `bao` variant only a non-dealer may rob, and only the dealer's "
         "kong.", f"{_DOC}, Source Z11 (基础概念: 包麻将中闲家只能抢包家的杠); {_READING}"),
    Rule("zhuji.exhausted", "When 14 tiles are left in the wall (kong replacements counted) there "
         "are no more draws: the draw that leaves 14 is the last; its drawer may win on it or "
         "discard, then the hand is drawn (exhausted) with no payments.",
         f"{_DOC}, Source Z8 (胡牌方式: 关于和局); {_READING}"),
    Rule("zhuji.dealer", "The first dealer is stated by the record; the winner deals next "
         "(谁胡谁做庄); after a drawn hand the dealer stays.", f"{_DOC}, Source Z2 (玩家定位)"),
    Rule("zhuji.laozhuang", "The hand after a dealer win or a drawn hand is a 老庄 hand: all its "
         "payments double.", f"{_DOC}, Source Z9 (分数结算: 老庄); {_READING}", "老庄"),
    Rule("zhuji.payment", "Each of the other three pays 2^(台−2); the winner receives the sum. "
         "When a kong is robbed the robbed player pays what all three would have.",
         f"{_DOC}, Source Z9 (分数结算); {_READING}"),
    Rule("zhuji.tai.zhongfabai", "1台 for each pong or kong of 中, 发 or 白.", f"{_DOC}, Source Z10 (台数算法 A)",
         "中发白/红中/中/发/白/發/發財/发财/白板/紅中/中發白",
         ("zhong", "fa", "bai", "hongzhong", "facai", "baiban")),
    Rule("zhuji.tai.dongfeng", "2台 for a pong or kong of 东 (南 西 北 score nothing).",
         f"{_DOC}, Source Z10 (台数算法 A)",
         "东风/東風/东/東", ("dong",)),
    Rule("zhuji.tai.pinghu", "1台 when the four sets are all chows (平胡).",
         f"{_DOC}, Source Z10 (台数算法 B)", "平胡"),
    Rule("zhuji.tai.duiduihu", "1台 when the four sets are all pongs or kongs (对对胡).",
         f"{_DOC}, Source Z10 (台数算法 B)",
         "对对胡/對對胡"),
    Rule("zhuji.tai.qingyise", "3台 for one suit only, no honours (so 平胡清一色 = 对对胡清一色 = 4台).",
         f"{_DOC}, Source Z10 (台数算法 C)", "清一色"),
    Rule("zhuji.tai.hunyise", "1台 for one suit plus honours (混一色).", f"{_DOC}, Source Z10 (台数算法 D)", "混一色"),
    Rule("zhuji.tai.sancaishen", "2台 for three or more 财神 in the winning hand.",
         f"{_DOC}, Source Z10 (台数算法 C); {_READING}",
         "三财神/三財神"),
    Rule("zhuji.tai.gangkai", "1台 for a win on a kong replacement draw (杠开).", f"{_DOC}, Source Z10 (台数算法 E)",
         "杠开/槓開/杠上开花/槓上開花"),
    Rule("zhuji.tai.qianggang", "1台 for a win by robbing a kong (抢杠).",
         f"{_DOC}, Source Z10 (台数算法 E)", "抢杠/搶槓"),
    Rule("zhuji.tai.tianhu", "8台 when the dealer's first 14 tiles win (天胡); the rest of the hand "
         "must reach the minimum.", f"{_DOC}, Source Z10 (台数算法 G)", "天胡"),
    Rule("zhuji.tai.dihu", "8台 when a non-dealer wins on the first tile drawn (地胡); the rest of "
         "the hand must reach the minimum.", f"{_DOC}, Source Z10 (台数算法 G)", "地胡"),
    Rule("zhuji.tai.wucai", "8台 (1台 in the `bao` variant) when the winning hand holds no 财神; "
         "the rest must reach the minimum.",
         f"{_DOC}, Source Z10 (台数算法 G), Source Z11 (基础概念: 无财)", "无财/無財"),
    Rule("zhuji.tai.quanzipai", "8台 when all 14 tiles are honours, in any shape; wins without the "
         "minimum and without four sets.", f"{_DOC}, Source Z10 (台数算法 G)", "全字牌"),
    Rule("zhuji.tai.ziyise", "7台 (辣子) for all honours in four sets and a pair; scores only with "
         "`quanzipai=false`.", f"{_DOC}, Source Z11 (基础概念: 字一色); {_READING}", "字一色/辣子"),
)
