"""Hostile text costs time linear in its size.

Each test feeds one reader of report text the input that made it rescan the rest of a line
from every start (or backtrack over a run of spaces): 40,000 characters, which a quadratic
reading takes minutes over and a linear one milliseconds. The bound is generous and counts
the CPU time of the test's own process, so a slow or busy machine does not fail a linear
reading.
"""

from __future__ import annotations

import html
import re
import sys
import time
from collections.abc import Callable
from types import FrameType

import pytest

from conftest import minimal_report
from markdown_helpers import INKWELL
from mkdocs_reports.core.changes.textdiff import word_diff
from mkdocs_reports.core.diagnostics import Diagnostics, Location
from mkdocs_reports.core.export.plain_text import blocks_text
from mkdocs_reports.core.markdown.reader import read_member
from mkdocs_reports.core.markdown.spelling import read_attribution
from mkdocs_reports.core.model import AnalysisSet, Source, System, Text
from mkdocs_reports.core.prose.images import remote_images
from mkdocs_reports.core.prose.source_paths import path_mentions
from mkdocs_reports.core.schemas.type_files import builtin_registry

BOUND = 3  # CPU seconds; a quadratic reading of these inputs takes well over a minute
SIZE = 40_000


def timed(function, *args):
    start = time.process_time()  # not wall time: other processes on the machine do not count
    result = function(*args)
    assert time.process_time() - start < BOUND
    return result


