"""Tile pictures: one small SVG drawing per tile kind, defined once per report.

Each kind is drawn once, as an SVG image inlined (base64) in a CSS rule for its class
(``.t.m5``); every tile on the page is then an empty ``<i class="t m5">``.  That keeps a
100-hand report small (a tile costs about 20 bytes of HTML however often it is shown)
and makes every occurrence of a kind the same picture.  Readability beats ornament:
万 tiles carry their Chinese numeral over a red 万, 筒 tiles their dots, 条 tiles their
sticks, honours and flowers their character, and every suited tile and wind a small
index in the corner (the Arabic rank, or E S W N) so that a reader without a Chinese
font still tells them apart.
"""

from __future__ import annotations

import base64
from functools import cache
from typing import Final

from paipu.tiles import ALL_TILES, RED_FIVES, Tile

BACK: Final = "bk"
"""The class of a tile seen from the back (a hidden tile)."""

_W: Final = 30
_H: Final = 40
_CJK: Final = (
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','AR PL UMing CN',"
    "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',"
    "'WenQuanYi Micro Hei',serif"
)
_LATIN: Final = "'DejaVu Sans','Helvetica Neue',Arial,sans-serif"

_INK: Final = "#1d2b4f"
_RED: Final = "#c62828"
_GREEN: Final = "#1f7a3d"
_BLUE: Final = "#1f5fbf"

_NUMERALS: Final = "一二三四五六七八九"
_WIND_INDEX: Final = "ESWN"

# Dot positions (x, y, colour) on the 30x40 face, in the usual layouts.
_DOTS: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((15, 12.5, _GREEN), (15, 27.5, _BLUE)),
    3: ((8.5, 8.5, _BLUE), (15, 20, _RED), (21.5, 31.5, _GREEN)),
    4: ((9, 12.5, _BLUE), (21, 12.5, _GREEN), (9, 27.5, _GREEN), (21, 27.5, _BLUE)),
    5: ((8.5, 9, _BLUE), (21.5, 9, _GREEN), (15, 20, _RED), (8.5, 31, _GREEN), (21.5, 31, _BLUE)),
    6: ((9.5, 8, _GREEN), (20.5, 8, _GREEN), (9.5, 20.5, _RED), (20.5, 20.5, _RED),
        (9.5, 31.5, _RED), (20.5, 31.5, _RED)),
    7: ((7.5, 7, _GREEN), (15, 11, _GREEN), (22.5, 15, _GREEN), (9.5, 24, _RED), (20.5, 24, _RED),
        (9.5, 33, _RED), (20.5, 33, _RED)),
    8: ((9.5, 6.5, _BLUE), (20.5, 6.5, _BLUE), (9.5, 15.5, _BLUE), (20.5, 15.5, _BLUE),
        (9.5, 24.5, _BLUE), (20.5, 24.5, _BLUE), (9.5, 33.5, _BLUE), (20.5, 33.5, _BLUE)),
    9: ((7.5, 8, _BLUE), (15, 8, _BLUE), (22.5, 8, _BLUE), (7.5, 20, _RED), (15, 20, _RED),
        (22.5, 20, _RED), (7.5, 32, _GREEN), (15, 32, _GREEN), (22.5, 32, _GREEN)),
}
_DOT_R: Final = {2: 5.6, 3: 4.6, 4: 5.0, 5: 4.4, 6: 4.2, 7: 3.6, 8: 3.6, 9: 3.5}

