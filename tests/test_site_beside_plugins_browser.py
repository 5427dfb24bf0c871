"""What a reader sees of a site built with ``reports`` beside other plugins, in headless
Chromium: the record previews when a minifier renames the plugin's script."""

from __future__ import annotations

import pytest

from axe import show
from browser import CAPTURE_DOWNLOADS, READ_DOWNLOAD, browser, browser_session, serve, until_script  # noqa: F401 - browser and browser_session are fixtures
from profiles import PROFILED, WITHOUT, profile_collection
from sitehtml import build_site
from test_site_beside_plugins import project_with

pytestmark = pytest.mark.site
WAIT = 20

PREVIEW = """
const tip = document.getElementById('rpt-tooltip');
return tip && !tip.hidden && tip.querySelector('.rpt-preview-head') ? tip.innerText : null;
"""


def focus_record_link(browser, href_end: str) -> str:
    """The preview a record link shows when focused."""
    from selenium.webdriver.common.by import By

    link = browser.find_elements(By.CSS_SELECTOR, f'.md-content a[data-rpt-label][href$="{href_end}"]')[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", link)
    return until_script(browser, PREVIEW, WAIT)


def test_previews_show_when_a_minifier_renames_the_script(browser, tmp_path):
    plugin = "  - minify:\n      minify_js: true\n      js_files:\n        - assets/mkdocs-reports/reports.js\n"
    site = build_site(project_with(tmp_path, plugin, "after"))
    assert (site / "assets" / "mkdocs-reports" / "reports.min.js").is_file()
    with serve(site) as url:
        show(browser, url + "alpha/memory/", 1440)
        assert "MEM-OBJ-notes" in focus_record_link(browser, "#mem-obj-notes")


ROWS = "return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => !r.hidden).map(r => r.cells[0].textContent.trim())"


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory):
    """A collection with memory profiles built with Material's offline plugin, to be read
    from ``file://``, where a page may not ``fetch`` a local file."""
    root = tmp_path_factory.mktemp("offline")
    return build_site(project_with(root / "site", "  - offline\n", "after", reports=profile_collection(root)))


def test_offline_from_file_previews_and_the_neighbourhood_work(browser, offline_site):
    from selenium.webdriver.common.by import By

    show(browser, (offline_site / "inkwell" / "memory.html").as_uri(), 1440)
    assert "MEM-OBJ-backup" in focus_record_link(browser, "#mem-obj-backup")
    button = browser.find_element(By.CSS_SELECTOR, 'button[aria-controls="rpt-hood-mem-obj-backup"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", button)
    until_script(browser, "return !!document.querySelector('#rpt-hood-mem-obj-backup svg a')", WAIT)


def test_offline_from_file_the_record_index_filters(browser, offline_site):
    show(browser, (offline_site / "records.html").as_uri() + "?q=MEM-OBJ-backup", 1440)
    assert set(browser.execute_script(ROWS)) == {"MEM-OBJ-backup"}


def test_offline_from_file_the_comparison_downloads(browser, offline_site):
    import json

    from selenium.webdriver.common.by import By

    show(browser, (offline_site / "comparison.html").as_uri(), 1440)
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download JSON']").click()
    assert sorted(entry["system"] for entry in json.loads(browser.execute_async_script(READ_DOWNLOAD))) == sorted(PROFILED + WITHOUT)
