"""Counts and listings across the collection: what the home, system, index and coverage
pages summarise. Computed once per build, so every page shows the same numbers."""

from __future__ import annotations

import heapq
import re
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

from ..core.model import ExternalRecord, Record, Report, System, Table, Text
from ..core.rules.graph import CitationGraph
from ..core.rules.set_rules import Limit, carried_limits
from ..core.schemas.language import UNRECORDED
from .backlinks import Backlinks


def kind_anchor(heading: str) -> str:
    """Anchor of a kind heading (a kind's heading of the collection's method, as
    ``overview.kinds`` gives it): ``Operative objects`` → ``operative-objects``."""
    return heading.lower().replace(" ", "-")


def role_title(member: str) -> str:
    """How a member is named where its type fills several roles (the verification): by its
    role, ``report-verification`` → ``Report verification``."""
    return member.replace("-", " ").capitalize()


def member_title(member: str) -> str:
    """How the nav and listings name a member that is not published: ``Runtime report``."""
    return f"{member.capitalize()} report"


#: where a paragraph's first sentence ends
_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+")

@dataclass
class SystemView:
    system: System
    reports: list[Report]
    external: dict[str, list[ExternalRecord]]  # missing member → its cited records
    records: dict[str, list[Record]] = field(default_factory=dict)  # kind → records, page order
    index: list[IndexEntry] = field(default_factory=list)  # its rows of the record index, by ID

    @property
    def external_count(self) -> int:
        return sum(len(records) for records in self.external.values())

    def what_it_is(self) -> str | None:
        """What the reports say the system is, for a glance: the entry member's description,
        else the first member's that was recorded, else the first sentence of the reports'
        prose. A value the author could not record never stands in for it."""
        members = [r for r in (self.system.entry, *self.reports) if r is not None]
        for report in members:
            if report.description and not report.description.strip().startswith(UNRECORDED):
                return report.description
        for report in members:
            for section in report.sections.values():
                for block in section.blocks:
                    if isinstance(block, Text) and block.text.strip():
                        return _FIRST_SENTENCE.split(block.text.strip(), maxsplit=1)[0]
        return None

    def member(self, member: str) -> Report | list[ExternalRecord] | None:
        """The member's published report, the records cited from it when it is not
        published, or None when the system's reports neither have nor cite it."""
        return self.system.reports.get(member) or self.external.get(member)

    @cached_property
    def carried_limits(self) -> dict[tuple[str, str], Limit]:
        """Each verification limit that cites records, by its member and its anchor there:
        the front page links it to the row of the limitations that carries it."""
        if self.system.layout is None:
            return {}
        _, limits = carried_limits(self.system, self.system.layout)
        return {(limit.member, limit.anchor): limit for limit in limits}


@dataclass
class StatusLayer:
    """One layer of conclusion statuses ("implementation", "operation", …: the author's
    word before "conclusion status"), counted per system: the layers are separate claims
    (what the code does, what a run showed), so they are never added up together."""

    name: str
    values: list[str]  # the values given in this layer, in the vocabulary's order
    counts: dict[str, Counter[str]]  # system slug → value → how many records give it


@dataclass(slots=True)  # one per record of the collection: no __dict__ each
class IndexEntry:
    """One row of the record index: a declared or an external record."""

    record: Record | ExternalRecord
    view: SystemView
    report: Report | None  # None for an external record
    citations: int

    @property
    def label(self) -> str:
        return self.record.label if isinstance(self.record, Record) else ""

    @property
    def status(self) -> dict[str, str]:
        return self.record.status if isinstance(self.record, Record) else {}


#: a system's piece, kept while its reports are the same (``KeptPages.piece``): (view, key, make)
Piece = Callable[[SystemView, Hashable, Callable[[], Any]], Any]


def _index_entries(view: SystemView, backlinks: Backlinks) -> list[IndexEntry]:
    """A system's rows of the record index, by ID (the same ID's in the order declared, an
    external record's last)."""
    slug = view.system.slug
    entries: list[IndexEntry] = []
    for records in view.records.values():
        for record in records:
            entries.append(IndexEntry(record, view, view.system.reports[record.member], backlinks.count(slug, record.id)))
    for cited in view.external.values():
        for external in cited:
            entries.append(IndexEntry(external, view, None, backlinks.count(slug, external.id)))
    entries.sort(key=lambda e: e.record.id)
    return entries


