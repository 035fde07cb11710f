"""Hints for words a record misspells: "did you mean 'draw'?".

One table per place a word stands in a line (the first word: a seat or a line keyword; the
word after a seat: a verb; later words: tiles), and one function, `hint_for`, that answers
for a word in its place.  A word is hinted, in this order of trust:

1. by the table of other games' and platforms' words (``pung`` → ``pong``, ``tsumo`` → ``hu``);
2. written in another case (``Discard`` → ``discard``, ``8M`` → ``8m``, ``s`` → ``S``);
3. by edit distance (a letter wrong, missing, extra, or two letters swapped: ``drwa`` → ``draw``),
   at most 1 for a word of up to four letters and 2 for a longer one; every word at the
   smallest distance is offered, so an ambiguous word (``adkong``: ``addkong`` or ``ankong``)
   has no single reading;
4. a verb with letters run on (``drawing`` → ``draw``).

The grammar (record.lark) stays the definition of the language: a hint is only a candidate
that `paipu.grammar.recovery` keeps when the line, so corrected, parses.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Final

SEATS: Final = ("E", "S", "W", "N")

VERBS: Final = ("draw", "discard", "chow", "pong", "kong", "ankong", "addkong", "flower", "ready", "hu", "pass")
"""The seat verbs, as the grammar spells them (the English ones: the canonical words)."""

LINE_WORDS: Final = ("hand", "dealer", "wall", "dice", "deal", "exhausted", "abort", "fan", "score")
"""The keywords that start a line."""

KEYWORDS: Final = frozenset((
    *VERBS, *LINE_WORDS, "tai",
    "摸", "打", "吃", "碰", "杠", "槓", "暗杠", "暗槓", "补杠", "補槓", "花", "听", "聽", "胡", "和", "过", "過",
    "庄", "流局", "途中流局", "台", "番", "臺", "分",
))
"""Every keyword of the grammar, English and Chinese: a word that needs no hint."""

OTHER_WORDS: Final[Mapping[str, str]] = {
    # Riichi and other Japanese terms (the riichi ruleset writes its moves with paipu's verbs).
    "pon": "pong", "pung": "pong", "chi": "chow", "chii": "chow", "chee": "chow", "kan": "kong",
    "minkan": "kong", "daiminkan": "kong", "ankan": "ankong", "kakan": "addkong", "shouminkan": "addkong",
    "chakan": "addkong", "riichi": "ready", "reach": "ready", "richi": "ready", "tsumo": "hu", "ron": "hu",
    "agari": "hu", "mahjong": "hu", "mahjongg": "hu", "win": "hu", "tsumogiri": "discard",
    # Pinyin of the Chinese keywords.
    "mo": "draw", "mopai": "draw", "da": "discard", "dapai": "discard", "peng": "pong", "gang": "kong",
    "minggang": "kong", "angang": "ankong", "bugang": "addkong", "jiagang": "addkong", "buhua": "flower",
    "ting": "ready", "baoting": "ready", "lizhi": "ready", "guo": "pass", "zimo": "hu", "hule": "hu",
    # Other English words for the same moves.
    "discards": "discard", "draws": "draw", "drew": "draw", "discarded": "discard", "throw": "discard",
    "claim": "pong", "skip": "pass",
    # Chinese words for the same moves.
    "摸牌": "draw", "打牌": "discard", "打出": "discard", "自摸": "hu", "荣和": "hu", "榮和": "hu", "荣": "hu",
    "立直": "ready", "报听": "ready", "報聽": "ready", "补花": "flower", "補花": "flower", "明杠": "kong",
    "明槓": "kong", "加杠": "addkong", "加槓": "addkong",
}
"""Words of other games, platforms and languages for a verb, lower case."""

OTHER_LINE_WORDS: Final[Mapping[str, str]] = {
    "ryuukyoku": "exhausted", "ryukyoku": "exhausted", "draw_game": "exhausted", "liuju": "exhausted",
    "round": "hand", "kyoku": "hand", "game": "hand", "oya": "dealer", "zhuang": "dealer",
    "zhuangjia": "dealer", "haipai": "deal", "fu": "fan", "points": "score", "scores": "score",
}
"""Words of other games and platforms for a line keyword, lower case."""

SEAT_WORDS: Final[Mapping[str, str]] = {
    "east": "E", "south": "S", "west": "W", "north": "N",
}
"""Seats written as words (a seat is a fixed place; ``东`` and the other winds are read in
`wind_seats`, as the seat that has that wind in the hand)."""

WINDS: Final = {"东": 0, "東": 0, "南": 1, "西": 2, "北": 3}

_SUITS: Final[Mapping[str, str]] = {
    "m": "m", "p": "p", "s": "s", "z": "z", "f": "f",
    "man": "m", "wan": "m", "pin": "p", "tong": "p", "bing": "p", "sou": "s", "so": "s", "tiao": "s", "suo": "s",
}
_TILE_RE: Final = r"([0-9]+)([A-Za-z]+)|([A-Za-z]+)([0-9]+)"
_CANONICAL_TILE_RE: Final = r"[0-9]+[mpszf]"
"""(These two patterns are compiled on first use: only a line that does not parse needs them.)"""


def distance(a: str, b: str, cap: int = 3) -> int:
    """The optimal string alignment distance of ``a`` and ``b`` (a swap of two neighbours is one
    edit); anything past ``cap`` is ``cap + 1``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return min(prev[-1], cap + 1)


