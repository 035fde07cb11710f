"""The resource limits paipu enforces (docs/limits.md states each one and what happens past it).

Every limit is far above any real session; input past one is refused with a finding or
a clean exit 2, so that no input can make paipu use time or memory out of proportion.
"""

from __future__ import annotations

import re

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest record file read (and the largest a ``.gz`` record may decompress to)."""

MAX_LINE_CHARS = 100_000
"""The longest line read; a longer line is one ``too-long`` finding and is not parsed."""

MAX_TILES_PER_LINE = 1_000
"""The most tiles one line may hold (a wall holds 144)."""

MAX_HANDS = 10_000
"""The most hands one record may hold."""

MAX_LINES = 1_000_000
"""The most lines one record may hold (actions, setup and results together)."""

MAX_INDEX_DIGITS = 9
"""The most digits in a hand number or a dice value."""

MAX_VALUE_DIGITS = 12
"""The most digits in a fan total, a fan item's value or a score."""

MAX_JOBS = 256
"""The most worker processes ``--jobs`` starts."""

MAX_MUTANTS_PER_KIND = 10_000
"""The most mutants of one kind ``paipu mutate --per-kind`` asks for."""

MAX_FINDINGS_SHOWN_PER_LINE = 1_000
"""Past this many findings on one line, the rest are counted in one finding."""


def digits_over(text: str, limit: int) -> bool:
    """Whether the number written as ``text`` (an optional sign, then digits) has more than ``limit`` digits."""
    return len(text.lstrip("+-")) > limit


def control_escaped(text: str) -> str:
    """``text`` with every control character (other than tab) shown as an escape such as ``\\x1b``.

    Record text is echoed to terminals; a raw escape sequence from a hostile record could
    clear the screen or print a fake verdict."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\t\u3000" or not _control(ch) else _escape(ch) for ch in text)


def _control(ch: str) -> bool:
    """Whether a terminal could act on ``ch`` rather than show it: C0 and C1 controls (U+0080 to
    U+009F: a lone U+009B is an escape sequence's start on some terminals), DEL, the line and
    paragraph separators, and the bidirectional marks, embeddings, overrides and isolates
    that reorder what is shown."""
    o = ord(ch)
    return (o < 0x20 or 0x7F <= o < 0xA0 or o in (0x061C, 0x200E, 0x200F, 0x2028, 0x2029)
            or 0x202A <= o <= 0x202E or 0x2066 <= o <= 0x2069)


_UNSAFE = "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
"""Every character `_control` names but C0, for JSON text: `json.dumps` escapes C0 in strings
itself, and outside strings C0 is the layout of indented JSON.  Compiled when first used (by
`re`, which keeps it): a check that writes no JSON does without."""


def json_escaped(text: str) -> str:
    """JSON ``text`` with every character a terminal could act on written as a ``\\uXXXX``
    escape: the same JSON value, safe to print (`json.dumps` with ``ensure_ascii=False``
    escapes C0 controls but writes C1 controls, DEL and bidirectional overrides raw)."""
    return re.sub(_UNSAFE, lambda m: f"\\u{ord(m.group()):04x}", text)


def json_text(value: object, **options: object) -> str:
    """``json.dumps(value, ensure_ascii=False, **options)``, safe to print (`json_escaped`)."""
    import json  # (a check that prints no JSON needs none)

    return json_escaped(json.dumps(value, ensure_ascii=False, **options))  # type: ignore[arg-type]


def _escape(ch: str) -> str:
    o = ord(ch)
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}"
