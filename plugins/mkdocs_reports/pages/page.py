"""A generated page as the page layer hands it on: its HTML, title, front-matter values and
table of contents, with no generator in sight.

Templates write a page's headings through ``PageBuilder.heading``: it declares the
heading's id (``safety.anchors``), writes the permalink as the site's ``toc`` extension
would (``Headings``) and puts the heading in the page's table of contents, which the
adapter gives the generator as its own (MkDocs' ``AnchorLink``s).
"""

from __future__ import annotations

import hashlib
import html
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from ..safety.anchors import Anchors
from ..safety.chrome import chrome_html


@dataclass
class TocEntry:
    """A heading of a page in its table of contents; ``title`` is HTML a theme prints as
    it is (escaped, and inert: ``safety.chrome``)."""

    level: int
    id: str
    title: str
    children: list[TocEntry] = field(default_factory=list)


@dataclass
class PageSpec:
    """One generated page: ``uri`` its path in the docs tree (``alpha/memory.md``), its
    content's HTML (``html``), sanitized, pictures in place.

    The HTML is the text a generator renders: a page is made when it is rendered
    (``PlannedPage``) and handed on at once, so it is held once, never also encoded."""

    uri: str
    title: str  # plain text, as the page's heading says it
    html: str
    toc: list[TocEntry]
    ids: frozenset[str]
    meta: dict[str, Any] = field(default_factory=dict)
    #: plain text: what the navigation calls the page, when not its title ("Memory report")
    nav_title: str | None = None
    #: a page that lists the collection (home, systems, records, coverage, comparison): every entry
    #: of it is indexed on its own page, so a generator's own search leaves it out
    listing: bool = False
    #: what the page is made from, as the check names files (``reports/alpha/memory.yaml``,
    #: a system's folder); None: the whole collection. Other plugins read it as the page's
    #: source file (its git history dates the page)
    source: str | None = None


@dataclass
class PlannedPage:
    """A generated page before its HTML is made: what a generator needs of every page at
    once (its title, front matter, source; the navigation lists them all), and ``make``
    for the rest, called when the page itself is rendered. A site of thousands of pages
    then holds the HTML of the page being written, not of every page.

    ``version`` stands for what the page is made of: the same version, the same page (so
    ``mkdocs serve --dirty`` rebuilds only pages whose version changed)."""

    uri: str
    title: str
    meta: dict[str, Any]
    nav_title: str | None
    listing: bool
    source: str | None
    version: str
    make: Callable[[], PageSpec]

    @classmethod
    def made(cls, spec: PageSpec) -> PlannedPage:
        """A page made already (a home page, a Changes page): its version its HTML's digest."""
        version = hashlib.blake2b(spec.html.encode(), digest_size=16).hexdigest()
        return cls(spec.uri, spec.title, spec.meta, spec.nav_title, spec.listing, spec.source, version, lambda: spec)


_DEPTH = re.compile(r"^\s*(\d)\s*-\s*(\d)\s*$")


@dataclass(frozen=True)
class Headings:
    """How the site's ``toc`` extension writes headings (its ``permalink``, ``permalink_class``,
    ``permalink_title``, ``permalink_leading``, ``anchorlink``, ``anchorlink_class`` and
    ``toc_depth``), so that generated pages' headings are like hand-written ones."""

    permalink: bool | str = False
    permalink_class: str = "headerlink"
    permalink_title: str = "Permanent link"
    permalink_leading: bool = False
    anchorlink: bool = False
    anchorlink_class: str = "toclink"
    toc_top: int = 1
    toc_bottom: int = 6

    @classmethod
    def from_toc_config(cls, config: dict[str, Any] | None) -> Headings:
        config = config or {}
        depth = config.get("toc_depth", 6)
        top, bottom = 1, 6
        match = _DEPTH.match(str(depth))
        if match:
            top, bottom = int(match[1]), int(match[2])
        elif str(depth).strip().isdigit():
            bottom = int(depth)
        defaults = cls()
        return cls(
            permalink=config.get("permalink", defaults.permalink),
            permalink_class=config.get("permalink_class", defaults.permalink_class),
            permalink_title=config.get("permalink_title", defaults.permalink_title),
            permalink_leading=bool(config.get("permalink_leading", defaults.permalink_leading)),
            anchorlink=bool(config.get("anchorlink", defaults.anchorlink)),
            anchorlink_class=config.get("anchorlink_class", defaults.anchorlink_class),
            toc_top=top,
            toc_bottom=bottom,
        )

    def write(self, level: int, anchor: str, inner: str, attributes: str = "") -> str:
        """A heading's HTML, as the ``toc`` extension writes it."""
        if self.anchorlink:
            inner = f'<a class="{html.escape(self.anchorlink_class)}" href="#{anchor}">{inner}</a>'
        if self.permalink:
            text = "¶" if self.permalink is True else html.escape(str(self.permalink), quote=False)
            title = f' title="{html.escape(self.permalink_title)}"' if self.permalink_title else ""
            link = f'<a class="{html.escape(self.permalink_class)}" href="#{anchor}"{title}>{text}</a>'
            inner = link + inner if self.permalink_leading else inner + link
        return f"<h{level} id=\"{anchor}\"{attributes}>{inner}</h{level}>"


