"""The ids a generated page may carry, declared by its templates.

An id is a name the theme and the browser act on: Material reads its configuration from
``#__config``, and a fragment scrolls to whatever holds the id. Report text must never set
one, so the sanitizer (``sanitize.py``) keeps an id only when the page's templates declared
it, and drops every other one, including those the ``toc`` extension would derive from an
author's heading (a report titled ``__config`` would otherwise get ``<h1 id="__config">``).

How a template declares an anchor: write every id through ``anchor()``, which records it
for the page and returns it —

    ## Write side {#{{ anchor("write-side") }}}
    <span id="{{ anchor('coverage-row-' ~ loop.index) }}"></span>

Every heading of a generated page gets an explicit, declared id this way (an undeclared
heading would lose its id and its permalink would dangle; the site tests catch that). An
anchor is lower-case letters, digits and hyphens, starting with a letter, so it can never
be one of the theme's own (``__config``, ``__search``…).
"""

from __future__ import annotations

import re

_ANCHOR = re.compile(r"[a-z][a-z0-9-]*")


class Anchors:
    """The anchors one page declares; call it with an id to declare that id."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def __call__(self, anchor: str) -> str:
        if not _ANCHOR.fullmatch(anchor):
            raise ValueError(f"{anchor!r} cannot be an anchor: use lower-case letters, digits and hyphens")
        self.ids.add(anchor)
        return anchor

    #: what templates are given: Jinja calls a plain method as it is, but asks a callable
    #: object for context markers on every call (``template_calls``)
    declare = __call__
