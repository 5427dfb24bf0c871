"""Member types: the record prefix each declares and the sections its page shows, in order.

A new member type is one entry here; the loader, the validator, the JSON Schema and the
pages all read this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Shape(Enum):
    """What a section holds in YAML."""

    PROSE = "prose"  # Markdown text
    BOUNDARY = "boundary"  # text + optional coverage table
    LIST = "list"  # numbered or bulleted Markdown items
    RECORDS = "records"
    ANNOTATIONS = "annotations"


@dataclass(frozen=True)
class SectionSpec:
    key: str
    heading: str
    shape: Shape
    omit_when_empty: bool = False


@dataclass(frozen=True)
class ReportType:
    name: str
    noun: str  # how a reader calls it: "memory report"
    prefix: str | None
    sections: tuple[SectionSpec, ...]

    @property
    def section_keys(self) -> tuple[str, ...]:
        return tuple(section.key for section in self.sections)


_RECORDS = SectionSpec("records", "Shared records", Shape.RECORDS)
_ANNOTATIONS = SectionSpec("annotations", "Annotations", Shape.ANNOTATIONS, omit_when_empty=True)

REPORT_TYPES: dict[str, ReportType] = {
    t.name: t
    for t in (
        ReportType(
            "agentic-system-memory-report",
            "memory report",
            "MEM",
            (
                SectionSpec("boundary", "Boundary and evidence", Shape.BOUNDARY),
                SectionSpec("core_ideas", "Core ideas", Shape.LIST),
                _RECORDS,
                _ANNOTATIONS,
                SectionSpec("write_side", "Write side", Shape.PROSE),
                SectionSpec("read_back", "Read-back", Shape.PROSE),
                SectionSpec("integration_issues", "Integration issues", Shape.LIST),
                SectionSpec("limitations", "Limitations and checks", Shape.PROSE),
            ),
        ),
        ReportType(
            "agentic-system-runtime-report",
            "runtime report",
            "RT",
            (
                SectionSpec("runtime_account", "Runtime account", Shape.PROSE),
                _RECORDS,
                _ANNOTATIONS,
            ),
        ),
        ReportType(
            "agentic-system-epistemic-report",
            "epistemic report",
            "EPI",
            (
                SectionSpec("source_and_claim_boundary", "Source-and-claim boundary", Shape.PROSE),
                SectionSpec("epistemic_object_inventory", "Epistemic-object inventory", Shape.PROSE),
                SectionSpec("authority_route_ledger", "Authority-route ledger", Shape.PROSE),
                SectionSpec(
                    "system_claim_versus_route_comparison",
                    "System-claim versus route comparison",
                    Shape.PROSE,
                ),
                SectionSpec("bounded_conclusion", "Bounded conclusion", Shape.PROSE),
                _RECORDS,
                _ANNOTATIONS,
            ),
        ),
    )
}

#: The seven route fields every ``*-RTE-*`` record answers, in page order.
ROUTE_FIELDS: dict[str, str] = {
    "immediate_return": "Immediate return",
    "later_read_back": "Later read-back",
    "delegated_visibility": "Delegated visibility",
    "selection_predicate": "Selection predicate",
    "invalidation_or_expiry": "Invalidation or expiry",
    "activation_or_effect": "Activation or effect",
    "evidence_limits": "Evidence limits",
}

#: The controlled vocabulary of conclusion statuses, weakest evidence first.
STATUS_VALUES: tuple[str, ...] = (
    "absent",
    "inapplicable",
    "uninspected",
    "claimed",
    "afforded",
    "wired",
    "observed",
    "causally supported",
)
