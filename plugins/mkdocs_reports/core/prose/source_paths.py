"""Source paths an author wrote in Markdown: ``packages/app/memory.ts`` in a sentence, a
table cell or a field, bare or as inline code that is exactly the path.

Anything that looks like a path is a candidate: a word of path characters holding a ``/``
or ending in a file extension. Candidates are cheap and many are not paths ("and/or",
"e.g"); only those the quote lock knows exist at the reviewed revision become links, so a
wrong guess stays text. Never a candidate: text in links, URLs, record IDs, other code.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from .citations import _LINK, _masked_with_spans

# runs of characters a path is made of; a run is cut off at anything else (":" of a line
# number, a comma, a closing parenthesis)
_RUN = re.compile(r"[\w@~+./-]+")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
# A URL's scheme is looked for once per run of scheme characters, from the run's start: tried
# from every letter of "a.a.a.a…" it would read the rest of the run each time (quadratic).
# The URL itself starts at the run's first letter after a word boundary (group ``url``).
_URL = re.compile(
    r"(?<![a-zA-Z0-9+.-])(?=[a-zA-Z0-9+.-]*+://)[a-zA-Z0-9+.-]*?(?P<url>\b[a-zA-Z][a-zA-Z0-9+.-]*+://\S*)"
    r"|\bwww\.\S+|<[^<>\s]+>"
)
_TRAILING = ".-"
#: the widest path considered (a very long run is no path a reader wrote)
MAX_PATH = 400


@dataclass(frozen=True)
class PathMention:
    path: str
    start: int  # what a page replaces: the path, or the whole code span around it
    end: int
    code: bool  # written as inline code


def path_like(word: str) -> bool:
    if not word or len(word) > MAX_PATH or word.startswith(("/", "~", "-", "@")) or "//" in word:
        return False
    if ".." in word.split("/"):
        return False
    return "/" in word.rstrip("/") or (word.endswith("/") and len(word) > 2) or bool(_EXTENSION.search(word))


def _cut(word: str) -> str:
    """A run without the sentence's punctuation after it (``memory.ts.`` → ``memory.ts``)."""
    return word.rstrip(_TRAILING) if not word.endswith("/") else word


class _Outside:
    """Whether a range stays clear of some ranges (links, URLs): merged once, then bisected."""

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self.starts = [start for start, _ in merged]
        self.ends = [end for _, end in merged]

    def free(self, start: int, end: int) -> bool:
        index = bisect_right(self.starts, start) - 1
        if index >= 0 and self.ends[index] > start:
            return False
        return index + 1 >= len(self.starts) or self.starts[index + 1] >= end


def path_mentions(markdown: str) -> list[PathMention]:
    """The path candidates of a Markdown text, in order."""
    if "/" not in markdown and "." not in markdown:
        return []
    masked, spans = _masked_with_spans(markdown)
    links = (m.span() for m in _LINK.finditer(masked))
    urls = (m.span("url") if m.group("url") else m.span() for m in _URL.finditer(masked))
    free = _Outside([*links, *urls]).free

    found = []
    for span in spans:
        inner = span.content.strip()
        if path_like(inner) and _RUN.fullmatch(inner) and free(span.start, span.end):
            found.append(PathMention(inner, span.start, span.end, True))
    for run in _RUN.finditer(masked):
        word = _cut(run.group())
        start = run.start()
        if word.startswith("./"):
            word, start = word[2:], start + 2
        if path_like(word) and free(start, start + len(word)):
            found.append(PathMention(word, start, start + len(word), False))
    found.sort(key=lambda m: m.start)
    return found
