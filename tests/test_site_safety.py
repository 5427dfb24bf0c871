"""Report text is Markdown, but it cannot put markup or script into the site."""

from __future__ import annotations

import contextlib
import re
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import pytest

from hostile import write_hostile_collection
from mkdocs_reports.core.prose.images import is_remote_url
from mkdocs_reports.pages.prose_html import PageText, label_html
from mkdocs_reports.safety.sanitize import sanitize, sanitize_rows
from mkdocs_reports.safety.urls import is_safe_url
from sitehtml import Site, build_site, make_project

pytestmark = pytest.mark.site

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
#: what no page may hold, whatever its author wrote
EMBEDDED = {"iframe", "object", "embed", "frame", "frameset", "applet", "base", "form", "style"}


#: a hand-written page: maintainers' own HTML is theirs, the sanitizer leaves it alone
MAINTAINERS = '# Maintainers\n\n<div style="color: teal" onclick="void 0">Kept as written.</div>\n'


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    # not strict: the hostile text also holds a link MkDocs rightly warns about
    project = make_project(tmp_path_factory.mktemp("hostile"), HOSTILE, docs={"maintainers.md": MAINTAINERS})
    return Site(build_site(project, strict=False))


@pytest.fixture(scope="module")
def unescaped(tmp_path_factory) -> Site:
    """The hostile site built as if the escaping of author text let everything through:
    what stays safe then is the sanitizer's doing alone."""
    with escaping_off():
        return Site(build_site(make_project(tmp_path_factory.mktemp("unescaped"), HOSTILE), strict=False))


@contextlib.contextmanager
def escaping_off():
    """Author text reaches Markdown as written, in prose and cells (``PageText``) and in
    labels and titles (``label_html``, whose cache is emptied on both sides)."""
    label_html.cache_clear()
    with mock.patch.object(PageText, "_tokenized", lambda self, text, carried: (text, [])), \
            mock.patch("mkdocs_reports.pages.prose_html._escaped", lambda text, carried, escapes: text):
        yield
    label_html.cache_clear()


@pytest.fixture(scope="module")
def every_vector_unescaped(tmp_path_factory) -> Site:
    """The collection of every vector in every field (``hostile.py``), escaping off."""
    project = make_project(tmp_path_factory.mktemp("vectors"), reports=None)
    write_hostile_collection(project / "reports")
    with escaping_off():
        return Site(build_site(project, strict=False))


@pytest.fixture(scope="module")
def report(site):
    return site.page("evil/memory/")


