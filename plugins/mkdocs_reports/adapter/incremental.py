"""Incremental builds: what `mkdocs serve --dirty` rebuilds.

(The fingerprints live in the plugin instance that `mkdocs serve` keeps between builds: a
`mkdocs build --dirty` in a new process rebuilds every generated page.)

MkDocs rebuilds a page in a dirty build when its ``File.is_modified()``; a generated file
always says yes, so every page of the collection used to be rebuilt on every save. Here a
generated page says yes only when what its HTML is made of changed since the last build
into the same folder: its HTML, title and table of contents, the navigation it shows (its own
system's section, breadcrumbs, previous and next page), ``mkdocs.yml`` and the
hand-written pages (whose titles the navigation shows). Together with the loader's cache
and the page layer's reuse of unchanged systems' pages, saving one report rebuilds that
report's system's pages and the few site-wide pages that list every system.

Hand-written pages show the collection too (the glance, their record citations): one is
rebuilt when its source changed (MkDocs' own rule) or what it shows of the collection, its
navigation or the site's settings did. Outputs of pages that are gone are removed, so that
an incremental build leaves the same files as a full one.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from ..pages import PlannedPage
from .page import GeneratedFile


def _items(items: Iterable, out: list[str]) -> None:
    for item in items:
        out.append(f"{type(item).__name__}:{item.title}:{getattr(item, 'url', '')}")
        if isinstance(item, Section):
            out.append("[")
            _items(item.children, out)
            out.append("]")


class _ShownNavigation:
    """The navigation each page shows, as text for its fingerprint, worked out once for the
    pages of one section: ``view`` gives them the same one (the site's entries and their
    own system's section: ``navigation.py``), and a site has thousands of pages in a few
    hundred sections."""

    def __init__(self, view: Callable[[Page], Navigation]) -> None:
        self._view = view
        self._texts: dict[int, str] = {}

    def __call__(self, page: Page) -> str:
        key = id(page.parent)  # (the sections live as long as this build's navigation)
        text = self._texts.get(key)
        if text is None:
            items: list[str] = []
            _items(self._view(page).items, items)
            text = self._texts[key] = "\n".join(items)
        return text


def _neighbour(page: Page | None) -> str:
    return f"{page.title}:{page.url}" if page is not None else ""


class Builds:
    """The generated pages of the last build into a folder, and their fingerprints."""

    def __init__(self) -> None:
        self.site_dir: str | None = None
        self.fingerprints: dict[str, str | None] = {}
        self.outputs: dict[str, str] = {}  # src_uri → abs_dest_path
        #: hand-written pages: src_uri → (fingerprint, title, front matter) as last built
        self.hand_written: dict[str, tuple[str, str | None, dict[str, Any]]] = {}
        self._hand_written: dict[str, str] = {}  # this build's fingerprints, until it is built

    def mark(self, files: Iterable[File], site_dir: str, setting: str, view: Callable[[Page], Navigation]) -> None:
        """Fingerprint every generated page and mark those unchanged since the last build.
        ``setting`` stands for what every page depends on (mkdocs.yml, hand-written pages);
        ``view`` is the navigation a page shows. A data file with a fingerprint (its
        content's: ``content_digest``) is unchanged when its content is."""
        previous = self.fingerprints if self.site_dir == site_dir else {}
        shown_navigation = _ShownNavigation(view)
        for file in files:
            if not isinstance(file, GeneratedFile) or file.fingerprint is None:
                continue
            if file.page is None:
                file.unchanged = previous.get(file.src_uri) == file.fingerprint and os.path.isfile(file.abs_dest_path)
                continue
            page = file.page
            shown = [setting, page.url, str(page.title), _neighbour(page.previous_page), _neighbour(page.next_page), shown_navigation(page)]
            digest = hashlib.blake2b(file.fingerprint.encode(), digest_size=16)
            digest.update("\n".join(shown).encode())
            file.fingerprint = digest.hexdigest()
            file.unchanged = previous.get(file.src_uri) == file.fingerprint and os.path.isfile(file.abs_dest_path)

    def mark_hand_written(self, files: Iterable[File], site_dir: str, setting: str, view: Callable[[Page], Navigation],
                          shows: Callable[[File], str | None]) -> None:  # fmt: skip
        """Make MkDocs rebuild the hand-written pages when the navigation, settings or what
        one shows of the collection (``shows``; ``None``: always rebuild) changed since the
        last build, or its source did: all of them or none, since Material's search index
        keeps the entries of the pages a dirty build leaves only when it rebuilds none or
        the home page (whose entries come first). They are rebuilt by dating their
        outputs before any source (MkDocs rebuilds a page whose source is newer than its
        output); left as they are, they get their title and front matter of the last
        build, which MkDocs reads only from a page it rebuilds and the navigation shows."""
        previous = self.hand_written if self.site_dir == site_dir else {}
        self._hand_written = {}
        pages = [(file, file.page) for file in files if file.page is not None]
        shown_navigation = _ShownNavigation(view)
        again = False
        for file, page in pages:
            shown = shows(file)
            parts = [setting, shown or "", page.url, _neighbour(page.previous_page), _neighbour(page.next_page), shown_navigation(page)]
            fingerprint = hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()
            if shown is not None:
                self._hand_written[file.src_uri] = fingerprint
            last = previous.get(file.src_uri)
            again = again or shown is None or last is None or last[0] != fingerprint or file.is_modified()
        for file, page in pages:
            if again:
                if os.path.isfile(file.abs_dest_path):
                    os.utime(file.abs_dest_path, (0, 0))
            else:
                _, page.title, meta = previous[file.src_uri]  # (Page.title may be set: MkDocs' weak_property)
                page.meta = dict(meta)

    def built(self, files: Iterable[File], site_dir: str) -> None:
        """Remember this build; remove the outputs of generated pages that are gone."""
        generated = [f for f in files if isinstance(f, GeneratedFile)]
        outputs = {f.src_uri: f.abs_dest_path for f in generated}
        if self.site_dir == site_dir:
            for uri, path in self.outputs.items():
                if uri not in outputs and os.path.isfile(path):
                    os.remove(path)
                    _remove_empty_folders(Path(path).parent, Path(site_dir))
        self.site_dir = site_dir
        self.fingerprints = {f.src_uri: f.fingerprint for f in generated}
        self.hand_written = {}
        for file in files:
            fingerprint = self._hand_written.get(file.src_uri)
            if fingerprint is not None and file.page is not None and not isinstance(file, GeneratedFile):
                self.hand_written[file.src_uri] = (fingerprint, file.page.title, dict(file.page.meta))
        self.outputs = outputs

    def forget(self) -> None:
        """After a failed build nothing on disk can be trusted: the next build is whole."""
        self.site_dir = None


def content_digest(text: str) -> str:
    """A data file's fingerprint: what it holds, and nothing else."""
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def content_fingerprint(planned: PlannedPage) -> str:
    """What a generated page's HTML is made of, besides the navigation and the site's
    settings: its version (the reports it shows), title and front matter. Known before
    the page is made, so an unchanged page is not even made."""
    shown = [planned.version, planned.title, str(planned.nav_title), repr(sorted(planned.meta.items()))]
    return hashlib.blake2b("\0".join(shown).encode(), digest_size=16).hexdigest()


def made_now(planned: PlannedPage) -> PlannedPage:
    """A page that lists every system, made before the build renders it: its version is
    what it was made of ("every system's reports"), which any edit changes, so its HTML's
    digest stands for it instead; an edit that leaves its HTML the same (a label on the
    systems page) then rebuilds it not. Made once: rendering takes the page made here, and
    the page holds it no longer (the record index: 13 MB at 1,000 reports) once it has."""
    made = PlannedPage.made(planned.make())
    held = [made.make()]
    made.make = lambda: held.pop() if held else planned.make()
    return made


def _remove_empty_folders(folder: Path, root: Path) -> None:
    while folder != root and folder.is_relative_to(root) and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def build_setting(config: MkDocsConfig, files: Files, errors_banner: str) -> str:
    """What every generated page's HTML depends on besides its own: mkdocs.yml, the
    hand-written pages (the navigation shows their titles) and, while serving, the
    errors of the build shown above every page."""
    parts = [Path(config.config_file_path).read_text(encoding="utf-8") if config.config_file_path else "", errors_banner]
    for file in files.documentation_pages():
        if file.abs_src_path and not isinstance(file, GeneratedFile):
            stat = os.stat(file.abs_src_path)
            parts.append(f"{file.src_uri}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(parts)
