"""How deep a Markdown text nests lists, block quotes and notes, line by line.

Python-Markdown reads each level of a list, block quote or note (admonition) by a recursive
call, and writes the page's HTML so: 500 list markers on one line (1,000 characters)
overflow Python's stack while the page is made. No report needs more than a few levels,
so a Markdown value nests at most ``MAX_NESTING``, which ``check`` says of any deeper line
before a page is made.

A line's level is what opens on it — each list marker (``-``, ``*``, ``+``, ``1.``, ``1)``),
``>`` and note (``!!!``, ``???``) at its start — plus its indentation in steps of four
columns (a tab is four), which is how Markdown puts a line into the items and notes above
it. A line that opens nothing (a paragraph, indented code) nests no deeper than the line
that opened what it stands in, which is counted; fenced code and thematic breaks
(``- - -``) open nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from .citations import fences

#: the deepest nesting a Markdown value may have; Python-Markdown overflows at about 490
MAX_NESTING = 16

_OPENS = r"(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)|(?:!!!|\?\?\?\+?)(?=[ \t]|$))"
#: a step of indentation: four columns (a tab goes to the next multiple of four)
_STEP = r"(?: {4}| {0,3}\t)"


@lru_cache(maxsize=8)
def _candidates(limit: int) -> re.Pattern[str]:
    """Lines that may nest deeper than ``limit``: more than half of it in openers, or in
    steps of indentation before one (with fewer of both, a line is at most ``limit`` deep).
    Blanks are taken possessively (an opener never starts with one): a line is read once."""
    half = limit // 2 + 1
    return re.compile(rf"^(?:[ \t]*+(?:{_OPENS}[ \t]*+){{{half},}}|{_STEP}{{{half},}}+[ \t]*+{_OPENS})", re.MULTILINE)


#: one list marker (followed by a blank or the line's end), a quote's ``>`` or a note's
#: opening, after the blanks that follow the last
_OPENER = re.compile(r"[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)|(?P<note>!!!|\?\?\?\+?)(?=[ \t]|$))")


@dataclass(frozen=True)
class TooDeep:
    """The first line that nests deeper than the limit: its offset in the text, its level."""

    offset: int
    depth: int
    line: str


def _rule_tail(line: str) -> tuple[int, str]:
    """Where a thematic break ending ``line`` could start — its tail of one of ``-``, ``*``,
    ``_`` and blanks — and that character (``len(line)`` and ``""`` when it ends otherwise)."""
    stripped = line.rstrip(" \t")
    if not stripped or stripped[-1] not in "-*_":
        return len(line), ""
    mark, start = stripped[-1], len(stripped)
    while start and line[start - 1] in (mark, " ", "\t"):
        start -= 1
    return start, mark


def line_depth(line: str) -> int:
    """The level of one line (see the module's docstring); 0 when it opens nothing."""
    position = len(line) - len(line.lstrip(" \t"))
    indent = len(line[:position].expandtabs(4))
    rule_from, mark = _rule_tail(line)
    opened = 0
    while True:
        if position >= rule_from and line.count(mark, position) >= 3:
            break  # what is left is a thematic break (`- - -`), not a list
        opener = _OPENER.match(line, position)
        if opener is None:
            break
        opened += 1
        position = opener.end()
        if opener.group("note"):
            break  # a note's type and title follow
    return indent // 4 + opened if opened else 0


def too_deep(text: str, limit: int = MAX_NESTING) -> TooDeep | None:
    """The first line of ``text`` outside fenced code that nests deeper than ``limit``."""
    code: list[tuple[int, int]] | None = None
    for match in _candidates(limit).finditer(text):
        start = match.start()
        end = text.find("\n", start)
        line = text[start : end if end >= 0 else len(text)]
        depth = line_depth(line)
        if depth <= limit:
            continue
        if code is None:
            code = list(fences(text))
        index = bisect_right(code, (start, len(text))) - 1
        if index >= 0 and code[index][0] <= start < code[index][1]:
            continue
        return TooDeep(start, depth, line)
    return None
