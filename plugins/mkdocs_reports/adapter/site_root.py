"""Every page says where the site's root, the record previews, the record IDs' lookup files
and the record index are, relative to itself, in one attribute on ``<html>``
(``data-rpt-site``, a JSON object: ``root``, ``previews``, ``ids``, ``records``),
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
from ..pages.record_lookup import ID_DIR

_HTML = re.compile(r"<html\b", re.IGNORECASE)


def with_site_root(html: str, root: str, records: str) -> str:
    """The page's HTML with where the site's root (``root``, ending in ``/``), the
    previews, the ID lookup files and the record index (``records``, its URL from the
    root) are on its ``<html>`` (the page unchanged without one)."""
    where = {"root": root, "previews": f"{root}{PREVIEW_DIR}/", "ids": f"{root}{ID_DIR}/", "records": f"{root}{records}"}
    said = html_text.escape(json.dumps(where, separators=(",", ":")))
    return _HTML.sub(lambda _: f'<html data-rpt-site="{said}"', html, count=1)
