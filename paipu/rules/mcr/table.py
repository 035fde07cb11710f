"""The rule table of the Chinese Official rules (国标麻将, MCR): every rule id findings and value items cite.

The passages the rules rest on are quoted in docs/rules/mcr.md, "Sources": M1 is the general
standard's text on the winning shapes and the ways to win, M2 the 81-fan table, M3 the scoring,
M4 Botzone's logs and M5 Botzone's judge program (its walls of each seat's own).
"""

from __future__ import annotations

from paipu.rules.shared.fans import FAN_DEFS
from paipu.ruleset_api import Rule

_DOC = "docs/rules/mcr.md"
M1 = f"{_DOC}, Source M1"
M2 = f"{_DOC}, Source M2"
M3 = f"{_DOC}, Source M3"
M4 = f"{_DOC}, Source M4"
M5 = f"{_DOC}, Source M5"


def fan_rules(prefix: str) -> tuple[Rule, ...]:
    """The rule-table rows of the fans, ids ``{prefix}.fan.<id>``."""
    out = []
    for f in FAN_DEFS:
        text = f"{f.value}番: {f.definition}"
        if f.excludes:
            names = [next(d.name_zh for d in FAN_DEFS if d.id == x) for x in f.excludes]
            text += " Not counted with it (不计): " + ", ".join(names) + "."
        out.append(Rule(f"{prefix}.fan.{f.id}", text, f.source, f.name_zh, f.aliases))
    return tuple(out)


TABLE: tuple[Rule, ...] = (
    Rule("mcr.tiles", "136 tiles: 万 饼 条 1–9 ×4, 东 南 西 北 ×4, 白 发 中 ×4; with the option `flowers` "
         "also the 8 flowers 春 夏 秋 冬 梅 兰 竹 菊, each set aside and replaced (补花).", M1),
    Rule("mcr.seats", "Four players E S W N; the dealer is dealt 14 tiles, the others 13.", M1),
    Rule("mcr.flowers", "With the option `flowers`, a flower is never played: it is set aside (`flower`) "
         "on the holder's turn and replaced from the wall's tail; each is worth 花牌 1番 in a win, never "
         "toward the minimum. Without it there are no flowers (as on Botzone).", M1, "补花"),
    Rule("mcr.claims", "Chow (the discarder's next seat only), pong, exposed kong, concealed kong and "
         "added kong; no ready declaration.", M1),
    Rule("mcr.winning", "A hand is won on one's own draw (自摸, the replacement after a kong or a flower "
         "included) or on another's discard (点和), robbing an added kong included (抢杠和), in one of the "
         "shapes: four sets and a pair, 七对, 十三幺, 全不靠 (七星不靠 included), or 组合龙 with a set and a "
         "pair; and it must reach the minimum.", M1, "和牌"),
    Rule("mcr.minimum", "A win needs at least 8番 (option `min_fan`); 花牌 do not count toward it.", M3,
         "起和番"),
    Rule("mcr.best-reading", "Where a hand can be read in several ways, the reading worth the most is "
         "taken (of equal ones, the one with the higher pair); a fan that another present cancels (不计) "
         "is not counted; a fan made of sets leaves each set at most one more combination with the others "
         "(套算一次); 无番和 is the value of a hand with no other fan.", M2),
    Rule("mcr.winners", "One winner per tile: of several seats that can win on one discard (or one "
         "robbed kong), the first counter-clockwise from the discarder takes it (截和).", M4),
    Rule("mcr.qianggang", "Another player may rob an added kong with the added tile (抢杠和); the robbed "
         "player counts as the discarder. A concealed or exposed kong cannot be robbed.", M1, "抢杠和"),
    Rule("mcr.exhausted", "The wall is drawn to its end; when nobody wins on the last tile or its "
         "discard, the hand is drawn (荒庄) and nobody pays; that discard may be won on but not "
         "claimed otherwise. With `flowers`, ordinary draws stop while the "
         "wall still holds as many tiles as flowers not yet drawn, so that a flower is always replaced. "
         "With `wall=per-seat` the hand is drawn when the seat due to draw has no tile left in its own "
         "wall (after a discard, the discarder's next seat; after a kong or a flower, the seat owing the "
         "replacement); the last tile, and the discard that may only be won on, are those after which "
         "the seat due to draw next has none (妙手回春, 海底捞月).",
         M3, "荒庄"),
    Rule("mcr.wall", "The wall (option `wall`): `single`, one wall of 136 tiles (144 with `flowers`) for "
         "all, replacements from its tail; `per-seat` (Botzone), a wall of its own for each seat, a "
         "quarter of the tiles (34, 36 with `flowers`): its deal (13; the dealer's 14 count its first "
         "draw), then each of its draws, kong and flower replacements included. A `wall` line then lists "
         "the four walls one after another in seat order, each in its draw order. With `per-seat` a "
         "concealed or added kong needs a tile left in the seat's own wall and in its next seat's.",
         M5, "牌墙"),
    Rule("mcr.dealer", "The deal passes to the next seat after every hand (no dealer repeat).", M3),
    Rule("mcr.winds", "The seat wind (门风) is the seat's letter, E 东 S 南 W 西 N 北, as on Botzone where "
         "the player index is the seat wind (option `seat_wind=dealer`: counted from the dealer as 东). "
         "The prevalent wind (圈风) is the option `prevalent` (E by default; `rotate`: 东 for hands 1–4, "
         "南 for 5–8, 西, 北).", M4, "门风/圈风"),
    Rule("mcr.last-of-kind", "和绝张 is a win on the last tile of a kind: the other three are already "
         "shown on the table, in the discards or in exposed melds (a concealed kong is not shown).", M2,
         "绝张"),
    Rule("mcr.payment", "Each win is paid on an 8-point base: self-drawn, each other player pays 8 + the "
         "fan total; on a discard (or a robbed kong), the discarder pays 8 + the fan total and the other "
         "two pay 8 each. Kongs are not paid.", M3, "底分"),
    *fan_rules("mcr"),
)
