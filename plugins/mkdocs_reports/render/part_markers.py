"""Python-Markdown's raw-HTML step (``html_block``) for a page whose only HTML is its part
markers, done without an HTML parser.

The ``html_block`` preprocessor feeds every page through an HTML parser, and a generated page
holds a part marker (``site.PART``, an HTML comment on a line of its own) for every table,
div and backlink list: parsing them is about a tenth of converting the pages. Where a page's
only ``<`` start part markers, each on a line of its own, and its only ``&`` start decimal
character references (``&#47;``, as in a source link's title), the parser's result is known
without running it, from what ``markdown.htmlparser.HTMLExtractor`` does with such text:

- Text between markers, character references included, is data that it copies as it is: no
  tag ever opens, so it is never inside raw HTML (``inraw``) nor an inline tag, and a
  character reference it writes back as ``&#N;``.
- A marker is a comment at the start of a line, outside any inline tag: a block of its own.
  If the text before it ends with one newline, it adds a second (a blank line before the
  block); it stashes the comment (``htmlStash.store``), with a newline when a blank line
  follows it, and adds a blank line after the placeholder. Its line ends at the marker, so
  the text after it starts with a newline, which ends the block's "tail" (``intail``) before
  any character reference could be taken into it.

``MarkersOnlyHtmlBlock.run`` does this for such a page and leaves any other page to the
parser. It stands in for Python-Markdown's own preprocessor only (``applies``): another
one (md_in_html's) runs as it is. ``tests/test_part_markers.py`` compares both on pages
made at random from markers, references, text and blank lines, so a Markdown release that
reads them otherwise fails there.
"""

from __future__ import annotations

import re

from markdown import Markdown
from markdown.preprocessors import HtmlBlockPreprocessor

#: a part marker (``site.PART``), which ``run`` takes only alone on its line
_MARKER = re.compile(r"<!-- reports-part \d+ -->")
#: a decimal character reference
_REFERENCE = re.compile(r"&#[0-9]+;")
#: what ``HTMLExtractor`` takes for a blank line after a block
_BLANK_LINE_AFTER = re.compile(r"([ ]*\n){2}")


class MarkersOnlyHtmlBlock(HtmlBlockPreprocessor):
    """Python-Markdown's ``html_block``, with pages that hold no HTML but part markers and
    character references done without its parser (see the module docstring)."""

    @staticmethod
    def applies(md: Markdown) -> bool:
        """Whether ``md``'s ``html_block`` is Python-Markdown's own, which this stands for."""
        return "html_block" in md.preprocessors and type(md.preprocessors["html_block"]) is HtmlBlockPreprocessor

    def run(self, lines: list[str]) -> list[str]:
        source = "\n".join(lines)
        markers = _markers(source)
        if markers is None:
            return super().run(lines)
        cleandoc: list[str] = []
        last = 0
        for start, end in markers:
            if start > last:
                cleandoc.append(source[last:start])
            comment = source[start:end]
            if _BLANK_LINE_AFTER.match(source, end):
                comment += "\n"
            item = cleandoc[-1] if cleandoc else ""
            if item.endswith("\n") and not item.endswith("\n\n"):
                cleandoc.append("\n")
            cleandoc += (self.md.htmlStash.store(comment), "\n\n")
            last = end
        cleandoc.append(source[last:])
        return "".join(cleandoc).split("\n")


def _markers(source: str) -> list[tuple[int, int]] | None:
    """The spans of the part markers of ``source``, if every ``<`` in it starts a marker
    alone on its line and every ``&`` a decimal character reference; else None. (A marker
    holds one ``<`` and a reference one ``&``: as many markers as ``<``, and references as
    ``&``, means that each starts one. Each is searched for by the literal it starts with.)"""
    if source.count("&") != len(_REFERENCE.findall(source)):
        return None
    markers = [found.span() for found in _MARKER.finditer(source)]
    if source.count("<") != len(markers):
        return None
    end = len(source)
    for start, stop in markers:
        if (start and source[start - 1] != "\n") or (stop < end and source[stop] != "\n"):
            return None
    return markers
