"""The comparison of memory profiles on the generated pages (in memory: ``pagehtml``), read
as HTML (no script): a row per
profiled system and a column per axis, each value with its bases and a link to its evidence
on the profile's page, the systems without a profile listed as such, a chart and a count of
systems per value for each axis (each count a link into the filtered comparison), the CSV
and JSON published beside it as data (a formula in author text stays text), and the home
page leading with the systems and the comparison's headline. No other page carries it."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from mkdocs_reports.core.schemas.type_files import builtin_method
from profiles import PROFILED, WITHOUT, profile_collection

AXES = list(builtin_method().comparison.axes)


@pytest.fixture(scope="module")
def site(tmp_path_factory, generated_pages):
    return generated_pages(profile_collection(tmp_path_factory.mktemp("profiles")))


def _table(site):
    return site.page("comparison/").tables[0]


def test_a_row_per_profiled_system_and_a_column_per_axis(site):
    header, *rows = _table(site)
    assert header == ["System", *[a.replace("read_back", "read-back").replace("_", " ").capitalize() for a in AXES]]
    assert [row[0].split()[0] for row in rows] == PROFILED
    quarry = dict(zip(AXES, rows[2][1:], strict=True))
    # each value with its bases, in words; an axis with no value says its assessment
    assert "inferred-embedding observed" in quarry["read_back_signal"]
    assert "dedup wired" in quarry["curation_operations"] and "decay claimed" in quarry["curation_operations"]
    assert "uninspected" in quarry["trace_source"]
    loom = dict(zip(AXES, rows[1][1:], strict=True))
    assert "inferred-judgment causally supported" in loom["read_back_signal"]  # revision 2: from its units
    assert "absent" in loom["curation_operations"] and "inapplicable" in loom["trace_source"]
    inkwell = dict(zip(AXES, rows[0][1:], strict=True))
    assert "partial" in inkwell["write_agency"] and "automatic wired" in inkwell["write_agency"]


def test_each_value_links_to_its_evidence_on_the_profile(site):
    page = site.page("comparison/")
    links = {(link.text, link.href) for link in page.links_in("profiles")}
    assert ("inferred-embedding", "../quarry/memory-profile/#memory-comparison--read-back-signal--findings-row-1") in links
    assert ("sqlite", "../quarry/memory-profile/#memory-comparison--storage-substrate--findings-row-1") in links
    assert ("vector", "../quarry/memory-profile/#memory-comparison--storage-substrate--findings-row-2") in links
    profile = site.page("quarry/memory-profile/")
    row = profile.section_text.get("memory-comparison--read-back-signal", "")
    assert "Recall ranks facts by cosine similarity to the query." in row  # the evidence's note is where it links
    assert site.broken_links() == []


def test_systems_without_a_profile_are_listed_as_such(site):
    page = site.page("comparison/")
    assert [link.text for link in page.links_in("without-profile")] == WITHOUT
    assert "Ember" not in [row[0].split()[0] for row in _table(site)[1:]]


def test_each_axis_counts_its_systems_per_value_and_each_count_opens_them(site):
    page = site.page("comparison/")
    html = site.html("comparison/")
    for axis in AXES:
        assert f"values-{axis.replace('_', '-')}" in page.headings
    # the chart: a bar a value, each a link to the filtered comparison, its counts in words
    chart = re.search(r'<svg class="rpt-chart rpt-axis-chart"[^>]*><title>Read-back signal: [^<]*</title>.*?</svg>', html, re.DOTALL)
    assert chart is not None
    bars = dict(re.findall(r'<a xlink:href="([^"]+)" class="rpt-chart-bar"><title>([^<]+)</title>', chart.group(0)))
    assert bars["./?read_back_signal=inferred-embedding"] == "inferred-embedding: 1 (1 observed) systems"
    assert bars["./?read_back_signal=coarse"] == "coarse: 1 (1 wired) systems"
    # its text alternative: a table a value, the count a link
    counts = next(t for t in page.tables if t[0] == ["Value", "Systems", "By basis"] and ["files", "1", "1 wired"] in t)
    assert ["sqlite", "1", "1 wired"] in counts and ["in-memory", "0", ""] in counts
    lineage = [t for t in page.tables if t[0] == ["Value", "Systems", "By basis"]][AXES.index("lineage")]
    assert ["authored", "2", "1 wired, 1 afforded"] in lineage and ["trace-extracted", "2", "2 wired"] in lineage
    curation = [t for t in page.tables if t[0] == ["Value", "Systems", "By basis"]][AXES.index("curation_operations")]
    assert ["absent", "2", "—"] in curation
    assert "?curation_operations=absent" in {link.href for link in page.links}


def test_the_downloads_are_the_comparison_as_data(site):
    rows = list(csv.DictReader(io.StringIO(site.file_text("comparison/comparison.csv"))))
    assert [r["system"] for r in rows] == sorted(PROFILED + WITHOUT)
    by = {r["system"]: r for r in rows}
    assert by["Quarry"]["read_back_signal"] == "inferred-embedding (observed)"
    assert by["Quarry"]["storage_substrate"] == "sqlite (wired); vector (observed)"
    assert by["Inkwell"]["write_agency"] == "partial: automatic (wired)"
    assert by["Loom"]["curation_operations"] == "absent" and by["Ember"]["profiled"] == "no"
    data = json.loads(site.file_text("comparison/comparison.json"))
    quarry = next(e for e in data if e["system"] == "Quarry")
    signal = quarry["axes"]["read_back_signal"]
    assert signal["values"] == [{"value": "inferred-embedding", "bases": ["observed"], "records": ["MEM-RTE-recall"],
                                 "notes": ["Recall ranks facts by cosine similarity to the query."],
                                 "url": "quarry/memory-profile/#memory-comparison--read-back-signal--findings-row-1"}]
    assert next(e for e in data if e["system"] == "Ember") == {"system": "Ember", "slug": "ember", "profiled": False, "url": "ember/",
                                                                 "profile_url": None, "axes": {}}
    page = site.page("comparison/")
    assert {"comparison.csv", "comparison.json"} <= {link.href for link in page.links}


def test_no_other_page_carries_the_comparison(site):
    for url in site.pages:
        if url != "comparison/":
            assert 'class="rpt-comparison' not in site.html(url), url
            assert "rpt-axis-chart" not in site.html(url), url


def test_the_home_page_leads_with_the_systems_and_the_comparison(site):
    home = site.page("")
    glance = home.tables[0]
    assert glance[0] == ["System", "What it is", "Reports"]
    assert [row[0] for row in glance[1:]] == sorted(PROFILED + WITHOUT)
    assert glance[1][1].startswith("Ember, a hosted note assistant")
    text = home.section_text["collection"]
    assert "Compared: 3 of 4 systems have a memory profile" in text
    assert "comparison/" in {link.href for link in home.links_in("collection")}
    assert "comparison/?representational_form=natural-language" in {link.href for link in home.links_in("collection")}
    # the collection's counts of record kinds are not what it leads with
    assert "records declared" not in text


def test_a_formula_in_a_system_name_stays_text_in_the_csv(tmp_path, generated_pages):
    reports = profile_collection(tmp_path / "hostile")
    set_file = reports / "quarry" / "_set.yaml"
    set_file.write_text(set_file.read_text(encoding="utf-8").replace("system: Quarry", "system: '=SUM(1+1)*2'"), encoding="utf-8")
    site = generated_pages(reports)
    rows = list(csv.reader(io.StringIO(site.file_text("comparison/comparison.csv"))))
    assert [row[0] for row in rows if "SUM" in row[0]] == ["'=SUM(1+1)*2"]
    data = json.loads(site.file_text("comparison/comparison.json"))
    assert "=SUM(1+1)*2" in [e["system"] for e in data]  # JSON is data: the name as written
    assert "=SUM(1+1)*2" in [row[0].split()[0] for row in site.page("comparison/").tables[0][1:]]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_no_downloaded_cell_starts_a_formula(start):
    from mkdocs_reports.pages.comparison import comparison_csv

    entry = {"system": f"{start}cmd", "profiled": True, "url": f"{start}x/", "axes": {}}
    rows = list(csv.reader(io.StringIO(comparison_csv([entry], AXES))))
    assert rows[1][0] == f"'{start}cmd" and rows[1][-1] == f"'{start}x/"
