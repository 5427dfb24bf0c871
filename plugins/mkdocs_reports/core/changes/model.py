"""What changed between two builds of the collection, shaped for a Changes page.

Everything a page needs to link an entry is here: the report page (``<system>/<member>/``)
and the anchor on it. Entries that are gone (``removed``) stand only in the base build,
so a page should name them without a link.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

FORMAT = "mkdocs-reports/changes"
VERSION = 1

Change = Literal["added", "removed", "changed"]
Resolution = Literal["declared", "external", "unresolved"]
ItemKind = Literal["section", "record", "annotation"]
QuoteChangeKind = Literal["added", "changed", "no longer verified"]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class Span:
    """A piece of a short diff: ``same`` text, ``removed`` or ``added`` words, or a ``gap``."""

    kind: Literal["same", "removed", "added", "gap"]
    text: str  # source text (Markdown, record IDs): show it escaped, as written


@dataclass(frozen=True)
class FieldChange:
    """One field that differs, with a short diff of it."""

    field: str  # stable key: label, part_of, text, field.<label>, quotes, rows, cites
    name: str  # as a reader calls it: "Label", "Later read-back", "operation conclusion status"
    diff: tuple[Span, ...]


@dataclass(frozen=True)
class ItemChange:
    """A section, record or annotation that was added, removed or changed."""

    change: Change
    item: ItemKind
    id: str  # the record's ID; for an annotation, the ID of the record it annotates; a section's key
    label: str  # the record's label, "Annotation on <id>", or the section's heading
    anchor: str  # on the report page of the build it stands in (the base one when removed)
    fields: tuple[FieldChange, ...] = ()  # what differs, for a changed item


@dataclass(frozen=True)
class ReportChanges:
    """The changes of one report; the report itself is new, gone, or in both builds."""

    system: str  # slug
    system_name: str
    member: str
    title: str
    change: Change
    items: tuple[ItemChange, ...]

    @property
    def page(self) -> str:
        return f"{self.system}/{self.member}/"

    @property
    def records(self) -> tuple[ItemChange, ...]:
        return tuple(i for i in self.items if i.item == "record")

    @property
    def annotations(self) -> tuple[ItemChange, ...]:
        return tuple(i for i in self.items if i.item == "annotation")


@dataclass(frozen=True)
class CitationChange:
    """A citation of the head build that newly dangles or newly resolves."""

    system: str
    member: str  # the citing report
    target: str  # the cited record ID
    before: Resolution | None  # None: the citation is new
    after: Resolution
    place: str  # where it stands, as a reader calls it: "MEM-RTE-x — Later read-back"
    anchor: str  # of that place on the citing report's page
    file: str
    line: int
    column: int

    @property
    def page(self) -> str:
        return f"{self.system}/{self.member}/"


@dataclass(frozen=True)
class QuoteChange:
    """A quote of the head build that was added, changed, or is no longer verified."""

    system: str
    member: str
    anchor: str  # of the quote on its report page
    place: str  # "MEM-OBJ-x, quote 1"
    path: str
    change: QuoteChangeKind
    before: str | None  # the base's verification state (verified, unverified, changed, …); None: new
    after: str | None  # the head's

    @property
    def page(self) -> str:
        return f"{self.system}/{self.member}/"

    @property
    def verified(self) -> bool:
        return self.after == "verified"


@dataclass(frozen=True)
class Changes:
    """The head build against its base: reports in collection order, then citations."""

    base: str  # what the head was compared against, e.g. "origin/main at 1a2b3c4"
    head: str
    reports: tuple[ReportChanges, ...]
    dangling: tuple[CitationChange, ...]  # unresolved in head, not unresolved (or absent) in base
    resolved: tuple[CitationChange, ...]  # unresolved in base, declared or external in head
    #: check errors of either build: what a file with errors declares may be missing from it
    base_errors: tuple[str, ...] = ()
    head_errors: tuple[str, ...] = ()
    quotes: tuple[QuoteChange, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.reports or self.dangling or self.resolved or self.quotes)

    def by_system(self) -> dict[str, list[ReportChanges]]:
        """Report changes grouped by system slug, in collection order."""
        systems: dict[str, list[ReportChanges]] = {}
        for report in self.reports:
            systems.setdefault(report.system, []).append(report)
        return systems

    def count(self, change: Change, item: str = "record") -> int:
        return sum(1 for r in self.reports for i in r.items if i.change == change and i.item == item)

    def summary(self) -> str:
        """One sentence, e.g. for a preview banner or a CI log."""
        if self.empty:
            return f"No changes against {self.base}."
        counts = ", ".join(
            f"{_plural(count, item)} {change}"
            for item in ("section", "record", "annotation")
            for change in ("added", "removed", "changed")
            if (count := self.count(change, item))
        )
        citations = f"{_plural(len(self.dangling), 'citation')} newly dangling, {len(self.resolved)} newly resolved"
        quotes = ", ".join(
            f"{_plural(count, 'quote')} {change}"
            for change in ("added", "changed", "no longer verified")
            if (count := sum(1 for q in self.quotes if q.change == change))
        )
        return (f"Changes against {self.base}: {counts or 'no sections, records or annotations changed'}; {citations}"
                + (f"; {quotes}" if quotes else "") + ".")

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, **asdict(self)}
