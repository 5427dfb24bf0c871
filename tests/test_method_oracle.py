"""The method's own code (``llm-commonplace``, a test-only dependency) as the oracle: over
every fixture of the method's current Markdown, it and the import find the same record
declarations and citations, and what it refuses the import refuses; the comparison's values
and their strongest bases, per system and axis, are what its ``systems_matrix`` makes of the
same revision-2 profiles."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages.backlinks import Backlinks
from mkdocs_reports.pages.comparison import Comparison
from mkdocs_reports.pages.views import Overview
from profiles import PROFILES, profile_collection

records = pytest.importorskip("commonplace.lib.agentic_analysis.records")
systems_matrix = pytest.importorskip("commonplace.lib.systems_matrix")

CURRENT = FIXTURES / "sets" / "current"
TYPES = CURRENT / "quill-runtime-types"
SETS = sorted(p for p in CURRENT.iterdir() if p.is_dir() and p != TYPES)


def _body(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n---\n", 1)[1]


def _imported(tmp_path: Path, folder: Path):
    reports = tmp_path / "reports"
    (reports / "_types").mkdir(parents=True)
    shutil.copy(TYPES / "runtime-set.yaml", reports / "_types")
    return import_markdown([folder], reports), reports


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_the_import_finds_the_declarations_and_citations_the_method_finds(tmp_path, folder):
    result, reports = _imported(tmp_path, folder)
    assert result.ok, [str(d) for d in result.diagnostics]
    system = check_collection(reports).collection.systems[folder.name]
    for path in sorted(folder.glob("*.md")):
        body = _body(path)
        report = system.reports[path.stem]
        assert records.record_reference_errors(body) == [], path
        assert [r.id for r in report.records] == records.declared_ids(body), path
        front = {c.target for c in report.citations if c.place.section == "memory_comparison"}
        ours = {c.target for c in report.citations if c.place.section != "memory_comparison"}
        assert ours | {r.part_of for r in report.records if r.part_of} == records.record_references(body), path
        # a revision-2 profile cites records in its front matter as member.md#anchor
        assert front == {records.identifier_from_anchor(written.partition("#")[2])
                         for written in _front_matter_citations(_front_matter(path))}, path


def _front_matter_citations(value) -> list[str]:
    """Every ``member.md#anchor`` of a front matter's ``records:`` lists."""
    if isinstance(value, dict):
        return [c for key, item in value.items() for c in (item if key == "records" and isinstance(item, list)
                                                           else _front_matter_citations(item))]
    if isinstance(value, list):
        return [c for item in value for c in _front_matter_citations(item)]
    return []


TWINS = {
    "labelled heading": ("#### RT-CMP-chat-model\n\nLabel: Configured chat model", "#### RT-CMP-chat-model — Configured chat model"),
    "no label line": ("Label: Note store\n\n", ""),
}


@pytest.mark.parametrize("twin", sorted(TWINS))
def test_what_the_method_refuses_the_import_refuses(tmp_path, twin):
    old, new = TWINS[twin]
    folder = tmp_path / "quill-runtime"
    shutil.copytree(CURRENT / "quill-runtime", folder)
    text = (folder / "runtime.md").read_text(encoding="utf-8")
    assert old in text
    (folder / "runtime.md").write_text(text.replace(old, new), encoding="utf-8")
    assert records.record_reference_errors(_body(folder / "runtime.md")) != []
    result, _ = _imported(tmp_path, folder)
    assert not result.ok
    assert any("runtime.md:" in str(d) and "error:" in str(d) for d in result.diagnostics)


def _front_matter(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8").split("---\n", 2)[1])


def _rows(reports: Path) -> dict:
    graph = check_collection(reports).graph
    overview = Overview(graph, Backlinks(graph))
    comparison = Comparison(overview, graph.collection.types.method.comparison)
    return {row.view.system.slug: row for row in comparison.rows}


def test_the_comparison_values_are_those_of_the_methods_matrix(tmp_path):
    rows = _rows(profile_collection(tmp_path))
    # and the revision-2 profiles of the current sets, each in a collection of its own
    for folder in SETS:
        if (folder / "memory-profile.md").exists():
            result, reports = _imported(tmp_path / folder.name, folder)
            assert result.ok, [str(d) for d in result.diagnostics]
            rows[folder.name] = _rows(reports)[folder.name]
    profiles = {folder.name: folder / "memory-profile.md" for folder in PROFILES.iterdir()}
    profiles["inkwell"] = FIXTURES / "sets" / "retained" / "inkwell" / "memory-profile.md"
    profiles.update({folder.name: folder / "memory-profile.md" for folder in SETS if (folder / "memory-profile.md").exists()})
    assert "tern" in profiles
    compared = 0
    for slug, path in sorted(profiles.items()):
        profile = _front_matter(path)["memory-comparison"]
        if profile.get("version") != 2:
            continue  # the matrix projects revision 2
        projected = systems_matrix.project_comparison(profile)
        for cell in rows[slug].cells:
            evidence = projected[cell.axis + "_evidence"]
            assert cell.assessment == projected[cell.axis + "_assessment"], (slug, cell.axis)
            assert sorted(v.value for v in cell.values) == projected[cell.axis], (slug, cell.axis)
            assert {v.value: v.basis for v in cell.values} == {v: e["basis"] for v, e in evidence.items()}, (slug, cell.axis)
            compared += 1
    assert compared >= 20  # Loom and Tern, ten axes each


def test_the_package_never_imports_the_methods_code():
    package = Path(__file__).resolve().parent.parent / "plugins" / "mkdocs_reports"
    assert [p for p in package.rglob("*.py")
            if re.search(r"^\s*(from|import)\s+commonplace\b", p.read_text(encoding="utf-8"), re.MULTILINE)] == []
