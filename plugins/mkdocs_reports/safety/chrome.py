"""Author text in the theme's chrome: page titles, the navigation, the table of contents.

Material copies the text of a truncated title (the ``.md-ellipsis`` spans of the header,
the navigation and the table of contents) into a ``title`` attribute and, with
``content.tooltips``, inserts that attribute as HTML into its tooltip. A system name such as
``<img src=x onerror=…>``, shown escaped, would become a tag again on hover. So every ``<``
of author text shown in chrome is followed by U+2060 WORD JOINER: a tag name must start
with an ASCII letter, so ``<`` + joiner starts no tag in any HTML parser, and the joiner is
invisible. The pages' own text (headings, prose) keeps the author's characters exactly.

Other plugins render titles as templates (mkdocs-macros renders a page's title as Jinja):
chrome text is written with its punctuation as character references
(``template_plugins.template_inert``), so it holds no template syntax either.
"""

from __future__ import annotations

import re

from .template_plugins import template_inert

WORD_JOINER = "\u2060"
_OPENING = re.compile(f"<(?!{WORD_JOINER})")


def inert(text: str) -> str:
    """Plain text whose every ``<`` is followed by a word joiner (idempotent)."""
    return _OPENING.sub("<" + WORD_JOINER, text)


def chrome_html(text: str) -> str:
    """Plain text as the HTML a theme prints in its chrome (a title, a navigation or
    contents entry): made inert, then escaped with no template syntax left
    (``template_inert``)."""
    return template_inert(inert(" ".join(text.split())))
