"""Load a folder of reports into one ``Collection``.

The layout: ``<reports>/<system>/<member>.yaml`` (one report per member of a system's
analysis set), ``<reports>/<system>/_set.yaml`` (what the set's members share: run ID,
source register), ``<reports>/<system>/_quotes.lock.yaml`` (where ``mkdocs-reports quotes``
found each quote in the source) and ``<reports>/_types/<name>.yaml`` (member types the
collection adds to the method's). Names starting with ``_`` are that metadata, never a
system or a member.

Files are read one by one; what links them is the set rules', citation graph's and
validator's work.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..diagnostics import NAMES_LIMIT, Diagnostics, Location, listed
from ..grounding.lock import LOCK_FILE, QuoteLock, load_lock_file, lock_problems
from ..grounding.status import KeptGroundings, apply_locks
from ..method.front_matter import FRONT_MATTER_KEYS
from ..method.site_names import SiteNames, member_problem
from ..method.types import SectionSpec, Shape, TypeRegistry
from ..model import (
    NAMED_VALUES,
    AnalysisSet,
    Annotation,
    Collection,
    Manifest,
    PinnedMember,
    Place,
    Record,
    Report,
    Section,
    Source,
    Stated,
    System,
)
from ..schemas.conform import Conformer, Fields
from ..schemas.language import METADATA_KEYS, SET, report_spec
from ..schemas.type_files import TYPES_DIR, collection_registry
from ..yamlio.files import links_inside, read_regular_file
from ..yamlio.reader import MappingNode, SequenceNode, YamlFile, read_yaml
from ..yamlio.styled import placed, styled_mapping
from .block_builder import BlockBuilder, Container
from .bulk import no_cycle_collection
from .profile_comparison import read_comparison
from .sets import apply_sets

#: the set's shared metadata in a system folder
SET_FILE = "_set.yaml"

#: the keys of a record that a rule run after loading (``validator.py``) names at their own
#: place: only theirs are kept (one place per key of every record held 10 MB at 1,000 reports)
RECORD_KEYS_PLACED = ("part_of",)

#: where a report's description stands on its page
DESCRIPTION = Place("description", "description", "Description", "description")


def section_anchor(key: str) -> str:
    """Anchor of a section heading on a report page."""
    return key.replace("_", "-")


class _ReportBuilder(BlockBuilder):
    """Turns one checked file into a ``Report``, collecting its citations with locations."""

    def record(self, fields: Fields) -> Record | None:
        if "id" not in fields or "label" not in fields:
            return None
        record = Record(
            id=fields["id"],
            label=fields["label"],
            system=self.system,
            member=self.member,
            location=self.yaml_file.location(fields.nodes["id"]),
            part_of=fields.get("part_of"),
            field_locations={key: self.yaml_file.location(fields.nodes[key]) for key in RECORD_KEYS_PLACED if key in fields.nodes},
        )
        container = Container("records", record.anchor, record.id, f"{record.id} — text")
        container.used.add(record.anchor)
        record.body = self.blocks(fields.get("body"), fields.nodes.get("body"), container)
        return record

    def annotation(self, fields: Fields, index: int) -> Annotation | None:
        if "on" not in fields:
            return None
        annotation = Annotation(
            on=fields["on"],
            system=self.system,
            member=self.member,
            index=index,
            location=self.yaml_file.location(fields.nodes["on"]),
            label=fields.get("label"),
        )
        name = f"Annotation on {annotation.on}"
        container = Container("annotations", annotation.anchor, name, name)
        annotation.body = self.blocks(fields.get("body"), fields.nodes.get("body"), container)
        return annotation

    def report(self, fields: Fields, path: str) -> Report | None:
        if not all(key in fields for key in ("type", "title")):
            return None
        report_type = self.registry.resolve(fields["type"])
        assert report_type is not None  # the structure check admits the registry's type names only
        stated = {key: Stated(fields[key], self.yaml_file.location(fields.nodes[key])) for key in METADATA_KEYS
                  if key in fields and isinstance(fields[key], str)}
        report = Report(
            path=path,
            system=self.system,
            member=self.member,
            type=report_type,
            system_name=fields.get("system", ""),
            title=fields["title"],
            location=self.yaml_file.location(fields.node),
            description=self.cite(fields.get("description"), fields.nodes.get("description"), DESCRIPTION) or None,
            run_id=fields.get("run_id"),
            reviewed_boundary=fields.get("reviewed_boundary"),
            source_identity=fields.get("source_identity"),
            report_status=fields.get("report_status"),
            type_name=fields["type"],
            front_matter={entry.key: fields[entry.key] for entry in FRONT_MATTER_KEYS if entry.key in fields
                          and entry.key not in NAMED_VALUES and entry.key != "system" and isinstance(fields[entry.key], str)},
            front_mappings={entry.key: placed(styled_mapping(node), fields.key_nodes[entry.key].start_mark.line + 1)
                            for entry in FRONT_MATTER_KEYS if entry.mapping
                            and isinstance(node := fields.nodes.get(entry.key), MappingNode)
                            and not any(spec.key == entry.key and spec.front_matter for spec in report_type.sections)},
            spelling=_plain(fields.get("markdown")) or {},
            stated=stated,
            present=set(fields.nodes),
        )
        for key, value_node in fields.nodes.items():
            if key not in METADATA_KEYS and key not in report_type.section_keys and key != "markdown":
                self.diagnostics.error(
                    self.yaml_file.location(fields.key_nodes.get(key, value_node)),
                    f"{key!r} is not a section of {report_type.name}",
                    f"its sections are: {listed((s.key for s in report_type.body_sections), NAMES_LIMIT, in_order=True)}",
                )
        missing: list[SectionSpec] = []
        for spec in report_type.sections:
            value, node = fields.get(spec.key), fields.nodes.get(spec.key)
            if spec.front_matter:
                if isinstance(value, Fields) and node is not None:
                    report.comparison, blocks = read_comparison(self, value, node)
                    report.sections[spec.key] = Section(spec, blocks, self.yaml_file.location(fields.key_nodes.get(spec.key, node)))
            elif spec.shape is Shape.RECORDS:
                report.records = [r for f in value or [] if (r := self.record(f))]
            elif spec.shape is Shape.ANNOTATIONS:
                report.annotations = [a for i, f in enumerate(value or [], start=1) if (a := self.annotation(f, i))]
            elif node is not None:
                container = Container(spec.key, section_anchor(spec.key), spec.heading, spec.heading, spec, headings=True)
                container.used.add(container.anchor)
                location = self.yaml_file.location(fields.key_nodes.get(spec.key, node))
                report.sections[spec.key] = Section(spec, self.blocks(value, node, container), location)
            elif not spec.optional:
                missing.append(spec)
        if missing:
            headings = listed((f"'{spec.heading}'" for spec in missing), NAMES_LIMIT, in_order=True)
            keys = listed((f"{spec.key}: {spec.empty}" if spec.empty else f"{spec.key}: <its text>" for spec in missing),
                          NAMES_LIMIT, in_order=True, separator="; ")
            self.diagnostics.error(
                report.location,
                f"{report_type.a_noun} has the section{'s' if len(missing) > 1 else ''} {headings}, which this file lacks",
                f"add {keys}",
            )
        self.link_references.validate(self.diagnostics)
        report.citations = self.citations
        report.source_references = self.sources
        report.reconciliations = self.reconciliations
        return report


def _plain(value: Any) -> Any:
    """Checked YAML as plain dicts, lists and text."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _mapping_root(yaml_file: YamlFile, diagnostics: Diagnostics, what: str, first_keys: str) -> bool:
    if isinstance(yaml_file.root, MappingNode):
        return True
    got = "a list" if isinstance(yaml_file.root, SequenceNode) else "a single value"
    diagnostics.error(
        yaml_file.location(yaml_file.root),
        f"{what} must be a mapping of keys ({first_keys}, …), not {got}",
        f"start the file with {' and '.join(repr(k) for k in first_keys.split(', '))} lines at the left margin",
    )
    return False


