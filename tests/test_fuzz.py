"""Fuzzing with a fixed seed: a few hundred mutated reports per run (``fuzzing.py``).

For each: checking never raises, every message names its place within the file, is one
line and says how to fix it; a report that loads renders into pages whose HTML carries no
script, handler, theme id or remote image. benchmarks/fuzz_reports.py runs the same with
ten thousand inputs and more.

The linear code finder is also compared with a plain, line-by-line reading of the same
rules on random text.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from fuzzing import inputs
from mkdocs_reports.core.diagnostics import Diagnostics
from mkdocs_reports.core.loading.loader import load_report_file
from mkdocs_reports.core.model import Collection, System
from mkdocs_reports.core.prose import citations
from mkdocs_reports.core.prose.citations import mask_code
from mkdocs_reports.core.prose.images import is_remote_url
from mkdocs_reports.core.rules.graph import CitationGraph
from mkdocs_reports.core.rules.record_rules import validate
from mkdocs_reports.core.schemas.type_files import builtin_registry
from mkdocs_reports.pages import PageSettings, SitePages
from mkdocs_reports.safety.urls import is_safe_url

CHECKED = 400
RENDERED = 40
MESSAGE = re.compile(r"^reports/alpha/memory\.yaml:(\d+):(\d+): error: [^\n]+ — [^\n]+$")
EXTENSIONS = ["attr_list", "md_in_html", "admonition", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]


class _Unsafe(HTMLParser):
    """What in a page's HTML could run script or act on the theme (the elements as a
    browser parses them, not text that merely looks like markup)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.picture = False  # in a picture the plugin drew (its own allowlist: sanitize_picture)

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "svg" and self.picture:
            pass
        elif tag in ("script", "iframe", "object", "embed", "style", "base", "form", "svg", "math"):
            self.found.append(f"<{tag}>")
        # a picture's SVG follows the hidden span that names it, inside the picture's div
        self.picture = tag == "div" and ("class", "rpt-picture") in attrs or self.picture and tag == "span"
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") or (name in ("href", "src") and not is_safe_url(value)):
                self.found.append(f"<{tag} {name}={value!r}>")
            elif name == "id" and value.startswith("__") or name == "class" and re.search(r"\bmd-", value):
                self.found.append(f"<{tag} {name}={value!r}>")
            elif name == "src" and is_remote_url(value) or name == "title" and "<" in value:
                self.found.append(f"<{tag} {name}={value!r}>")


def unsafe(html: str) -> list[str]:
    parser = _Unsafe()
    parser.feed(html)
    return parser.found


def check_one(data: bytes):
    """What the checker makes of one file: the report (or ``None``) and every message."""
    report, diagnostics = load_report_file("reports/alpha/memory.yaml", data, "alpha", "memory", builtin_registry())
    messages = Diagnostics(diagnostics)
    if report is not None:
        collection = Collection({"alpha": System("alpha", report.system_name, {"memory": report})}, types=builtin_registry())
        graph = CitationGraph(collection)
        messages.merge(validate(collection, graph))
        return report, graph, [str(d) for d in messages]
    return None, None, [str(d) for d in messages]


def assert_messages_are_placed(data: bytes, messages: list[str]) -> None:
    lines = data.split(b"\n")
    for message in messages:
        match = MESSAGE.match(message)
        assert match, message
        line, column = int(match.group(1)), int(match.group(2))
        assert 1 <= line <= len(lines) + 1, message
        assert 1 <= column <= len(lines[line - 1]) + 2 if line <= len(lines) else column == 1, message


@pytest.mark.parametrize("chunk", range(4))
def test_mutated_reports_get_placed_messages_never_a_traceback(chunk):
    for number, data in inputs(CHECKED)[chunk::4]:
        try:
            _, _, messages = check_one(data)
            assert_messages_are_placed(data, messages)
        except AssertionError as error:
            raise AssertionError(f"fuzz input {number}: {error}") from None
        except Exception as error:  # noqa: BLE001 - the point: name the input that raised
            raise AssertionError(f"fuzz input {number} raised {error!r}") from error


