"""The user docs say what the code does: every rule id, option and command is documented."""

from __future__ import annotations

from pathlib import Path

import click

from paipu.cli import main
from paipu.replay.options import option_specs
from paipu.replay.ruleset import ruleset_class, ruleset_names

ROOT = Path(__file__).resolve().parent.parent


def test_every_ruleset_has_a_page_listing_each_rule_id_and_option() -> None:
    for name in ruleset_names():
        cls = ruleset_class(name)
        page = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
        for rid in cls.rules:
            if not rid.startswith("common."):
                assert f"`{rid}`" in page, f"{rid} missing from docs/rules/{name}.md"
        for spec in option_specs(cls.Options):
            assert f"`{spec.name}`" in page, f"option {spec.name} missing from docs/rules/{name}.md"


def test_every_command_is_in_the_cli_doc() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert isinstance(main, click.Group)
    for name in main.list_commands(click.Context(main)):
        assert f"paipu {name}" in page, f"`paipu {name}` is not documented in docs/cli.md"


def test_readme_quick_start_is_the_two_make_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in readme and "make test" in readme


def _emitted_codes() -> set[str]:
    """Every finding code the code base can emit, read from the source."""
    import re

    pattern = re.compile(
        r"""(?:\.err|\.error|\.warn|\.add|\berror|\bwarning|\bnote|Finding)\(\s*"""
        r"""(?:"(?:error|warning|note)",\s*)?"([a-z]+(?:-[a-z]+)*)","""
    )
    codes: set[str] = set()
    for path in (ROOT / "paipu").rglob("*.py"):
        codes.update(pattern.findall(path.read_text(encoding="utf-8")))
    return codes - {"error", "warning", "note"}


def test_every_finding_code_is_documented() -> None:
    page = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    codes = _emitted_codes()
    assert {"not-held", "late-claim", "syntax", "score-mismatch"} <= codes
    missing = sorted(c for c in codes if f"### `{c}`" not in page)
    assert not missing, f"not in docs/findings.md: {missing}"
