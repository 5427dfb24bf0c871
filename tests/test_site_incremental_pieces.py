"""`mkdocs serve --dirty` re-makes only what an edit changed: the pages that list every
system are rebuilt only when their HTML changed, each system's view and index entries are
kept while its reports are the same, a preview file is re-made only when the set of systems
that declare its IDs changed, and the lookup and comparison files are assembled from kept
pieces. After each kind of edit the output equals a build with nothing kept (in memory,
``Served``) and, through real builds, a full build file for file."""

from __future__ import annotations

import shutil

import pytest

from test_site_incremental import copy_system, differences, dirty_build, edit, full_build, mtimes, project  # noqa: F401  (dirty_build, project: fixtures)
from test_site_incremental_kept import Served, _after, _changed, _edit

pytestmark = pytest.mark.once

LISTINGS = {"systems/index.html", "coverage/index.html", "comparison/index.html"}


@pytest.fixture
def served(project) -> Served:
    served = Served(project / "reports")
    served.build()
    return served


def test_a_label_edit_does_not_rebuild_the_listings_that_do_not_show_labels(project, dirty_build, tmp_path):
    site = dirty_build()
    before = mtimes(site)
    edit(project, "alpha", "label: Note store", "label: Note warehouse")
    dirty_build()
    after = mtimes(site)
    rebuilt = {page for page in after if after[page] != before.get(page)}
    assert "records/index.html" in rebuilt  # the index shows labels
    assert not LISTINGS & rebuilt, rebuilt
    assert differences(site, full_build(project, tmp_path / "full-label")) == []
    # a status shows in the coverage overview: rebuilt when it changes, and only then
    edit(project, "alpha", "operation conclusion status: uninspected", "operation conclusion status: observed")
    dirty_build()
    assert "coverage/index.html" in {page for page, written in mtimes(site).items() if written != after[page]}
    assert differences(site, full_build(project, tmp_path / "full-status")) == []


def test_a_label_another_system_cites_by_the_same_id_leaves_the_other_previews_alone(served):
    """A label edit keeps the edited system's IDs: no other system's preview file is made
    again (their "also in" lists name the same systems), and the output equals a whole build."""
    before = served.build()
    _edit(served.root / "alpha" / "memory.yaml", "label: Note store", "label: Note warehouse")
    after, changed = _after(served, before)
    previews = {name for name in changed if name.startswith("assets/mkdocs-reports/previews/")}
    assert previews == {"assets/mkdocs-reports/previews/alpha.json"}


def test_a_citation_added_and_removed_across_members_shows_in_cited_by(served):
    before = served.build()
    report = served.root / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    _edit(report, "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-RTE-note-write and MEM-OBJ-notes.")
    cited, changed = _after(served, before)
    assert "alpha/memory.md" in changed and "records.md" in changed
    report.write_text(text, encoding="utf-8")
    again, _ = _after(served, cited)
    assert _changed(before, again) == set()


def test_a_renamed_system_reaches_the_previews_of_the_systems_that_share_its_ids(served):
    """A preview names the other systems that declare its IDs by name: a renamed system's
    IDs are touched even though its IDs are the same."""
    before = served.build()
    _edit(served.root / "gamma" / "_set.yaml", "system: Gamma", "system: Gamma Prime")
    after, changed = _after(served, before)
    assert {"assets/mkdocs-reports/previews/alpha.json", "assets/mkdocs-reports/previews/beta.json"} <= changed


def test_a_deleted_report_an_added_system_and_a_broken_report(served):
    before = served.build()
    (served.root / "beta" / "memory.yaml").unlink()
    deleted, _ = _after(served, before)
    assert "beta/memory.md" not in deleted
    copy_system(served.root.parent, "alpha", "delta", "Delta")
    added, changed = _after(served, deleted)
    assert {"delta/memory.md", "systems/index.md", "records.md"} <= changed
    report = served.root / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    report.write_text("type: [unclosed\n", encoding="utf-8")
    broken, _ = _after(served, added)
    report.write_text(text, encoding="utf-8")
    mended, _ = _after(served, broken)
    assert _changed(added, mended) == set()


def test_served_edits_of_every_kind_equal_a_full_build(project, dirty_build, tmp_path):
    """The same kinds of edit through `mkdocs serve --dirty` builds, file for file."""
    site = dirty_build()
    edit(project, "alpha", "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-RTE-note-write and MEM-OBJ-notes.")
    dirty_build()
    assert differences(site, full_build(project, tmp_path / "full-cited")) == []
    shutil.rmtree(project / "reports" / "gamma")
    copy_system(project, "alpha", "delta", "Delta")
    dirty_build()
    assert differences(site, full_build(project, tmp_path / "full-systems")) == []


def test_a_listing_made_to_be_fingerprinted_is_let_go_once_rendered(served):
    """``made_now`` makes a page that lists every system before the build renders it; the
    page it made is held until it is rendered, not for the rest of the build (the record
    index is 13 MB at 1,000 reports), and a second rendering makes it again, alike."""
    import gc
    import weakref

    from mkdocs_reports.adapter.incremental import made_now
    from mkdocs_reports.core.rules.collection_check import check_collection
    from mkdocs_reports.pages import SitePages

    planned = SitePages(check_collection(served.root).graph).planned()["records.md"]
    made = made_now(planned)
    page = made.make()
    held = weakref.ref(page)
    html = page.html
    del page
    gc.collect()
    assert held() is None
    assert made.make().html == html
