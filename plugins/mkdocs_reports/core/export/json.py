"""The collection as one JSON document: a stable shape for tools and for build comparisons.

Every construct of a report is there one to one, in the author's order: sections and
record or annotation bodies are lists of blocks. Shape (version 2) — every list is in
collection order (systems, reports, then file order):

    {"format": "mkdocs-reports/collection", "version": 2,
     "types": [{"name", "noun", "member", "prefix", "builtin",
                "sections": [{"key", "heading", "shape", "empty"}]}],
     "systems":  [{"slug", "name", "run_id", "reviewed_boundary", "set_file",
                   "sources": [{"id", "kind", "identity", "revision", "evidence_layer",
                                "inspected_scope", "citation_anchors", "access_gaps"}],
                   "reports": [{"member", "type", "title", "path", "description", "run_id",
                                "reviewed_boundary", "source_identity", "report_status",
                                "sections": [{"key", "heading", "anchor", "text", "blocks"}]}]}],
     "records":  [{"system", "member", "id", "kind", "label", "part_of", "body",
                   "fields": [{"label", "value", "anchor"}], "route": {label: answer},
                   "status": {layer: value}, "text", "quotes", "superseded_by", "supersedes",
                   "cites": [record IDs cited inside the record, in order]}],
     "annotations": [{"system", "member", "on", "label", "anchor", "body", "fields", "text", "quotes"}],
     "citations": [{"system", "member", "target", "resolution": "declared" | "external" | "unresolved",
                    "place": {"section", "anchor", "label"}, "file", "line", "column"}],
     "sources_cited": [{"system", "member", "source", "paths", "place", "file", "line", "column"}],
     "reconciliations": [{"system", "member", "kind": "amendment" | "conflict", "text", "concerns",
                          "superseded", "superseded_by", "place"}],
     "external_records": [{"system", "member", "id"}]}

A block is one of {"kind": "text", "text"}, {"kind": "heading", "text", "level", "anchor"},
{"kind": "quote", "passage", "path", "lines", "source", "anchor", "place", "grounding": {"state",
"lines", "match", "revision"}}, {"kind": "table", "anchor", "coverage", "columns", "rows":
[{"anchor", "cells"}]}, {"kind": "list", "style", "items": [{"anchor", "text"}]} or {"kind":
"fields", "fields": [{"label", "value", "anchor"}]}. A section's ``text`` is its plain-text
rendering (``export.text``). A quote's ``grounding`` is measured against the quote lock:
``state`` verified, changed, unverified, stale or unverifiable; ``lines`` where it was
verified.
"""

from __future__ import annotations

from dataclasses import asdict

from ..loading.loader import section_anchor
from ..model import (
    Block,
    Citation,
    Collection,
    FieldList,
    Heading,
    ItemList,
    Quote,
    Reconciliation,
    Report,
    Source,
    SourceReference,
    Table,
    Text,
)
from ..rules.graph import CitationGraph
from .plain_text import section_text

FORMAT = "mkdocs-reports/collection"
VERSION = 2


def _quote(quote: Quote) -> dict:
    grounding = quote.grounding
    return {
        "passage": quote.passage, "path": quote.path, "lines": quote.lines, "source": quote.source, "anchor": quote.anchor,
        "place": quote.place.label if quote.place else None,
        "grounding": {"state": grounding.state, "lines": grounding.lines, "match": grounding.match, "revision": grounding.revision}
        if grounding is not None else None,
    }


def _fields(block: FieldList) -> list[dict]:
    return [{"label": f.label, "value": f.value, "anchor": f.anchor} for f in block.fields]


def block_json(block: Block) -> dict:
    if isinstance(block, Text):
        return {"kind": "text", "text": block.text}
    if isinstance(block, Heading):
        return {"kind": "heading", "text": block.text, "level": block.level, "anchor": block.anchor}
    if isinstance(block, Quote):
        return {"kind": "quote", **_quote(block)}
    if isinstance(block, Table):
        rows = [{"anchor": row.anchor, "cells": row.cells} for row in block.rows]
        return {"kind": "table", "anchor": block.anchor, "coverage": block.coverage, "columns": block.columns, "rows": rows}
    if isinstance(block, ItemList):
        return {"kind": "list", "style": block.style, "items": [{"anchor": i.anchor, "text": i.text} for i in block.items]}
    return {"kind": "fields", "fields": _fields(block)}


def _sections(report: Report) -> list[dict]:
    """The report's blocks sections (records and annotations are listed apart)."""
    return [
        {
            "key": key,
            "heading": section.spec.heading,
            "anchor": section_anchor(key),
            "text": section_text(report, key),
            "blocks": [block_json(b) for b in section.blocks],
        }
        for key, section in ((s.key, report.sections[s.key]) for s in report.type.sections if s.key in report.sections)
    ]


