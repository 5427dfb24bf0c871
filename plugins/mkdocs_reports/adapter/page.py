"""A generated page as MkDocs (or ProperDocs) sees it: a ``Page`` whose source is a page
layer's ``PageSpec``, not Markdown.

The plugin makes one for each generated file in ``on_files`` (``File.page`` set before the
navigation is built, as Material's blog does with its views), from the page's plan
(``PlannedPage``: title, front matter); MkDocs then reads and renders it like any other
page, and rendering makes the page: its HTML (``content``) and its table of contents
(MkDocs' own ``AnchorLink``s, ``get_toc``).
Other plugins' ``on_page_content`` and ``on_env`` see the page's HTML, as they would a
hand-written one; ``on_page_markdown`` sees an empty page, since it has no Markdown.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from ..pages import PlannedPage, TocEntry
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
        if self.make is None or (dirty and not self.is_modified()):  # an unchanged file is not even made
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
    """A generated page: reads its values from its plan, and renders as the HTML its plan
    makes, made when MkDocs renders the page (not when the files are listed).

    MkDocs renders every page before it writes the first, and another plugin's
    ``on_page_content`` may change the HTML in between, so the page holds what it is to
    write from then until it is written: compressed (a fifth of it, or less), and let go
    once written (``release``). Whoever reads ``content`` gets the text; whoever sets it
    gives text. While MkDocs writes the page (``active``: its context, the search plugin's
    look at it, the theme's template) the text is held as it is, so that it is unpacked
    once and never packed again only to be read back a moment later."""

    _text: str | None = None  # as made, until MkDocs sets the content it is to write
    _packed: bytes | None = None

    @property  # an attribute of Page, held compressed here
    def content(self) -> str | None:
        if self._text is None and self._packed is not None and self.active:
            self._text, self._packed = zlib.decompress(self._packed).decode(), None
        if self._text is not None:
            return self._text
        return zlib.decompress(self._packed).decode() if self._packed is not None else None

    @content.setter
    def content(self, value: str | None) -> None:
        if self.active:  # being written: held as it is until released
            self._text, self._packed = value, None
            return
        self._text = None
        self._packed = _packed(value) if value is not None else None

    def __init__(self, planned: PlannedPage, file: File, config: MkDocsConfig) -> None:
        # themes print a page's title as HTML: escaped, and inert (safety/chrome.py); the
        # navigation's short title where there is one, the whole one (meta) in the head
        super().__init__(chrome_html(planned.nav_title) if planned.nav_title else None, file, config)
        self.planned = planned
        self.read_source(config)  # its title is known at once, even when a dirty build reads it not

    def read_source(self, config: MkDocsConfig) -> None:
        self.markdown = ""
        self.meta = dict(self.planned.meta)
        if self.planned.title:
            self.meta["title"] = chrome_html(self.planned.title)

    def render(self, config: MkDocsConfig, files: Files) -> None:
        spec = self.planned.make()
        self._packed = None
        self._text = spec.html
        self.toc = get_toc(toc_tokens(spec.toc))
        # packed from the start (MkDocs asks about them only once every page is written):
        # every page is rendered before the first is written
        self.present_anchor_ids = PresentIds(spec.ids)  # type: ignore[assignment]  # a Set, as MkDocs reads it

    def release(self) -> None:
        """Let go of the page's HTML and contents once it is written; its ids stay, packed
        (``PresentIds``): MkDocs checks links to them after every page is written."""
        self._text = self._packed = None
        self.toc = get_toc([])
        if self.present_anchor_ids is not None and not isinstance(self.present_anchor_ids, PresentIds):  # another plugin's set
            self.present_anchor_ids = PresentIds(self.present_anchor_ids)  # type: ignore[assignment]  # a Set, as MkDocs reads it


#: how much of a page is encoded at a time to be packed
_CHUNK = 1 << 16


def _packed(text: str) -> bytes:
    """``text`` encoded and compressed a part at a time: the page is never held encoded
    whole beside its text (the record index: 13 MB at 1,000 reports)."""
    packer = zlib.compressobj(1)
    parts = [packer.compress(text[at : at + _CHUNK].encode()) for at in range(0, len(text), _CHUNK)]
    parts.append(packer.flush())
    return b"".join(parts)


class PresentIds(AbstractSet[str]):
    """A written page's ids, as MkDocs asks about them (``anchor in page.present_anchor_ids``,
    for the links into the page it checks once every page is written): one string, where
    a set held an object for each id, 13 MB for the 3,000 pages of 1,000 reports."""

    __slots__ = ("_joined", "_count")

    def __init__(self, ids: Iterable[str]) -> None:
        ordered = sorted(ids)
        self._joined = "\n" + "\n".join(ordered) + "\n" if ordered else ""
        self._count = len(ordered)

    def __contains__(self, anchor: object) -> bool:
        return isinstance(anchor, str) and "\n" not in anchor and f"\n{anchor}\n" in self._joined

    def __iter__(self) -> Iterator[str]:
        return iter(self._joined[1:-1].split("\n") if self._count else ())

    def __len__(self) -> int:
        return self._count

