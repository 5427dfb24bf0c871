"""Names never start a line: every line kind of every command, printed with a name that
holds a line break followed by a CI workflow command, an ESC sequence, a C1 control and a
bidirectional override, shows them escaped; a value a message echoes is bounded."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli
from markdown_helpers import INKWELL, new_collection

#: a name as a hostile contributor writes it: any of these raw in a printed line is a defect
HOSTILE = "x\n::error file=README.md::owned \x1b[2J\x9b\u202egnp"
_RAW = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def lines_of(done: subprocess.CompletedProcess) -> list[str]:
    """The printed lines; each must be free of raw controls and start no workflow command."""
    lines = (done.stdout + done.stderr).split("\n")
    for line in lines:
        assert not _RAW.search(line), repr(line)
        assert not line.lstrip().startswith(("::", "##[")), repr(line)
    return lines


def shown(lines: list[str], start: str) -> list[str]:
    """The lines that begin with ``start`` and name the hostile name (escaped)."""
    found = [line for line in lines if line.startswith(start) and "x\\n::error file=README.md::owned \\x1b[2J\\x9b\\u202egnp" in line]
    assert found, (start, lines)
    return found


def test_every_line_the_import_prints_shows_a_hostile_name_escaped(tmp_path):
    runs = tmp_path / "runs" / "inkwell"
    shutil.copytree(INKWELL, runs)
    (runs / "memory.md").rename(runs / f"{HOSTILE}.md")  # a member: its notes and "from" lines name it
    (runs / "review.md").rename(runs / f"{HOSTILE}-review.md")  # not a member: "skipped"
    into = new_collection(tmp_path / f"reports{HOSTILE}")
    shown_into = f"{into}".replace("\n", "\\n").replace("\x1b", "\\x1b").replace("\x9b", "\\x9b").replace("\u202e", "\\u202e")

    def imported(*extra: str) -> list[str]:
        return lines_of(run_cli("import", *extra, str(runs), "--into", str(into)))

    lines = imported("--check")
    shown(lines, "would create ")
    assert any(line.startswith(f"would create {shown_into}/inkwell/memory.yaml from ") for line in lines), lines
    lines = imported()
    shown(lines, "created ")
    shown([line for line in lines if ": skipped: " in line], str(runs))
    shown([line for line in lines if ": note: " in line], str(runs))
    assert any(line.startswith("imported 4 members") for line in lines), lines
    shown(imported(), "unchanged ")
    assert any(line.startswith("up to date") for line in imported("--check"))
    (into / "inkwell" / "memory.yaml").write_text("stale\n")
    lines = imported("--check")
    shown(lines, "would update ")
    assert any(line.startswith("out of date") for line in lines)
    member = runs / f"{HOSTILE}.md"
    member.write_text(member.read_text().replace("## Core ideas", "## Core idea"))
    lines = imported()
    shown(lines, str(runs))  # the error's file:line:col
    assert any(line.startswith("nothing imported") for line in lines)


def test_check_export_pages_and_schema_print_a_hostile_path_escaped(tmp_path):
    reports = tmp_path / "reports"
    shutil.copytree(FIXTURES / "sample", reports)
    out = tmp_path / f"out{HOSTILE}"
    shown(lines_of(run_cli("export", "--format", "markdown", "--out", str(out), str(reports))), "wrote ")
    (tmp_path / f"pages{HOSTILE}").write_text("a file, not a folder\n")
    shown(lines_of(run_cli("pages", "--out", str(tmp_path / f"pages{HOSTILE}"), str(reports))), "mkdocs-reports pages: error: ")
    shutil.copytree(reports / "alpha", reports / HOSTILE)
    lines = lines_of(run_cli("check", str(reports), cwd=tmp_path))
    shown(lines, "reports/x\\n::error")
    (reports / "_types").mkdir()
    (reports / "_types" / f"{HOSTILE}.txt").write_text("not a type\n")
    shown(lines_of(run_cli("schema", str(reports), cwd=tmp_path)), "reports/_types/x\\n::error")
    shown(lines_of(run_cli("check", "-f", str(tmp_path / f"{HOSTILE}.yml"))), "mkdocs-reports: error: ")


def test_quotes_prints_a_hostile_source_escaped(tmp_path):
    reports = tmp_path / "reports"
    shutil.copytree(FIXTURES / "sample", reports)
    lines = lines_of(run_cli("quotes", "--source", f"alpha:SRC-9={HOSTILE}", str(reports / "alpha")))
    shown(lines, "mkdocs-reports quotes: error: --source ")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "sample", tmp_path / "reports")
    environment = ["-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    for command in (["init", "-q", "-b", "main"], ["add", "reports"], ["commit", "-q", "-m", "base"]):
        subprocess.run(["git", *environment, *command], cwd=tmp_path, check=True, capture_output=True)
    return tmp_path


def test_changes_echoes_a_hostile_ref_escaped_and_a_long_one_bounded(repo):
    shown(lines_of(run_cli("changes", "--base-ref", f"main{HOSTILE}", "reports", cwd=repo)), "mkdocs-reports changes: error: ")
    long_ref = "a" * 100_000
    done = run_cli("changes", "--base-ref", long_ref, "reports", cwd=repo)
    assert done.returncode == 2 and len(done.stderr) < 1_000, len(done.stderr)
    assert "more characters)" in done.stderr, done.stderr