def load_report_file(
    path: str, data: bytes, system: str, member: str, registry: TypeRegistry, links_only: bool = False
) -> tuple[Report | None, Diagnostics]:
    """Read, check and build one report with its collection's types (``registry``); ``path``
    is how messages name the file; ``links_only``: its set cites records by link only (the
    method's current sets)."""
    diagnostics = Diagnostics()
    yaml_file = read_yaml(path, data, diagnostics)
    if yaml_file is None or not _mapping_root(yaml_file, diagnostics, "a report", "type:, system:, title:"):
        return None, diagnostics
    conformed = Conformer(yaml_file, diagnostics).conform(yaml_file.root, report_spec(registry), "the report")
    if conformed is None:  # e.g. a tag on the whole report (`--- !foo`): already reported
        return None, diagnostics
    report = _ReportBuilder(yaml_file, system, member, registry, diagnostics, links_only).report(conformed, path)
    return report, diagnostics


def load_set_file(path: str, data: bytes, system: str, registry: TypeRegistry) -> tuple[AnalysisSet | None, Diagnostics]:
    """Read and check a set's shared metadata (``_set.yaml``) with its collection's types."""
    diagnostics = Diagnostics()
    yaml_file = read_yaml(path, data, diagnostics)
    if yaml_file is None or not _mapping_root(yaml_file, diagnostics, "a set's metadata", "system:, run_id:, sources:"):
        return None, diagnostics
    conformed = Conformer(yaml_file, diagnostics).conform(yaml_file.root, SET, "the set's metadata")
    if conformed is None:
        return None, diagnostics
    stated = {key: Stated(conformed[key], yaml_file.location(conformed.nodes[key]))
              for key in ("system", "run_id", "reviewed_boundary", "result_disposition", "inputs_commit") if key in conformed}
    analysis_set = AnalysisSet(path, yaml_file.location(yaml_file.root), stated.get("system"), stated.get("run_id"), stated.get("reviewed_boundary"),
                               result_disposition=stated.get("result_disposition"), inputs_commit=stated.get("inputs_commit"))
    manifest = conformed.get("manifest")
    if isinstance(manifest, Fields) and "type" in manifest and isinstance(manifest.get("members"), Fields):
        members = manifest["members"]
        pinned = [PinnedMember(file, file.removesuffix(".md"), entry["sha256"], yaml_file.location(entry.nodes["sha256"]))
                  for file, entry in members.items() if isinstance(entry, Fields) and "sha256" in entry]
        worker = manifest.get("worker")
        analysis_set.manifest = Manifest(manifest["type"], pinned, yaml_file.location(conformed.nodes["manifest"]), styled_mapping(manifest.node),
                                         dict(worker) if isinstance(worker, Fields) else {})
    builder = BlockBuilder(yaml_file, system, SET_FILE, registry, diagnostics)
    for fields, node in zip(conformed.get("sources") or [], (conformed.get("sources").nodes if conformed.get("sources") else []), strict=True):
        if "id" not in fields:
            continue
        entry = Source(id=fields["id"], location=yaml_file.location(node))
        for key in ("identity", "revision", "kind", "evidence_layer", "inspected_scope", "citation_anchors", "access_gaps"):
            setattr(entry, key, fields.get(key))
        if entry.evidence_layer is not None:
            builder.validate_vocabulary(registry.method.vocabularies["evidence-layer"], entry.evidence_layer,
                                     fields.nodes["evidence_layer"], f"the evidence layer of {entry.id}")
        analysis_set.sources.append(entry)
    return analysis_set, diagnostics


