"""The words of a report, in English and Chinese.

The report's own words are here; finding messages and rule texts are translated by
`paipu.lang`.  What comes from the record (names, tags, annotations) is shown as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from paipu.tiles import Tile

Lang: TypeAlias = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")


@dataclass(frozen=True, slots=True)
class Labels:
    """Every fixed word of the page, so that the templates hold no language."""

    html_lang: str
    ruleset: str
    options: str
    seat: str
    player: str
    start_score: str
    summary: str
    hands: str
    hand: str
    dealer: str
    wild: str
    marked: str
    dice: str
    result: str
    value: str
    score_table: str
    start: str
    total: str
    findings: str
    no_findings: str
    record_findings: str
    severity: dict[str, str]
    severity_plural: dict[str, str]
    rule: str
    rule_head: str
    line: str
    deal: str
    timeline: str
    step: str
    wall: str
    wall_left: str
    wall_order: str
    turn: str
    melds: str
    ready: str
    you: str
    heat: str
    """The heat row's caption: the chance an opponent could pong each kind."""
    from_seat: str
    no_table: str
    outcome: dict[str, str]
    verbs: dict[str, str]
    meld_kinds: dict[str, str]
    group_kinds: dict[str, str]
    shapes: dict[str, str]
    self_drawn: str
    on_discard: str
    robbing: str
    scoring: str
    winning_hand: str
    winning_tile: str
    decomposition: str
    readings: str
    stands_for: str
    item: str
    name_zh: str
    rules_value: str
    recorded: str
    computed: str
    difference: str
    not_recorded: str
    no_payments: str
    not_a_win: str
    payments: str
    transfers: str
    payer: str
    payee: str
    amount: str
    reason: str
    multiplier: str
    differs: str
    matches: str
    chart: str
    keys_help: str
    prev: str
    next: str
    teaching_view: str
    audit_view: str
    not_replayed: str
    glyphs: dict[str, str]
    shanten: str
    """The caption of the viewed seat's shanten on the board."""
    shanten_words: str
    """How a shanten is said: complete|ready|{n} from ready (also read by the page's script)."""
    effective: str
    best_discards: str
    after: str
    unseen: str
    tsumogiri: str
    ready_discard: str
    claimed: str
    first: str
    last: str
    aborted: str
    """A hand that ended with no winner before its wall did (riichi's abortive draws), before its reason."""
    hidden_tile: str
    """The name of a tile seen from the back."""
    more_effective: str
    """The effective kinds the teaching view does not list: ``{n}`` kinds, ``{u}`` tiles unseen."""
    score: str
    """The caption of a seat's score on the table."""

    def from_ready(self, n: int) -> str:
        """A shanten in words: -1 complete, 0 ready, n from ready."""
        complete, ready, more = self.shanten_words.split("|")
        return complete if n < 0 else ready if n == 0 else more.format(n=n)

    def seat_name(self, seat: str) -> str:
        """E -> "East" or "东"."""
        return self.seat_names.get(seat, seat)

    @property
    def seat_names(self) -> dict[str, str]:
        if self.html_lang == "en":
            return {"E": "East", "S": "South", "W": "West", "N": "North"}
        return {"E": "东", "S": "南", "W": "西", "N": "北"}

    def tile_title(self, tile: Tile) -> str:
        """A tile's name, its tooltip and accessible name: its notation and names (``0m (red 5
        characters)``, ``赤五万``)."""
        if self.html_lang == "en":
            return f"{tile} ({tile.english})"
        return f"{tile.chinese}"

    def count(self, n: int, severity: str) -> str:
        """A number of findings of a severity, in the right number: ``1 error``, ``2 errors``."""
        return f"{n} {(self.severity if n == 1 else self.severity_plural).get(severity, severity)}"


_SEVERITIES_EN = {"error": "error", "warning": "warning", "note": "note"}
_SEVERITIES_ZH = {"error": "错误", "warning": "警告", "note": "提示"}

_GLYPHS_EN = {
    "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
    "!?": "interesting move", "?!": "dubious move",
}
_GLYPHS_ZH = {"!": "好棋", "?": "错着", "!!": "妙手", "??": "大错", "!?": "有趣的一着", "?!": "可疑的一着"}

