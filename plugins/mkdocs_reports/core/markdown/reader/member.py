"""Read one member of the method's Markdown into the YAML a report file holds.

The structure comes from the member type (data, ``member_types/*.yaml`` or a collection's
``_types/``): its section headings, which sections hold records or annotations, the kind
headings, what an empty section says. Sections, records and annotations stay in the
author's order; every line is placed or reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...diagnostics import Diagnostics, echoed
from ...method.front_matter import FRONT_MATTER_KEYS
from ...method.ids import kind_of
from ...method.near_misses import did_you_mean
from ...method.types import ReportType, Role, SectionSpec, Shape, TypeRegistry
from ...yamlio.writer import Sourced, SourcedDict
from ..spelling import ANNOTATION_PREFIX, DASH, NONE_DECLARED, colon_labels
from .constructs import ID_TOKEN, BlockReader, Context, Fences, Judgement, heading_level, heading_text
from .markdown_file import FrontMatter, MarkdownFile, read_front_matter, read_markdown

#: a record's first line in the method's current sets: "Label: Short label"
_LABEL_LINE = re.compile(r"^Label:[ \t]+(\S.*?)[ \t]*$")
_OTHER_DASHES = (" – ", " - ", " -- ", " —", "— ")


@dataclass
class ParsedMember:
    """A member as YAML data, with what the import made of it."""

    file: MarkdownFile
    real_path: Path
    type: ReportType
    front: FrontMatter
    title: Sourced
    sections: dict[str, object] = field(default_factory=dict)
    judgements: list[Judgement] = field(default_factory=list)
    #: how each annotation heading wrote its ID: bare, linked or code
    heading_forms: list[str] = field(default_factory=list)
    #: records whose Part of line links the ID or writes it as code, by ID
    part_of_forms: dict[str, str] = field(default_factory=dict)
    #: the Route IDs of compact ledger records
    compact_ids: list[str] = field(default_factory=list)
    #: the file's bytes, which a published set pins by their SHA-256
    data: bytes = b""
    #: the member's name in the system folder: the role it fills, else its type's member
    role: str | None = None
    #: its type is its role's, not the one the written type names alone (the overview the
    #: method's code writes, whose type file is that of the overview its authors wrote)
    typed_by_role: bool = False
    #: its set declares records the current way ('#### ID', then 'Label: …')
    label_lines: bool = False

    @property
    def name(self) -> str:
        return self.role or self.type.member

    @property
    def system_name(self) -> str | None:
        """The system's name as the title gives it: "Tallybook" of "Tallybook memory report"."""
        noun = " " + self.type.noun
        if self.title.casefold().endswith(noun.casefold()) and self.title[: -len(noun)].strip():
            return self.title[: -len(noun)].strip()
        return None


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".md")


def resolve_type(written: str, registry: TypeRegistry) -> ReportType | None:
    """The member type a front matter's ``type`` names: the method's path of the type (any
    folder: the method's own templates name the runtime type under another folder), an
    older name the type declares (``method_aliases``), or the type's name."""
    return registry.resolve(written) or registry.resolve(_stem(written))


def _normal(heading: str) -> str:
    return " ".join(heading.split()).casefold()


