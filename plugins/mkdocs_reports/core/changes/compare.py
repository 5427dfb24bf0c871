"""Compare two collection exports (base, head): which records and annotations came, went or
changed, field by field, and which citations newly dangle or newly resolve.

Records are matched by (system, report, ID); annotations by (system, report, annotated ID,
n-th annotation on it). A record whose ID changed is one removed and one added.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..method.ids import anchor_of
from ..model import Annotation
from .model import Change, Changes, CitationChange, FieldChange, ItemChange, ItemKind, ReportChanges, Span
from .quotes import quote_changes
from .snapshot import Snapshot, SnapshotError
from .textdiff import item_diff, normalize, word_diff

ReportKey = tuple[str, str]  # (system slug, member)


@dataclass(frozen=True)
class _Field:
    """A prose value (compared word by word) or a list of items (compared as a set)."""

    name: str
    value: str | list[str]

    @property
    def compared(self) -> str | frozenset[str]:
        return normalize(self.value) if isinstance(self.value, str) else frozenset(self.value)

    def blank(self) -> _Field:
        """The same field, absent: how a field missing on one side compares."""
        return _Field(self.name, "" if isinstance(self.value, str) else [])

    def diff(self, head: _Field) -> tuple[Span, ...]:
        if isinstance(self.value, str) and isinstance(head.value, str):
            return word_diff(self.value, head.value)
        return item_diff(list(self.value), list(head.value))


@dataclass
class _Item:
    """A record or annotation reduced to what a reviewer compares."""

    item: ItemKind
    id: str
    label: str
    anchor: str
    fields: dict[str, _Field] = field(default_factory=dict)


def _quote_line(quote: dict) -> str:
    where = f"{quote['path']}:{quote['lines']}" if quote.get("lines") else quote["path"]
    passage = normalize(quote["passage"])
    return f"{where} “{passage if len(passage) <= 80 else passage[:79] + '…'}”"


def _labelled(item: _Item, fields: list[dict]) -> None:
    """Each labelled field of a body as its own field, by label (a repeated label numbered)."""
    seen: Counter[str] = Counter()
    for entry in fields:
        seen[entry["label"]] += 1
        key = entry["label"] if seen[entry["label"]] == 1 else f"{entry['label']} ({seen[entry['label']]})"
        item.fields[f"field.{key}"] = _Field(key, entry["value"] or "")


def _blocks_items(body: list[dict]) -> list[str]:
    """Tables and lists of a body as items a reviewer can compare (a row, a list item)."""
    items = []
    for block in body:
        if block.get("kind") == "table":
            items += [" | ".join(row["cells"]) for row in block["rows"]]
        elif block.get("kind") == "list":
            items += [item["text"] for item in block["items"]]
    return items


def _record(record: dict) -> _Item:
    item = _Item("record", record["id"], record["label"], anchor_of(record["id"]))
    fields = item.fields
    fields["label"] = _Field("Label", record["label"])
    fields["part_of"] = _Field("Part of", record.get("part_of") or "")
    fields["text"] = _Field("Text", record.get("text") or "")
    _labelled(item, record.get("fields") or [])
    fields["quotes"] = _Field("Quotes", [_quote_line(q) for q in record.get("quotes") or []])
    fields["rows"] = _Field("Table rows and list items", _blocks_items(record.get("body") or []))
    fields["cites"] = _Field("Citations", list(record.get("cites") or []))
    return item


def _annotation(annotation: dict, index: int) -> _Item:
    anchor = annotation.get("anchor")
    if anchor is None:  # an export without anchors: the model's rule, so links land on it
        on, system, member = annotation["on"], annotation["system"], annotation["member"]
        anchor = Annotation(on, system, member, index, location=None).anchor  # type: ignore[arg-type]
    item = _Item("annotation", annotation["on"], f"Annotation on {annotation['on']}", anchor)
    item.fields["label"] = _Field("Label", annotation.get("label") or "")
    item.fields["text"] = _Field("Text", annotation.get("text") or "")
    _labelled(item, annotation.get("fields") or [])
    item.fields["quotes"] = _Field("Quotes", [_quote_line(q) for q in annotation.get("quotes") or []])
    item.fields["rows"] = _Field("Table rows and list items", _blocks_items(annotation.get("body") or []))
    return item


def _section(section: dict) -> _Item:
    item = _Item("section", section["key"], section["heading"], section["anchor"])
    item.fields["text"] = _Field(section["heading"], section["text"])
    return item


def _items(export: dict) -> dict[ReportKey, dict[tuple, _Item]]:
    """Every report's sections, records and annotations by match key, in page order."""
    reports: dict[ReportKey, dict[tuple, _Item]] = {}
    for system in export["systems"]:
        for report in system["reports"]:
            items = reports.setdefault((system["slug"], report["member"]), {})
            for section in report.get("sections") or []:  # exports before sections had none
                items[("section", section["key"])] = _section(section)
    for record in export["records"]:
        items = reports.setdefault((record["system"], record["member"]), {})
        items.setdefault(("record", record["id"]), _record(record))  # a duplicate ID: the first wins
    positions: Counter[ReportKey] = Counter()  # an annotation's place among its report's annotations
    on_same: Counter[tuple] = Counter()  # and among those on the same record
    for annotation in export["annotations"]:
        report = (annotation["system"], annotation["member"])
        positions[report] += 1
        on_same[report, annotation["on"]] += 1
        key = ("annotation", annotation["on"], on_same[report, annotation["on"]])
        reports.setdefault(report, {})[key] = _annotation(annotation, positions[report])
    return reports


