"""The comparison of memory profiles as readers use it, in headless Chromium: a choice per
axis shows the systems that give its value and goes into the address, a shared address (or a
chart's bar) opens the same view, the keyboard can do it all, the rows shown download as CSV
and JSON, the page reads at 390 px (each system a list of its axes) and 1440 px (a table),
light and dark, axe-core finds nothing moderate or worse, and the five bases look apart
without colour. On our own profiles (tests/profiles.py); one build and browser per module."""

from __future__ import annotations

import csv
import io
import json

import pytest

from axe import each_view, show, views_applied, violations
from browser import CAPTURE_DOWNLOADS, READ_DOWNLOAD, browser, browser_session, serve  # noqa: F401 - browser and browser_session are fixtures
from profiles import PROFILED, WITHOUT, profile_collection
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site


SHOWN = """
return [...document.querySelectorAll('.rpt-comparison tbody tr')].filter(r => !r.hidden && r.offsetParent !== null)
  .map(r => r.querySelector('th a').textContent);
"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    reports = profile_collection(tmp_path_factory.mktemp("profiles"))
    site = build_site(make_project(tmp_path_factory.mktemp("site"), reports))
    with serve(site, "/") as url:
        yield url


def _select(browser, axis: str):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    return Select(browser.find_element(By.CSS_SELECTOR, f'.rpt-comparison-filter select[data-rpt-key="{axis}"]'))


def _count(browser) -> str:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.CSS_SELECTOR, ".rpt-comparison .rpt-index-count").text


def test_axe_finds_nothing_moderate_or_worse(browser, site_url):
    """Each page loaded once and put into every view (``each_view``)."""
    found, unchanged = {}, {}
    for page in ["comparison/", "comparison/?read_back_signal=inferred-embedding", ""]:
        settled = {}
        for view, settled[view] in each_view(browser, site_url + page):
            if problems := violations(browser):
                found[f"{page or 'home'} at {view}"] = [f"{v['id']} ({v['count']}): {v['nodes'][:2]}" for v in problems]
        if wrong := views_applied(settled):
            unchanged[page or "home"] = wrong
    assert unchanged == {}
    assert found == {}


def test_a_choice_shows_the_systems_that_give_the_value_and_the_address_keeps_it(browser, site_url):
    show(browser, site_url + "comparison/", 1440)
    assert browser.execute_script(SHOWN) == PROFILED and _count(browser) == "3 of 3 systems"
    signal = _select(browser, "read_back_signal")
    assert [o.text for o in signal.options] == ["any", "coarse (1)", "identifier (1)", "inferred-embedding (1)", "inferred-judgment (1)"]
    signal.select_by_value("inferred-embedding")
    assert browser.execute_script(SHOWN) == ["Quarry"] and _count(browser) == "1 of 3 systems"
    assert "read_back_signal=inferred-embedding" in browser.current_url
    _select(browser, "lineage").select_by_value("authored")
    assert browser.execute_script(SHOWN) == []  # Quarry's lineage is trace-extracted only
    assert browser.execute_script("return !document.querySelector('.rpt-comparison .rpt-index-empty').hidden")
    _select(browser, "read_back_signal").select_by_value("")
    assert browser.execute_script(SHOWN) == ["Inkwell", "Loom"]
    shared = browser.current_url
    assert "lineage=authored" in shared and "read_back_signal" not in shared

    show(browser, shared, 390)  # the shared address opens the same view, at another width
    assert browser.execute_script(SHOWN) == ["Inkwell", "Loom"]
    assert _select(browser, "lineage").first_selected_option.get_attribute("value") == "authored"


def test_an_axis_with_no_value_can_be_chosen_by_its_assessment(browser, site_url):
    show(browser, site_url + "comparison/?curation_operations=absent", 1440)
    assert browser.execute_script(SHOWN) == ["Inkwell", "Loom"]
    show(browser, site_url + "comparison/?trace_source=uninspected", 1440)
    assert browser.execute_script(SHOWN) == ["Quarry"]
    show(browser, site_url + "comparison/?storage_substrate=kv", 1440)  # a value no system gives
    assert browser.execute_script(SHOWN) == [] and _count(browser) == "0 of 3 systems"


def test_a_bar_of_a_chart_opens_the_systems_it_counts(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "comparison/", 1440)
    bar = browser.find_element(By.CSS_SELECTOR, '.rpt-axis-chart a[*|href$="?read_back_direction=pull"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", bar)
    bar.click()
    assert browser.execute_script("return location.search") == "?read_back_direction=pull"
    assert browser.execute_script(SHOWN) == ["Loom", "Quarry"]


def test_the_keyboard_chooses_and_clears(browser, site_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    show(browser, site_url + "comparison/", 1440)
    first = browser.find_element(By.CSS_SELECTOR, '.rpt-comparison-filter select[data-rpt-key="storage_substrate"]')
    browser.execute_script("arguments[0].focus()", first)
    active = browser.switch_to.active_element
    active.send_keys(Keys.TAB)  # to the next axis's choice
    active = browser.switch_to.active_element
    assert active.get_attribute("data-rpt-key") == "representational_form"
    outline = browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the keyboard's place is seen
    active.send_keys(Keys.ARROW_DOWN)
    chosen = active.get_attribute("value")
    assert chosen and f"representational_form={chosen}" in browser.current_url
    shown = browser.execute_script(SHOWN)
    assert 0 < len(shown) <= 3
    clear = browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Show every system']")
    browser.execute_script("arguments[0].focus()", clear)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert browser.execute_script(SHOWN) == PROFILED and "representational_form" not in browser.current_url
    assert browser.switch_to.active_element.get_attribute("data-rpt-key") == "storage_substrate"


def test_the_rows_shown_download_as_csv_and_json(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "comparison/?read_back_direction=push", 1440)
    assert browser.execute_script(SHOWN) == ["Inkwell", "Loom"]
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download CSV']").click()
    rows = list(csv.DictReader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    assert [r["system"] for r in rows] == ["Inkwell", "Loom"]
    assert rows[1]["read_back_direction"] == "push (wired); pull (afforded)"
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download JSON']").click()
    data = json.loads(browser.execute_async_script(READ_DOWNLOAD))
    assert [e["system"] for e in data] == ["Inkwell", "Loom"]
    assert data[0]["axes"]["read_back_direction"]["values"][0]["records"] == ["MEM-RTE-pad-read"]

    show(browser, site_url + "comparison/", 1440)  # nothing chosen: every system, a profile or not
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download CSV']").click()
    rows = list(csv.DictReader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    assert sorted(r["system"] for r in rows) == sorted(PROFILED + WITHOUT)
    # the file made in the page is the one published beside it
    published = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; fetch('comparison.csv').then(r => r.text()).then(done);")
    assert sorted(csv.DictReader(io.StringIO(published)), key=lambda r: r["system"]) == sorted(rows, key=lambda r: r["system"])


LAYOUT = """
const table = document.querySelector('.rpt-comparison-table');
const row = table.tBodies[0].rows[0];
const labels = [...row.querySelectorAll('.rpt-cmp-axis')].filter(l => l.offsetParent !== null).map(l => l.textContent);
const tops = [...row.cells].map(c => Math.round(c.getBoundingClientRect().top));
const wide = [...document.querySelectorAll('.rpt-comparison-table tbody th, .rpt-comparison-table tbody td')]  // the header is hidden on a phone
  .filter(c => c.scrollWidth > c.clientWidth + 1).length;
