"""No attribute of any page holds what an author wrote, but the ones meant to: a link's
target (``href``) and the ``data-rpt-*`` the site's scripts read as text. Names of pictures
(the citation web, the status charts, the comparison's charts), of the theme's landmarks
(a section of the table of contents, as on the Changes page) and of the footer's links are
text the page shows or holds hidden, and the attribute points at it (``aria-labelledby``).

The hostile collection (tests/hostile.py: every free-text field of every member type a
vector that calls ``alert``) is built, not strictly, as a pull request's preview with its
Changes page, with Material's footer on; every page's attributes are read as a browser
reads them (the standard library's parser), and none may hold a vector's words."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from conftest import run_cli
from hostile import DOCS_PAGE, write_hostile_collection
from sitehtml import SAMPLE, build_site, make_project

pytestmark = pytest.mark.site

#: what every vector of the hostile collection holds, one of them at least, and no
#: attribute of the site or the theme does
AUTHOR_WORDS = re.compile(r"alert\(|confirm\(|prompt\(|onerror=|<img|<script|<svg")
#: attributes that hold author text by design: a link's target (an author's link), the
#: labels and values the site's scripts read with textContent or getAttribute
MEANT = re.compile(r"(?:xlink:)?href|data-rpt-[a-z-]+")
#: and the title of an author's own Markdown link (``[a](https://… "title")``), which the
#: sanitizer keeps only without ``<`` or ``&``
AUTHORS_LINK_TITLE = ("a", "title")


class _Attributes(HTMLParser):
    """Every attribute of a page: (tag, name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.found.extend((tag, name, value or "") for name, value in attrs)


@pytest.fixture(scope="module")
def site(tmp_path_factory, request):
    root = tmp_path_factory.mktemp("author-attributes")
    project = make_project(root / "project", reports=None, docs={"notes.md": DOCS_PAGE})
    write_hostile_collection(project / "reports")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  features:\n", "  features:\n    - navigation.footer\n", 1), encoding="utf-8")
    base = run_cli("export", "--format", "json", str(SAMPLE))
    assert base.returncode == 0, base.stderr
    (root / "base.json").write_text(base.stdout, encoding="utf-8")
    patch = pytest.MonkeyPatch()
    request.addfinalizer(patch.undo)
    patch.setenv("REPORTS_PREVIEW_PR", "7")
    patch.setenv("REPORTS_BASE_EXPORT", str(root / "base.json"))
    return build_site(project, strict=False)


def test_the_build_has_every_kind_of_page(site):
    changes = (site / "changes" / "index.html").read_text(encoding="utf-8")
    assert "Changes in pull request #7" in changes and 'class="md-footer__link' in changes
    system = (site / "evil" / "index.html").read_text(encoding="utf-8")
    assert 'class="rpt-web"' in system and 'class="rpt-chart"' in system
    assert json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_no_attribute_of_any_page_holds_author_text(site):
    found = []
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        parser = _Attributes()
        parser.feed(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(site)}: <{tag} {name}={value[:80]!r}>" for tag, name, value in parser.found
                  if not MEANT.fullmatch(name) and (tag, name) != AUTHORS_LINK_TITLE and AUTHOR_WORDS.search(value)]
    assert found == []


def test_every_named_element_is_named_by_text_on_its_page(site):
    """Each ``aria-labelledby`` points at an element of its page, and a picture's name is
    that element's text (the system's name among it)."""
    html = (site / "evil" / "index.html").read_text(encoding="utf-8")
    ids = set(re.findall(r' id="([^"]+)"', html))
    pointed = [target for value in re.findall(r' aria-labelledby="([^"]+)"', html) for target in value.split()]
    assert pointed and [target for target in pointed if target not in ids] == []
    picture = re.search(r'<div class="rpt-picture"[^>]*aria-labelledby="([^"]+)"', html)
    assert picture is not None
    name = re.search(rf'<span id="{picture.group(1)}"[^>]*>([^<]*)</span>', html)
    assert name is not None and name.group(1).startswith("Citation web of ")