class MemberReader:
    def __init__(self, file: MarkdownFile, registry: TypeRegistry, diagnostics: Diagnostics,
                 role_type: ReportType | None = None, label_lines: bool = False) -> None:
        self.file = file
        self.registry = registry
        #: our type of the role the file fills in its set's layout, when the file names the
        #: method's type of that role (the overview of either generation)
        self.role_type = role_type
        self.typed_by_role = False
        #: the member's set declares records the current way: '#### ID', then 'Label: …'
        self.label_lines = label_lines
        self.diagnostics = diagnostics
        self.block_reader = BlockReader(file, Fences(file.lines), colon_labels(registry), diagnostics)
        self.heading_forms: list[str] = []
        self.part_of_forms: dict[str, str] = {}

    @property
    def lines(self) -> list[str]:
        return self.file.lines

    def error(self, index: int, column: int, message: str, fix: str) -> None:
        self.diagnostics.error(self.file.at(index, column), message, fix)

    def note(self, index: int, text: str) -> None:
        self.block_reader.note(index, text)

    # -- the member -------------------------------------------------------------------------

    def read(self, real_path: Path) -> ParsedMember | None:
        found = read_front_matter(self.file, self.diagnostics)
        if found is None:
            return None
        front, index = found
        report_type = self._type(front)
        index = self.block_reader.skip_blank(index)
        if index >= len(self.lines) or heading_level(self.lines[index]) != 1:
            self.error(min(index, max(len(self.lines) - 1, 0)), 1, "the member has no title ('# …') after its front matter",
                       "write the title as a level-1 heading, e.g. '# Tallybook memory report'")
            return None
        title = Sourced(heading_text(self.lines[index]), index + 1, 3)
        self.file.mark(index, index + 1, "title")
        if not title:
            self.error(index, 1, "the title is empty", "write the report's title after '# '")
        if report_type is None:
            self._skip_rest(index + 1)
            return None
        member = ParsedMember(self.file, real_path, report_type, front, title, judgements=self.block_reader.judgements,
                              heading_forms=self.heading_forms, part_of_forms=self.part_of_forms,
                              compact_ids=self.block_reader.compact_ids)
        self._required_front_matter(member)
        index = self._before_sections(index + 1)
        self._sections(index, member)
        return member

    def _type(self, front: FrontMatter) -> ReportType | None:
        written = front.get("type")
        if written is None:
            self.error(0, 1, "the front matter has no 'type'",
                       "add 'type: agentic-system-analyses/types/<member type>.md' (e.g. …/agentic-system-memory-report.md)")
            return None
        report_type = resolve_type(written, self.registry)
        if self.role_type is not None and _stem(written) in self.role_type.names:
            self.typed_by_role = self.role_type is not report_type
            report_type = self.role_type
        if report_type is not None and written not in (report_type.method_type, report_type.name):
            self.block_reader.note(written.line - 1, f"the type {written!r} is read as {report_type.name} "
                                               f"({report_type.method_type or report_type.name})")
        if report_type is None:
            known = list(dict.fromkeys(t.method_type or t.name for t in self.registry.types.values()))
            self.diagnostics.error(
                self.file.at(written.line - 1, written.column),
                f"the member type {echoed(written)} is not one this collection declares",
                f"{did_you_mean(written, known)}the types are: {', '.join(known)}; declare another in <reports>/_types/<name>.yaml",
            )
        return report_type

    def _required_front_matter(self, member: ParsedMember) -> None:
        missing = [entry.markdown for entry in FRONT_MATTER_KEYS if member.type.requires(entry.key)
                   and entry.key not in member.front and entry.key not in member.front.mappings]
        if missing:
            self.error(0, 1, f"{member.type.a_noun} states {', '.join(missing)} in its front matter; this one does not",
                       "add " + ", ".join(f"'{key}: …'" for key in missing) + " between the '---' lines "
                       "(a value that cannot be given reads 'not recorded — <why>')")

    def _before_sections(self, index: int) -> int:
        start = self.block_reader.skip_blank(index)
        index = self._skip(start, 2)
        if index > start:
            self.error(start, 1, "text between the title and the first section has no place in the report",
                       "move it into a section ('## …'), or into the front matter's description")
        return index

    def _skip(self, index: int, stop_level: int) -> int:
        """Pass over what cannot be placed (after saying so) up to a heading at ``stop_level``
        or above, reading its fences as the blocks would; its lines are accounted as errors."""
        reader = self.block_reader
        saved = reader.diagnostics, reader.judgements
        reader.diagnostics, reader.judgements = Diagnostics(), []
        try:
            _, end = reader.blocks(index, Context("skipped", stop_level=stop_level, headings=True))
        finally:
            reader.diagnostics, reader.judgements = saved
        for at in range(index, end):
            self.file.account[at] = "error" if self.lines[at].strip() else "blank"
        return end

    def _skip_rest(self, index: int) -> None:
        self.file.mark(index, len(self.lines), "not read")

    # -- sections ---------------------------------------------------------------------------

    def _sections(self, index: int, member: ParsedMember) -> None:
        by_heading = {_normal(spec.heading): spec for spec in member.type.body_sections}
        seen: dict[str, int] = {}
        while index < len(self.lines):
            line = self.lines[index]
            self.file.mark(index, index + 1, "section")
            if heading_level(line) == 1:
                self.error(index, 1, "a second title ('# …') in one member", "a member has one title; make this a section ('## …')")
                index = self._skip_section(index + 1)
                continue
            heading = heading_text(line)
            spec = by_heading.get(_normal(heading))
            if spec is None:
                hint = did_you_mean(heading, [s.heading for s in member.type.body_sections], "'## {}'")
                self.error(index, 4, f"'## {heading[:80]}' is not a section of {member.type.a_noun}",
                           f"{hint}its sections are: {', '.join(s.heading for s in member.type.body_sections)}")
                index = self._skip_section(index + 1)
                continue
            if spec.key in seen:
                self.error(index, 1, f"the section '{spec.heading}' appears twice (first at line {seen[spec.key] + 1})",
                           "merge the two into one section")
                index = self._skip_section(index + 1)
                continue
            seen[spec.key] = index
            if spec.heading != heading:
                self.note(index, f"'## {heading}' is read as the section '{spec.heading}'")
            if spec.shape is Shape.RECORDS:
                index = self._records(index + 1, spec, member)
            elif spec.shape is Shape.ANNOTATIONS:
                index = self._annotations(index + 1, spec, member)
            else:
                index = self._blocks_section(index, spec, member)
        self._order_and_presence(member, seen)

    def _skip_section(self, index: int) -> int:
        return self._skip(index, 2)

    def _order_and_presence(self, member: ParsedMember, seen: dict[str, int]) -> None:
        missing = [s for s in member.type.body_sections if s.shape is Shape.BLOCKS and not s.optional and s.key not in seen]
        if missing:
            where = max(len(self.lines) - 1, 0)
            self.error(where, 1, f"{member.type.a_noun} has the section{'s' if len(missing) > 1 else ''} "
                                 f"{', '.join(repr(s.heading) for s in missing)}, which this member lacks",
                       "add " + "; ".join(f"'## {s.heading}'" + (f" saying '{s.empty}'" if s.empty else " with its text")
                                          for s in missing))
        order = [key for key in member.type.section_keys if key in seen]
        if order != sorted(order, key=lambda key: seen[key]):
            first = min(seen.values())
            self.note(first, "the sections are not in the member type's order; the YAML keeps the author's order, "
                             "the page and the export show the type's")

    def _blocks_section(self, index: int, spec: SectionSpec, member: ParsedMember) -> int:
        context = Context(f"the section '{spec.heading}'", stop_level=2, headings=True)
        blocks, end = self.block_reader.blocks(index + 1, context)
        if not blocks:
            self.error(index, 1, f"the section '{spec.heading}' is empty",
                       f"write its text, or '{spec.empty}' as the method has an empty one say" if spec.empty
                       else "write its text, or remove the heading if the member type allows")
            return end
        member.sections[spec.key] = _section_value(blocks)
        return end

    # -- shared records -----------------------------------------------------------------------

    def _records(self, index: int, spec: SectionSpec, member: ParsedMember) -> int:
        kinds = self.registry.method.kinds
        by_heading = {_normal(heading): code for code, heading in kinds.items()}
        records: list[dict] = []
        current: str | None = None
        kind_lines: dict[str, int] = {}
        empty_said: dict[str, int] = {}
        said_none = None
        lines = self.lines
        while True:
            index = self.block_reader.skip_blank(index)
            if index >= len(lines) or 1 <= heading_level(lines[index]) <= 2:
                break
            line, level = lines[index], heading_level(lines[index])
            if level == 3:
                self.file.mark(index, index + 1, "kind")
                heading = heading_text(line)
                code = by_heading.get(_normal(heading))
                if code is None:
                    hint = did_you_mean(heading, kinds.values(), "'### {}'")
                    self.error(index, 5, f"'### {heading[:80]}' is not a kind heading of Shared records",
                               f"{hint}the kind headings are: {', '.join(kinds.values())}")
                    current = None
                    index = self._skip_kind(index + 1)
                    continue
                if code in kind_lines:
                    self.error(index, 1, f"the kind heading '{kinds[code]}' appears twice (first at line {kind_lines[code] + 1})",
                               "put all its declarations under one heading")
                kind_lines[code] = index
                current = code
                index += 1
            elif level == 4:
                index = self._record(index, current, records, empty_said)
            elif _is_none_declared(line):
                self.file.mark(index, index + 1, "none")
                if current is None:
                    said_none = index
                else:
                    empty_said[current] = index
                index += 1
            else:
                self.error(index, 1, "text in Shared records outside a declaration has no place in the report",
                           "start a declaration first ('#### <ID> — Short label' under its kind heading); "
                           "prose, lists and tables do not declare records")
                index = self._skip_kind(index)
        self._kind_notes(spec, records, kind_lines, empty_said, said_none)
        if records:
            member.sections[spec.key] = records
        return index

    def _skip_kind(self, index: int) -> int:
        return self._skip(index, 4)

    def _kind_notes(self, spec: SectionSpec, records: list[dict[str, Any]], kind_lines: dict[str, int], empty_said: dict[str, int],
                    said_none: int | None) -> None:
        kinds = self.registry.method.kinds
        declared = {kind_of(record["id"]) for record in records}
        for code, at in empty_said.items():
            if code in declared:
                self.error(at, 1, f"'{NONE_DECLARED}' under '{kinds[code]}', which declares records",
                           f"remove the line '{NONE_DECLARED}'")
        if said_none is not None and records:
            self.error(said_none, 1, f"'{NONE_DECLARED}' in Shared records, which declares records",
                       f"remove the line '{NONE_DECLARED}'")
        for code, at in kind_lines.items():
            if code not in declared and code not in empty_said:
                self.note(at, f"'### {kinds[code]}' declares nothing and does not say '{NONE_DECLARED}'; "
                              "the page says it")
        if spec.kind_headings == "all" and kind_lines and len(kind_lines) < len(kinds):
            absent = [heading for code, heading in kinds.items() if code not in kind_lines]
            self.note(min(kind_lines.values()), f"the kind heading{'s' if len(absent) > 1 else ''} "
                                                f"{', '.join(absent)} {'are' if len(absent) > 1 else 'is'} missing; "
                                                "the page shows every kind heading")

    def _record(self, index: int, kind: str | None, records: list[dict], empty_said: dict[str, int]) -> int:
        line = self.lines[index]
        self.file.mark(index, index + 1, "record")
        text = heading_text(line)
        body = index  # the line before the record's body: its heading, or its Label line
        parsed: tuple[Sourced, Sourced] | None
        if self.label_lines:
            with_line = self._declaration_with_label_line(index, text)
            parsed = (with_line[0], with_line[1]) if with_line else None
            body = with_line[2] if with_line else index
        else:
            parsed = self._declaration(index, text)
        if parsed is None:
            _, end = self.block_reader.blocks(index + 1, Context("a declaration", stop_level=4, record=True))
            self.file.mark(index + 1, end, "error")
            return end
        record_id, label = parsed
        if kind is None:
            self.error(index, 1, f"{record_id} is declared before any kind heading",
                       f"put it under its kind heading ('### {self.registry.method.kinds.get(kind_of(record_id), 'Components')}')")
        elif kind_of(record_id) != kind and kind_of(record_id) in self.registry.method.kinds:
            right = self.registry.method.kinds[kind_of(record_id)]
            self.error(index, 6, f"{record_id} is a record of kind {kind_of(record_id)} under the heading "
                                 f"'{self.registry.method.kinds[kind]}'", f"move it under '### {right}'")
        context = Context(record_id, stop_level=4, record=True)
        blocks, end = self.block_reader.blocks(body + 1, context)
        record = SourcedDict(origin=(index + 1, 1))
        record["id"] = record_id
        record["label"] = label
        if context.part_of is not None:
            record["part_of"] = context.part_of
            if context.part_of_form != "bare":
                self.part_of_forms[str(record_id)] = context.part_of_form
        if blocks:
            record["body"] = blocks
        records.append(record)
        return end

    def _declaration_with_label_line(self, index: int, text: str) -> tuple[Sourced, Sourced, int] | None:
        """``(ID, label, index of the label line)`` of a ``#### <ID>`` heading whose first line
        is ``Label: <label>`` (ADR 115, the method's current sets)."""
        match = ID_TOKEN.match(text)
        if match is None or not match.group("bare"):
            self.error(index, 6, f"a declaration heading is exactly the record's ID, not '#### {text[:80]}'",
                       "write '#### MEM-OBJ-name', then 'Label: Short label' as the record's first line")
            return None
        written = match.group("bare")
        record_id = Sourced(written, index + 1, 6)
        if text[match.end():].strip():
            self.error(index, 6 + match.end(), f"the declaration of {written} has its label in the heading, as the method's "
                                               "previous sets wrote it; this set declares records the current way",
                       f"write '#### {written}' and, as the record's first line, 'Label: {text[match.end():].strip(' —-–')[:60]}'")
            return None
        following = self.block_reader.skip_blank(index + 1)
        line = self.lines[following] if following < len(self.lines) else ""
        found = _LABEL_LINE.match(line)
        if found is None:
            self.error(following if following < len(self.lines) else index, 1,
                       f"the declaration of {written} has no 'Label:' line first",
                       f"write 'Label: Short label' as the first line after '#### {written}'")
            return None
        self.file.mark(following, following + 1, "record")
        return record_id, Sourced(found.group(1).strip(), following + 1, 1 + found.start(1)), following

    def _declaration(self, index: int, text: str) -> tuple[Sourced, Sourced] | None:
        """``(ID, label)`` of a ``#### <ID> — <label>`` heading."""
        match = ID_TOKEN.match(text)
        if match is None:
            self.error(index, 6, f"a declaration heading without an ID: '#### {text[:80]}'",
                       "start it with the record's full ID: '#### MEM-OBJ-name — Short label'")
            return None
        written = match.group("linked") or match.group("coded") or match.group("bare")
        record_id = Sourced(written, index + 1, 6 + text.find(written))
        if not match.group("bare"):
            self.note(index, f"the {'link' if match.group('linked') else 'code span'} around the declared ID "
                             f"{written} is dropped (the page links the ID)")
        rest = text[match.end() :]
        if not rest.strip() and match.group("bare"):
            following = self.block_reader.skip_blank(index + 1)
            if following < len(self.lines) and _LABEL_LINE.match(self.lines[following]):
                self.error(index, 6, f"{written} is declared as the method's current sets do ('#### ID', then 'Label:'), "
                                     "in a member of a set of its previous generation, whose declarations carry their label",
                           f"write '#### {written} — <label>' (and drop the 'Label:' line), or import the member with its "
                           "current set (its boundary beside it)")
                return None
        label = self._label(index, rest, f"the declaration of {written}", 6 + match.end())
        if label is None:
            self.error(index, 6 + match.end(), f"the declaration of {written} has no label",
                       f"write '#### {written} — Short label'")
            return None
        return record_id, label

    def _label(self, index: int, rest: str, what: str, column: int) -> Sourced | None:
        if rest.startswith(DASH) and rest[len(DASH) :].strip():
            return Sourced(rest[len(DASH) :].strip(), index + 1, column + len(DASH))
        for dash in _OTHER_DASHES:
            if rest.startswith(dash) and rest[len(dash) :].strip():
                self.note(index, f"{what}: '{dash.strip()}' is read as the method's ' — ' before the label")
                return Sourced(rest[len(dash) :].strip(), index + 1, column + len(dash))
        if rest.strip():
            self.error(index, column, f"{what}: after the ID comes ' — ' and the label, not {echoed(rest.strip(), 40)}",
                       "write ' — ' (an em dash between spaces) between the ID and the label")
        return None

    # -- annotations ----------------------------------------------------------------------------

    def _annotations(self, index: int, spec: SectionSpec, member: ParsedMember) -> int:
        lines = self.lines
        annotations: list[dict] = []
        said_none = None
        while True:
            index = self.block_reader.skip_blank(index)
            if index >= len(lines) or 1 <= heading_level(lines[index]) <= 2:
                break
            line, level = lines[index], heading_level(lines[index])
            if level == 4 and heading_text(line).startswith(ANNOTATION_PREFIX):
                index = self._annotation(index, annotations)
            elif level:
                self.file.mark(index, index + 1, "error")
                self.error(index, 1, f"'{line[:80]}' is not an annotation heading",
                           "annotations are '#### On <ID> — Short label' (an ID declared in another member); "
                           "a record of this member is declared under Shared records")
                index = self._skip_kind(index + 1)
            elif _is_none(line) and not annotations and said_none is None:
                self.file.mark(index, index + 1, "none")
                said_none = index
                index += 1
            else:
                self.error(index, 1, "text in Annotations outside an annotation has no place in the report",
                           "start an annotation first: '#### On <ID> — Short label'")
                index = self._skip_kind(index)
        if said_none is not None and annotations:
            self.error(said_none, 1, "Annotations says 'none' but holds annotations", "remove the line 'none'")
        if annotations:
            member.sections[spec.key] = annotations
        return index

    def _annotation(self, index: int, annotations: list[dict]) -> int:
        self.file.mark(index, index + 1, "annotation")
        text = heading_text(self.lines[index])[len(ANNOTATION_PREFIX) :]
        column = 6 + len(ANNOTATION_PREFIX)
        match = ID_TOKEN.match(text)
        context = Context("an annotation", stop_level=4)
        if match is None:
            self.error(index, column, f"an annotation heading without an ID: '#### On {text[:80]}'",
                       "write '#### On <ID> — Short label' with the full ID of a record declared in another member")
            _, end = self.block_reader.blocks(index + 1, context)
            self.file.mark(index + 1, end, "error")
            return end
        written = match.group("linked") or match.group("coded") or match.group("bare")
        self.heading_forms.append("linked" if match.group("linked") else "code" if match.group("coded") else "bare")
        if match.group("linked"):
            self._validate_link(index, written, match.group("target"))
        elif match.group("coded"):
            self.note(index, f"the code span around the annotated ID {written} is kept as the member's spelling "
                             "(markdown: annotation_headings); the page links the ID")
        annotation = SourcedDict(origin=(index + 1, 1))
        annotation["on"] = Sourced(written, index + 1, column + text.find(written))
        rest = text[match.end() :]
        if rest.strip():
            label = self._label(index, rest, f"the annotation on {written}", column + match.end())
            if label is not None:
                annotation["label"] = label
        context.name = f"the annotation on {written}"
        blocks, end = self.block_reader.blocks(index + 1, context)
        if blocks:
            annotation["body"] = blocks
        annotations.append(annotation)
        return end

    def _validate_link(self, index: int, record_id: str, target: str) -> None:
        member = self.registry.grammar.member_of(record_id)
        expected = f"{member}.md#{record_id.lower()}" if member else None
        if target != expected:
            self.note(index, f"the annotation heading links {record_id} to {target!r}"
                             + (f", not to {expected!r}" if expected else "") + "; the ID is what counts, the page links it")


