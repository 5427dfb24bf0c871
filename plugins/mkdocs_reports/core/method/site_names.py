"""The names a system folder or a member may take: each is a URL slug of its own.

A system is published at ``<system>/`` and each member at ``<system>/<member>/``, so their
names are lowercase letters, digits and ``-`` (the whole name: ``evil<LF>`` is no slug),
short enough for every file made from them (``<system>.json`` too), and none the site
keeps for pages and folders of its own: the plugin's pages (``index_page``,
``coverage_page``, ``systems_page``, ``comparison_page``, ``changes_page`` of its settings), the folders every
build writes (``assets``, ``schema``, ``search``), the folder previews are published under
(``pr-preview``) and the hand-written pages of ``docs_dir``. A member may not be
``index``: ``<system>/index.md`` is the system's own page.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

#: a system's or member's name, matched whole (``fullmatch``: ``$`` would allow a final line break)
SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
#: the longest name: a run ID repeats it, and files are made of it (``<system>.json``)
MAX_SLUG = 64
#: the plugin's page settings and their defaults (``config.py`` has the same)
PAGE_SETTINGS = {
    "index_page": "records.md",
    "coverage_page": "coverage.md",
    "systems_page": "systems/index.md",
    "comparison_page": "comparison.md",
    "changes_page": "changes.md",
}
#: folders of every built site, whatever its settings
SITE_FOLDERS = {
    "assets": "the folder of the site's scripts, stylesheets and record previews",
    "schema": "the folder of the published JSON Schemas",
    "search": "the folder of the search index",
    "pr-preview": "the folder pull-request previews are published under",
}
#: member names no member type may have
RESERVED_MEMBERS = {"index": "the system's own page is <system>/index.md"}


def slug_problem(name: str, what: str) -> tuple[str, str] | None:
    """What is wrong with ``name`` as a slug (message, fix), or ``None``; ``what`` names it
    in the message ("the system folder")."""
    if not SLUG.fullmatch(name):
        return f"{what} {name!r} is not a URL-safe name", "use lowercase letters, digits and '-' only"
    if len(name) > MAX_SLUG:
        return (f"{what} {name[:20]!r}… is {len(name)} characters long; a name has at most {MAX_SLUG}",
                f"shorten it to {MAX_SLUG} characters or fewer")
    return None


def _first_part(page: str) -> str:
    """The name a page takes from the site's root: ``records`` of ``records.md`` and of
    ``records/index.md``."""
    first = page.strip("/").split("/", 1)[0]
    return first.removesuffix(".md")


@dataclass(frozen=True)
class SiteNames:
    """The names a site keeps for itself, each with what uses it."""

    pages: Mapping[str, str] = field(default_factory=lambda: dict(PAGE_SETTINGS))
    #: top-level names of the hand-written pages' folder (pages without ``.md``, folders)
    docs: tuple[str, ...] = ()

    @classmethod
    def of(cls, settings: Mapping[str, object] | None = None, docs: Path | None = None) -> SiteNames:
        """The names of a site with the plugin's ``settings`` (its entries in mkdocs.yml;
        the others as their defaults) and its ``docs`` folder."""
        pages = {key: value for key, value in (settings or {}).items() if key in PAGE_SETTINGS and isinstance(value, str)}
        return cls({**PAGE_SETTINGS, **pages}, docs_names(docs) if docs is not None else ())

    @cached_property
    def kept(self) -> dict[str, str]:
        """Every name kept, with what keeps it."""
        kept = {_first_part(page): f"{setting} ({page})" for setting, page in self.pages.items()}
        kept.update({name: f"the hand-written page or folder docs/{name}" for name in self.docs if name not in kept})
        kept.update(SITE_FOLDERS)
        return kept

    def system_problem(self, name: str) -> tuple[str, str] | None:
        """What is wrong with ``name`` as a system folder (message, fix), or ``None``."""
        problem = slug_problem(name, "the system folder")
        if problem is not None:
            return problem
        kept = self.kept
        if name not in kept:
            return None
        setting = next((key for key, page in self.pages.items() if _first_part(page) == name), None)
        fix = f"rename the folder (the site keeps {', '.join(sorted(kept))})"
        return (f"the system folder {name!r} is a name the site keeps for its own pages: {kept[name]}",
                fix + (f", or set {setting} of the reports plugin in mkdocs.yml to another page" if setting else ""))


def member_problem(name: str, what: str = "the member name") -> tuple[str, str] | None:
    """What is wrong with ``name`` as a member's name (message, fix), or ``None``: a member
    type's, a set type's role file's, a report file's (``what`` names it in the message)."""
    problem = slug_problem(name, what)
    if problem is None and name in RESERVED_MEMBERS:
        return (f"{what} {name!r} is kept by the site: {RESERVED_MEMBERS[name]}",
                f"choose another member name (kept: {', '.join(sorted(RESERVED_MEMBERS))})")
    return problem


def docs_names(folder: Path) -> tuple[str, ...]:
    """The names ``folder`` (the hand-written pages) takes at the site's root: its pages'
    (``guide`` of ``guide.md``; not the home page) and its folders'."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return ()
    names = []
    for entry in entries:
        if entry.is_dir():
            names.append(entry.name)
        elif entry.name.endswith(".md") and entry.name != "index.md":
            names.append(entry.name.removesuffix(".md"))
    return tuple(sorted(name for name in names if SLUG.fullmatch(name)))
