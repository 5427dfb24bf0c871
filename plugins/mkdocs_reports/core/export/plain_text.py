"""A report as plain text, laid out like the reports' original plain-text renderings.

It exists so that a person (or a test) can compare a YAML report with the text it came
from: every sentence in the same order, with only headings and labels added.
"""

from __future__ import annotations

import re

from ..method.types import Shape
from ..model import Block, FieldList, Heading, ItemList, Quote, Record, Report, Table, Text

TYPE_PATH = "agentic-system-analyses/types/{}.md"
NONE_DECLARED = "none declared in this member"

_BULLET = re.compile(r"^([ \t]*)[-*+] ", re.MULTILINE)  # [ \t]: from every blank line, \s* would read on over the rest


def _prose(markdown: str) -> str:
    """Markdown prose as text: list bullets become •, everything else stays verbatim."""
    return _BULLET.sub(lambda m: f"{m.group(1)}  • ", markdown.strip())


def _quote(quote: Quote) -> str:
    return f"{quote.passage} --- {quote.path}" + (f" (lines {quote.lines})" if quote.lines else "")


def _item_list(items: ItemList) -> str:
    if items.style == "bulleted":
        return "\n".join(f"  • {item.text.strip()}" for item in items.items)
    if items.style == "paragraphs":
        return "\n\n".join(_prose(item.text) for item in items.items)
    return "\n".join(f"  {item.number}. {item.text.strip()}" for item in items.items)


def _table(table: Table) -> str:
    return "\n".join(" ".join(cells) for cells in [table.columns, *(row.cells for row in table.rows)])


def blocks_text(blocks: list[Block]) -> list[str]:
    """Each block as a paragraph of text, in order."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Text):
            if block.text.strip():
                out.append(_prose(block.text))
        elif isinstance(block, Heading):
            out.append(block.text)
        elif isinstance(block, Quote):
            out.append(_quote(block))
        elif isinstance(block, Table):
            out.append(_table(block))
        elif isinstance(block, ItemList):
            out.append(_item_list(block))
        elif isinstance(block, FieldList):
            out.append("\n".join(f"  • {f.label}: {f.value.strip()}" for f in block.fields))
    return out


def _record(record: Record) -> list[str]:
    blocks = [record.id, f"Label: {record.label}"]
    if record.part_of:
        blocks.append(f"Part of: {record.part_of}")
    return blocks + blocks_text(record.body)


def section_text(report: Report, key: str) -> str:
    """A blocks section as text; empty when the report leaves it out."""
    section = report.sections.get(key)
    return "\n\n".join(blocks_text(section.blocks)) if section else ""


def report_text(report: Report, kinds: dict[str, str]) -> str:
    """The whole report; ``kinds`` are the record kinds and their headings (the method's, as
    the collection's types hold it: ``collection.types.method.kinds``)."""
    blocks = [report.title, f"Type: {report.type.method_type or TYPE_PATH.format(report.type.name)}"]
    for spec in report.type.sections:
        if spec.shape is Shape.ANNOTATIONS:
            if report.annotations or not spec.omit_when_empty:
                blocks.append(spec.heading)
            if not report.annotations and spec.empty and not spec.omit_when_empty:
                blocks.append(spec.empty)
            for annotation in report.annotations:
                blocks.append(f"On {annotation.on}" + (f" — {annotation.label}" if annotation.label else ""))
                blocks += blocks_text(annotation.body)
            continue
        blocks.append(spec.heading)
        if spec.shape is Shape.RECORDS:
            by_kind = report.records_by_kind(kinds)
            if spec.kind_headings == "declared" and not report.records:
                blocks.append(NONE_DECLARED)
            for kind, records in by_kind.items():
                if spec.kind_headings == "declared" and not records:
                    continue
                blocks.append(kinds.get(kind, kind))
                if not records:
                    blocks.append(NONE_DECLARED)
                for record in records:
                    blocks += _record(record)
            continue
        if text := section_text(report, spec.key):
            blocks.append(text)
    return "\n\n".join(blocks) + "\n"
