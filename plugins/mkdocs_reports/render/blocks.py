"""The blocks of a page written as HTML (``templates/_blocks.html.j2``): backlinks, quotes,
a system's records by kind, the tables that list every system. They hold links, labels
and counts but no author prose, and there is one or more per record: as Markdown they
cost a large share of a site's build for nothing. A page's Markdown holds a placeholder
for each (``site.PART``).

Links are URLs relative to the page (``Paths.href``), as MkDocs would write them; labels
and titles come as HTML from ``Markup.html``; everything else is escaped by Jinja. A
record's label travels in ``data-rpt-label`` (shown by reports.js as text), never in a
``title``; ids are declared through ``anchor`` (``anchors.py``). The page's HTML, parts
filled in, goes through the sanitizer like any other (``sanitize.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.model import Quote, Record
from .markup import Markup, shorten
from .overview import member_title

if TYPE_CHECKING:
    from .site import SiteRenderer


class Blocks:
    """What the HTML blocks of one page show; ``page`` is where they stand."""

    shorten = staticmethod(shorten)
    member_title = staticmethod(member_title)

    def __init__(self, renderer: SiteRenderer, page: str, m: Markup, anchor: Callable[[str], str]) -> None:
        self.page = page
        self.m = m
        #: declares an id the page's HTML carries (``anchors.py``): the sanitizer keeps no other
        self.anchor = anchor
        self.paths = renderer.paths
        self.graph = renderer.graph
        self.backlinks = renderer.backlinks
        self.overview = renderer.overview
        self._macros = renderer.blocks_macros

    def href(self, to_page: str, anchor: str | None = None) -> str:
        return self.paths.href(self.page, to_page, anchor)

    @staticmethod
    def line(text: str | None) -> str:
        return " ".join((text or "").split())

    def backlinks_html(self, system: str, record_id: str) -> str:
        """*Cited by* and *Annotations* under a record's entry."""
        return str(self._macros.backlinks(self, system, record_id))

    def quote_html(self, quote: Quote, system: str) -> str:
        """Where a quote comes from (linked to the file at the reviewed revision, and to its
        source in the register), and the quoted text."""
        return str(self._macros.quote(self, quote, system))

    def records_html(self, records: list[Record]) -> str:
        """A table of records: ID (linked, label as tooltip), label, report."""
        return str(self._macros.records_table(self, records))

    def systems_html(self) -> str:
        """Every system, filterable (the systems page and the home page's glance)."""
        return str(self._macros.systems_table(self))

    def coverage_html(self, table: str, *args) -> str:
        """One of the coverage overview's tables: ``members``, ``kinds``, ``statuses`` (of
        a status layer) or ``coverage_tables``."""
        return str(getattr(self._macros, f"{table}_table")(self, *args))
