"""Find the record IDs and sources an author wrote in Markdown prose, as the method writes them.

* a bare ID (MEM-RTE-memory-edit), an inline code span that is exactly one ID, or a
  Markdown link around an ID or to a member's record anchor ([RT-RTE-x](runtime.md#rt-rte-x))
  cites a record; in the method's current sets (a ``links_only`` grammar, ADR 115) only
  the link does, and a bare ID is text;
* SRC-1 names a source of the register, and [SRC-1: `path`; `path`] is an evidence
  anchor: paths of that source.

Other code (fenced and indented blocks, longer inline code spans) holds examples, not
citations, so it is masked first; offsets are kept so that every mention can be placed in
the file and replaced on a page. The checker and the pages use this one finder.
"""

from __future__ import annotations

import bisect
import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ..method.ids import IdGrammar
from ..method.site_names import SLUG
from .shared import shared

# A line that may open a fence (any indent: superfences nests them in list items), and
# one that may close one: nothing but the run and trailing blanks.
FENCE_LINE = re.compile(r"^([ ]*)(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)
_BACKTICK_RUN = re.compile(r"`+")
_LINE_BREAK = re.compile(r"\n")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_LIST_OR_CONTAINER = re.compile(r"^ {0,3}(?:[-*+]|\d+[.)]|!!!|\?\?\?\+?)(?:[ \t]|$)")


def _blank_text(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _indent(line: str) -> int:
    expanded = line.expandtabs(4)
    return len(expanded) - len(expanded.lstrip(" "))


def _mask_indented_code(markdown: str) -> str:
    """Blank blocks indented by four or more after a blank line: code, unless they continue a
    list item or an admonition, where eight spaces make code."""
    lines = markdown.split("\n")
    in_container = False  # the last block that was not indented opened a list or admonition
    code = False  # inside an indented code block
    previous_blank = True
    for number, line in enumerate(lines):
        if not line.strip():
            previous_blank = True
            continue
        indent = _indent(line)
        if indent < 4:
            code = False
            if previous_blank or _LIST_OR_CONTAINER.match(line):
                in_container = bool(_LIST_OR_CONTAINER.match(line))
        elif previous_blank and not code:
            code = indent >= (8 if in_container else 4)
        if code:
            lines[number] = _blank_text(line)
        previous_blank = False
    return "\n".join(lines)


def fences(text: str) -> Iterator[tuple[int, int]]:
    """Fenced blocks as (start, end) offsets, from the opening line to the closing one.

    As pymdownx.superfences reads them: a line of three or more backticks or tildes (any
    indent) opens a fence that the first later line closes whose indent is the same and
    that holds exactly the same run; a non-blank line indented less ends the search. An
    opening line that nothing closes is text, and the search goes on from the next line
    (``Markup.prose`` makes such a line no opening for the page either, so that a fence an
    author left open in one field cannot run on into the next).

    Closing lines are indexed by (indent, run), and for every indent that opens a fence the
    next less-indented line is found in one backward pass, so the scan is linear however
    many fences stay open.
    """
    if "```" not in text and "~~~" not in text:
        return
    candidates = list(FENCE_LINE.finditer(text))
    if not candidates:
        return
    starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
    number_of = {offset: number for number, offset in enumerate(starts)}
    closers: dict[tuple[int, str], list[int]] = {}
    for line in candidates:
        if not line.group(3).strip(" \t"):
            closers.setdefault((len(line.group(1)), line.group(2)), []).append(number_of[line.start()])
    less_indented: dict[int, list[int]] = {}  # indent → for each line, the next line indented less
    position = 0
    for line in candidates:
        if line.start() < position:
            continue  # inside the fence just found
        indent, run, number = len(line.group(1)), line.group(2), number_of[line.start()]
        found = closers.get((indent, run), [])
        index = bisect.bisect_right(found, number)
        if index == len(found):
            continue
        closing = found[index]
        if indent:
            if indent not in less_indented:
                less_indented[indent] = _next_less_indented(text, starts, indent)
            if less_indented[indent][number + 1] < closing:
                continue
        end = starts[closing + 1] - 1 if closing + 1 < len(starts) else len(text)
        yield line.start(), end
        position = end


def _next_less_indented(text: str, starts: list[int], indent: int) -> list[int]:
    """For every line, the first line at or after it that is not blank and is indented
    less than ``indent`` (or the number of lines)."""
    ahead = [len(starts)] * (len(starts) + 1)
    for number in range(len(starts) - 1, -1, -1):
        end = starts[number + 1] - 1 if number + 1 < len(starts) else len(text)
        line = text[starts[number] : end]
        stripped = line.lstrip(" ")
        short = stripped.strip() and len(line) - len(stripped) < indent
        ahead[number] = number if short else ahead[number + 1]
    return ahead


def _code_spans(text: str) -> Iterator[tuple[int, int, int, int]]:
    """Inline code spans as offsets (start, end, content start, content end), the first two
    those of their backticks, as Python-Markdown finds them: a run of backticks not escaped
    by a backslash opens a span that the next run of the same length closes, unless a blank
    line comes first. Each run is looked at once, with the next run of its length found in
    advance, so the scan is linear."""
    runs = list(_BACKTICK_RUN.finditer(text))
    if len(runs) < 2:
        return
    following: list[int | None] = [None] * len(runs)
    last: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index].end() - runs[index].start()
        following[index] = last.get(length)
        last[length] = index
    blanks = [match.start() for match in _BLANK_LINE.finditer(text)]
    index = 0
    while index < len(runs):
        run, closing = runs[index], following[index]
        if closing is not None and _can_open(text, run.start()):
            blank = bisect.bisect_left(blanks, run.end())
            if blank >= len(blanks) or blanks[blank] >= runs[closing].start():  # no blank line inside
                yield run.start(), runs[closing].end(), run.end(), runs[closing].start()
                index = closing + 1
                continue
        index += 1


def _can_open(text: str, start: int) -> bool:
    """Whether the backtick run at ``start`` can open a span: it is not escaped, that is,
    preceded by an even number of backslashes, which a backtick does not precede."""
    before = start
    while before > 0 and text[before - 1] == "\\":
        before -= 1
    return (start - before) % 2 == 0 and (before == start or text[before - 1 : before] != "`")


def _blank_ranges(text: str, ranges: Iterator[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in ranges:
        out.append(text[last:start])
        out.append(_blank_text(text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


def _block_masked(markdown: str) -> str:
    """Fenced and indented code blocks blanked (same length and line breaks)."""
    return _mask_indented_code(_blank_ranges(markdown, fences(markdown)))


def _might_hold_code(markdown: str) -> bool:
    return "`" in markdown or "~~~" in markdown or "    " in markdown or "\t" in markdown


def mask_code(markdown: str) -> str:
    """The text with code replaced by spaces, same length and line breaks.

    Code is fenced blocks, indented blocks and inline code spans, found as Python-Markdown
    finds them; what is masked here is what the site shows as code, so an ID there is
    neither a citation nor a link (unless the whole span is one ID: see ``scan``). Time is
    linear in the text, whatever it holds.
    """
    return _masked_with_spans(markdown)[0]


@dataclass(frozen=True)
class CodeSpan:
    start: int  # the opening backtick
    end: int  # after the closing backtick
    content: str  # between the backticks, as written


def _masked_with_spans(markdown: str) -> tuple[str, list[CodeSpan]]:
    """``mask_code(markdown)`` and the inline code spans it blanked, in one pass."""
    if not _might_hold_code(markdown):
        return markdown, []
    blocks = _block_masked(markdown)
    if "`" not in blocks:
        return blocks, []
    spans, pieces, last = [], [], 0
    for start, end, inner_start, inner_end in _code_spans(blocks):
        spans.append(CodeSpan(start, end, markdown[inner_start:inner_end]))
        pieces += [blocks[last:start], _blank_text(blocks[start:end])]
        last = end
    pieces.append(blocks[last:])
    return "".join(pieces), spans


#: how a mention is written (``Mention`` says what each is)
MentionForm = Literal["bare", "code", "link", "source", "evidence"]


@dataclass(frozen=True, slots=True)  # every mention of every text: no __dict__ each
class Mention:
    """A would-be record ID, or a source, in a text.

    ``form`` is how it is written: ``bare``, ``code`` (a code span that is the ID), ``link``
    (a Markdown link, ``label`` its text), ``source`` (``SRC-1``) or ``evidence`` (an
    evidence anchor, ``paths`` its code-span paths). ``start``/``end`` delimit what a page
    replaces; ``offset`` is where the ID itself stands, ``occurrence`` how many identical
    strings precede it; ``problem`` says why an ID is malformed.
    """

    form: MentionForm
    text: str
    offset: int
    occurrence: int
    problem: str | None
    start: int
    end: int
    label: str | None = None
    paths: tuple[tuple[str, int, int], ...] = ()
    #: the characters at ``offset`` when they are not ``text`` (a record anchor in a link's URL)
    written: str | None = None
    #: the record a link's anchor addresses when it is not the ID its text names
    #: (``[RT-OBJ-a](runtime.md#rt-obj-b)``: a link cites one record, by both)
    addressed: str | None = None

    @property
    def cites_record(self) -> bool:
        return self.form in ("bare", "code", "link")


# a Markdown link: text without brackets, a URL without parentheses or spaces
_LINK = re.compile(r"\[([^\[\]\n]*)\]\(([^()\s]*)\)")
# a link to a record in a member of the same set, as the method writes it
_MEMBER_ANCHOR = re.compile(rf"^(?:\./)?{SLUG.pattern}\.md#(?P<anchor>[a-z0-9-]+)$")
# a record anchor of this member or another: #rt-obj-store, runtime.md#rt-obj-store
_ANY_ANCHOR = re.compile(rf"^(?:(?:\./)?{SLUG.pattern}\.md)?#(?P<anchor>[a-z0-9-]+)$")
# an evidence anchor, [SRC-1] or [SRC-1: `path`; `path`]; not a link's text
_EVIDENCE = re.compile(r"\[(SRC-[0-9]+)(?::([^\[\]\n]*))?\](?![(\[:])")
# (In these two, "no word character or '-' before SRC" is said after it, ``SRC(?<![\w-]SRC)``:
# a pattern that starts with a literal is tried only where the literal stands, one that starts
# with a lookbehind at every character, thirty times slower.)
_SOURCE = re.compile(r"SRC(?<![\w-]SRC)-[0-9]+(?![\w-])")
_PATH = re.compile(r"`([^`\n]+)`")
# paths right after a bare source ID, as the method's tables write anchors: SRC-1 `a`; `b`
_FOLLOWING_PATHS = re.compile(r"(?:[ \t]+|[ \t]*[:,][ \t]*)`[^`\n]+`(?:[ \t]*[;,][ \t]*`[^`\n]+`)*")
#: a numbered range of sources, which the method refuses ("list each source ID")
SOURCE_RANGE = re.compile(r"SRC(?<![\w-]SRC)-[0-9]+\s*(?:–|—|-|\.\.|to|through)\s*SRC-[0-9]+(?![\w-])")


class _Taken:
    """Ranges of the text already claimed by a mention (they never overlap)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def free(self, start: int, end: int) -> bool:
        index = bisect_left(self.starts, start)
        if index < len(self.starts) and self.starts[index] < end:
            return False
        return index == 0 or self.ends[index - 1] <= start

    def add(self, start: int, end: int) -> None:
        index = bisect_left(self.starts, start)
        self.starts.insert(index, start)
        self.ends.insert(index, end)


class _Occurrences:
    """How many identical strings precede an offset: positions found once per string."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.positions: dict[str, list[int]] = {}

    def before(self, needle: str, offset: int) -> int:
        if needle not in self.positions:
            found, index = [], self.text.find(needle)
            while index >= 0:
                found.append(index)
                index = self.text.find(needle, index + 1)
            self.positions[needle] = found
        return bisect_left(self.positions[needle], offset)


def scan(markdown: str, grammar: IdGrammar) -> tuple[Mention, ...]:
    """Every citation and source mention of a Markdown text, in order, none overlapping.

    Found afresh each time (by the checker, then by the text's page): they are cheap to
    find, and kept for every text between the two (a cache entry for each) they held 23 MB
    of a checked collection of 1,000 reports, and a build held them to its end."""
    if not markdown or not grammar.might_mention(markdown):
        return ()
    masked, spans = _masked_with_spans(markdown)
    occurrences = _Occurrences(markdown)
    found: list[Mention] = []
    taken = _Taken()
    free = taken.free

    def add(form: MentionForm, text: str, offset: int, start: int, end: int, problem: str | None = None, **extra: Any) -> None:
        needle = extra.get("written") or text
        # an ID is cited at many places: each mention holds the one object of it
        found.append(Mention(form, shared(text), offset, occurrences.before(needle, offset), problem, start, end, **extra))
        taken.add(start, end)

    if "[" in masked:
        for match in _LINK.finditer(masked):
            if not free(match.start(), match.end()):
                continue
            label = markdown[match.start(1) : match.end(1)]
            inner = label.strip()
            if len(inner) > 1 and inner[0] == inner[-1] == "`":
                inner = inner.strip("`").strip()
            if grammar.is_candidate(inner):
                offset = markdown.index(inner, match.start(1))
                anchor = _ANY_ANCHOR.fullmatch(match.group(2))
                addressed = grammar.id_of_anchor(anchor["anchor"]) if anchor else None
                add("link", inner, offset, match.start(), match.end(), grammar.id_problem(inner), label=label,
                    addressed=addressed if addressed not in (None, inner) else None)
            elif (anchor := _MEMBER_ANCHOR.fullmatch(match.group(2))) and (record_id := grammar.id_of_anchor(anchor["anchor"])):
                add("link", record_id, match.start(2) + anchor.start("anchor"), match.start(), match.end(), label=label, written=anchor["anchor"])
        for match in _EVIDENCE.finditer(masked):
            if not free(match.start(), match.end()):
                continue
            paths: tuple[tuple[str, int, int], ...] = ()
            if match.group(2) is not None:
                paths = tuple(
                    (shared(path.group(1).strip()), path.start(), path.end())
                    for path in _PATH.finditer(markdown, match.start(2), match.end(2))
                )
            add("evidence", match.group(1), match.start(1), match.start(), match.end(), paths=paths)
    for span in spans if not grammar.links_only else ():
        inner = span.content.strip()
        if free(span.start, span.end) and grammar.is_valid_id(inner):
            add("code", inner, markdown.index(inner, span.start), span.start, span.end)
    for match in grammar.candidates(masked) if not grammar.links_only else ():
        if free(match.start(), match.end()):
            value = match.group()
            add("bare", value, match.start(), match.start(), match.end(), grammar.id_problem(value))
    if "SRC-" in masked:
        for match in _SOURCE.finditer(masked):
            if not free(match.start(), match.end()):
                continue
            end, paths = match.end(), ()
            following = _FOLLOWING_PATHS.match(markdown, end) if "`" in markdown else None
            if following and free(end, following.end()):
                end = following.end()
                paths = tuple((shared(p.group(1).strip()), p.start(), p.end()) for p in _PATH.finditer(markdown, match.end(), end))
            add("source", match.group(), match.start(), match.start(), end, paths=paths)
    found.sort(key=lambda mention: mention.start)
    return tuple(found)