EN = Labels(
    html_lang="en",
    ruleset="Ruleset",
    options="Options",
    seat="Seat",
    player="Player",
    start_score="Start",
    summary="Summary",
    hands="Hands",
    hand="Hand {n}",
    dealer="Dealer",
    wild="wildcards",
    marked="marked tile",
    dice="Dice",
    result="Result",
    value="Value",
    score_table="Scores by hand: what each seat won or paid, then its running score (small)",
    start="start",
    total="Total",
    findings="Findings",
    no_findings="No findings: every action, win and payment agrees with the rules.",
    record_findings="Findings about the whole record",
    severity=_SEVERITIES_EN,
    severity_plural={"error": "errors", "warning": "warnings", "note": "notes"},
    rule="rule",
    rule_head="Rule",
    line="line",
    deal="Deal",
    timeline="Timeline",
    step="Step",
    wall="Wall",
    wall_left="{n} tiles left",
    wall_order="The wall, in draw order (drawn tiles faded; replacements come from the end)",
    turn="to move",
    melds="Melds",
    ready="ready (听)",
    you="you",
    heat="chance an opponent holds a pair or more (could pong it), from what you can see",
    from_seat="from",
    no_table="This hand could not be replayed (see its findings): only its actions are shown.",
    outcome={"win": "won", "exhausted": "exhausted (流局)", "incomplete": "incomplete"},
    verbs={
        "deal": "deal", "draw": "draws", "discard": "discards", "chow": "chows", "pong": "pongs",
        "kong": "kongs", "ankong": "concealed kong", "addkong": "adds to a kong", "flower": "sets aside",
        "ready": "declares ready", "hu": "wins", "pass": "passes", "bao": "treasure tile",
        "exhausted": "the wall is exhausted", "fan": "value recorded", "score": "payments recorded",
    },
    meld_kinds={"chow": "chow", "pong": "pong", "kong": "kong", "ankong": "concealed kong",
                "addkong": "added kong"},
    group_kinds={"chow": "chow", "pong": "pong", "kong": "kong", "pair": "pair", "orphans": "thirteen orphans",
                 "knitted": "knitted straight"},
    shapes={"standard": "four sets and a pair", "seven_pairs": "seven pairs", "thirteen_orphans":
            "thirteen orphans", "quanzipai": "全字牌 (all honours)", "honours_and_knitted":
            "全不靠 (honours and knitted tiles)", "knitted_straight": "组合龙 (knitted straight), a set and a pair",
            "none": "no winning shape"},
    self_drawn="self-drawn (自摸)",
    on_discard="on {seat}'s discard",
    robbing="robbing {seat}'s kong",
    scoring="Scoring audit",
    winning_hand="Winning hand",
    winning_tile="winning tile",
    decomposition="Chosen decomposition",
    readings="the best of {n} readings",
    stands_for="wildcard as",
    item="Item",
    name_zh="中文",
    rules_value="Rules",
    recorded="Recorded",
    computed="Computed",
    difference="Difference",
    not_recorded="not recorded",
    no_payments="nobody pays",
    not_a_win="Not a win",
    payments="Payments",
    transfers="Transfers",
    payer="Payer",
    payee="Payee",
    amount="Amount",
    reason="Why",
    multiplier="multiplier",
    differs="differs",
    matches="agrees",
    chart="Running scores",
    keys_help="Keys: ← → step · Home End first/last · n p next/previous finding · j k next/previous hand",
    prev="Previous step",
    next="Next step",
    teaching_view="Teaching view: the table as {seat} saw it; other hands are hidden.",
    audit_view="Audit view: every hand open.",
    not_replayed="The record was not replayed: its ruleset or option tags cannot be read; fix these first.",
    glyphs=_GLYPHS_EN,
    shanten="Your hand",
    shanten_words="complete|ready (听)|{n} from ready",
    effective="Effective tiles (unseen):",
    best_discards="Best discards",
    after="after it",
    unseen="effective tiles unseen (kinds)",
    tsumogiri="摸切: the tile just drawn",
    ready_discard="the discard that declares ready",
    claimed="claimed by another seat",
    first="The deal",
    last="The last step",
    aborted="abortive draw (途中流局)",
    hidden_tile="a hidden tile",
    more_effective="and {n} more kinds ({u} unseen)",
    score="score",
)

