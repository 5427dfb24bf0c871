"""Changes against a base: a real git repository whose commits add, remove and edit records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import MINIMAL, completed, minimal_report, run_cli
from mkdocs_reports.core.changes import (
    SnapshotError,
    Span,
    compare,
    snapshot_from_export,
    snapshot_from_folder,
    snapshot_from_git,
)
from mkdocs_reports.core.changes.textdiff import word_diff

ROUTE = """\
      - fields:
          Immediate return: the stored note.
          Later read-back: {read_back}
          Delegated visibility: uninspected — child agents were not traced.
          Selection predicate: every note the agent writes.
          Invalidation or expiry: none; notes stay.
          Activation or effect: notes guide later turns.
          Evidence limits: no run observed.
          implementation conclusion status: wired
          operation conclusion status: {operation}
      - quote:
          passage: "{passage}"
          path: src/notes.ts
"""

ALPHA_BASE = """\
records:
  - id: MEM-CMP-embedder
    label: Note embedder
    body: Turns notes into vectors.
  - id: MEM-OBJ-notes
    label: Note store
    body: A table of notes, indexed by MEM-CMP-embedder.
  - id: MEM-OBJ-cache
    label: Note cache
    body: |
      Caches the rows of MEM-OBJ-gone
      for a while.
  - id: MEM-RTE-note-write
    label: Note writing
    body:
      - text: The agent writes notes into MEM-OBJ-notes.
""" + ROUTE.format(read_back="the next turn reads it back.", operation="uninspected", passage="db.insert(note)") + """\
annotations:
  - on: RT-RTE-chat-turn
    body: The chat turn reads MEM-OBJ-notes.
"""

# edits: label, a route field, a status, a quote, an annotation; MEM-CMP-embedder removed
# (its citation now dangles), MEM-OBJ-gone declared (its citation now resolves), a new record
# citing a missing one, and a re-wrapped paragraph that must not count as a change
ALPHA_HEAD = """\
records:
  - id: MEM-OBJ-notes
    label: Note table
    body: A table of notes, indexed by MEM-CMP-embedder.
  - id: MEM-OBJ-cache
    label: Note cache
    body: Caches the rows of MEM-OBJ-gone for a while.
  - id: MEM-OBJ-gone
    label: Gone notes
    body: Notes the agent deleted.
  - id: MEM-RTE-note-write
    label: Note writing
    body:
      - text: The agent writes notes into MEM-OBJ-notes.
""" + ROUTE.format(
    read_back="the next turn reads it back, newest first.", operation="observed", passage="db.insert(note, {validate: true})"
) + """\
  - id: MEM-OBJ-drafts
    label: Draft notes
    body: Drafts wait in MEM-OBJ-missing.
annotations:
  - on: RT-RTE-chat-turn
    body: The chat turn reads MEM-OBJ-notes twice.
"""

BETA = """\
records:
  - id: MEM-OBJ-logs
    label: Logs
    body: Plain logs.
"""


def git(repo: Path, *args: str, input_text: str | None = None) -> str:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    config = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
    done = subprocess.run(["git", *config, *args], cwd=repo, env=env, capture_output=True, text=True, check=True, input=input_text)
    return done.stdout


def write(repo: Path, system: str, body: str) -> None:
    path = repo / "reports" / system / "memory.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    name = system.capitalize()
    path.write_text(completed(MINIMAL.format(system=name) + textwrap.dedent(body), name, system), encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path)


def make_repo(tmp_path: Path) -> Path:
    """Two commits: the base (alpha, beta) and the head (alpha edited, beta gone, gamma new)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    write(repo, "alpha", ALPHA_BASE)
    write(repo, "beta", BETA)
    git(repo, "add", "reports")
    git(repo, "commit", "-q", "-m", "base")
    write(repo, "alpha", ALPHA_HEAD)
    (repo / "reports" / "beta" / "memory.yaml").unlink()
    write(repo, "gamma", "records:\n  - id: MEM-OBJ-graph\n    label: Graph\n    body: A graph.\n")
    git(repo, "add", "-A", "reports")
    git(repo, "commit", "-q", "-m", "head")
    return repo


def summary(changes) -> dict:
    """Every report change as {report: [(change, item, id, [fields])]} for compact asserts."""
    return {
        f"{r.system}/{r.member} {r.change}": [(i.change, i.item, i.id, [f.field for f in i.fields]) for i in r.items]
        for r in changes.reports
    }


