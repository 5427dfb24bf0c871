"""``mkdocs-reports quotes``: every quote checked against a real git repository made in the
test, at the reviewed revision, and the quote lock it writes."""

from __future__ import annotations

import json
import re
import textwrap

import pytest

from conftest import run_cli
from mkdocs_reports.cli import main
from mkdocs_reports.core.grounding.lock import LOCK_FILE, load_lock_file
from mkdocs_reports.core.grounding.source_tree import FolderTree, GitTree, SourceError
from quotes_helpers import git, quote_block, record_with_quotes, source_repository, tree_digest, write_system

AGENT = """\
    import json


    def load(path):
        with open(path) as handle:
            notebook = json.load(handle)
        return notebook


    def save(path, notebook):
        with open(path, "w") as handle:
            json.dump(notebook, handle)
"""


@pytest.fixture
def source(tmp_path):
    """A source repository with one reviewed commit; (path, commit)."""
    path = tmp_path / "tallybook-src"
    commit = source_repository(path, {"tallybook/agent.py": AGENT, "README.md": "# Tallybook\n\nLessons live in a notebook.\n"})
    return path, commit


def quotes(tmp_path, monkeypatch, capsys, *args: str) -> tuple[int, list[str]]:
    """Run the command in the test's folder; its exit code and output lines."""
    monkeypatch.chdir(tmp_path)
    code = main(["quotes", *args])
    out = capsys.readouterr()
    return code, out.out.splitlines() + out.err.splitlines()


def line_of(path, needle: str, occurrence: int = 1) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [number for number, line in enumerate(lines, start=1) if needle in line]
    return found[occurrence - 1]


