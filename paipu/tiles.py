"""Tiles and tile lists in the notation of the record format.

A tile is one of 42 kinds: 1m-9m (万), 1p-9p (筒), 1s-9s (条), 1z-7z (东 南 西 北 白 发 中)
and the flowers 1f-8f (春 夏 秋 冬 梅 兰 竹 菊).  Each kind has a fixed *index* (0-41) so
that hot paths can work on count arrays; the `Tile` objects themselves are interned, so
``Tile.parse("5m") is Tile.parse("5m")``.

Rulesets played with red fives (riichi) write them ``0m 0p 0s``.  A red five is not a 43rd
kind: it is a five with ``red`` set, of the five's index, equal to the plain five and with
its hash, so counts, shapes, claims and waits see a five; only what counts red dora asks
``tile.red``.  The three red fives are interned too (``RED_FIVES``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from paipu.errors import TileError

SUITS: Final = "mpszf"
"""Suit letters in index order: characters, dots, bamboo, honours, flowers."""

_SUIT_SIZE: Final = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}

NUM_KINDS: Final = 42
"""Number of tile kinds, flowers included."""
NUM_PLAY_KINDS: Final = 34
"""Kinds that can be in a winning hand (suits and honours, no flowers)."""

_HONOUR_CHARS: Final = "东南西北白发中"
_FLOWER_CHARS: Final = "春夏秋冬梅兰竹菊"
_ENGLISH_HONOURS: Final = ("East", "South", "West", "North", "White", "Green", "Red")
_ENGLISH_FLOWERS: Final = (
    "Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum",
)
_CHINESE_DIGITS: Final = "一二三四五六七八九"
_SUIT_CHARS: Final = {"m": "万", "p": "筒", "s": "条"}


class Tile:
    """One tile kind: an immutable, interned value.

    ``repr`` is the code that builds it (``Tile.parse('5m')``) and ``str`` is the canonical
    notation (``5m``).  Tiles order by index, which sorts a hand the usual way (m p s z f).
    """

    __slots__ = ("index", "rank", "red", "suit", "text")

    index: int
    suit: str
    rank: int
    red: bool
    """A red five (赤五, written ``0m 0p 0s``): equal to the plain five, told apart only here."""
    text: str
    """The canonical notation (``5m``, ``0p``): `str` of the tile, written once."""

    def __init__(self, suit: str, rank: int, red: bool = False) -> None:
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "index", _SUIT_BASE[suit] + rank - 1)
        object.__setattr__(self, "red", red)
        object.__setattr__(self, "text", f"{'0' if red else rank}{suit}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        if self.red:
            return (red_five_of_index, (self.index,))
        return (tile_from_index, (self.index,))

    @staticmethod
    def parse(text: str, *, red_fives: bool = False) -> Tile:
        """Parse a single tile in any accepted notation (``5m``, ``5万``, ``东``, ``1z``; with
        ``red_fives``, ``0m`` is the red five)."""
        tiles = parse_tiles(text, red_fives=red_fives)
        if len(tiles) != 1:
            raise TileError(f"expected one tile, got {len(tiles)} in {text!r}")
        return tiles[0]

    @staticmethod
    def from_index(index: int) -> Tile:
        return tile_from_index(index)

    @property
    def plain(self) -> Tile:
        """The tile without its red mark (a red five's plain five; any other tile itself)."""
        return ALL_TILES[self.index]

    @property
    def digit(self) -> str:
        """The rank as the notation writes it: ``0`` for a red five."""
        return self.text[0]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Tile.parse('{self}', red_fives=True)" if self.red else f"Tile.parse('{self}')"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Tile) and other.index == self.index)

    @property
    def is_suited(self) -> bool:
        """A numbered tile of 万, 筒 or 条."""
        return self.suit in "mps"

    @property
    def is_honour(self) -> bool:
        return self.suit == "z"

    @property
    def is_wind(self) -> bool:
        return self.suit == "z" and self.rank <= 4

    @property
    def is_dragon(self) -> bool:
        return self.suit == "z" and self.rank >= 5

    @property
    def is_flower(self) -> bool:
        return self.suit == "f"

    @property
    def is_terminal(self) -> bool:
        """A 1 or 9 of a suit."""
        return self.is_suited and self.rank in (1, 9)

    @property
    def chinese(self) -> str:
        """The usual Chinese name: 五万, 东, 春."""
        if self.suit == "z":
            return _HONOUR_CHARS[self.rank - 1]
        if self.suit == "f":
            return _FLOWER_CHARS[self.rank - 1]
        return ("赤" if self.red else "") + _CHINESE_DIGITS[self.rank - 1] + _SUIT_CHARS[self.suit]

    @property
    def english(self) -> str:
        if self.suit == "z":
            return _ENGLISH_HONOURS[self.rank - 1]
        if self.suit == "f":
            return _ENGLISH_FLOWERS[self.rank - 1]
        name = {"m": "characters", "p": "dots", "s": "bamboo"}[self.suit]
        return f"{'red ' if self.red else ''}{self.rank} {name}"


ALL_TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(suit, rank) for suit in SUITS for rank in range(1, _SUIT_SIZE[suit] + 1)
)
assert len(ALL_TILES) == NUM_KINDS


