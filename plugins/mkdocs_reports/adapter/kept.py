"""What `mkdocs serve` keeps from one build for the next, in one place, so that the hooks
only ask it: the check's read files and each system's findings (``core/rules/kept_findings.py``),
the pages the last build planned (a system whose reports are the very same keeps its
pages, backlinks, index rows, search entries and preview file: ``pages/site.py``), the
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
from ..pages.site import PageSettings
from ..pages.templates import CompiledTemplates
from .incremental import Builds


class Kept:
    def __init__(self) -> None:
        self.findings = KeptFindings()
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
        previous = self.site if serving else None
        site = SitePages(graph, settings, previous)
        self.site = None  # (planning may fail: nothing half-planned is kept)
        planned = site.planned(previous, keep=serving)
        self.site = site
        return site, planned
