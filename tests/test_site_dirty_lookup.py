"""`mkdocs serve --dirty`: the record IDs' lookup files (``assets/mkdocs-reports/ids/``) an
edit did not change are not written again, and those it did change are, so that the site
is the same, file for file, as a full build of the same reports."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_reports.pages.record_lookup import ID_DIR, bucket
from sitehtml import make_project

pytestmark = pytest.mark.site


def test_an_edit_rewrote_every_lookup_file(tmp_path):
    project = make_project(tmp_path / "project")
    site = tmp_path / "served"
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=True)
    build(config, dirty=True)
    ids = site / ID_DIR
    files = sorted(ids.glob("*.json"))
    assert len(files) > 3
    for file in files:
        os.utime(file, ns=(0, 0))
    report = project / "reports" / "alpha" / "memory.yaml"
    report.write_text(report.read_text(encoding="utf-8").replace("label: Note writing", "label: Note keeping"), encoding="utf-8")
    build(config, dirty=True)  # the same plugin instance, as serve keeps it
    config.plugins.on_startup(command="build", dirty=False)  # the instance outlives the test
    written = sorted(file.name for file in files if file.stat().st_mtime_ns != 0)
    assert written == [f"{bucket('MEM-RTE-note-write')}.json"]
    assert "Note keeping" in (ids / written[0]).read_text(encoding="utf-8")
    full = tmp_path / "full"
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(full)], cwd=project, check=True, timeout=300)
    assert {f.name: f.read_bytes() for f in (full / ID_DIR).glob("*.json")} == {f.name: f.read_bytes() for f in ids.glob("*.json")}
