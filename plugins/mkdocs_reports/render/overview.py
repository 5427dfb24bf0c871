"""Counts and listings across the collection: what the home, system, index and coverage
pages summarise. Computed once per build, so every page shows the same numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..core.graph import CitationGraph
from ..core.model import ExternalRecord, Record, Report, System, Table
from ..core.type_files import builtin_method
from .backlinks import Backlinks


def kind_anchor(kind: str) -> str:
    """Anchor of a kind heading: ``Operative objects`` → ``operative-objects``."""
    return builtin_method().kinds[kind].lower().replace(" ", "-")


def member_title(member: str) -> str:
    """How the nav and listings name a member that is not published: ``Runtime report``."""
    return f"{member.capitalize()} report"


@dataclass
class SystemView:
    system: System
    reports: list[Report]
    external: dict[str, list[ExternalRecord]]  # missing member → its cited records
    records: dict[str, list[Record]] = field(default_factory=dict)  # kind → records, page order

    @property
    def external_count(self) -> int:
        return sum(len(records) for records in self.external.values())

    def statuses(self) -> Counter[str]:
        """How often each conclusion status value is given across the system's routes."""
        return Counter(value for records in self.records.values() for r in records for value in r.status.values())


@dataclass
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


class Overview:
    def __init__(self, graph: CitationGraph, backlinks: Backlinks) -> None:
        self.graph = graph
        types = graph.collection.types
        self.kinds = types.method.kinds
        self.status_values = types.method.status_vocabulary.values
        self.systems: list[SystemView] = []
        for slug in sorted(graph.collection.systems):
            system = graph.collection.systems[slug]
            reports = sorted(system.reports.values(), key=lambda r: types.order(r.member))
            view = SystemView(system, reports, graph.external_members(slug))
            view.records = {kind: [] for kind in self.kinds}
            for report in reports:
                for kind, records in report.records_by_kind(self.kinds).items():
                    view.records[kind].extend(records)
            self.systems.append(view)
        self.index: list[IndexEntry] = []
        for view in self.systems:
            slug = view.system.slug
            for records in view.records.values():
                for record in records:
                    count = backlinks.count(slug, record.id)
                    self.index.append(IndexEntry(record, view, view.system.reports[record.member], count))
            for records in view.external.values():
                for record in records:
                    self.index.append(IndexEntry(record, view, None, backlinks.count(slug, record.id)))
        self.index.sort(key=lambda e: (e.record.id, e.view.system.slug))

    @property
    def reports(self) -> list[Report]:
        return [report for view in self.systems for report in view.reports]

    @property
    def coverage_tables(self) -> list[tuple[SystemView, Report, Table]]:
        """Every coverage table of every member, by system and member order."""
        return [(view, report, table) for view in self.systems for report in view.reports for table in report.coverage_tables()]
