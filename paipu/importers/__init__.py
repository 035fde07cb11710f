"""Importers: converters from other platforms' game logs into paipu records.

`paipu.importers.base` says what an importer is, `paipu.importers.registry` finds one by
name or by sniffing a file, and each platform has its own module (`paipu.importers.botzone`;
`paipu.importers.tenhou` decodes Tenhou's logs into a typed model of their own first).
`paipu import FORMAT FILE…` runs them.
"""
