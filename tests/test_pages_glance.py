"""The home page's glance, as the page layer writes it (in memory): what each system is, in
the words its reports do say, a value that was not recorded never its lead."""

from __future__ import annotations

import re

from mkdocs_reports.pages import SitePages

NOT_RECORDED = "not recorded — the plain-text rendering this collection was converted from does not carry it"


def glance_cells(reports) -> dict[str, str]:
    """System → the HTML of its "What it is" cell."""
    html = SitePages(reports.check().graph).glance("index.md").html
    rows = re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td>\s*<td>(.*?)</td>", html, re.DOTALL)
    return dict(rows)


def test_the_glance_never_leads_with_a_value_that_was_not_recorded(reports):
    reports.report("ember", f"description: {NOT_RECORDED}\n")
    reports.member("ember", "runtime", "description: Ember runs as a nightly job.\n")
    reports.report("gale", "description: Gale keeps notes.\n")
    reports.member("gale", "runtime", f"description: {NOT_RECORDED}\n")
    reports.report("flint", f"description: {NOT_RECORDED}\n")
    cells = glance_cells(reports)
    # what another of its reports does say, whichever member comes first
    assert cells["Ember"] == "Ember runs as a nightly job."
    assert cells["Gale"] == "Gale keeps notes."
    # nothing says what Flint is: said quietly, its reason left to the report's own page
    assert re.fullmatch(r'<span class="rpt-unrecorded">not recorded</span>', cells["Flint"]), cells["Flint"]
