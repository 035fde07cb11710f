"""The fan table of two-player mahjong (二人麻将): a selection of MCR's fans with the seed's values.

The values are the source's (docs/rules/erren.md, Source E3, 胡牌与番数); the definitions and
the "not counted together" (不计) lists are MCR's (Chinese Official) wherever the source's text
is garbled or silent, and the source's own 不计 notes are binding (docs/rules/erren.md, paipu's
readings).  The table is
data only: the hand is read and valued by the evaluator the Chinese Official ruleset uses
(`paipu.rules.shared.fans.evaluate`), given `ERREN_TABLE`, which says which fans the game has,
what each is worth and what each cancels.  The fans MCR does not have (天和 地和 人和 天听 放铳,
from the table's situation; 双杠 258将 幺九头, which the evaluator knows for this table) and
the two renamed ones (七对 ``qiduizi``, 单钓 ``dandiao``) are mapped by `EVALUATOR_IDS`.
`paipu.rules.erren.ruleset` works out the situation and keeps the reading worth the most.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from paipu.rules.shared.fans import FanTable
from paipu.ruleset_api import Frozen, Rule

_SEED = "docs/rules/erren.md, Source E3 (胡牌与番数)"
_MCR = "paipu's reading (MCR's definition)"
_RULES_MD = "paipu's reading"


class FanDef(Frozen):
    """One fan: its value, its definition and the fans it cancels (不计)."""

    __slots__ = ("aliases", "definition", "excludes", "id", "name_zh", "partial", "source", "value")
    _fields = ("id", "value", "name_zh", "definition", "source", "excludes", "aliases", "partial")
    id: Final[str]
    value: Final[int]
    name_zh: Final[str]
    definition: Final[str]
    source: Final[str]
    excludes: Final[tuple[str, ...]]
    aliases: Final[tuple[str, ...]]
    """Other names a recorded `fan` line may use (pinyin variants, other characters)."""
    partial: Final[str]
    """A 不计 that cancels only part of another fan (幺九刻 of the pongs it is made of)."""

    def __init__(self, id: str, value: int, name_zh: str, definition: str, source: str,
                 excludes: tuple[str, ...] = (), aliases: tuple[str, ...] = (), partial: str = "") -> None:
        self.id = id
        self.value = value
        self.name_zh = name_zh
        self.definition = definition
        self.source = source
        self.excludes = excludes
        self.aliases = aliases
        self.partial = partial


FAN_DEFS: tuple[FanDef, ...] = (
    # ---- 88
    FanDef("dasixi", 88, "大四喜", "four pongs (or kongs) of the four winds, and any pair.",
           f"{_SEED} 1a; {_MCR} (the source's 'all tiles are winds' is garbled)",
           ("xiaosixi", "sanfengke", "pengpenghe", "yaojiuke")),
    FanDef("dasanyuan", 88, "大三元", "three pongs (or kongs) of the dragons 中 发 白.",
           f"{_SEED} 1b; {_MCR}", ("xiaosanyuan", "shuangjianke"),
           partial="幺九刻 of its three dragon pongs"),
    FanDef("lianqidui", 88, "连七对", "seven pairs of seven consecutive 万 (e.g. 11223344556677m).",
           f"{_SEED} 1c; {_MCR}",
           ("qiduizi", "qingyise", "buqiuren", "menqianqing", "dandiao", "wuzi")),
    FanDef("tianhe", 88, "天和", "the dealer's dealt tiles win before any discard (flowers set aside and "
           "replaced first), in any shape; there is no winning tile, so no wait fan.",
           f"{_SEED} 1d; {_RULES_MD}", ("buqiuren", "bianzhang", "kanzhang", "dandiao"), ("tianhu",)),
    FanDef("jiulianbaodeng", 88, "九莲宝灯", "no melds, and the 13 tiles before the winning tile are "
           "1112345678999m: the hand waits on every 万.",
           f"{_SEED} 1e; {_MCR}", ("qingyise", "menqianqing", "buqiuren", "wuzi"),
           partial="one 幺九刻"),
    FanDef("sigang", 88, "四杠", "four kongs (exposed, added or concealed) and a pair.",
           f"{_SEED} 1f; {_MCR}",
           ("sangang", "shuanggang", "minggang", "angang", "pengpenghe", "dandiao"), ("sigangzi", "四杠子")),
    # ---- 64
    FanDef("xiaosixi", 64, "小四喜", "three pongs of winds and a pair of the fourth wind.",
           f"{_SEED} 2a; {_MCR}", ("sanfengke", "yaojiuke")),
    FanDef("xiaosanyuan", 64, "小三元", "two pongs of dragons and a pair of the third dragon.",
           f"{_SEED} 2b; {_MCR}", ("shuangjianke",), partial="幺九刻 of its two dragon pongs"),
    FanDef("sianke", 64, "四暗刻", "four concealed pongs (concealed kongs included); a pong completed "
           "by the other player's discard is not concealed.",
           f"{_SEED} 2c; {_MCR}", ("sananke", "shuanganke", "pengpenghe", "menqianqing", "buqiuren")),
    FanDef("yiseshuanglonghui", 64, "一色双龙会", "123m 123m 789m 789m and a pair of 5m.",
           f"{_SEED} 2d; {_MCR}", ("qiduizi", "qingyise", "yibangao", "laoshaofu", "wuzi")),
    FanDef("dihe", 64, "地和", "the non-dealer wins on its first draw (after the dealer's first discard, "
           "flowers replaced, nobody having claimed or made a kong), in any shape.",
           f"{_SEED} 2e", (), ("dihu",)),
    FanDef("ziyise", 64, "字一色", "every tile an honour (winds and dragons), in sets and a pair or as "
           "seven pairs.", f"{_SEED} 2f; {_MCR}", ("hunyaojiu", "pengpenghe", "yaojiuke")),
    # ---- 48
    FanDef("yisesijiegao", 48, "一色四节高", "four pongs of four consecutive 万 (e.g. 222 333 444 555m).",
           f"{_SEED} 3a; {_MCR}", ("yisesanjiegao", "pengpenghe")),
    FanDef("yisesitongshun", 48, "一色四同顺", "four identical chows.",
           f"{_SEED} 3b; {_MCR}", ("yisesantongshun", "yisesanjiegao", "yibangao")),
    # ---- 32
    FanDef("yisesibugao", 32, "一色四步高", "four chows each one higher than the last (123 234 345 456) "
           "or each two higher (123 345 567 789).",
           f"{_SEED} 4a; {_MCR}", ("yisesanbugao", "lianliu", "laoshaofu")),
    FanDef("sangang", 32, "三杠", "three kongs.", f"{_SEED} 4b; {_MCR}", ("shuanggang", "minggang", "angang")),
    FanDef("renhe", 32, "人和", "a win on the other player's first discard, before anyone has claimed or "
           "made a kong (the first go-around); option `renhe`.",
           f"{_SEED} 4c; {_RULES_MD}", (), ("renhu",)),
    FanDef("hunyaojiu", 32, "混幺九", "every tile a 1m, a 9m or an honour, with at least one of each "
           "(all honours is 字一色); seven pairs allowed.",
           f"{_SEED} 4d; {_MCR}", ("pengpenghe", "yaojiuke")),
    FanDef("tianting", 32, "天听", "the winner declared ready (`ready`) with its first discard of the hand, "
           "before anyone claimed or made a kong, and kept the hand unchanged (rule erren.ready).",
           f"{_SEED} 4e; {_RULES_MD}"),
    # ---- 24
    FanDef("qiduizi", 24, "七对", "seven pairs, no melds; four of a kind counts as two pairs (MCR).",
           f"{_SEED} 5a; {_MCR}", ("buqiuren", "menqianqing", "dandiao"), ("qidui", "七对子")),
    FanDef("qingyise", 24, "清一色", "every tile a 万 (no honours).", f"{_SEED} 5b; {_MCR}", ("wuzi",)),
    FanDef("yisesanjiegao", 24, "一色三节高", "three pongs of three consecutive 万.",
           f"{_SEED} 5c; {_MCR}", ("yisesantongshun",)),
    FanDef("yisesantongshun", 24, "一色三同顺", "three identical chows.",
           f"{_SEED} 5d; {_MCR}", ("yisesanjiegao", "yibangao")),
    # ---- 16
    FanDef("yisesanbugao", 16, "一色三步高", "three chows each one higher (123 234 345) or each two "
           "higher (123 345 567).", f"{_SEED} 6a; {_MCR}"),
    FanDef("qinglong", 16, "青龙", "the chows 123m 456m 789m.", f"{_SEED} 6b; {_MCR} (清龙)",
           ("lianliu", "laoshaofu"), ("qinglong", "清龙")),
    FanDef("sananke", 16, "三暗刻", "three concealed pongs (concealed kongs included).",
           f"{_SEED} 6c; {_MCR}", ("shuanganke",)),
    # ---- 12
    FanDef("dayuwu", 12, "大于五", "every tile a 6m, 7m, 8m or 9m (no honours).",
           f"{_SEED} 7a (garbled: it repeats 一色三步高); {_MCR}; {_RULES_MD}", ("wuzi",)),
    FanDef("sanfengke", 12, "三风刻", "three pongs (or kongs) of winds.",
           f"{_SEED} 7b (garbled: it repeats 青龙); {_MCR}; {_RULES_MD}", (),
           partial="幺九刻 of its three wind pongs"),
    # ---- 8
    FanDef("gangshangkaihua", 8, "杠上开花", "won on the replacement draw after one's own kong.",
           f"{_SEED} 8a; {_MCR}", (), ("gangkai", "杠开")),
    FanDef("hunyise", 8, "混一色", "万 and honours, both present.", f"{_SEED} 8b; {_MCR}"),
    # ---- 6
    FanDef("shuanganke", 6, "双暗刻", "two concealed pongs (concealed kongs included).", f"{_SEED} 9a; {_MCR}"),
    FanDef("shuangjianke", 6, "双箭刻", "two pongs (or kongs) of dragons.", f"{_SEED} 9b; {_MCR}",
           (), partial="幺九刻 of its two dragon pongs"),
    FanDef("pengpenghe", 6, "碰碰和", "four pongs (or kongs) and a pair.", f"{_SEED} 9c; {_MCR}",
           (), ("duiduihu", "碰碰胡", "对对胡")),
    FanDef("quanqiuren", 6, "全求人", "all four sets made by claims (chow, pong, exposed or added kong) and "
           "the hand won on the other player's discard (a single wait).",
           f"{_SEED} 9d; {_MCR}", ("dandiao",)),
    # ---- 4
    FanDef("shuanggang", 4, "双杠", "two kongs (exposed, added or concealed).", f"{_SEED} 10a",
           ("minggang", "angang")),
    FanDef("buqiuren", 4, "不求人", "no chow, pong or exposed kong (concealed kongs allowed), and self-drawn.",
           f"{_SEED} 10b; {_MCR}", ("menqianqing",)),
    FanDef("fangchong", 4, "放铳", "won on the other player's tile: a discard, or a robbed added kong.",
           f"{_SEED} 10c; {_RULES_MD}"),
    # ---- 2
    FanDef("menqianqing", 2, "门前清", "no chow, pong or exposed kong (concealed kongs allowed), and won on "
           "the other player's discard.", f"{_SEED} 11a; {_MCR}", (), ("menqing",)),
    FanDef("angang", 2, "暗杠", "one concealed kong (two or more kongs score 双杠, 三杠 or 四杠 instead).",
           f"{_SEED} 11b; {_MCR}"),
    # ---- 1
    FanDef("yibangao", 1, "一般高", "two identical chows.", f"{_SEED} 12a; {_MCR}"),
    FanDef("lianliu", 1, "连六", "two chows making six consecutive 万 (e.g. 123m 456m).", f"{_SEED} 12b; {_MCR}"),
    FanDef("laoshaofu", 1, "老少副", "the chows 123m and 789m.", f"{_SEED} 12c; {_MCR}"),
    FanDef("dandiao", 1, "单钓", "the hand waits on one kind only, and the winning tile completes the pair.",
           f"{_SEED} 12d; {_MCR} (单钓将)", (), ("dandiaojiang", "单钓将", "单吊")),
    FanDef("erwubajiang", 1, "258将", "the pair (of four sets and a pair) is 2m, 5m or 8m.", f"{_SEED} 12e",
           (), ("258jiang", "二五八将")),
    FanDef("yaojiutou", 1, "幺九头", "the pair (of four sets and a pair) is 1m or 9m.", f"{_SEED} 12f"),
    FanDef("huapai", 1, "花牌", "each flower set aside, counted only in a win and never toward the minimum.",
           f"{_SEED} 12g; {_RULES_MD}", (), ("flowers", "花")),
    FanDef("minggang", 1, "明杠", "one exposed kong, from a discard or added to a pong (two or more kongs "
           "score 双杠, 三杠 or 四杠 instead).", f"{_SEED} 12h; {_MCR}"),
    FanDef("wuzi", 1, "无字", "no honours; with two players that is always 清一色, which cancels it.",
           f"{_SEED} 12i; {_MCR}"),
    FanDef("yaojiuke", 1, "幺九刻", "each pong or kong of 1m, 9m or an honour (dragons included, since this "
           "fan table has no 箭刻), except the pongs a wind or dragon fan is made of.",
           f"{_SEED} 12j; {_MCR}"),
    FanDef("bianzhang", 1, "边张", "the hand waits on one kind only, and the winning tile is the 3 of 123m or "
           "the 7 of 789m.", f"{_SEED} 12k; {_MCR}"),
    FanDef("kanzhang", 1, "嵌张", "the hand waits on one kind only, and the winning tile is the middle of a "
           "chow (46 winning 5).", f"{_SEED} 12l; {_MCR}", (), ("qianzhang",)),
)

FANS: dict[str, FanDef] = {f.id: f for f in FAN_DEFS}
_ORDER = {f.id: i for i, f in enumerate(FAN_DEFS)}


def fan_rules(prefix: str) -> tuple[Rule, ...]:
    """The rule-table rows of the fans, ids ``{prefix}.fan.<id>``."""
    out = []
    for f in FAN_DEFS:
        text = f"{f.value}番: {f.definition}"
        cancelled = [FANS[x].name_zh for x in f.excludes]
        if f.partial:
            cancelled.append(f.partial)
        if cancelled:
            text += " Not counted with it (不计): " + ", ".join(cancelled) + "."
        out.append(Rule(f"{prefix}.fan.{f.id}", text, f.source, f.name_zh, f.aliases))
    return tuple(out)


class Situation(Frozen):
    """How the hand was won, as the ruleset worked it out from the table."""

    __slots__ = ("after_kong", "dihe", "flowers", "renhe", "self_drawn", "tianhe", "tianting")
    _fields = ("self_drawn", "after_kong", "tianhe", "dihe", "renhe", "tianting", "flowers")
    self_drawn: Final[bool]
    after_kong: Final[bool]
    tianhe: Final[bool]
    dihe: Final[bool]
    renhe: Final[bool]
    tianting: Final[bool]
    flowers: Final[int]

    def __init__(self, self_drawn: bool, after_kong: bool = False, tianhe: bool = False, dihe: bool = False,
                 renhe: bool = False, tianting: bool = False, flowers: int = 0) -> None:
        self.self_drawn = self_drawn
        self.after_kong = after_kong
        self.tianhe = tianhe
        self.dihe = dihe
        self.renhe = renhe
        self.tianting = tianting
        self.flowers = flowers


EVALUATOR_IDS: dict[str, str] = {"qiduizi": "qidui", "dandiao": "dandiaojiang"}
"""This table's ids that the shared evaluator (`paipu.rules.shared.fans`) spells otherwise."""
TABLE_IDS: dict[str, str] = {v: k for k, v in EVALUATOR_IDS.items()}


