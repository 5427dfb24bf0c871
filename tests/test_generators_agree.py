"""MkDocs and ProperDocs write the same site, byte for byte but for the generator's name.

This is what lets the ProperDocs pass of the suite (``--generator properdocs``) leave out the
browser tests: what a reader sees under ProperDocs is the very HTML, script and search
index the browser tests look at under MkDocs. Built here from the sample, the hostile
collection (with its hand-written page) and the published sets, strictly where they can be.
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES
from hostile import DOCS_PAGE, write_hostile_collection
from mkdocs_reports.core.markdown.reader import import_markdown
from sitehtml import SAMPLE, make_project

pytestmark = pytest.mark.once

GENERATOR_META = re.compile(rb'<meta name="generator" content="[^"]*">')


def built_files(generator: str, project: Path, site: Path, strict: bool) -> tuple[bytes, dict[str, bytes]]:
    """The generator's name as the home page gives it, and every file without it."""
    command = [sys.executable, "-m", generator, "build", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(site)]
    env = os.environ | {"NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([*command, *(["--strict"] if strict else [])], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    files = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)  # the archive's header holds the time it was written
        files[path.relative_to(site).as_posix()] = GENERATOR_META.sub(b"", data)
    return GENERATOR_META.findall((site / "index.html").read_bytes())[0], files


def _hostile(root: Path) -> Path:
    project = make_project(root, reports=None, docs={"notes.md": DOCS_PAGE})
    write_hostile_collection(project / "reports")
    return project


def _sets(root: Path) -> Path:
    reports = root.parent / f"{root.name}-reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], reports).ok
    return make_project(root, reports)


@pytest.mark.parametrize(
    ("make", "strict"),
    [(lambda root: make_project(root, SAMPLE), True), (_hostile, False), (_sets, True)],
    ids=["sample", "hostile", "sets"],
)
def test_properdocs_writes_the_site_mkdocs_writes(tmp_path, make, strict):
    project = make(tmp_path / "project")
    mkdocs, by_mkdocs = built_files("mkdocs", project, tmp_path / "mkdocs", strict)
    properdocs, by_properdocs = built_files("properdocs", project, tmp_path / "properdocs", strict)
    assert b"ProperDocs" in properdocs and b"ProperDocs" not in mkdocs  # two generators did build
    assert sorted(by_properdocs) == sorted(by_mkdocs)
    assert [name for name in by_mkdocs if by_mkdocs[name] != by_properdocs[name]] == []