def _reports(export: dict) -> dict[ReportKey, tuple[str, str]]:
    """(system name, title) of every report, in collection order."""
    return {
        (system["slug"], report["member"]): (system["name"], report["title"])
        for system in export["systems"]
        for report in system["reports"]
    }


def _field_changes(before: _Item, after: _Item) -> tuple[FieldChange, ...]:
    changes = []
    for key in dict.fromkeys([*after.fields, *before.fields]):
        old = before.fields.get(key) or after.fields[key].blank()
        new = after.fields.get(key) or old.blank()
        if old.compared != new.compared:
            changes.append(FieldChange(key, new.name, old.diff(new)))
    return tuple(changes)


def _change(change: Change, item: _Item, fields: tuple[FieldChange, ...] = ()) -> ItemChange:
    return ItemChange(change, item.item, item.id, item.label, item.anchor, fields)


def _report_items(base: dict[tuple, _Item], head: dict[tuple, _Item]) -> list[ItemChange]:
    """Added and changed items in head order, then removed ones in base order."""
    changes = []
    for key, item in head.items():
        if key not in base:
            changes.append(_change("added", item))
        elif fields := _field_changes(base[key], item):
            changes.append(_change("changed", item, fields))
    return changes + [_change("removed", item) for key, item in base.items() if key not in head]


def _citations(export: dict) -> dict[tuple, dict]:
    """Citations by (system, member, target, place, n-th such citation there)."""
    keyed: dict[tuple, dict] = {}
    seen: Counter[tuple] = Counter()
    for citation in export["citations"]:
        key = (citation["system"], citation["member"], citation["target"], citation["place"]["label"])
        seen[key] += 1
        keyed[(*key, seen[key])] = citation
    return keyed


def _newly_dangling(before: str | None, after: str) -> bool:
    return after == "unresolved" and before != "unresolved"


def _newly_resolved(before: str | None, after: str) -> bool:
    return before == "unresolved" and after != "unresolved"


def _citation_changes(base: dict, head: dict, keep: Callable[[str | None, str], bool]) -> tuple[CitationChange, ...]:
    changes = []
    for key, citation in head.items():
        before = base[key]["resolution"] if key in base else None
        if keep(before, citation["resolution"]):
            changes.append(
                CitationChange(
                    citation["system"],
                    citation["member"],
                    citation["target"],
                    before,
                    citation["resolution"],
                    citation["place"]["label"],
                    citation["place"]["anchor"],
                    citation["file"],
                    citation["line"],
                    citation["column"],
                )
            )
    return tuple(changes)


def compare(base: Snapshot, head: Snapshot) -> Changes:
    """What a reviewer of ``head`` needs to know about it, measured against ``base``.

    ``head`` is this build's own export; ``base`` may be a file from elsewhere, so an entry
    missing a key raises ``SnapshotError`` that names it, not a traceback.
    """
    try:
        return _compare(base, head)
    except (KeyError, TypeError, AttributeError) as error:
        raise SnapshotError(
            f"{base.label} is not a usable collection export: an entry lacks {error}; "
            "make one with: mkdocs-reports export --format json"
        ) from None


def _compare(base: Snapshot, head: Snapshot) -> Changes:
    base_reports, head_reports = _reports(base.export), _reports(head.export)
    base_items, head_items = _items(base.export), _items(head.export)
    reports = []
    for key in dict.fromkeys([*head_reports, *base_reports]):
        change: Change
        old, new = base_items.get(key, {}), head_items.get(key, {})
        # a whole report that came or went lists its records and annotations, not its prose
        if key not in base_reports:
            change, items = "added", [_change("added", i) for i in new.values() if i.item != "section"]
        elif key not in head_reports:
            change, items = "removed", [_change("removed", i) for i in old.values() if i.item != "section"]
        else:
            change, items = "changed", _report_items(old, new)
        if change != "changed" or items:
            system_name, title = head_reports.get(key) or base_reports[key]
            reports.append(ReportChanges(key[0], system_name, key[1], title, change, tuple(items)))
    base_citations, head_citations = _citations(base.export), _citations(head.export)
    return Changes(
        base=base.label,
        head=head.label,
        reports=tuple(reports),
        dangling=_citation_changes(base_citations, head_citations, _newly_dangling),
        resolved=_citation_changes(base_citations, head_citations, _newly_resolved),
        base_errors=base.errors,
        head_errors=head.errors,
        quotes=quote_changes(base.export, head.export),
    )
