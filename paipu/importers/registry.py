"""The importers paipu knows, by name, and which of them recognises a file."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paipu.importers.base import Importer

_IMPORTERS: dict[str, Importer] = {}
_loaded = False

BUILTIN_IMPORTERS: tuple[str, ...] = (
    "paipu.importers.botzone:BotzoneImporter",
    "paipu.importers.tenhou.importer:TenhouImporter",
    "paipu.importers.mjai:MjaiImporter",
)
"""The importers that ship with paipu, as ``module:Class``."""

BUILTIN_SUFFIXES: dict[str, tuple[str, ...]] = {
    "botzone": (".txt",),
    "tenhou": (".mjlog", ".xml", ".json", ".gz"),
    "mjai": (".mjson", ".json"),
}
"""Each built-in importer's ``suffixes`` (a test holds them equal), so that a folder is searched
for logs without importing the importers: a check of records never loads them."""


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


def importer_suffixes(name: str | None = None) -> tuple[str, ...]:
    """The file names a folder is searched for: those of the importer ``name`` (`KeyError` for
    an unknown one), or of every importer, the built-in ones without importing them."""
    if name is not None and name in BUILTIN_SUFFIXES and name not in _IMPORTERS:
        return BUILTIN_SUFFIXES[name]
    if name is not None:
        return get_importer(name).suffixes
    found = [*BUILTIN_SUFFIXES.values(), *(i.suffixes for i in _IMPORTERS.values())]
    return tuple(dict.fromkeys(s for suffixes in found for s in suffixes))
