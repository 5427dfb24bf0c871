"""The whole-site comparison (benchmarks/behaviour_difference.py) sees what a reader would:
text in its order, links and ids counted, data files by their first differing line; and it
finds every collection of the fixtures the tests build. No site is built here."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from conftest import FIXTURES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from behaviour_difference import Run, file_differences, fixture_collections, run_differences  # noqa: E402
from site_difference import read_page  # noqa: E402

PAGE = """<html><head><script>var hidden = "not a reader's";</script></head><body>
<nav><a href="../">Home</a></nav>
<h1 id="memory">Memory</h1>
<p>The store keeps <em>notes</em>.<br>It forgets nothing.</p>
<pre><code>line one
line two</code></pre>
<p id="end">End.</p>
</body></html>"""


def test_a_page_is_read_as_the_lines_a_reader_sees_without_its_scripts():
    page = read_page(PAGE)
    assert page.lines == ["Home", "Memory", "The store keeps notes .", "It forgets nothing.", "line one", "line two", "End."]
    assert page.ids == ["memory", "end"]
    assert page.targets == ["a ../"]


def test_paragraphs_in_another_order_differ_though_the_words_are_the_same():
    swapped = PAGE.replace('<p id="end">End.</p>', "").replace("<h1", '<p id="end">End.</p><h1')
    assert set(read_page(swapped).words) == set(read_page(PAGE).words)
    found = file_differences("memory/index.html", PAGE.encode(), swapped.encode())
    assert found[0].startswith("text: ") and any("End." in line for line in found)


def test_an_id_given_twice_and_a_link_elsewhere_are_differences():
    changed = PAGE.replace('<p id="end">', '<p id="memory">').replace('href="../"', 'href="../index.html"')
    found = file_differences("memory/index.html", PAGE.encode(), changed.encode())
    assert "ids only before: ['end']" in found
    assert "ids only after: ['memory']" in found
    assert "targets only after: ['a ../index.html']" in found


def test_the_same_page_has_no_difference():
    assert file_differences("index.html", PAGE.encode(), PAGE.encode()) == []


def test_a_data_file_differs_at_its_first_differing_line_also_when_compressed():
    before = {"docs": [{"location": "a/", "text": "Memory"}, {"location": "b/", "text": "Runtime"}]}
    after = {"docs": [{"location": "a/", "text": "Memory"}, {"location": "b/", "text": "Runtimes"}]}
    found = file_differences("search/search_index.json", json.dumps(before).encode(), json.dumps(after).encode())
    assert found[1:] == ['-   "text": "Runtime"', '+   "text": "Runtimes"']  # re-indented: one value a line
    packed = file_differences("sitemap.xml.gz", gzip.compress(b"<a>1</a>\n"), gzip.compress(b"<a>2</a>\n"))
    assert packed[1:] == ["-<a>1</a>", "+<a>2</a>"]


def test_a_command_differs_by_exit_code_and_first_differing_output_line():
    before = {"check": Run(0, "2 systems\n0 errors\n", "")}
    after = {"check": Run(1, "2 systems\n1 error\n", ""), "pages --out out": Run(0, "", "")}
    assert run_differences(before, after) == [
        "`pages --out out`: run only after",
        "`check`: exit code 0 before, 1 after",
        "`check` stdout: @@ -2 +2 @@",
        "`check` stdout: -0 errors",
        "`check` stdout: +1 error",
    ]


def test_every_collection_the_tests_build_is_found():
    found = {c.name: c for c in fixture_collections(FIXTURES)}
    for name in ("sample", "set", "hostile"):
        assert found[f"tests/fixtures/{name}"].reports == FIXTURES / name
    current = found["tests/fixtures/sets/current"]
    assert [folder.name for folder in current.sets] == ["quill", "quill-runtime", "tern"]
    assert [type_file.name for type_file in current.types] == ["runtime-set.yaml"]
    assert [folder.name for folder in found["tests/fixtures/sets/retained"].sets] == ["ember", "inkwell"]
    assert [folder.name for folder in found["tests/fixtures/sets/profiles"].sets] == ["loom", "quarry"]
