"""The fan table of the Chinese Official rules (国标麻将, MCR) and the value of one winning hand.

Every fan is a `FanDef`: its id (the pinyin of its Chinese name), its value, its definition
and the fans it cancels (不计).  `evaluate` reads a hand in every way the rules allow (four
sets and a pair, 七对, 十三幺, 全不靠/七星不靠, 组合龙 with a set and a pair) and values each
reading; the caller keeps the best.  The module knows nothing of the table or the record:
`paipu.rules.mcr.ruleset` works out the situation (self-drawn, 和绝张, the last tile, the
winds) and the two-player ruleset uses the same machinery for its own table.

How sets combine follows the rules' two principles, as the reference calculator applies them
(docs/rules/mcr.md, "How fans combine"): a fan made of three sets leaves the fourth set at most
one two-set fan with them (套算一次), and two-set chow fans are capped by how many sets can
take part (不得相同: at most three among four chows, the cheapest cut first).  Indexes are those
of `paipu.tiles`: 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 东南西北, 31-33 白发中.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, Literal, TypeAlias, TypeVar, cast

from mypy_extensions import i64

from paipu.ruleset_api import KNITTED_STRAIGHTS, Fields, Frozen, decompositions, plain_waits, waits

SetKind: TypeAlias = Literal["chow", "pong", "kong"]
Fans: TypeAlias = "dict[str, int]"
"""The fans a reading is found to have while it is valued, by id: a plain dict, counted by `_add`
(not a `Counter` or a ``defaultdict``: docs/speed.md); `_valued_key` gives the reading its
`Counter`."""


FanKey: TypeAlias = "tuple[str | int, ...]"
"""Fans as one flat tuple: a fan's id, then how many times it counts, for each in the order
they were found; a fan twice in it counts the sum, as `_add` counts (`_fans_of`).  What
`_Memo.kept` is keyed by, and what the standard readings find their fans as: joined from the
tuples each table of this module keeps (a tuple joined with ``+`` is one copy; a dict's items
flattened into a key cost each reading some 3,000 instructions, compiled or not)."""


def _add(f: Fans, fid: str, n: int = 1) -> None:
    """Count fan ``fid`` ``n`` more times in ``f``."""
    f[fid] = f.get(fid, 0) + n


def _flat(f: Fans) -> FanKey:
    """The `FanKey` of the fans ``f``."""
    # (Each fan's pair joined in turn: ``tuple(itertools.chain.from_iterable(f.items()))`` costs
    # half as much again in pure Python, and twice as much compiled.)
    return sum(f.items(), ())


def _fans_of(key: FanKey) -> Fans:
    """The fans of ``key`` (`FanKey`)."""
    f: Fans = {}
    for i in range(0, len(key), 2):
        fid = cast(str, key[i])
        f[fid] = f.get(fid, 0) + cast(int, key[i + 1])
    return f


_new_dict: Final[Callable[[type[Counter[str]]], Counter[str]]] = dict.__new__
"""An empty `Counter` made without running its ``__init__`` (Python code, which does nothing for
an empty one but call ``update``): ``_new_dict(Counter)``."""

WINDS: Final[tuple[int, ...]] = (27, 28, 29, 30)
DRAGONS: Final[tuple[int, ...]] = (31, 32, 33)
WHITE: Final = 31
GREEN: Final = 32
TERMINALS_HONOURS: Final = frozenset((0, 8, 9, 17, 18, 26, *WINDS, *DRAGONS))
GREEN_KINDS: Final = frozenset((19, 20, 21, 23, 25, GREEN))
"""绿一色: 2 3 4 6 8 条 and 发."""
REVERSIBLE_KINDS: Final = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE))
"""推不倒: 1234589 饼, 245689 条 and 白, the tiles that look the same upside down."""
KNITTED: Final[tuple[tuple[int, ...], ...]] = KNITTED_STRAIGHTS
"""The six knitted straights (组合龙): 147 in one suit, 258 in another, 369 in the third."""

_SOURCE = "docs/rules/mcr.md"


class FanDef(Frozen):
    """One fan: its value, its definition and the fans it cancels (不计)."""

    __slots__ = ("aliases", "definition", "excludes", "id", "name_zh", "source", "value")
    _fields = ("id", "value", "name_zh", "definition", "excludes", "aliases", "source")
    id: Final[str]
    value: Final[int]
    name_zh: Final[str]
    definition: Final[str]
    excludes: Final[tuple[str, ...]]
    aliases: Final[tuple[str, ...]]
    """Other names a recorded `fan` line may use."""
    source: Final[str]

    def __init__(self, id: str, value: int, name_zh: str, definition: str, excludes: tuple[str, ...] = (),
                 aliases: tuple[str, ...] = (), source: str = f"{_SOURCE}, Source M2") -> None:
        self.id = id
        self.value = value
        self.name_zh = name_zh
        self.definition = definition
        self.excludes = excludes
        self.aliases = aliases
        self.source = source


def _f(fid: str, value: int, zh: str, text: str, excludes: str = "", aliases: tuple[str, ...] = (),
       source: str = "") -> FanDef:
    return FanDef(fid, value, zh, text, tuple(excludes.split()), aliases, source or f"{_SOURCE}, Source M2")


_M1 = f"{_SOURCE}, Source M1"

FAN_DEFS: tuple[FanDef, ...] = (
    # ---- 88
    _f("dasixi", 88, "大四喜", "four pongs (or kongs) of the four winds.",
       "sanfengke pengpenghe quanfengke menfengke xiaosixi"),
    _f("dasanyuan", 88, "大三元", "three pongs (or kongs) of the dragons.", "shuangjianke jianke xiaosanyuan"),
    _f("lvyise", 88, "绿一色", "every tile one of 2 3 4 6 8 条 and 发.", "hunyise"),
    _f("jiulianbaodeng", 88, "九莲宝灯", "no meld, and the 13 tiles before the winning one are 1112345678999 of "
       "one suit: the hand waits on all nine.", "qingyise menqianqing wuzi buqiuren"),
    _f("sigang", 88, "四杠", "four kongs.", "sangang shuangminggang minggang dandiaojiang pengpenghe "
       "shuangangang mingangang angang", ("sigangzi",)),
    _f("lianqidui", 88, "连七对", "seven pairs of seven consecutive kinds of one suit.",
       "qingyise qidui menqianqing dandiaojiang buqiuren wuzi"),
    _f("shisanyao", 88, "十三幺", "one each of the 13 terminals and honours, and a second of one of them.",
       "wumenqi menqianqing dandiaojiang buqiuren hunyaojiu quandaiyao", ("十三么",), _M1),
    # ---- 64
    _f("qingyaojiu", 64, "清幺九", "every tile a 1 or a 9 (no honours).",
       "hunyaojiu pengpenghe yaojiuke quandaiyao wuzi shuangtongke"),
    _f("xiaosixi", 64, "小四喜", "three pongs of winds and a pair of the fourth.", "sanfengke"),
    _f("xiaosanyuan", 64, "小三元", "two pongs of dragons and a pair of the third.", "shuangjianke jianke"),
    _f("ziyise", 64, "字一色", "every tile an honour.", "pengpenghe quandaiyao yaojiuke hunyaojiu"),
    _f("sianke", 64, "四暗刻", "four concealed pongs (concealed kongs included).",
       "menqianqing pengpenghe sananke shuanganke buqiuren"),
    _f("yiseshuanglonghui", 64, "一色双龙会", "123 123 789 789 and a pair of 5, all of one suit.",
       "pinghe qidui qingyise yibangao laoshaofu wuzi"),
    # ---- 48
    _f("yisesitongshun", 48, "一色四同顺", "four identical chows.",
       "yisesanjiegao yibangao siguiyi yisesantongshun"),
    _f("yisesijiegao", 48, "一色四节高", "four pongs of one suit, each one higher.",
       "yisesantongshun yisesanjiegao pengpenghe"),
    # ---- 32
    _f("yisesibugao", 32, "一色四步高", "four chows of one suit, each one higher, or each two higher.",
       "yisesanbugao lianliu laoshaofu"),
    _f("sangang", 32, "三杠", "three kongs.", "shuangminggang shuangangang mingangang minggang angang"),
    _f("hunyaojiu", 32, "混幺九", "every tile a terminal or an honour, both present.",
       "pengpenghe yaojiuke quandaiyao"),
    # ---- 24
    _f("qidui", 24, "七对", "seven pairs, no meld (four of a kind is two pairs).",
       "menqianqing dandiaojiang buqiuren", ("qiduizi", "七对子"), _M1),
    _f("qixingbukao", 24, "七星不靠", "all seven honours and seven tiles of one knitted straight, no meld.",
       "wumenqi menqianqing dandiaojiang buqiuren quanbukao"),
    _f("quanshuangke", 24, "全双刻", "four pongs and a pair of even tiles (2 4 6 8).",
       "pengpenghe duanyao wuzi"),
    _f("qingyise", 24, "清一色", "every tile of one suit.", "wuzi queyimen"),
    _f("yisesantongshun", 24, "一色三同顺", "three identical chows.", "yisesanjiegao yibangao"),
    _f("yisesanjiegao", 24, "一色三节高", "three pongs of one suit, each one higher.", "yisesantongshun"),
    _f("quanda", 24, "全大", "every tile a 7, 8 or 9.", "wuzi dayuwu"),
    _f("quanzhong", 24, "全中", "every tile a 4, 5 or 6.", "duanyao wuzi"),
    _f("quanxiao", 24, "全小", "every tile a 1, 2 or 3.", "wuzi xiaoyuwu"),
    # ---- 16
    _f("qinglong", 16, "清龙", "123 456 789 of one suit.", "lianliu laoshaofu"),
    _f("sanseshuanglonghui", 16, "三色双龙会", "123 and 789 of two suits and a pair of 5 of the third.",
       "xixiangfeng laoshaofu wuzi pinghe"),
    _f("yisesanbugao", 16, "一色三步高", "three chows of one suit, each one higher, or each two higher."),
    _f("quandaiwu", 16, "全带五", "every set and the pair hold a 5.", "duanyao wuzi"),
    _f("santongke", 16, "三同刻", "three pongs of one rank in the three suits.", "shuangtongke"),
    _f("sananke", 16, "三暗刻", "three concealed pongs (concealed kongs included).", "shuanganke"),
    # ---- 12
    _f("quanbukao", 12, "全不靠", "14 different tiles, none two apart in a suit: honours and tiles of one "
       "knitted straight (147 258 369 in three suits), no meld.",
       "wumenqi menqianqing dandiaojiang buqiuren", source=_M1),
    _f("zuhelong", 12, "组合龙", "the nine tiles of a knitted straight (147 258 369 in three suits)."),
    _f("dayuwu", 12, "大于五", "every tile a 6, 7, 8 or 9.", "wuzi"),
    _f("xiaoyuwu", 12, "小于五", "every tile a 1, 2, 3 or 4.", "wuzi"),
    _f("sanfengke", 12, "三风刻", "three pongs of winds."),
    # ---- 8
    _f("hualong", 8, "花龙", "123 456 789, each in a different suit."),
    _f("tuibudao", 8, "推不倒", "every tile one of 1234589 饼, 245689 条 and 白.", "queyimen"),
    _f("sansesantongshun", 8, "三色三同顺", "the same chow in the three suits.", "xixiangfeng"),
    _f("sansesanjiegao", 8, "三色三节高", "three pongs of three suits, each one rank higher."),
    _f("wufanhe", 8, "无番和", "a win with no other fan (flowers aside)."),
    _f("miaoshouhuichun", 8, "妙手回春", "self-drawn on the last tile of the wall.", "zimo", source=_M1),
    _f("haidilaoyue", 8, "海底捞月", "won on the discard of the last tile of the wall.", source=_M1),
    _f("gangshangkaihua", 8, "杠上开花", "self-drawn on the replacement after one's own kong.", "zimo",
       ("gangkai", "杠开"), _M1),
    _f("qiangganghe", 8, "抢杠和", "won by robbing another's added kong.", "hejuezhang", ("qianggang",), _M1),
    # ---- 6
    _f("pengpenghe", 6, "碰碰和", "four pongs (or kongs) and a pair.", aliases=("duiduihu",)),
    _f("hunyise", 6, "混一色", "tiles of one suit and honours."),
    _f("sansesanbugao", 6, "三色三步高", "three chows of three suits, each one rank higher."),
    _f("wumenqi", 6, "五门齐", "万 饼 条, a wind and a dragon all present."),
    _f("quanqiuren", 6, "全求人", "four sets claimed (no concealed kong) and won on a discard with a single "
       "wait.", "dandiaojiang"),
    _f("shuangangang", 6, "双暗杠", "two concealed kongs.", "shuanganke angang"),
    _f("shuangjianke", 6, "双箭刻", "two pongs of dragons.", "jianke"),
    # ---- 5
    _f("mingangang", 5, "明暗杠", "one exposed and one concealed kong.", "angang minggang"),
    # ---- 4
    _f("quandaiyao", 4, "全带幺", "every set and the pair hold a terminal or an honour."),
    _f("buqiuren", 4, "不求人", "no claimed set (concealed kongs allowed), and self-drawn.",
       "menqianqing zimo"),
    _f("shuangminggang", 4, "双明杠", "two exposed kongs.", "minggang"),
    _f("hejuezhang", 4, "和绝张", "won on the last tile of its kind: the other three are already shown "
       "(discarded or in exposed melds).", source=_M1),
    # ---- 2
    _f("jianke", 2, "箭刻", "a pong of a dragon (each; not also 幺九刻)."),
    _f("quanfengke", 2, "圈风刻", "a pong of the prevalent wind (not also 幺九刻)."),
    _f("menfengke", 2, "门风刻", "a pong of the seat's own wind (not also 幺九刻)."),
    _f("menqianqing", 2, "门前清", "no claimed set (concealed kongs allowed), and won on a discard."),
    _f("pinghe", 2, "平和", "four chows and a pair of a suit.", "wuzi"),
    _f("siguiyi", 2, "四归一", "all four tiles of a kind in the hand, not as a kong (each kind)."),
    _f("shuangtongke", 2, "双同刻", "two pongs of one rank in two suits."),
    _f("shuanganke", 2, "双暗刻", "two concealed pongs (concealed kongs included)."),
    _f("angang", 2, "暗杠", "a concealed kong."),
    _f("duanyao", 2, "断幺", "no terminal and no honour.", "wuzi"),
    # ---- 1
    _f("yibangao", 1, "一般高", "two identical chows."),
    _f("xixiangfeng", 1, "喜相逢", "the same chow in two suits."),
    _f("lianliu", 1, "连六", "two chows of one suit making six in a row."),
    _f("laoshaofu", 1, "老少副", "123 and 789 of one suit."),
    _f("yaojiuke", 1, "幺九刻", "a pong of terminals or of an honour no wind or dragon fan already counts "
       "(each)."),
    _f("minggang", 1, "明杠", "an exposed kong (claimed, or added to a pong)."),
    _f("queyimen", 1, "缺一门", "one of the three suits missing."),
    _f("wuzi", 1, "无字", "no honour."),
    _f("bianzhang", 1, "边张", "the hand waited on one kind only: the 3 of 12 or the 7 of 89."),
    _f("kanzhang", 1, "嵌张", "the hand waited on one kind only: the middle of a chow.", aliases=("qianzhang",)),
    _f("dandiaojiang", 1, "单钓将", "the hand waited on one kind only: the tile of the pair.",
       aliases=("dandiao", "单钓", "单吊")),
    _f("zimo", 1, "自摸", "self-drawn.", source=_M1),
    _f("huapai", 1, "花牌", "each flower set aside (never toward the 8-fan minimum).", aliases=("flowers",),
       source=_M1),
)

FANS: dict[str, FanDef] = {f.id: f for f in FAN_DEFS}
ORDER: dict[str, int] = {f.id: i for i, f in enumerate(FAN_DEFS)}

SPECIAL_SHAPES: Final = frozenset({"seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight"})


class FanTable(Frozen):
    """A ruleset's fan table as the evaluator uses it: which fans it has, their values, their 不计.

    Ids are this module's (MCR's pinyin).  The evaluator finds every fan of the full table and
    keeps those the table has, so a smaller table (the two-player game's) is a selection with
    its own values and 不计 lists; a few fans only such a table has are known here too
    (``shuanggang``: any two kongs; ``erwubajiang`` and ``yaojiutou``: the pair's rank).  Where a
    table lacks the fans that would take a pong (箭刻, 圈风刻, 门风刻), the pong is 幺九刻 instead.
    """

    __slots__ = ("by_value", "excludes", "name", "shapes", "situation", "values")
    _fields = ("name", "values", "excludes", "situation", "shapes", "by_value")
    name: Final[str]
    values: Final[Mapping[str, int]]
    excludes: Final[Mapping[str, tuple[str, ...]]]
    situation: Final[bool]
    """Whether the evaluator adds MCR's situation fans (自摸, 和绝张, …) from the `WinIn` flags;
    a table without them gives its own as `WinIn.given`."""
    shapes: Final[frozenset[str]]
    """The special shapes the table wins with, besides four sets and a pair."""
    by_value: Final[tuple[str, ...]]
    """The fans from the highest value down (table order among equals): the order 不计 applies in."""

    def __init__(self, name: str, values: Mapping[str, int], excludes: Mapping[str, tuple[str, ...]],
                 situation: bool = True, shapes: frozenset[str] = SPECIAL_SHAPES,
                 by_value: tuple[str, ...] = ()) -> None:
        self.name = name
        self.values = values
        self.excludes = excludes
        self.situation = situation
        self.shapes = shapes
        self.by_value = by_value

    @classmethod
    def of(cls, name: str, defs: Iterable[tuple[str, int, tuple[str, ...]]], *, situation: bool = True,
           shapes: frozenset[str] = SPECIAL_SHAPES) -> FanTable:
        """A table from ``(id, value, excludes)`` rows in table order."""
        rows = list(defs)
        order = {fid: i for i, (fid, _, _) in enumerate(rows)}
        by_value = tuple(fid for fid, _, _ in sorted(rows, key=lambda r: (-r[1], order[r[0]])))
        return cls(name, {fid: v for fid, v, _ in rows}, {fid: ex for fid, _, ex in rows}, situation, shapes,
                   by_value)

    def has(self, fid: str) -> bool:
        return fid in self.values


MCR_TABLE = FanTable.of("mcr", ((f.id, f.value, f.excludes) for f in FAN_DEFS))
"""The full table of the Chinese Official rules."""


# ---------------------------------------------------------------- the hand to value


class MeldIn(Frozen):
    """A set made before the win: a claimed chow, pong or kong, or a concealed kong."""

    __slots__ = ("concealed", "first", "kind")
    _fields = ("kind", "first", "concealed")

    kind: Final[SetKind]
    first: Final[int]
    concealed: Final[bool]

    def __init__(self, kind: SetKind, first: int, concealed: bool = False) -> None:
        self.kind = kind
        self.first = first
        self.concealed = concealed


class WinIn(Frozen):
    """Everything the value of a win depends on."""

    __slots__ = ("about_kong", "concealed", "flowers", "given", "last_of_kind", "melds", "no_win_tile",
                 "prevalent_wind", "seat_wind", "self_drawn", "wall_last", "win_tile")
    _fields = ("concealed", "melds", "win_tile", "self_drawn", "last_of_kind", "about_kong", "wall_last",
               "seat_wind", "prevalent_wind", "flowers", "given", "no_win_tile")

    concealed: Final[tuple[int, ...]]
    """34 counts: the concealed tiles, the winning tile included."""
    melds: Final[tuple[MeldIn, ...]]
    win_tile: Final[int]
    self_drawn: Final[bool]
    last_of_kind: Final[bool]
    """和绝张: the other three of the winning kind are shown on the table."""
    about_kong: Final[bool]
    """杠上开花 when self-drawn, 抢杠和 otherwise."""
    wall_last: Final[bool]
    seat_wind: Final[int]
    prevalent_wind: Final[int]
    flowers: Final[int]
    given: Final[tuple[tuple[str, int], ...]]
    """Fans the caller has established from the table (a table without MCR's situation fans
    gives its own here: 天和, 放铳, …), each with how many times it counts."""
    no_win_tile: Final[bool]
    """The hand was won as dealt (天和): no tile completed it, so there is no wait and no 九莲宝灯."""

    def __init__(self, concealed: tuple[int, ...], melds: tuple[MeldIn, ...], win_tile: int, self_drawn: bool,
                 last_of_kind: bool = False, about_kong: bool = False, wall_last: bool = False,
                 seat_wind: int = 0, prevalent_wind: int = 0, flowers: int = 0,
                 given: tuple[tuple[str, int], ...] = (), no_win_tile: bool = False) -> None:
        self.concealed = concealed
        self.melds = melds
        self.win_tile = win_tile
        self.self_drawn = self_drawn
        self.last_of_kind = last_of_kind
        self.about_kong = about_kong
        self.wall_last = wall_last
        self.seat_wind = seat_wind
        self.prevalent_wind = prevalent_wind
        self.flowers = flowers
        self.given = given
        self.no_win_tile = no_win_tile


class ReadSet(Frozen):
    """One set of a reading."""

    __slots__ = ("claimed", "concealed", "first", "kind")
    _fields = ("kind", "first", "concealed", "claimed")

    kind: Final[SetKind]
    first: Final[int]
    concealed: Final[bool]
    """Not claimed and not completed by another's tile (what 暗刻 counts)."""
    claimed: Final[bool]
    """Made by a claim (what 门前清, 不求人 and 全求人 look at)."""

    def __init__(self, kind: SetKind, first: int, concealed: bool, claimed: bool = False) -> None:
        self.kind = kind
        self.first = first
        self.concealed = concealed
        self.claimed = claimed


class Reading(Fields):
    """One reading of a win: its shape, its sets and pair, and the fans it is worth."""

    __slots__ = ("_total", "fans", "knitted", "pair", "sets", "shape", "values")
    _fields = ("shape", "fans", "values", "sets", "pair", "knitted")
    shape: str
    """standard, knitted_straight, seven_pairs, thirteen_orphans, honours_and_knitted."""
    fans: Counter[str]
    values: Mapping[str, int]
    """The table's values, by which the reading is worth its total."""
    sets: tuple[ReadSet, ...]
    pair: int
    knitted: tuple[int, ...]
    _total: int

    def __init__(self, shape: str, fans: Counter[str], values: Mapping[str, int], sets: tuple[ReadSet, ...] = (),
                 pair: int = -1, knitted: tuple[int, ...] = (), total: int = -1) -> None:
        self.shape = shape
        self.fans = fans
        """Not to be changed once the reading is made (its `total` is worked out then)."""
        self.values = values
        self.sets = sets
        self.pair = pair
        self.knitted = knitted
        if total < 0:  # (not given: the caller that knows it, `evaluate`, gives it)
            total = 0
            for fid, n in fans.items():
                total += values[fid] * n
        self._total = total

    @property
    def total(self) -> int:
        return self._total

    @property
    def base(self) -> int:
        """The total without flowers: what the 8-fan minimum looks at."""
        return self.total - self.fans.get("huapai", 0)


# ---------------------------------------------------------------- helpers


def _suit(k: int) -> int:
    return k // 9 if k < 27 else 3


def _rank(k: int) -> int:
    return k % 9 + 1


_SUIT_ORDER: Final[tuple[int, ...]] = (0, 2, 1)
"""The order the reference calculator sorts suits in (万, 条, 饼): which of two three-set fans it
finds first depends on it."""


def _lib_key(k: int) -> int:
    return _SUIT_ORDER[k // 9] * 9 + k % 9 if k < 27 else k


_LIB_KIND: Final = tuple(sorted(range(34), key=_lib_key))
"""The kind at each place of `_lib_key`'s order (that order is a permutation of the 34 kinds)."""


def _lib_sorted(kinds: list[int]) -> list[int]:
    """``sorted(kinds, key=_lib_key)``, sorted as plain ints (no key function called for each
    item)."""
    keys = [_lib_key(k) for k in kinds]
    keys.sort()
    return [_LIB_KIND[k] for k in keys]


def _index_combinations(n: int, r: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.combinations(range(n), r))


_TRIOS: Final = tuple(_index_combinations(n, 3) for n in range(5))
"""``itertools.combinations(range(n), 3)`` for each number of sets ``n`` (0-4), made once."""
_DUOS: Final = tuple(_index_combinations(n, 2) for n in range(5))
"""``itertools.combinations(range(n), 2)`` for each ``n`` (0-4), made once."""


# ---------------------------------------------------------------- chows


def _two_chows(a: int, b: int) -> str | None:
    """Two chows by their lowest tiles."""
    if a == b:
        return "yibangao"
    if _suit(a) != _suit(b):
        return "xixiangfeng" if _rank(a) == _rank(b) else None
    lo, hi = sorted((a, b))
    if hi - lo == 3:
        return "lianliu"
    if _rank(lo) == 1 and _rank(hi) == 7:
        return "laoshaofu"
    return None


def _three_chows(a: int, b: int, c: int) -> str | None:
    suits = {_suit(a), _suit(b), _suit(c)}
    ranks = sorted((_rank(a), _rank(b), _rank(c)))
    if len(suits) == 1:
        lo, mid, hi = sorted((a, b, c))
        if ranks == [1, 4, 7]:
            return "qinglong"
        if lo == mid == hi:
            return "yisesantongshun"
        if (mid - lo == hi - mid == 1) or (mid - lo == hi - mid == 2):
            return "yisesanbugao"
        return None
    if len(suits) == 3:
        if ranks == [1, 4, 7]:
            return "hualong"
        if ranks[0] == ranks[2]:
            return "sansesantongshun"
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return "sansesanbugao"
    return None


def _four_chows(s: list[int]) -> str | None:
    if len({_suit(x) for x in s}) != 1:
        return None
    a, b, c, d = sorted(s)
    if a == d:
        return "yisesitongshun"
    if b - a == c - b == d - c and b - a in (1, 2):
        return "yisesibugao"
    return None


_PAIR_ORDER = ("yibangao", "xixiangfeng", "lianliu", "laoshaofu")
_CUT = _PAIR_ORDER[::-1]
"""When two-chow fans are more than the sets allow, they are cut cheapest-kind first, first down to
one of each kind, then to none."""


def _capped_pairs(found: list[str | None], limit: int, f: Fans) -> None:
    table: dict[str, int] = {}
    for x in found:
        if x:
            table[x] = table.get(x, 0) + 1
    count = sum(table.values())
    for keep in (1, 0):
        for fid in _CUT:
            while count > limit and table.get(fid, 0) > keep:
                table[fid] -= 1
                count -= 1
    for fid, n in table.items():
        if n > 0:
            _add(f, fid, n)


def _chow_fans(starts: list[int], f: Fans, table: FanTable) -> None:
    n = len(starts)
    if n < 2:
        return  # no fan of one chow or none (what the search below finds for them)
    s = _lib_sorted(starts)
    if n == 4:
        four = _four_chows(s)
        if four:
            _add(f, four)
            return
    if n >= 3:
        for trio in _TRIOS[n]:
            fan = _three_chows(s[trio[0]], s[trio[1]], s[trio[2]])
            if fan is None:
                continue
            _add(f, fan)
            rest = [i for i in range(n) if i not in trio]
            if rest:
                # The fourth chow adds one two-chow fan with the three: of those the three-chow
                # fan does not already cancel, the first in table order (一般高 喜相逢 连六 老少副).
                with_fourth = {_two_chows(s[i], s[rest[0]]) for i in trio} - set(table.excludes.get(fan, ()))
                two = next((x for x in _PAIR_ORDER if x in with_fourth), None)
                if two:
                    _add(f, two)
            return
    pairs = _DUOS[n]
    found = [_two_chows(s[i], s[j]) for i, j in pairs]
    limit = n - 1
    for i in range(n):
        # A chow in no pair with a fan lowers the limit.
        alone = True
        for p in range(len(pairs)):
            a, b = pairs[p]
            if (a == i or b == i) and found[p]:
                alone = False
                break
        if alone:
            limit -= 1
    if limit > 0:
        _capped_pairs(found, limit, f)


# ---------------------------------------------------------------- pongs


def _two_pongs(a: int, b: int) -> str | None:
    if a in DRAGONS and b in DRAGONS:
        return "shuangjianke"
    if a < 27 and b < 27 and _suit(a) != _suit(b) and _rank(a) == _rank(b):
        return "shuangtongke"
    return None


def _three_pongs(a: int, b: int, c: int) -> str | None:
    ks = sorted((a, b, c))
    if all(k in WINDS for k in ks):
        return "sanfengke"
    if ks == list(DRAGONS):
        return "dasanyuan"
    if any(k >= 27 for k in ks):
        return None
    suits = {_suit(k) for k in ks}
    ranks = sorted(_rank(k) for k in ks)
    if len(suits) == 1 and ks[1] - ks[0] == 1 and ks[2] - ks[1] == 1:
        return "yisesanjiegao"
    if len(suits) == 3:
        if ranks[0] == ranks[2]:
            return "santongke"
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return "sansesanjiegao"
    return None


def _pong_fans(kinds: list[int], f: Fans) -> None:
    n = len(kinds)
    if n < 2:
        return  # no fan of one pong or none
    s = _lib_sorted(kinds)
    if n == 4:
        ks = sorted(s)
        if ks == list(WINDS):
            _add(f, "dasixi")
            return
        if ks[3] < 27 and len({_suit(k) for k in ks}) == 1 and all(ks[i] + 1 == ks[i + 1] for i in range(3)):
            _add(f, "yisesijiegao")
            return
    if n >= 3:
        for trio in _TRIOS[n]:
            fan = _three_pongs(s[trio[0]], s[trio[1]], s[trio[2]])
            if fan is None:
                continue
            _add(f, fan)
            rest = [i for i in range(n) if i not in trio]
            if rest:
                for i in trio:
                    two = _two_pongs(s[i], s[rest[0]])
                    if two:
                        _add(f, two)
                        break
            return
    for i, j in _DUOS[n]:
        two = _two_pongs(s[i], s[j])
        if two:
            _add(f, two)


# ---------------------------------------------------------------- whole hands


_RANKS_19: Final = frozenset((1, 9))
_RANKS_789: Final = frozenset((7, 8, 9))
_RANKS_6789: Final = frozenset((6, 7, 8, 9))
_RANKS_456: Final = frozenset((4, 5, 6))
_RANKS_123: Final = frozenset((1, 2, 3))
_RANKS_1234: Final = frozenset((1, 2, 3, 4))
"""The ranks of 清幺九, 全大, 大于五, 全中, 全小 and 小于五 (made once, not at every hand valued)."""


def _kind_mask(kinds: Iterable[int]) -> int:
    """A set of kinds as one int of 34 bits (kind ``k`` is bit ``k``)."""
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


_HELD: Final = bytes(ord("1") if n else ord("0") for n in range(256))
"""A count as the digit ``1`` when it is not 0, else ``0`` (for ``bytes.translate``)."""


def _kinds_held(counts: bytes) -> int:
    """The kinds ``counts`` holds, in `_kind_mask`'s form: read at C speed, the counts written
    as binary digits (kind 0 the last) and read as one number."""
    return int(counts.translate(_HELD)[::-1], 2)


_GREEN_MASK: Final = _kind_mask(GREEN_KINDS)
_REVERSIBLE_MASK: Final = _kind_mask(REVERSIBLE_KINDS)
_TERMINALS_HONOURS_MASK: Final = _kind_mask(TERMINALS_HONOURS)
_SUIT_BITS: Final = _kind_mask(range(9))
"""The nine kinds of a suit (shifted to its first kind)."""
_SUIT_SHIFT: Final = 9
_HONOURS_SHIFT: Final = 27
_WINDS_BITS: Final = _kind_mask(range(4))
_DRAGONS_SHIFT: Final = 31
_DRAGONS_BITS: Final = _kind_mask(range(3))


def _rank_bits(ranks: Iterable[int]) -> int:
    return _kind_mask(r - 1 for r in ranks)


_RANK_MASKS: Final = tuple(_rank_bits(r) for r in (_RANKS_19, _RANKS_789, _RANKS_6789, _RANKS_456, _RANKS_123,
                                                    _RANKS_1234))


def _tile_fans(mask: int) -> tuple[Fans, FanKey]:
    """The fans that depend only on which kinds the hand holds (``mask``, as `_kind_mask`
    makes it, melds included): suits, ranks, colours, each found once at most; with their
    `FanKey`.  Shared: not to be changed.

    They depend on less than the kinds: the ranks held in any suit, how many suits, whether
    honours, and winds and dragons both, are held, and (asked only of the kinds that could be)
    whether they are all green (绿一色), and all reversible (推不倒); they are kept by those
    (`_KIND_FANS`, 32,768 answers at most)."""
    man, pin, sou = mask & _SUIT_BITS, (mask >> _SUIT_SHIFT) & _SUIT_BITS, (mask >> 2 * _SUIT_SHIFT) & _SUIT_BITS
    honours = mask >> _HONOURS_SHIFT
    key = ((man | pin | sou) | ((man != 0) + (pin != 0) + (sou != 0)) << 9 | (honours != 0) << 11
           | (honours & _WINDS_BITS != 0 and honours >> 4 != 0) << 12)
    found = _KIND_FANS.get(key)
    if found is None:
        fans = _kind_fans(key)
        found = _KIND_FANS[key] = (fans, _flat(fans))
    if mask & _NOT_GREEN and mask & _NOT_REVERSIBLE:
        return found
    key |= (not mask & _NOT_GREEN) << 13 | (not mask & _NOT_REVERSIBLE) << 14
    found = _KIND_FANS.get(key)
    if found is None:
        fans = _kind_fans(key)
        found = _KIND_FANS[key] = (fans, _flat(fans))
    return found


def _kind_fans(key: int) -> Fans:
    """`_tile_fans` of its key: bits 0-8 the ranks held in any suit (bit r - 1 rank r), 9-10
    how many suits, 11 some honour, 12 some wind and some dragon, 13 all green, 14 all reversible."""
    f: Fans = {}
    if key >> 13 & 1:
        f["lvyise"] = 1
    if key >> 14 & 1:
        f["tuibudao"] = 1
    ranks = key & 511
    n_suits = key >> 9 & 3
    honours = key >> 11 & 1
    if not n_suits:
        f["ziyise"] = 1
    elif n_suits == 1:
        f["hunyise" if honours else "qingyise"] = 1
    if n_suits == 2:
        f["queyimen"] = 1
    if n_suits == 3 and key >> 12 & 1:
        f["wumenqi"] = 1
    if not honours:
        f["wuzi"] = 1
        qingyaojiu, quanda, dayuwu, quanzhong, quanxiao, xiaoyuwu = _RANK_MASKS
        if not ranks & ~qingyaojiu:
            f["qingyaojiu"] = 1
        if not ranks & ~quanda:
            f["quanda"] = 1
        if not ranks & ~dayuwu:
            f["dayuwu"] = 1
        if not ranks & ~quanzhong:
            f["quanzhong"] = 1
        if not ranks & ~quanxiao:
            f["quanxiao"] = 1
        if not ranks & ~xiaoyuwu:
            f["xiaoyuwu"] = 1
    elif n_suits and not ranks & ~_TERMINAL_RANKS:
        f["hunyaojiu"] = 1
    if not honours and not ranks & _TERMINAL_RANKS:
        f["duanyao"] = 1
    return f


_TERMINAL_RANKS: Final = 1 | 1 << 8
"""Ranks 1 and 9 (`_tile_fans`' key)."""
_NOT_GREEN: Final = ~_GREEN_MASK
_NOT_REVERSIBLE: Final = ~_REVERSIBLE_MASK
"""Every kind but the green ones, and but the reversible ones."""
_KIND_FANS: Final[dict[int, tuple[Fans, FanKey]]] = {}
"""`_kind_fans` by its key, with their `FanKey`, kept (a key has 15 bits)."""


def _situation_fans(w: WinIn, f: Fans, table: FanTable, claimed: int, shown: int) -> None:
    """门前清 or 不求人 (no set claimed of the ``claimed``), the fans the caller gives, and MCR's
    situation fans when the table has them; ``shown`` is how many of the winning kind the
    winner's melds show."""
    if claimed == 0:
        _add(f, "buqiuren" if w.self_drawn else "menqianqing")
    for fid, n in w.given:
        _add(f, fid, n)
    if not table.situation:
        return
    if w.self_drawn:
        _add(f, "zimo")
        if w.wall_last:
            _add(f, "miaoshouhuichun")
        if w.about_kong:
            _add(f, "gangshangkaihua")
    else:
        if w.wall_last:
            _add(f, "haidilaoyue")
        if w.about_kong:
            _add(f, "qiangganghe")
    # The winner's own melds may already show three of the winning kind: then the tile is the
    # last of its kind whatever the rest of the table shows.
    if w.last_of_kind or shown == 3:
        _add(f, "hejuezhang")


_Melded: TypeAlias = (
    "tuple[tuple[ReadSet, ...], tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, FanKey, bool]")
"""What a hand's melds give each of its readings, worked out once (`_Win.melded`): their sets, the
chows' and the pongs' (and kongs') kinds (never changed) and how many of each, `_Part.chow_key` and
`_Part.pong_key` of them, the concealed kongs among them (what 暗刻 counts), what they spoil
(`_meld_info`: 1 全带幺, 2 全带五, 4 全双刻), the kongs' fans (`FanKey`: a reading reads no kong
from the hand), and 全求人 as far as the melds tell (the rest is the single wait)."""


class _Win:
    """What every reading of one win shares, worked out once by `evaluate`: the kinds held
    (the concealed tiles alone, and with the melds), what the special shapes ask of the
    concealed tiles, the melds as read sets and what their fans need, the fans that depend on
    the kinds alone (with 四归一) and those of concealment and the situation, each in the order
    a reading adds them, and whether the hand waited on one kind (`_SingleWait`, asked only when
    a reading needs it)."""

    __slots__ = ("concealed_only", "distinct", "even", "fans_key", "groups", "held", "kind_fans", "mask", "melded",
                 "memo", "situation_fans", "size", "table", "w", "waits_one")

    def __init__(self, w: WinIn, table: FanTable) -> None:
        self.w = w
        self.table = table
        memo = _MEMOS.get(id(table))
        if memo is None:
            memo = _memo(table)
        self.memo = memo
        c = w.concealed
        groups = _groups_of(tuple(c))
        man, pin, sou, hon = groups
        self.groups = groups
        """The concealed tiles' groups (`_Group`): the three suits and the honours."""
        self.waits_one = -1
        """Whether the hand waited on one kind only (`single`): -1 not asked yet, else 0 or 1."""
        self.size = man.tiles + pin.tiles + sou.tiles + hon.tiles
        """How many concealed tiles."""
        held = man.kinds | pin.kinds | sou.kinds | hon.kinds
        self.held = held
        """The concealed kinds (`_kind_mask`)."""
        self.concealed_only = False
        """Fourteen concealed tiles and no meld: what the special shapes need."""
        self.even = False
        """Every concealed kind held an even number of times (七对)."""
        self.distinct = False
        """No concealed kind held twice (全不靠)."""
        if w.melds:
            meld_sets: list[ReadSet] = []
            meld_chows: list[int] = []
            meld_pongs: list[int] = []
            chow_key = pong_key = 0
            packed = bad = 0
            win = w.win_tile
            # The kinds held four times in all, concealed tiles and melds (a kong is no 四归一),
            # and how many of the winning kind the melds show: each meld's kinds asked as it comes
            # (the concealed fours, those a meld makes four, less those it spoils), unless two
            # melds hold one kind (`_hogs_and_shown`).  (No bytearray of all 34 counts: pure
            # Python, its making costs about 1,900 instructions, its count of 4s 1,000 and a
            # tile's ``+= 1`` 500; compiled, more.)
            hogs = man.fours + pin.fours + sou.fours + hon.fours
            shown = overlap = touched = 0
            for m in w.melds:
                k = m.first
                read, chow, weight, counts, worse, bits = _MELD_INFO[m.kind][2 * k + m.concealed]
                meld_sets.append(read)
                overlap |= touched & bits
                touched |= bits
                if chow:
                    meld_chows.append(k)
                    chow_key += weight
                    n0, n1, n2 = c[k], c[k + 1], c[k + 2]
                    if n0 >= 3 or n1 >= 3 or n2 >= 3:
                        hogs += (n0 == 3) + (n1 == 3) + (n2 == 3) - (n0 == 4) - (n1 == 4) - (n2 == 4)
                    if k <= win <= k + 2:
                        shown += 1
                else:
                    meld_pongs.append(k)
                    pong_key |= bits
                    n0 = c[k]
                    if counts & 15:  # a kong
                        hogs -= n0 == 4
                        if k == win:
                            shown += 4
                    else:
                        hogs += (n0 == 1) - (n0 == 4)
                        if k == win:
                            shown += 3
                packed += counts
                bad |= worse
            if overlap:
                hogs, shown = _hogs_and_shown(w)
            mask = held | touched
            kongs = packed & 15
            claimed = packed >> 12
            kong_key: FanKey = (_kong_fan(kongs, packed >> 4 & 15, table), 1) if kongs else ()
            self.melded: _Melded = (tuple(meld_sets), tuple(meld_chows), tuple(meld_pongs), len(meld_chows),
                                    len(meld_pongs), chow_key, pong_key, packed >> 8 & 15, bad, kong_key,
                                    claimed == 4 and not w.self_drawn)
        else:
            claimed = shown = 0
            mask = held
            hogs = man.fours + pin.fours + sou.fours + hon.fours
            if self.size == 14:
                self.concealed_only = True
                self.even = not (man.odd or pin.odd or sou.odd or hon.odd)
                self.distinct = not (man.double or pin.double or sou.double or hon.double)
            self.melded = _NO_MELDS
        """What the melds give every reading (`_Melded`)."""
        self.mask = mask
        """Every kind the hand holds, melds included (`_kind_mask`)."""
        kinds, kinds_key = _tile_fans(mask)
        if hogs:
            kinds = kinds.copy()
            _add(kinds, "siguiyi", hogs)
            kinds_key += ("siguiyi", hogs)
        self.kind_fans = kinds
        if w.given:
            situation: Fans = {}
            _situation_fans(w, situation, table, claimed, shown)
            self.situation_fans = situation
            self.fans_key = kinds_key
            """The `FanKey` of `kind_fans` and, where no fans are given, of `situation_fans`
            after them (with fans given, a reading counts them in a dict: one may be one found)."""
        else:
            # Without fans given, they depend on five yes-or-no questions alone: kept by them.
            asked = ((claimed == 0) | w.self_drawn << 1 | w.wall_last << 2 | w.about_kong << 3
                     | (w.last_of_kind or shown == 3) << 4)
            found = memo.situations.get(asked)
            if found is None:
                situation = {}
                _situation_fans(w, situation, table, claimed, shown)
                found = memo.situations[asked] = (situation, _flat(situation))
            self.situation_fans = found[0]
            self.fans_key = kinds_key + found[1]

    def single(self) -> bool:
        """Whether the hand waited on one kind only (what 边张, 嵌张 and 单钓将 need), worked out
        the first time a reading that puts the winning tile in such a place asks (most readings
        put it in no such place, and then the hand's waits are not worked out at all)."""
        if self.waits_one < 0:
            w = self.w
            self.waits_one = 0 if w.no_win_tile or not _waits_one(w, self.table.shapes, self.groups, self.size,
                                                                  self.held) else 1
        return self.waits_one == 1


def _hogs_and_shown(w: WinIn) -> tuple[int, int]:
    """The kinds ``w`` holds four times in all, concealed tiles and melds, but the kongs' (四归一),
    and how many of the winning kind its melds show: from the tiles of each kind (what `_Win`
    works out meld by meld where no two melds hold one kind)."""
    c = w.concealed
    total = bytearray(c)  # the tiles of each kind, concealed and in the melds
    kong_kinds: list[int] = []
    for m in w.melds:
        k = m.first
        if m.kind == "chow":
            total[k] += 1
            total[k + 1] += 1
            total[k + 2] += 1
        elif m.kind == "kong":
            total[k] += 4
            kong_kinds.append(k)
        else:
            total[k] += 3
    hogs = total.count(4)
    for k in kong_kinds:
        if total[k] == 4:
            hogs -= 1
    win = w.win_tile
    return hogs, total[win] - c[win] if 0 <= win < 34 else 0


def _merge(f: Fans, more: Fans) -> None:
    """Count each of ``more`` in ``f`` (as `_add` would, one by one)."""
    for fid, n in more.items():
        f[fid] = f.get(fid, 0) + n


_NO_MELDS: Final[_Melded] = ((), (), (), 0, 0, 0, 0, 0, 0, (), False)
"""`_Win.melded` of a hand without melds."""


_SET_KINDS: Final[tuple[SetKind, ...]] = ("chow", "pong", "kong")
_READ_SETS: Final = tuple(ReadSet(kind, k, hidden, claimed) for kind in _SET_KINDS for k in range(34)
                          for hidden in (False, True) for claimed in (False, True))
"""Every `ReadSet` there is, made once (a read set is a value: readings share them)."""


_SET_PLACE: Final = {kind: i for i, kind in enumerate(_SET_KINDS)}
_MELD_SETS: Final = {kind: tuple(ReadSet(kind, k, concealed, not concealed) for k in range(34)
                                 for concealed in (False, True)) for kind in _SET_KINDS}
"""Each meld's `ReadSet` (claimed unless concealed), by its kind, then by twice its first kind plus
1 when it is concealed."""


def _read_set(kind: SetKind, first: int, concealed: bool, claimed: bool = False) -> ReadSet:
    return _READ_SETS[((_SET_PLACE[kind] * 34 + first) * 2 + concealed) * 2 + claimed]


class _Memo:
    """What the evaluation keeps per fan table, each answer a function of its key alone: the
    table's `by_value` as a place per fan, the fans of each multiset of chows (`_chow_fans`, by
    `_Part.chow_key`) and the fans each set of fans found keeps once 不计 is applied (`_excluded`).  Bounded:
    a table is emptied when it reaches `_MEMO_MAX` answers."""

    def __init__(self, table: FanTable) -> None:
        self.table = table
        """Kept with its answers, so that the id it is found by stays its own."""
        self.rank = {fid: i for i, fid in enumerate(table.by_value)}
        self.chows: dict[int, FanKey] = {}
        """By the chows' `_Part.chow_key` (as `FanKey`)."""
        self.pair_fans = table.has("erwubajiang") or table.has("yaojiutou")
        """Whether the table has a fan of the pair's rank."""
        self.kept: dict[FanKey, tuple[dict[str, int], int]] = {}
        """With what they are worth; never changed once kept: `_valued_key` copies them."""
        self.situations: dict[int, tuple[Fans, FanKey]] = {}
        """`_situation_fans` of a win with no fans given, with their `FanKey`, by `_Win`'s key of
        the questions they depend on (32 at most)."""
        self.has_jianke = table.has("jianke")
        self.has_quanfengke = table.has("quanfengke")
        self.has_menfengke = table.has("menfengke")
        """Whether the table has the fans of single dragon and wind pongs."""
        self.has_wufanhe = table.has("wufanhe")
        self.has_huapai = table.has("huapai")
        """Whether the table has 无番和, and 花牌."""
        self.values = table.values
        """The table's values (what every reading is given)."""
        self.wufanhe = table.values.get("wufanhe", 0)
        self.huapai = table.values.get("huapai", 0)
        """What they are worth there."""


_MEMOS: Final[dict[int, _Memo]] = {}
_MEMO_MAX: Final = 1 << 16
_PONGS: Final[dict[int, FanKey]] = {}
"""The fans of each set of pongs (`_pong_fans`, the same in every table, as `FanKey`), by their kinds
(`_kind_mask`: a reading holds no two pongs of a kind), bounded as `_Memo`."""


def _memo(table: FanTable) -> _Memo:
    """``table``'s `_Memo`, made and kept the first time (`_Win` looks it up in `_MEMOS` first)."""
    found = _MEMOS[id(table)] = _Memo(table)
    return found


_K = TypeVar("_K")
_V = TypeVar("_V")


def _keep(table: dict[_K, _V], key: _K, answer: _V) -> _V:
    """``answer`` kept in ``table`` by ``key``, the table emptied first when it holds `_MEMO_MAX`
    answers (every table of this module that a key from a hand fills is bounded so)."""
    if len(table) >= _MEMO_MAX:
        table.clear()
    table[key] = answer
    return answer


def _kept_pongs(key: int, pongs: tuple[int, ...]) -> FanKey:
    """`_PONGS`' answer for ``pongs`` (``key`` their kinds), worked out the first time it is asked."""
    found: Fans = {}
    _pong_fans(list(pongs), found)
    return _keep(_PONGS, key, _flat(found))


def _kept_chows(memo: _Memo, key: int, chows: tuple[int, ...]) -> FanKey:
    """``memo``'s answer for the chows ``chows`` (``key`` their `_Part.chow_key`), worked out the
    first time it is asked."""
    found: Fans = {}
    _chow_fans(list(chows), found, memo.table)
    return _keep(memo.chows, key, _flat(found))


def _excluded(found: Fans, memo: _Memo) -> tuple[tuple[str, int], ...]:
    """The fans found that ``memo``'s table has, 不计 applied in `by_value` order."""
    table = memo.table
    values = table.values
    kept = {fid: n for fid, n in found.items() if n > 0 and fid in values}
    if not kept:
        return ()
    # 不计 in `by_value` order, asked only of the fans found (the table has some eighty).
    rank = memo.rank
    excludes = table.excludes
    by_value = table.by_value
    # The fans found in `by_value` order, sorted as their places there (plain ints: no key
    # function called through Python for each).
    places = [rank[fid] for fid in kept]
    places.sort()
    for place in places:
        fid = by_value[place]
        if kept.get(fid, 0):
            for x in excludes[fid]:
                kept[x] = 0
    return tuple((fid, n) for fid, n in kept.items() if n > 0)


def _valued(shape: str, found: Fans, h: _Win, sets: tuple[ReadSet, ...] = (), pair: int = -1,
            knitted: tuple[int, ...] = ()) -> Reading:
    """`_valued_key` of the fans found."""
    return _valued_key(shape, _flat(found), h, sets, pair, knitted)


def _valued_key(shape: str, key: FanKey, h: _Win, sets: tuple[ReadSet, ...] = (), pair: int = -1,
                knitted: tuple[int, ...] = ()) -> Reading:
    """The reading of the fans found (``key``, `FanKey`): the table's fans only, 不计 applied, and
    无番和 where none is left (kept by ``key``, with what they are worth), then the flowers."""
    memo = h.memo
    # (A key's items are the same objects each time, the ids' strings and small ints: it is
    # hashed and compared without a pair made for each fan.)
    kept = memo.kept.get(key)
    if kept is None:
        fans = dict(_excluded(_fans_of(key), memo))
        values = memo.values
        worth = sum(values[fid] * n for fid, n in fans.items())
        if not fans and memo.has_wufanhe:
            fans["wufanhe"] = 1
            worth += memo.wufanhe
        kept = _keep(memo.kept, key, (fans, worth))
    fans, total = kept
    f: Counter[str] = _new_dict(Counter)
    _dict_update(f, fans)
    flowers = h.w.flowers
    if flowers and memo.has_huapai:
        f["huapai"] = f.get("huapai", 0) + flowers
        total += memo.huapai * flowers
    return Reading(shape, f, memo.values, sets, pair, knitted, total)


_dict_update: Final[Callable[[Counter[str], dict[str, int]], None]] = dict.update
"""``dict.update`` itself (`Counter.update` is Python code that counts)."""


# ---------------------------------------------------------------- standard readings


def _wait_fan(sets: Sequence[ReadSet], pair: int, win: int, hand_sets: int) -> str | None:
    """边张, 嵌张 or 单钓将 for a hand that waited on one kind: where this reading puts the tile."""
    for s in sets[len(sets) - hand_sets:]:
        if s.kind == "chow" and s.first <= win <= s.first + 2:
            r = _rank(s.first)
            if (r == 1 and win == s.first + 2) or (r == 7 and win == s.first):
                return "bianzhang"
    for s in sets[len(sets) - hand_sets:]:
        if s.kind == "chow" and win == s.first + 1:
            return "kanzhang"
    if pair == win:
        return "dandiaojiang"
    return None


def _honour_pong_fans(h: _Win, pongs: tuple[int, ...], pong_key: int) -> FanKey:
    """The fans of single pongs of terminals and honours: 箭刻 (once for each dragon pong),
    圈风刻, 门风刻, and 幺九刻 for each that no wind or dragon fan already counts (``pong_key``
    the pongs' kinds, `_kind_mask`: three wind pongs or more have a wind fan, two dragon pongs or
    more a dragon fan, `_pong_fans`)."""
    w = h.w
    memo = h.memo
    seat, prevalent = WINDS[w.seat_wind], WINDS[w.prevalent_wind]
    wind_fan = _BITS[pong_key >> 27 & 15] >= 3
    dragon_fan = _BITS[pong_key >> 31] >= 2
    yaojiu = 0
    found: FanKey = ()
    for k in pongs:
        if k < 27:
            if k in TERMINALS_HONOURS:
                yaojiu += 1
            continue
        if k >= WHITE:  # a dragon
            if memo.has_jianke:
                found = found + _JIANKE
                continue
            if dragon_fan:
                continue
        else:  # a wind
            special = False
            if k == prevalent and memo.has_quanfengke:
                found = found + _QUANFENGKE
                special = True
            if k == seat and memo.has_menfengke:
                found = found + _MENFENGKE
                special = True
            if special or wind_fan:
                continue
        yaojiu += 1
    if yaojiu:
        found += ("yaojiuke", yaojiu)
    return found


_JIANKE: Final[FanKey] = ("jianke", 1)
_QUANFENGKE: Final[FanKey] = ("quanfengke", 1)
_MENFENGKE: Final[FanKey] = ("menfengke", 1)
_YISESHUANGLONGHUI: Final[FanKey] = ("yiseshuanglonghui", 1)
_SANSESHUANGLONGHUI: Final[FanKey] = ("sanseshuanglonghui", 1)
_PENGPENGHE: Final[FanKey] = ("pengpenghe", 1)
_PENGPENGHE_QUANSHUANGKE: Final[FanKey] = ("pengpenghe", 1, "quanshuangke", 1)
_PINGHE: Final[FanKey] = ("pinghe", 1)
_XIAOSANYUAN: Final[FanKey] = ("xiaosanyuan", 1)
_XIAOSIXI: Final[FanKey] = ("xiaosixi", 1)
_QUANDAIYAO: Final[FanKey] = ("quandaiyao", 1)
_QUANDAIWU: Final[FanKey] = ("quandaiwu", 1)
_QUANQIUREN: Final[FanKey] = ("quanqiuren", 1)
_ERWUBAJIANG: Final[FanKey] = ("erwubajiang", 1)
_YAOJIUTOU: Final[FanKey] = ("yaojiutou", 1)
_BIANZHANG: Final[FanKey] = ("bianzhang", 1)
_KANZHANG: Final[FanKey] = ("kanzhang", 1)
_DANDIAOJIANG: Final[FanKey] = ("dandiaojiang", 1)
"""Fans found once, as `FanKey` (made once: joined to a reading's key as they are)."""


def _shuanglonghui(chows: tuple[int, ...], pair: int) -> FanKey:
    """一色双龙会 or 三色双龙会, of four chows and a pair of 5, if either (as `FanKey`)."""
    ranks = sorted((_suit(c), _rank(c)) for c in chows)
    suits = {_suit(c) for c in chows}
    if len(suits) == 1 and _suit(pair) in suits and [r for _, r in ranks] == [1, 1, 7, 7]:
        return _YISESHUANGLONGHUI
    if len(suits) == 2 and _suit(pair) not in suits and all(
            sorted(_rank(c) for c in chows if _suit(c) == su) == [1, 7] for su in suits):
        return _SANSESHUANGLONGHUI
    return ()


_HIDDEN_PONG_KEYS: Final[tuple[FanKey, ...]] = ((), (), ("shuanganke", 1), ("sananke", 1), ("sianke", 1))
"""The fan of two, three and four concealed pongs (`FanKey`)."""


def _kong_fans(kongs: int, concealed_kongs: int, f: Fans, table: FanTable) -> None:
    """The fans of a reading's kongs (melds all: a reading reads no kong from the hand), of
    which ``concealed_kongs`` concealed."""
    if kongs:
        _add(f, _kong_fan(kongs, concealed_kongs, table))


def _kong_fan(kongs: int, concealed_kongs: int, table: FanTable) -> str:
    """`_kong_fans`' one fan where there are ``kongs`` (one or more)."""
    if kongs == 4:
        return "sigang"
    if kongs == 3:
        return "sangang"
    if kongs == 2:
        if table.has("shuanggang"):
            return "shuanggang"
        return {2: "shuangangang", 1: "mingangang", 0: "shuangminggang"}[concealed_kongs]
    return "angang" if concealed_kongs else "minggang"


_NINE_GATES: Final = [3, 1, 1, 1, 1, 1, 1, 1, 3]


# ---------------------------------------------------------------- the readings of each group of kinds


class _Part:
    """One way a group's concealed tiles (a suit's nine kinds, or the seven honours) are sets, or
    sets and the pair: what a standard reading takes from that group.  A hand's standard readings
    are every choice of one part per group with one pair among them, in the order
    `paipu.hand.shapes.decompositions` gives them (each group's parts are kept in that order)."""

    __slots__ = ("bian", "chow_key", "chows", "cover", "even", "five", "kan", "n_chows", "n_pongs", "order", "pair",
                 "pong_key", "pongs", "sets", "yao")

    def __init__(self, groups: list[tuple[int, int]]) -> None:
        sets: list[ReadSet] = []
        chows: list[int] = []
        pongs: list[int] = []
        pair = -1
        cover = bian = kan = pong_key = chow_key = 0
        yao = five = even = True
        for first, kind in groups:
            held: tuple[int, ...] = (first,)
            if kind == _PAIR_GROUP:
                pair = first
            elif kind == _CHOW_GROUP:
                chows.append(first)
                sets.append(_read_set("chow", first, True))
                held = (first, first + 1, first + 2)
                cover |= 7 << first
                kan |= 2 << first
                rank = first % 9 + 1
                if rank == 1:
                    bian |= 4 << first
                elif rank == 7:
                    bian |= 1 << first
                chow_key += _CHOW_WEIGHT[first]
            else:
                pongs.append(first)
                sets.append(_read_set("pong", first, True))
                pong_key |= 1 << first
                if first >= 27 or (first % 9) % 2 == 0:
                    even = False  # (a rank r is r - 1 here: an even rank is an odd remainder)
            if not any(k in TERMINALS_HONOURS for k in held):
                yao = False
            if not any(k < 27 and k % 9 == 4 for k in held):
                five = False
        self.sets = tuple(sets)
        """The sets, in the reading's order, every pong concealed."""
        self.n_chows = len(chows)
        self.n_pongs = len(pongs)
        self.chows = tuple(chows)
        """The chows' lowest kinds."""
        self.pongs = tuple(pongs)
        self.pair = pair
        """The pair's kind, or -1."""
        self.order = tuple(first * 3 + kind for first, kind in groups)
        """What the part sorts by among the group's parts (`paipu.hand.shapes.Group.sort_key`)."""
        self.cover = cover
        """The kinds the chows hold (`_kind_mask`)."""
        self.bian = bian
        """The kinds a winning tile is 边张 at in a chow here (`_kind_mask`)."""
        self.kan = kan
        """The kinds a winning tile is 嵌张 at (the middle of a chow)."""
        self.yao = yao
        """Every set here, and the pair, holds a terminal or an honour (全带幺)."""
        self.five = five
        """Every set here, and the pair, holds a 5 (全带五)."""
        self.even = even
        """Every pong here is of a suit's 2, 4, 6 or 8 (全双刻)."""
        self.chow_key = chow_key
        """The chows as a multiset, in `_CHOW_WEIGHT`'s sum."""
        self.pong_key = pong_key
        """The pongs' kinds (`_kind_mask`)."""


_CHOW_GROUP: Final = 0
_PONG_GROUP: Final = 1
_PAIR_GROUP: Final = 2
"""A group's kind in a part as it sorts (`paipu.hand.shapes.Group.sort_key`: chow < pong < pair)."""

_CHOW_WEIGHT: Final = tuple(5 ** (k // 9 * 7 + k % 9) if k < 27 and k % 9 <= 6 else 0 for k in range(34))
"""Each chow's weight by its lowest kind: a multiset of chows (at most four of one) is the sum of
its weights, one int whatever the order they come in."""


def _meld_info(kind: SetKind, k: int, concealed: bool) -> tuple[ReadSet, bool, int, int, int, int]:
    """What `_Win` takes from a meld: its `ReadSet`, whether it is a chow, its `_CHOW_WEIGHT`, its
    counts (1 a kong, 16 a concealed kong, 256 a concealed pong or kong, 4096 claimed: summed over
    the melds), what it spoils (1 全带幺, 2 全带五, 4 全双刻: or-ed) and its kinds (`_kind_mask`)."""
    chow = kind == "chow"
    kong = kind == "kong"
    counts = (kong + 16 * (kong and concealed) + 256 * (not chow and concealed)
              + 4096 * (not concealed))
    if chow:
        r = k % 9 + 1
        worse = (r != 1 and r != 7) | 2 * (r < 3 or r > 5)
        kinds = 7 << k
    else:
        worse = ((k not in TERMINALS_HONOURS) | 2 * (k >= 27 or k % 9 != 4)
                 | 4 * (k >= 27 or k % 9 % 2 == 0))
        kinds = 1 << k
    return (_MELD_SETS[kind][2 * k + concealed], chow, _CHOW_WEIGHT[k] if chow else 0, counts, worse, kinds)


_MELD_INFO: Final = {kind: tuple(_meld_info(kind, k, concealed) for k in range(34) for concealed in (False, True))
                     for kind in _SET_KINDS}
"""`_meld_info` of every meld, by its kind, then as `_MELD_SETS`."""


def _group_parts(g: int, part: tuple[int, ...]) -> tuple[_Part, ...]:
    """Every `_Part` of group ``g`` (0-2 the suits, 3 the honours) holding the counts ``part``, in
    their order; none when the tiles are not sets, or sets and one pair."""
    n = sum(part)
    if n % 3 == 1:
        return ()
    base = 9 * g
    counts = list(part)
    found: set[tuple[tuple[int, int], ...]] = set()
    placed: list[tuple[int, int]] = []

    def place(i: int, pair: bool) -> None:
        while i < len(counts) and counts[i] == 0:
            i += 1
        if i == len(counts):
            found.add(tuple(sorted(placed)))
            return
        c = counts[i]
        if c >= 3:
            counts[i] = c - 3
            placed.append((base + i, _PONG_GROUP))
            place(i, pair)
            placed.pop()
            counts[i] = c
        if pair and c >= 2:
            counts[i] = c - 2
            placed.append((base + i, _PAIR_GROUP))
            place(i, False)
            placed.pop()
            counts[i] = c
        if g < 3 and i <= 6 and counts[i + 1] and counts[i + 2]:
            counts[i] = c - 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            placed.append((base + i, _CHOW_GROUP))
            place(i, pair)
            placed.pop()
            counts[i] = c
            counts[i + 1] += 1
            counts[i + 2] += 1

    place(0, n % 3 == 2)
    parts = [_Part(list(groups)) for groups in found]
    parts.sort(key=lambda p: p.order)
    return tuple(parts)


_PARTS: Final[tuple[dict[tuple[int, ...], tuple[_Part, ...]], ...]] = ({}, {}, {}, {})
"""Each group's parts by its counts (`_group_parts`), kept; each bounded as `_Memo`."""


def _parts(g: int, part: tuple[int, ...]) -> tuple[_Part, ...]:
    table = _PARTS[g]
    found = table.get(part)
    if found is None:
        found = _keep(table, part, _group_parts(g, part))
    return found


def _sets_and_a_pair(g0: _Group, g1: _Group, g2: _Group, g3: _Group) -> bool:
    """Whether the four groups' tiles are sets, or sets and a pair, each (`_Group.state`), with
    one pair in all: whether they have a standard reading."""
    return (g0.state >= 0 and g1.state >= 0 and g2.state >= 0 and g3.state >= 0
            and g0.state + g1.state + g2.state + g3.state == 2)


def _standard_readings(h: _Win, out: list[Reading]) -> None:
    """The readings of four sets and a pair: one `_Part` of each group of the concealed tiles
    (kept by the group's counts), with the melds, valued in one pass."""
    w = h.w
    n_sets = 4 - len(w.melds)
    if n_sets < 0 or h.size != 3 * n_sets + 2:
        return
    g0, g1, g2, g3 = h.groups
    if g0.state < 0 or g1.state < 0 or g2.state < 0 or g3.state < 0 or g0.state + g1.state + g2.state + g3.state != 2:
        return  # `_sets_and_a_pair` written out: its call cost every hand valued 0.8% (pure)
    man, pin, sou, hon = g0.parts, g1.parts, g2.parts, g3.parts
    memo = h.memo
    win = w.win_tile
    win_group = win // 9 if win < 27 else 3
    (meld_sets, meld_chows, meld_pongs, n_meld_chows, n_meld_pongs, meld_chow_key, meld_pong_key, meld_hidden, meld_bad,
     kong_key, all_claimed) = h.melded
    # 九莲宝灯: the thirteen tiles before the winning one are 1112345678999 of its suit.
    nine_gates = False
    if not w.melds and not w.no_win_tile and win < 27 and h.held == _SUIT_BITS << win - win % 9:
        su = win - win % 9
        standing = list(w.concealed[su:su + 9])
        standing[win - su] = standing[win - su] - 1
        nine_gates = standing == _NINE_GATES
    combos: Iterable[tuple[_Part, _Part, _Part, _Part]]
    if len(man) + len(pin) + len(sou) + len(hon) == 4:  # (each has one part at least)
        combos = ((man[0], pin[0], sou[0], hon[0]),)
    else:
        combos = itertools.product(man, pin, sou, hon)
    for a, b, c, d in combos:
        pair = a.pair if a.pair >= 0 else b.pair if b.pair >= 0 else c.pair if c.pair >= 0 else d.pair
        wp = a if win_group == 0 else b if win_group == 1 else c if win_group == 2 else d
        n_pongs = n_meld_pongs + a.n_pongs + b.n_pongs + c.n_pongs + d.n_pongs
        hidden = n_pongs - n_meld_pongs + meld_hidden
        if not w.self_drawn and wp.pong_key >> win & 1 and not wp.cover >> win & 1:
            # A pong completed by another's tile is exposed, unless the tile can be read as
            # part of a concealed chow instead.
            hidden -= 1
            concealed_pong = _read_set("pong", win, True)
            exposed = tuple(_read_set("pong", win, False) if s is concealed_pong else s for s in wp.sets)
            sets = (meld_sets + (exposed if win_group == 0 else a.sets) + (exposed if win_group == 1 else b.sets)
                    + (exposed if win_group == 2 else c.sets) + (exposed if win_group == 3 else d.sets))
        else:
            # (Tuples joined with ``+``, not a starred display: compiled, that is a list extended
            # once for each part, then made a tuple.)
            sets = meld_sets + a.sets + b.sets + c.sets + d.sets
        # The fans found, as their `FanKey`, in the order a dict would hold them: each part
        # joined as it is kept (no dict made, unless the reading is new, or the hand has fans given).
        # (``key = key + …``, not ``key += …``: compiled, ``+`` of two tuples is a sequence's
        # concatenation, ``+=`` the generic in-place add, which tries the number slots first.)
        key = kong_key
        if hidden >= 2:
            key = key + _HIDDEN_PONG_KEYS[hidden]
        if n_pongs == 4:
            key = key + (_PENGPENGHE_QUANSHUANGKE if not meld_bad & 4 and a.even and b.even and c.even and d.even
                    and pair < 27 and pair % 9 % 2 == 1 else _PENGPENGHE)
        pong_key = meld_pong_key | a.pong_key | b.pong_key | c.pong_key | d.pong_key
        pong_fans: FanKey = ()
        if n_pongs > 1:
            found = _PONGS.get(pong_key)
            if found is None:
                found = _kept_pongs(pong_key, meld_pongs + a.pongs + b.pongs + c.pongs + d.pongs)
            key = key + found  # (fans no set fan above is)
            pong_fans = found
        n_chows = n_meld_chows + a.n_chows + b.n_chows + c.n_chows
        if n_chows > 1:
            chow_key = meld_chow_key + a.chow_key + b.chow_key + c.chow_key
            found = memo.chows.get(chow_key)
            if found is None:
                found = _kept_chows(memo, chow_key, meld_chows + a.chows + b.chows + c.chows)
            key = key + found
            if n_chows == 4 and pair < 27:
                key = key + _PINGHE
                if pair % 9 == 4:
                    key = key + _shuanglonghui(meld_chows + a.chows + b.chows + c.chows, pair)
        if pair >= 27:
            if pair >= WHITE and "shuangjianke" in pong_fans:
                key = key + _XIAOSANYUAN
            if pair < WHITE and "sanfengke" in pong_fans:
                key = key + _XIAOSIXI
        if pong_key >> _HONOURS_SHIFT:
            key = key + _honour_pong_fans(h, meld_pongs + a.pongs + b.pongs + c.pongs + d.pongs, pong_key)
        elif pong_key & _TERMINALS_HONOURS_MASK:  # (what `_honour_pong_fans` finds without honours)
            key += ("yaojiuke", (pong_key & _TERMINALS_HONOURS_MASK).bit_count())
        if not meld_bad & 1 and a.yao and b.yao and c.yao and d.yao:
            key = key + _QUANDAIYAO
        if not meld_bad & 2 and a.five and b.five and c.five and d.five:
            key = key + _QUANDAIWU
        if all_claimed:
            key = key + _QUANQIUREN
        if memo.pair_fans:
            if pair < 27 and pair % 9 in (1, 4, 7):
                key = key + _ERWUBAJIANG
            elif pair in TERMINALS_HONOURS and pair < 27:
                key = key + _YAOJIUTOU
        if nine_gates or w.given:
            f = _fans_of(key)
            if nine_gates:
                f["jiulianbaodeng"] = 1
                f["yaojiuke"] = max(f.get("yaojiuke", 0) - 1, 0)
            f.update(h.kind_fans)  # (no set fan is one of them)
            _merge(f, h.situation_fans)  # (a fan given may be one found)
            key = _flat(f)
        else:
            key = key + h.fans_key  # (no set fan is one of them)
        if wp.bian >> win & 1:
            wait = _BIANZHANG
        elif wp.kan >> win & 1:
            wait = _KANZHANG
        elif pair == win:
            wait = _DANDIAOJIANG
        else:
            wait = ()
        if wait and h.single():
            key = key + wait  # (counted once more if given)
        out.append(_valued_key("standard", key, h, sets, pair))


_KNITTED_MASKS: Final = tuple(_kind_mask(straight) for straight in KNITTED)
"""Each knitted straight's kinds (`_kind_mask`)."""


def _knitted_readings(h: _Win, out: list[Reading]) -> None:
    """组合龙 with one more set and a pair (the set may be a meld)."""
    w = h.w
    if len(w.melds) > 1:
        return
    n_sets = 1 - len(w.melds)
    if h.size - 9 != 3 * n_sets + 2:
        return  # (the tiles left once a straight's nine are taken: not one set and a pair)
    held = h.held
    for i in range(len(KNITTED)):
        straight_mask = _KNITTED_MASKS[i]
        if held & straight_mask != straight_mask:
            continue
        straight = KNITTED[i]
        rest = list(w.concealed)
        for k in straight:
            rest[k] -= 1
        # The rest's readings, one part of each group with one pair among them (as
        # `_standard_readings` reads the whole hand's).
        man, pin, sou, hon = _groups_of(tuple(rest))
        if not _sets_and_a_pair(man, pin, sou, hon):
            continue
        exposed_at = -1 if w.self_drawn or w.win_tile in straight else w.win_tile
        for parts in itertools.product(man.parts, pin.parts, sou.parts, hon.parts):
            sets = list(h.melded[0])
            pair = -1
            for part in parts:
                for s in part.sets:
                    if s.first == exposed_at and s.kind != "chow":
                        s = _read_set(s.kind, s.first, False)
                    sets.append(s)
                if part.pair >= 0:
                    pair = part.pair
            f: Fans = {}
            f["zuhelong"] = 1
            _knitted_set_fans(w, sets, pair, f)
            _shared_fans(h, f)
            wait = _wait_fan(sets, pair, w.win_tile, n_sets)
            if wait and h.single():
                _add(f, wait)
            out.append(_valued("knitted_straight", f, h, tuple(sets), pair, straight))


def _knitted_set_fans(w: WinIn, sets: Sequence[ReadSet], pair: int, f: Fans) -> None:
    """The fans of 组合龙's fourth set and pair: kongs, winds and dragons, 平和."""
    s = sets[0]
    if s.kind == "chow":
        if pair < 27:
            _add(f, "pinghe")
        return
    if s.kind == "kong":
        _add(f, "angang" if s.concealed else "minggang")
    k = s.first
    if k in DRAGONS:
        _add(f, "jianke")
    elif k in WINDS:
        if k == WINDS[w.prevalent_wind]:
            _add(f, "quanfengke")
        if k == WINDS[w.seat_wind]:
            _add(f, "menfengke")
        if k not in (WINDS[w.prevalent_wind], WINDS[w.seat_wind]):
            _add(f, "yaojiuke")
    elif k in TERMINALS_HONOURS:
        _add(f, "yaojiuke")


# ---------------------------------------------------------------- special shapes


def _shared_fans(h: _Win, f: Fans) -> None:
    """Count in ``f`` the hand's fans of the kinds held and of the situation (`_Win.kind_fans`,
    `_Win.situation_fans`), ``f`` holding no fan of either kind (but a fan given may be one found)."""
    f.update(h.kind_fans)
    if h.w.given:
        _merge(f, h.situation_fans)
    else:
        f.update(h.situation_fans)


def _seven_pairs(h: _Win) -> Reading | None:
    if not (h.concealed_only and h.even):
        return None
    held = h.held
    low = (held & -held).bit_length() - 1  # the lowest kind held
    # 连七对: seven kinds in a row of one suit.
    f: Fans = {"lianqidui": 1} if held == 127 << low and low < 27 and low % 9 <= 2 else {"qidui": 1}
    _shared_fans(h, f)
    return _valued("seven_pairs", f, h)





def _thirteen_orphans(h: _Win) -> Reading | None:
    if not h.concealed_only or h.held != _TERMINALS_HONOURS_MASK:
        return None
    f: Fans = {}
    f["shisanyao"] = 1
    _merge(f, h.situation_fans)
    return _valued("thirteen_orphans", f, h)


_SUITED_BITS: Final = _kind_mask(range(27))


def _honours_and_knitted(h: _Win) -> Reading | None:
    """全不靠 (and 七星不靠): 14 different tiles, honours and tiles of one knitted straight."""
    if not (h.concealed_only and h.distinct):
        return None
    suited = h.held & _SUITED_BITS
    place = next((i for i in range(len(KNITTED)) if not suited & ~_KNITTED_MASKS[i]), -1)
    if place < 0:
        return None
    f: Fans = {}
    _add(f, "qixingbukao" if (h.held >> _HONOURS_SHIFT).bit_count() == 7 else "quanbukao")
    if suited == _KNITTED_MASKS[place]:
        _add(f, "zuhelong")
    _shared_fans(h, f)
    return _valued("honours_and_knitted", f, h, knitted=KNITTED[place])


# ---------------------------------------------------------------- the whole evaluation


def waits_of(standing: Sequence[int], n_melds: int, shapes: frozenset[str] = SPECIAL_SHAPES) -> list[int]:
    """The kinds a 13-tile hand waits on, in four sets and a pair and the special ``shapes``."""
    return sorted(_waits(standing, n_melds, shapes, 34))


_PLAIN_SHAPES: dict[frozenset[str], tuple[str, ...]] = {}
"""The shapes `waits` answers for among a table's: the standard shape, and seven pairs and the
orphans when the table has them."""


def _waits(standing: Sequence[int], n_melds: int, shapes: frozenset[str], enough: int) -> set[int]:
    """`waits_of` as a set, or as soon as it holds ``enough`` kinds some of them (whoever asks
    only whether a hand waits on one kind stops at two)."""
    plain = _PLAIN_SHAPES.get(shapes)
    if plain is None:
        plain = _PLAIN_SHAPES[shapes] = ("standard", *(("seven_pairs_fours",) if "seven_pairs" in shapes else ()),
                                         *(("orphans",) if "thirteen_orphans" in shapes else ()))
    c = list(standing)
    counts = b""
    if len(c) == 34:
        # The counts as bytes, kept where each is 0-3 (nothing left once those are taken out:
        # one call in C, where `min` and `max` compare each count in turn).
        try:
            raw = bytes(c)
        except ValueError:  # (a count outside 0-255: `waits` words it)
            raw = b""
        if raw and not raw.translate(None, _PLAIN_COUNTS):
            counts = raw
    checked = bool(counts) and 0 <= n_melds <= 4 and sum(counts) == 13 - 3 * n_melds
    if checked:
        # A hand of the right size with no kind held four times (no fifth tile to ask about):
        # its waits without `waits`' checks of its input.
        found = set(plain_waits(counts, 4 - n_melds, plain))
    else:
        found = set(waits(c[:34], 0, melds=n_melds, shapes=plain, fifth=True))
    if len(found) >= enough:
        return found
    held = _kinds_held(counts or bytes(c))
    if n_melds == 0 and "honours_and_knitted" in shapes and sum(c) == 13 and max(c) <= 1:
        # 全不靠 takes 14 different tiles: a tile the hand lacks makes one when the suited kinds
        # with it fit in one knitted straight (an honour, when they already fit in one).
        suited = held & _SUITED_BITS
        lacking = 0
        for straight in _KNITTED_MASKS:
            if not suited & ~straight:
                lacking |= (straight | _HONOURS_BITS) & ~held
        _add_kinds(found, lacking)
    if n_melds <= 1 and "knitted_straight" in shapes:
        # 组合龙 needs all nine tiles of a straight: a tile completes the hand with a straight
        # the hand holds when the rest, with it, is the set and the pair the melds leave; with
        # a straight it lacks one tile of, only when it is that tile.
        sets = 1 - n_melds
        for i in range(len(KNITTED)):
            straight = _KNITTED_MASKS[i]
            missing = straight & ~held
            if not missing:
                rest = list(c)
                for k in KNITTED[i]:
                    rest[k] -= 1
                if checked:  # (so is the rest: its counts 0-3, one tile short of its sets and pair)
                    found.update(plain_waits(bytes(rest), sets, ("standard",)))
                else:
                    found.update(waits(rest, 0, melds=4 - sets, shapes=("standard",), fifth=True))
            elif missing & (missing - 1) == 0:
                k = missing.bit_length() - 1
                if k not in found:
                    c[k] += 1
                    if _is_knitted_win(c, n_melds):
                        found.add(k)
                    c[k] -= 1
    return found


_HONOURS_BITS: Final = _kind_mask(range(27, 34))
_PLAIN_COUNTS: Final = bytes(range(4))
"""The counts a kind may have for `plain_waits` (0-3: no kind held four times)."""


def _add_kinds(found: set[int], kinds: int) -> None:
    """Add to ``found`` each kind of ``kinds`` (`_kind_mask`)."""
    k = 0
    while kinds:
        if kinds & 1:
            found.add(k)
        kinds >>= 1
        k += 1


def _is_knitted_win(c: list[int], n_melds: int) -> bool:
    for straight in KNITTED:
        if any(c[k] == 0 for k in straight):
            continue
        rest = list(c)
        for k in straight:
            rest[k] -= 1
        if decompositions(rest, 0, 1 - n_melds):
            return True
    return False


class _Group:
    """A group's concealed tiles (a suit's nine kinds, or the seven honours) as the evaluation
    asks of them: its parts, its state and its waits, and what the special shapes and 四归一
    need."""

    __slots__ = ("double", "fours", "g", "key", "kinds", "less", "odd", "odd_kinds", "pair_kinds", "parts", "state",
                 "tiles", "waits")

    def __init__(self, g: int, part: tuple[int, ...]) -> None:
        self.g = g
        self.key = part
        """The counts it is kept by."""
        parts = _parts(g, part)
        self.parts = parts
        self.state = -1 if not parts else 2 if parts[0].pair >= 0 else 0
        """0 when the tiles are sets, 2 when they are sets and a pair, else -1."""
        self.waits: tuple[int, int] | None = None
        """`_group_waits`, worked out when first asked (`work_out_waits`)."""
        self.less: list[_Group | None] | None = None
        """The group with one tile fewer of each kind (`_less`), each found when first asked."""
        self.tiles = sum(part)
        kinds = 0
        for j in range(len(part)):
            if part[j]:
                kinds |= 1 << j
        self.kinds = kinds << 9 * g
        """The kinds held (`_kind_mask`)."""
        self.fours = part.count(4)
        """The kinds held four times."""
        self.odd = any(n & 1 for n in part)
        """Some kind held an odd number of times."""
        self.odd_kinds = part.count(1) + part.count(3)
        self.pair_kinds = part.count(2) + part.count(3)
        """The kinds held once or three times, and twice or three times (`_waits_one`)."""
        self.double = max(part) > 1
        """Some kind held twice or more."""

    def work_out_waits(self) -> tuple[int, int]:
        """`waits`, worked out and kept (`_group_waits`)."""
        waits = self.waits = _group_waits(self.g, self.key)
        return waits


_GROUPS: Final[tuple[dict[tuple[int, ...], _Group], ...]] = ({}, {}, {}, {})
"""Each group by its counts (`_Group`), kept; each bounded as `_Memo`."""


def _group(g: int, part: tuple[int, ...]) -> _Group:
    table = _GROUPS[g]
    found = table.get(part)
    if found is None:
        found = _keep(table, part, _Group(g, part))
    return found


def _groups_of(c: tuple[int, ...]) -> tuple[_Group, _Group, _Group, _Group]:
    """The groups of the 34 counts ``c``: the three suits and the honours (compiled, found by
    `_packed_groups`)."""
    if _PACKED_KEYS:
        return _packed_groups(c)
    groups = _GROUPS
    key = c[0:9]
    man = groups[0].get(key)
    if man is None:
        man = _group(0, key)
    key = c[9:18]
    pin = groups[1].get(key)
    if pin is None:
        pin = _group(1, key)
    key = c[18:27]
    sou = groups[2].get(key)
    if sou is None:
        sou = _group(2, key)
    key = c[27:34]
    hon = groups[3].get(key)
    if hon is None:
        hon = _group(3, key)
    return man, pin, sou, hon


_PACKED_KEYS: Final = __file__.endswith((".so", ".pyd"))
"""Whether this module is compiled: then `_groups_of` finds each group by its counts packed into a
native int (`_packed_groups`), pure Python by the slice of its counts (where the packing would
cost ten times what it spares)."""

_PACKED_GROUPS: Final[tuple[dict[int, _Group], ...]] = ({}, {}, {}, {})
"""Compiled, each group by its packed counts (`_packed7`), kept; each bounded as `_Memo`."""


def _packed_groups(c: tuple[int, ...]) -> tuple[_Group, _Group, _Group, _Group]:
    """`_groups_of` as the compiled build asks it: each group looked up by its counts packed four
    bits a kind into a native int (`_packed7`, `_packed9`) rather than by the slice of ``c`` that
    holds them, whose making, hashing, comparing and freeing cost compiled code about twice as
    many instructions.  A group with a count outside 0-15 (no hand has one) is found by its slice."""
    return (_packed_group(0, _packed9(c, 0), c), _packed_group(1, _packed9(c, 9), c),
            _packed_group(2, _packed9(c, 18), c), _packed_group(3, _packed7(c, 27), c))


def _packed_group(g: int, key: i64, c: tuple[int, ...]) -> _Group:
    """Group ``g`` of the counts ``c`` by its packed counts ``key`` (-1: by its slice)."""
    table = _PACKED_GROUPS[g]
    found = table.get(key) if key >= 0 else None
    if found is None:
        found = _group(g, c[9 * g:9 * g + 9] if g < 3 else c[27:34])
        if key >= 0:
            _keep(table, key, found)
    return found


def _packed7(c: tuple[int, ...], a: int) -> i64:
    """The counts ``c[a:a + 7]``, four bits each, the first highest; -1 when one is outside 0-15.
    (Written out: compiled, a loop over them costs about twice as much.)"""
    x: i64 = c[a]
    k: i64 = x
    seen: i64 = x
    x = c[a + 1]
    k = k << 4 | x
    seen |= x
    x = c[a + 2]
    k = k << 4 | x
    seen |= x
    x = c[a + 3]
    k = k << 4 | x
    seen |= x
    x = c[a + 4]
    k = k << 4 | x
    seen |= x
    x = c[a + 5]
    k = k << 4 | x
    seen |= x
    x = c[a + 6]
    k = k << 4 | x
    seen |= x
    return k if 0 <= seen < 16 else -1


def _packed9(c: tuple[int, ...], a: int) -> i64:
    """`_packed7` of the counts ``c[a:a + 9]``."""
    k = _packed7(c, a)
    x: i64 = c[a + 7]
    y: i64 = c[a + 8]
    if k < 0 or not 0 <= x | y < 16:
        return -1
    return k << 8 | x << 4 | y


def _waits_one(w: WinIn, shapes: frozenset[str], groups: tuple[_Group, ...], size: int, held: int) -> bool:
    """Whether the hand of ``w`` less its winning tile waited on one kind only: ``len(_waits(…))
    == 1``, ``groups`` the winning hand's concealed groups (`_Win.groups`), ``size`` and ``held``
    how many concealed tiles it has and their kinds (`_Win.size`, `_Win.held`).  A hand of the right
    size, no kind held four times, that no special shape of ``shapes`` could be one tile short
    of (seven pairs, the orphans, 全不靠, 组合龙: each asks something of the kinds held that most
    hands lack) waits in four sets and a pair only: its waits are counted group by group, from
    each group's parts (a tile changes one group: the hand is complete with it when that group's
    tiles then have a part, every other group's already have one, and there is one pair in
    all).  Only the winning tile's group differs from the winning hand's."""
    c = w.concealed
    win = w.win_tile
    n_melds = len(w.melds)
    man, pin, sou, hon = groups
    if not 0 <= win < 34 or c[win] < 1 or not 0 <= n_melds <= 4 \
            or size != 14 - 3 * n_melds \
            or man.fours + pin.fours + sou.fours + hon.fours != (1 if c[win] == 4 else 0):
        return _waits_one_of_all(w, shapes)
    g = win // 9 if win < 27 else 3
    mine = _less(groups[g], win - 9 * g)
    if c[win] == 1:
        held &= ~(1 << win)
    if n_melds == 0:
        if "seven_pairs" in shapes or "honours_and_knitted" in shapes:
            # (counted in the winning hand, then mended for its winning tile's kind)
            # (the kinds' counts from each group's: `c.count` is a method call over all 34 counts)
            n = c[win]
            if "seven_pairs" in shapes and man.odd_kinds + pin.odd_kinds + sou.odd_kinds + hon.odd_kinds \
                    - (n == 1 or n == 3) + (n == 2 or n == 4) == 1:
                return _waits_one_of_all(w, shapes)  # one kind held an odd number of times
            if "honours_and_knitted" in shapes and man.pair_kinds + pin.pair_kinds + sou.pair_kinds \
                    + hon.pair_kinds - (n == 2 or n == 3) + (n == 3 or n == 4) == 0:
                return _waits_one_of_all(w, shapes)  # no kind held twice or three times
        if "thirteen_orphans" in shapes and not held & ~_TERMINALS_HONOURS_MASK:
            return _waits_one_of_all(w, shapes)
    if n_melds <= 1 and _BITS[held & 511] + _BITS[held >> 9 & 511] + _BITS[held >> 18 & 511] >= 8 \
            and "knitted_straight" in shapes:
        for straight in _KNITTED_MASKS:
            missing = straight & ~held
            if missing & (missing - 1) == 0:  # one kind missing at most
                return _waits_one_of_all(w, shapes)
    if g == 0:
        man = mine
    elif g == 1:
        pin = mine
    elif g == 2:
        sou = mine
    else:
        hon = mine
    bad = (man.state < 0) + (pin.state < 0) + (sou.state < 0) + (hon.state < 0)
    if bad > 1:
        return False  # two groups are neither sets nor sets and a pair: one tile mends one
    pairs = (man.state == 2) + (pin.state == 2) + (sou.state == 2) + (hon.state == 2)
    if pairs > 2:
        return False  # every group's pair but one's would be left over
    if bad and mine.state < 0:
        # (the most common case, the loop below for this group alone: the others are sets, or
        # sets and a pair)
        if pairs > 1:
            return False
        waits = mine.waits or mine.work_out_waits()
        return _BITS[waits[1] if pairs == 0 else waits[0]] == 1
    count = 0
    for group in (man, pin, sou, hon):
        if bad == 0 or group.state < 0:
            others = pairs - (1 if group.state == 2 else 0)  # pairs among the other groups
            if others > 1:
                continue
            waits = group.waits or group.work_out_waits()
            count += _BITS[waits[1] if others == 0 else waits[0]]
            if count > 1:
                return False
    return count == 1


_BITS: Final = bytes(n.bit_count() for n in range(512))
"""How many bits each mask of a group's kinds has."""


def _less(group: _Group, j: int) -> _Group:
    """``group`` with one tile fewer of its ``j``-th kind (held), kept with it."""
    less = group.less
    if less is None:
        less = group.less = [None] * len(group.key)
    found = less[j]
    if found is None:
        counts = list(group.key)
        counts[j] -= 1
        found = less[j] = _group(group.g, tuple(counts))
    return found


def _waits_one_of_all(w: WinIn, shapes: frozenset[str]) -> bool:
    """`_waits_one` from all the waits of the hand (`_waits`)."""
    standing = list(w.concealed)
    standing[w.win_tile] -= 1
    return len(_waits(standing, len(w.melds), shapes, 2)) == 1


def _group_waits(g: int, part: tuple[int, ...]) -> tuple[int, int]:
    """The kinds of group ``g`` (bit ``j`` its ``j``-th kind) whose tile makes its tiles ``part``
    sets only, and those whose tile makes them sets and a pair; a kind held four times is in
    neither."""
    v = list(part)
    sets_only = with_pair = 0
    for j in range(len(v)):
        if v[j] >= 4:
            continue
        v[j] += 1
        parts = _parts(g, tuple(v))
        v[j] -= 1
        if parts:
            if parts[0].pair >= 0:
                with_pair |= 1 << j
            else:
                sets_only |= 1 << j
    return sets_only, with_pair


class _SingleWait:
    """`_Win.single` of a winning hand on its own: whether it waited on one kind only."""

    def __init__(self, w: WinIn, shapes: frozenset[str], groups: tuple[_Group, ...] = ()) -> None:
        self.w = w
        self.shapes = shapes
        self.groups = groups or _groups_of(tuple(w.concealed))
        """The winning hand's concealed groups (`_Win.groups`)."""
        self.known = -1
        """-1 not asked yet, else 0 or 1."""

    def answer(self) -> bool:
        if self.known < 0:
            w = self.w
            single = False
            if not w.no_win_tile:
                man, pin, sou, hon = self.groups
                single = _waits_one(w, self.shapes, self.groups, man.tiles + pin.tiles + sou.tiles + hon.tiles,
                                    man.kinds | pin.kinds | sou.kinds | hon.kinds)
            self.known = 1 if single else 0
        return self.known == 1


def evaluate(w: WinIn, table: FanTable = MCR_TABLE) -> list[Reading]:
    """Every reading of the winning hand, each valued by ``table`` with 不计 applied (no minimum)."""
    h = _Win(w, table)
    out: list[Reading] = []
    _standard_readings(h, out)
    shapes = table.shapes
    held = h.held
    if len(w.melds) <= 1 and _BITS[held & 511] >= 3 and _BITS[held >> 9 & 511] >= 3 and _BITS[held >> 18 & 511] >= 3 \
            and "knitted_straight" in shapes:
        _knitted_readings(h, out)  # (a knitted straight is three kinds of each suit)
    if h.concealed_only:  # (what every special shape but 组合龙 needs)
        if h.even and "seven_pairs" in shapes:
            special = _seven_pairs(h)
            if special is not None:
                out.append(special)
        if held == _TERMINALS_HONOURS_MASK and "thirteen_orphans" in shapes:
            special = _thirteen_orphans(h)
            if special is not None:
                out.append(special)
        if h.distinct and "honours_and_knitted" in shapes:
            special = _honours_and_knitted(h)
            if special is not None:
                out.append(special)
    return out


def value_bound(w: WinIn, enough: int = 1 << 30) -> int | None:
    """An upper bound on what every reading `evaluate` finds for the hand is worth in the full
    MCR table, flowers aside (what rule mcr.minimum compares with the minimum), or None where
    this quick bound does not apply.  For a verdict only: `paipu.rules.mcr.ruleset.Mcr.below_minimum`
    refuses a win without its full evaluation when the bound is below the minimum.

    The fans that do not depend on how the hand is read (its kinds, four of a kind, concealment,
    the situation, the melded kongs, 全求人) are counted as `evaluate` counts them.  Those of
    the sets and the pair are each taken at their best over the sets any reading could hold:
    the pongs among the melds and the kinds held three times or more, the chows among the melds
    and those the concealed tiles hold (as many times as they could be read).  Where a reading
    could hold a fan of three sets or more, a special shape (七对, 十三幺, 全不靠, 组合龙), 九莲宝灯,
    碰碰和, two dragon pongs or three wind pongs, 全带五 or a 双龙会, there is no bound (None), nor
    where a reading could have no fan at all (无番和 is worth 8): those hands are rare among the
    wins refused, and the full evaluation values them.  不计 only lowers a total, so it is left
    out.  A single wait adds at most one fan (边张, 嵌张 or 单钓将).  A caller that asks only
    whether the bound is below ``enough`` gets the bound so far as soon as it reaches that."""
    if _special_shape_possible(w):
        return None
    h = _Win(w, MCR_TABLE)
    bound = _fixed_bound(h)
    if bound is None or bound >= enough:
        return bound
    pongs = _pong_bound(w)
    if pongs is None:
        return None
    value, pong_melds = pongs
    bound += value
    if bound >= enough:
        return bound
    chows = _chow_bound(w, pong_melds)
    if chows is None:
        return None
    bound += chows
    # Every set and the pair: 全带幺 needs no 4, 5 or 6; 全带五 no honour and no 1, 2, 8 or 9.
    values = MCR_TABLE.values
    kinds = [k for k in range(34) if h.mask >> k & 1]
    ranks = {_rank(k) for k in kinds if k < 27}
    if not ranks & {4, 5, 6}:
        bound += values["quandaiyao"]
    if all(k < 27 for k in kinds) and ranks <= {3, 4, 5, 6, 7}:
        return None  # 全带五
    return bound + max(values["bianzhang"], values["kanzhang"], values["dandiaojiang"])


def _special_shape_possible(w: WinIn) -> bool:
    """Whether a reading of the hand could be 七对, 全不靠, 十三幺 or hold 组合龙 (`value_bound`
    does not bound those)."""
    c = w.concealed
    n_melds = len(w.melds)
    if not n_melds:
        if all(n % 2 == 0 for n in c) or all(n <= 1 for n in c) or not any(
                c[k] for k in range(34) if k not in TERMINALS_HONOURS):
            return True  # 七对, 全不靠, 十三幺
    return n_melds <= 1 and any(all(c[k] for k in straight) for straight in KNITTED)  # 组合龙


def _fixed_bound(h: _Win) -> int | None:
    """What the fans that do not depend on how the hand is read are worth (`value_bound`), or
    None where a reading might have no fan at all, or be 九莲宝灯."""
    w = h.w
    c = w.concealed
    melds = w.melds
    f: Fans = {}
    _merge(f, h.kind_fans)
    _merge(f, h.situation_fans)
    kongs = [m for m in melds if m.kind == "kong"]
    _kong_fans(len(kongs), sum(1 for m in kongs if m.concealed), f, MCR_TABLE)
    if sum(1 for m in melds if not m.concealed) == 4 and not w.self_drawn:
        _add(f, "quanqiuren")
    if not f and not any(m.kind != "chow" and m.first in TERMINALS_HONOURS for m in melds) and not any(
            c[k] >= 3 for k in range(27, 34)):
        # A reading might have no fan (无番和); not one with a melded pong of a terminal or an
        # honour, or an honour held three times, which only a pong takes: each is worth a fan.
        return None
    if not melds and f.get("qingyise"):
        return None  # 九莲宝灯
    values = MCR_TABLE.values
    return sum(values.get(fid, 0) * n for fid, n in f.items())


def _pong_bound(w: WinIn) -> tuple[int, int] | None:
    """The most the pongs (and kongs) of any reading add (`value_bound`): the melded ones and
    the kinds held three times or more; with the number of melded pongs and kongs.  None where
    a reading could hold 碰碰和, two dragon pongs, three wind pongs or a fan of three pongs."""
    c = w.concealed
    melds = w.melds
    values = MCR_TABLE.values
    pongs = [m.first for m in melds if m.kind != "chow"]
    pong_melds = len(pongs)
    hidden = sum(1 for m in melds if m.kind == "kong" and m.concealed)
    for k in range(34):
        if c[k] >= 3:
            pongs.append(k)
            hidden += 1
    if len(pongs) >= 4 and pong_melds == len(melds):
        return None  # 碰碰和, with what it may bring
    if sum(1 for k in pongs if k in DRAGONS) >= 2 or sum(1 for k in pongs if k in WINDS) >= 3:
        return None
    for a, b, d in itertools.combinations(pongs, 3):
        if _three_pongs(a, b, d):
            return None
    bound = 0
    for a, b in itertools.combinations(pongs, 2):
        two = _two_pongs(a, b)
        if two:
            bound += values[two]
    seat, prevalent = WINDS[w.seat_wind], WINDS[w.prevalent_wind]
    for k in pongs:
        if k >= WHITE:  # a dragon
            bound += values["jianke"]
        elif k in WINDS:
            wind = (values["quanfengke"] if k == prevalent else 0) + (values["menfengke"] if k == seat else 0)
            bound += wind or values["yaojiuke"]
        elif k in TERMINALS_HONOURS:
            bound += values["yaojiuke"]
    if hidden >= 2:
        bound += values[("shuanganke", "sananke", "sianke")[min(hidden, 4) - 2]]
    return bound, pong_melds


def _chow_bound(w: WinIn, pong_melds: int) -> int | None:
    """The most the chows of any reading add (`value_bound`): the melded ones and those the
    concealed tiles hold, each as often as it could be read.  None where a reading could hold
    a 双龙会 or a fan of three chows."""
    c = w.concealed
    melds = w.melds
    values = MCR_TABLE.values
    chows = [m.first for m in melds if m.kind == "chow"]
    for suit in range(3):
        for first in range(9 * suit, 9 * suit + 7):
            n = min(c[first], c[first + 1], c[first + 2])
            if n:
                chows += [first] * n
    most = min(4 - pong_melds, len(chows))  # the most chows a reading can hold
    if most < 2:
        return 0
    if any(chows.count(9 * suit) >= 2 and chows.count(9 * suit + 6) >= 2 for suit in range(3)):
        return None  # 一色双龙会
    if sum(1 for suit in range(3) if 9 * suit in chows and 9 * suit + 6 in chows) >= 2:
        return None  # 三色双龙会
    melded = [m.first for m in melds if m.kind == "chow"]
    if most >= 3:
        for a, b, d in itertools.combinations(chows, 3):
            if _three_chows(a, b, d) and _chows_fit((a, b, d), melded, c):
                return None
    # Two-chow fans: at most one fewer than the chows, and no more than the pairs that make one.
    twos = sorted((values[two] for a, b in itertools.combinations(chows, 2)
                   if (two := _two_chows(a, b)) is not None and _chows_fit((a, b), melded, c)), reverse=True)
    bound = sum(twos[:most - 1])
    if most == 4:
        bound += values["pinghe"]
    return bound


def _chows_fit(starts: Sequence[int], melded: list[int], concealed: Sequence[int]) -> bool:
    """Whether one reading could hold all these chows (by their lowest tiles) together: the
    melded chows (``melded``) each once, the others from the ``concealed`` tiles."""
    left = list(melded)
    need: dict[int, int] = {}
    for first in starts:
        if first in left:
            left.remove(first)
            continue
        for k in (first, first + 1, first + 2):
            n = need.get(k, 0) + 1
            if n > concealed[k]:
                return False
            need[k] = n
    return True


def preference(r: Reading) -> tuple[int, int]:
    """How readings are ranked: the total, then, between readings worth the same, the one whose
    pair is the higher tile (万 < 条 < 饼 < honours), as the reference calculator keeps it."""
    return (r.total, _lib_key(r.pair) if r.pair >= 0 else -1)


def best_reading(readings: Iterable[Reading]) -> Reading | None:
    """The reading worth the most (`preference`)."""
    if isinstance(readings, list) and len(readings) == 1:
        only: Reading = readings[0]
        return only  # (the one reading: no key to work out)
    return max(readings, key=preference, default=None)


def fan_order(fid: str) -> tuple[int, int]:
    """Sort key: highest value first, then table order."""
    return (-FANS[fid].value, ORDER[fid])
