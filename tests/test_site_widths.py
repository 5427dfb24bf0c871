"""Wide tables in headless Chromium: at 1440 px and at 390 px, no page of the sample set
needs to scroll sideways, and no row of a report's tables needs to either (the 17-column
authority-route ledger shows its rows as cards; narrow tables wrap their cells)."""

from __future__ import annotations

import pytest

from browser import browser, browser_session, serve  # noqa: F401 - browser and browser_session are fixtures
from conftest import FIXTURES
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

PAGES = ["tallybook/runtime/", "tallybook/memory/", "tallybook/epistemic/", "tallybook/reconciliation/", "tallybook/", "coverage/"]

#: what overflows sideways: the page itself, or a report table (in the scroll wrapper the
#: theme puts around tables), a card or a labelled field wider than the window or needing to
#: scroll inside (code blocks scroll on their own, as code does), or a column squeezed too
#: narrow to read (under 48 px: a few letters a line)
OVERFLOW = """
const page = document.documentElement;
const found = [];
if (page.scrollWidth > window.innerWidth) found.push(`page ${page.scrollWidth} > ${window.innerWidth}`);
for (const el of document.querySelectorAll('.rpt-table .md-typeset__scrollwrap, .rpt-table table, .rpt-card, .rpt-fields li')) {
  const box = el.getBoundingClientRect();
  if (el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth + 1)
    found.push(`${el.className || el.tagName} ${Math.round(el.scrollWidth)} > ${el.clientWidth}, right ${Math.round(box.right)}`);
}
for (const cell of document.querySelectorAll('.rpt-table td')) {
  if (cell.getBoundingClientRect().width < 48) found.push(`a cell ${Math.round(cell.getBoundingClientRect().width)} px wide`);
}
return found;
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    site = build_site(make_project(tmp_path_factory.mktemp("widths"), FIXTURES / "set"))
    with serve(site, "/") as url:
        yield url


@pytest.mark.parametrize("width", [1440, 390])
def test_no_page_scrolls_sideways(browser, site_url, width):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    problems = {}
    for page in PAGES:
        browser.get(site_url + page)
        assert browser.execute_script("return window.innerWidth") == width
        if found := browser.execute_script(OVERFLOW):
            problems[page] = found
    assert problems == {}


def test_the_ledger_rows_are_cards_at_every_width(browser, site_url):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.get(site_url + "tallybook/epistemic/#authority-route-ledger--row-2")
    cards = browser.execute_script(
        "return [1, 2].map(n => document.getElementById('authority-route-ledger--row-' + n).closest('.rpt-card').querySelectorAll('li').length)"
    )
    assert cards == [17, 17]
    # the card a Cited-by link lands on is lit
    lit = browser.execute_script(
        "const card = document.getElementById('authority-route-ledger--row-2').closest('.rpt-card');"
        "return getComputedStyle(card).backgroundColor"
    )
    assert lit not in ("rgba(0, 0, 0, 0)", "transparent")
