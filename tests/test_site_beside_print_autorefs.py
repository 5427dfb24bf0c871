"""Two plugins that read a page's links and ids beside ``reports``, each listed before and
after it in ``plugins:`` (the real ones from PyPI, in the ``test`` extra; rows of the
package README's compatibility table):

- mkdocs-autorefs turns a reference-style link it cannot resolve into an element of its own,
  which the sanitizer would drop with the author's brackets: report text is converted
  without the extensions plugins add, so ``[text][ref]`` reaches the reader as written.
- mkdocs-print-site-plugin combines every page into one and prefixes only the ids of
  headings, footnotes and list items with the page's address, while it rewrites every
  in-page link: the generated pages' ids on sections and table rows, and their links to the
  record index by query, would dangle on its page. It is refused at ``on_config``.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from sitehtml import GENERATOR_COMMAND, build_site
from test_site_beside_plugins import ORDERS, project_with

pytestmark = pytest.mark.site

#: report text with a reference-style link that no field defines, and a collapsed one whose
#: text is a heading of the site (``Home``), the ways autorefs reads cross-references
AUTHOR_LINKS = "Alpha keeps notes in [the store][notes-store] and [Home][]."


def with_reference_links(project: Path) -> Path:
    report = project / "reports" / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    assert "Alpha keeps notes in a store." in text
    report.write_text(text.replace("Alpha keeps notes in a store.", AUTHOR_LINKS, 1), encoding="utf-8")
    return project


#: print-site switched off by its own option, listed with autorefs: it leaves the pages as
#: it finds them, so one build per order serves the tests of both
BESIDE = "  - autorefs\n  - print-site:\n      enabled: false\n"


@pytest.fixture(scope="module", params=ORDERS)
def built(request, tmp_path_factory) -> Path:
    """The site with autorefs and print-site (switched off) in one order, report text
    holding reference-style links and a hand-written page using autorefs."""
    project = with_reference_links(project_with(tmp_path_factory.mktemp(request.param), BESIDE, request.param))
    (project / "docs" / "xref.md").write_text("# Cross-references\n\n## A target\n\nSee [the target][a-target].\n", encoding="utf-8")
    return build_site(project)  # strict: autorefs reports no reference of author text


def test_reference_links_in_report_text_survive_autorefs_in_either_order(built):
    site = built
    html = (site / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    assert AUTHOR_LINKS in html  # the author's text, brackets and all
    assert not re.search(r"<autoref\b|data-autorefs-", html, re.IGNORECASE)
    hand_written = (site / "xref" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a [^>]*href="#a-target"[^>]*>the target</a>', hand_written)  # autorefs still works on the site's pages


def refused_build(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*GENERATOR_COMMAND, "build", "-q", "-f", str(project / "mkdocs.yml")], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("order", ORDERS)
def test_print_site_is_refused_in_one_line_naming_it_in_either_order(tmp_path, order):
    run = refused_build(project_with(tmp_path, "  - print-site\n", order))
    assert run.returncode == 1
    [message] = [line for line in run.stderr.splitlines() if "print-site" in line]
    assert "mkdocs-print-site-plugin" in message and "reports" in message and "Traceback" not in run.stderr, run.stderr
    assert not (tmp_path / "site" / "print_page").exists()


def test_print_site_switched_off_by_its_enabled_option_is_not_refused(built):
    site = built
    assert (site / "alpha" / "memory" / "index.html").is_file()
    assert not (site / "print_page").exists()
