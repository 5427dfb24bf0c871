"""A whole analysis set (tests/fixtures/set: Tallybook's runtime, memory, epistemic and
reconciliation members) built into a real
site: every sentence on its page, every citation across members back-linked from its exact
row or field, the set's register and supersessions shown."""

from __future__ import annotations

import json
import re

import pytest

from conftest import FIXTURES, run_cli
from mkdocs_reports.core.export.plain_text import report_text
from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import Site, build_site, make_project, missing_sentences, record_problems

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

SET = FIXTURES / "set"
REVISION = "9f1c2d3e4b5a69788796a5b4c3d2e1f0a9b8c7d6"


@pytest.fixture(scope="module")
def checked():
    result = check_collection(SET)
    assert result.ok, [str(d) for d in result.diagnostics]
    return result


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    return Site(build_site(make_project(tmp_path_factory.mktemp("set"), SET)))


def page(site: Site, member: str):
    return site.page(f"tallybook/{member}/")


def test_the_set_has_its_three_record_members_and_its_reconciliation(checked):
    system = checked.collection.systems["tallybook"]
    assert list(system.reports) == ["epistemic", "memory", "reconciliation", "runtime"]
    assert {r.member: r.type.builtin for r in system.reports.values()} == {
        "runtime": True, "memory": True, "epistemic": True, "reconciliation": True,
    }
    assert {r.run_id for r in system.reports.values()} == {"AAS-2026-03-14-tallybook-01"}  # from _set.yaml
    assert {r.reviewed_boundary for r in system.reports.values()} == {REVISION}  # SRC-1's revision
    assert system.reports["memory"].source_identity == "https://github.com/example/tallybook"
    assert not checked.graph.external  # every citation across the members resolves


def test_every_link_resolves(site):
    assert site.broken_links() == []


def test_every_sentence_of_every_member_is_on_its_page(site, checked):
    assert missing_sentences(site, checked.collection) == []


def test_every_record_has_its_entry_backlinks_from_each_exact_place_and_index_row(site, checked):
    assert record_problems(site, checked.graph) == []
    assert len(site.page("records/").tables[0]) - 1 == 14


@pytest.mark.parametrize(
    ("member", "record", "href", "label"),
    [
        # a ledger row (a card), a claim-comparison row, an object-inventory row
        ("runtime", "rt-rte-curate", "../epistemic/#authority-route-ledger--row-1", "Authority-route ledger, row 1: RT-RTE-curate"),
        ("runtime", "rt-clm-self-improving", "../epistemic/#system-claim-versus-route-comparison--row-1",
         "System-claim versus route comparison, row 1: RT-CLM-self-improving"),
        ("memory", "mem-obj-lessons", "../epistemic/#epistemic-object-inventory--row-1",
         "Epistemic-object inventory, row 1: MEM-OBJ-lessons"),
        # a labelled field of a record, a field of a compact ledger record
        ("runtime", "rt-cmp-model", "#rt-rte-task-run--endpoints-and-progression", "RT-RTE-task-run — Endpoints and progression"),
        ("runtime", "rt-rte-task-run", "../epistemic/#authority-route-ledger--route-id", "Authority-route ledger › Compact record — Route ID"),
        # a coverage row written as inline code, a link around an ID, a list item, a sub-heading
        ("runtime", "rt-rte-curate", "../memory/#boundary--row-2", "Boundary and evidence › Coverage inventory, row 2: Curation"),
        ("memory", "mem-obj-lessons", "#integration-issues--2", "Integration issues, item 2"),
        ("runtime", "rt-rte-task-run", "#runtime-account--1", "Runtime account › Alternate and forcing routes, item 1"),
        ("runtime", "rt-abs-human-review", "#runtime-account--list-2-2", "Runtime account › Alternate and forcing routes, item 2"),
        ("runtime", "rt-obj-notebook", "#runtime-account--ordinary-task-invocation", "Runtime account › Ordinary task invocation"),
        # the reconciliation member, of the collection's own type
        ("memory", "mem-obj-scores", "../reconciliation/#reconciliation", "Reconciliation"),
    ],
)
def test_cited_by_names_and_links_the_exact_row_or_field(site, member, record, href, label):
    links = {(link.href, link.text) for link in page(site, member).links_in(record)}
    assert (href, label) in links