def _ev(fid: str) -> str:
    return EVALUATOR_IDS.get(fid, fid)


ERREN_TABLE = FanTable.of(
    "erren", ((_ev(f.id), f.value, tuple(_ev(x) for x in f.excludes)) for f in FAN_DEFS),
    situation=False, shapes=frozenset({"seven_pairs"}))
"""The table as the evaluator reads it: its fans, values and 不计, in the evaluator's ids.  The
situation fans are the ruleset's to give (`situation_fans`), and the only special shape is 七对."""


def situation_fans(sit: Situation) -> tuple[tuple[str, int], ...]:
    """The fans of how the hand was won (天和 … 花牌), in the evaluator's ids, for `WinIn.given`."""
    out: list[tuple[str, int]] = []
    for fid, present in (("tianhe", sit.tianhe), ("dihe", sit.dihe), ("renhe", sit.renhe),
                         ("tianting", sit.tianting), ("gangshangkaihua", sit.self_drawn and sit.after_kong),
                         ("fangchong", not sit.self_drawn)):
        if present:
            out.append((fid, 1))
    if sit.flowers:
        out.append(("huapai", sit.flowers))
    return tuple(out)


def table_fans(fans: Counter[str]) -> Counter[str]:
    """The evaluator's fans in this table's ids."""
    return Counter({TABLE_IDS.get(fid, fid): n for fid, n in fans.items()})


def fan_order(fid: str) -> tuple[int, int]:
    """Sort key: highest value first, then table order."""
    return (-FANS[fid].value, _ORDER[fid])
