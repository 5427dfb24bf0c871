"""The memory profile's comparison: read from its checked YAML and shown as blocks.

Revision 1 (no ``version``) gives each axis ``values`` and one ``evidence`` entry per value;
revision 2 (``version: 2``) gives ``units`` of ``findings``. The records it cites are
citations of the set, shown on the page as the method's other citations are. Its rules
against the method's axes and vocabularies are ``rules.profile_rules``'.
"""

from __future__ import annotations

from ..diagnostics import Location
from ..method.ids import DESTINATION_RE, id_spelled_by
from ..model import (
    AxisValue,
    Block,
    Citation,
    ComparisonAxis,
    ComparisonRecord,
    ComparisonUnit,
    FieldList,
    Finding,
    Heading,
    LabelledField,
    MemoryComparison,
    Place,
    Row,
    Table,
)
from ..schemas.conform import Fields, Items, quoted
from ..yamlio.reader import Node
from ..yamlio.styled import styled_mapping
from .block_builder import BlockBuilder, Container, slug

SECTION = "memory_comparison"
ANCHOR = "memory-comparison"
HEADING = "Memory comparison"
_COLUMNS = ["value", "basis", "records", "note"]


class ComparisonReader:
    """Builds the comparison of one profile and the blocks its page shows, collecting its
    citations into ``builder``."""

    def __init__(self, builder: BlockBuilder) -> None:
        self.builder = builder
        self.yaml_file = builder.yaml_file
        self.container = Container(SECTION, ANCHOR, HEADING, HEADING, headings=True)
        self.container.used.add(ANCHOR)
        self.blocks: list[Block] = []

    def location(self, node: Node) -> Location:
        return self.yaml_file.location(node)

    def read(self, fields: Fields, node: Node) -> MemoryComparison:
        axes_node = fields.key_nodes.get("axes", node)
        comparison = MemoryComparison(fields.get("version"), fields.get("scope", ""), [], self.location(node),
                                      self.location(axes_node), styled_mapping(fields.node))
        head = [(label, key) for label, key in (("Version", "version"), ("Scope", "scope")) if key in fields]
        self.blocks.append(self.field_list(head, fields, Place(SECTION, ANCHOR, HEADING, ANCHOR), f"{ANCHOR}--"))
        axes: Fields | None = fields.get("axes")
        if axes is not None:
            for name, axis_fields in axes.items():
                if isinstance(axis_fields, Fields):
                    comparison.axes.append(self.axis(name, axis_fields, axes.key_nodes[name]))
        return comparison

    # -- model ----------------------------------------------------------------------------

    def records(self, items: Items | None, place: Place) -> list[ComparisonRecord]:
        out = []
        for written, node in zip(items or [], items.nodes if items else [], strict=True):
            record_id = self.record_id(written, node)
            out.append(ComparisonRecord(written, record_id, self.location(node)))
            if record_id is not None:
                self.builder.citations.append(Citation(record_id, self.builder.system, self.builder.member, place, self.location(node)))
        return out

    def record_id(self, written: str, node: Node) -> str | None:
        grammar = self.builder.grammar
        if grammar.id_re.fullmatch(written):
            return written
        match = DESTINATION_RE.fullmatch(written)
        if match is not None:
            member, anchor = match.groups()
            record_id = id_spelled_by(anchor)
            declaring = grammar.member_of(record_id)
            if declaring is not None and declaring != member:
                self.builder.diagnostics.error(
                    self.location(node), f"{written!r} names {member}.md, but {record_id} is declared in {declaring}.md",
                    f"write {declaring}.md#{record_id.lower()}",
                )
            return record_id
        self.builder.diagnostics.error(
            self.location(node), f"{quoted(written)} is not a record citation",
            "write the record's ID (MEM-RTE-update-path) or its link destination (memory.md#mem-rte-update-path)",
        )
        return None

    def axis(self, name: str, fields: Fields, key_node: Node) -> ComparisonAxis:
        heading = Heading(name, 3, self.container.unique(f"{ANCHOR}--{slug(name)}"))
        self.blocks.append(heading)
        place = Place(SECTION, heading.anchor, f"{HEADING} › {name}", ANCHOR)
        axis = ComparisonAxis(name, fields.get("assessment", ""), [], fields.get("note", ""), self.location(key_node),
                              self.location(fields.nodes.get("assessment", key_node)))
        shown = [("Assessment", "assessment")] + ([("Values", "values")] if "values" in fields else []) + [
            ("Records", "records"), ("Note", "note")]
        self.blocks.append(self.field_list(shown, fields, place, f"{heading.anchor}--"))
        axis.records = self.records(fields.get("records"), Place(SECTION, f"{heading.anchor}--records", f"{place.label} — Records", ANCHOR))
        if "values" in fields or "evidence" in fields:
            values: Items | None = fields.get("values")
            axis.values = [AxisValue(value, self.location(node)) for value, node in zip(values or [], values.nodes if values else [], strict=True)]
            evidence: Fields | None = fields.get("evidence")
            rows = [(value, entry, evidence.key_nodes[value]) for value, entry in evidence.items() if isinstance(entry, Fields)] if evidence else []
            axis.evidence = self.findings(rows, place)
        if "units" in fields:
            axis.units = [self.unit(unit, number, place) for number, unit in enumerate(fields.get("units") or [], start=1)]
        return axis

    def unit(self, fields: Fields, number: int, axis_place: Place) -> ComparisonUnit:
        heading = Heading(f"Unit {number}", 4, self.container.unique(f"{axis_place.anchor}--unit-{number}"))
        self.blocks.append(heading)
        place = Place(SECTION, heading.anchor, f"{axis_place.label} › Unit {number}", ANCHOR)
        self.blocks.append(self.field_list([("Scope", "scope"), ("Assessment", "assessment"), ("Records", "records"),
                                            ("Note", "note")], fields, place, f"{heading.anchor}--"))
        findings = fields.get("findings") or []
        rows = [(entry.get("value", ""), entry, entry.nodes.get("value", entry.node)) for entry in findings]
        unit = ComparisonUnit(fields.get("scope", ""), fields.get("assessment", ""), self.findings(rows, place),
                              self.records(fields.get("records"), Place(SECTION, f"{heading.anchor}--records", f"{place.label} — Records", ANCHOR)),
                              fields.get("note", ""), self.location(fields.node),
                              self.location(fields.nodes.get("assessment", fields.node)))
        return unit

    def findings(self, rows: list[tuple[str, Fields, Node]], place: Place) -> list[Finding]:
        """The findings of an axis or unit, shown as one table (value, basis, records, note)."""
        if not rows:
            return []
        container = self.container
        container.tables += 1
        stem = f"{place.anchor}--findings"
        table = Table(list(_COLUMNS), [], container.tables, container.unique(stem), place)
        out = []
        for number, (value, entry, value_node) in enumerate(rows, start=1):
            anchor = container.unique(f"{stem}-row-{number}")
            row_place = Place(SECTION, anchor, f"{place.label}, row {number}: {value}", ANCHOR)
            records: Items | None = entry.get("records")
            note = self.builder.cite(entry.get("note", ""), entry.nodes.get("note"), row_place)
            table.rows.append(Row([value, entry.get("basis", ""), ", ".join(records or []), note], number, anchor))
            out.append(Finding(value, entry.get("basis", ""), self.records(records, row_place), note, self.location(value_node),
                               self.location(entry.nodes["basis"]) if "basis" in entry.nodes else None,
                               self.location(entry.nodes["records"]) if "records" in entry.nodes else None))
        self.blocks.append(table)
        return out

    def field_list(self, shown: list[tuple[str, str]], fields: Fields, place: Place, stem: str) -> FieldList:
        out = FieldList([])
        for label, key in shown:
            if key not in fields.nodes:
                continue
            value = fields.get(key, "")
            if isinstance(value, list):
                value = ", ".join(value)
            elif key in ("scope", "note"):
                value = self.builder.cite(value, fields.nodes[key], Place(SECTION, f"{stem}{slug(label)}", f"{place.label} — {label}", ANCHOR))
            node = fields.nodes[key]
            out.fields.append(LabelledField(label, value, self.container.unique(f"{stem}{slug(label)}"),
                                            self.location(fields.key_nodes.get(key, node)), self.location(node)))
        return out


def read_comparison(builder: BlockBuilder, fields: Fields, node: Node) -> tuple[MemoryComparison, list[Block]]:
    """The comparison of a profile, and the blocks that show it."""
    reader = ComparisonReader(builder)
    comparison = reader.read(fields, node)
    return comparison, reader.blocks
