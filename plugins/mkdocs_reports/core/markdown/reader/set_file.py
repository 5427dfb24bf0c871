"""What an imported set's members share, and what each member states itself.

The method writes the run ID, the reviewed boundary and (in the memory member) the source
identity into every member's front matter; the format keeps them once, in ``_set.yaml``.
Without a set file the import writes one from the members (they must agree); an existing
one is respected, never rewritten: a member's value it states is inherited, another value
is an error, a value it does not state stays in the member.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...diagnostics import Diagnostics, Location, echoed
from ...method.front_matter import NULL
from ...method.types import TypeRegistry
from ...model import AnalysisSet
from ...schemas.language import UNRECORDED
from ...yamlio.writer import Sourced, SourcedDict
from .constructs import Judgement
from .manifest import ReadManifest
from .member import ParsedMember

SHARED = {"run_id": "run-id", "reviewed_boundary": "reviewed-boundary", "source_identity": "source-identity"}
#: what a published set's overview states for the whole set (its provenance)
PROVENANCE = {"result_disposition": "result-disposition", "inputs_commit": "inputs-commit"}
_COMMIT = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
NO_IDENTITY = f"{UNRECORDED} — none of the imported members states its source-identity"


@dataclass
class SetPlan:
    """The set file to write (``None``: an existing one is kept) and, per member (by path),
    the shared keys it states itself."""

    data: dict[str, Any] | None
    stated: dict[str, dict[str, Sourced]] = field(default_factory=dict)
    judgements: list[Judgement] = field(default_factory=list)
    #: the system name each member states (a kept set file that names no system)
    system: Sourced | None = None
    #: shared keys a member states itself when its value is not the set's (``null``)
    stated_too: dict[str, Sourced] = field(default_factory=dict)


def _agreed(members: list[ParsedMember], key: str, diagnostics: Diagnostics) -> Sourced | None:
    first: tuple[ParsedMember, Sourced] | None = None
    for member in members:
        value = member.front.get(key)
        if value is None:
            continue
        if first is None:
            first = (member, value)
        elif value != first[1]:
            diagnostics.error(
                member.file.at(value.line - 1, value.column),
                f"{SHARED[key]} {echoed(value)} contradicts {echoed(first[1])} of {first[0].file.path}:{first[1].line}",
                f"the members of a set share one {SHARED[key]}: correct one of them",
            )
    return first[1].of(first[0].file.path) if first else None


def system_name(members: list[ParsedMember]) -> Sourced | None:
    """The system's display name, from the first title that reads '<System> <member noun>'."""
    for member in members:
        name = member.system_name
        if name:
            return Sourced(name, member.title.line, member.title.column, file=member.file.path)
    return None


def new_set(members: list[ParsedMember], diagnostics: Diagnostics, manifest: ReadManifest | None,
            registry: TypeRegistry) -> SetPlan:
    """A set file from the members' front matter: system, run ID, SRC-1's identity and
    revision; for a published set (``manifest``) also its provenance (result disposition,
    inputs commit, the manifest) and the overview's source register."""
    data = SourcedDict()
    plan = SetPlan(data)
    entry = registry.layout_for(m.name for m in members).entry_member
    overview = next((m for m in members if m.name == entry and "result_disposition" in m.front), None) or next(
        (m for m in members if "result_disposition" in m.front), None)
    name = overview.front["system"].of(overview.file.path) if overview and "system" in overview.front else system_name(members)
    if name is None:
        title = members[0].title
        diagnostics.error(members[0].file.at(title.line - 1, 1), "the system's name cannot be told from the titles",
                          f"write a title as the method does, '# <System> {members[0].type.noun}', or write "
                          "the set file first (system: <name>) and import again")
    else:
        data["system"] = name
    run_id = _agreed(members, "run_id", diagnostics)
    if run_id is not None:
        data["run_id"] = run_id
    if manifest is not None and overview is not None:
        for key in PROVENANCE:
            if key in overview.front:
                data[key] = overview.front[key].of(overview.file.path)
    boundary = _agreed(members, "reviewed_boundary", diagnostics)
    if boundary == NULL:  # not established: the overview says so itself, the register has no revision
        plan.stated_too["reviewed_boundary"] = boundary
        boundary = None
    identity = _agreed(members, "source_identity", diagnostics)
    rows = register_rows(members, registry)
    if identity is None and rows and "identity" in rows[0]:
        identity = rows[0]["identity"]
    source = SourcedDict({"id": "SRC-1"}, origin=(boundary.line, boundary.column) if boundary else None,
                         file=boundary.file if boundary else None)
    if boundary is not None and _COMMIT.fullmatch(boundary):
        source["kind"] = "git"
    elif boundary is not None and not boundary.startswith(UNRECORDED):
        source["kind"] = "capture"
    if identity is not None:
        source["identity"] = identity
    else:
        source["identity"] = NO_IDENTITY
        plan.judgements.append(Judgement(members[0].file.at(0), f"no member states source-identity: the set's "
                                                                  f"SRC-1 identity reads {NO_IDENTITY!r}"))
    if "kind" not in source and rows and "kind" in rows[0]:
        source["kind"] = rows[0]["kind"]
    if boundary is not None:
        source["revision"] = boundary
    elif rows and "revision" in rows[0]:
        source["revision"] = rows[0]["revision"]
    data["sources"] = [source] + [row for row in rows[1:]]
    if manifest is not None:
        data["manifest"] = manifest.spelling
        plan.judgements.append(Judgement(Location(manifest.path, 1, 1), "every member has the bytes the manifest pins; the manifest, "
                                         "the result disposition and the inputs commit are kept in _set.yaml"))
    if boundary is not None and "kind" in source:
        assert boundary.file is not None  # _agreed names the member it is of
        plan.judgements.append(Judgement(
            Location(boundary.file, boundary.line, 1), f"the set's SRC-1 is a {source['kind']} source "
            f"({'the reviewed boundary is a full commit' if source['kind'] == 'git' else 'the reviewed boundary is not a commit'})"))
    if name is not None:
        origin = "the overview's system" if overview is not None and name == overview.front.get("system") else "the title"
        assert name.file is not None  # both ways to the name say the member it is of
        plan.judgements.append(Judgement(Location(name.file, name.line, 1), f"the system's name {str(name)!r} is taken from {origin}"))
    shared = [SHARED[key] for key in SHARED if any(key in m.front for m in members)]
    if shared:
        plan.judgements.append(Judgement(Location(members[0].file.path, 1, 1), f"{', '.join(shared)} are the set's: written once "
                                         "in _set.yaml (run_id, SRC-1's identity and revision), which every member inherits"))
    return plan