RED_FIVES: Final[tuple[Tile, ...]] = tuple(Tile(suit, 5, red=True) for suit in "mps")
"""The red fives 0m, 0p, 0s (interned): each equal to its plain five."""
_RED_BY_SUIT: Final = {t.suit: t for t in RED_FIVES}
_RED_BY_INDEX: Final = {t.index: t for t in RED_FIVES}


def tile_from_index(index: int) -> Tile:
    """The interned tile with this index (0-41)."""
    return ALL_TILES[index]


def red_five_of_index(index: int) -> Tile:
    """The interned red five of a five's index (4, 13 or 22)."""
    return _RED_BY_INDEX[index]


def same_face(a: Tile, b: Tile) -> bool:
    """The same tile as printed: equal kinds and both red or both plain."""
    return a.index == b.index and a.red == b.red


# Aliases for single Chinese characters standing for a whole tile.
_SINGLE_ALIASES: Final[dict[str, Tile]] = {}
for _i, _ch in enumerate(_HONOUR_CHARS):
    _SINGLE_ALIASES[_ch] = ALL_TILES[27 + _i]
for _i, _ch in enumerate(_FLOWER_CHARS):
    _SINGLE_ALIASES[_ch] = ALL_TILES[34 + _i]
_SINGLE_ALIASES.update({"東": ALL_TILES[27], "發": ALL_TILES[32], "蘭": ALL_TILES[34 + 5]})
# Traditional and alternative forms of the other honours, accepted on input.
_SINGLE_ALIASES.update({"発": ALL_TILES[32]})

_SUIT_ALIASES: Final = {
    "万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p", "条": "s", "條": "s", "索": "s",
}
_DIGITS: Final = {str(d): d for d in range(10)} | {c: i + 1 for i, c in enumerate(_CHINESE_DIGITS)}

SINGLE_ALIAS_CHARS: Final = "".join(sorted(_SINGLE_ALIASES))
SUIT_ALIAS_CHARS: Final = "".join(sorted(_SUIT_ALIASES))
CHINESE_DIGIT_CHARS: Final = _CHINESE_DIGITS

_GROUP_PATTERN: Final = (
    rf"(?P<digits>[0-9{_CHINESE_DIGITS}]+)(?P<suit>[mpszf{SUIT_ALIAS_CHARS}])"
    rf"|(?P<single>[{SINGLE_ALIAS_CHARS}])"
)
_GROUP_RE: list[re.Pattern[str]] = []
"""`_GROUP_PATTERN` compiled, when first needed: its Chinese characters make it slow to compile,
and a packed ASCII group (``1123m``), as records write them, is read without it."""


def _group_re() -> re.Pattern[str]:
    if not _GROUP_RE:
        _GROUP_RE.append(re.compile(_GROUP_PATTERN))
    return _GROUP_RE[0]


_SPACE_RE: list[re.Pattern[str]] = []
"""What may separate two groups (white space and commas), compiled when a tile list is first read."""


def _space_re() -> re.Pattern[str]:
    if not _SPACE_RE:
        _SPACE_RE.append(re.compile(r"[\s,]*"))
    return _SPACE_RE[0]

VALID_TILES_TEXT: Final = (
    "valid tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z (东 南 西 北 白 发 中) and 1f-8f (春 夏 秋 冬 梅 兰 竹 菊)"
)


def _group_tiles(digits: str, suit_text: str, red_fives: bool = False) -> list[Tile]:
    suit = _SUIT_ALIASES.get(suit_text, suit_text)
    if suit_text in _SUIT_ALIASES and len(digits) > 1 and not digits.isascii():
        # 一二万 is not a notation anyone writes; a Chinese numeral names one tile.
        raise TileError(f"bad tile {digits}{suit_text}: write one Chinese numeral per tile")
    size = _SUIT_SIZE[suit]
    out: list[Tile] = []
    for ch in digits:
        rank = _DIGITS[ch]
        if rank == 0 and red_fives and suit_text in _RED_BY_SUIT:
            out.append(_RED_BY_SUIT[suit])
            continue
        if not 1 <= rank <= size:
            detail = "" if len(digits) == 1 else f" ({ch}{suit} is not a tile; packed ranks are single digits)"
            raise TileError(f"bad tile {digits}{suit_text}{detail}: {VALID_TILES_TEXT}")
        out.append(ALL_TILES[_SUIT_BASE[suit] + rank - 1])
    return out


