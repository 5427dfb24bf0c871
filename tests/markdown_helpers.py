"""Helpers of the Markdown import tests: import a set into a fresh collection, export a
collection as the method's Markdown, and take the words of a member line by line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import ImportResult, import_markdown
from mkdocs_reports.core.markdown.writer import member_markdown
from mkdocs_reports.core.rules.collection_check import check_collection

MARKDOWN = FIXTURES / "markdown"
INKWELL = MARKDOWN / "inkwell"
MEMBERS = ("runtime", "memory", "epistemic", "reconciliation")
#: the collections whose YAML must come back from the method's Markdown unchanged
YAML_COLLECTIONS = {
    "seeds": FIXTURES.parent.parent / "reports",
    "set": FIXTURES / "set",
    "sample": FIXTURES / "sample",
    "hostile": FIXTURES / "hostile",
}


def new_collection(root: Path, types_from: Path | None = FIXTURES / "set") -> Path:
    """An empty reports folder with the member types ``types_from`` declares (the set
    fixture's reconciliation type)."""
    root.mkdir(parents=True, exist_ok=True)
    if types_from is not None and (types_from / "_types").is_dir():
        shutil.copytree(types_from / "_types", root / "_types")
    return root


def imported(paths: list[Path], into: Path, **options) -> ImportResult:
    result = import_markdown(paths, into, **options)
    assert result.ok, "\n".join(map(str, result.diagnostics))
    return result


def export_collection(root: Path, out: Path) -> dict[str, list[str]]:
    """Every report of ``root`` as ``out/<system>/<member>.md``; the warnings by file."""
    checked = check_collection(root)
    assert checked.ok, [str(d) for d in checked.diagnostics]
    warnings = {}
    for report in checked.collection.reports():
        text, problems = member_markdown(report, checked.collection.types)
        target = out / report.system / f"{report.member}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        warnings[str(target)] = problems
    return warnings


def yaml_data(path: Path):
    """A YAML file as data, every scalar text, mappings as ordered pairs (so that key order
    counts), each text without the line break a block scalar ends in: that break is YAML's
    layout (``|`` keeps one, ``|-`` none), not the report's text."""
    def norm(value):
        if isinstance(value, dict):
            return [(key, norm(item)) for key, item in value.items()]
        if isinstance(value, list):
            return [norm(item) for item in value]
        return value.rstrip("\n")

    return norm(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader))


def words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text)


def yaml_words(*paths: Path) -> set[str]:
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.update(words(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        else:
            found.update(words(value))

    for path in paths:
        walk(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader))
    return found


_MARKERS = re.compile(r"^(?:#{1,6} (?:On )?|> ?(?:--- (?:lines? )?)?|[-*+] |\d+[.)] |Part of: ?)")


def line_content(line: str, what: str) -> str:
    """The author's words on a line, without the Markdown that says what the line is (and
    without the words the format keeps as keys: section and kind headings, 'none')."""
    if what in ("section", "kind", "none", "blank"):
        return ""
    if what == "front matter":
        return line.split(":", 1)[1] if ":" in line and not line.startswith(("type:", "---")) else ""
    if what == "quote" and re.match(r"> --- ", line):
        return re.sub(r"\blines?\b", "", line[6:])
    if what == "table":
        return "" if set(line) <= set("|-: ") else line.replace("\\|", "|")
    return _MARKERS.sub("", line)
