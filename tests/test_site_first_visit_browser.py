"""A first visit stays light whatever the collection's size: the theme's search index,
which Material fetches whole as every page loads, holds one entry per generated page and
no record; a record is still reached from the search box by its full ID (looked up in one
small file fetched only then) and by any word through the record index, with and without
instant navigation, in headless Chromium."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from axe import VIEWS, show, violations
from browser import browser, browser_session, built_and_served, until_script  # noqa: F401 - browser and browser_session are fixtures
from sitehtml import add_theme_features, make_project

pytestmark = pytest.mark.site

#: seconds the search box may take to answer: a ceiling, as every wait ends once its condition holds
WAIT = 15

RECORD = "MEM-RTE-note-write"  # alpha's, labelled "Note writing", quoting src/notes.ts
SHARED = "MEM-OBJ-notes"  # declared by alpha and beta


def _built(tmp_path_factory, instant: bool):
    project = make_project(tmp_path_factory.mktemp("first-visit"))
    if instant:
        add_theme_features(project, "navigation.instant")
    served = tmp_path_factory.mktemp("served")
    with built_and_served(project, served) as origin:
        yield served, origin


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    yield from _built(tmp_path_factory, instant=False)


@pytest.fixture(scope="module")
def instant(tmp_path_factory):
    yield from _built(tmp_path_factory, instant=True)


@pytest.fixture(params=["plain", "instant"])
def site(request):
    return request.getfixturevalue(request.param)


def _type(browser, url: str, query: str, enter: bool = False):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    if url:
        browser.get(url)
    until_script(browser, "return typeof window.document$ !== 'undefined' && !!window.rptReports", 10)
    field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    browser.execute_script("arguments[0].focus()", field)
    field.send_keys(query + (Keys.ENTER if enter else ""))
    return field


def test_the_search_index_holds_no_record_and_one_entry_a_generated_page(plain):
    served, _ = plain
    docs = json.loads((served / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    generated = [doc for doc in docs if doc["location"].startswith(("alpha/", "beta/", "systems/", "records/", "coverage/", "comparison/"))]
    assert not [doc["location"] for doc in generated if "#" in doc["location"]]
    pages = {str(path.parent.relative_to(served)) + "/" for prefix in ("alpha", "beta") for path in (served / prefix).rglob("index.html")}
    assert {doc["location"] for doc in generated} >= pages
    assert len(generated) == len({doc["location"] for doc in generated})  # one entry a page
    assert not [doc for doc in docs if RECORD in doc["title"] + doc["text"]]


@pytest.mark.parametrize("typed", [RECORD, RECORD.lower()], ids=["as written", "lower-case"])
def test_a_full_record_id_typed_into_search_opens_its_record(browser, site, typed):
    _, url = site
    browser.execute_script("window.rptSameDocument = true") if browser.current_url.startswith(url) else None
    _type(browser, url, typed, enter=True)
    until_script(browser, "return location.pathname.endsWith('/alpha/memory/') && location.hash === '#mem-rte-note-write'"
                          " && document.getElementById('mem-rte-note-write') !== null", WAIT)


def test_an_id_two_systems_declare_lists_both_and_enter_opens_the_first(browser, plain):
    _, url = plain
    _type(browser, url, SHARED)
    until_script(browser, "return document.querySelectorAll('.rpt-id-search-list a[href*=\"#mem-obj-notes\"]').length === 2", WAIT)
    status = browser.execute_script("return document.querySelector('.rpt-id-search-status').textContent")
    assert status == "2 records have this ID: Enter opens the first."
    hrefs = browser.execute_script("return [...document.querySelectorAll('.rpt-id-search-list a')].map(a => a.href)")
    assert hrefs[:2] == [url + "alpha/memory/#mem-obj-notes", url + "beta/memory/#mem-obj-notes"]


def test_an_unknown_id_says_so_and_enter_is_the_themes_again(browser, plain):
    _, url = plain
    _type(browser, url, "MEM-RTE-no-such")
    until_script(browser, "return document.querySelector('.rpt-id-search-status').textContent === 'No record has this ID.'", WAIT)


@pytest.mark.parametrize("query", ["writing", "notes.ts"], ids=["label word", "quoted file"])
def test_any_words_reach_the_record_index_filtered_by_them(browser, site, query):
    from selenium.webdriver.common.by import By

    _, url = site
    _type(browser, url, query)
    link = browser.find_element(By.CSS_SELECTOR, ".rpt-id-search-list a[href*='records/']")
    assert link.text == f"Find “{query}” in the record index"
    browser.execute_script("arguments[0].click()", link)
    until_script(browser, "return location.pathname.endsWith('/records/') && document.querySelector('.rpt-records .rpt-index-count') !== null", WAIT)
    assert parse_qs(urlsplit(browser.current_url).query) == {"q": [query]}
    shown = browser.execute_script("return [...document.querySelectorAll('.rpt-index tbody tr')].filter(r => !r.hidden).map(r => r.cells[0].textContent.trim())")
    assert RECORD in shown


def test_the_first_visit_fetches_no_lookup_file_and_an_id_fetches_one(browser, plain):
    _, url = plain
    browser.get(url)
    until_script(browser, "return performance.getEntriesByType('resource').some(e => e.name.endsWith('search_index.json'))", WAIT)
    fetched = "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/ids/'))"
    assert browser.execute_script(fetched) == []
    _type(browser, "", RECORD)
    until_script(browser, "return document.querySelector('.rpt-id-search-list a[href*=\"#mem-rte-note-write\"]') !== null", WAIT)
    assert len(browser.execute_script(fetched)) == 1


@pytest.mark.parametrize(("width", "scheme"), VIEWS)
def test_the_id_search_block_is_axe_clean(browser, plain, width, scheme):
    _, url = plain
    show(browser, url, width, scheme)
    if width < 600:
        browser.execute_script("document.querySelector('label.md-header__button[for=__search]').click()")
    _type(browser, "", SHARED)
    until_script(browser, "return document.querySelectorAll('.rpt-id-search-list a').length === 3", WAIT)
    found = violations(browser, within=".rpt-id-search")  # the theme's own results are the theme's
    assert found == [], json.dumps(found)


def _press(browser, *keys):
    """keys sent as a reader types them, to whatever holds the focus"""
    for key in keys:
        browser.switch_to.active_element.send_keys(key)


def _search(browser, url: str, query: str):
    """the theme's search opened as a reader opens it, with its key, and the query typed"""
    browser.get(url)
    until_script(browser, "return !!window.rptReports", WAIT)
    _press(browser, "/", query)
    assert browser.execute_script(_FOCUS) == ["box", True]