def test_compares_two_commits_record_by_record_and_field_by_field(repo):
    changes = compare(snapshot_from_git("HEAD~1", repo / "reports"), snapshot_from_git("HEAD", repo / "reports"))
    assert summary(changes) == {
        "alpha/memory changed": [
            ("changed", "record", "MEM-OBJ-notes", ["label"]),
            ("added", "record", "MEM-OBJ-gone", []),
            ("changed", "record", "MEM-RTE-note-write", ["field.Later read-back", "field.operation conclusion status", "quotes"]),
            ("added", "record", "MEM-OBJ-drafts", []),
            ("changed", "annotation", "RT-RTE-chat-turn", ["text"]),
            ("removed", "record", "MEM-CMP-embedder", []),
        ],
        "gamma/memory added": [("added", "record", "MEM-OBJ-graph", [])],
        "beta/memory removed": [("removed", "record", "MEM-OBJ-logs", [])],
    }
    assert changes.base.startswith("HEAD~1 at ") and changes.head.startswith("HEAD at ")
    assert (changes.count("added"), changes.count("removed"), changes.count("changed")) == (3, 2, 2)


def test_field_diffs_are_short_and_name_the_field(repo):
    changes = compare(snapshot_from_git("HEAD~1", repo / "reports"), snapshot_from_git("HEAD", repo / "reports"))
    alpha = changes.reports[0]
    assert alpha.page == "alpha/memory/"
    notes, _, route = alpha.items[:3]
    assert (notes.label, notes.anchor) == ("Note table", "mem-obj-notes")
    assert [(s.kind, s.text) for s in notes.fields[0].diff] == [("same", "Note"), ("removed", "store"), ("added", "table")]
    fields = {f.field: f for f in route.fields}
    assert fields["field.Later read-back"].name == "Later read-back"
    assert [(s.kind, s.text) for s in fields["field.Later read-back"].diff] == [
        ("same", "the next turn reads it"),
        ("removed", "back."),
        ("added", "back, newest first."),
    ]
    assert fields["field.operation conclusion status"].name == "operation conclusion status"
    assert [(s.kind, s.text) for s in fields["field.operation conclusion status"].diff] == [("removed", "uninspected"), ("added", "observed")]
    assert [(s.kind, s.text) for s in fields["quotes"].diff] == [
        ("removed", "src/notes.ts “db.insert(note)”"),
        ("added", "src/notes.ts “db.insert(note, {validate: true})”"),
    ]
    assert alpha.annotations[0].anchor == "annotation-1-on-rt-rte-chat-turn"


def test_citations_that_newly_dangle_or_resolve(repo):
    changes = compare(snapshot_from_git("HEAD~1", repo / "reports"), snapshot_from_git("HEAD", repo / "reports"))
    dangling = {(c.target, c.place, c.before, c.after) for c in changes.dangling}
    assert dangling == {
        ("MEM-CMP-embedder", "MEM-OBJ-notes — text", "declared", "unresolved"),  # its record was removed
        ("MEM-OBJ-missing", "MEM-OBJ-drafts — text", None, "unresolved"),  # a new citation of nothing
    }
    [resolved] = changes.resolved
    assert (resolved.target, resolved.before, resolved.after) == ("MEM-OBJ-gone", "unresolved", "declared")
    assert (resolved.page, resolved.anchor, resolved.file) == ("alpha/memory/", "mem-obj-cache", "reports/alpha/memory.yaml")


def test_a_base_that_fails_the_check_is_still_compared(repo):
    base = snapshot_from_git("HEAD~1", repo / "reports")
    assert any("MEM-OBJ-gone" in error for error in base.errors)  # cited but not declared at the base
    changes = compare(base, snapshot_from_folder(repo / "reports", "working tree"))
    assert changes.base_errors == base.errors and changes.reports


def test_reading_a_ref_leaves_the_work_tree_alone(repo):
    (repo / "reports" / "alpha" / "memory.yaml").write_text("uncommitted: edit\n", encoding="utf-8")
    before = git(repo, "status", "--porcelain")
    base = snapshot_from_git("HEAD~1", repo / "reports")
    assert git(repo, "status", "--porcelain") == before
    assert (repo / "reports" / "alpha" / "memory.yaml").read_text(encoding="utf-8") == "uncommitted: edit\n"
    assert {r["id"] for r in base.export["records"]} >= {"MEM-CMP-embedder", "MEM-OBJ-logs"}
    assert snapshot_from_git("HEAD~1", repo / "reports") is base  # a commit is read once per process