def parse_tile_group(text: str, *, red_fives: bool = False) -> list[Tile]:
    """Parse one packed group (``1123m``, ``5万``, ``东``) with nothing around it; with
    ``red_fives``, a ``0`` of m, p or s is the red five."""
    if text.isascii() and len(text) >= 2 and text[-1] in SUITS and text[:-1].isdigit():
        return _group_tiles(text[:-1], text[-1], red_fives)
    m = _group_re().fullmatch(text)
    if m is None:
        raise TileError(f"bad tile {text!r}: {VALID_TILES_TEXT}")
    if m.group("single"):
        return [_SINGLE_ALIASES[m.group("single")]]
    return _group_tiles(m.group("digits"), m.group("suit"), red_fives)


def parse_tiles(text: str, *, red_fives: bool = False) -> tuple[Tile, ...]:
    """Parse a tile list: single tiles, packed runs and Chinese aliases, in any mix (with
    ``red_fives``, ``0m 0p 0s`` are the red fives, as records write them).

    >>> format_tiles(parse_tiles("1123m 东 5万"))
    '1123m 1z 5m'
    """
    out: list[Tile] = []
    space = _space_re()
    pos = space.match(text, 0).end()  # type: ignore[union-attr]
    n = len(text)
    while pos < n:
        m = _group_re().match(text, pos)
        if m is None:
            end = pos
            while end < n and not text[end].isspace():
                end += 1
            bad = text[pos:end]
            if re.fullmatch(r"\d+", bad):
                raise TileError(f"bad tile {bad!r}: a tile needs its suit letter; {VALID_TILES_TEXT}")
            raise TileError(f"bad tile {bad!r}: {VALID_TILES_TEXT}")
        if m.group("single"):
            out.append(_SINGLE_ALIASES[m.group("single")])
        else:
            out.extend(_group_tiles(m.group("digits"), m.group("suit"), red_fives))
        pos = m.end()
        if pos < n and not (text[pos].isspace() or text[pos] == ","):
            # Packed groups may follow each other directly (123m456p), like Tenhou's notation.
            continue
        pos = space.match(text, pos).end()  # type: ignore[union-attr]
    return tuple(out)


def format_tiles(tiles: Iterable[Tile], *, packed: bool = True) -> str:
    """Write tiles in canonical notation, keeping their order.

    Consecutive tiles of one suit are packed (``1m 1m 2m`` -> ``112m``); groups are
    separated by a space.  ``packed=False`` writes every tile on its own.
    """
    if not packed:
        return " ".join(str(t) for t in tiles)
    parts: list[str] = []
    digits: list[str] = []
    suit = ""
    for t in tiles:
        if t.suit != suit and digits:
            parts.append("".join(digits) + suit)
            digits = []
        suit = t.suit
        digits.append(t.digit)
    if digits:
        parts.append("".join(digits) + suit)
    return " ".join(parts)


def sort_key(tile: Tile) -> tuple[int, bool]:
    """Index order, a plain five before its red five: the canonical order of a deal."""
    return (tile.index, tile.red)


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=sort_key))


def counts(tiles: Iterable[Tile]) -> list[int]:
    """A 42-slot count array (index order) of a tile list."""
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t.index] += 1
    return c


def tiles_from_counts(c: Sequence[int]) -> tuple[Tile, ...]:
    return tuple(ALL_TILES[i] for i, n in enumerate(c) for _ in range(n))


def next_kind(tile: Tile) -> Tile:
    """The next kind in its cycle: 9→1 in a suit, 东→南→西→北→东, 白→发→中→白.

    Used by the 财神 (two consecutive kinds) and 宝牌 (the next kind is also 宝) rules.
    """
    if tile.suit in "mps":
        return ALL_TILES[_SUIT_BASE[tile.suit] + tile.rank % 9]
    if tile.suit == "z":
        if tile.rank <= 4:
            return ALL_TILES[27 + tile.rank % 4]
        return ALL_TILES[27 + 4 + (tile.rank - 4) % 3]
    return ALL_TILES[34 + tile.rank % 8]
