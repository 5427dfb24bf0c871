"""More of `mkdocs serve --dirty`: hand-written pages are rebuilt only when what they show
changed, and after each kind of edit the site is what a full build makes."""

from __future__ import annotations

import gc

import pytest

from sitehtml import make_project
from test_site_incremental import EPOCH, differences, dirty_build, edit, full_build, mtimes  # noqa: F401  (dirty_build: a fixture)

pytestmark = pytest.mark.once

CITING = "# Notes\n\nThe store is alpha:MEM-OBJ-notes.\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return make_project(tmp_path / "project", docs={"notes.md": CITING})


def test_an_edit_no_hand_written_page_shows_leaves_them_as_they_are(project, dirty_build, tmp_path):
    site = dirty_build()
    before = mtimes(site)
    edit(project, "beta", "Same ID as Alpha's, another system.", "The same ID as Alpha's, in another system.")  # prose of a record: no listing, no citation
    dirty_build()
    after = mtimes(site)
    rebuilt = {page for page in after if after[page] != before.get(page)}
    assert "beta/memory/index.html" in rebuilt
    assert not {"index.html", "notes/index.html", "authoring/index.html"} & rebuilt, rebuilt
    assert differences(site, full_build(project, tmp_path / "full")) == []


def test_a_label_a_hand_written_page_cites_and_a_deleted_report(project, dirty_build, tmp_path):
    site = dirty_build()
    edit(project, "alpha", "label: Note store", "label: Note warehouse")
    dirty_build()
    assert differences(site, full_build(project, tmp_path / "full-label")) == []
    (project / "reports" / "beta" / "memory.yaml").unlink()
    dirty_build()
    assert not (site / "beta" / "memory").exists()
    assert differences(site, full_build(project, tmp_path / "full-deleted")) == []


def test_a_report_broken_then_mended(project, dirty_build, tmp_path):
    site = dirty_build()
    edit(project, "alpha", "Writes are checked by MEM-RTE-note-write.", "Writes are checked by MEM-RTE-note-wirte.")
    dirty_build()
    assert "MEM-RTE-note-wirte is cited but not declared" in (site / "beta" / "memory" / "index.html").read_text(encoding="utf-8")
    edit(project, "alpha", "MEM-RTE-note-wirte", "MEM-RTE-note-write")
    dirty_build()
    assert "MEM-RTE-note-wirte" not in (site / "beta" / "memory" / "index.html").read_text(encoding="utf-8")
    assert gc.isenabled()  # a rebuild pauses the cycle collector, and gives it back
    assert differences(site, full_build(project, tmp_path / "full")) == []