def test_an_exact_quote_is_found_at_its_lines_and_locked(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block('with open(path) as handle:\n        notebook = json.load(handle)', "tallybook/agent.py"),
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports/tallybook")
    line = line_of(report, "passage:")
    assert f"reports/tallybook/memory.yaml:{line}:11: verified: found at lines 5–6 of tallybook/agent.py at {commit[:7]}" in out
    assert code == 0
    lock_path = reports.root / "tallybook" / LOCK_FILE
    lock, problems = load_lock_file(str(lock_path), lock_path.read_bytes())
    assert not problems
    (entry,) = lock.quotes
    assert (entry.at, entry.path, entry.lines, entry.match) == ("memory#mem-obj-notebook--quote-1", "tallybook/agent.py", "5-6", "exact")
    assert entry.blob == git(repo, "rev-parse", f"{commit}:tallybook/agent.py")
    assert lock.sources["SRC-1"].revision == commit
    # the check now vouches for it, with no source at hand
    assert [d for d in reports.check().diagnostics if d.severity != "error"] == []


def test_whitespace_differences_are_found_and_named(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("with open(path) as handle: notebook = json.load(handle)", "tallybook/agent.py"),  # the method's flattened form
        quote_block('with open(path, "w") as handle:\n  json.dump(notebook, handle)', "tallybook/agent.py"),  # indented by two
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    first, second = line_of(report, "passage:", 1), line_of(report, "passage:", 2)
    assert (f"reports/tallybook/memory.yaml:{first}:11: verified: found at lines 5–6 of tallybook/agent.py at {commit[:7]} after "
            "whitespace normalisation: line breaks (the source has 2 lines, the passage one line)") in out
    assert (f"reports/tallybook/memory.yaml:{second}:11: verified: found at lines 11–12 of tallybook/agent.py at {commit[:7]} after "
            "whitespace normalisation: indentation") in out
    assert code == 0
    lock = (reports.root / "tallybook" / LOCK_FILE).read_text()
    assert "match: 'whitespace: line breaks'" in lock or 'match: "whitespace: line breaks"' in lock


def test_stated_lines_that_are_elsewhere_and_a_moved_file_are_reported_with_the_fix(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("return notebook", "tallybook/agent.py", lines="2-3"),
        quote_block("json.dump(notebook, handle)", "agent.py"),  # the file is tallybook/agent.py
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    first, second = line_of(report, "passage:", 1), line_of(report, "passage:", 2)
    assert (f"reports/tallybook/memory.yaml:{first}:11: error: the passage is at line 7 of tallybook/agent.py at {commit[:7]}, "
            "not at the stated lines 2–3 — write lines: 7 (or leave lines out)") in out
    assert (f"reports/tallybook/memory.yaml:{second}:11: error: agent.py is not in SRC-1 at {commit[:7]} — the passage is in "
            "tallybook/agent.py at line 12: write path: tallybook/agent.py") in out
    assert code == 1
    assert "quotes: []" in (reports.root / "tallybook" / LOCK_FILE).read_text()  # nothing verified, nothing locked


def test_an_ambiguous_passage_lists_its_places_and_stated_lines_settle_it(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("as handle:", "tallybook/agent.py"),
        quote_block("as handle:", "tallybook/agent.py", lines="11"),
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    first, second = line_of(report, "passage:", 1), line_of(report, "passage:", 2)
    assert (f"reports/tallybook/memory.yaml:{first}:11: error: the passage occurs 2 times in tallybook/agent.py at {commit[:7]}: "
            "at lines 5, 11 — lengthen the passage until it occurs once, or give lines: <range> of the place you mean") in out
    assert f"reports/tallybook/memory.yaml:{second}:11: verified: found at line 11 of tallybook/agent.py at {commit[:7]}" in out
    assert code == 1


def test_a_missing_file_a_binary_file_and_a_passage_not_found(tmp_path, monkeypatch, capsys, reports):
    repo = tmp_path / "src"
    commit = source_repository(repo, {
        "app/main.py": "def handle(request):\n    return respond(request.body, status=200)\n",
        "logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    })
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block("anything", "app/gone.py"),
        quote_block("PNG", "logo.png"),
        quote_block("return respond(request.body, status=201)", "app/main.py"),
        quote_block("def handle(request): … status=200)", "app/main.py"),
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    lines = [line_of(report, "passage:", n) for n in (1, 2, 3, 4)]
    where = "reports/tallybook/memory.yaml"
    assert f"{where}:{lines[0]}:11: error: app/gone.py is not in SRC-1 at {commit[:7]} — correct the path (as the repository names it at the reviewed revision)" in out
    assert f"{where}:{lines[1]}:11: error: logo.png at {commit[:7]} is a binary file: a passage of it cannot be checked — quote a text file; cite a binary file in an evidence anchor ([SRC-1: `path`]) instead" in out
    not_found = next(line for line in out if line.startswith(f"{where}:{lines[2]}:11:"))
    assert not_found.startswith(f"{where}:{lines[2]}:11: error: the passage is not in app/main.py at {commit[:7]}; the nearest is line 2 (9")
    assert "similar): return respond(request.body, status=200) — copy the passage again" in not_found
    assert f"{where}:{lines[3]}:11: error: the passage is not in app/main.py" in next(line for line in out if f":{lines[3]}:11:" in line)
    assert "an ellipsis is not in the source" in next(line for line in out if f":{lines[3]}:11:" in line)
    assert "4 quotes checked: 0 verified (0 exactly, 0 after whitespace normalisation), 4 not; 0 anchor paths missing" in out
    assert code == 1


def test_a_file_that_is_not_utf8_is_read_as_latin1_and_said_so(tmp_path, monkeypatch, capsys, reports):
    repo = tmp_path / "src"
    commit = source_repository(repo, {"legacy/notes.txt": "Caf\xe9 notes\nthe r\xe9sum\xe9 is kept\n".encode("latin-1")})
    report = write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block("the résumé is kept", "legacy/notes.txt"),
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert (f"reports/tallybook/memory.yaml:{line_of(report, 'passage:')}:11: verified: found at line 2 of legacy/notes.txt at "
            f"{commit[:7]} (the file is not UTF-8; read as Latin-1)") in out
    assert code == 0


def test_evidence_anchor_paths_absent_at_the_revision_are_reported(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    report = write_system(
        reports, commit, record_with_quotes("MEM-OBJ-notebook", text="Loaded whole [SRC-1: `tallybook/agent.py`; `tallybook/notebook.py`]."),
    )
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    line = line_of(report, "Loaded whole")
    column = report.read_text().splitlines()[line - 1].index("SRC-1") + 1
    assert out[0] == (f"reports/tallybook/memory.yaml:{line}:{column}: error: SRC-1 `tallybook/notebook.py` is not in the source at "
                      f"{commit[:7]} — correct the path (as the repository names it at the reviewed revision)")
    assert code == 1


def test_the_repository_is_only_read(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    source_repository(repo, {"tallybook/agent.py": "# rewritten after the review\n"}, "a later commit")
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block("notebook = json.load(handle)", "tallybook/agent.py"),
    ))
    before = tree_digest(repo)
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert code == 0, out  # read at the reviewed commit, not at HEAD
    assert tree_digest(repo) == before


def test_a_revision_that_is_not_there_and_a_plain_folder_without_the_flag(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    write_system(reports, "f" * 40, record_with_quotes("MEM-OBJ-notebook", quote_block("x", "a.py")))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert code == 2
    assert out == [f"mkdocs-reports quotes: error: the commit {'f' * 40} is not in {repo}: fetch it there first "
                   f"(git -C {repo} fetch --depth 1 origin {'f' * 40})"]
    plain = tmp_path / "export"
    (plain / "tallybook").mkdir(parents=True)
    (plain / "tallybook" / "agent.py").write_text(AGENT)
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={plain}", "reports")
    assert code == 2 and "is not a git repository: clone the source there, or pass --plain-folder" in out[0]


def test_a_plain_folder_is_read_as_the_revision_when_asked(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    plain = tmp_path / "export"
    (plain / "tallybook").mkdir(parents=True)
    (plain / "tallybook" / "agent.py").write_text(textwrap.dedent(AGENT))
    (plain / "link.py").symlink_to("/etc/passwd")
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block("notebook = json.load(handle)", "tallybook/agent.py"), quote_block("root", "link.py"),
    ))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--plain-folder", "--source", f"SRC-1={plain}", "reports")
    assert any("verified: found at line 6 of tallybook/agent.py" in line for line in out)
    assert any("link.py is a symbolic link" in line for line in out)  # never followed out of the folder
    lock = (reports.root / "tallybook" / LOCK_FILE).read_text()
    # the blob id is git's, so the lock is the one a git checkout of the same files gives
    assert f"blob: {git(repo, 'rev-parse', f'{commit}:tallybook/agent.py')}" in lock
    assert code == 1


def test_each_blob_is_read_once(tmp_path, source):
    repo, commit = source
    tree = GitTree(repo, commit)
    entries = tree.entries()
    read = list(tree.read([entries["tallybook/agent.py"], entries["tallybook/agent.py"], entries["README.md"]]))
    assert [blob.entry.path for blob in read] == ["tallybook/agent.py", "README.md"]
    with pytest.raises(SourceError, match="not a folder"):
        FolderTree(tmp_path / "nowhere")


def test_check_mode_writes_nothing_and_fails_on_a_lock_that_is_not_current(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block("notebook = json.load(handle)", "tallybook/agent.py"),
    ))
    assert quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")[0] == 0
    lock_path = reports.root / "tallybook" / LOCK_FILE
    written = lock_path.read_text()
    assert quotes(tmp_path, monkeypatch, capsys, "--check", "--source", f"tallybook:SRC-1={repo}", "reports")[0] == 0
    lock_path.write_text(written.replace("lines: '6'", "lines: '7'").replace("lines: 6", "lines: 7"))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--check", "--source", f"SRC-1={repo}", "reports")
    assert code == 1 and f"{lock_path.relative_to(tmp_path)} is not what the sources verify" in out[-2]
    assert "lines: 7" in lock_path.read_text() or "lines: '7'" in lock_path.read_text()


def test_json_output_and_the_list_of_sources_for_ci(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    write_system(reports, commit, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    code, out = quotes(tmp_path, monkeypatch, capsys, "--format", "json", "--source", f"SRC-1={repo}", "reports")
    data = json.loads("\n".join(line for line in out if not line.startswith("wrote ")))
    assert code == 0 and data["ok"] is True
    assert data["outcomes"][0] | {"message": None} == {
        "file": "reports/tallybook/memory.yaml", "line": data["outcomes"][0]["line"], "column": 11, "system": "tallybook",
        "source": "SRC-1", "state": "exact", "verified": True, "path": "tallybook/agent.py", "lines": "7", "match": "exact",
        "message": None, "fix": None,
    }
    code, out = quotes(tmp_path, monkeypatch, capsys, "--list-sources", "reports")
    assert (code, out) == (0, [f"tallybook\tSRC-1\thttps://github.com/example/tallybook\t{commit}"])


def test_usage_errors_are_clear(tmp_path, monkeypatch, capsys, reports, source):
    repo, commit = source
    write_system(reports, commit, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    assert quotes(tmp_path, monkeypatch, capsys, "--source", "SRC-1", "reports") == (
        2, ["mkdocs-reports quotes: error: --source 'SRC-1': write [SYSTEM:]SRC-n=PATH, e.g. cludebot:SRC-1=../clude"])
    assert quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-7={repo}", "reports") == (
        2, [f"mkdocs-reports quotes: error: --source 'SRC-7={repo}': SRC-7 is not in the source register of tallybook"])
    code, out = quotes(tmp_path, monkeypatch, capsys, "reports")
    assert code == 2 and out[-1].startswith("mkdocs-reports quotes: nothing was checked")
    assert "tallybook SRC-1: 1 quote not checked (give --source tallybook:SRC-1=PATH)" in out


def test_the_command_runs_as_its_own_process(tmp_path, reports, source):
    repo, commit = source
    write_system(reports, commit, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    result = run_cli("quotes", "--source", f"SRC-1={repo}", "reports", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "1 quotes checked: 1 verified" in result.stdout


def test_a_passage_of_common_words_against_a_large_file_costs_linear_time(tmp_path, monkeypatch, capsys, reports):
    """Hostile input: a 200,000-line file of the same words and a long passage of them that
    is not there (the nearest-line search must not walk every line for every word)."""
    import time

    repo = tmp_path / "src"
    commit = source_repository(repo, {"big.txt": "const value = load(value) + value;\n" * 200_000 + "the end\n"})
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block(" ".join(["const value = load(value) + value;"] * 300) + " missing", "big.txt"),
    ))
    began = time.monotonic()
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert time.monotonic() - began < 20
    assert code == 1 and "error: the passage is not in big.txt" in out[0] and "the nearest is line 1 (" in out[0]


def test_a_passage_that_overlaps_itself_everywhere_in_a_large_file_costs_linear_time(tmp_path, monkeypatch, capsys, reports):
    """Hostile input: a file of one word repeated and a long passage of it: it occurs at
    every word, each occurrence overlapping the last (counting them all would re-read the
    passage at each of them: the file's size times the passage's)."""
    import time

    repo = tmp_path / "src"
    commit = source_repository(repo, {"big.txt": "x y\n" * 400_000, "small.txt": "x y\n" * 3})
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block(" ".join(["x y"] * 4_000), "big.txt"), quote_block("x y x y", "small.txt"),
    ))
    began = time.monotonic()
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert time.monotonic() - began < 20
    assert code == 1 and re.search(r"error: the passage occurs at least [0-9]{3,} times in big\.txt", out[0]), out
    assert "at lines 1–4000, 2–4001, " in out[0]
    assert "error: the passage occurs 2 times in small.txt" in out[1] and "at lines 1–2, 2–3 —" in out[1]


def test_stated_lines_find_a_passage_that_repeats_past_the_count(tmp_path, monkeypatch, capsys, reports):
    """A passage that overlaps itself at every word stops being counted ("at least N
    times"); with ``lines:`` it is still found at those lines, however often it stands
    elsewhere, and in linear time; a range that holds it twice is ambiguous within it."""
    import time

    repo = tmp_path / "src"
    commit = source_repository(repo, {"big.txt": "x y\n" * 200_000})
    passage = "\n".join(["x y"] * 2_000)
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook",
        quote_block(passage, "big.txt", lines="150001-152000"),
        quote_block(passage, "big.txt", lines="150001-152001"),
        quote_block(passage, "big.txt", lines="1-200000"),
    ))
    began = time.monotonic()
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert time.monotonic() - began < 20
    assert "verified: found at lines 150001–152000 of big.txt" in out[0], out[0]
    assert ("error: the passage occurs 2 times within the stated lines 150001–152001 of big.txt at "
            f"{commit[:7]}: at lines 150001–152000, 150002–152001 —") in out[1], out[1]
    assert re.search(r"error: the passage occurs at least [0-9]{3,} times within the stated lines 1–200000 of big\.txt", out[2]), out[2]
    assert code == 1


def test_many_quotes_of_one_large_file_read_it_once(tmp_path, monkeypatch, capsys, reports):
    """Hostile input: hundreds of quotes of a large file, none of them there (each would
    otherwise read, normalise and index the whole file again)."""
    import time

    repo = tmp_path / "src"
    commit = source_repository(repo, {"big.txt": "".join(f"line {n} of the big file\n" for n in range(60_000))})
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", *(quote_block(f"absent{n} passage", "big.txt") for n in range(200)),
        quote_block("line 17 of the small file", "big.txt"),
    ))
    began = time.monotonic()
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert time.monotonic() - began < 20
    assert code == 1 and sum("error: the passage is not in big.txt" in line for line in out) == 201
    assert sum("the nearest is line 18 (" in line for line in out) == 1  # "line 17 of the big file"


def test_many_quotes_of_a_missing_path_read_the_files_of_its_name_once(tmp_path, monkeypatch, capsys, reports):
    """Hostile input: hundreds of quotes whose path is not there, each naming a large file's
    name (each would otherwise read the files of that name again to find its passage)."""
    import time

    repo = tmp_path / "src"
    big = "".join(f"line {n} of the big file\n" for n in range(60_000))
    commit = source_repository(repo, {"a/big.txt": big, "b/big.txt": big + "the end\n"})
    write_system(reports, commit, record_with_quotes(
        "MEM-OBJ-notebook", *(quote_block(f"line {n} of the big file", f"c{n}/big.txt") for n in range(200)),
        quote_block("the end", "big.txt"),
    ))
    began = time.monotonic()
    code, out = quotes(tmp_path, monkeypatch, capsys, "--source", f"SRC-1={repo}", "reports")
    assert time.monotonic() - began < 20
    assert code == 1 and sum(": error: c" in line and "/big.txt is not in SRC-1" in line and
                              "correct the path; a file of that name is at a/big.txt, b/big.txt" in line for line in out) == 200
    assert sum("the passage is in b/big.txt at line 60001: write path: b/big.txt" in line for line in out) == 1
