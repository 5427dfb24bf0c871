"""What a block of Markdown must hold for some of Python-Markdown's block processors to act
on it, checked before their own test.

For every block of a page the block parser asks each processor in turn whether the block is
its own, and most blocks of a generated page are plain paragraphs, which every processor but
the last turns down. Some of them search the whole block with a regular expression that
tries every position (a hash header anywhere after a newline, a quote's ``>``), or split it
into lines (a table). Each of those needs a string that a search in C finds at once
(``NEEDED``, from the processors' own patterns); where a block does not hold it, the
processor's test would be false, or its run would hand the block back untouched (returning
False, as the reference processor and superfences' indented code do), so the parser goes on
to the next processor just as it does here.

``check_needs_first`` puts the check in front of the test of each processor whose class is
one of ``NEEDED``'s (the library's own; a subclass may test otherwise, and keeps its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markdown import Markdown
from markdown.blockprocessors import (
    BlockProcessor,
    BlockQuoteProcessor,
    HashHeaderProcessor,
    HRProcessor,
    ReferenceProcessor,
    SetextHeaderProcessor,
)
from markdown.extensions.tables import TableProcessor
from pymdownx.superfences import SuperFencesCodeBlockProcessor


def _hash_header(block: str, processor: BlockProcessor) -> bool:
    """``#`` at the start of a line (``HashHeaderProcessor.RE``: ``(?:^|\\n)#{1,6}``)."""
    return block.startswith("#") or "\n#" in block


def _setext_header(block: str, processor: BlockProcessor) -> bool:
    """A second line that starts with ``=`` or ``-`` (``SetextHeaderProcessor.RE``, matched
    at the block's start: ``^.*?\\n(?:=+|-+)``, where ``.`` takes no newline)."""
    newline = block.find("\n")
    return newline != -1 and block.startswith(("=", "-"), newline + 1)


#: the start of a line that may be a rule: up to three spaces and ``-``, ``_`` or ``*``
#: (``HRProcessor.RE``); after a newline, searched for by the newline it starts with
_RULE_AT_START = re.compile(r"[ ]{0,3}[-_*]")
_RULE_AFTER_NEWLINE = re.compile(r"\n[ ]{0,3}[-_*]")


def _rule(block: str, processor: BlockProcessor) -> bool:
    """A line that starts as a rule does (``HRProcessor.SEARCH_RE``, which tries every
    line: ``^[ ]{0,3}`` and three or more of one of ``-``, ``_``, ``*``)."""
    return _RULE_AT_START.match(block) is not None or _RULE_AFTER_NEWLINE.search(block) is not None


def _quote(block: str, processor: BlockProcessor) -> bool:
    """A ``>`` (``BlockQuoteProcessor.RE``)."""
    return ">" in block


def _reference(block: str, processor: BlockProcessor) -> bool:
    """``]:`` (``ReferenceProcessor.RE``: ``\\[…\\]:``); without a match its run puts the
    block back and returns False."""
    return "]:" in block


def _table(block: str, processor: BlockProcessor) -> bool:
    """A second line and a ``|``: ``TableProcessor.test`` needs two rows, and a header row
    of more than one cell (split at ``|``) or of one between pipes."""
    return "\n" in block and "|" in block


def _indented_code(block: str, processor: BlockProcessor) -> bool:
    """A block indented by a tab's width: superfences' run takes only what
    ``CodeBlockProcessor.test`` takes (and nothing when indented code is turned off)."""
    return block.startswith(" " * processor.tab_length)


#: processor class → whether a block holds what the processor needs to act on it
NEEDED: dict[type, Callable[[str, BlockProcessor], bool]] = {
    HashHeaderProcessor: _hash_header,
    SetextHeaderProcessor: _setext_header,
    HRProcessor: _rule,
    BlockQuoteProcessor: _quote,
    ReferenceProcessor: _reference,
    TableProcessor: _table,
    SuperFencesCodeBlockProcessor: _indented_code,
}


def check_needs_first(md: Markdown) -> None:
    """Each block processor of ``md`` that ``NEEDED`` knows tests a block only if the block
    holds what it needs (its ``test``, an attribute of the processor, now checks that first)."""
    for entry in md.parser.blockprocessors._priority:
        processor = md.parser.blockprocessors[entry.name]
        needs = NEEDED.get(type(processor))
        if needs is not None and "test" not in vars(processor):
            processor.test = _needs_first(needs, processor)


def _needs_first(needs: Callable[[str, BlockProcessor], bool], processor: BlockProcessor):
    test = processor.test

    def test_if_needed(parent, block: str) -> bool:
        return needs(block, processor) and test(parent, block)

    return test_if_needed