def display_path(path: Path, base: Path | None) -> str:
    """How messages name a file: relative to ``base`` (or the working folder) when inside it."""
    path = path.absolute()
    for folder in (base, Path.cwd()):
        if folder is not None and path.is_relative_to(folder.absolute()):
            return path.relative_to(folder.absolute()).as_posix()
    return str(path)


class Job(NamedTuple):
    """One file of the collection to read."""

    display: str  # its path as messages name it
    real: str  # its path on disk
    system: str  # its system's slug
    member: str  # its member, or SET_FILE or LOCK_FILE
#: the metadata files a system folder may hold besides its members
_METADATA_FILES = (SET_FILE, LOCK_FILE)


def _read(job: Job, diagnostics: Diagnostics) -> bytes | None:
    what = {LOCK_FILE: "a quote lock", SET_FILE: "a set file"}.get(job.member, "a report")
    return read_regular_file(Path(job.real), job.display, diagnostics, what)


def _job(path: Path, display: str, diagnostics: Diagnostics, names: SiteNames) -> Job | None:
    """A report file (or set file) named as the layout requires, or ``None`` after saying what is off."""
    system = path.parent.name
    if path.name in _METADATA_FILES:
        if (problem := names.system_problem(system)) is not None:
            diagnostics.error(Location(display), *problem)
            return None
        return Job(display, str(path), system, path.name)
    if path.suffix != ".yaml":
        diagnostics.error(Location(display), "report files end in .yaml (in lower case)", f"rename it to {path.stem}.yaml")
        return None
    member = path.stem
    if member.startswith("_"):
        diagnostics.error(Location(display), f"{path.name} is not a file of a system folder",
                          f"name the set's metadata {SET_FILE}; reports are named after their member (memory.yaml); "
                          f"the quote lock is {LOCK_FILE}, written by mkdocs-reports quotes")
        return None
    problem = names.system_problem(system) or member_problem(member, "the member file name")
    if problem is not None:
        diagnostics.error(Location(display), *problem)
        return None
    return Job(display, str(path), system, member)


