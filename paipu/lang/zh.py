"""Chinese messages: the English pattern of every finding message and its Chinese template.

The English side is the message as the code writes it (its f-string), with ``{name}`` for
each variable part; see `paipu.lang.catalog` for the kinds of parts.  Seats, tiles, numbers,
ids, record words in backquotes and what the record wrote are carried over unchanged.
"""

from __future__ import annotations

# ----------------------------------------------------------------------------- words
WORDS: dict[str, str] = {
    "chow": "吃", "pong": "碰", "kong": "杠", "kongs": "杠", "hu": "胡", "add": "加杠",
    "ankong": "暗杠", "addkong": "加杠",
    "tile": "张", "tiles": "张", "is": "", "are": "",
    "tai": "台", "fan": "番", "bei": "倍", "han": "番", "mult": "倍", "yaku": "番",
    "honba": "本场数", "sticks": "供托数",
    "mangan": "满贯", "haneman": "跳满", "baiman": "倍满", "sanbaiman": "三倍满", "kazoe yakuman": "累计役满",
}

# ----------------------------------------------------------------------------- fragments
_KEYWORDS = ("draw", "discard", "chow", "pong", "kong", "ankong", "addkong", "flower", "ready", "hu", "pass",
             "hand", "dealer", "wall", "dice", "caishen", "deal", "bao", "abort", "exhausted", "fan", "score")

_EXPECTED: tuple[tuple[str, str], ...] = (
    ("a seat (E, S, W or N)", "座位（E、S、W 或 N）"),
    ("a tile (such as 5m, 1z or 东)", "一张牌（如 5m、1z 或 东）"),
    ("a number", "数字"),
    ("a number (such as +12 or -4)", "数字（如 +12 或 -4）"),
    ("a tag name", "标签名"),
    ("a word", "一个词"),
    ('a quoted value ("…")', '带引号的值（"…"）'),
    ("an annotation {{…}}", "注释 {{…}}"),
    ("a glyph (! ? !! ?? !? ?!)", "符号（! ? !! ?? !? ?!）"),
    ("a value item (such as dongfeng or 东风)", "番种（如 dongfeng 或 东风）"),
    ("the end of the line", "行尾"),
    ("the end of the file", "文件末尾"),
    ("something else", "其他内容"),
    ("an action (draw, discard, chow, pong, kong, ankong, addkong, flower, ready, hu, pass)",
     "一个动作（`draw`、`discard`、`chow`、`pong`、`kong`、`ankong`、`addkong`、`flower`、`ready`、`hu`、`pass`）"),
    ("the start of a line (a [tag], hand, dealer, wall, dice, caishen, deal, a seat and its action, bao, "
     "exhausted, fan, score, or an {{annotation}})",
     "一行的开头（[标签]、`hand`、`dealer`、`wall`、`dice`、`caishen`、`deal`、座位及其动作、`bao`、`exhausted`、"
     "`fan`、`score` 或 {{注释}}）"),
    *((f'"{p}"', f'"{p}"') for p in ":,[]"),
    *((k, f"`{k}`") for k in _KEYWORDS),
)

_VALID_TILES = (
    "valid tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z (东 南 西 北 白 发 中) and 1f-8f (春 夏 秋 冬 梅 兰 竹 菊)",
    "合法的牌为 1m-9m、1p-9p、1s-9s、1z-7z（东 南 西 北 白 发 中）和 1f-8f（春 夏 秋 冬 梅 兰 竹 菊）",
)

