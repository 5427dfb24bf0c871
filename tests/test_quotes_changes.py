"""The Changes page and ``mkdocs-reports changes`` list quotes added, changed and no longer
verified: a real repository of reports whose second commit moves the reviewed revision of
its source (a real git repository too) to one where a quoted passage is gone."""

from __future__ import annotations

import pytest

from conftest import Collection, run_cli
from mkdocs_reports.cli import main
from mkdocs_reports.core.changes import compare, snapshot_from_folder, snapshot_from_git
from quotes_helpers import git, quote_block, record_with_quotes, source_repository, write_system
from sitehtml import Site, build_site, make_project

V1 = "def load(path):\n    return json.load(open(path))\n\n\ndef save(path, notebook):\n    json.dump(notebook, open(path, 'w'))\n"
V2 = "def load(path):\n    return json.load(open(path))\n"  # save() is gone


@pytest.fixture
def history(tmp_path, monkeypatch, capsys):
    """A project repository: the base commit has two verified quotes; the working tree
    moves to the source's second commit (one quote no longer verified), edits one quote
    and adds another. (project, reports)."""
    source = tmp_path / "source"
    first = source_repository(source, {"tallybook/store.py": V1})
    project = make_project(tmp_path / "project", reports=None)
    reports = Collection(project / "reports")
    records = record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("return json.load(open(path))", "tallybook/store.py"),
        quote_block("json.dump(notebook, open(path, 'w'))", "tallybook/store.py"),
    )
    write_system(reports, first, records)
    monkeypatch.chdir(project)
    assert main(["quotes", "--source", f"SRC-1={source}", "reports"]) == 0
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "base")
    second = source_repository(source, {"tallybook/store.py": V2}, "save() removed")
    edited = records.replace("return json.load(open(path))", "def load(path):") + quote_block("return json.load(open(path))", "tallybook/store.py")
    write_system(reports, second, edited)
    assert main(["quotes", "--source", f"SRC-1={source}", "reports"]) == 1  # save() is not at the new revision
    capsys.readouterr()
    return project, reports


def test_quotes_added_changed_and_no_longer_verified_are_compared(history):
    project, reports = history
    changes = compare(snapshot_from_git("HEAD", reports.root), snapshot_from_folder(reports.root))
    assert [(q.change, q.place, q.before, q.after) for q in changes.quotes] == [
        ("changed", "MEM-OBJ-notebook, quote 1", "verified", "verified"),
        ("no longer verified", "MEM-OBJ-notebook, quote 2", "verified", "unverified"),
        ("added", "MEM-OBJ-notebook, quote 3", None, "verified"),
    ]
    assert changes.summary().endswith("; 1 quote added, 1 quote changed, 1 quote no longer verified.")


def test_the_changes_command_lists_them(history):
    project, reports = history
    result = run_cli("changes", "--base-ref", "HEAD", "reports", cwd=project)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-4:] == [
        "Quotes:",
        "  changed: MEM-OBJ-notebook, quote 1 (tallybook/store.py; tallybook/memory/#mem-obj-notebook--quote-1) — verified",
        "  no longer verified: MEM-OBJ-notebook, quote 2 (tallybook/store.py; tallybook/memory/#mem-obj-notebook--quote-2) — not verified",
        "  added: MEM-OBJ-notebook, quote 3 (tallybook/store.py; tallybook/memory/#mem-obj-notebook--quote-3) — verified",
    ]


@pytest.mark.site
def test_the_changes_page_of_a_preview_lists_them_linked_to_each_quote(history, monkeypatch):
    project, reports = history
    monkeypatch.setenv("REPORTS_PREVIEW_PR", "7")
    monkeypatch.setenv("REPORTS_BASE_REF", "HEAD")
    site = Site(build_site(project, strict=False))
    page = site.page("changes/")
    quotes = [link for link in page.links_in("quotes") if "quote" in link.href]
    assert [(link.text, link.href) for link in quotes] == [
        (f"MEM-OBJ-notebook, quote {n}", f"../tallybook/memory/#mem-obj-notebook--quote-{n}") for n in (1, 2, 3)
    ]
    assert "No longer verified in Tallybook: MEM-OBJ-notebook, quote 2 — tallybook/store.py — not verified (it was in the base)" in page.text
    assert site.broken_links() == []
