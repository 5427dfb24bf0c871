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

# An image's text runs to the first unescaped "]" of its line, whatever "![" it starts at; so
# each pattern consumes that text even when no image follows (the rest is optional, and a
# match without it is no image): the next search starts after it, not at the next "![" of
# the same text, which would read it again (quadratic in a line of "![![![…").
_ALT = r"!\[((?:[^\]\\\n]|\\.)*+)"
_INLINE = re.compile(_ALT + r"(?:\]\(\s*<?([^\s)>]+))?")
_REFERENCE = re.compile(_ALT + r"(?:(\])(?:\[([^\]\n]*)\])?)?")
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
        if match.group(2) is not None and is_remote_url(match.group(2)):
            yield match.start(2), match.group(2)
    for match in _REFERENCE.finditer(masked):
        if match.group(2) is None or masked.startswith("(", match.end()):
            continue  # no image, or an inline one (above)
        reference = (match.group(3) or match.group(1)).strip().lower()
        url = definitions.get(reference)
        if url is not None and is_remote_url(url):
            yield match.start(), url
