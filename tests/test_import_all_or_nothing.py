"""`mkdocs-reports import` writes all of its files or none, never merges two sets into one
system folder, never opens anything but a regular file and never waits on one; `check`
refuses a report or manifest path that is not a regular file; links out of a set folder are
named, not followed or skipped in silence. Real folders, FIFOs and symbolic links."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli
from markdown_helpers import INKWELL, new_collection
from mkdocs_reports.core.markdown.reader import import_markdown

RETAINED = FIXTURES / "sets" / "retained"
PINNED = RETAINED / "inkwell"
RUN_ID = "AAS-2026-04-02-inkwell-01"


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def errors(result) -> list[str]:
    assert not result.ok and not result.outputs
    return [str(d) for d in result.diagnostics]


@pytest.mark.parametrize("workers", [1, 2], ids=["one share", "two shares"])
@pytest.mark.parametrize("second", ["run-ID folder", "second run"])
def test_two_set_folders_that_write_one_system_folder_are_refused_naming_both(tmp_path, workers, second):
    """A pinned set and an unpinned copy of it (or two runs of one system) in one import:
    the last would win, with 0 errors."""
    runs = tmp_path / "runs"
    first = runs / "inkwell"
    shutil.copytree(PINNED, first)
    other = runs / (RUN_ID if second == "run-ID folder" else "AAS-2026-04-09-inkwell-02")
    shutil.copytree(PINNED, other, ignore=shutil.ignore_patterns("ARTIFACT.yaml"))
    into = tmp_path / "reports"
    messages = errors(import_markdown([first, other], into, workers=workers))
    clash = [m for m in messages if "two sets import into the system folder 'inkwell'" in m]
    assert len(clash) == 1 and str(first) in clash[0] and str(other) in clash[0], messages
    assert not into.exists()


def test_a_target_that_is_a_folder_fails_before_any_file_is_written(tmp_path):
    into = new_collection(tmp_path / "reports")
    (into / "inkwell" / "runtime.yaml").mkdir(parents=True)
    before = files_under(into)
    messages = errors(import_markdown([INKWELL], into))
    assert any(m.startswith(f"{into / 'inkwell' / 'runtime.yaml'}:1:1: error: the import would write this file, "
                            "but it is a folder") for m in messages), messages
    assert files_under(into) == before and sorted(p.name for p in (into / "inkwell").iterdir()) == ["runtime.yaml"]


def test_a_file_where_a_system_folder_must_be_fails_before_any_file_is_written(tmp_path):
    """Two sets: ember's files come first; inkwell's folder is a file."""
    into = tmp_path / "reports"
    into.mkdir()
    (into / "inkwell").write_text("not a folder\n")
    messages = errors(import_markdown([RETAINED], into))
    assert any(m.startswith(f"{into / 'inkwell'}:1:1: error: the import would write into this folder, but it is a regular file")
               for m in messages), messages
    assert sorted(p.name for p in into.iterdir()) == ["inkwell"]  # ember/ not written either


def test_a_named_pipe_where_a_member_goes_fails_at_once_and_writes_nothing(tmp_path):
    """The pipe has no reader or writer: opening it to write (or to read without
    O_NONBLOCK) would wait forever; the timeout makes a regression fail rather than hang."""
    into = new_collection(tmp_path / "reports")
    (into / "inkwell").mkdir()
    os.mkfifo(into / "inkwell" / "runtime.yaml")
    for extra in ([], ["--check"]):
        done = run_cli("import", *extra, str(INKWELL), "--into", str(into), timeout=60)
        assert done.returncode == 1, done.stdout + done.stderr
        assert f"{into / 'inkwell' / 'runtime.yaml'}:1:1: error: the import would write this file, but it is a named pipe (FIFO)" \
            in done.stderr
    assert sorted(p.name for p in (into / "inkwell").iterdir()) == ["runtime.yaml"]


def test_a_file_that_cannot_be_written_leaves_the_collection_as_it_was(tmp_path):
    """The files are written beside their targets first and renamed into place only when
    all are written: a write the system refuses (here: beyond the process's file size
    limit, which binds root too) leaves no half-imported set and no temporary file."""
    into = tmp_path / "reports"
    assert import_markdown([RETAINED], into).ok
    (into / "ember" / "overview.yaml").write_text("stale\n")
    (into / "inkwell" / "memory.yaml").write_text("stale\n")
    before = files_under(into)
    limit = 2000
    assert len((into / "ember" / "_set.yaml").read_bytes()) < limit < max(len(data) for data in before.values())

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write beyond the limit fails (EFBIG) instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run([sys.executable, "-m", "mkdocs_reports.cli", "import", str(RETAINED), "--into", str(into)],
                          capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "error: cannot write this file: File too large; nothing was written" in done.stderr, done.stderr
    assert files_under(into) == before
    assert not [p for p in into.rglob("*") if p.name.startswith(".")]  # no temporary file left


@pytest.mark.parametrize(("name", "what"), [
    ("runtime.yaml", "this is not a regular file but a folder — a report is a plain .yaml file: replace it with one"),
    ("_set.yaml", "this is not a regular file but a folder — a set file is a plain .yaml file: replace it with one"),
    ("notes.yml", "report files end in .yaml (in lower case)")])
def test_a_folder_named_like_a_report_file_is_refused_by_check(tmp_path, name, what):
    reports = tmp_path / "reports"
    shutil.copytree(FIXTURES / "sample", reports)
    (reports / "alpha" / name).unlink(missing_ok=True)
    (reports / "alpha" / name).mkdir()
    done = run_cli("check", str(reports), cwd=tmp_path)
    assert done.returncode == 1
    assert f"reports/alpha/{name}:1:1: error: {what}" in done.stdout, done.stdout


def test_a_set_file_that_is_a_folder_is_refused_when_one_report_is_checked(tmp_path):
    reports = tmp_path / "reports"
    shutil.copytree(FIXTURES / "sample", reports)
    (reports / "alpha" / "_set.yaml").unlink()
    (reports / "alpha" / "_set.yaml").mkdir()
    done = run_cli("check", str(reports / "alpha" / "memory.yaml"), cwd=tmp_path)
    assert done.returncode == 1
    assert "reports/alpha/_set.yaml:1:1: error: this is not a regular file but a folder" in done.stdout, done.stdout


@pytest.mark.parametrize("kind", ["folder", "named pipe"])
def test_a_manifest_that_is_not_a_regular_file_is_refused(tmp_path, kind):
    """Ignored, its set would be imported unpinned: no digest checked."""
    folder = tmp_path / "retained" / "inkwell"
    shutil.copytree(PINNED, folder)
    (folder / "ARTIFACT.yaml").unlink()
    (folder / "ARTIFACT.yaml").mkdir() if kind == "folder" else os.mkfifo(folder / "ARTIFACT.yaml")
    into = tmp_path / "reports"
    done = run_cli("import", str(folder.parent), "--into", str(into), timeout=60)
    assert done.returncode == 1, done.stdout
    what = "a folder" if kind == "folder" else "a named pipe (FIFO)"
    assert f"{folder / 'ARTIFACT.yaml'}:1:1: error: this is not a regular file but {what}" in done.stderr, done.stderr
    assert not into.exists()


@pytest.mark.parametrize("linked", ["memory.md", "ARTIFACT.yaml"])
def test_a_member_or_manifest_linked_out_of_the_set_folder_is_named(tmp_path, linked):
    folder = tmp_path / "retained" / "inkwell"
    shutil.copytree(PINNED, folder)
    outside = tmp_path / "elsewhere" / linked
    outside.parent.mkdir()
    (folder / linked).rename(outside)
    (folder / linked).symlink_to(outside)
    into = tmp_path / "reports"
    messages = errors(import_markdown([folder.parent], into))
    assert f"{folder / linked}:1:1: error: this file is a symbolic link to a file outside the set folder — copy the file " \
           "into the set folder; links out of it are not read, so that only the set's own files are imported" in messages, messages
    assert not into.exists()


def test_a_set_folder_linked_into_a_retained_tree_is_named(tmp_path):
    retained = tmp_path / "retained"
    shutil.copytree(RETAINED, retained)
    elsewhere = tmp_path / "elsewhere"
    (retained / "inkwell").rename(elsewhere)
    (retained / "inkwell").symlink_to(elsewhere)
    into = tmp_path / "reports"
    messages = errors(import_markdown([retained], into))
    assert any(m.startswith(f"{retained / 'inkwell'}:1:1: error: this set folder is a symbolic link; it is not imported")
               for m in messages), messages
    assert not into.exists()
