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

Some of Python-Markdown's steps are cut short where that cannot change the page:

- On a page whose Markdown does not hold the toc extension's marker (``[TOC]``), the
  extension neither searches every paragraph for it nor makes the contents as HTML
  (``md.toc``, a ``div`` serialized and post-processed): MkDocs and the theme read the
  contents from ``md.toc_tokens`` alone, and the marker is the only place the ``div`` goes
  on the page.
- A processor that acts only on a line or block holding a given string is left out of a
  page whose Markdown does not hold it (``_SkippableProcessors``): superfences' search
  for fences, line by line, and admonition's test of every block.
- Each inline pattern is tried only on text that holds what it needs
  (``plain_text.PatternsByCharacter``).
- The block processors are listed once, not once per block (``_ListedRegistry``), and some
  test a block only if it holds what they need (``block_needs``); the postprocessors are
  listed once, not once per heading (toc runs them on each heading's HTML).
- A page whose only HTML is its part markers and character references is not fed through an
  HTML parser (``part_markers.MarkersOnlyHtmlBlock``).
- The test whether a tag is a block's (about 400,000 times for the pages of 200 reports,
  by prettify and attr_list) looks the name up in a set instead of a list of sixty names.

Where ``Page.render`` is not MkDocs' own (a plugin replaced it) or the processors are not
where this module finds them (another version), each page is rendered by ``Page.render``.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

import markdown
from markdown.extensions.admonition import AdmonitionProcessor
from markdown.extensions.md_in_html import MarkdownInHtmlExtension
from markdown.extensions.toc import TocTreeprocessor
from markdown.treeprocessors import InlineProcessor
from markdown.util import Registry
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure import pages as mkdocs_pages
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc
from pymdownx.superfences import SuperFencesBlockPreprocessor

from .render.block_needs import check_needs_first
from .render.part_markers import MarkersOnlyHtmlBlock
from .render.plain_text import PatternsByCharacter, shortcut_applies
from .render.requirements import is_extension

#: MkDocs' per-page processors, made anew for each page (``Page.render``)
_PROCESSORS = ("_ExtractAnchorsTreeprocessor", "_RelativePathTreeprocessor", "_ExtractTitleTreeprocessor")
_RENDER = Page.render
#: Python-Markdown's and superfences' preprocessors, which add no text to a page
KNOWN_PREPROCESSORS = frozenset({"normalize_whitespace", "fenced_code_block", "html_block"})
#: Python-Markdown's block processors (superfences registers its own "code"), tables' and
#: admonition's: none but admonition's makes a ``div`` whose class names an admonition
KNOWN_BLOCKPROCESSORS = frozenset(
    {
        "empty", "indent", "code", "hashheader", "setextheader", "hr", "olist", "ulist",
        "quote", "reference", "paragraph", "table", "admonition",
    }
)  # fmt: skip


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
        self._skippable: _SkippableProcessors | None = None

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
            md.parser.blockprocessors = _ListedRegistry(md.parser.blockprocessors)
            md.postprocessors = _ListedRegistry(md.postprocessors)
            check_needs_first(md)
            if MarkersOnlyHtmlBlock.applies(md):
                md.preprocessors.register(MarkersOnlyHtmlBlock(md), "html_block", _priority(md.preprocessors, "html_block"))
            self._skippable = _SkippableProcessors(md)
            inline = md.treeprocessors["inline"] if "inline" in md.treeprocessors else None
            if type(inline) is InlineProcessor and shortcut_applies(md) and PatternsByCharacter.available():
                md.treeprocessors.register(PatternsByCharacter(md), "inline", _priority(md.treeprocessors, "inline"))
        else:
            md.reset()
        if self._toc is not None:
            if self._toc_marker in text:
                self._toc.marker = self._toc_marker
                vars(self._toc).pop("build_toc_div", None)  # the class's own
            else:
                self._toc.marker = ""
                self._toc.build_toc_div = _no_toc_div
        assert self._skippable is not None
        self._skippable.fit(text)
        block_level = frozenset(md.block_level_elements)  # as the extensions left them

        def is_block_level(tag: object) -> bool:
            return isinstance(tag, str) and tag.lower().rstrip("/") in block_level

        md.is_block_level = is_block_level
        return md


