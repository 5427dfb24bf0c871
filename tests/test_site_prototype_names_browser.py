"""The site's scripts on names a plain JavaScript object already "has" (``constructor``,
``toString``, ``__proto__``, ``hasOwnProperty``), in headless Chromium: a system folder
named ``constructor`` (the only such name the checker allows for a folder, which is a
slug) keeps its previews, copy buttons and neighbourhood; systems named ``toString`` and
``hasOwnProperty`` and a member type named ``__proto__`` can be chosen in the record index,
counted and downloaded; the
comparison's choices and downloads keep ``constructor`` apart from the others, and address
values with such names match nothing. No script error on any of these pages.

The collection is the comparison's (tests/profiles.py) with Inkwell copied as
``constructor`` and Quarry as the three others: real reports, checked and built by MkDocs."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
import yaml

from browser import CAPTURE_DOWNLOADS, READ_DOWNLOAD, BrowserSession, browser, serve, until_script  # noqa: F401 - browser is a fixture
from mkdocs_reports.core.schemas.type_files import TYPES_DIR
from profiles import profile_collection
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

#: folder: (the system's name, the system it copies, and its name). ``__proto__`` is no
#: system's name here: a name is Markdown ("__a__" shows as a bold "a"), so it is a member
#: type's noun, which the record index's Report column shows as written
NAMED = {
    "constructor": ("constructor", "inkwell", "Inkwell"),
    "tostring": ("toString", "quarry", "Quarry"),
    "hasownproperty": ("hasOwnProperty", "quarry", "Quarry"),
}
#: a member type named so, and its one member (in hasownproperty)
NOUN = "__proto__"
NOTE_TYPE = {"name": "proto-note", "noun": NOUN, "member": "note", "prefix": "NTE", "metadata": {"description": "required"},
             "sections": [{"key": "records", "heading": "Records", "shape": "records", "kind_headings": "declared"}]}
NOTE = {"type": "proto-note", "title": "A note", "description": "A note.",
        "records": [{"id": "NTE-OBJ-one", "label": "One", "body": "The first."},
                    {"id": "NTE-OBJ-two", "label": "Two", "body": "Cites NTE-OBJ-one."}]}
#: every error a page throws or leaves unhandled, kept across page loads in the tab
ERRORS = """
(() => {
  const save = text => {
    const all = JSON.parse(sessionStorage.getItem('rpt-errors') || '[]');
    all.push(String(text));
    sessionStorage.setItem('rpt-errors', JSON.stringify(all));
  };
  window.addEventListener('error', e => save(e.message));
  window.addEventListener('unhandledrejection', e => save('unhandled: ' + (e.reason && e.reason.message || e.reason)));
})();
"""
READ_ERRORS = "const all = sessionStorage.getItem('rpt-errors'); sessionStorage.removeItem('rpt-errors'); return JSON.parse(all || '[]');"


def named_collection(into: Path) -> Path:
    """The comparison's collection with a system of each name in NAMED."""
    reports = profile_collection(into)
    for folder, (name, source, source_name) in NAMED.items():
        (reports / folder).mkdir()
        for file in (reports / source).iterdir():
            text = file.read_text(encoding="utf-8").replace(source_name, name).replace(source, folder)
            (reports / folder / file.name).write_text(text, encoding="utf-8")
    (reports / TYPES_DIR).mkdir()
    (reports / TYPES_DIR / "note.yaml").write_text(yaml.safe_dump(NOTE_TYPE), encoding="utf-8")
    (reports / "hasownproperty" / "note.yaml").write_text(yaml.safe_dump(NOTE), encoding="utf-8")
    return reports


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    reports = named_collection(tmp_path_factory.mktemp("named"))
    site = build_site(make_project(tmp_path_factory.mktemp("site"), reports))
    with serve(site, "/") as url:
        yield url


def _prepare(driver) -> None:
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(20)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ERRORS})


