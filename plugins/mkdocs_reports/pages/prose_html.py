"""Author text → HTML for one page, with every record ID linked.

Citations and sources are found by the core's own finder (``citations.scan``), so what the
checker counts as a citation is what becomes a link: a bare ID, a code span that is one ID
(linked code), a link around an ID (one link, ours); ``SRC-1`` links to the source register
and an evidence anchor's paths to the files at the reviewed revision. A source path written
in the text (``src/app.py``, or inline code that is only the path) links to its file when
the system's quote lock lists it (``grounding.py``). Other code stays text.

Each such mention becomes a token (``\\x14<n>\\x15``) that Markdown reads as plain text, and
the link's HTML takes the token's place after Markdown: a fragment's Markdown is then the
same on every page it stands on (links are relative to the page), and is converted once
(``fragments.py``). What Markdown could turn into markup is carried through it unread
(``safety.author_text``). A record link carries the record's label in ``data-rpt-label``
for the site's tooltip script, never in a ``title`` a theme could re-insert as HTML.

Titles, names and labels (``label``) show as written, with code spans and emphasis but no
links, block syntax or anything else: outside code, the characters Markdown would read as
syntax there (a heading's closing ``#``, link brackets, backslash escapes, a stray
backtick) are backslash-escaped, and they are converted by Markdown's core alone.
"""

from __future__ import annotations

import html
import posixpath
import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

import markdown
from markupsafe import Markup

from ..core.model import ExternalRecord, Quote, System
from ..core.prose.citations import Mention, mask_code, scan
from ..core.prose.source_paths import path_mentions
from ..core.rules.graph import CitationGraph
from ..safety.author_text import CELL, PROSE, carries, plain_fences, restore, unsafe_targets
from ..safety.sanitize import sanitize_author_markup
from ..safety.template_plugins import template_inert
from .fragments import NOT_A_BLOCK, FragmentConverter
from .grounding import QuoteOrigin, locked, path_url, quote_origin
from .link_syntax import costly_brackets
from .paths import Paths

#: what labels escape outside code, so that they show as written
_LABEL_ESCAPES = {char: "\\" + char for char in "#[]\\`"}
#: the text of a link: brackets would end it
_LINK_TEXT_ESCAPES = {"[": "\\[", "]": "\\]"}
_ESCAPABLE = re.compile(r"[#\[\]\\`]")
#: what Markdown does more with than escape it: code spans, emphasis, backslash escapes
_INLINE_SYNTAX = re.compile(r"[`*_\\]")
#: where a link's HTML goes in a fragment's Markdown (see the module docstring)
_TOKEN = "\x14{}\x15"
_TOKEN_RE = re.compile("\x14(\\d+)\x15")
_BACKTICKS = re.compile(r"`+")
#: Markdown's core alone, for labels and titles
_LABEL_MARKDOWN = markdown.Markdown()