def test_a_ref_without_the_reports_folder_is_an_empty_base(repo):
    git(repo, "commit", "-q", "--allow-empty", "-m", "unrelated")
    git(repo, "checkout", "-q", "--orphan", "empty")
    git(repo, "rm", "-rq", "--cached", "reports")
    git(repo, "commit", "-q", "--allow-empty", "-m", "nothing yet")
    git(repo, "checkout", "-q", "-f", "main")
    changes = compare(snapshot_from_git("empty", repo / "reports"), snapshot_from_git("main", repo / "reports"))
    assert {r.change for r in changes.reports} == {"added"} and changes.count("removed") == 0


def test_whitespace_alone_is_no_change():
    assert word_diff("a  b\nc", "a b c") == ()


def test_long_prose_diffs_keep_context_and_are_cut():
    before = " ".join(f"w{n}" for n in range(200))
    after = before.replace("w100", " ".join(f"new{n}" for n in range(50)))
    spans = word_diff(before, after)
    assert [s.kind for s in spans] == ["gap", "same", "removed", "added", "same", "gap"]
    assert spans[1].text == "w95 w96 w97 w98 w99" and spans[2].text == "w100"
    assert spans[3].text.endswith("new29 … (+20 words)")
    letters = "abcdefghijklmnopqrst"
    many = word_diff(" ".join(letters), " ".join(c.upper() if n % 2 else c for n, c in enumerate(letters)))
    assert sum(s.kind == "added" for s in many) == 6 and many[-1] == Span("gap", "… (+4 more changes)")


def run_changes(*args: str, cwd: Path):
    return run_cli("changes", *args, cwd=cwd)


def test_cli_compares_with_a_base_export_file(repo, tmp_path):
    git(repo, "checkout", "-q", "HEAD~1")
    write(repo, "alpha", "records:\n  - id: MEM-OBJ-gone\n    label: Gone\n")  # a valid base: `export` refuses a collection with errors
    exported = run_cli("export", "--format", "json", cwd=repo)
    assert exported.returncode == 0, exported.stderr
    (tmp_path / "base.json").write_text(exported.stdout, encoding="utf-8")
    git(repo, "checkout", "-q", "-f", "main")
    result = run_changes("--base-export", str(tmp_path / "base.json"), "--format", "json", cwd=repo)
    assert result.returncode == 0, result.stderr
    from_file = json.loads(result.stdout)
    assert from_file["format"] == "mkdocs-reports/changes" and from_file["base"] == "base.json"
    alpha = from_file["reports"][0]
    assert [(i["change"], i["id"]) for i in alpha["items"]][:2] == [("added", "MEM-OBJ-notes"), ("added", "MEM-OBJ-cache")]
    assert snapshot_from_export(tmp_path / "base.json").export == json.loads(exported.stdout)

    text = run_changes("--base-export", str(tmp_path / "base.json"), cwd=repo)
    assert text.stdout.startswith(
        "Changes against base.json: 5 records added, 1 record removed, 1 record changed, 1 annotation added;"
    )
    assert "  + MEM-OBJ-notes — Note table" in text.stdout


def test_cli_text_marks_words_like_git_word_diff(repo):
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    write(repo, "beta", BETA.replace("Logs", "Log files"))
    result = run_changes("--base-ref", "HEAD", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Changes against HEAD at " + git(repo, "rev-parse", "--short=7", "HEAD").strip()
        + ": 1 record changed; 0 citations newly dangling, 0 newly resolved.",
        "The base has 1 check error: what a file with errors declares may be missing from it.",
        "The head has 1 check error: what a file with errors declares may be missing from it.",
        "",
        "Beta — Beta memory report (beta/memory/)",
        "  ~ MEM-OBJ-logs — Log files",
        "      Label: [-Logs-] {+Log files+}",
    ]


def test_cli_bad_ref_is_a_clear_error(repo):
    result = run_changes("--base-ref", "origin/nowhere", cwd=repo)
    assert result.returncode == 2
    assert result.stderr.startswith("mkdocs-reports changes: error: no commit 'origin/nowhere' in ")
    assert "git fetch" in result.stderr and "Traceback" not in result.stderr and result.stdout == ""


def test_refs_that_look_like_options_are_refused(repo):
    with pytest.raises(SnapshotError, match="is not a git ref"):
        snapshot_from_git("--output=/tmp/x", repo / "reports")


