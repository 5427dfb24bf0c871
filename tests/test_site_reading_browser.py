"""The real collection as readers see it, in headless Chromium at a phone's width (390 px)
and a desktop's (1440 px), light and dark: no page asks another origin for anything, the keyboard can
reach and see everything the record index offers, quotes can be read whole, search puts a
record first when its ID is asked for, and each record's neighbourhood can be drawn.

One site is built for the run (``real_site_dir``) and one browser serves every test in the
module. axe-core's look at every kind of page in every view is
``test_site_reading_axe_browser.py``: a module to a core, the two halves run side by side.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from axe import VIEWS, show, violations
from browser import CAPTURE_DOWNLOADS, READ_DOWNLOAD, browser, browser_session, http_server, search_finds, until_script, wait  # noqa: F401 - browser and browser_session are fixtures
from sitehtml import Site
from test_site_reading_axe_browser import PAGES

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

#: seconds a condition may take to hold: a ceiling, as each wait ends once it holds
WAIT = 20


@pytest.fixture(scope="module")
def site_dir(real_site_dir):
    return real_site_dir


@pytest.fixture(scope="module")
def site(site_dir) -> Site:
    return Site(site_dir)


@pytest.fixture(scope="module")
def site_url(site_dir):
    with http_server(site_dir) as origin:
        yield origin + "/"


RESOURCES = """
return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)];
"""


def test_no_page_asks_another_origin_for_anything(browser, site_url):
    origin = urlsplit(site_url).netloc
    elsewhere = {}
    for page in PAGES:
        show(browser, site_url + page, 1440)
        browser.execute_script("return document.fonts.ready")
        requested = browser.execute_script(RESOURCES)
        assert len(requested) > 3  # the page, its stylesheets and scripts at least
        if foreign := [url for url in requested if urlsplit(url).netloc not in (origin, "")]:
            elsewhere[page] = foreign
    assert elsewhere == {}


FOCUS_RING = """
const el = document.activeElement, style = getComputedStyle(el);
return {tag: el.tagName, outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
        shadow: style.boxShadow !== 'none'};