def _nearest(word: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    limit = 1 if len(word) <= 4 else 2
    scored = [(distance(word, c, limit), c) for c in choices]
    best = min((d for d, _ in scored), default=limit + 1)
    if best > limit:
        return ()
    return tuple(sorted(c for d, c in scored if d == best))


_WORD_LINE_KEYWORDS: Final = frozenset(("hand", "dice", "wall"))
"""Keywords that take what a ruleset's own line takes (numbers or tiles)."""


@functools.lru_cache(maxsize=1024)
def near_line_keyword(name: str) -> str | None:
    """The line keyword a ruleset's-own-line word is a near miss of (``hnad`` → ``hand``), if one:
    such a line is a syntax error with a hint (`paipu.grammar.recovery`), not a ruleset's line."""
    choices = line_word_hints(name)
    if len(choices) == 1 and choices[0] in _WORD_LINE_KEYWORDS and choices[0] != name:
        return choices[0]
    return None


def near_words(word: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The words of ``choices`` that ``word`` is a near miss of (a ruleset's own words: ``caishn`` →
    ``caishen``), empty when none is near."""
    return _nearest(word, choices) if word.isascii() and word not in choices else ()


def _run_on(word: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The longest of ``choices`` that ``word`` starts with, letters following (``drawing``)."""
    fits = [c for c in choices if word.startswith(c) and word[len(c):].isalpha()]
    return (max(fits, key=len),) if fits else ()


def verb_hints(word: str) -> tuple[str, ...]:
    """The verbs ``word`` may have meant (empty when none is near)."""
    low = word.lower()
    if low in OTHER_WORDS:
        return (OTHER_WORDS[low],)
    if low in VERBS:
        return (low,)
    if not low.isascii():
        return ()
    return _nearest(low, VERBS) or _run_on(low, VERBS)


def line_word_hints(word: str) -> tuple[str, ...]:
    """The line keywords ``word`` may have meant."""
    low = word.lower()
    if low in OTHER_LINE_WORDS:
        return (OTHER_LINE_WORDS[low],)
    if low in LINE_WORDS:
        return (low,)
    return _nearest(low, LINE_WORDS) if low.isascii() else ()


def seat_hints(word: str, wind_seats: Mapping[str, str]) -> tuple[str, ...]:
    """The seats ``word`` may have meant: ``s`` is ``S``, ``east`` is ``E``, and a wind (``东``)
    is the seat that has that wind in this hand (``wind_seats``), when that is known."""
    if word.upper() in SEATS and len(word) == 1:
        return (word.upper(),)
    if word.lower() in SEAT_WORDS:
        return (SEAT_WORDS[word.lower()],)
    if word in wind_seats:
        return (wind_seats[word],)
    return ()


def tile_hints(word: str) -> tuple[str, ...]:
    """The tiles (or packed runs) ``word`` may have meant: ``8M`` is ``8m``, ``m8`` is ``8m``,
    ``8man`` is ``8m``."""
    m = re.fullmatch(_TILE_RE, word)
    if m is None:
        return ()
    digits, letters = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    suit = _SUITS.get(letters.lower())
    if suit is None:
        return ()
    out = digits + suit
    return (out,) if out != word else ()


def wind_seats(dealer: str | None, seats: tuple[str, ...]) -> dict[str, str]:
    """Which seat has which wind in a hand dealt by ``dealer`` among ``seats`` (in turn order):
    the dealer is East (东), the next seat South, and so on.  With two seats only East is known."""
    if dealer is None or dealer not in seats:
        return {}
    out: dict[str, str] = {}
    for wind, k in WINDS.items():
        if len(seats) == 4:
            out[wind] = seats[(seats.index(dealer) + k) % 4]
        elif k == 0:
            out[wind] = dealer
    return out


TAGS: Final = ("Ruleset", "Option", "Player", "Score", "Final", "Points")
"""The header tags paipu reads (any other name is a free tag, kept as written)."""


def tag_hint(word: str, has_arg: bool) -> str | None:
    """The tag a free tag's name ``word`` surely meant: one of `TAGS` in another case, or a
    letter off one of six letters or more, and of its shape (only ``Ruleset`` takes no word
    before its value).  ``[Scorer "Bob"]`` and ``[Players "…"]`` have no word, so they stay
    free tags."""
    if word in TAGS:
        return None
    key = (word, has_arg)
    if key in _TAG_HINTS:
        return _TAG_HINTS[key]
    meant = _tag_hint(word, has_arg)
    if len(_TAG_HINTS) < _TAG_HINTS_MAX:
        _TAG_HINTS[key] = meant
    return meant


_TAG_HINTS: dict[tuple[str, bool], str | None] = {}
"""`tag_hint`'s answers: records repeat their free tags (``[Source …]``, ``[Event …]``) and each
answer costs an edit distance to every tag (a fifth of reading a simulated record's header)."""
_TAG_HINTS_MAX: Final = 10_000


def _tag_hint(word: str, has_arg: bool) -> str | None:
    low = word.lower()
    fits = [t for t in TAGS if has_arg == (t != "Ruleset")
            and (low == t.lower() or (len(t) >= 6 and distance(low, t.lower(), 1) <= 1))]
    return fits[0] if len(fits) == 1 else None


def is_tile_word(word: str) -> bool:
    return re.fullmatch(_CANONICAL_TILE_RE, word) is not None


def hint_message(word: str, place: str, choices: tuple[str, ...]) -> str:
    """``unknown word 'drwa' (did you mean 'draw'?)`` and its kin, one wording for every place."""
    what = {"seat": f"{word!r} is not a seat", "tile": f"{word!r} is not a tile"}.get(place, f"unknown word {word!r}")
    if not choices:
        return what
    return f"{what} (did you mean {' or '.join(repr(c) for c in choices)}?)"
