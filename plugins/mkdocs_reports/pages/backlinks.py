"""What a reader sees under a record: the places that cite it and the annotations on it.

A record that mentions its own ID is not "cited by" itself, and one place that names a
record twice (a coverage row, say) is one backlink.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.model import Annotation, Place, Report
from ..core.rules.graph import CitationGraph, Key


@dataclass
class Citing:
    """The places of one report that cite a record, in page order."""

    report: Report
    places: list[Place] = field(default_factory=list)


class Backlinks:
    def __init__(self, graph: CitationGraph) -> None:
        self.graph = graph
        self._cited: dict[Key, list[Citing]] = {}
        for key, citations in graph.cited_by.items():
            declared = graph.declared.get(key)
            own = (declared.member, declared.anchor) if declared else None
            by_report: dict[tuple[str, str], Citing] = {}
            seen: set[tuple[str, str, str]] = set()
            for citation in citations:
                place = citation.place
                if (citation.member, place.anchor) == own or (citation.member, place.anchor, place.label) in seen:
                    continue
                seen.add((citation.member, place.anchor, place.label))
                report = graph.collection.systems[citation.system].reports[citation.member]
                by_report.setdefault((report.system, report.member), Citing(report)).places.append(place)
            if len(by_report) > 1:
                self._cited[key] = sorted(by_report.values(), key=lambda c: graph.collection.types.order(c.report.member))
            elif by_report:
                self._cited[key] = list(by_report.values())

    def cited_by(self, system: str, record_id: str) -> list[Citing]:
        return self._cited.get((system, record_id), [])

    def count(self, system: str, record_id: str) -> int:
        """How many distinct places cite the record (what *Cited by* lists)."""
        return sum(len(citing.places) for citing in self.cited_by(system, record_id))

    def annotations(self, system: str, record_id: str) -> list[Annotation]:
        return self.graph.annotations_on.get((system, record_id), [])
