"""The collection as readers see it: systems (analysis sets) → reports → sections, records,
annotations, citations; each made of blocks in the author's order.

Plain data, no behaviour beyond derived names; built by the loader, linked by the graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .diagnostics import Location
from .ids import anchor_of, kind_of
from .report_types import ReportType, SectionSpec, TypeRegistry
from .type_files import builtin_registry

if TYPE_CHECKING:
    from .grounding.lock import QuoteLock


@dataclass
class Place:
    """Where in a report something stands: a page anchor and a name a reader understands."""

    section: str  # section key, e.g. "records", "boundary"
    anchor: str  # HTML anchor on the report page
    label: str  # e.g. "MEM-RTE-memory-edit — Later read-back", "Authority-route ledger, row 3"


# --- blocks ----------------------------------------------------------------------------


@dataclass
class Quote:
    passage: str
    path: str
    lines: str | None
    location: Location
    source: str | None = None  # the source ID when the author named one
    #: its report, its anchor on the page (``<container>--quote-<n>``) and where it stands
    member: str = ""
    anchor: str = ""
    place: Place | None = None
    #: whether ``mkdocs-reports quotes`` found it in the source (from the quote lock)
    grounding: Grounding | None = None

    @property
    def key(self) -> str:
        """The quote's place in its set, as the quote lock names it: ``memory#<anchor>``."""
        return f"{self.member}#{self.anchor}"


@dataclass(frozen=True)
class Grounding:
    """A quote measured against the quote lock.

    ``state`` is ``verified`` (found at ``lines`` of the source at ``revision``; ``match``
    says whether exactly or after whitespace normalisation), ``changed`` (its passage or
    path changed since it was verified), ``unverified`` (no entry), ``stale`` (verified at
    another revision than the register's) or ``unverifiable`` (the source has no revision
    to check against). ``reason`` says it in words for pages and messages.
    """

    state: str
    reason: str
    lines: str | None = None
    match: str | None = None
    revision: str | None = None

    @property
    def verified(self) -> bool:
        return self.state == "verified"


@dataclass
class Text:
    text: str
    place: Place


@dataclass
class Heading:
    text: str
    level: int  # 3 right under a section heading, 4 below that
    anchor: str


@dataclass
class Row:
    cells: list[str]
    number: int
    anchor: str


@dataclass
class Table:
    columns: list[str]
    rows: list[Row]
    number: int  # among the tables of its container, from 1
    anchor: str
    place: Place  # the container's name, for "…, row 3"
    coverage: bool = False  # the member's coverage table


@dataclass
class Item:
    text: str
    number: int
    anchor: str


@dataclass
class ItemList:
    style: str  # "numbered", "bulleted" or "paragraphs"
    items: list[Item]


@dataclass
class LabelledField:
    """One ``Label: value`` line, e.g. ``Later read-back: …``."""

    label: str
    value: str
    anchor: str
    location: Location  # of the label
    value_location: Location
    #: the conclusion-status layer ("implementation") when the label is a status field
    status_layer: str | None = None


@dataclass
class FieldList:
    fields: list[LabelledField]


Block = Text | Heading | Quote | Table | ItemList | FieldList


def fields_of(blocks: list[Block]) -> list[LabelledField]:
    return [f for block in blocks if isinstance(block, FieldList) for f in block.fields]


def quotes_of(blocks: list[Block]) -> list[Quote]:
    return [block for block in blocks if isinstance(block, Quote)]


def tables_of(blocks: list[Block]) -> list[Table]:
    return [block for block in blocks if isinstance(block, Table)]


@dataclass
class Section:
    spec: SectionSpec
    blocks: list[Block]
    location: Location

    @property
    def key(self) -> str:
        return self.spec.key


# --- references ------------------------------------------------------------------------


@dataclass
class Citation:
    """One record ID written in a report: bare, as inline code, or as a link."""

    target: str  # the cited record ID
    system: str  # slug of the citing report's system: IDs are scoped by system
    member: str  # the citing report
    place: Place
    location: Location


@dataclass
class SourceReference:
    """A source of the register named in a report: ``SRC-1`` or an evidence anchor
    ``[SRC-1: `path`; `path`]`` (then with its paths)."""

    source: str
    system: str
    member: str
    place: Place
    location: Location
    paths: list[str] = field(default_factory=list)


@dataclass
class Reconciliation:
    """An ``Amendment:`` or ``Unresolved conflict:`` entry: the records it concerns and,
    for a supersession, which records replace which."""

    kind: str  # "amendment" or "conflict"
    text: str
    system: str
    member: str
    place: Place
    location: Location
    concerns: list[str] = field(default_factory=list)  # every record ID it names
    superseded: str | None = None
    superseded_by: list[str] = field(default_factory=list)


# --- records and annotations -------------------------------------------------------------


class _Body:
    """What a record and an annotation read off their ``body`` of blocks."""

    body: list[Block]

    @property
    def fields(self) -> list[LabelledField]:
        return fields_of(self.body)

    @property
    def quotes(self) -> list[Quote]:
        return quotes_of(self.body)

    @property
    def text(self) -> str:
        """The prose blocks, in order."""
        return "\n\n".join(block.text.strip("\n") for block in self.body if isinstance(block, Text))


