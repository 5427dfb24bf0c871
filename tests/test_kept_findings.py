"""A check that keeps what the last one found (``mkdocs serve``): only the systems an edit
touched are checked again, and what it says is what a check from nothing says."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.rules.kept_findings import KeptFindings

SAMPLE = Path(__file__).parent / "fixtures" / "sample"


@pytest.fixture
def reports(tmp_path: Path) -> Path:
    root = tmp_path / "reports"
    shutil.copytree(SAMPLE, root)
    return root


def save(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stat = path.stat()  # a later mtime, even on a coarse clock
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def both(reports: Path, cache: KeptFindings) -> tuple[list[str], list[str]]:
    """What the kept check says, and what a check from nothing says."""
    kept = check_collection(reports, base=reports.parent, cache=cache)
    fresh = check_collection(reports, base=reports.parent)
    return kept.messages(), fresh.messages()


def errors(messages: list[str]) -> list[str]:
    return [message for message in messages if ": error: " in message]


def test_an_edit_checks_again_only_its_own_system(reports):
    cache = KeptFindings()
    check_collection(reports, base=reports.parent, cache=cache)
    assert sorted(cache.validated) == ["alpha", "beta"]
    save(reports / "alpha" / "memory.yaml", "label: Note store", "label: Note warehouse")
    kept, fresh = both(reports, cache)
    assert cache.validated == ["alpha"]
    assert kept == fresh and not errors(kept), kept


def test_an_unchanged_broken_system_is_still_reported(reports):
    save(reports / "beta" / "memory.yaml", "records:\n", "records:\n  - id: MEM-OBJ-twice\n    label: One\n  - id: MEM-OBJ-twice\n    label: Two\n")
    cache = KeptFindings()
    first = check_collection(reports, base=reports.parent, cache=cache).messages()
    assert any("declared twice" in message for message in first), first
    save(reports / "alpha" / "memory.yaml", "label: Note store", "label: Note warehouse")
    kept, fresh = both(reports, cache)
    assert cache.validated == ["alpha"]
    assert kept == fresh == first


def test_breaking_a_report_and_mending_it(reports):
    cache = KeptFindings()
    check_collection(reports, base=reports.parent, cache=cache)
    memory = reports / "alpha" / "memory.yaml"
    save(memory, "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-RTE-note-wirte.")
    kept, fresh = both(reports, cache)
    assert kept == fresh and any("MEM-RTE-note-wirte is cited but not declared" in message for message in kept), kept
    save(memory, "MEM-RTE-note-wirte", "MEM-RTE-note-write")
    kept, fresh = both(reports, cache)
    assert cache.validated == ["alpha"]
    assert kept == fresh and not errors(kept), kept


def test_a_deleted_report_and_a_new_system(reports):
    cache = KeptFindings()
    check_collection(reports, base=reports.parent, cache=cache)
    shutil.copytree(reports / "beta", reports / "gamma")
    save(reports / "gamma" / "_set.yaml", "system: Beta", "system: Gamma")
    kept, fresh = both(reports, cache)
    assert cache.validated == ["gamma"]
    assert kept == fresh
    (reports / "beta" / "memory.yaml").unlink()
    kept, fresh = both(reports, cache)
    assert "beta" in cache.validated and "alpha" not in cache.validated
    assert kept == fresh


def test_a_changed_set_file_checks_its_system_again(reports):
    cache = KeptFindings()
    check_collection(reports, base=reports.parent, cache=cache)
    set_file = reports / "beta" / "_set.yaml"
    set_file.write_text(set_file.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    stat = set_file.stat()
    os.utime(set_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    kept, fresh = both(reports, cache)
    assert cache.validated == ["beta"]
    assert kept == fresh
