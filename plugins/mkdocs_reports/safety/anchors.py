"""The ids a generated page may carry, declared by its templates.

An id is a name the theme and the browser act on: Material reads its configuration from
``#__config``, and a fragment scrolls to whatever holds the id. Report text must never set
one, so the sanitizer (``sanitize.py``) keeps an id only when the page's templates declared
it, and drops every other one, including those that an extension of the site's Markdown
would derive from author text (a heading ``__config`` in a field).

A template declares every id it writes through ``anchor()``, which records it for the
page and returns it::

    <span id="{{ anchor('coverage-row-' ~ loop.index) }}"></span>

An anchor is lower-case letters, digits and hyphens, starting with a letter, so it can never
be one of the theme's own (``__config``, ``__search``…).
"""

from __future__ import annotations

import re

_ANCHOR = re.compile(r"[a-z][a-z0-9-]*")


class Anchors:
    """The anchors one page declares."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def declare(self, anchor: str) -> str:
        """Declare ``anchor`` for the page and return it."""
        if not _ANCHOR.fullmatch(anchor):
            raise ValueError(f"{anchor!r} cannot be an anchor: use lower-case letters, digits and hyphens")
        self.ids.add(anchor)
        return anchor
