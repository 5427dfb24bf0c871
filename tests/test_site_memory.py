"""A build holds what it is writing, not the whole site: the pages are planned (titles,
front matter) for the navigation, and each is made only when asked for; the search entries
are written as they are made. Sizes, not times: nothing here depends on the machine."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.search import encoded, merge_into_index, search_entries
from test_site_navigation import collection


def _planned_bytes(root: Path) -> tuple[int, int, int]:
    """(bytes the plan of every page holds, pages, bytes of their HTML once made)."""
    site = SitePages(check_collection(root).graph)
    tracemalloc.start()
    try:
        planned = site.planned()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    made = sum(len(plan.make().html.encode()) for plan in planned.values())
    return held, len(planned), made


def test_planning_the_pages_makes_none_of_them(tmp_path):
    """Planning used to make every page's HTML at once (a build held all of it until the
    last page was written); the plan holds a small part of what the pages weigh."""
    held, pages, made = _planned_bytes(collection(tmp_path / "four", 4))
    assert pages == 4 * 3 + 4  # each system's three pages, the four listing pages
    assert held < made / 3, (held, made)


def _least_held(root: Path, systems: int) -> int:
    """The smaller of two plans' bytes of one collection: a cache of the process that grows
    (a table made larger once it fills) lands in whichever plan makes it grow, which
    depends on what the process ran before (a test module to a core), not on the plan."""
    return min(_planned_bytes(collection(root / str(number), systems))[0] for number in range(2))


def test_what_a_plan_holds_per_system_does_not_grow_with_the_collection(tmp_path):
    few = _least_held(tmp_path / "three", 3)
    more = _least_held(tmp_path / "nine", 9)
    most = _least_held(tmp_path / "fifteen", 15)
    assert (most - more) / 6 < 1.25 * (more - few) / 6 + 2048, (few, more, most)


def test_the_search_index_is_written_whole_and_readable_as_the_themes_was(tmp_path):
    """The entries are written one at a time into a new file that then takes the index's
    place: a reader (or web server) finds the theme's entries of other pages, every
    entry of the collection, and the file as readable as any other the build wrote."""
    root = collection(tmp_path / "two", 2)
    site = SitePages(check_collection(root).graph)
    folder = tmp_path / "site" / "search"
    folder.mkdir(parents=True)
    index = folder / "search_index.json"
    theirs = [{"location": "", "title": "Home", "text": "welcome"}, {"location": "s00/memory/", "title": "stale", "text": ""}]
    index.write_text(json.dumps({"config": {"fields": {"title": {"boost": 1000.0}}}, "docs": theirs}), encoding="utf-8")
    mode = index.stat().st_mode
    expected = list(search_entries(site.overview, site.paths))
    written = merge_into_index(index, iter([encoded(expected[:3]), "", encoded(expected[3:])]), {"s00/memory/"})
    data = json.loads(index.read_text(encoding="utf-8"))
    assert data["docs"] == [theirs[0], *expected]
    assert data["config"] == {"fields": {"title": {"boost": 1000.0}}}  # the theme's, as it wrote them
    assert written == index.stat().st_size
    assert index.stat().st_mode == mode
    assert os.listdir(folder) == ["search_index.json"]
