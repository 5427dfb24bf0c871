"""What the plugin changes in a page as the theme wrote it (``on_post_page``): the theme's
landmarks named apart (``landmarks.py``), the site's root said on ``<html>``
(``site_root.py``), a preview's banner (``pr_preview_html.py``) — all in what the theme
wrote around the page's content — and a link's label said once (``label_once.py``), in
the content.

The content can be most of a page (the record index: 13 MB at 1,000 reports), and MkDocs
holds the page as the theme wrote it until every plugin has seen it: each edit made on the
whole page would copy the content again. So what the theme wrote around it is edited on its
own (some kilobytes), and the page is joined once.
"""

from __future__ import annotations

from .label_once import label_once
from .landmarks import name_landmarks
from .pr_preview_html import at_body_start
from .site_root import with_site_root

#: where the content was, while what is around it is edited (no page holds a NUL)
_CONTENT = "\0rpt-content\0"


def edited_page(output: str, content: str | None, root: str, records: str, banner: str | None = None) -> str:
    """``output`` (a page as the theme wrote it around ``content``) as the site serves it:
    ``root`` the site's root from the page, ``records`` the record index's URL from the
    root, ``banner`` a preview's. A content that is not in the page exactly once (a theme
    that changed it) is edited with the rest, as one text."""
    at = output.find(content) if content else -1
    if content is None or at < 0 or output.find(content, at + 1) >= 0:
        return _around(label_once(output), root, records, banner)
    head, tail = output[:at], output[at + len(content) :]
    if _CONTENT in head or _CONTENT in tail:
        return _around(label_once(output), root, records, banner)
    around = _around(head + _CONTENT + tail, root, records, banner).split(_CONTENT)
    if len(around) != 2:
        return _around(label_once(output), root, records, banner)
    return "".join((around[0], label_once(content), around[1]))


def _around(html: str, root: str, records: str, banner: str | None) -> str:
    """The theme's part of a page, edited."""
    html = with_site_root(name_landmarks(html), root, records)
    return html if banner is None else at_body_start(html, banner)
