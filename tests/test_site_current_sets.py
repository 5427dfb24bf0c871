"""The method's current sets (tests/fixtures/sets/current, imported) built into a real site
with --strict: every sentence of every member is on its page, every link resolves, and the
front page of the blocked set tells its boundary. One build, shared by the module."""

from __future__ import annotations

import shutil

import pytest

from conftest import FIXTURES
from mkdocs_reports.core.check import check_collection
from mkdocs_reports.core.markdown_import import import_markdown
from sitehtml import Site, build_site, make_project, missing_sentences

pytestmark = pytest.mark.site
CURRENT = FIXTURES / "sets" / "current"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    reports = tmp_path_factory.mktemp("imported") / "reports"
    (reports / "_types").mkdir(parents=True)
    shutil.copy(CURRENT / "quill-runtime-types" / "runtime-set.yaml", reports / "_types")
    result = import_markdown([CURRENT / "quill", CURRENT / "quill-runtime", CURRENT / "tern"], reports)
    assert result.ok, [str(d) for d in result.diagnostics]
    checked = check_collection(reports)
    assert checked.ok, checked.messages()
    return Site(build_site(make_project(tmp_path_factory.mktemp("site"), reports))), checked


def test_every_sentence_of_every_member_is_on_its_page(built):
    site, checked = built
    assert missing_sentences(site, checked.collection) == []


def test_every_link_resolves(built):
    site, _ = built
    assert site.broken_links() == []


def test_a_link_citation_goes_to_the_records_declaration(built):
    site, _ = built
    page = site.page("quill-runtime/runtime/")
    assert page.headings["rt-obj-note-store"].startswith("RT-OBJ-note-store")
    assert any(link.href.endswith("#rt-obj-note-store") for link in page.links)
