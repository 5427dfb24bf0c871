"""An entry many records share is shown once, and each record links to it.

One ``Unresolved conflict:`` naming 1,200 records made every record list the other 1,199,
at its entry and in its preview (a site of 192 MB for one of 6 MB); an ``Amendment:``
superseded by as many repeated its whole text at each of them. A record now says that it is
in the entry and links to it; the entry lists its records once. The pages are made in memory
(``SitePages``), as the site builds them.
"""

from __future__ import annotations

import re

from mkdocs_reports.core.rules.graph import CitationGraph
from mkdocs_reports.pages import SitePages

CONFLICT = "Unresolved conflict:"
SUPERSESSION = "Amendment: MEM-OBJ-n0 is superseded by"


def wide_entry(reports, count: int, entry: str) -> CitationGraph:
    """A memory member of ``count`` records and a reconciliation whose one entry (``entry``,
    then the records) names them all."""
    records = "".join(f"  - id: MEM-OBJ-n{i}\n    label: Item {i}\n" for i in range(count))
    reports.report("alpha", "records:\n" + records)
    named = ", ".join(f"MEM-OBJ-n{i}" for i in range(count) if f"MEM-OBJ-n{i}" not in entry)
    reports.write("alpha/reconciliation.yaml",
                  "type: agentic-system-reconciliation-report\ntitle: Reconciliation\n"
                  "description: The reconciliation.\nrun_id: AAS-2026-01-01-alpha-01\n"
                  "reviewed_boundary: 0123456789abcdef0123456789abcdef01234567\n"
                  f"reconciliation: |\n  {entry} {named}: they disagree on the store.\n")
    checked = reports.check()
    assert checked.errors == [], checked.errors[:3]
    return checked.graph


def site_bytes(graph: CitationGraph) -> tuple[dict[str, str], int]:
    """The pages' HTML by path, and the bytes of the pages and the previews' JSON together."""
    site = SitePages(graph)
    pages = {path: spec.html for path, spec in site.pages().items()}
    previews = site.previews()
    return pages, sum(len(html.encode()) for html in pages.values()) + sum(len(previews[name].encode()) for name in previews)


def record_section(html: str, anchor: str) -> str:
    """A record's entry on its page: from its heading to the next heading of a record or section."""
    start = html.index(f'id="{anchor}"')
    end = re.compile(r"<h[1-4][ >]").search(html, start)
    return html[start : end.start() if end else len(html)]


def test_a_record_in_a_wide_conflict_shows_the_conflict_once_not_the_records_it_names(reports):
    pages, _ = site_bytes(wide_entry(reports, 1200, CONFLICT))
    entry = record_section(pages["alpha/memory.md"], "mem-obj-n600")
    assert "Unresolved conflict" in entry
    assert re.search(r'href="[^"]*reconciliation/#correction-1"', entry)  # linked to the entry
    others = set(re.findall(r"MEM-OBJ-n\d+", entry)) - {"MEM-OBJ-n600"}
    assert len(others) < 20, len(others)  # the entry's first words at most, not the 1,199
    reconciliation = pages["alpha/reconciliation.md"]  # the entry lists them all, once
    start = reconciliation.index('id="correction-1"')
    listed = re.findall(r">(MEM-OBJ-n\d+)</a>", reconciliation[start : reconciliation.index("</li>", start)])
    assert set(listed) == {f"MEM-OBJ-n{i}" for i in range(1200)} and len(listed) < 1200 + 20


def test_a_wide_conflict_makes_a_site_linear_in_its_records(reports, tmp_path):
    _, small = site_bytes(wide_entry(reports, 300, CONFLICT))
    reports.root = tmp_path / "large"
    _, large = site_bytes(wide_entry(reports, 1200, CONFLICT))
    assert large / small <= 4.5, (small, large)  # 16 when each record lists all the others


def test_a_supersession_by_many_records_makes_a_site_linear_in_its_records(reports, tmp_path):
    _, small = site_bytes(wide_entry(reports, 300, SUPERSESSION))
    reports.root = tmp_path / "large"
    pages, large = site_bytes(wide_entry(reports, 1200, SUPERSESSION))
    assert large / small <= 4.5, (small, large)
    entry = record_section(pages["alpha/memory.md"], "mem-obj-n600")
    assert "Supersedes" in entry and ">MEM-OBJ-n0</a>" in entry  # what it replaces, linked
    assert re.search(r'href="[^"]*reconciliation/#correction-1"', entry)
    superseded = record_section(pages["alpha/memory.md"], "mem-obj-n0")  # the one record that lists them
    assert set(re.findall(r">(MEM-OBJ-n\d+)</a>", superseded)) >= {f"MEM-OBJ-n{i}" for i in range(1, 1200)}
