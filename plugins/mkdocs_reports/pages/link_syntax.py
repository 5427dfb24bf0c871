"""Link syntax that Python-Markdown would read in super-linear time, made plain text.

Markdown's link and image processors look for the end of a link from every ``[``: they scan
ahead, counting brackets, to the ``]`` that closes it, and from every ``](`` to the ``)``
that closes the address. A ``[`` that nothing closes is scanned to the end of its paragraph,
so 20,000 of them cost 200 million steps (40 s of a build); a ``[`` that something far
away closes, inside many others, is scanned as far (``[[[[…]]]]``). The same holds for an
address's ``(``.

So before Markdown reads a fragment, each bracket that could cost that is written as its
character reference (``&#91;``, ``&#93;``, ``&#40;``), which the reader sees as the same
character and Markdown never scans from: a ``[`` that nothing closes, a pair of brackets
nested deeper than ``MAX_DEPTH`` in others, and the ``(`` after a ``]`` that nothing
closes or that is nested deeper than ``MAX_DEPTH`` in other addresses. What stays costs
each character at most ``MAX_DEPTH`` scans per processor: time linear in the text. A
link Markdown would have made stays one unless it is nested that deep (then it shows as
written, as does every bracket made a reference).
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: how deeply link brackets (and addresses) may nest and stay link syntax
MAX_DEPTH = 4

#: what the scan looks at: backslash escapes (which Markdown reads first), brackets, parentheses
_SYNTAX = re.compile(r"\\.|[\[\]()]", re.DOTALL)
_REFERENCE = {"[": "&#91;", "]": "&#93;", "(": "&#40;"}


def _pairs(found: list[tuple[int, str]], opening: str, closing: str) -> tuple[dict[int, int], list[int]]:
    """The matched pairs of ``opening``/``closing`` among ``found`` (open → close), and the
    openings nothing closes."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for at, char in found:
        if char == opening:
            stack.append(at)
        elif char == closing and stack:
            pairs[stack.pop()] = at
    return pairs, stack


def _too_deep(pairs: dict[int, int]) -> list[int]:
    """The openings of the pairs nested in more than ``MAX_DEPTH - 1`` others."""
    events = sorted([(at, 1) for at in pairs] + [(end, -1) for end in pairs.values()])
    deep, depth = [], 0
    for at, step in events:
        if step == 1:
            depth += 1
            if depth > MAX_DEPTH:
                deep.append(at)
        else:
            depth -= 1
    return deep


def costly_brackets(masked: str, skip: Callable[[int], bool] | None = None) -> list[tuple[int, int, str]]:
    """Replacements (start, end, text) that make the costly brackets of ``masked`` (author
    text with its code blanked) character references; ``skip`` says which positions hold a
    bracket that is replaced already (an unsafe link's ``]``, a linked citation), which
    Markdown does not see as one."""
    if "[" not in masked:  # every scan starts at one
        return []
    found = [(m.start(), m.group()) for m in _SYNTAX.finditer(masked)
             if len(m.group()) == 1 and (skip is None or not skip(m.start()))]
    brackets, unclosed = _pairs(found, "[", "]")
    plain = set(unclosed)
    for at in _too_deep(brackets):
        plain |= {at, brackets.pop(at)}
    closes = {end for end in brackets.values()}
    parentheses, open_parentheses = _pairs(found, "(", ")")
    addresses = {at: end for at, end in parentheses.items() if at - 1 in closes}
    plain |= {at for at in open_parentheses if at - 1 in closes}
    plain |= set(_too_deep(addresses))
    return [(at, at + 1, _REFERENCE[masked[at]]) for at in sorted(plain)]
