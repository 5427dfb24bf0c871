"""Every page says where the site's root and the record previews are, relative to itself,
in one attribute on ``<html>`` (``data-rpt-site``, a JSON object: ``root``, ``previews``),
so that the plugin's scripts find them from the page, not from their own file name or a
path written again in JavaScript: a minifier may rename the scripts
(mkdocs-minify-plugin's ``js_files``), and a site may be served at any depth or read from
``file://``. reports.js reads it once, as it starts; Material's instant navigation keeps
the first page's ``<html>``, which is why the script resolves it to whole URLs at once."""

from __future__ import annotations

import html as html_text
import json
import re

from ..pages.previews import PREVIEW_DIR

_HTML = re.compile(r"<html\b", re.IGNORECASE)


def with_site_root(html: str, root: str) -> str:
    """The page's HTML with where the site's root (``root``, ending in ``/``) and the
    previews are on its ``<html>`` (the page unchanged without one)."""
    where = html_text.escape(json.dumps({"root": root, "previews": f"{root}{PREVIEW_DIR}/"}, separators=(",", ":")))
    return _HTML.sub(lambda _: f'<html data-rpt-site="{where}"', html, count=1)
