"""The package as another project adopts it: the sdist and wheel built from this checkout,
the wheel installed into a fresh virtual environment in an unrelated folder, and a minimal
project with its own reports built strictly with MkDocs and with ProperDocs — a preview
build included, banner and 404 redirect coming from the package alone.

What is the point here is the package's own files, metadata and entry points, not pip's
or build's work: the sdist and wheel are built without an isolated build environment (the
``test`` extra installs the declared backend, whose version ``build`` checks), and the fresh
environment sees the test environment's other packages through a folder of links in a
``.pth`` path line (neither this checkout's editable install nor its metadata among them),
so that pip installs the wheel alone, after checking its dependencies against them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from conftest import REPO, minimal_report

pytestmark = pytest.mark.once

PROJECT_CONFIG = """\
site_name: Adopter's analyses
site_url: !ENV REPORTS_SITE_URL
theme:
  name: material
plugins:
  - search
  - reports
validation:
  links: {not_found: warn, anchors: warn, unrecognized_links: warn}
"""
REPORT = minimal_report("Acme", """\
records:
  - id: MEM-OBJ-ledger
    label: Ledger
    body: The ledger, read back by MEM-OBJ-journal.
  - id: MEM-OBJ-journal
    label: Journal
    body: A journal.
""")


def run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """A command of the fresh environment, with nothing of this checkout on its path."""
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, env={**environ, "NO_MKDOCS_2_WARNING": "1", **env})
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """sdist and wheel, the wheel built from the sdist (so the sdist is complete); once per session."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(REPO)], cwd=out)
    return out


#: what of the test environment the fresh one does not see: this checkout's editable
#: install (its path file) and its metadata, so that only the wheel can answer
_THIS_CHECKOUT = ("mkdocs_reports", "__editable__")


@pytest.fixture(scope="session")
def adopter(dist, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel, in a folder of its own, its dependencies
    and ProperDocs those of the test environment (see the module's docstring)."""
    home = tmp_path_factory.mktemp("adopter")
    venv.create(home / "venv", with_pip=False)  # this pip installs into it (--python): faster
    python = str(home / "venv" / "bin" / "python")
    packages = home / "packages"  # the test environment's packages, each a link
    packages.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(_THIS_CHECKOUT) and entry.suffix != ".pth":
            (packages / entry.name).symlink_to(entry)
    purelib = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=home).stdout.strip()
    (Path(purelib) / "test-environment.pth").write_text(f"{packages}\n", encoding="utf-8")
    (wheel,) = dist.glob("*.whl")
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-compile", str(wheel), "properdocs"], cwd=home)
    return home


def test_the_sdist_ships_the_package_and_no_tests(dist):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"LICENSE", "CHANGELOG.md", "pyproject.toml", "plugins/mkdocs_reports/README.md"} <= names
    assert not [name for name in names if name.startswith(("tests", "reports/", "docs/", ".github"))]


def test_the_wheel_carries_templates_assets_schema_and_license(dist):
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    for needed in ("mkdocs_reports/schema/report.schema.json", "mkdocs_reports/scripts/shared.js",
                   "mkdocs_reports/templates/reports/report.html.j2", "mkdocs_reports/templates/reports/pr_preview_banner.html.j2"):
        assert needed in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "License-Expression: MIT" in metadata and "Requires-Python: >=3.11" in metadata
    assert "| `changes_page` | `changes.md` |" in metadata  # the package README is its description


@pytest.mark.parametrize("generator", ["mkdocs", "properdocs"])
def test_a_fresh_project_builds_strictly_and_as_a_preview(adopter, tmp_path, generator):
    python = adopter / "venv" / "bin" / "python"
    where = run([str(python), "-c", "import mkdocs_reports; print(mkdocs_reports.__file__)"], cwd=tmp_path).stdout
    assert where.startswith(str(adopter / "venv")), where
    project = tmp_path / "project"
    (project / "reports" / "acme").mkdir(parents=True)
    (project / "reports" / "acme" / "memory.yaml").write_text(REPORT, encoding="utf-8")
    (project / "docs").mkdir()  # MkDocs wants the folder; the plugin writes the home page
    (project / "mkdocs.yml").write_text(PROJECT_CONFIG, encoding="utf-8")
    command = [str(python), "-m", generator, "build", "--strict", "-f", "mkdocs.yml"]  # its command line, from the test environment
    published = run([*command, "--site-dir", "published"], cwd=project, REPORTS_SITE_URL="https://example.org/analyses/")
    assert "Reports: 1 systems, 1 reports, 2 records" in published.stderr
    page = (project / "published" / "acme" / "memory" / "index.html").read_text(encoding="utf-8")
    assert 'href="#mem-obj-journal"' in page and "rpt-preview-banner" not in page
    assert 'var previews = "/analyses/pr-preview/";' in (project / "published" / "404.html").read_text(encoding="utf-8")

    export = run([str(adopter / "venv" / "bin" / "mkdocs-reports"), "export"], cwd=project).stdout
    (project / "base.json").write_text(export.replace("The ledger, read back", "The old ledger, read back"), encoding="utf-8")
    run([*command, "--site-dir", "preview"], cwd=project, REPORTS_PREVIEW_PR="5", REPORTS_BASE_EXPORT="base.json",
        REPORTS_SITE_URL="https://example.org/analyses/pr-preview/pr-5/")
    for name in ("index.html", "acme/memory/index.html", "changes/index.html", "404.html"):
        html = (project / "preview" / name).read_text(encoding="utf-8")
        assert re.search(r"<body[^>]*>\s*<aside class=\"rpt-preview-banner\"[^>]*>\s*<p><strong>Preview of pull request #5<", html), name
    not_found = (project / "preview" / "404.html").read_text(encoding="utf-8")
    assert "location.replace(page)" in not_found
    assert 'href="/analyses/pr-preview/pr-5/changes/"' in not_found
    changes = (project / "preview" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "Changed record: MEM-OBJ-ledger" in re.sub(r"<[^>]+>", "", changes)
    assert json.loads(export)["format"] == "mkdocs-reports/collection"
