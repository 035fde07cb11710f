"""The words `paipu check` prints around the findings, in Chinese."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paipu.auditing import Audit


RULE_SUFFIX: dict[str, str] = {"en": " (rule {})", "zh": "（规则 {}）"}
"""How a printed finding names its rule (`paipu.findings.format_finding`), by language."""


def counts_zh(errors: int, warnings: int) -> str:
    return f"{errors} 个错误，{warnings} 个警告"


def summary_zh(audit: Audit) -> str:
    """One file's summary line: ruleset, hands, wins and drawn hands, the counts, the scores."""
    rp = audit.replay
    counts = audit.counts()
    verdict = counts_zh(counts["error"], counts["warning"])
    if rp is None:
        return f"{audit.name}：未重放（规则或选项标签无法读取）：{verdict}"
    wins, drawn, aborted = audit.outcomes()
    words = rp.ruleset.draw_reasons if rp.ruleset is not None else {}
    aborts = ""
    if aborted:
        named = [(words[w].label_zh if w in words else w, n) for w, n in aborted.items()]
        why = "，".join(word if len(named) == 1 else f"{word} {n} 局" for word, n in named)
        aborts = f"，{sum(aborted.values())} 局途中流局（{why}）"
    scores = " ".join(f"{s} {v:+d}" for s, v in rp.scores.items())
    return (
        f"{audit.name}：{rp.ruleset_name or '?'}，{len(rp.hands)} 局（{wins} 局胡牌，{drawn} 局荒庄{aborts}）："
        f"{verdict}"
        + (f"；得分 {scores}" if scores else "")
    )


def totals_zh(files: int, failed: int, errors: int, warnings: int, unreadable: int, games: int = 0,
              logs: int = 0, skipped: int = 0) -> str:
    """The last line of a run over several paths (`paipu.cli.checking.check_total` in Chinese)."""
    line = f"共检查 {files} 个文件"
    if logs:
        line += f"（其中 {games} 局读自 {logs} 个牌谱日志）"
    if failed:
        line += f"，{failed} 个有错误"
    line += f"：{counts_zh(errors, warnings)}"
    if unreadable:
        line += f"；{unreadable} 个路径无法读取"
    if skipped:
        line += f"；跳过 {skipped} 个既非牌谱也非日志的文件"
    return line
