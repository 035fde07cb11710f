"""``python -m paipu.cli``: the same command as ``paipu``."""

from paipu.cli.launch import run

run()