_FOCUS = ("var a = document.activeElement; return [a === document.querySelector('input.md-search__input') ? 'box'"
          " : a.closest('.rpt-id-search') ? a.textContent : a.closest('.md-search-result') ? 'theme' : a.tagName,"
          " document.getElementById('__search').checked]")


def test_the_id_search_links_are_reached_with_tab_and_the_search_stays_open(browser, plain):
    from selenium.webdriver.common.keys import Keys

    _, url = plain
    _search(browser, url, SHARED)
    until_script(browser, "return document.querySelectorAll('.rpt-id-search-list a').length === 3", WAIT)
    seen = []
    for key in [Keys.TAB, Keys.TAB, Keys.TAB, Keys.SHIFT + Keys.TAB, Keys.SHIFT + Keys.TAB, Keys.SHIFT + Keys.TAB]:
        _press(browser, key)
        seen.append(tuple(browser.execute_script(_FOCUS)))
    find = f"Find “{SHARED}” in the record index"
    alpha, beta = (f"{SHARED} — Note store · Alpha memory report", f"{SHARED} — Beta notes · Beta memory report")
    assert [where for where, _ in seen] == [alpha, beta, find, beta, alpha, "box"], seen
    assert all(open_ for _, open_ in seen), "the theme's search closed while the reader tabbed through the records"
    _press(browser, Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)
    until_script(browser, "return location.pathname.endsWith('/records/')", WAIT)
    assert parse_qs(urlsplit(browser.current_url).query) == {"q": [SHARED]}


def test_the_arrows_go_through_the_id_search_links_then_the_themes_results(browser, plain):
    from selenium.webdriver.common.keys import Keys

    _, url = plain
    _search(browser, url, "alpha")
    until_script(browser, "return document.querySelectorAll('.rpt-id-search-list a').length === 1"
                          " && document.querySelectorAll('.md-search-result__item').length > 0", WAIT)
    seen = []
    for key in [Keys.ARROW_DOWN, Keys.ARROW_UP, Keys.ARROW_DOWN, Keys.ARROW_DOWN]:
        _press(browser, key)
        seen.append(browser.execute_script(_FOCUS)[0])
    assert seen == ["Find “alpha” in the record index", "box", "Find “alpha” in the record index", "theme"], seen


def test_tab_from_the_box_is_the_themes_when_the_block_is_hidden(browser, plain):
    from selenium.webdriver.common.keys import Keys

    _, url = plain
    _search(browser, url, "")
    assert browser.execute_script("return document.querySelector('.rpt-id-search').hidden")
    _press(browser, Keys.TAB)
    assert browser.execute_script(_FOCUS)[1] is False, "Tab from the empty box no longer closes the theme's search"



