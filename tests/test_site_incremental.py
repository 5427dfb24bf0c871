"""Incremental builds (`mkdocs serve --dirty`): after an edit, only what the edit touches is
rebuilt, and the site is then the same, file for file, as a full build of the same reports."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from sitehtml import make_project

pytestmark = pytest.mark.once

EPOCH = "1700000000"  # sitemap dates and the gzip header of sitemap.xml.gz


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    project = make_project(tmp_path / "project")
    copy_system(project, "beta", "gamma", "Gamma")
    return project


def copy_system(project: Path, source: str, slug: str, name: str) -> None:
    """A system of its own, made from ``source``'s files with its name changed."""
    (project / "reports" / slug).mkdir()
    for file in (project / "reports" / source).glob("*.yaml"):
        text = file.read_text(encoding="utf-8").replace(f"system: {source.capitalize()}", f"system: {name}")
        (project / "reports" / slug / file.name).write_text(text, encoding="utf-8")


@pytest.fixture
def dirty_build(project):
    """Builds into one folder, as `mkdocs serve --dirty` does: the same plugin instance
    (MkDocs keeps it across builds), told at startup that builds are dirty."""
    site = project.parent / "served"

    def run():
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="serve", dirty=True)
        build(config, dirty=True)
        return site

    yield run
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="build", dirty=False)  # the instance outlives the test


def full_build(project: Path, site: Path) -> Path:
    """A full build in a process of its own: nothing kept from earlier builds."""
    environment = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)]
    subprocess.run(command, cwd=project, env=environment, check=True, timeout=300)
    return site


def tree(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def differences(one: Path, other: Path) -> list[str]:
    a, b = tree(one), tree(other)
    return sorted(set(a) ^ set(b)) + [name for name in sorted(set(a) & set(b)) if a[name] != b[name]]


def edit(project: Path, system: str, old: str, new: str) -> None:
    report = project / "reports" / system / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    assert old in text
    report.write_text(text.replace(old, new), encoding="utf-8")


def mtimes(site: Path) -> dict[str, int]:
    """When each page and each record-preview file was written."""
    written = [*site.rglob("*.html"), *(site / "assets" / "mkdocs-reports" / "previews").glob("*.json")]
    return {path.relative_to(site).as_posix(): path.stat().st_mtime_ns for path in written}


def test_an_edit_rebuilds_only_what_it_touches_and_equals_a_full_build(project, dirty_build, tmp_path):
    site = dirty_build()
    before = mtimes(site)
    edit(project, "alpha", "label: Note store", "label: Note warehouse")  # a label: backlinks, index rows
    dirty_build()
    after = mtimes(site)
    rebuilt = {page for page in after if after[page] != before.get(page)}
    assert {"alpha/memory/index.html", "records/index.html"} <= rebuilt
    assert not {"beta/memory/index.html", "gamma/memory/index.html", "beta/index.html"} & rebuilt, rebuilt
    previews = "assets/mkdocs-reports/previews/"
    assert f"{previews}alpha.json" in rebuilt and not {f"{previews}beta.json", f"{previews}gamma.json"} & rebuilt, rebuilt
    assert "Note warehouse" in (site / "alpha" / "memory" / "index.html").read_text(encoding="utf-8")
    assert differences(site, full_build(project, tmp_path / "full-1")) == []


def test_adding_and_removing_a_system_equals_a_full_build(project, dirty_build, tmp_path):
    site = dirty_build()
    copy_system(project, "beta", "delta", "Delta")
    dirty_build()
    assert (site / "delta" / "memory" / "index.html").is_file()
    assert differences(site, full_build(project, tmp_path / "full-added")) == []
    shutil.rmtree(project / "reports" / "gamma")
    dirty_build()
    assert not (site / "gamma").exists()
    assert differences(site, full_build(project, tmp_path / "full-removed")) == []


def test_an_edit_to_a_hand_written_page_reaches_every_page_that_lists_it(project, dirty_build, tmp_path):
    dirty_build()
    authoring = project / "docs" / "authoring.md"
    text = authoring.read_text(encoding="utf-8")
    title = text.splitlines()[0]
    assert title.startswith("# ")
    authoring.write_text(text.replace(title, "# Writing a report", 1), encoding="utf-8")
    site = dirty_build()
    assert "Writing a report" in (site / "beta" / "memory" / "index.html").read_text(encoding="utf-8")
    assert differences(site, full_build(project, tmp_path / "full")) == []


def test_a_new_quote_lock_reaches_its_systems_pages(tmp_path, monkeypatch, capsys):
    """The lock decides what a quote's header says (verified or not): a lock written after a
    build rebuilds that system's pages, and the site equals a full build."""
    from test_quotes_site import verified_project

    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    project, commit, _ = verified_project(tmp_path, monkeypatch, capsys)
    lock = project / "reports" / "tallybook" / "_quotes.lock.yaml"
    aside = lock.rename(tmp_path / "lock.yaml")
    site = tmp_path / "served"

    def dirty_build() -> str:
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="serve", dirty=True)
        build(config, dirty=True)
        return (site / "tallybook" / "memory" / "index.html").read_text(encoding="utf-8")

    try:
        assert f"verified at {commit[:7]}" not in dirty_build()
        aside.rename(lock)
        assert f"verified at {commit[:7]}" in dirty_build()
        assert differences(site, full_build(project, tmp_path / "full")) == []
    finally:
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="build", dirty=False)  # the instance outlives the test