def kept_set(members: list[ParsedMember], existing: AnalysisSet, set_path: str, diagnostics: Diagnostics) -> SetPlan:
    """The members against a set file that already exists: what they state besides it."""
    plan = SetPlan(None)
    if existing.system_name is None:
        plan.system = system_name(members)
        if plan.system is None:
            diagnostics.error(members[0].file.at(members[0].title.line - 1), f"{set_path} names no system, and the "
                              "system's name cannot be told from the titles",
                              f"add 'system: <name>' to {set_path}, or write a title as '# <System> {members[0].type.noun}'")
    primary = next((s for s in existing.sources if s.id == "SRC-1"), existing.sources[0] if len(existing.sources) == 1 else None)
    shared = {
        "run_id": existing.run_id.value if existing.run_id else None,
        "reviewed_boundary": existing.reviewed_boundary.value if existing.reviewed_boundary else (primary.revision if primary else None),
        "source_identity": primary.identity if primary else None,
    }
    identities = {s.identity for s in existing.sources if s.identity}
    for member in members:
        own: dict[str, Sourced] = {}
        for key, written in SHARED.items():
            value, kept = member.front.get(key), shared[key]
            if value is None or value == kept:
                continue
            if kept is None or (key == "source_identity" and value in identities):
                own[key] = value
                continue
            diagnostics.error(
                member.file.at(value.line - 1, value.column),
                f"{written} {echoed(value)} contradicts {echoed(kept)} of {set_path}, which the import keeps",
                f"correct the front matter; if this is a new run of the system, edit or remove {set_path} first",
            )
        plan.stated[member.file.path] = own
    agreeing = [SHARED[key] for key in SHARED if shared[key] is not None and any(m.front.get(key) == shared[key] for m in members)]
    if agreeing:
        plan.judgements.append(Judgement(Location(members[0].file.path, 1, 1), f"{', '.join(agreeing)} agree with "
                                         f"{set_path}, which the import keeps as it is: the members inherit them"))
    return plan


def planned(members: list[ParsedMember], existing: AnalysisSet | None, set_path: str, diagnostics: Diagnostics,
            manifest: ReadManifest | None, registry: TypeRegistry) -> SetPlan:
    if existing is not None:
        plan = kept_set(members, existing, set_path, diagnostics)
    else:
        plan = new_set(members, diagnostics, manifest, registry)
        plan.stated = {member.file.path: {key: member.front[key] for key in plan.stated_too if member.front.get(key) == NULL}
                       for member in members}
    if manifest is None:  # without a manifest, a member states the provenance it has itself
        for member in members:
            plan.stated[member.file.path].update({key: member.front[key] for key in PROVENANCE if key in member.front})
    return plan


_SOURCE_ID = re.compile(r"SRC-[1-9][0-9]*")
_CODE = re.compile(r"`([^`]+)`")


def register_rows(members: list[ParsedMember], registry: TypeRegistry) -> list[SourcedDict]:
    """The sources of the set's Source register (where its set type's front page finds it:
    the boundary, or the overview of the previous generation): each row's ID, kind, and
    identity and revision as their code spans write them (the boundary contract: "Each
    stable source identity is in a code span")."""
    layout = registry.layout_for(m.name for m in members)
    part = layout.part("register")
    holder = next((m for m in members if part and part.role and m.name == layout.member(part.role)), None)
    if holder is None or part is None or part.section is None:
        return []
    overview = holder
    section = overview.sections.get(part.section)
    tables = [block["table"] for block in section if isinstance(block, dict) and "table" in block] if isinstance(section, list) else []
    rows: list[SourcedDict] = []
    for row in tables[0]["rows"] if tables else []:
        if len(row) < 4 or not _SOURCE_ID.fullmatch(row[0]):
            continue
        entry = SourcedDict({"id": row[0]}, origin=(row[0].line, row[0].column), file=overview.file.path)
        if row[1] in ("git", "capture"):
            entry["kind"] = row[1]
        for key, cell in (("identity", row[2]), ("revision", row[3])):
            code = _CODE.search(cell)
            if code:
                entry[key] = Sourced(code.group(1), cell.line, cell.column + code.start(1), file=overview.file.path)
        rows.append(entry)
    return rows
