"""Find the record IDs and sources an author wrote in Markdown prose, as the method writes them.

* a bare ID (MEM-RTE-memory-edit), an inline code span that is exactly one ID, or a
  Markdown link around an ID or to a member's record anchor ([RT-RTE-x](runtime.md#rt-rte-x))
  cites a record;
* SRC-1 names a source of the register, and [SRC-1: `path`; `path`] is an evidence
  anchor: paths of that source.

Other code (fenced and indented blocks, longer inline code spans) holds examples, not
citations, so it is masked first; offsets are kept so that every mention can be placed in
the file and replaced on a page. The checker and the pages use this one finder.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from .ids import IdGrammar

# A fence (any indent: superfences nests them in list items) up to its closing twin; an
# unclosed fence is no code for Markdown, so it is none here either.
_FENCE = re.compile(r"^([ ]*)(`{3,}|~{3,})[^\n]*\n(?:.*?\n)??[ ]*\2[ \t]*$", re.MULTILINE | re.DOTALL)
# A code span as Python-Markdown finds it: a backtick run not escaped by a backslash, up to
# the same run, within one paragraph.
_CODE_SPAN = re.compile(r"(?<![\\`])((?:\\\\)*)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\2(?!`)", re.DOTALL)
_LIST_OR_CONTAINER = re.compile(r"^ {0,3}(?:[-*+]|\d+[.)]|!!!|\?\?\?\+?)(?:[ \t]|$)")


def _blank_text(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _blank_span(match: re.Match[str]) -> str:
    return match.group(1) + _blank_text(match.group()[len(match.group(1)) :])


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


def _block_masked(markdown: str) -> str:
    """Fenced and indented code blocks blanked (same length and line breaks)."""
    masked = _FENCE.sub(lambda m: _blank_text(m.group()), markdown)
    return _mask_indented_code(masked)


def _might_hold_code(markdown: str) -> bool:
    return "`" in markdown or "~~~" in markdown or "    " in markdown or "\t" in markdown


def mask_code(markdown: str) -> str:
    """The text with code replaced by spaces, same length and line breaks.

    Code is fenced blocks, indented blocks and inline code spans, found as Python-Markdown
    finds them; what is masked here is what the site shows as code, so an ID there is
    neither a citation nor a link (unless the whole span is one ID: see ``scan``).
    """
    if not _might_hold_code(markdown):
        return markdown
    return _CODE_SPAN.sub(_blank_span, _block_masked(markdown))


@dataclass(frozen=True)
class CodeSpan:
    start: int  # the opening backtick
    end: int  # after the closing backtick
    content: str  # between the backticks, as written


def code_spans(markdown: str) -> list[CodeSpan]:
    """Inline code spans outside code blocks, in order."""
    return _masked_with_spans(markdown)[1]


def _masked_with_spans(markdown: str) -> tuple[str, list[CodeSpan]]:
    """``mask_code(markdown)`` and the inline code spans it blanked, in one pass."""
    if not _might_hold_code(markdown):
        return markdown, []
    blocks = _block_masked(markdown)
    if "`" not in blocks:
        return blocks, []
    spans, pieces, last = [], [], 0
    for match in _CODE_SPAN.finditer(blocks):
        start = match.start() + len(match.group(1))
        spans.append(CodeSpan(start, match.end(), markdown[match.start(3) : match.end(3)]))
        pieces += [blocks[last:start], _blank_text(blocks[start : match.end()])]
        last = match.end()
    pieces.append(blocks[last:])
    return "".join(pieces), spans


@dataclass(frozen=True)
class Mention:
    """A would-be record ID, or a source, in a text.

    ``form`` is how it is written: ``bare``, ``code`` (a code span that is the ID), ``link``
    (a Markdown link, ``label`` its text), ``source`` (``SRC-1``) or ``evidence`` (an
    evidence anchor, ``paths`` its code-span paths). ``start``/``end`` delimit what a page
    replaces; ``offset`` is where the ID itself stands, ``occurrence`` how many identical
    strings precede it; ``problem`` says why an ID is malformed.
    """

    form: str
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

    @property
    def cites_record(self) -> bool:
        return self.form in ("bare", "code", "link")


# a Markdown link: text without brackets, a URL without parentheses or spaces
_LINK = re.compile(r"\[([^\[\]\n]*)\]\(([^()\s]*)\)")
# a link to a record in a member of the same set, as the method writes it
_MEMBER_ANCHOR = re.compile(r"^(?:\./)?[a-z0-9][a-z0-9-]*\.md#(?P<anchor>[a-z0-9-]+)$")
# an evidence anchor, [SRC-1] or [SRC-1: `path`; `path`]; not a link's text
_EVIDENCE = re.compile(r"\[(SRC-[0-9]+)(?::([^\[\]\n]*))?\](?![(\[:])")
_SOURCE = re.compile(r"(?<![\w-])SRC-[0-9]+(?![\w-])")
_PATH = re.compile(r"`([^`\n]+)`")
# paths right after a bare source ID, as the method's tables write anchors: SRC-1 `a`; `b`
_FOLLOWING_PATHS = re.compile(r"(?:[ \t]+|[ \t]*[:,][ \t]*)`[^`\n]+`(?:[ \t]*[;,][ \t]*`[^`\n]+`)*")
#: a numbered range of sources, which the method refuses ("list each source ID")
SOURCE_RANGE = re.compile(r"(?<![\w-])SRC-[0-9]+\s*(?:–|—|-|\.\.|to|through)\s*SRC-[0-9]+(?![\w-])")


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


def scan(markdown: str, grammar: IdGrammar) -> list[Mention]:
    """Every citation and source mention of a Markdown text, in order, none overlapping."""
    if not markdown or not grammar.might_mention(markdown):
        return []
    masked, spans = _masked_with_spans(markdown)
    occurrences = _Occurrences(markdown)
    found: list[Mention] = []
    taken = _Taken()
    free = taken.free

    def add(form: str, text: str, offset: int, start: int, end: int, problem: str | None = None, **extra) -> None:
        needle = extra.get("written") or text
        found.append(Mention(form, text, offset, occurrences.before(needle, offset), problem, start, end, **extra))
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
                add("link", inner, offset, match.start(), match.end(), grammar.id_problem(inner), label=label)
            elif (anchor := _MEMBER_ANCHOR.match(match.group(2))) and (record_id := grammar.id_of_anchor(anchor["anchor"])):
                add("link", record_id, match.start(2) + anchor.start("anchor"), match.start(), match.end(), label=label, written=anchor["anchor"])
        for match in _EVIDENCE.finditer(masked):
            if not free(match.start(), match.end()):
                continue
            paths = ()
            if match.group(2) is not None:
                paths = tuple(
                    (path.group(1).strip(), path.start(), path.end())
                    for path in _PATH.finditer(markdown, match.start(2), match.end(2))
                )
            add("evidence", match.group(1), match.start(1), match.start(), match.end(), paths=paths)
    for span in spans:
        inner = span.content.strip()
        if free(span.start, span.end) and grammar.is_valid_id(inner):
            add("code", inner, markdown.index(inner, span.start), span.start, span.end)
    for match in grammar.candidate_re.finditer(masked):
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
                paths = tuple((p.group(1).strip(), p.start(), p.end()) for p in _PATH.finditer(markdown, match.end(), end))
            add("source", match.group(), match.start(), match.start(), end, paths=paths)
    found.sort(key=lambda mention: mention.start)
    return found


def find_mentions(markdown: str, grammar: IdGrammar) -> list[Mention]:
    """The would-be record citations of a text (bare, code and link forms)."""
    return [mention for mention in scan(markdown, grammar) if mention.cites_record]
