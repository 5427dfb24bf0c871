"""Who cites whom: resolves every reference of the collection inside its system.

A reference whose prefix names a member that is present must hit a declared record; one
whose member is not in the collection becomes an ``ExternalRecord`` so that pages can still
show it with its citations and annotations. Amendments of the reconciliation are linked
both ways: a superseded record knows what supersedes it, and the other way round.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property

from ..method.ids import prefix_of
from ..method.near_misses import NearMisses
from ..model import Annotation, Citation, Collection, ExternalRecord, Reconciliation, Record

Key = tuple[str, str]  # (system slug, record ID)


class CitationGraph:
    def __init__(self, collection: Collection) -> None:
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
        self._present: dict[str, set[str]] = {
            slug: {r.type.prefix for r in system.reports.values() if r.type.prefix}
            for slug, system in collection.systems.items()
        }
        for record in collection.records():
            key = (record.system, record.id)
            if key in self.declared:
                self.duplicates.append((self.declared[key], record))
            else:
                self.declared[key] = record
        for report in collection.reports():
            for citation in report.citations:
                if self._link(report.system, citation.target):
                    self.cited_by[(report.system, citation.target)].append(citation)
                else:
                    self.unresolved_citations.append(citation)
            for annotation in report.annotations:
                if self._link(report.system, annotation.on):
                    self.annotations_on[(report.system, annotation.on)].append(annotation)
                else:
                    self.unresolved_annotations.append(annotation)
            for record in report.records:
                if record.part_of and record.part_of != record.id:
                    if self._link(report.system, record.part_of):
                        self.parts[(report.system, record.part_of)].append(record)
                    else:
                        self.unresolved_parts.append(record)
            for entry in report.reconciliations:
                for record_id in entry.concerns:
                    self.reconciliations[(report.system, record_id)].append(entry)
                if entry.superseded:
                    for replacement in entry.superseded_by:
                        self.superseded_by[(report.system, entry.superseded)].append((replacement, entry))
                        self.supersedes[(report.system, replacement)].append((entry.superseded, entry))

    def is_present(self, system: str, record_id: str) -> bool:
        """Whether the member that declares ``record_id`` is in the collection."""
        return prefix_of(record_id) in self._present.get(system, set())

    def _link(self, system: str, record_id: str) -> bool:
        key = (system, record_id)
        if key in self.declared:
            return True
        if self.is_present(system, record_id):
            return False
        if key not in self.external:
            self.external[key] = ExternalRecord(record_id, system, self.grammar.member_of(record_id) or "")
        return True

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
