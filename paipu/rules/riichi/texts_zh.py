"""The Chinese text of each rule of riichi 立直麻将 (the English text is in table.py)."""

from __future__ import annotations

_WINDS = {"east": "东", "south": "南", "west": "西", "north": "北"}

TEXTS: dict[str, str] = {
    "riichi.tiles": "136 张牌：万、筒、条 1–9 各 4 张，四种风牌和三种箭牌各 4 张；每种花色有一张五是赤牌"
                    "（0m 0p 0s），算作宝牌。",
    "riichi.claims": "可以吃（只吃上家的弃牌）、碰和明杠最后一张弃牌；在自己的回合可以暗杠和加杠。",
    "riichi.kuikae": "吃或碰之后，鸣牌者不能打出刚鸣的那种牌；吃之后也不能打出顺子另一端的那种牌（食替）。",
    "riichi.winning": "和牌需要四组牌加一对将、七个不同的对子或国士无双，并且至少有一个役（宝牌不是役）。",
    "riichi.furiten": "振听时不能荣和：自己听的牌在自己的弃牌中，自上次打牌以来放过了所听的牌，"
                      "或者立直后放过了任何所听的牌；即使那张牌和了也没有役（片和），同样振听。",
    "riichi.ready": "立直（打牌前写 `ready`）：门前清，打出的牌使手牌听牌，至少有 1,000 点，并且至少还剩 4 张可摸。"
                    "这张牌没有被荣和时支付 1,000 点立直棒。立直后摸到的牌都要打出，只能用摸到的牌暗杠，"
                    "并且不能改变听牌。",
    "riichi.winners": "一张弃牌可以多家荣和（双响）；从打牌者起逆时针方向最近的一家拿本场和立直棒。三家荣和则本局流局。"
                      "",
    "riichi.exhausted": "14 张王牌不用于正常摸牌；牌山摸完时本局流局。",
    "riichi.abort": "途中流局，每种写为桌面事件 `abort REASON`：kyuushu（九种九牌：某家第一次摸牌且此前无人鸣牌时，"
                    "手里有九种或更多幺九牌）、suufon（四风连打：前四张弃牌是同一种风牌且无人鸣牌）、"
                    "suucha（四家立直：第四家立直成立）、suukan（四杠散了：由不止一家开出四个杠）、"
                    "sanchahou（三家和：三家荣和同一张弃牌）。",
    "riichi.tenpai-payment": "荒牌流局时，听牌的玩家从未听牌的玩家共收 3,000 点（1,000/3,000、1,500/1,500、"
                             "3,000/1,000）；全部听牌或全部未听牌时不支付。只听自己已有四张的那种牌不算听牌。",
    "riichi.nagashi": "流局满贯：荒牌流局时，弃牌全是幺九牌且都没有被鸣的玩家，按自摸满贯收点，代替听牌料。",
    "riichi.dealer": "庄家和牌、荒牌流局时听牌、或途中流局时连庄；否则由下家坐庄。庄家连庄或流局时本场数加一，"
                     "闲家和牌后归零。",
    "riichi.honba": "每一本场使荣和多 300 点（由放铳者支付），使自摸每家多付 100 点。",
    "riichi.sticks": "立直棒留在桌上直到有人和牌；和牌者（双响时为第一家）拿走全部。",
    "riichi.end-sticks": "终局时仍留在桌上的立直棒归第一名（同分时归离起家 E 较近的座位）；终局点数包含这些立直棒。",
    "riichi.dora": "第一张宝牌指示牌在开局时翻开（`dora` 设置行）；每次开杠再翻一张（`dora` 事件）。"
                   "立直和牌者还计算每张已翻开的指示牌下面的里宝牌（`uradora` 设置行）。",
    "riichi.payment": "和牌的基本点为 符 × 2^(番+2)，5番（或 4番 40符、3番 70符）起封顶为 2,000（满贯），"
                      "6–7番 3,000，8–10番 4,000，11–12番 6,000，13番及以上 8,000（累计役满），"
                      "每个役满 8,000。荣和时放铳者付 4 倍（庄家和牌付 6 倍）；自摸时庄家付 2 倍，其他各家付 1 倍"
                      "（庄家和牌时各家付 2 倍），各自进位到 100。",
    "riichi.pao": "包牌：一家的弃牌被别人碰或杠而完成大三元或大四喜时，这一家负责：自摸役满由它单独支付，"
                  "荣和别家的役满由它支付一半。",
    "riichi.end": "半庄在南 4 局之后结束（东风战在东 4 局之后），有人点数低于 0 时结束，或最后一局的庄家领先并连庄时"
                  "结束（选项 last_dealer_ready 为 continues 时，庄家荒牌听牌而连庄则不结束）；"
                  "最后一局之后无人达到 30,000 点时进入西入。",
    "riichi.points": "终局得分：第一名以外的每家得 (终局点数 - return_score) / 1,000（按 points_rounding 取整）"
                     "加上其名次的顺位点；第一名得其余部分，使各家得分之和为 0。同分时按从 E 起的座位顺序排名，"
                     "或平分所占名次的顺位点（uma_ties）。",
    "riichi.fu.fu": "和牌的符：底符 20，门前清荣和 30，七对子 25，再加面子、雀头和听牌形式的符，进位到 10；"
                    "记录为 `fu` 项。",
    "riichi.han.dora": "手牌和副露中每张宝牌（每张已翻开的指示牌的下一种）1番。",
    "riichi.han.aka_dora": "每张赤五 1番。",
    "riichi.han.ura_dora": "每张里宝牌 1番，只计立直和牌者。",
    "riichi.yaku.tsumo": "1番：门前清自摸和。",
    "riichi.yaku.riichi": "1番：立直。",
    "riichi.yaku.ippatsu": "1番：立直后一巡之内和牌，其间无人鸣牌（一发）。",
    "riichi.yaku.chankan": "1番：抢加杠和牌（抢杠）。",
    "riichi.yaku.rinshan": "1番：用杠后的岭上牌和牌（岭上开花）。",
    "riichi.yaku.haitei": "1番：自摸牌山的最后一张（海底摸月）。",
    "riichi.yaku.houtei": "1番：荣和最后一次摸牌之后的弃牌（河底捞鱼）。",
    "riichi.yaku.daburu_riichi": "2番：在第一次打牌时立直，此前无人鸣牌（两立直）。",
    "riichi.yaku.pinfu": "1番（门前清）：四组顺子，将不是役牌，两面听和牌（平和）。",
    "riichi.yaku.tanyao": "1番：只有中张牌，副露或门前清均可（天凤采用食断）（断幺九）。",
    "riichi.yaku.iipeiko": "1番（门前清）：两组相同的顺子（一杯口）。",
    "riichi.yaku.haku": "1番：白的刻子（役牌 白）。",
    "riichi.yaku.hatsu": "1番：发的刻子（役牌 发）。",
    "riichi.yaku.chun": "1番：中的刻子（役牌 中）。",
    **{f"riichi.yaku.seat_wind_{w}": f"1番：自风{zh}的刻子。" for w, zh in _WINDS.items()},
    **{f"riichi.yaku.round_wind_{w}": f"1番：场风{zh}的刻子。" for w, zh in _WINDS.items()},
    "riichi.yaku.sanshoku": "2番（副露 1番）：三种花色的相同顺子（三色同顺）。",
    "riichi.yaku.ittsu": "2番（副露 1番）：同一花色的 123、456、789（一气通贯）。",
    "riichi.yaku.chantai": "2番（副露 1番）：每组牌和将都含幺九牌或字牌（混全带幺九）。",
    "riichi.yaku.honroto": "2番：只有幺九牌和字牌（混老头）。",
    "riichi.yaku.toitoi": "2番：四组刻子或杠（对对和）。",
    "riichi.yaku.sanankou": "2番：三组暗刻（三暗刻）。",
    "riichi.yaku.sankantsu": "2番：三个杠（三杠子）。",
    "riichi.yaku.sanshoku_douko": "2番：三种花色的相同刻子（三色同刻）。",
    "riichi.yaku.chiitoitsu": "2番（门前清）：七个不同的对子；25符（七对子）。",
    "riichi.yaku.shosangen": "2番：两组箭牌刻子和一对箭牌（小三元）。",
    "riichi.yaku.honitsu": "3番（副露 2番）：一种花色加字牌（混一色）。",
    "riichi.yaku.junchan": "3番（副露 2番）：每组牌和将都含幺九牌，没有字牌（纯全带幺九）。",
    "riichi.yaku.ryanpeiko": "3番（门前清）：两个一杯口（二杯口）。",
    "riichi.yaku.chinitsu": "6番（副露 5番）：只有一种花色（清一色）。",
    "riichi.yaku.kokushi": "役满：国士无双（十三面听在天凤仍是一个役满）。",
    "riichi.yaku.chuuren_poutou": "役满：九莲宝灯（纯正九面听在天凤是一个役满）。",
    "riichi.yaku.suuankou": "役满：四组暗刻（单骑听也仍是一个役满）（四暗刻）。",
    "riichi.yaku.daisangen": "役满：三组箭牌刻子（大三元）。",
    "riichi.yaku.shosuushi": "役满：三组风牌刻子和一对风牌（小四喜）。",
    "riichi.yaku.daisuushi": "役满：四组风牌刻子（在天凤是一个役满）（大四喜）。",
    "riichi.yaku.ryuisou": "役满：只有绿色的牌（23468s 和发）（绿一色）。",
    "riichi.yaku.suukantsu": "役满：四个杠（四杠子）。",
    "riichi.yaku.tsuisou": "役满：只有字牌（字一色）。",
    "riichi.yaku.chinroto": "役满：只有幺九数牌（清老头）。",
    "riichi.yaku.tenhou": "役满：庄家用起手的牌和牌（天和）。",
    "riichi.yaku.chiihou": "役满：闲家在第一次摸牌时和牌，此前无人鸣牌（地和）。",
}
