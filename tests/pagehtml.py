"""The page layer's HTML in memory: a collection folder checked, and its generated pages
rendered by ``SitePages`` with the settings this repository's ``mkdocs.yml`` gives them
(its Markdown extensions, headings and template overrides), then read as ``sitehtml`` reads
a built site — without building one (the way mkdocs-autorefs tests its plugin).

For every test about what a generated page says. What the generator adds (the theme's
navigation, title and scripts, hand-written pages, the search index, ``serve``, strict
mode's link checks, other plugins) is not here: those tests build whole sites
(``sitehtml.build_site``).
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from pathlib import Path

from mkdocs_reports.adapter.config import settings_of
from mkdocs_reports.adapter.messages import log_level
from mkdocs_reports.core.rules.collection_check import CheckedCollection, check_collection
from mkdocs_reports.pages import PageSettings, Paths, SitePages
from sitehtml import REPO, Page, Site, read_page


@functools.cache
def repository_settings() -> PageSettings:
    """What this repository's ``mkdocs.yml`` decides about the generated pages, read by
    the generator's own configuration loader as a build reads it."""
    from mkdocs.config import load_config

    return settings_of(load_config(str(REPO / "mkdocs.yml")), Paths())


def page_url(uri: str) -> str:
    """``alpha/memory.md`` → ``alpha/memory/``, ``alpha/index.md`` → ``alpha/``, as the site's URLs."""
    stem = uri.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


@dataclass
class PagesInMemory(Site):
    """A collection's generated pages by URL (the home page's glance at ``""``), with the
    ``Site`` API the site tests read (``page``, ``html``, ``pages``, ``broken_links``)."""

    checked: CheckedCollection
    htmls: dict[str, str]
    files: dict[str, str]  # path → text: the previews and downloads the pages link to

    def __post_init__(self) -> None:
        self.root = Path("/in-memory")
        self.pages: dict[str, Page] = {url: read_page(url, self.html(url)) for url in self.htmls}

    def html(self, url: str) -> str:
        """The page's HTML in the ``article`` the theme puts it in (what a page's content is)."""
        return f"<article>{self.htmls[url]}</article>"

    def exists(self, path: str) -> bool:
        return path in self.files

    def file_text(self, path: str) -> str:
        return self.files[path]


def pages_of(reports: Path, *, strict: bool = True, require_verified_quotes: bool = False,
             settings: PageSettings | None = None) -> PagesInMemory:
    """The pages of the collection folder ``reports``; ``strict`` fails, listing them, on what
    ``mkdocs build --strict`` of the site would fail on: a warning or an error of the check
    (unverified quotes are information unless ``require_verified_quotes``, as this
    repository's ``mkdocs.yml`` says)."""
    checked = check_collection(reports, base=reports.parent)
    if strict:
        failing = [str(d) for d in checked.diagnostics if log_level(d, require_verified_quotes) >= logging.WARNING]
        assert failing == [], failing
    site = SitePages(checked.graph, settings or repository_settings())
    specs = {site.settings.paths.home_page: site.home(), **site.pages()}
    files = {**site.previews(), **site.downloads()}
    return PagesInMemory(checked, {page_url(uri): spec.html for uri, spec in specs.items()}, files)
