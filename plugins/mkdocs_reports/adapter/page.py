"""A generated page as MkDocs (or ProperDocs) sees it: a ``Page`` whose source is a page
layer's ``PageSpec``, not Markdown.

The plugin makes one for each generated file in ``on_files`` (``File.page`` set before the
navigation is built, as Material's blog does with its views); MkDocs then reads and renders
it like any other page, and it hands over the spec: its front-matter values (``meta``), its
HTML (``content``) and its table of contents (MkDocs' own ``AnchorLink``s, ``get_toc``).
Other plugins' ``on_page_content`` and ``on_env`` see the page's HTML, as they would a
hand-written one; ``on_page_markdown`` sees an empty page, since it has no Markdown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from ..pages import PageSpec, TocEntry
from ..safety.chrome import chrome_html


class GeneratedFile(File):
    """A file the plugin makes. In ``mkdocs serve --dirty`` it says it is modified only when
    its ``fingerprint`` changed since the last build (``incremental.py``); a file whose
    content is made only as it is written has a ``make``."""

    fingerprint: str | None = None
    unchanged: bool = False
    make: Callable[[], str] | None = None

    @classmethod
    def in_memory(cls, config: MkDocsConfig, src_uri: str, content: str, source: Path) -> GeneratedFile:
        """A file of ``content`` (``File.generated`` makes it of this class; its type says
        ``File``) made from ``source``, a report or a folder of them: other plugins read its
        ``abs_src_path`` as they read any file's (mkdocs-static-i18n and mkdocs-rss-plugin
        fail on a file without one)."""
        file = cls.generated(config, src_uri, content=content)
        assert isinstance(file, GeneratedFile)
        file.abs_src_path = str(source.absolute())
        return file

    @classmethod
    def copied(cls, config: MkDocsConfig, src_uri: str, abs_src_path: str) -> GeneratedFile:
        """A file copied from ``abs_src_path`` (made of this class, as ``in_memory`` is)."""
        file = cls.generated(config, src_uri, abs_src_path=abs_src_path)
        assert isinstance(file, GeneratedFile)
        return file

    def as_page_of_source(self) -> None:
        """A page, made from its source as a Markdown page is: git-revision-date-localized
        dates it by the reports' history, as it dates a Markdown page by its own, but only a
        page no plugin generated on the fly, so the page says it was not (``generated_by``).
        No "edit" link: its source is not in the docs folder."""
        self.generated_by = None
        self.edit_uri = None

    def is_modified(self) -> bool:
        return not self.unchanged

    def copy_file(self, dirty: bool = False) -> None:
        if self.make is None:
            return super().copy_file(dirty)
        self.content_string = self.make()
        try:
            super().copy_file(dirty)
        finally:
            self.content_string = ""  # written: held no longer


def toc_tokens(entries: list[TocEntry]) -> list[Any]:
    """Table-of-contents entries as the ``toc`` extension's tokens, which MkDocs' ``get_toc`` reads."""
    return [{"level": e.level, "id": e.id, "name": e.title, "children": toc_tokens(e.children)} for e in entries]


class ReportPage(Page):
    """A generated page: reads its values from its spec, and renders as its spec's HTML.

    Its ``content`` is held encoded, as its spec holds it (``PageSpec.utf8``), from the
    moment it is rendered until it is written: every page is rendered before the first is
    written. Whoever reads it gets the text; whoever sets it (another plugin's
    ``on_page_content``) gives text."""

    _content: bytes | None = None

    @property  # an attribute of Page, held encoded here
    def content(self) -> str | None:
        return self._content.decode() if self._content is not None else None

    @content.setter
    def content(self, value: str | None) -> None:
        self._content = value.encode() if value is not None else None

    def __init__(self, spec: PageSpec, file: File, config: MkDocsConfig) -> None:
        # themes print a page's title as HTML: escaped, and inert (safety/chrome.py); the
        # navigation's short title where there is one, the whole one (meta) in the head
        super().__init__(chrome_html(spec.nav_title) if spec.nav_title else None, file, config)
        self.spec = spec
        self.read_source(config)  # its title is known at once, even when a dirty build reads it not

    def read_source(self, config: MkDocsConfig) -> None:
        self.markdown = ""
        self.meta = dict(self.spec.meta)
        if self.spec.title:
            self.meta["title"] = chrome_html(self.spec.title)

    def render(self, config: MkDocsConfig, files: Files) -> None:
        spec = self.spec
        self._content = spec.utf8
        self.toc = get_toc(toc_tokens(spec.toc))
        self.present_anchor_ids = set(spec.ids)

    def release(self) -> None:
        """Let go of the page's HTML once it is written (a build holds every page at once)."""
        self._content = b""
        self.spec = PageSpec(self.spec.uri, self.spec.title, b"", [], frozenset(), self.spec.meta, self.spec.nav_title)