def _source(source: Source) -> dict:
    out = asdict(source)
    out.pop("location")
    return out


def _where(item: Citation | SourceReference | Reconciliation) -> dict[str, object]:
    place = item.place  # the shape above: who owns the place is the report's business, not the export's
    return {"place": {"section": place.section, "anchor": place.anchor, "label": place.label},
            "file": item.location.file, "line": item.location.line, "column": item.location.column}


def collection_json(collection: Collection, graph: CitationGraph) -> dict:
    systems, records, annotations, citations, sources, reconciliations = [], [], [], [], [], []
    route_labels = collection.types.method.route_fields
    for system in collection.systems.values():
        systems.append(
            {
                "slug": system.slug,
                "name": system.name,
                "run_id": system.run_id,
                "reviewed_boundary": system.reviewed_boundary,
                "set_file": system.set.path if system.set else None,
                "sources": [_source(s) for s in system.sources],
                "reports": [
                    {
                        "member": r.member,
                        "type": r.type.name,
                        "title": r.title,
                        "path": r.path,
                        "description": r.description,
                        "run_id": r.run_id,
                        "reviewed_boundary": r.reviewed_boundary,
                        "source_identity": r.source_identity,
                        "report_status": r.report_status,
                        "sections": _sections(r),
                    }
                    for r in system.reports.values()
                ],
            }
        )
        for report in system.reports.values():
            for record in report.records:
                key = (record.system, record.id)
                records.append(
                    {
                        "system": record.system,
                        "member": record.member,
                        "id": record.id,
                        "kind": record.kind,
                        "label": record.label,
                        "part_of": record.part_of,
                        "body": [block_json(b) for b in record.body],
                        "fields": [f for b in record.body if isinstance(b, FieldList) for f in _fields(b)],
                        "route": record.route(route_labels),
                        "status": record.status,
                        "text": record.text,
                        "quotes": [_quote(q) for q in record.quotes],
                        "superseded_by": [replacement for replacement, _ in graph.superseded_by.get(key, [])],
                        "supersedes": [old for old, _ in graph.supersedes.get(key, [])],
                        "cites": [c.target for c in report.citations if c.place.section == "records" and c.place.owner == record.anchor],
                    }
                )
            for annotation in report.annotations:
                annotations.append(
                    {
                        "system": annotation.system,
                        "member": annotation.member,
                        "on": annotation.on,
                        "label": annotation.label,
                        "anchor": annotation.anchor,
                        "body": [block_json(b) for b in annotation.body],
                        "fields": [f for b in annotation.body if isinstance(b, FieldList) for f in _fields(b)],
                        "text": annotation.text,
                        "quotes": [_quote(q) for q in annotation.quotes],
                    }
                )
            for citation in report.citations:
                key = (citation.system, citation.target)
                resolution = "declared" if key in graph.declared else "external" if key in graph.external else "unresolved"
                citations.append(
                    {"system": citation.system, "member": citation.member, "target": citation.target, "resolution": resolution, **_where(citation)}
                )
            for reference in report.source_references:
                sources.append(
                    {"system": reference.system, "member": reference.member, "source": reference.source, "paths": reference.paths, **_where(reference)}
                )
            for entry in report.reconciliations:
                reconciliations.append(
                    {
                        "system": entry.system, "member": entry.member, "kind": entry.kind, "text": entry.text,
                        "concerns": entry.concerns, "superseded": entry.superseded, "superseded_by": entry.superseded_by,
                        **_where(entry),
                    }
                )
    external = [{"system": e.system, "member": e.member, "id": e.id} for _, e in sorted(graph.external.items())]
    # the types the collection's sets are read with (their layouts' roles), its own, and any its reports name
    used = {role.member_type for system in collection.systems.values() if system.layout for role in system.layout.roles.values()}
    used |= {t.name for t in collection.types.types.values() if not t.builtin} | {r.type.name for r in collection.reports()}
    types = [
        {
            "name": t.name, "noun": t.noun, "member": t.member, "prefix": t.prefix, "builtin": t.builtin,
            "sections": [{"key": s.key, "heading": s.heading, "shape": s.shape.value, "empty": s.empty} for s in t.sections],
        }
        for t in collection.types.types.values() if t.name in used
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "types": types,
        "systems": systems,
        "records": records,
        "annotations": annotations,
        "citations": citations,
        "sources_cited": sources,
        "reconciliations": reconciliations,
        "external_records": external,
    }
