"""Languages: findings and rule texts in Chinese as well as in English.

The engine writes every finding message in English, in one place each; this package
translates a finished message by its code (`paipu.lang.catalog`), so no code that makes a
message changes.  A message the catalog does not know stays in English.  Rule texts are
kept per ruleset in ``paipu/rules/<name>/texts_<lang>.py`` (``TEXTS``: rule id -> text), the
common rules' in `paipu.lang.common_zh`.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import TYPE_CHECKING, Literal, TypeAlias

from paipu.lang.catalog import Catalog

if TYPE_CHECKING:
    from paipu.findings import Finding
    from paipu.replay.ruleset import Ruleset

Lang: TypeAlias = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")


@functools.cache
def catalog(lang: str) -> Catalog | None:
    """The message catalog of a language (None for English, the language messages are made in)."""
    if lang != "zh":
        return None
    from paipu.lang import zh

    return Catalog(zh.MESSAGES, (*_rule_fragments(lang), *zh.FRAGMENTS), zh.WORDS)


def translate(code: str, message: str, lang: str) -> str:
    """``message`` (of a finding with ``code``) in ``lang``; as written when it has no translation."""
    cat = catalog(lang)
    if cat is None:
        return message
    out = cat.message(code, message)
    return message if out is None else out


def translation(code: str, message: str, lang: str) -> str | None:
    """Like `translate`, but None when the catalog has no pattern for the message."""
    cat = catalog(lang)
    return message if cat is None else cat.message(code, message)


def translated(finding: Finding, lang: str) -> Finding:
    """The finding with its message in ``lang`` (the same finding for English)."""
    if lang == "en":
        return finding
    return dataclasses.replace(finding, message=translate(finding.code, finding.message, lang))


def _texts(module: str) -> dict[str, str]:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        return {}
    texts = getattr(mod, "TEXTS", {})
    return dict(texts) if isinstance(texts, dict) else {}


@functools.cache
def _package_texts(package: str, lang: str) -> dict[str, str]:
    return _texts(f"{package}.texts_{lang}")


@functools.cache
def common_texts(lang: str) -> dict[str, str]:
    """The common rules' texts in ``lang`` (empty for a language without them)."""
    return _texts(f"paipu.lang.common_{lang}")


def rule_texts(ruleset: type[Ruleset] | Ruleset, lang: str) -> dict[str, str]:
    """Every rule text a ruleset has in ``lang``: its own (from its package and those of the
    rulesets it extends) and the common ones."""
    cls = ruleset if isinstance(ruleset, type) else type(ruleset)
    out = dict(common_texts(lang))
    for klass in reversed(cls.__mro__):
        if "rules" in vars(klass):
            package = klass.__module__.rpartition(".")[0]
            if package:
                out.update(_package_texts(package, lang))
    return out


def rule_text(ruleset: type[Ruleset] | Ruleset, rid: str, lang: str) -> str:
    """Rule ``rid``'s text in ``lang``; its English text where it has none ("" for no such rule)."""
    rule = ruleset.rules.get(rid)
    if rule is None:
        return ""
    if lang == "en":
        return rule.text
    return rule_texts(ruleset, lang).get(rid, rule.text)


def _rule_fragments(lang: str) -> list[tuple[str, str]]:
    """A rule's English text and its translation, for messages that quote a rule."""
    from paipu.replay.ruleset import ruleset_class, ruleset_names

    out: list[tuple[str, str]] = []
    for name in ruleset_names():
        cls = ruleset_class(name)
        texts = rule_texts(cls, lang)
        for rid, rule in cls.rules.items():
            if rid in texts:
                out.append((rule.text.replace("{", "{{").replace("}", "}}"), texts[rid]))
    return out
