"""The conformance suite every ruleset passes: what a ruleset gets by registering.

`conformance_problems(ruleset)` plays seeded games with the simulator's bots and checks that
every one replays with no finding, that fault injection's corruptions are each caught at
their line, that every value item is documented in the rule table, that the hand analysis
has the ruleset's profile, and that the report draws the games.  The project's tests run it
over every registered ruleset; an outside package can run it in its own tests.
"""

from __future__ import annotations

from paipu.auditing import audit_text
from paipu.hand.profile import SHAPES
from paipu.replay.ruleset import ENGINE_ROWS, VALUE_KINDS, Ruleset
from paipu.reports.render import render_report
from paipu.sim.mutate import mutants
from paipu.sim.simulate import SimulationError, simulate


def conformance_problems(ruleset: Ruleset, *, hands: int = 16, seed: int = 1, mutants_per_kind: int = 1) -> list[str]:
    """Everything that keeps ``ruleset`` from conforming, in words (empty when it conforms)."""
    problems: list[str] = []
    problems += _table_problems(ruleset)
    if not ruleset.shapes or set(ruleset.shapes) - set(SHAPES):
        problems.append(f"its shapes {ruleset.shapes} are not an analysis profile ({', '.join(SHAPES)})")
    try:
        games = list(simulate(ruleset, hands, seed, session_hands=min(hands, 4)))
    except SimulationError as e:
        return [*problems, f"the simulator's bots could not play it: {e}"]
    except Exception as e:  # the ruleset's own bug: reported, not raised, so the rest is said too
        return [*problems, f"playing it raised {e.__class__.__name__}: {e}"]
    if not games:
        return [*problems, "the simulator played no game"]
    for name, text in games:
        audit = audit_text(text, name, ruleset=ruleset, views=True)
        bad = [f for f in audit.findings if f.severity in ("error", "warning")]
        if bad:
            problems.append(f"{name}: a simulated game has findings: {bad[0].code} at line {bad[0].line}: "
                            f"{bad[0].message}")
            continue
        unknown = sorted({i.rule for h in audit.replay.hands for w in h.result.wins for i in w.items
                          if i.rule not in ruleset.rules} if audit.replay is not None else set())
        if unknown:
            problems.append(f"{name}: value items cite rules not in the table: {', '.join(unknown)}")
        html = render_report(audit)
        if "</html>" not in html:
            problems.append(f"{name}: the report did not render")
    name, text = games[0]
    for m in mutants(text, seed, per_kind=mutants_per_kind):
        audit = audit_text(m.text, f"{name} ({m.kind})", ruleset=ruleset)
        if not any(f.code == m.code and f.line == m.line for f in audit.findings):
            found = ", ".join(f"{f.code}@{f.line}" for f in audit.findings if f.severity == "error") or "nothing"
            problems.append(f"{name}: the {m.kind} mutant ({m.description}) should give {m.code} at line "
                            f"{m.line}; the audit found {found}")
    return problems


def _table_problems(ruleset: Ruleset) -> list[str]:
    out: list[str] = []
    prefix = ruleset.rule_prefix()
    for rid, rule in ruleset.rules.items():
        if rid != rule.id:
            out.append(f"rule table entry {rid} holds rule {rule.id}")
        if not rule.text.strip():
            out.append(f"rule {rid} has no text")
        if not rid.startswith(("common.", f"{prefix}.")):
            out.append(f"rule {rid} does not start with {prefix}. or common.")
    for item in ruleset.value_item_ids():
        rid = next((r for r in ruleset.rules if r.count(".") == 2 and r.split(".")[1] in VALUE_KINDS
                    and r.split(".")[2] == item), "")
        row = ruleset.rules.get(rid)
        if row is None or not row.name_zh:
            out.append(f"value item {item} has no Chinese name in the rule table")
    for cited in ENGINE_ROWS:
        if f"{prefix}.{cited}" not in ruleset.rules:
            out.append(f"the rule table has no row {prefix}.{cited} (the engine cites it)")
    if not ruleset.value_item_ids():
        out.append("the rule table has no value items (rows NAME.tai.ID, NAME.fan.ID, NAME.yaku.ID …)")
    return out
