"""Where each page lives in the docs tree, and page-relative links between them.

Links are written as relative ``.md`` paths with an anchor: MkDocs then checks that the
target exists and rewrites it relative to the page URL, so the site works under any path.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from functools import lru_cache

from ..core.model import ExternalRecord, Record


@dataclass(frozen=True)
class Paths:
    index_page: str = "records.md"
    coverage_page: str = "coverage.md"
    #: every system, filterable; the index page of the navigation's Systems section
    systems_page: str = "systems/index.md"
    home_page: str = "index.md"

    @staticmethod
    def report(system: str, member: str) -> str:
        """A report page, or the page of a member that is not published: ``<system>/<member>/``."""
        return f"{system}/{member}.md"

    @staticmethod
    def system(system: str) -> str:
        return f"{system}/index.md"

    def record(self, record: Record | ExternalRecord) -> tuple[str, str]:
        """The page and anchor of a record's entry; external records live on their member's page."""
        return self.report(record.system, record.member), record.anchor


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A link from one page to another (or to an anchor on the same page)."""
    fragment = f"#{anchor}" if anchor else ""
    if to_page == from_page and fragment:
        return fragment
    return _relative_path(posixpath.dirname(from_page), to_page) + fragment


@lru_cache(maxsize=65536)
def _relative_path(from_dir: str, to_page: str) -> str:
    # cached: pages link to the same few pages thousands of times, and relpath is slow
    return posixpath.relpath(to_page, from_dir or ".")
