"""Languages: findings and rule texts in Chinese as well as in English.

The engine writes every finding message in English, in one place each; this package
translates a finished message by its code (`paipu.lang.catalog`), so no code that makes a
message changes.  A message the catalog does not know stays in English.  Rule texts are
kept beside each rule table in ``texts_<lang>.py`` (``TEXTS``: rule id -> text):
``paipu/rules/<name>/texts_zh.py``, and ``paipu/replay/texts_zh.py`` for the common rules.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, TypeAlias

from paipu.value import replace

if TYPE_CHECKING:
    from paipu.findings import Finding
    from paipu.lang.catalog import Catalog
    from paipu.replay.ruleset import Ruleset

Lang: TypeAlias = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")


@functools.cache
def message_catalog(lang: str) -> Catalog | None:
    """The message catalog of a language (None for English, the language messages are made in).
    It and `paipu.lang.catalog` are imported by the first message translated: English needs neither."""
    if lang != "zh":
        return None
    from paipu.lang import zh
    from paipu.lang.catalog import Catalog

    return Catalog(zh.MESSAGES, zh.FRAGMENTS, zh.WORDS, more_literals=lambda: _rule_literals(lang))


def translate(code: str, message: str, lang: str) -> str:
    """``message`` (of a finding with ``code``) in ``lang``; as written when it has no translation."""
    cat = message_catalog(lang)
    if cat is None:
        return message
    out = cat.message(code, message)
    return message if out is None else out


def translate_part(text: str, lang: str) -> str:
    """A part of a message that reports also show alone (a payment's reason, why a hand is no
    win, a note on the result) in ``lang``; as written when it has no translation."""
    cat = message_catalog(lang)
    if cat is None or not text:
        return text
    out = cat.phrases(text)
    return text if out is None else out


def translation(code: str, message: str, lang: str) -> str | None:
    """Like `translate`, but None when the catalog has no pattern for the message."""
    cat = message_catalog(lang)
    return message if cat is None else cat.message(code, message)


def translated(finding: Finding, lang: str) -> Finding:
    """The finding with its message in ``lang`` (the same finding for English)."""
    if lang == "en":
        return finding
    return replace(finding, message=translate(finding.code, finding.message, lang))


def rule_texts(ruleset: type[Ruleset] | Ruleset, lang: str) -> Mapping[str, str]:
    """Every rule text a ruleset has in ``lang`` (`paipu.replay.ruleset.translated_rule_texts`)."""
    from paipu.replay.ruleset import translated_rule_texts

    return translated_rule_texts(ruleset if isinstance(ruleset, type) else type(ruleset), lang)


def rule_text(ruleset: type[Ruleset] | Ruleset, rid: str, lang: str) -> str:
    """Rule ``rid``'s text in ``lang``; its English text where it has none ("" for no such rule)."""
    return ruleset.rule_text(rid, lang)


def _rule_literals(lang: str) -> dict[str, str]:
    """Every rule's English text and its translation, for messages that quote a rule."""
    from paipu.replay.ruleset import ruleset_class, ruleset_names

    out: dict[str, str] = {}
    for name in ruleset_names():
        cls = ruleset_class(name)
        texts = rule_texts(cls, lang)
        for rid, rule in cls.rules.items():
            if rid in texts:
                out.setdefault(rule.text, texts[rid])
    return out