FRAGMENTS: tuple[tuple[str, str], ...] = (
    *_EXPECTED,
    _VALID_TILES,
    # hints for a word the grammar does not know (paipu.grammar.hints)
    ("unknown word {w} (did you mean {m}?)", "未知的词 {w}（是不是 {m}？）"),
    ("unknown word {w}", "未知的词 {w}"),
    ("{w} is not a seat (did you mean {m}?)", "{w} 不是座位（是不是 {m}？）"),
    ("{w} is not a seat", "{w} 不是座位"),
    ("{w} is not a tile (did you mean {m}?)", "{w} 不是牌（是不是 {m}？）"),
    ("{w} is not a tile", "{w} 不是牌"),
    # option errors
    ("unknown option {o}; this ruleset's options are: {known}", "未知选项 {o}；本规则的选项有：{known}"),
    ("option {o} takes true or false, not {v}", "选项 {o} 取 true 或 false，而不是 {v}"),
    ("option {o} takes a whole number, not {v}", "选项 {o} 取整数，而不是 {v}"),
    ("option {o} takes one of {vals}, not {v}", "选项 {o} 取 {vals} 之一，而不是 {v}"),
    ("bad tile {t}: {valid:p}", "错误的牌 {t}：{valid}"),
    # where a draw comes from; who is dealt what
    ("from the tail of the wall (a replacement draw)", "牌墙尾部（补牌）"),
    ("from the wall", "牌墙"),
    ("from its own wall", "自己的牌墙"),
    ("the dealer", "庄家"),
    ("a non-dealer", "闲家"),
    ("宝牌", "宝牌"),
    ("`{name}` event", "`{name}` 事件"),
    # what a seat does, as a finding says it
    ("discards {t:tile}", "打出 {t}"),
    ("chows {t:tile}", "吃 {t}"),
    ("pongs {t:tile}", "碰 {t}"),
    ("kongs {t:tile}", "杠 {t}"),
    ("declares a concealed kong of {t:tile}", "暗杠 {t}"),
    ("adds {t:tile} to its pong", "把 {t} 加到自己的碰上"),
    ("sets aside {t:tile}", "补花 {t}"),
    ("declare a concealed kong of {t:tile}", "暗杠 {t}"),
    ("add {t:tile} to a pong", "加杠 {t}"),
    ("set aside {t:tile}", "补花 {t}"),
    ("declare ready", "报听"),
    ("discard", "打牌"),
    ("none", "0"),
    ("{n:n}", "{n}"),
    # claims
    ("{t:tile} was discarded earlier by {s:seat} but is no longer the last discard",
     "{t} 是 {s} 早先打出的，已不是最后一张弃牌"),
    ("there is no discard of {t:tile} to claim", "没有可以吃碰的 {t}"),
    ("{by:seat} already took it ({taken:w})", "{by} 已经{taken}了这张牌"),
    ("the last discard is {a:seat}'s {t:tile}; {b:seat}'s {t2:tile} can no longer be claimed",
     "最后一张弃牌是 {a} 的 {t}；{b} 的 {t2} 已不能再吃碰"),
    ("it is the discard after the last draw, and then the hand is drawn",
     "这是最后一次摸牌之后的弃牌，之后本局荒庄"),
    # kongs near the end of a wall of the seat's own
    ("a concealed kong of", "暗杠"),
    ("an added kong of", "加杠"),
    ("{s:seat} has no tile left in its own wall", "{s} 自己的牌墙已经没有牌"),
    ("{s:seat}, its next seat, has no tile left in its own wall", "下家 {s} 自己的牌墙已经没有牌"),
    ("{s:seat}'s kong of {t:tile}", "{s} 杠的 {t}"),
    ("{s:seat}'s {t:tile}", "{s} 打出的 {t}"),
    # why a hand is not a win
    ("the hand has {n:n} tiles counting melds, not 14", "连同副露共有 {n} 张牌，不是 14 张"),
    ("{s:seat} has not declared ready (报听): a win needs an earlier ready declaration",
     "{s} 没有报听：胡牌前必须先报听"),
    ("{t:tile} ({c}) is a 宝 (the 宝 are {ks}), and a discarded 宝 cannot be won on (别人打出的宝牌，不可以胡)",
     "{t}（{c}）是宝牌（宝牌为 {ks}）：别人打出的宝牌不可以胡"),
    ("the tiles are not four sets and a pair", "手牌不是四组牌加一对将"),
    ("the tiles are not four sets and a pair (the 宝 are {ks}, but a 宝 is a wildcard only when a ready player "
     "draws it; one held before, claimed or discarded is just itself)",
     "手牌不是四组牌加一对将（宝牌为 {ks}，但只有报听的玩家摸到的宝牌才是百搭；"
     "之前持有的、吃碰来的或打出的宝牌只是它本身）"),
    ("no reading of the hand is a harbin winning shape: it has {p:p}", "手牌的任何读法都不是哈尔滨的胡牌牌型：{p}"),
    ("no pong or kong (nor a pair of 红中 standing for one)", "没有刻子或杠（也没有可代替刻子的一对红中）"),
    ("no chow", "没有顺子"),
    ("no 1, 9 or 红中", "没有幺九牌或红中"),
    ("fewer than two suits (红中 is no suit)", "不足两门花色（红中不算一门）"),
    ("{e:seat} comes before {s:seat} counter-clockwise from {f:seat} and also wins on {t:tile}: there is one "
     "winner per discard, the first in turn, unless the earlier seat passes",
     "从 {f} 起按逆时针方向 {e} 在 {s} 之前，也胡 {t}：一张弃牌只有一家胡，按顺序在前者优先，除非在前者选择过"),
    ("{s:seat} holds {f:tile} ({c}), a flower that was not set aside", "{s} 手里有没有补的花牌 {f}（{c}）"),
    ("the tiles are not four sets and a pair, 七对, 十三幺, 全不靠 or 组合龙 with a set and a pair",
     "手牌不是四组牌加一对将、七对、十三幺、全不靠，也不是组合龙加一组牌和一对将"),
    ("the tiles are not four sets and a pair, seven pairs or thirteen orphans", "手牌不是四组牌加一对将、七对或十三幺"),
    ("the tiles are not four sets and a pair, nor seven pairs", "手牌既不是四组牌加一对将，也不是七对"),
    ("the tiles are not four sets and a pair (nor 全字牌)", "手牌不是四组牌加一对将（也不是全字牌）"),
    ("the best reading is worth {b:n}台 before the 8台 items ({shown:items}), below the minimum of {m:n}台",
     "最好的读法在计入 8台 项目之前只有 {b}台（{shown}），低于起胡的 {m}台"),
    ("the best reading is worth {b:n}番 without flowers ({shown:items}), below the minimum of {m:n}番",
     "不计花牌，最好的读法只有 {b}番（{shown}），低于起胡的 {m}番"),
    ("{s:seat} is furiten: {why:p}", "{s} 振听：{why}"),
    ("it waits on {ts:tile} and discarded it before", "听 {ts}，但之前打出过"),
    ("after its riichi it let a winning tile pass", "立直后放过了和牌"),
    ("it let a winning tile pass since its last discard", "自上次打牌以来放过了和牌"),
    ("the hand has no yaku", "没有役"),
    ("the tiles are not a winning hand", "手牌不是和牌型"),
    # value problems
    ("recorded {a:n} {u:w}, the rules give {b:n}", "记录为 {a}{u}，按规则为 {b}{u}"),
    ("{rid} {n:n} is recorded but not earned", "记录了 {rid} {n}，但并未成立"),
    ("{rid} {n:n} is earned but not recorded", "{rid} {n} 成立但没有记录"),
    ("{rid} is recorded as {a:n}, the rules give {b:n}", "{rid} 记录为 {a}，按规则为 {b}"),
    ("nobody", "无人"),
    ("{a:seat}", "{a}"),
    ("{a:seat}, {b:p}", "{a}、{b}"),
    # payments
    ("{s:seat} recorded {a:n}, the rules give {b:n}", "{s} 记录为 {a}，按规则为 {b}"),
    ("no payments", "无收付"),
    ("{p:seat} pays {q:seat} {n:n} ({r:ps})", "{p} 付给 {q} {n}（{r}）"),
    ("{p:seat} has only {n:n} left, scores stop at zero", "{p} 只剩 {n}，分数最低为零"),
    ("{t:n}倍 ({shown})", "{t}倍（{shown}）"),
    ("{t:n}倍 ({shown}), {more:p}", "{t}倍（{shown}），{more}"),
    ("×2 dealer", "庄家 ×2"),
    ("discarder ready: ×1", "放炮者已报听：×1"),
    ("×2 discarder not ready", "放炮者未报听 ×2"),
    ("the discarder pays all three shares ({parts})", "放炮者包付三家（{parts}）"),
    ("{why:p} + {n:n}番", "{why} + {n}番"),
    ("no base (base=none)", "无底分（base=none）"),
    ("the dealer self-draws: base {n:n}", "庄家自摸：底分 {n}"),
    ("a non-dealer self-draws: the dealer's base {n:n}", "闲家自摸：庄家底分 {n}"),
    ("a non-dealer self-draws: base {n:n}", "闲家自摸：底分 {n}"),
    ("the dealer wins on the discard of {p:seat}: base {n:n}", "庄家胡 {p} 打出的牌：底分 {n}"),
    ("the dealer robs the kong of {p:seat}: base {n:n}", "庄家抢 {p} 的杠：底分 {n}"),
    ("a non-dealer wins on the discard of the dealer: base {n:n}", "闲家胡庄家打出的牌：底分 {n}"),
    ("a non-dealer robs the kong of the dealer: base {n:n}", "闲家抢庄家的杠：底分 {n}"),
    ("a non-dealer wins on the discard of a non-dealer: base {n:n}", "闲家胡闲家打出的牌：底分 {n}"),
    ("a non-dealer robs the kong of a non-dealer: base {n:n}", "闲家抢闲家的杠：底分 {n}"),
    ("放杠: {a:seat}'s discard made {b:seat}'s kong of {t:tile}", "放杠：{a} 打出的牌成了 {b} 的 {t} 杠"),
    ("{w:zh}: {s:seat}'s kong of {t:tile}", "{w}：{s} 的 {t} 杠"),
    ("±{c:n} cap: {s:seat}'s net for the hand is held at {v}", "±{c} 封顶：{s} 本局的净得失限为 {v}"),
    ("self-drawn: {b:n} + {t:n}番", "自摸：{b} + {t}番"),
    ("the robbed kong was {s:seat}'s: {b:n} + {t:n}番", "被抢的杠是 {s} 的：{b} + {t}番"),
    ("the discard was {s:seat}'s: {b:n} + {t:n}番", "点炮的是 {s}：{b} + {t}番"),
    ("{b:n}, the base", "底分 {b}"),
    ("{h:n} han {f:n} fu", "{h}番 {f}符"),
    ("{h:n} han {f:n} fu, {b:n} honba", "{h}番 {f}符，{b} 本场"),
    ("{h:n} han {f:n} fu, {l:w}", "{h}番 {f}符，{l}"),
    ("{h:n} han {f:n} fu, {l:w}, {b:n} honba", "{h}番 {f}符，{l}，{b} 本场"),
    ("yakuman", "役满"),
    ("yakuman, {b:n} honba", "役满，{b} 本场"),
    ("{y:n}× yakuman", "{y}倍役满"),
    ("{y:n}× yakuman, {b:n} honba", "{y}倍役满，{b} 本场"),
    ("nagashi mangan", "流局满贯"),
    ("tenpai payment", "听牌料"),
    ("{t:n}台: 2^({t2:n}−2) = {u:n}", "{t}台：2^({t2}−2) = {u}"),
    ("{base:p}, ×{m:n} 老庄", "{base}，老庄 ×{m}"),
    ("{base:p}, paid by {a:seat} for {b:seat} (抢杠)", "{base}，由 {a} 代 {b} 支付（抢杠）"),
    ("{s:seat}'s kong of {t:tile} ({c}), paid at once", "{s} 的 {t}（{c}）杠，当即支付"),
    ("{s:seat}'s flower no. {n:n} ({c}), paid at once", "{s} 的第 {n} 张花（{c}），当即支付"),
    ("{t:n}番, won self-drawn", "{t}番，自摸"),
    ("{t:n}番, won on {s:seat}'s tile", "{t}番，胡 {s} 打出的牌"),
    # teaching notes
    ("complete", "已成和牌型"),
    ("ready", "听牌"),
    ("{n:n} from ready", "{n} 向听"),
    ("{fr:p} after it, {u:n} effective tiles unseen", "打后{fr}，未见的进张 {u} 张"),
    ("{fr:p} after it, {u:n} effective tiles unseen (the best discard)", "打后{fr}，未见的进张 {u} 张（最佳打法）"),
    ("best was {t:tile}: {fr:p}, {u:n} effective tiles", "最佳打法是 {t}：{fr}，进张 {u} 张"),
    ("discarding {t:tile} now: {p:n}% that someone can pong it", "现在打 {t}：有 {p}% 的可能被人碰"),
    ("{s:seat} pays the 1,000-point riichi stick", "{s} 支付 1,000 点立直棒"),
    ("{s:seat} takes {n:n} riichi stick", "{s} 拿走 {n} 根立直棒"),
    ("{s:seat} takes {n:n} riichi sticks", "{s} 拿走 {n} 根立直棒"),
    ("the game is over: {s:seat}, in first place, takes the {n:n} riichi stick left on the table",
     "对局结束：第一名 {s} 拿走桌上剩下的 {n} 根立直棒"),
    ("the game is over: {s:seat}, in first place, takes the {n:n} riichi sticks left on the table",
     "对局结束：第一名 {s} 拿走桌上剩下的 {n} 根立直棒"),
    # riichi final points
    ("{sc:n}, place {p:n}: {base} against the return score {r:n}, uma {u}",
     "{sc}，第 {p} 名：相对返点 {r} 为 {base}，顺位点 {u}"),
    ("{sc:n}, places {p}: {base} against the return score {r:n}, uma {u}",
     "{sc}，并列第 {p} 名：相对返点 {r} 为 {base}，顺位点 {u}"),
    ("{sc:n}, place 1: what the others' points leave, so that they add up to 0",
     "{sc}，第 1 名：其他各家得分之外的余数，使总和为 0"),
    ("{sc:n}, places {p}: what the others' points leave, so that they add up to 0",
     "{sc}，并列第 {p} 名：其他各家得分之外的余数，使总和为 0"),
    # riichi dora and harbin 宝
    ("dora indicator", "宝牌指示牌"),
    ("ura dora indicator", "里宝牌指示牌"),
    ("the 7th tile from the wall's tail", "牌墙尾部第 7 张"),
    ("the next tile down the wall (宝 number {n:n} of the hand)", "牌墙的下一张（本局第 {n} 张宝牌）"),
    ("nobody has declared ready yet: the 宝 is turned after the first ready player's discard",
     "还没有人报听：宝牌在第一个报听玩家打牌之后才翻"),
    ("not all the 宝 tiles have been seen: a new 宝 is turned only when all of them have",
     "宝牌还没有全部亮出：只有全部亮出后才换宝"),
    ("this discard follows the hand's first ready declaration: the 宝 is turned now, a `bao` line showing "
     "the 7th tile from the wall's tail",
      "这次打牌在本局第一次报听之后：此时应翻宝，写一个 `bao` 行，显示牌墙尾部第 7 张牌"),
    ("this discard follows the hand's first ready declaration: the 宝 is turned now, a `bao` line showing "
     "the 7th tile from the wall's tail (here {t:tile}, {c})",
     "这次打牌在本局第一次报听之后：此时应翻宝，写一个 `bao` 行，显示牌墙尾部第 7 张牌（此处为 {t}，{c}）"),
    ("this action shows the last of the 宝 tiles: 换宝 turns the next tile down the wall as the new 宝, "
     "a `bao` line showing it",
      "这个动作亮出了最后一张宝牌：换宝，翻开牌墙的下一张作为新的宝牌，写一个 `bao` 行显示它"),
    ("this action shows the last of the 宝 tiles: 换宝 turns the next tile down the wall as the new 宝, "
     "a `bao` line showing it (here {t:tile}, {c})",
     "这个动作亮出了最后一张宝牌：换宝，翻开牌墙的下一张作为新的宝牌，写一个 `bao` 行显示它（此处为 {t}，{c}）"),
    ("a concealed kong", "暗杠"),
    ("a kong", "杠"),
    ("an added kong", "加杠"),
    ("the tile just drawn, {t:tile}", "刚摸到的 {t}"),
    ("only a drawn tile", "只能打摸到的牌"),
    # erren
    ("{a:seat} has already discarded", "{a} 已经打过牌"),
    ("a claim or a kong has been made", "已有人吃碰或开杠"),
    # the wall and deals against the tile set
    ("{n:n} of {t:tile} (the set has {m:n})", "{t} 有 {n} 张（整副牌有 {m} 张）"),
    ("{a:p} and {k:n} more", "{a}，另有 {k} 处"),
    # a saying quoted at the end of a note; lists joined by commas (last: the most general)
    ("{x:p} ({say:zh})", "{x}（{say}）"),
    ("{a:p}, {b:p}", "{a}，{b}"),
)

