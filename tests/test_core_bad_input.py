"""Hostile or broken files get one clear message each, never a traceback or a hang."""

from __future__ import annotations

import re

import pytest

from conftest import completed, only, run_cli


def complete(text: str) -> str:
    """A report file: ``text``, then what a valid memory report needs besides."""
    return completed(text, "A", "alpha")


def check_in_subprocess(path):
    return run_cli("check", str(path), cwd=path.parent, timeout=60)


def test_empty_file(reports):
    reports.write("alpha/memory.yaml", "# only a comment\n\n")
    assert only(reports.messages()).startswith("reports/alpha/memory.yaml:1:1: error: the file is empty")


def test_a_list_instead_of_a_mapping(reports):
    reports.write("alpha/memory.yaml", "- type: agentic-system-memory-report\n- system: Alpha\n")
    message = only(reports.messages())
    assert "a report must be a mapping of keys (type:, system:, title:, …), not a list" in message


def test_a_scalar_instead_of_a_mapping(reports):
    reports.write("alpha/memory.yaml", "just a sentence\n")
    assert "not a single value" in only(reports.messages())


def test_bytes_that_are_not_utf8(reports):
    reports.write_bytes("alpha/memory.yaml", b"type: agentic-system-memory-report\ntitle: caf\xe9\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:2:11: error: byte 0xe9 is not UTF-8 text")
    assert "save the file as UTF-8" in message


def test_a_byte_order_mark_is_accepted(reports):
    reports.write_bytes("alpha/memory.yaml", complete("\ufefftype: agentic-system-memory-report\nsystem: A\ntitle: T\n").encode())
    assert reports.messages() == []


def test_tabs_for_indentation(reports):
    reports.write("alpha/memory.yaml", "type: agentic-system-memory-report\nboundary:\n\ttext: x\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:3:1: error: YAML syntax:")
    assert "indent with spaces" in message


def test_a_syntax_error_names_line_and_column(reports):
    reports.write("alpha/memory.yaml", "type: agentic-system-memory-report\ntitle: a: b\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:2:9: error: YAML syntax: mapping values are not allowed")
    assert "must be quoted" in message


def test_duplicate_keys_in_a_mapping(reports):
    reports.write(
        "alpha/memory.yaml",
        complete("type: agentic-system-memory-report\nsystem: A\ntitle: T\ntitle: Again\n"),
    )
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:4:1: error: key 'title' appears twice in the report (first at line 3)")


def test_anchors_and_aliases_are_refused(reports):
    reports.write(
        "alpha/memory.yaml",
        complete("type: agentic-system-memory-report\nsystem: A\ntitle: &t T\ndescription: *t\n"),
    )
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:3:8: error: YAML anchor '&t': anchors and aliases are not allowed")
    assert message.endswith("— delete '&t' and write the value out wherever '*t' repeats it")


def test_a_billion_laughs_file_fails_fast(reports):
    lines = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        refs = ", ".join([f"*l{level - 1}"] * 9)
        lines.append(f"lol{level}: &l{level} [{refs}]")
    body = "\n".join(lines).replace("lol", "x")  # keys become unknown; values are used below
    text = (
        "type: agentic-system-memory-report\nsystem: A\ntitle: T\n"
        "core_ideas: &ideas\n"
        + "".join(f"  - {i}\n" for i in range(3))
        + "integration_issues: *l9\n".replace("*l9", "*ideas")
        + "\n".join(line.replace("x", "zz", 1) for line in body.split("\n")).replace("&l", "&x").replace("*l", "*x")
        + "\nlimitations: *x9\n"
    )
    path = reports.write("alpha/memory.yaml", text)
    result = check_in_subprocess(path.parent.parent)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "reports/alpha/memory.yaml:4:13: error: YAML anchor '&ideas': anchors and aliases are not allowed" in result.stdout


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("type: " + "[" * 100_000 + "]" * 100_000 + "\n", "1"),
        ("type: agentic-system-memory-report\ncore_ideas:\n  " + "- " * 50_000 + "x\n", "3"),
        # an apostrophe in prose must not hide the brackets after it
        ("type: agentic-system-memory-report\nwrite_side: it 'is\nx: " + "[" * 5_000 + "]" * 5_000 + "\n", "3"),
    ],
    ids=["brackets", "compact-sequences", "after-an-apostrophe"],
)
def test_deep_nesting_is_refused_without_crashing(reports, text, line):
    """The column depends on where libyaml stops reading (its own depth limit from 0.2.6)."""
    path = reports.write("alpha/memory.yaml", text)
    result = check_in_subprocess(path.parent.parent)
    assert result.returncode == 1, (result.returncode, result.stderr[-500:])
    assert re.search(rf"^reports/alpha/memory.yaml:{line}:\d+: error: the structure nests more than 64 levels deep", result.stdout, re.M)


def test_nesting_within_bounds_is_accepted(reports):
    reports.report("alpha", "write_side: '" + "[" * 70 + "]" * 70 + " in a quoted string are text'\n")
    assert reports.messages() == []


def test_deep_indentation_is_refused(reports):
    lines = "".join(" " * (2 * depth) + f"k{depth}:\n" for depth in range(200))
    reports.write("alpha/memory.yaml", lines)
    assert "the nesting is deeper than a report needs" in only(reports.messages())


def test_a_50_mb_file_is_refused_by_its_size(reports):
    path = reports.root / "alpha" / "memory.yaml"
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        handle.write(b"type: agentic-system-memory-report\nlimitations: |\n")
        handle.write((b"  " + b"x" * 1000 + b"\n") * 50_000)
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:1:1: error: the file is 47.8 MiB; a report may be at most 10 MiB")


@pytest.mark.parametrize("name", ["../escape", "..", "a/b", "..\\x"])
def test_a_system_name_that_is_a_path_is_refused(reports, name):
    reports.write("alpha/memory.yaml", complete(f"type: agentic-system-memory-report\nsystem: '{name}'\ntitle: T\n"))
    assert "contains a path" in only(reports.messages())


@pytest.mark.parametrize("relative", ["Alpha/memory.yaml", "alpha/Memory Report.yaml", "al pha/memory.yaml", ".hidden/memory.yaml"])
def test_file_and_folder_names_must_be_url_safe(reports, relative):
    reports.write(relative, complete("type: agentic-system-memory-report\nsystem: A\ntitle: T\n"))
    assert "is not a URL-safe name" in only(reports.messages())


def test_misplaced_and_misnamed_files(reports):
    reports.write("loose.yaml", "type: agentic-system-memory-report\n")
    reports.write("alpha/deep/memory.yaml", "type: agentic-system-memory-report\n")
    reports.write("alpha/memory.yml", "type: agentic-system-memory-report\n")
    messages = reports.messages()
    assert len(messages) == 3
    assert sum("belongs in <system>/<member>.yaml" in m for m in messages) == 2
    assert any("rename it to memory.yaml" in m for m in messages)


def test_an_unknown_yaml_tag_is_refused(reports):
    reports.write("alpha/memory.yaml", "type: agentic-system-memory-report\nsystem: A\ntitle: !!python/object T\n")
    assert "carries the YAML tag" in only(reports.messages())
