"""The method's rules across the members of a set with an overview (what one member cannot
say alone): the overview's amendment index agrees with the reconciliation, every unresolved
conflict is carried into its Limitations, the profile cites canonical records (none the
reconciliation supersedes), and every record the set cites is declared in it (a set is
closed: a citation of a member it does not have is an error, not an external record)."""

from __future__ import annotations

import re

from .diagnostics import Diagnostics
from .graph import CitationGraph
from .model import Collection, Report, System, Text

#: the overview's amendment index in its Source register
AMENDED = "Amended or superseded records:"
_AMENDED_LINE = re.compile(rf"^{re.escape(AMENDED)}(?P<rest>.*)$", re.MULTILINE)


def _amended_line(overview: Report) -> str | None:
    section = overview.sections.get("source_register")
    for block in section.blocks if section else []:
        if isinstance(block, Text) and (match := _AMENDED_LINE.search(block.text)):
            return match.group("rest")
    return None


def _amendment_index(system: System, overview: Report, reconciliation: Report, graph: CitationGraph, diagnostics: Diagnostics) -> None:
    amended = {entry.superseded for entry in reconciliation.reconciliations if entry.kind == "amendment" and entry.superseded}
    line = _amended_line(overview)
    section = overview.sections.get("source_register")
    where = section.location if section else overview.location
    if line is None:
        if system.result_disposition == "complete":
            diagnostics.error(where, f"the Source register of a complete set ends with '{AMENDED} <IDs or none>'",
                              f"add the line '{AMENDED} {', '.join(sorted(amended)) or 'none'}; [reconciliation](reconciliation.md).'")
        return
    named = [c for c in overview.citations if c.place.section == "source_register" and c.target in line]
    listed = {c.target for c in named}
    if named:
        where = named[0].location
    missing, extra = sorted(amended - listed), sorted(listed - amended)
    if missing or extra:
        said = ", ".join(sorted(listed)) or "none"
        diagnostics.error(where, f"the overview's '{AMENDED}' says {said}, but the reconciliation amends or supersedes "
                                 f"{', '.join(sorted(amended)) or 'none'}",
                          f"write '{AMENDED} {', '.join(sorted(amended)) or 'none'}' as {reconciliation.path} has it")


def _conflicts_carried(overview: Report, reconciliation: Report, diagnostics: Diagnostics) -> None:
    places: dict[str, set[str]] = {}
    for citation in overview.citations:
        if citation.place.section == "limitations":
            places.setdefault(citation.place.anchor, set()).add(citation.target)
    for entry in reconciliation.reconciliations:
        if entry.kind != "conflict" or not entry.concerns:
            continue
        if not any(set(entry.concerns) <= cited for cited in places.values()):
            diagnostics.error(entry.location, f"the unresolved conflict on {', '.join(entry.concerns)} is not carried into the "
                                              f"overview's Limitations ({overview.path})",
                              f"add a Limitations row that cites {', '.join(entry.concerns)}, with the conclusion it prevents")


def _canonical_profile(system: System, profile: Report, graph: CitationGraph, diagnostics: Diagnostics) -> None:
    for cited in profile.comparison.cited() if profile.comparison else []:
        replacements = graph.superseded_by.get((system.slug, cited.id or ""))
        if replacements:
            by = ", ".join(dict.fromkeys(record for record, _ in replacements))
            diagnostics.error(cited.location, f"the profile cites {cited.id}, which the reconciliation supersedes by {by}",
                              f"cite {by}: a profile cites the set's canonical records, resolved through the reconciliation")


def _closed(system: System, graph: CitationGraph, diagnostics: Diagnostics) -> None:
    for key, record in graph.external.items():
        if key[0] != system.slug:
            continue
        for citation in graph.cited_by.get(key, []):
            diagnostics.error(citation.location, f"{record.id} is cited, but the set has no {record.member} member to declare it",
                              "cite a record the set declares (a published set is closed), or correct the ID")


def check_sets(collection: Collection, graph: CitationGraph) -> Diagnostics:
    diagnostics = Diagnostics()
    layout = collection.types.method.set_layout
    for system in collection.systems.values():
        overview = system.reports.get(layout.entry)
        if overview is None:
            continue
        reconciliation = system.reports.get("reconciliation")
        if reconciliation is not None:
            _amendment_index(system, overview, reconciliation, graph, diagnostics)
            _conflicts_carried(overview, reconciliation, diagnostics)
        profile = system.reports.get("memory-profile")
        if profile is not None:
            _canonical_profile(system, profile, graph, diagnostics)
        _closed(system, graph, diagnostics)
    return diagnostics
