"""The second, independent layer against script in generated pages: their HTML goes
through an allowlist sanitizer before it is given to the generator or written.

The first layer (the templates' escaping, and ``author_text`` for the text Markdown reads)
keeps author text from being read as markup at all. This one does not care how the HTML came about: whatever is not on the
lists below is dropped. It uses ``nh3``, the Python binding
to the Rust ``ammonia`` sanitizer (an HTML5 parser, not regular expressions).

What stays is what the templates and the site's Markdown extensions write for author text
(tables, admonitions, highlighted code) and Material acts on in page content:

* tags: text structure (headings, paragraphs, lists, quotes, tables, ``details``),
  inline text (emphasis, code, ``abbr``, ``kbd``, ``del``/``ins`` of the Changes page…),
  ``a``, ``img``, ``pre``/``code``/``span`` of highlighted code and ``div`` wrappers;
* on any tag: ``class``, ``title``, ``role``, ``lang``, ``dir``, ``aria-*`` and our own
  ``data-rpt-*`` attributes (record labels, the index script's state), and ``id`` — each
  under the rules below;
* on some tags: ``href`` on ``a``; ``src``/``alt``/``width``/``height`` on ``img``;
  ``start``/``reversed``/``type`` on ``ol``, ``value`` on ``li``; ``colspan``, ``rowspan``,
  ``scope``, ``align`` and ``style`` on table cells — where ``style`` keeps only
  ``text-align``, the one property Markdown writes (column alignment);
* URLs in ``href``: relative ones (``../memory/#mem-obj-x``, ``#fragment``) as they are,
  absolute ones only with ``http``, ``https``, ``mailto`` or ``ftp`` (``urls.SAFE_SCHEMES``);
  ``src`` only relative: a page loads nothing from another site.

Attributes the theme acts on are kept only where no author text can reach them:

* ``id``: only the anchors the page's templates declared (``anchors.py``); the theme's own
  ids (``__config``…) and ids that Markdown derived from author text are dropped;
* ``title``: only without ``<`` or ``&``: Material's ``content.tooltips`` inserts a title as
  HTML, and record labels travel in ``data-rpt-label`` instead, which only the site's
  script reads, as text;
* ``class``: only the classes of Markdown (admonitions, permalinks), highlighting (Pygments
  tokens, ``language-*``) and the site (``rpt-*``): Material's JavaScript acts on its own
  ``md-*`` classes (``.md-ellipsis`` copies an element's text into a tooltip's HTML). An
  admonition keeps only the admonition types: its types are words an author writes
  (``!!! rpt-index``), and the site's classes are what its scripts and styles act on (the
  record index's table, a verified quote's badge);
* ``data-*``: only ``data-rpt-*``: Material's JavaScript reads ``data-md-*``.

What goes: ``script`` and ``style`` elements with their content; every other tag
(``iframe``, ``object``, ``embed``, ``form``, ``svg``, ``math``…) with its attributes, its
text kept as text; event handlers (``on*``), ``style`` beyond ``text-align``, and every
other attribute; ``javascript:``, ``data:``, ``vbscript:`` and other URLs (the attribute
is dropped, the link text stays); comments. No ``rel`` is added to links (ammonia's
default ``noopener noreferrer``): the pages link within the site and to forges, and
changing every link would change what readers and tests see for no gain here.

The pictures (``pages/pictures.py``: SVG drawn by the plugin, put in after a page is
sanitized) have an allowlist of their own, ``sanitize_picture``.

The rules above for ``id``, ``title``, ``class`` (and a picture's ``class`` and ``href``)
run only where they change something: HTML is cleaned by the allowlist alone first, and
again with the rules when one of their values in it is not one they keep as it is
(``_rules_keep``): the same HTML, for a fifth less of the sanitizer's time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from contextvars import ContextVar
from functools import lru_cache
from html import unescape

import nh3

from ..core.prose.images import is_remote_url
from .site_markup import SiteMarkup
from .urls import SAFE_SCHEMES

TAGS = frozenset(
    {
        # blocks
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "blockquote", "pre",
        "ul", "ol", "li", "dl", "dt", "dd", "details", "summary", "figure", "figcaption",
        "table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td",
        # inline
        "a", "abbr", "b", "cite", "code", "del", "dfn", "em", "i", "img", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "u", "var",
    }
)  # fmt: skip

GENERIC_ATTRIBUTES = frozenset({"id", "class", "title", "role", "lang", "dir"})
CELL_ATTRIBUTES = frozenset({"colspan", "rowspan", "scope", "align", "style"})
ATTRIBUTES = {
    "*": GENERIC_ATTRIBUTES,
    "a": frozenset({"href"}),
    "img": frozenset({"src", "alt", "width", "height"}),
    "ol": frozenset({"start", "reversed", "type"}),
    "li": frozenset({"value"}),
    "td": CELL_ATTRIBUTES,
    "th": CELL_ATTRIBUTES,
    "col": frozenset({"span"}),
    "colgroup": frozenset({"span"}),
    "details": frozenset({"open"}),
}
URL_SCHEMES = SAFE_SCHEMES - {""}

#: admonition types (Material styles these), and the classes Python-Markdown writes
MARKDOWN_CLASSES = frozenset(
    {
        "admonition", "admonition-title", "headerlink", "highlight", "linenos", "linenodiv",
        "filename", "hll", "inline", "end",
        "note", "abstract", "summary", "tldr", "info", "todo", "tip", "hint", "important",
        "success", "check", "done", "question", "help", "faq", "warning", "caution",
        "attention", "failure", "fail", "missing", "danger", "error", "bug", "example",
        "quote", "cite",
    }
)  # fmt: skip
#: a highlighted language, and Pygments' token classes: a short name ("nf", "s2") and, for
#: a token type of its own, its subtypes ("l-Scalar-Plain")
_HIGHLIGHT_CLASS = r"language-[\w+#.-]+|[a-z]{1,3}[0-9]?(?:-[A-Z][A-Za-z0-9]*)*"
#: the site's own classes and the highlighting's
_CLASS = re.compile(rf"rpt-[a-z0-9-]+|{_HIGHLIGHT_CLASS}")
_MARKUP_CLASS = re.compile(_HIGHLIGHT_CLASS)

_DECLARED_IDS: ContextVar[Collection[str]] = ContextVar("declared_ids", default=frozenset())


def _classes_kept(value: str, pattern: re.Pattern[str]) -> str | None:
    names = value.split()
    if "admonition" in names:  # its other classes are types an author may name (!!! rpt-index)
        kept = [name for name in names if name in MARKDOWN_CLASSES]
    else:
        kept = [name for name in names if name in MARKDOWN_CLASSES or pattern.fullmatch(name)]
    return " ".join(kept) or None


@lru_cache(maxsize=4096)  # a page's classes are mostly the same few: each looked at once
def _class(value: str) -> str | None:
    return _classes_kept(value, _CLASS)


@lru_cache(maxsize=4096)
def _markup_class(value: str) -> str | None:
    """The classes Markdown and the highlighting write, never the site's (``rpt-*``)."""
    return _classes_kept(value, _MARKUP_CLASS)


