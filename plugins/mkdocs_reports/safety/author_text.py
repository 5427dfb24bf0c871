"""The first layer: author text that Markdown reads, with nothing in it Markdown could
turn into markup.

Escaping ``<`` as ``&lt;`` outside code and leaving it inside depends on telling code from
prose exactly as the Markdown converter does; wherever the two disagree, a raw tag gets
through. Instead, every ``<``, ``&``, ``{`` (attribute lists) and, in a table cell, ``|`` of
author text — in code or not — is replaced before Markdown by a control character that no
report can hold (the loader refuses them) and that Python-Markdown, its extensions and
Pygments pass through as plain text (``carry``). After Markdown, ``restore`` turns each
into its character reference: the reader sees the character, in code or prose alike, and
no parser on the way ever saw a tag, an entity or an attribute list that the author wrote.

Link syntax that would run script or load from elsewhere is broken before Markdown, so
that it shows as written (``unsafe_targets``); fence info strings are cut to a language
name (``plain_fences``: ``{.py onclick=…}`` would set attributes). The sanitizer is the
second layer, behind all of this.
"""

from __future__ import annotations

import re

from ..core.prose.citations import FENCE_LINE
from .urls import is_safe_url

LT, AMP, BRACE, PIPE = "\x0e", "\x0f", "\x10", "\x11"

#: author characters → placeholders, for prose and for one-line text in a table cell
PROSE = str.maketrans({"<": LT, "&": AMP, "{": BRACE})
CELL = str.maketrans({"<": LT, "&": AMP, "{": BRACE, "|": PIPE})

#: placeholder → what it becomes in HTML (``str.replace`` per character: ``str.translate``
#: looks up every character of a text in a dict)
_RESTORE = ((LT, "&lt;"), (AMP, "&amp;"), (BRACE, "&#123;"), (PIPE, "&#124;"))


def carries(text: str, carried: dict[int, str]) -> bool:
    """Whether ``text`` holds a character that ``carried`` (``PROSE`` or ``CELL``) carries
    (most author text holds none; a few ``in`` scans cost less than a translate)."""
    for code in carried:
        if chr(code) in text:
            return True
    return False


def restore(html: str) -> str:
    """HTML after Markdown, with every placeholder made the character reference it stands for."""
    for placeholder, reference in _RESTORE:
        if placeholder in html:
            html = html.replace(placeholder, reference)
    return html


#: where Markdown would take a URL from author text: an inline link or image ``](url``, a
#: reference definition ``]: url``; and where an image starts (``![``)
_DESTINATION = re.compile(r"\](?:\(|:)\s*(?P<url>[^\s)]*)")
_IMAGE = re.compile(r"!(?=\[)")


def unsafe_targets(masked: str) -> list[tuple[int, int, str]]:
    """Link syntax in author text (``masked``: its code blanked) that would run script or
    load from elsewhere, as replacements (start, end, text) that break it so that it shows
    as written: the ``]`` before a URL with a scheme outside the safe ones, and the ``!``
    of every image (an author's image would load from another origin)."""
    if "]" not in masked and "!" not in masked:  # both patterns start with one of these
        return []
    found = [(m.start(), m.start() + 1, "&#93;") for m in _DESTINATION.finditer(masked) if not is_safe_url(m["url"])]
    found += [(m.start(), m.end(), "&#33;") for m in _IMAGE.finditer(masked)]
    return found


_LANGUAGE = re.compile(r"[\w+#.-]*")


def _plain_fence(match: re.Match[str]) -> str:
    indent, fence, info = match.groups()
    if fence[0] == "`" and "`" in info:
        return match.group()  # not a fence but inline code at the start of a line
    language = _LANGUAGE.match(info.strip())
    return indent + fence + (language.group() if language else "")


def plain_fences(text: str) -> str:
    """Fence info strings reduced to a language: ``{.py onclick=…}`` would set attributes."""
    if "```" not in text and "~~~" not in text:
        return text
    return FENCE_LINE.sub(_plain_fence, text)  # any indent, as the core's code finder
