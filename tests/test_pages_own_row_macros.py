"""A site's own ``tables.html.j2`` (its theme's ``custom_dir``) writes the rows of the tables
that list every system: its markup stays on them, though each system's rows are sanitized
apart from the page (and kept while serving), as it stays on the rest of its templates."""

from __future__ import annotations

from pathlib import Path

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import PageSettings, SitePages
from sitehtml import SAMPLE

PACKAGE_TABLES = Path(__file__).parent.parent / "plugins" / "mkdocs_reports" / "templates" / "reports" / "tables.html.j2"


def test_a_sites_own_row_markup_stays_on_the_rows_of_the_systems_page_and_the_coverage_overview(tmp_path):
    tables = PACKAGE_TABLES.read_text(encoding="utf-8")
    for macro in ("systems_row(view)", "kinds_row(view)"):
        start = tables.index(f"{{% macro {macro} -%}}")
        row = tables.index("<tr>", start)
        tables = tables[:row] + '<tr class="site-row">' + tables[row + len("<tr>"):]
    own = tmp_path / "overrides" / "reports"
    own.mkdir(parents=True)
    (own / "tables.html.j2").write_text(tables, encoding="utf-8")
    pages = SitePages(check_collection(SAMPLE).graph, PageSettings(templates=tmp_path / "overrides")).pages()
    assert pages["systems/index.md"].html.count('<tr class="site-row">') == 2
    assert pages["coverage.md"].html.count('<tr class="site-row">') == 2
