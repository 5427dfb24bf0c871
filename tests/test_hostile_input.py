"""The reproducers of a hostile contributor and a fuzzer, each a named regression test.

Every one must end in ``file:line:col: error: … — fix`` messages (or the same one-line form
for a setting) and exit code 1, never a traceback, a hang or a silently shortened text.
Commands run through ``run_cli``: a crash is a traceback on standard error, a hang fails
the test, as in a process of their own.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import minimal_report, only, run_cli
from mkdocs_reports.core.diagnostics import PRINT_LIMIT
from mkdocs_reports.core.schemas.language import LINE_LIMIT, TEXT_LIMIT


def valid(body: str = "", name: str = "Alpha") -> str:
    """A valid memory report of ``name`` with ``body`` from line 6 on (``minimal_report``)."""
    return minimal_report(name, body)

LOCATION = re.compile(r"^\S+:\d+:\d+: error: .+ — .+$")


def check(path, *args: str) -> subprocess.CompletedProcess:
    result = run_cli("check", *args, str(path), cwd=path.parent, timeout=60)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def errors(result: subprocess.CompletedProcess) -> list[str]:
    """The error lines of a check; each must name a place and a fix."""
    lines = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert all(LOCATION.match(line) for line in lines), lines
    return lines


# --- no traceback ------------------------------------------------------------------------


def test_a_tag_on_the_whole_report(reports):
    reports.write("alpha/memory.yaml", "--- !foo\n" + valid())
    result = check(reports.root)
    assert result.returncode == 1
    assert errors(result) == [
        "reports/alpha/memory.yaml:1:5: error: the report carries the YAML tag '!foo' — remove the tag (the '!…' before the value)"
    ]


def test_a_report_that_is_a_fifo_does_not_hang(reports):
    path = reports.root / "alpha" / "memory.yaml"
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    result = check(reports.root)
    assert result.returncode == 1
    assert errors(result) == [
        "reports/alpha/memory.yaml:1:1: error: this is not a regular file but a named pipe (FIFO) — "
        "a report is a plain .yaml file: replace it with one"
    ]


def test_a_report_linked_to_dev_zero_is_not_read(reports):
    path = reports.root / "alpha" / "memory.yaml"
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    result = check(reports.root)
    assert result.returncode == 1
    assert "symbolic link to a file outside the reports folder" in only(errors(result))


def test_a_device_checked_as_one_file_is_not_read(reports, tmp_path):
    path = reports.root / "alpha" / "memory.yaml"
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    (reports.root / "alpha" / "inside.yaml").symlink_to(path)  # a link to a link out
    result = check(path)
    assert result.returncode == 1 and "outside the reports folder" in only(errors(result))


@pytest.mark.parametrize(
    ("export", "message"),
    [
        ('{"format": "mkdocs-reports/collection", "version": 2, "systems": ' + "[" * 200_000 + "]" * 200_000 + "}",
         "its JSON nests too deep to be a collection export"),
        ('{"format": "mkdocs-reports/collection", "version": ' + "9" * 5000 + "}", "not a usable JSON value"),
        (json.dumps({"format": "mkdocs-reports/collection", "version": 2, "systems": [], "annotations": [], "citations": [],
                     "records": [{"system": "a", "member": "memory", "id": "MEM-OBJ-x", "label": "X", "fields": [1, 2]}]}),
         "records[0].fields[0] is 1, not an object"),
        (json.dumps({"format": "mkdocs-reports/collection", "version": 2, "systems": [], "annotations": [], "records": [],
                     "citations": [{"system": "a", "member": "memory", "target": "MEM-OBJ-x", "resolution": "declared",
                                    "place": {"label": "x", "anchor": "x) [y](javascript:z"}, "file": "f", "line": 1,
                                    "column": 1}]}),
         "citations[0].place.anchor is 'x) [y](javascript:z', not a name of lowercase letters"),
    ],
    ids=["nested-200000-deep", "5000-digit-integer", "fields-of-numbers", "anchor-is-markdown"],
)
def test_hostile_base_exports(reports, tmp_path, export, message):
    reports.write("alpha/memory.yaml", valid())
    (tmp_path / "base.json").write_text(export, encoding="utf-8")
    result = run_cli("changes", "--base-export", str(tmp_path / "base.json"), "reports", cwd=reports.root.parent)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-2000:]
    (line,) = result.stderr.splitlines()
    assert line.startswith("mkdocs-reports changes: error: ") and message in line


def _git(repo, *args):
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    config = ["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", *config, *args], cwd=repo, env=env, check=True, capture_output=True)


def test_a_base_commit_with_a_link_out_of_the_tree(tmp_path):
    repo = tmp_path / "repo"
    (repo / "reports" / "alpha").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("type: agentic-system-memory-report\nsystem: S\ntitle: The secret\n")
    (repo / "reports" / "alpha" / "memory.yaml").symlink_to(tmp_path / "secret.txt")
    (repo / "reports" / "beta").symlink_to("/etc")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "reports")
    _git(repo, "commit", "-q", "-m", "base with links")
    (repo / "reports" / "alpha" / "memory.yaml").unlink()
    (repo / "reports" / "alpha" / "memory.yaml").write_text(valid())
    result = run_cli("changes", "--base-ref", "HEAD", "reports", cwd=repo)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "The secret" not in result.stdout
    assert "The base has 2 check errors" in result.stdout and "report added" in result.stdout
    as_json = run_cli("changes", "--base-ref", "HEAD", "--format", "json", "reports", cwd=repo)
    assert json.loads(as_json.stdout)["base_errors"] == [
        "reports/alpha/memory.yaml:1:1: error: in HEAD at " + as_json.stdout.split("HEAD at ")[1][:7]
        + " this is a symbolic link, which is not followed: a link could read files outside the reports folder"
        " — commit the file itself in place of the link",
        "reports/beta:1:1: error: in HEAD at " + as_json.stdout.split("HEAD at ")[1][:7]
        + " this is a symbolic link where a system's folder goes, which is not followed: a link could read files"
        " outside the reports folder — commit the folder itself in place of the link",
    ]


def test_a_preview_number_of_5000_digits(tmp_path):
    from sitehtml import make_project

    project = make_project(tmp_path / "site")
    env = {**os.environ, "REPORTS_PREVIEW_PR": "9" * 5000, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "REPORTS_PREVIEW_PR) is '99999999999999999999'… (5000 characters), not a pull-request number" in result.stderr


# --- nothing from outside reports/ ------------------------------------------------------


def test_a_report_linked_to_a_file_outside_is_refused(reports, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text(valid().replace("The boundary.", "The secret token."))
    reports.write("alpha/memory.yaml", valid())
    (reports.root / "beta").mkdir()
    (reports.root / "beta" / "memory.yaml").symlink_to(secret)
    assert only(reports.messages()) == (
        "reports/beta/memory.yaml:1:1: error: this file is a symbolic link to a file outside the reports folder — "
        "copy the file into the reports folder; links out of it are not read, so that no other file can be published"
    )
    assert [s for s in reports.check().collection.systems] == ["alpha"]


def test_a_link_inside_the_reports_folder_is_read(reports):
    reports.write("alpha/memory.yaml", valid())
    (reports.root / "beta").mkdir()
    reports.write("shared/memory.yaml", valid(name="Shared"))
    (reports.root / "beta" / "memory.yaml").symlink_to(reports.root / "shared" / "memory.yaml")
    result = reports.check()
    assert result.ok, result.diagnostics
    assert sorted(result.collection.systems) == ["alpha", "beta", "shared"]


def test_a_linked_system_folder_is_named_not_skipped(reports, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (elsewhere).mkdir()
    (elsewhere / "memory.yaml").write_text(valid())
    reports.root.mkdir()
    (reports.root / "alpha").symlink_to(elsewhere, target_is_directory=True)
    assert only(reports.messages()).startswith(
        "reports/alpha:1:1: error: this folder is a symbolic link; its files are not read — move the folder itself here"
    )


def test_checking_one_file_does_not_read_its_sets_files_through_a_link_out(reports, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("system: The secret token\n")
    reports.write("alpha/memory.yaml", valid())
    (reports.root / "alpha" / "_set.yaml").symlink_to(secret)
    result = run_cli("check", "reports/alpha/memory.yaml", cwd=reports.root.parent, timeout=60)
    assert result.returncode == 1 and "secret" not in result.stdout, result.stdout
    assert errors(result) == [
        "reports/alpha/_set.yaml:1:1: error: this file is a symbolic link to a file outside the reports folder — "
        "copy the file into the reports folder; links out of it are not read, so that no other file can be published"
    ]


@pytest.mark.parametrize("name", ["memory.YAML", "memory.Yaml", "memory.YML"])
def test_an_upper_case_extension_is_named_not_ignored(reports, name):
    reports.write(f"alpha/{name}", valid())
    assert only(reports.messages()) == (
        f"reports/alpha/{name}:1:1: error: report files end in .yaml (in lower case) — rename it to memory.yaml"
    )


# --- nothing silently lost --------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "where", "value", "dropped"),
    [
        ("records:\n  - id: MEM-OBJ-cache\n    label: Cache #1 of 2\n", "8:18", "'Cache'", "'#1 of 2'"),
        ("write_side: See upstream issue #42 for the fix.\n", "6:32", "'See upstream issue'", "'#42 for the fix.'"),
        ("write_side: See upstream\n  issue\n  #42 for the fix.\n", "8:3", "'See upstream issue'", "'#42 for the fix.'"),
        ("core_ideas:\n  - bulleted:\n      - One idea\t# and its second half\n", "8:18", "'One idea'", "'# and its second half'"),
    ],
    ids=["label", "text", "continuation-line", "list-item"],
)
def test_a_comment_that_cuts_a_value_short_is_an_error(reports, body, where, value, dropped):
    reports.write("alpha/memory.yaml", valid(body))
    message = only(reports.messages())
    assert message.startswith(f"reports/alpha/memory.yaml:{where}: error: a YAML comment cuts")
    assert f"the value is {value}, and {dropped} is dropped — quote the whole value" in message


def test_comments_of_their_own_are_fine(reports):
    reports.write(
        "alpha/memory.yaml",
        "# a report\n" + valid("records:\n  # restored: from the seed\n  - id: MEM-OBJ-cache  \n"
                               "    # the label:\n    label: 'Cache #1 of 2'\n    body: |\n      Issue #42 # stays.\n"),
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    (record,) = result.collection.reports()[0].records
    assert (record.label, record.body[0].text) == ("Cache #1 of 2", "Issue #42 # stays.\n")


@pytest.mark.parametrize(
    ("raw", "where", "name"),
    [
        (b"title: T\x00x\n", "3:9", "U+0000 (NUL)"),
        (b"title: T\n  \x1b[31mred\n", "4:3", "U+001B (ESC)"),
        (b"title: bell\x07\n", "3:12", "U+0007 (BEL)"),
        (b"title: T\xc2\x85x\n", "3:9", "U+0085"),
        # the characters of a page's inline HTML tokens (site.INLINE): author text cannot forge one
        (b"title: T\x140\n", "3:9", "U+0014"),
        (b"title: T 0\x15\n", "3:11", "U+0015"),
    ],
    ids=["nul", "esc", "bel", "nel", "part-token-start", "part-token-end"],
)
def test_a_control_character_in_the_file_is_refused_where_it_stands(reports, raw, where, name):
    reports.write_bytes("alpha/memory.yaml", b"type: agentic-system-memory-report\nsystem: A\n" + raw)
    assert only(reports.messages()) == (
        f"reports/alpha/memory.yaml:{where}: error: the control character {name} is not allowed in a report — "
        "delete it (most editors do not show it; it often comes from copying out of a terminal)"
    )


@pytest.mark.parametrize(
    ("raw", "where", "name"),
    [(b"title: T\rsystem: X\n", "3:9", "U+000D (CR)"), ("title: T\u2028more\n".encode(), "3:9", "U+2028 (LINE SEPARATOR)")],
    ids=["lone-cr", "line-separator"],
)
def test_line_breaks_other_than_lf_and_crlf_are_refused(reports, raw, where, name):
    """libyaml counts them as line breaks and editors may not: every line number would be off."""
    reports.write_bytes("alpha/memory.yaml", b"type: agentic-system-memory-report\nsystem: A\n" + raw)
    assert only(reports.messages()).startswith(f"reports/alpha/memory.yaml:{where}: error: the control character {name}")


def test_comments_and_a_stray_byte_order_mark_are_an_empty_file(reports):
    """Found by the fuzzer: a second byte order mark made the comment check miss, and the
    empty document that libyaml then returned raised AttributeError."""
    reports.write_bytes("alpha/memory.yaml", "\ufeff# a comment\n\ufeff# another\n".encode())
    assert only(reports.messages()).startswith("reports/alpha/memory.yaml:1:1: error: the file is empty")


@pytest.mark.parametrize(("escape", "column"), [("\\e", 18), ("\\x07", 18), ("\\u001b", 18), ("\\0", 18), ("\\x14", 18), ("\\u0015", 18)])
def test_a_control_character_written_as_an_escape_is_refused_at_the_escape(reports, escape, column):
    reports.write("alpha/memory.yaml", valid(f'write_side: "Red {escape}[31m text"\n'))
    message = only(reports.messages())
    assert message.startswith(f"reports/alpha/memory.yaml:6:{column}: error: 'write_side' holds the control character U+")
    assert "remove the escape sequence that writes it" in message and "indent" not in message


def test_control_characters_never_reach_the_export(reports):
    reports.write("alpha/memory.yaml", valid('write_side: "Red \\e[31m text"\n'))
    result = run_cli("export", "--format", "text", "reports", cwd=reports.root.parent)
    assert result.returncode == 1 and "\x1b" not in result.stdout + result.stderr
    assert "not exported" in result.stderr


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ('"src/a\\nb.ts"', "it holds a line break or a tab"),
        ('" ../x"', "it starts or ends with a space"),
        ("/etc/passwd", "it is absolute"),
        ("../outside.ts", "it steps out of (or around) the source root"),
        ("src/../../x", "it steps out of (or around) the source root"),
        ('"src\\\\a.ts"', "it separates folders with '\\'"),
    ],
)
def test_a_quote_path_must_stay_inside_the_source(reports, path, problem):
    reports.write(
        "alpha/memory.yaml",
        valid(f"records:\n  - id: MEM-OBJ-x\n    label: X\n    body:\n      - quote:\n          passage: x\n          path: {path}\n"),
    )
    message = only(reports.messages())
    assert "is not a source path: " + problem in message
    assert message.endswith("— write it as src/memory/store.ts (relative to the source root, with '/')")


# --- bounded time and memory ------------------------------------------------------------


def test_a_300_kb_title_is_refused_by_its_length(reports):
    reports.write("alpha/memory.yaml", valid().replace("title: Alpha memory report", "title: " + "T" * 300_000))
    assert only(reports.messages()) == (
        f"reports/alpha/memory.yaml:3:8: error: 'title' is 300,000 characters long; a title may be at most {LINE_LIMIT} "
        "— shorten it; longer prose belongs in a Markdown field such as text:"
    )


def test_a_long_text_field_is_refused_by_its_length(reports):
    reports.write("alpha/memory.yaml", valid("write_side: " + "word " * (TEXT_LIMIT // 4) + "\n"))
    assert f"Markdown text may be at most {TEXT_LIMIT:,} — shorten it, or split it" in only(reports.messages())


def test_a_record_id_of_a_megabyte_is_refused_briefly(reports):
    reports.write("alpha/memory.yaml", valid("records:\n  - id: MEM-OBJ-" + "a" * 1_000_000 + "\n    label: X\n"))
    message = only(reports.messages())
    assert "'id' is 1,000,008 characters long; a record ID may be at most 100" in message and len(message) < 300


def test_a_file_of_millions_of_lines_is_refused_by_their_number(reports):
    reports.write("alpha/memory.yaml", valid() + "k: x\n" * 1_000_000)
    assert only(reports.messages()) == (
        "reports/alpha/memory.yaml:1:1: error: the file has 1,000,014 lines; a report may have at most 200,000 — "
        "split the analysis into several members, or write long text as fewer, longer lines"
    )


def test_printed_errors_are_capped_with_a_count_of_the_rest(reports):
    reports.write("alpha/memory.yaml", valid("".join(f"unknown{n}: x\n" for n in range(5000))))
    result = check(reports.root)
    lines = result.stdout.splitlines()
    assert len(errors(result)) == PRINT_LIMIT
    assert lines[PRINT_LIMIT] == f"… and {5000 - PRINT_LIMIT} more errors not shown: fix the ones above first, or check one file at a time"
    assert lines[-1].endswith("; 5000 errors")


def test_the_json_format_counts_what_it_leaves_out(reports):
    reports.write("alpha/memory.yaml", valid("".join(f"unknown{n}: x\n" for n in range(1500))))
    payload = json.loads(check(reports.root, "--format", "json").stdout)
    assert (len(payload["diagnostics"]), payload["omitted"]) == (1000, 500)
    assert payload["summary"].endswith("1500 errors")


def test_near_misses_are_still_suggested(reports):
    reports.write(
        "alpha/memory.yaml",
        valid("records:\n  - id: MEM-OBJ-memory\n    label: A\n  - id: MEM-CMP-store\n    label: B\n"
              "write_side: MEM-OBJ-memories, MEM-OBJ-memroy, MEM-OBJ-store and MEM-OBJ-nothing-like-it.\n"),
    )
    fixes = [message.split(" — ")[1] for message in reports.messages()]
    assert fixes == [
        "declare it, or correct the ID",  # memories: three edits away
        "did you mean MEM-OBJ-memory?",
        "did you mean MEM-CMP-store?",  # the wrong kind
        "declare it, or correct the ID",
    ]