@dataclass
class Record(_Body):
    id: str
    label: str
    system: str
    member: str
    location: Location
    part_of: str | None = None
    body: list[Block] = field(default_factory=list)
    #: where each key stood, for messages about a key rather than the record
    field_locations: dict[str, Location] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return kind_of(self.id)

    @property
    def anchor(self) -> str:
        return anchor_of(self.id)

    @property
    def status(self) -> dict[str, str]:
        """Conclusion statuses by layer, in the author's order (a layer given twice: the first)."""
        status: dict[str, str] = {}
        for f in self.fields:
            if f.status_layer is not None:
                status.setdefault(f.status_layer, f.value.strip().strip("`").strip())
        return status

    def route(self, labels: tuple[str, ...]) -> dict[str, str]:
        """The route fields among ``labels`` that the record answers (the first of each)."""
        wanted = {label.casefold(): label for label in labels}
        route: dict[str, str] = {}
        for f in self.fields:
            if (label := wanted.get(f.label.casefold())) is not None:
                route.setdefault(label, f.value)
        return route


@dataclass
class Annotation(_Body):
    on: str
    system: str
    member: str
    index: int  # position among the report's annotations, from 1
    location: Location
    label: str | None = None
    body: list[Block] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"annotation-{self.index}-on-{anchor_of(self.on)}"


# --- the set -------------------------------------------------------------------------------


@dataclass
class Source:
    """A row of the source register (``SRC-1``); the forge links quotes and paths through
    ``identity`` and ``revision``."""

    id: str | None = None
    identity: str | None = None
    revision: str | None = None
    kind: str | None = None
    evidence_layer: str | None = None
    inspected_scope: str | None = None
    citation_anchors: str | None = None
    access_gaps: str | None = None
    location: Location | None = None


@dataclass
class Stated:
    """A front-matter value and where it was written."""

    value: str
    location: Location


@dataclass
class AnalysisSet:
    """A system folder's shared metadata (``_set.yaml``): what every member inherits."""

    path: str
    location: Location
    system_name: Stated | None = None
    run_id: Stated | None = None
    reviewed_boundary: Stated | None = None
    sources: list[Source] = field(default_factory=list)


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
    #: the set's values as this member has them (its own, else the set's)
    run_id: str | None = None
    reviewed_boundary: str | None = None
    source_identity: str | None = None
    report_status: str | None = None
    #: front-matter values written in this file, by key
    stated: dict[str, Stated] = field(default_factory=dict)
    #: every key the file writes, usable or not (an unusable one is reported where it stands)
    present: set[str] = field(default_factory=set)
    #: blocks sections by key (records and annotations live below)
    sections: dict[str, Section] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)
    annotations: list[Annotation] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    source_references: list[SourceReference] = field(default_factory=list)
    reconciliations: list[Reconciliation] = field(default_factory=list)

    def records_by_kind(self, kinds) -> dict[str, list[Record]]:
        grouped: dict[str, list[Record]] = {kind: [] for kind in kinds}
        for record in self.records:
            grouped.setdefault(record.kind, []).append(record)
        return grouped

    def tables(self) -> list[Table]:
        """Every table of the report, in page order."""
        tables = [t for section in self.sections.values() for t in tables_of(section.blocks)]
        tables += [t for record in self.records for t in tables_of(record.body)]
        return tables + [t for annotation in self.annotations for t in tables_of(annotation.body)]

    def quotes(self) -> list[Quote]:
        """Every quote of the report, in page order."""
        quotes = [q for section in self.sections.values() for q in quotes_of(section.blocks)]
        quotes += [q for record in self.records for q in record.quotes]
        return quotes + [q for annotation in self.annotations for q in annotation.quotes]

    def coverage_tables(self) -> list[Table]:
        return [t for section in self.sections.values() for t in tables_of(section.blocks) if t.coverage]


@dataclass
class ExternalRecord:
    """A record cited in a system whose declaring member is not in the collection."""

    id: str
    system: str
    member: str

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
    set: AnalysisSet | None = None
    #: the quote lock (``_quotes.lock.yaml``): what ``mkdocs-reports quotes`` verified
    lock: QuoteLock | None = None

    @property
    def sources(self) -> list[Source]:
        """The source register: the set's sources."""
        return self.set.sources if self.set else []

    def source_by_id(self, source_id: str | None) -> Source | None:
        """A registered source; ``None`` names the default one (SRC-1, or the only source)."""
        sources = self.sources
        if source_id is None:
            return next((s for s in sources if s.id == "SRC-1"), sources[0] if len(sources) == 1 else None)
        return next((s for s in sources if s.id == source_id), None)

    @property
    def source(self) -> Source:
        """The primary source (SRC-1) as the pages show it under the title."""
        return self.source_by_id(None) or Source()

    @property
    def run_id(self) -> str | None:
        if self.set and self.set.run_id:
            return self.set.run_id.value
        return next((r.run_id for r in self.reports.values() if r.run_id), None)

    @property
    def reviewed_boundary(self) -> str | None:
        return next((r.reviewed_boundary for r in self.reports.values() if r.reviewed_boundary), None) or (
            self.set.reviewed_boundary.value if self.set and self.set.reviewed_boundary else self.source.revision
        )


@dataclass
class Collection:
    systems: dict[str, System] = field(default_factory=dict)
    #: the member types this collection knows (the built-in ones unless it declares more)
    types: TypeRegistry = field(default_factory=lambda: builtin_registry())

    def reports(self) -> list[Report]:
        return [report for system in self.systems.values() for report in system.reports.values()]

    def records(self) -> list[Record]:
        return [record for report in self.reports() for record in report.records]