def test_outside_a_git_repository(tmp_path):
    (tmp_path / "reports").mkdir()
    with pytest.raises(SnapshotError, match="not inside a git repository"):
        snapshot_from_git("main", tmp_path / "reports")


def test_git_missing_is_a_clear_error(repo, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools-here"))
    with pytest.raises(SnapshotError, match="git is not installed"):
        snapshot_from_git("HEAD", repo / "reports")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "base.json:1:2: not valid JSON"),
        ('{"format": "something-else"}', "is not a collection export"),
        ('{"format": "mkdocs-reports/collection", "version": 9}', "is export version 9"),
        ('{"format": "mkdocs-reports/collection", "version": 1, "systems": []}', "is export version 1; this tool reads version 2"),
        ('{"format": "mkdocs-reports/collection", "version": 2, "systems": []}', "lacks the list(s) records, annotations, citations"),
    ],
)
def test_bad_export_files_are_clear_errors(tmp_path, content, message):
    (tmp_path / "base.json").write_text(content, encoding="utf-8")
    with pytest.raises(SnapshotError, match=message.replace("(", r"\(").replace(")", r"\)")):
        snapshot_from_export(tmp_path / "base.json")
    with pytest.raises(SnapshotError, match="cannot read the export"):
        snapshot_from_export(tmp_path / "missing.json")


def test_edited_prose_sections_are_changes_too(repo):
    path = repo / "reports" / "alpha" / "memory.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("  The boundary.\n", "  The boundary, now wider.\n")
        .replace("write_side: Writes.\n", "write_side: Notes are written once.\n"),
        encoding="utf-8",
    )
    git(repo, "commit", "-qam", "prose")
    changes = compare(snapshot_from_git("HEAD~1", repo / "reports"), snapshot_from_git("HEAD", repo / "reports"))
    (report,) = changes.reports
    assert [(i.change, i.item, i.id, i.label, i.anchor) for i in report.items] == [
        ("changed", "section", "boundary", "Boundary and evidence", "boundary"),
        ("changed", "section", "write_side", "Write side", "write-side"),
    ]
    assert report.items[0].fields[0].diff == (Span("same", "The"), Span("removed", "boundary."), Span("added", "boundary, now wider."))
    assert changes.summary().startswith("Changes against HEAD~1 at ")
    assert "2 sections changed" in changes.summary()


def test_a_malformed_base_export_is_an_error_not_a_traceback(repo, tmp_path):
    broken = {"format": "mkdocs-reports/collection", "version": 2, "systems": [{"slug": "a"}],
              "records": [], "annotations": [], "citations": []}
    (tmp_path / "base.json").write_text(json.dumps(broken), encoding="utf-8")
    result = run_changes("--base-export", str(tmp_path / "base.json"), cwd=repo)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "base.json is not a usable collection export: systems[0] lacks 'reports'" in result.stderr


def test_a_symbolic_link_in_the_base_commit_is_never_followed(repo, tmp_path):
    """A base commit is data: a link in it to a report elsewhere on this machine is not read."""
    secret = tmp_path / "elsewhere" / "memory.yaml"
    secret.parent.mkdir()
    secret.write_text(minimal_report("Secret", "records:\n  - id: MEM-OBJ-secret\n    label: S\n    body: S.\n"))
    (repo / "reports" / "linked").mkdir()
    (repo / "reports" / "linked" / "memory.yaml").symlink_to(secret)
    (repo / "reports" / "folder").symlink_to(secret.parent, target_is_directory=True)
    git(repo, "add", "-A", "reports")
    git(repo, "commit", "-q", "-m", "links")
    base = snapshot_from_git("HEAD", repo / "reports")
    assert "MEM-OBJ-secret" not in {r["id"] for r in base.export["records"]}
    assert {s["slug"] for s in base.export["systems"]} == {"alpha", "gamma"}


