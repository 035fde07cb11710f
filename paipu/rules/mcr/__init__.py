"""Chinese Official rules 国标麻将 (MCR): the 81-fan table, an 8-fan minimum, payment on an 8-point base."""

from paipu.rules.mcr.ruleset import Mcr, McrOptions

__all__ = ["Mcr", "McrOptions"]
