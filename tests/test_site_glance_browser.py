"""The home page of a collection with more systems than its glance shows, as readers see it
in headless Chromium at 390 px and 1440 px, light and dark: axe-core finds nothing moderate
or worse, the page does not scroll sideways, and the keyboard reaches "All N systems" with
a visible focus and opens the systems page, whose filter box finds any system.

One site is built for the module and one browser serves every test in it.
"""

from __future__ import annotations

import pytest

from axe import each_view, show, views_applied, violations
from browser import browser, browser_session, http_server, until_script, wait  # noqa: F401 - browser and browser_session are fixtures
from conftest import Collection
from mkdocs_reports.pages.site import GLANCE_SYSTEMS
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

SYSTEMS = GLANCE_SYSTEMS + 4
LAST = f"S{SYSTEMS - 1:02}"  # a system the glance does not show


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    reports = Collection(tmp_path_factory.mktemp("many") / "reports")
    for number in range(SYSTEMS):
        reports.report(f"s{number:02}", f"description: System {number:02} keeps its notes in a ledger of runs.\n")
    site = build_site(make_project(tmp_path_factory.mktemp("site"), reports.root))
    with http_server(site) as origin:
        yield origin + "/"


def test_the_home_page_with_more_systems_than_it_shows_is_accessible(browser, site_url):
    """The page loaded once and put into every view (``each_view``)."""
    settled = {}
    for view, settled[view] in each_view(browser, site_url):
        assert [v["id"] for v in violations(browser)] == [], view
        assert browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, view
        rows = browser.execute_script("return document.querySelectorAll('.rpt-glance tbody tr').length")
        assert rows == GLANCE_SYSTEMS, view
    assert views_applied(settled) == []


FOCUS = """
const a = document.activeElement, s = getComputedStyle(a), r = a.getBoundingClientRect();
return {text: a.textContent, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none',
        seen: r.top >= 0 && r.bottom <= window.innerHeight};
"""


def test_the_keyboard_reaches_every_system_from_the_home_page(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    show(browser, site_url, 1440)
    focus = {}
    for _ in range(120):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        focus = browser.execute_script(FOCUS)
        if focus["text"] == f"All {SYSTEMS} systems":
            break
    assert focus["text"] == f"All {SYSTEMS} systems" and focus["ring"] and focus["seen"], focus
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, 20).until(lambda b: b.current_url.rstrip("/").endswith("/systems"))
    box = until_script(browser, "return document.querySelector('.rpt-index-filter input')", 20)
    box.send_keys(LAST)
    shown = browser.execute_script(
        "return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => r.offsetParent !== null).map(r => r.cells[0].textContent)")
    assert shown == [LAST]
