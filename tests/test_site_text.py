"""Author text shows on the pages as written: hashes, brackets, backslashes, code; labels
are never links; the description and list items keep their anchors (the generated pages in
memory: ``pagehtml``)."""

from __future__ import annotations

import re
import textwrap

import pytest

from pagehtml import PagesInMemory

REPORT = r"""
type: agentic-system-memory-report
system: "F#"
title: "Notes on C#"
description: |
  How F# keeps notes in MEM-OBJ-notes.
run_id: not recorded — a test report
reviewed_boundary: not recorded — a test report
source_identity: not recorded — a test report
boundary:
  - text: The boundary.
  - heading: "Inventory ###"
  - table:
      columns: [Entry point, Record]
      rows:
        - ["Tag #", MEM-OBJ-notes]
core_ideas:
  - numbered:
      - |
        ~~~
        MEM-OBJ-notes <b>in a fence</b>
        ~~~
      - A plain idea citing MEM-OBJ-notes.
records:
  - id: MEM-OBJ-notes
    label: "Tag #"
    body:
      - text: |
          Notes. Inline `MEM-OBJ-tags <b> & {#x} | [a](#b)` stays code.

          ```
          MEM-OBJ-tags in a fence <i>
          ```

          > Quoted: `MEM-OBJ-tags x` in a quote.
      - quote:
          passage: "store(MEM-OBJ-tags)"
          path: src/a.ts
  - id: MEM-OBJ-tags
    label: 'Like MEM-OBJ-notes, with `x[0] \n` and a\b [sic] \` tick'
    body: Tags.
  - id: MEM-OBJ-hot
    label: "Store ('hot') \"x\" )](javascript:y) <img src=x onerror=alert(1)>"
    body: Read after MEM-OBJ-tags (see MEM-OBJ-hot), then "MEM-OBJ-hot".
write_side: Writes.
read_back: Reads.
integration_issues: none
limitations: None.
"""