def _declared_id(value: str) -> str | None:
    return value if value in _DECLARED_IDS.get() else None


def _plain_title(value: str) -> str | None:
    return None if "<" in value or "&" in value else value


def _local(value: str) -> str | None:
    return None if is_remote_url(value) else value


#: rules for the values of attributes the theme acts on (see the module docstring), by
#: attribute; every other attribute is kept as it is
_RULES: dict[str, Callable[[str], str | None]] = {"id": _declared_id, "title": _plain_title, "class": _class, "src": _local}


def _attribute_filter(rules: dict[str, Callable[[str], str | None]]) -> Callable[[str, str, str], str | None]:
    """nh3's attribute callback for ``rules``: an attribute's value by its rule, if it has one."""

    def keep(element: str, attribute: str, value: str) -> str | None:
        rule = rules.get(attribute)
        return value if rule is None else rule(value)

    return keep


def _page_cleaner(attribute_filter: Callable[[str, str, str], str | None] | None = None,
                  tags: Iterable[str] = TAGS, attributes: Mapping[str, Iterable[str]] = ATTRIBUTES) -> nh3.Cleaner:  # fmt: skip
    """The page cleaner: the allowlists (and what a site's own templates add to them),
    with ``attribute_filter`` ruling the values it keeps."""
    return nh3.Cleaner(
        tags=set(tags),
        attributes={tag: set(names) for tag, names in attributes.items()},
        generic_attribute_prefixes={"aria-", "data-rpt-"},
        url_schemes=set(URL_SCHEMES),
        filter_style_properties={"text-align"},
        link_rel=None,
        strip_comments=True,
        attribute_filter=attribute_filter,
    )


