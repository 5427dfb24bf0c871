"""The navigation does not grow with the collection: a page shows the site's own entries and
its own system, wherever it stands and however many systems there are; breadcrumbs say
where it is (MkDocs' own theme: test_site_themes.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitehtml import SAMPLE, build_site, make_project

pytestmark = pytest.mark.site


def collection(root: Path, systems: int) -> Path:
    """``systems`` copies of the sample's Alpha (names of one length: s00, s01, …)."""
    for number in range(systems):
        folder = root / f"s{number:02d}"
        folder.mkdir(parents=True)
        for name in ("_set.yaml", "memory.yaml"):  # the set names the system
            text = (SAMPLE / "alpha" / name).read_text(encoding="utf-8")
            text = text.replace("system: Alpha", f"system: S{number:02d}").replace("-alpha-", f"-s{number:02d}-")
            (folder / name).write_text(text, encoding="utf-8")
        assert f"system: S{number:02d}" in (folder / "_set.yaml").read_text(encoding="utf-8")
    return root


def system_pages(site: Path, system: str) -> dict[str, int]:
    """Bytes of each page of a system, by page."""
    return {path.relative_to(site / system).as_posix(): path.stat().st_size for path in sorted((site / system).rglob("*.html"))}


def test_a_pages_html_does_not_depend_on_the_number_of_systems(tmp_path):
    small = build_site(make_project(tmp_path / "small", collection(tmp_path / "two", 2)))
    large = build_site(make_project(tmp_path / "large", collection(tmp_path / "nine", 9)))
    first = system_pages(small, "s00")
    assert set(first) == {"index.html", "memory/index.html", "runtime/index.html"}
    assert system_pages(large, "s00") == first
    for number in range(1, 9):  # only the links to the previous and next page differ
        sizes = system_pages(large, f"s{number:02d}")
        assert all(abs(sizes[page] - first[page]) < 40 for page in first), (number, sizes, first)
    html = (large / "s04" / "memory" / "index.html").read_text(encoding="utf-8")
    sidebar = html[html.index('class="md-nav md-nav--primary"') : html.index('class="md-sidebar md-sidebar--secondary"')]
    assert "S04" in sidebar and not re.search(r"S0[0-35-8]|s0[0-35-8]/", sidebar)


def _breadcrumbs(html: str) -> list[str]:
    found = re.search(r'<nav class="md-path".*?</nav>', html, re.S)
    return re.findall(r'<span class="md-ellipsis">\s*(.*?)\s*</span>', found.group(), re.S) if found else []


def test_breadcrumbs_show_where_a_page_stands(tmp_path):
    site = build_site(make_project(tmp_path / "sample"))
    report = (site / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    assert _breadcrumbs(report) == ["Agentic system analyses", "Systems", "Alpha"]
    unpublished = (site / "alpha" / "runtime" / "index.html").read_text(encoding="utf-8")
    assert _breadcrumbs(unpublished) == ["Agentic system analyses", "Systems", "Alpha"]
    assert _breadcrumbs((site / "systems" / "index.html").read_text(encoding="utf-8")) == ["Agentic system analyses", "Systems"]