def test_a_base_is_read_without_tarfile(repo):
    """Python 3.11.2 (Debian 12's) has no tarfile extraction filters; reading a base does
    not need tarfile at all, shown in a process where importing it fails."""
    code = (
        "import sys; sys.modules['tarfile'] = None\n"
        "from mkdocs_reports.core.changes import snapshot_from_git\n"
        "print(len(snapshot_from_git('HEAD~1', 'reports').export['records']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(snapshot_from_git("HEAD~1", repo / "reports").export["records"]) > 0


def test_links_and_submodules_in_the_base_count_only_where_reports_are_read(repo, tmp_path):
    """Links and submodules that the check would never read (a README, a picture, a vendored
    tool) are no errors of the base; one where a report, a set, a lock, a member type or a
    system's folder would be read is refused, saying why links are not followed."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.md").write_text("Notes.\n")
    alpha = repo / "reports" / "alpha"
    (alpha / "README.md").symlink_to(elsewhere / "notes.md")
    (alpha / "pictures").mkdir()
    (alpha / "pictures" / "web.svg").symlink_to(elsewhere / "notes.md")
    (alpha / "runtime.yaml").symlink_to(alpha / "memory.yaml")  # inside reports/, still not followed
    (alpha / "_set.yml").symlink_to(elsewhere / "notes.md")
    (repo / "reports" / "_types").mkdir()
    (repo / "reports" / "_types" / "ledger.yaml").symlink_to(elsewhere / "notes.md")
    (repo / "reports" / "delta").symlink_to(elsewhere, target_is_directory=True)
    git(repo, "add", "-A", "reports")
    commit = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{commit},reports/alpha/vendor")  # a submodule
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{commit},reports/epsilon")
    git(repo, "commit", "-q", "-m", "links and submodules")
    base = snapshot_from_git("HEAD", repo / "reports")
    problems = {error.split(":")[0]: error for error in base.errors if "symbolic link" in error or "submodule" in error}
    assert sorted(problems) == [
        "reports/_types/ledger.yaml", "reports/alpha/_set.yml", "reports/alpha/runtime.yaml", "reports/delta", "reports/epsilon",
    ]
    assert "is a symbolic link, which is not followed: a link could read files outside the reports folder" in problems[
        "reports/alpha/runtime.yaml"
    ]
    assert "commit the file itself in place of the link" in problems["reports/alpha/runtime.yaml"]
    assert "is a git submodule, whose files are not in this repository" in problems["reports/epsilon"]
    assert "where a system's folder goes" in problems["reports/delta"]
    assert {r["id"] for r in base.export["records"]} >= {"MEM-OBJ-notes", "MEM-OBJ-graph"}


def _crafted_commit(repo: Path, reports_entries: list[str]) -> str:
    """A commit whose reports folder is the tree of ``reports_entries`` (``git mktree``
    lines), on top of HEAD's other files: trees git itself never writes, as a hostile
    pull request's base could hold them."""
    reports = git(repo, "mktree", input_text="".join(line + "\n" for line in reports_entries)).strip()
    root = [line for line in git(repo, "ls-tree", "HEAD").splitlines() if not line.endswith("\treports")]
    tree = git(repo, "mktree", input_text="".join(line + "\n" for line in [*root, f"040000 tree {reports}\treports"])).strip()
    return git(repo, "commit-tree", tree, "-p", "HEAD", "-m", "crafted").strip()


def test_a_base_commit_listing_a_file_twice_or_a_file_and_a_folder_of_one_name_is_compared_without_raising(repo):
    alpha = git(repo, "rev-parse", "HEAD:reports/alpha/memory.yaml").strip()
    gamma = git(repo, "rev-parse", "HEAD:reports/gamma/memory.yaml").strip()
    twice = git(repo, "mktree", input_text=f"100644 blob {alpha}\tmemory.yaml\n100644 blob {gamma}\tmemory.yaml\n").strip()
    folder = git(repo, "mktree", input_text=f"100644 blob {gamma}\tmemory.yaml\n").strip()
    long_name = "x" * 300 + ".yaml"
    commit = _crafted_commit(repo, [
        f"040000 tree {twice}\talpha",
        f"100644 blob {alpha}\tgamma",
        f"040000 tree {folder}\tgamma",
        f"100644 blob {alpha}\t{long_name}",
    ])
    base = snapshot_from_git(commit, repo / "reports")
    assert {r["id"] for r in base.export["records"]} >= {"MEM-OBJ-notes"}  # alpha's first memory.yaml is read
    problems = [error for error in base.errors if "cannot be written" in error]
    assert len(problems) == 3, base.errors
    assert any(p.startswith("reports/alpha/memory.yaml:1:1: error: ") and "listed twice" in p for p in problems), problems
    assert any(p.startswith("reports/gamma/memory.yaml:1:1: error: ") and "a file of that name" in p for p in problems), problems
    assert any(p.startswith(f"reports/{long_name}:1:1: error: ") and "too long" in p for p in problems), problems
    assert all(" — " in p for p in problems)