# Bamboo sticks (x centre, y centre, colour) on the face; each stick is 9 units tall.
_STICKS: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((15, 12.5, _BLUE), (15, 27.5, _GREEN)),
    3: ((15, 12.5, _GREEN), (9.5, 27.5, _BLUE), (20.5, 27.5, _BLUE)),
    4: ((9.5, 12.5, _GREEN), (20.5, 12.5, _BLUE), (9.5, 27.5, _BLUE), (20.5, 27.5, _GREEN)),
    5: ((8.5, 12.5, _GREEN), (21.5, 12.5, _BLUE), (15, 20, _RED), (8.5, 27.5, _BLUE), (21.5, 27.5, _GREEN)),
    6: ((8, 12.5, _GREEN), (15, 12.5, _GREEN), (22, 12.5, _GREEN), (8, 27.5, _BLUE), (15, 27.5, _BLUE),
        (22, 27.5, _BLUE)),
    7: ((15, 8, _RED), (8, 20, _GREEN), (15, 20, _BLUE), (22, 20, _GREEN), (8, 31.5, _GREEN),
        (15, 31.5, _BLUE), (22, 31.5, _GREEN)),
    8: ((6.5, 12.5, _GREEN), (12.2, 12.5, _GREEN), (17.8, 12.5, _GREEN), (23.5, 12.5, _GREEN),
        (6.5, 27.5, _BLUE), (12.2, 27.5, _BLUE), (17.8, 27.5, _BLUE), (23.5, 27.5, _BLUE)),
    9: ((8, 8, _RED), (15, 8, _BLUE), (22, 8, _GREEN), (8, 20, _RED), (15, 20, _BLUE), (22, 20, _GREEN),
        (8, 32, _RED), (15, 32, _BLUE), (22, 32, _GREEN)),
}


def tile_class(tile: Tile) -> str:
    """The CSS class of a face: the suit letter and the rank (``m5``, ``z1``, ``f3``), and ``0``
    for a red five (``m0``), which has a picture of its own.

    One string per face, shared: a report names a tile's class for every tile it draws, and a
    new string each time would cost several times the record in memory."""
    if tile.red:
        return _RED_CLASSES.get(tile.suit, f"{tile.suit}0")
    cls = _CLASSES.get(tile.index)
    if cls is None or tile.suit != cls[0]:
        return f"{tile.suit}{tile.rank}"
    return cls


_CLASSES: dict[int, str] = {t.index: f"{t.suit}{t.rank}" for t in ALL_TILES}
_RED_CLASSES: dict[str, str] = {t.suit: f"{t.suit}0" for t in RED_FIVES}


def _face(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}">'
        '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#d8cfb4"/>'
        '<rect x="0.75" y="0.75" width="28.5" height="36.5" rx="3.5" fill="#fdfaf1" '
        'stroke="#a39a80" stroke-width="0.9"/>'
        f"{body}</svg>"
    )


def _text(x: float, y: float, size: float, colour: str, text: str, family: str = _CJK,
          weight: str = "normal") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}" text-anchor="middle" '
        f'font-family="{family}" font-weight="{weight}">{text}</text>'
    )


def _index(text: str, colour: str = _INK) -> str:
    # A light halo keeps the index legible where it overlaps a dot or a stick.
    return (
        f'<text x="4.6" y="8.2" font-size="6.6" fill="{colour}" text-anchor="middle" font-family="{_LATIN}" '
        f'font-weight="bold" stroke="#fdfaf1" stroke-width="1.8" paint-order="stroke">{text}</text>'
    )


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.62:.2f}" fill="#fdfaf1"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.34:.2f}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, colour: str, height: float = 9.0, width: float = 3.6) -> str:
    top = y - height / 2
    return (
        f'<rect x="{x - width / 2:.2f}" y="{top:.2f}" width="{width}" height="{height}" rx="1.6" '
        f'fill="{colour}"/>'
        f'<line x1="{x - width / 2:.2f}" y1="{y:.2f}" x2="{x + width / 2:.2f}" y2="{y:.2f}" '
        'stroke="#fdfaf1" stroke-width="0.8"/>'
    )


