"""Every page says where the site's root is, relative to itself (``data-rpt-root`` on
``<html>``), so that the plugin's scripts find the record previews from the page, not from
their own file name: a minifier may rename them (mkdocs-minify-plugin's ``js_files``), and
a site may be served at any depth or read from ``file://``. reports.js reads it once, as
it starts; Material's instant navigation keeps the first page's ``<html>``, which is why
the script resolves it to a whole URL at once."""

from __future__ import annotations

import html as html_text
import re

_HTML = re.compile(r"<html\b", re.IGNORECASE)


def with_site_root(html: str, root: str) -> str:
    """The page's HTML with the site's root (``root``, ending in ``/``) on its ``<html>``
    (the page unchanged without one)."""
    return _HTML.sub(lambda _: f'<html data-rpt-root="{html_text.escape(root)}"', html, count=1)
