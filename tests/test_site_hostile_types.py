"""A member type a collection declares (``reports/_types/``) comes with a pull request like
any report, so its words are author text too: the noun readers call it by, its section
headings, the wording of an empty section, its table columns. They stand in pages, the
navigation, the coverage overview, the record index, the previews and the search index;
nowhere may they run, whatever the theme does with them.

The sample collection with such a type, every one of its words an injection vector that
calls ``alert`` with its number if it ever runs; a report of that type in one system.
"""

from __future__ import annotations

import re

import pytest

from browser import chromium, http_server
from sitehtml import SAMPLE, build_site, make_project

pytestmark = pytest.mark.site

WAIT = 15
TYPE = """\
name: evil-report
noun: "<img src=x onerror=alert(201)> report"
member: evil
prefix: EVL
sections:
  - key: notes
    heading: "<img src=x onerror=alert(202)> notes"
    shape: blocks
    coverage: "true"
    table:
      columns: ["<img src=x onerror=alert(203)>", "<script>alert(204)</script>"]
  - key: records
    heading: "<svg onload=alert(205)> records"
    shape: records
  - key: annotations
    heading: "<img src=x onerror=alert(206)> annotations"
    shape: annotations
    empty: "<img src=x onerror=alert(207)> none"
  - key: gone
    heading: "<img src=x onerror=alert(208)> gone"
    shape: blocks
    optional: "true"
"""
REPORT = """\
type: evil-report
title: Evil member
notes:
  - table:
      columns: ["<img src=x onerror=alert(203)>", "<script>alert(204)</script>"]
      rows: [[a, b]]
records:
  - id: EVL-OBJ-thing
    label: A thing
    body:
      - text: Cites MEM-OBJ-notes.
"""
#: a tag of the vectors, as HTML would read it (escaped, it is text)
_TAG = re.compile(r"<(img|script|svg)\b")
HOOK = """
window.__fired = [];
for (const name of ["alert", "confirm", "prompt"]) {
  window[name] = function () { window.__fired.push(name + "(" + Array.from(arguments).join(",") + ")"); return null; };
}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-types")
    project = make_project(root / "project")
    (project / "reports" / "_types").mkdir()
    (project / "reports" / "_types" / "evil.yaml").write_text(TYPE, encoding="utf-8")
    (project / "reports" / "alpha" / "evil.yaml").write_text(REPORT, encoding="utf-8")
    served = root / "served"
    served.mkdir()
    build_site(project, strict=False, site_dir=served)
    return served


def test_the_search_index_holds_the_types_words_as_text(site):
    import json

    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert any("201" in doc["text"] for doc in docs)  # the noun is there, to be found
    leaks = [doc for doc in docs if _TAG.search(doc["title"] + doc["text"])]
    assert leaks == []


def test_nothing_of_the_type_runs_in_a_browser(site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium()
    try:
        driver.set_page_load_timeout(WAIT)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        with http_server(site) as origin:
            for page in ["alpha/", "alpha/evil/", "coverage/", "records/"]:
                driver.get(f"{origin}/{page}")
                WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState === 'complete'"))
                driver.execute_script(
                    "for (const el of document.querySelectorAll('[title], [data-rpt-label], a'))"
                    "  for (const type of ['mouseover', 'focusin']) el.dispatchEvent(new MouseEvent(type, {bubbles: true}));"
                )
                assert driver.execute_script("return window.__fired") == [], page
            driver.get(f"{origin}/")
            field = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
            field.click()
            WebDriverWait(driver, WAIT).until(  # the index is loaded ("Initializing search" before)
                lambda d: "Initializing" not in d.execute_script("return document.querySelector('.md-search-result__meta').textContent")
            )
            field.send_keys("evil")  # the report's title: its entry shows the noun
            WebDriverWait(driver, WAIT).until(
                lambda d: d.execute_script("return document.querySelectorAll('.md-search-result__item').length > 0")
            )
            driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 600)")  # an image's error event comes later
            assert driver.execute_script("return window.__fired") == []
    finally:
        driver.quit()
