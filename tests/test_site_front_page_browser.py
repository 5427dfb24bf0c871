"""A system's front page, its corrections and its memory profile as readers see them, in
headless Chromium at 390 px and 1440 px, light and dark, on our own sets
(tests/fixtures/sets/retained, imported): axe-core finds nothing moderate or worse, no page
scrolls sideways, the limitations stay a table (stacked under their column names on a
phone), the keyboard reaches the profile's cited records with a visible focus, bases and
corrections differ without colour, previews say what the reconciliation changed, and the
record index filters by correction, keeping the view in the address.

One site is built for the module and one browser serves every test in it.
"""

from __future__ import annotations

import pytest

from axe import each_view, show, views_applied, violations
from browser import browser, browser_session, http_server, until_script, wait  # noqa: F401 - browser and browser_session are fixtures
from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

PAGES = ["inkwell/", "ember/", "inkwell/memory/", "inkwell/runtime/", "inkwell/reconciliation/", "inkwell/overview/",
         "records/?correction=conflicted"]  # fmt: skip
WAIT = 20


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    reports = tmp_path_factory.mktemp("front") / "reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], reports).ok
    site = build_site(make_project(tmp_path_factory.mktemp("site"), reports))
    with http_server(site) as origin:
        yield origin + "/"


def test_axe_finds_nothing_and_no_page_scrolls_sideways(browser, site_url):
    """Each page loaded once and put into every view (``each_view``)."""
    found, wide, unchanged = {}, {}, {}
    for page in PAGES:
        settled = {}
        for view, settled[view] in each_view(browser, site_url + page):
            if problems := violations(browser):
                found[f"{page} at {view}"] = [f"{v['id']} ({v['count']}): {v['nodes'][:2]}" for v in problems]
            overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                wide[f"{page} at {view}"] = overflow
        if wrong := views_applied(settled):
            unchanged[page] = wrong
    assert unchanged == {}
    assert found == {} and wide == {}


LIMITATIONS = """
const table = document.querySelector('.rpt-stacked table');
const head = table.tHead, cell = table.tBodies[0].rows[0].cells[1];
const label = cell.querySelector('.rpt-stacked-label');
return {head: getComputedStyle(head).display, label: getComputedStyle(label).display, labelText: label.textContent,
        right: table.getBoundingClientRect().right, width: document.documentElement.clientWidth};
"""


@pytest.mark.parametrize("width", [390, 1440])
def test_the_limitations_stay_a_table_and_stack_on_a_phone(browser, site_url, width):
    show(browser, site_url + "inkwell/", width)
    shown = browser.execute_script(LIMITATIONS)
    assert shown["right"] <= shown["width"]
    if width == 390:  # each cell names its column
        assert shown["head"] == "none" and shown["label"] != "none" and shown["labelText"].startswith("affected source")
    else:  # the column headings say it once
        assert shown["head"] != "none" and shown["label"] == "none"


FOCUS = """
const el = document.activeElement, style = getComputedStyle(el);
const start = document.getElementById('memory-profile'), end = document.getElementById('source-register');
const inside = !!(start.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
  && !!(el.compareDocumentPosition(end) & Node.DOCUMENT_POSITION_FOLLOWING);
const box = el.getBoundingClientRect();
return {tag: el.tagName, text: el.textContent.trim(), href: el.getAttribute('href'), inside: inside,
        ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none',
        seen: box.top >= 0 && box.bottom <= window.innerHeight};
"""