def shorten(text: str, width: int = 240) -> str:
    """One line of at most ``width`` characters, cut between words and never inside code."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    masked = mask_code(flat)
    cut = flat.rfind(" ", 0, width)
    while cut > 0 and masked[cut - 1] != flat[cut - 1]:
        cut = flat.rfind(" ", 0, cut)
    return flat if cut <= 0 else flat[:cut] + " …"


def code_span(text: str) -> str:
    """Inline code that holds any text, backticks included (as Markdown)."""
    ticks = "`" * (max((len(run) for run in _BACKTICKS.findall(text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def code_html(text: str) -> Markup:
    """Author text as inline code (a path, a run ID, a message)."""
    return Markup(f"<code>{html.escape(text, quote=False)}</code>")


@lru_cache(maxsize=65536)  # the same titles and labels stand in many places
def label_html(text: str) -> Markup:
    """A label, title or name as HTML: as written, code spans and emphasis kept, no links."""
    flat = " ".join(text.split())
    if not _INLINE_SYNTAX.search(flat):
        return Markup(html.escape(flat, quote=False))
    escaped = _escaped(flat, CELL, _LABEL_ESCAPES)
    converted = sanitize_author_markup(_LABEL_MARKDOWN.reset().convert(NOT_A_BLOCK + escaped))
    return Markup(restore(converted.removeprefix("<p>").removesuffix("</p>").replace(NOT_A_BLOCK, "")))


_TAG = re.compile(r"<[^>]*>")


def label_text(text: str) -> str:
    """A label as the plain text its HTML shows (for the table of contents)."""
    return html.unescape(_TAG.sub("", label_html(text)))


def _escaped(text: str, carried: dict[int, str], escapes: dict[str, str]) -> str:
    """``text`` with the characters ``escapes`` names backslash-escaped outside code, and
    every character ``carried`` carries as its placeholder."""
    out: list[str] = []
    last = 0
    if _ESCAPABLE.search(text):
        masked = mask_code(text)
        for match in _ESCAPABLE.finditer(masked):
            escaped = escapes.get(match.group())
            if escaped is not None:
                out += (text[last : match.start()], escaped)
                last = match.end()
    out.append(text[last:])
    joined = "".join(out)
    return joined.translate(carried) if carries(joined, carried) else joined


def plain_html(text: str | None) -> str:
    """One line of author text as HTML with no Markdown but its code spans: escaped text,
    code as ``code`` (what search results show)."""
    flat = " ".join((text or "").split())
    if "`" not in flat:
        return html.escape(flat, quote=False)
    masked = mask_code(flat)
    out, last, opening = [], 0, None
    for run in _BACKTICKS.finditer(flat):
        if masked[run.start()] != " ":  # escaped or unmatched: not code
            continue
        if opening is None:
            opening = run
        elif len(run.group()) == len(opening.group()):
            out.append(html.escape(flat[last : opening.start()], quote=False))
            out.append(f"<code>{html.escape(flat[opening.end() : run.start()].strip(), quote=False)}</code>")
            last, opening = run.end(), None
    out.append(html.escape(flat[last:], quote=False))
    return "".join(out)


class Links:
    """Links from one page (``page``) of one system (``system``) to records, sources and
    source files: HTML, relative to the page; to the page's ``url`` (from the site's root)
    when it is not the one its path makes (a blog post's)."""

    def __init__(self, graph: CitationGraph, paths: Paths, system: str, page: str, url: str | None = None) -> None:
        self.graph = graph
        self.paths = paths
        self.system = system
        self.page = page
        self.url = url
        owner = graph.collection.systems.get(system)
        grammar = graph.collection.types.grammar
        # the method's current sets cite by link only: a bare ID is text on their pages too
        self.grammar = grammar.links_only_twin if owner and owner.layout and owner.layout.citations == "links" else grammar
        self._refs: dict[tuple[str, bool, str | None], str | None] = {}

    def page_link(self, target: str) -> str:
        """A link an author wrote to a page of the docs tree, relative to this page's file
        (``runtime.md#rt-obj-x``), as the URL a generator gives it from this page."""
        path, _, anchor = target.partition("#")
        page = posixpath.normpath(posixpath.join(posixpath.dirname(self.page), path))
        return self.paths.href(self.page, page, anchor or None)

    def tooltip(self, record_id: str) -> str | None:
        target = self.graph.resolve(self.system, record_id)
        if target is None:
            return None
        if isinstance(target, ExternalRecord):
            system = self.graph.collection.systems[self.system].name
            return f"declared in the {target.member} report of {system}, not published"
        return target.label

    def ref(self, record_id: str, *, code: bool = False, opening: bool = False) -> Markup | None:
        """A record ID as a link to its entry, its label for the tooltip (the ID as inline
        code when asked; only the link's start tag for ``opening``, for a link whose text is
        the author's). An unknown ID: ``None``."""
        key = (record_id, code, "<" if opening else None)
        if key not in self._refs:
            self._refs[key] = self._ref(record_id, code, opening)
        found = self._refs[key]
        return Markup(found) if found is not None else None

    def _ref(self, record_id: str, code: bool, opening: bool) -> str | None:
        target = self.graph.resolve(self.system, record_id) if self.grammar.is_valid_id(record_id) else None
        if target is None:
            return None
        page, anchor = self.paths.record(target)
        href = self.paths.href(self.page, page, anchor) if self.url is None else self.paths.href_from_url(self.url, page, anchor)
        # written with no template syntax: a citation puts it into a hand-written page's
        # Markdown, which another plugin may render as a template (safety.template_plugins)
        label = template_inert(" ".join((self.tooltip(record_id) or "").split()))
        start = f'<a data-rpt-label="{label}" href="{html.escape(href)}">'
        if opening:
            return start
        text = f"<code>{html.escape(record_id)}</code>" if code else html.escape(record_id)
        return start + text + "</a>"

    def ref_or_text(self, record_id: str) -> Markup:
        """A record ID linked when it resolves, else as text."""
        return self.ref(record_id) or Markup(html.escape(record_id))

    def source_ref(self, source_id: str) -> Markup | None:
        """A registered source as a link to its row of the register on the system page."""
        system = self.graph.collection.systems.get(self.system)
        source = system.source_by_id(source_id) if system else None
        if source is None:
            return None
        label = " at ".join(part for part in (source.identity, source.revision) if part) or source_id
        href = self.paths.href(self.page, self.paths.system(self.system), source_id.lower())
        return Markup(f'<a data-rpt-label="{template_inert(label)}" href="{html.escape(href)}">{html.escape(source_id)}</a>')

    def path_link(self, source_id: str | None, path: str) -> Markup:
        """A path of an evidence anchor as inline code, linked to the file (or folder) at
        the reviewed revision when the source is on a known forge and the quote lock, if
        there is one, lists the path (``grounding.py``)."""
        system = self.graph.collection.systems.get(self.system)
        source = system.source_by_id(source_id) if system else None
        url = path_url(system, source, path)
        code = code_html(path)
        return Markup(f'<a href="{html.escape(url)}">{code}</a>') if url else code

    def quote_origin(self, quote: Quote) -> QuoteOrigin:
        """Where a quote is from, linked to its verified lines, and whether it was verified."""
        system: System = self.graph.collection.systems[self.system]
        return quote_origin(system, quote)



class PageText(Links):
    """Author text for one page (``page``) of one system (``system``), as HTML: links are
    relative to the page; prose and cells are converted by the site's Markdown."""

    def __init__(self, graph: CitationGraph, paths: Paths, system: str, page: str, converter: FragmentConverter) -> None:
        super().__init__(graph, paths, system, page)
        self.converter = converter
        # bare paths in prose are the default source's; linked only when its lock knows them
        owner = graph.collection.systems.get(system)
        default = owner.source_by_id(None) if owner else None
        self._prose_paths = (owner, default) if locked(owner, default) is not None else None

    # -- author text ------------------------------------------------------------------

    def prose(self, text: str | None) -> Markup:
        """A block of prose (paragraphs, lists, code) as HTML, IDs linked."""
        markdown_text, links = self._tokenized(plain_fences(text or "").strip("\n"), PROSE)
        return _with_links(self.converter.block(markdown_text), links, self.page_link)

    def cell(self, text: str | None) -> Markup:
        """One line (a table cell, a list item, a short value) as inline HTML, IDs linked."""
        markdown_text, links = self._tokenized(" ".join((text or "").split()), CELL)
        return _with_links(self.converter.inline(markdown_text), links, self.page_link)

    @staticmethod
    def label(text: str | None) -> Markup:
        """A label, title or name: as written, with no links (``label_html``)."""
        return label_html(text or "")

    def excerpt(self, text: str | None, width: int = 240) -> Markup:
        return self.cell(shorten(text or "", width))

    @staticmethod
    def code(text: str) -> Markup:
        return code_html(text)

    def _tokenized(self, text: str, carried: dict[int, str]) -> tuple[str, list[str]]:
        """``text`` as the Markdown the converter reads: each mention a token, the links'
        HTML in token order (see the module docstring)."""
        replacements: list[tuple[int, int, str]] = []
        links: list[str] = []

        def token(html_text: str) -> str:
            links.append(html_text)
            return _TOKEN.format(len(links) - 1)

        for mention in scan(text, self.grammar):
            rendered = self._mention(text, mention, token)
            if rendered is not None:
                replacements.append((mention.start, mention.end, rendered))
        starts = [start for start, _, _ in replacements]
        ends = [end for _, end, _ in replacements]

        def replaced(offset: int) -> bool:
            index = bisect_right(starts, offset) - 1
            return index >= 0 and offset < ends[index]

        if self._prose_paths is not None and ("/" in text or "." in text):
            found = [p for p in self._path_links(text, token) if not replaced(p[0]) and not replaced(p[1] - 1)
                     and bisect_right(starts, p[1] - 1) == bisect_right(starts, p[0])]  # fmt: skip
            if found:
                replacements = sorted(replacements + found)
                starts = [start for start, _, _ in replacements]
                ends = [end for _, end, _ in replacements]
        if "]" in text or "!" in text or "[" in text:  # what every unsafe target and every link starts with
            masked = mask_code(text)
            unsafe = [t for t in unsafe_targets(masked) if not replaced(t[0])]
            broken = {start for start, _, _ in unsafe}
            # brackets a mention or an unsafe target takes are none Markdown sees
            costly = costly_brackets(masked, lambda at: at in broken or replaced(at))
            replacements += unsafe + costly
            replacements.sort()
        carry = carries(text, carried)
        out, last = [], 0
        for start, end, replacement in replacements:
            out.append(text[last:start].translate(carried) if carry else text[last:start])
            out.append(replacement)
            last = end
        out.append(text[last:].translate(carried) if carry else text[last:])
        return "".join(out), links

    def _mention(self, text: str, mention: Mention, token: Callable[[str], str]) -> str | None:
        """The Markdown a citation or source mention becomes; ``None`` leaves it as written."""
        if mention.problem:
            return None
        if mention.form in ("bare", "code"):
            link = self.ref(mention.text, code=mention.form == "code")
            return token(link) if link is not None else None
        if mention.form == "link":
            link = self.ref(mention.text, opening=True)
            label = _escaped(mention.label or mention.text, CELL, _LINK_TEXT_ESCAPES)
            return token(link) + label + token("</a>") if link is not None else label
        if mention.form == "source" and not mention.paths:
            link = self.source_ref(mention.text)
            return token(link) if link is not None else None
        return self._evidence(text, mention, token)

    def _evidence(self, text: str, mention: Mention, token: Callable[[str], str]) -> str:
        """``[SRC-1: `a`; `b`]`` or ``SRC-1 `a`; `b```: the source linked to the register,
        each path to its file at the reviewed revision."""
        bracketed = mention.form == "evidence"
        out, last = [], mention.offset + len(mention.text)
        for path, start, end in mention.paths:
            out.append(_escaped(text[last:start], PROSE, {}))
            out.append(token(self.path_link(mention.text, path)))
            last = end
        out.append(_escaped(text[last : mention.end - 1 if bracketed else mention.end], PROSE, {}))
        source = self.source_ref(mention.text)
        linked = (token(source) if source is not None else mention.text) + "".join(out)
        return "\\[" + linked + "\\]" if bracketed else linked

    def _path_links(self, text: str, token: Callable[[str], str]) -> list[tuple[int, int, str]]:
        """Paths written in prose that the quote lock knows, linked: (start, end, token)."""
        assert self._prose_paths is not None
        system, source = self._prose_paths
        out = []
        for mention in path_mentions(text):
            url = path_url(system, source, mention.path, prose=True)
            if url:
                shown = code_html(mention.path) if mention.code else html.escape(mention.path, quote=False)
                out.append((mention.start, mention.end, token(f'<a href="{html.escape(url)}">{shown}</a>')))
        return out

def _with_links(converted: str, links: list[str], page_links: Callable[[str], str]) -> Markup:
    """A converted fragment with each token's link in its place, and its links to pages of
    the docs tree (``runtime.md``) made URLs from the page (``page_links``)."""
    if links:
        converted = _TOKEN_RE.sub(lambda match: links[int(match[1])], converted)
    if ".md" in converted:
        converted = _MD_HREF.sub(lambda match: f'href="{html.escape(page_links(html.unescape(match[1])))}"', converted)
    return Markup(converted)


#: a link an author wrote to a page of the docs tree, relative: ``runtime.md``, ``../x/y.md#z``
_MD_HREF = re.compile(r'href="((?![a-zA-Z][a-zA-Z0-9+.-]*:|/|#)[^"#?]*\.md(?:#[^"]*)?)"')
