"""The published sets (tests/fixtures/sets/retained, imported) built into a real site: the
overview, reconciliation and memory profile have their pages, every sentence of every
member is on its page (the profile's comparison too), and every link resolves. One build,
shared by the module."""

from __future__ import annotations

import pytest

from conftest import FIXTURES
from sitehtml import imported_site, missing_sentences

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return imported_site(tmp_path_factory, [FIXTURES / "sets" / "retained"])


def test_every_sentence_of_every_member_is_on_its_page(built):
    site, checked = built
    assert missing_sentences(site, checked.collection) == []


def test_every_link_resolves(built):
    site, _ = built
    assert site.broken_links() == []


def test_the_new_members_have_their_pages(built):
    site, _ = built
    for member in ("overview", "reconciliation", "memory-profile"):
        assert site.page(f"inkwell/{member}/").headings, member
    profile = site.page("inkwell/memory-profile/")
    assert profile.headings["memory-comparison"] == "Memory comparison"
    assert site.page("ember/overview/").headings