def test_the_keyboard_reaches_the_profiles_records_with_a_visible_focus(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    show(browser, site_url + "inkwell/#memory-profile", 1440)
    reached = []
    for _ in range(40):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        focus = browser.execute_script(FOCUS)
        if focus["inside"] and focus["tag"] == "A" and focus["text"].startswith(("RT-", "MEM-")):
            reached.append(focus)
        if len(reached) == 3:
            break
    assert len(reached) == 3, reached
    assert all(f["ring"] and f["seen"] for f in reached), reached
    assert reached[0]["text"] == "RT-OBJ-scratchpad" and reached[0]["href"].endswith("runtime/#rt-obj-scratchpad")


BADGES = """
const style = el => { const s = getComputedStyle(el); return s.borderTopStyle + ' ' + s.borderTopWidth + ' ' + s.backgroundColor; };
const one = selector => style(document.querySelector(selector));
return {afforded: one('.rpt-basis--afforded'), wired: one('.rpt-basis--wired'),
        known: one('.rpt-assessment--known'), partial: one('.rpt-assessment--partial'), absent: one('.rpt-assessment--absent')};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_bases_and_assessments_look_apart_without_colour(browser, site_url, scheme):
    show(browser, site_url + "inkwell/", 1440, scheme)
    badges = browser.execute_script(BADGES)
    shapes = {name: " ".join(value.split()[:2]) for name, value in badges.items()}  # style and width, no colour
    assert shapes["afforded"] != shapes["wired"]
    assert len({shapes["known"], shapes["partial"], shapes["absent"]}) == 3


PREVIEW = """
const tip = document.getElementById('rpt-tooltip');
if (!tip || tip.hidden || !tip.querySelector('.rpt-preview-head')) return null;
return {text: tip.innerText, corrections: [...tip.querySelectorAll('.rpt-preview-correction')].map(p => p.innerText)};
"""


@pytest.mark.parametrize(("page", "record", "said"), [
    ("inkwell/reconciliation/", "MEM-OBJ-backup", "Superseded by MEM-OBJ-notes: MEM-OBJ-backup is superseded by MEM-OBJ-notes"),
    ("inkwell/reconciliation/", "MEM-OBJ-notes", "Supersedes MEM-OBJ-backup"),
    ("inkwell/", "RT-RTE-nightly-digest", "Unresolved conflict with 1 other record: RT-RTE-nightly-digest and MEM-RTE-pad-read"),
])  # fmt: skip
def test_a_preview_says_what_the_reconciliation_changed(browser, site_url, page, record, said):
    from selenium.webdriver.common.by import By

    show(browser, site_url + page, 1440)
    link = browser.find_elements(By.CSS_SELECTOR, f'.md-content a[href$="#{record.lower()}"]')[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", link)
    preview = until_script(browser, PREVIEW, WAIT)
    assert any(line.startswith(said) for line in preview["corrections"]), preview


def test_a_correction_links_to_its_entry_which_links_back(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "inkwell/memory/", 1440)
    browser.find_element(By.CSS_SELECTOR, '.rpt-reconciliation a[href$="#correction-1"]').click()
    wait(browser, WAIT).until(lambda b: b.current_url.endswith("reconciliation/#correction-1"))
    entry = browser.find_element(By.CSS_SELECTOR, "li:has(> #correction-1)")
    assert entry.is_displayed() and "superseded by" in entry.text
    entry.find_element(By.CSS_SELECTOR, 'a[href$="memory/#mem-obj-backup"]').click()
    wait(browser, WAIT).until(lambda b: b.current_url.endswith("memory/#mem-obj-backup"))


ROWS = "return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => !r.hidden).map(r => r.cells[0].textContent.trim())"


def test_the_record_index_filters_by_correction_and_keeps_it_in_the_address(browser, site_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    show(browser, site_url + "records/", 1440)
    select = browser.find_element(By.CSS_SELECTOR, '.rpt-index-filter select[data-rpt-key="correction"]')
    assert [o.get_attribute("value") for o in Select(select).options] == ["", "conflicted", "superseded", "supersedes"]
    label = browser.execute_script("return arguments[0].closest('label').textContent", select)
    assert label.startswith("Correction")
    browser.execute_script("arguments[0].focus()", select)
    select.send_keys(Keys.DOWN)  # the keyboard alone chooses "conflicted"
    assert sorted(browser.execute_script(ROWS)) == ["MEM-RTE-pad-read", "RT-RTE-nightly-digest"]
    assert "correction=conflicted" in browser.current_url
    show(browser, site_url + "records/?correction=superseded", 390)  # the address keeps the view
    assert browser.execute_script(ROWS) == ["MEM-OBJ-backup"]
    show(browser, site_url + "records/?correction=amended", 1440)  # a kind no record has: nothing matches
    assert browser.execute_script(ROWS) == []
