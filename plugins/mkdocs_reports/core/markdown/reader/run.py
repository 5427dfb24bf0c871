"""``mkdocs-reports import``: members of the method's Markdown into a collection's YAML.

Each PATH is a member file or a set folder (its ``*.md`` files). The members of one folder
are one system's set. The import reads them all, writes their YAML and the set's
``_set.yaml`` (in memory), checks them with the rest of their system folders as
``mkdocs-reports check`` would, and only then writes into the collection: on any error
nothing is written, and every message points at the Markdown line it is about.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ...diagnostics import Diagnostic, Diagnostics, Location, echoed
from ...loading.bulk import no_cycle_collection
from ...loading.loader import SET_FILE, display_path, load_set_file
from ...method.front_matter import BY_KEY, FRONT_MATTER_KEYS
from ...method.site_names import SLUG, SiteNames
from ...method.types import Shape, TypeRegistry
from ...model import NAMED_VALUES, Report, quotes_of, tables_of
from ...rules.collection_check import check_collection
from ...schemas.language import SCHEMA_BASE, SCHEMA_FILES, SCHEMA_URL
from ...schemas.type_files import TYPES_DIR, builtin_registry, collection_registry
from ...yamlio.files import links_inside, read_regular_file
from ...yamlio.styled import placed
from ...yamlio.writer import Sourced, Written, dump
from ...yamlio.writing import WriteError, current_bytes, target_problem, write_all
from ..spelling import DEFAULT_HEADING_FORM, FRONT_MATTER, default_quoting, front_matter_order
from .constructs import Judgement
from .manifest import ReadManifest, read_manifest, validate_digests, validate_membership
from .markdown_file import read_front_matter, read_markdown
from .member import ParsedMember, _stem, read_member, resolve_type
from .set_file import SetPlan, planned

_RUN_ID_SLUG = re.compile(r"AAS-[0-9]{4}-[0-9]{2}-[0-9]{2}-([a-z0-9]+(?:-[a-z0-9]+)*)-[0-9]{2}")
SET_SCHEMA_URL = SCHEMA_BASE + SCHEMA_FILES["set"]
#: report keys before the sections, in the order a report file writes them
_HEAD = ("type", "system", "title", "description", "run_id", "reviewed_boundary", "source_identity", "report_status",
         *(entry.key for entry in FRONT_MATTER_KEYS if entry.key not in NAMED_VALUES and entry.key != "system"))


@dataclass
class Counts:
    records: int = 0
    annotations: int = 0
    quotes: int = 0
    rows: int = 0
    citations: int = 0

    def add(self, other: Counts) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def __str__(self) -> str:
        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"
        return ", ".join((n(self.records, "record"), n(self.annotations, "annotation"), n(self.quotes, "quote"),
                          n(self.rows, "table row"), n(self.citations, "citation")))


@dataclass
class Output:
    """A file the import writes (or keeps): where, its YAML, and from what."""

    path: Path
    display: str
    written: Written | None  # None: an existing set file, kept
    markdown_path: str | None  # the Markdown file a member comes from
    counts: Counts | None = None
    status: str = "kept"


@dataclass
class ImportResult:
    """What an import did: its errors (then nothing is written), its notes, the files."""

    #: its errors: at most ``KEEP_PER_FILE`` per share of the work kept, the rest counted (``omitted``)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    judgements: list[Judgement] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def counts(self) -> Counts:
        total = Counts()
        for output in self.outputs:
            if output.counts:
                total.add(output.counts)
        return total


@dataclass
class _Set:
    """The inputs of one system: the folder they came from and its member files, and the
    manifest of a published set."""

    folder: Path
    files: list[Path]
    whole_folder: bool
    members: list[ParsedMember] = field(default_factory=list)
    slug: str | None = None
    manifest: ReadManifest | None = None


def _method_manifests() -> frozenset[str]:
    """The manifests of the sets the method publishes (its set types'). Set folders are
    found before the collection's types are read (each share of the sets reads them in its
    own process), so only these mark a folder; a set of a collection's own type is found by
    its Markdown members, and its manifest read with its layout (``_read``)."""
    return frozenset(set_type.manifest for set_type in builtin_registry().set_types)


def _has_manifest(folder: Path) -> bool:
    return any(os.path.lexists(folder / name) for name in _method_manifests())


def _set_folders(path: Path, diagnostics: Diagnostics, base: Path | None) -> list[Path]:
    """The set folders of a folder that holds sets (the method's ``retained/``): those
    beneath it with a manifest or Markdown members, in name order. A linked folder is
    named and not imported: a set is read from inside the folder it was given in."""
    if any(p.suffix == ".md" for p in path.iterdir()) or _has_manifest(path):
        return [path]
    found = []
    for folder in sorted(p for p in path.iterdir() if p.is_dir()):
        if folder.is_symlink():
            diagnostics.error(Location(display_path(folder, base)), "this set folder is a symbolic link; it is not imported",
                              "move the set folder itself here, or pass the folder it links to")
        elif _has_manifest(folder) or any(q.suffix == ".md" for q in folder.iterdir()):
            found.append(folder)
    return found


def _groups(paths: list[Path], diagnostics: Diagnostics, base: Path | None) -> list[_Set]:
    groups: dict[Path, _Set] = {}
    expanded = [folder for path in paths
                for folder in ((_set_folders(path, diagnostics, base) or [path]) if path.is_dir() else [path])]
    for path in expanded:
        if path.is_dir():
            group = groups.setdefault(path.resolve(), _Set(path, [], True))
            group.whole_folder = True
            # every *.md, whatever it is: one that is no regular file is refused when read, not skipped
            group.files = sorted(p for p in path.iterdir() if p.suffix == ".md")
            if not group.files:
                diagnostics.error(Location(display_path(path, base)), "the folder holds no Markdown members (*.md)",
                                  "pass a set folder of the method (runtime.md, memory.md, …) or member files")
        elif path.is_file():
            if path.suffix != ".md":
                diagnostics.error(Location(display_path(path, base)), "a member of the method's Markdown ends in .md",
                                  "pass the member's .md file or its set folder")
                continue
            group = groups.setdefault(path.parent.resolve(), _Set(path.parent, [], False))
            if path not in group.files:
                group.files.append(path)
        else:
            diagnostics.error(Location(display_path(path, base)), "no such file or folder", "pass a member file or a set folder")
    return list(groups.values())


def _is_member(path: Path, data: bytes, registry: TypeRegistry) -> str | None:
    """Why a file of a set folder is not one of this collection's members, or ``None``."""
    if any(t.member == path.stem for t in registry.types.values()) or path.stem in registry.member_order:
        return None
    scratch = Diagnostics()
    file = read_markdown(str(path), data, scratch)
    found = read_front_matter(file, scratch) if file is not None else None
    written = found[0].get("type") if found else None
    if written is None:
        return "it has no front matter naming a member type"
    if resolve_type(written, registry) is None:
        return f"its type {echoed(written)} is not a member type this collection declares (declare it in {TYPES_DIR}/ to import it)"
    return None


def _read(group: _Set, registry: TypeRegistry, result: ImportResult, diagnostics: Diagnostics, base: Path | None) -> None:
    seen: dict[str, ParsedMember] = {}
    layout = registry.layout_for(path.stem for path in group.files)
    if group.whole_folder and os.path.lexists(manifest := group.folder / layout.manifest):
        shown = display_path(manifest, base)
        group.manifest = read_manifest(manifest, shown, layout, diagnostics) if _inside(manifest, group, shown, diagnostics) else None
        if group.manifest is None:
            return
    files: dict[str, bytes] = {}
    for path in group.files:
        display = display_path(path, base)
        data = read_regular_file(path, display, diagnostics, "a member") if _inside(path, group, display, diagnostics) else None
        if data is None:
            continue
        files[path.name] = data
        if group.manifest is None and group.whole_folder and (why := _is_member(path, data, registry)) is not None:
            result.skipped.append(f"{display}: skipped: {why}")
            continue
        member = read_member(display, path, data, registry, diagnostics, layout.role_of(path.stem), layout.citations == "links")
        if member is None:
            continue
        result.judgements.extend(member.judgements)
        if member.name in seen:
            diagnostics.error(Location(display), f"a second {member.type.noun} in one set (the first is {seen[member.name].file.path})",
                              "a set has one member of each type: import the two sets separately")
            continue
        seen[member.name] = member
        if path.stem != member.name:
            result.judgements.append(Judgement(Location(display), f"written as {member.name}.yaml, the file name of {member.type.a_noun}"))
        group.members.append(member)
    if group.manifest is not None:
        validate_digests(group.manifest, group.folder, files, lambda p: display_path(p, base), diagnostics)
        decides = layout.discriminator
        entry = seen.get(decides[0]) if decides else None
        disposition = entry.front.get(decides[1]) if entry and decides else None
        where = entry.file.at(disposition.line - 1, disposition.column) if entry is not None and disposition is not None else None
        validate_membership(group.manifest, disposition, where, layout, diagnostics)


def _inside(path: Path, group: _Set, display: str, diagnostics: Diagnostics) -> bool:
    """Whether a file of the set is no link out of its folder (one that is is named)."""
    return links_inside(path, group.folder, display, diagnostics, where="the set folder",
                        why="so that only the set's own files are imported")


def _slug(group: _Set, system: str | None, diagnostics: Diagnostics, result: ImportResult, base: Path | None,
          names: SiteNames) -> str | None:
    if system is not None:
        if (problem := names.system_problem(system)) is not None:
            diagnostics.error(Location("--system"), *problem)
            return None
        return system
    folder = group.folder.resolve().name
    if SLUG.fullmatch(folder) and not _RUN_ID_SLUG.fullmatch(folder[:4].upper() + folder[4:]):
        return folder
    run_ids = [m.front["run_id"] for m in group.members if "run_id" in m.front]
    match = _RUN_ID_SLUG.fullmatch(run_ids[0]) if run_ids else None
    if match:
        result.judgements.append(Judgement(Location(display_path(group.folder, base)),
                                           f"the system's folder is {match.group(1)!r}, from the run ID {run_ids[0]}"))
        return match.group(1)
    diagnostics.error(Location(display_path(group.folder, base)),
                      f"cannot tell the system's folder: {folder!r} is not a URL-safe name and no run ID names the system",
                      "pass --system SLUG (lowercase letters, digits and '-')")
    return None


def member_data(member: ParsedMember, stated: dict, system_name: str | None) -> dict:
    """The report file's mapping: the head keys, then the sections in the author's order,
    then how the Markdown spelled the member where the export's default would not."""
    written_type = member.front["type"]
    name = _stem(written_type) if _stem(written_type) in member.type.names and not member.typed_by_role else member.type.name
    data: dict = {"type": Sourced(name, written_type.line, written_type.column)}
    if system_name:
        data["system"] = system_name
    data["title"] = member.title
    for key in _HEAD:
        entry = BY_KEY.get(key)
        if entry is None or key == "system":
            continue
        if entry.mapping and key in member.front.mappings:
            value, line = member.front.mappings[key]
            data[key] = placed(value, line, member.file.path)
        elif entry.shared or key == "source_identity":
            if key in stated:
                data[key] = stated[key]
        elif key in member.front:
            data[key] = member.front[key]
    data.update(member.sections)
    spelling = member_spelling(member, name, written_type)
    if spelling:
        data["markdown"] = spelling
    return data


def member_spelling(member: ParsedMember, name: str, written_type: str) -> dict:
    """What the export needs to know to write the member as it was: the type's path when it
    is not the type's own, the front matter's order and quoting when they are not the
    templates', the annotation headings' forms when they are not links."""
    spelling: dict = {}
    if member.label_lines and member.type.prefix:
        spelling["declarations"] = "label-line"
    if member.type.method_path(name) != written_type:
        spelling["type"] = str(written_type)
    order = member.front.order
    values = {**{markdown: member.front.get(key, "") for markdown, key in FRONT_MATTER.items()}}
    default = [(key, default_quoting(key, values.get(key, ""))) for key in front_matter_order(k for k, _ in order)]
    declared = {BY_KEY[key].markdown for key in member.type.metadata if key in BY_KEY and member.type.requires(key)}
    if order != default or not declared <= {key for key, _ in order}:
        spelling["front_matter"] = dict(order)
    if member.front.escaped:
        spelling["front_matter_escapes"] = dict(member.front.escaped)
    if member.part_of_forms:
        spelling["part_of"] = dict(member.part_of_forms)
    if member.compact_ids:
        spelling["compact_records"] = list(member.compact_ids)
    forms = member.heading_forms
    if any(form != DEFAULT_HEADING_FORM for form in forms):
        spelling["annotation_headings"] = forms[0] if len(set(forms)) == 1 else list(forms)
    return spelling


def write_member(member: ParsedMember, data: dict) -> Written:
    sections = [key for key in member.sections] + ["markdown"]
    spaced = [s.key for s in member.type.sections if s.shape is not Shape.BLOCKS]
    return dump(data, SCHEMA_URL, blank_before=sections, spaced_items=spaced)


def write_set(data: dict) -> Written:
    return dump(data, SET_SCHEMA_URL)


def counts_of(report: Report) -> Counts:
    sections = [b for s in report.sections.values() for b in s.blocks]
    bodies = sections + [b for r in report.records for b in r.body] + [b for a in report.annotations for b in a.body]
    return Counts(
        records=len(report.records),
        annotations=len(report.annotations),
        quotes=len(quotes_of(bodies)),
        rows=sum(len(t.rows) for t in tables_of(bodies)),
        citations=len(report.citations),
    )


def _mapped(diagnostic: Diagnostic, outputs: dict[str, Output], into: Path, base: Path | None) -> Diagnostic:
    """A check message about a file not yet written, pointing at what the author edits: the
    Markdown line a written value came from, or the collection's own file; the files a
    message or its fix names as the check saw them (``<system>/<name>.yaml``) are named as
    the collection will hold them."""
    names = {key: output.display for key, output in outputs.items()}
    named = re.compile(r"(?<![\w./-])(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + ")")

    def real(text: str) -> str:
        return named.sub(lambda m: names[m.group(1)], text) if text and names else text

    where, message = diagnostic.location, real(diagnostic.message)
    fix = real(diagnostic.fix) if diagnostic.fix is not None else None
    output = outputs.get(where.file)
    if output is None:
        return Diagnostic(Location(display_path(into / where.file, base), where.line, where.column), message, fix, diagnostic.severity)
    if output.written is None:
        return Diagnostic(Location(output.display, where.line, where.column), message, fix, diagnostic.severity)
    origin = output.written.origin(where.line)
    message = f"{message} (in {output.display}:{where.line} as imported)"
    if origin is None:
        return Diagnostic(Location(output.markdown_path or output.display, 1, 1), message, fix, diagnostic.severity)
    column = origin.column + max(0, where.column - origin.yaml_column)
    return Diagnostic(Location(origin.file or output.markdown_path or output.display, origin.line, column), message, fix, diagnostic.severity)


def import_markdown(paths: list[Path], into: Path, *, system: str | None = None, base: Path | None = None,
                    workers: int | None = None, dry_run: bool = False, names: SiteNames | None = None) -> ImportResult:
    """Import member files and set folders into the collection at ``into`` (of a site that
    keeps ``names`` for its own pages: no system folder may have one).

    Sets are independent of each other (a record's ID resolves within its system), so many
    sets are read, written and checked by ``workers`` processes (default: two when there are
    many sets and two cores), each on its share; nothing is written unless all succeed."""
    result = ImportResult()
    diagnostics = Diagnostics(limit=None)  # each share's own are capped already
    groups = _groups(paths, diagnostics, base)
    if system is not None and len(groups) > 1:
        diagnostics.error(Location("--system"), "--system names one system, but the paths are several sets",
                          "import one set folder (or the members of one set) at a time")
    if diagnostics:
        result.diagnostics = diagnostics.sorted()
        return result
    names = names or SiteNames()
    count = workers or (2 if len(groups) >= _PARALLEL_FROM and (os.cpu_count() or 1) > 1 and _FORK else 1)
    size = max(1, -(-len(groups) // count))
    shares = [groups[i : i + size] for i in range(0, len(groups), size)]  # in order: the report reads in input order
    if len(shares) <= 1:
        parts = [_prepare(groups, into, system, base, names)]
    else:
        with ProcessPoolExecutor(len(shares), mp_context=_FORK) as pool:
            parts = list(pool.map(_prepare, shares, *zip(*[(into, system, base, names)] * len(shares), strict=True)))
    slugs: dict[str, str] = {}
    for part in parts:
        diagnostics.merge(part.diagnostics)
        result.judgements.extend(part.judgements)
        result.skipped.extend(part.skipped)
        result.outputs.extend(part.outputs)
        for slug, folder in part.slugs:
            if slug in slugs:
                diagnostics.error(Location(folder), f"two sets import into the system folder {slug!r} (the other is {slugs[slug]})",
                                  "import them one at a time, or name the systems apart with --system")
            slugs.setdefault(slug, folder)
    if not diagnostics:
        try:
            _write(result.outputs, dry=dry_run)
        except WriteError as error:
            shown = next((o.display for o in result.outputs if o.path == error.path), display_path(error.path, base))
            diagnostics.error(Location(shown), f"cannot write this file: {error.why}; nothing was written",
                              "make its folder writable (and free space for it), then import again")
    if diagnostics:
        result.diagnostics = diagnostics.sorted()
        result.outputs = []
    return result


#: from this many sets on, two processes share the work (below, starting them costs more)
_PARALLEL_FROM = 40
_FORK = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None


@dataclass
class _Prepared(ImportResult):
    """One share of the sets, read, written and checked, ready to be written."""

    #: (system folder, the set folder it comes from), in order: two sets of one system folder are refused
    slugs: list[tuple[str, str]] = field(default_factory=list)


def _prepare(groups: list[_Set], into: Path, system: str | None, base: Path | None, names: SiteNames) -> _Prepared:
    with no_cycle_collection():
        part, diagnostics, scratch = _Prepared(), Diagnostics(), ImportResult()
        registry = collection_registry(into, diagnostics, lambda p: display_path(p, base))
        outputs: dict[str, Output] = {}
        for group in groups:
            _read(group, registry, scratch, diagnostics, base)
            group.slug = _slug(group, system, diagnostics, scratch, base, names) if group.members else None
            if not group.slug:
                continue
            taken = any(slug == group.slug for slug, _ in part.slugs)
            part.slugs.append((group.slug, display_path(group.folder, base)))
            if taken or _linked(into / group.slug, [SET_FILE, *(f"{m.name}.yaml" for m in group.members)], diagnostics, base):
                continue
            plan = _plan(group, group.slug, into, registry, diagnostics, base)
            scratch.judgements.extend(plan.judgements)
            set_output = into / group.slug / SET_FILE
            outputs[f"{group.slug}/{SET_FILE}"] = Output(set_output, display_path(set_output, base),
                                                          write_set(plan.data) if plan.data is not None else None, None)
            if group.manifest is not None:  # closed membership: a member the set no longer has goes
                kept = {f"{m.name}.yaml" for m in group.members}
                for old in sorted((into / group.slug).glob("*.yaml")) if (into / group.slug).is_dir() else []:
                    if not old.name.startswith("_") and old.name not in kept and not old.is_symlink():
                        outputs[f"{group.slug}/{old.name}"] = Output(old, display_path(old, base), None, None, status="removed")
            for member in group.members:
                target = into / group.slug / f"{member.name}.yaml"
                data = member_data(member, plan.stated.get(member.file.path, {}), plan.system)
                outputs[f"{group.slug}/{member.name}.yaml"] = Output(
                    target, display_path(target, base), write_member(member, data), member.file.path)
        part.judgements, part.skipped = scratch.judgements, scratch.skipped
        _targets(outputs, into, diagnostics, base)
        if diagnostics:
            part.diagnostics = diagnostics
            return part
        part.diagnostics = _check(outputs, into, base, names)
        for output in outputs.values():
            if output.written is not None:
                output.written = Written(output.written.text, [])  # the places are no longer needed
            part.outputs.append(output)
        return part


def _linked(folder: Path, names: list[str], diagnostics: Diagnostics, base: Path | None) -> bool:
    """Whether the system folder, or a file the import would write or keep in it, is a
    symbolic link (after saying so): the import writes and reads inside the collection only."""
    shown = display_path(folder, base)
    if folder.is_symlink():
        diagnostics.error(Location(shown), "the system folder is a symbolic link: the import writes only inside the reports folder",
                          "remove the link and import again (the import makes the folder)")
        return True
    linked = [name for name in names if (folder / name).is_symlink()]
    for name in linked:
        diagnostics.error(Location(f"{shown}/{name}"), "this file is a symbolic link: the import does not write or read through links",
                          "remove the link and import again (the import writes the file itself)")
    return bool(linked)


def _plan(group: _Set, slug: str, into: Path, registry: TypeRegistry, diagnostics: Diagnostics, base: Path | None) -> SetPlan:
    path = into / slug / SET_FILE
    existing = None
    if group.manifest is not None:  # a published set: its set file is the manifest's and the members'
        return planned(group.members, None, display_path(path, base), diagnostics, group.manifest, registry)
    if path.exists():
        data = read_regular_file(path, display_path(path, base), diagnostics, "a set file")
        if data is None:
            return SetPlan(None)
        existing, problems = load_set_file(display_path(path, base), data, slug, registry)
        diagnostics.merge(problems)
        if existing is None:
            return SetPlan(None)
    return planned(group.members, existing, display_path(path, base), diagnostics, None, registry)


def _check(outputs: dict[str, Output], into: Path, base: Path | None, names: SiteNames) -> Diagnostics:
    """Check the outputs with the other files of their system folders, as the collection
    will hold them (in memory: nothing is written yet); the errors, pointing at the
    Markdown. Each member output gets its counts."""
    files: dict[str, bytes] = {}
    unread = Diagnostics()  # the collection's own files that are links out of it, or no regular files
    for slug in {key.split("/", 1)[0] for key in outputs}:
        folder = into / slug
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            key, shown = f"{slug}/{path.name}", display_path(path, base)
            if key not in outputs or (outputs[key].written is None and outputs[key].status != "removed"):
                if links_inside(path, into, shown, unread) and (data := read_regular_file(path, shown, unread)) is not None:
                    files[key] = data
    for key, output in outputs.items():
        if output.written is not None:
            files[key] = output.written.text.encode("utf-8")
    checked = check_collection(into, base=into, files=files, names=names)
    errors = Diagnostics((_mapped(d, outputs, into, base) for d in checked.errors), limit=None)
    errors.omitted = checked.omitted
    errors.merge(unread)
    for key, output in outputs.items():
        slug, name = key.split("/", 1)
        system = checked.collection.systems.get(slug)
        if system is not None and name != SET_FILE and Path(name).stem in system.reports:
            output.counts = counts_of(system.reports[Path(name).stem])
    return errors


def _targets(outputs: dict[str, Output], into: Path, diagnostics: Diagnostics, base: Path | None) -> None:
    """Every file the import would write or remove is a regular file or absent, and every
    folder above it a folder or absent: checked before anything is written."""
    seen: set[Path] = set()
    for output in outputs.values():
        if output.written is None and output.status != "removed":
            continue
        problem = target_problem(output.path, into)
        if problem is not None and problem[0] not in seen:
            seen.add(problem[0])
            diagnostics.error(Location(display_path(problem[0], base)), problem[1],
                              "move it out of the way (the import writes regular files and their folders only), then import again")


def _write(outputs: list[Output], dry: bool = False) -> None:
    """Write the outputs, all or none (a kept set file stays as it is; a member a published
    set no longer has is removed), saying of each whether it changed; ``dry``: only say it."""
    changes: list[tuple[Path, bytes | None]] = []
    for output in outputs:
        if output.status == "removed":
            changes.append((output.path, None))
            continue
        if output.written is None:
            continue
        data = output.written.text.encode("utf-8")
        old = current_bytes(output.path)
        output.status = "created" if old is None else ("unchanged" if old == data else "updated")
        if old != data:
            changes.append((output.path, data))
    if not dry:
        write_all(changes)