def _draw(tile: Tile) -> str:
    if tile.red:
        return _draw_red(tile)
    rank = tile.rank
    if tile.suit == "m":
        return _face(
            _index(str(rank))
            + _text(16.5, 17.5, 13.5, _INK, _NUMERALS[rank - 1], weight="bold")
            + _text(15, 34, 15, _RED, "万", weight="bold")
        )
    if tile.suit == "p":
        if rank == 1:
            body = (
                f'<circle cx="15" cy="20" r="10.5" fill="{_GREEN}"/>'
                '<circle cx="15" cy="20" r="8" fill="#fdfaf1"/>'
                f'<circle cx="15" cy="20" r="6" fill="{_RED}"/>'
                '<circle cx="15" cy="20" r="3.2" fill="#fdfaf1"/>'
                f'<circle cx="15" cy="20" r="1.6" fill="{_BLUE}"/>'
            )
        else:
            body = "".join(_dot(x, y, _DOT_R[rank], c) for x, y, c in _DOTS[rank])
        return _face(body + _index(str(rank)))
    if tile.suit == "s":
        if rank == 1:
            body = _stick(15, 20, _GREEN, height=24, width=6) + (
                f'<circle cx="15" cy="8.5" r="3" fill="{_RED}"/>'
            )
        else:
            body = "".join(_stick(x, y, c, 9.0 if rank != 8 else 10.0) for x, y, c in _STICKS[rank])
        return _face(body + _index(str(rank)))
    if tile.suit == "z":
        if rank <= 4:
            return _face(_index(_WIND_INDEX[rank - 1], _RED) + _text(15, 29, 20, _INK, tile.chinese, weight="bold"))
        colour = {5: _BLUE, 6: _GREEN, 7: _RED}[rank]
        frame = (
            f'<rect x="5" y="7" width="20" height="26" rx="2" fill="none" stroke="{_BLUE}" stroke-width="1.2"/>'
            if rank == 5 else ""
        )
        return _face(frame + _text(15, 28.5, 19, colour, tile.chinese, weight="bold"))
    # Flowers: the character, and the flower's number in the corner.
    colour = _RED if rank <= 4 else _GREEN
    return _face(_index(str(rank), colour) + _text(15, 29, 18, colour, tile.chinese, weight="bold"))


def _draw_red(tile: Tile) -> str:
    """A red five (赤五): the five drawn all in red on a face tinted pink, with a red frame and a
    red ``0`` index, so that it is told from the plain five at a glance and without colour."""
    if tile.suit == "m":
        body = (_text(16.5, 17.5, 13.5, _RED, _NUMERALS[4], weight="bold")
                + _text(15, 34, 15, _RED, "万", weight="bold"))
    elif tile.suit == "p":
        body = "".join(_dot(x, y, _DOT_R[5], _RED) for x, y, _ in _DOTS[5])
    else:
        body = "".join(_stick(x, y, _RED) for x, y, _ in _STICKS[5])
    frame = (f'<rect x="2.4" y="2.4" width="25.2" height="33.2" rx="2.6" fill="none" stroke="{_RED}" '
             'stroke-width="1.3"/>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}">'
        '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#d8cfb4"/>'
        '<rect x="0.75" y="0.75" width="28.5" height="36.5" rx="3.5" fill="#ffeef0" '
        'stroke="#a39a80" stroke-width="0.9"/>'
        f"{frame}{body}{_index('0', _RED)}</svg>"
    )


def _back() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}">'
        '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#d8cfb4"/>'
        '<rect x="0.75" y="0.75" width="28.5" height="36.5" rx="3.5" fill="#2e7d5b" '
        'stroke="#1b5a40" stroke-width="0.9"/>'
        '<rect x="4" y="4" width="22" height="30" rx="2" fill="none" stroke="#7fc4a3" stroke-width="0.8"/>'
        "</svg>"
    )


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


@cache
def tile_styles() -> tuple[tuple[str, str], ...]:
    """(CSS class, data URI of its picture) for every kind, the red fives and the back, in index order."""
    out = [(tile_class(t), _data_uri(_draw(t))) for t in (*ALL_TILES, *RED_FIVES)]
    out.append((BACK, _data_uri(_back())))
    return tuple(out)


def tile_svg(tile: Tile | None) -> str:
    """The SVG source of one kind (None: the back), for previews and tests."""
    return _back() if tile is None else _draw(tile)
