"""Generated pages are converted by one Markdown converter per build (generated_markdown.py),
not by a new one per page as MkDocs' ``Page.render`` does: the site must be the one
``Page.render`` makes, byte for byte, with the same messages; and the extensions of the
site's own mkdocs.yml apply to hand-written and generated pages alike."""

from __future__ import annotations

import logging
from pathlib import Path

import markdown
import pytest

from mkdocs_reports import generated_markdown
from mkdocs_reports.render import plain_text
from sitehtml import REPO, SAMPLE, Site, build_site, make_project

pytestmark = pytest.mark.site

FIXTURES = REPO / "tests" / "fixtures"


def _files(site: Path) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def _build(project: Path, site: Path, monkeypatch, caplog) -> tuple[dict[str, bytes], list[str], int, int]:
    """The site's files, the build's messages, how many generated pages it converted and
    how many Markdown converters it made for them."""
    converted, made = [], []
    converting = False
    make_markdown, render = markdown.Markdown.__init__, generated_markdown.GeneratedMarkdown.render

    def counting_markdown(self, *args, **kwargs):
        if converting:
            made.append(self)
        make_markdown(self, *args, **kwargs)

    def counting_render(self, page, files):
        nonlocal converting
        converted.append(page)
        converting = True
        try:
            render(self, page, files)
        finally:
            converting = False

    caplog.clear()
    with monkeypatch.context() as patch:
        patch.setattr(markdown.Markdown, "__init__", counting_markdown)
        patch.setattr(generated_markdown.GeneratedMarkdown, "render", counting_render)
        build_site(project, strict=False, site_dir=site)
    messages = [record.getMessage() for record in caplog.records]
    messages = [message for message in messages if str(site) not in message and "seconds" not in message]
    return _files(site), messages, len(converted), len(made)


@pytest.mark.parametrize("reports", ["set", "hostile", "sample"])
def test_the_site_is_the_one_that_page_render_makes(tmp_path, monkeypatch, caplog, reports):
    caplog.set_level(logging.INFO)
    project = make_project(tmp_path / "project", FIXTURES / reports)
    if reports == "sample":  # the toc extension's marker in author text: its contents there
        report = project / "reports" / "alpha" / "memory.yaml"
        report.write_text(report.read_text(encoding="utf-8").replace("Turns note text", "[TOC]\n\n          Turns note text"), encoding="utf-8")
    files, messages, generated, converters = _build(project, tmp_path / "reused", monkeypatch, caplog)
    monkeypatch.setattr(generated_markdown, "_reusable", lambda: False)  # each page by Page.render
    own_files, own_messages, _, own_converters = _build(project, tmp_path / "own", monkeypatch, caplog)
    assert generated > 5 and converters == 1 and own_converters == generated
    assert files.keys() == own_files.keys()
    assert [name for name in files if files[name] != own_files[name]] == []
    assert messages == own_messages


def test_the_sites_extensions_apply_to_hand_written_and_generated_pages(tmp_path):
    project = make_project(tmp_path / "project", SAMPLE, docs={"marks.md": "# Marks\n\nA ==marked== word.\n"})
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("  - pymdownx.superfences\n", "  - pymdownx.superfences\n  - pymdownx.mark\n"), encoding="utf-8")
    report = project / "reports" / "alpha" / "memory.yaml"
    report.write_text(report.read_text(encoding="utf-8").replace("Writes are checked by", "Writes are ==checked== by"), encoding="utf-8")
    site = Site(build_site(project, strict=False))
    assert "A <mark>marked</mark> word." in site.html("marks/")
    assert "Writes are <mark>checked</mark> by" in site.html("alpha/memory/")


def test_the_plain_text_shortcut_is_taken_under_the_generators_own_processors(tmp_path, monkeypatch):
    """MkDocs and ProperDocs register their per-page tree processors under names of their
    own; one the shortcut did not know would turn it off for every page."""
    taken = []
    applies = plain_text.shortcut_applies
    monkeypatch.setattr(plain_text, "shortcut_applies", lambda md: taken.append(applies(md)) or taken[-1])
    build_site(make_project(tmp_path / "project"), strict=False)
    assert len(taken) > 5 and all(taken)
