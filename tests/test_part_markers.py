"""A page whose only HTML is its part markers and character references is not fed through
Python-Markdown's HTML parser (render/part_markers.py): the lines and the stash must come
out as the parser makes them, for every way the pages may place markers."""

from __future__ import annotations

import random

import markdown
import pytest
from markdown.preprocessors import HtmlBlockPreprocessor

from mkdocs_reports.generated_markdown import GeneratedMarkdown
from mkdocs_reports.render import markdown_extensions
from mkdocs_reports.render.part_markers import MarkersOnlyHtmlBlock, _markers
from mkdocs_reports.render.plain_text import PlainTextExtension

#: lines a page is made of: markers, references, prose, list items, indented and blank lines
LINES = [
    "<!-- reports-part {n} -->",
    "",
    "",
    "   ",
    "Prose with [a link](index.md#src-1 \"\x12https&#58;&#47;&#47;example&#46;org\") in it.",
    "&#47;&#58; at the start, and at the end &#46;",
    "- a list item",
    "    indented under it",
    "1. an ordered item",
    "| a | table |",
    "## A heading {#a-heading}",
    "\x1412\x15 an inline token",
    "plain words",
]


def _page(rng: random.Random) -> str:
    lines = []
    for n in range(rng.randint(0, 30)):
        lines.append(rng.choice(LINES).replace("{n}", str(n)))
    return "\n".join(lines) + rng.choice(["", "\n", "\n\n"])


def _both(text: str) -> tuple[tuple[list[str], list], tuple[list[str], list]]:
    outcomes = []
    for kind in (HtmlBlockPreprocessor, MarkersOnlyHtmlBlock):
        md = markdown.Markdown()
        lines = kind(md).run(text.split("\n"))
        outcomes.append((lines, list(md.htmlStash.rawHtmlBlocks)))
    return outcomes[0], outcomes[1]


@pytest.mark.parametrize("seed", range(40))
def test_markers_and_references_come_out_as_the_parser_leaves_them(seed):
    rng = random.Random(seed)
    for _ in range(50):
        text = _page(rng)
        assert _markers(text) is not None, text
        parsed, shortcut = _both(text)
        assert shortcut == parsed, text


@pytest.mark.parametrize(
    "text",
    [
        "text <!-- reports-part 1 --> in a line",  # not alone on its line
        "<!-- reports-part 1 --> and more",
        "    <!-- reports-part 1 -->",
        "<span id=\"x\"></span>\n\n<!-- reports-part 1 -->",
        "<!-- reports-part 1 -->\n&amp;",
        "a & b\n\n<!-- reports-part 2 -->",
        "&#x2F; a hexadecimal reference",
        "&#47 without its semicolon",
        "<!-- another comment -->",
    ],
)
def test_any_other_html_goes_to_the_parser(text):
    assert _markers(text) is None
    parsed, shortcut = _both(text)
    assert shortcut == parsed


def test_the_generated_pages_converter_uses_it_in_place_of_python_markdowns_own():
    extensions = ["attr_list", "tables", "toc", *markdown_extensions(), PlainTextExtension()]
    md = GeneratedMarkdown({"markdown_extensions": extensions, "mdx_configs": {}})._markdown("")
    assert type(md.preprocessors["html_block"]) is MarkersOnlyHtmlBlock
    assert [item.name for item in md.preprocessors._priority] == [
        item.name for item in markdown.Markdown(extensions=extensions).preprocessors._priority
    ]


def test_it_stands_in_for_python_markdowns_own_only():
    assert MarkersOnlyHtmlBlock.applies(markdown.Markdown())
    assert not MarkersOnlyHtmlBlock.applies(markdown.Markdown(extensions=["md_in_html"]))
