"""The plugin does not depend on Material: the sample collection built with MkDocs' own
theme (``theme: mkdocs``), strictly, every link resolving, a preview with its banner and
404 redirect. Under ProperDocs the theme is the ``properdocs-theme-mkdocs`` package."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from mkdocs_reports.core.export.json import collection_json
from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import GENERATOR, SAMPLE, Site, build_site, make_project, record_problems

pytestmark = pytest.mark.site

PLAIN_THEME = """\
site_name: Reports with MkDocs' own theme
theme:
  name: mkdocs
plugins:
  - search
  - reports:
      require_verified_quotes: false  # the sample's sources are fictional: no quote lock
validation:
  links:
    not_found: warn
    anchors: warn
    unrecognized_links: warn
"""


def test_the_site_is_built_by_the_chosen_generator(tmp_path):
    site = build_site(make_project(tmp_path / "generator"))
    [generator] = re.findall(r'<meta name="generator" content="([^"]*)"', (site / "index.html").read_text())
    assert ("ProperDocs" in generator) == (GENERATOR == "properdocs"), generator


@pytest.fixture(scope="module")
def plain_theme(tmp_path_factory):
    project = tmp_path_factory.mktemp("plain-theme")
    (project / "docs").mkdir()
    (project / "mkdocs.yml").write_text(PLAIN_THEME, encoding="utf-8")
    shutil.copytree(SAMPLE, project / "reports")
    return project


def test_mkdocs_theme_builds_strictly_with_every_record_and_link(plain_theme):
    site = Site(build_site(plain_theme))
    assert site.broken_links() == []
    assert record_problems(site, check_collection(SAMPLE).graph) == []


def test_mkdocs_theme_navigation_lists_the_site_and_the_pages_own_system(plain_theme, tmp_path):
    site = Site(build_site(plain_theme, site_dir=tmp_path / "site"))
    nav = {link.href for link in site.page("alpha/memory/").links if link.section is None}
    assert {"../../systems/", "../", "../runtime/", "../../records/"} <= nav
    assert {href for href in nav if "beta" in href} <= {"../../beta/"}  # the theme's "next page"
    home = {link.href for link in site.page("").links if link.section is None}
    assert "systems/" in home and not any(href.startswith(("alpha", "beta")) for href in home)
    entries = {entry["location"] for entry in site.search_index()}
    assert "alpha/memory/" in entries  # the plugin's entries, in MkDocs' own index


def test_mkdocs_theme_preview_has_the_banner_and_the_404_redirect(plain_theme, tmp_path, monkeypatch):
    checked = check_collection(SAMPLE)
    (tmp_path / "base.json").write_text(json.dumps(collection_json(checked.collection, checked.graph)), encoding="utf-8")
    monkeypatch.setenv("REPORTS_PREVIEW_PR", "12")
    monkeypatch.setenv("REPORTS_BASE_EXPORT", str(tmp_path / "base.json"))
    site = Site(build_site(plain_theme, site_dir=tmp_path / "preview"))
    assert "changes/" in site.pages and site.broken_links() == []
    for url, page in site.pages.items():
        html = site.html(url)
        assert re.search(r'<body[^>]*>\s*<aside class="rpt-preview-banner"[^>]*>\s*<p><strong>Preview of pull request #12<', html), url
        [link] = page.links_with_text("See what it changes")
        assert site.resolve(page, link.href)[0] == "changes/", url
    not_found = (tmp_path / "preview" / "404.html").read_text(encoding="utf-8")
    assert re.search(r'var previews = "/pr-preview/";.*</script>\s*</body>', not_found, re.DOTALL)
