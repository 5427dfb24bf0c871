"""A report as the analysis method writes a member: front matter, the title, each section
of the member type under its ``##`` heading, ``#### <ID> — <label>`` declarations under
kind headings, ``#### On [<ID>](<member>.md#<anchor>) — <label>`` annotations, quotes as
``>`` lines with their ``> --- `path``` attribution, tables, lists and ``- Label: value``
fields.

``mkdocs-reports import`` reads what this writes back into the same YAML (see
``method_markdown`` for the spellings both agree on). Where a report holds something the
method's Markdown cannot carry exactly (two text blocks in a row read back as one; a cell
with a line break), the export still writes it and says so in a warning.
"""

from __future__ import annotations

from ..diagnostics import Diagnostics
from ..markdown_import.blocks import BlockReader, Context, Fences
from ..markdown_import.source import MarkdownSource
from ..method_markdown import (
    BULLET_MARKER,
    DASH,
    FIELD_MARKER,
    FRONT_MATTER,
    NONE_DECLARED,
    PARAGRAPH_MARKER,
    PART_OF,
    attribution,
    colon_labels,
    escape_cell,
    method_type_path,
    read_attribution,
    reads_as_field,
    split_field,
)
from ..model import Block, FieldList, Heading, ItemList, Quote, Report, Table, Text
from ..report_types import Shape, TypeRegistry
from ..yaml_writer import double_quoted, plain_safe

#: front-matter values written without quotes when they read back the same (the method's
#: templates quote the prose and identities, not the type or the run ID)
_PLAIN_KEYS = ("type", "run-id", "report-status")


class MemberWriter:
    def __init__(self, report: Report, registry: TypeRegistry) -> None:
        self.report = report
        self.registry = registry
        self.labels = colon_labels(registry)
        self.warnings: list[str] = []

    def warn(self, where: str, text: str) -> None:
        self.warnings.append(f"{self.report.path}: {where}: {text}")

    def line(self, text: str, where: str) -> str:
        """A title, label or heading, which the Markdown holds on one line."""
        if "\n" in text.strip():
            self.warn(where, f"{text.strip()[:40]!r} spans lines; its heading is written on one")
        return " ".join(text.split())

    # -- the member -------------------------------------------------------------------------

    def markdown(self) -> str:
        report = self.report
        parts = [self.front_matter(), f"# {self.line(report.title, 'the title')}"]
        for spec in report.type.sections:
            if spec.shape is Shape.RECORDS:
                parts += self.records(spec)
            elif spec.shape is Shape.ANNOTATIONS:
                if report.annotations or not spec.omit_when_empty:
                    parts.append(f"## {spec.heading}")
                    parts += [spec.empty or "none"] if not report.annotations else []
                    for annotation in report.annotations:
                        member = self.registry.grammar.member_of(annotation.on)
                        target = f"[{annotation.on}]({member}.md#{annotation.on.lower()})" if member else annotation.on
                        label = self.line(annotation.label, f"the annotation on {annotation.on}") if annotation.label else None
                        parts.append(f"#### On {target}" + (f"{DASH}{label}" if label else ""))
                        parts += self.blocks(annotation.body, f"the annotation on {annotation.on}")
            elif spec.key in report.sections:
                parts.append(f"## {spec.heading}")
                parts += self.blocks(report.sections[spec.key].blocks, spec.heading)
        return "\n\n".join(parts) + "\n"

    def front_matter(self) -> str:
        report, lines = self.report, ["---"]
        for written, key in FRONT_MATTER.items():
            if key == "type":
                value = method_type_path(report.type.name, report.type.method_type)
            elif key in report.type.metadata or key in report.stated:
                value = getattr(report, key)
            else:
                continue
            if not value:
                continue
            lines.append(f"{written}: {value if written in _PLAIN_KEYS and plain_safe(value) else double_quoted(value)}")
        return "\n".join(lines + ["---"])

    def records(self, spec) -> list[str]:
        report, kinds = self.report, self.registry.method.kinds
        parts = [f"## {spec.heading}"]
        by_kind = report.records_by_kind(kinds)
        if spec.kind_headings == "declared" and not report.records:
            return parts + [NONE_DECLARED]
        order = [record.id for records in by_kind.values() for record in records]
        if order != [record.id for record in report.records]:
            self.warn("Shared records", "the records are not grouped by kind in page order; the Markdown groups them "
                                        "under their kind headings, so an import gives them in that order")
        for kind, records in by_kind.items():
            if spec.kind_headings == "declared" and not records:
                continue
            parts.append(f"### {kinds.get(kind, kind)}")
            if not records:
                parts.append(NONE_DECLARED)
            for record in records:
                parts.append(f"#### {record.id}{DASH}{self.line(record.label, record.id)}")
                if record.part_of:
                    parts.append(f"{PART_OF} {record.part_of}")
                parts += self.blocks(record.body, record.id, record=True)
        return parts

    # -- blocks -----------------------------------------------------------------------------

    def blocks(self, blocks: list[Block], where: str, record: bool = False) -> list[str]:
        """``record``: a record's body, where a ``Part of:`` line is the record's part_of."""
        out: list[str] = []
        previous: Block | None = None
        for block in blocks:
            if previous is not None and _merges(previous, block, self.labels):
                self.warn(where, f"two {_kind(block)} blocks in a row read back as one")
            out.append(self.text(block.text, where, record) if isinstance(block, Text) else self.block(block, where))
            previous = block
        return out

    def block(self, block: Block, where: str) -> str:
        if isinstance(block, Text):
            return self.text(block.text, where)
        if isinstance(block, Heading):
            return f"{'#' * block.level} {self.line(block.text, where)}"
        if isinstance(block, Quote):
            return self.quote(block, where)
        if isinstance(block, Table):
            return self.table(block, where)
        if isinstance(block, ItemList):
            return self.item_list(block, where)
        return self.fields(block, where)

    def text(self, text: str, where: str, record: bool = False) -> str:
        text = text.strip("\n")
        if not _reads_back_as_text(text, self.labels, record):
            self.warn(where, "a text block holds lines that read as a list, quote, table, heading or 'Part of:' of "
                             f"their own (it starts {text[:40]!r}); an import makes them blocks of their own")
        return text

    def quote(self, quote: Quote, where: str) -> str:
        lines = quote.passage.split("\n")
        for line in lines[:-1] if len(lines) > 1 else lines:
            if line.startswith("--- ") and read_attribution(line[4:]) is not None:
                self.warn(where, f"the quote of {quote.path} holds a line that reads as an attribution ({line[:40]!r})")
        out = [f"> {line}" if line else ">" for line in lines]
        return "\n".join(out + [f"> {attribution(quote.path, quote.lines, quote.source)}"])

    def table(self, table: Table, where: str) -> str:
        def row(cells: list[str]) -> str:
            if any("\n" in cell for cell in cells):
                self.warn(where, "a table cell holds a line break, which a Markdown table cannot: it is written as a space")
            return "| " + " | ".join(escape_cell(cell.replace("\n", " ").strip()) for cell in cells) + " |"

        lines = [row(table.columns), "|" + "---|" * len(table.columns)]
        return "\n".join(lines + [row(r.cells) for r in table.rows])

    def item_list(self, items: ItemList, where: str) -> str:
        texts = [item.text.strip("\n") for item in items.items]
        if items.style == "numbered":
            return "\n".join(_item(f"{n}.", text) for n, text in enumerate(texts, start=1))
        if items.style == "paragraphs":
            marker = PARAGRAPH_MARKER
        else:
            marker = BULLET_MARKER if all(reads_as_field(t, self.labels) for t in texts) else FIELD_MARKER
        return "\n".join(_item(marker, text) for text in texts)

    def fields(self, block: FieldList, where: str) -> str:
        lines = []
        for item in block.fields:
            value = item.value.strip("\n")
            text = f"{item.label}: {value}"
            split = split_field(text.split("\n", 1)[0], self.labels)
            if split is None or split[0] != item.label:
                self.warn(where, f"the field label {item.label!r} does not read back as a label "
                                 "(code, links or a sentence in it, or an empty value)")
            lines.append(_item(FIELD_MARKER, text))
        return "\n".join(lines)