"""


def _tab(browser, times: int = 1) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for _ in range(times):
        ActionChains(browser).send_keys(Keys.TAB).perform()


def test_the_record_index_shows_keyboard_focus(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "records/", 1440)
    field = browser.find_element(By.CSS_SELECTOR, ".rpt-index-filter input[type=search]")
    field.click()
    ring = browser.execute_script(FOCUS_RING)
    assert ring["tag"] == "INPUT" and (ring["outline"] >= 2 or ring["shadow"]), ring
    sort = browser.find_element(By.CSS_SELECTOR, ".rpt-index th button")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", sort)
    # from the field, the keyboard goes on to the first sort button
    for _ in range(30):
        _tab(browser)
        if browser.execute_script("return document.activeElement === arguments[0]", sort):
            break
    else:
        pytest.fail("the keyboard never reached the sort buttons")
    ring = browser.execute_script(FOCUS_RING)
    assert ring["outline"] >= 2 or ring["shadow"], ring


def test_the_record_count_is_announced_and_no_match_is_said(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "records/", 1440)
    count = browser.find_element(By.CSS_SELECTOR, ".rpt-index-count")
    assert count.get_attribute("role") == "status" or count.get_attribute("aria-live") == "polite"
    field = browser.find_element(By.CSS_SELECTOR, ".rpt-index-filter input[type=search]")
    field.send_keys("no record says xyzzy")
    assert count.text.startswith("0 of ")
    empty = browser.find_element(By.CSS_SELECTOR, ".rpt-index-empty")
    assert empty.is_displayed() and "No record matches" in empty.text
    assert not browser.find_element(By.CSS_SELECTOR, ".rpt-index table").is_displayed()
    field.clear()
    field.send_keys(" ")
    assert not empty.is_displayed()


QUOTES = """
return [...document.querySelectorAll('p:has(> .rpt-quote-source) + .rpt-passage')].map(block => {
  block.scrollIntoView();  // laid out once near the screen (content-visibility)
  const code = block.querySelector(':scope > code');
  return {id: block.previousElementSibling.querySelector('.rpt-quote-source').id,
          scrolls: code.scrollWidth > code.clientWidth + 1, copy: !!block.querySelector(':scope > button.rpt-copy-quote')};
});
"""


@pytest.mark.parametrize("width", [390, 1440])
def test_quotes_wrap_and_can_be_copied(browser, site_url, width):
    show(browser, site_url + "signet/memory/", width)
    quotes = browser.execute_script(QUOTES)
    assert len(quotes) >= 20
    assert [q["id"] for q in quotes if q["scrolls"]] == []
    assert [q["id"] for q in quotes if not q["copy"]] == []


VISIBLE_ROWS = """
return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => !r.hidden).map(r => ({
  id: r.cells[0].textContent.trim(), system: r.cells[1].textContent.trim(), report: r.cells[2].textContent.trim(),
  kind: r.cells[3].textContent.trim(), label: r.cells[4].textContent.trim(),
  layers: Object.fromEntries([...r.querySelectorAll('[data-rpt-layer]')].map(b => [b.dataset.rptLayer, b.textContent.split(': ')[1]])),
}));
"""


def _select(browser, key: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.CSS_SELECTOR, f'.rpt-index-filter select[data-rpt-key="{key}"]')).select_by_value(value)


def test_the_record_index_filters_by_column_and_keeps_the_view_in_the_address(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "records/?system=Cludebot&kind=Routes", 1440)
    rows = browser.execute_script(VISIBLE_ROWS)
    assert rows and {(r["system"], r["kind"]) for r in rows} == {("Cludebot", "Routes")}
    count = browser.find_element(By.CSS_SELECTOR, ".rpt-index-count").text
    assert count == f"{len(rows)} of 114 records"

    _select(browser, "status:implementation", "wired")
    rows = browser.execute_script(VISIBLE_ROWS)
    assert rows and all(r["layers"].get("implementation") == "wired" for r in rows)
    assert "status%3Aimplementation=wired" in browser.current_url
    browser.find_element(By.CSS_SELECTOR, ".rpt-index-toggle input").click()
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-index')]//th[5]//button").click()
    shared = browser.current_url
    assert "published=1" in shared and "sort=label" in shared
    expected = browser.execute_script(VISIBLE_ROWS)

    show(browser, shared, 390)  # the shared link opens the same view
    assert browser.execute_script(VISIBLE_ROWS) == expected
    assert [r["label"] for r in expected] == sorted((r["label"] for r in expected), key=str.lower)
    assert all("not published" not in r["report"] for r in expected)


def test_the_record_index_hides_records_of_unpublished_members_on_request(browser, site_url):
    show(browser, site_url + "records/", 1440)
    every = browser.execute_script(VISIBLE_ROWS)
    _select(browser, "report", "runtime report")
    unpublished = browser.execute_script(VISIBLE_ROWS)
    assert unpublished and all(r["report"] == "runtime report (not published)" for r in unpublished)
    show(browser, site_url + "records/?published=1", 1440)
    published = browser.execute_script(VISIBLE_ROWS)
    assert len(published) + len(unpublished) == len(every)




def test_the_record_index_downloads_the_rows_shown_as_csv_and_json(browser, site_url):
    import csv
    import io
    import json

    from selenium.webdriver.common.by import By

    show(browser, site_url + "records/?system=Signet&kind=Routes", 1440)
    shown = browser.execute_script(VISIBLE_ROWS)
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//button[text()='Download JSON']").click()
    records = json.loads(browser.execute_async_script(READ_DOWNLOAD))
    assert [r["id"] for r in records] == [r["id"] for r in shown]
    first = records[0]
    assert set(first) == {"id", "system", "report", "published", "kind", "label", "statuses", "corrections", "cited_by", "url"}
    assert first["url"].startswith(site_url) and "#" in first["url"]
    assert first["statuses"] == shown[0]["layers"]
    browser.find_element(By.XPATH, "//button[text()='Download CSV']").click()
    table = list(csv.reader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    assert table[0][:3] == ["id", "system", "report"] and [row[0] for row in table[1:]] == [r["id"] for r in shown]


HOSTILE_ROW = """
const div = document.createElement('div');
div.className = 'rpt-index rpt-records';
div.innerHTML = '<table><thead><tr><th>ID</th><th>System</th><th>Report</th><th>Kind</th><th>Label</th>'
  + '<th>Statuses</th><th>Cited by</th></tr></thead><tbody><tr><td><a href="#x">MEM-OBJ-x</a></td><td>S</td>'
  + '<td>memory report</td><td>Routes</td><td></td><td></td><td>0</td></tr></tbody></table>';