#: what a slot's attribute holds: a token only this process knows, so that author text
#: cannot ask for a slot to be filled (and the sanitizer keeps ``data-rpt-*`` attributes)
_SLOT_TOKEN = secrets.token_hex(8)
_SLOT = '<{0} data-rpt-slot="' + _SLOT_TOKEN + '-{1}"></{0}>'
_SLOT_RE = re.compile('<(div|tr) data-rpt-slot="' + _SLOT_TOKEN + r'-(\d+)"></\1>')
#: the templates' request that the theme's search leave an element out, answered after the
#: page is sanitized with the attribute Material's search reads (``data-search-exclude``):
#: the sanitizer drops that attribute wherever author text writes it
_UNINDEXED = 'data-rpt-unindexed="' + _SLOT_TOKEN + '"'


class PageBuilder:
    """What a template writes one page with: its declared ids, its table of contents, and
    the slots filled after the page is sanitized (``slot``)."""

    def __init__(self, uri: str, headings: Headings) -> None:
        self.uri = uri
        self.anchors = Anchors()
        self.headings = headings
        self._toc: list[TocEntry] = []
        self._slots: list[str | Iterable[str]] = []

    def slot(self, html_text: str | Iterable[str], tag: str = "div") -> Markup:
        """A place for HTML that is clean already and must not go through the page's
        sanitizer: a picture (cleaned by its own allowlist), table rows sanitized one by one
        (``tag="tr"``: a table's body holds rows only). Rows may come one at a time (an
        iterable, one a line): they go into the page as it is joined, never first joined
        into a string of their own beside it."""
        self._slots.append(html_text)
        return Markup(_SLOT.format(tag, len(self._slots) - 1))

    def unindexed(self) -> Markup:
        """An attribute for an element the theme's search must leave out (text the page's
        own entry, or the pages it links to, are found by already): set only here."""
        return Markup(" " + _UNINDEXED)

    def filled(self, sanitized: str) -> str:
        """The page's sanitized HTML with every slot filled and every element the
        templates asked to leave out of the theme's search marked so."""
        if _UNINDEXED in sanitized:
            sanitized = sanitized.replace(_UNINDEXED, "data-search-exclude")
        if not self._slots:
            return sanitized
        slots, self._slots = self._slots, []
        parts: list[str] = []  # one join makes the page: no part of it is copied twice
        at = 0
        for match in _SLOT_RE.finditer(sanitized):
            parts.append(sanitized[at : match.start()])
            filling = slots[int(match[2])]
            if isinstance(filling, str):
                parts.append(filling)
            else:
                for number, line in enumerate(filling):
                    parts.extend(("\n", line) if number else (line,))
            at = match.end()
        parts.append(sanitized[at:])
        return "".join(parts)

    def anchor(self, name: str) -> str:
        """Declare an id of the page (``safety.anchors``) and return it."""
        return self.anchors.declare(name)

    def heading(self, level: int, anchor: str, inner: Markup, *, toc: str | None = None, in_toc: bool = True,
                css: str | None = None, data: dict[str, str] | None = None) -> Markup:  # fmt: skip
        """A heading: ``inner`` its HTML, ``toc`` the plain text its contents entry shows
        (the heading's own text when not given); ``in_toc=False`` leaves it out."""
        self.anchors.declare(anchor)
        if in_toc and self.headings.toc_top <= level <= self.headings.toc_bottom:
            title = toc if toc is not None else html.unescape(_TAG.sub("", str(inner)))
            self._toc.append(TocEntry(level, anchor, chrome_html(title)))
        attributes = f' class="{html.escape(css)}"' if css else ""
        for name, value in (data or {}).items():
            attributes += f' data-{name}="{html.escape(value)}"'
        return Markup(self.headings.write(level, anchor, str(inner), attributes))

    def toc(self) -> list[TocEntry]:
        """The headings as nested entries, as the ``toc`` extension nests them."""
        nested: list[TocEntry] = []
        stack: list[TocEntry] = []
        for entry in self._toc:
            entry = TocEntry(entry.level, entry.id, entry.title)
            while stack and stack[-1].level >= entry.level:
                stack.pop()
            (stack[-1].children if stack else nested).append(entry)
            stack.append(entry)
        return nested


_TAG = re.compile(r"<[^>]*>")
