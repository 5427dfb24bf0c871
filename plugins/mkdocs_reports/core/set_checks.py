"""The method's rules across the members of a set with its entry member (what one member
cannot say alone), each as its set type declares it (``rules:`` in ``member_types/
analysis-set*.yaml`` or a collection's ``_types/``: the roles and sections it reads): the
amendment index agrees with the reconciliation, every unresolved conflict is carried into the
limitations, the profile cites canonical records (none the reconciliation supersedes), and
every record the set cites is declared in it (a set is closed: a citation of a member it does
not have is an error, not an external record)."""

from __future__ import annotations

import re

from .diagnostics import Diagnostics
from .graph import CitationGraph
from .model import Collection, Report, System, Text


def _amended_line(holder: Report, section_key: str, pattern: re.Pattern[str]) -> str | None:
    section = holder.sections.get(section_key)
    for block in section.blocks if section else []:
        if isinstance(block, Text) and (match := pattern.search(block.text)):
            return match.group("rest")
    return None


def _amendment_index(system: System, holder: Report, reconciliation: Report, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    amended = {entry.superseded for entry in reconciliation.reconciliations if entry.kind == "amendment" and entry.superseded}
    marker, key = rule["line"], rule["section"]
    line = _amended_line(holder, key, re.compile(rf"^{re.escape(marker)}(?P<rest>.*)$", re.MULTILINE))
    section = holder.sections.get(key)
    where = section.location if section else holder.location
    if line is None:
        if system.result_disposition == "complete":
            heading = holder.type.section(key)
            diagnostics.error(where, f"the {heading.heading if heading else key} of a complete set ends with '{marker} <IDs or none>'",
                              f"add the line '{marker} {', '.join(sorted(amended)) or 'none'}; [{reconciliation.member}]({reconciliation.member}.md).'")
        return
    named = [c for c in holder.citations if c.place.section == key and c.target in line]
    listed = {c.target for c in named}
    if named:
        where = named[0].location
    missing, extra = sorted(amended - listed), sorted(listed - amended)
    if missing or extra:
        said = ", ".join(sorted(listed)) or "none"
        diagnostics.error(where, f"the {holder.member}'s '{marker}' says {said}, but the {reconciliation.member} amends or supersedes "
                                 f"{', '.join(sorted(amended)) or 'none'}",
                          f"write '{marker} {', '.join(sorted(amended)) or 'none'}' as {reconciliation.path} has it")


def _conflicts_carried(holder: Report, reconciliation: Report, key: str, diagnostics: Diagnostics) -> None:
    places: dict[str, set[str]] = {}
    for citation in holder.citations:
        if citation.place.section == key:
            places.setdefault(citation.place.anchor, set()).add(citation.target)
    heading = holder.type.section(key)
    said = heading.heading if heading else key
    for entry in reconciliation.reconciliations:
        if entry.kind != "conflict" or not entry.concerns:
            continue
        if not any(set(entry.concerns) <= cited for cited in places.values()):
            diagnostics.error(entry.location, f"the unresolved conflict on {', '.join(entry.concerns)} is not carried into the "
                                              f"{holder.member}'s {said} ({holder.path})",
                              f"add a {said} row that cites {', '.join(entry.concerns)}, with the conclusion it prevents")


def _canonical_profile(system: System, profile: Report, reconciliation: str, graph: CitationGraph, diagnostics: Diagnostics) -> None:
    for cited in profile.comparison.cited() if profile.comparison else []:
        replacements = graph.superseded_by.get((system.slug, cited.id or ""))
        if replacements:
            by = ", ".join(dict.fromkeys(record for record, _ in replacements))
            diagnostics.error(cited.location, f"the profile cites {cited.id}, which the {reconciliation} supersedes by {by}",
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
    for system in collection.systems.values():
        layout = system.layout
        if layout is None or system.entry is None:
            continue
        if (rule := layout.rule("amendment_index")) and (holder := system.reports.get(rule["role"])) and (
                reconciliation := system.reports.get(rule["from"])):
            _amendment_index(system, holder, reconciliation, rule, diagnostics)
        if (rule := layout.rule("conflicts_carried")) and (holder := system.reports.get(rule["role"])) and (
                reconciliation := system.reports.get(rule["from"])):
            _conflicts_carried(holder, reconciliation, rule["section"], diagnostics)
        if (rule := layout.rule("canonical_citations")) and (profile := system.reports.get(rule["role"])):
            _canonical_profile(system, profile, rule["from"], graph, diagnostics)
        _closed(system, graph, diagnostics)
    return diagnostics
