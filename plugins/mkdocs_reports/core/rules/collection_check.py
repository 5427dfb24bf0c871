"""One call that loads, links and validates a collection: what every front end runs."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..diagnostics import Diagnostic, shown
from ..loading.bulk import no_cycle_collection
from ..loading.loader import load_collection
from ..method.site_names import SiteNames
from ..model import Collection
from .graph import CitationGraph
from .kept_findings import KeptFindings, rules_over


@dataclass
class CheckedCollection:
    collection: Collection
    graph: CitationGraph
    diagnostics: list[Diagnostic]
    #: errors found beyond what each file keeps (``diagnostics.KEEP_PER_FILE``), counted only
    omitted: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def messages(self) -> list[str]:
        """What a front end prints: the first errors, then how many more there are."""
        return shown(self.diagnostics, self.omitted)

    def summary(self) -> str:
        reports = self.collection.reports()
        counts = (
            f"{len(self.collection.systems)} systems, {len(reports)} reports, "
            f"{sum(len(r.records) for r in reports)} records, "
            f"{sum(len(r.annotations) for r in reports)} annotations, "
            f"{sum(len(r.citations) for r in reports)} citations, "
            f"{len(self.graph.external)} external records"
        )
        errors = len(self.errors) + self.omitted
        return f"{counts}; {errors} error{'s' if errors != 1 else ''}"


def check_collection(
    root: str | os.PathLike[str] = "reports",
    *,
    base: str | os.PathLike[str] | None = None,
    files: dict[str, bytes] | None = None,
    cache: KeptFindings | None = None,
    names: SiteNames | None = None,
) -> CheckedCollection:
    """Load, link and validate: the set rules over the members once they have inherited
    from their set, then the citation graph and the record rules. ``files``: the reports and sets of ``root`` held in memory
    (see ``load_collection``); ``cache`` keeps unchanged files' reports and unchanged
    systems' findings between runs (``kept_findings.py``);
    ``names``: those the site keeps for its own pages (default: the plugin's defaults)."""
    with no_cycle_collection():
        collection, diagnostics = load_collection(root, base=base, files=files, cache=cache.files if cache else None, names=names)
        graph = CitationGraph(collection, cache.links_of if cache else None)
        diagnostics.merge(rules_over(collection, graph) if cache is None else cache.validate(collection))
    ordered = diagnostics.sorted()
    return CheckedCollection(collection, graph, ordered, ordered.omitted)
