"""Author text beside another plugin's template engine: mkdocs-macros (and plugins like
it) renders every page's Markdown and title as Jinja, unsandboxed, so a system name like
``{{ lipsum.__globals__['os'].system(…) }}`` would run on the build machine.

Two rules keep report text from every such engine:

1. A generated page says in its front matter that it is not a template (``NOT_A_TEMPLATE``:
   mkdocs-macros honours ``render_macros: false`` for the page's Markdown and its title,
   before it looks at either). Hand-written pages say nothing, and keep their macros.
2. Author text that leaves the plugin as HTML another plugin may render — a page title, a
   navigation or contents title, a record's label in a hand-written page's Markdown — has
   every ASCII punctuation character written as a character reference (``template_inert``).
   A template engine's delimiters are punctuation (``{{``, ``{%``, ``{#`` by default, any
   other that a site configures, such as ``[[``), so none can start in author text, while a
   browser shows the very characters the author wrote: in the page, the ``<title>``, the
   navigation, an attribute a script reads.
"""

from __future__ import annotations

import re
from types import MappingProxyType

#: front matter of every generated page: no template plugin renders it
NOT_A_TEMPLATE = MappingProxyType({"render_macros": False})

_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]")  # every ASCII character but letters, digits and space


def _reference(match: re.Match[str]) -> str:
    return f"&#{ord(match[0])};"


def template_inert(text: str) -> str:
    """Plain text as HTML in which no template syntax can start: every ASCII punctuation
    character a character reference (``<`` and ``&`` among them, so it is escaped too)."""
    return _PUNCTUATION.sub(_reference, text)
