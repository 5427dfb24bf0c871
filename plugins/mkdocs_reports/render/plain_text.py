"""A Markdown extension that lets Python-Markdown skip text in which no inline syntax can be.

Python-Markdown tries each of its sixteen inline patterns on every piece of text of a page
(paragraphs, table cells, list items, headings), which is about half of what a report
page costs. Most of those pieces are plain prose: no backtick, backslash, bracket, ``!``,
``<``, ``&``, ``*``, ``_`` or hard line break, so no pattern can match them. Marked as
atomic text before the inline patterns run, they are left as they are: the HTML is the
same, byte for byte.

That holds only for Python-Markdown's own patterns, so the shortcut is taken only when no
other is registered, and no tree processor that might treat atomic text otherwise: an
extension that adds either (emoji, footnotes, abbreviations…) turns it off.

The text that may hold syntax is still tried with each pattern in turn, most of which
cannot match it: a link needs ``[``, an entity ``&``. ``PatternsByCharacter`` (used by the
generated pages' converter, ``generated_markdown``) tries a pattern only on text that holds
what every match of it starts with or contains (``NEEDED``); for the others, Python-Markdown
would find no match and go on to the next pattern, as it does.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.inlinepatterns import Pattern
from markdown.treeprocessors import InlineProcessor, Treeprocessor
from markdown.util import AtomicString

#: tree processors that treat atomic text as any other: Python-Markdown's own, those of
#: the extensions the plugin's pages use, MkDocs' (ProperDocs' under names of its own) and
#: the plugin's (one that skips atomic text after the inline patterns, as "abbr" does,
#: would miss what this marks)
KNOWN_TREEPROCESSORS = frozenset(
    {
        "inline", "prettify", "unescape", "toc", "attr_list", "hilite", "indent-highlight",
        "mkdocs_extract_anchors", "mkdocs_extract_title", "properdocs_extract_anchors",
        "properdocs_extract_title", "relpath", "reports_safe_links", "reports_record_labels",
        "reports_inert_toc", "reports_toc_entries", "reports_plain_text",
    }
)  # fmt: skip
#: what any of Python-Markdown's inline patterns needs in a text to match (``NEEDED``, one
#: character of each), and STX/ETX, the placeholders of stashed text
#: (a character class alone: with the hard break as a second alternative, the regex engine
#: tries both at every character, over twice as slow as a search for the class and
#: a substring search for the break)
_SYNTAX_CHARACTER = re.compile(r"[`\\\[!<&*_\x02\x03]")
_HARD_BREAK = "  \n"
#: a paragraph that is only a stashed block of raw HTML (a page's HTML part, ``site.PART``):
#: Markdown puts the block in after serializing, and no inline pattern matches the marker
_STASHED_BLOCK = re.compile(r"\x02wzxhzdk:\d+\x03")


#: what text must hold for each of Python-Markdown's patterns to match in it (any of them),
#: from the patterns' regular expressions (``markdown.inlinepatterns``): code a backtick,
#: an escape a backslash, links and references ``[``, images ``![``, autolinks and raw
#: HTML ``<``, entities ``&``, a hard break two spaces before a newline, emphasis ``*`` or
#: ``_`` (one pattern for both from Markdown 3.11 on; its delimiters are added to these)
NEEDED = {
    "backtick": ("`",), "escape": ("\\",), "reference": ("[",), "link": ("[",),
    "short_reference": ("[",), "image_link": ("![",), "image_reference": ("![",),
    "short_image_ref": ("![",), "autolink": ("<",), "automail": ("<",), "html": ("<",),
    "entity": ("&",), "linebreak": (_HARD_BREAK,), "not_strong": ("*", "_"),
    "em_strong": ("*", "_"), "em_strong2": ("*", "_"),
}  # fmt: skip
#: Python-Markdown's inline patterns (versions register some of them): those whose needs
#: the shortcuts here know
CORE_PATTERNS = frozenset(NEEDED)


class PatternsByCharacter(InlineProcessor):
    """Python-Markdown's inline processor, trying a pattern only on text that holds what
    the pattern needs (``NEEDED``). Where it does not, the pattern finds no match in the text
    and Python-Markdown tries the next one, as this does: the HTML is the same. For
    converters whose every pattern is one of Python-Markdown's (``shortcut_applies``), and
    only while the processor tries each pattern in one private method (``available``)."""

    def __init__(self, md: Markdown) -> None:
        super().__init__(md)
        self._needed: dict[int, tuple[str, ...]] = {}
        for item in md.inlinePatterns._priority:
            pattern = md.inlinePatterns[item.name]
            self._needed[id(pattern)] = NEEDED[item.name] + tuple(getattr(pattern, "tokens", ()))

    @staticmethod
    def available() -> bool:
        return callable(getattr(InlineProcessor, "_InlineProcessor__applyPattern", None))

    def _InlineProcessor__applyPattern(self, pattern: Pattern, data: str, patternIndex: int, startIndex: int = 0):  # noqa: N802, N803 - the method it stands for
        if not any(needle in data for needle in self._needed[id(pattern)]):
            return data, False, 0  # what it returns where the pattern does not match
        return InlineProcessor._InlineProcessor__applyPattern(self, pattern, data, patternIndex, startIndex)


def _may_hold_syntax(text: str) -> bool:
    return _HARD_BREAK in text or _SYNTAX_CHARACTER.search(text) is not None


def shortcut_applies(md: Markdown) -> bool:
    """Whether ``md`` has only inline patterns and tree processors the shortcut knows."""
    inline = {item.name for item in md.inlinePatterns._priority}
    tree = {item.name for item in md.treeprocessors._priority}
    return inline <= CORE_PATTERNS and tree <= KNOWN_TREEPROCESSORS


class _PlainText(Treeprocessor):
    def run(self, root: Element) -> None:
        if not shortcut_applies(self.md):
            return
        for element in root.iter():
            text, tail = element.text, element.tail
            if text and not isinstance(text, AtomicString) and (not _may_hold_syntax(text) or _STASHED_BLOCK.fullmatch(text)):
                element.text = AtomicString(text)
            if tail and not isinstance(tail, AtomicString) and not _may_hold_syntax(tail):
                element.tail = AtomicString(tail)


class PlainTextExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(_PlainText(md), "reports_plain_text", 25)  # before "inline" (20)
