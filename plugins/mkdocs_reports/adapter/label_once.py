"""A link's tooltip label said once per page: a report page links the same record or
source many times (an unpublished record's "declared in the runtime report of …, not
published", a source's identity at its commit: 7 KB of the longest page), and each link
carried the whole label. Only the first link to a target keeps it; the others keep the
bare ``data-rpt-label`` attribute, and label-once.js looks the label up on the first link
with the same ``href`` (the page holds it, so it works without any fetch).

Applied to each page's HTML as written. It reads only the form the plugin writes a link in
(``<a data-rpt-label="…" href="…">``, the label escaped); the sanitizer makes author text
unable to write that form. Linear in the page's length.
"""

from __future__ import annotations

import re

_LABELLED_LINK = re.compile(r'<a data-rpt-label="([^"<>]*)" href="([^"<>]*)"')


def label_once(html: str) -> str:
    """The page with every later link to a place stripped of its label; the very same
    text when there is none (the record index links each place once: no copy of it)."""
    labelled: set[str] = set()
    parts: list[str] = []
    at = 0
    for link in _LABELLED_LINK.finditer(html):
        label, href = link.groups()
        if not label or href not in labelled:
            labelled.add(href)
            continue
        parts += (html[at : link.start()], f'<a data-rpt-label href="{href}"')
        at = link.end()
    if not parts:
        return html
    parts.append(html[at:])
    return "".join(parts)
