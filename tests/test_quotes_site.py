"""The quote lock on the pages (in memory: ``pagehtml``): read with no source present,
quotes linked to their exact lines at the revision, known paths in prose linked; and in a
real strict build, a quote edited after it was verified failing it unless the collection
opts out."""

from __future__ import annotations

import shutil

import pytest
from mkdocs.exceptions import Abort

from conftest import Collection
from mkdocs_reports.cli import main
from mkdocs_reports.core.model import Source
from mkdocs_reports.pages.forge import file_url, folder_url
from quotes_helpers import quote_block, record_with_quotes, source_repository, write_system
from sitehtml import Site, build_site, make_project

AGENT = "import json\n\n\ndef load(path):\n    with open(path) as handle:\n        notebook = json.load(handle)\n    return notebook\n"
PROSE = "Loaded by tallybook/agent.py (the `tallybook/` folder); tallybook/gone.py was removed. [SRC-1: `tallybook/agent.py`]"
FIELD_AND_CELL = """\
      - fields:
          Storage substrate: one JSON file, read by `tallybook/agent.py`
      - table:
          columns: [Step, Code]
          rows:
            - [Load, tallybook/agent.py line 5]
            - [Save, tallybook/store.py]
"""


def verified_project(tmp_path, monkeypatch, capsys, identity="https://github.com/example/tallybook", *options: str):
    """A project whose one system's quotes were verified against a source that is then
    deleted: the build has the lock only. ``options``: of the quotes command (--plain-folder)."""
    source = tmp_path / "source"
    commit = source_repository(source, {"tallybook/agent.py": AGENT})
    project = make_project(tmp_path / "project", reports=None)
    config = project / "mkdocs.yml"  # this repository's, without its opting out: the default
    text = "\n".join(line for line in config.read_text(encoding="utf-8").splitlines() if "require_verified_quotes" not in line)
    config.write_text(text + "\n", encoding="utf-8")
    reports = Collection(project / "reports")
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("with open(path) as handle: notebook = json.load(handle)", "tallybook/agent.py"),
        quote_block("return notebook", "tallybook/agent.py"),
        FIELD_AND_CELL,
        text=PROSE,
    ), identity=identity)
    monkeypatch.chdir(project)
    assert main(["quotes", *options, "--source", f"SRC-1={source}", "reports"]) == 0, capsys.readouterr()
    shutil.rmtree(source)
    return project, commit, report


def test_the_lock_is_read_by_a_site_build_with_no_source_and_quotes_link_to_their_lines(tmp_path, monkeypatch, capsys, generated_pages):
    project, commit, _ = verified_project(tmp_path, monkeypatch, capsys)
    site = generated_pages(project / "reports", require_verified_quotes=True)  # strict, and verified quotes need no opting out
    page = site.page("tallybook/memory/")
    blob = f"https://github.com/example/tallybook/blob/{commit}/tallybook/agent.py"
    quote_links = [link for link in page.links if link.href.startswith(blob + "#")]
    assert [(link.href, link.text) for link in quote_links] == [
        (f"{blob}#L5-L6", "tallybook/agent.py, lines 5-6"),
        (f"{blob}#L7", "tallybook/agent.py, line 7"),
    ]
    html = site.html("tallybook/memory/")
    assert html.count('class="rpt-quote-check rpt-quote-check--verified"') == 2
    assert f">verified at {commit[:7]}</span>" in html
    assert "mem-obj-notebook--quote-1" in page.ids and "mem-obj-notebook--quote-2" in page.ids
    # paths in prose: those the lock knows link to the file or folder at the revision, the others stay text
    prose = {link.text: link.href for link in page.links}
    assert prose["tallybook/agent.py"] == blob
    assert prose["tallybook/"] == f"https://github.com/example/tallybook/tree/{commit}/tallybook"
    assert "tallybook/gone.py was removed" in page.text and "tallybook/gone.py" not in prose
    # a field and a table cell alike
    assert [link.href for link in page.links if link.text == "tallybook/agent.py"] == [blob] * 4  # prose, anchor, field, cell
    assert "tallybook/store.py" in page.text and "tallybook/store.py" not in prose


