"""Names for the theme's navigation landmarks, so that a screen reader's list of landmarks
tells them apart (axe's ``landmark-unique``). Material names its breadcrumbs
"Navigation", as it names the site navigation; and with ``navigation.indexes`` a section
that opens a page of its own (Systems, a system) labels its ``nav`` by an element holding
only an icon, so those ``nav`` have no name at all.

Applied to each page's HTML as written: the breadcrumbs are named "Breadcrumbs", and a
section's ``nav`` is named by the title it shows (``md-nav__title``: "Systems", the
system's name). Only the theme's exact markup is touched; with another theme, or a
Material that already names them, nothing matches and nothing changes.

Names that are the author's words stay out of attributes (SECURITY.md): the theme names a
part of the table of contents by an ``aria-label`` copied from its heading (a system's
name on the Changes page, an author's heading in a report), and a footer link by one copied
from the next page's title. The part is named by its heading's link instead
(``aria-labelledby``, an id no anchor can take: anchors have no ``_``), and the footer
link by its own text, which says the same.
"""

from __future__ import annotations

import itertools
import re

_BREADCRUMBS = '<nav class="md-path" aria-label="Navigation"'
_SECTION_NAV = re.compile(r'(<nav class="md-nav" data-md-level="\d+" aria-labelledby="(__nav\w*))_label"')
_TITLE = re.compile(r'<label class="md-nav__title" for="(__nav\w*)">')


#: a heading's link in the table of contents, and the part of it under that heading
_TOC_PART = re.compile(r'<a href="([^"]*)" class="md-nav__link">((?:(?!</a>).)*)</a>(\s*)<nav class="md-nav" aria-label="[^"]*">', re.DOTALL)
_FOOTER_LINK = re.compile(r'(class="md-footer__link md-footer__link--(?:prev|next)") aria-label="[^"]*"')


def _names_by_text(html: str) -> str:
    """The table of contents' parts named by their headings' links, the footer's links by
    their text: no name copied into an attribute."""
    if 'class="md-nav" aria-label="' in html:
        parts = itertools.count(1)

        def by_link(match: re.Match) -> str:
            name = f"__rpt_toc_{next(parts)}"
            return (f'<a href="{match.group(1)}" class="md-nav__link" id="{name}">{match.group(2)}</a>'
                    f'{match.group(3)}<nav class="md-nav" aria-labelledby="{name}">')

        html = _TOC_PART.sub(by_link, html)
    return _FOOTER_LINK.sub(r"\1", html) if "md-footer__link--" in html else html


def name_landmarks(html: str) -> str:
    html = _names_by_text(html)
    html = html.replace(_BREADCRUMBS, '<nav class="md-path" aria-label="Breadcrumbs"', 1)
    named: set[str] = set()

    def by_title(match: re.Match) -> str:
        named.add(match.group(2))
        return f'{match.group(1)}_title"'

    html = _SECTION_NAV.sub(by_title, html)
    if not named:
        return html
    return _TITLE.sub(lambda m: f'{m.group(0)[:-1]} id="{m.group(1)}_title">' if m.group(1) in named else m.group(0), html)