def _item(marker: str, text: str) -> str:
    pad = " " * (len(marker) + 1)
    first, *rest = text.split("\n")
    return "\n".join([f"{marker} {first}", *(pad + line if line.strip() else "" for line in rest)])


def _kind(block: Block) -> str:
    if isinstance(block, ItemList):
        return block.style
    return {Text: "text", FieldList: "fields"}.get(type(block), type(block).__name__.lower())


def _merges(previous: Block, block: Block, labels) -> bool:
    """Whether two blocks in a row become one when read back."""
    if isinstance(previous, Text) and isinstance(block, Text):
        return True
    if isinstance(previous, FieldList) and isinstance(block, FieldList):
        return not {f.label for f in previous.fields} & {f.label for f in block.fields}
    if isinstance(previous, ItemList) and isinstance(block, ItemList) and previous.style == block.style:
        return True
    if isinstance(previous, FieldList) and isinstance(block, ItemList) and block.style == "bulleted":
        return not all(reads_as_field(item.text, labels) for item in block.items)  # both "-" lists
    if isinstance(previous, ItemList) and previous.style == "bulleted" and isinstance(block, FieldList):
        return not all(reads_as_field(item.text, labels) for item in previous.items)
    return False


def _reads_back_as_text(text: str, labels, record: bool) -> bool:
    """Whether the import reads ``text`` as one text block, as it is."""
    lines = text.split("\n")
    reader = BlockReader(MarkdownSource("text", lines), Fences(lines), labels, Diagnostics())
    blocks, _ = reader.blocks(0, Context("text", stop_level=6, headings=False, record=record))
    return len(blocks) == 1 and "text" in blocks[0] and not reader.diagnostics and blocks[0]["text"].rstrip("\n") == text


def member_markdown(report: Report, registry: TypeRegistry) -> tuple[str, list[str]]:
    """The member's Markdown and the warnings about what will not read back exactly."""
    writer = MemberWriter(report, registry)
    return writer.markdown(), writer.warnings
