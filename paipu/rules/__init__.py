"""The rulesets that ship with paipu: one package each (rules, value table, options, bots, docs).

Each is declared by a ``paipu.rulesets`` entry point in pyproject.toml, as an outside package
declares its own; `paipu.replay.ruleset.get_ruleset` finds them all by name or alias there.
``shared`` is not a ruleset: it holds code several rulesets use (the fan evaluator).
"""