def test_mutated_reports_that_load_render_to_safe_html():
    rendered = 0
    for number, data in inputs(CHECKED):
        report, graph, _ = check_one(data)
        if report is None:
            continue
        site = SitePages(graph, PageSettings(markdown_extensions=tuple(EXTENSIONS)))
        for page, spec in site.pages().items():
            assert unsafe(spec.html) == [], f"fuzz input {number}, {page}"
        rendered += 1
        if rendered == RENDERED:
            break
    assert rendered == RENDERED  # enough of them load to say something


# --- the code finder against a plain reading of its rules -----------------------------

_FENCE = re.compile(r"^([ ]*)(`{3,}|~{3,})(.*)$")


def _reference_fences(text: str) -> list[tuple[int, int]]:
    """Fences read line by line, the slow obvious way (see ``citations.fences``)."""
    lines = text.split("\n")
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    found, number = [], 0
    while number < len(lines):
        opening = _FENCE.match(lines[number])
        if not opening:
            number += 1
            continue
        indent, run = len(opening.group(1)), opening.group(2)
        closing = None
        for later in range(number + 1, len(lines)):
            line = lines[later]
            if line.strip() and len(line) - len(line.lstrip(" ")) < indent:
                break
            if line[:indent] == " " * indent and re.fullmatch(re.escape(run) + r"[ \t]*", line[indent:]):
                closing = later
                break
        if closing is None:
            number += 1
            continue
        found.append((starts[number], starts[closing] + len(lines[closing])))
        number = closing + 1
    return found


def _reference_mask(text: str) -> str:
    masked = citations._blank_ranges(text, iter(_reference_fences(text)))
    masked = citations._mask_indented_code(masked)
    spans = re.compile(r"(?<![\\`])((?:\\\\)*)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\2(?!`)", re.DOTALL)
    return spans.sub(lambda m: m.group(1) + re.sub(r"[^\n]", " ", m.group()[len(m.group(1)) :]), masked)


def test_the_linear_code_finder_agrees_with_a_plain_reading():
    rng = random.Random(8)
    alphabet = ["`", "``", "```", "~~~", "\\", "\n", "\n\n", " ", "  ", "    ", "a", "MEM-OBJ-x", " \t", "\n```\n", "- "]
    for number in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert mask_code(text) == _reference_mask(text), (number, text)


def test_the_id_candidates_are_what_the_pattern_finds_anywhere():
    """``IdGrammar.candidates`` tries the pattern only where a prefix and its dash stand:
    on random text it finds exactly the matches of a search at every character."""
    grammar = builtin_registry().grammar
    rng = random.Random(8)
    alphabet = ["MEM", "RT", "EPI", "-", "OBJ", "RTE", "a", "x1", "_", " ", "\n", "M", "E", "T", "é", "`"]
    for number in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        expected = [match.span() for match in grammar.candidate_re.finditer(text)]
        assert [match.span() for match in grammar.candidates(text)] == expected, (number, text)


def test_the_source_patterns_find_what_a_lookbehind_first_finds():
    """``_SOURCE`` and ``SOURCE_RANGE`` look behind after ``SRC`` (to be searched for faster):
    on random text they find what the plain form, lookbehind first, finds."""
    plain = {
        citations._SOURCE: re.compile(r"(?<![\w-])SRC-[0-9]+(?![\w-])"),
        citations.SOURCE_RANGE: re.compile(r"(?<![\w-])SRC-[0-9]+\s*(?:–|—|-|\.\.|to|through)\s*SRC-[0-9]+(?![\w-])"),
    }
    rng = random.Random(8)
    alphabet = ["SRC", "-", "1", "2", " ", "a", "_", "–", "to", "..", "\n", "S", "RC", "x-", "é"]
    for number in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 25)))
        for fast, reference in plain.items():
            assert [m.span() for m in fast.finditer(text)] == [m.span() for m in reference.finditer(text)], (number, text)
