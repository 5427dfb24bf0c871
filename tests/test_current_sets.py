"""The method's current sets (the eleven-role layout, the boundary's disposition deciding):
a blocked set, its boundary and the overview the method's code writes, imports, checks,
exports byte for byte and has its front page."""

from __future__ import annotations

import re
import shutil

from conftest import FIXTURES
from mkdocs_reports.core.check import check_collection
from mkdocs_reports.core.export.markdown import system_markdown
from mkdocs_reports.core.markdown_import import import_markdown
from mkdocs_reports.pages.site import SitePages

QUILL = FIXTURES / "sets" / "current" / "quill"


def _imported(tmp_path, folder=QUILL):
    reports = tmp_path / "reports"
    result = import_markdown([folder], reports)
    assert result.ok, [str(d) for d in result.diagnostics] if hasattr(result, "diagnostics") else result
    return check_collection(reports)


def test_a_blocked_set_of_the_current_generation_imports_and_checks(tmp_path):
    checked = _imported(tmp_path)
    assert checked.ok, checked.messages()
    system = checked.collection.systems["quill"]
    assert system.layout is not None and system.layout.name == "agentic-system-analysis-set"
    assert {m: r.type.name for m, r in system.reports.items()} == {
        "boundary": "agentic-system-boundary", "overview": "agentic-system-analysis-overview-generated"}
    assert system.result_disposition == "blocked"
    assert system.manifest is not None


def test_the_export_writes_the_members_and_manifest_back_exactly_as_read(tmp_path):
    checked = _imported(tmp_path)
    files, warnings = system_markdown(checked.collection.systems["quill"], checked.collection.types)
    assert warnings == []
    assert files == {name: (QUILL / name).read_bytes() for name in ("boundary.md", "overview.md", "ARTIFACT.yaml")}


def test_a_tampered_member_is_refused_for_its_digest(tmp_path):
    folder = tmp_path / "quill"
    shutil.copytree(QUILL, folder)
    text = (folder / "boundary.md").read_text(encoding="utf-8")
    (folder / "boundary.md").write_text(text.replace("could not be cloned", "could not be reached"), encoding="utf-8")
    result = import_markdown([folder], tmp_path / "reports")
    assert not result.ok
    assert not (tmp_path / "reports").exists() or not any((tmp_path / "reports").rglob("*.yaml"))


def test_the_front_page_of_a_blocked_set_tells_its_boundary(tmp_path):
    checked = _imported(tmp_path)
    pages = {uri: spec.html for uri, spec in SitePages(checked.graph).pages().items()}
    front = pages["quill/index.md"]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", front))
    assert "Source register" in front and 'id="src-1"' in front
    assert "The runtime, memory and epistemic analyses were not reached" in text  # Not reached, from the boundary
    assert "Bounded synthesis" not in text  # no synthesis in a blocked set: no empty heading for it
    assert '<a href="boundary/#boundary">in the boundary</a>' in front
    assert "Members" in front