def discover(root: Path, diagnostics: Diagnostics, base: Path | None = None, names: SiteNames | None = None) -> list[Job]:
    """The report, set and lock files under ``root`` (a folder of systems, or one file: then
    with its set's ``_set.yaml`` and quote lock).

    Symbolic links are not followed out of the reports folder: a linked folder is refused,
    and a linked file is read only when it points at a file inside the folder. ``names``:
    those the site keeps for itself, which no system folder may have.
    """
    names = names or SiteNames()
    if root.is_file() or (root.is_symlink() and not root.is_dir()):
        display, collection = display_path(root, base), root.absolute().parent.parent
        if not links_inside(root, collection, display, diagnostics):
            return []
        job = _job(root, display, diagnostics, names)
        jobs = [job] if job else []
        for name in reversed(_METADATA_FILES):
            metadata, shown = root.parent / name, display_path(root.parent / name, base)
            if job and job.member not in _METADATA_FILES and os.path.lexists(metadata) and links_inside(metadata, collection, shown, diagnostics):
                jobs.insert(0, Job(shown, str(metadata), job.system, name))
        return jobs
    if not root.is_dir():
        diagnostics.error(Location(display_path(root, base)), "no such folder", "pass the folder that holds <system>/<member>.yaml files")
        return []
    found = []
    named = _displayed_under(root, base)
    for path, relative, entry in _walk(root):
        display = named(path, relative)
        if entry.is_symlink() and entry.is_dir():
            diagnostics.error(
                Location(display),
                "this folder is a symbolic link; its files are not read",
                "move the folder itself here (links are not followed, so that no file outside the reports folder is published)",
            )
        elif relative[0] == TYPES_DIR or path.suffix.lower() not in (".yaml", ".yml") or (len(relative) == 1 and entry.is_dir()):
            continue  # (a folder named like a report file is read below, and refused as no regular file)
        elif len(relative) != 2:
            diagnostics.error(Location(display), "a report belongs in <system>/<member>.yaml directly under the reports folder", "move it there")
        elif not links_inside(path, root, display, diagnostics):
            continue
        elif job := _job(path, display, diagnostics, names):
            found.append(job)
    return found