def status_counts(view: SystemView) -> dict[str, Counter[str]]:
    """How many of a system's records give each value, by layer, in the order the layers
    first appear there: made of its own reports alone."""
    counts: dict[str, Counter[str]] = {}
    for records in view.records.values():
        for record in records:
            for layer, value in record.status.items():
                counts.setdefault(layer.strip(), Counter())[value.strip()] += 1
    return counts


#: a system's view from the last build, when made of the very same reports (``KeptPages.view``)
LastView = Callable[[str, list[Report]], "SystemView | None"]


class Overview:
    def __init__(self, graph: CitationGraph, backlinks: Backlinks, piece: Piece | None = None, last_view: LastView | None = None) -> None:
        """``piece``: where a system's counts are kept from build to build (``mkdocs serve``);
        ``last_view``: where a system's view (its records by kind, its index entries) is:
        a system shows its own reports only, so a view of the same reports is the same."""
        self.graph = graph
        self._piece: Piece = piece or (lambda view, key, make: make())
        types = graph.collection.types
        self.kinds = types.method.kinds
        self.status_values = types.method.status_vocabulary.values
        self.systems: list[SystemView] = []
        for slug in sorted(graph.collection.systems):
            system = graph.collection.systems[slug]
            reports = sorted(system.reports.values(), key=lambda r: types.order(r.member))
            view = last_view(slug, reports) if last_view is not None else None
            if view is None:
                view = SystemView(system, reports, graph.external_members(slug))
                view.records = {kind: [] for kind in self.kinds}
                for report in reports:
                    for kind, records in report.records_by_kind(self.kinds).items():
                        view.records[kind].extend(records)
                view.index = _index_entries(view, backlinks)
            self.systems.append(view)

    @cached_property
    def index(self) -> list[IndexEntry]:
        """Every row of the record index, by ID then system: each system's, in that order
        already, merged."""
        return list(heapq.merge(*(view.index for view in self.systems), key=lambda e: e.record.id))

    @property
    def index_count(self) -> int:
        """How many rows the record index has (without listing them together)."""
        return sum(len(view.index) for view in self.systems)

    def layers_of(self, view: SystemView) -> list[StatusLayer]:
        """The status layers a system's records give, in the order they first appear there
        (so a system's page depends on its own reports only)."""
        order: dict[str, None] = {}
        for records in view.records.values():
            for record in records:
                order.update((layer.strip(), None) for layer in record.status)
        by_name = {layer.name: layer for layer in self.status_layers}
        return [by_name[name] for name in order]

    @cached_property
    def status_layers(self) -> list[StatusLayer]:
        """Every status layer given in the collection, in the order they first appear."""
        counts: dict[str, dict[str, Counter[str]]] = {}
        for view in self.systems:
            for layer, values in self._piece(view, "status-counts", partial(status_counts, view)).items():
                counts.setdefault(layer, {})[view.system.slug] = values
        layers = []
        for name, by_system in counts.items():
            given = set().union(*by_system.values())
            values = [v for v in self.status_values if v in given] + sorted(given - set(self.status_values))
            layers.append(StatusLayer(name, values, by_system))
        return layers

    @property
    def members(self) -> list[str]:
        """Every member of the layouts the systems are read with, the members of the
        collection's own types, and any other member a system publishes or cites, in the
        reading order of a set."""
        types = self.graph.collection.types
        found = {m for view in self.systems for m in [*view.system.reports, *view.external]}
        laid_out = {m for view in self.systems if view.system.layout for m in view.system.layout.members}
        own = {t.member for t in types.types.values() if not t.builtin}
        return sorted(found | laid_out | own, key=types.order)

    @property
    def reports(self) -> list[Report]:
        return [report for view in self.systems for report in view.reports]

    @property
    def coverage_tables(self) -> list[tuple[SystemView, Report, Table]]:
        """Every coverage table of every member, by system and member order."""
        return [(view, report, table) for view in self.systems for report in view.reports for table in report.coverage_tables()]
