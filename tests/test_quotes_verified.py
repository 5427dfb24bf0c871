""""Verified" means that CI can verify it again: a quote is shown verified only when its
lock was made from a git checkout of a source CI fetches (a public https repository at a
full commit), which the Quotes workflow checks anew on every pull request. A lock made
from a plain folder says so ("checked against a capture"), and a lock of a source CI
cannot fetch vouches for nothing: its quotes are not verified, and ``--list-sources`` (so
the Quotes workflow) fails on it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from conftest import Collection
from mkdocs_reports.cli import main
from mkdocs_reports.core.grounding.lock import LOCK_FILE
from mkdocs_reports.core.grounding.status import UNVERIFIED
from mkdocs_reports.core.model import Quote
from quotes_helpers import quote_block, record_with_quotes, source_repository, write_system

AGENT = "def load(path):\n    return open(path).read()\n"
NOT_FETCHABLE = [
    "http://github.com/example/tallybook",
    "git@github.com:example/tallybook.git",
    "https://github.com/example/tallybook?ref=main",
    "https://github.com/example",
    "tallybook",
]


def _quotes(project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    monkeypatch.chdir(project)
    code = main(["quotes", *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def _system(tmp_path: Path, identity: str = "https://github.com/example/tallybook") -> tuple[Path, Path, str]:
    """A source repository and a project quoting it; (project, source, commit)."""
    source = tmp_path / "source"
    commit = source_repository(source, {"tallybook/agent.py": AGENT})
    project = tmp_path / "project"
    write_system(Collection(project / "reports"), commit,
                 record_with_quotes("MEM-OBJ-notebook", quote_block("return open(path).read()", "tallybook/agent.py")),
                 identity=identity)
    return project, source, commit


def _quote(project: Path) -> Quote:
    checked = Collection(project / "reports").check()
    (quote,) = checked.collection.systems["tallybook"].reports["memory"].quotes()
    return quote


def test_a_lock_made_from_git_of_a_source_ci_fetches_is_verified(tmp_path, monkeypatch, capsys) -> None:
    project, source, commit = _system(tmp_path)
    assert _quotes(project, monkeypatch, capsys, "--source", f"SRC-1={source}", "reports")[0] == 0
    grounding = _quote(project).grounding
    assert grounding is not None and grounding.verified and grounding.reason == f"verified at {commit[:7]}"
    assert "read_from" not in (project / "reports" / "tallybook" / LOCK_FILE).read_text()  # git: the lock as it was


def test_a_lock_made_from_a_plain_folder_says_it_was_checked_against_a_capture(tmp_path, monkeypatch, capsys) -> None:
    project, _, commit = _system(tmp_path)
    made_up = tmp_path / "made-up"
    (made_up / "tallybook").mkdir(parents=True)
    (made_up / "tallybook" / "agent.py").write_text(textwrap.dedent(AGENT))
    assert _quotes(project, monkeypatch, capsys, "--plain-folder", "--source", f"SRC-1={made_up}", "reports")[0] == 0
    lock = (project / "reports" / "tallybook" / LOCK_FILE).read_text()
    assert "    read_from: folder\n" in lock
    grounding = _quote(project).grounding
    assert grounding is not None and not grounding.verified and grounding.state == "captured"
    assert grounding.reason == f"checked against a capture of {commit[:7]}, not verified"
    warnings = [d for d in Collection(project / "reports").check().diagnostics if d.rule == UNVERIFIED]
    assert len(warnings) == 1 and "checked against a capture" in warnings[0].message
    assert "git checkout" in (warnings[0].fix or "")


@pytest.mark.parametrize("identity", NOT_FETCHABLE)
def test_a_lock_of_a_source_ci_cannot_fetch_verifies_nothing(tmp_path, monkeypatch, capsys, identity: str) -> None:
    project, source, _ = _system(tmp_path, identity)
    assert _quotes(project, monkeypatch, capsys, "--source", f"SRC-1={source}", "reports")[0] == 0
    grounding = _quote(project).grounding
    assert grounding is not None and not grounding.verified and grounding.state == "unfetchable"
    assert "verified at" not in grounding.reason and "public https repository" in grounding.reason
    # CI's list of what to fetch fails on the lock it cannot verify again, naming it
    code, out = _quotes(project, monkeypatch, capsys, "--list-sources", "reports")
    assert code == 1, out
    assert (f"reports/tallybook/{LOCK_FILE}:1:1: error: the lock vouches for quotes of SRC-1, "
            "which CI cannot fetch to verify them again") in out
    assert "register the source's public https repository and full commit" in out


@pytest.mark.parametrize("identity", NOT_FETCHABLE[:1])
def test_a_capture_lock_of_a_source_ci_cannot_fetch_is_listed_but_does_not_fail(tmp_path, monkeypatch, capsys, identity) -> None:
    project, _, _ = _system(tmp_path, identity)
    made_up = tmp_path / "made-up"
    (made_up / "tallybook").mkdir(parents=True)
    (made_up / "tallybook" / "agent.py").write_text(AGENT)
    assert _quotes(project, monkeypatch, capsys, "--plain-folder", "--source", f"SRC-1={made_up}", "reports")[0] == 0
    code, out = _quotes(project, monkeypatch, capsys, "--list-sources", "reports")
    assert code == 0 and "tallybook SRC-1: not fetched (no public https repository URL as its identity); its lock was " \
                         "checked against a capture, and its quotes are shown so" in out
