"""Every page says, in one attribute on ``<html>``, where the site's root and the record
previews are, relative to itself: the scripts find them there, and no path the build
publishes is written a second time in JavaScript."""

from __future__ import annotations

import html as html_text
import json
import re

from mkdocs_reports.adapter.site_root import with_site_root
from mkdocs_reports.pages import SitePages


def said(page: str) -> dict[str, str]:
    match = re.search(r'<html data-rpt-site="([^"]*)"', page)
    assert match, page[:200]
    return json.loads(html_text.unescape(match.group(1)))


def test_the_page_names_the_folder_the_previews_are_published_in(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-notes\n    label: Notes\n")
    published = list(SitePages(reports.check().graph).previews())
    where = said(with_site_root('<!doctype html><html lang="en"><body></body></html>', "../../", "records/"))
    assert where["root"] == "../../"
    assert published == [where["previews"].removeprefix("../../") + "alpha.json"]


def test_a_root_with_quotes_stays_inside_the_attribute():
    page = with_site_root("<html><body></body></html>", '"><script>x</script>/', "records/")
    assert "<script>" not in page and said(page)["root"] == '"><script>x</script>/'