def test_ids_as_inline_code_and_links_render_as_one_link_each(site):
    runtime = page(site, "runtime")
    html = (site.root / "tallybook" / "runtime" / "index.html").read_text(encoding="utf-8")
    assert '<a data-rpt-label="Lesson notebook" href="#rt-obj-notebook"><code>RT-OBJ-notebook</code></a>' in html
    assert '<a data-rpt-label="Notebook curation" href="#rt-rte-curate">RT-RTE-curate</a>' in html
    assert "runtime.md#rt-rte-curate" not in runtime.text and "](" not in runtime.text


def test_annotations_show_on_the_runtime_records_they_annotate(site, checked):
    runtime = page(site, "runtime")
    notebook = [link for link in runtime.links_in("rt-obj-notebook") if "annotation" in link.href]
    assert [link.href for link in notebook] == ["../memory/#annotation-1-on-rt-obj-notebook"]
    assert "../memory/#annotation-2-on-rt-rte-curate" in {link.href for link in runtime.links_in("rt-rte-curate")}
    memory = page(site, "memory")
    assert memory.headings["annotation-1-on-rt-obj-notebook"] == "On RT-OBJ-notebook — Lesson notebook"
    assert "Storage substrate: one JSON file" in memory.section_text["annotation-1-on-rt-obj-notebook"]
    assert "../runtime/#annotation-1-on-mem-obj-lessons" in {link.href for link in memory.links_in("mem-obj-lessons")}


def test_fields_keep_the_authors_order_and_statuses_read_as_the_method_writes_them(site):
    text = " ".join(page(site, "runtime").section_text["rt-rte-task-run"].split())
    order = [text.index(f) for f in (
        "Endpoints and progression:", "implementation conclusion status: wired", "Immediate return:",
        "Evidence limits:", "Decision roles:", "Guarantee strength: best effort", "Step Reads Writes",
    )]
    assert order == sorted(order)
    index = site.page("records/").tables[0]
    row = next(r for r in index if r[0] == "RT-RTE-task-run")
    assert row[5] == "implementation: wired operation: observed"


def test_prose_interleaves_headings_quotes_and_lists_in_the_authors_order(site):
    runtime = page(site, "runtime")
    assert [a for tag, a in runtime.heading_order if a.startswith("runtime-account")] == [
        "runtime-account", "runtime-account--ordinary-task-invocation",
        "runtime-account--alternate-and-forcing-routes", "runtime-account--execution-control-and-limits",
    ]
    text = runtime.section_text["runtime-account--ordinary-task-invocation"]
    assert text.index("is the shipped entry point") < text.index("notebook = Notebook.load(path)") < text.index("The recorded run shows")
    assert "Quote from tallybook/agent.py, line 12" in text
    assert '{"task": 10, "lessons": 7}\n' in runtime.code


def test_evidence_anchors_link_the_source_and_its_files_at_the_reviewed_revision(site):
    runtime = page(site, "runtime")
    links = {link.text: link.href for link in runtime.links_in("runtime-account--ordinary-task-invocation")}
    assert links["tallybook/agent.py"] == f"https://github.com/example/tallybook/blob/{REVISION}/tallybook/agent.py"
    assert links["SRC-1"] == "../#src-1" and links["SRC-2"] == "../#src-2"
    assert "[SRC-2: run.jsonl]" in runtime.section_text["runtime-account--ordinary-task-invocation"]  # a capture: no forge link
    system = site.page("tallybook/")
    assert {"src-1", "src-2"} <= system.ids
    assert "Evidence layer: observed run" in system.section_text["source-register"]
    inventory = page(site, "epistemic").links_in("epistemic-object-inventory")
    assert f"https://github.com/example/tallybook/blob/{REVISION}/tallybook/notebook.py" in {link.href for link in inventory}


