"""The real collection as a pull-request preview, served the way GitHub Pages serves it.

One folder stands for the gh-pages branch: the published site at /repo/ and the preview
at /repo/pr-preview/pr-7/, each built with mkdocs.yml for its own address
(REPORTS_SITE_URL, bound to the server's port before the builds). A missing address
anywhere gets /repo/404.html with status 404, as on GitHub Pages.

A crawler follows every internal reference of the preview (links, stylesheets, scripts,
images, the search worker and index, the sitemap): each must answer 200, every #fragment
must be an id on its page, and none may leave the preview. Chromium then checks what needs
a browser: the 404 page at a deep missing address, and search.
"""

from __future__ import annotations

import json
import re
from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urljoin, urlsplit
from urllib.request import urlopen

import pytest

from browser import BrowserSession, browser, http_server, search_finds, wait  # noqa: F401 - browser is a fixture
from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import REPO, build_site

pytestmark = pytest.mark.site

REPORTS = REPO / "reports"
PUBLISHED = "/repo/"
PREVIEW = "/repo/pr-preview/pr-7/"
DEEP_MISSING = "no/such/page/"
WAIT = 15  # seconds, for anything the browser does


@dataclass
class Pages:
    origin: str  # http://127.0.0.1:<port>
    root: Path  # the served folder (the gh-pages branch)

    def url(self, path: str) -> str:
        return self.origin + path


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Pages:
    assert check_collection(REPORTS).ok, "reports/ does not check clean: run mkdocs-reports check"
    root = tmp_path_factory.mktemp("gh-pages")
    with http_server(root, not_found=PUBLISHED.strip("/") + "/404.html") as origin, pytest.MonkeyPatch.context() as env:
        for path in (PUBLISHED, PREVIEW):  # the published site first: its build empties its folder
            env.setenv("REPORTS_SITE_URL", origin + path)
            if path == PREVIEW:  # as the pull-request workflow builds it: banner and Changes page
                env.setenv("REPORTS_PREVIEW_PR", "7")
                env.setenv("REPORTS_BASE_REF", "HEAD")
            else:
                env.delenv("REPORTS_PREVIEW_PR", raising=False)
                env.delenv("REPORTS_BASE_REF", raising=False)
            build_site(REPO, config_file=REPO / "mkdocs.yml", site_dir=root / path.strip("/"))
        yield Pages(origin, root)