def _is_none_declared(line: str) -> bool:
    return line.strip().rstrip(".").strip("*_").casefold() == NONE_DECLARED


def _is_none(line: str) -> bool:
    return line.strip().rstrip(".").strip("`*_").casefold() == "none"


def _section_value(blocks: list[dict[str, Any]]) -> object:
    """A section of one text block is that text (``write_side: |``); otherwise the list of
    blocks. A record's or an annotation's body is always a list (the house style)."""
    if len(blocks) == 1 and "text" in blocks[0]:
        return blocks[0]["text"]
    return blocks


def read_member(display: str, real_path: Path, data: bytes, registry: TypeRegistry, diagnostics: Diagnostics,
                role: Role | None = None, label_lines: bool = False) -> ParsedMember | None:
    """One member file (``display`` names it in messages), filling ``role`` of its set's
    layout when the file is at the role's path; ``None`` when it cannot be read at all (the
    reasons are in ``diagnostics``)."""
    file = read_markdown(display, data, diagnostics)
    if file is None:
        return None
    role_type = registry.role_type(role) if role is not None else None
    reader = MemberReader(file, registry, diagnostics, role_type, label_lines)
    member = reader.read(real_path)
    if member is not None:
        member.data = data
        member.typed_by_role = reader.typed_by_role
        member.label_lines = label_lines
        if role is not None and member.type is role_type and role.member != member.type.member:
            member.role = role.member
    if member is not None and reader.block_reader.notes_omitted:
        member.judgements.append(Judgement(file.at(0), f"… and {reader.block_reader.notes_omitted} more notes on this member"))
    return member