class _Elements(HTMLParser):
    """Every start tag of a page's content (the theme's ``article``), with its attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.article = 0

    def handle_starttag(self, tag, attrs) -> None:
        self.article += tag == "article"
        if self.article:
            self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag) -> None:
        self.article -= tag == "article"


def elements(site: Site, url: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(site.html(url))
    return parser.elements


def unsafe(site: Site) -> list[str]:
    """Script, event handlers and script URLs on any page; embedded content and styles in
    any page's content (but the maintainers' own page)."""
    found = []
    for page in site.pages.values():
        if page.url == "maintainers/":
            continue
        found += [f"{page.url}: script {text!r}" for text in page.script_texts if "alert" in text]
        found += [f"{page.url}: <{tag} {name}>" for tag, name in page.event_attributes]
        found += [f"{page.url}: link {link.href!r}" for link in page.links if not is_safe_url(link.href)]
        for tag, attributes in elements(site, page.url):
            if tag in EMBEDDED:
                found.append(f"{page.url}: <{tag}>")
            for name in ("src", "href", "action", "formaction", "data"):
                if attributes.get(name) and not is_safe_url(attributes[name]):
                    found.append(f"{page.url}: <{tag} {name}={attributes[name]!r}>")
            style = attributes.get("style")
            if style and tag not in ("td", "th"):
                found.append(f"{page.url}: <{tag} style={style!r}>")
    return found


def test_no_author_script_or_event_handler_reaches_any_page(site):
    assert unsafe(site) == []


def test_the_sanitizer_alone_keeps_script_off_the_generated_pages(unescaped):
    """With author text not escaped at all, raw HTML reaches Markdown: the pages still
    carry no script, handler, script URL or embedded content."""
    page = unescaped.page("evil/memory/")
    assert "alert(14)" not in page.text  # the raw <img> was HTML, not text: it did get through
    assert unsafe(unescaped) == []


def theme_hooks(site: Site) -> list[str]:
    """What, in a page's content, the theme would act on: its ids (``__config``…), its
    classes (``md-ellipsis`` copies text into a tooltip's HTML), its data attributes, a
    title that is not plain text, an image from elsewhere."""
    found = []
    for page in site.pages.values():
        if page.url in ("", "authoring/", "format/", "publishing/", "404.html"):
            continue  # hand-written pages and the theme's own
        for tag, attributes in elements(site, page.url)[1:]:  # inside the theme's article
            for name, value in attributes.items():
                value = value or ""
                if name == "id" and not re.fullmatch(r"[a-z][a-z0-9-]*", value):
                    found.append(f"{page.url}: <{tag} id={value!r}>")
                elif name == "class" and re.search(r"(^|\s)md-", value):
                    found.append(f"{page.url}: <{tag} class={value!r}>")
                elif name.startswith("data-") and not name.startswith("data-rpt-"):
                    found.append(f"{page.url}: <{tag} {name}>")
                elif name == "title" and ("<" in value or "&" in value):
                    found.append(f"{page.url}: <{tag} title={value!r}>")
                elif name == "src" and is_remote_url(value):
                    found.append(f"{page.url}: <{tag} src={value!r}>")
    return found


def test_with_the_escaping_off_the_sanitizer_alone_keeps_every_vector_away_from_the_theme(every_vector_unescaped):
    """Author raw HTML reaches Markdown here (``<span id="__config">``, ``class="md-ellipsis"``,
    ``data-md-component``, titles holding tags, remote images): none of it survives."""
    page = every_vector_unescaped.page("evil/memory/")
    # the raw <img src=x onerror=…> of the vectors was HTML, not text: it got through, as an
    # image without a source (an unclosed raw tag no longer swallows the rest of the page:
    # each field is parsed alone)
    assert len(page.images) > 20 and set(page.images) == {""}
    assert unsafe(every_vector_unescaped) == []
    assert theme_hooks(every_vector_unescaped) == []


def test_hand_written_pages_keep_their_html(site):
    assert ("div", "onclick") in site.page("maintainers/").event_attributes
    assert ("div", {"style": "color: teal", "onclick": "void 0"}) in elements(site, "maintainers/")


PAGE_HTML = [
    '<h2 id="records">Shared records<a class="headerlink" href="#records" title="Permanent link">¶</a></h2>',
    '<div class="highlight"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> 1\n</code></pre></div>',
    '<table><thead><tr><th style="text-align:right">n</th></tr></thead><tbody><tr><td style="text-align:right">1</td></tr></tbody></table>',
    '<p><abbr title="Routes">RTE</abbr> <del>a</del> <ins>b</ins> <a href="../memory/#mem-obj-x" title="Note store">MEM-OBJ-x</a></p>',
    '<ol><li><p><span id="core-ideas-1"></span></p><p>An <em>idea</em>, <strong>cited</strong>: <a href="#mem-obj-x">MEM-OBJ-x</a>.</p></li></ol>',
    '<div class="admonition info" role="note" aria-label="x" data-rpt-ready="1"><p class="admonition-title">Info</p></div>',
    '<p><a href="https://github.com/example/alpha/blob/0123/src/a.ts#L1-L2">src/a.ts</a> <a href="mailto:a@example.org">mail</a></p>',
    '<div class="rpt-diff"><span class="rpt-diff-field">label</span> <del>old</del> <ins>new</ins></div>',
]


@pytest.mark.parametrize("html", PAGE_HTML)
def test_the_sanitizer_keeps_what_the_pages_are_made_of(html):
    assert sanitize(html, ids={"records", "core-ideas-1"}) == html


@pytest.mark.parametrize(
    "html, expected",
    [
        ('<p onclick="alert(1)" onmouseover="alert(2)">a</p>', "<p>a</p>"),
        ("<script>alert(1)</script>b", "b"),
        ("<img src=x onerror=alert(1)>", '<img src="x">'),
        ('<a href="javascript:alert(1)">a</a>', "<a>a</a>"),
        ('<a href=" JaVaScRiPt:alert(1)">a</a>', "<a>a</a>"),
        ('<a href="java&#9;script:alert(1)">a</a>', "<a>a</a>"),
        ('<a href="data:text/html,x">a</a>', "<a>a</a>"),
        ('<iframe src="https://example.org"></iframe>x', "x"),
        ('<object data="x"></object><embed src="x">y', "y"),
        ('<svg onload="alert(1)"><circle/></svg>s', "s"),
        ('<form action="javascript:x"><button formaction="x">b</button></form>', "b"),
        ('<base href="https://example.org/">b', "b"),
        ('<p style="position:fixed">a</p>', "<p>a</p>"),
        (
            '<table><tbody><tr><td style="text-align:right;background:url(javascript:x)">1</td></tr></tbody></table>',
            '<table><tbody><tr><td style="text-align:right">1</td></tr></tbody></table>',
        ),
        ("<style>body{display:none}</style>z", "z"),
        ("<!-- a comment -->z", "z"),
    ],
)
def test_the_sanitizer_drops_script_handlers_embeds_styles_and_script_urls(html, expected):
    assert sanitize(html) == expected


@pytest.mark.parametrize(
    "html, expected",
    [
        ('<h2 id="__config">a</h2><h2 id="records">b</h2>', '<h2>a</h2><h2 id="records">b</h2>'),
        ('<abbr title="a &amp; b">x</abbr><abbr title="&lt;img src=x&gt;">y</abbr>', "<abbr>x</abbr><abbr>y</abbr>"),
        ('<span class="md-ellipsis rpt-x">a</span>', '<span class="rpt-x">a</span>'),
        ('<span class="rpt-x  rpt-y">a</span>', '<span class="rpt-x rpt-y">a</span>'),
        ('<div class="admonition rpt-index"><p>a</p></div>', '<div class="admonition"><p>a</p></div>'),
        ('<img src="//elsewhere.example/x.png"><img src="https://elsewhere.example/y.png">', "<img><img>"),
        # text that reads like an attribute hides none after it
        ('<p>a id="records</p><p id="__config">b</p>', '<p>a id="records</p><p>b</p>'),
        ('<p>a class="rpt-x</p><p class="md-ellipsis">b</p><p> title="</p><p title="&lt;b&gt;">c</p>', '<p>a class="rpt-x</p><p>b</p><p> title="</p><p>c</p>'),
        ('<p>x src="</p><img src="//elsewhere.example/x.png">', '<p>x src="</p><img>'),
    ],
)
def test_the_attribute_rules_apply_wherever_an_attribute_stands(html, expected):
    """Pages are cleaned without the attribute rules when the rules would change nothing
    (``sanitize._rules_keep``); in these they would, and they do."""
    assert sanitize(html, ids={"records"}) == expected


ROW = '<tr><td><a data-rpt-label="L" href="../a/memory/#mem-obj-x">MEM-OBJ-x</a></td><td>{}</td></tr>'


def test_rows_sanitized_apart_come_out_as_in_their_table():
    """The record index's rows are sanitized one by one (``sanitize_rows``): what comes out
    is what sanitizing the whole table would keep of them."""
    rows = ROW.format("<em>a</em> label") + "\n" + ROW.format('<p onclick="alert(1)" id="__config" class="md-ellipsis">b</p><script>alert(2)</script>')
    whole = sanitize(f"<table><tbody>{rows}</tbody></table>")
    assert sanitize_rows(rows) == whole.removeprefix("<table><tbody>").removesuffix("</tbody></table>")
    assert "alert" not in sanitize_rows(rows) and "__config" not in sanitize_rows(rows) and "md-ellipsis" not in sanitize_rows(rows)


@pytest.mark.parametrize(
    "label",
    [
        "</td></tr></tbody></table><script>alert(1)</script><p>after",
        "</tbody><tbody><tr><td>x",
        "<caption>c</caption>",
        "foster-parented text</td>",
    ],
)
def test_a_row_that_would_close_its_table_stays_in_one_cell(label):
    out = sanitize_rows(ROW.format(label))
    assert out.startswith("<tr><td>") and out.endswith("</td></tr>") and "alert" not in out
    assert sanitize(f"<table><tbody>{out}</tbody></table>") == f"<table><tbody>{out}</tbody></table>"  # stays within the row
    assert "MEM-OBJ-x" in out


def test_where_markdown_and_the_escaping_could_disagree_the_text_still_shows(report, site):
    # escaped backticks open no code span: the tag is text between two backticks
    assert "Escaped `<img src=x onerror=alert(14)>` backticks." in report.text
    # an unclosed fence is no fence: its lines are a paragraph
    assert "~~~ <img src=x onerror=alert(15)>" in report.text
    # a list item that starts with a fence (the item's anchor must not break it)
    assert "<img src=x onerror=alert(12)>\n" in report.code
    # code that closes the <div markdown> a table, Cited by or the index stands in
    assert "</div><img src=x onerror=alert(11)>" in report.code
    assert ["Cell </div><img src=x onerror=alert(11)> code", "MEM-OBJ-store"] in report.tables[0]
    assert "</div><img src=x onerror=alert(16)>" in site.page("evil/runtime/").code
    labels = [row[4] for row in site.page("records/").tables[0]]
    assert "Label </div><img src=x onerror=alert(13)> code" in labels


def test_raw_html_is_shown_as_text(report, site):
    assert "Raw HTML <script>alert('boundary')</script> and <img src=x onerror=\"alert('img')\"> stay text." in report.text
    assert "Entities <b>&gt; and & stay literal" not in report.text
    assert "Entities &lt;b&gt; and & stay literal" in report.text
    assert "<style>body{display:none}</style>" in report.text
    assert "<div onmouseover=\"alert('item')\">item</div>" in report.text
    # in the browser tab and the theme's header: each '<' starts no tag (chrome_text.inert)
    assert report.title.startswith("Hostile \"memory\" report <\u2060script>alert('title')<\u2060/script>")
    assert report.headings["title"] == "Hostile \"memory\" report <script>alert('title')</script>"
    assert "Evil <i onclick=x>Corp" in site.page("evil/").text


def test_script_links_show_as_written_and_link_nowhere(report):
    assert "A link [click me](javascript:alert%281%29) and again lose their script, a [reference][ref] too." in report.text
    assert "[ref]: javascript:alert('ref')" in report.text
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
    assert "MEM-OBJ-store <b> [x](#y) {#z} | &amp; \\`" in report.code


def test_ids_are_still_linked_and_pipes_do_not_break_tables(report):
    assert [link.href for link in report.links_with_text("MEM-OBJ-store")][:2] == ["#mem-obj-store", "#mem-obj-store"]
    assert report.links_with_text("MEM-OBJ-store")[0].label == "Store <i>label</i> \"quoted\" | piped {#x}"
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
        ("\x01\x1fjavascript:alert(1)", False),  # browsers strip C0 controls at either end
        ("data:text/html,<script>", False),
        ("vbscript:x", False),
    ],
)
def test_link_schemes(url, safe):
    assert is_safe_url(url) is safe
