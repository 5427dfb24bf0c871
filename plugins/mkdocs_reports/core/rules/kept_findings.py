"""What a check keeps for the next one (``mkdocs serve``): the files it read, and each
system's rule findings.

Every rule looks within one system: IDs are unique in their system,
citations, annotations and parts resolve inside it, and the set rules are the set's. So a
system whose reports are the very objects the last check had (the loader gives an
unchanged file's report again, and reads a system's members anew when its set, its quote
lock or the collection's member types changed) has the same findings, and only the
systems an edit touched are validated again. A system without reports is always validated
again: its set file alone is not kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Diagnostics
from ..loading.loader import LoadCache
from ..method.ids import IdGrammar
from ..model import Collection, Report, System
from .graph import CitationGraph, SystemLinks
from .record_rules import validate
from .set_members import validate_set_members


def rules_over(collection: Collection, graph: CitationGraph) -> Diagnostics:
    """Every rule's findings: the set rules over the members, then the record rules."""
    diagnostics = validate_set_members(collection)
    diagnostics.merge(validate(collection, graph))
    return diagnostics


@dataclass(frozen=True)
class _Findings:
    reports: tuple[Report, ...]
    diagnostics: Diagnostics

    def of(self, system: System) -> bool:
        reports = tuple(system.reports.values())
        return bool(reports) and len(reports) == len(self.reports) and all(a is b for a, b in zip(reports, self.reports, strict=True))


@dataclass
class KeptFindings:
    """Kept by the caller between checks of the same folder."""

    files: LoadCache = field(default_factory=LoadCache)
    by_system: dict[str, _Findings] = field(default_factory=dict)
    #: systems whose rules the last check ran (the others' findings were kept)
    validated: list[str] = field(default_factory=list)
    #: each system's links (``graph.SystemLinks``), for the citation graph
    links: dict[str, SystemLinks] = field(default_factory=dict)

    def links_of(self, slug: str, system: System, grammar: IdGrammar) -> SystemLinks:
        """A system's links: the last check's while its reports are the same."""
        kept = self.links.get(slug)
        if kept is None or not kept.same(system):
            kept = self.links[slug] = SystemLinks.of(slug, system, grammar)
        return kept

    def validate(self, collection: Collection) -> Diagnostics:
        """The rules' findings over ``collection``, one system at a time, each kept while its
        reports are the same (each system keeps at most ``KEEP_PER_FILE`` of its own)."""
        findings: dict[str, _Findings] = {}
        self.validated = []
        diagnostics = Diagnostics(limit=None)
        for slug, system in collection.systems.items():
            kept = self.by_system.get(slug)
            if kept is None or not kept.of(system):
                alone = Collection(systems={slug: system}, types=collection.types)
                kept = _Findings(tuple(system.reports.values()), rules_over(alone, CitationGraph(alone, self.links_of)))
                self.validated.append(slug)
            findings[slug] = kept
            diagnostics.merge(kept.diagnostics)
        self.by_system = findings
        self.links = {slug: links for slug, links in self.links.items() if slug in collection.systems}
        return diagnostics
