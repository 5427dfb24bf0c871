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
from mkdocs_reports.core.check import check_collection
from mkdocs_reports.core.markdown_import import import_markdown
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
        ours = {c.target for c in report.citations} | {r.part_of for r in report.records if r.part_of}
        assert ours == records.record_references(body), path


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


def test_the_comparison_values_are_those_of_the_methods_matrix(tmp_path):
    graph = check_collection(profile_collection(tmp_path)).graph
    overview = Overview(graph, Backlinks(graph))
    comparison = Comparison(overview, graph.collection.types.method.comparison)
    rows = {row.view.system.slug: row for row in comparison.rows}
    profiles = {folder.name: folder / "memory-profile.md" for folder in PROFILES.iterdir()}
    profiles["inkwell"] = FIXTURES / "sets" / "retained" / "inkwell" / "memory-profile.md"
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
    assert compared >= 10


def test_the_package_never_imports_the_methods_code():
    package = Path(__file__).resolve().parent.parent / "plugins" / "mkdocs_reports"
    assert [p for p in package.rglob("*.py")
            if re.search(r"^\s*(from|import)\s+commonplace\b", p.read_text(encoding="utf-8"), re.MULTILINE)] == []
