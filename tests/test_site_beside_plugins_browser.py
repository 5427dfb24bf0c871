"""What a reader sees of a site built with ``reports`` beside other plugins, in headless
Chromium: the record previews when a minifier renames the plugin's script."""

from __future__ import annotations

import pytest

from axe import show
from browser import browser, browser_session, serve  # noqa: F401 - browser and browser_session are fixtures
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
    from selenium.webdriver.support.ui import WebDriverWait

    link = browser.find_elements(By.CSS_SELECTOR, f'.md-content a[data-rpt-label][href$="{href_end}"]')[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", link)
    return WebDriverWait(browser, WAIT).until(lambda b: b.execute_script(PREVIEW))


def test_previews_show_when_a_minifier_renames_the_script(browser, tmp_path):
    plugin = "  - minify:\n      minify_js: true\n      js_files:\n        - assets/mkdocs-reports/reports.js\n"
    site = build_site(project_with(tmp_path, plugin, "after"))
    assert (site / "assets" / "mkdocs-reports" / "reports.min.js").is_file()
    with serve(site) as url:
        show(browser, url + "alpha/memory/", 1440)
        assert "MEM-OBJ-notes" in focus_record_link(browser, "#mem-obj-notes")