class _References(HTMLParser):
    """The ids of a page, every URL it refers to, and the two of Material's configuration:
    the search worker (relative to the page) and its `base` (the site's root)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[str] = []
        self.config: list[str] | None = None
        self.base: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("name"):
            self.ids.add(attributes["name"])
        self.refs += [attributes[name] for name in ("href", "src") if attributes.get(name)]
        if tag == "script" and attributes.get("id") == "__config":
            self.config = []

    def handle_data(self, data: str) -> None:
        if self.config is not None:
            self.config.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self.config is not None:
            config = json.loads("".join(self.config))
            self.refs.append(config["search"])
            self.base = config["base"]
            self.config = None


def references(page_url: str, body: str) -> tuple[set[str], list[str]]:
    """(ids, absolute URLs referred to) of an HTML page at ``page_url``."""
    parser = _References()
    parser.feed(body)
    urls = [urljoin(page_url, ref) for ref in parser.refs]
    if parser.base is not None:  # where Material's search fetches its index
        urls.append(urljoin(urljoin(page_url, parser.base), "search/search_index.json"))
    return parser.ids, urls


def fetch(url: str) -> tuple[int, str, bytes]:
    """(status, content type, body); an error status is an answer, not an exception."""
    try:
        with urlopen(url, timeout=10) as response:
            return response.status, response.headers.get_content_type(), response.read()
    except HTTPError as error:
        return error.code, error.headers.get_content_type(), error.read()


@dataclass
class Crawl:
    status: dict[str, int] = field(default_factory=dict)  # URL without fragment → status
    ids: dict[str, set[str]] = field(default_factory=dict)  # HTML page URL → its ids
    fragments: list[tuple[str, str]] = field(default_factory=list)  # (referring URL, target with #fragment)
    escapes: list[str] = field(default_factory=list)  # "page: URL" of same-site URLs outside the scope
    kinds: dict[str, int] = field(default_factory=dict)  # content type → count

    def problems(self) -> list[str]:
        problems = [f"{url}: status {status}" for url, status in self.status.items() if status != 200]
        problems += [f"leaves the preview: {escape}" for escape in self.escapes]
        for source, target in self.fragments:
            page, _, fragment = target.partition("#")
            if fragment not in self.ids.get(page, set()) and self.status.get(page) == 200:
                problems.append(f"{source}: {target} (no id {fragment!r} on that page)")
        return problems


def crawl(origin: str, scope: str, seeds: list[str]) -> Crawl:
    """Fetch ``seeds`` and every same-site URL that the HTML pages, stylesheets and sitemap
    refer to; URLs on the site but outside ``scope`` (a path) are recorded, not fetched."""
    result = Crawl()
    queue = deque(seeds)
    while queue:
        url = queue.popleft()
        if url in result.status:
            continue
        status, kind, body = fetch(url)
        result.status[url] = status
        result.kinds[kind] = result.kinds.get(kind, 0) + 1
        if status != 200:
            continue
        text = body.decode("utf-8", errors="replace")
        if kind == "text/html":
            result.ids[url], targets = references(url, text)
        elif kind == "text/css":
            targets = [urljoin(url, ref.strip("'\"")) for ref in re.findall(r"url\(([^)]*)\)", text)]
        elif url.endswith("/sitemap.xml"):
            targets = re.findall(r"<loc>([^<]*)</loc>", text)
        else:
            continue
        for target in targets:
            parts = urlsplit(target)
            if f"{parts.scheme}://{parts.netloc}" != origin:
                continue  # another site, or data:, mailto:
            if not parts.path.startswith(scope):
                result.escapes.append(f"{url}: {target}")
                continue
            page = parts._replace(query="", fragment="").geturl()
            if parts.fragment:
                result.fragments.append((url, f"{page}#{parts.fragment}"))
            queue.append(page)
    return result


@pytest.fixture(scope="module")
def preview_crawl(pages) -> Crawl:
    base = pages.url(PREVIEW)
    return crawl(pages.origin, PREVIEW, [base, base + "sitemap.xml", base + "sitemap.xml.gz", base + "404.html"])


def test_every_internal_reference_of_the_preview_resolves_within_it(preview_crawl):
    assert preview_crawl.problems() == []


def test_the_crawl_reaches_every_page_asset_and_the_search_index(pages, preview_crawl):
    site = pages.root / PREVIEW.strip("/")
    built = {pages.url(PREVIEW) + path.relative_to(site).as_posix().removesuffix("index.html") for path in site.rglob("*.html")}
    assert built - set(preview_crawl.ids) == set()
    crawled = set(preview_crawl.status)
    assert pages.url(PREVIEW) + "changes/" in crawled  # the preview's Changes page, linked by its banner
    assert pages.url(PREVIEW) + "search/search_index.json" in crawled
    assert any(url.endswith(".css") for url in crawled) and any(url.endswith(".js") for url in crawled)
    assert any("/assets/javascripts/workers/search." in url for url in crawled)
    assert any(url.endswith((".png", ".svg", ".ico")) for url in crawled)  # the favicon at least


def test_the_crawl_fails_on_a_link_that_leaves_the_preview_or_misses(pages):
    """The crawler itself: a page with a root-absolute link, a missing page and a missing
    anchor yields three problems."""
    page = pages.root / PREVIEW.strip("/") / "crawler-check" / "index.html"
    page.parent.mkdir()
    page.write_text('<a href="/assets/x.css">a</a> <a href="../no-such/">b</a> <a href="../#no-such-id">c</a>', encoding="utf-8")
    try:
        result = crawl(pages.origin, PREVIEW, [pages.url(PREVIEW) + "crawler-check/"])
    finally:
        page.unlink()
        page.parent.rmdir()
    problems = result.problems()
    assert len(problems) == 3, problems
    assert any("leaves the preview" in p and "/assets/x.css" in p for p in problems)
    assert any(p.endswith("no-such/: status 404") for p in problems)
    assert any("no id 'no-such-id'" in p for p in problems)


def test_a_missing_address_answers_404(pages):
    status, kind, _ = fetch(pages.url(PREVIEW + DEEP_MISSING))
    assert (status, kind) == (404, "text/html")


def test_the_preview_404_page_works_at_any_depth(pages, preview_crawl):
    """Its links are absolute paths into the preview: the same from its own address as from
    a deep one (where a server with one 404 page per folder would show it)."""
    own = pages.url(PREVIEW) + "404.html"
    _, _, body = fetch(own)
    _, at_own = references(own, body.decode())
    _, at_deep = references(pages.url(PREVIEW + DEEP_MISSING), body.decode())
    assert at_deep == at_own
    internal = [url for url in at_deep if url.startswith(pages.origin)]
    assert len(internal) > 10 and all(url.startswith(pages.url(PREVIEW)) for url in internal)
    assert all(preview_crawl.status[url.split("#")[0]] == 200 for url in internal)


# In the browser


@pytest.fixture(scope="module")
def browser_session():
    session = BrowserSession(prepare=lambda driver: driver.set_page_load_timeout(WAIT))
    yield session
    session.close()


def _until(browser, condition):
    return wait(browser, WAIT).until(condition)


def styled_links(browser) -> list[str]:
    """Every link of the page as the browser resolves it, once Material's stylesheet applies
    (a sticky header; without the stylesheet it is static)."""
    _until(browser, lambda b: b.execute_script("return document.readyState") == "complete")
    assert browser.execute_script("return getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    return browser.execute_script("return [...document.querySelectorAll('a[href]')].map(a => a.href)")


def test_a_deep_missing_address_in_the_preview_shows_the_preview_404_page(browser, pages):
    """GitHub Pages serves the published site's 404.html; it sends the reader on to the
    preview's own, whose stylesheet loads and whose links stay in the preview."""
    from selenium.webdriver.common.by import By

    preview = pages.url(PREVIEW)
    browser.get(preview + DEEP_MISSING)
    _until(browser, lambda b: b.current_url == preview + "404.html")
    links = [link for link in styled_links(browser) if link.startswith(pages.origin)]
    assert len(links) > 10 and all(link.startswith(preview) for link in links), links
    browser.find_element(By.LINK_TEXT, "See what it changes").click()  # the preview's banner
    _until(browser, lambda b: b.current_url == preview + "changes/")
    assert browser.find_element(By.CSS_SELECTOR, ".md-content h1").text.startswith("Changes")


def test_a_deep_missing_address_in_the_published_site_stays_there(browser, pages):
    published = pages.url(PUBLISHED)
    browser.get(published + DEEP_MISSING)
    links = [link for link in styled_links(browser) if link.startswith(pages.origin)]
    assert browser.current_url == published + DEEP_MISSING
    assert links and all(link.startswith(published) and "/pr-preview/" not in link for link in links), links


@pytest.mark.parametrize("query", ["MEM-RTE-memory-edit", "Explicit root memory editing"])
def test_search_in_the_preview_finds_a_record_by_id_and_by_label(browser, pages, query):
    preview = pages.url(PREVIEW)
    assert search_finds(browser, preview, query, preview + "ultimate/memory/#mem-rte-memory-edit", WAIT)
