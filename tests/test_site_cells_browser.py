"""No table cell's text runs out of its box, in headless Chromium at 390 and 1440 px, on the
pages of a complete set: its front page, the comparison, the record index and a report page
(a long unbreakable record ID must wrap, not run into the next column)."""

from __future__ import annotations

import pytest

from axe import each_view, views_applied, violations
from browser import browser, browser_session, serve  # noqa: F401 - browser and browser_session are fixtures
from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

#: the pages measured, of the complete sets of the tests: written in YAML, imported from the
#: method's Markdown (its long record IDs), and the method's current eleven-member set
PAGES = {"set": ["tallybook/", "comparison/", "records/", "tallybook/memory/"],
         "retained": ["inkwell/", "comparison/", "records/", "inkwell/memory/"],
         "current": ["tern/", "tern/synthesis/", "tern/report-verification/", "tern/boundary/", "tern/runtime/"]}  # fmt: skip

#: every cell of the page's content whose text reaches past its box (its own scroll width
#: beyond its width, or its text's extent beyond its edges), with the page scrolled so that
#: a table that scrolls sideways by design is measured in its wrapper, not the window
OVERFLOWING = """
const found = [];
for (const cell of document.querySelectorAll('.md-content td, .md-content th')) {
  if (!cell.getClientRects().length) continue;  // hidden (a filtered row)
  let hidden = false;  // for assistive technology only (a stacked table's column headings)
  for (let el = cell; el && !hidden; el = el.parentElement) hidden = getComputedStyle(el).clipPath !== 'none';
  if (hidden) continue;
  const box = cell.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(cell);
  const text = range.getBoundingClientRect();
  if (!text.width && !text.height) continue;  // no text
  if (cell.scrollWidth > cell.clientWidth + 1 || text.right > box.right + 1 || text.left < box.left - 1)
    found.push(`${cell.textContent.trim().slice(0, 60)}: text ${Math.round(text.left)}..${Math.round(text.right)} in ${Math.round(box.left)}..${Math.round(box.right)}`);
}
return found;
"""


@pytest.fixture(scope="module")
def site_urls(tmp_path_factory):
    root = tmp_path_factory.mktemp("cells")
    retained, current = root / "retained-reports", root / "current-reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], retained).ok
    assert import_markdown([FIXTURES / "sets" / "current" / "tern"], current).ok
    sources = (("set", FIXTURES / "set"), ("retained", retained), ("current", current))
    sites = {name: build_site(make_project(root / name, reports)) for name, reports in sources}
    with serve(sites["set"], "/") as set_url, serve(sites["retained"], "/") as retained_url, serve(sites["current"], "/") as current_url:
        yield {"set": set_url, "retained": retained_url, "current": current_url}


@pytest.mark.parametrize(("collection", "page"), [(collection, page) for collection, pages in PAGES.items() for page in pages
                                                   if collection != "current"])  # measured on axe's loads below
def test_no_table_cell_s_text_overflows_its_box(browser, site_urls, collection, page):
    """The page loaded once, at a phone's width and then at a desktop's (``each_view``)."""
    found, settled = {}, {}
    for view, settled[view] in each_view(browser, site_urls[collection] + page, [(390, "light"), (1440, "light")]):
        if cells := browser.execute_script(OVERFLOWING):
            found[view[0]] = cells
    assert [look["width"] for look in settled.values()] == [390, 1440] and views_applied(settled) == []
    assert found == {}, "\n".join(f"{width} px: {cell}" for width, cells in found.items() for cell in cells)


def test_axe_finds_nothing_and_no_cell_overflows_on_the_pages_of_the_current_set(browser, site_urls):
    """The current set's pages are loaded once and put into every view (``each_view``):
    the cells measured, then axe."""
    found, overflowing, unchanged = {}, {}, {}
    for page in PAGES["current"]:
        settled = {}
        for view, settled[view] in each_view(browser, site_urls["current"] + page):
            if cells := browser.execute_script(OVERFLOWING):
                overflowing[f"{page} at {view}"] = cells
            if problems := violations(browser):
                found[f"{page} at {view}"] = [f"{v['id']} ({v['count']}): {v['nodes'][:2]}" for v in problems]
        if wrong := views_applied(settled):
            unchanged[page] = wrong
    assert unchanged == {}
    assert found == {}
    assert overflowing == {}
