"""What `mkdocs serve` keeps from one build for the next, in one place, so that the hooks
only ask it: the check's read files and each system's findings (``core/rules/kept_findings.py``),
what the page layer made of each system (a system whose reports are the very same keeps
its pages, backlinks, its rows of the pages that list every system, search entries, ID
lookup entries and preview file: ``pages/kept_pages.py``), the
generated pages' fingerprints (``incremental.Builds``) and the theme's compiled templates.
MkDocs keeps the plugin instance, and so this, across the rebuilds of one `serve`."""

from __future__ import annotations

import gc
from pathlib import Path

from ..core.method.site_names import SiteNames
from ..core.rules.collection_check import CheckedCollection, check_collection
from ..core.rules.graph import CitationGraph
from ..core.rules.kept_findings import KeptFindings
from ..pages import PlannedPage, SitePages
from ..pages.kept_pages import KeptPages
from ..pages.site import PageSettings
from ..pages.templates import CompiledTemplates
from .incremental import Builds


class Kept:
    def __init__(self) -> None:
        self.findings = KeptFindings()
        self.pages_made = KeptPages()  # what the last build made of each system
        self.site: SitePages | None = None  # the last build's pages
        self.builds = Builds()
        self.templates = CompiledTemplates()
        self._paused = False

    def rebuild_starts(self) -> None:
        """A rebuild runs without Python's cycle collector: it would scan the kept
        collection again and again (millions of objects at 1,000 reports: a quarter of a
        rebuild's CPU), and a rebuild's own garbage is small. The first build keeps it."""
        if self.site is not None and gc.isenabled():
            gc.disable()
            self._paused = True

    def rebuild_ends(self) -> None:
        """The collector on again, once the rebuild is written or has failed."""
        if self._paused:
            gc.enable()
            self._paused = False

    def check(self, root: Path, base: Path, names: SiteNames) -> CheckedCollection:
        """The collection checked again: only the files and systems that changed."""
        return check_collection(root, base=base, cache=self.findings, names=names)

    def pages(self, graph: CitationGraph, settings: PageSettings, serving: bool) -> tuple[SitePages, dict[str, PlannedPage]]:
        """This build's pages, planned; while serving, with what the last build made of the
        systems whose reports are the same (and kept for the next build)."""
        site = SitePages(graph, settings, self.pages_made if serving else None)
        self.site = None  # (planning may fail: nothing half-planned is kept)
        planned = site.planned()
        self.site = site
        return site, planned