return {page: document.documentElement.scrollWidth, window: window.innerWidth, right: Math.round(table.getBoundingClientRect().right),
        labels: labels, oneLine: new Set(tops).size === 1, overflowing: wide};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_reads_each_system_as_a_list_and_a_desktop_as_a_table(browser, site_url, scheme):
    show(browser, site_url + "comparison/", 390, scheme)
    phone = browser.execute_script(LAYOUT)
    assert phone["page"] <= phone["window"] == 390 and phone["right"] <= 390 and phone["overflowing"] == 0
    assert len(phone["labels"]) == 10 and phone["labels"][7] == "Read-back signal" and not phone["oneLine"]
    show(browser, site_url + "comparison/", 1440, scheme)
    desk = browser.execute_script(LAYOUT)
    assert desk["page"] <= desk["window"] == 1440 and desk["right"] <= 1440 and desk["overflowing"] == 0
    assert desk["labels"] == [] and desk["oneLine"]  # the axes are the table's columns


BASES = """
return [...document.querySelectorAll('.rpt-basis-legend .rpt-basis')].map(badge => {
  const s = getComputedStyle(badge);
  return [badge.textContent, [s.borderTopStyle, s.borderTopWidth, s.fontWeight].join(' ')];
});
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_five_bases_look_apart_without_colour(browser, site_url, scheme):
    show(browser, site_url + "comparison/", 1440, scheme)
    looks = dict(browser.execute_script(BASES))
    assert list(looks) == ["claimed", "afforded", "wired", "observed", "causally supported"]
    assert len(set(looks.values())) == 5


def test_without_script_the_table_is_all_there(browser, site_url):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(site_url + "comparison/?read_back_signal=inferred-embedding")
        from selenium.webdriver.common.by import By

        rows = browser.find_elements(By.CSS_SELECTOR, ".rpt-comparison tbody tr")
        assert [r.find_element(By.CSS_SELECTOR, "th a").text for r in rows if r.is_displayed()] == PROFILED
        assert browser.find_elements(By.CSS_SELECTOR, ".rpt-comparison-filter") == []
        assert browser.find_element(By.LINK_TEXT, "comparison.csv").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
