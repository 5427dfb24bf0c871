"""Cheaper copies of Material's page partials, used only where they are exact.

Material renders its partials once per page, and some cost more than their output needs:
the table of contents includes ``toc-item.html`` once per heading (a template lookup and a
copy of the page's whole context each time), and every page shows it twice; a page asks
for about 25 translations, two macro calls each, and its header includes a search form
and a colour palette (nine templates), all the same on every page. ``templates/theme/``
holds copies that write the same text with less work: a macro instead of the recursive
include, the table of contents made once per page, each translation and the header's
fixed parts once per build (with the ``helpers`` the plugin puts in the theme's
environment; without them the copies do all the work themselves).

A copy is put in the theme's search path only while every Material file it reproduces
is, byte for byte, the file the theme would use: the one recorded below. A Material
upgrade that changes one, or an author's own version in ``custom_dir``, makes Material's
own run again for that copy, only slower. The copies go right before the folder that
holds Material's files, so an author's ``custom_dir`` still wins. ``tests/test_theme_partials.py``
renders pages with and without the copies and finds them equal, and fails when
Material's files change: then compare each copy with the new files, carry the changes
over and record the new hashes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from mkdocs.theme import Theme

#: the copies: a folder each, in the form of a theme's templates folder
COPIES_DIR = Path(__file__).parent / "templates" / "theme"

#: each copy (its folder) → the Material files it reproduces (template name → SHA-256 of
#: the file in mkdocs-material 9.8.2)
REPRODUCES: dict[str, dict[str, str]] = {
    "toc": {
        "partials/toc.html": "fde48f583563364b0e0e6865a5ab1e7060ec1826161f69f5cbee653e621b0f84",
        "partials/toc-item.html": "418f31ce2e6d559934f610084a5c8493f9618b96268909601552ac48aa0c15c2",
    },
    "language": {
        "partials/language.html": "3a44516f305006ac794f51a45ad7b532cf270916d8e92e8c42784e58b2eff0a3",
    },
    "header": {
        "partials/header.html": "8cf3fb15bcf969ff596649616fd99366b3c31c08d57a86d05308efc16d8fa75f",
        "partials/palette.html": "fb935107ae7d3d7475965019eec36c1ad72bf1d154254dab2474921fcd2710e3",
        "partials/javascripts/palette.html": "8790389765ea6036effddba548b15093bb05bdc75624eaeaf8b13f3c24be4ab5",
        "partials/search.html": "bfd556535abcddb99396ab2a7e3acc2ebcd3f36756007d3969396caa4126be30",
    },
}


def helpers() -> dict[str, object]:
    """What the copies find in a theme environment's globals (``on_env``: new each build);
    without them (an environment made by someone else) they do all the work themselves."""
    return {
        "reports_translated_once": TranslatedOnce(),
        "reports_once_per_page": OncePerPage(),
        "reports_once_per_build": OncePerBuild(),
    }


def add_cheaper_partials(theme: Theme) -> list[str]:
    """Put each copy that is exact for ``theme`` in its search path, right before the
    first folder that holds a file it reproduces; the copies put in."""
    exact: list[str] = []
    before = len(theme.dirs)
    for copy, reproduced in REPRODUCES.items():
        places = _places(theme.dirs, reproduced)
        if places is not None and str(COPIES_DIR / copy) not in theme.dirs:
            exact.append(copy)
            before = min(before, *places)
    theme.dirs[before:before] = [str(COPIES_DIR / copy) for copy in exact]
    return exact


class TranslatedOnce:
    """Material's translation macro ``t``, remembered per language and key for one theme
    environment (one build, one configuration): ``t`` reads only its key and the language
    files, which the imports of language.html read without the page's context, so a key
    comes out the same on every page."""

    def __init__(self) -> None:
        self.known: dict[str, dict[str, str]] = {}

    def __call__(self, t, language: str):
        known = self.known.setdefault(language, {})

        def translated(key: str) -> str:
            try:
                return known[key]
            except KeyError:
                known[key] = value = t(key)
                return value

        return translated


class OncePerPage:
    """A partial's text made once for a page that shows it twice (the table of contents:
    in the navigation and beside the page). Only for a partial that reads nothing but the
    page, the configuration and the translations, all the same within one page's
    rendering; only the last page's text is kept."""

    def __init__(self) -> None:
        self.page: object | None = None
        self.text = ""

    def __call__(self, page, render) -> str:
        if page is None or page is not self.page:
            self.page, self.text = page, render()
        return self.text


class OncePerBuild:
    """Partials made on the first page and kept for the theme environment (one build, one
    configuration): the header's colour palette, its script and the search form. Only for
    a partial that reads nothing but the configuration and the translations (kept per
    language), and includes only icons (SVG files)."""

    def __init__(self) -> None:
        self.made: dict[tuple[str, str], str] = {}

    def __call__(self, name: str, language: str, render) -> str:
        try:
            return self.made[name, language]
        except KeyError:
            self.made[name, language] = text = render()
            return text


def _places(dirs: list[str], reproduced: dict[str, str]) -> list[int] | None:
    """Where in ``dirs`` the theme's loader finds each file of ``reproduced``; None when
    one is missing or not the recorded one."""
    places = []
    for name, digest in reproduced.items():
        place = next((index for index, folder in enumerate(dirs) if Path(folder, name).is_file()), None)
        if place is None or hashlib.sha256(Path(dirs[place], name).read_bytes()).hexdigest() != digest:
            return None
        places.append(place)
    return places