div.querySelector('tbody td:nth-child(5)').textContent = '=HYPERLINK("http://example.invalid")';
document.querySelector('.md-content').prepend(div);
window.document$.next(document);
"""


def test_a_downloaded_csv_cell_never_starts_a_formula(browser, site_url):
    import csv
    import io

    from selenium.webdriver.common.by import By

    show(browser, site_url + "records/", 1440)
    browser.execute_script(HOSTILE_ROW + CAPTURE_DOWNLOADS)
    browser.find_element(By.CSS_SELECTOR, ".rpt-index .rpt-index-actions button").find_element(By.XPATH, "..")
    browser.execute_script("document.querySelector('.rpt-index .rpt-index-actions button:nth-of-type(1)').click()")
    table = list(csv.reader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    assert table[1][5] == "'=HYPERLINK(\"http://example.invalid\")"


#: the longest report page's HTML (Cludebot's memory report: 162 KB before pages were
#: compacted and a quote's status stopped repeating itself as its tooltip; about 10 KB of
#: it is the indentation of Material's own header and table-of-contents partials, which the
#: site no longer replaces with compacted copies)
PAGE_BUDGET = 154_000


def test_the_longest_report_page_stays_within_its_budget(site_dir):
    sizes = {path.parent.relative_to(site_dir).as_posix(): path.stat().st_size for path in site_dir.glob("*/memory/index.html")}
    longest = max(sizes, key=sizes.get)
    assert sizes[longest] <= PAGE_BUDGET, (longest, sizes[longest])


# -- the coverage overview -----------------------------------------------------------------


def test_the_coverage_overview_says_which_members_each_system_published(site):
    members = site.page("coverage/").tables[0]
    assert members[0] == ["System", "Overview report", "Runtime report", "Memory report", "Epistemic report",
                          "Reconciliation report", "Memory-profile report"]
    assert members[1] == ["Cludebot", "—", "not published, 11 cited", "published", "—", "—", "—"]


def test_status_layers_are_counted_apart_and_each_count_opens_its_records(browser, site, site_url):
    from selenium.webdriver.common.by import By

    page = site.page("coverage/")
    assert "Columns" not in page.tables[-1][0]
    layers = [text for anchor, text in page.headings.items() if anchor.startswith("statuses--")]
    assert layers[:2] == ["Implementation conclusion status", "Operation conclusion status"]
    implementation = page.tables[2]
    assert implementation[0][0] == "System" and implementation[0][-1] == "Records"
    cludebot = dict(zip(implementation[0], next(row for row in implementation if row[0] == "Cludebot"), strict=True))
    assert cludebot["wired"] == "14" and "uninspected" not in cludebot  # operation's value, not this layer's

    show(browser, site_url + "coverage/", 1440)
    table = browser.find_elements(By.CSS_SELECTOR, ".rpt-counts table")[2]
    row = next(r for r in table.find_elements(By.CSS_SELECTOR, "tbody tr") if r.text.startswith("Cludebot"))
    row.find_element(By.LINK_TEXT, "14").click()
    rows = browser.execute_script(VISIBLE_ROWS)
    assert len(rows) == 14 and {(r["system"], r["layers"]["implementation"]) for r in rows} == {("Cludebot", "wired")}
    show(browser, site_url + "coverage/", 1440)
    kinds = browser.find_elements(By.CSS_SELECTOR, ".rpt-counts table")[1]
    row = next(r for r in kinds.find_elements(By.CSS_SELECTOR, "tbody tr") if r.text.startswith("Signet"))
    row.find_elements(By.CSS_SELECTOR, "td")[3].find_element(By.TAG_NAME, "a").click()  # RTE
    rows = browser.execute_script(VISIBLE_ROWS)
    assert rows and {(r["system"], r["kind"]) for r in rows} == {("Signet", "Routes")}


SIDEWAYS = """
return [...document.querySelectorAll('.md-content .md-typeset__scrollwrap, .md-content table')]
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1)
  .map(el => (el.closest('.md-typeset__scrollwrap') || el).previousElementSibling?.textContent.slice(0, 60) + ' ' + el.scrollWidth);
