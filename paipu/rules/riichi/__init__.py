"""Riichi 立直麻雀 under Tenhou's rules: red fives, riichi, furiten, dora, han and fu."""

from paipu.rules.riichi.ruleset import Riichi, RiichiOptions

__all__ = ["Riichi", "RiichiOptions"]
