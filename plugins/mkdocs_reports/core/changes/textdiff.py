"""Short diffs a reviewer can read at a glance: changed words in context, changed list items.

A diff is a tuple of ``Span``s; renderers show ``removed`` struck out, ``added`` marked,
``same`` plain and ``gap`` (unchanged text left out) as an ellipsis. Whitespace is not
compared: re-wrapping a paragraph changes nothing a reader sees.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from .model import Span

#: unchanged words kept on each side of a change
CONTEXT_WORDS = 5
#: words shown of one removed or added run before it is cut
RUN_WORDS = 30
#: changed runs shown per field; the rest is summed up in a last gap
MAX_RUNS = 6

GAP = "…"


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


def word_diff(before: str | None, after: str | None) -> tuple[Span, ...]:
    """Changed words of two prose values, with a little unchanged context around each change."""
    old, new = normalize(before).split(), normalize(after).split()
    if old == new:
        return ()
    opcodes = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
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
