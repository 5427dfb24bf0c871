"""The method's rules across the members of a set with its entry member (what one member
cannot say alone), each as its set type declares it (``rules:`` in ``member_types/
analysis-set*.yaml`` or a collection's ``_types/``: the roles and sections it reads): the
amendment index agrees with the reconciliation, every unresolved conflict is carried into the
limitations, the profile cites canonical records (none the reconciliation supersedes), and
every record the set cites is declared in it (a set is closed: a citation of a member it does
not have is an error, not an external record)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import Diagnostics, Location
from ..method.front_matter import BY_KEY, BY_MARKDOWN, NULL
from ..method.types import IdGrammar, SetType
from ..model import Collection, FieldList, ItemList, Report, Section, System, Table, Text
from ..yamlio.styled import data
from .graph import CitationGraph


def _amended_line(holder: Report, section_key: str, pattern: re.Pattern[str]) -> str | None:
    section = holder.sections.get(section_key)
    for block in section.blocks if section else []:
        if isinstance(block, Text) and (match := pattern.search(block.text)):
            return match.group("rest")
    return None


def _amendment_index(system: System, holder: Report, reconciliation: Report, rule: dict[str, str], grammar: IdGrammar,
                     diagnostics: Diagnostics) -> None:
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
    # the IDs the line names, bare (as the method's code writes them) or cited
    listed = {token for token in re.split(r"[\s,;.]+", line) if grammar.id_re.fullmatch(token)}
    named = [c for c in holder.citations if c.place.section == key and c.target in line]
    listed |= {c.target for c in named}
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


def _identity(system: System, layout: SetType, diagnostics: Diagnostics) -> None:
    """A role repeats the identity fields of the roles its layout names, value for value."""
    for role in layout.roles.values():
        report = system.reports.get(role.member)
        for source in role.identity if report is not None else ():
            origin = system.reports.get(layout.member(source.role))
            if origin is None or report is None:
                continue
            for name in source.fields:
                key = BY_MARKDOWN[name].key if name in BY_MARKDOWN else name.replace("-", "_")
                own, theirs = report.value(key), origin.value(key)
                if own is None or theirs is None or own == theirs:
                    continue
                where = report.stated[key].location if key in report.stated else report.location
                there = origin.stated[key].location if key in origin.stated else origin.location
                diagnostics.error(where, f"the {role.member}'s {name} {own!r} disagrees with the {origin.member}'s {theirs!r} ({there})",
                                  f"repeat the {origin.member}'s {name}: the set's layout has the {role.member} take it from there")


def _citation_scope(system: System, layout: SetType, register: str, graph: CitationGraph, diagnostics: Diagnostics) -> None:
    """Each role cites the roles its layout lets it cite; a source ID only where the role
    that holds the register is among them."""
    for role in layout.roles.values():
        report = system.reports.get(role.member)
        if report is None or not role.cites:
            continue
        scope = [layout.member(name) for name in role.cites]
        for citation in report.citations:
            record = graph.resolve(system.slug, citation.target)
            declaring = record.member if record is not None else None
            if declaring is not None and declaring not in scope:
                diagnostics.error(citation.location, f"the {role.member} cites {citation.target} of the {declaring}, which its role "
                                                     f"may not cite (it cites {', '.join(scope)})",
                                  "cite a record of a member the layout lets this one cite, or remove the citation")
        if register not in scope:
            for reference in report.source_references:
                diagnostics.error(reference.location, f"the {role.member} names {reference.source}, but the source register "
                                                      f"({register}) is outside what its role may cite ({', '.join(scope)})",
                                  f"cite the records that rest on {reference.source} instead")


def _entries(section: Section | None) -> list[str] | None:
    """A verdict section's entries: ``[]`` for ``none``, a list's items; ``None`` for
    anything else (prose, a table, several blocks)."""
    blocks = section.blocks if section else []
    if len(blocks) == 1 and isinstance(blocks[0], Text) and blocks[0].text.strip() == "none":
        return []
    if len(blocks) == 1 and isinstance(blocks[0], ItemList) and blocks[0].style == "bulleted":
        return [item.text for item in blocks[0].items]
    if len(blocks) == 1 and isinstance(blocks[0], FieldList):  # "- runtime: …" items read as fields
        return [f"{item.label}: {item.value}" for item in blocks[0].fields]
    return None


def _verdicts(system: System, layout: SetType, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    """A verifying role's Blockers and Limits are each ``none`` or a list, and where it
    verifies several roles each blocker starts with the one it addresses."""
    for role in layout.roles.values():
        report = system.reports.get(role.member)
        if report is None or not role.verifies:
            continue
        for key in (rule["blocking_section"], rule["limit_section"]):
            section = report.sections.get(key)
            heading = report.type.section(key)
            said = heading.heading if heading else key
            if _entries(section) is None:
                diagnostics.error(section.location if section else report.location,
                                  f"the {role.member}'s {said} is not exactly none or a list",
                                  f"write none, or one '- ' entry per {said.lower()} finding (a blocker in prose is not read)")
        blockers = _entries(report.sections.get(rule["blocking_section"])) or []
        addressees = [layout.member(name) for name in role.verifies]
        for number, entry in enumerate(blockers if len(addressees) > 1 else (), 1):
            addressee, colon, rest = entry.partition(":")
            section = report.sections[rule["blocking_section"]]
            if not colon or addressee.strip() not in addressees:
                diagnostics.error(section.location, f"blocker {number} of the {role.member} addresses none of {', '.join(addressees)}: "
                                                    f"{entry.splitlines()[0][:80]!r}",
                                  "start the blocker with the one member whose text must change, as '- <member>: '")
            elif not rest.strip():
                diagnostics.error(section.location, f"blocker {number} of the {role.member}, addressed to {addressee.strip()}, "
                                                    "states no finding", "follow the addressee with the finding, its records and its evidence")


@dataclass(frozen=True)
class Limit:
    """A verification's limit that cites records, and the row of the holder's section that
    carries it (``None``: no row cites all its records)."""

    member: str  # the verification
    anchor: str  # the limit's place in it
    targets: frozenset[str]
    location: Location  # its first citation
    row: str | None  # the carrying row's anchor in the holder
    row_number: int | None  # its number in its table, when it is a table's row


def carried_limits(system: System, layout: SetType) -> tuple[Report | None, list[Limit]]:
    """The holder of the ``limits_carried`` rule (the synthesis) and every limit the set's
    verifications declare with records, each with the row carrying it: of the rows citing
    all its records, the one citing the fewest others (the first of those), so that a limit
    is told beside the row written for it. The check and the front page read it here."""
    rule = layout.rule("limits_carried")
    holder = system.reports.get(rule["role"]) if rule else None
    if rule is None or holder is None:
        return holder, []
    rows: dict[str, set[str]] = {}
    for citation in holder.citations:
        if citation.place.section == rule["section"]:
            rows.setdefault(citation.place.anchor, set()).add(citation.target)
    section = holder.sections.get(rule["section"])
    numbers = {row.anchor: row.number for block in (section.blocks if section else ()) if isinstance(block, Table) for row in block.rows}
    limits: list[Limit] = []
    for role in layout.roles.values():
        report = system.reports.get(role.member)
        if report is None or not role.verifies:
            continue
        cited: dict[str, list[tuple[str, Location]]] = {}
        for citation in report.citations:
            if citation.place.section == rule["limit_section"]:
                cited.setdefault(citation.place.anchor, []).append((citation.target, citation.location))
        for anchor, found in cited.items():
            targets = frozenset(target for target, _ in found)
            carriers = [(len(records), order, row) for order, (row, records) in enumerate(rows.items()) if targets <= records]
            row = min(carriers)[2] if carriers else None
            limits.append(Limit(report.member, anchor, targets, found[0][1], row, numbers.get(row) if row else None))
    return holder, limits


def _limits_carried(system: System, layout: SetType, diagnostics: Diagnostics) -> None:
    """Every limit a verification declares with records is a row of the synthesis's
    Limitations that cites them all."""
    holder, limits = carried_limits(system, layout)
    for limit in limits:
        if holder is not None and limit.row is None:
            targets = ", ".join(sorted(limit.targets))
            diagnostics.error(limit.location, f"limit not carried: the {limit.member}'s limit on {targets} is not "
                                              f"a row of the {holder.member}'s limitations ({holder.path})",
                              f"add a row to the {holder.member}'s limitations that cites {targets}, "
                              "with the conclusion it prevents")


def _members_linked(system: System, layout: SetType, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    """The member list links every member present (but itself)."""
    holder = system.reports.get(rule["role"])
    if holder is None:
        return
    section = holder.sections.get(rule["section"])
    text = "\n".join(block.text for block in section.blocks if isinstance(block, Text)) if section else ""
    text += "\n".join(item.text for block in (section.blocks if section else []) if isinstance(block, ItemList) for item in block.items)
    for member in system.reports:
        path = layout.file_of(member)
        if member != holder.member and f"]({path})" not in text and f"](./{path})" not in text:
            diagnostics.error(section.location if section else holder.location, f"the {holder.member} does not link the member {path}",
                              f"add '- [{member}](./{path})' to its {section.spec.heading if section else rule['section']}")


def _supersessions_only(system: System, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    """The reconciliation states identity between declared records, not changed values."""
    reconciliation = system.reports.get(rule["role"])
    for entry in reconciliation.reconciliations if reconciliation else []:
        if entry.kind == "amendment" and not (entry.superseded and entry.superseded_by):
            diagnostics.error(entry.location, f"the {reconciliation.member}'s amendment is not a supersession: {entry.text[:80]!r}"
                              if reconciliation else "", "write 'Amendment: A is superseded by B'; a changed value belongs in the "
                                                         "declaring member's report")


def _stated_at(report: Report, key: str) -> Location:
    return report.stated[key].location if key in report.stated else report.location


def _frozen_source(system: System, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    """The frozen source is a mapping once the run completed; its revision is the reviewed
    boundary; git has no digest and a capture its SHA-256; the register has its row, whose
    kind, identity and revision cells hold its values unchanged (the identity in a code span)."""
    holder = system.reports.get(rule["role"])
    if holder is None:
        return
    field = rule["field"]
    written = BY_KEY[field].markdown if field in BY_KEY else field
    styled = holder.front_mappings.get(field)
    where = Location(holder.location.file, styled.line or holder.location.line, 1) if styled else _stated_at(holder, field)
    if styled is None:
        if system.result_disposition == "complete":
            diagnostics.error(where, f"the {holder.member} of a complete run has no frozen {written}",
                              f"write '{written}:' with kind, identity, revision, path and sha256 under it")
        return
    source = {key: value for key, value in data(styled).items() if isinstance(value, str)}
    kind, revision, digest = source.get("kind"), source.get("revision"), source.get("sha256")
    if revision and holder.reviewed_boundary and revision != holder.reviewed_boundary:
        diagnostics.error(where, f"the {holder.member}'s {written} revision {revision!r} is not its reviewed-boundary "
                                 f"{holder.reviewed_boundary!r}", "the reviewed boundary is the frozen source's revision: make them one")
    if kind == "git" and digest not in (None, NULL):
        diagnostics.error(where, f"the {holder.member}'s {written} is git but has a sha256 ({digest})",
                          "write 'sha256: null': a git source is identified by its commit")
    elif kind == "capture" and (digest is None or not re.fullmatch(r"[0-9a-f]{64}", digest)):
        diagnostics.error(where, f"the {holder.member}'s {written} is a capture without its SHA-256",
                          "write the capture's 64-hex-digit digest as 'sha256:'")
    if kind is None or revision is None or source.get("identity") is None:
        return  # a field that is no text: its own error says so, at its line
    section = holder.sections.get(rule["section"])
    rows = [row.cells for block in (section.blocks if section else []) if isinstance(block, Table) for row in block.rows]
    wanted = [kind, f"`{source.get('identity')}`", revision]
    if not any([cell.strip() for cell in cells[1:4]] == wanted for cells in rows):
        spec = holder.type.section(rule["section"])
        diagnostics.error(section.location if section else where,
                          f"no row of the {holder.member}'s {spec.heading if spec else rule['section']} holds its frozen {written} "
                          f"({kind}, {source.get('identity')}, {revision})",
                          f"give the source's row the kind {kind}, the identity `{source.get('identity')}` and the revision {revision}, unchanged")


def _description_length(system: System, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    holder = system.reports.get(rule["role"])
    if holder is None or holder.description is None:
        return
    low, high, length = int(rule["min"]), int(rule["max"]), len(holder.description)
    if not low <= length <= high:
        diagnostics.error(_stated_at(holder, "description"), f"the {holder.member}'s description has {length} characters, "
                                                             f"not {low} to {high}",
                          f"write one sentence of {low} to {high} characters on the system's mechanism and limits")


def _section_unless(system: System, rule: dict[str, str], diagnostics: Diagnostics) -> None:
    """A section that stands exactly when a front-matter value is not the one named."""
    holder = system.reports.get(rule["role"])
    if holder is None:
        return
    value, key = holder.value(rule["field"]), rule["section"]
    spec = holder.type.section(key)
    heading = spec.heading if spec else key
    written = BY_KEY[rule["field"]].markdown if rule["field"] in BY_KEY else rule["field"]
    if value == rule["value"] and key in holder.sections:
        diagnostics.error(holder.sections[key].location, f"the {holder.member} has '{heading}', but its {written} is {value}",
                          f"remove '{heading}': only a run that is not {value} says what it did not reach")
    elif value is not None and value != rule["value"] and key not in holder.sections:
        diagnostics.error(_stated_at(holder, rule["field"]), f"the {holder.member}'s {written} is {value}, but it has no '{heading}'",
                          f"add '{heading}': what was not reached, why, and which conclusion that prevents")


def validate_sets(collection: Collection, graph: CitationGraph) -> Diagnostics:
    diagnostics = Diagnostics()
    for system in collection.systems.values():
        layout = system.layout
        if layout is None or system.entry is None:
            continue
        if (rule := layout.rule("amendment_index")) and (holder := system.reports.get(rule["role"])) and (
                reconciliation := system.reports.get(rule["from"])):
            _amendment_index(system, holder, reconciliation, rule, graph.grammar, diagnostics)
        if (rule := layout.rule("conflicts_carried")) and (holder := system.reports.get(rule["role"])) and (
                reconciliation := system.reports.get(rule["from"])):
            _conflicts_carried(holder, reconciliation, rule["section"], diagnostics)
        if (rule := layout.rule("canonical_citations")) and (profile := system.reports.get(rule["role"])):
            _canonical_profile(system, profile, rule["from"], graph, diagnostics)
        if layout.rule("identity") is not None:
            _identity(system, layout, diagnostics)
        if (rule := layout.rule("citation_scope")) is not None:
            _citation_scope(system, layout, rule["register"], graph, diagnostics)
        if (rule := layout.rule("verdicts")) is not None:
            _verdicts(system, layout, rule, diagnostics)
        if layout.rule("limits_carried") is not None:
            _limits_carried(system, layout, diagnostics)
        if (rule := layout.rule("members_linked")) is not None:
            _members_linked(system, layout, rule, diagnostics)
        if (rule := layout.rule("supersessions_only")) is not None:
            _supersessions_only(system, rule, diagnostics)
        if (rule := layout.rule("frozen_source")) is not None:
            _frozen_source(system, rule, diagnostics)
        if (rule := layout.rule("description_length")) is not None:
            _description_length(system, rule, diagnostics)
        if (rule := layout.rule("section_unless")) is not None:
            _section_unless(system, rule, diagnostics)
        _closed(system, graph, diagnostics)
    return diagnostics
