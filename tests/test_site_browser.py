"""The sample site in headless Chromium, served under a sub-path as GitHub Pages serves it:
the record index sorts and filters offline, and record links land on their entries."""

from __future__ import annotations

import pytest

from browser import browser, browser_session, search_finds, serve  # noqa: F401 - browser and browser_session are fixtures
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    site = build_site(make_project(tmp_path_factory.mktemp("browser")))
    with serve(site, "/repo/sub/") as url:
        yield url


def visible_ids(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => !r.hidden)"
        ".map(r => r.cells[0].textContent.trim() + '@' + r.cells[1].textContent.trim())"
    )


def test_record_index_filters_and_sorts(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(site_url + "records/")
    field = browser.find_element(By.CSS_SELECTOR, ".rpt-index-filter input")
    status = browser.find_element(By.CSS_SELECTOR, ".rpt-index-count")
    assert status.text == "8 of 8 records"

    field.send_keys("notes beta")
    assert visible_ids(browser) == ["MEM-OBJ-notes@Beta"]
    assert status.text == "1 of 8 records"
    field.clear()
    field.send_keys(" ")  # an input event with an empty query shows every row again
    assert len(visible_ids(browser)) == 8

    cited = browser.find_element(By.XPATH, "//div[contains(@class,'rpt-index')]//th[7]//button")
    cited.click()
    counts = browser.execute_script("return [...document.querySelectorAll('.rpt-index tbody tr')].map(r => +r.cells[6].textContent)")
    assert counts == sorted(counts)
    cited.click()
    counts = browser.execute_script("return [...document.querySelectorAll('.rpt-index tbody tr')].map(r => +r.cells[6].textContent)")
    assert counts == sorted(counts, reverse=True) and counts[0] == 6


def test_a_record_link_lands_on_its_entry_under_a_sub_path(browser, site_url):
    from selenium.webdriver.common.by import By

    browser.get(site_url + "records/")
    browser.find_element(By.LINK_TEXT, "RT-RTE-chat-turn").click()
    assert browser.current_url == site_url + "alpha/runtime/#rt-rte-chat-turn"
    heading = browser.find_element(By.ID, "rt-rte-chat-turn")
    assert heading.text.startswith("RT-RTE-chat-turn")
    assert "not published" in browser.title


@pytest.mark.parametrize(
    "query",
    ["MEM-RTE-note-write", "Note writing", "src/notes.ts", "notes.ts"],
    ids=["by ID", "by label", "by quoted file", "by file name"],
)
def test_search_finds_a_record_by_id_label_and_quoted_file(browser, site_url, query):
    """Through Material's search box: a full ID to its record (the plugin's ID lookup), any
    words to the record index filtered by them (labels, the files its quotes come from)."""
    assert search_finds(browser, site_url, query, site_url + "alpha/memory/#mem-rte-note-write")
