"""A report as the analysis method writes a member: front matter, the title, each section
of the member type under its ``##`` heading, ``#### <ID> — <label>`` declarations under
kind headings, ``#### On [<ID>](<member>.md#<anchor>) — <label>`` annotations, quotes as
``>`` lines with their ``> --- `path``` attribution, tables, lists and ``- Label: value``
fields.

``mkdocs-reports import`` reads what this writes back into the same YAML (see
``spelling`` for the spellings both agree on). Where a report holds something the
method's Markdown cannot carry exactly (two text blocks in a row read back as one; a cell
with a line break), the export still writes it and says so in a warning.
"""

from __future__ import annotations

import hashlib

from ..diagnostics import Diagnostics
from ..method.types import SectionSpec, Shape, TypeRegistry
from ..model import Block, FieldList, Heading, ItemList, Manifest, Quote, Report, System, Table, Text
from ..yamlio.styled import emit, emit_entry
from .reader.constructs import BlockReader, Context, Fences
from .reader.markdown_file import MarkdownFile, reads_as
from .spelling import (
    BULLET_MARKER,
    DASH,
    DEFAULT_HEADING_FORM,
    FIELD_MARKER,
    FRONT_MATTER,
    NONE_DECLARED,
    PARAGRAPH_MARKER,
    PART_OF,
    attribution,
    colon_labels,
    default_quoting,
    escape_cell,
    front_matter_order,
    quoted_value,
    read_attribution,
    reads_as_field,
    split_field,
)


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
        for spec in report.type.body_sections:
            if spec.shape is Shape.RECORDS:
                parts += self.records(spec)
            elif spec.shape is Shape.ANNOTATIONS:
                if report.annotations or not spec.omit_when_empty:
                    parts.append(f"## {spec.heading}")
                    parts += [spec.empty or "none"] if not report.annotations else []
                    forms = report.spelling.get("annotation_headings") or DEFAULT_HEADING_FORM
                    for number, annotation in enumerate(report.annotations):
                        form = forms if isinstance(forms, str) else (forms[number] if number < len(forms) else DEFAULT_HEADING_FORM)
                        member = self.registry.grammar.member_of(annotation.on)
                        target = annotation.on
                        if form == "code":
                            target = f"`{annotation.on}`"
                        elif form == DEFAULT_HEADING_FORM and member:
                            target = f"[{annotation.on}]({member}.md#{annotation.on.lower()})"
                        label = self.line(annotation.label, f"the annotation on {annotation.on}") if annotation.label else None
                        parts.append(f"#### On {target}" + (f"{DASH}{label}" if label else ""))
                        parts += self.blocks(annotation.body, f"the annotation on {annotation.on}")
            elif spec.key in report.sections:
                parts.append(f"## {spec.heading}")
                parts += self.blocks(report.sections[spec.key].blocks, spec.heading)
        return "\n\n".join(parts) + "\n"

    def front_matter(self) -> str:
        """The front matter: the keys the member wrote, in their order and quoting, when the
        import kept them (``markdown: front_matter``); else the type's keys as the method's
        templates write them."""
        report, lines = self.report, ["---"]
        spelling = report.spelling.get("front_matter")
        if spelling:
            keys = [(key, quoting) for key, quoting in spelling.items() if key in FRONT_MATTER]
        else:
            present = [written for written, key in FRONT_MATTER.items() if key == "type" or (
                (key in report.type.metadata or key in report.stated) and self.value(key))]
            keys = [(written, None) for written in front_matter_order(present)]
        for written, quoting in keys:
            key = FRONT_MATTER[written]
            if key == "memory_comparison":
                if report.comparison is not None:
                    lines += emit_entry(written, report.comparison.spelling)
                continue
            if key in report.front_mappings:
                lines += emit_entry(written, report.front_mappings[key])
                continue
            value = self.value(key)
            if not value:
                continue
            quoting = quoting or default_quoting(written, value)
            escaped = (report.spelling.get("front_matter_escapes") or {}).get(written) if quoting in ("double", "plain") else None
            if isinstance(escaped, str) and reads_as(escaped, value):  # as the member wrote it
                lines.append(f"{written}: {escaped}")
            else:
                lines.append(f"{written}: {quoted_value(value, quoting)}")
        return "\n".join(lines + ["---"])

    def value(self, key: str) -> str | None:
        report = self.report
        if key == "type":
            return report.spelling.get("type") or report.type.method_path(report.type_name or report.type.name)
        if key == "memory_comparison":
            return "mapping" if report.comparison is not None else None
        if key in report.front_mappings:
            return "mapping"
        return report.value(key)

    def records(self, spec: SectionSpec) -> list[str]:
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
                if report.spelling.get("declarations") == "label-line":
                    parts += [f"#### {record.id}", f"Label: {self.line(record.label, record.id)}"]
                else:
                    parts.append(f"#### {record.id}{DASH}{self.line(record.label, record.id)}")
                if record.part_of:
                    form = (report.spelling.get("part_of") or {}).get(record.id)
                    member = self.registry.grammar.member_of(record.part_of)
                    target = (f"[{record.part_of}]({member}.md#{record.part_of.lower()})" if form == "linked" and member
                              else f"`{record.part_of}`" if form == "code" else record.part_of)
                    parts.append(f"{PART_OF} {target}")
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
        compact = self.report.spelling.get("compact_records") or ()
        if block.fields and block.fields[0].label == "Route ID" and block.fields[0].value in compact:
            return "\n".join(f"{item.label}: {item.value.strip()}" for item in block.fields)
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


