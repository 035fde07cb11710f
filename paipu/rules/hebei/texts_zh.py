"""The Chinese text of each rule of Hebei 河北麻将 (the English text is in table.py)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "hebei.tiles": "136 张牌：万、筒、条 1–9 各 4 张，东 南 西 北 各 4 张，中 发 白 各 4 张；没有花牌。",
    "hebei.claims": "不能吃。弃牌可以碰或明杠；玩家可以暗杠，也可以把摸到的牌加到自己的碰上（补杠）。",
    "hebei.winning": "可以胡别人打出的牌（点炮）或自摸（包括杠后补牌），牌型为四组牌加一对将、七对"
                     "（四张同样的牌算两对）或十三幺。没有起胡番数。",
    "hebei.qianggang": "玩家可以用别人加杠的那张牌抢杠胡（抢杠）；算作被抢杠者点炮，被抢的牌离开这个杠，"
                       "这个杠不收杠钱。暗杠不能被抢。",
    "hebei.winners": "一张弃牌可以多家同时胡（一炮多响），各由点炮者支付；`multi_win=false` 时只有从点炮者起"
                     "逆时针方向的第一家胡。",
    "hebei.ready": "报听（听牌）可有可无，不计番；报听后的那张打牌必须使手牌听牌，报听后只有在仍然听牌时才能开杠。",
    "hebei.exhausted": "最后 6 墩（12 张）留在牌墙里；从尾部补牌奇数次后，散开的半墩不算，因此留 13 张。"
                       "牌墙只剩这些牌时本局荒庄。",
    "hebei.dealer": "第一局的庄家由记录写明。庄家胡牌（单独或与别家一起）或荒庄时连庄；否则由庄家的下家坐庄。",
    "hebei.base": "每个付款者的底分：庄家自摸，其他各家各付 4；闲家自摸，庄家付 4，其他两家各付 2；"
                  "点炮胡时庄家胡为 8，闲家胡且庄家点炮为 6，否则为 5。`base=none` 时没有底分。",
    "hebei.payment": "点炮胡由点炮者一家支付（放炮家不包分）；自摸胡由其他三家各自支付。每个付款者支付底分加上"
                     "胡牌的总番数。",
    "hebei.kong-payment": "在胡牌的一局结束时结算：别人打出的牌开的明杠（放杠），点炮者付给杠主 3；补杠，"
                          "其他各家各付 1；暗杠，其他各家各付 2。荒庄时杠钱作废。",
    "hebei.cap": "一名玩家一局的净得失最多 +1000，最少 −1000。",
    "hebei.fan.pengpenghu": "每组牌都是刻子或杠 3番（碰碰胡）。",
    "hebei.fan.dadiaoche": "桌上有四组副露（碰或杠），用剩下的单张胡牌 2番（大吊车）。",
    "hebei.fan.qingyise": "只有一种花色、没有字牌 3番（清一色）。",
    "hebei.fan.hunyise": "一种花色加字牌 2番（混一色）。",
    "hebei.fan.qingfeng": "全是字牌且成胡牌牌型 3番（清风）。",
    "hebei.fan.yitiaolong": "同一花色的 123、456、789 作为三组牌 2番（一条龙）。",
    "hebei.fan.qidui": "七对且没有副露 2番；四张同样的牌算两对（七对）。",
    "hebei.fan.shisanyao": "十三幺且没有副露 10番（十三幺）。",
    "hebei.fan.haidilaoyue": "自摸最后一张可摸的牌 2番（海底捞月）。",
    "hebei.fan.hunqidui": "一种花色加字牌的七对 4番；代替七对和混一色（混七对）。",
    "hebei.fan.qingqidui": "一种花色的七对 5番；代替七对和清一色（清七对）。",
    "hebei.fan.haohuaqidui": "含一组四张同样牌的七对 8番，两组 16番，三组 32番；代替七对（豪华七对）。",
    "hebei.fan.hualong": "123、456、789 作为三组牌且各是不同花色 5番（花龙）。",
    "hebei.fan.menqing": "没有碰也没有明杠（暗杠可以）2番（门清）。",
    "hebei.fan.qianggang": "抢杠胡 2番（抢杠）。",
    "hebei.fan.gangkai": "用杠后补牌胡牌 2番（杠开）。",
    "hebei.fan.zhuowu": "手牌只听 4万 和 6万 之间的 5万，并胡 5万 5番（捉五）。",
}
