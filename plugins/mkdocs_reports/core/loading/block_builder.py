"""Turn the checked blocks of a section, record or annotation into model blocks, each with
its anchor and citing place, and collect what their text cites.

Anchors are derived from the container's (the section, record or annotation), after a
double hyphen, which no record ID holds (so ``mem-obj-memory--addresses``, a field, never
meets the record ``mem-obj-memory-addresses``): ``<container>--row-3`` for the third row of
its first table (``--table-2-row-3`` for its second), ``<container>--2`` for the second item
of its first list (``--list-2-2`` after), ``<container>--<label>`` for a labelled field,
``<container>--<heading>`` for a sub-heading.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..diagnostics import Diagnostics, Location
from ..method.types import SectionSpec, TypeRegistry, Vocabulary
from ..model import (
    LIST_STYLES,
    Block,
    Citation,
    FieldList,
    Heading,
    Item,
    ItemList,
    LabelledField,
    ListStyle,
    Place,
    Quote,
    Reconciliation,
    Row,
    SourceReference,
    Table,
    Text,
)
from ..prose.citations import SOURCE_RANGE, Mention, scan
from ..prose.images import remote_images
from ..prose.link_references import LinkReferences
from ..prose.shared import shared
from ..schemas.conform import Fields, Items, quoted
from ..yamlio.reader import Node, YamlFile

_SLUG = re.compile(r"[^a-z0-9]+")
_RECONCILIATION = re.compile(r"^(Amendment|Unresolved conflict):", re.MULTILINE)
_SUPERSEDED_BY = re.compile(r"\bis superseded by\b")
_BETWEEN_IDS = re.compile(r"^[\s,`]*+(?:and\s)?[\s`]*+$")  # possessive: no backtracking over a run of spaces


@lru_cache(maxsize=4096)
def slug(text: str, width: int = 48) -> str:
    """An anchor-safe form of a label or heading: ``Later read-back`` → ``later-read-back``.
    Kept for the labels a collection repeats in every record (``Operation conclusion status``)."""
    return _SLUG.sub("-", text.casefold()).strip("-")[:width].strip("-") or "x"


def shorten(text: str, width: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


@dataclass
class Container:
    """What blocks belong to: a section, a record or an annotation."""

    section: str  # the section key (for places)
    anchor: str  # the container's anchor: the prefix of its blocks' anchors
    label: str  # how places name it: "Authority-route ledger", "MEM-RTE-x", "Annotation on RT-X"
    text_label: str  # the place of its plain text: "Write side", "MEM-RTE-x — text"
    spec: SectionSpec | None = None  # a section's spec (table columns, coverage)
    headings: bool = False  # whether sub-headings may stand here
    used: set[str] = field(default_factory=set)  # anchors given out
    tables: int = 0
    lists: int = 0
    quotes: int = 0

    def unique(self, anchor: str) -> str:
        candidate, number = anchor, 1
        while candidate in self.used:
            number += 1
            candidate = f"{anchor}-{number}"
        self.used.add(candidate)
        return candidate


class BlockBuilder:
    """Builds the blocks of one report file; ``citations``, ``sources`` and
    ``reconciliations`` collect what their text refers to, with locations."""

    def __init__(self, yaml_file: YamlFile, system: str, member: str, registry: TypeRegistry, diagnostics: Diagnostics,
                 links_only: bool = False) -> None:
        self.yaml_file = yaml_file
        self.system = system
        self.member = member
        self.registry = registry
        self.method = registry.method
        self.grammar = registry.grammar.links_only_twin if links_only else registry.grammar
        self.diagnostics = diagnostics
        self.citations: list[Citation] = []
        self.sources: list[SourceReference] = []
        self.reconciliations: list[Reconciliation] = []
        #: link references of the file's fields, checked once the file is read (``link_references``)
        self.link_references = LinkReferences()

    # -- what text refers to -------------------------------------------------------------

    def cite(self, text: str | None, node: Node | None, place: Place) -> str:
        """Record the citations and source mentions of a Markdown text (and refuse images
        from other sites in it); returns the text."""
        if not text or node is None:
            return text or ""
        for _, url in remote_images(text) if "![" in text else ():  # (the same test, without a generator)
            self.diagnostics.error(
                self.yaml_file.location_of(node, url),
                f"the image {quoted(url)} is not on this site: every reader's browser would fetch it from elsewhere",
                "link to it instead ([what it shows](URL)); pages load nothing from other sites",
            )
        self.link_references.add(text, place.label, lambda written, count: self.yaml_file.location_in(node, written, count))
        mentions = scan(text, self.grammar)
        for mention in mentions:
            location = self.yaml_file.location_in(node, mention.written or mention.text, mention.occurrence)
            if mention.problem:
                self.diagnostics.error(
                    location,
                    f"{mention.text!r} looks like a record ID but is malformed: {mention.problem}",
                    "correct the ID, or write it inside a longer `code` span if it is not a citation",
                )
            elif mention.addressed:
                self.diagnostics.error(
                    location, f"the link's text {mention.text} is not the record its anchor addresses, {mention.addressed}",
                    f"make the text and the anchor name one record: [{mention.text}](…#{mention.text.lower()}) or "
                    f"[{mention.addressed}](…#{mention.addressed.lower()})",
                )
            elif mention.cites_record:
                self.citations.append(Citation(mention.text, self.system, self.member, place, location))
            else:
                paths = [path for path, _, _ in mention.paths]
                self.sources.append(SourceReference(mention.text, self.system, self.member, place, location, paths))
        if "SRC-" in text:
            for match in SOURCE_RANGE.finditer(text):
                self.diagnostics.error(
                    self.yaml_file.location_in(node, match.group()),
                    f"{match.group()!r} is a numbered range of sources",
                    "list each source ID (SRC-1, SRC-2, SRC-3)",
                )
        if ":" in text and ("Amendment" in text or "Unresolved conflict" in text):
            self._reconciliations(text, node, place, mentions)
        return text

    def _reconciliations(self, text: str, node: Node, place: Place, mentions: Sequence[Mention]) -> None:
        """``Amendment: …`` and ``Unresolved conflict: …`` paragraphs of a text."""
        for match in _RECONCILIATION.finditer(text):
            end = text.find("\n\n", match.end())
            end = len(text) if end < 0 else end
            inside = [m for m in mentions if m.cites_record and not m.problem and match.end() <= m.start < end]
            location = self.yaml_file.location_in(node, match.group(), text.count(match.group(), 0, match.start()))
            self.reconcile(match.group(1), text[match.end() : end], location, place, inside, match.end())

    def reconcile(self, label: str, value: str, location: Location, place: Place, mentions: Sequence[Mention], base: int = 0) -> None:
        """One entry; ``mentions`` are the records it names, at offsets ``base`` before ``value``'s."""
        rule = self.method.rule(label)
        entry = Reconciliation(rule.reconciliation if rule and rule.reconciliation else "amendment", value.strip(),
                               self.system, self.member, place, location, concerns=list(dict.fromkeys(m.text for m in mentions)))
        if entry.kind == "amendment":
            if not mentions or value[: mentions[0].start - base].strip(" `[") != "":
                self.diagnostics.error(
                    location,
                    "an amendment names the record it amends first",
                    "write 'Amendment: <record ID> is superseded by <record ID>' or 'Amendment: <record ID> …'",
                )
            else:
                entry.superseded = mentions[0].text
                phrase = _SUPERSEDED_BY.search(value)
                if phrase:
                    self._superseded_by(entry, value, phrase.end(), mentions[1:], base, location)
        self.reconciliations.append(entry)

    def _superseded_by(self, entry: Reconciliation, value: str, after: int, mentions: Sequence[Mention], base: int, location: Location) -> None:
        """The records named after "is superseded by", joined by commas and "and"."""
        cursor = base + after
        for mention in mentions:
            if mention.start < cursor:
                continue
            if not _BETWEEN_IDS.match(value[cursor - base : mention.start - base]):
                break
            entry.superseded_by.append(mention.text)
            cursor = mention.end
        if not entry.superseded_by:
            self.diagnostics.error(location, f"the amendment of {entry.superseded} says 'is superseded by' but names no record after it",
                                   "write the superseding record's full ID after 'is superseded by'")
        elif entry.superseded in entry.superseded_by:
            self.diagnostics.error(location, f"{entry.superseded} is superseded by itself", "name the record that supersedes it")
            entry.superseded_by.remove(entry.superseded)

    # -- blocks ----------------------------------------------------------------------------

    def blocks(self, value: Any, node: Node | None, container: Container) -> list[Block]:
        """The blocks of a checked section, record or annotation body (text or a list)."""
        if value is None or node is None:
            return []
        place = Place(container.section, container.anchor, container.text_label, container.anchor)
        if isinstance(value, str):
            return [Text(self.cite(value, node, place), place)]
        out: list[Block] = []
        for item in value:
            if not isinstance(item, Fields) or len(item) != 1:
                continue
            (kind, content), = item.items()
            content_node = item.nodes[kind]
            if kind == "text":
                out.append(Text(self.cite(content, content_node, place), place))
            elif kind in ("heading", "subheading"):
                anchor = container.unique(f"{container.anchor}--{slug(content)}")
                out.append(Heading(content, 3 if kind == "heading" else 4, anchor))
                place = Place(container.section, anchor, f"{container.label} › {content}", container.anchor)
            elif kind == "quote":
                out.append(self.quote(content, content_node, container))
            elif kind == "table":
                if (table := self.table(content, content_node, container, self._named(container, place))) is not None:
                    out.append(table)
            elif kind in LIST_STYLES:
                out.append(self.item_list(kind, content, container, self._named(container, place)))
            elif kind == "fields":
                out.append(self.fields(content, container, self._named(container, place)))
        return out

    @staticmethod
    def _named(container: Container, place: Place) -> Place:
        """Where rows and items stand: under a sub-heading, or in the container itself
        ("MEM-OBJ-b, row 1", not "MEM-OBJ-b — text, row 1")."""
        return Place(place.section, place.anchor, container.label, place.owner) if place.anchor == container.anchor else place

    def quote(self, fields: Fields, node: Node, container: Container) -> Quote:
        # a block-scalar passage (`passage: |`) ends in a line break that is not quoted text
        passage = fields.get("passage", "").rstrip("\n")
        container.quotes += 1
        anchor = container.unique(f"{container.anchor}--quote-{container.quotes}")
        place = Place(container.section, anchor, f"{container.label}, quote {container.quotes}", container.anchor)
        return Quote(passage, fields.get("path", ""), fields.get("lines"), self.yaml_file.location(node), fields.get("source"),
                     self.member, anchor, place)

    def table(self, fields: Fields, node: Node, container: Container, place: Place) -> Table | None:
        if "columns" not in fields or "rows" not in fields:
            return None
        container.tables += 1
        number = container.tables
        stem = f"{container.anchor}--" if number == 1 else f"{container.anchor}--table-{number}-"
        spec = container.spec
        coverage = bool(spec and spec.coverage and number == 1)
        table = Table(list(fields["columns"]), [], number, container.unique(f"{stem}table" if number == 1 else stem.rstrip("-")), place, coverage)
        named = place.label if number == 1 else f"{place.label}, table {number}"
        if spec is not None and spec.table is not None:
            self._expect_columns(spec.table.columns, table.columns, fields.nodes["columns"])
        rules = [self.method.rule(column) for column in table.columns]
        for row_number, (cells, row_node) in enumerate(zip(fields["rows"], fields["rows"].nodes, strict=True), start=1):
            anchor = container.unique(f"{stem}row-{row_number}")
            row_place = Place(container.section, anchor, f"{named}, row {row_number}: {shorten(cells[0] if cells else '')}", container.anchor)
            for column, (cell, cell_node) in enumerate(zip(cells, cells.nodes, strict=True)):
                self.cite(cell, cell_node, row_place)
                rule = rules[column] if column < len(rules) else None
                if rule is not None and rule.vocabulary is not None:
                    self.validate_vocabulary(rule.vocabulary, cell, cell_node, f"{table.columns[column]!r} in row {row_number}")
            table.rows.append(Row(list(cells), row_number, anchor))
            if len(cells) != len(table.columns):
                self.diagnostics.error(
                    self.yaml_file.location(row_node),
                    f"{named}: row {row_number} has {len(cells)} cells but the table has {len(table.columns)} columns",
                    "give every row one cell per column (an empty cell is written \"-\")",
                )
        return table

    def _expect_columns(self, expected: tuple[str, ...], columns: list[str], node: Node) -> None:
        if [c.strip().casefold() for c in columns] == [c.casefold() for c in expected]:
            return
        differing = next(
            (i for i, (a, b) in enumerate(zip(columns, expected, strict=False)) if a.strip().casefold() != b.casefold()),
            min(len(columns), len(expected)),
        )
        got = repr(columns[differing]) if differing < len(columns) else "nothing"
        want = repr(expected[differing]) if differing < len(expected) else "no more columns"
        self.diagnostics.error(
            self.yaml_file.location(node),
            f"this table has {len(columns)} columns where the method has {len(expected)}; column {differing + 1} is {got}, not {want}",
            f"use the method's columns, in order: {' | '.join(expected)}",
        )

    def validate_vocabulary(self, vocabulary: Vocabulary, value: str, node: Node, what: str) -> None:
        problem = vocabulary.problem(value)
        if problem:
            self.diagnostics.error(self.yaml_file.location(node), f"{what}: {problem}", vocabulary.suggestion(value))

    def item_list(self, style: ListStyle, items: Items, container: Container, place: Place) -> ItemList:
        container.lists += 1
        stem = f"{container.anchor}--" if container.lists == 1 else f"{container.anchor}--list-{container.lists}-"
        built = ItemList(style, [])
        for number, (text, node) in enumerate(zip(items, items.nodes, strict=True), start=1):
            anchor = container.unique(f"{stem}{number}")
            self.cite(text, node, Place(container.section, anchor, f"{place.label}, item {number}", container.anchor))
            built.items.append(Item(text, number, anchor))
        return built

    def fields(self, labelled: Fields, container: Container, where: Place) -> FieldList:
        out = FieldList([])
        for label, value_node in labelled.nodes.items():
            # a label whose value is unusable (empty) still stands, so that nothing else
            # reports it missing; the structure check has said what is wrong with it
            value, key_node = labelled.get(label, ""), labelled.key_nodes[label]
            anchor = container.unique(f"{container.anchor}--{slug(label)}")
            place = Place(container.section, anchor, f"{where.label} — {label}", container.anchor)
            before = len(self.reconciliations)
            self.cite(value, value_node, place)
            rule = self.method.rule(label)
            if rule is not None and rule.reconciliation and label == rule.label:
                del self.reconciliations[before:]  # the field is the entry, not paragraphs in it
                mentions = [m for m in scan(value, self.grammar) if m.cites_record and not m.problem]
                self.reconcile(label, value, self.yaml_file.location(value_node), place, mentions)
            out.fields.append(LabelledField(
                label, value, anchor, self.yaml_file.location(key_node), self.yaml_file.location(value_node),
                shared(layer) if (layer := self.method.status_layer(label)) is not None else None,
            ))
        return out
