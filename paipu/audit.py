"""Parse and replay in one call: what `paipu check`, the corpus and the reports share."""

from __future__ import annotations

from dataclasses import dataclass, field

from paipu.findings import Finding, has_errors
from paipu.grammar.parser import parse
from paipu.record import Record
from paipu.replay.engine import replay
from paipu.replay.result import Replay


@dataclass
class Audit:
    """A record's text, what the parser made of it and, if it parsed, its replay."""

    name: str
    text: str
    record: Record
    findings: list[Finding] = field(default_factory=list)
    replay: Replay | None = None

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    @property
    def parsed(self) -> bool:
        return self.replay is not None

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "note": 0}
        for f in self.findings:
            out[f.severity] += 1
        return out

    def to_json(self) -> dict[str, object]:
        """The machine-readable result documented in docs/json.md."""
        rp = self.replay
        return {
            "file": self.name,
            "ruleset": (rp.ruleset if rp and rp.ruleset else self.record.header.ruleset),
            "parsed": rp is not None,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "hands": [h.result.to_json() for h in rp.hands] if rp else [],
            "scores": dict(rp.scores) if rp else {},
        }


def audit_text(text: str, name: str = "<record>", *, options: dict[str, str] | None = None,
               keep_views: bool = False, annotate: bool = False) -> Audit:
    """Parse ``text`` and, when it has no syntax errors, replay it.

    A record with syntax errors is not replayed: the missing lines would make every later
    action look wrong, and the syntax errors are what the user must fix first.
    """
    parsed = parse(text)
    audit = Audit(name, text, parsed.record, list(parsed.findings))
    if has_errors(parsed.findings):
        return audit
    rp = replay(parsed.record, options=options, keep_views=keep_views)
    audit.replay = rp
    audit.findings.extend(rp.findings)
    if annotate:
        from paipu.analysis.teaching import teaching_notes
        from paipu.replay.engine import resolve_ruleset

        ruleset, _ = resolve_ruleset(parsed.record, options)
        if ruleset is not None:
            audit.findings.extend(teaching_notes(parsed.record, ruleset))
    audit.findings.sort(key=lambda f: (f.line, f.column))
    return audit
