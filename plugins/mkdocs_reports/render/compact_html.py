"""Pages without the theme's indentation: a run of white space that holds a line break
becomes that one line break, outside ``pre``, ``textarea``, ``script`` and ``style``
(where white space is content). A browser collapses such runs to one space anyway, so
what a reader sees is the same; a long report page loses about a tenth of its bytes.

A line break between two tags goes too when one of them is a block's (``</li>``, ``<div
…>``): there it stands at the start or end of a line box, where a browser drops it. Between
two inline tags (``</a>`` ``<a>``) it is a space a reader sees, and stays.

Linear in the page's length: each verbatim element's end is found once, from its start,
and each tag's name is read once.
"""

from __future__ import annotations

import re

_OPENING = re.compile(r"<(pre|textarea|script|style)\b", re.IGNORECASE)
_CLOSING = {tag: re.compile(f"</{tag}", re.IGNORECASE) for tag in ("pre", "textarea", "script", "style")}
_INDENT = re.compile(r"\n[ \t\r\n]+")
#: elements laid out as blocks (or not at all) by default and by the theme
BLOCKS = frozenset(
    "html head body title meta link div p ul ol li dl dt dd nav header footer main section article aside"
    " h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr td th caption details summary blockquote figure"
    " figcaption hr form fieldset pre".split()
)


def _one_of(names: list[str]) -> str:
    """An expression for ``names`` as a tree by first letter: a tag's name is read once,
    not once for each name."""
    first: dict[str, list[str]] = {}
    for name in sorted(names):
        first.setdefault(name[0], []).append(name[1:])
    branches = []
    for letter, rests in first.items():
        longer = [rest for rest in rests if rest]
        if not longer:
            branches.append(letter)
        else:
            branches.append(f"{letter}(?:{_one_of(longer)}){'?' if '' in rests else ''}")
    return "|".join(branches)


#: a block's tag from its ``<`` (its name in any case, and all of it: ``<p`` but not ``<pa``)
_BLOCK_TAG = f"</?(?i:{_one_of(sorted(BLOCKS))})(?![a-zA-Z0-9])"
_BEFORE_BLOCK = re.compile(rf">\n(?={_BLOCK_TAG})", re.ASCII)
_AT_BLOCK = re.compile(_BLOCK_TAG, re.ASCII)
_GAP = re.compile(r">\n(?=<)")


def _close_gaps(html: str) -> str:
    """``html`` without the line breaks between two tags of which one is a block's: those
    before a block's tag in one pass of one expression, then those after one (the tag
    before a break is read from the last ``<``, found from the break before: linear)."""
    html = _BEFORE_BLOCK.sub(">", html)
    out, last, scanned = [], 0, 0
    for gap in _GAP.finditer(html):
        start = gap.start()
        tag_before = html.rfind("<", scanned, start)
        scanned = start + 2
        if tag_before >= 0 and _AT_BLOCK.match(html, tag_before):
            out.append(html[last : start + 1])
            last = scanned
    out.append(html[last:])
    return "".join(out)


def compact(html: str) -> str:
    """``html`` with every white-space run that holds a line break, outside verbatim
    elements, shortened to that line break."""
    out = []
    start = 0
    while (opening := _OPENING.search(html, start)) is not None:
        out.append(_close_gaps(_INDENT.sub("\n", html[start : opening.start()])))
        # (no lower-case copy of the page to search: the record index is megabytes long)
        closing = _CLOSING[opening.group(1).lower()].search(html, opening.end())
        end = len(html) if closing is None else closing.start()  # an unclosed element is verbatim to the end
        out.append(html[opening.start() : end])
        start = end
    out.append(_close_gaps(_INDENT.sub("\n", html[start:])))
    return "".join(out)
