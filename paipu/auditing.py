"""Parse and replay in one call: what `paipu check`, the corpus and the reports share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from paipu.findings import Finding, has_errors
from paipu.grammar.parser import parse
from paipu.record import Record
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import Observer, Replay, replay, resolve_ruleset


@dataclass
class Audit:
    """A record's text, what the parser made of it and, if it parsed, its replay."""

    name: str
    text: str
    record: Record
    findings: list[Finding] = field(default_factory=list)
    replay: Replay | None = None
    annotated: bool = False
    """Whether teaching notes were asked for (they are among the findings, severity note)."""

    @property
    def ok(self) -> bool:
        return not has_errors(self.findings)

    @property
    def parsed(self) -> bool:
        return self.replay is not None

    @property
    def ruleset(self) -> Ruleset | None:
        """The ruleset the record was replayed under, options and all (None if it was not)."""
        return self.replay.ruleset if self.replay is not None else None

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "note": 0}
        for f in self.findings:
            out[f.severity] += 1
        return out

    def to_json(self) -> dict[str, object]:
        """The machine-readable result documented in docs/findings.md."""
        rp = self.replay
        return {
            "file": self.name,
            "ruleset": (rp.ruleset_name if rp and rp.ruleset_name else self.record.header.ruleset),
            "parsed": rp is not None,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "hands": [h.result.to_json() for h in rp.hands] if rp else [],
            "scores": dict(rp.scores) if rp else {},
        }


def audit_text(text: str, name: str = "<record>", *, ruleset: Ruleset | None = None,
               options: dict[str, str] | None = None, views: bool = False, annotate: bool = False,
               observers: Sequence[Observer] = ()) -> Audit:
    """Parse ``text`` and, when it has no syntax errors, replay it once.

    The ruleset is ``ruleset`` when given, else the record's own (its ``[Option]`` tags, with
    ``options`` on top).  ``views`` keeps a snapshot of the table after every step (what a
    report draws); ``annotate`` adds teaching notes; both watch the same single pass.

    A record with syntax errors is not replayed: the missing lines would make every later
    action look wrong, and the syntax errors are what the user must fix first.
    """
    parsed = parse(text)
    audit = Audit(name, text, parsed.record, list(parsed.findings), annotated=annotate)
    if has_errors(parsed.findings):
        return audit
    return _replayed(audit, ruleset, options, views, annotate, observers)


def audit_record(record: Record, name: str = "<record>", *, text: str = "", ruleset: Ruleset | None = None,
                 options: dict[str, str] | None = None, views: bool = False, annotate: bool = False,
                 observers: Sequence[Observer] = ()) -> Audit:
    """Replay a record already in hand (parsed, built by a program, imported), as `audit_text` does.

    ``text`` is the record's source, if there is one (reports quote its lines)."""
    audit = Audit(name, text, record, [], annotated=annotate)
    return _replayed(audit, ruleset, options, views, annotate, observers)


def _replayed(audit: Audit, ruleset: Ruleset | None, options: dict[str, str] | None, views: bool,
              annotate: bool, observers: Sequence[Observer]) -> Audit:
    record = audit.record
    findings: list[Finding] = []
    if ruleset is None:
        ruleset, findings = resolve_ruleset(record, options)
    watchers = list(observers)
    if annotate and ruleset is not None:
        from paipu.analysis.teaching import TeachingNotes

        watchers.append(TeachingNotes())
    if ruleset is not None:
        rp = replay(record, ruleset=ruleset, observers=watchers, views=views)
    else:
        rp = Replay(record, None, [], [], {})  # an unknown ruleset: nothing to replay under
    audit.replay = rp
    audit.findings.extend(findings)
    audit.findings.extend(rp.findings)
    audit.findings.sort(key=lambda f: (f.line, f.column))
    return audit
