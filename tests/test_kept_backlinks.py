"""Backlinks kept from an earlier build (``mkdocs serve``): a system whose reports are the
same keeps its own, the edited one's are worked out again, and all say what fresh ones say."""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.rules.kept_findings import KeptFindings
from mkdocs_reports.pages.backlinks import Backlinks
from test_kept_findings import SAMPLE, save


def said(backlinks: Backlinks, graph) -> dict:
    return {key: [(c.report.path, [p.anchor for p in c.places]) for c in backlinks.cited_by(*key)] for key in graph.declared}


def test_an_edited_systems_backlinks_are_worked_out_again_and_the_others_kept(tmp_path: Path):
    reports = tmp_path / "reports"
    shutil.copytree(SAMPLE, reports)
    cache = KeptFindings()
    first = check_collection(reports, base=tmp_path, cache=cache)
    earlier = Backlinks(first.graph)
    said(earlier, first.graph)
    save(reports / "alpha" / "memory.yaml", "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-OBJ-notes.")
    second = check_collection(reports, base=tmp_path, cache=cache)
    kept = Backlinks(second.graph, earlier)
    assert said(kept, second.graph) == said(Backlinks(second.graph), second.graph)
    beta = [key for key in second.graph.declared if key[0] == "beta" and kept.cited_by(*key)]
    assert beta and all(kept.cited_by(*key) is earlier.cited_by(*key) for key in beta)
    alpha = [key for key in second.graph.declared if key[0] == "alpha" and kept.cited_by(*key)]
    assert alpha and not any(kept.cited_by(*key) is earlier.cited_by(*key) for key in alpha)
