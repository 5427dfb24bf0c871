"""The rules across a set's members: the overview's amendment index against the
reconciliation, every unresolved conflict in its Limitations, a profile that cites only
canonical records, and a closed set (every record it cites declared in it). The YAML is the
imported Inkwell set (tests/fixtures/sets/retained), edited as an author would."""

from __future__ import annotations

import shutil

import pytest

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.rules.collection_check import check_collection


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    into = tmp_path_factory.mktemp("published") / "reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], into).ok
    return into


@pytest.fixture
def edit(published, tmp_path):
    into = tmp_path / "reports"
    shutil.copytree(published, into)

    def change(name: str, old: str, new: str) -> list[str]:
        path = into / "inkwell" / name
        text = path.read_text()
        assert old in text, old
        path.write_text(text.replace(old, new, 1))
        checked = check_collection(into, base=tmp_path)
        return [m for m in checked.messages() if ": error: " in m]

    return change


def test_the_imported_set_passes(published):
    assert check_collection(published).ok


def test_the_amendment_index_must_agree_with_the_reconciliation(edit):
    messages = edit("overview.yaml", "Amended or superseded records: MEM-OBJ-backup;", "Amended or superseded records: none;")
    assert any("error: the overview's 'Amended or superseded records:' says none, but the reconciliation amends or supersedes "
               "MEM-OBJ-backup — write 'Amended or superseded records: MEM-OBJ-backup'" in m for m in messages), messages


def test_a_complete_set_has_its_amendment_index(edit):
    messages = edit("overview.yaml", "Amended or superseded records: MEM-OBJ-backup; [reconciliation](reconciliation.md).", "See the reconciliation.")
    assert any("error: the Source register of a complete set ends with 'Amended or superseded records: <IDs or none>'" in m
               for m in messages), messages


def test_every_unresolved_conflict_is_carried_into_the_limitations(edit):
    messages = edit("overview.yaml", "RT-RTE-nightly-digest; MEM-RTE-pad-read", "RT-RTE-nightly-digest")
    assert any(m.startswith("reports/inkwell/reconciliation.yaml:") and "error: the unresolved conflict on RT-RTE-nightly-digest, "
               "MEM-RTE-pad-read is not carried into the overview's Limitations" in m for m in messages), messages


def test_the_profile_cites_no_superseded_record(edit):
    messages = edit("memory-profile.yaml", "records: [RT-OBJ-scratchpad, MEM-OBJ-notes]", "records: [RT-OBJ-scratchpad, MEM-OBJ-backup]")
    assert any(m.startswith("reports/inkwell/memory-profile.yaml:") and "error: the profile cites MEM-OBJ-backup, which the "
               "reconciliation supersedes by MEM-OBJ-notes — cite MEM-OBJ-notes" in m for m in messages), messages


def test_a_record_the_set_does_not_declare_is_an_error(edit, published, tmp_path):
    messages = edit("overview.yaml", "The scratchpad is read back whole, without selection: MEM-RTE-pad-read.",
                    "The scratchpad is read back whole, without selection: MEM-RTE-pad-reed.")
    assert any("error: MEM-RTE-pad-reed is cited but not declared in inkwell — did you mean MEM-RTE-pad-read?" in m for m in messages)


def test_a_blocked_set_cites_no_record_of_a_member_it_lacks(published, tmp_path):
    into = tmp_path / "reports"
    shutil.copytree(published, into)
    path = into / "ember" / "overview.yaml"
    path.write_text(path.read_text().replace("No synthesis: the run stopped at the boundary.",
                                             "No synthesis: the run stopped before RT-RTE-chat-turn."))
    messages = [m for m in check_collection(into, base=tmp_path).messages() if ": error: " in m]
    assert any(m.startswith("reports/ember/overview.yaml:") and "error: RT-RTE-chat-turn is cited, but the set has no runtime "
               "member to declare it" in m for m in messages), messages