#: a coverage table whose intro starts with a fence, with no heading before it
NO_HEADING = """
type: agentic-system-memory-report
system: G
title: G memory report
description: G.
run_id: not recorded — a test report
reviewed_boundary: not recorded — a test report
source_identity: not recorded — a test report
boundary:
  - text: The boundary.
  - text: |
      ~~~
      MEM-OBJ-g <b>in a fence</b>
      ~~~
  - table:
      columns: [Entry point, Record]
      rows:
        - [Tool, MEM-OBJ-g]
core_ideas: Ideas.
records:
  - id: MEM-OBJ-g
    label: G
write_side: Writes.
read_back: Reads.
integration_issues: none
limitations: None.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, generated_pages) -> PagesInMemory:
    reports = tmp_path_factory.mktemp("text") / "reports"
    (reports / "fsharp").mkdir(parents=True)
    (reports / "fsharp" / "memory.yaml").write_text(textwrap.dedent(REPORT), encoding="utf-8")
    (reports / "g").mkdir()
    (reports / "g" / "memory.yaml").write_text(textwrap.dedent(NO_HEADING), encoding="utf-8")
    return generated_pages(reports)


@pytest.fixture(scope="module")
def report(site):
    return site.page("fsharp/memory/")


def test_every_link_resolves(site):
    assert site.broken_links() == []


# -- hashes and other Markdown characters in titles, names, labels, headings -------------


def test_a_trailing_hash_stays_in_headings_and_link_text(site, report):
    assert report.headings[next(iter(report.headings))] == "Notes on C#"
    assert report.headings["mem-obj-notes"] == "MEM-OBJ-notes — Tag #"
    assert report.headings["boundary--inventory"] == "Inventory ###"
    system = site.page("fsharp/")
    assert system.headings[next(iter(system.headings))] == "F#"
    assert "Notes on C#" in [link.text for link in system.links_in("reports")]
    assert "F#" in [link.text for link in site.page("coverage/").links]
    cited_by = [link.text for link in report.links_in("mem-obj-notes")]
    assert "Boundary and evidence › Inventory ###, row 1: Tag #" in cited_by


def test_a_tooltip_shows_the_label_as_written(site):
    label = "Like MEM-OBJ-notes, with `x[0] \\n` and a\\b [sic] \\` tick"
    titles = {link.label for link in site.page("fsharp/").links if link.text == "MEM-OBJ-tags"}
    assert titles == {label}


def test_a_label_with_quotes_and_parentheses_links_correctly(site, report):
    """The label travels as character references, so no quote or parenthesis of it can end
    the link: every link lands on the record, carries the label whole, and no piece of the
    label leaks into the text around it."""
    label = "Store ('hot') \"x\" )](javascript:y) <img src=x onerror=alert(1)>"
    links = [link for page in site.pages.values() for link in page.links_with_text("MEM-OBJ-hot")]
    assert len(links) >= 4  # the report (twice), the system page, the record index
    assert {link.label for link in links} == {label}
    assert all(link.href.endswith("#mem-obj-hot") for link in links)
    assert 'Read after MEM-OBJ-tags (see MEM-OBJ-hot), then "MEM-OBJ-hot".' in report.text
    assert report.headings["mem-obj-hot"] == f"MEM-OBJ-hot — {label}"


def test_a_label_shows_brackets_backslashes_and_code_as_written(report, site):
    heading = "MEM-OBJ-tags — Like MEM-OBJ-notes, with x[0] \\n and a\\b [sic] \\` tick"
    assert report.headings["mem-obj-tags"] == heading
    assert "x[0] \\n" in report.code
    index = site.page("records/").tables[0]
    assert ["MEM-OBJ-tags", "Like MEM-OBJ-notes, with x[0] \\n and a\\b [sic] \\` tick"] in [[row[0], row[4]] for row in index]


# -- labels are text; the description is linked under its anchor -------------------------


def test_a_label_never_links_the_ids_it_names(site, report):
    row = next(row for row in site.page("records/").tables[0] if row[0] == "MEM-OBJ-tags")
    assert "MEM-OBJ-notes" in row[4]
    system_rows = [t for t in site.page("fsharp/").tables if t[0] == ["ID", "Label", "Report"]][0]
    assert [row[1] for row in system_rows if row[0] == "MEM-OBJ-tags"] == ["Like MEM-OBJ-notes, with x[0] \\n and a\\b [sic] \\` tick"]
    system_links = [link.text for link in site.page("fsharp/").links_in("operative-objects")]
    assert system_links == ["MEM-OBJ-notes", "MEM-OBJ-tags", "MEM-OBJ-hot"]  # the ID cells, not the label


def test_the_description_is_linked_and_cited_by_points_at_its_anchor(report):
    assert "description" in report.ids
    assert "#description" in [link.href for link in report.links_in("mem-obj-notes") if link.text == "Description"]
    description_links = [link for link in report.links if link.text == "MEM-OBJ-notes" and link.section == next(iter(report.headings))]
    assert [link.href for link in description_links] == ["#mem-obj-notes"]


# -- list items: a fence at the start stays a fence, the anchor still works ---------------


def test_a_list_item_that_starts_with_a_fence_is_code_and_keeps_its_anchor(site, report):
    assert "MEM-OBJ-notes <b>in a fence</b>\n" in report.code
    html = site.html("fsharp/memory/")
    for number in (1, 2):  # where reports.css lights up the item a Cited-by link lands on
        assert re.search(rf'<li>\s*<span id="core-ideas--{number}"></span>', html)
    cited_by = {link.href for link in report.links_in("mem-obj-notes")}
    assert "#core-ideas--2" in cited_by and "#core-ideas--1" not in cited_by


def test_a_coverage_intro_that_starts_with_a_fence_is_code_before_the_table_anchor(site):
    page = site.page("g/memory/")
    assert {"boundary--table", "boundary--row-1"} <= page.ids
    assert "MEM-OBJ-g <b>in a fence</b>\n" in page.code


# -- code shows exactly what the author wrote ------------------------------------------


def test_declared_ids_in_code_stay_exactly_as_written(report):
    assert "MEM-OBJ-tags <b> & {#x} | [a](#b)" in report.code
    assert "MEM-OBJ-tags in a fence <i>\n" in report.code
    assert "MEM-OBJ-tags x" in report.code  # the inline code in the quote
    assert "store(MEM-OBJ-tags)\n" in report.code


def test_a_fence_nested_in_a_list_item_keeps_only_its_language():
    """Info strings could set attributes (`{.py onclick=…}`); the core counts indented fences
    as code, so they are reduced too."""
    from mkdocs_reports.safety.author_text import plain_fences

    text = "- item\n\n    ```py {onclick=alert(1)}\n    x\n    ```\n"
    assert plain_fences(text) == "- item\n\n    ```py\n    x\n    ```\n"
