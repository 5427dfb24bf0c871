"""Markdown that nests deeper than a report needs is refused by ``check``, with its line.

Python-Markdown reads each level of a list, block quote or admonition by a recursive call
(and writes the page's HTML so): 500 list markers on one line, 1,000 characters, overflowed
Python's stack in ``mkdocs build`` while ``check`` found nothing. Each variant of that
family is refused at check time, in whatever Markdown field it stands.
"""

from __future__ import annotations

import json

import pytest

from conftest import Collection, only
from mkdocs_reports.core.prose.nesting import MAX_NESTING

TOO_DEEP = MAX_NESTING + 1
#: nesting past the limit, each way Python-Markdown nests (the number is the deepest level)
DEEP = {
    "list markers": ("- " * 500 + "x", 500),
    "star markers": ("* " * TOO_DEEP + "x", TOO_DEEP),
    "plus markers": ("+ " * TOO_DEEP + "x", TOO_DEEP),
    "numbered markers": ("1. " * TOO_DEEP + "x", TOO_DEEP),
    "numbered with parentheses": ("1) " * TOO_DEEP + "x", TOO_DEEP),
    "block quotes": ("> " * TOO_DEEP + "x", TOO_DEEP),
    "block quotes without spaces": (">" * TOO_DEEP + " x", TOO_DEEP),
    "quotes and lists mixed": ("- > 1. " * 6 + "x", 18),
    "indented list under list markers": ("- " * 9 + "x\n\n" + "    " * 9 + "- " * 9 + "y", 18),
    "indented code in lists": ("Text.\n\n" + "- " * 8 + "x\n\n" + "    " * 8 + "- " * 9 + "y\n\n" + "    " * 20 + "code", 17),
    "admonitions": ("".join("    " * n + "!!! note\n" for n in range(TOO_DEEP)) + "    " * TOO_DEEP + "x", TOO_DEEP),
    "collapsible notes": ("".join("    " * n + "???+ note\n" for n in range(TOO_DEEP)) + "    " * TOO_DEEP + "x", TOO_DEEP),
    "tabs for indentation": ("- x\n" + "\t" * MAX_NESTING + "- y", TOO_DEEP),
}


def _nesting_error(message: str, depth: int) -> None:
    assert f"nests lists, block quotes or notes {depth} levels deep" in message, message
    assert f"at most {MAX_NESTING}" in message and " — " in message, message


@pytest.mark.parametrize("kind", DEEP)
def test_markdown_nesting_deeper_than_the_limit_is_refused_at_check_time(reports: Collection, kind: str) -> None:
    text, depth = DEEP[kind]
    reports.report("alpha", f"write_side: {json.dumps(text)}\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:6:"), message
    _nesting_error(message, depth)


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("core_ideas: |\n  Ideas.\n\n  {deep}\n", 9),
        ("core_ideas:\n  - bulleted:\n      - first\n      - {quoted}\n", 9),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    body:\n      - fields:\n          Lineage: {quoted}\n", 11),
        ("core_ideas:\n  - table:\n      columns: [a, b]\n      rows:\n        - [x, {quoted}]\n", 10),
        ("description: {quoted}\n", 6),
    ],
    ids=["block scalar", "list item", "labelled field", "table cell", "description"],
)
def test_markdown_nesting_is_refused_in_every_markdown_field_at_its_line(reports: Collection, body: str, line: int) -> None:
    deep = "- " * 40 + "x"
    reports.report("alpha", body.format(deep=deep, quoted=json.dumps(deep)))
    # (a refused cell is left out, so its row is also one cell short)
    message = only([m for m in reports.messages() if "nests" in m])
    assert message.startswith(f"reports/alpha/memory.yaml:{line}:"), message
    _nesting_error(message, 40)


def test_markdown_nesting_in_a_set_file_is_refused(reports: Collection) -> None:
    reports.report("alpha")
    reports.write("alpha/_set.yaml", "sources:\n  - id: SRC-1\n    kind: git\n    identity: https://github.com/example/alpha\n"
                                     "    revision: 0123456789abcdef0123456789abcdef01234567\n"
                                     f"    access_gaps: {json.dumps('> ' * 30 + 'x')}\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/_set.yaml:6:"), message
    _nesting_error(message, 30)


def test_markdown_nesting_within_the_limit_and_look_alikes_are_accepted(reports: Collection) -> None:
    fence = "```yaml\n" + "- " * 40 + "x\n" + " " * 200 + "> deep in code\n```"
    accepted = [
        "- " * MAX_NESTING + "x",  # at the limit
        "> " * (MAX_NESTING // 2) + "- " * (MAX_NESTING // 2) + "x",
        "- " * 60 + "-",  # a thematic break, not a list
        "* " * 60,
        "Text.\n\n" + " " * 400 + "indented code, however deep",
        fence,
        "a - b - c " * 50,  # markers in the middle of a line
    ]
    reports.report("alpha", "".join(f"      - {json.dumps(text)}\n" for text in accepted).join(["core_ideas:\n  - bulleted:\n", ""]))
    assert reports.messages() == []
