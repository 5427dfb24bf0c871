"""Generated pages' Markdown → HTML with one Markdown converter per build.

MkDocs' ``Page.render`` makes a new ``markdown.Markdown`` for every page, loading and
configuring every extension again (toc, highlight, superfences…: about 0.4 s of CPU for
the 600 pages of 200 reports). The plugin's pages are converted by one converter, ``reset()`` between pages
(Python-Markdown's way of using a converter again), with MkDocs' own per-page processors
(anchors, relative links, the title) made anew for each page as ``Page.render`` makes
them, so the page ends as ``Page.render`` leaves it: HTML, table of contents, title,
anchors and the links to anchors that MkDocs checks (kept at every log level, as
ProperDocs keeps them; MkDocs 1.6 drops them in a verbose build).

The converter has the build's extensions, as MkDocs would use (author text may use any of
them), but ``md_in_html``: it reads Markdown inside raw HTML that has a ``markdown``
attribute, and a generated page has none (author text holds no raw HTML at all, and the
templates' wrappers are parts, put in after Markdown: ``site.PART``), while its own
reading of raw HTML costs time on every page. MkDocs' scan of raw HTML
for ids is left out too: every id a generated page writes as HTML is one it declared,
which the plugin adds to the page's anchors itself.

Two of Python-Markdown's steps are cut short where that cannot change the page: the
toc extension's search of every paragraph for its marker (``[TOC]``) is skipped on a page
whose Markdown does not hold the marker, and the test whether a tag is a block's (about
400,000 times for the pages of 200 reports, by prettify and attr_list) looks the name up
in a set instead of a list of sixty names.

Where ``Page.render`` is not MkDocs' own (a plugin replaced it) or the processors are not
where this module finds them (another version), each page is rendered by ``Page.render``.
"""

from __future__ import annotations

import markdown
from markdown.extensions.md_in_html import MarkdownInHtmlExtension
from markdown.extensions.toc import TocTreeprocessor
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure import pages as mkdocs_pages
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from .render.plain_text import shortcut_applies
from .render.requirements import is_extension

#: MkDocs' per-page processors, made anew for each page (``Page.render``)
_PROCESSORS = ("_ExtractAnchorsTreeprocessor", "_RelativePathTreeprocessor", "_ExtractTitleTreeprocessor")
_RENDER = Page.render
#: Python-Markdown's and superfences' preprocessors, which add no text to a page
KNOWN_PREPROCESSORS = frozenset({"normalize_whitespace", "fenced_code_block", "html_block"})


def _is_md_in_html(extension: str | markdown.Extension) -> bool:
    return is_extension(extension, "md_in_html") or isinstance(extension, MarkdownInHtmlExtension)


def _reusable() -> bool:
    return Page.render is _RENDER and all(hasattr(mkdocs_pages, name) for name in _PROCESSORS)


class GeneratedMarkdown:
    """Converts the generated pages of one build (make a new one for each build: the
    extensions are those of its configuration)."""

    def __init__(self, config: MkDocsConfig) -> None:
        self.config = config
        self._converter: markdown.Markdown | None = None
        self._toc: TocTreeprocessor | None = None  # when its marker can only come from the page's text
        self._toc_marker = ""  # the marker configured for it

    def render(self, page: Page, files: Files) -> None:
        """What ``page.render(config, files)`` does, with the build's converter."""
        if type(page).render is not _RENDER or not _reusable():
            page.render(self.config, files)
            return
        if page.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        md = self._markdown(page.markdown)
        anchors = mkdocs_pages._ExtractAnchorsTreeprocessor(page.file, files, self.config)
        anchors._register(md)
        links = mkdocs_pages._RelativePathTreeprocessor(page.file, files, self.config)
        links._register(md)
        title = mkdocs_pages._ExtractTitleTreeprocessor()
        title._register(md)
        page.content = md.convert(page.markdown)
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        page._title_from_render = title.title
        page.present_anchor_ids = anchors.present_anchor_ids
        page.links_to_anchors = links.links_to_anchors

    def _markdown(self, text: str) -> markdown.Markdown:
        """The build's converter, ready for a page of Markdown ``text``."""
        md = self._converter
        if md is None:
            md = self._converter = markdown.Markdown(
                extensions=[ext for ext in self.config["markdown_extensions"] if not _is_md_in_html(ext)],
                extension_configs=self.config["mdx_configs"] or {},
            )
            toc = md.treeprocessors["toc"] if "toc" in md.treeprocessors else None
            if isinstance(toc, TocTreeprocessor) and _only_the_authors_text(md):
                self._toc, self._toc_marker = toc, toc.marker
        else:
            md.reset()
        if self._toc is not None:
            self._toc.marker = self._toc_marker if self._toc_marker in text else ""
        block_level = frozenset(md.block_level_elements)  # as the extensions left them

        def is_block_level(tag: object) -> bool:
            return isinstance(tag, str) and tag.lower().rstrip("/") in block_level

        md.is_block_level = is_block_level
        return md


def _only_the_authors_text(md: markdown.Markdown) -> bool:
    """Whether every text on the page comes from its Markdown: no extension adds any
    (as a snippet or an inline pattern of its own would)."""
    return {item.name for item in md.preprocessors._priority} <= KNOWN_PREPROCESSORS and shortcut_applies(md)