def _displayed_under(root: Path, base: Path | None) -> Callable[[Path, tuple[str, ...]], str]:
    """How messages name a file under ``root`` (``display_path``), from its parts below
    ``root`` when ``root`` is named relative to the first folder ``display_path`` tries:
    every file under it is then named by the same prefix (no path arithmetic per file)."""
    first = base if base is not None else Path.cwd()
    if not root.absolute().is_relative_to(first.absolute()):
        return lambda path, relative: display_path(path, base)
    prefix = display_path(root, base)
    prefix = "" if prefix == "." else prefix + "/"
    return lambda path, relative: prefix + "/".join(relative)


def _walk(root: Path) -> list[tuple[Path, tuple[str, ...], os.DirEntry[str]]]:
    """Every entry under ``root`` with its path parts below it, in path order, without
    descending into symbolic links."""
    found: list[tuple[tuple[str, ...], str, os.DirEntry[str]]] = []
    folders: list[tuple[str, tuple[str, ...]]] = [(str(root), ())]
    while folders:
        folder, parts = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            relative = (*parts, entry.name)
            found.append((relative, entry.path, entry))
            if entry.is_dir(follow_symlinks=False):
                folders.append((entry.path, relative))
    found.sort(key=lambda item: item[0])  # (the order of the paths: part by part)
    return [(Path(path), relative, entry) for relative, path, entry in found]


@dataclass
class LoadCache:
    """What ``load_collection`` keeps between runs (``mkdocs serve``): each file's result by
    its real path, with what it was read with (its signature and its context); each
    system's quote groundings (``apply_locks``), with the objects they were worked out of."""

    files: dict[str, tuple[tuple[Any, ...], tuple[Any, Diagnostics]]] = field(default_factory=dict)
    groundings: KeptGroundings = field(default_factory=dict)


def _signature(path: Path) -> tuple[int, ...]:
    try:
        stat = path.stat()
    except OSError:
        return ()
    return (stat.st_size, stat.st_mtime_ns, stat.st_ino)


def _kept(job: Job, cache: LoadCache | None, read: Callable[[], tuple[Any, Diagnostics]], *depends: Any) -> tuple[Any, Diagnostics]:
    """A file's result (``read()``), or its result from the last run when neither the file
    nor what it is read with (``depends``) changed: then the very same object."""
    if cache is None:
        return read()
    key = (job, _signature(Path(job.real)), *depends)
    kept = cache.files.get(job.real)
    if kept is not None and kept[0] == key:
        return kept[1]
    result = read()
    cache.files[job.real] = (key, result)
    return result


def _load_report(
    job: Job, registry: TypeRegistry, cache: LoadCache | None, context: tuple[Any, ...], files: dict[str, bytes] | None = None,
    links_only: bool = False,
) -> tuple[Report | None, Diagnostics]:
    """One report file, or its result from the last run when neither it nor what it is read
    with (its set's file, its system's quote lock, the collection's member types:
    ``context``) changed: a report takes values from its set and its quotes' verification
    from the lock, so a changed set or lock reads the system's members anew (new report
    objects: the renderer draws their pages again)."""

    def read() -> tuple[Report | None, Diagnostics]:
        diagnostics = Diagnostics()
        data = _read(job, diagnostics) if files is None else files[job.display]
        if data is None:
            return None, diagnostics
        return load_report_file(job.display, data, job.system, job.member, registry, links_only)

    folder = Path(job.real).parent
    return _kept(job, cache, read, _signature(folder / SET_FILE), _signature(folder / LOCK_FILE), context, links_only)


def _load_metadata(job: Job, registry: TypeRegistry, cache: LoadCache | None, context: tuple[Any, ...],
                   files: dict[str, bytes] | None) -> tuple[AnalysisSet | QuoteLock | None, Diagnostics]:  # fmt: skip
    """A set file or a quote lock, or the last run's when it did not change (``_kept``)."""

    def read() -> tuple[AnalysisSet | QuoteLock | None, Diagnostics]:
        diagnostics = Diagnostics()
        data = _read(job, diagnostics) if files is None else files[job.display]
        if job.member == SET_FILE:
            return (None, diagnostics) if data is None else load_set_file(job.display, data, job.system, registry)
        return (None, lock_problems(diagnostics)) if data is None else load_lock_file(job.display, data)

    return _kept(job, cache, read, context)


