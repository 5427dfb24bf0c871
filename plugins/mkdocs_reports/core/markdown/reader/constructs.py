"""Read the blocks of a section, a record or an annotation: one small line-oriented reader
per construct, each taking the lines it owns (and marking them in the source's account).

A block starts at a line's first column: a heading (``###``), a quote (``>``), a table
(``|``), a list (``-``, ``*``, ``+``, ``1.``), a fence (text), ``Part of:`` in a record, a
compact ledger record (``Route ID:``), else a paragraph. Paragraphs and fenced code that
follow one another are one text block, kept line for line. Every reader is linear in the
lines it reads; fences are matched through a table built once per file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ...diagnostics import KEEP_PER_FILE, Diagnostics, Location, echoed
from ...method.ids import ID_SHAPE
from ...model import ListStyle
from ...yamlio.writer import Sourced, SourcedDict
from ..spelling import (
    BULLET_MARKER,
    FIELD_MARKER,
    PARAGRAPH_MARKER,
    PART_OF,
    is_separator_row,
    read_attribution,
    row_cells,
    split_field,
    split_row,
)
from .markdown_file import MarkdownFile

HEADING = re.compile(r"(#{1,6})(?:[ \t]+|$)")
_ORDERED = re.compile(r"([0-9]{1,9})([.)])(?: |$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_PART_OF = re.compile(r"Part of:(?:\s|$)")
_COMPACT = "Route ID:"
#: an ID as a declaration or ``Part of:`` writes it, possibly in a link or inline code
ID_TOKEN = re.compile(
    rf"\[`?(?P<linked>{ID_SHAPE})`?\]\((?P<target>[^)\s]*)\)"
    rf"|`(?P<coded>{ID_SHAPE})`"
    rf"|(?P<bare>{ID_SHAPE})(?![\w-])"
)


@dataclass(frozen=True)
class Judgement:
    """A choice the import made that a reader of its report should know about."""

    location: Location
    text: str

    def __str__(self) -> str:
        return f"{self.location}: note: {self.text}"


def heading_level(line: str) -> int:
    match = HEADING.match(line)
    return len(match.group(1)) if match else 0


def heading_text(line: str) -> str:
    """The text of a heading line (which ``heading_level`` found to be one)."""
    match = HEADING.match(line)
    assert match is not None, "heading_text reads a heading line"
    return line[match.end() :].strip()


class Fences:
    """Where each fence of a file closes, found without rescanning: per fence character,
    the longest closing fence at or after each line, and the next heading after each line
    (an unclosed fence ends there, where the method's structure resumes)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.longest: dict[str, list[int]] | None = None  # built at the first fence: most members have none
        self.next_heading: list[int] = []

    def _build(self) -> dict[str, list[int]]:
        lines, count = self.lines, len(self.lines)
        self.longest = {"`": [0] * (count + 1), "~": [0] * (count + 1)}
        self.next_heading = [count] * (count + 1)
        for index in range(count - 1, -1, -1):
            line = lines[index]
            for char in "`~":
                self.longest[char][index] = self.longest[char][index + 1]
            match = _FENCE.match(line)
            if match and not line[match.end() :].strip():
                run = match.group(1)
                self.longest[run[0]][index] = max(self.longest[run[0]][index], len(run))
            self.next_heading[index] = index if line.startswith("#") and heading_level(line) else self.next_heading[index + 1]
        return self.longest

    def end(self, start: int) -> int:
        """The index after the fenced code opened at ``start``."""
        lines = self.lines
        longest = self.longest if self.longest is not None else self._build()
        match = _FENCE.match(lines[start])
        assert match is not None, "end() is called at a fence opener"
        run = match.group(1)
        char, length = run[0], len(run)
        if longest[char][start + 1] < length:
            return self.next_heading[start + 1]
        for index in range(start + 1, len(lines)):
            close = _FENCE.match(lines[index])
            if close and close.group(1)[0] == char and len(close.group(1)) >= length and not lines[index][close.end() :].strip():
                return index + 1
        return len(lines)  # not reached: the table said a closing fence follows


def is_fence_opener(line: str) -> bool:
    match = _FENCE.match(line)
    return match is not None and not (match.group(1)[0] == "`" and "`" in line[match.end() :])


@dataclass
class Context:
    """Where blocks are read: a section (headings allowed, stops at ``##``) or a record's or
    an annotation's body (stops at ``####``; ``Part of:`` in a record)."""

    name: str  # for messages: "the section 'Write side'", "MEM-OBJ-x"
    stop_level: int  # a heading at this level or above ends the blocks
    headings: bool = False
    record: bool = False
    part_of: Sourced | None = None
    part_of_first: bool = True
    part_of_form: Literal["bare", "linked", "code"] = "bare"  # how the Part of line wrote the ID


@dataclass
class BlockReader:
    file: MarkdownFile
    fences: Fences
    labels_with_colon: tuple[str, ...]
    diagnostics: Diagnostics
    judgements: list[Judgement] = field(default_factory=list)
    notes_omitted: int = 0
    #: the Route IDs of compact ledger records (written without bullets), for the export
    compact_ids: list[str] = field(default_factory=list)

    # -- helpers ----------------------------------------------------------------------------

    @property
    def lines(self) -> list[str]:
        return self.file.lines

    def error(self, index: int, column: int, message: str, fix: str) -> None:
        self.diagnostics.error(self.file.at(index, column), message, fix)

    def note(self, index: int, text: str, column: int = 1) -> None:
        """A judgement; past ``KEEP_PER_FILE`` of them in a member the rest are counted (a
        hostile member can call for one per line)."""
        if len(self.judgements) < KEEP_PER_FILE:
            self.judgements.append(Judgement(self.file.at(index, column), text))
        else:
            self.notes_omitted += 1

    def starts_block(self, line: str, context: Context | None) -> str | None:
        """What a line starting at column 1 begins, or ``None`` for paragraph text."""
        if not line.strip():
            return "blank"
        first = line[0]
        if first == "#" and heading_level(line):
            return "heading"
        if first == ">":
            return "quote"
        if first == "|":
            return "table"
        if first in "-*+" and (len(line) == 1 or line[1] == " "):
            return "list"
        if first.isdigit() and _ORDERED.match(line):
            return "list"
        if context is not None and context.record and _PART_OF.match(line):
            return "part of"
        return None

    def skip_blank(self, index: int) -> int:
        while index < len(self.lines) and not self.lines[index].strip():
            self.file.mark(index, index + 1, "blank")
            index += 1
        return index

    # -- blocks -----------------------------------------------------------------------------

    def blocks(self, index: int, context: Context) -> tuple[list[dict], int]:
        """The blocks from ``index`` up to a heading at ``context.stop_level`` or above (or the
        end); returns them and the index of that heading."""
        out: list[dict] = []
        lines = self.lines
        while True:
            index = self.skip_blank(index)
            if index >= len(lines):
                return out, index
            line = lines[index]
            kind = self.starts_block(line, context)
            if kind == "heading":
                level = heading_level(line)
                if level <= context.stop_level:
                    return out, index
                index = self.heading(index, level, context, out)
            elif kind == "quote":
                index = self.quotes(index, out)
            elif kind == "table":
                index = self.table(index, out)
            elif kind == "list":
                index = self.item_list(index, context, out)
            elif kind == "part of":
                index = self.part_of(index, context, out)
            elif line.startswith(_COMPACT):
                index = self.compact_record(index, context, out)
            else:
                index = self.text(index, context, out)

    def heading(self, index: int, level: int, context: Context, out: list[dict]) -> int:
        text = heading_text(self.lines[index])
        self.file.mark(index, index + 1, "heading")
        if not context.headings or level > 4:
            where = "a record or an annotation" if not context.headings else "a section"
            self.error(index, 1, f"a level-{level} heading inside {where} ({context.name}) has no place in the report",
                       "make it a paragraph, or use '###' or '####' for a sub-heading of a section")
            return index + 1
        if not text:
            self.error(index, 1, "the heading has no text", "write its text after the '#' signs, or remove the line")
            return index + 1
        out.append(SourcedDict({"heading" if level == 3 else "subheading": Sourced(text, index + 1, level + 2)},
                               origin=(index + 1, 1)))
        return index + 1

    def text(self, index: int, context: Context, out: list[dict]) -> int:
        """Paragraphs and fenced code, up to the next construct; blank lines between kept."""
        lines, start, end = self.lines, index, index
        while index < len(lines):
            line = lines[index]
            if not line.strip():
                index += 1
                continue
            if is_fence_opener(line):
                index = end = self.fences.end(index)
                continue
            if self.starts_block(line, context) is not None or (end > start and line.startswith(_COMPACT) and not lines[index - 1].strip()):
                break
            index = end = index + 1
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1  # an unclosed fence ran to the next heading: its blank lines are not text
        self.file.mark(start, end, "text")
        value = "\n".join(lines[start:end])
        out.append(SourcedDict({"text": Sourced(value + "\n" if "\n" in value else value, start + 1)}, origin=(start + 1, 1)))
        return end

    def part_of(self, index: int, context: Context, out: list[dict]) -> int:
        line = self.lines[index]
        self.file.mark(index, index + 1, "part of")
        value = line[len(PART_OF) :].strip()
        match = ID_TOKEN.fullmatch(value)
        if match is None:
            self.error(index, len(PART_OF) + 2, f"'Part of:' must name exactly one record ID, not {echoed(value)}",
                       "write 'Part of: RT-OBJ-name' (the full ID of the one record this one is a part of)")
            return index + 1
        if context.part_of is not None:
            self.error(index, 1, f"{context.name} says 'Part of:' twice (first at line {context.part_of.line})",
                       "a record is a part of one record: keep one 'Part of:' line")
            return index + 1
        written = match.group("linked") or match.group("coded") or match.group("bare")
        if not match.group("bare"):
            self.note(index, f"'Part of:' of {context.name}: the {'link' if match.group('linked') else 'code span'} "
                             f"around {written} is kept as the member's spelling (markdown: part_of); the page links the ID")
        if out:
            self.note(index, f"'Part of: {written}' of {context.name} stands after other content; "
                             "the YAML has one place for it (part_of), which the page and the export show first")
        context.part_of = Sourced(written, index + 1, len(PART_OF) + 2 + (value.find(written)))
        context.part_of_form = "linked" if match.group("linked") else "code" if match.group("coded") else "bare"
        return index + 1

    def compact_record(self, index: int, context: Context, out: list[dict]) -> int:
        """A compact ledger record: ``Route ID: …`` and ``Label: value`` lines, no bullets."""
        lines, start = self.lines, index
        fields = SourcedDict(origin=(index + 1, 1))
        blocks = [fields]
        last: str | None = None
        continued: list[str] = []  # lines that continue the last field: joined once it ends, not one by one

        def end_field() -> None:
            if continued:
                assert last is not None  # a line continues a field only after one
                previous = blocks[-1][last]
                blocks[-1][last] = Sourced(previous.rstrip("\n") + "\n" + "\n".join(continued) + "\n", previous.line, previous.column, 1)
                continued.clear()

        while index < len(lines) and lines[index].strip() and (index == start or self.starts_block(lines[index], context) is None):
            line = lines[index]
            split = split_field(line, self.labels_with_colon)
            if split is None and last is not None:
                continued.append(line)
            elif split is None:
                self.error(index, 1, "a compact ledger record's line is not 'Label: value'",
                           "write 'Route ID: <ID>', then one 'Label: value' line per field")
            else:
                end_field()
                label, value = split
                if label in blocks[-1]:
                    blocks.append(SourcedDict(origin=(index + 1, 1)))
                    self.note(index, f"a second {label!r} in one compact record starts another fields block")
                blocks[-1][label] = Sourced(value.strip(), index + 1, len(label) + 3)
                last = label
            index += 1
        end_field()
        if blocks[0].get("Route ID"):
            self.compact_ids.append(str(blocks[0]["Route ID"]))
        self.file.mark(start, index, "fields")
        self.note(start, "the compact ledger record (Route ID: …) is read as labelled fields, its spelling kept (markdown: compact_records)")
        out.extend({"fields": block} for block in blocks if block)
        return index

    def quotes(self, index: int, out: list[dict]) -> int:
        """A run of ``>`` lines: passages, each ended by its ``> --- `path``` line."""
        lines, start = self.lines, index
        end = index
        while end < len(lines) and lines[end].startswith(">"):
            end += 1
        self.file.mark(start, end, "quote")
        passage: list[str] = []
        first = start
        for at in range(start, end):
            content = lines[at][1:]
            content = content[1:] if content.startswith(" ") else content
            if content.startswith("---") and (content == "---" or content.startswith("--- ")):
                found = read_attribution(content[4:])
                if found is None and at + 1 < end:
                    passage.append(content)  # a passage line that happens to start with ---
                    continue
                if found is None:
                    self.error(at, 3, f"the quote's attribution {echoed(content)} is not a path in backticks",
                               "end the quote with '> --- `path/in/the/source`' (a path in backticks; "
                               "'lines 12-14' may follow, a source ID such as SRC-2 may precede it)")
                elif not passage or not any(line.strip() for line in passage):
                    self.error(at, 1, "an attribution without a passage before it",
                               "write the quoted passage as '> ' lines above the '> --- `path`' line")
                else:
                    self.quote(first, passage, found, at, out)
                passage, first = [], at + 1
                continue
            passage.append(content)
        if passage:
            self.error(first, 1, "a quote without its path: the '>' lines end without '> --- `path`'",
                       "end the quote with a line '> --- `path/in/the/source`'; a blockquote that quotes no "
                       "source has no place in a report: write it as a paragraph")
        return end

    def quote(self, first: int, passage: list[str], found: tuple[str, str | None, str | None, bool], at: int, out: list[dict[str, Any]]) -> None:
        path, lines, source, from_link = found
        text = "\n".join(passage)
        value = SourcedDict(origin=(first + 1, 1))
        value["passage"] = Sourced(text + "\n" if "\n" in text else text, first + 1, 3, 3)
        column = self.lines[at].find(path) + 1 if path in self.lines[at] else 7
        value["path"] = Sourced(path, at + 1, column)
        if lines:
            value["lines"] = Sourced(lines, at + 1, 1)
        if source:
            value["source"] = Sourced(source, at + 1, 7)
        if from_link:
            self.note(at, f"the attribution's link is read as the path {path!r}" + (f", lines {lines}" if lines else "")
                          + "; the link's commit is the set's reviewed revision")
        out.append(SourcedDict({"quote": value}, origin=(first + 1, 1)))

    def table(self, index: int, out: list[dict]) -> int:
        lines, start = self.lines, index
        end = index
        while end < len(lines) and lines[end].startswith("|"):
            end += 1
        self.file.mark(start, end, "table")
        if end - start < 2 or not is_separator_row(lines[start + 1]):
            self.error(start, 1, "a table row without a table: the header needs a separator row under it ('|---|---|')",
                       "add the separator row under the header row, or, if this is not a table, start the line "
                       "with something other than '|'")
            return end
        columns = row_cells(lines[start])
        separator = split_row(lines[start + 1])
        if len(separator) != len(columns):
            self.error(start + 1, 1, f"the separator row has {len(separator)} cells but the header has {len(columns)}",
                       "write one '---' per column")
        if any(cell.startswith(":") or cell.endswith(":") for cell in separator):
            self.note(start + 1, "the table's column alignment (':') is not kept: report tables align their own way")
        table = SourcedDict(origin=(start + 1, 1))
        table["columns"] = self.cells(start, columns, "header")
        table["rows"] = []
        for at in range(start + 2, end):
            cells = row_cells(lines[at])
            if len(cells) != len(columns):
                self.error(at, 1, f"this table row has {len(cells)} cells but the table has {len(columns)} columns",
                           "give every row one cell per column; escape a '|' inside a cell (code too) as '\\|'")
                continue
            table["rows"].append(self.cells(at, cells, f"row {at - start - 1}"))
        if not table["rows"]:
            self.error(start, 1, "the table has no rows", "add its rows under the separator row, or remove the table")
        out.append(SourcedDict({"table": table}, origin=(start + 1, 1)))
        return end

    def cells(self, index: int, cells: list[tuple[str, int]], what: str) -> list[Sourced]:
        out = []
        for number, (cell, column) in enumerate(cells, start=1):
            if not cell:
                self.error(index, column, f"cell {number} of the table's {what} is empty",
                           "write '-' (or what the column asks for, such as 'none') in an empty cell")
            out.append(Sourced(cell, index + 1, column))
        return out

    # -- lists ------------------------------------------------------------------------------

    @staticmethod
    def _marker(line: str) -> tuple[str, int] | None:
        """The list marker a line starts with (``-``, ``*``, ``+`` or ``.``/``)`` for numbers)
        and the column its text starts at."""
        if line[:1] in ("-", "*", "+") and (len(line) == 1 or line[1] == " "):
            return line[0], 2
        match = _ORDERED.match(line)
        if match:
            return match.group(2), match.end() + (1 if match.end() == len(line) else 0)
        return None

    def item_list(self, index: int, context: Context, out: list[dict]) -> int:
        lines = self.lines
        opened = self._marker(lines[index])
        assert opened is not None, "item_list is called at a list marker"
        marker, _ = opened
        items: list[tuple[int, int, list[str]]] = []  # (line index, text column, lines)
        numbers: list[str] = []
        start = index
        while index < len(lines):
            found = self._marker(lines[index])
            if found is None or found[0] != marker:
                break
            _, column = found
            if marker in ".)":
                ordered = _ORDERED.match(lines[index])
                assert ordered is not None  # _marker found the item's number with it
                numbers.append(ordered.group(1))
            head = lines[index][column:]
            text_column = column + 1 + (len(head) - len(head.lstrip(" ")))
            item_lines = [head.strip(" ")]
            at, blank = index + 1, 0
            while at < len(lines):
                line = lines[at]
                if not line.strip():
                    blank += 1
                elif line[0] == " ":
                    indent = len(line) - len(line.lstrip(" "))
                    item_lines += [""] * blank + [line[min(indent, column) :]]
                    blank = 0
                elif blank == 0 and self.starts_block(line, context) is None and not line.startswith(_COMPACT) \
                        and not is_fence_opener(line):
                    item_lines.append(line)  # a lazy continuation line
                else:
                    break
                at += 1
            items.append((index, text_column, [line.rstrip() for line in item_lines]))
            self.file.mark(index, at - blank, "list")
            index = at - blank
            if index + blank < len(lines) and (nxt := self._marker(lines[index + blank])) and nxt[0] == marker:
                self.file.mark(index, index + blank, "blank")
                index += blank
        self._list_block(start, marker, items, numbers, context, out)
        return index

    def _list_block(self, start: int, marker: str, items: list[tuple[int, int, list[str]]], numbers: list[str], context: Context,
                    out: list[dict[str, Any]]) -> None:
        values = []
        for index, column, item_lines in items:
            text = "\n".join(item_lines).strip("\n")
            if not text.strip():
                self.error(index, 1, "an empty list item", "write its text after the marker, or remove the line")
                continue
            values.append(Sourced(text + "\n" if "\n" in text else text, index + 1, column, column))
        if not values:
            return
        if marker in ".)":
            if numbers != [str(n) for n in range(1, len(numbers) + 1)]:
                self.note(start, f"the list is numbered {', '.join(numbers[:6])}{'…' if len(numbers) > 6 else ''}; "
                                 "it is kept as a numbered list, which the page numbers 1, 2, 3 …")
            out.append(SourcedDict({"numbered": values}, origin=(start + 1, 1)))
            return
        splits = [split for value in values if (split := split_field(value.split("\n", 1)[0], self.labels_with_colon))]
        all_fields = len(splits) == len(values)
        if marker == FIELD_MARKER and all_fields:
            self._fields(values, splits, context, out)
            return
        if marker == BULLET_MARKER and all_fields:
            self.note(start, "a '*' list whose items all read 'Label: value' is kept as a bulleted list "
                             "(labelled fields are '- ' bullets)")
        if marker == PARAGRAPH_MARKER:
            self.note(start, "a '+' list is read as paragraphs: each item is a paragraph of its own (paragraphs:)")
        style: ListStyle = "paragraphs" if marker == PARAGRAPH_MARKER else "bulleted"
        out.append(SourcedDict({style: values}, origin=(start + 1, 1)))

    def _fields(self, values: list[Sourced], splits: list[tuple[str, str]], context: Context, out: list[dict[str, Any]]) -> None:
        blocks = [SourcedDict(origin=(values[0].line, 1))]
        for value, (label, _rest) in zip(values, splits, strict=True):
            if label in blocks[-1]:
                self.note(value.line - 1, f"{context.name} states {label!r} twice; the second starts another "
                                          "fields block (a block holds each label once)")
                blocks.append(SourcedDict(origin=(value.line, 1)))
            body = value[len(label) + 2 :]
            blocks[-1][label] = Sourced(body, value.line, value.column + len(label) + 2, value.indent)
        out.extend(SourcedDict({"fields": block}, origin=block.origin) for block in blocks)
