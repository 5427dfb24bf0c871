"""The pictures' links under Material's instant navigation (``navigation.instant``), in
headless Chromium: the theme intercepts every click on an ``<a>``, and reads an SVG link's
``href`` (an ``SVGAnimatedString``, not a string) as an address, which throws and stops its
instant navigation for the rest of the visit; and it makes every relative link of a page it
loads absolute by assigning the link's ``href`` to itself, which an SVG link refuses (a
script error on every page with a picture, and the links after it left relative). A bar of
a status chart, of a comparison chart, a box of the citation web and of a record's
neighbourhood must open their page with no script error, from loading the page to loading
the next, and instant navigation must still work after."""

from __future__ import annotations

import pytest

from browser import browser, built_and_served, until_script  # noqa: F401 - browser is a fixture
from sitehtml import add_theme_features, make_project
from test_site_prototype_names_browser import READ_ERRORS, _open, browser_session, named_collection  # noqa: F401 - browser_session is a fixture (its pages record script errors)

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    """The site with instant navigation, built for the address it is served at: the theme
    navigates instantly only to the pages its sitemap lists, which needs ``site_url``."""
    reports = named_collection(tmp_path_factory.mktemp("instant"))
    project = make_project(tmp_path_factory.mktemp("site"), reports)
    add_theme_features(project, "navigation.instant")
    with built_and_served(project, tmp_path_factory.mktemp("served")) as origin:
        yield origin


def _click(browser, link) -> str:
    """Click ``link`` where a reader would; the address it leads to."""
    from selenium.webdriver.common.action_chains import ActionChains

    href = browser.execute_script("const a = arguments[0]; return new URL(a.href.baseVal ?? a.href, location.href).href", link)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    ActionChains(browser).move_to_element(link).click().perform()
    return href


def _instant_still_works(browser, site_url) -> None:
    """A link of the navigation opens its page without reloading the document."""
    from selenium.webdriver.common.by import By

    browser.execute_script("window.rptSameDocument = true")
    link = browser.find_element(By.CSS_SELECTOR, 'a.md-nav__link[href$="records/"]')
    browser.execute_script("arguments[0].click()", link)
    until_script(browser, "return location.pathname.endsWith('/records/') && document.querySelector('.rpt-records .rpt-index-count') !== null", 10)
    assert browser.execute_script("return window.rptSameDocument === true")


@pytest.mark.parametrize(("page", "selector", "arrived"), [
    ("constructor/", "svg.rpt-chart:not(.rpt-axis-chart) a.rpt-chart-bar",
     "return document.querySelector('.rpt-records .rpt-index-count') !== null && location.search.includes('system=')"),
    ("comparison/", "svg.rpt-axis-chart a.rpt-chart-bar",
     "return new URLSearchParams(location.search).size === 1 && document.querySelector('.rpt-comparison .rpt-index-count') !== null"),
    ("constructor/", "svg.rpt-web a.rpt-web-node",
     "return location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1))) !== null"),
], ids=["status-chart", "axis-chart", "citation-web"])
def test_a_picture_link_opens_its_page_under_instant_navigation(browser, site_url, page, selector, arrived):
    from selenium.webdriver.common.by import By

    _open(browser, site_url + page)
    assert browser.execute_script(READ_ERRORS) == []  # the theme reads every link of the page as it loads
    href = _click(browser, browser.find_element(By.CSS_SELECTOR, selector))
    until_script(browser, f"return location.href === {href!r}", 10)
    until_script(browser, arrived, 10)
    assert browser.execute_script(READ_ERRORS) == []
    _instant_still_works(browser, site_url)
    assert browser.execute_script(READ_ERRORS) == []


def test_a_box_of_a_neighbourhood_opens_its_record_under_instant_navigation(browser, site_url):
    from selenium.webdriver.common.by import By

    _open(browser, site_url + "constructor/memory/")
    button = browser.find_element(By.CSS_SELECTOR, ".rpt-record-actions button[aria-controls]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", button)
    box = button.get_attribute("aria-controls")
    until_script(browser, f"return document.querySelector('#{box} svg a.rpt-web-node:not(.rpt-web-node--self)') !== null", 10)
    href = _click(browser, browser.find_element(By.CSS_SELECTOR, f"#{box} svg a.rpt-web-node:not(.rpt-web-node--self)"))
    until_script(browser, f"return location.href === {href!r}", 10)
    assert browser.execute_script(READ_ERRORS) == []
    _instant_still_works(browser, site_url)
    assert browser.execute_script(READ_ERRORS) == []
