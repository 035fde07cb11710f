"""The rule table of Hebei 河北麻将: every rule id that findings and value items cite, its text and its source."""

from __future__ import annotations

from paipu.ruleset_api import Rule

_DOC = "docs/rules/hebei.md"
_READING = "paipu's reading"
_FULLER = f"{_DOC}, {_READING} (from the fuller rules of the game)"

TABLE: tuple[Rule, ...] = (
    Rule("hebei.tiles", "136 tiles: 万 筒 条 1–9 ×4, 东 南 西 北 ×4, 中 发 白 ×4; no flowers.",
         f"{_DOC}, Source HB1 (用牌)"),
    Rule("hebei.claims", "No chow. A discard may be claimed for a pong or an exposed kong; a player "
         "may declare a concealed kong and add a drawn tile to an own pong (补杠).",
         f"{_DOC}, Source HB3 (碰与杠: 不能吃牌, 明杠, 暗杠)"),
    Rule("hebei.winning", "A hand is won on another player's discard (点炮) or on one's own draw (自摸, "
         "a kong replacement draw included), with four sets and a pair, seven pairs (a four-of-a-kind "
         "counts as two pairs) or thirteen orphans. There is no minimum value.",
         f"{_DOC}, Source HB5 (胡牌), Source HB7 (番: 七对, 十三幺); {_READING}"),
    Rule("hebei.qianggang", "A player may rob another's added kong (抢杠) with the added tile; it counts "
         "as a win on a discard by the robbed player, the robbed tile leaves the kong and the kong "
         "earns no kong payment. A concealed kong cannot be robbed.", f"{_DOC}, {_READING}"),
    Rule("hebei.winners", "Several players may win on one discard (一炮多响), each paid by the discarder; "
         "with `multi_win=false` only the first counter-clockwise from the discarder wins.",
         f"{_DOC}, Source HB5 (胡牌: 一人以上听同一张牌); {_READING}"),
    Rule("hebei.ready", "A ready declaration (听牌) is optional and worth nothing; the discard after it "
         "must leave the hand ready, and after it a kong is legal only if the hand stays ready.",
         f"{_DOC}, Source HB4 (听牌: 听牌后仍可杠牌，前提是杠完后还可听); {_READING}", "听牌/报听"),
    Rule("hebei.exhausted", "The last 6 stacks (12 tiles) stay in the wall; after an odd number of "
         "replacement draws from the tail the loose half stack does not count, so 13 stay. When the wall "
         "is down to them the hand is drawn (荒庄).", f"{_DOC}, Source HB6 (荒庄: 保留最后6墩); {_READING}", "荒庄"),
    Rule("hebei.dealer", "The record states the first dealer. If the dealer wins (alone or among "
         "several winners) or the hand is drawn, the dealer stays; otherwise the dealer's next seat deals.",
         f"{_DOC}, Source HB2 (庄家与行牌); {_READING}"),
    Rule("hebei.base", "Base score per payer: dealer self-draw, each other pays 4; non-dealer "
         "self-draw, the dealer pays 4 and the others 2 each; a discard win by the dealer, 8; by a "
         "non-dealer, 6 if the dealer discarded, else 5. With `base=none` there is no base score.",
         _FULLER, "底分"),
    Rule("hebei.payment", "On a discard win the discarder alone pays (放炮家不包分); on a self-drawn win "
         "each of the other three pays. Each payer pays the base score plus the win's total 番.",
         f"{_DOC}, Source HB5 (胡牌: 只有放炮家输分, 三家都要输分), Source HB8 (结算: 1番 = 1分)"),
    Rule("hebei.kong-payment", "Settled at the end of a won hand: for an exposed kong of a discard "
         "(放杠) the discarder pays the kong's owner 3; for an added kong (补杠) each other player pays 1; "
         "for a concealed kong (暗杠) each other player pays 2. A drawn hand voids them.",
         f"{_DOC}, Source HB8 (结算: 放杠, 明杠, 暗杠), Source HB6 (荒庄: 本局所有杠分无效); {_READING}", "杠分"),
    Rule("hebei.cap", "A player's net for one hand is at most +1000 and at least −1000.",
         f"{_DOC}, Source HB8 (结算: 封顶值); {_READING}", "封顶"),
    Rule("hebei.fan.pengpenghu", "3番 when every set is a pong or kong (碰碰胡).", f"{_DOC}, Source HB7 (番: 碰碰胡)",
         "碰碰胡/碰碰和/对对胡"),
    Rule("hebei.fan.dadiaoche", "2番 with four melds (pongs and kongs) on the table, won on the single "
         "tile left (大吊车).", f"{_DOC}, Source HB7 (番: 大吊车)", "大吊车"),
    Rule("hebei.fan.qingyise", "3番 for one suit only, no honours (清一色).", f"{_DOC}, Source HB7 (番: 青一色)",
         "清一色/青一色"),
    Rule("hebei.fan.hunyise", "2番 for one suit plus honours (混一色).", f"{_DOC}, Source HB7 (番: 混一色)", "混一色"),
    Rule("hebei.fan.qingfeng", "3番 for all honours in a winning shape (清风).",
         f"{_DOC}, Source HB7 (番: 清风)", "清风"),
    Rule("hebei.fan.yitiaolong", "2番 for 123, 456 and 789 of one suit as three sets (一条龙).",
         f"{_DOC}, Source HB7 (番: 一条龙)", "一条龙"),
    Rule("hebei.fan.qidui", "2番 for seven pairs with no melds; a four-of-a-kind counts as two pairs (七对).",
         f"{_DOC}, Source HB7 (番: 七对)", "七对/七对子"),
    Rule("hebei.fan.shisanyao", "10番 for thirteen orphans with no melds (十三幺).", f"{_DOC}, Source HB7 (番: 十三幺)",
         "十三幺"),
    Rule("hebei.fan.haidilaoyue", "2番 for a self-drawn win on the last drawable tile (海底捞月).",
         f"{_DOC}, Source HB7 (番: 海底捞月); {_READING}", "海底捞月"),
    Rule("hebei.fan.hunqidui", "4番 for 七对 in one suit plus honours; replaces 七对 and 混一色 (混七对).",
         f"{_DOC}, Source HB7 (番: 混七对)", "混七对"),
    Rule("hebei.fan.qingqidui", "5番 for 七对 in one suit; replaces 七对 and 清一色 (清七对).",
         f"{_DOC}, Source HB7 (番: 青七对)", "清七对/青七对"),
    Rule("hebei.fan.haohuaqidui", "8番 for 七对 with one four-of-a-kind, 16 with two, 32 with three; "
         "replaces 七对 (豪华七对).", f"{_DOC}, Source HB7 (番: 豪华七对); {_READING}", "豪华七对"),
    Rule("hebei.fan.hualong", "5番 for 123, 456 and 789 as three sets, each in a different suit (花龙).",
         f"{_DOC}, Source HB7 (番: 花龙)", "花龙"),
    Rule("hebei.fan.menqing", "2番 with no pong and no exposed kong (concealed kongs allowed) (门清).",
         _FULLER, "门清/门前清"),
    Rule("hebei.fan.qianggang", "2番 for a win by robbing a kong (抢杠).", _FULLER, "抢杠/抢杠胡"),
    Rule("hebei.fan.gangkai", "2番 for a win on a kong replacement draw (杠开).", _FULLER, "杠开/杠上开花"),
    Rule("hebei.fan.zhuowu", "5番 for a win on 5万 when the hand waited only on 5万, in the 4万–6万 gap "
         "(捉五).", _FULLER, "捉五"),
)