def load_collection(
    root: str | os.PathLike[str] = "reports", *, base: str | os.PathLike[str] | None = None,
    files: dict[str, bytes] | None = None, cache: LoadCache | None = None, names: SiteNames | None = None,
) -> tuple[Collection, Diagnostics]:
    """Read every report and set under ``root``, with the member types it declares; all
    problems of all files are returned together.

    Messages name files relative to ``base`` (default: the working folder). ``files``
    (``<system>/<name>.yaml`` → bytes) stands for the reports and sets of ``root``, so that
    a collection not yet written can be checked (messages name those paths as given). With
    a ``cache`` (kept by the caller between runs, as ``mkdocs serve`` does), a file that
    has not changed since the last run is not read again: its report object is the same.
    ``names`` are those the site keeps (default: the plugin's default pages), which no
    system folder may have. The set rules over the members are run after loading
    (``rules.set_members``, by ``check_collection``).
    """
    names = names or SiteNames()
    diagnostics = Diagnostics(limit=None)  # each file's own are capped already
    root_path, base_path = Path(root), Path(base) if base is not None else None
    collection_root = root_path.parent.parent if root_path.is_file() else root_path
    registry = collection_registry(collection_root, diagnostics, lambda p: display_path(p, base_path))
    if files is None:
        jobs = discover(root_path, diagnostics, base_path, names)
    else:
        jobs = [job for name in sorted(files) if (job := _job(root_path / name, name, diagnostics, names))]
    if files is not None:
        cache = None  # the files are not on disk: nothing to compare with
    types = collection_root / TYPES_DIR
    context = tuple(sorted((p.name, _signature(p)) for p in types.iterdir())) if cache is not None and types.is_dir() else ()
    collection = Collection(types=registry)
    sets: dict[str, AnalysisSet] = {}
    locks: dict[str, QuoteLock] = {}
    unusable: set[str] = set()  # systems whose lock has errors
    reports: list[Report] = []
    # how each system's members cite: its set type's grammar, known from its members' names
    members: dict[str, list[str]] = {}
    for job in jobs:
        if job.member not in _METADATA_FILES:
            members.setdefault(job.system, []).append(job.member)
    links = {system for system, names in members.items() if registry.layout_for(names).citations == "links"}
    with no_cycle_collection():
        for job in jobs:
            if job.member in _METADATA_FILES:
                metadata, file_diagnostics = _load_metadata(job, registry, cache, context, files)
                if isinstance(metadata, AnalysisSet):
                    sets[job.system] = metadata
                elif isinstance(metadata, QuoteLock):
                    locks[job.system] = metadata
                elif job.member == LOCK_FILE:
                    unusable.add(job.system)
            else:
                report, file_diagnostics = _load_report(job, registry, cache, context, files, job.system in links)
                if report is not None:
                    reports.append(report)
            diagnostics.merge(file_diagnostics)
        if cache is not None:
            for gone in set(cache.files) - {job.real for job in jobs}:
                del cache.files[gone]
    for report in reports:
        system = collection.systems.setdefault(report.system, System(report.system, ""))
        system.reports[report.member] = report
    for slug, analysis_set in sets.items():
        collection.systems.setdefault(slug, System(slug, "")).set = analysis_set
    for slug, lock in locks.items():
        if slug in collection.systems:  # a lock without reports vouches for nothing
            collection.systems[slug].lock = lock
    for system in collection.systems.values():
        system.layout = registry.layout_for(system.reports)
    diagnostics.merge(apply_sets(collection))
    diagnostics.merge(apply_locks(collection, unusable, cache.groundings if cache is not None else None))
    return collection, diagnostics