class _ListedRegistry(Registry):
    """A registry that keeps its items listed in order until it changes. Python-Markdown's
    lists them anew whenever it is iterated: the block parser iterates the block processors
    once per block (about 140,000 lists for the pages of 200 reports), toc the
    postprocessors once per heading (about 18,000). A registry changes by
    ``register`` and ``deregister`` (and is sorted again, ``_sort``, after a change): each
    drops the list, so the next is made as the registry's own would be."""

    def __init__(self, registry: Registry) -> None:
        self._listed: list | None = None
        super().__init__()
        registry._sort()
        for entry in registry._priority:  # in its order, which a stable sort keeps for equal priorities
            self.register(registry[entry.name], entry.name, entry.priority)

    def register(self, item, name: str, priority: float) -> None:
        self._listed = None
        super().register(item, name, priority)

    def deregister(self, name: str, strict: bool = True) -> None:
        self._listed = None
        super().deregister(name, strict)

    def _sort(self) -> None:
        if not self._is_sorted:
            self._listed = None
        super()._sort()

    def _items(self) -> list:
        self._sort()
        if self._listed is None:
            self._listed = [self._data[entry.name] for entry in self._priority]
        return self._listed

    def __iter__(self):
        return iter(self._items())


def _priority(registry: Registry, name: str) -> float:
    return next(entry.priority for entry in registry._priority if entry.name == name)


def _no_toc_div(toc_list: list) -> Element:
    """The contents as HTML where the page has no marker to put them at: nothing reads them
    (``md.toc``; MkDocs and the theme read ``md.toc_tokens``)."""
    return Element("div")


class _SkippableProcessors:
    """Processors that act only where a page's Markdown holds one of a few strings, left out
    of the converter for a page that holds none of them (and put back, at their priority,
    for one that does). Each is left out only where that is exact:

    - superfences' preprocessor (``fenced_code_block``) looks at every line for the start of
      a fence, three or more backticks or tildes (``RE_NESTED_FENCE_START``); until one
      starts, it keeps no state and changes no line, and it hands back the page's lines as
      they came.
    - admonition's block processor takes a block that holds ``!!!`` at the start of a line,
      or one that goes on an admonition's ``div`` above it; only admonition makes such a
      ``div`` (among ``KNOWN_BLOCKPROCESSORS``, which the converter must have no others
      than), so on a page without ``!!!`` its test is false for every block.

    A processor is taken only if no other in its registry has its priority, so that putting
    it back cannot change their order."""

    def __init__(self, md: markdown.Markdown) -> None:
        blocks = md.parser.blockprocessors
        candidates = [(md.preprocessors, "fenced_code_block", SuperFencesBlockPreprocessor, ("```", "~~~"))]
        if {item.name for item in blocks._priority} <= KNOWN_BLOCKPROCESSORS:
            candidates.append((blocks, "admonition", AdmonitionProcessor, ("!!!",)))
        self._entries: list[tuple[Registry, str, object, float, tuple[str, ...]]] = []
        for registry, name, kind, needles in candidates:
            item = registry[name] if name in registry else None
            if type(item) is not kind:
                continue
            priority = _priority(registry, name)
            if sum(entry.priority == priority for entry in registry._priority) == 1:
                self._entries.append((registry, name, item, priority, needles))

    def fit(self, text: str) -> None:
        """The converter with each processor that ``text`` may need, and none of the others."""
        for registry, name, item, priority, needles in self._entries:
            needed = any(needle in text for needle in needles)
            if needed and name not in registry:
                registry.register(item, name, priority)
            elif not needed and name in registry:
                registry.deregister(name)


def _only_the_authors_text(md: markdown.Markdown) -> bool:
    """Whether every text on the page comes from its Markdown: no extension adds any
    (as a snippet or an inline pattern of its own would)."""
    return {item.name for item in md.preprocessors._priority} <= KNOWN_PREPROCESSORS and shortcut_applies(md)
