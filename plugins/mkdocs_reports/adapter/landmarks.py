"""Names for the theme's navigation landmarks, so that a screen reader's list of landmarks
tells them apart (axe's ``landmark-unique``). Material names its breadcrumbs
"Navigation", as it names the site navigation; and with ``navigation.indexes`` a section
that opens a page of its own (Systems, a system) labels its ``nav`` by an element holding
only an icon, so those ``nav`` have no name at all.

Applied to each page's HTML as written: the breadcrumbs are named "Breadcrumbs", and a
section's ``nav`` is named by the title it shows (``md-nav__title``: "Systems", the
system's name). Only the theme's exact markup is touched; with another theme, or a
Material that already names them, nothing matches and nothing changes.
"""

from __future__ import annotations

import re

_BREADCRUMBS = '<nav class="md-path" aria-label="Navigation"'
_SECTION_NAV = re.compile(r'(<nav class="md-nav" data-md-level="\d+" aria-labelledby="(__nav\w*))_label"')
_TITLE = re.compile(r'<label class="md-nav__title" for="(__nav\w*)">')


def name_landmarks(html: str) -> str:
    html = html.replace(_BREADCRUMBS, '<nav class="md-path" aria-label="Breadcrumbs"', 1)
    named: set[str] = set()

    def by_title(match: re.Match) -> str:
        named.add(match.group(2))
        return f'{match.group(1)}_title"'

    html = _SECTION_NAV.sub(by_title, html)
    if not named:
        return html
    return _TITLE.sub(lambda m: f'{m.group(0)[:-1]} id="{m.group(1)}_title">' if m.group(1) in named else m.group(0), html)
