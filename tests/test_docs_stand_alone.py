"""The code, docs and samples cite only what is in the repository.

Three checks:

* no file under ``paipu/``, ``docs/``, ``samples/`` or ``README.md`` names a document kept
  outside the repository (the banned words below);
* every relative markdown link in ``README.md`` and ``docs/**/*.md`` leads to a file of the
  repository, and to a heading of that file where the link has an anchor;
* every ``docs/….md`` path the code names (help texts such as ``check --help``, docstrings)
  is a file of the repository, with the heading its anchor names;
* every rule of every registered ruleset names its source in the docs: a ``source`` string
  that starts with ``docs/``, names an existing file before its first comma, and whose
  ``Source X1`` labels and "paipu's reading" are headings of that file.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from paipu.replay.ruleset import ruleset_class, ruleset_names

ROOT = Path(__file__).resolve().parent.parent

BANNED = ("rules.md", "format.md", "seed 00", "seeds/", "shared/")
"""Words that name documents outside the repository (matched case-insensitively).
``docs/format.md`` is the repository's own format page, so ``format.md`` after ``docs/`` or
as a link target inside ``docs/`` is allowed; see `_banned_in`."""

SCANNED = ("paipu", "docs", "samples")


def _text_files() -> Iterator[Path]:
    yield ROOT / "README.md"
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                yield path


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None  # an image or another binary file


_OWN_FORMAT_PAGE = re.compile(r"(?:docs/|\.\./|\(|\[)format\.md")


def _banned_in(line: str) -> list[str]:
    """The banned words in one line; the repository's own docs/format.md does not count."""
    lowered = _OWN_FORMAT_PAGE.sub(" ", line).lower()
    return [word for word in BANNED if word in lowered]


def test_banned_words_are_found() -> None:
    assert _banned_in("see RULES.md, zhuji") == ["rules.md"]
    assert _banned_in("FORMAT.md `bao T`") == ["format.md"]
    assert _banned_in("as seed 002 says") == ["seed 00"]
    assert _banned_in("in ../seeds/000.txt") == ["seeds/"]
    assert _banned_in("/work/shared/design") == ["shared/"]
    assert _banned_in("See docs/format.md for the format.") == []
    assert _banned_in("[the format](format.md#header)") == []
    assert _banned_in("[the format](../format.md)") == []
    assert _banned_in("--seed 7 writes the same games") == []


