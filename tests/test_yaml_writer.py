"""The house-style YAML writer: whatever the text, it reads back as the same text, with
YAML's typing off (this project's reader) and on (an editor's); and the writer's output
passes the checker's own reading of report files."""

from __future__ import annotations

import random

import pytest
import yaml

from mkdocs_reports.core.diagnostics import Diagnostics
from mkdocs_reports.core.yamlio.reader import _TextLoader as TextLoader
from mkdocs_reports.core.yamlio.reader import read_yaml
from mkdocs_reports.core.yamlio.writer import Sourced, dump, plain_safe

ALPHABET = list("ab :#-'\"\\\n\t|>{}[],&*!%@`?") + ["\u2028", "\x85", "é", "\x07", " ", "\n\n", "yes", "1.5", "~", "on", "---", "..."]


def random_text(rng: random.Random, longest: int = 14) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, longest)))


def test_any_text_reads_back_as_itself():
    rng = random.Random(4)
    for _ in range(800):
        value, key = random_text(rng), random_text(rng).replace("\n", "") or "k"
        data = {"a": value, "list": [value, {"k": value, key: [value]}], "map": {key: value}, "long": value * 12}
        written = dump(data, "https://example.org/s.json").text
        assert yaml.load(written, Loader=yaml.BaseLoader) == data, written
        assert yaml.load(written, Loader=TextLoader) == data, written  # libyaml, as the checker reads
        typed = yaml.load(written, Loader=yaml.CSafeLoader)
        assert typed["a"] == value and typed["long"] == value * 12, written  # an editor sees text too


def test_the_house_style():
    data = {
        "type": "agentic-system-memory-report",
        "title": "Ink: a report",
        "boundary": [{"text": "Two lines\nof prose.\n"}, {"quote": {"passage": "x = 1", "path": "a.py", "lines": "12"}}],
        "records": [{"id": "MEM-OBJ-a", "label": "A"}, {"id": "MEM-OBJ-b", "label": "B"}],
        "annotations": [{"on": "RT-OBJ-x", "body": [{"fields": {"Lineage: of what": "yes", "Owner": "a # b"}}]}],
    }
    written = dump(data, "S", blank_before=["boundary", "records", "annotations"], spaced_items=["records", "annotations"]).text
    assert written == """\
# yaml-language-server: $schema=S
type: agentic-system-memory-report
title: 'Ink: a report'

boundary:
  - text: |
      Two lines
      of prose.
  - quote:
      passage: x = 1
      path: a.py
      lines: '12'

records:
  - id: MEM-OBJ-a
    label: A

  - id: MEM-OBJ-b
    label: B

annotations:
  - on: RT-OBJ-x
    body:
      - fields:
          'Lineage: of what': 'yes'
          Owner: 'a # b'
"""


def test_what_the_writer_writes_the_checker_reads_without_complaint():
    rng = random.Random(5)
    for _ in range(300):
        text = random_text(rng, 40).replace("\x07", "").replace("\x85", "").replace("\u2028", "")
        written = dump({"a": text or "x", "b": [{"c": text or "y"}]}, "S").text
        diagnostics = Diagnostics()
        assert read_yaml("f.yaml", written.encode(), diagnostics) is not None and not diagnostics, (written, diagnostics)


@pytest.mark.parametrize("text, plain", [
    ("plain words", True), ("on", False), ("12", False), ("a: b", False), ("a #b", False), ("- x", False),
    ("`code`", False), ("trailing ", False), ("ends:", False), ("→ arrow", True), ("", False),
    ("...", False), ("... and then", False), ("...and", True),
])
def test_plain_only_when_it_reads_back(text, plain):
    assert plain_safe(text) is plain


def test_every_line_remembers_where_its_value_came_from():
    value = Sourced("first\nsecond\n", 10, 5, 3)
    written = dump({"k": [{"text": value}], "id": Sourced("X", 2, 6)}, "S")
    lines = written.text.split("\n")
    assert lines[2:5] == ["  - text: |", "      first", "      second"]
    assert [(o.line, o.column) if o else None for o in written.origins[2:6]] == [(10, 5), (10, 5), (11, 3), (2, 6)]
    assert written.origin(2).line == 10  # "k:" stands for the value below it


def test_a_key_or_text_that_starts_like_the_documents_end_reads_back():
    data = {"...": "...", "... and then": ["... and then"], "k": {"... x": "y"}}
    assert yaml.load(dump(data, "S").text, Loader=yaml.BaseLoader) == data
