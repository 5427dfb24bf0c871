"""The collection as readers see it: systems → reports → records, annotations, citations.

Plain data, no behaviour beyond derived names; built by the loader, linked by the graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostics import Location
from .ids import KINDS, PREFIX_MEMBERS, anchor_of, kind_of, prefix_of
from .report_types import ReportType


@dataclass
class Quote:
    passage: str
    path: str
    lines: str | None
    location: Location


@dataclass
class Place:
    """Where in a report something stands: a page anchor and a name a reader understands."""

    section: str  # section key, e.g. "records", "boundary"
    anchor: str  # HTML anchor on the report page
    label: str  # e.g. "MEM-RTE-memory-edit — Later read-back", "Coverage row 3"


@dataclass
class Citation:
    """One bare record ID written in a report."""

    target: str  # the cited record ID
    system: str  # slug of the citing report's system: IDs are scoped by system
    member: str  # the citing report
    place: Place
    location: Location


@dataclass
class Record:
    id: str
    label: str
    system: str
    member: str
    location: Location
    part_of: str | None = None
    text: str = ""
    route: dict[str, str] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    quotes: list[Quote] = field(default_factory=list)
    notes: str = ""
    #: where each key stood, for messages about a field rather than the record
    field_locations: dict[str, Location] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return kind_of(self.id)

    @property
    def anchor(self) -> str:
        return anchor_of(self.id)


@dataclass
class Annotation:
    on: str
    system: str
    member: str
    index: int  # position among the report's annotations, from 1
    location: Location
    text: str = ""
    quotes: list[Quote] = field(default_factory=list)
    notes: str = ""

    @property
    def anchor(self) -> str:
        return f"annotation-{self.index}-on-{anchor_of(self.on)}"


@dataclass
class CoverageTable:
    columns: list[str]
    rows: list[list[str]]
    heading: str | None = None
    intro: str = ""


@dataclass
class Boundary:
    text: str
    coverage: CoverageTable | None = None


@dataclass
class ItemList:
    items: list[str]
    style: str = "numbered"


Section = str | Boundary | ItemList | None


@dataclass
class Source:
    id: str | None = None
    identity: str | None = None
    revision: str | None = None


@dataclass
class Report:
    path: str  # as messages show it: relative to the check's base folder (or the working folder)
    system: str  # slug (folder name)
    member: str  # file name without .yaml
    type: ReportType
    system_name: str
    title: str
    location: Location
    description: str | None = None
    run_id: str | None = None
    source: Source = field(default_factory=Source)
    #: prose, boundary and list sections by key (records and annotations live below)
    sections: dict[str, Section] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)

    def records_by_kind(self) -> dict[str, list[Record]]:
        grouped: dict[str, list[Record]] = {kind: [] for kind in KINDS}
        for record in self.records:
            grouped[record.kind].append(record)
        return grouped


@dataclass
class ExternalRecord:
    """A record cited in a system whose declaring member is not in the collection."""

    id: str
    system: str

    @property
    def member(self) -> str:
        return PREFIX_MEMBERS[prefix_of(self.id)]

    @property
    def kind(self) -> str:
        return kind_of(self.id)

    @property
    def anchor(self) -> str:
        return anchor_of(self.id)


@dataclass
class System:
    slug: str
    name: str
    reports: dict[str, Report] = field(default_factory=dict)

    @property
    def source(self) -> Source:
        """The frozen source: each field from the first report that states it (the members
        of a set are written about the same source)."""
        merged = Source()
        for report in self.reports.values():
            merged.id = merged.id or report.source.id
            merged.identity = merged.identity or report.source.identity
            merged.revision = merged.revision or report.source.revision
        return merged


@dataclass
class Collection:
    systems: dict[str, System] = field(default_factory=dict)

    def reports(self) -> list[Report]:
        return [report for system in self.systems.values() for report in system.reports.values()]

    def records(self) -> list[Record]:
        return [record for report in self.reports() for record in report.records]
