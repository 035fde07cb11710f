"""Readers for game records written by other platforms.

Each importer turns a foreign format into a neutral, typed model of its own family of rules
(riichi records are not paipu records: they have tile identities, riichi sticks and a dead
wall), so that rulesets and audits can be written against the model rather than the format.
"""
