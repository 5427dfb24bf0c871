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
_GAP = re.compile(r">\n(?=<)")
_NAME = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")
#: elements laid out as blocks (or not at all) by default and by the theme
BLOCKS = frozenset(
    "html head body title meta link div p ul ol li dl dt dd nav header footer main section article aside"
    " h1 h2 h3 h4 h5 h6 table thead tbody tfoot tr td th caption details summary blockquote figure"
    " figcaption hr form fieldset pre".split()
)


def _is_block(html: str, at: int) -> bool:
    name = _NAME.match(html, at)
    return name is not None and name.group(1).lower() in BLOCKS


def _close_gaps(html: str) -> str:
    """``html`` without the line breaks between two tags of which one is a block's."""
    out, last, scanned = [], 0, 0
    for gap in _GAP.finditer(html):
        tag_before = html.rfind("<", scanned, gap.start())  # from the last gap on: linear
        scanned = gap.end()
        if _is_block(html, gap.end()) or (tag_before >= 0 and _is_block(html, tag_before)):
            out.append(html[last : gap.start() + 1])
            last = gap.end()
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