def test_each_field_of_a_source_is_an_item_of_its_own(site):
    """The register's fields are a list, one item each (not one item running them together)."""
    html = site.html("tallybook/")
    register = html[html.index('id="src-1"') : html.index('id="src-2"')]
    for label in ("Kind:", "Identity:", "Revision or capture:", "Evidence layer:", "Inspected scope:", "Citation anchors:"):
        assert re.search(r"<li>(?:<p>)?<strong>" + re.escape(label) + "</strong>", register), label


def test_wide_tables_are_cards_of_labelled_cells_and_narrow_ones_tables(site):
    epistemic = page(site, "epistemic")
    ledger = epistemic.section_text["authority-route-ledger"]
    assert "Row 1 Route ID: RT-RTE-curate Route function: content transformation" in " ".join(ledger.split())
    assert {"authority-route-ledger--row-1", "authority-route-ledger--row-2"} <= epistemic.ids
    assert [t[0] for t in epistemic.tables] == [["Entry point or operation", "Source path", "Coverage", "Limit or prevented conclusion"]]
    assert "Quotes supporting the material findings:" in ledger  # text after the table


def test_supersession_shows_both_ways_and_conflicts_on_the_records_they_concern(site):
    memory, epistemic, runtime = page(site, "memory"), page(site, "epistemic"), page(site, "runtime")
    assert "Superseded by EPI-OBJ-verdict" in memory.section_text["mem-obj-scores"]
    assert "Supersedes MEM-OBJ-scores" in epistemic.section_text["epi-obj-verdict"]
    for where, record in ((runtime, "rt-rte-curate"), (memory, "mem-rte-lesson-read")):
        assert "Unresolved conflict" in where.section_text[record]
        assert "../reconciliation/#reconciliation" in {link.href for link in where.links_in(record)}


def test_every_coverage_table_of_every_member_is_in_the_coverage_overview(site):
    tables = site.page("coverage/").tables[-1]
    assert [row[:3] for row in tables[1:]] == [
        ["Tallybook memory report", "Tallybook", "Boundary and evidence › Coverage inventory"],
        ["Tallybook epistemic report", "Tallybook", "Source-and-claim boundary"],
    ]
    links = {link.href for link in site.page("coverage/").links}
    assert {"../tallybook/epistemic/#source-and-claim-boundary--table", "../tallybook/memory/#boundary--table"} <= links


def test_the_reconciliation_has_its_page_navigation_and_schema(site, tmp_path):
    reconciliation = page(site, "reconciliation")
    assert reconciliation.headings["reconciliation"] == "Reconciliation"
    assert "tallybook/reconciliation/" in {link.href for link in site.page("").links}
    schema = run_cli("schema", str(SET))
    assert schema.returncode == 0, schema.stderr
    document = json.loads(schema.stdout)
    assert "agentic-system-reconciliation-report" in document["properties"]["type"]["enum"]
    assert "reconciliation" in document["properties"]


def test_the_text_and_json_exports_carry_every_member(checked):
    system = checked.collection.systems["tallybook"]
    text = report_text(system.reports["epistemic"], checked.collection.types.method.kinds)
    assert "Authority-route ledger" in text and "no content change" in text
    assert "Type: agentic-system-analyses/types/agentic-system-epistemic-report.md" in text
    exported = run_cli("export", "--format", "json", str(SET))
    assert exported.returncode == 0, exported.stderr
    data = json.loads(exported.stdout)
    assert [t["name"] for t in data["types"] if not t["builtin"]] == []
    (entry,) = [r for r in data["reconciliations"] if r["kind"] == "amendment"]
    assert (entry["superseded"], entry["superseded_by"]) == ("MEM-OBJ-scores", ["EPI-OBJ-verdict"])
    scores = next(r for r in data["records"] if r["id"] == "MEM-OBJ-scores")
    assert scores["superseded_by"] == ["EPI-OBJ-verdict"]
