"""The method's current sets (the eleven-role layout, the boundary's disposition deciding):
a blocked set, its boundary and the overview the method's code writes, imports, checks,
exports byte for byte and has its front page."""

from __future__ import annotations

import re
import shutil

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.markdown.writer import system_markdown
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages.site import SitePages

QUILL = FIXTURES / "sets" / "current" / "quill"


def _imported(tmp_path, folder=QUILL):
    reports = tmp_path / "reports"
    result = import_markdown([folder], reports)
    assert result.ok, [str(d) for d in result.diagnostics]
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


RUNTIME_SET = FIXTURES / "sets" / "current" / "quill-runtime"


def _collection_with_runtime_set(tmp_path):
    reports = tmp_path / "reports"
    (reports / "_types").mkdir(parents=True)
    shutil.copy(FIXTURES / "sets" / "current" / "quill-runtime-types" / "runtime-set.yaml", reports / "_types")
    return reports


def _messages(result) -> list[str]:
    return [str(d) for d in result.diagnostics]


def test_records_declared_and_cited_the_current_way_import_and_export_byte_for_byte(tmp_path):
    reports = _collection_with_runtime_set(tmp_path)
    result = import_markdown([RUNTIME_SET], reports)
    assert result.ok, _messages(result)
    checked = check_collection(reports)
    assert checked.ok, checked.messages()
    system = checked.collection.systems["quill-runtime"]
    runtime = system.reports["runtime"]
    assert [(r.id, r.label) for r in runtime.records] == [("RT-CMP-chat-model", "Configured chat model"),
                                                          ("RT-OBJ-note-store", "Note store")]
    assert runtime.records[1].part_of == "RT-CMP-chat-model"
    files, _ = system_markdown(system, checked.collection.types)
    assert files == {name: (RUNTIME_SET / name).read_bytes() for name in ("boundary.md", "overview.md", "runtime.md")}


def _twin(tmp_path, old: str, new: str):
    folder = tmp_path / "quill-runtime"
    shutil.copytree(RUNTIME_SET, folder)
    text = (folder / "runtime.md").read_text(encoding="utf-8")
    assert old in text
    (folder / "runtime.md").write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_a_labelled_heading_in_a_current_set_is_refused_at_its_line(tmp_path):
    folder = _twin(tmp_path, "#### RT-CMP-chat-model\n\nLabel: Configured chat model", "#### RT-CMP-chat-model — Configured chat model")
    result = import_markdown([folder], _collection_with_runtime_set(tmp_path))
    assert not result.ok
    errors = [m for m in _messages(result) if "error:" in m]
    assert len(errors) == 1, errors
    assert "runtime.md:20:23: error: the declaration of RT-CMP-chat-model has its label in the heading" in errors[0]
    assert "write '#### RT-CMP-chat-model' and, as the record's first line, 'Label: Configured chat model'" in errors[0]


def test_a_member_that_mixes_the_generations_is_refused(tmp_path):
    """The runtime report alone is read as a member of the previous generation (no boundary
    beside it), whose declarations carry their label: a current declaration there mixes them."""
    result = import_markdown([RUNTIME_SET / "runtime.md"], tmp_path / "reports", system="quill")
    errors = [m for m in _messages(result) if "error:" in m]
    assert any("runtime.md:20:6: error: RT-CMP-chat-model is declared as the method's current sets do" in m for m in errors), errors


def test_in_a_current_set_a_bare_id_is_text_and_a_link_cites(tmp_path):
    reports = _collection_with_runtime_set(tmp_path)
    assert import_markdown([RUNTIME_SET], reports).ok
    checked = check_collection(reports)
    runtime = checked.collection.systems["quill-runtime"].reports["runtime"]
    # the two links of the Runtime account; the bare ID in prose is text
    assert sorted(c.target for c in runtime.citations) == ["RT-CMP-chat-model", "RT-OBJ-note-store"]
    page = SitePages(checked.graph).pages()["quill-runtime/runtime.md"].html
    account = page[page.index('id="runtime-account"'):page.index('id="records"')]
    assert "A bare\nRT-OBJ-note-store in prose is text" in account
    assert account.count("<a ") == 2  # the two links, and no link for the bare ID


def test_the_front_page_tells_the_verdicts_the_members_digests_and_who_ran_it(tmp_path):
    checked = _imported(tmp_path)
    front = SitePages(checked.graph).pages()["quill/index.md"].html
    manifest = (QUILL / "ARTIFACT.yaml").read_text(encoding="utf-8")
    for member in ("boundary.md", "overview.md"):
        digest = manifest.split(member + ":\n    sha256: ")[1].split("\n")[0]
        assert f"<code>{digest}</code>" in front
    assert '<h2 id="worker">Who ran it</h2>' in front
    assert "<li><strong>Harness:</strong> codex</li>" in front and "<li><strong>Launch model:</strong> gpt-5</li>" in front
    assert "<li><strong>Effort:</strong> high</li>" in front and "<li><strong>Model:</strong> not stated</li>" in front
