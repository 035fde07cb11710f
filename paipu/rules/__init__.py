"""The rulesets that ship with paipu: one package each (rules, value table, options, bots, docs).

Each package registers its `Ruleset` subclass when imported; `paipu.replay.ruleset.get_ruleset`
finds them by name or alias, and outside packages add theirs through the ``paipu.rulesets``
entry points.
"""