ZH = Labels(
    html_lang="zh-Hans",
    ruleset="规则",
    options="选项",
    seat="座位",
    player="玩家",
    start_score="起始分",
    summary="概要",
    hands="各局",
    hand="第{n}局",
    dealer="庄家",
    wild="百搭",
    marked="宝牌",
    dice="骰子",
    result="结果",
    value="台数",
    score_table="各局得分：本局得失，其后小字为累计得分",
    start="起始",
    total="合计",
    findings="问题",
    no_findings="没有问题：每一步、每次胡牌和每笔付款都符合规则。",
    record_findings="关于整份牌谱的问题",
    severity=_SEVERITIES_ZH,
    severity_plural=_SEVERITIES_ZH,
    rule="规则",
    rule_head="规则",
    line="行",
    deal="配牌",
    timeline="进程",
    step="步",
    wall="牌墙",
    wall_left="剩余 {n} 张",
    wall_order="牌墙顺序（已摸的牌变淡；补牌从末尾摸）",
    turn="轮到",
    melds="副露",
    ready="听牌",
    you="你",
    heat="别家有一对以上（可碰）的机率，只据你能看到的牌",
    from_seat="来自",
    no_table="这一局无法重放（见问题列表）：只列出各步。",
    outcome={"win": "胡牌", "exhausted": "流局", "incomplete": "未完"},
    verbs={
        "deal": "配牌", "draw": "摸", "discard": "打", "chow": "吃", "pong": "碰", "kong": "杠",
        "ankong": "暗杠", "addkong": "补杠", "flower": "补花", "ready": "报听", "hu": "胡", "pass": "过",
        "bao": "宝牌", "exhausted": "流局", "fan": "记录台数", "score": "记录付款",
    },
    meld_kinds={"chow": "吃", "pong": "碰", "kong": "明杠", "ankong": "暗杠", "addkong": "补杠"},
    group_kinds={"chow": "顺子", "pong": "刻子", "kong": "杠", "pair": "将", "orphans": "十三幺", "knitted": "组合龙"},
    shapes={"standard": "四组一将", "seven_pairs": "七对", "thirteen_orphans": "十三幺",
            "quanzipai": "全字牌", "honours_and_knitted": "全不靠", "knitted_straight": "组合龙", "none": "不成胡"},
    self_drawn="自摸",
    on_discard="胡{seat}打出的牌",
    robbing="抢{seat}的杠",
    scoring="计分审核",
    winning_hand="胡牌",
    winning_tile="胡的牌",
    decomposition="所选拆法",
    readings="共{n}种拆法中最高的",
    stands_for="百搭当",
    item="项目",
    name_zh="中文",
    rules_value="规则",
    recorded="记录",
    computed="计算",
    difference="差额",
    not_recorded="未记录",
    no_payments="无人付款",
    not_a_win="不成胡",
    payments="付款",
    transfers="转账",
    payer="付款人",
    payee="收款人",
    amount="金额",
    reason="原因",
    multiplier="倍数",
    differs="不一致",
    matches="一致",
    chart="累计得分",
    keys_help="按键：← → 上一步/下一步 · Home End 开头/结尾 · n p 下一个/上一个问题 · j k 下一局/上一局",
    prev="上一步",
    next="下一步",
    teaching_view="教学视图：{seat}所见的牌桌，其他手牌不可见。",
    audit_view="审核视图：所有手牌公开。",
    not_replayed="牌谱没有重放：其规则或选项标签无法读取；请先修正这些问题。",
    glyphs=_GLYPHS_ZH,
    shanten="你的手牌",
    shanten_words="和了|听牌|{n}向听",
    effective="有效牌（未见张数）：",
    best_discards="最佳打法",
    after="打后",
    unseen="未见有效牌（种）",
    tsumogiri="摸切：打出刚摸的牌",
    ready_discard="报听时打出的牌",
    claimed="被别家吃碰杠或胡走",
    first="配牌",
    last="最后一步",
    aborted="途中流局",
    hidden_tile="暗牌",
    more_effective="另有 {n} 种（未见 {u} 张）",
    score="得分",
)


def labels_for(lang: Lang) -> Labels:
    if lang not in LANGS:
        raise ValueError(f"unknown report language {lang!r}; the languages are: {', '.join(LANGS)}")
    return EN if lang == "en" else ZH
