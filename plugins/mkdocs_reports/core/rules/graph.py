"""Who cites whom: resolves every reference of the collection inside its system.

A reference whose prefix names a member that is present must hit a declared record; one
whose member is not in the collection becomes an ``ExternalRecord`` so that pages can still
show it with its citations and annotations. Amendments of the reconciliation are linked
both ways: a superseded record knows what supersedes it, and the other way round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ..method.ids import IdGrammar, prefix_of
from ..method.near_misses import NearMisses
from ..model import Annotation, Citation, Collection, ExternalRecord, Reconciliation, Record, Report, System

Key = tuple[str, str]  # (system slug, record ID)


@dataclass
class SystemLinks:
    """What one system's reports link, alone: every reference resolves within its system,
    so the collection's graph is its systems' links put together, and a system whose
    reports are the same links the same (``kept_findings.py`` keeps them for ``mkdocs serve``)."""

    reports: tuple[Report, ...]
    declared: dict[Key, Record] = field(default_factory=dict)
    duplicates: list[tuple[Record, Record]] = field(default_factory=list)
    external: dict[Key, ExternalRecord] = field(default_factory=dict)
    cited_by: dict[Key, list[Citation]] = field(default_factory=lambda: defaultdict(list))
    annotations_on: dict[Key, list[Annotation]] = field(default_factory=lambda: defaultdict(list))
    parts: dict[Key, list[Record]] = field(default_factory=lambda: defaultdict(list))
    unresolved_citations: list[Citation] = field(default_factory=list)
    unresolved_annotations: list[Annotation] = field(default_factory=list)
    unresolved_parts: list[Record] = field(default_factory=list)
    reconciliations: dict[Key, list[Reconciliation]] = field(default_factory=lambda: defaultdict(list))
    superseded_by: dict[Key, list[tuple[str, Reconciliation]]] = field(default_factory=lambda: defaultdict(list))
    supersedes: dict[Key, list[tuple[str, Reconciliation]]] = field(default_factory=lambda: defaultdict(list))
    present: set[str] = field(default_factory=set)  # the prefixes of its members

    def same(self, system: System) -> bool:
        reports = system.reports.values()
        return len(reports) == len(self.reports) and all(a is b for a, b in zip(reports, self.reports, strict=True))

    @classmethod
    def of(cls, slug: str, system: System, grammar: IdGrammar) -> SystemLinks:
        links = cls(tuple(system.reports.values()))
        links.present = {r.type.prefix for r in links.reports if r.type.prefix}

        def link(system: str, record_id: str) -> bool:
            key = (system, record_id)
            if key in links.declared:
                return True
            if prefix_of(record_id) in links.present:
                return False
            if key not in links.external:
                links.external[key] = ExternalRecord(record_id, system, grammar.member_of(record_id) or "")
            return True

        for report in links.reports:
            for record in report.records:
                key = (record.system, record.id)
                if key in links.declared:
                    links.duplicates.append((links.declared[key], record))
                else:
                    links.declared[key] = record
        for report in links.reports:
            for citation in report.citations:
                if link(report.system, citation.target):
                    links.cited_by[(report.system, citation.target)].append(citation)
                else:
                    links.unresolved_citations.append(citation)
            for annotation in report.annotations:
                if link(report.system, annotation.on):
                    links.annotations_on[(report.system, annotation.on)].append(annotation)
                else:
                    links.unresolved_annotations.append(annotation)
            for record in report.records:
                if record.part_of and record.part_of != record.id:
                    if link(report.system, record.part_of):
                        links.parts[(report.system, record.part_of)].append(record)
                    else:
                        links.unresolved_parts.append(record)
            for entry in report.reconciliations:
                for record_id in entry.concerns:
                    links.reconciliations[(report.system, record_id)].append(entry)
                if entry.superseded:
                    for replacement in entry.superseded_by:
                        links.superseded_by[(report.system, entry.superseded)].append((replacement, entry))
                        links.supersedes[(report.system, replacement)].append((entry.superseded, entry))
        return links


#: a system's links (``SystemLinks.of``, or kept from an earlier check of the same reports)
LinksOf = Callable[[str, System, IdGrammar], SystemLinks]


class CitationGraph:
    def __init__(self, collection: Collection, links_of: LinksOf | None = None) -> None:
        """``links_of``: where each system's links come from (default: made)."""
        self.collection = collection
        self.declared: dict[Key, Record] = {}
        self.duplicates: list[tuple[Record, Record]] = []  # (first, again)
        self.external: dict[Key, ExternalRecord] = {}
        self.cited_by: dict[Key, list[Citation]] = defaultdict(list)
        self.annotations_on: dict[Key, list[Annotation]] = defaultdict(list)
        self.parts: dict[Key, list[Record]] = defaultdict(list)
        #: references into a present member that name no declared record
        self.unresolved_citations: list[Citation] = []
        self.unresolved_annotations: list[Annotation] = []
        self.unresolved_parts: list[Record] = []
        #: amendments and unresolved conflicts naming a record, and supersessions both ways
        self.reconciliations: dict[Key, list[Reconciliation]] = defaultdict(list)
        self.superseded_by: dict[Key, list[tuple[str, Reconciliation]]] = defaultdict(list)
        self.supersedes: dict[Key, list[tuple[str, Reconciliation]]] = defaultdict(list)
        self.grammar = collection.types.grammar
        self._near_misses: dict[str, NearMisses] = {}
        self._present: dict[str, set[str]] = {}
        links_of = links_of or SystemLinks.of
        for slug, system in collection.systems.items():  # (in the collection's order: each system's entries together)
            links = links_of(slug, system, self.grammar)
            self._present[slug] = links.present
            self.declared.update(links.declared)
            self.duplicates += links.duplicates
            self.external.update(links.external)
            self.cited_by.update(links.cited_by)
            self.annotations_on.update(links.annotations_on)
            self.parts.update(links.parts)
            self.unresolved_citations += links.unresolved_citations
            self.unresolved_annotations += links.unresolved_annotations
            self.unresolved_parts += links.unresolved_parts
            self.reconciliations.update(links.reconciliations)
            self.superseded_by.update(links.superseded_by)
            self.supersedes.update(links.supersedes)

    def is_present(self, system: str, record_id: str) -> bool:
        """Whether the member that declares ``record_id`` is in the collection."""
        return prefix_of(record_id) in self._present.get(system, set())

    def resolve(self, system: str, record_id: str) -> Record | ExternalRecord | None:
        key = (system, record_id)
        return self.declared.get(key) or self.external.get(key)

    def closest_declared(self, system: str, record_id: str) -> str | None:
        """The declared ID of ``system`` an author most likely meant, for "did you mean"."""
        if system not in self._near_misses:
            self._near_misses[system] = NearMisses(self._declared_by_system.get(system, ()))
        return self._near_misses[system].closest(record_id)

    @cached_property
    def _declared_by_system(self) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = {}
        for slug, record_id in self.declared:
            grouped.setdefault(slug, []).append(record_id)
        return grouped

    def external_members(self, system: str) -> dict[str, list[ExternalRecord]]:
        """External records of a system by missing member, in ID order."""
        return self._external_by_system.get(system, {})

    @cached_property
    def _external_by_system(self) -> dict[str, dict[str, list[ExternalRecord]]]:
        """All systems' external records grouped in one pass (the graph is built once)."""
        grouped: dict[str, dict[str, list[ExternalRecord]]] = {}
        for (slug, _), record in sorted(self.external.items()):
            grouped.setdefault(slug, {}).setdefault(record.member, []).append(record)
        return grouped
