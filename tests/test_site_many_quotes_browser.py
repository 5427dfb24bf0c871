"""A page of many quotes in headless Chromium: the theme mounts nothing per quote.

Material mounts a component on every code block (``pre > code``): it watches each for size
changes, and each watcher reads every change of all of them, so a page's cost grows with
the square of its code blocks (4,000 quotes kept the tab busy for 40 s before it was
interactive; ``benchmarks/quote_page.py`` measures it). A quote's passage is no code block,
and the site's script gives each one a plain copy button.
"""

from __future__ import annotations

import pytest

from browser import browser, browser_session, http_server, wait  # noqa: F401 - browser and browser_session are fixtures
from conftest import minimal_report
from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

QUOTES = 600
WAIT = 60


def _records(count: int) -> str:
    out = ["records:\n"]
    for number in range(count // 10):
        out.append(f"  - id: MEM-OBJ-item-n{number}\n    label: Item {number}\n    body:\n")
        out += [
            f"      - quote:\n          path: src/item_{number}.py\n          lines: {q + 1}-{q + 2}\n"
            f"          passage: |\n            def read_{number}_{q}(store, key):\n"
            f"                return store.get(key) or {'a very long default value that wraps ' * 4!r}\n"
            for q in range(10)
        ]
    return "".join(out)


@pytest.fixture(scope="module")
def site_url(tmp_path_factory):
    project = make_project(tmp_path_factory.mktemp("quotes") / "project", reports=None)
    (project / "reports" / "many").mkdir(parents=True)
    (project / "reports" / "many" / "memory.yaml").write_text(minimal_report("Many", _records(QUOTES)), encoding="utf-8")
    site = build_site(project, strict=False)  # the quotes are not verified: a warning
    with http_server(site) as origin:
        yield origin + "/many/memory/"


def test_a_page_of_many_quotes_mounts_no_theme_code_block_per_quote(browser, site_url):

    browser.set_window_size(390, 900)
    try:
        browser.get(site_url)
        wait(browser, WAIT).until(
            lambda b: b.execute_script("return document.querySelectorAll('.rpt-copy-quote').length") == QUOTES
        )
        found = browser.execute_script(
            """
            const passages = [...document.querySelectorAll('p:has(> .rpt-quote-source) + .rpt-passage')];
            return {passages: passages.length,
                    theme: document.querySelectorAll('article pre > code, article [data-md-type=copy]').length,
                    scrolling: passages.filter(p => p.scrollWidth > p.clientWidth + 1).length,
                    buttons: passages.filter(p => p.querySelector(':scope > button.rpt-copy-quote')).length};
            """
        )
        assert found == {"passages": QUOTES, "theme": 0, "scrolling": 0, "buttons": QUOTES}
        button = browser.execute_script("const b = document.querySelectorAll('.rpt-copy-quote')[7]; b.click(); return b;")
        wait(browser, WAIT).until(lambda b: button.text == "Copied")
    finally:
        browser.set_window_size(1280, 1000)
