"""Load a folder of reports (``<system>/<member>.yaml``) into one ``Collection``.

Files are read one by one; what links them is the citation graph's and validator's work.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from .bulk import no_cycle_collection
from .citations import find_mentions
from .diagnostics import Diagnostics, Location
from .model import (
    Annotation,
    Boundary,
    Citation,
    Collection,
    CoverageTable,
    ItemList,
    Place,
    Quote,
    Record,
    Report,
    Source,
    System,
)
from .report_types import REPORT_TYPES, ROUTE_FIELDS, Shape
from .schema import METADATA_KEYS, REPORT
from .structure import Fields, Items, StructureChecker
from .yaml_source import MappingNode, Node, SequenceNode, Source as YamlSource, read_source, too_large

SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


#: where a report's description stands on its page
DESCRIPTION = Place("description", "description", "Description")


def section_anchor(key: str) -> str:
    """Anchor of a section heading on a report page."""
    return key.replace("_", "-")


def _shorten(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


class _ReportBuilder:
    """Turns one checked file into a ``Report``, collecting its citations with locations."""

    def __init__(self, source: YamlSource, system: str, member: str, diagnostics: Diagnostics) -> None:
        self.source = source
        self.system = system
        self.member = member
        self.diagnostics = diagnostics
        self.citations: list[Citation] = []

    def cite(self, text: str | None, node: Node | None, place: Place) -> str:
        if not text or node is None:
            return text or ""
        for mention in find_mentions(text):
            location = self.source.location_in(node, mention.text, mention.occurrence)
            if mention.problem:
                self.diagnostics.error(
                    location,
                    f"{mention.text!r} looks like a record ID but is malformed: {mention.problem}",
                    "correct the ID, or write it as `code` if it is not a citation",
                )
                continue
            self.citations.append(Citation(mention.text, self.system, self.member, place, location))
        return text

    def quotes(self, items: Items | None) -> list[Quote]:
        quotes = []
        for fields, node in zip(items or [], (items.nodes if items else [])):
            if "passage" in fields and "path" in fields:
                # a block-scalar passage (`passage: |`) ends in a line break that is not quoted text
                passage = fields["passage"].rstrip("\n")
                quotes.append(Quote(passage, fields["path"], fields.get("lines"), self.source.location(node)))
        return quotes

    def record(self, fields: Fields) -> Record | None:
        if "id" not in fields or "label" not in fields:
            return None
        record = Record(
            id=fields["id"],
            label=fields["label"],
            system=self.system,
            member=self.member,
            location=self.source.location(fields.nodes["id"]),
            part_of=fields.get("part_of"),
            field_locations={key: self.source.location(value) for key, value in fields.nodes.items()},
        )
        place = lambda part: Place("records", record.anchor, f"{record.id} — {part}")  # noqa: E731
        record.text = self.cite(fields.get("text"), fields.nodes.get("text"), place("text"))
        route = fields.get("route") or {}
        for key, label in ROUTE_FIELDS.items():
            if key in route:
                record.route[key] = self.cite(route[key], route.nodes[key], place(label))
        record.status = dict(fields.get("status") or {})
        record.quotes = self.quotes(fields.get("quotes"))
        record.notes = self.cite(fields.get("notes"), fields.nodes.get("notes"), place("notes"))
        return record

    def annotation(self, fields: Fields, index: int) -> Annotation | None:
        if "on" not in fields:
            return None
        annotation = Annotation(
            on=fields["on"],
            system=self.system,
            member=self.member,
            index=index,
            location=self.source.location(fields.nodes["on"]),
        )
        place = Place("annotations", annotation.anchor, f"Annotation on {annotation.on}")
        annotation.text = self.cite(fields.get("text"), fields.nodes.get("text"), place)
        annotation.quotes = self.quotes(fields.get("quotes"))
        annotation.notes = self.cite(fields.get("notes"), fields.nodes.get("notes"), place)
        return annotation

    def item_list(self, key: str, heading: str, value, node: Node) -> ItemList:
        if isinstance(value, Fields):
            items, style = value.get("items") or Items(node), value.get("style", "numbered")
        else:
            items, style = value, "numbered"
        for number, (item, item_node) in enumerate(zip(items, items.nodes), start=1):
            anchor = f"{section_anchor(key)}-{number}"
            self.cite(item, item_node, Place(key, anchor, f"{heading}, item {number}"))
        return ItemList(list(items), style)

    def boundary(self, key: str, heading: str, fields: Fields) -> Boundary:
        text = self.cite(fields.get("text"), fields.nodes.get("text"), Place(key, section_anchor(key), heading))
        coverage = None
        table = fields.get("coverage")
        if table is not None and "columns" in table and "rows" in table:
            coverage = CoverageTable(list(table["columns"]), [], table.get("heading"))
            coverage.intro = self.cite(table.get("intro"), table.nodes.get("intro"), Place(key, "coverage", "Coverage table"))
            for number, (row, row_node) in enumerate(zip(table["rows"], table["rows"].nodes), start=1):
                place = Place(key, f"coverage-row-{number}", f"Coverage row {number}: {_shorten(row[0] if row else '')}")
                for cell, cell_node in zip(row, row.nodes):
                    self.cite(cell, cell_node, place)
                coverage.rows.append(list(row))
                if len(row) != len(coverage.columns):
                    self.diagnostics.error(
                        self.source.location(row_node),
                        f"coverage row {number} has {len(row)} cells but the table has {len(coverage.columns)} columns",
                        "give every row one cell per column (an empty cell is written \"-\")",
                    )
        return Boundary(text, coverage)

    def report(self, fields: Fields, path: str) -> Report | None:
        if not all(key in fields for key in ("type", "system", "title")):
            return None
        report_type = REPORT_TYPES[fields["type"]]
        source = fields.get("source") or {}
        report = Report(
            path=path,
            system=self.system,
            member=self.member,
            type=report_type,
            system_name=fields["system"],
            title=fields["title"],
            location=self.source.location(fields.node),
            description=self.cite(fields.get("description"), fields.nodes.get("description"), DESCRIPTION) or None,
            run_id=fields.get("run_id"),
            source=Source(source.get("id"), source.get("identity"), source.get("revision")),
        )
        for key, node in fields.nodes.items():
            if key not in METADATA_KEYS and key not in report_type.section_keys:
                self.diagnostics.error(
                    self.source.location(node),
                    f"{key!r} is not a section of {report_type.name}",
                    f"its sections are: {', '.join(report_type.section_keys)}",
                )
        for spec in report_type.sections:
            value, node = fields.get(spec.key), fields.nodes.get(spec.key)
            if value is None:
                continue
            if spec.shape is Shape.RECORDS:
                report.records = [r for f in value if (r := self.record(f))]
            elif spec.shape is Shape.ANNOTATIONS:
                report.annotations = [
                    a for i, f in enumerate(value, start=1) if (a := self.annotation(f, i))
                ]
            elif spec.shape is Shape.BOUNDARY:
                report.sections[spec.key] = self.boundary(spec.key, spec.heading, value)
            elif spec.shape is Shape.LIST:
                report.sections[spec.key] = self.item_list(spec.key, spec.heading, value, node)
            else:
                report.sections[spec.key] = self.cite(value, node, Place(spec.key, section_anchor(spec.key), spec.heading))
        report.citations = self.citations
        return report


def load_report_file(path: str, data: bytes, system: str, member: str) -> tuple[Report | None, Diagnostics]:
    """Read, check and build one report; ``path`` is how messages name the file."""
    diagnostics = Diagnostics()
    source = read_source(path, data, diagnostics)
    if source is None:
        return None, diagnostics
    if not isinstance(source.root, MappingNode):
        got = "a list" if isinstance(source.root, SequenceNode) else "a single value"
        diagnostics.error(
            source.location(source.root),
            f"a report must be a mapping of keys (type:, system:, title:, …), not {got}",
            "start the file with 'type:', 'system:' and 'title:' lines at the left margin",
        )
        return None, diagnostics
    checked = StructureChecker(source, diagnostics).check(source.root, REPORT, "the report")
    report = _ReportBuilder(source, system, member, diagnostics).report(checked, path)
    return report, diagnostics


def _load_one(args: Job) -> tuple[Report | None, Diagnostics]:
    display, real, system, member = args
    diagnostics = Diagnostics()
    try:
        if too_large(display, Path(real).stat().st_size, diagnostics):
            return None, diagnostics
        data = Path(real).read_bytes()
    except OSError as error:
        diagnostics.error(Location(display), f"cannot read the file: {error.strerror}", "check that it exists and is readable")
        return None, diagnostics
    return load_report_file(display, data, system, member)


def display_path(path: Path, base: Path | None) -> str:
    """How messages name a file: relative to ``base`` (or the working folder) when inside it."""
    path = path.absolute()
    for folder in (base, Path.cwd()):
        if folder is not None and path.is_relative_to(folder.absolute()):
            return path.relative_to(folder.absolute()).as_posix()
    return str(path)


Job = tuple[str, str, str, str]  # (display path, real path, system slug, member)


def _job(path: Path, display: str, diagnostics: Diagnostics) -> Job | None:
    """A report file named as the layout requires, or ``None`` after saying what is off."""
    if path.suffix != ".yaml":
        diagnostics.error(Location(display), "report files end in .yaml", f"rename it to {path.stem}.yaml")
        return None
    system, member = path.parent.name, path.stem
    for what, value in (("system folder", system), ("member file name", member)):
        if not SLUG_RE.match(value):
            diagnostics.error(Location(display), f"the {what} {value!r} is not a URL-safe name", "use lowercase letters, digits and '-' only")
            return None
    return (display, str(path), system, member)


def discover(root: Path, diagnostics: Diagnostics, base: Path | None = None) -> list[Job]:
    """The report files under ``root`` (a folder of systems, or one file)."""
    if root.is_file():
        job = _job(root, display_path(root, base), diagnostics)
        return [job] if job else []
    if not root.is_dir():
        diagnostics.error(Location(display_path(root, base)), "no such folder", "pass the folder that holds <system>/<member>.yaml files")
        return []
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_dir() or path.suffix not in (".yaml", ".yml"):
            continue
        display = display_path(path, base)
        if len(path.relative_to(root).parts) != 2:
            diagnostics.error(Location(display), "a report belongs in <system>/<member>.yaml directly under the reports folder", "move it there")
        elif job := _job(path, display, diagnostics):
            found.append(job)
    return found


def load_collection(
    root: str | os.PathLike[str] = "reports", *, base: str | os.PathLike[str] | None = None
) -> tuple[Collection, Diagnostics]:
    """Read every report under ``root``; all problems of all files are returned together.

    Messages name files relative to ``base`` (default: the working folder).
    """
    diagnostics = Diagnostics()
    jobs = discover(Path(root), diagnostics, Path(base) if base is not None else None)
    with no_cycle_collection():
        results = [_load_one(job) for job in jobs]
    collection = Collection()
    for report, report_diagnostics in results:
        diagnostics.extend(report_diagnostics)
        if report is None:
            continue
        system = collection.systems.setdefault(report.system, System(report.system, report.system_name))
        if report.system_name != system.name:
            diagnostics.error(
                report.location,
                f"system {report.system_name!r} differs from {system.name!r} named by the other reports in {report.system}/",
                "every report in one folder names the same system",
            )
        if "/" in report.system_name or "\\" in report.system_name or report.system_name.startswith("."):
            diagnostics.error(report.location, f"the system name {report.system_name!r} contains a path", "write the display name only (e.g. Ultimate)")
        system.reports[report.member] = report
    return collection, diagnostics
