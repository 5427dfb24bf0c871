"""The quote lock is untrusted input: it comes with a pull request like any report. Malformed
or hostile content gives clear file:line:col errors, never a traceback or a hang, and a
lock with errors vouches for nothing."""

from __future__ import annotations

import time

import pytest

from conftest import only, run_cli
from quotes_helpers import quote_block, record_with_quotes, write_system

REVISION = "0123456789abcdef0123456789abcdef01234567"
HASH = "sha256:" + "0" * 64
GOOD = f"""\
format: mkdocs-reports/quotes-lock
version: 1
sources:
  - id: SRC-1
    revision: {REVISION}
    paths:
      - tallybook/agent.py
quotes:
  - at: memory#mem-obj-notebook--quote-1
    source: SRC-1
    path: tallybook/agent.py
    blob: {"a" * 40}
    lines: 5-6
    passage: {HASH}
    match: exact
"""
FIX = "the lock is written by 'mkdocs-reports quotes': run it again rather than editing the file"


@pytest.fixture
def system(reports):
    write_system(reports, REVISION, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    return reports


def lock_messages(system, text: str | bytes) -> list[str]:
    if isinstance(text, bytes):
        system.write_bytes("tallybook/_quotes.lock.yaml", text)
    else:
        system.write("tallybook/_quotes.lock.yaml", text)
    collection = system.check()
    quote = collection.collection.systems["tallybook"].reports["memory"].quotes()[0]
    errors = [str(d) for d in collection.diagnostics if d.severity == "error"]
    if errors:
        assert collection.collection.systems["tallybook"].lock is None  # a lock with errors is not used
        assert quote.grounding.state == "unverified"
    return errors


def test_a_well_formed_lock_is_read(system):
    assert lock_messages(system, GOOD) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("lines: 5-6", "lines: 6-5"), "9:5: error: quote lock: the line range 6-5 ends before it starts — " + FIX),
        (("path: tallybook/agent.py", "path: ../../etc/passwd"), "11:11: error: quote lock: '../../etc/passwd' is not a path in the repository — " + FIX),
        (("path: tallybook/agent.py", "path: /etc/passwd"), "11:11: error: quote lock: '/etc/passwd' is not a path in the repository — " + FIX),
        (("version: 1", "version: 9"), "2:10: error: quote lock: '9' is not the lock's version — " + FIX),
        (("    match: exact", "    match: exact\n    matched: yes"), "16:5: error: quote lock: unknown key 'matched' in a locked quote — " + FIX),
        (("source: SRC-1\n    path", "source: SRC-2\n    path"), "9:5: error: quote lock: the quote at memory#mem-obj-notebook--quote-1 names SRC-2, which the lock's sources lack — " + FIX),
        ((f"blob: {'a' * 40}", "blob: <script>"), "12:11: error: quote lock: '<script>' is not a blob id — " + FIX),
    ],
)
def test_a_bad_value_is_an_error_at_its_place(system, change, message):
    old, new = change
    assert only(lock_messages(system, GOOD.replace(old, new, 1))) == f"reports/tallybook/_quotes.lock.yaml:{message}"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("format: [unclosed\n", "reports/tallybook/_quotes.lock.yaml:2:1: error: quote lock: YAML syntax"),
        ("- a list\n", "reports/tallybook/_quotes.lock.yaml:1:1: error: quote lock: a quote lock is a mapping"),
        (b"format: mkdocs-reports/quotes-lock\nversion: 1\nsources: \xff\n", "reports/tallybook/_quotes.lock.yaml:3:10: error: quote lock: byte 0xff is not UTF-8 text"),
        (GOOD.replace("quotes:\n", "quotes: &q\n").rstrip("\n").replace("match: exact", "match: exact\nsources: *q"), "reports/tallybook/_quotes.lock.yaml:"),
        ("format: mkdocs-reports/quotes-lock\nversion: 1\nquotes: " + "[" * 100_000 + "\n", "reports/tallybook/_quotes.lock.yaml:3:"),
        ("", "reports/tallybook/_quotes.lock.yaml:1:1: error: quote lock: the file is empty"),
        ("--- !tag\nformat: mkdocs-reports/quotes-lock\n", "reports/tallybook/_quotes.lock.yaml:1:5: error: quote lock: "),
    ],
)
def test_malformed_and_hostile_locks_are_clear_errors(system, text, start):
    began = time.monotonic()
    messages = lock_messages(system, text)
    assert messages and messages[0].startswith(start), messages
    assert all("mkdocs-reports quotes" in m for m in messages)
    assert time.monotonic() - began < 5


def test_a_huge_lock_is_refused_by_its_size(system):
    messages = lock_messages(system, b"# " + b"x" * (11 * 1024 * 1024))
    assert only(messages).startswith("reports/tallybook/_quotes.lock.yaml:1:1: error: quote lock: the file is 11.0 MiB; a quote lock may be at most 10 MiB — " + FIX)


def test_a_hostile_lock_never_makes_a_traceback_in_the_command(system, tmp_path):
    system.write("tallybook/_quotes.lock.yaml", "format: mkdocs-reports/quotes-lock\nversion: 1\nquotes:\n  - {at: 1, source: [x]}\n")
    result = run_cli("check", "reports", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
    assert "reports/tallybook/_quotes.lock.yaml:4:10: error: quote lock: '1' is not a quote's place" in result.stdout
    assert "reports/tallybook/memory.yaml:15:11: warning: 1 quote of tallybook is not verified against the source: " \
        "reports/tallybook/_quotes.lock.yaml has errors" in result.stdout
    assert "reports/tallybook/_quotes.lock.yaml:4:21: error: quote lock: 'source' must be a source ID, not a list" in result.stdout


def test_a_misnamed_lock_is_refused(system):
    system.write("tallybook/_quote.lock.yaml", GOOD)
    messages = [str(d) for d in system.check().diagnostics if d.severity == "error"]
    assert messages == [
        "reports/tallybook/_quote.lock.yaml:1:1: error: _quote.lock.yaml is not a file of a system folder — name the set's "
        "metadata _set.yaml; reports are named after their member (memory.yaml); the quote lock is _quotes.lock.yaml, "
        "written by mkdocs-reports quotes"
    ]
