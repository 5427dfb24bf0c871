"""Author text in the theme's chrome: page titles, the navigation, the table of contents.

Material copies the text of a truncated title (the ``.md-ellipsis`` spans of the header,
the navigation and the table of contents) into a ``title`` attribute and, with
``content.tooltips``, inserts that attribute as HTML into its tooltip. A system name such as
``<img src=x onerror=…>``, shown escaped, would become a tag again on hover. So every ``<``
of author text shown in chrome is followed by U+2060 WORD JOINER: a tag name must start
with an ASCII letter, so ``<`` + joiner starts no tag in any HTML parser, and the joiner is
invisible. The pages' own text (headings, prose) keeps the author's characters exactly.
"""

from __future__ import annotations

import html
import re
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from .placeholders import restore_text

WORD_JOINER = "\u2060"
_OPENING = re.compile(f"<(?!{WORD_JOINER})")


def inert(text: str) -> str:
    """Plain text whose every ``<`` is followed by a word joiner (idempotent)."""
    return _OPENING.sub("<" + WORD_JOINER, text)


def inert_html(escaped: str) -> str:
    """The same for HTML-escaped text (a table-of-contents entry): decoded, made inert, escaped."""
    return html.escape(inert(html.unescape(restore_text(escaped))), quote=False)


class _InertTableOfContents(Treeprocessor):
    """Runs after ``toc`` has collected the headings (``md.toc_tokens``), which MkDocs and
    the theme print as HTML in the table of contents."""

    def run(self, root: Element) -> None:
        tokens = list(getattr(self.md, "toc_tokens", []))
        while tokens:
            token = tokens.pop()
            token["name"] = inert_html(token.get("name", ""))
            tokens.extend(token.get("children", []))


class InertTableOfContentsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API
        md.treeprocessors.register(_InertTableOfContents(md), "reports_inert_toc", 4)  # toc is 5


def makeExtension(**kwargs) -> InertTableOfContentsExtension:  # noqa: N802 - Markdown loads extensions by this name
    return InertTableOfContentsExtension(**kwargs)
