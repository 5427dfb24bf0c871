"""Whole analysis sets as the method publishes them (tests/fixtures/sets/retained: Inkwell, a
complete set of six members, and Ember, a blocked one of its overview): the manifest checked
before anything is written, closed membership by result disposition, the provenance in
_set.yaml, every set of a retained folder in one run, `--check` for CI, and every member and
manifest written back byte for byte."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.markdown.writer import system_markdown
from mkdocs_reports.core.rules.collection_check import check_collection

RETAINED = FIXTURES / "sets" / "retained"
INKWELL, EMBER = RETAINED / "inkwell", RETAINED / "ember"


def pin(folder: Path) -> None:
    """Write the folder's manifest anew from its members' bytes (for a malformed twin)."""
    lines = ["type: agentic-system-analyses/types/agentic-system-analysis-set.md", "members:"]
    for name in ("overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile", "notes"):
        path = folder / f"{name}.md"
        if path.is_file():
            lines += [f"  {name}.md:", f"    sha256: {hashlib.sha256(path.read_bytes()).hexdigest()}"]
    (folder / "ARTIFACT.yaml").write_text("\n".join(lines) + "\n")


def twin(tmp_path: Path, source: Path, edits: dict[str, tuple[str, str]], *, repin: bool = True) -> Path:
    """A copy of a published set with ``edits`` (file → (old, new)) applied."""
    folder = tmp_path / "retained" / source.name
    shutil.copytree(source, folder)
    for name, (old, new) in edits.items():
        path = folder / name
        text = path.read_text() if path.exists() else ""
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1) if old else new)
    if repin:
        pin(folder)
    return folder


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    into = tmp_path_factory.mktemp("sets") / "reports"
    result = import_markdown([RETAINED], into)
    assert result.ok, "\n".join(map(str, result.diagnostics))
    return into, result


def test_a_retained_folder_imports_every_set_beneath_it(imported):
    into, result = imported
    assert sorted(str(o.path.relative_to(into)) for o in result.outputs) == [
        "ember/_set.yaml", "ember/overview.yaml", "inkwell/_set.yaml", "inkwell/epistemic.yaml", "inkwell/memory-profile.yaml",
        "inkwell/memory.yaml", "inkwell/overview.yaml", "inkwell/reconciliation.yaml", "inkwell/runtime.yaml"]
    checked = check_collection(into)
    assert checked.ok, checked.messages()


def test_the_provenance_is_kept_in_the_set_file_and_the_model(imported):
    into, _ = imported
    systems = check_collection(into).collection.systems
    inkwell, ember = systems["inkwell"], systems["ember"]
    assert (inkwell.run_id, inkwell.result_disposition, inkwell.inputs_commit) == (
        "AAS-2026-04-02-inkwell-01", "complete", "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567")
    assert [(p.file, p.sha256) for p in inkwell.manifest.members][0] == (
        "overview.md", hashlib.sha256((INKWELL / "overview.md").read_bytes()).hexdigest())
    assert [p.member for p in inkwell.manifest.members] == ["overview", "runtime", "memory", "epistemic", "reconciliation",
                                                           "memory-profile"]
    assert (ember.result_disposition, list(ember.reports)) == ("blocked", ["overview"])
    assert ember.reports["overview"].front_matter["target_class"] == "null"
    assert ember.source.identity == "https://github.com/example/ember"  # from the overview's Source register
    assert "result_disposition: complete" in (into / "inkwell" / "_set.yaml").read_text()


@pytest.mark.parametrize("folder", [INKWELL, EMBER], ids=lambda p: p.name)
def test_every_member_and_the_manifest_come_back_byte_for_byte(imported, folder):
    into, _ = imported
    checked = check_collection(into)
    files, warnings = system_markdown(checked.collection.systems[folder.name], checked.collection.types)
    assert warnings == []
    assert {name: data for name, data in files.items()} == {p.name: p.read_bytes() for p in folder.iterdir()}


def test_import_export_import_gives_the_same_yaml(imported, tmp_path):
    into, _ = imported
    out = tmp_path / "md"
    exported = run_cli("export", "--format", "markdown", "--out", str(out), str(into))
    assert exported.returncode == 0, exported.stderr
    again = tmp_path / "again"
    result = import_markdown([out], again)
    assert result.ok, result.diagnostics[:3]
    for path in sorted(into.glob("*/*.yaml")):
        assert (again / path.relative_to(into)).read_bytes() == path.read_bytes(), path


def test_a_second_run_changes_no_byte_and_check_says_so(tmp_path):
    into = tmp_path / "reports"
    assert import_markdown([RETAINED], into).ok
    before = {p: p.read_bytes() for p in into.rglob("*.yaml")}
    again = import_markdown([RETAINED], into)
    assert {o.status for o in again.outputs} == {"unchanged"}
    assert {p: p.read_bytes() for p in into.rglob("*.yaml")} == before
    checked = run_cli("import", "--check", str(RETAINED), "--into", str(into))
    assert checked.returncode == 0 and "up to date: 9 files" in checked.stdout, checked.stderr


def test_check_writes_nothing_and_fails_when_the_collection_is_behind(tmp_path):
    into = tmp_path / "reports"
    assert import_markdown([RETAINED], into).ok
    (into / "ember" / "overview.yaml").write_text("stale\n")
    (into / "ember" / "runtime.yaml").write_text("stale\n")
    checked = run_cli("import", "--check", str(RETAINED), "--into", str(into))
    assert checked.returncode == 1
    assert f"would update {into / 'ember' / 'overview.yaml'}" in checked.stdout
    assert f"would remove {into / 'ember' / 'runtime.yaml'}" in checked.stdout  # a blocked set has only its overview
    assert (into / "ember" / "overview.yaml").read_text() == "stale\n"
    assert import_markdown([RETAINED], into).ok and not (into / "ember" / "runtime.yaml").exists()


def errors_of(folder: Path, tmp_path: Path) -> list[str]:
    into = tmp_path / "reports"
    result = import_markdown([folder.parent], into)
    assert not result.ok and not into.exists()  # nothing written
    return [str(d) for d in result.diagnostics]


def test_a_member_whose_bytes_are_not_pinned_is_an_error_naming_both_digests(tmp_path):
    folder = twin(tmp_path, INKWELL, {"memory.md": ("Digest notes", "Digest notez")}, repin=False)
    actual = hashlib.sha256((folder / "memory.md").read_bytes()).hexdigest()
    pinned = hashlib.sha256((INKWELL / "memory.md").read_bytes()).hexdigest()
    messages = errors_of(folder, tmp_path)
    assert any(m.startswith(f"{folder / 'ARTIFACT.yaml'}:8:13: error: memory.md does not have the bytes the manifest pins: its "
                            f"SHA-256 is {actual}, the manifest's {pinned}") for m in messages), messages


def test_a_member_the_manifest_does_not_list_is_an_error(tmp_path):
    folder = twin(tmp_path, EMBER, {"notes.md": ("", (INKWELL / "runtime.md").read_text())}, repin=False)
    messages = errors_of(folder, tmp_path)
    assert f"{folder / 'notes.md'}:1:1: error: notes.md is in the set folder, but the manifest does not list it — remove it from " \
           "the set folder, or import the set its manifest pins (membership is closed)" in messages


def test_an_overview_whose_disposition_contradicts_its_members_is_an_error(tmp_path):
    folder = twin(tmp_path, INKWELL, {"overview.md": ("result-disposition: complete", "result-disposition: blocked")})
    messages = errors_of(folder, tmp_path)
    assert any(f"{folder / 'overview.md'}:7:21: error: the result disposition is blocked, but the manifest also lists runtime.md, "
               "memory.md, epistemic.md, reconciliation.md, memory-profile.md" in m for m in messages), messages


def test_a_complete_set_missing_a_member_is_an_error(tmp_path):
    folder = twin(tmp_path, INKWELL, {})
    (folder / "memory-profile.md").unlink()
    pin(folder)
    messages = errors_of(folder, tmp_path)
    assert any("error: a complete set has overview.md, runtime.md, memory.md, epistemic.md, reconciliation.md, memory-profile.md; "
               "the manifest does not list memory-profile.md" in m for m in messages), messages


def test_a_profile_axis_missing_or_repeated_points_at_the_markdown(tmp_path):
    text = (INKWELL / "memory-profile.md").read_text()
    start = text.index("    trace_source:")
    end = text.index("---", start)
    folder = twin(tmp_path, INKWELL, {"memory-profile.md": (text[start:end], "")})
    messages = errors_of(folder, tmp_path)
    assert any(m.startswith(f"{folder / 'memory-profile.md'}:9:3: error: the memory comparison lacks the axis trace_source")
               for m in messages), messages
    repeated = twin(tmp_path / "again", INKWELL, {"memory-profile.md": (text[start:end], text[start:end] + text[start:end])})
    messages = errors_of(repeated, tmp_path / "again")
    assert any("error: key 'trace_source' appears twice in 'axes'" in m and "memory-profile.md:" in m for m in messages), messages


def test_an_uncontrolled_value_of_the_overview_or_the_profile_is_an_error(tmp_path):
    folder = twin(tmp_path, INKWELL, {"overview.md": ("boundary-kind: whole-system", "boundary-kind: whole system"),
                                      "memory-profile.md": ("values: [push]", "values: [pushed]")})
    messages = errors_of(folder, tmp_path)
    assert any(m.startswith(f"{folder / 'overview.md'}:9:16: error: 'whole system' is not a boundary kind") for m in messages), messages
    assert any("memory-profile.md:" in m and "'pushed' is not a value of read_back_direction" in m for m in messages), messages
