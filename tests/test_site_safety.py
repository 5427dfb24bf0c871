"""Report text is Markdown, but it cannot put markup or script into the site."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_reports.render.safe_links import is_safe_url
from sitehtml import Site, build_site, make_project

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    # not strict: the hostile text also holds a link MkDocs rightly warns about
    return Site(build_site(make_project(tmp_path_factory.mktemp("hostile"), HOSTILE), strict=False))


@pytest.fixture(scope="module")
def report(site):
    return site.page("evil/memory/")


def test_no_author_script_or_event_handler_reaches_any_page(site):
    for page in site.pages.values():
        assert not [text for text in page.script_texts if "alert" in text], page.url
        assert page.event_attributes == [], page.url
        assert not [link.href for link in page.links if not is_safe_url(link.href)], page.url


def test_raw_html_is_shown_as_text(report, site):
    assert "Raw HTML <script>alert('boundary')</script> and <img src=x onerror=\"alert('img')\"> stay text." in report.text
    assert "Entities <b>&gt; and & stay literal" not in report.text
    assert "Entities &lt;b&gt; and & stay literal" in report.text
    assert "<style>body{display:none}</style>" in report.text
    assert "<div onmouseover=\"alert('item')\">item</div>" in report.text
    assert report.title.startswith("Hostile \"memory\" report <script>")
    assert "Evil <i onclick=x>Corp" in site.page("evil/").text


def test_script_links_keep_their_text_but_lose_their_target(report):
    assert "A link click me and again lose their script, a reference too." in report.text
    assert not [link for link in report.links if link.text in ("click me", "reference")]
    # an entity cannot smuggle the colon in: '&' is escaped, so this is a harmless relative link
    assert [link.href for link in report.links if link.text == "again"] == ["JaVaScRiPt&#58;alert(1)"]


def test_attribute_lists_in_author_text_stay_text(report):
    assert "{: onclick=\"alert('attr')\" }" in report.text
    assert "Store <i>label</i> \"quoted\" | piped {#x}" in report.headings["mem-obj-store"]


def test_quotes_are_verbatim_code_whatever_they_contain(report):
    passage = "````\n</code></pre><script>alert('quote')</script> MEM-OBJ-store\n````\n"
    assert passage in report.code
    assert "MEM-OBJ-store inside code\n" in report.code
    assert not [link for link in report.links if link.in_code]


def test_ids_are_still_linked_and_pipes_do_not_break_tables(report):
    assert [link.href for link in report.links_with_text("MEM-OBJ-store")][:2] == ["#mem-obj-store", "#mem-obj-store"]
    assert report.links_with_text("MEM-OBJ-store")[0].title == "Store <i>label</i> \"quoted\" | piped {#x}"
    assert "Stored emphasis{: onclick=\"alert('inline')\" } and a pipe | here." in report.section_text["mem-obj-store"]


def test_an_identity_that_is_not_a_plain_url_is_not_linked(site):
    assert not [link for link in site.page("evil/").links if "onmouseover" in link.href]


@pytest.mark.parametrize(
    "url, safe",
    [
        ("https://example.org/a", True),
        ("../memory/#x", True),
        ("mailto:a@b.c", True),
        ("javascript:alert(1)", False),
        (" JavaScript:alert(1)", False),
        ("java\tscript:alert(1)", False),
        ("data:text/html,<script>", False),
        ("vbscript:x", False),
    ],
)
def test_link_schemes(url, safe):
    assert is_safe_url(url) is safe
