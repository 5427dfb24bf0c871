"""The generated pages' converter (generated_markdown.py) leaves out, page by page, what
cannot act on the page: a page converted after others, by the one converter of a build,
comes out as a new converter makes it, contents included."""

from __future__ import annotations

import markdown
import pytest
from markdown.treeprocessors import InlineProcessor

from mkdocs_reports.core.check import check_collection
from mkdocs_reports.generated_markdown import GeneratedMarkdown
from mkdocs_reports.render import SiteRenderer, markdown_extensions
from mkdocs_reports.render.plain_text import PatternsByCharacter, PlainTextExtension
from sitehtml import REPO

EXTENSIONS = ["admonition", "attr_list", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]
CONFIGS = {"toc": {"permalink": True}}
#: pages with and without what each left-out step looks for, one after the other
PAGES = [
    "# Plain {#plain}\n\nWords only.\n",
    "# Fenced\n\n```python\nx = 1 < 2\n```\n\nAfter the fence.\n",
    "# Plain again\n\nIndented:\n\n    code, not a fence\n",
    "# Warned\n\n!!! warning \"Careful\"\n    Inside the admonition.\n\n    Still inside.\n\nOutside.\n",
    "# Not warned\n\nA paragraph.\n\n    indented code after a paragraph\n",
    "# Contents\n\n[TOC]\n\n## One\n\n## Two {#two}\n",
    "# No contents\n\n## Three\n\n~~~\ntilde fence\n~~~\n",
    "# Inline\n\n*em* _em_ **strong** `code` [link](x.md \"t\") ![i](i.png) <b>b</b> &amp; \\* hard  \nbreak\n",
    "# Tail\n\n1. one\n2. two with `code`\n\n    !!! note\n        in a list\n",
]


def _generated_pages() -> list[str]:
    texts = []
    for reports in (REPO / "tests" / "fixtures" / "sample", REPO / "tests" / "fixtures" / "hostile"):
        renderer = SiteRenderer(check_collection(reports).graph)
        texts += list(renderer.pages().values())
    return texts


def _extensions() -> list:
    return [*EXTENSIONS, *markdown_extensions(), PlainTextExtension()]


def test_a_page_comes_out_as_a_new_converter_makes_it():
    pages = PAGES + _generated_pages() + PAGES[::-1]
    converter = GeneratedMarkdown({"markdown_extensions": _extensions(), "mdx_configs": CONFIGS})
    for text in pages:
        md = converter._markdown(text)
        fresh = markdown.Markdown(extensions=_extensions(), extension_configs=CONFIGS)
        assert md.convert(text) == fresh.convert(text), text[:80]
        assert md.toc_tokens == fresh.toc_tokens, text[:80]
        if "[TOC]" in text:
            assert md.toc == fresh.toc


def test_the_converter_tries_patterns_by_character():
    converter = GeneratedMarkdown({"markdown_extensions": _extensions(), "mdx_configs": CONFIGS})
    md = converter._markdown("")
    assert type(md.treeprocessors["inline"]) is PatternsByCharacter


@pytest.mark.parametrize("text", PAGES)
def test_patterns_by_character_make_the_same_html(text):
    """Each inline syntax alone (the shortcut's own tests) and together."""
    fresh = markdown.Markdown(extensions=EXTENSIONS)
    by_character = markdown.Markdown(extensions=EXTENSIONS)
    assert type(by_character.treeprocessors["inline"]) is InlineProcessor
    by_character.treeprocessors.register(PatternsByCharacter(by_character), "inline", 20)
    assert by_character.convert(text) == fresh.convert(text)
