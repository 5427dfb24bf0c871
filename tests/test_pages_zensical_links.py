"""The ``mkdocs-reports pages`` export's links under Zensical as under MkDocs: every link,
script and stylesheet of every built page reaches its file and, on a page, its anchor.

Zensical (0.0.73) reads a relative link in raw HTML as relative to the page's Markdown file
and rewrites it for the page's address, where MkDocs leaves raw HTML alone; the export's
links are relative to the address, so on every page written as ``a/b.md`` (address
``a/b/``) they broke: 284 of this collection's links (to a file or its anchor), the
comparison's downloads among them. The export writes each page as the ``index.md`` of its address's folder, where the two
readings agree. Zensical is installed as tests/zensical_install.py says.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mkdocs_reports.cli.pages import write_pages
from mkdocs_reports.core.rules.collection_check import check_collection
from profiles import profile_collection
from sitehtml import Site
from zensical_install import zensical_command

#: every build here is by a generator named here (``python -m mkdocs``, Zensical), whatever
#: ``--generator`` says, and the export is the command's: the ProperDocs pass leaves it out
pytestmark = pytest.mark.once


@pytest.fixture(scope="module")
def export(tmp_path_factory) -> Path:
    """The comparison's collection (records, reconciliation, profiles, downloads) as pages,
    and a configuration without the plugin."""
    root = tmp_path_factory.mktemp("pages-links")
    write_pages(check_collection(profile_collection(root / "collection")), root / "pages")
    config = {"site_name": "Without the plugin", "INHERIT": "pages/mkdocs-reports.yml", "docs_dir": "pages",
              "theme": {"name": "material", "font": False, "features": ["navigation.instant"]}, "plugins": ["search"]}
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def built(request, export, tmp_path_factory) -> tuple[str, Path]:
    generator = request.param
    project = tmp_path_factory.mktemp(f"{generator}-project")
    shutil.copytree(export / "pages", project / "pages")
    shutil.copy(export / "mkdocs.yml", project / "mkdocs.yml")
    if generator == "zensical":
        command = [str(zensical_command()), "build", "--clean"]  # Zensical writes only inside its project
    else:
        command = [sys.executable, "-m", "mkdocs", "build", "-d", str(project / "site")]
    done = subprocess.run(command, check=False, capture_output=True, text=True, cwd=project, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return generator, project / "site"


def test_every_link_of_the_export_reaches_its_file_and_anchor(built):
    generator, site = built
    pages = Site(site)
    links = sum(len(page.links) for page in pages.pages.values())
    assert links > 1000, (generator, links)
    assert pages.broken_links() == [], generator


def test_the_comparison_s_downloads_are_linked_where_they_are(built, export):
    generator, site = built
    comparison = Site(site).page("comparison/")
    for name in ("comparison.csv", "comparison.json"):
        (link,) = [link for link in comparison.links if link.href.endswith(name)]
        path, _ = Site(site).resolve(comparison, link.href)
        assert (site / path).read_bytes() == (export / "pages" / "comparison" / name).read_bytes(), (generator, name)


def test_each_page_is_the_index_of_its_address_s_folder(export):
    """So that a link relative to the page's address is relative to its file too."""
    pages = sorted(p.relative_to(export / "pages").as_posix() for p in (export / "pages").rglob("*.md"))
    assert "inkwell/memory/index.md" in pages and "comparison/index.md" in pages
    assert [page for page in pages if not page.endswith("/index.md") and page != "index.md"] == []
