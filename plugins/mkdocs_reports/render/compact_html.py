"""Pages without the theme's indentation: a run of white space that holds a line break
becomes that one line break, outside ``pre``, ``textarea``, ``script`` and ``style``
(where white space is content). A browser collapses such runs to one space anyway, so
what a reader sees is the same; a long report page loses about a tenth of its bytes.
Linear in the page's length: each verbatim element's end is found once, from its start.
"""

from __future__ import annotations

import re

_OPENING = re.compile(r"<(pre|textarea|script|style)\b", re.IGNORECASE)
_INDENT = re.compile(r"\n[ \t\r\n]+")


def compact(html: str) -> str:
    """``html`` with every white-space run that holds a line break, outside verbatim
    elements, shortened to that line break."""
    out = []
    lowered = html.lower()
    start = 0
    while (opening := _OPENING.search(html, start)) is not None:
        out.append(_INDENT.sub("\n", html[start : opening.start()]))
        closing = lowered.find(f"</{opening.group(1).lower()}", opening.end())
        end = len(html) if closing < 0 else closing  # an unclosed element is verbatim to the end
        out.append(html[opening.start() : end])
        start = end
    out.append(_INDENT.sub("\n", html[start:]))
    return "".join(out)
