"""``python -m paipu.cli``: the same command as ``paipu``."""

from paipu.cli import main

main()
