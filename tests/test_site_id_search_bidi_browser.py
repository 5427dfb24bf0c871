"""A record found by its ID in the search box: a label that turns the text around it
(an unclosed U+202E RIGHT-TO-LEFT OVERRIDE) turns only itself, not the system and report
the block names after it — else an author could make a record seem to be another system's."""

from __future__ import annotations

import pytest

from browser import browser, browser_session, serve, until_script  # noqa: F401 - fixtures
from sitehtml import SAMPLE, build_site, make_project

pytestmark = pytest.mark.site

#: the screen positions of the first and last letters of ``arguments[1]`` in the block's
#: first record link, whose text holds it (a Range over the characters of its text nodes)
LETTERS = """
const link = document.querySelector('.rpt-id-search-list a[href*="#"]');
const wanted = arguments[0];
const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const at = node.data.indexOf(wanted);
  if (at < 0) continue;
  const left = i => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left; };
  return [left(at), left(at + wanted.length - 1)];
}
return null;
"""


def test_a_label_turned_around_the_system_it_is_in(tmp_path, browser):  # noqa: F811 - the fixture
    from selenium.webdriver.common.by import By

    project = make_project(tmp_path / "project", reports=SAMPLE)
    report = project / "reports" / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    assert "label: Note writing\n" in text
    report.write_text(text.replace("label: Note writing\n", 'label: "\\u202EBeta memory report "\n'), encoding="utf-8")
    site = build_site(project, site_dir=tmp_path / "site")
    with serve(site) as url:
        browser.get(url)
        field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
        field.click()
        field.send_keys("MEM-RTE-note-write")
        until_script(browser, "return !!document.querySelector('.rpt-id-search-list a[href*=\"#\"]')", 20)
        shown = browser.execute_script("return document.querySelector('.rpt-id-search-list a[href*=\"#\"]').textContent")
        assert "\u202eBeta memory report" in shown and "Alpha memory report" in shown  # as text, whole
        first, last = browser.execute_script(LETTERS, "Alpha memory report")
        assert first < last, "the system and report after a label are drawn right to left: the label's override reached them"