def test_image_openings_without_an_end_are_read_once():
    text = "![" * (SIZE // 2) + "\n![x](https://tracker.example/p.png) ![r][t]\n\n[t]: https://tracker.example/t.png"
    found = timed(lambda: list(remote_images(text)))
    assert [url for _, url in found] == ["https://tracker.example/p.png", "https://tracker.example/t.png"]
    escaped = "![\\" * (SIZE // 3) + "\n![x](https://tracker.example/q.png)"
    assert [url for _, url in timed(lambda: list(remote_images(escaped)))] == ["https://tracker.example/q.png"]


def test_a_field_of_image_openings_is_checked_at_once(reports):
    reports.write("alpha/memory.yaml", minimal_report("Alpha", 'core_ideas: "' + "![" * 9_000 + '"\n'))
    start = time.monotonic()
    assert reports.messages() == []
    assert time.monotonic() - start < BOUND


def test_spaces_after_is_superseded_by_are_read_once(reports):
    spaces = " " * 19_000  # within a text's limit of 20,000 characters
    reports.report("alpha", f"integration_issues: 'Amendment: MEM-OBJ-a is superseded by{spaces}x MEM-OBJ-b.'\n"
                            "records:\n  - id: MEM-OBJ-a\n    label: A\n  - id: MEM-OBJ-b\n    label: B\n")
    start = time.monotonic()
    messages = reports.messages()
    assert time.monotonic() - start < BOUND
    assert "says 'is superseded by' but names no record after it" in messages[0]


def test_a_run_of_scheme_characters_is_read_once_for_urls():
    text = "a." * SIZE + " see https://example.org/x/y.py and -.http://example.org/z.py, not src/a.py"
    assert [m.path for m in timed(path_mentions, text)] == ["src/a.py"]
    assert [m.path for m in path_mentions("1.http://example.org/a.py x.https://example.org/b.py c/d.py")] == ["c/d.py"]


def test_an_attribution_link_is_read_in_one_pass():
    commit = "0123456789abcdef0123456789abcdef01234567"
    url = f"https://github.com/o/r/blob/{commit}"
    assert read_attribution(f"[a.py]({url}/src/a.py#L3-L5)") == ("src/a.py", "3-5", None, True)
    assert read_attribution(f"SRC-2 [a.py]({url}/src/a.py#L3)  ") == ("src/a.py", "3", "SRC-2", True)
    assert read_attribution(f"[a.py](https://x.org/a/tree/{commit[:7]}/blob/{commit}/b.py)") == (f"blob/{commit}/b.py", None, None, True)
    for no_link in (f"[a.py]({url}/src/a.py#L3-)", f"[a.py]({url}/)", f"[a.py]({url}/a.py#x)", f"[a.py]({url}/a b.py)"):
        assert read_attribution(no_link) is None
    hostile = "[a](https://x" + "/blob/abcdef0" * (SIZE // 13) + "/a.py#"
    assert timed(read_attribution, hostile + ")") is None


def test_blank_lines_before_a_bullet_are_read_once_in_the_text_export():
    text = "x" + "\n" * SIZE + "y\n   - z"
    assert timed(blocks_text, [Text(text, None)]) == ["x" + "\n" * SIZE + "y\n     • z"]


def test_a_compact_record_of_many_continued_lines_is_joined_once():
    member = (INKWELL / "epistemic.md").read_text()
    at = member.index("\n", member.index("\nRoute ID:") + 1) + 1
    continued = "".join(f"word{n} continues\n" for n in range(SIZE * 2))
    diagnostics = Diagnostics()
    parsed = timed(read_member, "m.md", INKWELL / "m.md", (member[:at] + continued + member[at:]).encode(), builtin_registry(), diagnostics)
    assert not diagnostics, [str(d) for d in diagnostics][:3]
    (ledger,) = [block["fields"] for block in parsed.sections["authority_route_ledger"] if "fields" in block]
    assert ledger["Route ID"] == "RT-RTE-chat-turn\n" + continued and ledger["Route function"].startswith("operational")


class _TooMuchWork(Exception):
    pass


def lines_run(function: Callable[..., object], *args: object, limit: int | None = None) -> int:
    """How many Python lines ``function(*args)`` runs (a count of work that no machine's
    speed changes); past ``limit`` it stops, so a super-linear run fails at once."""
    count = 0

    def trace(frame: FrameType, event: str, arg: object) -> Callable[..., object]:
        nonlocal count
        if event == "line":
            count += 1
            if limit is not None and count > limit:
                raise _TooMuchWork
        return trace

    sys.settrace(trace)
    try:
        function(*args)
    except _TooMuchWork:
        return count
    finally:
        sys.settrace(None)
    return count


#: crafted base/head pairs for the Changes page's word diff, each ``n`` repetitions long
WORD_DIFF_PAIRS = {
    "alternating": lambda n: ("a b " * n, "a c " * n),
    "one word against two": lambda n: ("x " * n, "x y " * n),
    "rotated": lambda n: ("a b c " * n, "b c a " * n),
    "every other word new": lambda n: (" ".join(f"w{k}" for k in range(n)), " ".join(f"w{k} x" for k in range(n))),
}


@pytest.mark.parametrize("pair", WORD_DIFF_PAIRS)
def test_word_diff_of_crafted_repetitive_pairs_grows_linearly(pair: str) -> None:
    make = WORD_DIFF_PAIRS[pair]
    small = lines_run(word_diff, *make(100))
    # four times the words: a linear diff runs about four times the lines, a cubic one 64×
    assert lines_run(word_diff, *make(400), limit=8 * small) <= 8 * small


#: the extensions of this repository's site (mkdocs.yml), which author text is read with
SITE_EXTENSIONS = ("admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences")

#: Markdown whose reading scans ahead from each of its characters (link and image
#: brackets, addresses), and its neighbours that do not; each ``n`` units long
COSTLY_MARKDOWN = {
    "unclosed link brackets": lambda n: "[" * n,
    "unclosed image brackets": lambda n: "![" * n,
    "bracket and word": lambda n: "[x " * n,
    "footnote openings": lambda n: "[^" * n,
    "unclosed addresses": lambda n: "[a](" * n,
    "unclosed addresses with words": lambda n: "[a](b " * n,
    "unclosed references": lambda n: "[a][" * n,
    "deeply nested brackets": lambda n: "[" * n + "x" + "]" * n,
    "deeply nested links": lambda n: "[a](" * n + "x" + ")" * n,
    "nested link texts": lambda n: "[a " * n + "](b)" * n,
    "unsafe links": lambda n: "[a](javascript:x) " * n,
    "brackets across paragraphs": lambda n: "[" * n + "\n\n" + "]" * n,
    "brackets across table cells": lambda n: "| a | b |\n|---|---|\n| " + "[" * n + " | " + "]" * n + " |",
    "emphasis runs": lambda n: "*a_" * n,
    "strong runs": lambda n: "**a" * n,
    "backtick runs": lambda n: "`a" * n,
    "angle brackets": lambda n: "<a" * n,
    "backslashes": lambda n: "\\" * n,
}


#: those of them that are no link at all: the reader sees them as written
NO_LINK = ["unclosed link brackets", "unclosed image brackets", "bracket and word", "footnote openings",
           "unclosed addresses", "unclosed addresses with words", "unclosed references", "deeply nested brackets",
           "brackets across paragraphs", "angle brackets"]


def _prose(reports):
    """A function that converts author prose as the memory page of a system does."""
    from mkdocs_reports.core.rules.collection_check import check_collection
    from mkdocs_reports.pages import PageSettings
    from mkdocs_reports.pages.site import SitePages

    reports.report("alpha")
    site = SitePages(check_collection(reports.root).graph, PageSettings(markdown_extensions=SITE_EXTENSIONS))
    text = site.text("alpha", "alpha/memory.md")

    def prose(value: str) -> str:
        site.converter.forget()  # each text converted anew
        return str(text.prose(value))

    return prose


@pytest.mark.parametrize("construct", COSTLY_MARKDOWN)
def test_costly_link_syntax_is_read_in_linear_time(reports, construct: str) -> None:
    make = COSTLY_MARKDOWN[construct]
    prose = _prose(reports)
    small = lines_run(prose, make(250))
    # four times the text: a linear reading runs about four times the lines, a quadratic one 16×
    assert lines_run(prose, make(1000), limit=8 * small) <= 8 * small


def test_costly_link_syntax_shows_as_written_and_links_stay_links(reports) -> None:
    prose = _prose(reports)
    for construct in NO_LINK:
        written = COSTLY_MARKDOWN[construct](30)
        shown = html.unescape(re.sub(r"<[^>]*>", "", prose(written)))
        assert shown.split() == written.split(), construct
    # links as Markdown makes them, and a stray bracket shown as written
    linked = prose("[a](https://example.org/a) and [b [c](https://example.org/c) d](https://example.org/b) [ the end")
    assert re.findall(r'<a href="([^"]*)">', linked) == ["https://example.org/a", "https://example.org/b"], linked
    assert html.unescape(re.sub(r"<[^>]*>", "", linked)) == "a and b [c](https://example.org/c) d [ the end"
    nested = prose("[[[a](https://example.org/a)]] and [x][y] and [y]\n\n[y]: https://example.org/y")
    assert re.findall(r'<a href="([^"]*)">', nested) == ["https://example.org/a", "https://example.org/y", "https://example.org/y"]


def test_a_register_of_thousands_of_sources_is_looked_up_by_id_not_scanned():
    """Every ``SRC-n`` of a text and every row of the register looks its source up: 24,000
    lookups in a register of 24,000 took a scan each (56.8 s of a build)."""
    register = AnalysisSet("alpha/_set.yaml", Location("alpha/_set.yaml"))
    system = System("alpha", "Alpha", set=register)
    register.sources.append(Source(id="SRC-2", identity="first"))
    assert system.source_by_id("SRC-2").identity == "first"
    register.sources.extend(Source(id=f"SRC-{n}", identity=f"i{n}") for n in range(1, 24_001))  # SRC-2 again
    found = timed(lambda: [system.source_by_id(f"SRC-{n}") for n in range(1, 24_001)])
    assert [s.identity for s in found[:3]] == ["i1", "first", "i3"]  # the first of an ID, as a scan found it
    assert system.source_by_id(None).identity == "i1" and system.source_by_id("SRC-0") is None
