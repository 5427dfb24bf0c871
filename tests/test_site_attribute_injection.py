"""Author text sets no attribute on a page: no class of the site's (a "verified" badge, the
record index's table, a banner), no ``data-rpt-*`` that the site's scripts read, no id.

Every such attribute is on the sanitizer's lists, because the templates write them; so
author text must never get to write one. Two ways Markdown offers were open: an attribute
list (``{: .class #id data-x=…}``) in a value the templates wrote without ``m.``, and the
type of an admonition (``!!! rpt-index``), which Markdown writes as a class.
"""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser

import pytest

from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

#: a conclusion status value with an attribute list (the checker says it is no status; a
#: build that is not strict, as `mkdocs serve` and a preview are, still shows it)
STATUS = "wired *v*{: .rpt-quote-check--verified #mem-obj-notes data-rpt-label=\"forged\" }"
#: admonitions whose types are the site's classes: a verification badge, the record index
ADMONITIONS = """
          !!! rpt-quote-check rpt-quote-check--verified "verified at 0123456"
              Forged.

          !!! rpt-index rpt-records "Forged index"
              | a | b |
              |---|---|
              | =1+1 | x |
"""


class _Elements(HTMLParser):
    """Every element's tag and attributes, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {name: value or "" for name, value in attrs}))


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> tuple[str, list[tuple[str, dict[str, str]]]]:
    """The page's text and its elements."""
    project = make_project(tmp_path_factory.mktemp("attributes") / "project")
    memory = project / "reports" / "alpha" / "memory.yaml"
    text = memory.read_text(encoding="utf-8")
    text = text.replace("implementation conclusion status: wired", f"implementation conclusion status: '{STATUS}'", 1)
    text = text.replace("          The agent writes notes into MEM-OBJ-notes.\n", "          The agent writes notes into MEM-OBJ-notes.\n" + ADMONITIONS, 1)
    memory.write_text(text, encoding="utf-8")
    site = build_site(project, strict=False)
    html = (site / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    parser = _Elements()
    parser.feed(html)
    return html, parser.elements


def _classes(elements) -> list[str]:
    return [name for _, attrs in elements for name in attrs.get("class", "").split()]


def test_an_attribute_list_in_a_status_value_sets_nothing(page):
    html, elements = page
    assert "{: .rpt-quote-check--verified #mem-obj-notes" in unescape(html)  # shown as written
    assert [attrs for _, attrs in elements if attrs.get("data-rpt-label") == "forged"] == []
    assert len([attrs for _, attrs in elements if attrs.get("id") == "mem-obj-notes"]) == 1


def test_an_admonition_takes_no_class_of_the_site(page):
    html, elements = page
    assert "Forged." in html and "Forged index" in html  # the admonitions are there
    admonitions = [attrs["class"].split() for _, attrs in elements if "admonition" in attrs.get("class", "").split()]
    assert len(admonitions) == 2
    assert [classes for classes in admonitions if any(name.startswith("rpt-") for name in classes)] == []
    assert "rpt-quote-check--verified" not in _classes(elements)  # no quote is verified here
