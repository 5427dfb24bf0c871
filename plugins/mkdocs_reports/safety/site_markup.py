"""What a site's own templates write (its theme's ``custom_dir``: ``reports/*.html.j2``),
which the page sanitizer keeps: the site's templates are trusted, author text is not.

The sanitizer cannot tell a tag a template wrote from one that author text made (after
Markdown both are HTML), so the site's markup is read from its templates' source: each
element a template writes, each attribute it writes on that element, and each ``class``
written whole, without an expression (``<div class="site-own" data-site="{{ x }}">``
allows ``div``, ``data-site`` on a ``div`` with any value, and ``class="site-own"`` on a
``div`` exactly). Author text still cannot reach them: its first layer lets it write no
tag and no attribute (``author_text.py``), and where Markdown makes a class of an author's
word (``!!! site-own`` is ``class="admonition site-own"``) the value is not the one the
site wrote. Never kept, even from the site: ``script`` and ``style`` elements, event
handlers (``on*``), ``style`` and ``srcdoc`` attributes; ``id``, ``title``, ``src`` and
URLs keep their rules (an id is declared with the ``anchor`` filter).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

#: a start tag of the template's text (Jinja's ``{{ … }}`` and ``{% … %}`` may stand in it)
_START_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:\{\{.*?\}\}|\{%.*?%\}|[^<>])*)>", re.DOTALL)
_ATTRIBUTE = re.compile(r"""(?<![\w{%-])([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
_JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)
NEVER_TAGS = frozenset({"script", "style"})
NEVER_ATTRIBUTES = frozenset({"style", "srcdoc"})


@dataclass(frozen=True)
class SiteMarkup:
    tags: frozenset[str] = frozenset()
    #: (element, attribute) the site writes, with any value
    attributes: frozenset[tuple[str, str]] = frozenset()
    #: (element, class attribute's whole value) the site writes without an expression
    classes: frozenset[tuple[str, str]] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.tags or self.attributes or self.classes)


def site_markup(sources: Iterable[str]) -> SiteMarkup:
    """The markup of the site's templates (their source text)."""
    tags: set[str] = set()
    attributes: set[tuple[str, str]] = set()
    classes: set[tuple[str, str]] = set()
    for source in sources:
        for tag_match in _START_TAG.finditer(_JINJA_COMMENT.sub("", source)):
            tag = tag_match.group(1).lower()
            if tag in NEVER_TAGS:
                continue
            tags.add(tag)
            inside = _JINJA.sub(lambda m: "" if m.group().startswith("{%") else "\x00", tag_match.group(2))
            for name, value in _ATTRIBUTE.findall(inside):
                name = name.lower()
                if name in NEVER_ATTRIBUTES or name.startswith("on"):
                    continue
                if name == "class":
                    whole = value.strip("\"'")
                    if value and "\x00" not in whole:
                        classes.add((tag, " ".join(whole.split())))
                elif name not in ("id", "title"):
                    attributes.add((tag, name))
    return SiteMarkup(frozenset(tags), frozenset(attributes), frozenset(classes))

