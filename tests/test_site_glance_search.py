"""Material's search index of a real build: the hand-written home page's own words are in
it, the glance the plugin puts into that page is not (each system is found by its own
page's entry), so the index every first visit loads does not grow with the systems."""

from __future__ import annotations

import html
import re

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from sitehtml import SAMPLE, Site, build_site, make_project

pytestmark = pytest.mark.site

PROSE = "Every report is made of"  # docs/index.md, after the glance marker


def test_the_theme_indexed_the_glance_of_every_system(tmp_path):
    site = Site(build_site(make_project(tmp_path / "project")))
    home = [entry for entry in site.search_index() if entry["location"].split("#")[0] == ""]
    text = "\n".join(html.unescape(entry["title"] + " " + entry["text"]) for entry in home)
    assert PROSE in text
    assert "The collection at a glance" in text  # its heading leads the words that follow it
    glance = SitePages(check_collection(SAMPLE, base=SAMPLE.parent).graph).glance("index.md").html
    said = [html.unescape(cell) for cell in re.findall(r"</a></td>\s*<td>([^<]{20,})</td>", glance)]
    assert said, glance
    for cell in said:
        assert cell[:60] not in text, cell
    # the glance is still on the page, and each system found by its own page's entry
    page = site.html("")
    systems = [entry for entry in site.search_index() if entry["location"].split("#")[0] not in ("", "records/")]
    for cell in said:
        assert html.escape(cell[:60], quote=False) in page
    assert len(systems) >= len(said)