@pytest.mark.site
def test_a_quote_edited_after_verification_fails_a_strict_build_unless_the_collection_opts_out(tmp_path, monkeypatch, capsys):
    project, commit, report = verified_project(tmp_path, monkeypatch, capsys)
    report.write_text(report.read_text().replace("return notebook", "return notebook or {}"))
    warnings = [str(d) for d in Collection(project / "reports").check().diagnostics]
    line = next(n for n, text in enumerate(report.read_text().splitlines(), 1) if "return notebook or {}" in text) - 1
    assert warnings == [
        f"reports/tallybook/memory.yaml:{line}:11: warning: the quote of tallybook/agent.py is changed since it was verified — "
        "verify it again: mkdocs-reports quotes --source tallybook:SRC-1=<checkout of the source> reports/tallybook/"
    ]
    with pytest.raises(Abort, match="1 warnings"):
        build_site(project)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text().replace("      reports_dir: reports\n", "      reports_dir: reports\n      require_verified_quotes: false\n"))
    site = Site(build_site(project))
    html = site.html("tallybook/memory/")
    assert html.count("rpt-quote-check--verified") == 1
    # the status in words (a tooltip saying the same again would only weigh the page down)
    assert '<span class="rpt-quote-check rpt-quote-check--unverified">not verified: changed since it was verified</span>' in html


@pytest.mark.parametrize(
    ("identity", "options", "status"),
    [
        ("https://github.com/example/tallybook", ("--plain-folder",), "checked against a capture of {rev}, not verified"),
        ("http://github.com/example/tallybook", (), "not verified: its source is no public https repository that CI can fetch to verify it"),
    ],
    ids=["a-plain-folder", "a-source-ci-cannot-fetch"],
)
def test_a_lock_nothing_can_verify_again_shows_no_quote_verified(tmp_path, monkeypatch, capsys, identity, options, status, generated_pages):
    project, commit, _ = verified_project(tmp_path, monkeypatch, capsys, identity, *options)
    html = generated_pages(project / "reports", require_verified_quotes=False).html("tallybook/memory/")
    assert "rpt-quote-check--verified" not in html and "verified at" not in html
    assert html.count(f'<span class="rpt-quote-check rpt-quote-check--unverified">{status.format(rev=commit[:7])}</span>') == 2


def test_gitlab_line_anchors_on_the_page(tmp_path, monkeypatch, capsys, generated_pages):
    project, commit, _ = verified_project(tmp_path, monkeypatch, capsys, identity="https://gitlab.com/example/tallybook")
    page = generated_pages(project / "reports", require_verified_quotes=True).page("tallybook/memory/")
    assert f"https://gitlab.com/example/tallybook/-/blob/{commit}/tallybook/agent.py#L5-6" in [link.href for link in page.links]


@pytest.mark.parametrize(
    ("identity", "lines", "expected"),
    [
        ("https://github.com/o/r", "10-12", "https://github.com/o/r/blob/{rev}/a/b.py#L10-L12"),
        ("https://github.com/o/r", "10", "https://github.com/o/r/blob/{rev}/a/b.py#L10"),
        ("https://gitlab.com/o/r", "10-12", "https://gitlab.com/o/r/-/blob/{rev}/a/b.py#L10-12"),
        ("https://codeberg.org/o/r", "10-12", "https://codeberg.org/o/r/src/commit/{rev}/a/b.py#L10-L12"),
        ("https://gitea.example.org/o/r", "10", "https://gitea.example.org/o/r/src/commit/{rev}/a/b.py#L10"),
        ("https://bitbucket.org/o/r", "10-12", "https://bitbucket.org/o/r/src/{rev}/a/b.py#lines-10:12"),
    ],
)
def test_each_forge_gets_its_own_line_anchor(identity, lines, expected):
    revision = "0123456789abcdef0123456789abcdef01234567"
    assert file_url(Source(identity=identity, revision=revision), "a/b.py", lines) == expected.format(rev=revision)


def test_folder_links_per_forge_and_no_link_out_of_the_repository():
    revision = "0123456789abcdef0123456789abcdef01234567"
    assert folder_url(Source(identity="https://bitbucket.org/o/r", revision=revision), "src/") == f"https://bitbucket.org/o/r/src/{revision}/src/"
    assert folder_url(Source(identity="https://gitlab.com/o/r", revision=revision), "src") == f"https://gitlab.com/o/r/-/tree/{revision}/src"
    assert file_url(Source(identity="https://github.com/o/r", revision=revision), "../etc/passwd") is None
