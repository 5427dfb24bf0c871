"""The collection as readers see it: systems (analysis sets) → reports → sections, records,
annotations, citations; each made of blocks in the author's order.

Plain data, no behaviour beyond derived names; built by the loader, linked by the graph.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple, get_args

from .diagnostics import Location
from .method.ids import anchor_of, kind_of
from .method.types import ReconciliationKind, ReportType, SectionSpec, SetType, TypeRegistry

if TYPE_CHECKING:
    from .grounding.lock import QuoteLock
    from .yamlio.styled import StyledMapping


#: how a quote stands against the quote lock (``Grounding`` says what each means)
GroundingState = Literal["verified", "captured", "unfetchable", "changed", "unverified", "stale", "unverifiable"]
#: how a list is written: each a key of its own in YAML
ListStyle = Literal["numbered", "bulleted", "paragraphs"]
LIST_STYLES: tuple[ListStyle, ...] = get_args(ListStyle)


#: ``slots=True`` on every class a report has many of (blocks, fields, places, citations,
#: records): no ``__dict__`` for each of them
@dataclass(slots=True)
class Place:
    """Where in a report something stands: a page anchor and a name a reader understands."""

    section: str  # section key, e.g. "records", "boundary"
    anchor: str  # HTML anchor on the report page
    label: str  # e.g. "MEM-RTE-memory-edit — Later read-back", "Authority-route ledger, row 3"
    #: the anchor of the record, annotation or section whose text this is (the anchor's
    #: container), carried so that nobody recovers it from the anchor's spelling
    owner: str


# --- blocks ----------------------------------------------------------------------------


@dataclass(slots=True)
class Quote:
    #: what the block is, for the pages: text, heading, quote, table, list or fields
    block_kind: ClassVar[str] = "quote"
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


@dataclass(frozen=True, slots=True)
class Grounding:
    """A quote measured against the quote lock.

    ``state`` is ``verified`` (found at ``lines`` of the source at ``revision``; ``match``
    says whether exactly or after whitespace normalisation), ``captured`` (found so, but in
    a plain folder taken as the revision: checked against a capture, not verified),
    ``unfetchable`` (locked, but its source is none CI can fetch to verify the lock again),
    ``changed`` (its passage or path changed since it was verified), ``unverified`` (no
    entry), ``stale`` (verified at another revision than the register's) or
    ``unverifiable`` (the source has no revision to check against). ``reason`` says it in
    words for pages and messages.
    """

    state: GroundingState
    reason: str
    lines: str | None = None
    match: str | None = None
    revision: str | None = None

    @property
    def verified(self) -> bool:
        return self.state == "verified"


@dataclass(slots=True)
class Text:
    block_kind: ClassVar[str] = "text"
    text: str
    place: Place


@dataclass(slots=True)
class Heading:
    block_kind: ClassVar[str] = "heading"
    text: str
    level: int  # 3 right under a section heading, 4 below that
    anchor: str


@dataclass(slots=True)
class Row:
    cells: list[str]
    number: int
    anchor: str


@dataclass(slots=True)
class Table:
    block_kind: ClassVar[str] = "table"
    columns: list[str]
    rows: list[Row]
    number: int  # among the tables of its container, from 1
    anchor: str
    place: Place  # the container's name, for "…, row 3"
    coverage: bool = False  # the member's coverage table


@dataclass(slots=True)
class Item:
    text: str
    number: int
    anchor: str


@dataclass(slots=True)
class ItemList:
    block_kind: ClassVar[str] = "list"
    style: ListStyle
    items: list[Item]


@dataclass(slots=True)
class LabelledField:
    """One ``Label: value`` line, e.g. ``Later read-back: …``."""

    label: str
    value: str
    anchor: str
    location: Location  # of the label
    value_location: Location
    #: the conclusion-status layer ("implementation") when the label is a status field
    status_layer: str | None = None


@dataclass(slots=True)
class FieldList:
    block_kind: ClassVar[str] = "fields"
    fields: list[LabelledField]


Block = Text | Heading | Quote | Table | ItemList | FieldList


def fields_of(blocks: list[Block]) -> list[LabelledField]:
    return [f for block in blocks if isinstance(block, FieldList) for f in block.fields]


def quotes_of(blocks: list[Block]) -> list[Quote]:
    return [block for block in blocks if isinstance(block, Quote)]


def tables_of(blocks: list[Block]) -> list[Table]:
    return [block for block in blocks if isinstance(block, Table)]


@dataclass(slots=True)
class Section:
    spec: SectionSpec
    blocks: list[Block]
    location: Location

    @property
    def key(self) -> str:
        return self.spec.key


# --- references ------------------------------------------------------------------------


@dataclass(slots=True)
class Citation:
    """One record ID written in a report: bare, as inline code, or as a link."""

    target: str  # the cited record ID
    system: str  # slug of the citing report's system: IDs are scoped by system
    member: str  # the citing report
    place: Place
    location: Location


@dataclass(slots=True)
class SourceReference:
    """A source of the register named in a report: ``SRC-1`` or an evidence anchor
    ``[SRC-1: `path`; `path`]`` (then with its paths)."""

    source: str
    system: str
    member: str
    place: Place
    location: Location
    paths: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Reconciliation:
    """An ``Amendment:`` or ``Unresolved conflict:`` entry: the records it concerns and,
    for a supersession, which records replace which."""

    kind: ReconciliationKind
    text: str
    system: str
    member: str
    place: Place
    location: Location
    concerns: list[str] = field(default_factory=list)  # every record ID it names
    superseded: str | None = None
    superseded_by: list[str] = field(default_factory=list)


# --- the memory profile's comparison ------------------------------------------------------


@dataclass
class ComparisonRecord:
    """A record a profile's ``records`` list cites: its ID, or its link destination
    (``memory.md#mem-rte-update-path``), as written; ``id`` is the record it names."""

    written: str
    id: str | None
    location: Location


@dataclass
class Finding:
    """One value of an axis with its evidence basis, records and note: a revision-1
    evidence entry (by value) or a revision-2 finding."""

    value: str
    basis: str
    records: list[ComparisonRecord]
    note: str
    location: Location  # of the value (revision 1: the evidence entry's key)
    basis_location: Location | None = None
    records_location: Location | None = None


@dataclass
class ComparisonUnit:
    """Revision 2: a classification unit of an axis."""

    scope: str
    assessment: str
    findings: list[Finding]
    records: list[ComparisonRecord]
    note: str
    location: Location
    assessment_location: Location


class AxisValue(NamedTuple):
    """A value a revision-1 axis lists, where it is written."""

    value: str
    location: Location


@dataclass
class ComparisonAxis:
    name: str
    assessment: str
    records: list[ComparisonRecord]
    note: str
    location: Location  # of the axis's key
    assessment_location: Location
    #: revision 1: the values (each with its location) and their evidence entries
    values: list[AxisValue] | None = None
    evidence: list[Finding] | None = None
    #: revision 2: the units
    units: list[ComparisonUnit] | None = None

    def findings(self) -> list[Finding]:
        if self.units is not None:
            return [finding for unit in self.units for finding in unit.findings]
        return list(self.evidence or [])


@dataclass
class MemoryComparison:
    """The memory profile's ``memory-comparison``: its scope and ten axes. ``spelling`` is
    the mapping as the author wrote it (quoting, flow lists), which the export writes back."""

    version: str | None
    scope: str
    axes: list[ComparisonAxis]
    location: Location
    axes_location: Location
    spelling: StyledMapping

    @property
    def revision(self) -> int:
        return 2 if self.version else 1

    def axis(self, name: str) -> ComparisonAxis | None:
        return next((axis for axis in self.axes if axis.name == name), None)

    def cited(self) -> list[ComparisonRecord]:
        """Every record the comparison's lists cite, in file order."""
        out: list[ComparisonRecord] = []
        for axis in self.axes:
            for finding in axis.evidence or []:
                out += finding.records
            for unit in axis.units or []:
                for finding in unit.findings:
                    out += finding.records
                out += unit.records
            out += axis.records
        return sorted(out, key=lambda r: (r.location.line, r.location.column))


# --- records and annotations -------------------------------------------------------------


class _Body:
    """What a record and an annotation read off their ``body`` of blocks."""

    __slots__ = ()  # theirs are their dataclasses' (no __dict__ for each record)
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


@dataclass(slots=True)
class Record(_Body):
    id: str
    label: str
    system: str
    member: str
    location: Location
    part_of: str | None = None
    body: list[Block] = field(default_factory=list)
    #: where the keys stood that later messages name (``loader.RECORD_KEYS_PLACED``)
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


@dataclass(slots=True)
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


@dataclass(slots=True)
class Stated:
    """A front-matter value and where it was written."""

    value: str
    location: Location


@dataclass
class PinnedMember:
    """A member the manifest pins: its file (``memory.md``), the member it is (``memory``)
    and its SHA-256."""

    file: str
    member: str
    sha256: str
    location: Location


@dataclass
class Manifest:
    """The method's ``ARTIFACT.yaml`` of a published set, kept in ``_set.yaml``: the set
    type, every member's digest (and whatever else the method's manifest says, such as its
    ``worker``); ``spelling`` is the manifest as the method wrote it, for the export."""

    type: str
    members: list[PinnedMember]
    location: Location
    spelling: StyledMapping
    #: who ran the set (the current manifests): profile, harness, launch-model, effort, model
    worker: dict[str, str] = field(default_factory=dict)

    def digest(self, member: str) -> str | None:
        return next((pinned.sha256 for pinned in self.members if pinned.member == member), None)


@dataclass
class AnalysisSet:
    """A system folder's shared metadata (``_set.yaml``): what every member inherits, and
    the provenance of a published set (its manifest, the method's inputs commit, the
    overview's result disposition)."""

    path: str
    location: Location
    system_name: Stated | None = None
    run_id: Stated | None = None
    reviewed_boundary: Stated | None = None
    sources: list[Source] = field(default_factory=list)
    result_disposition: Stated | None = None
    inputs_commit: Stated | None = None
    manifest: Manifest | None = None
    #: ``sources`` by ID (the first of an ID), made once: the pages look a source up for
    #: every citation of it and every row of the register, and a register may hold thousands
    _by_id: dict[str, Source] = field(default_factory=dict, init=False, repr=False, compare=False)
    _indexed: int = field(default=0, init=False, repr=False, compare=False)

    def source(self, source_id: str) -> Source | None:
        """The registered source of that ID (the first, should the register repeat it)."""
        if self._indexed != len(self.sources):  # the loader appends the sources one by one
            self._by_id = {}
            for source in self.sources:
                if source.id is not None:
                    self._by_id.setdefault(source.id, source)
            self._indexed = len(self.sources)
        return self._by_id.get(source_id)


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
    #: the type as the file names it (its name, or the name of one of the method's files of it)
    type_name: str = ""
    #: the other front-matter values (run_date, result_disposition, …: every key the member
    #: types add), its own or inherited from the set, by key
    front_matter: dict[str, str] = field(default_factory=dict)
    #: the memory profile's comparison (``memory_comparison``)
    comparison: MemoryComparison | None = None
    #: the other front-matter values that are YAML mappings (the boundary's ``source``), as
    #: written, by key
    front_mappings: dict[str, StyledMapping] = field(default_factory=dict)
    #: how the method's Markdown spelled this member where the export's default differs
    #: (``markdown:``: the front matter's order and quoting, annotation heading forms)
    spelling: dict = field(default_factory=dict)
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

    def records_by_kind(self, kinds: Iterable[str]) -> dict[str, list[Record]]:
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

    def value(self, key: str) -> str | None:
        """A front-matter value by its YAML key, own or inherited."""
        if key == "system":
            return self.system_name or None
        if key in NAMED_VALUES:
            return getattr(self, key)
        return self.front_matter.get(key)


#: the front-matter values a report holds as attributes of its own (the rest: ``front_matter``)
NAMED_VALUES = ("description", "run_id", "reviewed_boundary", "source_identity", "report_status")


@dataclass(slots=True)
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
    #: the set type its members are read with (the collection's ``layout_for`` them)
    layout: SetType | None = None

    @property
    def sources(self) -> list[Source]:
        """The source register: the set's sources."""
        return self.set.sources if self.set else []

    def source_by_id(self, source_id: str | None) -> Source | None:
        """A registered source; ``None`` names the default one (SRC-1, or the only source)."""
        if self.set is None:
            return None
        if source_id is None:
            sources = self.set.sources
            return self.set.source("SRC-1") or (sources[0] if len(sources) == 1 else None)
        return self.set.source(source_id)

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

    @property
    def entry(self) -> Report | None:
        """The member whose page is the set's front page (its layout's entry role)."""
        return self.reports.get(self.layout.entry_member) if self.layout else None

    @property
    def result_disposition(self) -> str | None:
        """The result disposition (``complete``, ``blocked``, ``out-of-scope``): the set's, or
        that of the member whose field the layout reads it from (the boundary, or the overview
        of the previous generation)."""
        if self.set and self.set.result_disposition:
            return self.set.result_disposition.value
        discriminator = self.layout.discriminator if self.layout else None
        holder = self.reports.get(discriminator[0]) if discriminator else None
        return holder.front_matter.get(discriminator[1]) if holder and discriminator else None

    @property
    def inputs_commit(self) -> str | None:
        """The method's commit the set was produced with (the entry's ``inputs-commit``)."""
        if self.set and self.set.inputs_commit:
            return self.set.inputs_commit.value
        entry = self.entry
        return entry.front_matter.get("inputs_commit") if entry else None

    @property
    def manifest(self) -> Manifest | None:
        """The published set's manifest (member digests), when it was imported with one."""
        return self.set.manifest if self.set else None


@dataclass
class Collection:
    systems: dict[str, System] = field(default_factory=dict)
    #: the member types this collection knows (the built-in ones unless it declares more):
    #: always the loader's, so that no part of a collection falls back on the method's own
    types: TypeRegistry = field(kw_only=True)

    def reports(self) -> list[Report]:
        return [report for system in self.systems.values() for report in system.reports.values()]

    def records(self) -> list[Record]:
        return [record for report in self.reports() for record in report.records]


def system_folder(system: System) -> str:
    """The system's folder as messages name it, with a final ``/``."""
    report = next(iter(system.reports.values()), None)
    return report.path.rsplit("/", 1)[0] + "/" if report and "/" in report.path else f"{system.slug}/"
