"""What a build holds while it writes: each file made when it is written, and let go of once
written, unless ``mkdocs serve`` keeps it for the next build. Sizes, not times: nothing here
depends on the machine."""

from __future__ import annotations

import tracemalloc

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.kept_pages import KeptPages
from test_site_navigation import collection


def _held_after_reading_every_preview(site: SitePages) -> tuple[int, int]:
    """(bytes still held once every preview file has been read and let go, their bytes).
    Every system's backlinks are worked out first: the build keeps those for its pages, and
    they are not preview files."""
    for slug in site.backlinks.graph.collection.systems:
        site.backlinks.count(slug, "")
    previews = site.previews()
    tracemalloc.start()
    try:
        total = sum(len(previews[path].encode()) for path in previews)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return held, total


def test_a_build_does_not_hold_every_preview_file_it_wrote(tmp_path):
    """The previews were kept, every one, for a next build that only ``mkdocs serve`` has:
    at 1,000 reports 41 MB of JSON held from the first file written to the end."""
    site = SitePages(check_collection(collection(tmp_path / "many", 30)).graph)
    site.planned()
    held, total = _held_after_reading_every_preview(site)
    # kept, they would be all of ``total`` and more; what else is held is the process's
    # caches, whose fill depends on what ran before in the same process
    assert held < total / 2, (held, total)
    assert not site.made_previews  # nothing made is held for a next build


def test_while_serving_the_previews_are_kept_for_the_next_build(tmp_path):
    graph = check_collection(collection(tmp_path / "nine", 9)).graph
    kept = KeptPages()
    first = SitePages(graph, kept=kept)
    first.planned()
    held, total = _held_after_reading_every_preview(first)
    assert held >= total, (held, total)
    again = SitePages(graph, kept=kept)
    again.planned()
    previews = again.previews()
    assert all(previews.is_kept(path) for path in previews)


def test_a_written_pages_ids_are_held_packed_and_still_answer_mkdocs(tmp_path):
    """MkDocs checks links into a page once every page is written (``anchor in
    page.present_anchor_ids``): a written page's ids answer as the set did, in a third of
    the memory (a set of them held 13 MB for the pages of 1,000 reports)."""
    from mkdocs_reports.adapter.page import PresentIds

    def page_ids() -> set[str]:  # as MkDocs holds them: a set of the page's own strings
        return {f"mem-rte-record-{number}--later-read-back" for number in range(2000)} | {"a", "records"}

    ids = page_ids()
    tracemalloc.start()
    try:
        as_set = page_ids()
        set_bytes, _ = tracemalloc.get_traced_memory()
        packed = PresentIds(as_set)
        del as_set
        packed_bytes, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert packed_bytes < set_bytes / 3, (packed_bytes, set_bytes)
    assert all(anchor in packed for anchor in ids) and len(packed) == len(ids) and set(packed) == ids
    for absent in ("", "record", "mem-rte-record-1", "a\nrecords", "records\n", 7, None):
        assert absent not in packed
    assert "x" not in PresentIds(()) and "" not in PresentIds(()) and list(PresentIds(())) == []
