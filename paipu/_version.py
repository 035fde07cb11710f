"""The version of paipu, kept apart so that any module can read it without importing the front door."""

__version__ = "0.2.0"