# ----------------------------------------------------------------------------- messages
_SEAT_NOT_PLAYING = (
    ("seat {s} does not play in {rs} (seats: {seats})", "座位 {s} 不在 {rs} 中（座位：{seats}）"),
    ("seat {s} does not play in {rs}", "座位 {s} 不在 {rs} 中"),
)
_FLOWER_DISCARDED = (
    "{s:seat} discards {t:tile} ({c}), a flower: flowers are set aside (`flower`) and replaced, never discarded",
    "{s} 打出花牌 {t}（{c}）：花牌应补花（`flower`）并补牌，不能打出",
)
_CANNOT_CLAIM = ("{s:seat} cannot {k:w} {t:tile}: {why:p}", "{s} 不能{k} {t}：{why}")

_UNCHECKED_STOPS: tuple[tuple[str, str], ...] = (
    ("hand {h:n} is not checked: line {n:n} of its setup cannot be read, so its table is not known",
     "第 {h} 局未检查：其开局设置的第 {n} 行无法读取，牌桌状态未知"),
    ("hand {h:n} is not checked from line {n:n} on: the line as read through the hint does not fit the table, "
     "so the table after it is not known",
     "第 {h} 局从第 {n} 行起未检查：按提示读出的这一行与牌桌不符，此后的牌桌状态未知"),
    ("hand {h:n} is not checked from line {n:n} on: that line cannot be read, so the table after it is not known",
     "第 {h} 局从第 {n} 行起未检查：这一行无法读取，此后的牌桌状态未知"),
)
_UNCHECKED: tuple[tuple[str, str], ...] = (
    ("the record is not replayed: line {n:n} cannot be read, and it may hold the ruleset, an option or a "
     "starting score", "记录未重放：第 {n} 行无法读取，而它可能含有规则、选项或起始分数"),
    *((en + "; hand {k:n} is checked again from its own `dealer` line",
       zh + "；第 {k} 局从它自己的 `dealer` 行起重新检查") for en, zh in _UNCHECKED_STOPS),
    *_UNCHECKED_STOPS,
)
"""`paipu.auditing`'s warnings on where checking stopped after a line that could not be read."""

