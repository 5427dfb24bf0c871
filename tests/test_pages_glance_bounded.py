"""The home page's glance, as the page layer writes it (in memory): it shows a bounded number
of systems and leads to the systems page for all of them, so that the home page — every
reader's first visit — does not grow with the collection."""

from __future__ import annotations

import re

from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.site import GLANCE_SYSTEMS

ROW = re.compile(r"<tr><td><a [^>]*>([^<]*)</a></td>")


def glance_of(reports, count: int) -> str:
    for number in range(count):
        reports.report(f"s{number:03}", f"description: System number {number:03} keeps notes.\n")
    checked = reports.check()
    assert checked.ok, checked.messages()
    return SitePages(checked.graph).glance("index.md").html


def test_the_home_page_grew_with_every_system(reports, tmp_path):
    """Twice the systems, the same glance: the first systems in the systems page's order,
    then a link to all of them on the systems page, which names how many there are."""
    from conftest import Collection

    small = glance_of(reports, GLANCE_SYSTEMS + 3)
    large = glance_of(Collection(tmp_path / "more"), 4 * GLANCE_SYSTEMS)
    assert ROW.findall(large) == [f"S{number:03}" for number in range(GLANCE_SYSTEMS)]
    assert ROW.findall(small) == ROW.findall(large)
    assert abs(len(large) - len(small)) < 16  # only the counts differ
    more = re.search(r'<a href="([^"]*)">All (\d+) systems</a>', large)
    assert more and more[1] == "systems/" and int(more[2]) == 4 * GLANCE_SYSTEMS
    assert f"All {GLANCE_SYSTEMS + 3} systems</a>" in small


def test_a_glance_of_few_systems_shows_every_one_without_a_link_to_more(reports):
    html = glance_of(reports, 3)
    assert ROW.findall(html) == ["S000", "S001", "S002"]
    assert "All 3 systems" not in html
    assert '<a href="systems/">Systems</a>' in html  # where to read on, as always


def test_the_glance_is_marked_for_the_theme_search_to_leave_out(reports):
    """Material leaves out of its index every element with ``data-search-exclude``: the
    glance's table (what the systems' own pages are found by) carries it; its heading does
    not, so the hand-written words after the glance keep their place in the index."""
    html = glance_of(reports, 3)
    heading = re.search(r"<h2 [^>]*>", html)
    assert heading and "data-search-exclude" not in heading[0]
    excluded = re.search(r"<div ([^>]*)data-search-exclude([^>]*)>(.*)</div>", html, re.DOTALL)
    assert excluded and "<table>" in excluded[3] and "System number 002 keeps notes." in excluded[3]
    assert "data-rpt-unindexed" not in html  # the site's own request, answered


def test_an_author_cannot_keep_text_out_of_the_index(reports):
    """Only the templates set the attribute: a description that writes it stays text."""
    reports.report("x", 'description: <div data-search-exclude data-rpt-unindexed="x">Hidden</div>\n')
    checked = reports.check()
    html = SitePages(checked.graph).glance("index.md").html
    marked = re.findall(r"<([a-z0-9]+)[^<>]*\sdata-search-exclude", html)
    assert marked == ["div"]  # the glance's table, and nothing the description wrote
    assert "Hidden" in html
