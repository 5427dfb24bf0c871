"""The set: what the members of one system's analysis set share, and the method's set rules.

A system folder may hold ``_set.yaml``: the system's name, the run ID, the reviewed
boundary and the source register (``SRC-1`` with its identity and revision, more sources if
any). Every member inherits these; a member that states one of them differently is an error,
and so are members that disagree among themselves when the set file does not say. Then
each member's required front matter (its type's ``metadata``) must be there, and every
source it names must be in the register.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import NAMES_LIMIT, Diagnostics, Location, listed
from ..method.front_matter import FRONT_MATTER_KEYS
from ..method.types import SetType
from ..model import NAMED_VALUES, AnalysisSet, Collection, Report, Stated, System, system_folder
from ..schemas.language import UNRECORDED

_FULL_COMMIT = ("a full commit (40 or 64 hex digits)", lambda v: len(v) in (40, 64) and all(c in "0123456789abcdef" for c in v))


def _set_path(system: System) -> str:
    return system.set.path if system.set else f"{system_folder(system)}_set.yaml"


def _inherit(
    system: System, key: str, shared: Stated | None, what: str, diagnostics: Diagnostics, attribute: str | None = None
) -> None:
    """Give every member the set's value of ``key`` (or the first member's, without one);
    a member that states another value contradicts the set. ``attribute`` is the report's
    attribute when it is not named like the key."""
    agreed = shared
    for report in system.reports.values():
        own = report.stated.get(key)
        if own is None:
            continue
        if agreed is None:
            agreed = own
        elif own.value != agreed.value:
            where = f"{_set_path(system)}" if agreed is shared else "another member"
            diagnostics.error(
                own.location,
                f"the {what} {own.value!r} contradicts {agreed.value!r} of {where} ({agreed.location})",
                f"the members of a set share one {what}: correct one of them, or leave it out here to inherit it",
            )
    for report in system.reports.values():
        if report.stated.get(key) is None and agreed is not None:
            if attribute or key in NAMED_VALUES:
                setattr(report, attribute or key, agreed.value)
            elif key in report.type.metadata:
                report.front_matter[key] = agreed.value


def _register(analysis_set: AnalysisSet, diagnostics: Diagnostics) -> None:
    seen: dict[str, Location] = {}
    for source in analysis_set.sources:
        # (the loader registers a source only with its ID and where it was written)
        assert source.id is not None and source.location is not None
        if source.id in seen:
            diagnostics.error(source.location, f"{source.id} is registered twice (first at {seen[source.id]})",
                              "give each source its own ID: SRC-1, SRC-2, …")
        seen.setdefault(source.id, source.location)
        what, ok = _FULL_COMMIT
        if source.kind == "git" and source.revision and not source.revision.startswith(UNRECORDED) and not ok(source.revision):
            diagnostics.error(source.location, f"the revision {source.revision!r} of {source.id} is not {what}",
                              f"write the reviewed commit in full, or '{UNRECORDED} — <why>'")


def _sources_named(system: System, diagnostics: Diagnostics) -> None:
    registered = {source.id for source in system.sources}
    fix = (f"register it in {_set_path(system)} (sources: - id: …), or correct the ID" if system.set
           else f"add {_set_path(system)} with the source register (sources: - id: SRC-1 …)")
    for report in system.reports.values():
        for reference in report.source_references:
            if reference.source not in registered:
                diagnostics.error(reference.location, f"{reference.source} is not in the source register of {system.slug}", fix)
        for quote in report.quotes():
            if quote.source is not None and quote.source not in registered:
                diagnostics.error(quote.location, f"the quote's source {quote.source} is not in the source register of {system.slug}", fix)
            elif quote.source is None and registered and system.source_by_id(None) is None:
                diagnostics.error(quote.location, f"the register of {system.slug} has several sources and no SRC-1",
                                  "name the quote's source: 'source: SRC-2'")


def _identity(system: System, diagnostics: Diagnostics) -> None:
    """A member's source identity is that of a registered source; without one, SRC-1's."""
    identities = {s.identity for s in system.sources if s.identity}
    default = system.source_by_id(None)
    for report in system.reports.values():
        own = report.stated.get("source_identity")
        if own is not None and identities and own.value not in identities:
            diagnostics.error(own.location, f"the source identity {own.value!r} is not that of a registered source",
                              f"write the identity as registered ({listed(identities)}), or leave it out to inherit SRC-1's")
        if own is None and default is not None and default.identity:
            report.source_identity = default.identity


def _required(report: Report, analysis_set: AnalysisSet | None, diagnostics: Diagnostics) -> None:
    where = f"here or in {report.path.rsplit('/', 1)[0]}/_set.yaml" if "/" in report.path else "here or in _set.yaml"
    for entry in FRONT_MATTER_KEYS:
        key = entry.key
        if key == "system" or not report.type.requires(key) or report.value(key) or key in report.present:
            continue
        place = where if entry.shared or key == "source_identity" else "here"
        unrecorded = "" if entry.mapping or key == "result_disposition" else f", or '{key}: {UNRECORDED} — <why>'"
        diagnostics.error(
            report.location,
            f"{report.type.a_noun} needs {entry.what}, which neither this file nor its set states",
            f"add '{key}: {entry.example}' {place}{unrecorded}",
        )
    if not report.system_name and "system" not in report.present:
        diagnostics.error(report.location, "the report names no system",
                          f"add 'system: <display name>' {where}")


def apply_sets(collection: Collection) -> Diagnostics:
    """Fill in what members inherit from their set and check the set rules."""
    diagnostics = Diagnostics()
    for system in collection.systems.values():
        shared = system.set
        if shared is not None:
            _register(shared, diagnostics)
        _inherit(system, "system", shared.system_name if shared else None, "system name", diagnostics, "system_name")
        system.name = next((r.system_name for r in system.reports.values() if r.system_name), None) or (
            shared.system_name.value if shared and shared.system_name else system.slug
        )
        _inherit(system, "run_id", shared.run_id if shared else None, "run ID", diagnostics)
        boundary = shared.reviewed_boundary if shared else None
        if boundary is None and system.source.revision and system.source.location is not None:
            boundary = Stated(system.source.revision, system.source.location)
        _inherit(system, "reviewed_boundary", boundary, "reviewed boundary", diagnostics)
        _inherit(system, "result_disposition", shared.result_disposition if shared else None, "result disposition", diagnostics)
        _inherit(system, "inputs_commit", shared.inputs_commit if shared else None, "inputs commit", diagnostics)
        _identity(system, diagnostics)
        for report in system.reports.values():
            _required(report, shared, diagnostics)
            name = report.system_name
            if "/" in name or "\\" in name or name.startswith("."):
                diagnostics.error(report.location, f"the system name {name!r} contains a path", "write the display name only (e.g. Ultimate)")
        _sources_named(system, diagnostics)
        if system.layout is not None:
            _membership(system, system.layout, diagnostics)
    return diagnostics


def membership_problems(where: Location, disposition: str, expected: Iterable[str], missing: list[str], extra: list[str],
                        holder: tuple[str, str], layout: SetType, diagnostics: Diagnostics) -> None:
    """The members a set of ``disposition`` lacks or has beyond its own (``holder``: how to
    say that it lacks and has them: "the manifest does not list", "the manifest also lists")."""
    decides = f"the {layout.discriminator[0]}'s result disposition" if layout.discriminator else "the result disposition"
    has = listed(expected, NAMES_LIMIT, in_order=True)
    if missing:
        diagnostics.error(where, f"a {disposition} set has {has}; {holder[0]} {listed(missing, NAMES_LIMIT, in_order=True)}",
                          f"add the missing members, or correct {decides}")
    if extra:
        diagnostics.error(where, f"the result disposition is {disposition}, but {holder[1]} {listed(extra, NAMES_LIMIT, in_order=True)}: "
                          f"a {disposition} set has only {has}",
                          f"correct {decides}, or remove the members it does not have")


def _membership(system: System, layout: SetType, diagnostics: Diagnostics) -> None:
    """A published set's members are those its manifest pins, and a set with the member whose
    field decides has the members of its result disposition (closed membership); a member the
    layout's ``member_status`` rule names has that status."""
    manifest = system.manifest
    if manifest is not None:
        pinned = {pinned.member: pinned for pinned in manifest.members}
        for member, report in system.reports.items():
            if member not in pinned:
                diagnostics.error(report.location, f"{system.slug}/{member}.yaml is not a member the set's manifest pins",
                                  f"remove it, or import the set again from its published folder (the manifest: {_set_path(system)})")
        for member, entry in pinned.items():
            if member not in system.reports:
                diagnostics.error(entry.location, f"the manifest pins {entry.file}, but {system.slug} has no {member}.yaml",
                                  "import the set again from its published folder")
    discriminator = layout.discriminator
    holder = system.reports.get(discriminator[0]) if discriminator else None
    disposition = system.result_disposition
    compared = layout.membership(disposition, system.reports)
    if holder is not None and discriminator is not None and compared is not None:
        key = discriminator[1]
        where = holder.stated[key].location if key in holder.stated else (
            system.set.result_disposition.location if system.set and system.set.result_disposition else holder.location)
        membership_problems(where, disposition or "", *compared, (f"{system.slug} lacks", f"{system.slug} also has"), layout, diagnostics)
    rule = layout.rule("member_status")
    named = system.reports.get(rule["role"]) if rule else None
    if rule is not None and named is not None:
        key, wanted = rule["field"], rule["value"]
        value = named.value(key)
        if value not in (None, wanted):
            diagnostics.error(named.stated[key].location if key in named.stated else named.location,
                              f"the {named.member} member of a set has {key} {value!r}",
                              f"a set's {named.member} member is {wanted} (a blocked report never becomes a set member)")

