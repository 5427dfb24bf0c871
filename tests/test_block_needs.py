"""A block processor tests a block only if the block holds what it needs (render/block_needs.py):
wherever the check says no, the processor's own test says no, or its run hands the block back
untouched."""

from __future__ import annotations

import random
from xml.etree.ElementTree import Element, tostring

import markdown
import pytest

from mkdocs_reports.generated_markdown import GeneratedMarkdown
from mkdocs_reports.render import markdown_extensions
from mkdocs_reports.render.block_needs import NEEDED, check_needs_first
from mkdocs_reports.render.plain_text import PlainTextExtension

EXTENSIONS = ["tables", "pymdownx.superfences"]
#: what the processors' patterns look for, and text around it
PIECES = ["#", "##", "\n", "\n", "=", "==", "-", "---", "- - -", "***", "_", "___", "  ", ">", "|", "| a |", "[x]:", "]:", " ", "    ", "[", "a", "word ", ":", "`", "\\"]


def _block(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))


def _processors() -> list:
    md = markdown.Markdown(extensions=EXTENSIONS)
    found = [md.parser.blockprocessors[entry.name] for entry in md.parser.blockprocessors._priority]
    return [processor for processor in found if type(processor) in NEEDED]


def test_every_processor_it_knows_is_found():
    assert {type(processor) for processor in _processors()} == set(NEEDED)


@pytest.mark.parametrize("seed", range(10))
def test_a_block_without_what_a_processor_needs_is_not_its_own(seed):
    rng = random.Random(seed)
    processors = _processors()
    for _ in range(2000):
        block = _block(rng)
        for processor in processors:
            if NEEDED[type(processor)](block, processor):
                continue
            parent = Element("div")
            if processor.test(parent, block):
                blocks = [block]
                assert processor.run(parent, blocks) is False, (type(processor).__name__, block)
                assert blocks == [block] and tostring(parent) == b"<div />", (type(processor).__name__, block)


def test_the_generated_pages_converter_checks_needs_first():
    extensions = ["tables", "toc", "pymdownx.superfences", *markdown_extensions(), PlainTextExtension()]
    md = GeneratedMarkdown({"markdown_extensions": extensions, "mdx_configs": {}})._markdown("")
    checked = [entry.name for entry in md.parser.blockprocessors._priority if "test" in vars(md.parser.blockprocessors[entry.name])]
    assert sorted(checked) == ["code", "hashheader", "hr", "quote", "reference", "setextheader", "table"]


def test_the_same_html_with_and_without_the_checks():
    text = "# Head\n\nSetext\n---\n\n* * *\n\nwords\n___\n\n> quote\n\n[r]: /x\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n    code\n\nwords # not a header |\n"
    checked = markdown.Markdown(extensions=EXTENSIONS)
    check_needs_first(checked)
    assert checked.convert(text) == markdown.Markdown(extensions=EXTENSIONS).convert(text)
