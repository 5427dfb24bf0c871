"""The citation graph of a check that keeps each system's links (``graph.SystemLinks``,
kept by ``KeptFindings`` while a system's reports are the same, as `mkdocs serve` does) is
the graph a check with nothing kept makes, entry for entry and in the same order, after
each kind of edit: a label another system cites by the same ID, a citation added and
removed, a report deleted, a system added, a report broken and mended."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.rules.graph import CitationGraph
from mkdocs_reports.core.rules.kept_findings import KeptFindings
from sitehtml import SAMPLE
from test_site_incremental import copy_system

ATTRIBUTES = ("declared", "duplicates", "external", "cited_by", "annotations_on", "parts", "unresolved_citations",
              "unresolved_annotations", "unresolved_parts", "reconciliations", "superseded_by", "supersedes")  # fmt: skip


def shape(graph: CitationGraph) -> dict[str, str]:
    """Every entry of the graph, in its order, as text (a fresh check has other objects)."""
    shown = {name: repr(list(getattr(graph, name).items()) if isinstance(getattr(graph, name), dict) else getattr(graph, name))
             for name in ATTRIBUTES}  # fmt: skip
    shown["present"] = repr([(slug, graph.is_present(slug, record.id)) for (slug, _), record in graph.declared.items()])
    return shown


@pytest.fixture
def root(tmp_path) -> Path:
    shutil.copytree(SAMPLE, tmp_path / "project" / "reports")
    copy_system(tmp_path / "project", "beta", "gamma", "Gamma")
    return tmp_path / "project" / "reports"


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_graph_of_kept_links_is_the_graph_of_a_fresh_check_after_every_kind_of_edit(root):
    cache = KeptFindings()
    first = check_collection(root, cache=cache).graph
    assert shape(first) == shape(check_collection(root).graph)
    kept = cache.links["beta"]

    def again() -> CitationGraph:
        graph = check_collection(root, cache=cache).graph
        assert shape(graph) == shape(check_collection(root).graph)
        return graph

    _edit(root / "alpha" / "memory.yaml", "label: Note store", "label: Note warehouse")
    again()
    assert cache.links["beta"] is kept  # an unchanged system's links are the last check's
    memory = root / "alpha" / "memory.yaml"
    text = memory.read_text(encoding="utf-8")
    _edit(memory, "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-RTE-note-write and MEM-OBJ-notes.")
    cited = again()
    assert len(cited.cited_by[("alpha", "MEM-OBJ-notes")]) == len(first.cited_by[("alpha", "MEM-OBJ-notes")]) + 1
    memory.write_text(text, encoding="utf-8")
    again()
    (root / "beta" / "memory.yaml").unlink()
    again()
    copy_system(root.parent, "alpha", "delta", "Delta")
    added = again()
    assert ("delta", "MEM-OBJ-notes") in added.declared
    shutil.rmtree(root / "delta")
    assert "delta" not in again().collection.systems and "delta" not in cache.links
    memory.write_text("type: [unclosed\n", encoding="utf-8")
    again()
    memory.write_text(text, encoding="utf-8")
    again()
