"""The set rules on each system's members, once they have inherited what their set shares
(``loading.sets``): a stated source identity is a registered source's, each member has the
front matter its type requires, every source it names is in the register, the members are
those the manifest pins and the result disposition requires (closed membership), and the
member the layout names has its status.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import NAMES_LIMIT, Diagnostics, Location, listed
from ..loading.sets import set_path
from ..method.front_matter import FRONT_MATTER_KEYS
from ..method.types import SetType
from ..model import Collection, Report, System
from ..schemas.language import UNRECORDED


def validate_set_members(collection: Collection) -> Diagnostics:
    """The set rules over each system's members, after they have inherited from their set."""
    diagnostics = Diagnostics()
    for system in collection.systems.values():
        _identity(system, diagnostics)
        for report in system.reports.values():
            _required(report, diagnostics)
            name = report.system_name
            if "/" in name or "\\" in name or name.startswith("."):
                diagnostics.error(report.location, f"the system name {name!r} contains a path", "write the display name only (e.g. Ultimate)")
        _sources_named(system, diagnostics)
        if system.layout is not None:
            _membership(system, system.layout, diagnostics)
    return diagnostics


def _sources_named(system: System, diagnostics: Diagnostics) -> None:
    registered = {source.id for source in system.sources}
    fix = (f"register it in {set_path(system)} (sources: - id: …), or correct the ID" if system.set
           else f"add {set_path(system)} with the source register (sources: - id: SRC-1 …)")
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
    """A member's source identity is that of a registered source."""
    identities = {s.identity for s in system.sources if s.identity}
    for report in system.reports.values():
        own = report.stated.get("source_identity")
        if own is not None and identities and own.value not in identities:
            diagnostics.error(own.location, f"the source identity {own.value!r} is not that of a registered source",
                              f"write the identity as registered ({listed(identities)}), or leave it out to inherit SRC-1's")


def _required(report: Report, diagnostics: Diagnostics) -> None:
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
                                  f"remove it, or import the set again from its published folder (the manifest: {set_path(system)})")
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
