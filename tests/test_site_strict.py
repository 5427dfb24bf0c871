"""The build as authors and CI meet it: strict failures, empty collections, serve, clashes."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from conftest import run_cli
from served import fetch, free_port, newer_build, shown_build
from sitehtml import GENERATOR_COMMAND as MKDOCS
from sitehtml import Site, build_site, make_project

pytestmark = pytest.mark.site


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def _broken(root: Path) -> Path:
    """The sample's site with two errors in a report: a cited record that is not declared,
    and an ID that breaks the grammar."""
    project = make_project(root)
    report = project / "reports" / "alpha" / "memory.yaml"
    text = report.read_text(encoding="utf-8")
    text = text.replace("Later read-back: MEM-RTE-note-read returns it.", "Later read-back: MEM-RTE-note-reed returns it.")
    text = text.replace("Writes are checked by", "Writes are checked by MEM-RTE-Bad and")
    report.write_text(text, encoding="utf-8")
    return project


@pytest.fixture
def broken(tmp_path) -> Path:
    return _broken(tmp_path / "broken")


@pytest.fixture(scope="module")
def broken_built(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """``_broken`` with a docs page citing an unknown record too, built strictly by the
    generator's command line run in another folder: once for the tests that read its
    messages."""
    root = tmp_path_factory.mktemp("broken-built")
    project = _broken(root / "broken")
    (project / "docs" / "bad.md").write_text("# Bad\n\nSee alpha:MEM-OBJ-nots.\n", encoding="utf-8")
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    return project, run([*MKDOCS, "build", "--strict", "-f", str(project / "mkdocs.yml")], elsewhere)


def test_strict_build_fails_with_the_checkers_messages(broken_built):
    project, build = broken_built
    check = run_cli("check", "reports", cwd=project)
    messages = [line for line in check.stdout.splitlines() if ": error: " in line]
    assert check.returncode == 1 and len(messages) == 2
    assert messages[0].startswith("reports/alpha/memory.yaml:")
    assert build.returncode != 0
    for message in messages:
        assert f"ERROR   -  {message}" in build.stderr
    assert "Aborted with 3 errors in strict mode" in build.stdout + build.stderr  # the report's two and the docs page's


def test_a_build_that_is_not_strict_still_shows_the_pages_with_nothing_dangling(broken):
    site = Site(build_site(broken, strict=False))
    memory = site.page("alpha/memory/")
    assert "MEM-RTE-note-reed returns it." in memory.section_text["mem-rte-note-write"]
    assert not memory.links_with_text("MEM-RTE-note-reed")
    assert site.broken_links() == []


def test_a_docs_page_citing_an_unknown_record_fails_the_strict_build_with_its_line(tmp_path, caplog):
    """The messages as the build logs them (the generator prints its log: the first test of
    this module reads them from its command line)."""
    page = "---\ntitle: Bad\n---\n# Bad\n\nSee alpha:MEM-OBJ-nots and nowhere:MEM-OBJ-notes.\n"
    project = make_project(tmp_path / "docs-bad", docs={"bad.md": page})
    with pytest.raises(Abort, match="2 errors"):
        build_site(project)
    assert "docs/bad.md:6:5: error: MEM-OBJ-nots is not declared in alpha — did you mean alpha:MEM-OBJ-notes?" in caplog.text
    assert "docs/bad.md:6:28: error: nowhere:MEM-OBJ-notes names no system of the collection" in caplog.text


def test_report_and_docs_files_are_named_from_the_folder_of_mkdocs_yml_wherever_the_build_runs(broken_built):
    _, build = broken_built
    errors = [line.split("-  ", 1)[1] for line in build.stderr.splitlines() if line.startswith("ERROR")]
    assert [error.split(":", 1)[0] for error in errors] == ["reports/alpha/memory.yaml"] * 2 + ["docs/bad.md"], errors
    assert "docs/bad.md:3:5: error: MEM-OBJ-nots is not declared in alpha" in errors[2]


def test_a_site_without_reports_still_builds(tmp_path):
    project = make_project(tmp_path / "empty", reports=None)
    (project / "reports").mkdir()
    site = Site(build_site(project))
    assert "No reports are published yet." in site.page("").text
    assert site.page("records/").tables == []
    assert "No records yet" in site.page("records/").text
    assert site.broken_links() == []


@pytest.mark.parametrize("strict", [True, False])
def test_a_mistyped_reports_dir_fails_the_build(tmp_path, caplog, strict):
    """Not an empty site that passes: the build stops, naming the setting and the fix."""
    project = make_project(tmp_path / "mistyped")
    (project / "mkdocs.yml").write_text((project / "mkdocs.yml").read_text().replace("reports_dir: reports", "reports_dir: reprots"))
    with pytest.raises(Abort):
        build_site(project, strict=strict)
    assert "reports_dir 'reprots' of the reports plugin is not a folder next to mkdocs.yml" in caplog.text
    assert "reprots: not found). Create it, or set reports_dir in mkdocs.yml to the folder that holds" in caplog.text


def test_a_site_without_a_home_page_gets_one(tmp_path):
    project = make_project(tmp_path / "nohome")
    (project / "docs" / "index.md").unlink()
    site = Site(build_site(project))
    assert "The collection at a glance" in site.page("").headings.values()


def test_a_system_folder_named_like_a_generated_page_is_refused(tmp_path, caplog):
    project = make_project(tmp_path / "clash")
    (project / "reports" / "alpha").rename(project / "reports" / "records")
    with pytest.raises(Abort, match="Aborted with 2 errors in strict mode"):
        build_site(project)
    assert "reports/records/memory.yaml:1:1: error: the system folder 'records' is a name the site keeps" in caplog.text


def test_a_report_named_like_an_unpublished_member_it_cites_is_refused(tmp_path, caplog):
    project = make_project(tmp_path / "named")
    (project / "reports" / "alpha" / "memory.yaml").rename(project / "reports" / "alpha" / "runtime.yaml")
    with pytest.raises(Abort, match="BuildError"):
        build_site(project)
    assert "reports/alpha/runtime.yaml:2:1: error: a memory report is the memory member of its set" in caplog.text
    assert "alpha/runtime.yaml is published as a memory report" in caplog.text


#: how often a test asks a server that does not answer yet again
POLL = 0.5


def _wait_for(url: str, text: str, seconds: float = 60) -> bool:
    """Whether the page at ``url`` shows ``text`` within ``seconds``. The page is asked
    for again each time MkDocs' live-reload request (what its script in the page waits
    on) answers that a newer build is visible, so the test neither sleeps past a rebuild
    nor takes processor time from the rebuild it waits for; every ``POLL`` seconds only
    while the server does not answer yet."""
    deadline = time.monotonic() + seconds
    origin = "/".join(url.split("/", 3)[:3])
    while (left := deadline - time.monotonic()) > 0:
        page = fetch(url, timeout=left)
        if text in page:
            return True
        shown = shown_build(page)
        if shown is None:
            time.sleep(POLL)
        else:
            newer_build(origin, shown, left)
    return False


@contextlib.contextmanager
def serving(project: Path, mode: str = "--no-strict"):
    """A real `mkdocs serve` of ``project``; yields its address (``http://127.0.0.1:<port>/``)."""
    port = free_port()
    server = subprocess.Popen(
        [*MKDOCS, "serve", "-a", f"127.0.0.1:{port}", mode],
        cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("mode", ["--no-strict", "--dirty"], ids=["full", "incremental"])
def test_serve_rebuilds_when_a_report_changes(tmp_path, mode):
    """A real `mkdocs serve`: editing a report's YAML changes the served page (with
    ``--dirty``, only the pages the edit touches are rebuilt)."""
    project = make_project(tmp_path / "serve")
    with serving(project, mode) as home:
        page = home + "alpha/memory/"
        assert _wait_for(page, "Note store"), "mkdocs serve did not serve the report"
        report = project / "reports" / "alpha" / "memory.yaml"
        report.write_text(report.read_text(encoding="utf-8").replace("label: Note store", "label: Note warehouse"), encoding="utf-8")
        assert _wait_for(page, "Note warehouse"), "the page did not change after the report did"
        assert _wait_for(home + "records/", "Note warehouse"), "the record index did not change"
        assert "Beta" in fetch(home + "beta/memory/")


@pytest.mark.parametrize("mode", ["--no-strict", "--dirty"], ids=["full", "incremental"])
def test_serve_shows_the_errors_in_the_browser_and_recovers(tmp_path, mode):
    """A real `mkdocs serve`: a report that cannot be read gets a page listing its errors
    (not a 404), every page lists the errors of the last build, escaped; fixing the file
    brings the report back and the list goes."""
    project = make_project(tmp_path / "serve")
    with serving(project, mode) as home:
        page = home + "alpha/memory/"
        assert _wait_for(page, "Note store"), "mkdocs serve did not serve the report"
        assert "rpt-build-errors" not in fetch(home)
        report = project / "reports" / "alpha" / "memory.yaml"
        good = report.read_text(encoding="utf-8")
        report.write_text(good.replace("title:", "<img src=x onerror=alert(1)>: x\ntitle: [unclosed\nx:", 1), encoding="utf-8")
        assert _wait_for(page, "cannot be shown"), "the broken report's page is not there"
        broken = fetch(page)
        assert "reports/alpha/memory.yaml:" in broken and "YAML syntax" in broken
        assert _wait_for(home, "rpt-build-errors"), "the home page does not list the errors"
        report.write_text(good.replace("label: Note store", "label: Note store\n    <img src=x onerror=alert(2)>: x"), encoding="utf-8")
        assert _wait_for(home, "unknown key &#39;&lt;img src=x onerror=alert(2)&gt;&#39; in a record")
        listed = fetch(page)
        assert "Note store" in listed and "rpt-build-errors" in listed  # what could be built, with the errors above
        assert "<img src=x" not in listed
        report.write_text(good.replace("label: Note store", "label: <img src=x onerror=alert(3)>"), encoding="utf-8")
        assert _wait_for(page, "&lt;img src=x onerror=alert(3)&gt;")
        fixed = fetch(page)
        assert "rpt-build-errors" not in fixed and "<img src=x" not in fixed
