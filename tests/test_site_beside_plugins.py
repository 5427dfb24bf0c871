"""The plugin beside the plugins adopters already run, each listed before and after
``reports`` in ``plugins:``: the site builds strictly either way, and each plugin sees the
generated pages, the settings and the search entries as it would a hand-written site's.

Every plugin here is the real one from PyPI (the ``test`` extra installs them); every row
of the package README's compatibility table is backed by a test of this module.

The plugins that only add files or pages of their own and read the generated pages without
changing them (redirects, llmstxt, rss, blog) are listed together, all before ``reports`` or
all after it, in one build per order (``together``), which each of their tests reads: each
still sees the generated pages in its order, and a plugin that failed beside ``reports``
fails that strict build. Plugins that change the pages' HTML, URLs or navigation, or need a
setup of their own, keep a build each.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitehtml import GENERATOR_COMMAND, SAMPLE, Site, build_site, make_project

pytestmark = pytest.mark.site

ORDERS = ("before", "after")
REPORTS = """\
  - reports:
      require_verified_quotes: false
"""
#: a record of the sample, by the anchor of its entry on its report's page
RECORD = "mem-rte-note-write"


def project_with(root: Path, plugin: str, order: str, *, site_url: str | None = None, reports: Path = SAMPLE) -> Path:
    """This repository's site around the sample collection (or ``reports``), its ``plugins:``
    being search, ``plugin`` (YAML list items, indented) and ``reports`` in the given order."""
    project = make_project(root, reports)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    plugins = plugin + REPORTS if order == "before" else REPORTS + plugin
    config, count = re.subn(r"(?ms)^plugins:\n.*?(?=^\S)", lambda _: f"plugins:\n  - search\n{plugins}\n", config)
    assert count == 1
    if site_url is not None:
        config = config.replace("site_url: !ENV REPORTS_SITE_URL", f"site_url: {site_url}")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return project


class _Tags(HTMLParser):
    """Every start tag of a page with its attributes, however the page is minified."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def build_by_command(project: Path) -> Path:
    """The site built by the generator's own command line, which starts plugins as a
    reader's build does (``on_startup``: mkdocs-rss-plugin sets itself up there)."""
    site = project / "site"
    run = subprocess.run([*GENERATOR_COMMAND, "build", "--strict", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(site)],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert run.returncode == 0, run.stderr
    return site


#: plugins that add files or pages of their own and leave the generated pages as they find
#: them, listed together (see the module's docstring); the site's address is llmstxt's and rss's
TOGETHER = (
    "  - redirects:\n      redirect_maps:\n        old-alpha.md: alpha/memory.md\n"
    "  - llmstxt:\n      sections:\n        Reports:\n          - alpha/*.md\n"
    "  - rss\n"
    "  - blog\n"
)
SITE_URL = "https://example.org/"
#: a blog post citing a record of the sample
POST = "---\ndate: 2024-05-06\n---\n\n# A post\n\nAlpha keeps alpha:MEM-OBJ-notes.\n"


@pytest.fixture(scope="module", params=ORDERS)
def together(request, tmp_path_factory) -> Path:
    """The site built with the plugins of ``TOGETHER`` in one order, a blog post among its
    pages; built by the command line, which rss needs (``build_by_command``)."""
    project = project_with(tmp_path_factory.mktemp(f"together-{request.param}"), TOGETHER, request.param, site_url=SITE_URL)
    (project / "docs" / "blog" / "posts").mkdir(parents=True)
    (project / "docs" / "blog" / "index.md").write_text("# Blog\n", encoding="utf-8")
    (project / "docs" / "blog" / "posts" / "notes.md").write_text(POST, encoding="utf-8")
    return build_by_command(project)  # strict: a redirect's missing target is a warning


def test_redirects_to_generated_pages_hold_in_either_order(together):
    redirect = (together / "old-alpha" / "index.html").read_text(encoding="utf-8")
    assert "../alpha/memory/" in redirect


def test_llmstxt_lists_generated_pages_in_either_order(together):
    site = together
    listed = (site / "llms.txt").read_text(encoding="utf-8")
    assert f"{SITE_URL}alpha/memory/index.md" in listed, listed
    assert RECORD.upper() in (site / "alpha" / "memory" / "index.md").read_text(encoding="utf-8").upper()


@pytest.mark.parametrize("order", ORDERS)
def test_offline_links_resolve_and_its_index_has_the_pages_in_either_order(tmp_path, order):
    from mkdocs_reports.pages.data_scripts import script_path
    from mkdocs_reports.pages.record_lookup import ID_DIR, bucket

    site_dir = build_site(project_with(tmp_path, "  - offline\n", order))
    site = Site(site_dir)
    assert "alpha/memory.html" in site.pages  # the offline plugin's file URLs, in our links too
    assert site.broken_links() == []
    inlined = (site_dir / "search" / "search_index.js").read_text(encoding="utf-8")
    index = json.loads(inlined.removeprefix("var __index = "))
    assert "alpha/memory.html" in {doc["location"] for doc in index["docs"]}
    # the record's ID is looked up from file:// in the script published beside its JSON file
    lookup = (site_dir / script_path(f"{ID_DIR}/{bucket(RECORD)}.json")).read_text(encoding="utf-8")
    assert f"alpha/memory.html#{RECORD}" in lookup


@pytest.mark.parametrize("order", ORDERS)
def test_minified_pages_keep_named_landmarks_and_labels_said_once_in_either_order(tmp_path, order):
    plugin = "  - minify:\n      minify_html: true\n"
    site = build_site(project_with(tmp_path, plugin, order))
    html = (site / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    assert len(html.splitlines()) < 20  # minified indeed
    tags = tags_of(html)
    assert ("nav", "Breadcrumbs") in {(tag, attrs.get("aria-label")) for tag, attrs in tags}
    labelled: dict[str, int] = {}
    for tag, attrs in tags:
        if tag == "a" and attrs.get("data-rpt-label"):
            labelled[str(attrs.get("href"))] = labelled.get(str(attrs.get("href")), 0) + 1
    assert labelled and max(labelled.values()) == 1, {href: n for href, n in labelled.items() if n > 1}


@pytest.mark.parametrize("order", ORDERS)
def test_search_index_has_the_generated_pages_entries_in_either_order(tmp_path, order):
    project = make_project(tmp_path)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    search = re.search(r"(?ms)^  - search:\n.*?(?=^  - reports:)", config)
    assert search is not None
    if order == "after":  # search listed after reports
        config = config.replace(search.group(0), "")
        config = re.sub(r"(?ms)(^  - reports:\n.*?)(?=^\S)", lambda m: m.group(1) + search.group(0), config)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    site = Site(build_site(project))
    locations = {doc["location"] for doc in site.search_index()}
    assert "alpha/memory/" in locations and f"alpha/memory/#{RECORD}" not in locations  # the page's entry, no record's


def test_rss_with_its_default_match_path_builds_and_lists_generated_pages_in_either_order(together):
    feed = (together / "feed_rss_created.xml").read_text(encoding="utf-8")
    assert f"{SITE_URL}alpha/memory/" in feed  # its default match_path takes every page


def test_static_i18n_is_refused_in_one_line_naming_it(tmp_path):
    plugin = "  - i18n:\n      languages:\n        - locale: en\n          default: true\n          name: English\n"
    project = project_with(tmp_path, plugin, "before")
    run = subprocess.run([*GENERATOR_COMMAND, "build", "-q", "-f", str(project / "mkdocs.yml")], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1
    [message] = [line for line in run.stderr.splitlines() if "i18n" in line]
    assert "mkdocs-static-i18n" in message and "reports" in message and "Traceback" not in run.stderr, run.stderr


def git(project: Path, *args: str, date: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "A",
           "GIT_COMMITTER_EMAIL": "a@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}  # fmt: skip
    if date is not None:
        env |= {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", *args], cwd=project, env=env, check=True, capture_output=True)


def test_git_revision_dates_of_generated_pages_are_those_of_the_reports_they_show(tmp_path):
    plugin = "  - git-revision-date-localized:\n      type: iso_date\n"
    project = project_with(tmp_path, plugin, "before")
    git(project, "init", "-q")
    git(project, "add", "mkdocs.yml", "docs", "overrides", "reports/beta")
    git(project, "commit", "-q", "-m", "site", date="2021-01-02T12:00:00+00:00")
    git(project, "add", "reports/alpha")
    git(project, "commit", "-q", "-m", "alpha", date="2022-03-04T12:00:00+00:00")
    site = build_site(project)

    def dates(url: str) -> set[str]:
        html = (site / url / "index.html").read_text(encoding="utf-8")
        return set(re.findall(r'git-revision-date-localized-plugin-iso_date"[^>]*>(\d{4}-\d\d-\d\d)<', html))

    assert dates("alpha/memory") == {"2022-03-04"}  # its report's last commit, not the build's date
    assert dates("beta/memory") == {"2021-01-02"}
    assert dates("alpha") == {"2022-03-04"}  # a system's page: its folder's last commit
    assert dates("records") == {"2022-03-04"}  # a page of the whole collection: the collection's


def test_citations_in_blog_posts_link_from_the_posts_url_in_either_order(together):
    site = Site(together)
    [post_url] = [url for url in site.pages if url.startswith("blog/2024/")]
    [link] = [link for link in site.page(post_url).links if link.text == "MEM-OBJ-notes"]
    assert site.resolve(site.page(post_url), link.href) == ("alpha/memory/", "mem-obj-notes")
    assert site.broken_links() == []


def nav_links(site: Site, url: str) -> set[str]:
    """The pages the navigation of the page at ``url`` links to, from the site's root."""
    page = site.page(url)
    return {resolved[0] for link in page.links if link.in_nav and (resolved := site.resolve(page, link.href)) is not None}


@pytest.mark.parametrize("order", ORDERS)
def test_literate_nav_keeps_its_navigation_and_the_collection_in_either_order(tmp_path, order):
    project = project_with(tmp_path, "  - literate-nav\n", order)
    summary = "* [Home](index.md)\n* Guides\n    * [Writing reports](authoring.md)\n    * [The format](format.md)\n    * [Publishing](publishing.md)\n"
    (project / "docs" / "SUMMARY.md").write_text(summary, encoding="utf-8")
    site = Site(build_site(project))
    links = nav_links(site, "alpha/memory/")
    assert {"", "authoring/", "systems/", "records/", "alpha/memory/"} <= links, links
    assert not any(link.startswith("beta/") for link in links)  # each page lists its own system only
    page = site.page("alpha/memory/")
    assert "Writing reports" in {link.text for link in page.links if link.in_nav}  # its titles: its navigation is used


@pytest.mark.parametrize("order", ORDERS)
def test_section_index_builds_and_systems_keep_their_pages_in_either_order(tmp_path, order):
    site = Site(build_site(project_with(tmp_path, "  - section-index\n", order)))
    assert {"systems/", "alpha/", "alpha/memory/"} <= nav_links(site, "alpha/memory/")
    assert site.broken_links() == []


def test_awesome_nav_is_refused_while_reports_makes_the_navigation(tmp_path):
    project = project_with(tmp_path, "  - awesome-nav\n", "before")
    run = subprocess.run([*GENERATOR_COMMAND, "build", "-q", "-f", str(project / "mkdocs.yml")], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1
    [message] = [line for line in run.stderr.splitlines() if "awesome" in line]
    assert "mkdocs-awesome-nav" in message and "nav: false" in message and "Traceback" not in run.stderr, run.stderr


@pytest.mark.parametrize("order", ORDERS)
def test_awesome_nav_makes_the_navigation_with_the_collection_when_reports_does_not(tmp_path, order):
    project = project_with(tmp_path, "  - awesome-nav\n", order)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  - reports:\n", "  - reports:\n      nav: false\n"), encoding="utf-8")
    site = Site(build_site(project))
    assert {"systems/", "records/", "alpha/memory/", "authoring/"} <= nav_links(site, "alpha/memory/")
    assert site.broken_links() == []