"""


@pytest.mark.parametrize("width", [390, 1024, 1440])
def test_no_table_of_home_coverage_or_index_hides_columns(browser, site_url, width):
    hidden = {}
    for page in ["", "systems/", "coverage/", "records/"]:
        show(browser, site_url + page, width)
        if found := browser.execute_script(SIDEWAYS):
            hidden[page or "home"] = found
    assert hidden == {}


# -- layout ----------------------------------------------------------------------------------


def test_the_contents_list_what_is_there_one_line_a_record(browser, site, site_url):
    page = site.page("signet/memory/")
    assert "claims" in page.ids and "evidenced-absences" in page.ids  # still headed on the page
    show(browser, site_url + "signet/memory/", 1440)
    entries = browser.execute_script(
        "return [...document.querySelectorAll('.md-sidebar--secondary .md-nav--secondary .md-nav__link')].map(a => "
        "({text: a.textContent.trim(), lines: Math.round(a.querySelector('.md-ellipsis').getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(a).lineHeight))}))"
    )
    texts = [e["text"] for e in entries]
    assert "Claims" not in texts and "Evidenced absences" not in texts
    assert "MEM-OBJ-identity-files" in texts
    assert [e for e in entries if e["text"].startswith("MEM-") and e["lines"] != 1] == []


ID_LINES = """
return [...document.querySelectorAll('.md-content td a[data-rpt-label], .md-content p a[data-rpt-label]')]
  .filter(a => a.getClientRects().length > 1).map(a => a.textContent);
