"""MkDocs checks a hand-written page's links into the generated pages once every page is
written (``validation: links: anchors``), against the ids each written page still holds
(packed: ``adapter.page.PresentIds``): a link to a record's anchor passes, a link to an
anchor the page lacks is reported, and a strict build fails on it."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import Abort

from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

PAGE = """# Notes

The embedder is [MEM-CMP-embedder](alpha/memory.md#mem-cmp-embedder).
{extra}
"""


def _project(tmp_path, extra: str):
    project = make_project(tmp_path / "project", docs={"notes.md": PAGE.format(extra=extra)})
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "\nvalidation:\n  links:\n    anchors: warn\n", encoding="utf-8")
    return project


def test_a_link_to_a_records_anchor_on_a_generated_page_passes_a_strict_build(tmp_path):
    site = build_site(_project(tmp_path, ""))
    assert 'href="../alpha/memory/#mem-cmp-embedder"' in (site / "notes" / "index.html").read_text(encoding="utf-8")


def test_a_link_to_an_anchor_a_generated_page_lacks_fails_a_strict_build(tmp_path, caplog):
    with pytest.raises(Abort):
        build_site(_project(tmp_path, "And [nothing](alpha/memory.md#no-such-record)."))
    assert any("no-such-record" in record.getMessage() for record in caplog.records), [r.getMessage() for r in caplog.records]
