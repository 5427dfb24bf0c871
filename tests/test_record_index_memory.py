"""The record index is the largest page by far (13 MB of HTML at 1,000 reports, a row per
record) and the moment it is made and written is when a build holds most: what making and
writing it costs is counted in copies of its HTML. Sizes, not times: nothing here depends
on the machine."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from test_site_navigation import collection


def _most_held(make: Callable[[], Any]) -> tuple[Any, int]:
    """What ``make`` returns, and the most Python held beyond what it held before, while it ran."""
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        made = make()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return made, peak - before


def _held(make: Callable[[], Any]) -> tuple[Any, int]:
    """What ``make`` returns, and what Python holds once it returned beyond what it held before."""
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        made = make()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return made, after - before


def test_the_record_index_is_made_holding_its_html_at_most_twice(tmp_path):
    """Its rows were listed with their places, sorted, joined into a string, which was kept
    beside the page it filled, and the page was held as text and again encoded: three copies
    of its HTML at once. Its rows come in the index's order from each system's (already in
    it) and go into the page in one join: the rows and the page: twice its HTML, and the rows' places."""
    site = SitePages(check_collection(collection(tmp_path / "many", 120)).graph)
    site.planned()["records.md"].make()  # what every page shares (templates, link caches) made once
    planned = site.planned()["records.md"]
    spec, held = _most_held(planned.make)
    size = len(spec.html)
    assert size > 250_000 and spec.html.count("<tr") > 120 * 7, size  # a page of many rows
    assert held < 2.4 * size, (held, size, held / size)


def _written(rows: int) -> tuple[str, str]:
    """A page as a theme writes it (its chrome: landmarks, a footer, ``<html>``) around a
    content of ``rows`` rows each labelling a link of its own, as the record index's do."""
    content = "<table><tbody>\n" + "\n".join(
        f'<tr><td><a data-rpt-label="Record {n}" href="../s{n % 97:02d}/memory/#mem-obj-n{n}">MEM-OBJ-n{n}</a></td>'
        f'<td><a href="../s{n % 97:02d}/">S{n % 97:02d}</a></td><td><a href="../s{n % 97:02d}/memory/">Memory report</a></td>'
        f'<td>Objects</td><td>Record {n}, as its author labelled it in the report</td><td><span class="rpt-status '
        f'rpt-status--confirmed" data-rpt-layer="Implementation">Implementation: confirmed</span></td><td>3</td></tr>'
        for n in range(rows)
    ) + "\n</tbody></table>"
    chrome = (
        '<!doctype html><html lang="en"><body><nav class="md-path" aria-label="Navigation"></nav>'
        '<nav class="md-nav" data-md-level="1" aria-labelledby="__nav_2_label"><label class="md-nav__title" for="__nav_2">Systems</label></nav>'
        '<article class="md-content__inner">{}</article>'
        '<a href="../coverage/" class="md-footer__link md-footer__link--next" aria-label="Next: Coverage">Next</a></body></html>'
    )
    return chrome.format(content), content


def test_labels_said_once_already_cost_no_copy_of_the_page():
    """Every row's link was copied into a new page even when no label was said twice."""
    from mkdocs_reports.adapter.label_once import label_once

    output, _ = _written(5000)
    same, held = _most_held(lambda: label_once(output))
    assert same is output
    assert held < 0.6 * len(output), (held, len(output))  # the set of the places it links to


def test_the_plugins_edits_of_a_written_page_copy_it_once():
    """The theme's landmarks, the site's root and the labels were each edited into a new
    copy of the whole page, the record index's rows and all (four copies of it at once
    beside the one MkDocs holds). What the theme wrote around the content is edited on
    its own, small; the page is then joined once."""
    from mkdocs_reports.adapter.page_edits import edited_page

    output, content = _written(5000)
    page, held = _most_held(lambda: edited_page(output, content, "../", "records/"))
    assert 'aria-label="Breadcrumbs"' in page and 'id="__nav_2_title"' in page and 'data-rpt-site="' in page
    assert 'aria-label="Next: Coverage"' not in page and content in page
    assert held < 1.3 * len(output), (held, len(output), held / len(output))


def test_a_page_given_back_before_it_is_written_is_packed_without_a_whole_encoded_copy(tmp_path):
    """MkDocs gives a page's HTML back after every plugin's ``on_page_content``; it was
    encoded whole to be packed, a second copy of the record index beside its text."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import File

    from mkdocs_reports.adapter.page import ReportPage
    from mkdocs_reports.pages import PageSpec, PlannedPage
    from sitehtml import REPO

    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    output, content = _written(5000)
    spec = PageSpec("records.md", "Record index", content, [], frozenset())
    page = ReportPage(PlannedPage.made(spec), File("records.md", str(tmp_path), str(tmp_path / "site"), True), config)
    text = content + "—"  # a character beyond Latin-1: two bytes a character as text
    _, held = _most_held(lambda: setattr(page, "content", text))
    assert page.content == text
    assert held < 0.5 * len(text.encode()), (held, len(text.encode()))


def test_a_rendered_pages_ids_are_held_packed_until_it_is_written(tmp_path):
    """MkDocs renders every page before it writes the first, and a rendered page held its
    ids as a set until it was written (13 MB for the pages of 1,000 reports at once)."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files

    from mkdocs_reports.adapter.page import ReportPage
    from mkdocs_reports.pages import PageSpec, PlannedPage
    from sitehtml import REPO

    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path / "site"))

    def ids() -> frozenset[str]:  # made afresh, as a page's are
        return frozenset(f"mem-rte-record-{number}--later-read-back" for number in range(5000))

    planned = PlannedPage("a.md", "A", {}, None, False, None, "1", lambda: PageSpec("a.md", "A", "<p>a</p>", [], ids()))
    page = ReportPage(planned, File("a.md", str(tmp_path), str(tmp_path / "site"), True), config)
    as_set, set_bytes = _held(lambda: set(ids()))
    _, rendered = _held(lambda: page.render(config, Files([])))
    assert page.present_anchor_ids is not None and set(page.present_anchor_ids) == ids()
    assert rendered < set_bytes / 2, (rendered, set_bytes)
