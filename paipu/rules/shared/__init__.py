"""Code that more than one ruleset uses and that belongs to none of them: the fan evaluator
(`paipu.rules.shared.fans`) that values a hand by a fan table, the Chinese Official table
(MCR) in full or a selection of it with values of its own (two-player mahjong's)."""
