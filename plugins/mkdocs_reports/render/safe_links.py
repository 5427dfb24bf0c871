"""A Markdown extension for the URLs that text may carry: no script, nothing loaded from
another site.

Escaping ``<`` keeps raw HTML out of report text, but Markdown's own link syntax
(``[x](javascript:…)``) still writes any URL into ``href``; Python-Markdown does not
sanitise it, so a link or image whose URL has a scheme outside a short allow-list becomes
plain text (a ``span``; MkDocs expects every ``a`` to keep an ``href``).

An image from another site (``![x](https://…)``) would be fetched by every reader's
browser: a tracking pixel. It becomes a link to the image, with the image's text, so
nothing is loaded until a reader asks for it. Images of the site itself (relative URLs)
stay images.
"""

from __future__ import annotations

from urllib.parse import urlsplit
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from ..core.images import is_remote_url

SAFE_SCHEMES = frozenset({"", "http", "https", "mailto", "ftp"})


#: what browsers strip from both ends of a URL: C0 controls and space (urlsplit strips
#: them itself only from Python 3.11.4 on)
_IGNORED_AT_ENDS = "".join(map(chr, range(0x21)))


def is_safe_url(url: str) -> bool:
    try:
        scheme = urlsplit(url.strip(_IGNORED_AT_ENDS)).scheme  # also drops the tabs and newlines browsers ignore
    except ValueError:
        return False
    return scheme.lower() in SAFE_SCHEMES


class _SafeLinks(Treeprocessor):
    def run(self, root: Element) -> None:
        for element in root.iter():
            value = element.get("href") if element.tag == "a" else element.get("src")
            if value is None:
                continue
            if not is_safe_url(value):
                text = element.get("alt") if element.tag == "img" else None
                element.tag = "span"
                element.attrib.clear()
                if text:
                    element.text = text
            elif element.tag == "img" and is_remote_url(value):
                text = element.get("alt") or value
                element.tag = "a"
                element.attrib.clear()
                element.set("href", value.strip())
                element.text = text


class SafeLinksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API
        # After inline links are built (and before MkDocs rewrites relative ones).
        md.treeprocessors.register(_SafeLinks(md), "reports_safe_links", 1)


def makeExtension(**kwargs) -> SafeLinksExtension:  # noqa: N802 - Markdown loads extensions by this name
    return SafeLinksExtension(**kwargs)
