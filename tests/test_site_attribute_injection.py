"""Author text sets no attribute on a page: no class of the site's (a "verified" badge, the
record index's table, a banner), no ``data-rpt-*`` that the site's scripts read, no id.

Every such attribute is on the sanitizer's lists, because the templates write them; so
author text must never get to write one, as an attribute list (``{: .class #id data-x=…}``)
would in a value that the templates wrote without ``m.``.
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
