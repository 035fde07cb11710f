"""The rule table of riichi (Tenhou's rules): every rule id that findings and value items cite."""

from __future__ import annotations

from paipu.ruleset_api import Rule

_DOC = "docs/rules/riichi.md"


def _s(section: str) -> str:
    return f"{_DOC}, {section}"


_RULES: tuple[Rule, ...] = (
    Rule("riichi.tiles", "136 tiles: 万 筒 条 1–9 ×4, four winds and three dragons ×4; one five of each "
         "suit is red (0m 0p 0s) and counts as a dora.", _s("Tiles"), "牌"),
    Rule("riichi.claims", "Chow (of the left neighbour's discard only), pong and exposed kong of the last "
         "discard; concealed and added kongs on one's own turn; four kongs at most in a hand.", _s("Calls"),
         "鳴き"),
    Rule("riichi.kuikae", "After a chow or a pong the caller may not discard the kind just called, nor, "
         "after a chow, the kind at the other end of the run (喰い替え).", _s("Calls"), "喰い替え"),
    Rule("riichi.winning", "A win needs four sets and a pair, seven different pairs or thirteen orphans, "
         "and at least one yaku (dora are not yaku).", _s("Winning"), "和了"),
    Rule("riichi.furiten", "A seat may not win on a discard while furiten: when one of its waits is among "
         "its own discards, when it let a tile it waits on pass since its last discard, or, after riichi, "
         "when it let any tile it waits on pass; a tile that would have given the hand no yaku counts too "
         "(片アガリ).", _s("Furiten"), "振聴"),
    Rule("riichi.ready", "Riichi (`ready` before the discard): the hand is concealed, the discard leaves it "
         "ready, the seat has at least 1,000 points and at least four tiles are left to draw. The 1,000-point "
         "stick is paid when the discard is not won on. After riichi the seat discards each tile it draws, "
         "and may declare a concealed kong only of the drawn tile and only when it does not change the waits.",
         _s("Riichi"), "立直"),
    Rule("riichi.winners", "Two seats may win on one discard (double ron); the one nearest the "
         "discarder counter-clockwise takes the honba and the riichi sticks. A third winner is not played: "
         "three seats able to win abort the hand (sanchahou).",
         _s("Settlement"), "ダブロン"),
    Rule("riichi.exhausted", "The dead wall of 14 tiles is never drawn from by ordinary draws; when the "
         "live wall is empty the hand is drawn (流局).", _s("Draws"), "流局"),
    Rule("riichi.abort", "Abortive draws (途中流局), each a table event `abort REASON`: kyuushu (a seat's "
         "first draw, with no call before, holds nine or more kinds of terminals and honours; the seat may "
         "choose it), and four that Tenhou makes as soon as their discard is not won on: suufon (the first "
         "four discards are one wind, with no call), suucha (the fourth riichi discard passes), suukan (the "
         "discard after a fourth kong passes, the kongs made by more than one seat); and sanchahou (three "
         "seats could win on one discard).",
         _s("Draws"), "途中流局"),
    Rule("riichi.tenpai-payment", "At an exhaustive draw the ready seats receive 3,000 points in all from the "
         "others (1,000/3,000, 1,500/1,500, 3,000/1,000); nobody pays when all or none are ready. A hand "
         "waiting only on a kind it holds four of is not ready.", _s("Draws"), "ノーテン罰符"),
    Rule("riichi.nagashi", "Nagashi mangan: at an exhaustive draw, a seat whose discards are all terminals "
         "and honours and none was called is paid a mangan as if self-drawn, in place of the tenpai "
         "payments.", _s("Draws"), "流し満貫"),
    Rule("riichi.dealer", "The dealer keeps the deal when it wins or is ready at an exhaustive draw, and "
         "after an abortive draw; otherwise the next seat deals. The honba counter rises by one when the "
         "dealer keeps the deal or the hand is drawn, and returns to 0 after a non-dealer's win.",
         _s("Dealer, honba and sticks"), "連荘"),
    Rule("riichi.honba", "Each honba adds 300 to a win on a discard (paid by the discarder) and 100 per "
         "payer to a self-drawn win.", _s("Dealer, honba and sticks"), "本場"),
    Rule("riichi.sticks", "Riichi sticks stay on the table until a win; the winner (the first of a double "
         "ron) takes them all.", _s("Dealer, honba and sticks"), "供託"),
    Rule("riichi.end-sticks", "When the game is over, the riichi sticks still on the table go to the player "
         "in first place (ties: the seat nearer the first dealer, E); the final scores include them.",
         _s("The end of the game"), "供託の精算"),
    Rule("riichi.dora", "The first dora indicator is shown at the start (`dora` setup line); each kong shows "
         "one more (`dora` event). A riichi winner also counts the ura dora under each shown indicator "
         "(`uradora` setup line).", _s("Dora"), "ドラ"),
    Rule("riichi.payment", "A win's basic points are fu × 2^(han+2), capped at 2,000 (mangan) from 5 han "
         "(or 4 han 40 fu, 3 han 70 fu), 3,000 for 6–7 han, 4,000 for 8–10, 6,000 for 11–12, 8,000 for 13 or "
         "more (kazoe yakuman) and 8,000 per yakuman. On a discard the discarder pays 4× (6× to the dealer); "
         "self-drawn, the dealer pays 2× and the others 1× (each pays 2× to a dealer), each rounded up to "
         "100.", _s("Settlement"), "点数"),
    Rule("riichi.pao", "Pao: a seat whose discard let another complete big three dragons or big four winds "
         "by a pong or kong (with the option suukantsu_pao, make its fourth kong by an exposed kong) is liable: "
         "it pays the yakuman hand alone when self-drawn, and half of it and the honba when it is won on "
         "another seat's discard.", _s("Settlement"), "包"),
    Rule("riichi.end", "The game ends when a seat's score goes below 0, and from the last hand of its length "
         "on (South 4; East 4 in an east-only game) after a hand that leaves a seat first with 30,000, unless "
         "the dealer keeps the deal behind it (with the option last_dealer_ready continues, also when the "
         "dealer keeps it by being ready at an exhaustive draw); if nobody has 30,000 the next round (West, or "
         "South in an east-only game) follows, whose fourth hand is the last unless its dealer keeps the deal "
         "behind the leader. An abortive draw never ends the game.",
         _s("The end of the game"), "終局"),
    Rule("riichi.points", "Final points: each seat below first place has (its final score - return_score) / "
         "1,000 (rounded as points_rounding says) plus the uma of its place; first place takes the rest, so "
         "that the points add up to 0. Ties on points take their places in seat order from E, or share the "
         "uma of those places (uma_ties).", _s("The end of the game"), "順位点"),
    Rule("riichi.fu.fu", "The fu of a win: 20 base, 30 for a concealed hand won on a discard, 25 for seven "
         "pairs, plus sets, pair and wait, rounded up to 10; recorded as the item `fu`.", _s("Fu"), "符"),
    Rule("riichi.han.dora", "1 han for each dora (the kind after each shown indicator) in the hand and its "
         "melds.", _s("Dora"), "ドラ/宝牌"),
    Rule("riichi.han.aka_dora", "1 han for each red five.", _s("Dora"), "赤ドラ/赤宝牌"),
    Rule("riichi.han.ura_dora", "1 han for each ura dora, for a riichi winner only.", _s("Dora"), "裏ドラ/里宝牌"),
)

