"""``mkdocs-reports export --format markdown --out DIR`` writes every member of every set
into DIR, which may already hold files (a previous export, a checkout): like the import, it
writes all or nothing, and never through a symbolic link, a folder or a pipe where a member
goes. A link committed at ``DIR/<system>/boundary.md`` made the export overwrite the file
it pointed at, anywhere on the machine."""

from __future__ import annotations

import os

from conftest import FIXTURES, run_cli
from mkdocs_reports.core.markdown.reader import import_markdown


def _reports(tmp_path):
    reports = tmp_path / "reports"
    assert import_markdown([FIXTURES / "sets" / "current" / "tern"], reports).ok
    return reports


def test_export_writes_nothing_through_a_link_in_its_folder(tmp_path):
    reports = _reports(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("not the export's\n", encoding="utf-8")
    out = tmp_path / "md"
    (out / "tern").mkdir(parents=True)
    os.symlink(victim, out / "tern" / "boundary.md")
    done = run_cli("export", "--format", "markdown", "--out", str(out), str(reports))
    assert done.returncode == 1, done.stderr
    assert victim.read_text(encoding="utf-8") == "not the export's\n"
    assert os.path.islink(out / "tern" / "boundary.md")
    assert sorted(path.name for path in (out / "tern").iterdir()) == ["boundary.md"]  # nothing else written either
    assert f"{out}/tern/boundary.md:1:1: error: the export would write this file, but it is a symbolic link — " in done.stderr, done.stderr


def test_export_writes_nothing_into_a_linked_system_folder(tmp_path):
    reports = _reports(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "md"
    out.mkdir()
    os.symlink(elsewhere, out / "tern")
    done = run_cli("export", "--format", "markdown", "--out", str(out), str(reports))
    assert done.returncode == 1, done.stderr
    assert list(elsewhere.iterdir()) == []
    assert f"{out}/tern:1:1: error: the export would write into this folder, but it is a symbolic link — " in done.stderr, done.stderr


def test_export_into_a_clean_folder_writes_every_member(tmp_path):
    reports = _reports(tmp_path)
    out = tmp_path / "md"
    done = run_cli("export", "--format", "markdown", "--out", str(out), str(reports))
    assert done.returncode == 0, done.stderr
    assert len(list((out / "tern").glob("*.md"))) == 11 and (out / "tern" / "ARTIFACT.yaml").is_file()
    assert not list((out / "tern").glob(".*"))  # no temporary file left behind
