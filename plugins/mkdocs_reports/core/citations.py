"""Find the record IDs an author wrote in Markdown prose.

IDs inside code (fenced and indented blocks, inline code spans) are examples, not
citations, so they are masked first; offsets are kept so that every mention can be placed
in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterator

from .ids import CANDIDATE_RE, id_problem

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


def mask_code(markdown: str) -> str:
    """The text with code replaced by spaces, same length and line breaks.

    Code is fenced blocks, indented blocks and inline code spans, found as Python-Markdown
    finds them; what is masked here is what the site shows as code, so an ID there is
    neither a citation nor a link.
    """
    if "`" not in markdown and "~~~" not in markdown and "    " not in markdown and "\t" not in markdown:
        return markdown
    masked = _FENCE.sub(lambda m: _blank_text(m.group()), markdown)
    masked = _mask_indented_code(masked)
    return _CODE_SPAN.sub(_blank_span, masked)


@dataclass(frozen=True)
class Mention:
    """A would-be record ID in a text: ``problem`` says why it is malformed, if it is."""

    text: str
    offset: int
    occurrence: int  # how many identical mentions precede it in the same text
    problem: str | None


def find_mentions(markdown: str) -> Iterator[Mention]:
    if "-" not in markdown:
        return
    for match in CANDIDATE_RE.finditer(mask_code(markdown)):
        value = match.group()
        occurrence = markdown.count(value, 0, match.start())
        yield Mention(value, match.start(), occurrence, id_problem(value))
