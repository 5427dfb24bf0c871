"""What `mkdocs serve` keeps of each system (``pages/kept_pages.py``: its pages, its rows of
the pages that list every system, its search entries, its record ID lookup entries, its
preview file) gives, after each kind of edit, what a build with nothing kept gives.

The page layer's output is compared in memory, edit after edit, with one ``KeptPages`` and
one check cache kept across the builds as the plugin keeps them; two edits are followed
through real `mkdocs serve --dirty` builds and compared file for file with a full build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.rules.kept_findings import KeptFindings
from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.kept_pages import KeptPages
from profiles import profile_collection
from sitehtml import SAMPLE, make_project
from test_site_incremental import copy_system, differences, dirty_build, full_build, project  # noqa: F401  (fixtures)

Output = dict[str, str]


class Served:
    """Builds of one folder of reports, as `mkdocs serve` makes them: the check's cache and
    the pages' kept pieces carried from one build to the next."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache = KeptFindings()
        self.kept = KeptPages()

    def build(self) -> Output:
        return _everything(SitePages(check_collection(self.root, cache=self.cache).graph, kept=self.kept))

    def whole(self) -> Output:
        """The same reports built with nothing kept."""
        return _everything(SitePages(check_collection(self.root).graph))


def _everything(site: SitePages) -> Output:
    """Every page, data file and search entry the page layer makes of a collection."""
    made = {uri: planned.make().html for uri, planned in site.planned().items()}
    made |= site.lookup_files()
    previews = site.previews()
    made |= {path: previews[path] for path in previews}
    made["search"] = "\n".join(site.search_parts())
    return made


def _changed(before: Output, after: Output) -> set[str]:
    return {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def served(tmp_path) -> Served:
    project = make_project(tmp_path / "project", reports=SAMPLE, docs={})
    copy_system(project, "beta", "gamma", "Gamma")
    served = Served(project / "reports")
    served.build()
    return served


def _after(served: Served, before: Output) -> tuple[Output, set[str]]:
    """A build after an edit: it equals a build with nothing kept; and what it changed."""
    after = served.build()
    whole = served.whole()
    assert _changed(after, whole) == set()
    return after, _changed(before, after)


def test_a_label_whose_id_another_system_declares_reaches_its_preview_and_the_lookup_files(served):
    before = served.build()
    _edit(served.root / "alpha" / "memory.yaml", "label: Note store", "label: Note warehouse of the agent")
    after, changed = _after(served, before)
    assert "Note warehouse of the agent" in after["records.md"]
    assert any(name.startswith("assets/mkdocs-reports/ids/") for name in changed)
    assert "beta/memory.md" not in changed  # beta's own pages show beta's reports only


def test_an_id_given_up_by_one_system_leaves_the_previews_of_the_others_that_declare_it(served):
    """A preview names the other systems that declare the same ID: unchanged systems' files
    change too when an edited system takes the ID or gives it up."""
    before = served.build()
    _edit(served.root / "gamma" / "memory.yaml", "- id: MEM-OBJ-notes", "- id: MEM-OBJ-gamma-notes")
    after, changed = _after(served, before)
    assert {"assets/mkdocs-reports/previews/alpha.json", "assets/mkdocs-reports/previews/beta.json"} <= changed
    _edit(served.root / "gamma" / "memory.yaml", "- id: MEM-OBJ-gamma-notes", "- id: MEM-OBJ-notes")
    again, changed = _after(served, after)
    assert again == before


def test_a_status_change_shows_in_the_coverage_overview(served):
    before = served.build()
    # a value no record gave before: the layer's table has a column more, in every system's row
    _edit(served.root / "alpha" / "memory.yaml", "implementation conclusion status: wired", "implementation conclusion status: observed")
    after, changed = _after(served, before)
    assert "coverage.md" in changed
    assert "status%3Aimplementation=observed" in after["coverage.md"]


def test_a_deleted_report_and_an_added_system_leave_every_listing_as_a_whole_build_makes_it(served):
    before = served.build()
    shutil.rmtree(served.root / "gamma")
    after, changed = _after(served, before)
    assert "Gamma" not in after["systems/index.md"] and "Gamma" not in after["coverage.md"]
    copy_system(served.root.parent, "beta", "delta", "Delta")
    again, changed = _after(served, after)
    assert {"systems/index.md", "coverage.md", "records.md", "delta/memory.md"} <= changed
    assert "Delta" in again["systems/index.md"] and "Delta" in again["coverage.md"]


def test_a_report_broken_then_mended_is_listed_again(served):
    before = served.build()
    report = served.root / "beta" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    report.write_text("type: [unclosed\n", encoding="utf-8")
    broken, _ = _after(served, before)
    assert "beta/memory.md" not in broken
    report.write_text(text, encoding="utf-8")
    mended, _ = _after(served, broken)
    assert _changed(before, mended) == set()


def test_a_profile_change_shows_in_the_comparison(tmp_path):
    served = Served(profile_collection(tmp_path / "profiles"))
    before = served.build()
    _edit(served.root / "quarry" / "memory-profile.yaml", "basis: observed", "basis: claimed")
    after, changed = _after(served, before)
    assert {"comparison.md", "quarry/memory-profile.md"} <= changed
    assert "loom/memory-profile.md" not in changed


def test_served_edits_to_a_status_and_the_systems_equal_a_full_build(project, dirty_build, tmp_path):
    """The same through `mkdocs serve --dirty` builds, file for file."""
    site = dirty_build()
    _edit(project / "reports" / "alpha" / "memory.yaml", "operation conclusion status: uninspected", "operation conclusion status: observed")
    dirty_build()
    assert "status%3Aoperation=observed" in (site / "coverage" / "index.html").read_text(encoding="utf-8")
    shutil.rmtree(project / "reports" / "gamma")
    copy_system(project, "beta", "delta", "Delta")
    dirty_build()
    assert differences(site, full_build(project, tmp_path / "full")) == []