def _merges(previous: Block, block: Block, labels: tuple[str, ...]) -> bool:
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


def _reads_back_as_text(text: str, labels: tuple[str, ...], record: bool) -> bool:
    """Whether the import reads ``text`` as one text block, as it is."""
    lines = text.split("\n")
    reader = BlockReader(MarkdownFile("text", lines), Fences(lines), labels, Diagnostics())
    blocks, _ = reader.blocks(0, Context("text", stop_level=6, headings=False, record=record))
    return len(blocks) == 1 and "text" in blocks[0] and not reader.diagnostics and blocks[0]["text"].rstrip("\n") == text


def member_markdown(report: Report, registry: TypeRegistry) -> tuple[str, list[str]]:
    """The member's Markdown and the warnings about what will not read back exactly."""
    writer = MemberWriter(report, registry)
    return writer.markdown(), writer.warnings


def manifest_text(manifest: Manifest) -> str:
    """The set's ``ARTIFACT.yaml`` as the method wrote it."""
    return "\n".join(emit(manifest.spelling)) + "\n"


def system_markdown(system: System, registry: TypeRegistry) -> tuple[dict[str, bytes], list[str]]:
    """A system's members as the method's Markdown (``<member>.md``) and, for a published
    set, its manifest (``ARTIFACT.yaml``); the warnings, among them every member whose
    bytes are not those its manifest pins (a member edited after its import)."""
    files: dict[str, bytes] = {}
    warnings: list[str] = []
    for report in system.reports.values():
        text, problems = member_markdown(report, registry)
        files[f"{report.member}.md"] = text.encode("utf-8")
        warnings += problems
    manifest = system.manifest
    if manifest is not None:
        files[(system.layout or registry.layout_for(system.reports)).manifest] = manifest_text(manifest).encode("utf-8")
        for pinned in manifest.members:
            data = files.get(pinned.file)
            if data is not None and hashlib.sha256(data).hexdigest() != pinned.sha256:
                warnings.append(f"{system.slug}/{pinned.file}: its SHA-256 is {hashlib.sha256(data).hexdigest()}, not the "
                                f"{pinned.sha256} its manifest pins: the member is no longer the one the method published")
    return files, warnings
