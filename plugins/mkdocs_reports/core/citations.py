"""Find the record IDs an author wrote in Markdown prose.

IDs inside code (fenced blocks and inline code spans) are examples, not citations, so they
are masked first; offsets are kept so that every mention can be placed in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterator

from .ids import CANDIDATE_RE, id_problem

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})[^\n]*\n.*?(?:^\1?\2[^\n]*$|\Z)", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


def _blank(match: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", match.group())


def mask_code(markdown: str) -> str:
    """The text with code replaced by spaces, same length and line breaks."""
    if "`" not in markdown and "~~~" not in markdown:
        return markdown
    return _CODE_SPAN.sub(_blank, _FENCE.sub(_blank, markdown))


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
