"""What a reader sees under a record: the places that cite it and the annotations on it.

A record that mentions its own ID is not "cited by" itself, and one place that names a
record twice (a coverage row, say) is one backlink.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.model import Annotation, Place, Report
from ..core.rules.graph import CitationGraph, Key


@dataclass(slots=True)  # one per record of the collection: no __dict__ each
class Citing:
    """The places of one report that cite a record, in page order."""

    report: Report
    places: list[Place] = field(default_factory=list)


class Backlinks:
    """Worked out one system at a time, as its pages ask (a citation resolves inside its
    system); with the backlinks of an earlier build (``kept``), a system whose reports are
    the very same objects keeps its own (``mkdocs serve``)."""

    def __init__(self, graph: CitationGraph, kept: Backlinks | None = None) -> None:
        self.graph = graph
        self._systems: dict[str, dict[Key, list[Citing]]] = {}
        self._keys: dict[str, list[Key]] | None = None
        if kept is not None:
            for slug, system in graph.collection.systems.items():
                before = kept.graph.collection.systems.get(slug)
                if slug in kept._systems and before is not None and _same(list(system.reports.values()), list(before.reports.values())):
                    self._systems[slug] = kept._systems[slug]

    def _of(self, system: str) -> dict[Key, list[Citing]]:
        found = self._systems.get(system)
        if found is None:
            if self._keys is None:
                self._keys = {}
                for key in self.graph.cited_by:
                    self._keys.setdefault(key[0], []).append(key)
            found = self._systems[system] = {key: cited for key in self._keys.get(system, []) if (cited := self._cited(key))}
        return found

    def _cited(self, key: Key) -> list[Citing]:
        graph = self.graph
        declared = graph.declared.get(key)
        own = (declared.member, declared.anchor) if declared else None
        by_report: dict[tuple[str, str], Citing] = {}
        seen: set[tuple[str, str, str]] = set()
        for citation in graph.cited_by[key]:
            place = citation.place
            if (citation.member, place.anchor) == own or (citation.member, place.anchor, place.label) in seen:
                continue
            seen.add((citation.member, place.anchor, place.label))
            report = graph.collection.systems[citation.system].reports[citation.member]
            by_report.setdefault((report.system, report.member), Citing(report)).places.append(place)
        if len(by_report) > 1:
            return sorted(by_report.values(), key=lambda c: graph.collection.types.order(c.report.member))
        return list(by_report.values())

    def cited_by(self, system: str, record_id: str) -> list[Citing]:
        return self._of(system).get((system, record_id), [])

    def count(self, system: str, record_id: str) -> int:
        """How many distinct places cite the record (what *Cited by* lists)."""
        return sum(len(citing.places) for citing in self.cited_by(system, record_id))

    def annotations(self, system: str, record_id: str) -> list[Annotation]:
        return self.graph.annotations_on.get((system, record_id), [])


def _same(reports: list[Report], before: list[Report]) -> bool:
    return len(reports) == len(before) and all(a is b for a, b in zip(reports, before, strict=True))
