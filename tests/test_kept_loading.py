"""A check that keeps the files it read (``mkdocs serve``): an unchanged set file or quote
lock is not read again, an unchanged system's quotes keep their groundings, and after each
edit to a set or a lock the kept check says what a check from nothing says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mkdocs_reports.core.rules.collection_check import CheckedCollection, check_collection
from mkdocs_reports.core.rules.kept_findings import KeptFindings
from quotes_helpers import quote_block, record_with_quotes, write_system
from test_quotes_lock import GOOD, REVISION

OTHER_REVISION = "89abcdef0123456789abcdef0123456789abcdef"


@pytest.fixture
def system(reports):
    write_system(reports, REVISION, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    reports.report("other", "records:\n  - id: MEM-OBJ-other\n    label: Other\n")
    return reports


def _later(path: Path, seconds: int) -> None:
    """A later modification time, as an editor's save gives, even on a coarse clock."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + seconds * 1_000_000_000))


def _said(checked: CheckedCollection) -> tuple[list[str], list[str]]:
    """What a check says, and each quote's grounding."""
    quotes = [q for r in checked.collection.reports() for q in r.quotes()]
    return checked.messages(), [f"{q.path}: {q.grounding}" for q in quotes]


def _kept_and_fresh(system, cache: KeptFindings) -> tuple[CheckedCollection, CheckedCollection]:
    kept = check_collection(system.root, base=system.root.parent, cache=cache)
    fresh = check_collection(system.root, base=system.root.parent)
    assert _said(kept) == _said(fresh)
    return kept, fresh


def test_edits_to_a_quote_lock_are_seen_and_an_unchanged_lock_is_not_read_again(system):
    cache = KeptFindings()
    lock = system.root / "tallybook" / "_quotes.lock.yaml"
    first, _ = _kept_and_fresh(system, cache)
    assert any("_quotes.lock.yaml does not exist" in m for m in first.messages())
    system.write("tallybook/_quotes.lock.yaml", GOOD)
    written, _ = _kept_and_fresh(system, cache)
    assert written.collection.systems["tallybook"].lock is not None
    again, _ = _kept_and_fresh(system, cache)
    assert again.collection.systems["tallybook"].lock is written.collection.systems["tallybook"].lock
    system.write("tallybook/_quotes.lock.yaml", GOOD.replace("match: exact", "match: somehow"))
    _later(lock, 2)
    broken, _ = _kept_and_fresh(system, cache)
    assert broken.collection.systems["tallybook"].lock is None
    assert any("_quotes.lock.yaml has errors" in m for m in broken.messages())
    lock.unlink()
    gone, _ = _kept_and_fresh(system, cache)
    assert any("_quotes.lock.yaml does not exist" in m for m in gone.messages())


def test_an_edited_set_file_reaches_its_systems_groundings_and_name(system):
    cache = KeptFindings()
    system.write("tallybook/_quotes.lock.yaml", GOOD)
    before, _ = _kept_and_fresh(system, cache)
    again, _ = _kept_and_fresh(system, cache)
    assert again.collection.systems["tallybook"].set is before.collection.systems["tallybook"].set
    set_file = system.root / "tallybook" / "_set.yaml"
    text = set_file.read_text(encoding="utf-8")
    assert REVISION in text
    set_file.write_text(text.replace(REVISION, OTHER_REVISION), encoding="utf-8")
    _later(set_file, 2)
    edited, _ = _kept_and_fresh(system, cache)
    assert any("contradicts '89abcdef" in m for m in edited.messages())
    set_file.write_text(text.replace("system: Tallybook", "system: Tallybook Two"), encoding="utf-8")
    _later(set_file, 4)
    renamed, _ = _kept_and_fresh(system, cache)
    assert any("'Tallybook' contradicts 'Tallybook Two'" in m for m in renamed.messages())
