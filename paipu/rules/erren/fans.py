"""The fan table of two-player mahjong (二人麻将) and the value of one reading of a winning hand.

The values are the source's (docs/rules/erren.md, Source E3, 胡牌与番数); the definitions and the
"not counted together" (不计) lists are MCR's (Chinese Official) wherever the source's text is
garbled or silent, and the source's own 不计 notes are binding (docs/rules/erren.md, paipu's readings).  The module
knows nothing of the table or the record: `paipu.rules.erren.ruleset` decomposes a hand, works
out the situation (天和, 放铳, …) and asks `standard_fans` or `seven_pairs_fans` for the value
of each reading, then keeps the reading worth the most.

How sets combine follows MCR's two principles, as PyMahjongGB's calculator implements them:
a fan made of three sets leaves the fourth set at most one pairwise fan with them (套算一次),
and pairwise chow fans are capped by how many sets can take part (不得相同).  Indexes are those
of `paipu.tiles`: 0-8 are 1m-9m, 27-30 东南西北, 31-33 白发中.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from paipu.hand.sets import HandSet
from paipu.replay.ruleset import Rule

SetKind: TypeAlias = Literal["chow", "pong", "kong"]
WaitKind: TypeAlias = Literal["bianzhang", "kanzhang", "dandiao"]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)

_SEED = "docs/rules/erren.md, Source E3 (胡牌与番数)"
_MCR = "paipu's reading (MCR's definition)"
_RULES_MD = "paipu's reading"


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan: its value, its definition and the fans it cancels (不计)."""

    id: str
    value: int
    name_zh: str
    definition: str
    source: str
    excludes: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    """Other names a recorded `fan` line may use (pinyin variants, other characters)."""
    partial: str = ""
    """A 不计 that cancels only part of another fan (幺九刻 of the pongs it is made of)."""


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
    FanDef("yaojiuke", 1, "幺九刻", "each pong or kong of 1m, 9m or an honour (dragons included, as the source "
           "says: the table has no 箭刻), except the pongs a wind or dragon fan is made of.",
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


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won, as the ruleset worked it out from the table."""

    self_drawn: bool
    after_kong: bool = False
    tianhe: bool = False
    dihe: bool = False
    renhe: bool = False
    tianting: bool = False
    flowers: int = 0


def _is_yaojiu(k: int) -> bool:
    return k in (0, 8) or k >= 27


# ---------------------------------------------------------------- sets of pongs


def _three_pong_fan(a: int, b: int, c: int) -> str | None:
    a, b, c = sorted((a, b, c))
    if c < 9 and a + 1 == b and b + 1 == c:
        return "yisesanjiegao"
    if all(k in WINDS for k in (a, b, c)):
        return "sanfengke"
    if (a, b, c) == DRAGONS:
        return "dasanyuan"
    return None


def _two_pong_fan(a: int, b: int) -> str | None:
    return "shuangjianke" if a in DRAGONS and b in DRAGONS else None


def _pong_group_fans(kinds: list[int], f: Counter[str]) -> None:
    kinds = sorted(kinds)
    if len(kinds) == 4:
        if kinds[3] < 9 and all(kinds[i] + 1 == kinds[i + 1] for i in range(3)):
            f["yisesijiegao"] += 1
            return
        if kinds == list(WINDS):
            f["dasixi"] += 1
            return
    if len(kinds) >= 3:
        for trio in itertools.combinations(range(len(kinds)), 3):
            fan = _three_pong_fan(*(kinds[i] for i in trio))
            if fan is None:
                continue
            f[fan] += 1
            # The fourth pong may still make one pairwise fan with one of the three (套算一次).
            rest = [i for i in range(len(kinds)) if i not in trio]
            for r in rest:
                for i in trio:
                    two = _two_pong_fan(kinds[i], kinds[r])
                    if two:
                        f[two] += 1
                        return
            return
    for i, j in itertools.combinations(range(len(kinds)), 2):
        two = _two_pong_fan(kinds[i], kinds[j])
        if two:
            f[two] += 1


# ---------------------------------------------------------------- sets of chows


def _three_chow_fan(a: int, b: int, c: int) -> str | None:
    a, b, c = sorted((a, b, c))
    if (a, b, c) == (0, 3, 6):
        return "qinglong"
    if (a + 1 == b and b + 1 == c) or (a + 2 == b and b + 2 == c):
        return "yisesanbugao"
    if a == b == c:
        return "yisesantongshun"
    return None


def _two_chow_fan(a: int, b: int) -> str | None:
    if abs(a - b) == 3:
        return "lianliu"
    if {a, b} == {0, 6}:
        return "laoshaofu"
    if a == b:
        return "yibangao"
    return None


# When pairwise chow fans exceed what the sets allow, the least wanted go first (MCR's 不得相同
# as PyMahjongGB applies it: 老少副, then 连六, then 一般高).
_CUT_ORDER = ("laoshaofu", "lianliu", "yibangao")


def _pairwise_chow_fans(starts: list[int], limit: int, f: Counter[str]) -> None:
    found: Counter[str] = Counter()
    for a, b in itertools.combinations(starts, 2):
        two = _two_chow_fan(a, b)
        if two:
            found[two] += 1
    total = sum(found.values())
    for keep in (1, 0):
        for fid in _CUT_ORDER:
            while total > limit and found[fid] > keep:
                found[fid] -= 1
                total -= 1
    f.update(+found)


def _chow_group_fans(starts: list[int], pair: int, f: Counter[str]) -> None:
    starts = sorted(starts)
    n = len(starts)
    if n == 4:
        if pair == 4 and starts == [0, 0, 6, 6]:
            f["yiseshuanglonghui"] += 1
            return
        if starts[0] == starts[3]:
            f["yisesitongshun"] += 1
            return
        if all(starts[i] + 1 == starts[i + 1] for i in range(3)) or all(
                starts[i] + 2 == starts[i + 1] for i in range(3)):
            f["yisesibugao"] += 1
            return
    if n >= 3:
        best: tuple[int, str, tuple[int, ...]] | None = None
        for trio in itertools.combinations(range(n), 3):
            fan = _three_chow_fan(*(starts[i] for i in trio))
            if fan is not None and (best is None or FANS[fan].value > best[0]):
                best = (FANS[fan].value, fan, trio)
        if best is not None:
            f[best[1]] += 1
            rest = [starts[i] for i in range(n) if i not in best[2]]
            if rest:
                # The fourth chow makes at most one more fan with the three (套算一次).
                extra = [_two_chow_fan(starts[i], rest[0]) for i in best[2]]
                for fid in ("yibangao", "lianliu", "laoshaofu"):
                    if fid in extra:
                        f[fid] += 1
                        break
            return
    if n == 4:
        related = sum(1 for i in range(4) if any(
            _two_chow_fan(starts[i], starts[j]) for j in range(4) if j != i))
        limit = 3 - (4 - related)
        if limit > 0:
            _pairwise_chow_fans(starts, limit, f)
    elif n == 3:
        _pairwise_chow_fans(starts, 2, f)
    elif n == 2:
        _pairwise_chow_fans(starts, 1, f)


# ---------------------------------------------------------------- whole hands


def _suit_fans(kinds: Sequence[int], f: Counter[str]) -> None:
    """清一色 混一色 字一色 无字 混幺九 大于五, from every tile kind in the hand."""
    has_man = any(k < 9 for k in kinds)
    has_honour = any(k >= 27 for k in kinds)
    if has_man and not has_honour:
        f["qingyise"] += 1
    elif has_man and has_honour:
        f["hunyise"] += 1
    else:
        f["ziyise"] += 1
    if not has_honour:
        f["wuzi"] += 1
    if has_man and all(_is_yaojiu(k) for k in kinds) and has_honour:
        f["hunyaojiu"] += 1
    if not has_honour and all(5 <= k <= 8 for k in kinds):
        f["dayuwu"] += 1


def _situation_fans(sit: Situation, f: Counter[str]) -> None:
    if sit.tianhe:
        f["tianhe"] += 1
    if sit.dihe:
        f["dihe"] += 1
    if sit.renhe:
        f["renhe"] += 1
    if sit.tianting:
        f["tianting"] += 1
    if sit.self_drawn and sit.after_kong:
        f["gangshangkaihua"] += 1
    if not sit.self_drawn:
        f["fangchong"] += 1
    if sit.flowers:
        f["huapai"] += sit.flowers


def standard_fans(sets: Sequence[HandSet], pair: int, wait: WaitKind | None, nine_gates: bool,
                  sit: Situation) -> Counter[str]:
    """The fans of one reading as four sets and a pair, 不计 applied."""
    f: Counter[str] = Counter()
    pongs = [s for s in sets if s.kind != "chow"]
    chows = [s.first for s in sets if s.kind == "chow"]
    kongs = [s for s in pongs if s.kind == "kong"]
    if len(kongs) == 4:
        f["sigang"] += 1
    elif len(kongs) == 3:
        f["sangang"] += 1
    elif len(kongs) == 2:
        f["shuanggang"] += 1
    elif kongs:
        f["angang" if kongs[0].concealed else "minggang"] += 1
    concealed = sum(1 for s in pongs if s.concealed)
    if concealed >= 2:
        f[{2: "shuanganke", 3: "sananke", 4: "sianke"}[concealed]] += 1
    if len(pongs) == 4:
        f["pengpenghe"] += 1
    _pong_group_fans([s.first for s in pongs], f)
    _chow_group_fans(chows, pair, f)
    if len(chows) < 4:
        if f["shuangjianke"] and pair in DRAGONS:
            f["shuangjianke"] = 0
            f["xiaosanyuan"] += 1
        elif f["sanfengke"] and pair in WINDS:
            f["sanfengke"] = 0
            f["xiaosixi"] += 1
    if pair in (1, 4, 7):
        f["erwubajiang"] += 1
    elif pair in (0, 8):
        f["yaojiutou"] += 1
    # 幺九刻: the pongs of 1m, 9m and honours that no wind or dragon fan is made of.
    wind_fan = any(f[x] for x in ("dasixi", "xiaosixi", "sanfengke"))
    dragon_fan = any(f[x] for x in ("dasanyuan", "xiaosanyuan", "shuangjianke"))
    yaojiu = sum(1 for s in pongs if _is_yaojiu(s.first)
                 and not (wind_fan and s.first in WINDS) and not (dragon_fan and s.first in DRAGONS))
    if nine_gates:
        f["jiulianbaodeng"] += 1
        yaojiu = max(yaojiu - 1, 0)
    if yaojiu:
        f["yaojiuke"] += yaojiu
    claimed = sum(1 for s in sets if s.claimed)
    if claimed == 0:
        f["buqiuren" if sit.self_drawn else "menqianqing"] += 1
    elif claimed == 4 and not sit.self_drawn:
        f["quanqiuren"] += 1
    kinds = [k for s in sets for k in ((s.first, s.first + 1, s.first + 2) if s.kind == "chow" else (s.first,))]
    _suit_fans([*kinds, pair], f)
    if wait is not None:
        f[wait] += 1
    _situation_fans(sit, f)
    return apply_exclusions(f)


def seven_pairs_fans(counts: Sequence[int], sit: Situation) -> Counter[str]:
    """The fans of a seven-pairs reading (14 concealed tiles, fours as two pairs), 不计 applied."""
    f: Counter[str] = Counter()
    kinds = [k for k in range(34) if counts[k]]
    if len(kinds) == 7 and kinds[6] < 9 and kinds[6] - kinds[0] == 6 and all(counts[k] == 2 for k in kinds):
        f["lianqidui"] += 1
    else:
        f["qiduizi"] += 1
    _suit_fans(kinds, f)
    _situation_fans(sit, f)
    return apply_exclusions(f)


def apply_exclusions(f: Counter[str]) -> Counter[str]:
    """Drop every fan that a fan present cancels (不计), highest fans first."""
    for fd in sorted(FAN_DEFS, key=lambda d: -d.value):
        if f[fd.id]:
            for x in fd.excludes:
                f[x] = 0
    return +f


def fan_order(fid: str) -> tuple[int, int]:
    """Sort key: highest value first, then table order."""
    return (-FANS[fid].value, _ORDER[fid])
