"""Which URLs author text may carry: no script, nothing loaded from another site.

A link whose URL has a scheme outside ``SAFE_SCHEMES`` (``javascript:``, ``data:``…) is
broken before Markdown reads it, so it shows as written (``author_text.unsafe_targets``),
and the sanitizer drops any such ``href`` that still got through (``sanitize``). Images
(``![x](…)``) are broken the same way: an image from another site would be fetched by
every reader's browser.
"""

from __future__ import annotations

from urllib.parse import urlsplit

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