_YAKU: tuple[tuple[str, str, str], ...] = (
    ("tsumo", "1 han: a concealed hand won on its own draw.", "門前清自摸和/门前清自摸和"),
    ("riichi", "1 han: riichi.", "立直"),
    ("ippatsu", "1 han: won within one go-around after riichi, with no call in between.", "一発/一发"),
    ("chankan", "1 han: won by robbing an added kong.", "槍槓/抢杠"),
    ("rinshan", "1 han: won on the replacement draw after a kong.", "嶺上開花/岭上开花"),
    ("haitei", "1 han: self-drawn on the last tile of the live wall.", "海底摸月"),
    ("houtei", "1 han: won on the discard after the last draw.", "河底撈魚/河底捞鱼"),
    ("daburu_riichi", "2 han: riichi on the seat's first discard, with no call before it.", "ダブル立直/两立直"),
    ("pinfu", "1 han (concealed): four runs, a pair that is no yakuhai, won on a two-sided wait.", "平和"),
    ("tanyao", "1 han: only simples, open or concealed (Tenhou plays open tanyao).", "断幺九"),
    ("iipeiko", "1 han (concealed): two identical runs.", "一盃口/一杯口"),
    ("haku", "1 han: a set of white dragons.", "役牌 白"),
    ("hatsu", "1 han: a set of green dragons.", "役牌 發/役牌 发"),
    ("chun", "1 han: a set of red dragons.", "役牌 中"),
    ("seat_wind_east", "1 han: a set of the seat wind, east.", "自風 東/门风 东"),
    ("seat_wind_south", "1 han: a set of the seat wind, south.", "自風 南/门风 南"),
    ("seat_wind_west", "1 han: a set of the seat wind, west.", "自風 西/门风 西"),
    ("seat_wind_north", "1 han: a set of the seat wind, north.", "自風 北/门风 北"),
    ("round_wind_east", "1 han: a set of the round wind, east.", "場風 東/圈风 东"),
    ("round_wind_south", "1 han: a set of the round wind, south.", "場風 南/圈风 南"),
    ("round_wind_west", "1 han: a set of the round wind, west.", "場風 西/圈风 西"),
    ("round_wind_north", "1 han: a set of the round wind, north.", "場風 北/圈风 北"),
    ("sanshoku", "2 han (1 open): the same run in all three suits.", "三色同順/三色同顺"),
    ("ittsu", "2 han (1 open): 123, 456 and 789 of one suit.", "一気通貫/一气通贯"),
    ("chantai", "2 han (1 open): every set and the pair hold a terminal or an honour.", "混全帯幺九/混全带幺九"),
    ("honroto", "2 han: only terminals and honours.", "混老頭/混老头"),
    ("toitoi", "2 han: four triplets or kongs.", "対々和/对对和"),
    ("sanankou", "2 han: three concealed triplets.", "三暗刻"),
    ("sankantsu", "2 han: three kongs.", "三槓子/三杠子"),
    ("sanshoku_douko", "2 han: the same triplet in all three suits.", "三色同刻"),
    ("chiitoitsu", "2 han (concealed): seven different pairs; 25 fu.", "七対子/七对子"),
    ("shosangen", "2 han: two dragon sets and a dragon pair.", "小三元"),
    ("honitsu", "3 han (2 open): one suit and honours.", "混一色"),
    ("junchan", "3 han (2 open): every set and the pair hold a terminal, no honours.", "純全帯幺九/纯全带幺九"),
    ("ryanpeiko", "3 han (concealed): two pairs of identical runs.", "二盃口/二杯口"),
    ("chinitsu", "6 han (5 open): one suit only.", "清一色"),
    ("kokushi", "Yakuman: thirteen orphans (a thirteen-way wait is still one yakuman at Tenhou).", "国士無双/国士无双"),
    ("chuuren_poutou", "Yakuman: nine gates (the pure nine-way wait is one yakuman at Tenhou).", "九蓮宝燈/九莲宝灯"),
    ("suuankou", "Yakuman: four concealed triplets (on a pair wait, still one yakuman).", "四暗刻"),
    ("daisangen", "Yakuman: three dragon sets.", "大三元"),
    ("shosuushi", "Yakuman: three wind sets and a wind pair.", "小四喜"),
    ("daisuushi", "Yakuman: four wind sets (one yakuman at Tenhou).", "大四喜"),
    ("ryuisou", "Yakuman: only green tiles (23468s, green dragon).", "緑一色/绿一色"),
    ("suukantsu", "Yakuman: four kongs.", "四槓子/四杠子"),
    ("tsuisou", "Yakuman: only honours.", "字一色"),
    ("chinroto", "Yakuman: only terminals.", "清老頭/清老头"),
    ("tenhou", "Yakuman: the dealer wins on its dealt tiles.", "天和"),
    ("chiihou", "Yakuman: a non-dealer wins on its first draw, with no call before.", "地和"),
)

TABLE: tuple[Rule, ...] = (
    *_RULES,
    *(Rule(f"riichi.yaku.{yid}", text, _s("Yaku"), zh) for yid, text, zh in _YAKU),
)
YAKU_IDS: tuple[str, ...] = tuple(y[0] for y in _YAKU)
