"""Where each page lives in the docs tree, and page-relative links between them.

Links in Markdown are written as relative ``.md`` paths with an anchor: MkDocs then checks
that the target exists and rewrites it relative to the page URL, so the site works under
any path. HTML that the plugin puts into a page after Markdown (the record index's rows)
and the search entries link by URL instead, computed here the way MkDocs computes them.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from functools import lru_cache

from ..core.model import ExternalRecord, Record


@dataclass(frozen=True)
class Paths:
    index_page: str = "records.md"
    coverage_page: str = "coverage.md"
    #: every system, filterable; the index page of the navigation's Systems section
    systems_page: str = "systems/index.md"
    home_page: str = "index.md"
    #: MkDocs' ``use_directory_urls``: ``alpha/memory.md`` is ``alpha/memory/`` (else ``.html``)
    directory_urls: bool = True
    #: the memory profiles side by side (``comparison.py``)
    comparison_page: str = "comparison.md"

    @staticmethod
    def report(system: str, member: str) -> str:
        """A report page, or the page of a member that is not published: ``<system>/<member>/``."""
        return f"{system}/{member}.md"

    @staticmethod
    def system(system: str) -> str:
        return f"{system}/index.md"

    def record(self, record: Record | ExternalRecord) -> tuple[str, str]:
        """The page and anchor of a record's entry; external records live on their member's page."""
        return self.report(record.system, record.member), record.anchor

    def url(self, page: str) -> str:
        """A page's URL from the site's root, as MkDocs makes it: ``alpha/memory/``, ``""`` for
        the home page."""
        return _url(page, self.directory_urls)

    def href(self, from_page: str, to_page: str, anchor: str | None = None) -> str:
        """A link by URL from one page to another, for HTML that Markdown never sees."""
        fragment = f"#{anchor}" if anchor else ""
        if to_page == from_page and fragment:
            return fragment
        return _page_to_page(from_page, to_page, self.directory_urls) + fragment

    def href_from_url(self, from_url: str, to_page: str, anchor: str | None = None) -> str:
        """A link from the page at ``from_url`` (from the site's root) to a page of the docs
        tree: for a page whose URL is not the one its path makes (a Material blog post's)."""
        fragment = f"#{anchor}" if anchor else ""
        return _relative_url(from_url, _url(to_page, self.directory_urls)) + fragment


#: links each cache keeps: the pages are made one system at a time, and what one system's
#: pages (and a listing page's rows) link to fits many times over; a cache sized for the
#: whole collection held 9 MB at 1,000 reports, and more with every system
_CACHED = 4096


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A link from one page to another (or to an anchor on the same page)."""
    fragment = f"#{anchor}" if anchor else ""
    if to_page == from_page and fragment:
        return fragment
    return _relative_path(posixpath.dirname(from_page), to_page) + fragment


@lru_cache(maxsize=_CACHED)
def _relative_path(from_dir: str, to_page: str) -> str:
    # cached: pages link to the same few pages thousands of times, and relpath is slow
    return posixpath.relpath(to_page, from_dir or ".")


@lru_cache(maxsize=_CACHED)
def _url(page: str, directory_urls: bool) -> str:
    stem = page[: -len(".md")] if page.endswith(".md") else page
    if not directory_urls:
        return stem + ".html"
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


@lru_cache(maxsize=_CACHED)
def _page_to_page(from_page: str, to_page: str, directory_urls: bool) -> str:
    # cached as a pair too: a page links to the same few pages (its system's reports, the
    # index) hundreds of times, and three cache lookups cost more than one
    return _relative_url(_url(from_page, directory_urls), _url(to_page, directory_urls))


@lru_cache(maxsize=_CACHED)
def _relative_url(from_url: str, to_url: str) -> str:
    """``to_url`` relative to the page at ``from_url`` (both from the site's root)."""
    base = from_url if not from_url or from_url.endswith("/") else posixpath.dirname(from_url)
    path = posixpath.relpath("/" + to_url, "/" + base)
    if to_url and not to_url.endswith("/"):
        return path
    return "./" if path == "." else path + "/"
