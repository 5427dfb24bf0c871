"""A report as plain text, laid out like the reports' original plain-text renderings.

It exists so that a person (or a test) can compare a YAML report with the text it came
from: every sentence in the same order, with only headings and labels added.
"""

from __future__ import annotations

import re

from ..ids import KINDS
from ..model import Boundary, ItemList, Quote, Record, Report
from ..report_types import ROUTE_FIELDS, Shape

TYPE_PATH = "agentic-system-analyses/types/{}.md"
NONE_DECLARED = "none declared in this member"

_BULLET = re.compile(r"^(\s*)[-*+] ", re.MULTILINE)


def _prose(markdown: str) -> str:
    """Markdown prose as text: list bullets become •, everything else stays verbatim."""
    return _BULLET.sub(lambda m: f"{m.group(1)}  • ", markdown.strip())


def _quote(quote: Quote) -> str:
    return f"{quote.passage} --- {quote.path}" + (f" (lines {quote.lines})" if quote.lines else "")


def _record(record: Record) -> list[str]:
    blocks = [record.id, f"Label: {record.label}"]
    if record.part_of:
        blocks.append(f"Part of: {record.part_of}")
    if record.text:
        blocks.append(_prose(record.text))
    lines = [f"  • {label}: {record.route[key]}" for key, label in ROUTE_FIELDS.items() if key in record.route]
    lines += [f"  • {label} conclusion status: {value}" for label, value in record.status.items()]
    if lines:
        blocks.append("\n".join(lines))
    blocks += [_quote(quote) for quote in record.quotes]
    if record.notes:
        blocks.append(_prose(record.notes))
    return blocks


def _item_list(items: ItemList) -> str:
    if items.style == "bulleted":
        return "\n".join(f"  • {item.strip()}" for item in items.items)
    return "\n".join(f"  {number}. {item.strip()}" for number, item in enumerate(items.items, start=1))


def _boundary(boundary: Boundary) -> list[str]:
    blocks = [_prose(boundary.text)] if boundary.text else []
    table = boundary.coverage
    if table is not None:
        if table.heading:
            blocks.append(table.heading)
        if table.intro:
            blocks.append(_prose(table.intro))
        blocks.append("\n".join(" ".join(cells) for cells in [table.columns, *table.rows]))
    return blocks


def section_text(report: Report, key: str) -> str:
    """A prose, boundary or list section as text; empty when the report leaves it out."""
    section = report.sections.get(key)
    if isinstance(section, Boundary):
        return "\n\n".join(_boundary(section))
    if isinstance(section, ItemList):
        return _item_list(section)
    return _prose(section) if section else ""


def report_text(report: Report) -> str:
    blocks = [report.title, f"Type: {TYPE_PATH.format(report.type.name)}"]
    for spec in report.type.sections:
        if spec.shape is Shape.ANNOTATIONS:
            if report.annotations or not spec.omit_when_empty:
                blocks.append(spec.heading)
            for annotation in report.annotations:
                blocks.append(f"On {annotation.on}")
                blocks += [_prose(annotation.text)] if annotation.text else []
                blocks += [_quote(quote) for quote in annotation.quotes]
                blocks += [_prose(annotation.notes)] if annotation.notes else []
            continue
        blocks.append(spec.heading)
        if spec.shape is Shape.RECORDS:
            for kind, records in report.records_by_kind().items():
                blocks.append(KINDS[kind])
                if not records:
                    blocks.append(NONE_DECLARED)
                for record in records:
                    blocks += _record(record)
            continue
        if text := section_text(report, spec.key):
            blocks.append(text)
    return "\n\n".join(blocks) + "\n"
