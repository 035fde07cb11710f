"""The Chinese text of each rule of Zhuji 诸暨麻将 (the English text is in table.py)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "zhuji.tiles": "136 张牌：三种花色各 4 张，风牌各 4 张，箭牌各 4 张；没有花牌。",
    "zhuji.caishen": "每局写明财神：一种牌（4 张）或相邻的两种牌（8 张）；相邻指循环中的下一种（9→1，北→东，"
                     "中→白）。财神在胡牌时可以当任何牌用，也可以当它本身。",
    "zhuji.caishen-meld": "财神不能用来吃、碰、杠，也不能用来补杠（财神不能补杠）。",
    "zhuji.claims": "可以吃（只有下家）、碰、明杠、暗杠和加杠；不能报听。",
    "zhuji.winning": "只能自摸胡牌（包括杠开），或抢加杠胡（抢杠）；暗杠不能被抢。胡牌需要四组牌加一对将"
                     "（或全字牌），并且达到起胡台数。",
    "zhuji.minimum": "计入 8 台项目（天胡、地胡、无财）之前至少要有 3 台（基本台数）才能胡；全字牌不受此限。",
    "zhuji.winners": "每局只有一家胡牌。",
    "zhuji.qianggang": "在 `bao`（包麻将）玩法中，只有闲家可以抢杠，而且只能抢庄家的杠。",
    "zhuji.exhausted": "牌墙只剩 14 张（补牌计算在内）时不再摸牌：摸完剩 14 张的那一张是最后一张，"
                       "摸牌者可以用它胡牌或打出，之后本局荒庄，不收付。",
    "zhuji.dealer": "第一局的庄家由记录写明；谁胡谁做庄；荒庄时庄家不变。",
    "zhuji.laozhuang": "庄家胡牌或荒庄之后的一局是老庄：这一局的收付全部加倍。",
    "zhuji.payment": "其他三家各付 2^(台−2)，胡牌者收取总和。抢杠时由被抢杠的玩家替三家全付。",
    "zhuji.tai.zhongfabai": "中、发、白的每个刻子或杠 1 台。",
    "zhuji.tai.dongfeng": "东的刻子或杠 2 台（南、西、北不计台）。",
    "zhuji.tai.pinghu": "四组牌都是顺子 1 台（平胡）。",
    "zhuji.tai.duiduihu": "四组牌都是刻子或杠 1 台（对对胡）。",
    "zhuji.tai.qingyise": "只有一种花色、没有字牌 3 台（所以平胡清一色 = 对对胡清一色 = 4 台）。",
    "zhuji.tai.hunyise": "一种花色加字牌 1 台（混一色）。",
    "zhuji.tai.sancaishen": "胡牌时手里有三张或更多财神 2 台。",
    "zhuji.tai.gangkai": "用杠后补牌胡牌 1 台（杠开）。",
    "zhuji.tai.qianggang": "抢杠胡 1 台（抢杠）。",
    "zhuji.tai.tianhu": "庄家起手 14 张就胡牌 8 台（天胡）；其余部分仍须达到起胡台数。",
    "zhuji.tai.dihu": "闲家摸到的第一张牌就胡牌 8 台（地胡）；其余部分仍须达到起胡台数。",
    "zhuji.tai.wucai": "胡牌时手里没有财神 8 台（`bao` 玩法中 1 台）；其余部分仍须达到起胡台数。",
    "zhuji.tai.quanzipai": "14 张牌全是字牌 8 台，牌型不限；不受起胡台数限制，也不需要四组牌。",
    "zhuji.tai.ziyise": "全是字牌且成四组牌加一对将 7 台（辣子）；只在 `quanzipai=false` 时计台。",
}
