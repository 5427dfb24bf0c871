"""The real collection in reports/, built with this repository's mkdocs.yml (strict)."""

from __future__ import annotations

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import REPO, Site, missing_sentences, record_problems

pytestmark = pytest.mark.site

REPORTS = REPO / "reports"


@pytest.fixture(scope="module")
def checked():
    result = check_collection(REPORTS)
    assert result.collection.reports(), "no reports in reports/"
    assert result.ok, [str(d) for d in result.diagnostics]
    return result


@pytest.fixture(scope="module")
def site(checked, real_site_dir) -> Site:
    return Site(real_site_dir)


def test_every_link_resolves(site):
    assert site.broken_links() == []


def test_every_record_has_its_entry_backlinks_and_index_row(site, checked):
    assert record_problems(site, checked.graph) == []


def test_every_annotation_appears_on_the_record_it_annotates(site, checked):
    for (system, record_id), on_record in checked.graph.annotations_on.items():
        record = checked.graph.resolve(system, record_id)
        page = site.page(f"{system}/{record.member}/")
        targets = {link.href.rsplit("#", 1)[-1] for link in page.links_in(record.anchor)}
        assert {a.anchor for a in on_record} <= targets, f"{system}:{record_id}"


def test_every_system_is_listed_and_every_report_is_in_its_systems_navigation(site, checked):
    listed = {link.href for link in site.page("systems/").links}
    for report in checked.collection.reports():
        assert f"../{report.system}/" in listed
        nav = {link.href for link in site.page(f"{report.system}/{report.member}/").links if link.section is None}
        assert {"../", "./", "../../systems/"} <= nav, report.path


def test_every_sentence_of_every_report_is_on_its_page(site, checked):
    """Nothing is lost between the YAML and the page a reader sees."""
    assert missing_sentences(site, checked.collection) == []


#: the longest report page's HTML as the site serves it (under 143 KB with the same content
#: while the site copied and compacted three of Material's partials; 148 KB before labels
#: were said once per page). Material's own header and table-of-contents partials, which
#: the site now uses as they are, indent their HTML: about 10 KB of it, 0.8 KB compressed.
PAGE_BUDGET = 154_000


def test_the_longest_report_page_stays_within_its_budget(site):
    sizes = {
        url: (site.root / url / "index.html").stat().st_size
        for url, page in site.pages.items()
        if url.count("/") == 2 and page.headings and any(h.startswith("mem-") or h.startswith("rt-") for h in page.headings)
    }
    longest = max(sizes, key=sizes.get)
    assert len(sizes) >= 4 and sizes[longest] < PAGE_BUDGET, (longest, sizes[longest])
