"""The second, independent layer against script in generated pages: their HTML, after
Markdown, goes through an allowlist sanitizer.

The first layer (``Markup``) escapes author text before Markdown, which is only as good as
its agreement with Markdown on what is code. This one does not care how the HTML came
about: whatever is not on the lists below is dropped. It uses ``nh3``, the Python binding
to the Rust ``ammonia`` sanitizer (an HTML5 parser, not regular expressions).

What stays is what the templates, Python-Markdown (tables, toc permalinks, attr_list,
md_in_html, admonition), pymdownx.highlight and Material write into page content:

* tags: text structure (headings, paragraphs, lists, quotes, tables, ``details``),
  inline text (emphasis, code, ``abbr``, ``kbd``, ``del``/``ins`` of the Changes page…),
  ``a``, ``img``, ``pre``/``code``/``span`` of highlighted code and ``div`` wrappers;
* on any tag: ``id`` (headings, record and row anchors), ``class`` (highlighting tokens,
  ``headerlink``, ``admonition``, the ``rpt-*`` hooks of reports.css/.js), ``title``
  (record tooltips, ``abbr``), ``role``, ``lang``, ``dir``, and any ``aria-*`` and
  ``data-*`` attribute (accessibility; the index script keeps its state in ``data-*``);
* on some tags: ``href`` on ``a``; ``src``/``alt``/``width``/``height`` on ``img``;
  ``start``/``reversed``/``type`` on ``ol``, ``value`` on ``li``; ``colspan``, ``rowspan``,
  ``scope``, ``align`` and ``style`` on table cells — where ``style`` keeps only
  ``text-align``, the one property Markdown writes (column alignment);
* URLs in ``href``/``src``: relative ones (``../memory/#mem-obj-x``, ``#fragment``) as
  they are, absolute ones only with ``http``, ``https``, ``mailto`` or ``ftp`` — the
  schemes ``SafeLinksExtension`` lets through.

What goes: ``script`` and ``style`` elements with their content; every other tag
(``iframe``, ``object``, ``embed``, ``form``, ``svg``, ``math``…) with its attributes, its
text kept as text; event handlers (``on*``), ``style`` beyond ``text-align``, and every
other attribute; ``javascript:``, ``data:``, ``vbscript:`` and other URLs (the attribute
is dropped, the link text stays); comments. No ``rel`` is added to links (ammonia's
default ``noopener noreferrer``): the pages link within the site and to forges, and
changing every link would change what readers and tests see for no gain here.
"""

from __future__ import annotations

import nh3

from .safe_links import SAFE_SCHEMES

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

_CLEANER = nh3.Cleaner(
    tags=set(TAGS),
    attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
    generic_attribute_prefixes={"aria-", "data-"},
    url_schemes=set(URL_SCHEMES),
    filter_style_properties={"text-align"},
    link_rel=None,
    strip_comments=True,
)


def sanitize(html: str) -> str:
    """A page's HTML with everything outside the allowlist removed."""
    return _CLEANER.clean(html)
