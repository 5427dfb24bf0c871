"""A set imported from the method's Markdown, built into a real site: every sentence of
every member is on its page and every link resolves (with the words of every Markdown line
in the YAML, tested in test_markdown_import, nothing the author wrote is lost)."""

from __future__ import annotations

import pytest

from markdown_helpers import INKWELL, imported, new_collection
from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import Site, build_site, make_project, missing_sentences, record_problems

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    into = new_collection(tmp_path_factory.mktemp("imported") / "reports")
    imported([INKWELL], into)
    checked = check_collection(into)
    site = Site(build_site(make_project(tmp_path_factory.mktemp("site"), into)))
    return checked, site


def test_every_sentence_of_the_imported_set_is_on_its_page(built):
    checked, site = built
    assert missing_sentences(site, checked.collection) == []


def test_every_link_and_back_link_of_the_imported_set_resolves(built):
    checked, site = built
    assert site.broken_links() == []
    assert record_problems(site, checked.graph) == []
    assert "Status:" in site.page("inkwell/memory/").text and "complete" in site.page("inkwell/memory/").text
