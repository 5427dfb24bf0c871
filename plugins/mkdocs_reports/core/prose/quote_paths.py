"""A quote's ``path``: a file of the frozen source, named relative to the source's root.

The path becomes a link into the forge at the reviewed commit and a line of the text
export, so it must name a file inside the source: no absolute path, no ``..``, no
leading or trailing space (``" ../x"`` looks relative but is not what it seems), no line
break or tab, and ``/`` between folders.
"""

from __future__ import annotations

import re

#: the same rule as ``source_path_problem``, for the JSON Schema (ECMAScript syntax too)
SOURCE_PATH_RE = re.compile(
    r"^(?![ ])(?!.*[ ]$)(?![A-Za-z]:)(?!(?:.*/)?\.\.?(?:/|$))[^/\\\t\n\r]+(?:/[^/\\\t\n\r]+)*$"
)


def source_path_problem(path: str) -> str | None:
    """What is wrong with ``path`` as a source path, or ``None``."""
    if "\n" in path or "\r" in path or "\t" in path:
        return "it holds a line break or a tab"
    if path != path.strip(" "):
        return "it starts or ends with a space"
    if path.startswith("/") or re.match(r"^[A-Za-z]:", path):
        return "it is absolute"
    if "\\" in path:
        return "it separates folders with '\\'"
    parts = path.split("/")
    if ".." in parts or "." in parts:
        return "it steps out of (or around) the source root with '..' or '.'"
    if "" in parts:
        return "it has an empty folder name ('//' or a '/' at an end)"
    return None