@pytest.fixture(scope="module")
def browser_session():
    session = BrowserSession(prepare=_prepare)
    yield session
    session.close()


def _open(browser, url: str) -> None:

    browser.get(url)
    until_script(browser, "return document.readyState === 'complete'", 20)


def test_a_system_named_constructor_keeps_its_copy_buttons_previews_and_neighbourhood(browser, site_url):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    _open(browser, site_url + "constructor/memory/")
    headings = browser.execute_script("return document.querySelectorAll('.md-typeset .rpt-record[id][data-rpt-id]').length")
    assert headings >= 2
    counts = browser.execute_script("""
      return [document.querySelectorAll('.rpt-record-actions').length,
              [...document.querySelectorAll('.rpt-record-actions')].filter(bar =>
                 [...bar.querySelectorAll('button')].map(b => b.textContent).join('|') === 'Copy ID|Copy link|Neighbourhood').length,
              document.querySelectorAll('.rpt-passage > .rpt-copy-quote').length,
              document.querySelectorAll('.rpt-passage').length];
    """)
    assert counts[0] == counts[1] == headings
    assert counts[2] == counts[3]

    link = browser.find_element(By.CSS_SELECTOR, '.md-typeset a[data-rpt-label][href*="#mem-"]')
    anchor = link.get_attribute("href").split("#", 1)[1]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    ActionChains(browser).move_to_element(link).perform()
    head = until_script(browser, "const t = document.querySelector('#rpt-tooltip .rpt-preview-head'); return t && t.textContent;", 10)
    assert head.upper().startswith(anchor.upper()) and " · " in head  # the record's preview, not its label alone
    where = browser.find_element(By.CSS_SELECTOR, "#rpt-tooltip .rpt-preview-where").text
    assert where.startswith("constructor · ")

    button = browser.find_element(By.CSS_SELECTOR, f'#{anchor} + .rpt-record-actions button[aria-controls]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", button)
    until_script(browser, f"return document.querySelector('#rpt-hood-{anchor} svg a') !== null", 10)
    assert browser.execute_script(READ_ERRORS) == []


def test_the_record_index_chooses_and_counts_systems_named_like_object_properties(browser, site_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    choices = [("system", 1, name) for name, _, _ in NAMED.values()] + [("report", 2, NOUN)]
    for key, column, name in choices:
        _open(browser, site_url + "records/")
        system = Select(browser.find_element(By.CSS_SELECTOR, f'.rpt-index-filter select[data-rpt-key="{key}"]'))
        assert name in [o.get_attribute("value") for o in system.options], name
        system.select_by_value(name)
        shown = browser.execute_script(
            "return [...document.querySelectorAll('.rpt-records tbody tr')].filter(r => !r.hidden).map(r => r.cells[arguments[0]].textContent)",
            column)
        assert shown and set(shown) == {name}, name
        total = browser.execute_script("return document.querySelectorAll('.rpt-records tbody tr').length")
        assert browser.find_element(By.CSS_SELECTOR, ".rpt-records .rpt-index-count").text == f"{len(shown)} of {total} records"
        browser.execute_script(CAPTURE_DOWNLOADS)
        browser.find_element(By.XPATH, "//div[contains(@class,'rpt-records')]//button[text()='Download JSON']").click()
        assert {r[key] for r in json.loads(browser.execute_async_script(READ_DOWNLOAD))} == {name}
        browser.find_element(By.XPATH, "//div[contains(@class,'rpt-records')]//button[text()='Download CSV']").click()
        rows = list(csv.DictReader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
        assert len(rows) == len(shown) and {r[key] for r in rows} == {name}, name
        assert all(r["statuses"] == "" or ": " in r["statuses"] for r in rows)
    assert browser.execute_script(READ_ERRORS) == []


def test_the_record_index_reads_such_names_from_the_address(browser, site_url):
    from selenium.webdriver.common.by import By

    for key, column, value, expected in [("system", 1, "constructor", "constructor"), ("system", 1, "toString", "toString"),
                                         ("report", 2, "__proto__", "__proto__"), ("system", 1, "valueOf", None)]:
        _open(browser, site_url + f"records/?{key}={value}&kind={value}&status%3Aconstructor={value}")
        shown = browser.execute_script("return [...document.querySelectorAll('.rpt-records tbody tr')].filter(r => !r.hidden).length")
        assert shown == 0, value  # no record is of kind "constructor"
        _open(browser, site_url + f"records/?{key}={value}")
        systems = browser.execute_script(
            "return [...new Set([...document.querySelectorAll('.rpt-records tbody tr')].filter(r => !r.hidden).map(r => r.cells[arguments[0]].textContent))]",
            column)
        assert systems == ([expected] if expected else []), value
        total = browser.execute_script("return document.querySelectorAll('.rpt-records tbody tr').length")
        count = browser.execute_script("return [...document.querySelectorAll('.rpt-records tbody tr')].filter(r => !r.hidden).length")
        assert browser.find_element(By.CSS_SELECTOR, ".rpt-records .rpt-index-count").text == f"{count} of {total} records"
    assert browser.execute_script(READ_ERRORS) == []


SHOWN = """
return [...document.querySelectorAll('.rpt-comparison tbody tr')].filter(r => !r.hidden).map(r => r.getAttribute('data-rpt-system'));
"""


def test_the_comparison_downloads_only_the_systems_shown_whatever_their_names(browser, site_url):
    from selenium.webdriver.common.by import By

    _open(browser, site_url + "comparison/?read_back_signal=inferred-embedding")  # Quarry's value, not Inkwell's
    shown = browser.execute_script(SHOWN)
    assert "constructor" not in shown and {"quarry", "tostring", "hasownproperty"} <= set(shown)
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download JSON']").click()
    assert sorted(e["slug"] for e in json.loads(browser.execute_async_script(READ_DOWNLOAD))) == sorted(shown)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download CSV']").click()
    rows = list(csv.DictReader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    assert "constructor" not in [r["system"] for r in rows] and len(rows) == len(shown)
    assert {"toString", "hasOwnProperty"} <= {r["system"] for r in rows}

    _open(browser, site_url + "comparison/?read_back_direction=push")  # Inkwell's value: constructor gives it
    shown = browser.execute_script(SHOWN)
    assert "constructor" in shown and "tostring" not in shown
    browser.execute_script(CAPTURE_DOWNLOADS)
    browser.find_element(By.XPATH, "//div[contains(@class,'rpt-comparison')]//button[text()='Download CSV']").click()
    rows = list(csv.DictReader(io.StringIO(browser.execute_async_script(READ_DOWNLOAD))))
    constructor = next(r for r in rows if r["system"] == "constructor")
    assert constructor["read_back_direction"].startswith("push") and constructor["url"] == "constructor/"
    assert browser.execute_script(READ_ERRORS) == []


def test_the_comparison_reads_such_values_from_the_address(browser, site_url):
    from selenium.webdriver.common.by import By

    total = None
    for value in ["constructor", "toString", "__proto__", "hasOwnProperty"]:
        _open(browser, site_url + f"comparison/?read_back_signal={value}&lineage={value}")
        assert browser.execute_script(SHOWN) == [], value
        total = total or browser.execute_script("return document.querySelectorAll('.rpt-comparison tbody tr').length")
        assert browser.find_element(By.CSS_SELECTOR, ".rpt-comparison .rpt-index-count").text == f"0 of {total} systems"
        chosen = browser.execute_script(
            "return document.querySelector('.rpt-comparison-filter select[data-rpt-key=\"lineage\"]').selectedOptions[0].textContent")
        assert chosen == f"{value} (0)"
    assert browser.execute_script(READ_ERRORS) == []
