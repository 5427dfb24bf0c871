"""The home page's glance, as the page layer writes it (in memory): what each system is, in
the words its reports do say, a value that was not recorded never its lead."""

from __future__ import annotations

import re

from conftest import completed
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
    reports.write("flint/memory.yaml", completed(
        "type: agentic-system-memory-report\nsystem: Flint\ntitle: Flint memory report\n"
        f"description: {NOT_RECORDED}\nboundary: Flint keeps a ledger of runs. It was read at one commit.\n", "Flint", "flint"))
    cells = glance_cells(reports)
    # what another of its reports does say, whichever member comes first
    assert cells["Ember"] == "Ember runs as a nightly job."
    assert cells["Gale"] == "Gale keeps notes."
    # no description says what Flint is: the first sentence of what its reports do say
    assert cells["Flint"] == "Flint keeps a ledger of runs."
    assert "not recorded" not in "".join(cells.values())


def test_the_glance_of_this_collection_says_what_each_system_is():
    """The repository's own collection, converted from plain text, recorded no description:
    the glance shows what each memory report says first, never "not recorded"."""
    from pathlib import Path

    from mkdocs_reports.core.rules.collection_check import check_collection

    root = Path(__file__).resolve().parents[1] / "reports"
    html = SitePages(check_collection(root, base=root.parent).graph).glance("index.md").html
    rows = dict(re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td>\s*<td>(.*?)</td>", html, re.DOTALL))
    assert set(rows) == {"Cludebot", "MindBase", "Signet", "Ultimate"}
    for system, cell in rows.items():
        assert "not recorded" not in cell and len(cell) > 40, (system, cell)
    assert rows["Ultimate"].startswith("Ultimate retains project knowledge")


def test_a_value_not_recorded_is_said_quietly_wherever_a_system_page_shows_it():
    """The repository's own systems (no overview: the system page) recorded no description,
    run or source identity: every cell and card that shows one says it quietly."""
    from pathlib import Path

    from mkdocs_reports.core.rules.collection_check import check_collection

    root = Path(__file__).resolve().parents[1] / "reports"
    pages = SitePages(check_collection(root, base=root.parent).graph).pages()
    page = pages["ultimate/index.md"].html
    text = re.sub(r'<span class="rpt-unrecorded">.*?</span>', "", re.sub(r'data-rpt-label="[^"]*"', "", page), flags=re.DOTALL)
    assert page.count("not recorded —") > 3
    assert "not recorded" not in text
