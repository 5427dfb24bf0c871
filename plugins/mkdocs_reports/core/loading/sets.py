"""The set: what the members of one system's analysis set share, applied to each member.

A system folder may hold ``_set.yaml``: the system's name, the run ID, the reviewed
boundary and the source register (``SRC-1`` with its identity and revision, more sources if
any). Every member inherits these; a member that states one of them differently is an error,
and so are members that disagree among themselves when the set file does not say; a source
is registered once, a git source at a full commit. What the members must then have (their
required front matter, registered sources, the set's members) is ``rules.set_members``'.
"""

from __future__ import annotations

from ..diagnostics import Diagnostics, Location
from ..model import NAMED_VALUES, AnalysisSet, Collection, Stated, System, system_folder
from ..schemas.language import UNRECORDED

_FULL_COMMIT = ("a full commit (40 or 64 hex digits)", lambda v: len(v) in (40, 64) and all(c in "0123456789abcdef" for c in v))


def set_path(system: System) -> str:
    """Where a system's set file is, or would be."""
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
            where = f"{set_path(system)}" if agreed is shared else "another member"
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


def _inherit_identity(system: System) -> None:
    """A member that states no source identity has SRC-1's (that a stated one is registered
    is a rule: ``rules.set_members``)."""
    default = system.source_by_id(None)
    for report in system.reports.values():
        if report.stated.get("source_identity") is None and default is not None and default.identity:
            report.source_identity = default.identity


def apply_sets(collection: Collection) -> Diagnostics:
    """Fill in what members inherit from their set, and check the register and that the
    members agree on what they share; the set rules over the members follow the loading
    (``rules.set_members``)."""
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
        _inherit_identity(system)
    return diagnostics
