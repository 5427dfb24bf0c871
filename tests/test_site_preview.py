"""A pull-request preview as reviewers read it: a banner on every page and a Changes page
built against the base branch of a real git repository."""

from __future__ import annotations

import re

import pytest
from mkdocs.exceptions import Abort

from sitehtml import Site, build_site, make_project
from test_changes import make_repo, repo  # noqa: F401 - repo is a fixture: a base commit and a head commit

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def preview_site(tmp_path_factory):
    """The head commit built as the preview of pull request #7, compared with HEAD~1; built
    once for the tests that read it."""
    project = make_project(make_repo(tmp_path_factory.mktemp("preview")), reports=None)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("REPORTS_PREVIEW_PR", "7")
        monkeypatch.setenv("REPORTS_BASE_REF", "HEAD~1")
        monkeypatch.chdir(project)  # the head has a dangling citation: only a non-strict build renders
        return Site(build_site(project, strict=False))


def test_every_page_says_it_is_a_preview_and_links_to_its_changes(preview_site):
    assert len(preview_site.pages) > 8 and "404.html" in preview_site.pages
    for url, page in preview_site.pages.items():
        html = preview_site.html(url)
        banner = re.search(r'<body[^>]*>\s*<aside class="rpt-preview-banner" aria-label="Pull request preview">(.*?)</aside>', html, re.DOTALL)
        assert banner and "Preview of pull request #7" in banner.group(1), url
        link = page.links_with_text("See what it changes")
        assert link and preview_site.resolve(page, link[0].href)[0] == "changes/", url


def test_the_404_page_of_every_build_carries_the_preview_redirect(preview_site, repo, monkeypatch):  # noqa: F811
    """The script is in the package, so an adopter's published 404 page has it too."""
    for variable in ("REPORTS_PREVIEW_PR", "REPORTS_BASE_REF"):
        monkeypatch.delenv(variable, raising=False)  # (the preview built with them, and put them back)
    monkeypatch.setenv("REPORTS_SITE_URL", "https://example.org/docs/")
    published = build_site(make_project(repo / "published", reports=repo / "reports"), strict=False)
    for site in (preview_site.root, published):
        scripts = re.findall(r"<script>(.*?)</script>\s*</body>", (site / "404.html").read_text(), re.DOTALL)
        assert scripts and "location.replace(page)" in scripts[-1]
    assert 'var previews = "/docs/pr-preview/";' in (published / "404.html").read_text()
    assert 'var previews = "/pr-preview/";' in (preview_site.root / "404.html").read_text()
    assert "rpt-preview-banner" not in (published / "404.html").read_text()


def test_the_changes_page_lists_what_the_pull_request_changes(preview_site):
    page = preview_site.page("changes/")
    assert page.title.startswith("Changes")
    assert "Changes in pull request #7" in page.text
    # one section per system, each report linked, added/removed/changed records named
    assert "Beta memory report — removed" in page.text and "Gamma memory report — added" in page.text
    assert "Changed record: MEM-OBJ-notes — Note table" in page.text
    assert "Removed record: MEM-CMP-embedder — Note embedder" in page.text
    assert "Added record: MEM-OBJ-gone — Gone notes" in page.text
    targets = {link.text: preview_site.resolve(page, link.href) for link in page.links}
    assert targets["MEM-OBJ-notes"] == ("alpha/memory/", "mem-obj-notes")
    assert targets["MEM-OBJ-gone"] == ("alpha/memory/", "mem-obj-gone")
    assert "MEM-CMP-embedder" not in targets  # gone from the head: named, not linked
    assert targets["Gamma memory report"] == ("gamma/memory/", "")


def test_field_diffs_show_removed_and_added_words(preview_site):
    html = (preview_site.root / "changes" / "index.html").read_text(encoding="utf-8")
    diff = re.search(r'<div class="rpt-diff"><span class="rpt-diff-field">Later read-back</span>.*?</div>', html)
    assert diff and "<ins>" in diff.group() and "newest first" in diff.group()
    assert re.search(r"operation conclusion status</span>.*?<del>uninspected</del>.*?<ins>observed</ins>", html)


def test_citations_that_newly_dangle_are_listed_with_their_place(preview_site):
    page = preview_site.page("changes/")
    assert "Citations that newly dangle" in page.text
    assert "MEM-OBJ-missing no longer resolves (new → unresolved)" in page.text
    assert "reports/alpha/memory.yaml:" in page.text


def test_every_link_of_the_preview_resolves(preview_site):
    assert preview_site.broken_links() == []


def test_a_build_without_preview_settings_has_no_banner_or_changes_page(repo, monkeypatch):  # noqa: F811
    project = make_project(repo, reports=None)
    for variable in ("REPORTS_PREVIEW_PR", "REPORTS_BASE_REF", "REPORTS_BASE_EXPORT"):
        monkeypatch.delenv(variable, raising=False)
    site = Site(build_site(project, strict=False))
    assert "changes/" not in site.pages
    assert "Preview of pull request" not in site.page("").text


def test_a_base_that_cannot_be_had_fails_the_strict_build(tmp_path, monkeypatch):
    project = make_project(tmp_path / "project")
    monkeypatch.setenv("REPORTS_BASE_REF", "no-such-ref")
    monkeypatch.chdir(project)
    with pytest.raises(Exception, match="Aborted with 1 warnings in strict mode"):
        build_site(project)


def test_a_pull_request_number_that_is_not_a_number_is_refused(tmp_path, monkeypatch, caplog):
    project = make_project(tmp_path / "project")
    monkeypatch.setenv("REPORTS_PREVIEW_PR", "7; rm -rf /")
    with pytest.raises(Abort):
        build_site(project)
    assert "REPORTS_PREVIEW_PR) is '7; rm -rf /', not a pull-request number" in caplog.text


def test_a_changed_section_links_to_it(repo, monkeypatch):  # noqa: F811
    from test_changes import git

    path = repo / "reports" / "alpha" / "memory.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  The boundary.\n", "  A wider boundary.\n"), encoding="utf-8")
    git(repo, "commit", "-qam", "prose")
    project = make_project(repo, reports=None)
    monkeypatch.setenv("REPORTS_BASE_REF", "HEAD~1")
    monkeypatch.delenv("REPORTS_PREVIEW_PR", raising=False)
    monkeypatch.chdir(project)
    site = Site(build_site(project, strict=False))
    page = site.page("changes/")
    assert "Changed section: Boundary and evidence" in page.text
    (link,) = page.links_with_text("Boundary and evidence")
    assert site.resolve(page, link.href) == ("alpha/memory/", "boundary")
    assert site.broken_links() == []
