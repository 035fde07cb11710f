"""Hand mathematics that knows no rule: winning shapes with wildcards, shanten, waits, odds.

Everything here works on tile-count arrays (indexes as in `paipu.tiles`) with precomputed
tables; rulesets, the simulator and the analysis build on it.
"""
