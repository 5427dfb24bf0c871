"""Images in report text: an image from another site is a tracking pixel, so it is refused.

Every reader's browser would fetch ``![x](https://elsewhere/x.png)`` from that site, telling
it who reads what. The check names each such image where it stands (inline, or by
reference to a ``[ref]: https://…`` definition); the pages turn any that get through into
links (``render/safe_links.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

from .citations import mask_code

_INLINE = re.compile(r"!\[(?:[^\]\\\n]|\\.)*\]\(\s*<?([^\s)>]+)")
_REFERENCE = re.compile(r"!\[((?:[^\]\\\n]|\\.)*)\](?:\[([^\]\n]*)\])?")
_DEFINITION = re.compile(r"^[ ]{0,3}\[([^\]\n]+)\]:[ \t]*<?([^\s>]+)", re.MULTILINE)


def is_remote_url(url: str) -> bool:
    """Whether ``url`` leaves the site: it has a scheme or starts with ``//`` (or ``\\\\``,
    which browsers read the same)."""
    stripped = "".join(url.split()).replace("\\", "/")
    try:
        parts = urlsplit(stripped)
    except ValueError:
        return True
    return bool(parts.scheme or parts.netloc or stripped.startswith("//"))


def remote_images(markdown: str) -> Iterator[tuple[int, str]]:
    """(offset, URL) of every image outside code whose URL is on another site."""
    if "![" not in markdown:
        return
    masked = mask_code(markdown)
    definitions = {m.group(1).strip().lower(): m.group(2) for m in _DEFINITION.finditer(masked)}
    for match in _INLINE.finditer(masked):
        if is_remote_url(match.group(1)):
            yield match.start(1), match.group(1)
    for match in _REFERENCE.finditer(masked):
        if masked.startswith("(", match.end()):
            continue  # an inline image, above
        reference = (match.group(2) or match.group(1)).strip().lower()
        url = definitions.get(reference)
        if url is not None and is_remote_url(url):
            yield match.start(), url
