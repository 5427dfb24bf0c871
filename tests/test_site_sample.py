"""The site built from the sample collection (two systems), read as a reader would."""

from __future__ import annotations

import json
import re

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import SAMPLE, Site, build_site, make_project, record_problems

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

DOCS_PAGE = """# Notes on Alpha

Alpha stores notes in alpha:MEM-OBJ-notes; Beta has its own beta:MEM-OBJ-notes.
The chat turn alpha:RT-RTE-chat-turn is not published. In code, `alpha:MEM-OBJ-notes` stays text.
"""


#: the sample's record text, and what the site is built with: a declared ID alone in inline
#: code (a citation, shown as linked code), in longer code, a fence and a quote (examples)
SAMPLE_NOTES = "          A table of notes. Code such as `id: MEM-OBJ-fake` is not a citation.\n"
CODE_NOTES = """\
          A table of notes. Tagged by `MEM-OBJ-note-tags`; in code, `MEM-OBJ-note-tags = 1` is an example.

          ```
          tags = MEM-OBJ-note-tags  # [x](#y)
          ```
      - quote:
          passage: "// MEM-RTE-note-write stores here"
          path: src/notes.ts
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    project = make_project(tmp_path_factory.mktemp("sample"), docs={"notes.md": DOCS_PAGE})
    report = project / "reports" / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    assert SAMPLE_NOTES in text
    report.write_text(text.replace(SAMPLE_NOTES, CODE_NOTES), encoding="utf-8")
    return Site(build_site(project))


@pytest.fixture(scope="module")
def graph():
    return check_collection(SAMPLE).graph


@pytest.fixture(scope="module")
def memory(site):
    return site.page("alpha/memory/")


def test_every_link_resolves_to_an_existing_page_and_anchor(site):
    assert site.broken_links() == []


def test_every_record_has_its_entry_backlinks_and_index_row(site, graph):
    assert record_problems(site, graph) == []


def test_links_are_page_relative(site):
    # 404.html is MkDocs' own: served at any depth, it must use site-absolute links
    absolute = [
        (page.url, href)
        for page in site.pages.values()
        if page.url != "404.html"
        for href in [link.href for link in page.links] + page.script_srcs + page.stylesheets
        if href.startswith("/")
    ]
    assert absolute == []


def test_sections_follow_the_order_of_the_report_type(memory):
    h2 = [anchor for tag, anchor in memory.heading_order if tag == "h2"]
    assert h2 == ["boundary", "core-ideas", "records", "annotations", "write-side", "read-back", "integration-issues", "limitations"]


def test_records_stand_under_their_kind_headings_in_kind_order(memory):
    order = [anchor for tag, anchor in memory.heading_order if tag in ("h3", "h4")]
    start = order.index("components")
    assert order[start : start + 11] == [
        "components", "mem-cmp-embedder",
        "operative-objects", "mem-obj-notes", "mem-obj-note-tags",
        "routes", "mem-rte-note-write", "mem-rte-note-read",
        "claims", "evidenced-absences", "behavioral-authority-paths",
    ]
    assert memory.headings["mem-rte-note-write"] == "MEM-RTE-note-write — Note writing"
    assert "none declared in this member" in memory.section_text["claims"]


def test_record_ids_in_prose_link_to_their_entry_with_the_label_as_tooltip(memory, site):
    links = memory.links_with_text("MEM-OBJ-notes")
    assert links and {(link.href, link.label) for link in links} == {("#mem-obj-notes", "Note store")}
    # the same ID in another system is another record
    beta = site.page("beta/memory/").links_with_text("MEM-OBJ-notes")
    assert {(link.href, link.label) for link in beta} == {("#mem-obj-notes", "Beta notes")}
    route_cell = [link for link in memory.links_in("mem-rte-note-write") if link.text == "MEM-RTE-note-read"]
    assert route_cell and route_cell[0].href == "#mem-rte-note-read"


def test_an_id_alone_in_inline_code_is_linked_code_and_other_code_shows_as_written(memory, site):
    linked = [link for link in memory.links_in("mem-obj-notes") if link.text == "MEM-OBJ-note-tags"]
    assert {link.href for link in linked} == {"#mem-obj-note-tags"}
    html = (site.root / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    # (the page says a label once: later links to the same record carry the bare attribute)
    assert re.search(r'<a data-rpt-label(="Note tags")? href="#mem-obj-note-tags"><code>MEM-OBJ-note-tags</code></a>', html)
    assert {link.label for link in linked} == {"Note tags"}
    # a link would show as its Markdown inside code: [MEM-OBJ-note-tags](#mem-obj-note-tags "…")
    assert "MEM-OBJ-note-tags = 1" in memory.code
    assert "tags = MEM-OBJ-note-tags  # [x](#y)\n" in memory.code
    assert "// MEM-RTE-note-write stores here\n" in memory.code
    assert "in code, MEM-OBJ-note-tags = 1 is an example." in memory.section_text["mem-obj-notes"]
    assert "Tagged by MEM-OBJ-note-tags;" in memory.section_text["mem-obj-notes"]


def test_part_of_and_parts_link_both_ways(memory):
    assert [link.href for link in memory.links_in("mem-obj-note-tags") if link.text == "MEM-OBJ-notes"][0] == "#mem-obj-notes"
    assert "#mem-obj-note-tags" in [link.href for link in memory.links_in("mem-obj-notes")]


def test_cited_by_lists_each_citing_place_with_a_link_to_it(memory):
    backlinks = {link.href: link.text for link in memory.links_in("mem-obj-notes")}
    assert backlinks["#boundary"] == "Boundary and evidence"
    assert backlinks["#boundary--row-2"] == "Boundary and evidence › Coverage inventory, row 2: Chat turn"
    assert backlinks["#core-ideas--1"] == "Core ideas, item 1"
    assert backlinks["#annotation-1-on-rt-rte-chat-turn"] == "Annotation on RT-RTE-chat-turn"
    assert backlinks["#integration-issues--1"] == "Integration issues, item 1"
    assert "Cited by" in memory.section_text["mem-obj-notes"]
    assert "Alpha memory report: MEM-OBJ-notes — text" in memory.section_text["mem-obj-note-tags"]


def test_route_fields_and_statuses_are_labelled_fields_in_the_authors_order(memory):
    text = memory.section_text["mem-rte-note-write"]
    order = [text.index(f) for f in (
        "The agent writes notes into MEM-OBJ-notes.", "Immediate return: the stored note.",
        "Delegated visibility: uninspected — child agents were not traced.",
        "implementation conclusion status: wired", "operation conclusion status: uninspected",
        "db.insert(note)", "Rejected notes are not retried.",
    )]
    assert order == sorted(order)
    assert {"mem-rte-note-write--later-read-back", "mem-rte-note-write--operation-conclusion-status"} <= memory.ids


def test_quotes_are_code_blocks_linked_to_the_file_at_the_reviewed_commit(memory):
    assert "db.insert(note)\nreturn note\n" in memory.code
    revision = "0123456789abcdef0123456789abcdef01234567"
    quote = [link for link in memory.links_in("mem-cmp-embedder") if "src/embed.ts" in link.text][0]
    assert quote.href == f"https://github.com/example/alpha/blob/{revision}/src/embed.ts#L10-L12"
    assert "lines 10-12" in quote.text


def test_coverage_table_is_a_table_with_anchored_rows(memory):
    table = next(t for t in memory.tables if t[0][0] == "Entry point")
    assert [row[0] for row in table[1:]] == ["Note tool", "Chat turn"]
    assert {"boundary--table", "boundary--row-1", "boundary--row-2"} <= memory.ids


def test_external_records_have_a_page_that_says_the_report_is_unpublished(site):
    runtime = site.page("alpha/runtime/")
    assert "not published" in runtime.title and "not published" in runtime.headings[next(iter(runtime.headings))]
    assert {"rt-rte-chat-turn", "rt-obj-store"} <= runtime.ids
    entry = runtime.section_text["rt-rte-chat-turn"]
    assert "Annotations" in entry and "The chat turn also reads MEM-OBJ-notes" in entry
    annotation = [link for link in runtime.links_in("rt-rte-chat-turn") if link.href.endswith("#annotation-1-on-rt-rte-chat-turn")]
    assert annotation and annotation[0].text == "Alpha memory report, annotation 1"
    assert "alpha/runtime/" in [page for page in site.pages]  # no link to an RT- record dangles
    assert not site.pages.get("beta/runtime/")


def test_record_index_lists_every_id_with_its_columns(site):
    index = site.page("records/")
    table = index.tables[0]
    assert table[0] == ["ID", "System", "Report", "Kind", "Label", "Statuses", "Cited by"]
    rows = {(row[0], row[1]): row for row in table[1:]}
    assert len(table) - 1 == 8
    assert ("MEM-OBJ-notes", "Alpha") in rows and ("MEM-OBJ-notes", "Beta") in rows
    assert rows[("MEM-RTE-note-write", "Alpha")][2:] == ["memory report", "Routes", "Note writing", "implementation: wired operation: uninspected", "4"]
    assert rows[("RT-RTE-chat-turn", "Alpha")][2] == "runtime report (not published)"
    assert any(src.endswith("assets/mkdocs-reports/reports.js") for src in index.script_srcs)


def test_system_page_shows_source_reports_records_and_external_records(site):
    alpha = site.page("alpha/")
    assert "0123456789abcdef0123456789abcdef01234567" in alpha.text
    assert any(link.href.endswith("/tree/0123456789abcdef0123456789abcdef01234567") for link in alpha.links)
    assert "memory/" in [link.href for link in alpha.links_in("reports")]
    assert {"MEM-OBJ-notes", "MEM-RTE-note-read"} <= {link.text for link in alpha.links}
    assert [link.text for link in alpha.links_in("external-records") if link.text.startswith("RT-")] == ["RT-OBJ-store", "RT-RTE-chat-turn"]


def test_coverage_overview_counts_kinds_statuses_and_coverage_rows(site):
    members, kinds, implementation, operation, tables = site.page("coverage/").tables
    assert members[1:] == [["Alpha", "—", "not published, 2 cited", "published", "—", "—", "—"], ["Beta", "—", "—", "published", "—", "—", "—"]]
    assert kinds[1] == ["Alpha", "1", "2", "2", "0", "0", "0", "5", "2"]
    assert implementation[0] == ["System", "wired", "Records"] and implementation[1] == ["Alpha", "2", "2"]
    assert operation[0] == ["System", "uninspected", "Records"]
    assert tables[1] == ["Alpha memory report", "Alpha", "Boundary and evidence › Coverage inventory", "2"]


def test_home_shows_the_collection_at_a_glance(site):
    home = site.page("")
    assert "The collection at a glance" in home.headings.values()
    glance = home.tables[0]
    assert [row[0] for row in glance[1:]] == ["Alpha", "Beta"]
    assert "records/" in [link.href for link in home.links]


def _nav(page) -> dict[str, str]:
    """The navigation's links (those before the page's first heading): href → text."""
    return {link.href: link.text for link in page.links if link.section is None}


def test_navigation_lists_the_site_and_only_the_readers_own_system(site):
    home = _nav(site.page(""))
    assert {"systems/", "records/", "coverage/", "authoring/"} <= set(home)
    assert not {"alpha/", "alpha/memory/", "beta/"} & set(home), "the home page lists no system in its navigation"
    memory = _nav(site.page("alpha/memory/"))
    assert {"../../systems/", "../", "../runtime/", "./", "../../records/"} <= set(memory)
    assert memory["../runtime/"] == "Runtime report (not published)"
    assert not any("beta" in href for href in memory), "Alpha's pages list no other system"
    assert not any("alpha" in href for href in _nav(site.page("beta/memory/")))


def test_the_systems_page_lists_every_system(site):
    page = site.page("systems/")
    assert page.title.startswith("Systems")
    assert [row[0] for row in page.tables[0][1:]] == ["Alpha", "Beta"]
    assert {"../alpha/", "../beta/", "../alpha/memory/", "../beta/memory/"} <= {link.href for link in page.links}


def test_docs_pages_cite_records_with_an_explicit_system(site):
    notes = site.page("notes/")
    links = {(link.text, link.href) for link in notes.links if link.section is not None}
    assert ("MEM-OBJ-notes", "../alpha/memory/#mem-obj-notes") in links
    assert ("MEM-OBJ-notes", "../beta/memory/#mem-obj-notes") in links
    assert ("RT-RTE-chat-turn", "../alpha/runtime/#rt-rte-chat-turn") in links
    assert "alpha:MEM-OBJ-notes" in notes.code


def test_a_record_is_looked_up_by_its_id_and_not_in_the_search_index(site):
    from mkdocs_reports.pages.record_lookup import ID_DIR, bucket

    entries = {entry["location"] for entry in site.search_index()}
    assert "alpha/memory/" in entries and not [location for location in entries if "#mem-" in location or "#rt-" in location]
    for record_id, location, title in [("MEM-RTE-note-write", "alpha/memory/#mem-rte-note-write", "MEM-RTE-note-write — Note writing"),
                                       ("RT-RTE-chat-turn", "alpha/runtime/#rt-rte-chat-turn", "RT-RTE-chat-turn")]:
        looked_up = json.loads((site.root / ID_DIR / f"{bucket(record_id)}.json").read_text(encoding="utf-8"))[record_id.lower()]
        assert [(entry["location"], entry["title"]) for entry in looked_up] == [(location, title)]


def test_the_site_publishes_the_report_schema(site):
    from mkdocs_reports.pages.assets import SCHEMA_FILE, SCHEMA_PATH

    assert (site.root / SCHEMA_PATH).read_bytes() == SCHEMA_FILE.read_bytes()


def test_the_generated_pages_in_memory_are_what_the_build_shows(site, generated_pages):
    """What the tests of a page's words read in memory (``pagehtml``) is each generated
    page's content as built: the same text, headings, tables and code, and the same ids
    but the theme's own (``__…``)."""
    in_memory = generated_pages(site.root.parent / "reports")
    generated = [url for url in in_memory.pages if url]  # the home page is docs/index.md around its glance
    assert len(generated) >= 8
    for url in generated:
        page, built = in_memory.page(url), site.page(url)
        assert (page.text, page.headings, page.tables, page.code) == (built.text, built.headings, built.tables, built.code), url
        assert page.ids == {i for i in built.ids if not i.startswith("__")}, url
