"""The navigation each page shows: the site's own entries, and under Systems only the
reader's system.

MkDocs gets the whole navigation (every system's section under Systems), which gives the
order of pages, breadcrumbs (a page's ancestors) and the previous and next page. A theme,
though, prints the navigation it is given on every page: with every system in it, a site
of 1,000 systems would print 1,000 sections on each of its 3,000 pages. So each page's
template gets a view instead: the same entries, but the Systems section holds only the
systems page and the page's own system with its members. The view is made per page from
the shared objects and costs the same at 5 systems as at 5,000; any theme prints it, as
it is a navigation like any other, only shorter.
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, file_sort_key
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import nest_paths


class _PageNavigation(Navigation):
    """A navigation with other top-level items and the same pages (``Navigation.__init__``
    would look for the home page among all pages again, on every page)."""

    def __init__(self, items: list, whole: Navigation) -> None:
        self.items = items
        self.pages = whole.pages
        self.homepage = whole.homepage


class SystemsNavigation:
    """The whole navigation, and the view of it that each page shows."""

    def __init__(self, nav: Navigation, systems_page: str) -> None:
        self.nav = nav
        #: the top-level section that opens with the systems page (None: nothing to trim,
        #: e.g. an author's own ``nav:`` that lists the systems themselves)
        self.section: Section | None = next(
            (item for item in nav.items if isinstance(item, Section) and _opens_with(item, systems_page)), None
        )

    def for_page(self, page: Page | None) -> Navigation:
        """What ``page`` shows (``None``: a page outside the navigation, such as 404.html)."""
        if self.section is None:
            return self.nav
        own = _own_system(page, self.section) if page is not None else None
        children = [self.section.children[0], *([own] if own is not None else [])]
        view = Section(self.section.title, children)
        view.active = self.section.active
        return _PageNavigation([view if item is self.section else item for item in self.nav.items], self.nav)


def _opens_with(section: Section, src_uri: str) -> bool:
    first = section.children[0] if section.children else None
    return isinstance(first, Page) and first.file.src_uri == src_uri


def _own_system(page: Page, systems: Section) -> Section | None:
    """The system section ``page`` is in: its ancestor right below Systems."""
    for ancestor in page.ancestors:
        if isinstance(ancestor, Section) and ancestor.parent is systems:  # (every ancestor is a section)
            return ancestor
    return None


def refuse_collisions(files: Files, new: list[File]) -> None:
    """A system folder named like a docs page (or the index) would overwrite it."""
    taken = {f.dest_uri: f.src_uri for f in files}
    clashes = []
    for file in new:
        if file.dest_uri in taken:
            clashes.append(f"{file.src_uri} and {taken[file.dest_uri]} would both be {file.url or '/'}")
        taken[file.dest_uri] = file.src_uri
    if clashes:
        raise PluginError(
            "The reports plugin cannot place its pages: " + "; ".join(clashes)
            + ". Rename the docs page or system folder, or set index_page/coverage_page/systems_page/comparison_page."
        )


def site_nav(docs_pages: list[File], home_page: str, user_nav: list[Any] | None, changes: list[Any], collection: list[Any]) -> list[Any]:
    """Home first, then the collection, then the other hand-written pages (or the
    author's own ``nav``, followed by the collection); a preview's Changes page first."""
    if user_nav is not None:
        return [*changes, *user_nav, *collection]
    ordered = sorted((f for f in docs_pages if f.inclusion.is_in_nav()), key=file_sort_key)
    rest = [entry for entry in nest_paths(f.src_uri for f in ordered) if entry != home_page]
    return [home_page, *changes, *collection, *rest]
