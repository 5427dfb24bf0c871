"""The record contract's rules over a loaded collection (what the YAML shape cannot say)."""

from __future__ import annotations

import re

from .diagnostics import Diagnostics
from .graph import CitationGraph
from .ids import PREFIX_MEMBERS, prefix_of
from .model import Collection, Record, Report
from .report_types import REPORT_TYPES, ROUTE_FIELDS

def _near_miss(graph: CitationGraph, system: str, record_id: str) -> str:
    close = graph.closest_declared(system, record_id)
    return f"did you mean {close}?" if close else "declare it, or correct the ID"


def _check_record(report: Report, record: Record, diagnostics: Diagnostics) -> None:
    expected = report.type.prefix
    if expected and prefix_of(record.id) != expected:
        owner = next((t.noun for t in REPORT_TYPES.values() if t.prefix == prefix_of(record.id)), "another member")
        diagnostics.error(
            record.location,
            f"{record.id} is declared in a {report.type.noun}, which declares {expected}- records only",
            f"name it {expected}-{record.id.split('-', 1)[1]}, or declare it in the {owner}",
        )
    if record.part_of == record.id:
        diagnostics.error(record.field_locations["part_of"], f"{record.id} is declared part of itself", "name the record it is a part of, or remove part_of")
    if record.kind == "RTE":
        if "route" not in record.field_locations:
            diagnostics.error(record.location, f"route {record.id} has no route fields", f"add 'route:' with all seven: {', '.join(ROUTE_FIELDS)}")
        if "status" not in record.field_locations:
            diagnostics.error(
                record.location,
                f"route {record.id} has no conclusion status",
                "add 'status:' with at least one line such as 'implementation: wired'",
            )
    elif "route" in record.field_locations:
        diagnostics.error(record.field_locations["route"], f"{record.id} is not a route (RTE), so it has no route fields", "move this text into 'text:' or change the record's kind")
    for key, value in record.route.items():
        uncertain = _UNCERTAIN.match(value.strip())
        problem = _uncertain_answer_problem(uncertain.group(2)) if uncertain else None
        if problem:
            diagnostics.error(
                record.field_locations["route"],
                f"{record.id}: the {ROUTE_FIELDS[key]} answer {value!r} {problem}",
                f"write '{uncertain.group(1)} — <why it cannot be answered>'",
            )


#: an uncertain route answer is written `uninspected — <reason>` (or `inapplicable — …`)
_UNCERTAIN = re.compile(r"^(inapplicable|uninspected)(?![\w-])(.*)$", re.DOTALL)


def _uncertain_answer_problem(rest: str) -> str | None:
    """What is wrong with what follows the marker word, if anything."""
    if rest.startswith(" — ") and rest[3:].strip():
        return None
    if not rest.strip(" .:—–-"):
        return "is uncertain but gives no reason"
    if re.match(r"^\s*[-–:]", rest):
        return "separates its reason with the wrong mark"
    return None


def _check_member_name(report: Report, diagnostics: Diagnostics) -> None:
    """A member that declares records is named after them: its citations of an unpublished
    member's records are published under that member's name (``<system>/runtime/``)."""
    expected = PREFIX_MEMBERS.get(report.type.prefix or "")
    if expected and report.member != expected:
        diagnostics.error(
            report.location,
            f"a {report.type.noun} is the {expected} member of its set, but the file is named {report.member}.yaml",
            f"rename it to {report.system}/{expected}.yaml",
        )


def validate(collection: Collection, graph: CitationGraph | None = None) -> Diagnostics:
    """All rule violations across all reports (cross-report rules need the whole graph)."""
    graph = graph or CitationGraph(collection)
    diagnostics = Diagnostics()
    for report in collection.reports():
        _check_member_name(report, diagnostics)
        for record in report.records:
            _check_record(report, record, diagnostics)
        own = {record.id for record in report.records}
        for annotation in report.annotations:
            if annotation.on in own:
                diagnostics.error(
                    annotation.location,
                    f"{report.member} annotates its own record {annotation.on}",
                    "put these findings into the record itself; annotations are for records of other members",
                )
    for first, again in graph.duplicates:
        diagnostics.error(
            again.location,
            f"{again.id} is declared twice in system {again.system} (first at {first.location})",
            "give one of them another name; an ID is unique within its system",
        )
    for citation in graph.unresolved_citations:
        diagnostics.error(
            citation.location,
            f"{citation.target} is cited but not declared in {citation.system}",
            _near_miss(graph, citation.system, citation.target),
        )
    for annotation in graph.unresolved_annotations:
        diagnostics.error(
            annotation.location,
            f"annotation on {annotation.on}, which is not declared in {annotation.system}",
            _near_miss(graph, annotation.system, annotation.on),
        )
    for record in graph.unresolved_parts:
        diagnostics.error(
            record.field_locations["part_of"],
            f"{record.id} is part of {record.part_of}, which is not declared in {record.system}",
            _near_miss(graph, record.system, record.part_of or ""),
        )
    return diagnostics
