"""A message catalog that needs no change where a message is made.

Each entry pairs the English pattern of a message (the f-string of the code that makes it,
with its variable parts as ``{name}`` or ``{name:kind}``) with its template in another
language.  A message is matched against the patterns of its finding code; the variable
parts are carried over, translated first where their kind says so:

- ``{x}``: copied as written (``.+?``);
- ``{x:seat}`` a seat letter, ``{x:tile}`` a tile or a group of tiles in notation,
  ``{x:n}`` a number (signed, with thousands commas), all copied;
- ``{x:w}``: one word looked up in the catalog's word list (``pong`` → ``碰``);
- ``{x:p}``: a phrase translated by the catalog's fragments (a message part that other
  code builds: a reason, an explanation);
- ``{x:ps}``: phrases separated by ``; `` (outside brackets), each translated by the
  fragments;
- ``{x:or}``: a list ``a, b or c`` (outside brackets), each part translated by the fragments;
- ``{x:items}``: value items (``pinghu 1, dongfeng 2``), copied, or a word for none;
- ``{x:zh}``: text in Chinese characters (a saying quoted from the strategy text), copied.

``{{`` and ``}}`` stand for a brace of the text.

A message no pattern matches (or whose parts do not translate) is left in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)(?::(\w+))?\}")
"""A field, or a doubled brace standing for a brace of the text."""

_KIND_RE: dict[str, str] = {
    "": r".+?",
    "seat": r"[ESWN]",
    "tile": r"[0-9]+[mpszf](?: [0-9]+[mpszf])*",
    "n": r"[-+−±]?[0-9][0-9,]*",
    "w": r"[\w -]+?",
    "p": r".+?",
    "ps": r".+?",
    "or": r".+?",
    "items": r".+?",
    "zh": r"[^()]*[\u4e00-\u9fff][^()]*",
}

_ITEMS = re.compile(r"[^\s,]+ -?[0-9]+(?:, [^\s,]+ -?[0-9]+)*")
"""A list of value items as findings write them: ``pinghu 1, dongfeng 2``."""


class Entry:
    """One pattern and its template; the regexes are built when first needed (the literal
    head and tail turn most texts away before that)."""

    __slots__ = ("_regexes", "english", "head", "kinds", "tail", "template")

    def __init__(self, english: str, template: str) -> None:
        self.english = english
        self.template = template
        kinds: list[tuple[str, str]] = []
        for m in _FIELD.finditer(english):
            if m.group(1) is None:
                continue
            kind = m.group(2) or ""
            if kind not in _KIND_RE:
                raise ValueError(f"unknown field kind {kind!r} in {english!r}")
            kinds.append((m.group(1), kind))
        self.kinds: tuple[tuple[str, str], ...] = tuple(kinds)
        """(name, kind) of each field, in order."""
        used = {m.group(1) for m in _FIELD.finditer(template) if m.group(1)}
        missing = used - {n for n, _ in kinds}
        if missing:
            raise ValueError(f"template {template!r} uses fields {sorted(missing)} not in {english!r}")
        fields = [m for m in _FIELD.finditer(english) if m.group(1)]
        self.head = _unescape(english[: fields[0].start()]) if fields else _unescape(english)
        self.tail = _unescape(english[fields[-1].end() :]) if fields else ""
        """The literal text before the first field and after the last."""
        self._regexes: tuple[re.Pattern[str], ...] | None = None

    @property
    def regexes(self) -> tuple[re.Pattern[str], ...]:
        """The pattern with lazy fields, then (when it has free text fields) with greedy ones:
        where the first split of a text does not translate, the other may."""
        if self._regexes is None:
            self._regexes = _compile(self.english, self.kinds)
        return self._regexes


def compile_entry(english: str, template: str) -> Entry:
    return Entry(english, template)


def _compile(english: str, kinds: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], ...]:
    lazy: list[str] = []
    greedy: list[str] = []
    pos = 0
    for m in _FIELD.finditer(english):
        literal = re.escape(english[pos : m.start()])
        lazy.append(literal)
        greedy.append(literal)
        pos = m.end()
        if m.group(1) is None:
            lazy.append(re.escape(m.group(0)[0]))
            greedy.append(re.escape(m.group(0)[0]))
            continue
        pattern = _KIND_RE[m.group(2) or ""]
        lazy.append(f"(?P<{m.group(1)}>{pattern})")
        greedy.append(f"(?P<{m.group(1)}>{pattern.replace('+?', '+')})")
    lazy.append(re.escape(english[pos:]))
    greedy.append(re.escape(english[pos:]))
    out = [re.compile("".join(lazy), re.S)]
    if any(k in ("p", "ps", "or") for _, k in kinds):
        out.append(re.compile("".join(greedy), re.S))
    return tuple(out)


def _unescape(literal: str) -> str:
    return literal.replace("{{", "{").replace("}}", "}")


_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9`]")
_SPACED = ("p", "ps", "or")
"""Translated parts: where one begins or ends with a Latin letter or digit next to a Chinese
character of the template, a space goes between (``但 E 已经…``, not ``但E 已经…``)."""


def _spaced(a: str, b: str) -> bool:
    return bool((_CJK.fullmatch(a) and _LATIN.fullmatch(b)) or (_LATIN.fullmatch(a) and _CJK.fullmatch(b)))


def _fill(template: str, values: Mapping[str, str], kinds: Mapping[str, str]) -> str:
    out: list[str] = []
    pos = 0
    for f in _FIELD.finditer(template):
        out.append(template[pos : f.start()])
        pos = f.end()
        if f.group(1) is None:
            out.append(f.group(0)[0])
            continue
        value = values[f.group(1)]
        if kinds[f.group(1)] in _SPACED and value:
            before = out[-1][-1:] if out[-1] else ""
            after = template[pos : pos + 1]
            if before and _spaced(before, value[0]):
                value = " " + value
            if after and _spaced(value[-1], after):
                value += " "
        out.append(value)
    out.append(template[pos:])
    return "".join(out)


def split_phrases(text: str, sep: str = "; ") -> list[str]:
    """``text`` cut at ``sep`` where no bracket is open."""
    out: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(sep, i):
            out.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    out.append(text[start:])
    return out


class Catalog:
    """The patterns of one language: messages by code, shared fragments, and words."""

    def __init__(self, messages: Mapping[str, Iterable[tuple[str, str]]],
                 fragments: Iterable[tuple[str, str]], words: Mapping[str, str],
                 joiner: str = "；", list_sep: str = "、", list_or: str = "或",
                 more_literals: Callable[[], Mapping[str, str]] | None = None) -> None:
        self.messages: dict[str, tuple[Entry, ...]] = {
            code: tuple(compile_entry(en, tr) for en, tr in pairs) for code, pairs in messages.items()
        }
        entries = [compile_entry(en, tr) for en, tr in fragments]
        self.literal: dict[str, str] = {}
        """Fragments without fields, by their exact text (rule texts quoted in messages, words)."""
        for e in entries:
            if not e.kinds:
                self.literal.setdefault(e.head, _fill(e.template, {}, {}))
        self.fragments: tuple[Entry, ...] = tuple(e for e in entries if e.kinds)
        self._done: dict[str, str | None] = {}
        self._more = more_literals
        """Texts quoted whole (a rule's text), asked for only when nothing else translates."""
        self.words = dict(words)
        self.joiner = joiner
        self.list_sep = list_sep
        self.list_or = list_or

    def message(self, code: str, text: str) -> str | None:
        """The translation of one finding's message, or None when no pattern fits."""
        return _first(self.messages.get(code, ()), text, self._field)

    def fragment(self, text: str) -> str | None:
        if text in self.literal:
            return self.literal[text]
        if text in self._done:
            return self._done[text]
        out = _first(self.fragments, text, self._field)
        if out is None and self._more is not None:
            self.literal.update(self._more())
            self._more = None
            out = self.literal.get(text)
        if len(self._done) < _MEMO:
            self._done[text] = out
        return out

    def phrases(self, text: str) -> str | None:
        """Phrases separated by ``; ``, each translated by the fragments (None if one is not)."""
        return self._field("ps", text)

    def _field(self, kind: str, value: str) -> str | None:
        if kind == "w":
            return self.words.get(value)
        if kind == "p":
            return self.fragment(value)
        if kind == "ps":
            out = []
            for part in split_phrases(value):
                t = self.fragment(part)
                if t is None:
                    return None
                out.append(t)
            return self.joiner.join(out)
        if kind == "items":
            if value in self.words:
                return self.words[value]
            return value if _ITEMS.fullmatch(value) else None
        if kind == "or":
            items = split_phrases(value, ", ")
            last = split_phrases(items[-1], " or ")
            parts = [*items[:-1], *last]
            done = [self.fragment(p) for p in parts]
            if any(d is None for d in done):
                return None
            words = [d for d in done if d is not None]
            return self.list_sep.join(words[:-1]) + (self.list_or if len(words) > 1 else "") + words[-1]
        return value


_MEMO = 50_000
"""How many translated fragments a catalog remembers (the same parts recur in many messages)."""


def _first(entries: Iterable[Entry], text: str, field: Callable[[str, str], str | None]) -> str | None:
    for e in entries:
        if not (text.startswith(e.head) and text.endswith(e.tail)) or len(text) < len(e.head) + len(e.tail):
            continue
        for regex in e.regexes:
            m = regex.fullmatch(text)
            if m is None:
                continue
            values: dict[str, str] = {}
            for name, kind in e.kinds:
                v = field(kind, m.group(name))
                if v is None:
                    break
                values[name] = v
            else:
                return _fill(e.template, values, dict(e.kinds))
    return None
