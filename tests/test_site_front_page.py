"""A system's front page, corrections at the records and the memory profile, in a real
MkDocs build of our own sets (tests/fixtures/sets/retained, imported: Inkwell complete,
Ember blocked) next to the sample systems, which have no overview (one of them with a
description its author could not record). One build, shared by the module."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import yaml

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.rules.graph import CitationGraph
from mkdocs_reports.pages.corrections import Corrections
from sitehtml import SAMPLE, Site, build_site, make_project, missing_sentences

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

AXES = ["storage_substrate", "representational_form", "lineage", "behavioral_authority", "write_agency",
        "curation_operations", "read_back_direction", "read_back_signal", "trace_learning", "trace_source"]  # fmt: skip
UNRECORDED = "not recorded — the sample's author did not keep it"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    reports = tmp_path_factory.mktemp("front") / "reports"
    shutil.copytree(SAMPLE, reports)
    beta = reports / "beta" / "memory.yaml"
    text = beta.read_text(encoding="utf-8")
    beta.write_text(re.sub(r"(?m)^description: .*$", f"description: {UNRECORDED}", text, count=1), encoding="utf-8")
    assert import_markdown([FIXTURES / "sets" / "retained"], reports).ok
    checked = check_collection(reports)
    assert checked.ok, checked.messages()
    return Site(build_site(make_project(tmp_path_factory.mktemp("site"), reports))), checked


@pytest.fixture(scope="module")
def site(built) -> Site:
    return built[0]


def _h2(page) -> list[str]:
    return [anchor for tag, anchor in page.heading_order if tag == "h2"]


def _first_paragraph(site: Site, url: str) -> str:
    """The text of the first paragraph of the page's content after its title."""
    html = site.html(url)
    content = html[html.index("</h1>") :]
    match = re.search(r"<p>(.*?)</p>", content, re.DOTALL)
    assert match
    return " ".join(re.sub(r"<[^>]+>", "", match.group(1)).split())


def test_nothing_is_lost_and_every_link_resolves(built):
    site, checked = built
    assert missing_sentences(site, checked.collection) == []
    assert site.broken_links() == []


def test_the_front_page_reads_in_the_overviews_order(site):
    page = site.page("inkwell/")
    h2 = _h2(page)
    expected = ["bounded-synthesis", "unresolved-conflicts", "limitations", "memory-profile", "source-register",
                "verification-and-blockers", "members", "records", "citation-web"]  # fmt: skip
    assert [anchor for anchor in h2 if anchor in expected] == expected
    assert "reports" not in h2  # today's table of counts is the page of systems without an overview
    lead = _first_paragraph(site, "inkwell/")
    assert lead.startswith("Inkwell keeps a user scratchpad")
    assert "Result disposition: complete" in page.text and "Evidence tier: code-grounded" in page.text


def test_the_front_page_shows_the_synthesis_verifications_and_members(site, built):
    page = site.page("inkwell/")
    assert "The scratchpad is read back whole, without selection" in page.section_text["bounded-synthesis"]
    assert "commonplace-validate ran over every member" in page.text
    for sub in ("record-verification", "profile-verification", "synthesis-verification", "deterministic-validation", "blockers"):
        assert f"verification-and-blockers--{sub}" in page.ids
    members = next(t for t in page.tables if t[0][:2] == ["Member", "Records"])
    descriptions = {row[0]: row[3] for row in members[1:]}
    assert descriptions["Memory profile"] == "Memory profile of Inkwell at its scratchpad boundary"
    assert len(members) == 1 + 6
    member_links = {link.href for link in page.links_in("members")}
    assert {"runtime/", "memory/", "epistemic/", "reconciliation/", "memory-profile/", "overview/"} <= member_links


def test_the_limitations_are_a_table_whose_ids_link_to_their_declarations(site):
    page = site.page("inkwell/")
    table = next(t for t in page.tables if t and t[0] and t[0][0] == "limitation")
    assert len(table) == 3 and len(table[0]) == 5
    links = {link.text: site.resolve(page, link.href) for link in page.links_in("limitations")}
    assert links["RT-RTE-chat-turn"] == ("inkwell/runtime/", "rt-rte-chat-turn")
    assert links["MEM-RTE-pad-read"] == ("inkwell/memory/", "mem-rte-pad-read")
    assert links["SRC-1"] == ("inkwell/", "src-1") and "src-1" in page.ids


def test_the_source_register_shows_every_column_of_the_overview(site):
    page = site.page("inkwell/")
    register = page.section_text["source-register"]
    for said in ("Inspected scope", "The hosted model is outside the repository", "Amended or superseded records"):
        assert said in register


def test_a_blocked_set_has_its_front_page_too(site):
    page = site.page("ember/")
    assert "bounded-synthesis" in _h2(page) and "memory-profile" not in _h2(page)
    assert "No synthesis: the run stopped at the boundary." in page.section_text["bounded-synthesis"]
    assert "The repository was unreachable" in page.section_text["source-register"]
    assert "unresolved-conflicts" not in page.ids  # no reconciliation: nothing is said of conflicts
    assert "Target class: none (null: not established by this run)" in page.text and ": null" not in page.text


