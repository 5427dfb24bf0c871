"""`mkdocs-reports pages --out DIR`: the collection as plain Markdown that a generator builds
without the plugin — every link resolving, and safe as Markdown alone (no sanitizer runs)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES, REPO, minimal_report, run_cli
from mkdocs_reports.cli.pages import write_pages
from mkdocs_reports.core.rules.collection_check import check_collection
from sitehtml import Site, build_site, record_problems
from test_site_safety import unsafe

pytestmark = pytest.mark.site

VALIDATION = """\
validation:
  nav: {omitted_files: warn, not_found: warn, absolute_links: warn}
  links: {not_found: warn, anchors: warn, absolute_links: warn, unrecognized_links: warn}
"""

#: what else author text could try once no sanitizer runs after Markdown
MORE_VECTORS = """\
write_side: |
  An image ![tracker](https://evil.example/t.png) and a relative one ![x](x.png).
  A [data link](data:text/html,<script>alert(21)</script>) and a [spaced one]( vbscript:x ).
  And a [fine link](https://example.org/).
core_ideas:
  - numbered:
      - |
        ~~~
        <img src=x onerror=alert(23)>
        ~~~
      - "[ref2]: javascript:alert(24)"
      - "Uses [it][ref2]."
"""


def plain_project(root: Path, reports: Path, theme: str, *, refused: bool = False) -> Path:
    """``mkdocs-reports pages`` output and a configuration without the plugin that INHERITs
    its ``mkdocs-reports.yml``, as the file's header says. With ``refused``, the pages of a
    collection the check refuses, written anyway (``write_pages``): the Markdown must be safe
    even for text that should never have got that far."""
    if refused:
        write_pages(check_collection(reports), root / "pages")
    else:
        result = run_cli("pages", str(reports), "--out", str(root / "pages"))
        assert result.returncode == 0, result.stderr
    (root / "mkdocs.yml").write_text(
        f"site_name: Without the plugin\nINHERIT: pages/mkdocs-reports.yml\ndocs_dir: pages\n"
        f"theme: {theme}\nplugins: [search]\n{VALIDATION}",
        encoding="utf-8",
    )
    return root


def test_plain_build_of_the_real_collection_resolves_every_link(tmp_path):
    project = plain_project(tmp_path / "real", REPO / "reports", "mkdocs")
    config = yaml.safe_load((project / "pages" / "mkdocs-reports.yml").read_text(encoding="utf-8"))
    site = Site(build_site(project))  # strict: a broken link or anchor fails the build
    assert site.broken_links() == []
    assert record_problems(site, check_collection(REPO / "reports").graph) == []

    def nav_paths(entries):
        for entry in entries:
            if isinstance(entry, str):
                yield entry
            else:
                (value,) = entry.values()
                yield from ([value] if isinstance(value, str) else nav_paths(value))

    written = {p.relative_to(project / "pages").as_posix() for p in (project / "pages").rglob("*.md")}
    systems = {line.strip("/") for line in config["not_in_nav"].split()}
    listed = set(nav_paths(config["nav"]))
    assert systems == set(check_collection(REPO / "reports").collection.systems)
    assert listed == {p for p in written if p.split("/")[0] not in systems}, "the navigation lists no system"
    assert site.page("systems/").links_with_text("Ultimate"), "the systems page lists them"
    assert (project / "site" / "assets" / "mkdocs-reports" / "reports.js").is_file()
    assert (project / "site" / "schema" / "report.schema.json").is_file()
    assert not (project / "site" / "mkdocs-reports.yml").exists()
    # the parts the plugin puts in after Markdown come as raw HTML here: what they wrap (a
    # record's labelled fields) is still read as Markdown
    fields = [re.findall(r'<div class="rpt-fields"[^>]*>\s*(<\w+)', page.read_text(encoding="utf-8"))
              for page in (project / "site").rglob("index.html")]
    assert sum(map(len, fields)) > 20 and {start for found in fields for start in found} == {"<ul"}


def test_hostile_text_is_safe_as_markdown_alone(tmp_path):
    """No script, event handler, script URL, embedded content or image from another origin
    on any page, with no sanitizer after Markdown — and the author's text still shows."""
    reports = tmp_path / "reports"
    shutil.copytree(FIXTURES / "hostile", reports)
    (reports / "more" / "memory.yaml").parent.mkdir()
    (reports / "more" / "memory.yaml").write_text(minimal_report("More", MORE_VECTORS))
    refused = run_cli("pages", str(reports), "--out", str(tmp_path / "refused"))
    assert refused.returncode == 1 and "the image 'https://evil.example/t.png' is not on this site" in refused.stderr
    project = plain_project(tmp_path / "hostile", reports, "material", refused=True)
    site = Site(build_site(project, strict=False))  # the hostile text holds a link MkDocs warns about
    assert unsafe(site) == []
    images = [src for page in site.pages.values() for src in page.images]
    assert not [src for src in images if "evil.example" in src or src == "x.png"], images
    more_page = site.page("more/memory/")
    more = more_page.text
    assert "An image !tracker and a relative one !x." in more  # images become links to their address
    assert {link.text: link.href for link in more_page.links if link.text in ("tracker", "x")} == {
        "tracker": "https://evil.example/t.png", "x": "x.png"}
    for written in (
        "A [data link](data:text/html,<script>alert(21)</script>) and a [spaced one]( vbscript:x ).",
        "[ref2]: javascript:alert(24)",
    ):
        assert written in more
    assert [link.href for link in site.page("more/memory/").links if link.text == "fine link"] == ["https://example.org/"]
    evil = site.page("evil/memory/").text
    assert "Raw HTML <script>alert('boundary')</script> and <img src=x onerror=\"alert('img')\"> stay text." in evil


@pytest.mark.once  # only the command and its files: no generator
def test_a_collection_with_errors_writes_nothing(reports, tmp_path):
    reports.report("alpha", "write_side: Cites MEM-OBJ-missing.\n")
    result = run_cli("pages", str(reports.root), "--out", str(tmp_path / "out"))
    assert result.returncode == 1 and not (tmp_path / "out").exists()
    assert "MEM-OBJ-missing is cited but not declared in alpha" in result.stderr
    assert result.stderr.strip().endswith("1 error")


@pytest.mark.once  # only the command and its files: no generator
def test_the_output_folder_is_new_or_its_own(reports, tmp_path):
    reports.report("alpha")
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.md").write_text("# Mine\n", encoding="utf-8")
    refused = run_cli("pages", str(reports.root), "--out", str(out))
    assert refused.returncode == 2 and "is not empty and holds no mkdocs-reports.yml" in refused.stderr
    assert (out / "mine.md").is_file()
    (out / "mine.md").unlink()
    assert run_cli("pages", str(reports.root), "--out", str(out)).returncode == 0
    (out / "alpha" / "stale.md").write_text("# Stale\n", encoding="utf-8")
    again = run_cli("pages", str(reports.root), "--out", str(out))
    assert again.returncode == 0 and "pages, the assets and mkdocs-reports.yml written to" in again.stdout
    assert not (out / "alpha" / "stale.md").exists() and (out / "alpha" / "memory" / "index.md").is_file()


@pytest.mark.once  # only the command and its files: no generator
def test_a_system_named_like_a_site_page_is_an_error_not_a_traceback(reports, tmp_path):
    reports.report("records")
    result = run_cli("pages", str(reports.root), "--out", str(tmp_path / "out"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    # refused by the check, before any page is made
    assert "reports/records/memory.yaml:1:1: error: the system folder 'records' is a name the site keeps" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.once  # only the command and its files: no generator
def test_the_generators_search_leaves_out_the_listings_of_the_collection_only(tmp_path):
    """Each record and system is indexed on its own page; the record index of 200 reports
    as one search entry passed Zensical's limit of 64 KB a field and failed its build, and
    the home page's list of 1,000 systems its limit of 8 KB a field at that size."""
    write_pages(check_collection(FIXTURES / "sample"), tmp_path / "pages")

    def front_matter(page: str) -> dict:
        return yaml.safe_load((tmp_path / "pages" / page).read_text(encoding="utf-8").split("---\n")[1])

    for listing in ("index.md", "records/index.md", "coverage/index.md", "systems/index.md", "comparison/index.md"):
        assert front_matter(listing).get("search") == {"exclude": True}, listing
    for page in ("alpha/memory/index.md", "alpha/index.md"):
        assert "search" not in front_matter(page), page
