"""A data file of the site (a system's record previews, the comparison's JSON) also as a
script that hands the same data over, for a site read from ``file://``: there a page may
not ``fetch`` a local file, but it may load a script. Written for a site whose links end in
``.html`` (``use_directory_urls: false``, as Material's ``offline`` plugin sets it), the
only sites that work from ``file://``; data.js loads the script instead of fetching the
JSON when the page is a local file.

The script files its data under its own address less ``.js`` (the JSON file's address,
``document.currentScript.src``), so that it and the page need agree on no other name; the
data is read with ``JSON.parse`` from a string, as the JSON file is, never as a literal."""

from __future__ import annotations

import json

SUFFIX = ".js"


def script_path(path: str) -> str:
    """Where the script of the data file at ``path`` is published: beside it (``alpha.json.js``)."""
    return path + SUFFIX


def as_script(json_text: str) -> str:
    """The script that hands ``json_text`` over to the page's scripts (``window.rptData``)."""
    return f"(window.rptData = window.rptData || {{}})[document.currentScript.src.slice(0, -{len(SUFFIX)})] = JSON.parse({json.dumps(json_text)});\n"