_CLEANER = _page_cleaner(_attribute_filter(_RULES))
_CLEANER_WITHOUT_RULES = _page_cleaner()


def _rules_keep(html: str, rules: dict[str, Callable[[str], str | None]]) -> bool:
    """Whether ``rules`` keep every value of the attributes they rule in ``html`` (written by
    the sanitizer) as it is: then the sanitizer with the rules writes the very same HTML.

    The sanitizer calls its rule for every attribute it keeps, and most are kept as they
    are: a page's HTML is cleaned without the rule first (each call costs as much as the
    sanitizer's own work for a short attribute), and the values are looked up in what it
    wrote. It writes every attribute as `` name="value"`` (a ``"``, ``&`` or no-break
    space in the value as a reference), so every value a rule reads follows one of the
    `` name="`` looked for here; text may hold those words too, which only makes the look
    fail more often (each occurrence is read from its own start: one in text hides none
    after it). A rule reads only its attribute's value."""
    for name, rule in rules.items():
        for opening in (f' {name}="', f':{name}="'):  # ``xlink:href`` is ``href`` to the sanitizer
            at = html.find(opening)
            while at >= 0:
                start = at + len(opening)
                end = html.find('"', start)
                if end < 0:
                    return False
                value = unescape(html[start:end]) if "&" in html[start:end] else html[start:end]
                if rule(value) != value:
                    return False
                at = html.find(opening, start)
    return True


@lru_cache(maxsize=8)
def _site_cleaners(site: SiteMarkup) -> tuple[nh3.Cleaner, nh3.Cleaner]:
    """The page cleaners, without the rules and with them, that also keep what the site's
    own templates write (``site_markup.py``): a class only on the element it is written on."""
    attributes = {tag: set(names) for tag, names in ATTRIBUTES.items()}
    for tag, name in site.attributes:
        attributes.setdefault(tag, set()).add(name)
    classes = site.classes

    def keep(element: str, attribute: str, value: str) -> str | None:
        if attribute == "class" and (element, " ".join(value.split())) in classes:
            return value
        rule = _RULES.get(attribute)
        return value if rule is None else rule(value)

    tags = TAGS | site.tags
    return _page_cleaner(None, tags, attributes), _page_cleaner(keep, tags, attributes)


def sanitize(html: str, ids: Collection[str] = frozenset(), site: SiteMarkup | None = None) -> str:
    """A page's HTML with everything outside the allowlist removed; ``ids`` are the anchors
    its templates declared (``anchors.Anchors``), the only ids it keeps; ``site`` what the
    site's own templates write, kept too. (Cleaned with the rules only when they would
    change a value: ``_rules_keep``.)"""
    token = _DECLARED_IDS.set(ids)
    try:
        without_rules, with_rules = _site_cleaners(site) if site else (_CLEANER_WITHOUT_RULES, _CLEANER)
        clean = without_rules.clean(html)
        # (a class the site writes is not kept by the rules alone: its page is cleaned with them)
        return clean if _rules_keep(clean, _RULES) else with_rules.clean(html)
    finally:
        _DECLARED_IDS.reset(token)


@lru_cache(maxsize=8)
def _author_markup_cleaner(site: SiteMarkup | None) -> nh3.Cleaner:
    site_classes = site.classes if site else frozenset()

    def keep(element: str, attribute: str, value: str) -> str | None:
        if attribute == "class":
            kept = _markup_class(value)
            return None if kept is None or (element, kept) in site_classes else kept
        rule = _RULES.get(attribute)
        return value if rule is None else rule(value)

    return nh3.Cleaner(
        tags=set(TAGS),
        attributes={tag: set(names) - {"id", "src"} for tag, names in ATTRIBUTES.items()},
        generic_attribute_prefixes={"aria-"},
        url_schemes=set(URL_SCHEMES),
        filter_style_properties={"text-align"},
        link_rel=None,
        strip_comments=True,
        attribute_filter=keep,
    )


