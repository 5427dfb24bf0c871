"""The plain-text shortcut (render/plain_text.py) changes how fast pages are made, never
what they are."""

from __future__ import annotations

import markdown
import pytest

from mkdocs_reports.core.check import check_collection
from mkdocs_reports.render import SafeLinksExtension, SiteRenderer, markdown_extensions
from mkdocs_reports.render.plain_text import PlainTextExtension, shortcut_applies
from sitehtml import REPO

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]
TRICKY = """\
# Title {#title}

Plain words, then *emphasis*, __strong__, `code`, a [link](x.md "t"), ![image](i.png),
<https://example.org>, <b>html</b>, &amp; an entity, a \\*escaped\\* star and a hard  
break. Snake_case_words and 2 * 3 * 4.

| plain cell | `code` cell |
|---|---|
| words only | a_b |

- an item
- an *item*

    indented code with *stars*
"""
#: one kind of inline syntax per paragraph: each must keep the shortcut away on its own
ONE_EACH = [
    "only *stars* here", "only _unders_ here", "only `ticks` here", "only [a](b.md) here",
    "only ![a](b.png) here", "only <b>a tag</b> here", "only &copy; here", "only \\# escaped",
    "a hard  \nbreak", "only <https://example.org> here",
]


def _pages() -> list[str]:
    texts = [TRICKY, *ONE_EACH, *(path.read_text(encoding="utf-8") for path in sorted((REPO / "docs").glob("*.md")))]
    for reports in (REPO / "reports", REPO / "tests" / "fixtures" / "hostile"):
        renderer = SiteRenderer(check_collection(reports).graph)
        texts += [renderer.inline_parts(uri, text) for uri, text in renderer.pages().items()]
    return texts


def _html(text: str, *extra) -> str:
    return markdown.Markdown(extensions=[*EXTENSIONS, SafeLinksExtension(), *extra]).convert(text)


@pytest.mark.parametrize("text", _pages(), ids=lambda text: text.split("\n", 3)[-1][:40] if text else "")
def test_pages_are_the_same_with_the_shortcut(text):
    assert _html(text, PlainTextExtension()) == _html(text)


def test_the_shortcut_stands_aside_when_an_extension_adds_inline_syntax():
    text = "A plain sentence about HTML.\n\n*[HTML]: Hyper Text Markup Language\n"
    with_abbreviations = _html(text, "abbr", PlainTextExtension())
    assert "<abbr" in with_abbreviations and with_abbreviations == _html(text, "abbr")


def test_the_shortcut_is_taken_with_every_extension_the_plugin_adds():
    """An extension of the package's own that the shortcut does not know turns it off."""
    md = markdown.Markdown(extensions=[*EXTENSIONS, *markdown_extensions(), PlainTextExtension()])
    assert shortcut_applies(md)