MESSAGES: dict[str, tuple[tuple[str, str], ...]] = {
    "syntax": (
        ("unknown word {w} (did you mean {m}?)", "未知的词 {w}（是不是 {m}？）"),
        # a hinted line (paipu.grammar.recovery): the hint, other hints, and the reading kept
        ("{h:p}; also {o:or}; read as `{r}`", "{h}；另有 {o}；按 `{r}` 读取"),
        ("{h:p}; also {o:or}", "{h}；另有 {o}"),
        ("{h:p}; read as `{r}`", "{h}；按 `{r}` 读取"),
        ("{w} is not a seat (did you mean {m}?)", "{w} 不是座位（是不是 {m}？）"),
        ("{w} is not a tile (did you mean {m}?)", "{w} 不是牌（是不是 {m}？）"),
        ("chow takes three tiles, found {n:n} (a set's tile is written once); read as `{r}`",
         "`chow` 后应有三张牌，实有 {n} 张（一组牌的牌只写一次）；按 `{r}` 读取"),
        ("{verb} takes one tile, found {n:n} (a set's tile is written once); read as `{r}`",
         "`{verb}` 后应有一张牌，实有 {n} 张（一组牌的牌只写一次）；按 `{r}` 读取"),
        ("unknown tag [{w}] (did you mean [{m}]?); read as [{m2} …]",
         "未知标签 [{w}]（是不是 [{m}]？）；按 [{m2} …] 读取"),
        ("unexpected {found}: expected {exp:or}", "意外的 {found}：这里应为{exp}"),
        ("the line ends too early: expected {exp:or}", "这一行过早结束：这里应为{exp}"),
        ("the file ends too early: expected {exp:or}", "文件过早结束：这里应为{exp}"),
        ("this annotation is never closed: add a `}}` (write `\\}}` for a brace inside it)",
         "这个注释没有闭合：请加上 `}}`（注释里的花括号写作 `\\}}`）"),
        ("too many syntax errors ({n:n}); stopped reporting here", "语法错误太多（{n} 个）；从这里起不再报告"),
        ("chow takes three tiles, found {n:n}", "`chow` 后应有三张牌，实有 {n} 张"),
        ("{verb} takes one tile, found {n:n}", "`{verb}` 后应有一张牌，实有 {n} 张"),
        ("bao takes one tile, found numbers", "`bao` 后应有一张牌，实为数字"),
        ("a number of {n:n} digits: at most {m:n} are allowed here", "数字有 {n} 位：这里最多允许 {m} 位"),
    ),
    "bad-tile": (
        ("bad tile {t}: write one Chinese numeral per tile", "错误的牌 {t}：每张牌只写一个汉字数字"),
        ("bad tile {t} ({x} is not a tile; packed ranks are single digits): {valid:p}",
         "错误的牌 {t}（{x} 不是牌；连写的点数每个只有一位）：{valid}"),
        ("bad tile {t}: a tile needs its suit letter; {valid:p}", "错误的牌 {t}：牌需要花色字母；{valid}"),
        ("bad tile {t}: {valid:p}", "错误的牌 {t}：{valid}"),
        ("expected one tile, got {n:n} in {t}", "应为一张牌，{t} 中有 {n} 张"),
        ("{t:tile} is a red five; {rs} has no red fives (write {p:tile})", "{t} 是赤五；{rs} 没有赤五（应写 {p}）"),
        ("{t:tile} ({c}) is a flower; {rs} has no flowers", "{t}（{c}）是花牌；{rs} 没有花牌"),
        ("the 宝 is turned as {t:tile} ({c}), but {rs} plays no such tile: a 宝 is a tile of the wall",
         "翻出的宝牌是 {t}（{c}），但 {rs} 没有这种牌：宝牌是牌墙中的牌"),
    ),
    "misplaced-line": (
        ("header tag [{tag}] after the first hand: tags belong before `hand 1`",
         "头部标签 [{tag}] 出现在第一局之后：标签应写在 `hand 1` 之前"),
        ("`{w}` before the first `hand` line: start a hand with `hand 1`",
         "`{w}` 出现在第一个 `hand` 行之前：一局应以 `hand 1` 开始"),
        ("`deal {s}` after the hand's first action: deals come first",
         "`deal {s}` 出现在本局第一个动作之后：配牌应写在最前面"),
        ("`{name}` after the hand's first action: setup lines come first",
         "`{name}` 出现在本局第一个动作之后：设置行应写在前面"),
    ),
    "duplicate-line": (
        ("a second [Ruleset] tag", "第二个 [Ruleset] 标签"),
        ("a second `deal {s}` line in hand {n:n}", "第 {n} 局有第二个 `deal {s}` 行"),
        ("a second `{name}` line in hand {n:n} (the first is on line {first:n})",
         "第 {n} 局有第二个 `{name}` 行（第一个在第 {first} 行）"),
        ("a second [{w} {s}] tag", "第二个 [{w} {s}] 标签"),
        ("a second score line for this hand", "本局的第二个 `score` 行"),
        ("a second fan line for {s:seat}", "{s} 的第二个 `fan` 行"),
    ),
    "hand-number": (
        ("hand {a:n} where hand {b:n} was expected: hands are numbered 1, 2, 3… in order",
         "这里是第 {a} 局，应为第 {b} 局：各局依次编号 1、2、3…"),
    ),
    "missing-ruleset": (
        ('the header has no [Ruleset "…"] tag: every record names its ruleset',
         '记录头部没有 [Ruleset "…"] 标签：每份记录都要写明规则'),
    ),
    "bad-tag": (
        ('write the ruleset as [Ruleset "name"]', '规则应写成 [Ruleset "name"]'),
        ('an option needs a name: [Option name "value"]', '选项需要名称：[Option name "value"]'),
        ('[{w}] needs a seat (E, S, W or N): [{w2} E "…"]', '[{w}] 需要座位（E、S、W 或 N）：[{w2} E "…"]'),
        ('[{w} {a} "…"]: only Option, Player, Score, Final and Points take a name before the value; '
         'write [Name "value"]',
         '[{w} {a} "…"]：只有 Option、Player、Score、Final 和 Points 在值之前带名称；应写成 [Name "value"]'),
        ('[{w} {s}] must be a whole number, found "{v}"', '[{w} {s}] 必须是整数，实为 "{v}"'),
        ('[Points {s}] must be a number with at most one decimal (such as +51.3 or -20), found "{v}"',
         '[Points {s}] 必须是最多一位小数的数（如 +51.3 或 -20），实为 "{v}"'),
    ),
    "unknown-ruleset": (
        ("unknown ruleset {n}; known rulesets: {k}", "未知的规则 {n}；已知的规则：{k}"),
    ),
    "bad-option": (
        ("[Option {o}]: {e:p}", "[Option {o}]：{e}"),
        ("-O {o}={v} does not apply to ruleset {r}: {e:p}; the record is audited without it",
         "-O {o}={v} 不适用于规则 {r}：{e}；本记录在审核时不使用它"),
    ),
    "unchecked": _UNCHECKED,
    "over-limit": (
        ("more than {a:n} hands: a record may hold at most {b:n}; this hand and the rest are not read",
         "超过 {a} 局：一份记录最多 {b} 局；本局及以后的内容不再读取"),
        ("{a:n} lines: a record may hold at most {b:n}; the rest is not read",
         "{a} 行：一份记录最多 {b} 行；其余不再读取"),
        ("a line of {a:n} characters: at most {b:n} are read; this line is not",
         "一行有 {a} 个字符：最多读取 {b} 个；此行不读取"),
        ("{a:n} tiles on one line: at most {b:n}", "一行有 {a} 张牌：最多 {b} 张"),
    ),
    "bad-seat": _SEAT_NOT_PLAYING,
    "missing-dealer": (
        ("hand {n:n} has no `dealer` line and no earlier hand fixes it",
         "第 {n} 局没有 `dealer` 行，前面的局也无法确定庄家"),
    ),
    "dealer-mismatch": (
        ("hand {n:n} is dealt by {d:seat}, but by the rotation the dealer is {e:seat}",
         "第 {n} 局由 {d} 坐庄，但按轮换庄家应为 {e}"),
    ),
    "missing-deal": (
        ("hand {n:n} has no `deal {s:seat}` line", "第 {n} 局没有 `deal {s}` 行"),
    ),
    "deal-size": (
        ("{s:seat} is dealt {a:n} tiles; {role:p} is dealt {b:n}", "{s} 配到 {a} 张牌；{role}应配 {b} 张"),
    ),
    "tile-count": (
        ("with {s:seat}'s deal the deals hold {n:n} of {t:tile} ({c}); the set has {m:n}",
         "加上 {s} 的配牌，配牌中有 {n} 张 {t}（{c}）；整副牌只有 {m} 张"),
        ("{s:seat} draws {t:tile} ({c}), but all {n:n} of that kind are already on the table",
         "{s} 摸到 {t}（{c}），但这种牌的 {n} 张都已在桌上"),
        ("the 宝 is turned as {t:tile} ({c}), but all {n:n} of that kind are already on the table",
         "翻出的宝牌是 {t}（{c}），但这种牌的 {n} 张都已在桌上"),
        ("the 宝 is turned as {t:tile} ({c}), but {rs} has no such tile",
         "翻出的宝牌是 {t}（{c}），但 {rs} 没有这种牌"),
    ),
    "wall-mismatch": (
        ("the wall and the deals are not the whole tile set: {shown:p}", "牌墙和配牌合起来不是整副牌：{shown}"),
    ),
    "missing-caishen": (
        ("hand {n:n} states no 财神: add a `caishen` line (one kind, or two consecutive kinds)",
         "第 {n} 局没有写明财神：请加一个 `caishen` 行（一种牌，或相邻的两种牌）"),
    ),
    "bad-caishen": (
        ("[Option caishen]: {e:p}", "[Option caishen]：{e}"),
        ("a `caishen` line names tiles (one kind, or two consecutive kinds), not numbers: {v}",
         "`caishen` 行写的是牌（一种，或相邻的两种），不是数字：{v}"),
        ("{t:tile} is a flower; zhuji has no flowers", "{t} 是花牌；zhuji 没有花牌"),
        ("{n:n} 财神 kinds stated; a hand has one kind or two consecutive kinds",
         "写了 {n} 种财神；一局只有一种或相邻的两种"),
        ("{n:n} 财神 kind(s) stated, but this record's option allows {m:n}",
         "写了 {n} 种财神，但本记录的选项只允许 {m} 种"),
        ("{a:tile} and {b:tile} are not consecutive kinds: two 财神 are a kind and the next in its cycle "
         "(e.g. 5m 6m, 9m 1m, 北 东, 中 白)",
         "{a} 和 {b} 不是相邻的两种牌：两种财神应是一种牌及其循环中的下一种（如 5m 6m、9m 1m、北 东、中 白）"),
    ),
    "illegal-setup": (
        ("{rs} has no `{n}` setup line (it has: {have}); did you mean `{m}`?",
         "{rs} 没有 `{n}` 设置行（它有：{have}）；是不是 `{m}`？"),
        ("{rs} has no `{n}` setup line (it has: {have})", "{rs} 没有 `{n}` 设置行（它有：{have}）"),
        ("{rs} has no `{n}` setup line (it has none)", "{rs} 没有 `{n}` 设置行（它没有任何设置行）"),
        ("`{n}` before the hand's first action: it is a table event, written where it happens, after the "
         "hand's first action", "`{n}` 出现在本局第一个动作之前：它是牌桌事件，应写在发生之处，即本局第一个动作之后"),
        ("`wind` names the round wind: one of 1z 2z 3z 4z", "`wind` 写的是场风：1z 2z 3z 4z 之一"),
    ),
    "wind-mismatch": (
        ("the record says the round wind is {a:tile}; by the hands before it is {b:tile}",
         "记录写的场风是 {a}；按之前各局应为 {b}"),
    ),
    "honba-mismatch": (("the record says {w:w} {v}; by the hands before it is {c}",
     "记录写的{w}是 {v}；按之前各局应为 {c}"),),
    "sticks-mismatch": (("the record says {w:w} {v}; by the hands before it is {c}",
     "记录写的{w}是 {v}；按之前各局应为 {c}"),),
    "dora-count": (
        ("the hand starts with one dora indicator, not {n:n}", "一局开始时只有一张宝牌指示牌，而不是 {n} 张"),
        ("a kong shows one dora indicator, not {n:n}", "一次杠只翻一张宝牌指示牌，而不是 {n} 张"),
        ("a dora indicator is shown, but {n:n} {k:w} made only {m:n} more than the first",
         "又翻了一张宝牌指示牌，但 {n} 次杠只能在第一张之外再翻 {m} 张"),
    ),
    "illegal-abort": (
        ("`abort {w}`: the abortive draws are {have}", "`abort {w}`：途中流局只有 {have}"),
        ("{s:seat} cannot abort for nine terminals and honours: it needs its first turn with no call before and "
         "nine kinds (it has {n:n})",
         "{s} 不能九种九牌流局：需要是第一巡、此前无人鸣牌，并有九种幺九牌（现有 {n} 种）"),
        ("four winds abort: the first four discards must be one wind, with no call",
         "四风连打流局：前四张弃牌必须是同一种风牌，且无人鸣牌"),
        ("four riichi abort with {n:n} riichi", "四家立直流局，但只有 {n} 家立直"),
        ("four kongs abort: four kongs by more than one seat are needed", "四杠散了：需要由不止一家开出四个杠"),
        ("four riichi abort with {n:n} riichi: it comes right after the fourth riichi discard passes",
         "四家立直流局，但只有 {n} 家立直：它在第四家立直的宣言牌通过后才成立"),
        *((f"four kongs abort with {{k:n}} {ks} by {{n:n}} {ss}: it needs four kongs by more than one seat, and "
           "comes when the discard after the fourth passes",
           "四杠散了，但只有 {n} 家开出 {k} 个杠：需要由不止一家开出四个杠，并在第四个杠之后的弃牌通过时成立")
          for ks in ("kong", "kongs") for ss in ("seat", "seats")),
        *((f"three-ron abort, but {{n:n}} {ss} could win on the last discard{w}: it needs three",
           f"三家和流局，但只有 {{n}} 家能胡最后一张弃牌{z}：需要三家")
          for ss in ("seat", "seats") for w, z in (("", ""), (" ({who})", "（{who}）"))),
    ),
    "missed-abort": tuple(
        (f"{en}: the hand ends as an abortive draw (`abort {why}`), yet `{{verb}}` follows",
         f"{zh}：本局应途中流局（`abort {why}`），但其后仍有 `{{verb}}`")
        for why, en, zh in (
            ("suufon", "the first four discards are one wind with no call", "前四张弃牌是同一种风牌且无人鸣牌"),
            ("suucha", "all four seats are in riichi", "四家都已立直"),
            ("suukan", "four kongs by more than one seat, and the discard after the fourth has passed",
             "不止一家开出四个杠，且第四个杠之后的弃牌已通过"),
        )
    ),
    "sanchahou": (
        ("{s:seat} is a third seat winning on one tile (after {a:seat} and {b:seat}): at Tenhou the hand is an "
         "abortive draw instead (`abort sanchahou`)",
         "{s} 是第三家胡同一张牌（在 {a} 和 {b} 之后）：天凤规则下本局应改为途中流局（`abort sanchahou`）"),
    ),
    "fifth-kong": (
        ("{s:seat} makes a fifth kong: a hand has four kongs at most", "{s} 开了第五个杠：一局最多四个杠"),
    ),
    "illegal-riichi": (
        ("{s:seat} has called: riichi needs a concealed hand", "{s} 已鸣牌：立直需要门前清"),
        ("{s:seat} has {n:n} points: riichi needs 1,000 for the stick", "{s} 只有 {n} 点：立直需要 1,000 点供托"),
        ("only {n:n} tiles are left to draw: riichi needs at least 4", "只剩 {n} 张可摸：立直至少需要 4 张"),
    ),
    "riichi-discard": (
        ("{s:seat} is in riichi and must discard the tile it drew ({d:tile}), not {t:tile}",
         "{s} 已立直，必须打出摸到的牌（{d}），而不是 {t}"),
    ),
    "riichi-kong": (
        ("{s:seat} is in riichi: only a concealed kong is allowed", "{s} 已立直：只能暗杠"),
        ("{s:seat} is in riichi: a concealed kong of {t:tile} must be of the drawn tile and keep the waits",
         "{s} 已立直：暗杠 {t} 必须用摸到的牌，且不改变听牌"),
    ),
    "kuikae": (
        ("{s:seat} discards {t:tile} right after calling: swapping a call for a discard of the same kind (or the "
         "other end of the chow) is not allowed",
         "{s} 鸣牌后立即打出 {t}：不允许食替（打出与鸣牌同种的牌，或顺子另一端的牌）"),
    ),
    "dora-mismatch": (
        ("the {w:p} {k:n} is {t:tile}, but the wall's is {e:tile}", "第 {k} 张{w}是 {t}，但牌墙上是 {e}"),
    ),
    "game-over": (
        ("hand {n:n} is played after the game has ended (a seat below 0, the last hand played, or the last dealer "
         "on top keeping the deal)",
         "第 {n} 局在对局结束之后才打（有人低于 0 点、最后一局已打完，或最后的庄家领先并连庄）"),
    ),
    "red-not-held": (
        ("{s:seat} discards the red {t:tile} but holds no red five of that suit",
         "{s} 打出赤 {t}，但手里没有这一花色的赤五"),
    ),
    "turn-order": (
        ("{a:seat} cannot {what:p} on {b:seat}'s turn", "现在轮到 {b}，{a} 不能{what}"),
        ("{a:seat} draws the replacement tile after the kong, not {b:seat}", "杠后应由 {a} 摸补牌，而不是 {b}"),
        ("it is {a:seat}'s turn to discard, not {b:seat}'s", "现在轮到 {a} 打牌，而不是 {b}"),
        ("after {a:seat}'s discard it is {b:seat}'s turn to draw, not {c:seat}'s",
         "{a} 打牌之后应由 {b} 摸牌，而不是 {c}"),
        ("{s:seat} declares a win out of turn ({b:seat} is to draw)", "{s} 不在自己的回合宣布胡牌（应由 {b} 摸牌）"),
        ("{s:seat} declares a win out of turn ({b:seat} is to move)", "{s} 不在自己的回合宣布胡牌（轮到 {b} 行动）"),
    ),
    "missing-draw": (
        ("{a:seat} must draw before it can {what:p}", "{a} 必须先摸牌才能{what}"),
        ("{s:seat} discards twice in a row", "{s} 连续打了两次牌"),
        ("{s:seat} discards without drawing; after {a:seat}'s discard, {b:seat} draws next",
         "{s} 没有摸牌就打牌；{a} 打牌之后应由 {b} 摸牌"),
    ),
    "missing-discard": (
        ("{s:seat} drew the last tile and must win or discard before the hand is exhausted",
         "{s} 摸了最后一张牌，荒庄之前必须胡牌或打牌"),
        ("{s:seat} is the dealer and holds 14 tiles: it discards first, without drawing",
         "{s} 是庄家，手里有 14 张牌：应先打牌，不摸牌"),
        ("{s:seat} draws again without discarding first", "{s} 没有打牌就再次摸牌"),
        ("{s:seat} draws, but {b:seat} has not discarded yet", "{s} 摸牌，但 {b} 还没有打牌"),
    ),
    "draw-mismatch": (
        ("{s:seat} draws {t:tile} ({c}), but the next tile {where:p} is {w:tile} ({wc})",
         "{s} 摸到 {t}（{c}），但{where}的下一张是 {w}（{wc}）"),
    ),
    "not-held": (
        ("{s:seat} {what:p} but holds {held:p} of {t:tile} ({c}) where {n:n} {v:w} needed; {s2:seat} holds {h}",
         "{s} {what}，但手里的 {t}（{c}）只有 {held} 张，需要 {n} 张；{s2} 的手牌是 {h}"),
        ("{s:seat} {what:p} but holds {held:p} of {t:tile} ({c}) where {n:n} {v:w} needed; {s2:seat} holds ",
         "{s} {what}，但手里的 {t}（{c}）只有 {held} 张，需要 {n} 张；{s2} 手里没有牌"),
    ),
    "draw-past-reserve": (
        ("{s:seat} draws with {n:n} {t:w} left in the wall, but the last {r:n} are never drawn in {rs}: the hand "
         "should have ended (`exhausted`)",
         "{s} 在牌墙还剩 {n} 张时摸牌，但 {rs} 最后 {r} 张不摸：本局应已荒庄（`exhausted`）"),
        ("{s:seat} draws with no tile left in its own wall (it has drawn all {n:n}): the hand should have ended "
         "(`exhausted`)",
         "{s} 自己的牌墙已经没有牌（{n} 张都已摸完），却还在摸牌：本局应已荒庄（`exhausted`）"),
    ),
    "early-exhausted": (
        ("the hand is declared exhausted with {n:n} {t:w} left in the wall; it goes on until only {r:n} remain",
         "牌墙还剩 {n} 张时就宣布荒庄；应打到只剩 {r} 张为止"),
        ("the hand is declared exhausted, but {s:seat}, due to draw, has {n:n} {t:w} left in its own wall",
         "宣布荒庄，但轮到摸牌的 {s} 自己的牌墙还剩 {n} 张"),
    ),
    "action-after-end": (
        ("`{verb}` after the hand has ended; only fan and score lines may follow",
         "`{verb}` 出现在本局结束之后：之后只能有 `fan` 和 `score` 行"),
        ("{s:seat} declares a win after the hand has ended", "本局结束之后 {s} 又宣布胡牌"),
    ),
    "hand-not-ended": (
        ("hand {n:n} stops without a win or `exhausted`, and the next hand begins",
         "第 {n} 局既没有胡牌也没有 `exhausted` 就中断了，下一局已经开始"),
    ),
    "hand-incomplete": (
        ("hand {n:n} ends without a win or `exhausted`", "第 {n} 局结束时既没有胡牌也没有 `exhausted`"),
    ),
    "illegal-flower": (
        ("{rs} has no flowers to set aside", "{rs} 没有可以补的花牌"),
        ("{t:tile} ({c}) is not a flower", "{t}（{c}）不是花牌"),
    ),
    "flower-discarded": (_FLOWER_DISCARDED,),
    "flower-kept": (
        ("{s:seat} discards while holding {f:tile} ({c}): a flower is set aside (`flower`) on the seat's turn, "
         "before it discards",
         "{s} 手里有花牌 {f}（{c}）时打牌：花牌应在自己的回合、打牌之前补花（`flower`）"),
    ),
    "illegal-ready": (
        ("{rs} has no ready declaration (报听)", "{rs} 没有报听"),
        ("{s:seat} has already declared ready", "{s} 已经报听了"),
        ("{s:seat} declares ready, but {why:p}: a declaration is made only with one's first discard of the hand, "
         "in the first go-around (天听)",
         "{s} 报听，但{why}：只能在第一巡、随本局第一次打牌报听（天听）"),
    ),
    "ready-without-discard": (
        ("{s:seat} declared ready but the next line is not {b:seat}'s discard", "{s} 报听了，但下一行不是 {b} 的打牌"),
    ),
    "not-ready": (
        ("{s:seat} declared ready, but after discarding {t:tile} the hand waits on nothing",
         "{s} 报听，但打出 {t} 后手牌不听任何牌"),
        ("{s:seat} declares ready, but after discarding {t:tile} the hand ({h}) waits on nothing",
         "{s} 报听，但打出 {t} 后手牌（{h}）不听任何牌"),
        ("{s:seat} declares ready, but after discarding {t:tile} the hand ({h}) waits on no tile that makes a "
         "winning hand (four sets and a pair with a pong, a chow, a 1/9/红中 and two suits)",
         "{s} 报听，但打出 {t} 后手牌（{h}）听不到能成胡的牌"
         "（四组牌加一对将，须有刻子、顺子、幺九或红中，且至少两门花色）"),
        ("{s:seat} declares riichi, but after discarding {t:tile} the hand ({h}) waits on nothing",
         "{s} 立直，但打出 {t} 后手牌（{h}）不听任何牌"),
    ),
    "ready-hand-changed": (
        ("{s:seat} declared ready (天听) and discards {t:tile}; a ready hand discards the tile just drawn, {d:tile}",
         "{s} 已天听，却打出 {t}；听牌后只能打出刚摸到的 {d}"),
        ("{s:seat} declared ready (天听) and may not {k:w}: a ready hand changes only by the tile it draws",
         "{s} 已天听，不能{k}：听牌后手牌只随摸到的牌变化"),
        ("{s:seat} has declared ready and discards {t:tile}; after 报听 a player discards {last:p}",
         "{s} 已报听，却打出 {t}；报听后应打出{last}"),
        ("{s:seat} has declared ready and may not {k:w}: after 报听 the concealed tiles change only by the drawn tile",
         "{s} 已报听，不能{k}：报听后暗手只随摸到的牌变化"),
    ),
    "missing-bao": (
        ("{due:p}, but the next line is not a `bao` line", "{due}，但下一行不是 `bao` 行"),
        ("{due:p}; the `bao` line comes late, at line {n:n}, after tiles were drawn",
         "{due}；`bao` 行来得太晚，在第 {n} 行，此前已有人摸牌"),
    ),
    "bao-mismatch": (
        ("the 宝 is turned as {t:tile} ({c}), but it is {e:tile} ({ec})",
         "翻出的宝牌是 {t}（{c}），但应为 {e}（{ec}）"),
        ("the 宝 is turned as {t:tile} ({c}), but {where:p} is {e:tile} ({ec})",
         "翻出的宝牌是 {t}（{c}），但{where}是 {e}（{ec}）"),
    ),
    "bao-misplaced": (
        ("a 宝 is turned as {t:tile} ({c}), but {why:p}", "翻出宝牌 {t}（{c}），但{why}"),
    ),
    "ready-too-few-tiles": (
        ("{s:seat} declares ready with {n:n} {t:w} left in hand after the discard; a ready declaration needs at "
         "least 4 (手中至少剩四张牌才可以报听)",
         "{s} 报听，但打牌后手中只剩 {n} 张牌；手中至少剩四张牌才可以报听"),
    ),
    "ready-not-open": (
        ("{s:seat} declares ready without an exposed meld; with require_open a player must chow, pong or kong first",
         "{s} 没有明的副露就报听；在 require_open 下必须先吃、碰或杠"),
    ),
    "kong-breaks-ready": (
        ("{s:seat} declared ready (天听), but a kong of {t:tile} would change the tiles it waits on",
         "{s} 已天听，但杠 {t} 会改变所听的牌"),
        ("{s:seat} declared ready, but {verb:p} of {t:tile} leaves {h} waiting on nothing: after 报听 a kong must "
         "keep the hand ready",
         "{s} 已报听，但{verb} {t} 后手牌 {h} 不听任何牌：报听后开杠必须仍然听牌"),
        ("{s:seat} declared ready, but {verb:p} of {t:tile} leaves {h} waiting on nothing: after a ready "
         "declaration a kong must keep the hand ready",
         "{s} 已报听，但{verb} {t} 后手牌 {h} 不听任何牌：报听后开杠必须仍然听牌"),
    ),
    "illegal-event": (
        ("{rs} has no {ev:p} (`{name}` lines); did you mean `{m}`?", "{rs} 没有{ev}（`{name}` 行）；是不是 `{m}`？"),
        ("{rs} has no {ev:p} (`{name}` lines)", "{rs} 没有{ev}（`{name}` 行）"),
    ),
    "illegal-claim": (
        ("{rs} has no {k:w}: {s:seat} cannot {k2:w}", "{rs} 没有{k}：{s} 不能{k2}"),
        ("{s:seat} cannot claim its own discard", "{s} 不能吃碰自己打出的牌"),
    ),
    "stale-claim": (_CANNOT_CLAIM,),
    "late-claim": (_CANNOT_CLAIM,),
    "late-kong": (
        ("{s:seat} cannot declare {what:p} {t:tile}: {why:p}", "{s} 不能{what} {t}：{why}"),
    ),
    "claim-mismatch": (
        ("{a:seat} claims {t:tile} with {k:w}, but the last discard is {b:seat}'s {t2:tile}",
         "{a} {k} {t}，但最后一张弃牌是 {b} 的 {t2}"),
    ),
    "claim-priority": (
        ("{a:seat}'s {k:w} of {t:tile} comes after {by:seat}'s {taken:w} of it, but {k2:w} takes priority over "
         "{taken2:w}: {by2:seat} could not {taken3:w}",
         "{a} {k} {t} 写在 {by} {taken}这张牌之后，但{k2}优先于{taken2}：{by2} 不能{taken3}"),
        ("{first:seat}'s win on {what:p} is taken over by {s:seat}, who comes first counter-clockwise from "
         "{src:seat}: {rs} has one winner per tile",
         "{first} 胡{what}被 {s} 截胡：从 {src} 起按逆时针方向 {s} 在前；{rs} 一张牌只有一家胡"),
        ("{s:seat}'s win on {t:tile} comes after {b:seat}'s {k:w} of it, but a win takes priority",
         "{s} 胡 {t} 写在 {b} {k}这张牌之后，但胡牌优先"),
    ),
    "claim-after-pass": (
        ("{s:seat} passed on {t:tile} and cannot then {k:w} it", "{s} 对 {t} 已选择过，不能再{k}"),
        ("{s:seat} passed on {t:tile} and cannot then win on it", "{s} 对 {t} 已选择过，不能再胡这张牌"),
    ),
    "illegal-chow": (
        ("{a:seat} cannot chow {t:tile} from {b:seat}: only {c:seat}, {d:seat}'s next seat, may chow",
         "{a} 不能吃 {b} 的 {t}：只有 {d} 的下家 {c} 可以吃"),
        ("{ts} is not a run of one suit", "{ts} 不是同一花色的顺子"),
    ),
    "caishen-in-meld": (
        ("{s:seat} uses {t:tile} ({c}), a 财神 this hand, to {v:w}: a 财神 may not be melded",
         "{s} 用本局的财神 {t}（{c}）来{v}：财神不能用于吃碰杠"),
    ),
    "pointless-pass": (
        ("{s:seat} passes, but there is no discard to claim", "{s} 选择过，但没有可以吃碰的弃牌"),
        ("{s:seat} passes on its own discard", "{s} 对自己的弃牌选择过"),
    ),
    "illegal-addkong": (
        ("{s:seat} has no exposed pong of {t:tile} to add the fourth tile to", "{s} 没有 {t} 的明碰，无法加杠"),
    ),
    "missing-replacement": (
        ("{a:seat} must draw a replacement tile before {b:seat} can {what:p}", "{b} {what}之前，{a} 必须先摸补牌"),
        ("{s:seat} must draw a replacement tile after the kong before any discard", "杠后 {s} 必须先摸补牌才能打牌"),
        ("{s:seat} must draw a replacement tile after the kong", "杠后 {s} 必须摸补牌"),
        ("{s:seat} must draw the replacement tile after the kong before it can win", "杠后 {s} 必须先摸补牌才能胡"),
    ),
    "illegal-win": (
        ("{s:seat} declares a win right after a claim, without drawing: a win on a discard is declared instead of "
         "the chow or pong, and a self-drawn win needs a draw",
         "{s} 吃碰之后没有摸牌就宣布胡牌：胡别人打出的牌应代替吃或碰来宣布，自摸胡需要先摸牌"),
        ("{s:seat} cannot rob {b:seat}'s kong: only an added kong can be robbed, not a concealed or exposed one",
         "{s} 不能抢 {b} 的杠：只有加杠可以被抢，暗杠和明杠不行"),
        ("{s:seat} cannot rob its own kong", "{s} 不能抢自己的杠"),
        ("{s:seat} may not rob {b:seat}'s kong of {t:tile}: {text:p}", "{s} 不可以抢 {b} 杠的 {t}：{text}"),
        ("{s:seat} cannot win on its own discard", "{s} 不能胡自己打出的牌"),
        ("{s:seat} declares a win on {b:seat}'s discard {t:tile}, but in {rs} a hand is won only on one's own "
         "draw (自摸)",
         "{s} 宣布胡 {b} 打出的 {t}，但 {rs} 只能自摸胡牌"),
    ),
    "not-a-win": (
        ("{s:seat} declares a win, but {r:p}", "{s} 宣布胡牌，但{r}"),
    ),
    "hu-tile-mismatch": (
        ("{a:seat} names {t:tile} as the winning tile, but it is {b:tile}", "{a} 写的胡牌是 {t}，实际是 {b}"),
    ),
    "multiple-winners": (
        ("{s:seat} cannot also win on {what:p}: {first:seat} already did and {rs} has one winner per tile",
         "{s} 不能也胡{what}：{first} 已经胡了，{rs} 一张牌只有一家胡"),
    ),
    "unchecked-win": (
        ("{a:seat}'s win cannot be checked: its tiles are not known since line {n:n}",
         "{a} 的胡牌无法检查：从第 {n} 行起其手牌已不确定"),
    ),
    "fan-mismatch": (
        ("a value is recorded for {a:seat}, but {b:seat} did not win this hand (winner: {w:p})",
         "记录了 {a} 的番数，但 {b} 本局没有胡牌（胡牌者：{w}）"),
        ("{s:seat}'s value: {probs:ps} (the rules: {t:n} {u:w} = {items:items})",
         "{s} 的番数：{probs}（按规则：{t}{u} = {items}）"),
    ),
    "unknown-fan-item": (
        ("{name} is not a value item of {rs}; its items are: {known}", "{name} 不是 {rs} 的番种；它的番种有：{known}"),
        ("{name} is not a value item of {rs} either", "{name} 也不是 {rs} 的番种"),
    ),
    "score-mismatch": (
        ("payments differ: {shown:ps} ({why:ps})", "收付不符：{shown}（{why}）"),
    ),
    "final-mismatch": (
        ("[Final {s:seat}] records {a:n}; the rules give {b:n} ({x:n} at the start, {y:n} in payments)",
         "[Final {s}] 记录为 {a}；按规则为 {b}（起始 {x}，收付 {y}）"),
        ("[Final {s:seat}] records {a:n}; the rules give {b:n} ({x:n} at the start, {y:n} in payments, {z:n} at the "
         "end of the game)",
         "[Final {s}] 记录为 {a}；按规则为 {b}（起始 {x}，收付 {y}，终局时 {z}）"),
    ),
    "points-mismatch": (
        ("[Points {s:seat}] records {a}; the rules give {b} ({why:p})",
         "[Points {s}] 记录为 {a}；按规则为 {b}（{why}）"),
    ),
    "points-unchecked": (
        ("[Points] is recorded, but {r} has no rule for final points: they are kept, not checked",
         "记录了 [Points]，但 {r} 没有终局得分的规则：予以保留，不作检查"),
    ),
    "score-unbalanced": (
        ("the recorded payments add up to {n:n}, not 0", "记录的收付合计为 {n}，不是 0"),
    ),
    "misplaced-result": (
        ("`{verb}` line before the hand has ended", "`{verb}` 行出现在本局结束之前"),
    ),
    "teaching-discard": (
        ("{s:seat} discards {t:tile}: {rest:ps}", "{s} 打出 {t}：{rest}"),
    ),
    "teaching-danger": (
        ("late in the hand ({n:n} tiles left), {s:seat} discards {t:tile}, a kind nobody has discarded yet: {say}; "
         "{near} are dangerous now",
         "后局（还剩 {n} 张），{s} 打出生张 {t}：{say}；现在 {near} 危险"),
    ),
    "missed-win": (
        ("{s:seat} could have won on the drawn {t:tile}: {n:n} {u:w} ({items:items})",
         "{s} 摸到 {t} 时本可以胡：{n}{u}（{items}）"),
    ),
    "missed-claim": (
        ("{s:seat} could have won on {b:seat}'s {t:tile}: {n:n} {u:w} ({items:items})",
         "{s} 本可以胡 {b} 打出的 {t}：{n}{u}（{items}）"),
    ),
}

WORDS.update({"nothing": "无", "no items": "无"})
