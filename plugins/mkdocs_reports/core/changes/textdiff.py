"""Short diffs a reviewer can read at a glance: changed words in context, changed list items.

A diff is a tuple of ``Span``s; renderers show ``removed`` struck out, ``added`` marked,
``same`` plain and ``gap`` (unchanged text left out) as an ellipsis. Whitespace is not
compared: re-wrapping a paragraph changes nothing a reader sees.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from difflib import SequenceMatcher

from .model import Span

#: unchanged words kept on each side of a change
CONTEXT_WORDS = 5
#: words shown of one removed or added run before it is cut
RUN_WORDS = 30
#: changed runs shown per field; the rest is summed up in a last gap
MAX_RUNS = 6

GAP = "…"

#: a stretch is compared by difflib only when its two sides' word counts multiply to at most
#: this: difflib's time grows with the cube of a stretch of repeated words (``a b``×1000
#: against ``a c``×1000 took 22 s), so a longer stretch is first cut at the words it holds
#: once on each side
DIFFLIB_CELLS = 1024
#: times a stretch is cut so before what is left of it counts as replaced, words and all
SPLIT_DEPTH = 3

Opcode = tuple[str, int, int, int, int]  # difflib's: tag, old start and end, new start and end


def normalize(text: str | None) -> str:
    """Prose as compared: words separated by single spaces."""
    return " ".join((text or "").split())


def _cut(words: list[str]) -> str:
    if len(words) <= RUN_WORDS:
        return " ".join(words)
    return " ".join(words[:RUN_WORDS]) + f" {GAP} (+{len(words) - RUN_WORDS} words)"


def _context(words: list[str], first: bool, last: bool) -> list[Span]:
    """An unchanged run, shortened to the words next to the changes around it."""
    keep_before = 0 if first else CONTEXT_WORDS  # words after the previous change
    keep_after = 0 if last else CONTEXT_WORDS  # words before the next change
    if len(words) <= keep_before + keep_after:
        return [Span("same", " ".join(words))]
    spans = []
    if keep_before:
        spans.append(Span("same", " ".join(words[:keep_before])))
    spans.append(Span("gap", GAP))
    if keep_after:
        spans.append(Span("same", " ".join(words[-keep_after:])))
    return spans


def _anchors(old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int) -> list[tuple[int, int]]:
    """Words that stand once in each side of the stretch, as (old, new) places: the longest
    run of them in the same order on both sides (patience diff), in O(n log n)."""
    count_old = Counter(old[i1:i2])
    count_new = Counter(new[j1:j2])
    where = {word: j for j, word in enumerate(new[j1:j2], j1) if count_new[word] == 1 and count_old[word] == 1}
    pairs = [(i, where[word]) for i, word in enumerate(old[i1:i2], i1) if word in where]
    tails: list[int] = []  # new places ending the best run of each length
    ends: list[int] = []  # the pair (index into pairs) at each tail
    before: list[int] = []  # each pair's predecessor in its run
    for index, (_, j) in enumerate(pairs):
        length = bisect_left(tails, j)
        if length == len(tails):
            tails.append(j)
            ends.append(index)
        else:
            tails[length] = j
            ends[length] = index
        before.append(ends[length - 1] if length else -1)
    run: list[tuple[int, int]] = []
    index = ends[-1] if ends else -1
    while index >= 0:
        run.append(pairs[index])
        index = before[index]
    return run[::-1]


def _stretch(old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int, depth: int, out: list[Opcode]) -> None:
    """Opcodes of ``old[i1:i2]`` against ``new[j1:j2]``, appended to ``out``."""
    start_i, start_j = i1, j1
    while i1 < i2 and j1 < j2 and old[i1] == new[j1]:
        i1, j1 = i1 + 1, j1 + 1
    if i1 > start_i:
        out.append(("equal", start_i, i1, start_j, j1))
    end_i, end_j = i2, j2
    while i2 > i1 and j2 > j1 and old[i2 - 1] == new[j2 - 1]:
        i2, j2 = i2 - 1, j2 - 1
    if i1 == i2 or j1 == j2:
        if i1 < i2 or j1 < j2:
            out.append(("delete" if i1 < i2 else "insert", i1, i2, j1, j2))
    elif (i2 - i1) * (j2 - j1) <= DIFFLIB_CELLS:
        matcher = SequenceMatcher(None, old[i1:i2], new[j1:j2], autojunk=False)
        out.extend((tag, a1 + i1, a2 + i1, b1 + j1, b2 + j1) for tag, a1, a2, b1, b2 in matcher.get_opcodes())
    elif depth and (anchors := _anchors(old, new, i1, i2, j1, j2)):
        for i, j in anchors:
            _stretch(old, new, i1, i, j1, j, depth - 1, out)
            out.append(("equal", i, i + 1, j, j + 1))
            i1, j1 = i + 1, j + 1
        _stretch(old, new, i1, i2, j1, j2, depth - 1, out)
    else:
        out.append(("replace", i1, i2, j1, j2))
    if i2 < end_i:
        out.append(("equal", i2, end_i, j2, end_j))


def word_opcodes(old: list[str], new: list[str]) -> list[Opcode]:
    """difflib's opcodes of two word lists, in time linear in their length (times a log):
    difflib itself for short stretches and normal edits, which it shows best; stretches too
    long for it are cut at words both sides hold once, and what stays too long (repetitive
    text) is one replaced run."""
    pieces: list[Opcode] = []
    _stretch(old, new, 0, len(old), 0, len(new), SPLIT_DEPTH, pieces)
    merged: list[Opcode] = []
    for tag, i1, i2, j1, j2 in pieces:
        if i1 == i2 and j1 == j2:
            continue
        if merged and (merged[-1][0] == "equal") == (tag == "equal"):
            last = merged.pop()
            i1, j1 = last[1], last[3]
            if tag != "equal":
                tag = "replace" if i1 < i2 and j1 < j2 else "delete" if i1 < i2 else "insert"
        merged.append((tag, i1, i2, j1, j2))
    return merged


def word_diff(before: str | None, after: str | None) -> tuple[Span, ...]:
    """Changed words of two prose values, with a little unchanged context around each change."""
    old, new = normalize(before).split(), normalize(after).split()
    if old == new:
        return ()
    opcodes = word_opcodes(old, new)
    spans: list[Span] = []
    runs = 0
    for number, (op, i1, i2, j1, j2) in enumerate(opcodes):
        if op == "equal":
            spans.extend(_context(old[i1:i2], first=number == 0, last=number == len(opcodes) - 1))
            continue
        runs += 1
        if runs > MAX_RUNS:
            left = sum(1 for o in opcodes[number:] if o[0] != "equal")
            spans.append(Span("gap", f"{GAP} (+{left} more changes)"))
            break
        if i2 > i1:
            spans.append(Span("removed", _cut(old[i1:i2])))
        if j2 > j1:
            spans.append(Span("added", _cut(new[j1:j2])))
    return tuple(spans)


def item_diff(before: list[str], after: list[str]) -> tuple[Span, ...]:
    """Items that left and items that came, each once, in their order; order alone is no change."""
    old, new = set(before), set(after)
    gone = [item for item in dict.fromkeys(before) if item not in new]
    came = [item for item in dict.fromkeys(after) if item not in old]
    return tuple([Span("removed", item) for item in gone] + [Span("added", item) for item in came])