def test_a_system_without_an_overview_keeps_its_page(site):
    page = site.page("alpha/")
    assert "reports" in _h2(page) and "bounded-synthesis" not in page.ids


def test_a_description_not_recorded_is_never_the_lead(site):
    lead = _first_paragraph(site, "beta/memory/")
    assert lead.startswith("System:") and UNRECORDED in lead  # in the metadata line, quietly
    html = site.html("beta/memory/")
    assert f'<span class="rpt-unrecorded">{UNRECORDED}</span>' in html
    assert _first_paragraph(site, "alpha/memory/") == "A small memory report used by the tests."


def test_the_profile_shows_every_axis_at_its_anchor(site, built):
    page = site.page("inkwell/")
    _, checked = built
    comparison = checked.collection.systems["inkwell"].reports["memory-profile"].comparison
    for name in AXES:
        anchor = "axis-" + name.replace("_", "-")
        assert anchor in page.ids, anchor
        text = page.section_text[anchor]
        axis = comparison.axis(name)
        assert f"Assessment: {axis.assessment}" in text
        assert " ".join(axis.note.split()) in text  # the note, whole
        for finding in axis.evidence or []:
            assert f"{finding.value} basis: {finding.basis}" in text
            assert " ".join(finding.note.split()) in text
        cited = {link.text for link in page.links_in(anchor)}
        assert {r.id for r in axis.records} <= cited
    assert "Excluded are the hosted model and its provider state." in page.section_text["memory-profile"]
    assert "No value: the assessment is absent" in page.section_text["axis-curation-operations"]
    link = next(link for link in page.links_in("axis-lineage") if link.text == "RT-RTE-nightly-digest")
    assert site.resolve(page, link.href) == ("inkwell/runtime/", "rt-rte-nightly-digest")


def test_each_basis_is_a_badge_that_says_its_word(site):
    html = site.html("inkwell/")
    assert '<span class="rpt-basis rpt-basis--afforded">basis: afforded</span>' in html
    assert '<span class="rpt-basis rpt-basis--wired">basis: wired</span>' in html


def test_superseded_and_superseding_records_say_so_linked_both_ways(site):
    memory, reconciliation = site.page("inkwell/memory/"), site.page("inkwell/reconciliation/")
    backup, notes = memory.section_text["mem-obj-backup"], memory.section_text["mem-obj-notes"]
    assert "Superseded by MEM-OBJ-notes (amendment in the reconciliation)" in backup
    assert "the backup holds yesterday's notes" in backup  # what it changed
    assert "Supersedes MEM-OBJ-backup (amendment in the reconciliation)" in notes
    to_entry = [site.resolve(memory, link.href) for link in memory.links_in("mem-obj-backup")]
    assert ("inkwell/reconciliation/", "correction-1") in to_entry
    assert "correction-1" in reconciliation.ids
    back = {site.resolve(reconciliation, link.href) for link in reconciliation.links_in("corrections")}
    assert {("inkwell/memory/", "mem-obj-backup"), ("inkwell/memory/", "mem-obj-notes")} <= back


def test_an_unresolved_conflict_stands_on_the_overview_and_at_each_record_it_names(site):
    for url, record in (("inkwell/runtime/", "rt-rte-nightly-digest"), ("inkwell/memory/", "mem-rte-pad-read")):
        text = site.page(url).section_text[record]
        assert "Unresolved conflict with" in text and "disagree on whether a dropped note" in text
    for url in ("inkwell/", "inkwell/overview/"):
        page = site.page(url)
        assert "disagree on whether a dropped note" in page.section_text["unresolved-conflicts"]
        targets = {site.resolve(page, link.href) for link in page.links_in("unresolved-conflicts")}
        assert {("inkwell/runtime/", "rt-rte-nightly-digest"), ("inkwell/memory/", "mem-rte-pad-read"),
                ("inkwell/reconciliation/", "correction-2")} <= targets  # fmt: skip


def test_previews_and_the_record_index_know_the_corrections(site):
    previews = json.loads((site.root / "assets/mkdocs-reports/previews/inkwell.json").read_text(encoding="utf-8"))
    assert [(c["kind"], c["summary"]) for c in previews["mem-obj-backup"]["corrections"]] == [("superseded", "Superseded by MEM-OBJ-notes")]
    assert [c["kind"] for c in previews["rt-rte-nightly-digest"]["corrections"]] == ["conflicted"]
    assert previews["rt-obj-scratchpad"]["corrections"] == []
    rows = re.findall(r'<tr><td><a [^>]*>([A-Z]+-[A-Z]+-[a-z-]+)</a>.*?</tr>', site.html("records/"))
    html = site.html("records/")
    badges = dict(re.findall(r'>([A-Z]+-[A-Z]+-[a-z-]+)</a>(?:(?!</tr>).)*?data-rpt-correction="([a-z]+)"', html))
    assert rows and badges == {"MEM-OBJ-backup": "superseded", "MEM-OBJ-notes": "supersedes",
                               "MEM-RTE-pad-read": "conflicted", "RT-RTE-nightly-digest": "conflicted"}  # fmt: skip


