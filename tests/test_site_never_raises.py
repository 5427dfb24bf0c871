"""Small inputs that passed ``check`` and then crashed ``mkdocs build``: each is now a
``file:line:col`` error of the check, and the build, strict or not, ends without a traceback.

One project holds them all (Markdown nested 500 deep, system folders named like the
site's pages, of 252 characters, ending in a line break, a member type ``index``, a
system name with a line separator) and previews against a base commit whose tree lists a
file twice and a file and a folder of one name.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import minimal_report
from sitehtml import GENERATOR_COMMAND, make_project
from test_changes import git

pytestmark = pytest.mark.site

HOSTILE = {
    "alpha/memory.yaml": minimal_report("Alpha", 'write_side: "' + "- " * 500 + 'x"\ncore_ideas: "' + "1. > " * 300 + 'x"\n'),
    "systems/memory.yaml": minimal_report("Systems"),
    "records/memory.yaml": minimal_report("Records"),
    "coverage/memory.yaml": minimal_report("Coverage"),
    "a" * 252 + "/memory.yaml": minimal_report("Long"),
    "evil\n/memory.yaml": minimal_report("Evil"),
    "tally/memory.yaml": minimal_report("Tally").replace("system: Tally\n", 'system: "Tally\\u2028book"\n'),
    "_types/index.yaml": ("name: agentic-system-index-report\nnoun: index report\nmember: index\n"
                          "sections:\n  - key: summary\n    heading: Summary\n    shape: blocks\n"),
    "gamma/memory.yaml": minimal_report("Gamma"),
}


def _run(project: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([*GENERATOR_COMMAND, "build", *args], cwd=project, capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, "NO_COLOR": "1", **env})


Builds = tuple[Path, subprocess.CompletedProcess, subprocess.CompletedProcess, subprocess.CompletedProcess]


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """The project, its check, its build and its strict build (previews against a crafted base)."""
    project = make_project(tmp_path_factory.mktemp("hostile") / "project", reports=None)
    for relative, text in HOSTILE.items():
        path = project / "reports" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "reports/gamma")
    git(project, "commit", "-q", "-m", "base")
    gamma = git(project, "rev-parse", "HEAD:reports/gamma/memory.yaml").strip()
    twice = git(project, "mktree", input_text=f"100644 blob {gamma}\tmemory.yaml\n100644 blob {gamma}\tmemory.yaml\n").strip()
    once = git(project, "mktree", input_text=f"100644 blob {gamma}\tmemory.yaml\n").strip()
    reports = git(project, "mktree", input_text=f"040000 tree {twice}\tgamma\n100644 blob {gamma}\tbeta\n040000 tree {once}\tbeta\n")
    root = git(project, "mktree", input_text=f"040000 tree {reports.strip()}\treports\n").strip()
    base = git(project, "commit-tree", root, "-m", "crafted base").strip()
    env = {"REPORTS_BASE_REF": base, "REPORTS_PREVIEW_PR": "7"}
    check = subprocess.run([sys.executable, "-m", "mkdocs_reports.cli", "check"], cwd=project, capture_output=True, text=True, check=False,
                           timeout=120)
    return project, check, _run(project, env=env), _run(project, "--strict", "-d", "strict-site", env=env)


def test_the_build_of_small_hostile_inputs_ends_without_a_traceback(builds: Builds) -> None:
    _, check, build, strict = builds
    for done in (check, build, strict):
        assert "Traceback" not in done.stderr and "Error:" not in done.stderr.replace("BuildError", ""), done.stderr[-3000:]
    assert check.returncode == 1 and build.returncode == 0, build.stderr[-3000:]
    assert strict.returncode == 1 and "errors in strict mode" in strict.stdout + strict.stderr, strict.stderr[-3000:]


@pytest.mark.parametrize(("file", "message"), [
    ("reports/alpha/memory.yaml:6:", "'write_side' nests lists, block quotes or notes 500 levels deep"),
    ("reports/alpha/memory.yaml:7:", "'core_ideas' nests lists, block quotes or notes 600 levels deep"),
    ("reports/systems/memory.yaml:1:1:", "the system folder 'systems' is a name the site keeps for its own pages"),
    ("reports/records/memory.yaml:1:1:", "the system folder 'records' is a name the site keeps"),
    ("reports/coverage/memory.yaml:1:1:", "the system folder 'coverage' is a name the site keeps"),
    (f"reports/{'a' * 252}/memory.yaml:1:1:", "is 252 characters long; a name has at most 64"),
    ("reports/evil\\n/memory.yaml:1:1:", "the system folder 'evil\\n' is not a URL-safe name"),  # printed on one line
    ("reports/tally/memory.yaml:2:", "'system' holds a line break (U+2028 (LINE SEPARATOR))"),
    ("reports/_types/index.yaml:3:9:", "the member name 'index' is kept by the site"),
])
def test_each_is_an_error_of_the_check_and_of_the_build(builds: Builds, file: str, message: str) -> None:
    _, check, build, _ = builds
    assert any(line.startswith(file) and message in line for line in check.stdout.splitlines()), check.stdout[-3000:]
    assert any(f"ERROR   -  {file}" in line and message in line for line in build.stderr.splitlines()), build.stderr[-3000:]


def test_the_site_publishes_what_is_sound_and_nothing_at_the_hostile_names(builds: Builds) -> None:
    project = builds[0]
    site = project / "site"
    assert (site / "gamma" / "memory" / "index.html").is_file()
    assert not (site / "evil\n").exists() and not (site / ("a" * 252)).exists()
    assert "rpt-" in (site / "systems" / "index.html").read_text(encoding="utf-8")  # the plugin's Systems page
    changes = (site / "changes" / "index.html").read_text(encoding="utf-8")
    assert "cannot be written out to be read" in changes and "listed twice" in changes
