"""The collection as one JSON document: a stable shape for tools and for build comparisons.

A section's ``text`` is its plain-text rendering (``export.text``): prose, the coverage table,
list items. Shape (version 1) — every list is in collection order (systems, reports, then file order):

    {"format": "mkdocs-reports/collection", "version": 1,
     "systems":  [{"slug", "name", "source": {"id", "identity", "revision"},
                   "reports": [{"member", "type", "title", "path", "description", "run_id",
                                "sections": [{"key", "heading", "anchor", "text"}]}]}],
     "records":  [{"system", "member", "id", "kind", "label", "part_of", "text", "route",
                   "status", "quotes": [{"passage", "path", "lines"}], "notes",
                   "cites": [record IDs cited inside the record, in order]}],
     "annotations": [{"system", "member", "on", "anchor", "text", "quotes", "notes"}],
     "citations": [{"system", "member", "target", "resolution": "declared" | "external" | "unresolved",
                    "place": {"section", "anchor", "label"}, "file", "line", "column"}],
     "external_records": [{"system", "member", "id"}]}
"""

from __future__ import annotations

from dataclasses import asdict

from ..graph import CitationGraph
from ..loader import section_anchor
from ..model import Collection, Quote, Report
from ..report_types import Shape
from .text import section_text

FORMAT = "mkdocs-reports/collection"
VERSION = 1


def _quotes(quotes: list[Quote]) -> list[dict]:
    return [{"passage": q.passage, "path": q.path, "lines": q.lines} for q in quotes]


def _sections(report: Report) -> list[dict]:
    """The report's prose, boundary and list sections (records and annotations are listed apart)."""
    return [
        {"key": spec.key, "heading": spec.heading, "anchor": section_anchor(spec.key), "text": text}
        for spec in report.type.sections
        if spec.shape not in (Shape.RECORDS, Shape.ANNOTATIONS) and (text := section_text(report, spec.key))
    ]


def collection_json(collection: Collection, graph: CitationGraph) -> dict:
    systems, records, annotations, citations = [], [], [], []
    for system in collection.systems.values():
        systems.append(
            {
                "slug": system.slug,
                "name": system.name,
                "source": asdict(system.source),
                "reports": [
                    {
                        "member": r.member,
                        "type": r.type.name,
                        "title": r.title,
                        "path": r.path,
                        "description": r.description,
                        "run_id": r.run_id,
                        "sections": _sections(r),
                    }
                    for r in system.reports.values()
                ],
            }
        )
        for report in system.reports.values():
            for record in report.records:
                records.append(
                    {
                        "system": record.system,
                        "member": record.member,
                        "id": record.id,
                        "kind": record.kind,
                        "label": record.label,
                        "part_of": record.part_of,
                        "text": record.text,
                        "route": record.route,
                        "status": record.status,
                        "quotes": _quotes(record.quotes),
                        "notes": record.notes,
                        "cites": [c.target for c in report.citations if c.place.anchor == record.anchor],
                    }
                )
            for annotation in report.annotations:
                annotations.append(
                    {
                        "system": annotation.system,
                        "member": annotation.member,
                        "on": annotation.on,
                        "anchor": annotation.anchor,
                        "text": annotation.text,
                        "quotes": _quotes(annotation.quotes),
                        "notes": annotation.notes,
                    }
                )
            for citation in report.citations:
                key = (citation.system, citation.target)
                resolution = "declared" if key in graph.declared else "external" if key in graph.external else "unresolved"
                citations.append(
                    {
                        "system": citation.system,
                        "member": citation.member,
                        "target": citation.target,
                        "resolution": resolution,
                        "place": asdict(citation.place),
                        "file": citation.location.file,
                        "line": citation.location.line,
                        "column": citation.location.column,
                    }
                )
    external = [{"system": e.system, "member": e.member, "id": e.id} for _, e in sorted(graph.external.items())]
    return {
        "format": FORMAT,
        "version": VERSION,
        "systems": systems,
        "records": records,
        "annotations": annotations,
        "citations": citations,
        "external_records": external,
    }
