"""The importers paipu knows, by name, and which of them recognises a file."""

from __future__ import annotations

from paipu.importers.base import Importer

_IMPORTERS: dict[str, Importer] = {}
_loaded = False

BUILTIN_IMPORTERS: tuple[str, ...] = (
    "paipu.importers.botzone:BotzoneImporter",
    "paipu.importers.tenhou.importer:TenhouImporter",
    "paipu.importers.mjai:MjaiImporter",
)
"""The importers that ship with paipu, as ``module:Class``."""


def register_importer(importer: Importer) -> Importer:
    """Make an importer known by its name (a later one of the same name wins)."""
    _IMPORTERS[importer.name] = importer
    return importer


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for spec in BUILTIN_IMPORTERS:
        module, _, cls = spec.partition(":")
        register_importer(getattr(importlib.import_module(module), cls)())


def importer_names() -> list[str]:
    _load()
    return sorted(_IMPORTERS)


def get_importer(name: str) -> Importer:
    """The importer called ``name``; `KeyError` naming the known ones otherwise."""
    _load()
    try:
        return _IMPORTERS[name.strip().lower()]
    except KeyError:
        raise KeyError(f"unknown import format {name!r}; known formats: {', '.join(importer_names())}") from None


def sniff_format(head: str) -> str | None:
    """The name of the importer that recognises a file starting with ``head``, if any."""
    _load()
    for name, importer in sorted(_IMPORTERS.items()):
        if importer.sniff(head):
            return name
    return None