def sanitize_author_markup(html: str, site: SiteMarkup | None = None) -> str:
    """What Markdown made of an author's fragment, before it joins a page: only the
    elements of the page's allowlist, no id, no ``data-*`` attribute, no image source (an
    author's image loads nothing), and only the classes of Markdown and the highlighting —
    never the site's (``rpt-*``, or a class its own templates write on that element). The site's Markdown extensions make markup of
    author words (``??? rpt-index``, pymdownx.blocks.html's ``/// html | div.x[data-x=…]``),
    which the page's sanitizer could not tell from the templates' own."""
    return _author_markup_cleaner(site).clean(html)


#: what the pictures (``pictures.py``) are drawn with: shapes, text, links and their
#: titles; no style, no script, no reference to anything (``use``, ``image``, markers),
#: no animation, no foreign content; links relative only. A link's target is written
#: ``xlink:href`` (the sanitizer knows it as ``href``): Material's instant navigation
#: assigns every ``[href]`` of a page to itself, which an SVG link refuses with an error
PICTURE_TAGS = frozenset({"svg", "g", "a", "rect", "path", "text", "title"})
_PICTURE_ATTRIBUTES = {
    "svg": {"class", "viewBox", "width", "height", "role"},  # named by its <title>: no text in an attribute
    "g": {"class"},
    "a": {"class", "href"},
    "rect": {"class", "x", "y", "width", "height", "rx"},
    "path": {"class", "d"},
    "text": {"class", "x", "y", "text-anchor"},
}


_PICTURE_CLASS = re.compile(r"rpt-[a-z0-9-]+")


@lru_cache(maxsize=1024)  # a picture's boxes and arrows share a few classes
def _picture_class(value: str) -> str | None:
    return " ".join(name for name in value.split() if _PICTURE_CLASS.fullmatch(name)) or None


#: a picture's rules: site classes only, and links within the site (relative only, the
#: plugin's own: no scheme, no "//" or "/\\")
_PICTURE_RULES: dict[str, Callable[[str], str | None]] = {"class": _picture_class, "href": _local}


def _picture_cleaner(attribute_filter: Callable[[str, str, str], str | None] | None = None) -> nh3.Cleaner:
    return nh3.Cleaner(
        tags=set(PICTURE_TAGS),
        attributes={tag: set(names) for tag, names in _PICTURE_ATTRIBUTES.items()},
        url_schemes=set(),
        link_rel=None,
        strip_comments=True,
        attribute_filter=attribute_filter,
    )


_PICTURE_CLEANER = _picture_cleaner(_attribute_filter(_PICTURE_RULES))
_PICTURE_CLEANER_WITHOUT_RULES = _picture_cleaner()


def sanitize_picture(svg: str) -> str:
    """A picture's SVG with everything outside the pictures' allowlist removed (cleaned
    with the rules only when they would change a value: ``_rules_keep``)."""
    clean = _PICTURE_CLEANER_WITHOUT_RULES.clean(svg)
    return clean if _rules_keep(clean, _PICTURE_RULES) else _PICTURE_CLEANER.clean(svg)


#: where table rows stand when they are sanitized apart: a parser drops the tags of a row
#: that is not in a table body
_ROWS_AT = ("<table><tbody>", "</tbody></table>")
#: what table rows alone cannot hold once sanitized in a table body: the parser wrote one of
#: these only if a row closed its table (or body) and something followed
_NOT_IN_ROWS = ("<table", "</table", "<tbody", "</tbody", "<thead", "</thead", "<tfoot", "</tfoot", "<caption", "<colgroup")


def sanitize_rows(rows: str, ids: Collection[str] = frozenset(), site: SiteMarkup | None = None) -> str:
    """Table rows (``<tr>…</tr>``…) through the same allowlist as a page (``site``: what
    the site's own templates write, as ``sanitize``), parsed in a table body, to be put
    into a table that is sanitized apart: a long table then costs the sanitizer a row's
    worth of memory at a time instead of the whole table's parse tree. HTML that does not
    stay rows (it would close its table) comes out whole, sanitized, inside a row of one
    cell: shown, and unable to reach outside its cell."""
    start, end = _ROWS_AT
    clean = sanitize(start + rows + end, ids, site)
    inner = clean[len(start) : len(clean) - len(end)]
    if clean.startswith(start) and clean.endswith(end) and not any(tag in inner for tag in _NOT_IN_ROWS):
        return inner
    return f"<tr><td>{clean}</td></tr>"