def test_the_web_as_text_links_annotations_and_the_records_they_are_on(site):
    page = site.page("inkwell/")
    links = [(link.text, site.resolve(page, link.href)) for link in page.links_in("citation-web")]
    assert ("Memory report, annotation 1", ("inkwell/memory/", "annotation-1-on-rt-obj-scratchpad")) in links
    assert ("RT-OBJ-scratchpad", ("inkwell/runtime/", "rt-obj-scratchpad")) in links
    assert "Memory report, annotation 1 annotates RT-OBJ-scratchpad" in page.section_text["citation-web"]


def test_annotation_excerpts_under_external_records_link_their_ids(site):
    page = site.page("alpha/runtime/")  # the unpublished runtime member's cited records
    assert "The chat turn also reads MEM-OBJ-notes." in page.section_text["rt-rte-chat-turn"]
    link = next(link for link in page.links_in("rt-rte-chat-turn") if link.text == "MEM-OBJ-notes")
    assert site.resolve(page, link.href) == ("alpha/memory/", "mem-obj-notes")


def test_corrections_of_a_record_follow_its_reconciliation(built):
    _, checked = built
    corrections = Corrections(CitationGraph(checked.collection))
    assert corrections.kinds("inkwell", "MEM-OBJ-backup") == ["superseded"]
    assert corrections.kinds("inkwell", "MEM-OBJ-notes") == ["supersedes"]
    assert corrections.kinds("inkwell", "RT-RTE-nightly-digest") == ["conflicted"]
    assert corrections.of("inkwell", "RT-RTE-nightly-digest")[0].conflicting == 1  # its entry names the other
    assert corrections.kinds("inkwell", "RT-OBJ-scratchpad") == []
    assert [entry.kind for entry in corrections.conflicts("inkwell")] == ["conflict"]
    assert corrections.conflicts("ember") == []


HOSTILE = ('<script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(2)"> '
           '<a id="__config" class="md-header" href="javascript:alert(3)">x</a>')


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Site:
    """Inkwell with markup in the texts only the front page gathers: the profile's scope
    and notes, the overview's description."""
    reports = tmp_path_factory.mktemp("hostile") / "reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], reports).ok
    inkwell = reports / "inkwell"
    quoted = json.dumps(HOSTILE)  # a JSON string is a YAML one
    edits = {
        "memory-profile.yaml": [('"The scratchpad file is the only retained object."', quoted),
                                ('"Notes are prose the model reads."', quoted),
                                ('scope: "Included are', f"scope: {quoted[:-1]} Included are")],
        "overview.yaml": [("description: Inkwell keeps a user scratchpad", f"description: {quoted[:-1]} Inkwell keeps a user scratchpad"),
                          ("but no run shows their effect.\n", 'but no run shows their effect."\n')],
    }  # fmt: skip
    for name, changes in edits.items():
        path = inkwell / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text, (name, old)
            text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
    # no longer the published set its manifest pins
    manifest = inkwell / "_set.yaml"
    data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    del data["manifest"]
    manifest.write_text(yaml.safe_dump(data), encoding="utf-8")
    checked = check_collection(reports)
    assert checked.ok, checked.messages()
    return Site(build_site(make_project(tmp_path_factory.mktemp("site"), reports)))


def test_author_markup_on_the_front_page_stays_text(hostile):
    page = hostile.page("inkwell/")
    html = hostile.html("inkwell/")
    article = html[html.index("<article") : html.index("</article>")]
    # tags and attributes of the author's, as markup (as text, escaped, they are fine)
    assert not re.search(r"<(script|img)\b", article) and not re.search(r'<[^>]+ (id="__config"|href="javascript:)', article)
    assert page.event_attributes == [] and not [src for src in page.images if "evil.example" in src]
    assert "alert(1)" in page.section_text["axis-storage-substrate"]  # shown as text, not dropped
    assert "alert(1)" in page.section_text["memory-profile"] and "alert(1)" in page.section_text["title"]


def test_a_revision_2_profile_shows_its_units_on_a_page_without_an_overview(reports, tmp_path):
    from test_profile import MEMORY_RECORDS, revision_2

    reports.report("tally", MEMORY_RECORDS)
    reports.write("tally/memory-profile.yaml", revision_2())
    assert reports.check().ok
    page = Site(build_site(make_project(tmp_path / "site", reports.root))).page("tally/")
    assert "reports" in _h2(page) and "memory-profile" in _h2(page)  # today's page, with the profile
    text = page.section_text["axis-write-agency"]
    assert "Assessment: partial" in text and "Unit 1: The curation route." in text
    assert "automatic basis: wired — Code admits the curator's text." in text
    assert "Unit 2: The initial notes." in text and "No value: the assessment is not-determinable" in text
    assert "Who writes the first notes is not recorded." in text
    assert "No value: the assessment is uninspected" in page.section_text["axis-lineage"]
    assert "The lineage was not inspected." in page.section_text["axis-lineage"]
