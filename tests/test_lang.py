"""`--lang zh`: every finding message and every rule text in Chinese (paipu.lang).

The messages come from where the engine really makes them: the invalid samples, mutants of
simulated games, and simulated games with teaching notes.  A message the catalog does not
know stays in English; these tests fail on it, naming the code and the message.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from paipu.api import audit, render_html, simulate
from paipu.cli import main
from paipu.findings import Finding
from paipu.lang import message_catalog, rule_text, rule_texts, translate, translate_part, translated, translation
from paipu.lang import zh as zh_catalog
from paipu.lang.catalog import compile_entry, split_phrases
from paipu.replay.options import option_specs
from paipu.replay.ruleset import builtin_ruleset_names, ruleset_class
from paipu.rules.riichi.ruleset import ABORT_REASONS
from paipu.sim.mutate import mutants

ROOT = Path(__file__).resolve().parent.parent
DOC_CODES = re.findall(r"^### `([a-z-]+)`", (ROOT / "docs" / "findings.md").read_text(encoding="utf-8"), re.M)


@functools.cache
def _allowed_words() -> frozenset[str]:
    """Latin words a Chinese message may keep: ruleset names and aliases, option names and
    values, value item ids and names, and the parts of rule ids."""
    words: set[str] = set()
    for name in builtin_ruleset_names():
        cls = ruleset_class(name)
        words.add(cls.name)
        words.update(cls.aliases)
        rs = cls()
        words.update(rs.item_ids())
        words.update(rs.item_ids().values())
        for rid in cls.rules:
            words.update(re.split(r"[.\-_]", rid))
        words.update(cls.setup_words)
        words.update(cls.events)
        for spec in option_specs(cls.Options):
            words.add(spec.name)
            words.update(str(c) for c in spec.choices)
    words.update(ABORT_REASONS)  # record words: `abort kyuushu`
    return frozenset(w.lower() for w in words)


_KEPT = re.compile(
    r"`[^`]*`|'[^']*'|\"[^\"]*\"|\[[^\]]*\]"  # record words, what the record wrote, tags
    r"|\b[0-9]+[mpszf]\b|\b[ESWN]\b"  # tiles, seats
    r"|\b[a-z]+(?:\.[\w-]+)+"  # rule ids
    r"|\b\w+=\w+"  # an option as written
)


def english_words(text: str) -> list[str]:
    """The English words left in a translated message (none when it is all translated)."""
    rest = _KEPT.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_]+", rest) if w.lower() not in _allowed_words()]


def _sample_findings() -> list[Finding]:
    out: list[Finding] = []
    for path in sorted((ROOT / "samples").rglob("*.paipu")):
        out.extend(audit(path.read_text(encoding="utf-8", errors="replace"), views=False).findings)
    return out


def _simulated_findings() -> list[Finding]:
    out: list[Finding] = []
    for name in builtin_ruleset_names():
        for i, (_, text) in enumerate(simulate(name, 2, 11, session_hands=2)):
            if i == 0:
                out.extend(audit(text, views=False, annotate=True).findings)
            for m in mutants(text, 5):
                out.extend(audit(m.text, views=False).findings)
    return out


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    found = _sample_findings() + _simulated_findings()
    assert len({f.code for f in found}) > 60, "too few kinds of findings to test the catalog"
    return found


def test_every_documented_code_has_chinese_messages() -> None:
    missing = [c for c in DOC_CODES if c not in zh_catalog.MESSAGES]
    assert not missing, f"codes in docs/findings.md without a Chinese message: {missing}"
    unknown = [c for c in zh_catalog.MESSAGES if c not in DOC_CODES]
    assert not unknown, f"codes in the catalog that docs/findings.md does not list: {unknown}"


def test_every_finding_message_is_translated(findings: list[Finding]) -> None:
    untranslated = sorted({(f.code, f.message) for f in findings if translation(f.code, f.message, "zh") is None})
    assert not untranslated, "messages the Chinese catalog does not know:\n" + "\n".join(
        f"  {c}: {m}" for c, m in untranslated[:20])


def test_translated_messages_keep_no_english_words(findings: list[Finding]) -> None:
    leftovers = {}
    for f in findings:
        zh = translate(f.code, f.message, "zh")
        words = english_words(zh)
        if words:
            leftovers[(f.code, zh)] = words
    assert not leftovers, "English words left in Chinese messages:\n" + "\n".join(
        f"  {c}: {m}  <- {w}" for (c, m), w in list(leftovers.items())[:20])


def test_translation_carries_seats_tiles_and_counts_over() -> None:
    msg = "E chows 345m but holds none of 4m (四万) where 1 is needed; E holds 125m 456p 789s 1177z"
    assert translate("not-held", msg, "zh") == (
        "E 吃 345m，但手里的 4m（四万）只有 0 张，需要 1 张；E 的手牌是 125m 456p 789s 1177z")
    pay = ("payments differ: E recorded -1, the rules give 0; N recorded +11, the rules give +10 "
           "(W pays N 10 (the dealer wins on the discard of W: base 8 + 2番))")
    assert translate("score-mismatch", pay, "zh") == (
        "收付不符：E 记录为 -1，按规则为 0；N 记录为 +11，按规则为 +10"
        "（W 付给 N 10（庄家胡 W 打出的牌：底分 8 + 2番））")


def test_an_unknown_message_stays_in_english() -> None:
    msg = "E does something no version of paipu has said yet"
    assert translation("not-held", msg, "zh") is None
    assert translate("not-held", msg, "zh") == msg
    assert translate("no-such-code", msg, "zh") == msg
    assert english_words(msg), "the English-word check must see an untranslated message"


def test_english_is_the_message_as_made() -> None:
    f = audit((ROOT / "samples/invalid/zhuji/addkong-without-pong.paipu").read_text(encoding="utf-8")).findings[0]
    assert translated(f, "en") is f
    zh = translated(f, "zh")
    assert zh.message != f.message and (zh.code, zh.span, zh.rule) == (f.code, f.span, f.rule)


def test_a_field_of_a_template_must_be_in_its_pattern() -> None:
    with pytest.raises(ValueError, match="not in"):
        compile_entry("{s:seat} passes", "{s} {t}")
    with pytest.raises(ValueError, match="unknown field kind"):
        compile_entry("{s:color} passes", "{s}")


def test_phrases_split_outside_brackets_only() -> None:
    assert split_phrases("a (b; c); d") == ["a (b; c)", "d"]


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_every_rule_of_a_builtin_ruleset_has_chinese_text(name: str) -> None:
    cls = ruleset_class(name)
    texts = rule_texts(cls, "zh")
    missing = [rid for rid in cls.rules if not texts.get(rid)]
    assert not missing, f"{name}: rules without Chinese text: {missing}"
    stale = [rid for rid in texts if rid not in cls.rules]
    assert not stale, f"{name}: Chinese texts of no rule: {stale}"
    for rid in cls.rules:
        assert re.search(r"[\u4e00-\u9fff]", texts[rid]), f"{rid}: the Chinese text has no Chinese"


@pytest.mark.parametrize("name", builtin_ruleset_names())
def test_chinese_rule_texts_cite_no_document(name: str) -> None:
    cls = ruleset_class(name)
    outside = re.compile(r"seed|source|docs/|https?:|\.md\b|原文|来源|资料|种子", re.I)
    cited = {rid: t for rid, t in rule_texts(cls, "zh").items() if outside.search(t)}
    assert not cited, f"{name}: rule texts that mention a document: {cited}"


def test_rule_text_hook_gives_the_language_asked_and_english_otherwise() -> None:
    cls = ruleset_class("zhuji")
    assert cls.rule_text("zhuji.winners") == "One winner per hand."
    assert cls.rule_text("zhuji.winners", "zh") == "每局只有一家胡牌。"
    assert cls.rule_text("common.claim", "zh").startswith("只有最后一张弃牌")
    assert cls.rule_text("zhuji.winners", "fr") == "One winner per hand."
    assert cls.rule_text("zhuji.no-such-rule", "zh") == ""
    assert rule_text(cls(), "zhuji.winners", "zh") == "每局只有一家胡牌。"


def test_a_message_quoting_a_rule_quotes_its_chinese_text() -> None:
    en = ruleset_class("erren").rules["erren.qianggang"].text
    zh = translate("illegal-win", f"E may not rob W's kong of 5m: {en}", "zh")
    assert zh == f"E 不可以抢 W 杠的 5m：{ruleset_class('erren').rule_text('erren.qianggang', 'zh')}"


def test_the_catalog_is_built_once() -> None:
    assert message_catalog("zh") is message_catalog("zh")
    assert message_catalog("en") is None


SAMPLE = ROOT / "samples/invalid/zhuji/addkong-without-pong.paipu"


def test_check_lang_zh_prints_findings_and_summary_in_chinese() -> None:
    r = CliRunner().invoke(main, ["check", "--lang", "zh", str(SAMPLE)])
    assert r.exit_code == 1, r.output
    assert "error[illegal-addkong] N 没有 2m 的明碰，无法加杠（规则 common.kong）" in r.output
    assert "1 个错误" in r.output and "zhuji，1 局" in r.output
    assert "has no exposed pong" not in r.output


def test_check_lang_zh_totals_line_in_chinese() -> None:
    r = CliRunner().invoke(main, ["check", "--lang", "zh", "--jobs", "1", str(SAMPLE.parent)])
    last = r.output.strip().splitlines()[-1]
    assert re.fullmatch(r"共检查 \d+ 个文件(，\d+ 个有错误)?：\d+ 个错误，\d+ 个警告", last), last


def test_check_json_keeps_english_messages_with_lang_zh() -> None:
    en = CliRunner().invoke(main, ["check", "--json", str(SAMPLE)])
    zh = CliRunner().invoke(main, ["check", "--json", "--lang", "zh", str(SAMPLE)])
    assert zh.output == en.output
    assert "has no exposed pong" in json.loads(zh.output)["findings"][0]["message"]


def test_report_lang_zh_shows_findings_and_rule_texts_in_chinese() -> None:
    a = audit(SAMPLE.read_text(encoding="utf-8"), name=str(SAMPLE))
    page = render_html(a, lang="zh")
    assert "N 没有 2m 的明碰，无法加杠" in page
    assert "has no exposed pong" not in page
    kong = ruleset_class("zhuji").rule_text("common.kong", "zh")
    assert kong.split("；")[0] in page
    assert page == render_html(audit(SAMPLE.read_text(encoding="utf-8"), name=str(SAMPLE)), lang="zh")
    english = render_html(a, lang="en")
    assert "has no exposed pong" in english and "明碰" not in english


LOGS = ROOT.parent / "shared" / "logs"
REAL_LOGS = sorted(p for p in LOGS.rglob("*") if p.is_file() and p.suffix in (".txt", ".json", ".mjlog")
                   and not p.name.startswith("FORMAT")) if LOGS.is_dir() else []


@pytest.mark.skipif(not REAL_LOGS, reason="the platform logs (../shared/logs/) are not here")
def test_findings_and_notes_of_real_platform_logs_translate() -> None:
    from paipu.importers.registry import get_importer, sniff_format

    seen = 0
    folders: dict[Path, list[Path]] = {}
    for p in REAL_LOGS:
        folders.setdefault(p.parent, []).append(p)
    for path in [p for logs in folders.values() for p in logs[:2]]:  # two of each kind: notes are slow
        data = path.read_bytes()
        name = sniff_format(data[:4096].decode("utf-8", errors="replace"))
        if name is None:
            continue
        try:
            games = get_importer(name).convert(data, str(path))
        except Exception:  # a log its importer refuses is the importer's tests' business
            continue
        for game_id, text, _ in games[:1]:
            for f in audit(text, name=game_id, views=False, annotate=True).findings:
                seen += 1
                zh = translation(f.code, f.message, "zh")
                assert zh is not None, f"{path.name}: {f.code}: {f.message}"
                assert not english_words(zh), f"{path.name}: {zh}"
    assert seen > 0


def test_payment_reasons_win_reasons_and_result_notes_translate() -> None:
    """What a report shows of a result besides the findings: each payment's reason, why a
    declared win is none, and the notes on the result (riichi sticks)."""
    parts: set[str] = set()
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "samples").rglob("*.paipu"))]
    texts += [t for name in builtin_ruleset_names() for _, t in simulate(name, 4, 5, session_hands=4)]
    for text in texts:
        rp = audit(text, views=False).replay
        for hr in rp.hands if rp is not None else ():
            parts.update(t.reason for t in hr.result.transfers)
            parts.update(w.reason for w in hr.result.wins if w.reason)
            parts.update(hr.result.notes)
    assert len(parts) > 30
    cat = message_catalog("zh")
    assert cat is not None
    left = sorted(p for p in parts if cat.phrases(p) is None or english_words(translate_part(p, "zh")))
    assert not left, "report texts left in English:\n" + "\n".join(f"  {p}" for p in left[:20])
    assert translate_part("something else entirely new", "zh") == "something else entirely new"
