"""What the page layer keeps from one build for the next while `mkdocs serve` runs: the one
home of serve-time reuse of pages, so that ``SitePages`` only renders.

A system's pages and the pieces of the site-wide pages made of it (its record index rows,
its rows of the systems page, the coverage overview and the comparison, its search entries,
its record ID lookup entries) show its own reports and nothing else: IDs, citations and
backlinks resolve within their system. So a build whose system has the very same report
objects as the last build's (the loader gives an unchanged file's report again) takes them
from here instead of making them again. A piece that also depends on the whole collection
(the coverage overview's columns, say) is kept under a key that names what it depends on.

``keep=False`` (a build, the ``pages`` command): nothing is held for a next build, and
every piece is made once, when it is asked for.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.model import Report
from .page import PlannedPage

if TYPE_CHECKING:
    from .backlinks import Backlinks
    from .previews import Kept as KeptPreview
    from .site import PageSettings
    from .views import SystemView

T = TypeVar("T")

#: versions of what is made of a system's reports, new each time they are made (``PlannedPage.version``)
_versions = itertools.count(1)


@dataclass
class SystemPieces:
    """What was made of one system's reports: its pages and its pieces of the other pages."""

    reports: tuple[Report, ...]
    version: str
    pages: dict[str, PlannedPage] = field(default_factory=dict)
    pieces: dict[Hashable, Any] = field(default_factory=dict)

    def same(self, reports: list[Report]) -> bool:
        return len(self.reports) == len(reports) and all(a is b for a, b in zip(self.reports, reports, strict=True))


class KeptPages:
    """The pages and pieces of the last build, per system, for the next build to take."""

    def __init__(self, keep: bool = True) -> None:
        self.keep = keep
        self.settings: PageSettings | None = None
        #: this build's systems (slug → what is made of it), in the collection's order
        self.systems: dict[str, SystemPieces] = {}
        #: the systems whose pieces this build takes from the last, and what the last build
        #: made of the others (changed or gone)
        self.same: set[str] = set()
        self.replaced: dict[str, SystemPieces] = {}
        #: the last build's backlinks and preview files (``Backlinks``, ``PreviewFiles``)
        self.backlinks: Backlinks | None = None
        self.previews: Mapping[str, KeptPreview] = {}
        #: site-wide data made of every system's pieces (what the last build made of them)
        self._whole: dict[Hashable, Any] = {}

    def start(self, settings: PageSettings) -> dict[str, SystemPieces]:
        """A build begins: what the last one made, if it was made with the same settings."""
        last = self.systems if self.keep and settings == self.settings else {}
        if not last:
            self._whole = {}
        self.settings = settings
        return last

    def plan(self, systems: list[tuple[str, list[Report]]], last: dict[str, SystemPieces],
             make: Callable[[str, str], dict[str, PlannedPage]]) -> None:  # fmt: skip
        """Each system's pages: the last build's when its reports are the same, else
        ``make(slug, version)``. Kept only once every system is planned (a plan that fails
        leaves the last build's in place)."""
        planned: dict[str, SystemPieces] = {}
        same: set[str] = set()
        for slug, reports in systems:
            made = last.get(slug)
            if made is None or not made.same(reports):
                version = str(next(_versions))
                made = SystemPieces(tuple(reports), version, make(slug, version))
            else:
                same.add(slug)
            planned[slug] = made
        self.replaced = {slug: made for slug, made in last.items() if slug not in same}
        self.systems, self.same = planned, same

    def view(self, slug: str, reports: list[Report]) -> SystemView | None:
        """The system's view (``views.SystemView``) the last build made of the same reports."""
        made = self.systems.get(slug)
        return made.pieces.get("view") if made is not None and made.same(reports) else None

    def piece(self, slug: str, key: Hashable, make: Callable[[], T]) -> T:
        """A system's piece of a site-wide page or file: the last build's when it was made
        of the same reports (and ``key``, what else it depends on, is the same), else made."""
        pieces = self.systems[slug].pieces
        if key in pieces:
            return pieces[key]
        made = make()
        if self.keep:
            pieces[key] = made
        return made

    def last(self, key: Hashable) -> Any:
        """Site-wide data the last build made of its systems' pieces (``hold``), or ``None``:
        its maker knows which pieces it was made of, and what of it still stands."""
        return self._whole.get(key)

    def hold(self, key: Hashable, value: Any) -> None:
        if self.keep:
            self._whole[key] = value
