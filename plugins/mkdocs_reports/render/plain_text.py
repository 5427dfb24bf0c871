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
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

#: Python-Markdown's inline patterns (versions register some of them), and what any of
#: them needs in a text to match
#: (the escape pattern: backslash; links and images: [ and !; autolinks, raw HTML: <;
#: entities: &; emphasis: * and _; code: backtick; a hard break: two spaces before a
#: newline; STX/ETX: placeholders of stashed text)
CORE_PATTERNS = frozenset(
    {
        "backtick", "escape", "reference", "link", "image_link", "image_reference",
        "short_reference", "short_image_ref", "autolink", "automail", "linebreak", "html",
        "entity", "not_strong", "em_strong", "em_strong2",
    }
)  # fmt: skip
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
#: (a character class alone: with the hard break as a second alternative, the regex engine
#: tries both at every character, over twice as slow as a search for the class and
#: a substring search for the break)
_SYNTAX_CHARACTER = re.compile(r"[`\\\[!<&*_\x02\x03]")
_HARD_BREAK = "  \n"
#: a paragraph that is only a stashed block of raw HTML (a page's HTML part, ``site.PART``):
#: Markdown puts the block in after serializing, and no inline pattern matches the marker
_STASHED_BLOCK = re.compile(r"\x02wzxhzdk:\d+\x03")


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