"""


@pytest.mark.parametrize("width", [1024, 1440])
def test_record_ids_are_never_broken_at_their_hyphens(browser, site_url, width):
    broken = {}
    for page in ["records/", "signet/", "signet/memory/"]:
        show(browser, site_url + page, width)
        if found := browser.execute_script(ID_LINES):
            broken[page] = found[:5]
    assert broken == {}


def test_arriving_at_a_record_shows_where(browser, site_url):
    show(browser, site_url + "signet/memory/#mem-obj-memories", 1440)
    lit = browser.execute_script("return getComputedStyle(document.getElementById('mem-obj-memories')).backgroundColor")
    assert lit not in ("rgba(0, 0, 0, 0)", "transparent")


BADGES = """
const parse = c => { const m = c.match(/[\\d.]+/g).map(Number); return m.length > 3 && m[3] === 0 ? null : m.slice(0, 3); };
const lum = rgb => { const [r, g, b] = rgb.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const page = parse(getComputedStyle(document.querySelector('.md-main')).backgroundColor)
  || parse(getComputedStyle(document.body).backgroundColor);
const out = {};
for (const value of ['absent', 'inapplicable', 'uninspected', 'claimed', 'afforded', 'wired', 'observed', 'causally-supported', 'unknown']) {
  const badge = document.createElement('span');
  badge.className = 'rpt-status rpt-status--' + value;
  badge.textContent = value;
  document.querySelector('.md-content .md-typeset').appendChild(badge);
  const style = getComputedStyle(badge);
  out[value] = {contrast: Math.round(contrast(parse(style.borderTopColor), page) * 100) / 100,
                look: [style.borderTopStyle, style.borderTopWidth, style.borderTopColor, style.backgroundColor].join(' ')};
}
return out;
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_status_badges_have_contrast_and_look_apart(browser, site_url, scheme):
    show(browser, site_url + "records/", 1440, scheme)
    badges = browser.execute_script(BADGES)
    assert {value: b["contrast"] for value, b in badges.items() if b["contrast"] < 3} == {}
    assert badges["wired"]["look"] != badges["afforded"]["look"]
    assert badges["observed"]["look"] != badges["wired"]["look"]
    assert badges["uninspected"]["look"] != badges["absent"]["look"]


# -- record previews -------------------------------------------------------------------------

PREVIEW = """
const tip = document.getElementById('rpt-tooltip');
if (!tip || tip.hidden || !tip.querySelector('.rpt-preview-head')) return null;
const box = tip.getBoundingClientRect();
return {text: tip.innerText, badges: tip.querySelectorAll('.rpt-status').length, open: tip.querySelector('a.rpt-preview-open')?.href || null,
        inside: box.left >= 0 && box.right <= document.documentElement.clientWidth};
"""


def _preview(browser):

    return until_script(browser, PREVIEW, WAIT)


def _first_link(browser, record_id: str):
    from selenium.webdriver.common.by import By

    link = browser.find_elements(By.CSS_SELECTOR, f'.md-content a[data-rpt-label][href$="#{record_id.lower()}"]')[0]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    return link


def test_hovering_a_record_link_previews_the_record(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains

    show(browser, site_url + "signet/memory/", 1440)
    ActionChains(browser).move_to_element(_first_link(browser, "MEM-RTE-explicit-recall")).perform()
    preview = _preview(browser)
    text = preview["text"]
    assert "MEM-RTE-explicit-recall · Routes" in text and "Signet · Memory report" in text
    assert "Cited by " in text and preview["badges"] >= 2 and "implementation: wired" in text
    assert preview["inside"]


def test_a_record_of_an_unpublished_member_previews_what_is_known(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains

    show(browser, site_url + "signet/memory/", 1440)
    ActionChains(browser).move_to_element(_first_link(browser, "RT-RTE-direct-remember")).perform()
    text = _preview(browser)["text"]
    assert "Runtime report (not published)" in text and "Cited by 5 places" in text


def test_a_later_link_to_the_same_source_shows_the_label_the_page_says_once(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    show(browser, site_url + "cludebot/memory/", 1440)
    links = browser.find_elements(By.CSS_SELECTOR, '.md-content a[data-rpt-label][href$="#src-1"]')
    assert len(links) > 5 and links[0].get_attribute("data-rpt-label") and not links[-1].get_attribute("data-rpt-label")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", links[-1])
    ActionChains(browser).move_to_element(links[-1]).perform()
    wait(browser, WAIT).until(lambda b: "github.com/sebbsssss/clude at cecf234" in b.find_element(By.ID, "rpt-tooltip").text)


def test_the_keyboard_opens_and_escape_closes_a_preview(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    show(browser, site_url + "signet/memory/", 1440)
    link = _first_link(browser, "MEM-OBJ-memories")
    browser.execute_script("arguments[0].focus()", link)
    text = _preview(browser)["text"]
    assert "same ID in Cludebot" in text  # the same ID declared in another system
    assert link.get_attribute("aria-describedby") == "rpt-tooltip"
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert browser.execute_script("return document.getElementById('rpt-tooltip').hidden")


def test_a_tap_previews_and_a_second_tap_follows_the_link(browser, site_url):

    show(browser, site_url + "signet/memory/", 390)
    # the page is laid out once the record entries' links to the same ID elsewhere are in
    until_script(browser, "return document.querySelectorAll('.rpt-same-id').length > 0", WAIT)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        link = _first_link(browser, "MEM-OBJ-memories")
        page = browser.current_url

        def tap():  # where the link is now (measured again: nothing may have moved it since)
            x, y = browser.execute_script(
                "const b = arguments[0].getClientRects()[0]; return [b.x + Math.min(6, b.width / 2), b.y + b.height / 2]", link
            )
            point = [{"x": x, "y": y}]
            browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
            browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        tap()
        preview = _preview(browser)
        # (the theme's navigation.tracking may put the section in view into the address)
        assert browser.current_url.split("#")[0] == page.split("#")[0] and preview["open"] and preview["open"].endswith("#mem-obj-memories")
        tap()
        wait(browser, WAIT).until(lambda b: b.current_url.endswith("#mem-obj-memories"))
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_preview_data_is_one_file_a_system_and_no_page_carries_it(site, site_dir):
    import json

    files = sorted(p.name for p in (site_dir / "assets" / "mkdocs-reports" / "previews").iterdir())
    assert files == ["cludebot.json", "mindbase.json", "signet.json", "ultimate.json"]
    signet = json.loads((site_dir / "assets/mkdocs-reports/previews/signet.json").read_text(encoding="utf-8"))
    assert signet["mem-obj-memories"]["also_in"] == ["Cludebot"]
    # the page names the previews' folder (data-rpt-site) and holds nothing else of them
    page = re.sub(r'<html data-rpt-site="[^"]*"', "<html", site.html("signet/memory/"), count=1)
    assert page != site.html("signet/memory/") and "previews/" not in page


# -- finding your way --------------------------------------------------------------------


def test_every_record_offers_copy_id_and_copy_link_in_sight(browser, site_url):
    from urllib.parse import urlsplit as split

    from selenium.webdriver.common.by import By

    show(browser, site_url + "signet/memory/", 390)
    origin = "{0.scheme}://{0.netloc}".format(split(site_url))
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    records = browser.execute_script("return document.querySelectorAll('.md-typeset .rpt-record').length")
    bars = browser.find_elements(By.CSS_SELECTOR, ".rpt-record-actions")
    assert records >= 18 and len(bars) == records
    heading = browser.find_element(By.ID, "mem-obj-memories")
    bar = heading.find_element(By.XPATH, "following-sibling::*[1]")
    copy_id, copy_link, _neighbourhood = bar.find_elements(By.TAG_NAME, "button")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", bar)
    assert copy_id.is_displayed() and copy_link.is_displayed()  # without hovering anything
    read = "const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, e => done('error ' + e));"
    copy_id.click()
    assert browser.execute_async_script(read) == "MEM-OBJ-memories"
    copy_link.click()
    assert browser.execute_async_script(read) == site_url + "signet/memory/#mem-obj-memories"


def test_the_same_id_in_two_systems_points_each_at_the_other(browser, site_url):
    from selenium.webdriver.common.by import By

    for system, other in [("signet", "Cludebot"), ("cludebot", "Signet")]:
        show(browser, site_url + f"{system}/memory/", 1440)
        bar = browser.find_element(By.ID, "mem-obj-memories").find_element(By.XPATH, "following-sibling::*[1]")
        link = wait(browser, WAIT).until(lambda b, bar=bar: bar.find_elements(By.CSS_SELECTOR, "a.rpt-same-id"))[0]
        assert link.text == f"Same ID in {other}"
        browser.execute_script("arguments[0].click()", link)
        wait(browser, WAIT).until(lambda b: "records/" in b.current_url)
        rows = browser.execute_script(VISIBLE_ROWS)
        assert {(r["id"], r["system"]) for r in rows} == {("MEM-OBJ-memories", "Cludebot"), ("MEM-OBJ-memories", "Signet")}


# -- pictures --------------------------------------------------------------------------------


def test_a_system_page_draws_its_citation_web_with_a_link_per_record(site):
    page = site.page("signet/")
    html = site.html("signet/")
    assert html.count('<svg class="rpt-web"') == 1
    boxes = re.findall(r'<a xlink:href="([^"]+)" class="rpt-web-node', html)
    targets = {site.resolve(page, href) for href in boxes}
    assert ("signet/memory/", "mem-obj-memories") in targets and ("signet/runtime/", "rt-rte-direct-remember") in targets
    assert len(targets) >= 18 + 7 + 3  # records, external records, annotations
    assert site.broken_links() == []
    text = page.section_text["citation-web"]
    assert "MEM-OBJ-memories cites RT-RTE-direct-remember" in " ".join(text.split())
    assert "MEM-RTE-transcript-capture part of RT-RTE-pi-lifecycle" in " ".join(text.split())


def test_a_status_bar_opens_its_records_in_the_index(browser, site_url):
    from selenium.webdriver.common.by import By

    show(browser, site_url + "signet/", 1440)
    bar = browser.find_element(By.CSS_SELECTOR, "svg.rpt-chart a.rpt-chart-bar")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", bar)
    count = int(bar.find_elements(By.TAG_NAME, "text")[-1].text)
    bar.click()
    rows = browser.execute_script(VISIBLE_ROWS)
    assert len(rows) == count and {r["system"] for r in rows} == {"Signet"}


def test_the_pictures_keep_only_their_shapes_text_and_relative_links():
    from mkdocs_reports.safety.sanitize import sanitize_picture

    hostile = (
        '<svg class="rpt-web" viewBox="0 0 9 9" onload="alert(1)"><script>alert(2)</script><style>*{}</style>'
        '<a href="javascript:alert(3)"><rect x="1" style="fill:red"></rect></a><a href="https://elsewhere.example/">x</a>'
        '<use href="#a"></use><image href="https://elsewhere.example/i.png"></image><foreignObject><p>f</p></foreignObject>'
        '<animate attributeName="href" values="javascript:alert(4)"></animate><a href="../memory/#mem-obj-x" class="rpt-web-node md-x">'
        '<title>&lt;img src=x onerror=alert(5)&gt;</title><text x="1">MEM-OBJ-x</text></a></svg>'
    )
    assert sanitize_picture(hostile) == (
        '<svg class="rpt-web" viewBox="0 0 9 9"><a><rect x="1"></rect></a><a>x</a>'
        '<a href="../memory/#mem-obj-x" class="rpt-web-node"><title>&lt;img src=x onerror=alert(5)&gt;</title>'
        '<text x="1">MEM-OBJ-x</text></a></svg>'
    )


# -- search ----------------------------------------------------------------------------------


def _search_box(browser, site_url):
    """Material's search box on the home page, open, its index loaded."""
    from selenium.webdriver.common.by import By

    show(browser, site_url, 1440)
    field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.click()
    wait(browser, WAIT).until(
        lambda b: "Initializing" not in b.execute_script("return document.querySelector('.md-search-result__meta').textContent")
    )
    return field


@pytest.mark.parametrize(("query", "expected"), [
    ("transactions.ts", "signet/memory/#mem-obj-memories"),  # a file name, through the record index
    ("transactions", "signet/memory/#mem-obj-memories"),  # a part of one
    ("direct-remember", "signet/runtime/#rt-rte-direct-remember"),  # a part of an ID
])
def test_search_finds_file_names_and_parts_of_ids(browser, site_url, query, expected):
    assert search_finds(browser, site_url, query, site_url + expected, WAIT)


@pytest.mark.parametrize(("query", "expected"), [
    ("RT-RTE-direct-remember", "signet/runtime/#rt-rte-direct-remember"),  # not the annotation on it
    ("MEM-OBJ-memory", "ultimate/memory/#mem-obj-memory"),  # not MEM-OBJ-memory-addresses
    ("MEM-OBJ-memory-addresses", "ultimate/memory/#mem-obj-memory-addresses"),  # and the other way round
    ("RT-CMP-model", "mindbase/runtime/#rt-cmp-model"),  # not RT-CMP-provider-models
    ("MEM-BAP-memory-guidance", "ultimate/memory/#mem-bap-memory-guidance"),  # not …-procedural-guidance
])
def test_a_full_id_puts_its_own_record_first_and_enter_opens_it(browser, site_url, query, expected):
    from selenium.webdriver.common.keys import Keys

    field = _search_box(browser, site_url)
    field.send_keys(query)
    first = "const a = document.querySelector('.rpt-id-search-list a[href*=\"#\"]'); return a && a.href"
    assert until_script(browser, first, WAIT) == site_url + expected
    field.send_keys(Keys.ENTER)  # the plugin's block opens the ID's record
    wait(browser, WAIT).until(lambda b: b.current_url == site_url + expected)


def test_a_record_found_by_its_id_reads_as_text(browser, site_url):

    _search_box(browser, site_url).send_keys("MEM-RTE-explicit-recall")
    text = "const a = document.querySelector('.rpt-id-search-list a[href*=\"#\"]'); return a && a.textContent"
    assert until_script(browser, text, WAIT) == "MEM-RTE-explicit-recall — Explicit recall · Signet memory report"


# -- a record's neighbourhood ------------------------------------------------------------

HOOD_LINKS = "return [...document.querySelectorAll(arguments[0] + ' a')].map(a => a.href.baseVal === undefined ? a.href : new URL(a.getAttribute('href'), location.href).href)"


def _open_neighbourhood(browser, anchor):
    """Open the record's neighbourhood with the keyboard (Enter on its button); the box."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    button = browser.find_element(By.CSS_SELECTOR, f'button[aria-controls="rpt-hood-{anchor}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)
    until_script(browser, f"return !!document.querySelector('#rpt-hood-{anchor} svg a')", WAIT)
    assert button.get_attribute("aria-expanded") == "true"
    return button, browser.find_element(By.ID, f"rpt-hood-{anchor}")


@pytest.mark.parametrize(("width", "scheme"), VIEWS, ids=[f"{w}px-{s}" for w, s in VIEWS])
def test_a_record_neighbourhood_is_links_in_a_picture_and_in_words(browser, site_url, width, scheme):
    from selenium.webdriver.common.keys import Keys

    show(browser, site_url + "signet/memory/", width, scheme)
    button, box = _open_neighbourhood(browser, "mem-obj-memories")
    expected = {
        site_url + "signet/memory/#annotation-1-on-rt-rte-direct-remember",  # it cites this record
        site_url + "signet/runtime/#rt-rte-direct-remember",  # the record cites it (another member)
        site_url + "records/?q=MEM-OBJ-memories",  # the same ID in Cludebot
    }
    assert set(browser.execute_script(HOOD_LINKS, "#rpt-hood-mem-obj-memories svg")) == expected | {site_url + "signet/memory/#mem-obj-memories"}
    assert set(browser.execute_script(HOOD_LINKS, "#rpt-hood-mem-obj-memories ul")) == expected
    words = box.find_element("css selector", "ul").text
    assert "Cited by: On RT-RTE-direct-remember" in words and "Cites: RT-RTE-direct-remember" in words and "Same ID in: Cludebot" in words
    picture = box.find_element("css selector", "svg")
    assert picture.find_element("css selector", ":scope > title").get_attribute("textContent") == "Neighbourhood of MEM-OBJ-memories: 3 links"
    assert picture.size["width"] <= box.size["width"]  # fits the column: nothing to scroll to
    assert violations(browser) == []
    # the keyboard reaches the picture's boxes and follows one
    for _ in range(4):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        if browser.execute_script("return !!document.activeElement.closest('#rpt-hood-mem-obj-memories svg')"):
            break
    focused = browser.execute_script("return new URL(document.activeElement.getAttribute('href'), location.href).href")
    assert focused in expected
    browser.switch_to.active_element.send_keys(Keys.ENTER)

    wait(browser, WAIT).until(lambda b: b.current_url == focused)


def test_a_neighbourhood_shows_parts_wholes_and_closes_again(browser, site_url):
    show(browser, site_url + "ultimate/memory/", 1440)
    button, box = _open_neighbourhood(browser, "mem-obj-memory")
    words = box.find_element("css selector", "ul").text
    assert "Its parts: MEM-OBJ-memory-addresses" in words
    assert "Cites: RT-OBJ-agent-doc, MEM-RTE-memory-read, MEM-RTE-recall-message" in words
    button.click()
    assert button.get_attribute("aria-expanded") == "false" and not box.is_displayed()
    _, part = _open_neighbourhood(browser, "mem-obj-memory-addresses")
    assert "Part of: MEM-OBJ-memory" in part.find_element("css selector", "ul").text
