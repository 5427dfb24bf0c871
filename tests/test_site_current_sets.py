"""The method's current sets (tests/fixtures/sets/current, imported) built into a real site
with --strict: every sentence of every member is on its page, every link resolves, and the
front page of the blocked set tells its boundary. One build, shared by the module."""

from __future__ import annotations

import pytest

from conftest import FIXTURES
from sitehtml import imported_site, missing_sentences

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)
CURRENT = FIXTURES / "sets" / "current"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return imported_site(tmp_path_factory, [CURRENT / "quill", CURRENT / "quill-runtime", CURRENT / "tern"],
                         [CURRENT / "quill-runtime-types" / "runtime-set.yaml"])


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