def test_no_file_names_a_document_outside_the_repository() -> None:
    hits: list[str] = []
    for path in _text_files():
        text = _read_text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for word in _banned_in(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: mentions {word!r}: {line.strip()[:100]}")
    assert not hits, "files cite documents that are not in the repository:\n" + "\n".join(hits)


_CONFLICT = re.compile(r"^(?:<{7}|>{7})(?: |$)|^={7}$")
"""A line git writes into a file whose merge it could not finish (``<<<<<<< ours`` …)."""


def _conflict_lines(text: str) -> list[int]:
    return [number for number, line in enumerate(text.splitlines(), 1) if _CONFLICT.match(line)]


def test_conflict_markers_are_found() -> None:
    assert _conflict_lines("a\n" + "<" * 7 + " ours\nb\n" + "=" * 7 + "\nc\n" + ">" * 7 + " theirs\n") == [2, 4, 6]
    assert _conflict_lines("a heading\n" + "=" * 9 + "\n" + "<" * 3 + " not one\n") == []


def test_no_file_keeps_an_unfinished_merge() -> None:
    """A merge left half done in a doc or a module (markers git writes) is caught here, not by a reader."""
    hits: list[str] = []
    for path in [*_text_files(), *sorted((ROOT / "tests").rglob("*.py")), ROOT / "Makefile"]:
        text = _read_text(path)
        if text is not None:
            hits += [f"{path.relative_to(ROOT)}:{number}" for number in _conflict_lines(text)]
    assert not hits, "merge conflict markers left in: " + ", ".join(hits)


# ---------------------------------------------------------------- markdown links

_FENCE = re.compile(r"^\s*(```|~~~)")
_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_INLINE_CODE = re.compile(r"`([^`]*)`")
_HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.IGNORECASE)


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lowercase, punctuation dropped, spaces to ``-``.

    Letters and digits of any script (CJK included) stay, as do ``-`` and ``_``."""
    text = _INLINE_CODE.sub(r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading keeps its text
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    kept = []
    for ch in text:
        if ch == " ":
            kept.append("-")
        elif ch in "-_" or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Mn":
            kept.append(ch)
    return "".join(kept)


def test_github_anchor() -> None:
    assert github_anchor("The common rules") == "the-common-rules"
    assert github_anchor("### `missing-ruleset`".lstrip("# ")) == "missing-ruleset"
    assert github_anchor("paipu's readings") == "paipus-readings"
    assert github_anchor("Source Z10: 台数算法") == "source-z10-台数算法"
    assert github_anchor("Source E3: 胡牌与番数, 88番 – 32番") == "source-e3-胡牌与番数-88番--32番"


def _outside_fences(text: str) -> Iterator[tuple[int, str]]:
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def anchors_of(path: Path) -> set[str]:
    """Every anchor a markdown file offers: its headings (duplicates numbered) and <a id>s."""
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    for _, line in _outside_fences(path.read_text(encoding="utf-8")):
        anchors.update(_HTML_ANCHOR.findall(line))
        m = _HEADING.match(line)
        if not m:
            continue
        base = github_anchor(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        anchors.add(base if n == 0 else f"{base}-{n}")
    return anchors


def _markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """The relative links of one markdown file that lead to no file or to no heading."""
    broken: list[str] = []
    text = path.read_text(encoding="utf-8")
    for number, line in _outside_fences(text):
        for target in _LINK.findall(_INLINE_CODE.sub("", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # http:, https:, mailto: …: not a file of the repository
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(root)}:{number}: link {target!r}"
            if not dest.exists():
                broken.append(f"{where}: no file {file_part!r}")
            elif anchor and dest.is_dir():
                broken.append(f"{where}: an anchor on a folder")
            elif anchor and dest.suffix == ".md" and anchor not in anchors_of(dest):
                broken.append(f"{where}: {dest.relative_to(root)} has no heading with anchor {anchor!r}")
    return broken


def test_broken_links_are_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## Source Z1: 使用的牌\n", encoding="utf-8")
    page.write_text(
        "# Page\n\n[ok](other.md) [ok](other.md#source-z1-使用的牌) [ok](#page) [web](https://x.org/a.md)\n"
        "[gone](missing.md) [bad anchor](other.md#source-z2) [self](#nowhere)\n"
        "```\n[in a code block](missing.md)\n```\n",
        encoding="utf-8",
    )
    found = broken_links(page, tmp_path)
    assert len(found) == 3, found
    assert "no file 'missing.md'" in found[0]
    assert "'source-z2'" in found[1] and "'nowhere'" in found[2]


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    broken = broken_links(path)
    assert not broken, "\n".join(broken)


_DOCS_PATH = re.compile(r"\bdocs/[\w./-]+?\.md(?:#[^\s)\"'`,;]+)?")


def test_every_docs_path_in_the_code_exists() -> None:
    missing: list[str] = []
    named = 0
    for path in sorted((ROOT / "paipu").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ref in _DOCS_PATH.findall(line):
                named += 1
                file_part, _, anchor = ref.partition("#")
                dest = ROOT / file_part
                where = f"{path.relative_to(ROOT)}:{number}: {ref!r}"
                if not dest.is_file():
                    missing.append(f"{where}: no such file")
                elif anchor and anchor not in anchors_of(dest):
                    missing.append(f"{where}: {file_part} has no heading with that anchor")
    assert named >= 10, "the code should point its readers at the docs"
    assert not missing, "\n".join(missing)


# ---------------------------------------------------------------- rule sources

_SOURCE_LABEL = re.compile(r"\bSource ([A-Z]+\d+)\b")


def source_problems(rule_id: str, source: str) -> list[str]:
    """Why a rule's ``source`` does not cite the repository's docs (empty when it does)."""
    if not source.startswith("docs/"):
        return [f"{rule_id}: source {source!r} does not start with docs/"]
    doc = ROOT / source.split(",", 1)[0].strip()
    if not doc.is_file():
        return [f"{rule_id}: source {source!r} names no file of the repository"]
    problems = []
    headings = {line.lstrip("#").strip() for _, line in _outside_fences(doc.read_text(encoding="utf-8"))
                if _HEADING.match(line)}
    for label in _SOURCE_LABEL.findall(source):
        if not any(h.startswith(f"Source {label}:") for h in headings):
            problems.append(f"{rule_id}: {doc.relative_to(ROOT)} has no heading 'Source {label}: …'")
    if "paipu's reading" in source and "paipu's readings" not in headings:
        problems.append(f"{rule_id}: {doc.relative_to(ROOT)} has no heading \"paipu's readings\"")
    return problems


def test_source_problems_are_found() -> None:
    assert source_problems("x", "RULES.md, zhuji")
    assert source_problems("x", "docs/rules/nowhere.md, Source Z1")
    assert source_problems("x", "docs/rules/zhuji.md, Source Z99 (nothing)")
    assert not source_problems("x", "docs/rules/zhuji.md, Source Z1 (使用的牌); paipu's reading")


def test_every_rule_cites_the_docs() -> None:
    names = ruleset_names()
    assert {"zhuji", "hebei", "erren", "harbin"} <= set(names)
    problems: list[str] = []
    for name in names:
        for rule_id, rule in ruleset_class(name).rules.items():
            problems.extend(source_problems(rule_id, rule.source))
    assert not problems, "\n".join(problems)
